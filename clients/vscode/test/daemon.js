'use strict';
// Starts navd on a socket in a fresh temporary directory ($NAVD_BIN, else <repo>/.build/debug/navd).
const assert = require('node:assert');
const { spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');

const repo = path.resolve(__dirname, '..', '..', '..');

function binary() {
  return process.env.NAVD_BIN || path.join(repo, '.build', 'debug', 'navd');
}

function accepts(socket) {
  return new Promise((resolve) => {
    const probe = net.createConnection(socket);
    probe.once('connect', () => { probe.destroy(); resolve(true); });
    probe.once('error', () => resolve(false));
  });
}

async function startDaemon() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navd-vscode-'));
  const socket = path.join(dir, 'navd.sock');
  const child = spawn(binary(), ['--socket', socket], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  let exited = null;
  child.once('exit', (code) => { exited = code; });
  const deadline = Date.now() + 20000;
  const fail = (message) => {
    if (exited === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(message);
  };
  while (!(await accepts(socket))) {
    if (exited !== null) fail(`navd exited with ${exited}: ${stderr}`);
    if (Date.now() > deadline) fail(`navd did not listen: ${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    socket,
    async stop() {
      if (exited === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await done;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startDaemon, repo, binary };

const answered = new Map();

/**
 * True when the daemon behind `client` answers every one of `methods`; otherwise fails the test `t`,
 * saying which one it lacks (-32601): every method exists in the daemon this suite runs against.
 */
async function requires(t, client, ...methods) {
  for (const method of methods) {
    if (!answered.has(method)) {
      try {
        await client.request(method, {});
        answered.set(method, true);
      } catch (error) {
        answered.set(method, error.code !== -32601);
      }
    }
    if (!answered.get(method)) {
      assert.fail(`the daemon does not answer ${method}`);
    }
  }
  return true;
}

module.exports.requires = requires;
