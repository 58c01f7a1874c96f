'use strict';
// The language client (lsp-client.js, lsp-convert.js) against the real `navctl lsp` ($NAVCTL_BIN,
// else <repo>/.build/debug/navctl) on test/lsp-fixture: initialize with the fixture as the root,
// the diagnostic on Inbox.swift, hover, code lenses, the quick fix applied and sent back as an
// edit, shutdown and exit. A server that does not advertise a feature fails its test.
const test = require('node:test');
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { fileURLToPath } = require('url');
const { LspClient, fileUri } = require('../lsp-client');
const convert = require('../lsp-convert');
const { createFakeVscode } = require('./fake-vscode');
const { repo } = require('./daemon');

const navctl = process.env.NAVCTL_BIN || path.join(repo, '.build', 'debug', 'navctl');
const fixture = path.join(__dirname, 'lsp-fixture');
const inboxPath = path.join(fixture, 'Inbox.swift');
const inboxUri = fileUri(inboxPath);
const inboxText = fs.readFileSync(inboxPath, 'utf8');
const TRICK = 'navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)';
const FIX = 'navigationItem.backButtonDisplayMode = .minimal';
const WAIT = 60000;           // the machine may be busy: generous, and never asserted
const { vscode } = createFakeVscode();
const conv = convert.createConverters(vscode);

let client;
let version = 1;
const requests = [];                 // the server's requests, in order
const progress = [];                 // $/progress values
const published = new Map();         // file path -> the latest diagnostics published for it
const listeners = new Set();

/** Resolves to the latest diagnostics for `file` once `accept(list)` holds for them (now or later). */
function diagnosticsFor(file, accept, what) {
  return new Promise((resolve, reject) => {
    const check = () => {
      const list = published.get(file);
      if (list && accept(list)) {
        listeners.delete(check);
        clearTimeout(timer);
        resolve(list);
      }
    };
    const timer = setTimeout(() => {
      listeners.delete(check);
      reject(new Error(`no ${what} for ${file} in ${WAIT / 1000} s; latest: ${JSON.stringify(published.get(file))}`));
    }, WAIT);
    listeners.add(check);
    check();
  });
}

function until(predicate, what) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (predicate()) resolve();
      else if (Date.now() - started > WAIT) reject(new Error(`${what}: not within ${WAIT / 1000} s`));
      else setTimeout(poll, 50);
    };
    poll();
  });
}

const hasTrick = (list) => list.some((d) => d.code === 'empty-back-title-trick');

/** Fails unless the server advertises `capability`. */
function advertises(t, capability) {
  assert.ok(client.capabilities[capability], `navctl lsp does not advertise ${capability}`);
  return true;
}

function change(contentChanges) {
  version += 1;
  client.notify('textDocument/didChange', { textDocument: { uri: inboxUri, version }, contentChanges });
}

test.before(async () => {
  assert.ok(fs.existsSync(navctl), `navctl not found at ${navctl} (set NAVCTL_BIN)`);
  client = await LspClient.start(navctl, ['lsp'], {
    rootPath: fixture,
    timeout: WAIT,
    before(c) {
      c.on('request', (method, params) => requests.push({ method, params }));
      c.onNotification('$/progress', (params) => progress.push(params));
      c.onNotification('textDocument/publishDiagnostics', ({ uri, diagnostics }) => {
        published.set(fileURLToPath(uri), diagnostics);
        for (const check of [...listeners]) check();
      });
    },
  });
});

test.after(async () => {
  if (client && client.running) client.kill();
});

test('initialize: UTF-16 positions, incremental sync, and the server\'s requests answered', { timeout: 2 * WAIT }, async () => {
  assert.strictEqual(client.capabilities.positionEncoding, 'utf-16');
  assert.deepStrictEqual(convert.syncOptions(client.capabilities), { openClose: true, change: 2, save: true, includeText: false });
  assert.match(client.serverInfo.name, /navctl/);
  // Reading the workspace: work-done progress (created by a request this client answered), begin then end.
  await until(() => progress.some((p) => p.value.kind === 'end'), 'the end of the workspace reading');
  const create = requests.find((r) => r.method === 'window/workDoneProgress/create');
  assert.ok(create, `requests: ${requests.map((r) => r.method).join(', ')}`);
  assert.deepStrictEqual(progress.filter((p) => p.token === create.params.token).map((p) => p.value.kind), ['begin', 'end']);
  // This client allows dynamic registration, so the server asks it to watch the project's files.
  const watched = [...client.registrations.values()].find((r) => r.method === 'workspace/didChangeWatchedFiles');
  assert.ok(watched, 'client/registerCapability for workspace/didChangeWatchedFiles');
  assert.ok(watched.registerOptions.watchers.some((w) => w.globPattern === '**/*.swift'));
});

