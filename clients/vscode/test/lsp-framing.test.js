'use strict';
// The language client's base protocol (lsp-client.js) without a server: Content-Length framing cut
// anywhere and run together, UTF-8 bodies, and the connection's requests, responses, the server's
// requests and notifications, over a pair of in-process streams.
const test = require('node:test');
const assert = require('assert');
const { once } = require('events');
const { PassThrough } = require('stream');
const { Connection, ErrorCodes, FrameDecoder, LspClient, ProtocolError, ResponseError, encode } = require('../lsp-client');

const MESSAGES = [
  { jsonrpc: '2.0', id: 1, result: { capabilities: {} } },
  { jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'Zurück ‹ 受信箱 🚀' } },
  { jsonrpc: '2.0', id: 'x', method: 'client/registerCapability', params: { registrations: [] } },
  { jsonrpc: '2.0', method: '$/progress', params: { token: 't', value: { kind: 'end', message: 'ä'.repeat(300) } } },
];

/** The wire form of `messages`, run together. */
function wire(messages) {
  return Buffer.concat(messages.map(encode));
}

test('encode counts the body in UTF-8 bytes, not characters', () => {
  const message = { jsonrpc: '2.0', method: 'm', params: { text: '🚀é' } };
  const bytes = encode(message);
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  assert.strictEqual(bytes.toString('ascii', 0, bytes.indexOf('\r\n\r\n')), `Content-Length: ${body.length}`);
  assert.ok(body.length > JSON.stringify(message).length, 'the body holds multi-byte characters');
  assert.deepStrictEqual(bytes.subarray(bytes.length - body.length), body);
});

test('concatenated messages in one chunk come out in order', () => {
  const decoder = new FrameDecoder();
  assert.deepStrictEqual(decoder.push(wire(MESSAGES)), MESSAGES);
  assert.deepStrictEqual(decoder.push(Buffer.alloc(0)), []);
});

test('a stream cut at every byte (inside headers, bodies and UTF-8 sequences) gives the same messages', () => {
  const bytes = wire(MESSAGES);
  for (let cut = 1; cut < bytes.length; cut += 1) {
    const decoder = new FrameDecoder();
    const got = [...decoder.push(bytes.subarray(0, cut)), ...decoder.push(bytes.subarray(cut))];
    assert.deepStrictEqual(got, MESSAGES, `cut at ${cut}`);
  }
  const decoder = new FrameDecoder();
  const got = [];
  for (let i = 0; i < bytes.length; i += 1) got.push(...decoder.push(bytes.subarray(i, i + 1)));
  assert.deepStrictEqual(got, MESSAGES, 'one byte at a time');
});

test('a message is held back until its whole body is in', () => {
  const decoder = new FrameDecoder();
  const bytes = encode(MESSAGES[1]);
  assert.deepStrictEqual(decoder.push(bytes.subarray(0, bytes.length - 1)), []);
  assert.deepStrictEqual(decoder.push(bytes.subarray(bytes.length - 1)), [MESSAGES[1]]);
});

test('headers: any case, Content-Type, and what is refused', () => {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'ö' }), 'utf8');
  const framed = (header) => Buffer.concat([Buffer.from(`${header}\r\n\r\n`, 'ascii'), body]);
  const decode = (header) => new FrameDecoder().push(framed(header));
  assert.deepStrictEqual(decode(`content-length: ${body.length}`), [{ jsonrpc: '2.0', method: 'ö' }]);
  assert.deepStrictEqual(decode(`Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: ${body.length}`),
    [{ jsonrpc: '2.0', method: 'ö' }]);
  assert.deepStrictEqual(decode(`Content-Length: ${body.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf8`),
    [{ jsonrpc: '2.0', method: 'ö' }]);
  assert.throws(() => decode('Content-Type: application/vscode-jsonrpc'), ProtocolError);
  assert.throws(() => decode('Content-Length: twelve'), ProtocolError);
  assert.throws(() => decode(`Content-Length: ${body.length}\r\nContent-Type: text/plain; charset=latin1`), ProtocolError);
  assert.throws(() => new FrameDecoder().push(Buffer.from('Content-Length: 3\r\n\r\n{x}', 'ascii')), /not JSON/);
});

/** A Connection and the other end of its two streams: what it wrote (decoded) and a way to answer. */
function pair() {
  const fromServer = new PassThrough();
  const toServer = new PassThrough();
  const connection = new Connection(fromServer, toServer);
  const decoder = new FrameDecoder();
  const unread = [];
  const waiting = [];
  toServer.on('data', (chunk) => {
    for (const m of decoder.push(chunk)) {
      if (waiting.length) waiting.shift()(m);
      else unread.push(m);
    }
  });
  /** The next message the connection writes. */
  const next = () => (unread.length ? Promise.resolve(unread.shift()) : new Promise((resolve) => waiting.push(resolve)));
  const send = (...messages) => fromServer.write(wire(messages));
  return { connection, next, send, fromServer };
}

