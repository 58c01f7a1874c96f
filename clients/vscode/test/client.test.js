'use strict';
// The client module against the real daemon.
const test = require('node:test');
const assert = require('assert');
const { METHODS, NavdClient, NavdError, socketPath } = require('../client');
const { startDaemon, requires, binary } = require('./daemon');

let daemon;
let client;
test.before(async () => {
  daemon = await startDaemon();
  client = await NavdClient.connect(daemon.socket);
});
test.after(async () => {
  client.close();
  await daemon.stop();
});

async function twoScreens() {
  const { sessionId } = await client.sessionCreate({ screens: [
    { id: 'settings', title: 'Settings' }, { id: 'general', title: 'General' }] });
  return sessionId;
}

async function barMiddleY(sessionId) {
  const { bar } = await client.barLayout({ sessionId });
  return bar.y + bar.height / 2;
}

test('socket path chain', () => {
  assert.strictEqual(socketPath({ NAVD_SOCKET: '/run/x/navd.sock', XDG_RUNTIME_DIR: '/run/user/7' }), '/run/x/navd.sock');
  assert.strictEqual(socketPath({ XDG_RUNTIME_DIR: '/run/user/7' }), '/run/user/7/navd/navd.sock');
  assert.strictEqual(socketPath({}), `/tmp/navd-${process.getuid()}/navd.sock`);
});

test('connects through NAVD_SOCKET', async () => {
  const saved = process.env.NAVD_SOCKET;
  process.env.NAVD_SOCKET = daemon.socket;
  try {
    const other = await NavdClient.connect();
    // The same daemon: its pid, not a connection count the daemon may not have caught up with yet.
    assert.strictEqual((await other.daemonStatus()).pid, (await client.daemonStatus()).pid);
    other.close();
  } finally {
    if (saved === undefined) delete process.env.NAVD_SOCKET; else process.env.NAVD_SOCKET = saved;
  }
});

test('a helper for every method the daemon answers', async () => {
  const init = await client.initialize({ clientInfo: { name: 'navd-vscode-tests' } });
  assert.strictEqual(init.protocolVersion, 1);
  for (const method of init.capabilities.methods) {
    assert.ok(METHODS[method], `no helper for ${method}`);
    assert.strictEqual(typeof client[METHODS[method]], 'function');
  }
});

test('title/back: the previous title (BT-02)', async (t) => {
  if (!await requires(t, client, 'title/back')) return;
  const sessionId = await twoScreens();
  const back = await client.titleBack({ sessionId });
  assert.strictEqual(back.title, 'Settings');
  assert.strictEqual(back.source, 'previousTitle');
  await client.sessionClose({ sessionId });
});

test('tint/resolve: colours and the bar (COL-V03, COL-V13, COL-V14)', async (t) => {
  if (!await requires(t, client, 'tint/resolve')) return;
  const automatic = (color) => client.tintResolve({ color, foreground: 'automatic' });
  assert.strictEqual((await automatic('#007AFF')).foreground, '#FFFFFF');
  assert.strictEqual((await automatic('#B9B9B9')).foreground, '#FFFFFF');
  assert.strictEqual((await automatic('#BABABA')).foreground, '#000000');
  // UIKit's systemBlue by default, whatever the bar colour (COL-1), and the answer says so.
  const uikit = await client.tintResolve({ color: '#007AFF' });
  assert.strictEqual(uikit.foreground, '#007AFF');
  assert.strictEqual(uikit.foregroundPolicy, 'uikit');
  assert.strictEqual(uikit.automaticForeground, '#FFFFFF');
  const sessionId = await twoScreens();
  await client.barUpdate({ sessionId, appearance: { barTintColor: '#000000' } });
  assert.strictEqual((await client.tintResolve({ sessionId })).foreground, '#007AFF');
  await client.sessionConfigure({ sessionId, policies: { foreground: 'automatic' } });
  assert.strictEqual((await client.tintResolve({ sessionId })).foreground, '#FFFFFF');
  await client.sessionClose({ sessionId });
});

test('bar/hitTest: the back button pops', async (t) => {
  if (!await requires(t, client, 'bar/layout', 'bar/hitTest')) return;
  const sessionId = await twoScreens();
  const hit = await client.barHitTest({ sessionId, point: { x: 15, y: await barMiddleY(sessionId) } });
  assert.strictEqual(hit.target.kind, 'backButton');
  assert.deepStrictEqual(hit.action, { kind: 'pop', to: 'settings' });
  await client.sessionClose({ sessionId });
});

