-- navd's diagnostics as vim.diagnostic, for session documents and for live sessions.
--
-- Documents (*.navd.json): the buffer's text goes to `navctl lint --format json --stdin-name NAME -`
-- (no daemon needed); findings land in the namespace `navd.lint`, placed at the member they are
-- about. setup() lints on read, write and change; :NavdLint lints the current buffer now.
--
-- Live sessions: watch_session(client, sid) subscribes to the session's diagnostics and lists
-- them in a scratch buffer `navd://diagnostics/<sid>`, one a line, with a vim.diagnostic on each
-- (namespace `navd.session`), kept current by session/diagnostics notifications.
local M = {}

M.namespace = vim.api.nvim_create_namespace("navd.lint")
M.session_namespace = vim.api.nvim_create_namespace("navd.session")

--- Settings (setup() merges into these).
M.config = {
  navctl = nil,       -- the navctl executable; nil: $NAVCTL_BIN, .build/debug/navctl above, PATH
  profiles = nil,     -- nil (the document's own), "all", "ios10,ios17" or { "ios10", "ios17" }
  pattern = "*.navd.json",
  events = { "BufReadPost", "BufWritePost", "InsertLeave", "TextChanged" },
  debounce = 300,     -- ms after the last event before linting
}

local severities = {
  error = vim.diagnostic.severity.ERROR,
  warning = vim.diagnostic.severity.WARN,
  info = vim.diagnostic.severity.INFO,
}

--- The vim.diagnostic severity of a navd severity string.
function M.severity(name)
  return severities[name] or vim.diagnostic.severity.HINT
end

local function is_executable(path)
  return path ~= nil and path ~= "" and vim.fn.executable(path) == 1
end

--- The navctl executable: config.navctl, else $NAVCTL_BIN, else .build/debug/navctl in `dir`
--- (default: the working directory) or above, else navctl on PATH. Returns nil and a message
--- when there is none.
function M.navctl(dir)
  if M.config.navctl and M.config.navctl ~= "" then return M.config.navctl end
  local from_env = os.getenv("NAVCTL_BIN")
  if from_env and from_env ~= "" then return from_env end
  dir = vim.fn.fnamemodify(dir or vim.fn.getcwd(), ":p"):gsub("/+$", "")
  while true do
    local candidate = (dir == "" and "" or dir) .. "/.build/debug/navctl"
    if is_executable(candidate) then return candidate end
    if dir == "" then break end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == "/" then parent = "" end
    if parent == dir then break end
    dir = parent
  end
  local on_path = vim.fn.exepath("navctl")
  if on_path ~= "" then return on_path end
  return nil, "navctl not found: set $NAVCTL_BIN or require('navd.lint').setup({ navctl = PATH })"
end

local function profile_argument(profiles)
  if profiles == nil or profiles == "" then return nil end
  if type(profiles) == "table" then return table.concat(profiles, ",") end
  return tostring(profiles)
end

--- The command line that lints standard input, reported as `name`.
function M.command(navctl, name, profiles)
  local command = { navctl, "lint", "--format", "json", "--fail-on", "never" }
  local profile = profile_argument(profiles)
  if profile then
    table.insert(command, "--profile")
    table.insert(command, profile)
  end
  for _, arg in ipairs({ "--stdin-name", name, "-" }) do table.insert(command, arg) end
  return command
end

--- The byte column (0-based) of 1-based `column`, counted in characters (code points), in `text`.
function M.byte_column(text, column)
  local index = math.max((column or 1) - 1, 0)
  local ok, byte = pcall(vim.str_byteindex, text, index)
  if ok and byte then return byte end
  return #text
end

--- Text of a finding: `MESSAGE [CODE] (screen 'ID', PROFILE)`.
function M.format(entry)
  return string.format("%s [%s] (screen '%s', %s)", entry.message, entry.code,
    tostring(entry.screenId), tostring(entry.profile))
end

--- vim.diagnostic entries for `report` (navctl's JSON) in `bufnr`, whose file name is `name`.
function M.to_diagnostics(report, bufnr, name)
  local out = {}
  local function place(entry)
    local lnum = math.max((entry.line or 1) - 1, 0)
    local text = vim.api.nvim_buf_get_lines(bufnr, lnum, lnum + 1, false)[1] or ""
    local col = M.byte_column(text, entry.column)
    local width = 1
    if col < #text then
      -- One character: as many bytes as its UTF-8 lead byte says.
      local lead = text:byte(col + 1)
      width = lead >= 0xF0 and 4 or lead >= 0xE0 and 3 or lead >= 0xC0 and 2 or 1
    end
    return lnum, col, math.min(col + width, math.max(#text, col))
  end
  for _, entry in ipairs(report.diagnostics or {}) do
    if entry.file == name then
      local lnum, col, end_col = place(entry)
      table.insert(out, {
        lnum = lnum, col = col, end_lnum = lnum, end_col = end_col,
        severity = M.severity(entry.severity),
        message = M.format(entry),
        source = "navd", code = entry.code,
        user_data = { navd = entry },
      })
    end
  end
  for _, entry in ipairs(report.errors or {}) do
    if entry.file == name then
      local lnum, col, end_col = place(entry)
      table.insert(out, {
        lnum = lnum, col = col, end_lnum = lnum, end_col = end_col,
        severity = vim.diagnostic.severity.ERROR,
        message = entry.message,
        source = "navd",
        user_data = { navd = entry },
      })
    end
  end
  return out
end

local jobs = {}      -- bufnr -> the running job id

--- The file name navctl reports for `bufnr`.
function M.name(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" then name = "buffer-" .. bufnr .. ".navd.json" end
  return name
end

--- Lints buffer `bufnr` (0: the current one) asynchronously and sets its diagnostics.
--- `on_done(err, diagnostics)` runs afterwards (err a message when navctl could not lint).
--- Returns the job id, or nil and a message.
function M.lint(bufnr, on_done)
  if bufnr == nil or bufnr == 0 then bufnr = vim.api.nvim_get_current_buf() end
  on_done = on_done or function(err)
    if err then vim.notify("navd: " .. err, vim.log.levels.WARN) end
  end
  local name = M.name(bufnr)
  local navctl, missing = M.navctl(vim.fn.fnamemodify(name, ":p:h"))
  if not navctl or not is_executable(navctl) then
    missing = missing or ("navctl is not executable: " .. navctl)
    on_done(missing)
    return nil, missing
  end
  if jobs[bufnr] then pcall(vim.fn.jobstop, jobs[bufnr]) end
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local stdout, stderr = {}, {}
  local job
  job = vim.fn.jobstart(M.command(navctl, name, M.config.profiles), {
    stdout_buffered = true,
    stderr_buffered = true,
    on_stdout = function(_, data) stdout = data end,
    on_stderr = function(_, data) stderr = data end,
    on_exit = function(_, code)
      if jobs[bufnr] ~= job then return end    -- a newer run replaced this one
      jobs[bufnr] = nil
      if not vim.api.nvim_buf_is_valid(bufnr) then return end
      local ok, report = pcall(vim.json.decode, table.concat(stdout, "\n"))
      if not ok or type(report) ~= "table" then
        on_done(string.format("navctl lint failed (exit %d): %s", code,
          vim.trim(table.concat(stderr, "\n"))))
        return
      end
      local diagnostics = M.to_diagnostics(report, bufnr, name)
      vim.diagnostic.set(M.namespace, bufnr, diagnostics)
      on_done(nil, diagnostics)
    end,
  })
  if job <= 0 then
    local message = "cannot run " .. navctl
    on_done(message)
    return nil, message
  end
  jobs[bufnr] = job
  -- Lines joined as the file would hold them, with a final newline.
  table.insert(lines, "")
  vim.fn.chansend(job, lines)
  vim.fn.chanclose(job, "stdin")
  return job
end

local timers = {}

local function lint_later(bufnr)
  local generation = (timers[bufnr] or 0) + 1
  timers[bufnr] = generation
  vim.defer_fn(function()
    if timers[bufnr] == generation and vim.api.nvim_buf_is_valid(bufnr) then M.lint(bufnr) end
  end, M.config.debounce)
end

--- Lints every buffer matching config.pattern on config.events (after config.debounce ms).
function M.setup(opts)
  M.config = vim.tbl_extend("force", M.config, opts or {})
  local group = vim.api.nvim_create_augroup("navd_lint", { clear = true })
  if M.config.events and #M.config.events > 0 then
    vim.api.nvim_create_autocmd(M.config.events, {
      group = group,
      pattern = M.config.pattern,
      callback = function(args)
        if args.event == "BufReadPost" or args.event == "BufWritePost" then
          M.lint(args.buf)
        else
          lint_later(args.buf)
        end
      end,
    })
  end
  vim.api.nvim_create_autocmd("BufUnload", {
    group = group,
    pattern = M.config.pattern,
    callback = function(args)
      if jobs[args.buf] then pcall(vim.fn.jobstop, jobs[args.buf]) end
      jobs[args.buf] = nil
    end,
  })
end

-- A live session's diagnostics.

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
