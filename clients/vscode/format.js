'use strict';
// One-line descriptions of navd results, shared by the commands and the status bar. The back title, tint and
// hit forms are docs/clients.md's "Readable forms", the same in every editor client; clients/formats.json holds
// the cases they share.

function number(n) {
  if (typeof n !== 'number') return String(n);
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(4)));
}

/** A BackTitle as the bar shows it. */
function backTitle(back) {
  if (back.display === 'hidden') return `no back button (${back.source})`;
  const shown = back.title == null ? '‹' : `‹ ${back.title}`;
  let text = `${shown}  [${back.display}, ${back.source}${back.truncated ? ', truncated' : ''}]`;
  if (Array.isArray(back.menu) && back.menu.length) text += `  menu: ${back.menu.join(', ')}`;
  return text;
}

/** A TintResult, with the foreground policy it used. */
function tint(result) {
  const policy = result.foregroundPolicy ? `, foreground ${result.foregroundPolicy}` : '';
  return `${result.background} → ${result.foreground}  (${result.method}, luminance ${number(result.luminance)}, ` +
    `contrast black ${number(result.contrast.black)} / white ${number(result.contrast.white)}, ${result.source}${policy})`;
}

function action(a) {
  switch (a.kind) {
    case 'pop': return `pop to ${a.to}`;
    case 'itemAction': return `item action ${a.itemId}`;
    case 'customBack': return 'custom back (navigation/backRequested)';
    default: return 'no action';
  }
}

/** A HitResult at (x, y). */
function hit(x, y, result) {
  const t = result.target;
  const who = t.itemId ? `${t.kind} ${t.itemId}` : t.screenId ? `${t.kind} (${t.screenId})` : t.kind;
  return `(${number(x)}, ${number(y)}) → ${who}: ${action(result.action)}`;
}

/** A notification, for the watch channel. */
function notification(method, params) {
  const time = new Date().toISOString().slice(11, 19);
  if (method === 'session/didChange' && params) {
    const parts = (params.changes || []).map((c) => {
      switch (c.kind) {
        case 'stack': return `stack ${c.op} ${c.screens.join(',')}`;
        case 'title': return `title ${c.screenId} ‹ ${(c.backTitle && c.backTitle.title) || ''}`;
        case 'tint': return `tint ${c.screenId} ${c.barTintColor} → ${c.foreground}`;
        default: return `${c.kind} ${c.screenId}`;
      }
    });
    return `${time} ${method} v${params.version} ${parts.join('; ')}`;
  }
  return `${time} ${method} ${JSON.stringify(params)}`;
}

module.exports = { backTitle, tint, hit, notification };
