'use strict';
// The pure half of the language client (lsp-convert.js): which documents go to the server, the
// changes an edit becomes, text edits applied to a text, and LSP values as VS Code objects (built
// with the fake `vscode` namespace). No server needed.
const test = require('node:test');
const assert = require('assert');
const convert = require('../lsp-convert');
const { createFakeVscode } = require('./fake-vscode');

const range = (sl, sc, el, ec) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

test('the documents the server is sent', () => {
  const yes = [['swift', '/a/Inbox.swift'], ['objective-c', '/a/Inbox.m'], ['objective-cpp', '/a/Inbox.mm'],
    ['xml', '/a/Main.storyboard'], ['xml', '/a/Cell.XIB'], ['json', '/a/Checkout.navd.json'], ['cpp', '/a/Inbox.h'],
    ['c', '/a/Inbox.h']];
  for (const [languageId, file] of yes) assert.ok(convert.servesDocument(languageId, file), `${languageId} ${file}`);
  const no = [['xml', '/a/pom.xml'], ['json', '/a/package.json'], ['cpp', '/a/x.cpp'], ['plaintext', '/a/Inbox.swift'],
    ['markdown', '/a/README.md']];
  for (const [languageId, file] of no) assert.ok(!convert.servesDocument(languageId, file), `${languageId} ${file}`);
  assert.ok(!convert.servesDocument('swift', 'Untitled-1', 'untitled'), 'only files on disk');
});

test('textDocumentSync, as a number or as options', () => {
  assert.deepStrictEqual(convert.syncOptions({ textDocumentSync: { openClose: true, change: 2, save: { includeText: false } } }),
    { openClose: true, change: 2, save: true, includeText: false });
  assert.deepStrictEqual(convert.syncOptions({ textDocumentSync: 1 }), { openClose: true, change: 1, save: false, includeText: false });
  assert.deepStrictEqual(convert.syncOptions({ textDocumentSync: { openClose: true, save: true } }),
    { openClose: true, change: 0, save: true, includeText: false });
  assert.deepStrictEqual(convert.syncOptions({}), { openClose: false, change: 0, save: false, includeText: false });
});

test('an edit\'s changes: incremental as the editor gives them, else the whole text', () => {
  const changes = [{ range: range(1, 2, 1, 4), rangeOffset: 9, rangeLength: 2, text: 'ü' }];
  assert.deepStrictEqual(convert.contentChanges(2, changes, 'whole'), [{ range: range(1, 2, 1, 4), text: 'ü' }]);
  assert.deepStrictEqual(convert.contentChanges(1, changes, 'whole'), [{ text: 'whole' }]);
  assert.strictEqual(convert.contentChanges(0, changes, 'whole'), null);
});

test('offsets and positions count UTF-16 units and every line ending', () => {
  const text = 'a🚀b\r\nsecond\rthird\nlast';
  assert.deepStrictEqual(convert.lineStarts(text), [0, 6, 13, 19]);
  assert.strictEqual(convert.offsetAt(text, { line: 0, character: 3 }), 3);      // after the surrogate pair
  assert.strictEqual(convert.offsetAt(text, { line: 0, character: 99 }), 4);     // the line's end, before \r\n
  assert.strictEqual(convert.offsetAt(text, { line: 2, character: 1 }), 14);
  assert.strictEqual(convert.offsetAt(text, { line: 9, character: 0 }), text.length);
  assert.deepStrictEqual(convert.positionAt(text, 14), { line: 2, character: 1 });
  assert.deepStrictEqual(convert.positionAt(text, text.length), { line: 3, character: 4 });
});

test('text edits apply to the text as given, inserts at one place in order', () => {
  const text = 'let a = 1\nlet 🚀 = 2\nlet c = 3\n';
  const edits = [
    { range: range(2, 4, 2, 5), newText: 'see' },
    { range: range(1, 4, 1, 6), newText: 'rocket' },        // the emoji is two UTF-16 units
    { range: range(0, 0, 0, 0), newText: '// one\n' },
    { range: range(0, 0, 0, 0), newText: '// two\n' },
  ];
  const want = '// one\n// two\nlet a = 1\nlet rocket = 2\nlet see = 3\n';
  assert.strictEqual(convert.applyTextEdits(text, edits), want);
  // The same edits as didChange contentChanges, applied one after another, give the same text.
  let sequential = text;
  for (const change of convert.editsAsContentChanges(text, edits)) {
    sequential = convert.applyTextEdits(sequential, [{ range: change.range, newText: change.text }]);
  }
  assert.strictEqual(sequential, want);
  assert.throws(() => convert.applyTextEdits(text, [{ range: range(0, 0, 0, 5), newText: '' }, { range: range(0, 3, 0, 7), newText: '' }]),
    /overlap/);
  assert.strictEqual(convert.applyTextEdits('a\r\nb', [{ range: range(0, 1, 1, 0), newText: '' }]), 'ab');
});

