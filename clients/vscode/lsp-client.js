'use strict';
// A language-server client in plain node (no dependencies, no `vscode`): LSP's base protocol
// (Content-Length framed JSON-RPC 2.0) over a child process's standard input and output.
//
//   const { LspClient } = require('./lsp-client');
//   const client = await LspClient.start('navctl', ['lsp'], { rootPath: '/path/to/app',
//     before: (c) => c.onNotification('$/progress', ...) });  // handlers for what comes during initialize
//   client.capabilities.textDocumentSync                       // the server's initialize result
//   client.onNotification('textDocument/publishDiagnostics', ({ uri, diagnostics }) => ...);
//   client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
//   const hover = await client.request('textDocument/hover', { textDocument: { uri }, position });
//   await client.stop();                                        // shutdown, exit: resolves to the exit status
//
// Requests the server sends are answered: client/registerCapability and unregisterCapability
// (kept in `client.registrations`, events 'register' and 'unregister'),
// window/workDoneProgress/create, workspace/configuration (null for each item),
// workspace/workspaceFolders; onRequest(method, handler) adds or replaces a handler, anything
// else is answered -32601.

const { spawn } = require('child_process');
const { EventEmitter } = require('events');
const path = require('path');
const { pathToFileURL } = require('url');

const ErrorCodes = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerNotInitialized: -32002,
  RequestCancelled: -32800,
};

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');

