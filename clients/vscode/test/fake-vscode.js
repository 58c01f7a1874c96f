'use strict';
// A small stand-in for the `vscode` module: records what the extension shows, answers prompts from queues.
const { EventEmitter } = require('events');

function createFakeVscode() {
  const registered = new Map();
  const shown = { info: [], errors: [] };
  const answers = { inputBox: [], quickPick: [] };
  const settings = {};
  const statusItems = [];
  const panels = [];
  const channels = [];

  const vscode = {
    StatusBarAlignment: { Left: 1, Right: 2 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    commands: {
      registerCommand(name, handler) {
        registered.set(name, handler);
        return { dispose: () => registered.delete(name) };
      },
      executeCommand(name, ...args) {
        const handler = registered.get(name);
        if (!handler) return Promise.reject(new Error(`command ${name} not found`));
        return Promise.resolve(handler(...args));
      },
    },
    window: {
      createStatusBarItem(alignment, priority) {
        const item = { alignment, priority, text: '', tooltip: '', command: undefined, visible: false,
          show() { this.visible = true; }, hide() { this.visible = false; }, dispose() {} };
        statusItems.push(item);
        return item;
      },
      showInformationMessage(text) { shown.info.push(text); return Promise.resolve(undefined); },
      showErrorMessage(text) { shown.errors.push(text); return Promise.resolve(undefined); },
      showInputBox() { return Promise.resolve(answers.inputBox.shift()); },
      showQuickPick(items) {
        const want = answers.quickPick.shift();
        return Promise.resolve(items.find((i) => i.label === want));
      },
      createWebviewPanel(viewType, title) {
        const disposed = new EventEmitter();
        const panel = { viewType, title, webview: { html: '' }, revealed: 0,
          reveal() { this.revealed += 1; },
          onDidDispose(fn) { disposed.on('dispose', fn); return { dispose() {} }; },
          dispose() { disposed.emit('dispose'); } };
        panels.push(panel);
        return panel;
      },
      createOutputChannel(name) {
        const channel = { name, lines: [], appendLine(line) { this.lines.push(line); }, show() {}, dispose() {} };
        channels.push(channel);
        return channel;
      },
    },
    workspace: {
      getConfiguration(section) {
        return { get: (key) => settings[`${section}.${key}`] };
      },
    },
  };
  return { vscode, registered, shown, answers, settings, statusItems, panels, channels };
}

module.exports = { createFakeVscode };
