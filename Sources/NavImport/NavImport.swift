/// Turns what an engineer prints in the debugger of a running app into a session document.
public enum NavImport {}