/** One message as it goes on the wire: the Content-Length header (UTF-8 bytes) and the JSON body. */
function encode(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** A stream that does not follow the base protocol (bad header, body that is not JSON). */
class ProtocolError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/**
 * Cuts a byte stream into messages: push(chunk) returns the messages that chunk completes, in
 * order; a chunk may end anywhere (inside a header, a body or a UTF-8 sequence) and may hold
 * several messages. Throws a ProtocolError on a header without a valid Content-Length, a charset
 * other than UTF-8, or a body that is not JSON.
 */
class FrameDecoder {
  constructor() {
    this.buffer = Buffer.alloc(0);
    this.length = null;      // the body length of the message being read, once its header is in
  }

  push(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : Buffer.from(chunk);
    const messages = [];
    for (;;) {
      if (this.length === null) {
        const end = this.buffer.indexOf(HEADER_END);
        if (end < 0) return messages;
        this.length = FrameDecoder.contentLength(this.buffer.subarray(0, end).toString('ascii'));
        this.buffer = this.buffer.subarray(end + HEADER_END.length);
      }
      if (this.buffer.length < this.length) return messages;
      const body = this.buffer.subarray(0, this.length).toString('utf8');
      this.buffer = this.buffer.subarray(this.length);
      this.length = null;
      try {
        messages.push(JSON.parse(body));
      } catch (error) {
        throw new ProtocolError(`message body is not JSON: ${error.message}`);
      }
    }
  }

  static contentLength(header) {
    let length = null;
    for (const line of header.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) throw new ProtocolError(`malformed header line: ${JSON.stringify(line)}`);
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') {
        if (!/^\d+$/.test(value)) throw new ProtocolError(`bad Content-Length: ${JSON.stringify(value)}`);
        length = Number(value);
      } else if (name === 'content-type') {
        const charset = /charset=([^;\s]+)/i.exec(value);
        if (charset && !/^utf-?8$/i.test(charset[1].replace(/"/g, ''))) {
          throw new ProtocolError(`unsupported charset: ${charset[1]}`);
        }
      }
    }
    if (length === null) throw new ProtocolError('header without Content-Length');
    return length;
  }
}

/** An error response: `code`, `message` and `data` as the other side sent them. */
class ResponseError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'ResponseError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

/**
 * JSON-RPC over a pair of streams: `input` what the other side writes (a server's stdout),
 * `output` where this side writes (its stdin). Events: 'notification' (method, params) for every
 * notification, 'request' (method, params) for every request received, 'error' (a ProtocolError,
 * an error response nobody waits for, a notification handler's exception; only when something
 * listens), 'close' (reason) when the input ends or cannot be read.
 */
class Connection extends EventEmitter {
  constructor(input, output) {
    super();
    this.input = input;
    this.output = output;
    this.nextId = 1;
    this.pending = new Map();              // id -> { resolve, reject, method }
    this.requestHandlers = new Map();
    this.notificationHandlers = new Map();
    this.closed = false;
    const decoder = new FrameDecoder();
    this.onData = (chunk) => {
      let messages;
      try {
        messages = decoder.push(chunk);
      } catch (error) {
        this.close(error);
        this.report(error);
        return;
      }
      for (const message of messages) this.dispatch(message);
    };
    input.on('data', this.onData);
    input.on('end', () => this.close(new Error('the connection closed')));
    input.on('error', (error) => this.close(error));
    output.on('error', () => {});          // the other side went away; 'close' tells the rest
  }

  /** 'error' for what nobody asked about; dropped when nothing listens (an EventEmitter would throw). */
  report(error) {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }

  write(message) {
    if (this.closed) throw new Error('the connection is closed');
    this.output.write(encode({ jsonrpc: '2.0', ...message }));
  }

  /** Sends a request; resolves to its result, rejects with a ResponseError. */
  request(method, params, token) {
    if (this.closed) return Promise.reject(new Error(`cannot send ${method}: the connection is closed`));
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      const message = { id, method };
      if (params !== undefined) message.params = params;
      this.write(message);
      if (token) {
        const cancel = () => {
          if (!this.pending.has(id)) return;
          this.pending.delete(id);
          if (!this.closed) this.write({ method: '$/cancelRequest', params: { id } });
          reject(new ResponseError(ErrorCodes.RequestCancelled, `${method} cancelled`));
        };
        if (token.isCancellationRequested) cancel();
        else if (typeof token.onCancellationRequested === 'function') token.onCancellationRequested(cancel);
        else if (typeof token.addEventListener === 'function') token.addEventListener('abort', cancel, { once: true });
      }
    });
  }

  notify(method, params) {
    const message = { method };
    if (params !== undefined) message.params = params;
    this.write(message);
  }

  /** `handler(params)` answers `method` (its value or promise is the result; a ResponseError the error). */
  onRequest(method, handler) {
    this.requestHandlers.set(method, handler);
  }

  /** `handler(params)` is called for every `method` notification (besides the 'notification' event). */
  onNotification(method, handler) {
    if (!this.notificationHandlers.has(method)) this.notificationHandlers.set(method, []);
    this.notificationHandlers.get(method).push(handler);
    return { dispose: () => {
      const list = this.notificationHandlers.get(method) || [];
      const at = list.indexOf(handler);
      if (at >= 0) list.splice(at, 1);
    } };
  }

  dispatch(message) {
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      this.report(new ProtocolError(`not a JSON-RPC message: ${JSON.stringify(message)}`));
      return;
    }
    if (typeof message.method === 'string') {
      if (message.id === undefined) this.receiveNotification(message.method, message.params);
      else this.receiveRequest(message.id, message.method, message.params);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) {
      if (message.error) this.report(new ResponseError(message.error.code, message.error.message, message.error.data));
      return;    // a cancelled request's late answer
    }
    this.pending.delete(message.id);
    if (message.error) {
      waiting.reject(new ResponseError(message.error.code, message.error.message, message.error.data));
    } else {
      waiting.resolve(message.result === undefined ? null : message.result);
    }
  }

  receiveNotification(method, params) {
    for (const handler of [...(this.notificationHandlers.get(method) || [])]) {
      try {
        handler(params);
      } catch (error) {
        this.report(error);
      }
    }
    this.emit('notification', method, params);
  }

  async receiveRequest(id, method, params) {
    this.emit('request', method, params);
    const handler = this.requestHandlers.get(method);
    let reply;
    if (!handler) {
      reply = { id, error: { code: ErrorCodes.MethodNotFound, message: `unhandled method ${method}` } };
    } else {
      try {
        const result = await handler(params);
        reply = { id, result: result === undefined ? null : result };
      } catch (error) {
        const code = Number.isInteger(error.code) ? error.code : ErrorCodes.InternalError;
        reply = { id, error: { code, message: error.message } };
        if (error.data !== undefined) reply.error.data = error.data;
      }
    }
    if (!this.closed) this.write(reply);
  }

  /** Stops reading; pending requests reject with `reason`. */
  close(reason = new Error('the connection closed')) {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    for (const [, waiting] of this.pending) {
      const error = new Error(`${waiting.method}: ${reason.message}`);
      error.cause = reason;
      waiting.reject(error);
    }
    this.pending.clear();
    this.emit('close', reason);
  }
}

