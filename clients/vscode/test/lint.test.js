'use strict';
// Diagnostics in the Problems panel, through the extension with the fake `vscode` module: the
// language server's (the real `navctl lsp`, started by the extension) for sources and session
// documents, with its hovers, code lenses and quick fixes, and a followed session's live
// diagnostics (the real daemon).
const test = require('node:test');
const assert = require('assert');
const { once } = require('events');
const fs = require('fs');
const os = require('os');
const path = require('path');
const Module = require('module');
const { NavdClient } = require('../client');
const { createFakeVscode } = require('./fake-vscode');
const { startDaemon, repo } = require('./daemon');

const navctl = process.env.NAVCTL_BIN || path.join(repo, '.build', 'debug', 'navctl');
const fixture = path.join(__dirname, 'lsp-fixture');
const WAIT = 60000;           // the machine may be busy: generous, and never asserted

const fake = createFakeVscode();
const realLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  if (request === 'vscode') return fake.vscode;
  return realLoad.call(this, request, parent, isMain);
};
const extension = require('../extension');

const CUSTOM_BACK = [
  '{',
  '  "format": "navd-session",',
  '  "formatVersion": 1,',
  '  "profile": "ios17",',
  '  "screens": [{"id": "a", "title": "Inbox"},',
  '    {"id": "b", "title": "B", "backAction": "custom"}]',
  '}',
  '',
].join('\n');

function documentText(screenB = '') {
  return '{"format": "navd-session", "formatVersion": 1, "profile": "ios17",\n' +
    ' "screens": [{"id": "a", "title": "Inbox"},\n' +
    `  {"id": "b", "title": "B"${screenB ? `, ${screenB}` : ''}}]}\n`;
}

let dir;
let second;
let daemon;
let driver;
let api;
const context = { subscriptions: [] };

test.before(async () => {
  assert.ok(fs.existsSync(navctl), `navctl not found at ${navctl} (set NAVCTL_BIN)`);
  // The workspace: a copy of the fixture (the tests add files to it).
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navd-vscode-lsp-'));
  for (const name of fs.readdirSync(fixture)) fs.copyFileSync(path.join(fixture, name), path.join(dir, name));
  daemon = await startDaemon();
  driver = await NavdClient.connect(daemon.socket);
  fake.settings['navd.socket'] = daemon.socket;
  fake.settings['navd.navctlPath'] = navctl;
  fake.vscode.workspace.workspaceFolders = [{ uri: fake.vscode.Uri.file(dir), name: 'app', index: 0 }];
  api = extension.activate(context);
});

test.after(async () => {
  for (const d of context.subscriptions) d.dispose();
  await extension.deactivate();
  driver.close();
  await daemon.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  if (second) fs.rmSync(second, { recursive: true, force: true });
  Module._load = realLoad;
});

/** Waits until `accept()` is true (checked on every diagnostics the extension receives, and every 50 ms). */
function until(accept, what) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      let value;
      try { value = accept(); } catch (error) { value = false; }
      if (value) { resolve(value); return; }
      if (Date.now() - started > WAIT) { reject(new Error(`${what}: not within ${WAIT / 1000} s`)); return; }
      setTimeout(check, 50);
    };
    check();
  });
}

/** The Problems panel's 'navd' list for `file` (none is an empty list) once `accept(list)` holds. */
function problems(file, accept, what) {
  const uri = fake.vscode.Uri.file(file);
  return until(() => { const list = fake.problems('navd', uri) || []; return accept(list) ? list : false; },
    `${what} for ${path.basename(file)}`);
}

const codes = (list) => list.map((d) => d.code && d.code.value);

