'use strict';
// Running `navctl lint` on a document's text (no daemon needed), and placing its findings.
//
//   const { findNavctl, runLint } = require('./lint');
//   const report = await runLint(findNavctl(), text, 'Checkout.navd.json', { profiles: 'all' });
//   report.diagnostics   // [{file, line, column, profile, screenId, itemId?, code, severity, message, rect?}]
//   report.errors        // [{file, line, column, message, path?}]: the document could not be loaded

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

/** True when `file` is a file this user may execute. */
function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The navctl executable: `configured` (the navd.navctl setting), else $NAVCTL_BIN, else
 * .build/debug/navctl in `start` or a folder above it, else navctl on PATH. Null when none.
 */
function findNavctl(configured, start = process.cwd(), env = process.env) {
  if (configured) return configured;
  if (env.NAVCTL_BIN) return env.NAVCTL_BIN;
  let dir = path.resolve(start);
  for (;;) {
    const candidate = path.join(dir, '.build', 'debug', 'navctl');
    if (isExecutable(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const entry of (env.PATH || '').split(path.delimiter)) {
    if (!entry) continue;
    const candidate = path.join(entry, 'navctl');
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** navctl's arguments to lint standard input reported as `name`; `profiles` a string or a list. */
function lintArguments(name, profiles) {
  const args = ['lint', '--format', 'json', '--fail-on', 'never'];
  const profile = Array.isArray(profiles) ? profiles.join(',') : profiles;
  if (profile) args.push('--profile', profile);
  args.push('--stdin-name', name, '-');
  return args;
}

/** Why navctl could not lint: `stderr` and `status` (exit status, or null when killed). */
class LintError extends Error {
  constructor(message, status, stderr) {
    super(message);
    this.name = 'LintError';
    this.status = status;
    this.stderr = stderr;
  }
}

/**
 * Lints `text` as the document `name`: resolves to navctl's report ({diagnostics, errors}),
 * rejects with a LintError when navctl cannot run or prints no report (bad usage).
 */
function runLint(navctl, text, name, { profiles, timeout = 30000 } = {}) {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(navctl, lintArguments(name, profiles), { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (error) {
      reject(new LintError(`cannot run ${navctl}: ${error.message}`, null, ''));
      return;
    }
    const stdout = [];
    const stderr = [];
    let failed = null;
    let settled = false;
    const timer = setTimeout(() => { failed = 'timed out'; child.kill('SIGKILL'); }, timeout);
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', (error) => {
      // Not started (no such file, not executable): there will be no report.
      if (child.pid === undefined && !settled) {
        settled = true;
        clearTimeout(timer);
        reject(new LintError(`cannot run ${navctl}: ${error.message}`, null, ''));
      } else {
        failed = error.message;
      }
    });
    child.stdin.on('error', () => {});   // navctl may exit before reading everything
    child.on('close', (status) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      const err = Buffer.concat(stderr).toString('utf8').trim();
      if (failed) {
        reject(new LintError(`cannot run ${navctl}: ${failed}`, status, err));
        return;
      }
      let report;
      try {
        report = JSON.parse(Buffer.concat(stdout).toString('utf8'));
      } catch {
        reject(new LintError(`navctl lint failed (exit ${status}): ${err}`, status, err));
        return;
      }
      if (!report || typeof report !== 'object') {
        reject(new LintError(`navctl lint printed no report (exit ${status}): ${err}`, status, err));
        return;
      }
      resolve({ diagnostics: report.diagnostics || [], errors: report.errors || [] });
    });
    child.stdin.end(text, 'utf8');
  });
}

/** The UTF-16 offset (VS Code's character) of 1-based `column`, counted in code points, in `line`. */
function utf16Column(line, column) {
  let offset = 0;
  let counted = 1;
  while (counted < column && offset < line.length) {
    const code = line.codePointAt(offset);
    offset += code > 0xFFFF ? 2 : 1;
    counted += 1;
  }
  return offset;
}

/** The UTF-16 end of the JSON token starting at `start` in `line`: a whole string, else one character. */
function tokenEnd(line, start) {
  if (line[start] === '"') {
    for (let i = start + 1; i < line.length; i += 1) {
      if (line[i] === '\\') i += 1;
      else if (line[i] === '"') return i + 1;
    }
    return line.length;
  }
  return Math.min(start + 1, Math.max(line.length, start));
}

/** A finding's text: `MESSAGE [CODE] (screen 'ID', PROFILE)`, as navctl prints it. */
function findingText(entry) {
  return `${entry.message} [${entry.code}] (screen '${entry.screenId}', ${entry.profile})`;
}

/** A live session's Diagnostic as one line: `SCREEN[/ITEM]: MESSAGE`. */
function sessionText(d) {
  return `${d.screenId || '-'}${d.itemId ? `/${d.itemId}` : ''}: ${d.message}`;
}

module.exports = {
  LintError, findNavctl, lintArguments, runLint, utf16Column, tokenEnd, findingText, sessionText,
};
