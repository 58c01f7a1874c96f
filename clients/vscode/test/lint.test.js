'use strict';
// Diagnostics in the Problems panel: navctl lint on *.navd.json documents (the real navctl) and a
// followed session's live diagnostics (the real daemon), through the fake `vscode` module.
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
const lint = require('../lint');

const navctl = process.env.NAVCTL_BIN || path.join(repo, '.build', 'debug', 'navctl');

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
let daemon;
let driver;
let api;
const context = { subscriptions: [] };

test.before(async () => {
  assert.ok(fs.existsSync(navctl), `navctl not found at ${navctl} (set NAVCTL_BIN)`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navd-vscode-lint-'));
  daemon = await startDaemon();
  driver = await NavdClient.connect(daemon.socket);
  fake.settings['navd.socket'] = daemon.socket;
  fake.settings['navd.navctl'] = navctl;
  fake.settings['navd.lint.delay'] = 20;
  api = extension.activate(context);
});

test.after(async () => {
  for (const d of context.subscriptions) d.dispose();
  driver.close();
  await daemon.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  Module._load = realLoad;
});

/** Opens `name` holding `text` and waits for its findings. */
async function openAndLint(name, text) {
  const linted = once(api.state.events, 'linted');
  const document = fake.editor.open(path.join(dir, name), text);
  const [which, diagnostics] = await linted;
  assert.strictEqual(which, document);
  return { document, diagnostics };
}

test('runLint returns navctl\'s report for a document\'s text', async () => {
  const report = await lint.runLint(navctl, CUSTOM_BACK, 'Checkout.navd.json', { profiles: ['ios10', 'ios17'] });
  assert.deepStrictEqual(report.errors, []);
  assert.deepStrictEqual(report.diagnostics.map((d) => [d.file, d.line, d.column, d.code, d.profile]), [
    ['Checkout.navd.json', 6, 5, 'custom-back-unreachable', 'ios10'],
    ['Checkout.navd.json', 6, 5, 'custom-back-unreachable', 'ios17'],
  ]);
  await assert.rejects(lint.runLint(navctl, CUSTOM_BACK, 'x.navd.json', { profiles: 'ios3' }),
    (error) => error instanceof lint.LintError && error.status === 2);
  await assert.rejects(lint.runLint(path.join(dir, 'no-navctl'), CUSTOM_BACK, 'x.navd.json'),
    (error) => error instanceof lint.LintError && /no-navctl/.test(error.message));
});

test('findNavctl: setting, NAVCTL_BIN, .build/debug above, PATH', () => {
  assert.strictEqual(lint.findNavctl('/pinned/navctl', dir, {}), '/pinned/navctl');
  assert.strictEqual(lint.findNavctl('', dir, { NAVCTL_BIN: '/env/navctl' }), '/env/navctl');
  const root = path.join(dir, 'repo');
  fs.mkdirSync(path.join(root, '.build', 'debug'), { recursive: true });
  fs.mkdirSync(path.join(root, 'Screens', 'deep'), { recursive: true });
  fs.writeFileSync(path.join(root, '.build', 'debug', 'navctl'), '#!/bin/sh\n', { mode: 0o755 });
  assert.strictEqual(lint.findNavctl('', path.join(root, 'Screens', 'deep'), {}),
    path.join(root, '.build', 'debug', 'navctl'));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'navctl'), '#!/bin/sh\n', { mode: 0o755 });
  assert.strictEqual(lint.findNavctl('', bin, { PATH: `/nowhere${path.delimiter}${bin}` }), path.join(bin, 'navctl'));
  assert.strictEqual(lint.findNavctl('', bin, { PATH: '/nowhere' }), null);
});

test('utf16Column turns code points into UTF-16 units', () => {
  assert.strictEqual(lint.utf16Column('abc', 3), 2);
  assert.strictEqual(lint.utf16Column('"🚀", x', 6), 6);
  assert.strictEqual(lint.utf16Column('ä🚀x', 3), 3);
  assert.strictEqual(lint.utf16Column('ab', 9), 2);
});

test('opening a session document lists its findings in the Problems panel', async () => {
  const { document, diagnostics } = await openAndLint('Checkout.navd.json', CUSTOM_BACK);
  const shown = fake.problems('navd', document.uri);
  assert.strictEqual(shown, diagnostics);
  assert.strictEqual(shown.length, 1);
  const [d] = shown;
  assert.strictEqual(d.severity, fake.vscode.DiagnosticSeverity.Warning);
  assert.strictEqual(d.code, 'custom-back-unreachable');
  assert.strictEqual(d.source, 'navd');
  assert.deepStrictEqual([d.range.start.line, d.range.start.character], [5, 4]);
  assert.match(d.message, /custom back action.*\[custom-back-unreachable\] \(screen 'b', ios17\)$/);
  fake.editor.close(document);
  assert.strictEqual(fake.problems('navd', document.uri), undefined);
});