test('workspace edits: changes, or documentChanges with file operations', () => {
  const edit = { range: range(0, 0, 0, 1), newText: 'x' };
  assert.deepStrictEqual(convert.workspaceEditOperations({ changes: { 'file:///a.swift': [edit] } }),
    [{ kind: 'edit', uri: 'file:///a.swift', edits: [edit] }]);
  assert.deepStrictEqual(convert.workspaceEditOperations({
    changes: { 'file:///ignored.swift': [edit] },
    documentChanges: [
      { kind: 'create', uri: 'file:///b.swift' },
      { textDocument: { uri: 'file:///b.swift', version: null }, edits: [edit] },
      { kind: 'rename', oldUri: 'file:///b.swift', newUri: 'file:///c.swift' },
    ],
  }), [
    { kind: 'create', uri: 'file:///b.swift', options: {} },
    { kind: 'edit', uri: 'file:///b.swift', version: null, edits: [edit] },
    { kind: 'rename', oldUri: 'file:///b.swift', newUri: 'file:///c.swift', options: {} },
  ]);
  assert.deepStrictEqual(convert.workspaceEditOperations(null), []);
});

test('hover contents of every shape', () => {
  assert.deepStrictEqual(convert.hoverParts({ kind: 'markdown', value: '`Inbox`' }), [{ kind: 'markdown', value: '`Inbox`' }]);
  assert.deepStrictEqual(convert.hoverParts(['plain *md*', { language: 'swift', value: 'let x' }, '']),
    [{ kind: 'markdown', value: 'plain *md*' }, { kind: 'code', language: 'swift', value: 'let x' }]);
  assert.deepStrictEqual(convert.hoverParts({ kind: 'plaintext', value: 'a*b' }), [{ kind: 'plaintext', value: 'a*b' }]);
  assert.deepStrictEqual(convert.hoverParts(null), []);
});

test('VS Code objects from LSP values, and back', () => {
  const { vscode } = createFakeVscode();
  const conv = convert.createConverters(vscode);
  const lsp = {
    range: range(6, 8, 6, 40), severity: 3, code: 'empty-back-title-trick', source: 'navd', message: 'm',
    codeDescription: { href: 'file:///docs/semantics.md#empty-back-title-trick' },
    relatedInformation: [{ location: { uri: 'file:///w/Inbox.swift', range: range(2, 6, 2, 11) }, message: 'declared here' }],
    data: { screen: 'InboxViewController' },
  };
  const d = conv.diagnostic(lsp);
  assert.ok(d instanceof vscode.Diagnostic);
  assert.deepStrictEqual([d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character], [6, 8, 6, 40]);
  assert.strictEqual(d.severity, vscode.DiagnosticSeverity.Information);
  assert.strictEqual(d.code.value, 'empty-back-title-trick');
  assert.strictEqual(d.code.target.toString(), 'file:///docs/semantics.md#empty-back-title-trick');
  assert.strictEqual(d.relatedInformation[0].location.uri.fsPath, '/w/Inbox.swift');
  assert.strictEqual(conv.lspDiagnostic(d), lsp, 'the server gets back what it sent, data included');
  const own = new vscode.Diagnostic(new vscode.Range(1, 0, 1, 2), 'typed', vscode.DiagnosticSeverity.Warning);
  assert.deepStrictEqual(conv.lspDiagnostic(own), { range: range(1, 0, 1, 2), message: 'typed', severity: 2 });
  assert.strictEqual(conv.diagnostic({ range: range(0, 0, 0, 0), message: 'x' }).severity, vscode.DiagnosticSeverity.Error);

  const hover = conv.hover({ contents: { kind: 'markdown', value: '`InboxViewController`' }, range: range(2, 0, 2, 5) });
  assert.strictEqual(hover.contents[0].value, '`InboxViewController`');
  assert.strictEqual(conv.hover(null), undefined);

  const lens = conv.codeLens({ range: range(2, 0, 2, 0), command: { title: 'back: ‹ Inbox', command: 'navd.showScreen', arguments: ['x'] } });
  assert.deepStrictEqual([lens.range.start.line, lens.command.command, lens.command.arguments], [2, 'navd.showScreen', ['x']]);

  const action = conv.codeAction({
    title: 'Use backButtonDisplayMode = .minimal', kind: 'quickfix', isPreferred: true, diagnostics: [lsp],
    edit: { changes: { 'file:///w/Inbox.swift': [{ range: range(6, 8, 6, 110), newText: 'navigationItem.backButtonDisplayMode = .minimal' }] } },
  }, [d]);
  assert.strictEqual(action.kind.value, 'quickfix');
  assert.ok(vscode.CodeActionKind.QuickFix.contains(action.kind));
  assert.strictEqual(action.isPreferred, true);
  assert.strictEqual(action.diagnostics[0], d, 'the editor\'s own diagnostic object');
  const [[uri, edits]] = action.edit.entries();
  assert.strictEqual(uri.fsPath, '/w/Inbox.swift');
  assert.strictEqual(edits[0].newText, 'navigationItem.backButtonDisplayMode = .minimal');
  const command = conv.codeAction({ title: 'Show', command: 'navd.showScreen', arguments: [1] });
  assert.deepStrictEqual([command.title, command.command.command, command.kind], ['Show', 'navd.showScreen', undefined]);
});
