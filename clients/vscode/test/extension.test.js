'use strict';
// The extension with a fake `vscode` module (injected through Module._load) against the real daemon.
const test = require('node:test');
const assert = require('assert');
const { once } = require('events');
const Module = require('module');
const { NavdClient } = require('../client');
const { createFakeVscode } = require('./fake-vscode');
const { startDaemon, requires } = require('./daemon');

const fake = createFakeVscode();
const realLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  if (request === 'vscode') return fake.vscode;
  return realLoad.call(this, request, parent, isMain);
};
const extension = require('../extension');

let daemon;
let driver;
let api;
let sessionId;
const context = { subscriptions: [] };

test.before(async () => {
  daemon = await startDaemon();
  driver = await NavdClient.connect(daemon.socket);
  ({ sessionId } = await driver.sessionCreate({ screens: [
    { id: 'settings', title: 'Settings' }, { id: 'general', title: 'General' }] }));
  fake.settings['navd.socket'] = daemon.socket;
  api = extension.activate(context);
});

test.after(async () => {
  for (const d of context.subscriptions) d.dispose();
  extension.deactivate();
  driver.close();
  await daemon.stop();
  Module._load = realLoad;
});

test('registers every contributed command', () => {
  const manifest = require('../package.json');
  for (const { command } of manifest.contributes.commands) assert.ok(fake.registered.has(command), command);
});

test('connect follows the only session and shows back title and tint in the status bar', async (t) => {
  if (!await requires(t, driver, 'title/back', 'tint/resolve')) return;
  const text = await fake.vscode.commands.executeCommand('navd.connect');
  assert.match(text, new RegExp(`following session ${sessionId}`));
  const item = fake.statusItems[0];
  assert.ok(item.visible);
  assert.match(item.text, /‹ Settings/);
  assert.match(item.text, /#[0-9A-F]{6} on #[0-9A-F]{6}/);
});

test('the back title command answers in a message', async (t) => {
  if (!await requires(t, driver, 'title/back')) return;
  const back = await fake.vscode.commands.executeCommand('navd.backTitle');
  assert.match(back, /^Back title: ‹ Settings/);
  assert.strictEqual(fake.shown.info.at(-1), back);
});

test('the tint command answers for a colour and for the bar', async (t) => {
  if (!await requires(t, driver, 'tint/resolve')) return;
  const tint = await fake.vscode.commands.executeCommand('navd.tint', '#FFFFFF');
  // UIKit's systemBlue on any bar colour, and the message names the policy (COL-1).
  assert.match(tint, /#FFFFFF → #007AFF .*foreground uikit\)$/);
  fake.answers.inputBox.push('');
  const barTint = await fake.vscode.commands.executeCommand('navd.tint');
  assert.match(barTint, /^Tint: #/);
  assert.deepStrictEqual(fake.shown.info.slice(-2), [tint, barTint]);
});

test('the hit test command answers in a message', async (t) => {
  if (!await requires(t, driver, 'bar/layout', 'bar/hitTest')) return;
  const { bar } = await driver.barLayout({ sessionId });
  fake.answers.inputBox.push(`15,${bar.y + bar.height / 2}`);
  const hit = await fake.vscode.commands.executeCommand('navd.hitTest');
  assert.match(hit, /backButton.*pop to settings/);
  assert.strictEqual(fake.shown.info.at(-1), hit);
  assert.deepStrictEqual(fake.shown.errors, []);
});

test('the status bar follows change notifications', { timeout: 10000 }, async (t) => {
  if (!await requires(t, driver, 'title/back', 'tint/resolve')) return;
  const updated = once(api.state.events, 'status');
  await driver.barUpdate({ sessionId, appearance: { barTintColor: '#000000' } });
  await driver.screenUpdate({ sessionId, screenId: 'settings', changes: { title: 'Preferences' } });
  await updated;
  // Each didChange triggers one refresh; wait for the one that shows both changes.
  while (!/‹ Preferences/.test(fake.statusItems[0].text)) await once(api.state.events, 'status');
  assert.match(fake.statusItems[0].text, /#007AFF on #000000/);
});

test('the watch channel lists notifications', async () => {
  await fake.vscode.commands.executeCommand('navd.watch');
  const channel = fake.channels.find((c) => c.name === 'navd notifications');
  const seen = once(api.state.events, 'notification');
  await driver.stackPush({ sessionId, screen: { id: 'third', title: 'Third' } });
  await seen;
  assert.ok(channel.lines.some((l) => /session\/didChange v\d+ stack push third/.test(l)), channel.lines.join('\n'));
});

test('the bar panel shows bar/render when the daemon has it', async (t) => {
  const text = await fake.vscode.commands.executeCommand('navd.showBar');
  if (await requires(t, driver, 'bar/render')) {
    assert.strictEqual(text, undefined);
    assert.match(fake.panels[0].webview.html, /<svg/);
    const rerendered = once(api.state.events, 'render');
    await driver.stackPop({ sessionId });
    await rerendered;
  } else {
    assert.strictEqual(text, 'This navd has no bar/render');
    assert.strictEqual(fake.shown.info.at(-1), text);
  }
});

test('errors are shown, not thrown', async () => {
  fake.answers.inputBox.push('nonsense');
  const text = await fake.vscode.commands.executeCommand('navd.hitTest');
  assert.strictEqual(text, undefined);
  assert.match(fake.shown.errors.at(-1), /x,y/);
});