test('other documents are not linted', async () => {
  const document = fake.editor.open(path.join(dir, 'package.json'), '{"name": "x"}');
  assert.strictEqual(await api.lintDocument(document), undefined);
  assert.strictEqual(fake.problems('navd', document.uri), undefined);
});

test('edits and saves are linted again; unsaved text is what counts', async () => {
  const { document, diagnostics } = await openAndLint('Edit.navd.json', documentText());
  assert.deepStrictEqual(diagnostics, []);
  let linted = once(api.state.events, 'linted');
  fake.editor.change(document, documentText('"item": {"leftItems": [{"id": "close", "title": "Close"}]}'));
  let [, after] = await linted;
  assert.deepStrictEqual(after.map((d) => [d.code, d.range.start.line, d.range.start.character]),
    [['pop-gesture-disabled', 2, document.getText().split('\n')[2].indexOf('"leftItems"')]]);
  fake.settings['navd.lint.onChange'] = false;
  fake.editor.change(document, documentText());
  await new Promise((r) => setTimeout(r, 200));
  assert.strictEqual(fake.problems('navd', document.uri).length, 1, 'not linted while typing');
  fake.settings['navd.lint.onChange'] = true;
  linted = once(api.state.events, 'linted');
  fake.editor.save(document);
  [, after] = await linted;
  assert.deepStrictEqual(fake.problems('navd', document.uri), []);
  fake.editor.close(document);
});

test('severities: an error, and load errors placed in UTF-16 columns', async () => {
  const masked = documentText('"backAction": "custom"')
    .replace('"profile": "ios17",', '"profile": "ios17", "policies": {"backInterception": "mask"},');
  const { diagnostics } = await openAndLint('Masked.navd.json', masked);
  assert.ok(diagnostics.some((d) => d.code === 'custom-back-unreachable'
    && d.severity === fake.vscode.DiagnosticSeverity.Error), diagnostics.map((d) => d.message).join('\n'));

  const text = '{"format": "navd-session", "screens": [{"id": "ä", "title": "Ünïcödé 🚀"}, ' +
    '{"id": "b", "bar": {"barTintColor": 7}}]}\n';
  const broken = await openAndLint('Broken.navd.json', text);
  assert.strictEqual(broken.diagnostics.length, 1);
  const [d] = broken.diagnostics;
  assert.strictEqual(d.severity, fake.vscode.DiagnosticSeverity.Error);
  const at = text.indexOf('"barTintColor"');
  assert.deepStrictEqual([d.range.start.line, d.range.start.character, d.range.end.character],
    [0, at, at + '"barTintColor"'.length]);
  assert.ok(d.navd.column - 1 < at, 'navctl counts code points, fewer than UTF-16 units here');
  assert.strictEqual(d.navd.path, 'screens[1].bar.barTintColor');

  const invalid = await openAndLint('Invalid.navd.json', '{\n  "format": "navd-session",\n  "screens": [\n}\n');
  assert.deepStrictEqual(invalid.diagnostics.map((e) => e.range.start.line), [3]);
  assert.match(invalid.diagnostics[0].message, /invalid JSON/);
});

test('the profiles setting', async () => {
  fake.settings['navd.lint.profiles'] = 'ios10,ios26';
  try {
    const { diagnostics } = await openAndLint('Profiles.navd.json', CUSTOM_BACK);
    assert.deepStrictEqual(diagnostics.map((d) => d.navd.profile), ['ios10', 'ios26']);
  } finally {
    delete fake.settings['navd.lint.profiles'];
  }
});

test('navctl failures are shown, once', async () => {
  fake.settings['navd.navctl'] = path.join(dir, 'no-navctl');
  try {
    const failed = once(api.state.events, 'lintFailed');
    const document = fake.editor.open(path.join(dir, 'Fails.navd.json'), CUSTOM_BACK);
    const [, error] = await failed;
    assert.match(error.message, /no-navctl/);
    assert.match(fake.shown.errors.at(-1), /^navd: cannot run .*no-navctl/);
    const count = fake.shown.errors.length;
    const again = once(api.state.events, 'lintFailed');
    fake.editor.save(document);
    await again;
    assert.strictEqual(fake.shown.errors.length, count);
    fake.editor.close(document);
  } finally {
    fake.settings['navd.navctl'] = navctl;
  }
});

test('the lint command reports on the active document', async () => {
  const { document } = await openAndLint('Command.navd.json', CUSTOM_BACK);
  const text = await fake.vscode.commands.executeCommand('navd.lint');
  assert.strictEqual(text, `${document.fileName}: 1 finding`);
  assert.strictEqual(fake.shown.info.at(-1), text);
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
