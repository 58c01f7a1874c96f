'use strict';
// navd client: newline-delimited JSON-RPC 2.0 over navd's Unix socket (node's `net`, no dependencies).
//
//   const { NavdClient } = require('./client');
//   const navd = await NavdClient.connect();               // socket path chain: see socketPath()
//   const { sessionId } = await navd.sessionCreate({ screens: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] });
//   (await navd.titleBack({ sessionId })).title            // 'A'
//   navd.on('notification', (method, params) => ...);

const fs = require('fs');
const childProcess = require('child_process');
const net = require('net');
const os = require('os');
const path = require('path');
const { EventEmitter } = require('events');

// The method table and the helpers, generated from docs/openrpc.json (scripts/gen_clients.py).
const { METHODS, NOTIFICATION_METHODS, PARAMS, install } = require('./methods');

/** The socket navd listens on: $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, else /tmp/navd-<uid>/navd.sock. */
function socketPath(env = process.env) {
  if (env.NAVD_SOCKET) return env.NAVD_SOCKET;
  if (env.XDG_RUNTIME_DIR) return path.join(env.XDG_RUNTIME_DIR, 'navd', 'navd.sock');
  return `/tmp/navd-${os.userInfo().uid}/navd.sock`;
}

/** An error reply: code, message, data. */
class NavdError extends Error {
  constructor(code, message, data) {
    super(`${message} (code ${code})`);
    this.name = 'NavdError';
    this.code = code;
    this.rpcMessage = message;
    this.data = data;
  }
}

/**
 * One connection to navd. Events: 'notification' (method, params), 'message' (every decoded
 * message, in arrival order), 'close'.
 */
/**
 * Why `socket` must not be trusted, or null: it, or its directory, belongs to another user, who could be
 * posing as navd there or could replace the socket. A sticky directory such as /tmp is not held against
 * it; a missing socket is left to connect to report.
 */
function foreignSocket(socket) {
  const me = process.getuid();
  let info;
  try {
    info = fs.lstatSync(socket);
  } catch {
    return null;
  }
  if (info.uid !== me) return `refusing ${socket}: the socket belongs to uid ${info.uid}, not to you (uid ${me})`;
  const directory = path.dirname(path.resolve(socket));
  try {
    const dir = fs.statSync(directory);
    if (dir.uid !== me && (dir.mode & 0o1000) === 0) {
      return `refusing ${socket}: its directory ${directory} belongs to uid ${dir.uid}, not to you (uid ${me})`;
    }
  } catch {
    return null;
  }
  return null;
}

