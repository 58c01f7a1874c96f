'use strict';
// A small stand-in for the `vscode` module: records what the extension shows, answers prompts from
// queues, holds text documents (open, change, save, close fire the workspace events) and
// diagnostic collections (what the Problems panel would list).
const { EventEmitter } = require('events');
const path = require('path');

class Position {
  constructor(line, character) { this.line = line; this.character = character; }
}

class Range {
  constructor(startLine, startCharacter, endLine, endCharacter) {
    this.start = new Position(startLine, startCharacter);
    this.end = new Position(endLine, endCharacter);
  }
}

const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };

class Diagnostic {
  constructor(range, message, severity = DiagnosticSeverity.Error) {
    this.range = range;
    this.message = message;
    this.severity = severity;
  }
}

class Uri {
  constructor(scheme, fsPath) { this.scheme = scheme; this.path = fsPath; this.fsPath = fsPath; }
  static file(fsPath) { return new Uri('file', path.resolve(fsPath)); }
  static parse(text) {
    const colon = text.indexOf(':');
    return new Uri(text.slice(0, colon), text.slice(colon + 1));
  }
  toString() { return `${this.scheme}://${this.path}`; }
}

/** A text document: `fileName`, `uri`, `version`, `getText()`, `lineAt(n).text`, `lineCount`. */
class TextDocument {
  constructor(fileName, text) {
    this.fileName = fileName;
    this.uri = Uri.file(fileName);
    this.version = 1;
    this.text = text;
    this.isClosed = false;
  }
  getText() { return this.text; }
  get lines() { return this.text.split(/\r?\n/); }
  get lineCount() { return this.lines.length; }
  lineAt(line) { return { lineNumber: line, text: this.lines[line] }; }
}

function createDiagnosticCollection(name) {
  const entries = new Map();
  return {
    name,
    entries,
    set(uri, diagnostics) { entries.set(uri.toString(), { uri, diagnostics: diagnostics || [] }); },
    delete(uri) { entries.delete(uri.toString()); },
    get(uri) { const e = entries.get(uri.toString()); return e ? e.diagnostics : undefined; },
    has(uri) { return entries.has(uri.toString()); },
    clear() { entries.clear(); },
    dispose() { entries.clear(); },
  };
}

function createFakeVscode() {
  const registered = new Map();
  const shown = { info: [], errors: [] };
  const answers = { inputBox: [], quickPick: [] };
  const settings = {};
  const statusItems = [];
  const panels = [];
  const channels = [];
  const collections = [];
  const documents = [];
  const events = new EventEmitter();
  const subscribe = (name) => (listener) => {
    events.on(name, listener);
    return { dispose: () => events.off(name, listener) };
  };

  const vscode = {
    Position,
    Range,
    Diagnostic,
    DiagnosticSeverity,
    Uri,
    languages: {
      createDiagnosticCollection(name) {
        const collection = createDiagnosticCollection(name);
        collections.push(collection);
        return collection;
      },
    },
    StatusBarAlignment: { Left: 1, Right: 2 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    commands: {
      registerCommand(name, handler) {
        registered.set(name, handler);
        return { dispose: () => registered.delete(name) };
      },
      executeCommand(name, ...args) {
        const handler = registered.get(name);
        if (!handler) return Promise.reject(new Error(`command ${name} not found`));
        return Promise.resolve(handler(...args));
      },
    },
    window: {
      activeTextEditor: undefined,
      createStatusBarItem(alignment, priority) {
        const item = { alignment, priority, text: '', tooltip: '', command: undefined, visible: false,
          show() { this.visible = true; }, hide() { this.visible = false; }, dispose() {} };
        statusItems.push(item);
        return item;
      },
      showInformationMessage(text) { shown.info.push(text); return Promise.resolve(undefined); },
      showErrorMessage(text) { shown.errors.push(text); return Promise.resolve(undefined); },
      showInputBox() { return Promise.resolve(answers.inputBox.shift()); },
      showQuickPick(items) {
        const want = answers.quickPick.shift();
        return Promise.resolve(items.find((i) => i.label === want));
      },
      createWebviewPanel(viewType, title) {
        const disposed = new EventEmitter();
        const panel = { viewType, title, webview: { html: '' }, revealed: 0,
          reveal() { this.revealed += 1; },
          onDidDispose(fn) { disposed.on('dispose', fn); return { dispose() {} }; },
          dispose() { disposed.emit('dispose'); } };
        panels.push(panel);
        return panel;
      },
      createOutputChannel(name) {
        const channel = { name, lines: [], appendLine(line) { this.lines.push(line); }, show() {}, dispose() {} };
        channels.push(channel);
        return channel;
      },
    },
    workspace: {
      getConfiguration(section) {
        return { get: (key) => settings[`${section}.${key}`] };
      },
      get textDocuments() { return documents.filter((d) => !d.isClosed); },
      onDidOpenTextDocument: subscribe('open'),
      onDidChangeTextDocument: subscribe('change'),
      onDidSaveTextDocument: subscribe('save'),
      onDidCloseTextDocument: subscribe('close'),
    },
  };

  /** What an editor does: open a document (it becomes the active editor's), edit, save, close. */
  const editor = {
    open(fileName, text) {
      const document = new TextDocument(fileName, text);
      documents.push(document);
      vscode.window.activeTextEditor = { document };
      events.emit('open', document);
      return document;
    },
    change(document, text) {
      document.text = text;
      document.version += 1;
      events.emit('change', { document, contentChanges: [{ text }] });
    },
    save(document) { events.emit('save', document); },
    close(document) {
      document.isClosed = true;
      events.emit('close', document);
    },
  };

  /** The diagnostics a collection named `name` holds for `uri`. */
  function problems(name, uri) {
    const collection = collections.find((c) => c.name === name);
    return collection ? collection.get(uri) : undefined;
  }

  return { vscode, registered, shown, answers, settings, statusItems, panels, channels, collections,
    documents, editor, problems, TextDocument };
}

module.exports = { createFakeVscode };
