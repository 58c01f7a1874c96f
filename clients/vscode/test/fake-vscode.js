'use strict';
// A small stand-in for the `vscode` module: records what the extension shows, answers prompts from
// queues, holds text documents (open, edit, save, close fire the workspace events, with the
// contentChanges VS Code sends), diagnostic collections (what the Problems panel would list), the
// hover, code lens and code action providers (asked as the editor would ask them) and file watchers.
const { EventEmitter } = require('events');
const path = require('path');

class Position {
  constructor(line, character) { this.line = line; this.character = character; }
}

class Range {
  /** new Range(startLine, startCharacter, endLine, endCharacter) or new Range(start, end). */
  constructor(a, b, c, d) {
    if (a instanceof Position) {
      this.start = a;
      this.end = b;
    } else {
      this.start = new Position(a, b);
      this.end = new Position(c, d);
    }
  }
  contains(p) {
    const after = (x, y) => x.line > y.line || (x.line === y.line && x.character >= y.character);
    return after(p, this.start) && after(this.end, p);
  }
}

const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };
const DiagnosticTag = { Unnecessary: 1, Deprecated: 2 };

class Location {
  constructor(uri, range) { this.uri = uri; this.range = range; }
}

class DiagnosticRelatedInformation {
  constructor(location, message) { this.location = location; this.message = message; }
}

class MarkdownString {
  constructor(value = '') { this.value = value; }
  appendText(text) { this.value += text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&'); return this; }
  appendMarkdown(text) { this.value += text; return this; }
  appendCodeblock(code, language = '') { this.value += `\n\`\`\`${language}\n${code}\n\`\`\`\n`; return this; }
}

class Hover {
  constructor(contents, range) { this.contents = Array.isArray(contents) ? contents : [contents]; this.range = range; }
}

class CodeLens {
  constructor(range, command) { this.range = range; this.command = command; }
  get isResolved() { return Boolean(this.command); }
}

class CodeActionKind {
  constructor(value) { this.value = value; }
  append(part) { return new CodeActionKind(this.value ? `${this.value}.${part}` : part); }
  contains(other) { return this.value === '' || other.value === this.value || other.value.startsWith(`${this.value}.`); }
}
CodeActionKind.Empty = new CodeActionKind('');
CodeActionKind.QuickFix = CodeActionKind.Empty.append('quickfix');

class CodeAction {
  constructor(title, kind) { this.title = title; this.kind = kind; }
}

/** VS Code's WorkspaceEdit, as far as the extension builds one: text replacements and file operations. */
class WorkspaceEdit {
  constructor() { this.operations = []; }
  replace(uri, range, newText) { this.operations.push({ kind: 'edit', uri, range, newText }); }
  insert(uri, position, newText) { this.replace(uri, new Range(position, position), newText); }
  delete(uri, range) { this.replace(uri, range, ''); }
  createFile(uri, options) { this.operations.push({ kind: 'create', uri, options }); }
  deleteFile(uri, options) { this.operations.push({ kind: 'delete', uri, options }); }
  renameFile(oldUri, newUri, options) { this.operations.push({ kind: 'rename', oldUri, newUri, options }); }
  get size() { return new Set(this.operations.map((o) => String(o.uri || o.oldUri))).size; }
  /** [[uri, [{range, newText}]]] for the text replacements, per document. */
  entries() {
    const byUri = new Map();
    for (const o of this.operations.filter((op) => op.kind === 'edit')) {
      const key = o.uri.toString();
      if (!byUri.has(key)) byUri.set(key, [o.uri, []]);
      byUri.get(key)[1].push({ range: o.range, newText: o.newText });
    }
    return [...byUri.values()];
  }
}

class RelativePattern {
  constructor(base, pattern) { this.baseUri = base; this.pattern = pattern; }
}

const ProgressLocation = { SourceControl: 1, Window: 10, Notification: 15 };

class Diagnostic {
  constructor(range, message, severity = DiagnosticSeverity.Error) {
    this.range = range;
    this.message = message;
    this.severity = severity;
  }
}

class Uri {
  constructor(scheme, uriPath) {
    this.scheme = scheme;
    this.path = uriPath;
    this.fsPath = scheme === 'file' ? decodeURIComponent(uriPath) : uriPath;
  }
  static file(fsPath) { return new Uri('file', path.resolve(fsPath)); }
  /** `scheme:path` or `scheme://authority/path` (only an empty authority is kept apart from the path). */
  static parse(text) {
    const colon = text.indexOf(':');
    let rest = text.slice(colon + 1);
    if (rest.startsWith('//')) rest = rest.slice(rest.indexOf('/', 2));
    return new Uri(text.slice(0, colon), rest);
  }
  toString() { return `${this.scheme}://${this.path}`; }
}

const LANGUAGES = { '.swift': 'swift', '.m': 'objective-c', '.mm': 'objective-cpp', '.h': 'cpp',
  '.storyboard': 'xml', '.xib': 'xml', '.xml': 'xml', '.json': 'json' };

/** A text document: `fileName`, `uri`, `languageId`, `version`, `getText()`, `lineAt(n).text`, `lineCount`. */
class TextDocument {
  constructor(fileName, text, languageId) {
    this.fileName = fileName;
    this.uri = Uri.file(fileName);
    this.languageId = languageId || LANGUAGES[path.extname(fileName)] || 'plaintext';
    this.version = 1;
    this.text = text;
    this.isClosed = false;
  }
  getText() { return this.text; }
  get lines() { return this.text.split(/\r?\n/); }
  get lineCount() { return this.lines.length; }
  lineAt(line) { return { lineNumber: line, text: this.lines[line] }; }
  offsetAt(position) {
    const lines = this.text.split('\n');
    let offset = 0;
    for (let i = 0; i < position.line && i < lines.length; i += 1) offset += lines[i].length + 1;
    return Math.min(offset + position.character, this.text.length);
  }
  positionAt(offset) {
    const before = this.text.slice(0, offset).split('\n');
    return new Position(before.length - 1, before[before.length - 1].length);
  }
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
  const providers = { hover: [], codeLens: [], codeAction: [] };
  const watchers = [];
  const progress = [];
  const events = new EventEmitter();
  const subscribe = (name) => (listener) => {
    events.on(name, listener);
    return { dispose: () => events.off(name, listener) };
  };

