'use strict';
// Between the language server's LSP values and VS Code's: which documents go to the server, the
// changes sent for an edit, text edits applied to a text, and (createConverters, given the `vscode`
// namespace) diagnostics, hovers, code lenses, code actions and workspace edits as VS Code's objects.
// Nothing here requires 'vscode', so node runs all of it. LSP and VS Code both count positions in
// UTF-16 code units, so positions pass unchanged.

const path = require('path');

/** The languages whose documents go to `navctl lsp`, and the file names each takes. */
const DOCUMENT_SELECTOR = [
  { scheme: 'file', language: 'swift' },
  { scheme: 'file', language: 'objective-c' },
  { scheme: 'file', language: 'objective-cpp' },
  { scheme: 'file', language: 'xml', pattern: '**/*.{storyboard,xib}' },
  { scheme: 'file', language: 'json', pattern: '**/*.navd.json' },
  { scheme: 'file', pattern: '**/*.h' },
];

/**
 * True when a document (its languageId, file name and URI scheme) goes to the server: Swift,
 * Objective-C and Objective-C++ documents, headers, XML documents that are storyboards or xibs,
 * JSON documents that are session documents (*.navd.json). Only files on disk.
 */
function servesDocument(languageId, fileName, scheme = 'file') {
  if (scheme !== 'file' || !fileName) return false;
  const name = path.basename(fileName).toLowerCase();
  switch (languageId) {
    case 'swift':
    case 'objective-c':
    case 'objective-cpp':
      return true;
    case 'xml':
      return name.endsWith('.storyboard') || name.endsWith('.xib');
    case 'json':
    case 'jsonc':
      return name.endsWith('.navd.json');
    case 'c':
    case 'cpp':
      return name.endsWith('.h');
    default:
      return false;
  }
}

/** The server's textDocumentSync as {openClose, change (0 none, 1 full, 2 incremental), save, includeText}. */
function syncOptions(capabilities) {
  const sync = capabilities && capabilities.textDocumentSync;
  if (sync === undefined || sync === null) return { openClose: false, change: 0, save: false, includeText: false };
  if (typeof sync === 'number') return { openClose: sync > 0, change: sync, save: false, includeText: false };
  const save = sync.save;
  return {
    openClose: Boolean(sync.openClose),
    change: typeof sync.change === 'number' ? sync.change : 0,
    save: Boolean(save),
    includeText: Boolean(save && typeof save === 'object' && save.includeText),
  };
}

/**
 * didChange's contentChanges for one edit: `changes` are the editor's (each {range, text}, in the
 * order they apply), `fullText` the document after them. Null when the server takes no changes.
 */
function contentChanges(change, changes, fullText) {
  if (change === 2) {
    return changes.map((c) => (c.range ? { range: plainRange(c.range), text: c.text } : { text: c.text }));
  }
  if (change === 1) return [{ text: fullText }];
  return null;
}

function plainPosition(p) {
  return { line: p.line, character: p.character };
}

function plainRange(r) {
  return { start: plainPosition(r.start), end: plainPosition(r.end) };
}

/** Where each line of `text` starts (UTF-16 offsets); lines end at \n, \r\n or \r. */
function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i += 1;
      starts.push(i + 1);
    } else if (c === 10) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The UTF-16 offset of an LSP position in `text`; a character past the line's end is its end. */
function offsetAt(text, position, starts = lineStarts(text)) {
  if (position.line < 0) return 0;
  if (position.line >= starts.length) return text.length;
  const start = starts[position.line];
  let end = position.line + 1 < starts.length ? starts[position.line + 1] : text.length;
  while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end -= 1;
  return Math.min(start + Math.max(position.character, 0), end);
}

/** The LSP position of a UTF-16 offset in `text`. */
function positionAt(text, offset, starts = lineStarts(text)) {
  const at = Math.max(0, Math.min(offset, text.length));
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (starts[mid] <= at) low = mid;
    else high = mid - 1;
  }
  return { line: low, character: at - starts[low] };
}

/** `edits` (TextEdits on one text) with their offsets, in document order; equal starts keep their order. */
function orderedEdits(text, edits) {
  const starts = lineStarts(text);
  const located = edits.map((edit, index) => ({
    edit, index, start: offsetAt(text, edit.range.start, starts), end: offsetAt(text, edit.range.end, starts),
  }));
  located.sort((a, b) => a.start - b.start || a.index - b.index);
  for (let i = 0; i < located.length; i += 1) {
    if (located[i].end < located[i].start) throw new RangeError('a text edit ends before it starts');
    if (i > 0 && located[i].start < located[i - 1].end) throw new RangeError('text edits overlap');
  }
  return located;
}

/**
 * `text` with LSP TextEdits applied: every range refers to `text` as given, edits must not
 * overlap, and inserts at one position go in in the order given.
 */
