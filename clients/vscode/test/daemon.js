'use strict';
// Starts navd on a socket in a fresh temporary directory ($NAVD_BIN, else <repo>/.build/debug/navd).
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
  while (!(await accepts(socket))) {
    if (exited !== null) throw new Error(`navd exited with ${exited}: ${stderr}`);
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`navd did not listen: ${stderr}`); }
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

module.exports = { startDaemon, repo };