  const provide = (kind) => (selector, provider, metadata) => {
    const entry = { selector, provider, metadata };
    providers[kind].push(entry);
    return { dispose: () => { const at = providers[kind].indexOf(entry); if (at >= 0) providers[kind].splice(at, 1); } };
  };

  const vscode = {
    Position,
    Range,
    Diagnostic,
    DiagnosticSeverity,
    DiagnosticTag,
    DiagnosticRelatedInformation,
    Location,
    MarkdownString,
    Hover,
    CodeLens,
    CodeAction,
    CodeActionKind,
    CodeActionTriggerKind: { Invoke: 1, Automatic: 2 },
    WorkspaceEdit,
    RelativePattern,
    ProgressLocation,
    Uri,
    languages: {
      createDiagnosticCollection(name) {
        const collection = createDiagnosticCollection(name);
        collections.push(collection);
        return collection;
      },
      registerHoverProvider: provide('hover'),
      registerCodeLensProvider: provide('codeLens'),
      registerCodeActionsProvider: provide('codeAction'),
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
      showWarningMessage(text) { shown.info.push(text); return Promise.resolve(undefined); },
      showErrorMessage(text) { shown.errors.push(text); return Promise.resolve(undefined); },
      withProgress(options, task) {
        const entry = { options, messages: [], done: false };
        progress.push(entry);
        return Promise.resolve(task({ report: ({ message }) => entry.messages.push(message) }))
          .finally(() => { entry.done = true; });
      },
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
        const channel = { name, lines: [], text: '', show() {}, dispose() {},
          append(text) { this.text += text; },
          appendLine(line) { this.lines.push(line); this.text += `${line}\n`; } };
        channels.push(channel);
        return channel;
      },
    },
    workspace: {
      workspaceFolders: undefined,
      getConfiguration(section) {
        return { get: (key) => settings[`${section}.${key}`] };
      },
      get textDocuments() { return documents.filter((d) => !d.isClosed); },
      onDidOpenTextDocument: subscribe('open'),
      onDidChangeTextDocument: subscribe('change'),
      onDidSaveTextDocument: subscribe('save'),
      onDidCloseTextDocument: subscribe('close'),
      onDidChangeWorkspaceFolders: subscribe('folders'),
      onDidChangeConfiguration: subscribe('configuration'),
      createFileSystemWatcher(glob, ignoreCreate, ignoreChange, ignoreDelete) {
        const fired = new EventEmitter();
        const on = (name) => (listener) => { fired.on(name, listener); return { dispose: () => fired.off(name, listener) }; };
        const watcher = { glob, ignoreCreate, ignoreChange, ignoreDelete, disposed: false, fire: (name, uri) => fired.emit(name, uri),
          onDidCreate: on('create'), onDidChange: on('change'), onDidDelete: on('delete'), dispose() { this.disposed = true; } };
        watchers.push(watcher);
        return watcher;
      },
      applyEdit(edit) { return Promise.resolve(editor.apply(edit)); },
    },
  };