test('the server starts with the first document it serves, for the workspace', { timeout: 2 * WAIT }, async () => {
  assert.strictEqual(api.language.client, null, 'nothing it serves is open yet');
  const other = fake.editor.open(path.join(dir, 'package.json'), '{"name": "x"}');
  assert.strictEqual(api.language.client, null, 'a JSON file that is no session document does not start it');
  fake.editor.close(other);

  const started = once(api.state.events, 'serverStarted');
  const document = fake.editor.open(path.join(dir, 'Checkout.navd.json'), CUSTOM_BACK);
  await started;
  const list = await problems(document.fileName, (l) => l.length > 0, 'the session document\'s finding');
  assert.deepStrictEqual(codes(list), ['custom-back-unreachable']);
  const [d] = list;
  assert.strictEqual(d.severity, fake.vscode.DiagnosticSeverity.Warning);
  assert.strictEqual(d.source, 'navd');
  assert.match(d.code.target.toString(), /#custom-back-unreachable$/);
  assert.deepStrictEqual([d.range.start.line, d.range.start.character], [5, 4]);

  // The workspace was read: Inbox.swift has its finding without being open.
  const inbox = await problems(path.join(dir, 'Inbox.swift'), (l) => l.length > 0, 'the unopened source\'s finding');
  assert.deepStrictEqual(codes(inbox), ['empty-back-title-trick']);
  assert.strictEqual(inbox[0].severity, fake.vscode.DiagnosticSeverity.Information);
  assert.strictEqual(inbox[0].range.start.line, 6);
  assert.ok(inbox[0].relatedInformation.some((r) => /InboxViewController/.test(r.message)));
  // ... with work-done progress in the window while it read.
  await until(() => fake.progress.some((p) => p.done), 'the end of the workspace reading');
  // ... and the watchers it asked for.
  assert.ok(fake.watchers.some((w) => w.glob === '**/*.swift' && !w.disposed), fake.watchers.map((w) => w.glob).join(' '));
});

test('edits go to the server; a document that is not on disk loses its findings when closed', { timeout: 3 * WAIT }, async () => {
  const document = fake.editor.open(path.join(dir, 'Edit.navd.json'), documentText());
  await problems(document.fileName, (l) => l.length === 0, 'no finding');
  const line = document.getText().split('\n')[2];
  const at = line.indexOf('}');
  fake.editor.edit(document, [[new fake.vscode.Range(2, at, 2, at),
    ', "item": {"leftItems": [{"id": "close", "title": "Close"}]}']]);
  const after = await problems(document.fileName, (l) => l.length > 0, 'the left item\'s finding');
  assert.deepStrictEqual(after.map((d) => [d.code.value, d.range.start.line, d.range.start.character]),
    [['pop-gesture-disabled', 2, document.getText().split('\n')[2].indexOf('"leftItems"')]]);
  fake.editor.change(document, documentText());
  await problems(document.fileName, (l) => l.length === 0, 'no finding after the undo');
  fake.editor.edit(document, [[new fake.vscode.Range(2, at, 2, at), ', "backAction": "custom"']]);
  await problems(document.fileName, (l) => l.length > 0, 'the custom back action\'s finding');
  fake.editor.close(document);
  await problems(document.fileName, (l) => l.length === 0, 'an empty list once closed');
});

test('severities, and a load error placed in UTF-16 columns', { timeout: 2 * WAIT }, async () => {
  const masked = documentText('"backAction": "custom"')
    .replace('"profile": "ios17",', '"profile": "ios17", "policies": {"backInterception": "mask"},');
  const m = fake.editor.open(path.join(dir, 'Masked.navd.json'), masked);
  const list = await problems(m.fileName, (l) => l.length > 0, 'the masked custom back action');
  assert.ok(list.some((d) => d.code.value === 'custom-back-unreachable' && d.severity === fake.vscode.DiagnosticSeverity.Error),
    list.map((d) => d.message).join('\n'));

  const text = '{"format": "navd-session", "screens": [{"id": "ä", "title": "Ünïcödé 🚀"}, ' +
    '{"id": "b", "bar": {"barTintColor": 7}}]}\n';
  const broken = fake.editor.open(path.join(dir, 'Broken.navd.json'), text);
  const [d] = await problems(broken.fileName, (l) => l.length > 0, 'the load error');
  assert.strictEqual(d.severity, fake.vscode.DiagnosticSeverity.Error);
  const start = text.indexOf('"barTintColor"');
  assert.deepStrictEqual([d.range.start.line, d.range.start.character, d.range.end.character],
    [0, start, start + '"barTintColor"'.length]);
  assert.match(d.message, /barTintColor/);
});

test('hover, code lenses and the quick fix, as the editor asks for them', { timeout: 3 * WAIT }, async (t) => {
  const caps = api.language.client.capabilities;
  const missing = ['hoverProvider', 'codeLensProvider', 'codeActionProvider'].filter((c) => !caps[c]);
  assert.deepStrictEqual(missing, [], 'navctl lsp advertises hover, code lens and code actions');
  const file = path.join(dir, 'Inbox.swift');
  const document = fake.editor.open(file, fs.readFileSync(file, 'utf8'));
  await problems(file, (l) => l.length > 0, 'the finding');

  const hovers = await fake.ask.hovers(document, new fake.vscode.Position(2, 20));
  assert.strictEqual(hovers.length, 1);
  assert.match(hovers[0].contents[0].value, /`InboxViewController`/);

  const lenses = await fake.ask.codeLenses(document);
  assert.deepStrictEqual(lenses.map((l) => l.range.start.line).sort((a, b) => a - b), [2, 14]);
  const lens = lenses.find((l) => l.range.start.line === 2);
  assert.match(lens.command.title, /back/);
  // The lens's command is the server's, registered by the extension: running it asks the server.
  assert.ok(fake.registered.has(lens.command.command), lens.command.command);
  assert.strictEqual(await fake.vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments || [])), null);

  // The cursor on the finding (line 7): the editor asks with the diagnostics there.
  const actions = await fake.ask.codeActions(document, new fake.vscode.Range(6, 20, 6, 20));
  const [diagnostic] = fake.ask.lastContext.diagnostics;
  assert.strictEqual(diagnostic.code.value, 'empty-back-title-trick');
  const fix = actions.find((a) => a.title === 'Use backButtonDisplayMode = .minimal');
  assert.ok(fix, actions.map((a) => a.title).join(', '));
  assert.ok(fake.vscode.CodeActionKind.QuickFix.contains(fix.kind));
  assert.strictEqual(fix.isPreferred, true);
  assert.strictEqual(fix.diagnostics[0], diagnostic, 'the Problems panel\'s own diagnostic');
  const metadata = fake.providers.codeAction[0].metadata;
  assert.deepStrictEqual(metadata.providedCodeActionKinds.map((k) => k.value), ['quickfix']);
  // Choosing it: the editor applies its edit, the change goes to the server, the finding goes.
  assert.ok(fake.editor.apply(fix.edit));
  assert.strictEqual(document.getText().split('\n')[6].trim(), 'navigationItem.backButtonDisplayMode = .minimal');
  await problems(file, (l) => l.length === 0, 'no finding after the fix');
});