test('errors reject with NavdError', async () => {
  await assert.rejects(client.stackGet({ sessionId: 'no-such-session' }),
    (e) => e instanceof NavdError && e.code === 1001);
  const sessionId = await twoScreens();
  await assert.rejects(client.sessionConfigure({ sessionId, device: { width: 'wide' } }),
    (e) => e instanceof NavdError && e.code === -32602 && e.data.path === 'device.width');
  await assert.rejects(client.request('no/such/method'), (e) => e.code === -32601);
  await client.sessionClose({ sessionId });
});

test('notifications arrive before the reply, in version order', async () => {
  const sessionId = await twoScreens();
  const seen = [];
  const listener = (method, params) => seen.push({ method, params });
  client.on('notification', listener);
  await client.sessionSubscribe({ sessionId });
  const first = await client.stackPush({ sessionId, screen: { id: 'third', title: 'Third' } });
  assert.strictEqual(seen.length, 1, 'the didChange came before the reply');
  const second = await client.stackPop({ sessionId });
  client.removeListener('notification', listener);
  assert.deepStrictEqual(seen.map((n) => n.params.version), [first.version, second.version]);
  const title = seen[0].params.changes.find((c) => c.kind === 'title');
  assert.strictEqual(title.backTitle.title, 'General');
  await client.sessionClose({ sessionId });
});

test('nextNotification waits for a notification or times out', async () => {
  const sessionId = await twoScreens();
  await client.sessionSubscribe({ sessionId });
  const waiting = client.nextNotification('session/didClose', 5000);
  await client.sessionClose({ sessionId });
  assert.deepStrictEqual((await waiting).params, { sessionId });
  await assert.rejects(client.nextNotification(undefined, 50));
});

test('a socket, or a socket directory, another user owns is refused before connecting', async () => {
  const fs = require('fs');
  const net = require('net');
  const os = require('os');
  const path = require('path');
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'navd-foreign-'));
  const theirs = path.join(base, 'theirs');
  fs.mkdirSync(theirs, { mode: 0o755 });
  const socket = path.join(theirs, 'navd.sock');
  const server = net.createServer().listen(socket);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    fs.chownSync(socket, 65534, 65534);
    await assert.rejects(NavdClient.connect(socket),
      (e) => e.code === 'EFOREIGNSOCKET' && /the socket belongs to uid 65534, not to you/.test(e.message));
    fs.chownSync(socket, process.getuid(), process.getgid());
    fs.chownSync(theirs, 65534, 65534);
    await assert.rejects(NavdClient.connect(socket),
      (e) => e.code === 'EFOREIGNSOCKET' && /its directory .* belongs to uid 65534/.test(e.message));
  } finally {
    server.close();
    fs.rmSync(base, { recursive: true, force: true });
  }
});

test('nothing answering: navd is started on the socket, detached, and outlives the client', async () => {
  const fs = require('fs');
  const os = require('os');
  const path = require('path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navd-autostart-'));
  const socket = path.join(dir, 'navd.sock');
  try {
    await assert.rejects(NavdClient.connect(socket, { autostart: false }), (e) => e.code === 'ENOENT');
    const saved = process.env.NAVD_AUTOSTART;
    process.env.NAVD_AUTOSTART = '0';
    try {
      await assert.rejects(NavdClient.connect(socket), (e) => e.code === 'ENOENT');
    } finally {
      if (saved === undefined) delete process.env.NAVD_AUTOSTART; else process.env.NAVD_AUTOSTART = saved;
    }
    assert.ok(!fs.existsSync(socket), 'autostart off starts nothing');
    const started = await NavdClient.connect(socket, { navd: binary() });
    const { pid } = await started.daemonStatus();
    started.close();
    try {
      const again = await NavdClient.connect(socket, { autostart: false });
      assert.strictEqual((await again.daemonStatus()).pid, pid);
      again.close();
    } finally {
      process.kill(pid, 'SIGTERM');
    }
    await assert.rejects(NavdClient.connect(path.join(dir, 'other.sock'), { navd: path.join(dir, 'no-such-navd') }),
      (e) => e.code === 'ENAVDNOTFOUND' && /could not be started/.test(e.message));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