test('requests get their own ids; responses resolve or reject the right one, in any order', async () => {
  const { connection, next, send } = pair();
  const firstSent = next();
  const first = connection.request('textDocument/hover', { position: { line: 1, character: 2 } });
  const a = await firstSent;
  const secondSent = next();
  const second = connection.request('textDocument/codeLens', { textDocument: { uri: 'file:///x' } });
  const b = await secondSent;
  assert.notStrictEqual(a.id, b.id);
  assert.deepStrictEqual([a.jsonrpc, a.method, a.params], ['2.0', 'textDocument/hover', { position: { line: 1, character: 2 } }]);
  send({ jsonrpc: '2.0', id: b.id, error: { code: ErrorCodes.MethodNotFound, message: 'no lenses', data: { x: 1 } } },
    { jsonrpc: '2.0', id: a.id, result: { contents: { kind: 'markdown', value: '`Inbox` ‹ 🚀' } } });
  assert.deepStrictEqual(await first, { contents: { kind: 'markdown', value: '`Inbox` ‹ 🚀' } });
  await assert.rejects(second, (error) => error instanceof ResponseError && error.code === -32601
    && error.message === 'no lenses' && error.data.x === 1);
});

test('a result-less response resolves to null; notifications go out without an id', async () => {
  const { connection, next, send } = pair();
  const sent = next();
  const shutdown = connection.request('shutdown');
  const request = await sent;
  assert.ok(!('params' in request));
  send({ jsonrpc: '2.0', id: request.id, result: null });
  assert.strictEqual(await shutdown, null);
  const exit = next();
  connection.notify('exit');
  assert.deepStrictEqual(await exit, { jsonrpc: '2.0', method: 'exit' });
});

test('notifications reach their handlers and the notification event', async () => {
  const { connection, send } = pair();
  const seen = [];
  connection.onNotification('textDocument/publishDiagnostics', (params) => seen.push(params));
  const event = once(connection, 'notification');
  send({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///ü.swift', diagnostics: [] } });
  const [method, params] = await event;
  assert.strictEqual(method, 'textDocument/publishDiagnostics');
  assert.deepStrictEqual(seen, [params]);
  assert.strictEqual(params.uri, 'file:///ü.swift');
});

test('the server\'s requests are answered: handled, failing, and unknown ones', async () => {
  const { connection, next, send } = pair();
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/configuration', async ({ items }) => items.map(() => null));
  connection.onRequest('workspace/applyEdit', () => { throw new ResponseError(-32803, 'refused'); });
  send({ jsonrpc: '2.0', id: 7, method: 'window/workDoneProgress/create', params: { token: 'navd/indexing' } });
  assert.deepStrictEqual(await next(), { jsonrpc: '2.0', id: 7, result: null });
  send({ jsonrpc: '2.0', id: 'c', method: 'workspace/configuration', params: { items: [{}, {}] } });
  assert.deepStrictEqual(await next(), { jsonrpc: '2.0', id: 'c', result: [null, null] });
  send({ jsonrpc: '2.0', id: 8, method: 'workspace/applyEdit', params: { edit: {} } });
  assert.deepStrictEqual(await next(), { jsonrpc: '2.0', id: 8, error: { code: -32803, message: 'refused' } });
  send({ jsonrpc: '2.0', id: 9, method: 'window/showDocument', params: { uri: 'file:///x' } });
  const unknown = await next();
  assert.strictEqual(unknown.id, 9);
  assert.strictEqual(unknown.error.code, -32601);
});

test('cancelling a request sends $/cancelRequest and rejects it', async () => {
  const { connection, next } = pair();
  const controller = new AbortController();
  const sent = next();
  const pending = connection.request('textDocument/hover', {}, controller.signal);
  const request = await sent;
  const cancel = next();
  controller.abort();
  await assert.rejects(pending, (error) => error.code === ErrorCodes.RequestCancelled);
  assert.deepStrictEqual(await cancel, { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: request.id } });
});

test('a broken stream closes the connection and rejects what is pending', async () => {
  const { connection, fromServer } = pair();
  const errors = [];
  connection.on('error', (error) => errors.push(error));
  const pending = connection.request('initialize', {});
  const closed = once(connection, 'close');
  fromServer.write(Buffer.from('Content-Length: x\r\n\r\n', 'ascii'));
  await closed;
  await assert.rejects(pending, /initialize: bad Content-Length/);
  assert.ok(errors[0] instanceof ProtocolError);
  await assert.rejects(connection.request('shutdown'), /closed/);
});

test('a command that does not exist is refused by start', async () => {
  await assert.rejects(LspClient.start('/nonexistent/navctl', ['lsp']), /cannot start \/nonexistent\/navctl/);
});