test('a file created on disk is linted: the watchers the server asked for report it', { timeout: 2 * WAIT }, async () => {
  const file = path.join(dir, 'Settings.swift');
  fs.writeFileSync(file, [
    'import UIKit',
    '',
    'final class SettingsViewController: UIViewController {',
    '    override func viewDidLoad() {',
    '        super.viewDidLoad()',
    '        title = "Settings"',
    '        navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)',
    '    }',
    '}',
    '',
  ].join('\n'));
  const watcher = fake.watchers.find((w) => w.glob === '**/*.swift' && !w.disposed);
  watcher.fire('create', fake.vscode.Uri.file(file));
  const list = await problems(file, (l) => l.length > 0, 'the new file\'s finding');
  assert.deepStrictEqual(codes(list), ['empty-back-title-trick']);
});

test('a workspace folder added is read by the server', { timeout: 2 * WAIT }, async () => {
  second = fs.mkdtempSync(path.join(os.tmpdir(), 'navd-vscode-lsp-second-'));
  fs.copyFileSync(path.join(fixture, '.navd.yml'), path.join(second, '.navd.yml'));
  const file = path.join(second, 'Inbox.swift');
  fs.copyFileSync(path.join(fixture, 'Inbox.swift'), file);
  assert.strictEqual(fake.problems('navd', fake.vscode.Uri.file(file)), undefined);
  fake.editor.setFolders([dir, second]);
  const list = await problems(file, (l) => l.length > 0, 'the added folder\'s finding');
  assert.deepStrictEqual(codes(list), ['empty-back-title-trick']);
});

test('restarting the server sends it the open documents again', { timeout: 3 * WAIT }, async () => {
  const before = api.language.client;
  const readings = fake.progress.length;
  const stopped = once(api.state.events, 'serverStopped');
  const name = await fake.vscode.commands.executeCommand('navd.restartLanguageServer');
  const [code] = await stopped;
  assert.strictEqual(code, 0, 'shutdown and exit');
  assert.match(name, /navctl lsp/);
  assert.notStrictEqual(api.language.client, before);
  assert.strictEqual(fake.problems('navd', fake.vscode.Uri.file(path.join(dir, 'Settings.swift'))), undefined,
    'the stopped server\'s findings went with it');
  // The workspace is read again from disk...
  await until(() => fake.progress.length > readings && fake.progress.every((p) => p.done), 'the workspace read again');
  await problems(path.join(dir, 'Settings.swift'), (l) => l.length > 0, 'the unopened file\'s finding');
  await problems(path.join(dir, 'Broken.navd.json'), (l) => l.length === 1, 'the open session document\'s load error');
  // ... while the open buffers stand in for their files: Inbox.swift is fixed in the editor only.
  assert.match(fs.readFileSync(path.join(dir, 'Inbox.swift'), 'utf8'), /backBarButtonItem/);
  assert.deepStrictEqual(fake.problems('navd', fake.vscode.Uri.file(path.join(dir, 'Inbox.swift'))) || [], []);
});