function applyTextEdits(text, edits) {
  let out = '';
  let from = 0;
  for (const { edit, start, end } of orderedEdits(text, edits)) {
    out += text.slice(from, start) + edit.newText;
    from = end;
  }
  return out + text.slice(from);
}

/**
 * The same TextEdits as didChange contentChanges, which apply one after another: last in the
 * document first, so each range still refers to text no earlier change has moved.
 */
function editsAsContentChanges(text, edits) {
  return orderedEdits(text, edits).reverse().map(({ edit }) => ({ range: plainRange(edit.range), text: edit.newText }));
}

/**
 * A WorkspaceEdit as a list of operations, in order: {kind: 'edit', uri, edits} per document,
 * {kind: 'create' | 'delete', uri, options}, {kind: 'rename', oldUri, newUri, options}.
 * documentChanges win over changes, as the protocol says.
 */
function workspaceEditOperations(edit) {
  if (!edit) return [];
  const ops = [];
  if (Array.isArray(edit.documentChanges)) {
    for (const change of edit.documentChanges) {
      if (change.kind === 'create') ops.push({ kind: 'create', uri: change.uri, options: change.options || {} });
      else if (change.kind === 'delete') ops.push({ kind: 'delete', uri: change.uri, options: change.options || {} });
      else if (change.kind === 'rename') {
        ops.push({ kind: 'rename', oldUri: change.oldUri, newUri: change.newUri, options: change.options || {} });
      } else if (change.textDocument) {
        ops.push({ kind: 'edit', uri: change.textDocument.uri, version: change.textDocument.version, edits: change.edits || [] });
      }
    }
    return ops;
  }
  for (const [uri, edits] of Object.entries(edit.changes || {})) ops.push({ kind: 'edit', uri, edits: edits || [] });
  return ops;
}

const SEVERITY_NAMES = { 1: 'Error', 2: 'Warning', 3: 'Information', 4: 'Hint' };

/** An LSP DiagnosticSeverity as VS Code's name for it; a diagnostic without one is an Error. */
function severityName(severity) {
  return SEVERITY_NAMES[severity] || 'Error';
}

/** A code: the diagnostic's code, as VS Code shows it, with its link when it has one. */
function diagnosticCode(d) {
  if (d.code === undefined || d.code === null) return undefined;
  if (d.codeDescription && d.codeDescription.href) return { value: d.code, target: d.codeDescription.href };
  return d.code;
}

/** Hover contents (MarkupContent, MarkedString or a list of them) as [{kind: 'markdown' | 'plaintext' | 'code', value, language?}]. */
function hoverParts(contents) {
  if (contents === undefined || contents === null) return [];
  const list = Array.isArray(contents) ? contents : [contents];
  const parts = [];
  for (const item of list) {
    if (typeof item === 'string') {
      if (item !== '') parts.push({ kind: 'markdown', value: item });
    } else if (item && typeof item.kind === 'string') {
      parts.push({ kind: item.kind === 'markdown' ? 'markdown' : 'plaintext', value: item.value || '' });
    } else if (item && typeof item.language === 'string') {
      parts.push({ kind: 'code', language: item.language, value: item.value || '' });
    }
  }
  return parts;
}

/** True for a Command (as opposed to a CodeAction) in a textDocument/codeAction result. */
function isCommand(item) {
  return Boolean(item) && typeof item.command === 'string';
}

/** The identity of a diagnostic for matching LSP's and VS Code's: range, message, code. */
function diagnosticKey(range, message, code) {
  const value = code && typeof code === 'object' ? code.value : code;
  return JSON.stringify([range.start.line, range.start.character, range.end.line, range.end.character, message,
    value === undefined ? null : String(value)]);
}

/**
 * Converters to and from VS Code's objects, built with the `vscode` namespace given (the real
 * module in the extension). They remember each object's LSP original, so what goes back to the
 * server (a diagnostic in a code action request, a lens or an action to resolve) is what it sent.
 */