class NavdClient extends EventEmitter {
  constructor(socket, { timeout = 10000 } = {}) {
    super();
    this.socket = socket;
    this.timeout = timeout;
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = '';
    this.closed = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => this._onData(chunk));
    socket.on('close', () => this._onClose());
    socket.on('error', (error) => { this.lastError = error; });
  }

  /**
   * Connects to `socket` (default: socketPath()); refuses one that another user owns (see foreignSocket).
   * When nothing answers there (no socket, or a stale one), navd is started on that path, detached so that
   * it outlives the editor, and the connection is made once it serves. Options: `autostart` (default true;
   * NAVD_AUTOSTART=0 turns it off too), `navd` (the binary: else $NAVD_BIN, else navd on PATH) and
   * `startTimeout` (ms, default 10000); the rest go to the client (`timeout`).
   */
  static async connect(socket = socketPath(), options = {}) {
    const { autostart = !/^(0|false|no|off)$/i.test(process.env.NAVD_AUTOSTART || ''), navd, startTimeout = 10000 } = options;
    // No socket, or a stale one: what a started daemon cures.
    const nothingAnswers = (error) => error.code === 'ENOENT' || error.code === 'ECONNREFUSED';
    try {
      return await NavdClient._connectOnce(socket, options);
    } catch (error) {
      if (!autostart || !nothingAnswers(error)) throw error;
    }
    await startDetachedDaemon(socket, navd || process.env.NAVD_BIN || 'navd');
    const deadline = Date.now() + startTimeout;
    for (;;) {
      try {
        return await NavdClient._connectOnce(socket, options);
      } catch (error) {
        if (!nothingAnswers(error)) throw error;
        if (Date.now() > deadline) {
          const late = new Error(`navd was started on ${socket} but did not answer within ${startTimeout} ms; run \`navd --socket ${socket}\` to see why`);
          late.code = 'ENAVDSTART';
          throw late;
        }
        await new Promise((resume) => setTimeout(resume, 25));
      }
    }
  }

  static _connectOnce(socket, options) {
    return new Promise((resolve, reject) => {
      const refusal = foreignSocket(socket);
      if (refusal) {
        const error = new Error(refusal);
        error.code = 'EFOREIGNSOCKET';
        reject(error);
        return;
      }
      const connection = net.createConnection(socket);
      const onError = (error) => reject(error);
      connection.once('error', onError);
      connection.once('connect', () => {
        connection.removeListener('error', onError);
        const client = new NavdClient(connection, options);
        client.path = socket;
        resolve(client);
      });
    });
  }

  _onData(chunk) {
    this.buffer += chunk;
    let newline;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (!line.trim()) continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch (error) {
        this.emit('protocolError', error, line);
        continue;
      }
      this.emit('message', message);
      for (const one of Array.isArray(message) ? message : [message]) this._dispatch(one);
    }
  }

  _dispatch(message) {
    if (!message || typeof message !== 'object') return;
    if (message.method !== undefined && message.id === undefined) {
      this.emit('notification', message.method, message.params);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.error !== undefined) {
      const e = message.error || {};
      waiting.reject(new NavdError(e.code, e.message, e.data));
    } else {
      waiting.resolve(message.result);
    }
  }

  _onClose() {
    if (this.closed && this.pending.size === 0) return;
    this.closed = true;
    for (const [, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new NavdError(-32603, 'connection closed'));
    }
    this.pending.clear();
    this.emit('close');
  }

  /** Writes one JSON value as one line. */
  sendMessage(message) {
    if (this.closed) throw new NavdError(-32603, 'connection closed');
    this.socket.write(JSON.stringify(message) + '\n');
  }

  /** Sends a request; resolves with its result, rejects with a NavdError. */
  request(method, params, { timeout = this.timeout } = {}) {
    const id = this.nextId++;
    const message = { jsonrpc: '2.0', id, method };
    if (params !== undefined) message.params = params;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new NavdError(-32603, `${method}: no reply from navd in time`));
      }, timeout);
      this.pending.set(id, { resolve, reject, timer });
      try {
        this.sendMessage(message);
      } catch (error) {
        this.pending.delete(id);
        clearTimeout(timer);
        reject(error);
      }
    });
  }

  /** Sends a notification. */
  notify(method, params) {
    const message = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    this.sendMessage(message);
  }

  /** Resolves with the next notification {method, params} (of `method`, when given), or rejects after `timeout` ms. */
  nextNotification(method, timeout = this.timeout) {
    return new Promise((resolve, reject) => {
      const listener = (m, params) => {
        if (method && m !== method) return;
        clearTimeout(timer);
        this.removeListener('notification', listener);
        resolve({ method: m, params });
      };
      const timer = setTimeout(() => {
        this.removeListener('notification', listener);
        reject(new Error(`no ${method || 'notification'} within ${timeout} ms`));
      }, timeout);
      this.on('notification', listener);
    });
  }

  /** Closes the connection. */
  close() {
    this.closed = true;
    this.socket.end();
    this.socket.destroy();
  }
}

install(NavdClient);

/**
 * Starts `binary --socket path` in its own process group with no stdio, not tied to this process: it keeps
 * serving after the editor exits. Two starts that race are safe: navd lets one daemon serve a socket.
 * Rejects (code ENAVDNOTFOUND) when the binary cannot be run.
 */
function startDetachedDaemon(path, binary) {
  return new Promise((resolve, reject) => {
    const child = childProcess.spawn(binary, ['--socket', path], { detached: true, stdio: 'ignore' });
    child.once('error', (error) => {
      const missing = new Error(`nothing answers on ${path}, and navd (${binary}) could not be started to serve it: ${error.message}; install navd, set navd.navd (or NAVD_BIN), or turn navd.autostart off`);
      missing.code = 'ENAVDNOTFOUND';
      reject(missing);
    });
    child.once('spawn', () => {
      child.unref();
      resolve(child.pid);
    });
  });
}

module.exports = { METHODS, NOTIFICATION_METHODS, PARAMS, NavdClient, NavdError, foreignSocket, socketPath, startDetachedDaemon };
