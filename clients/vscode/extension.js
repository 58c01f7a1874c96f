'use strict';
// The navd extension. The language server, `navctl lsp`, lints Swift, Objective-C, storyboards,
// xibs and session documents (*.navd.json) as they are edited: its diagnostics in the Problems
// panel, hovers, code lenses and quick fixes. The daemon answers about a live session's navigation
// bar: commands, a status bar item with the top screen's back title and tint, a webview with the
// rendered bar, a channel listing the session's notifications, and the session's live diagnostics.
const vscode = require('vscode');
const { EventEmitter } = require('events');
const { NavdClient, socketPath } = require('./client');
const { LspClient } = require('./lsp-client');
const convert = require('./lsp-convert');
const format = require('./format');
const lint = require('./lint');

const SEVERITY = { error: 'Error', warning: 'Warning', info: 'Information' };

// The server is restarted when it stops on its own, unless it stopped this often in this long.
const RESTART_LIMIT = 5;
const RESTART_WINDOW = 3 * 60 * 1000;
const MESSAGE_TYPES = { 1: 'showErrorMessage', 2: 'showWarningMessage', 3: 'showInformationMessage', 4: 'showInformationMessage' };

/**
 * `navctl lsp` for the workspace (navd.navctlPath, default `navctl` on PATH), started with the
 * workspace folders once a document it serves is open; sent every open document it serves, their
 * edits, saves and closes; its diagnostics in the 'navd' collection (for files that are not open
 * too); its hovers, code lenses, code actions and commands registered as it advertises them;
 * restarted when it stops on its own.
 */