  /**
   * What an editor does: open a document (it becomes the active editor's), edit (replacements,
   * as VS Code reports them: one contentChange per replacement, each range in the text before that
   * replacement), apply a WorkspaceEdit, save, close.
   */
  const editor = {
    open(fileName, text, languageId) {
      const document = new TextDocument(fileName, text, languageId);
      documents.push(document);
      vscode.window.activeTextEditor = { document };
      events.emit('open', document);
      return document;
    },
    /** Replaces `range` of `document` with `text` (several: [[range, text]], last in the document first). */
    edit(document, replacements) {
      const contentChanges = [];
      for (const [range, text] of replacements) {
        const start = document.offsetAt(range.start);
        const end = document.offsetAt(range.end);
        contentChanges.push({ range, rangeOffset: start, rangeLength: end - start, text });
        document.text = document.text.slice(0, start) + text + document.text.slice(end);
      }
      document.version += 1;
      events.emit('change', { document, contentChanges });
    },
    /** Replaces the whole text. */
    change(document, text) {
      editor.edit(document, [[new Range(new Position(0, 0), document.positionAt(document.text.length)), text]]);
    },
    /** Applies a WorkspaceEdit's replacements to the open documents; false when one is not open. */
    apply(edit) {
      for (const [uri, edits] of edit.entries()) {
        const document = documents.find((d) => !d.isClosed && d.uri.toString() === uri.toString());
        if (!document) return false;
        const ordered = edits.map((e) => [e.range, e.newText])
          .sort(([a], [b]) => document.offsetAt(b.start) - document.offsetAt(a.start));
        editor.edit(document, ordered);
      }
      return true;
    },
    save(document) { events.emit('save', document); },
    close(document) {
      document.isClosed = true;
      events.emit('close', document);
    },
    /** The workspace folders become `paths`; the extension hears which were added and removed. */
    setFolders(paths) {
      const before = vscode.workspace.workspaceFolders || [];
      const after = paths.map((p, index) => ({ uri: Uri.file(p), name: path.basename(p), index }));
      vscode.workspace.workspaceFolders = after;
      const has = (list, f) => list.some((g) => g.uri.toString() === f.uri.toString());
      events.emit('folders', { added: after.filter((f) => !has(before, f)), removed: before.filter((f) => !has(after, f)) });
    },
    /** Sets `navd.KEY` and tells the extension. */
    configure(key, value) {
      settings[`navd.${key}`] = value;
      events.emit('configuration', { affectsConfiguration: (section) => `navd.${key}` === section || section === 'navd' });
    },
  };

  function matches(entry, document) {
    return [].concat(entry.selector).some((s) => (!s.language || s.language === document.languageId)
      && (!s.scheme || s.scheme === document.uri.scheme)
      && (!s.pattern || globMatches(s.pattern, document.fileName)));
  }

  const token = () => ({ isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) });

  /** What the editor asks the providers registered for `document`, as VS Code would. */
  const ask = {
    async hovers(document, position) {
      const all = providers.hover.filter((e) => matches(e, document));
      return (await Promise.all(all.map((e) => e.provider.provideHover(document, position, token())))).filter(Boolean);
    },
    async codeLenses(document) {
      const lenses = [];
      for (const e of providers.codeLens.filter((p) => matches(p, document))) {
        for (const lens of (await e.provider.provideCodeLenses(document, token())) || []) {
          lenses.push(lens.command || !e.provider.resolveCodeLens ? lens : await e.provider.resolveCodeLens(lens, token()));
        }
      }
      return lenses;
    },
    /** The actions for `range`, with the diagnostics of `collection` there in the context (kept in `lastContext`). */
    async codeActions(document, range, collection = 'navd') {
      const list = (problems(collection, document.uri) || []).filter((d) => d.range.contains(range.start) || range.contains(d.range.start));
      const actions = [];
      const context = { diagnostics: list, only: undefined, triggerKind: 1 };
      ask.lastContext = context;
      for (const e of providers.codeAction.filter((p) => matches(p, document))) {
        actions.push(...((await e.provider.provideCodeActions(document, range, context, token())) || []));
      }
      return actions;
    },
  };

  /** The diagnostics a collection named `name` holds for `uri`. */
  function problems(name, uri) {
    const collection = collections.find((c) => c.name === name);
    return collection ? collection.get(uri) : undefined;
  }

  return { vscode, registered, shown, answers, settings, statusItems, panels, channels, collections,
    documents, editor, problems, providers, watchers, progress, ask, TextDocument };
}

/** A glob (`**`, `*`, `{a,b}`) against a path. */
function globMatches(glob, file) {
  let pattern = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') { pattern += '.*'; i += 1; if (glob[i + 1] === '/') i += 1; }
    else if (c === '*') pattern += '[^/]*';
    else if (c === '{') pattern += '(?:';
    else if (c === '}') pattern += ')';
    else if (c === ',') pattern += '|';
    else pattern += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`).test(file) || new RegExp(`(^|/)${pattern}$`).test(file);
}

module.exports = { createFakeVscode };
