'use strict';
// The followed session's live diagnostics (the daemon's bar/diagnose and session/diagnostics) as
// the Problems panel lists them. Documents and sources are linted by the language server
// (`navctl lsp`, see extension.js), not here.

/** A live session's Diagnostic as one line: `SCREEN[/ITEM]: MESSAGE`. */
function sessionText(d) {
  return `${d.screenId || '-'}${d.itemId ? `/${d.itemId}` : ''}: ${d.message}`;
}

module.exports = { sessionText };