test('a server that dies is started again, and given the open documents', { timeout: 2 * WAIT }, async () => {
  const dying = api.language.client;
  const stopped = once(api.state.events, 'serverStopped');
  const started = once(api.state.events, 'serverStarted');
  dying.process.kill('SIGKILL');
  const [, signal] = await stopped;
  assert.strictEqual(signal, 'SIGKILL');
  const [client] = await started;
  assert.notStrictEqual(client, dying);
  await problems(path.join(dir, 'Broken.navd.json'), (l) => l.length === 1, 'the open session document\'s load error');
});

test('a navctlPath that cannot start is reported, once; setting it back starts the server again', { timeout: 3 * WAIT }, async () => {
  const errors = fake.shown.errors.length;
  const failed = once(api.state.events, 'serverFailed');
  fake.editor.configure('navctlPath', path.join(dir, 'no-navctl'));
  const [message] = await failed;
  assert.match(message, /no-navctl/);
  assert.strictEqual(api.language.client, null);
  assert.strictEqual(fake.shown.errors.length, errors + 1);
  assert.match(fake.shown.errors.at(-1), /^navd: cannot start .*no-navctl.*navd\.navctlPath/);
  const again = once(api.state.events, 'serverFailed');
  fake.editor.open(path.join(dir, 'Other.navd.json'), CUSTOM_BACK);
  await again;
  assert.strictEqual(fake.shown.errors.length, errors + 1, 'the same failure is not shown twice');

  const started = once(api.state.events, 'serverStarted');
  fake.editor.configure('navctlPath', navctl);
  const opened = fake.editor.open(path.join(dir, 'Again.navd.json'), CUSTOM_BACK);
  await started;
  await problems(opened.fileName, (l) => l.length > 0, 'the finding');
});

test('the followed session\'s diagnostics follow session/diagnostics', { timeout: 10000 }, async () => {
  const { sessionId } = await driver.sessionCreate({ screens: [
    { id: 'a', title: 'Inbox' }, { id: 'b', title: 'Message', backAction: 'custom' }] });
  const text = await fake.vscode.commands.executeCommand('navd.connect');
  assert.match(text, new RegExp(`following session ${sessionId}`));
  const uri = fake.vscode.Uri.parse(`navd-session:/${sessionId}`);
  let shown = fake.problems('navd session', uri);
  assert.deepStrictEqual(shown.map((d) => [d.code, d.severity, d.message.split(':')[0]]),
    [['custom-back-unreachable', fake.vscode.DiagnosticSeverity.Warning, 'b']]);

  let updated = once(api.state.events, 'sessionDiagnostics');
  await driver.screenUpdate({ sessionId, screenId: 'b', changes: { item: { leftItems: [{ id: 'x', title: 'X' }] } } });
  await updated;
  shown = fake.problems('navd session', uri);
  assert.deepStrictEqual(shown.map((d) => d.code).sort(), ['pop-gesture-disabled', 'touch-target-small']);
  assert.ok(shown.some((d) => /^b\/x: item 'x' can be tapped/.test(d.message)), shown.map((d) => d.message).join('\n'));

  updated = once(api.state.events, 'sessionDiagnostics');
  await driver.stackPush({ sessionId, screen: { id: 'c', title: 'C' } });
  await updated;
  assert.deepStrictEqual(fake.problems('navd session', uri), []);

  const closed = once(api.state.events, 'notification');
  await driver.sessionClose({ sessionId });
  await closed;
  assert.strictEqual(fake.problems('navd session', uri), undefined);
});

test('deactivate stops the server: shutdown, exit, status 0', { timeout: 2 * WAIT }, async () => {
  const client = api.language.client;
  assert.ok(client && client.running);
  const status = await extension.deactivate();
  assert.deepStrictEqual(status, { code: 0, signal: null });
  assert.strictEqual(api.language.client, null);
});