function createLanguageClient(context, state, commands) {
  const conv = convert.createConverters(vscode);
  const diagnostics = vscode.languages.createDiagnosticCollection('navd');
  context.subscriptions.push(diagnostics);
  const lsp = {
    client: null,           // the running server, initialized
    current: null,          // the server being started or running: whose messages count
    starting: null,
    opened: new Map(),      // uri string -> the document, as the server has it open
    features: [],           // disposables of what the running server advertised
    watchers: new Map(),    // registration id -> disposables
    progress: new Map(),    // $/progress token -> {report, done}
    exits: [],              // times it stopped on its own
    lastFailure: null,
    diagnostics,
  };
  state.language = lsp;
  let log = null;

  function append(text) {
    if (!log) {
      log = vscode.window.createOutputChannel('navd language server');
      context.subscriptions.push(log);
    }
    log.append(text.endsWith('\n') ? text : `${text}\n`);
  }

  function command() {
    const value = vscode.workspace.getConfiguration('navd').get('navctlPath');
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : 'navctl';
  }

  function folders() {
    return (vscode.workspace.workspaceFolders || []).map((f) => ({ uri: f.uri.toString(), name: f.name }));
  }

  function served(document) {
    return Boolean(document) && convert.servesDocument(document.languageId, document.fileName,
      document.uri && document.uri.scheme);
  }

  function fail(message) {
    if (message !== lsp.lastFailure) vscode.window.showErrorMessage(`navd: ${message}`);
    lsp.lastFailure = message;
    state.events.emit('serverFailed', message);
  }

  function sync() {
    return convert.syncOptions(lsp.client && lsp.client.capabilities);
  }

  function open(document) {
    const client = lsp.client;
    if (!client || !served(document) || !sync().openClose) return;
    const uri = document.uri.toString();
    if (lsp.opened.has(uri)) return;
    lsp.opened.set(uri, document);
    client.notify('textDocument/didOpen', { textDocument: {
      uri, languageId: document.languageId, version: document.version, text: document.getText() } });
  }

  function change(event) {
    const client = lsp.client;
    const uri = event.document.uri.toString();
    if (!client || !lsp.opened.has(uri) || event.contentChanges.length === 0) return;
    const changes = convert.contentChanges(sync().change, event.contentChanges, event.document.getText());
    if (!changes) return;
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: event.document.version }, contentChanges: changes });
  }

  function save(document) {
    const client = lsp.client;
    const uri = document.uri.toString();
    const options = sync();
    if (!client || !lsp.opened.has(uri) || !options.save) return;
    const params = { textDocument: { uri } };
    if (options.includeText) params.text = document.getText();
    client.notify('textDocument/didSave', params);
  }

  function close(document) {
    const uri = document.uri.toString();
    if (!lsp.opened.delete(uri)) return;
    if (lsp.client && sync().openClose) lsp.client.notify('textDocument/didClose', { textDocument: { uri } });
  }

  function cancelled(error) {
    return error && error.code === -32800;
  }

  /** Asks the server; a failure is logged and counts as no answer. */
  async function ask(client, method, params, token) {
    try {
      return await client.request(method, params, token);
    } catch (error) {
      if (!cancelled(error)) append(`${method}: ${error.message}`);
      return null;
    }
  }

  function registerFeatures(client) {
    const caps = client.capabilities || {};
    const selector = convert.DOCUMENT_SELECTOR;
    const textDocument = (document) => ({ uri: document.uri.toString() });
    if (caps.hoverProvider) {
      lsp.features.push(vscode.languages.registerHoverProvider(selector, {
        async provideHover(document, position, token) {
          const hover = await ask(client, 'textDocument/hover',
            { textDocument: textDocument(document), position: { line: position.line, character: position.character } }, token);
          return conv.hover(hover);
        },
      }));
    }
    if (caps.codeLensProvider) {
      const provider = {
        async provideCodeLenses(document, token) {
          const lenses = await ask(client, 'textDocument/codeLens', { textDocument: textDocument(document) }, token);
          return (lenses || []).map(conv.codeLens);
        },
      };
      if (caps.codeLensProvider.resolveProvider) {
        provider.resolveCodeLens = async (lens, token) => {
          const resolved = await ask(client, 'codeLens/resolve', conv.lsp(lens), token);
          return resolved ? conv.codeLens(resolved) : lens;
        };
      }
      lsp.features.push(vscode.languages.registerCodeLensProvider(selector, provider));
    }
    if (caps.codeActionProvider) {
      const options = typeof caps.codeActionProvider === 'object' ? caps.codeActionProvider : {};
      const provider = {
        async provideCodeActions(document, range, context, token) {
          const only = context.only ? [context.only.value] : undefined;
          const params = {
            textDocument: textDocument(document),
            range: conv.lspRange(range),
            context: { diagnostics: (context.diagnostics || []).map(conv.lspDiagnostic), only, triggerKind: context.triggerKind },
          };
          const actions = await ask(client, 'textDocument/codeAction', params, token);
          return (actions || []).map((item) => conv.codeAction(item, context.diagnostics || []));
        },
      };
      if (options.resolveProvider) {
        provider.resolveCodeAction = async (action, token) => {
          const item = conv.lsp(action);
          if (!item || convert.isCommand(item)) return action;
          const resolved = await ask(client, 'codeAction/resolve', item, token);
          if (resolved && resolved.edit) action.edit = conv.workspaceEdit(resolved.edit);
          if (resolved && resolved.command) action.command = conv.command(resolved.command);
          return action;
        };
      }
      const metadata = Array.isArray(options.codeActionKinds)
        ? { providedCodeActionKinds: options.codeActionKinds.map(conv.codeActionKind) } : undefined;
      lsp.features.push(vscode.languages.registerCodeActionsProvider(selector, provider, metadata));
    }
    const serverCommands = (caps.executeCommandProvider && caps.executeCommandProvider.commands) || [];
    for (const name of serverCommands) {
      if (commands[name] && !commands[name].server) continue;    // the extension's own command wins
      const handler = (...args) => ask(client, 'workspace/executeCommand', { command: name, arguments: args });
      handler.server = true;
      commands[name] = handler;
      const registration = vscode.commands.registerCommand(name, handler);
      lsp.features.push({ dispose: () => { registration.dispose(); if (commands[name] === handler) delete commands[name]; } });
    }
  }

  /** Watches what client/registerCapability asks for and tells the server what changed. */
  function watch(client, registration) {
    if (registration.method !== 'workspace/didChangeWatchedFiles') return;
    const pending = [];
    let timer = null;
    const flush = () => {
      timer = null;
      if (lsp.client === client && pending.length) {
        client.notify('workspace/didChangeWatchedFiles', { changes: pending.splice(0) });
      }
    };
    const queue = (type) => (uri) => {
      pending.push({ uri: uri.toString(), type });
      if (!timer) timer = setTimeout(flush, 50);
    };
    const disposables = [{ dispose: () => clearTimeout(timer) }];
    const watchers = (registration.registerOptions && registration.registerOptions.watchers) || [];
    for (const watcher of watchers) {
      let glob = watcher.globPattern;
      if (glob && typeof glob === 'object') {
        const base = typeof glob.baseUri === 'string' ? glob.baseUri : glob.baseUri && glob.baseUri.uri;
        glob = new vscode.RelativePattern(vscode.Uri.parse(base).fsPath, glob.pattern);
      }
      const kind = watcher.kind === undefined ? 7 : watcher.kind;
      const w = vscode.workspace.createFileSystemWatcher(glob, !(kind & 1), !(kind & 2), !(kind & 4));
      disposables.push(w, w.onDidCreate(queue(1)), w.onDidChange(queue(2)), w.onDidDelete(queue(3)));
    }
    lsp.watchers.set(registration.id, disposables);
  }

  function unwatch(id) {
    for (const d of lsp.watchers.get(id) || []) d.dispose();
    lsp.watchers.delete(id);
  }

  function progress({ token, value }) {
    if (!value) return;
    if (value.kind === 'begin') {
      vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: value.title || 'navd' },
        (report) => new Promise((done) => {
          lsp.progress.set(token, { report, done });
          if (value.message) report.report({ message: value.message });
        }));
    } else if (value.kind === 'report') {
      const p = lsp.progress.get(token);
      if (p && value.message) p.report.report({ message: value.message });
    } else if (value.kind === 'end') {
      const p = lsp.progress.get(token);
      lsp.progress.delete(token);
      if (p) p.done();
    }
  }

  function wire(client) {
    lsp.current = client;
    client.onNotification('textDocument/publishDiagnostics', ({ uri, diagnostics: list }) => {
      if (lsp.current !== client) return;
      const converted = (list || []).map(conv.diagnostic);
      diagnostics.set(vscode.Uri.parse(uri), converted);
      state.events.emit('diagnostics', uri, converted);
    });
    client.onNotification('window/showMessage', ({ type, message }) => {
      vscode.window[MESSAGE_TYPES[type] || 'showInformationMessage'](`navd: ${message}`);
    });
    client.onNotification('window/logMessage', ({ message }) => append(message));
    client.onNotification('$/progress', progress);
    client.onRequest('workspace/applyEdit', async ({ edit }) => {
      const applied = await vscode.workspace.applyEdit(conv.workspaceEdit(edit));
      return applied ? { applied: true } : { applied: false, failureReason: 'the editor did not apply the edit' };
    });
    client.onRequest('workspace/workspaceFolders', () => folders());
    client.onRequest('window/showMessageRequest', async ({ type, message, actions }) => {
      const titles = (actions || []).map((a) => a.title);
      const picked = await vscode.window[MESSAGE_TYPES[type] || 'showInformationMessage'](`navd: ${message}`, ...titles);
      return picked === undefined ? null : (actions || []).find((a) => a.title === picked) || null;
    });
    client.on('register', (registration) => watch(client, registration));
    client.on('unregister', ({ id }) => unwatch(id));
    client.on('stderr', append);
    client.on('error', (error) => append(`navctl lsp: ${error.message}`));
    client.on('exit', (code, signal) => stopped(client, code, signal));
  }

  /** Forgets what the server `client` served; restarts it when it stopped on its own. */
  function stopped(client, code, signal) {
    if (lsp.client !== client) return;
    lsp.client = null;
    lsp.current = null;
    teardown();
    state.events.emit('serverStopped', code, signal);
    if (client.stopping || lsp.disposed) return;
    append(`navctl lsp stopped (${signal || `status ${code}`})`);
    const now = Date.now();
    lsp.exits = lsp.exits.filter((t) => now - t < RESTART_WINDOW).concat(now);
    if (lsp.exits.length >= RESTART_LIMIT) {
      fail(`navctl lsp stopped ${lsp.exits.length} times in 3 minutes; run "navd: Restart the language server"`);
      return;
    }
    setTimeout(() => { if (!lsp.client && !lsp.starting) start(); }, 1000);
  }

  function teardown() {
    for (const d of lsp.features.splice(0)) d.dispose();
    for (const id of [...lsp.watchers.keys()]) unwatch(id);
    for (const p of lsp.progress.values()) p.done();
    lsp.progress.clear();
    lsp.opened.clear();
    diagnostics.clear();
  }

  /** Starts the server (once) and opens every document it serves; resolves to the client, or null. */
  function start() {
    if (lsp.client) return Promise.resolve(lsp.client);
    if (lsp.starting) return lsp.starting;
    const list = folders();
    lsp.starting = LspClient.start(command(), ['lsp'], {
      rootUri: list.length ? list[0].uri : null,
      workspaceFolders: list.length ? list : null,
      cwd: list.length ? vscode.workspace.workspaceFolders[0].uri.fsPath : undefined,
      clientInfo: { name: 'navd-vscode', version: '0.1.0' },
      before: wire,
    }).then((client) => {
      lsp.starting = null;
      if (lsp.disposed) { client.stopping = true; client.stop(); return null; }
      lsp.client = client;
      lsp.lastFailure = null;
      registerFeatures(client);
      for (const document of vscode.workspace.textDocuments || []) open(document);
      state.events.emit('serverStarted', client);
      return client;
    }, (error) => {
      lsp.starting = null;
      lsp.current = null;
      fail(`${error.message.split('\n')[0]} (set navd.navctlPath)`);
      append(error.message);
      return null;
    });
    return lsp.starting;
  }

  /** shutdown and exit; resolves once the server is gone. */
  async function stop() {
    if (lsp.starting) await lsp.starting;
    const client = lsp.client;
    if (!client) return null;
    client.stopping = true;
    const status = await client.stop();
    if (lsp.client === client) stopped(client, status.code, status.signal);
    return status;
  }

  async function restart() {
    await stop();
    lsp.exits = [];
    lsp.lastFailure = null;
    return start();
  }

  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (!served(document)) return;
      if (lsp.client) open(document);
      else start();
    }),
    vscode.workspace.onDidChangeTextDocument(change),
    vscode.workspace.onDidSaveTextDocument(save),
    vscode.workspace.onDidCloseTextDocument(close),
    vscode.workspace.onDidChangeWorkspaceFolders((event) => {
      const caps = lsp.client && lsp.client.capabilities;
      const notifies = caps && caps.workspace && caps.workspace.workspaceFolders
        && caps.workspace.workspaceFolders.changeNotifications;
      const entry = (f) => ({ uri: f.uri.toString(), name: f.name });
      if (notifies) {
        lsp.client.notify('workspace/didChangeWorkspaceFolders',
          { event: { added: event.added.map(entry), removed: event.removed.map(entry) } });
      } else if (lsp.client) {
        restart();      // a server that is not told of new folders starts again with them
      }
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('navd.navctlPath')) return;
      if (lsp.client || lsp.starting || (vscode.workspace.textDocuments || []).some(served)) restart();
    }),
    { dispose: () => {
      lsp.disposed = true;
      const client = lsp.client;
      if (client) { client.stopping = true; client.stop(); }
      teardown();
    } });

  commands['navd.restartLanguageServer'] = async () => {
    const client = await restart();
    if (client) vscode.window.showInformationMessage(`navd: ${name(client)} restarted`);
    return client ? name(client) : undefined;
  };
  context.subscriptions.push(vscode.commands.registerCommand('navd.restartLanguageServer',
    commands['navd.restartLanguageServer']));

  function name(client) {
    return client.serverInfo ? `${client.serverInfo.name} ${client.serverInfo.version || ''}`.trim() : 'navctl lsp';
  }

  // Started for the workspace once a document it serves is open (it is what activated the extension,
  // or comes later); an unrelated XML or JSON file does not start it.
  if ((vscode.workspace.textDocuments || []).some(served)) start();

  return {
    start, stop, restart, diagnostics,
    get client() { return lsp.client; },
  };
}

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

  // Problems: the followed session's live diagnostics (documents' and sources' come from the
  // language server, below).
  const sessionDiagnostics = vscode.languages.createDiagnosticCollection('navd session');
  context.subscriptions.push(sessionDiagnostics);
  state.sessionDiagnostics = sessionDiagnostics;

  function severity(name) {
    return vscode.DiagnosticSeverity[SEVERITY[name] || 'Hint'];
  }

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

  for (const [name, handler] of Object.entries(commands)) {
    context.subscriptions.push(vscode.commands.registerCommand(name, handler));
  }
  context.subscriptions.push({ dispose: () => { if (state.client) state.client.close(); } });

  const language = createLanguageClient(context, state, commands);

  return { state, commands, refresh, language };
}

let current = null;

function activate(context) {
  current = createExtension(context);
  return current;
}

/** Stops the language server (shutdown, exit) before VS Code unloads the extension. */
function deactivate() {
  const extension = current;
  current = null;
  return extension ? extension.language.stop() : undefined;
}

module.exports = { activate, deactivate };
