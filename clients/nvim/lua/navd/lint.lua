-- A live session's diagnostics as vim.diagnostic.
--
-- watch_session(client, sid) subscribes to the session's diagnostics and lists them in a scratch
-- buffer `navd://diagnostics/<sid>`, one a line, with a vim.diagnostic on each (namespace
-- `navd.session`), kept current by session/diagnostics notifications.
--
-- Source files and session documents (*.navd.json) get their diagnostics from navd's language
-- server, `navctl lsp`: see navd.lsp.
local M = {}

M.session_namespace = vim.api.nvim_create_namespace("navd.session")

local severities = {
  error = vim.diagnostic.severity.ERROR,
  warning = vim.diagnostic.severity.WARN,
  info = vim.diagnostic.severity.INFO,
}

--- The vim.diagnostic severity of a navd severity string.
function M.severity(name)
  return severities[name] or vim.diagnostic.severity.HINT
end

--- One line for a Diagnostic from the daemon: `SCREEN[/ITEM]: SEVERITY: MESSAGE [CODE]`.
function M.format_session(d)
  local item = (d.itemId ~= nil and d.itemId ~= vim.NIL) and ("/" .. d.itemId) or ""
  local screen = (d.screenId ~= nil and d.screenId ~= vim.NIL) and d.screenId or "-"
  return string.format("%s%s: %s: %s [%s]", screen, item, d.severity, d.message, d.code)
end

local watched = {}   -- "<sid>" -> { client, buf, version, diagnostics, closed }

local function render(entry, sid)
  local buf = entry.buf
  if not vim.api.nvim_buf_is_valid(buf) then return end
  local header
  if entry.closed then
    header = "closed"
  elseif #entry.diagnostics == 0 then
    header = "no diagnostics"
  else
    header = #entry.diagnostics .. (#entry.diagnostics == 1 and " diagnostic" or " diagnostics")
  end
  local lines = { string.format("session %s v%s: %s", sid, tostring(entry.version), header) }
  local diagnostics = {}
  for index, d in ipairs(entry.diagnostics) do
    local line = M.format_session(d)
    table.insert(lines, line)
    table.insert(diagnostics, {
      lnum = index, col = 0, end_lnum = index, end_col = #line,
      severity = M.severity(d.severity),
      message = string.format("%s [%s]", d.message, d.code),
      source = "navd", code = d.code, user_data = { navd = d },
    })
  end
  vim.api.nvim_buf_set_option(buf, "modifiable", true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.api.nvim_buf_set_option(buf, "modifiable", false)
  vim.diagnostic.set(M.session_namespace, buf, diagnostics)
end

--- Follows session `sid` on `client` (a navd client): returns the scratch buffer that lists its
--- diagnostics, kept current by session/diagnostics notifications.
function M.watch_session(client, sid)
  local key = sid
  local entry = watched[key]
  if entry and entry.client == client and vim.api.nvim_buf_is_valid(entry.buf) then
    entry.diagnostics = client:bar_diagnose({ sessionId = sid }).diagnostics or {}
    render(entry, sid)
    return entry.buf
  end
  if entry and entry.remove then entry.remove() end
  local name = "navd://diagnostics/" .. sid
  local buf = vim.fn.bufnr(name)
  if buf == -1 then
    buf = vim.api.nvim_create_buf(true, true)
    vim.api.nvim_buf_set_name(buf, name)
  end
  vim.api.nvim_buf_set_option(buf, "buftype", "nofile")
  vim.api.nvim_buf_set_option(buf, "swapfile", false)
  entry = { client = client, buf = buf, version = nil, diagnostics = {}, closed = false }
  watched[key] = entry
  entry.remove = client:on_notification(function(method, params)
    if type(params) ~= "table" or params.sessionId ~= sid or watched[key] ~= entry then return end
    if method == "session/diagnostics" then
      if entry.version and params.version and params.version < entry.version then return end
      entry.version = params.version
      entry.diagnostics = params.diagnostics or {}
      render(entry, sid)
    elseif method == "session/didClose" then
      entry.closed = true
      entry.diagnostics = {}
      render(entry, sid)
    end
  end)
  entry.version = client:session_subscribe({ sessionId = sid, topics = { "diagnostics" } }).version
  -- The current set; later notifications replace it.
  entry.diagnostics = client:bar_diagnose({ sessionId = sid }).diagnostics or {}
  render(entry, sid)
  return buf
end

return M