/**
 * What the client tells the server in `initialize`: what the VS Code extension does with it
 * (it applies workspace/applyEdit and runs the file watchers the server registers). Pass
 * `capabilities` to start() to claim less.
 */
const CLIENT_CAPABILITIES = {
  general: { positionEncodings: ['utf-16'] },
  workspace: {
    applyEdit: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
    didChangeWatchedFiles: { dynamicRegistration: true },
    executeCommand: { dynamicRegistration: false },
    workspaceFolders: true,
    configuration: true,
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: true, willSave: false, willSaveWaitUntil: false },
    publishDiagnostics: {
      relatedInformation: true,
      tagSupport: { valueSet: [1, 2] },
      versionSupport: true,
      codeDescriptionSupport: true,
      dataSupport: true,
    },
    hover: { dynamicRegistration: false, contentFormat: ['markdown', 'plaintext'] },
    codeLens: { dynamicRegistration: false },
    codeAction: {
      dynamicRegistration: false,
      isPreferredSupport: true,
      disabledSupport: true,
      dataSupport: true,
      codeActionLiteralSupport: {
        codeActionKind: {
          valueSet: ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite',
            'source', 'source.organizeImports', 'source.fixAll'],
        },
      },
    },
  },
  window: { workDoneProgress: true, showMessage: {} },
};

function fileUri(fsPath) {
  return pathToFileURL(path.resolve(fsPath)).href;
}

/**
 * A language server in a child process, initialized. Besides Connection's methods:
 * `capabilities` and `serverInfo` (the initialize result), `registrations` (id -> {method,
 * registerOptions}), `process`, `stderr` (what the server logged), `exited` (a promise of
 * {code, signal}), stop().
 */
