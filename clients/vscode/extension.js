'use strict';
// The navd extension: commands that ask the daemon about a session's navigation bar, a status
// bar item with the top screen's back title and tint, a webview with the rendered bar, a
// channel listing the session's notifications, and diagnostics in the Problems panel: navctl
// lint's findings for open *.navd.json documents and the followed session's live diagnostics.
const vscode = require('vscode');
const { EventEmitter } = require('events');
const path = require('path');
const { NavdClient, socketPath } = require('./client');
const format = require('./format');
const lint = require('./lint');

const SEVERITY = { error: 'Error', warning: 'Warning', info: 'Information' };

function createExtension(context) {
  const state = {
    client: null,
    sessionId: null,
    methods: [],
    status: null,
    panel: null,
    channel: null,
    events: new EventEmitter(),
  };

  const statusItem = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 100);
  statusItem.command = 'navd.backTitle';
  statusItem.text = 'navd';
  statusItem.tooltip = 'navd: not connected';
  context.subscriptions.push(statusItem);
  state.statusItem = statusItem;

  function config(key) {
    const value = vscode.workspace.getConfiguration('navd').get(key);
    return typeof value === 'string' && value !== '' ? value : null;
  }

  function setting(key, fallback) {
    const value = vscode.workspace.getConfiguration('navd').get(key);
    return value === undefined || value === null ? fallback : value;
  }

  // Problems: navctl lint's findings per open document, and the followed session's diagnostics.
  const lintDiagnostics = vscode.languages.createDiagnosticCollection('navd');
  const sessionDiagnostics = vscode.languages.createDiagnosticCollection('navd session');
  context.subscriptions.push(lintDiagnostics, sessionDiagnostics);
  state.lintDiagnostics = lintDiagnostics;
  state.sessionDiagnostics = sessionDiagnostics;
  const lintRuns = new Map();    // document uri -> the run whose answer counts
  const lintTimers = new Map();
  let lastLintFailure = null;

  function isSessionDocument(document) {
    return Boolean(document && document.fileName && document.fileName.endsWith('.navd.json'));
  }

  function severity(name) {
    return vscode.DiagnosticSeverity[SEVERITY[name] || 'Hint'];
  }

  function placed(document, entry, message, level) {
    const line = Math.min(Math.max((entry.line || 1) - 1, 0), Math.max(document.lineCount - 1, 0));
    const text = document.lineAt(line).text;
    const start = lint.utf16Column(text, entry.column || 1);
    const range = new vscode.Range(line, start, line, lint.tokenEnd(text, start));
    const diagnostic = new vscode.Diagnostic(range, message, level);
    diagnostic.source = 'navd';
    return diagnostic;
  }

  function toDiagnostics(document, name, report) {
    const out = [];
    for (const entry of report.diagnostics) {
      if (entry.file !== name) continue;
      const d = placed(document, entry, lint.findingText(entry), severity(entry.severity));
      d.code = entry.code;
      d.navd = entry;
      out.push(d);
    }
    for (const entry of report.errors) {
      if (entry.file !== name) continue;
      const d = placed(document, entry, entry.message, vscode.DiagnosticSeverity.Error);
      d.navd = entry;
      out.push(d);
    }
    return out;
  }

  /** Lints `document` with navctl and puts its findings in the Problems panel. */
  async function lintDocument(document) {
    if (!isSessionDocument(document)) return undefined;
    const key = document.uri.toString();
    const run = {};
    lintRuns.set(key, run);
    const name = document.fileName;
    const navctl = lint.findNavctl(config('navctl'), path.dirname(name));
    try {
      if (!navctl) throw new lint.LintError('navctl not found: set navd.navctl or $NAVCTL_BIN', null, '');
      const report = await lint.runLint(navctl, document.getText(), name, { profiles: config('lint.profiles') });
      if (lintRuns.get(key) !== run) return undefined;    // a newer run replaced this one
      lintRuns.delete(key);
      const diagnostics = toDiagnostics(document, name, report);
      lintDiagnostics.set(document.uri, diagnostics);
      lastLintFailure = null;
      state.events.emit('linted', document, diagnostics);
      return diagnostics;
    } catch (error) {
      if (lintRuns.get(key) !== run) return undefined;
      lintRuns.delete(key);
      if (error.message !== lastLintFailure) vscode.window.showErrorMessage(`navd: ${error.message}`);
      lastLintFailure = error.message;
      state.events.emit('lintFailed', document, error);
      return undefined;
    }
  }

  function lintSoon(document) {
    if (!isSessionDocument(document) || !setting('lint.onChange', true)) return;
    const key = document.uri.toString();
    clearTimeout(lintTimers.get(key));
    lintTimers.set(key, setTimeout(() => { lintTimers.delete(key); lintDocument(document); },
      Number(setting('lint.delay', 300))));
  }

  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((document) => { lintDocument(document); }),
    vscode.workspace.onDidSaveTextDocument((document) => { lintDocument(document); }),
    vscode.workspace.onDidChangeTextDocument((event) => lintSoon(event.document)),
    vscode.workspace.onDidCloseTextDocument((document) => {
      const key = document.uri.toString();
      clearTimeout(lintTimers.get(key));
      lintTimers.delete(key);
      lintRuns.delete(key);
      lintDiagnostics.delete(document.uri);
    }),
    { dispose: () => { for (const timer of lintTimers.values()) clearTimeout(timer); lintTimers.clear(); } });

  function sessionUri(sessionId) {
    return vscode.Uri.parse(`navd-session:/${encodeURIComponent(sessionId)}`);
  }

  /** The followed session's diagnostics (a Diagnostic list from the daemon) in the Problems panel. */
  function showSessionDiagnostics(sessionId, list) {
    const diagnostics = (list || []).map((d) => {
      const diagnostic = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 0), lint.sessionText(d), severity(d.severity));
      diagnostic.source = 'navd';
      diagnostic.code = d.code;
      diagnostic.navd = d;
      return diagnostic;
    });
    sessionDiagnostics.set(sessionUri(sessionId), diagnostics);
    state.events.emit('sessionDiagnostics', sessionId, diagnostics);
  }

  async function ensureConnected() {
    if (state.client && !state.client.closed) return state.client;
    // Nothing answering: navd is started on the socket (navd.autostart, default on; navd.navd names it).
    const client = await NavdClient.connect(config('socket') || socketPath(), {
      autostart: setting('autostart', true), navd: config('navd') || undefined });
    const init = await client.initialize({ clientInfo: { name: 'navd-vscode', version: '0.1.0' } });
    state.methods = (init && init.capabilities && init.capabilities.methods) || [];
    client.on('notification', onNotification);
    client.on('close', () => {
      if (state.client === client) {
        state.client = null;
        statusItem.text = 'navd: disconnected';
        statusItem.tooltip = 'navd: the connection closed; run "navd: Connect to the daemon"';
      }
    });
    state.client = client;
    return client;
  }

  async function pickSession(client) {
    const { sessions } = await client.sessionList();
    if (sessions.length === 0) throw new Error('navd has no session yet; create one (session/create)');
    if (sessions.length === 1) return sessions[0].sessionId;
    const picked = await vscode.window.showQuickPick(
      sessions.map((s) => ({ label: s.sessionId, description: `${s.name || ''} depth ${s.depth} v${s.version}` })),
      { placeHolder: 'Session to follow' });
    if (!picked) throw new Error('no session chosen');
    return picked.label;
  }

  async function follow(sessionId) {
    const client = await ensureConnected();
    if (state.sessionId !== sessionId) {
      if (state.sessionId) sessionDiagnostics.delete(sessionUri(state.sessionId));
      const { version } = await client.sessionSubscribe({ sessionId });
      state.sessionId = sessionId;
      state.diagnosticsVersion = version;
      // The current set; session/diagnostics notifications replace it from now on.
      try {
        const { diagnostics } = await client.barDiagnose({ sessionId });
        if (state.sessionId === sessionId) showSessionDiagnostics(sessionId, diagnostics);
      } catch (error) {
        if (error.code !== -32601) throw error;
      }
    }
    await refresh();
    return sessionId;
  }

  async function ensureSession() {
    const client = await ensureConnected();
    if (state.sessionId) return state.sessionId;
    return follow(config('session') || await pickSession(client));
  }

  /** Recomputes the status bar item (and the bar panel when open). */
  async function refresh() {
    const client = state.client;
    const sessionId = state.sessionId;
    if (!client || !sessionId) return;
    const [back, tint] = await Promise.allSettled([
      client.titleBack({ sessionId }),
      client.tintResolve({ sessionId }),
    ]);
    const parts = [];
    const tooltip = [`navd session ${sessionId}`];
    if (back.status === 'fulfilled') {
      const b = back.value;
      parts.push(`$(arrow-left) ${b.display === 'hidden' ? '(no back)' : b.title == null ? '‹' : `‹ ${b.title}`}`);
      tooltip.push(`Back title: ${format.backTitle(b)}`);
    } else {
      tooltip.push(`Back title: ${back.reason.rpcMessage || back.reason.message}`);
    }
    if (tint.status === 'fulfilled') {
      parts.push(`$(symbol-color) ${tint.value.foreground} on ${tint.value.background}`);
      tooltip.push(`Tint: ${format.tint(tint.value)}`);
    } else {
      tooltip.push(`Tint: ${tint.reason.rpcMessage || tint.reason.message}`);
    }
    statusItem.text = parts.length ? parts.join('  ') : `navd: ${sessionId}`;
    statusItem.tooltip = tooltip.join('\n');
    statusItem.show();
    state.status = {
      back: back.status === 'fulfilled' ? back.value : null,
      tint: tint.status === 'fulfilled' ? tint.value : null,
    };
    if (state.panel) await renderPanel();
    state.events.emit('status', state.status);
  }

  function onNotification(method, params) {
    if (!params || params.sessionId !== state.sessionId) return;
    if (state.channel) state.channel.appendLine(format.notification(method, params));
    if (method === 'session/diagnostics') {
      if (!(params.version < state.diagnosticsVersion)) {
        state.diagnosticsVersion = params.version;
        showSessionDiagnostics(params.sessionId, params.diagnostics);
      }
    } else if (method === 'session/didChange' || method === 'session/resync') {
      if (method === 'session/resync') {
        // Diagnostics notifications may have been dropped too: fetch the current set.
        const { sessionId } = params;
        state.client.barDiagnose({ sessionId }).then(({ diagnostics }) => {
          if (state.sessionId === sessionId) showSessionDiagnostics(sessionId, diagnostics);
        }).catch((error) => { state.lastError = error; });
      }
      refresh().catch((error) => { state.lastError = error; state.events.emit('refreshFailed', error); });
    } else if (method === 'session/didClose') {
      sessionDiagnostics.delete(sessionUri(params.sessionId));
      state.sessionId = null;
      statusItem.text = 'navd: session closed';
      state.events.emit('status', null);
    }
    state.events.emit('notification', method, params);
  }

  async function renderPanel() {
    const { svg } = await state.client.barRender({ sessionId: state.sessionId, format: 'svg' });
    state.panel.webview.html = '<!DOCTYPE html><html><head><meta charset="utf-8">' +
      '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:;">' +
      `<title>navd bar</title></head><body>${svg}</body></html>`;
    state.events.emit('render', svg);
  }

  async function run(body) {
    try {
      const text = await body();
      if (text) vscode.window.showInformationMessage(text);
      return text;
    } catch (error) {
      vscode.window.showErrorMessage(`navd: ${error.rpcMessage || error.message}`);
      return undefined;
    }
  }

  const commands = {
    'navd.connect': () => run(async () => {
      if (state.client) state.client.close();
      state.client = null;
      state.sessionId = null;
      const client = await ensureConnected();
      const sessionId = await ensureSession();
      return `Connected to navd at ${client.path}; following session ${sessionId}`;
    }),
    'navd.selectSession': () => run(async () => {
      const client = await ensureConnected();
      const sessionId = await pickSession(client);
      state.sessionId = null;
      await follow(sessionId);
      return `Following session ${sessionId}`;
    }),
    'navd.backTitle': () => run(async () => {
      const sessionId = await ensureSession();
      return `Back title: ${format.backTitle(await state.client.titleBack({ sessionId }))}`;
    }),
    'navd.tint': (color) => run(async () => {
      const client = await ensureConnected();
      const input = color !== undefined ? color : await vscode.window.showInputBox({
        prompt: 'Colour (#RRGGBB, rgb(...), systemBlue); empty: the session\'s bar' });
      if (input === undefined) return undefined;
      const params = input.trim() ? { color: input.trim() } : { sessionId: await ensureSession() };
      return `Tint: ${format.tint(await client.tintResolve(params))}`;
    }),
    'navd.hitTest': (point) => run(async () => {
      const input = point !== undefined ? point : await vscode.window.showInputBox({ prompt: 'Window point x,y' });
      if (input === undefined) return undefined;
      const [x, y] = String(input).split(/[\s,]+/).filter(Boolean).map(Number);
      if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error('give the point as x,y');
      const sessionId = await ensureSession();
      return `Hit: ${format.hit(x, y, await state.client.barHitTest({ sessionId, point: { x, y } }))}`;
    }),
    'navd.showBar': () => run(async () => {
      const sessionId = await ensureSession();
      try {
        await state.client.barRender({ sessionId, format: 'svg' });
      } catch (error) {
        if (error.code === -32601) return 'This navd has no bar/render';
        throw error;
      }
      if (!state.panel) {
        state.panel = vscode.window.createWebviewPanel('navdBar', 'navd bar', vscode.ViewColumn.Beside, {});
        state.panel.onDidDispose(() => { state.panel = null; });
      } else {
        state.panel.reveal();
      }
      await renderPanel();
      return undefined;
    }),
    'navd.watch': () => run(async () => {
      const sessionId = await ensureSession();
      if (!state.channel) state.channel = vscode.window.createOutputChannel('navd notifications');
      state.channel.appendLine(`watching session ${sessionId}`);
      state.channel.show(true);
      return undefined;
    }),
  };

  commands['navd.lint'] = () => run(async () => {
    const editor = vscode.window.activeTextEditor;
    const document = editor && editor.document;
    if (!isSessionDocument(document)) throw new Error('open a session document (*.navd.json) first');
    const diagnostics = await lintDocument(document);
    if (diagnostics === undefined) return undefined;
    return `${document.fileName}: ${diagnostics.length} finding${diagnostics.length === 1 ? '' : 's'}`;
  });

  for (const [name, handler] of Object.entries(commands)) {
    context.subscriptions.push(vscode.commands.registerCommand(name, handler));
  }
  context.subscriptions.push({ dispose: () => { if (state.client) state.client.close(); } });

  for (const document of vscode.workspace.textDocuments || []) lintDocument(document);

  return { state, commands, refresh, lintDocument };
}

function activate(context) {
  return createExtension(context);
}

function deactivate() {}

module.exports = { activate, deactivate };