test('didOpen Inbox.swift: the empty back title trick on line 7, converted for the Problems panel', { timeout: 2 * WAIT }, async () => {
  client.notify('textDocument/didOpen', { textDocument: { uri: inboxUri, languageId: 'swift', version, text: inboxText } });
  const list = await diagnosticsFor(inboxPath, hasTrick, 'the empty-back-title-trick diagnostic');
  assert.strictEqual(list.length, 1, JSON.stringify(list));
  const [lsp] = list;
  assert.strictEqual(lsp.range.start.line, 6);
  assert.strictEqual(lsp.source, 'navd');
  assert.match(lsp.codeDescription.href, /#empty-back-title-trick$/);
  const d = conv.diagnostic(lsp);
  assert.deepStrictEqual([d.range.start.line, d.range.end.line], [6, 6]);
  assert.strictEqual(inboxText.split('\n')[6].slice(d.range.start.character, d.range.end.character), 'navigationItem.backBarButtonItem');
  assert.strictEqual(d.severity, vscode.DiagnosticSeverity.Information);
  assert.strictEqual(d.code.value, 'empty-back-title-trick');
  assert.strictEqual(d.code.target.toString(), lsp.codeDescription.href);
  assert.strictEqual(d.source, 'navd');
  assert.match(d.message, /InboxViewController/);
});

test('hover on the class declaration and on a line that sets something for the screen names it', { timeout: 2 * WAIT }, async (t) => {
  if (!advertises(t, 'hoverProvider')) return;
  for (const position of [{ line: 2, character: 20 }, { line: 6, character: 24 }]) {
    const hover = await client.request('textDocument/hover', { textDocument: { uri: inboxUri }, position });
    assert.ok(hover, `a hover at ${JSON.stringify(position)}`);
    assert.strictEqual(hover.contents.kind, 'markdown');
    assert.match(hover.contents.value, /`InboxViewController`/);
    assert.match(conv.hover(hover).contents[0].value, /`InboxViewController`/);
  }
});

test('code lenses: one per screen, on its declaration\'s line, about the back button', { timeout: 2 * WAIT }, async (t) => {
  if (!advertises(t, 'codeLensProvider')) return;
  const lenses = await client.request('textDocument/codeLens', { textDocument: { uri: inboxUri } });
  assert.deepStrictEqual(lenses.map((l) => l.range.start.line).sort((a, b) => a - b), [2, 14]);
  const lens = lenses.find((l) => l.range.start.line === 2);
  assert.match(lens.command.title, /back/);
  assert.strictEqual(lens.command.command, 'navd.showScreen');
  assert.ok(client.capabilities.executeCommandProvider.commands.includes('navd.showScreen'));
  assert.strictEqual(conv.codeLens(lens).command.command, 'navd.showScreen');
  const result = await client.request('workspace/executeCommand', { command: lens.command.command, arguments: lens.command.arguments });
  assert.strictEqual(result, null);
});

test('an incremental change that removes the trick empties the file\'s diagnostics; undoing it brings it back', { timeout: 3 * WAIT }, async () => {
  await diagnosticsFor(inboxPath, hasTrick, 'the diagnostic');
  const line = 6;
  const start = inboxText.split('\n')[line].indexOf(TRICK);
  const edit = { range: { start: { line, character: start }, end: { line, character: start + TRICK.length } }, newText: FIX };
  const fixed = convert.applyTextEdits(inboxText, [edit]);
  assert.strictEqual(fixed, inboxText.replace(TRICK, FIX));
  change(convert.editsAsContentChanges(inboxText, [edit]));
  assert.deepStrictEqual(await diagnosticsFor(inboxPath, (list) => list.length === 0, 'an empty list'), []);
  change([{ text: inboxText }]);
  await diagnosticsFor(inboxPath, hasTrick, 'the diagnostic again');
});

test('the quick fix for line 7, applied to the text and sent as a change, leaves no diagnostic', { timeout: 3 * WAIT }, async (t) => {
  if (!advertises(t, 'codeActionProvider')) return;
  assert.deepStrictEqual(client.capabilities.codeActionProvider.codeActionKinds, ['quickfix']);
  const [diagnostic] = await diagnosticsFor(inboxPath, hasTrick, 'the diagnostic');
  const actions = await client.request('textDocument/codeAction', {
    textDocument: { uri: inboxUri },
    range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } },
    context: { diagnostics: [diagnostic], triggerKind: 1 },
  });
  const action = (actions || []).find((a) => a.title === 'Use backButtonDisplayMode = .minimal');
  assert.ok(action, `actions: ${JSON.stringify(actions)}`);
  assert.strictEqual(action.kind, 'quickfix');
  assert.strictEqual(action.isPreferred, true);
  assert.ok(action.diagnostics.some((d) => d.code === 'empty-back-title-trick'));
  const operations = convert.workspaceEditOperations(action.edit);
  assert.strictEqual(operations.length, 1);
  assert.strictEqual(fileURLToPath(operations[0].uri), inboxPath);
  const text = convert.applyTextEdits(inboxText, operations[0].edits);
  assert.strictEqual(text.split('\n')[6].trim(), FIX);
  assert.strictEqual(text, inboxText.replace(TRICK, FIX));
  const converted = conv.codeAction(action);
  assert.strictEqual(converted.kind.value, 'quickfix');
  assert.strictEqual(converted.edit.entries()[0][1][0].newText, operations[0].edits[0].newText);

  change(convert.editsAsContentChanges(inboxText, operations[0].edits));
  assert.deepStrictEqual(await diagnosticsFor(inboxPath, (list) => list.length === 0, 'an empty list'), []);
});

test('didClose, shutdown and exit: exit status 0', { timeout: 2 * WAIT }, async () => {
  client.notify('textDocument/didClose', { textDocument: { uri: inboxUri } });
  const status = await client.stop({ timeout: WAIT });
  assert.deepStrictEqual(status, { code: 0, signal: null });
  assert.ok(!client.running);
});