class LspClient extends Connection {
  constructor(child, options = {}) {
    super(child.stdout, child.stdin);
    this.process = child;
    this.capabilities = null;
    this.serverInfo = null;
    this.registrations = new Map();
    this.workspaceFolders = options.workspaceFolders || [];
    this.stderr = '';
    child.on('error', (error) => this.report(error));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      this.stderr += text;
      if (this.stderr.length > 65536) this.stderr = this.stderr.slice(-32768);
      this.emit('stderr', text);
    });
    this.exitStatus = null;
    this.stopped = null;
    this.exited = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        this.exitStatus = { code, signal };
        this.close(new Error(`the server exited (${signal || `status ${code}`})`));
        this.emit('exit', code, signal);
        resolve(this.exitStatus);
      });
    });
    this.onRequest('client/registerCapability', ({ registrations }) => {
      for (const r of registrations || []) {
        this.registrations.set(r.id, { method: r.method, registerOptions: r.registerOptions });
        this.emit('register', r);
      }
      return null;
    });
    this.onRequest('client/unregisterCapability', (params) => {
      // The protocol's own misspelling: `unregisterations`.
      for (const r of (params && (params.unregisterations || params.unregistrations)) || []) {
        this.registrations.delete(r.id);
        this.emit('unregister', r);
      }
      return null;
    });
    this.onRequest('window/workDoneProgress/create', () => null);
    this.onRequest('workspace/configuration', ({ items }) => (items || []).map(() => null));
    this.onRequest('workspace/workspaceFolders', () => this.workspaceFolders);
  }

  /**
   * Starts `command args` and initializes it. Options: `rootPath` or `rootUri`, `workspaceFolders`
   * ([{uri, name}]; default the root), `capabilities` (default CLIENT_CAPABILITIES),
   * `initializationOptions`, `clientInfo`, `cwd`, `env`, `timeout` (ms for initialize; none by default),
   * `before(client)` (called before initialize is sent: register handlers there).
   * Rejects when the command cannot start or initialize fails; the process is then ended.
   */
  static async start(command, args = [], options = {}) {
    const rootUri = options.rootUri || (options.rootPath ? fileUri(options.rootPath) : null);
    const workspaceFolders = options.workspaceFolders
      || (rootUri ? [{ uri: rootUri, name: path.basename(new URL(rootUri).pathname) || rootUri }] : null);
    const child = spawn(command, args, {
      cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true,
    });
    const started = await new Promise((resolve) => {
      child.once('spawn', () => resolve(null));
      child.once('error', (error) => resolve(error));
    });
    if (started) {
      const error = new Error(`cannot start ${command}: ${started.message}`);
      error.code = started.code;
      throw error;
    }
    const client = new LspClient(child, { workspaceFolders: workspaceFolders || [] });
    if (options.before) options.before(client);
    try {
      const initialize = client.request('initialize', {
        processId: process.pid,
        clientInfo: options.clientInfo || { name: 'navd-vscode', version: '0.1.0' },
        locale: 'en',
        rootPath: rootUri ? new URL(rootUri).pathname : null,
        rootUri,
        workspaceFolders,
        capabilities: options.capabilities || CLIENT_CAPABILITIES,
        initializationOptions: options.initializationOptions,
        trace: 'off',
      });
      const result = await (options.timeout ? withTimeout(initialize, options.timeout, 'initialize') : initialize);
      client.capabilities = (result && result.capabilities) || {};
      client.serverInfo = (result && result.serverInfo) || null;
      client.notify('initialized', {});
    } catch (error) {
      client.kill();
      const stderr = client.stderr.trim();
      throw new Error(`${command} ${args.join(' ')}: ${error.message}${stderr ? `\n${stderr}` : ''}`);
    }
    return client;
  }

  get running() {
    return this.exitStatus === null;
  }

  /**
   * shutdown, then exit; resolves to {code, signal} once the process is gone. A server that has not
   * answered or exited `timeout` ms (default 10 s) after each step is killed. Calling it again
   * waits for the same stop.
   */
  stop({ timeout = 10000 } = {}) {
    if (!this.stopped) this.stopped = this.shutdownAndExit(timeout);
    return this.stopped;
  }

  async shutdownAndExit(timeout) {
    if (!this.running) return this.exitStatus;
    try {
      if (!this.closed) {
        await withTimeout(this.request('shutdown'), timeout, 'shutdown');
        this.notify('exit');
      }
    } catch {
      // No answer, or it is gone already: exit anyway.
      if (!this.closed) { try { this.notify('exit'); } catch { /* closed meanwhile */ } }
    }
    this.process.stdin.end();
    let timer;
    const status = await Promise.race([
      this.exited,
      new Promise((resolve) => { timer = setTimeout(() => resolve(null), timeout); }),
    ]);
    clearTimeout(timer);
    if (status) return status;
    this.kill();
    return this.exited;
  }

  kill() {
    if (this.running) this.process.kill('SIGKILL');
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

module.exports = {
  CLIENT_CAPABILITIES, Connection, ErrorCodes, FrameDecoder, LspClient, ProtocolError, ResponseError,
  encode, fileUri,
};