function createConverters(vscode) {
  const original = new WeakMap();

  const position = (p) => new vscode.Position(p.line, p.character);
  const range = (r) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
  const uri = (text) => vscode.Uri.parse(text);

  function diagnostic(d) {
    const result = new vscode.Diagnostic(range(d.range), d.message,
      vscode.DiagnosticSeverity[severityName(d.severity)]);
    if (d.source !== undefined) result.source = d.source;
    const code = diagnosticCode(d);
    if (code !== undefined) result.code = typeof code === 'object' ? { value: code.value, target: uri(code.target) } : code;
    if (Array.isArray(d.relatedInformation) && d.relatedInformation.length) {
      result.relatedInformation = d.relatedInformation.map((info) => new vscode.DiagnosticRelatedInformation(
        new vscode.Location(uri(info.location.uri), range(info.location.range)), info.message));
    }
    if (Array.isArray(d.tags) && vscode.DiagnosticTag) {
      const tags = d.tags.map((t) => (t === 1 ? vscode.DiagnosticTag.Unnecessary : t === 2 ? vscode.DiagnosticTag.Deprecated : undefined))
        .filter((t) => t !== undefined);
      if (tags.length) result.tags = tags;
    }
    original.set(result, d);
    return result;
  }

  const lspRange = (r) => plainRange(r);

  /** A VS Code diagnostic as the server's: the one it published when this came from it. */
  function lspDiagnostic(d) {
    const known = original.get(d);
    if (known) return known;
    const result = { range: lspRange(d.range), message: d.message };
    const severity = Object.keys(SEVERITY_NAMES).find((n) => vscode.DiagnosticSeverity[SEVERITY_NAMES[n]] === d.severity);
    if (severity) result.severity = Number(severity);
    if (d.source !== undefined) result.source = d.source;
    if (d.code !== undefined) {
      if (d.code && typeof d.code === 'object') {
        result.code = d.code.value;
        if (d.code.target) result.codeDescription = { href: d.code.target.toString() };
      } else {
        result.code = d.code;
      }
    }
    return result;
  }

  function markdown(part) {
    if (part.kind === 'markdown') return new vscode.MarkdownString(part.value);
    const text = new vscode.MarkdownString();
    if (part.kind === 'code') text.appendCodeblock(part.value, part.language);
    else text.appendText(part.value);
    return text;
  }

  /** A hover result as a vscode.Hover; undefined for none. */
  function hover(h) {
    if (!h) return undefined;
    const parts = hoverParts(h.contents);
    if (parts.length === 0) return undefined;
    return h.range ? new vscode.Hover(parts.map(markdown), range(h.range)) : new vscode.Hover(parts.map(markdown));
  }

  const command = (c) => (c ? { title: c.title, command: c.command, arguments: c.arguments } : undefined);

  function codeLens(lens) {
    const result = new vscode.CodeLens(range(lens.range), command(lens.command));
    original.set(result, lens);
    return result;
  }

  function codeActionKind(kind) {
    if (kind === undefined || kind === null) return undefined;
    return kind === '' ? vscode.CodeActionKind.Empty : vscode.CodeActionKind.Empty.append(kind);
  }

  function workspaceEdit(edit) {
    const result = new vscode.WorkspaceEdit();
    for (const op of workspaceEditOperations(edit)) {
      if (op.kind === 'edit') {
        for (const e of op.edits) result.replace(uri(op.uri), range(e.range), e.newText);
      } else if (op.kind === 'create') {
        result.createFile(uri(op.uri), { overwrite: op.options.overwrite, ignoreIfExists: op.options.ignoreIfExists });
      } else if (op.kind === 'delete') {
        result.deleteFile(uri(op.uri), { recursive: op.options.recursive, ignoreIfNotExists: op.options.ignoreIfNotExists });
      } else if (op.kind === 'rename') {
        result.renameFile(uri(op.oldUri), uri(op.newUri), { overwrite: op.options.overwrite, ignoreIfExists: op.options.ignoreIfExists });
      }
    }
    return result;
  }

  /**
   * A codeAction result item (CodeAction or Command) as a vscode.CodeAction. Its diagnostics are
   * the editor's own objects (`known`, those of the request's context) when they match.
   */
  function codeAction(item, known = []) {
    if (isCommand(item)) {
      const result = new vscode.CodeAction(item.title);
      result.command = command(item);
      original.set(result, item);
      return result;
    }
    const result = new vscode.CodeAction(item.title, codeActionKind(item.kind));
    if (Array.isArray(item.diagnostics)) {
      const byKey = new Map(known.map((d) => [diagnosticKey(d.range, d.message, d.code), d]));
      result.diagnostics = item.diagnostics.map((d) => byKey.get(diagnosticKey(d.range, d.message, d.code)) || diagnostic(d));
    }
    if (item.edit) result.edit = workspaceEdit(item.edit);
    if (item.command) result.command = command(item.command);
    if (item.isPreferred !== undefined) result.isPreferred = Boolean(item.isPreferred);
    if (item.disabled) result.disabled = { reason: item.disabled.reason };
    original.set(result, item);
    return result;
  }

  /** What the server sent for a converted object (lens, action, diagnostic). */
  const lsp = (object) => original.get(object);

  return {
    position, range, uri, diagnostic, lspDiagnostic, lspRange, hover, codeLens, codeAction, codeActionKind,
    workspaceEdit, command, lsp,
  };
}

module.exports = {
  DOCUMENT_SELECTOR, servesDocument, syncOptions, contentChanges, lineStarts, offsetAt, positionAt,
  applyTextEdits, editsAsContentChanges, workspaceEditOperations, severityName, diagnosticCode, hoverParts,
  isCommand, createConverters,
};
