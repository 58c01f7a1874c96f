/// Lints session documents (`*.navd.json`): every screen of a stack, under every profile asked for.
public enum NavLint {}
