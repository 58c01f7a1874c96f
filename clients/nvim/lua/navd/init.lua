-- navd client for Neovim (0.7+): newline-delimited JSON-RPC 2.0 over navd's Unix socket.
--
--   local navd = require("navd")
--   local client = navd.connect()                       -- socket path chain, see socket_path()
--   local sid = client:session_create({screens = {{id = "a", title = "A"}, {id = "b", title = "B"}}}).sessionId
--   client:title_back({sessionId = sid}).title          --> "A"
--
-- Helpers are synchronous (they wait up to client.timeout ms) and raise a NavdError table
-- {code, message, data} on an error reply; client:request(method, params, callback) is the
-- asynchronous form. Notifications go to the handlers added with client:on_notification(fn).
--
-- When nothing answers on the socket (no socket file, or one a crashed daemon left), connect()
-- starts navd there itself, detached, and waits for it: require("navd").setup({ autostart = false })
-- turns that off (see M.config).

local uv = vim.loop
local M = {}

-- The method table and the helpers, generated from docs/openrpc.json (scripts/gen_clients.py).
local generated = require("navd.methods")

--- Every wire method and its helper name on a client.
M.methods = generated.methods
--- The params of each method, in the contract's order: { name, required }.
M.params = generated.params

-- Methods sent as notifications (no reply).
local notification_methods = generated.notifications
M.notification_methods = notification_methods

--- The socket navd listens on: $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock,
--- else /tmp/navd-<uid>/navd.sock.
function M.socket_path()
  local explicit = os.getenv("NAVD_SOCKET")
  if explicit and explicit ~= "" then
    return explicit
  end
  local runtime = os.getenv("XDG_RUNTIME_DIR")
  if runtime and runtime ~= "" then
    return runtime .. "/navd/navd.sock"
  end
  return "/tmp/navd-" .. tostring(uv.getuid()) .. "/navd.sock"
end

--- Settings (setup() merges into these; connect's `opts` can override each for one call).
M.config = {
  -- start navd when nothing answers on the socket (NAVD_AUTOSTART=0, false, no or off turns it off)
  autostart = not vim.tbl_contains({ "0", "false", "no", "off" }, string.lower(vim.env.NAVD_AUTOSTART or "")),
  navd_program = "navd",    -- the navd autostart runs when $NAVD_BIN is not set: a name on PATH, or a path
  autostart_timeout = 10,   -- seconds to wait for an autostarted navd to answer
}

--- Merges `opts` into M.config.
function M.setup(opts)
  M.config = vim.tbl_extend("force", M.config, opts or {})
  return M.config
end

-- `name` from connect's `opts`, else from M.config.
local function option(opts, name)
  if opts[name] ~= nil then return opts[name] end
  return M.config[name]
end

--- The navd executable autostart runs: $NAVD_BIN, else `program` (default: config.navd_program),
--- looked up on PATH. Returns its path, or nil and what was looked for.
function M.navd_program(program)
  local wanted = os.getenv("NAVD_BIN")
  if not wanted or wanted == "" then wanted = program or M.config.navd_program or "navd" end
  local found = vim.fn.exepath(wanted)
  if found == "" then return nil, wanted end
  return found
end

local NavdError = {}
NavdError.__index = NavdError
NavdError.__tostring = function(e)
  return string.format("navd error %s: %s", tostring(e.code), tostring(e.message))
end
M.NavdError = NavdError

local function make_error(err)
  if type(err) ~= "table" then
    err = { code = -32603, message = tostring(err) }
  end
  return setmetatable({ code = err.code, message = err.message, data = err.data }, NavdError)
end

--- True when `value` is an error raised by a helper (a NavdError).
function M.is_error(value)
  return getmetatable(value) == NavdError
end

local Client = {}
Client.__index = Client
M.Client = Client

--- `params` as a JSON object: an empty Lua table is sent as {} rather than [].
function M.object(params)
  if type(params) == "table" and next(params) == nil and getmetatable(params) == nil then
    return vim.empty_dict()
  end
  return params
end

--- Why `path` must not be trusted, or nil: it, or its directory, belongs to another user, who could be
--- posing as navd there or could replace the socket. A sticky directory such as /tmp is not held
--- against it; a missing socket is left to connect to report.
function M.foreign_socket(path)
  local me = uv.getuid()
  local info = uv.fs_lstat(path)
  if not info then return nil end
  if info.uid ~= me then
    return string.format("refusing %s: the socket belongs to uid %d, not to you (uid %d)", path, info.uid, me)
  end
  local directory = vim.fn.fnamemodify(path, ":p:h")
  local dir = uv.fs_stat(directory)
  if dir and dir.uid ~= me and bit.band(dir.mode, 512) == 0 then
    return string.format("refusing %s: its directory %s belongs to uid %d, not to you (uid %d)", path, directory, dir.uid, me)
  end
  return nil
end

-- Connects a pipe to `path`, waiting up to `timeout` ms. Returns the pipe, or nil and the error
-- (a libuv error name such as ENOENT or ECONNREFUSED, or "timed out").
local function open_pipe(path, timeout)
  local pipe = uv.new_pipe(false)
  local done, failure = false, nil
  pipe:connect(path, function(err)
    failure = err
    done = true
  end)
  vim.wait(timeout, function() return done end, 5)
  if not done or failure then
    if not pipe:is_closing() then pipe:close() end
    return nil, failure or "timed out"
  end
  return pipe
end

-- True when `err` says nothing answers at the socket: no socket file, or one a crashed daemon left.
local function nobody_there(err)
  return type(err) == "string" and (err:find("^ENOENT") ~= nil or err:find("^ECONNREFUSED") ~= nil)
end

-- Starts `program --socket path` detached, its stdio on /dev/null, so that it outlives Neovim.
-- Returns a table ({pid, status = exit code once it exits}), or nil and a message.
local function start_navd(program, path)
  local started = {}
  local handle, pid
  handle, pid = uv.spawn(program, { args = { "--socket", path }, stdio = { nil, nil, nil }, detached = true },
    function(code)
      started.status = code
      if handle and not handle:is_closing() then handle:close() end
    end)
  if not handle then return nil, tostring(pid) end
  handle:unref()
  started.pid = pid
  return started
end

-- Starts navd on `path` and tries to connect every 25 ms until it answers or autostart_timeout
-- seconds pass (a navd that lost a race to serve `path` exits 1; the winner answers). Returns the
-- pipe, or nil and why not (or nil, nil and a refusal: see foreign_socket); `failure` is the first
-- attempt's error.
local function autostart(path, opts, failure)
  local program, wanted = M.navd_program(option(opts, "navd_program"))
  if not program then
    return nil, string.format("%s, and navd was not found to start it (looked for %s): install navd, "
      .. "set the navd_program option (require('navd').setup({ navd_program = PATH })) or $NAVD_BIN, "
      .. "or set autostart = false and start navd yourself", failure, wanted)
  end
  local started, err = start_navd(program, path)
  if not started then
    return nil, string.format("%s, and %s could not be started: %s", failure, program, err)
  end
  local seconds = option(opts, "autostart_timeout")
  local deadline = uv.hrtime() + seconds * 1e9
  repeat
    vim.wait(25)
    local refusal = M.foreign_socket(path)
    if refusal then return nil, nil, refusal end
    local pipe
    pipe, failure = open_pipe(path, opts.timeout or 5000)
    if pipe then return pipe end
  until uv.hrtime() >= deadline
  return nil, string.format("%s; navd (%s, pid %d) did not answer within %s s%s", failure, program,
    started.pid, tostring(seconds), started.status and (", it exited with status " .. started.status) or "")
end

--- Connects to `path` (default: socket_path()). Returns the client, or nil and a message.
--- `opts`: timeout (ms, for each attempt and each helper's reply), and autostart, navd_program,
--- autostart_timeout overriding M.config. When nothing answers there (ENOENT, ECONNREFUSED) and
--- autostart is on, starts navd on `path`, detached, and waits for it.
function M.connect(path, opts)
  opts = opts or {}
  path = path or M.socket_path()
  local refusal = M.foreign_socket(path)
  if refusal then return nil, refusal end
  local pipe, failure = open_pipe(path, opts.timeout or 5000)
  if not pipe and nobody_there(failure) and option(opts, "autostart") then
    pipe, failure, refusal = autostart(path, opts, failure)
    if refusal then return nil, refusal end
  end
  if not pipe then
    return nil, string.format("cannot connect to navd at %s: %s", path, failure)
  end
  local client = setmetatable({
    path = path,
    pipe = pipe,
    timeout = opts.timeout or 5000,
    next_id = 1,
    pending = {},       -- id -> callback(err, result)
    handlers = {},      -- notification handlers
    received = nil,     -- when a table, every message is also appended here (transcripts)
    buffer = "",
    closed = false,
  }, Client)
  pipe:read_start(function(err, chunk)
    if err or not chunk then
      vim.schedule(function() client:_on_close(err) end)
      return
    end
    client.buffer = client.buffer .. chunk
    local lines = {}
    while true do
      local newline = client.buffer:find("\n", 1, true)
      if not newline then break end
      local line = client.buffer:sub(1, newline - 1)
      client.buffer = client.buffer:sub(newline + 1)
      if line:match("%S") then table.insert(lines, line) end
    end
    if #lines > 0 then
      vim.schedule(function()
        for _, line in ipairs(lines) do client:_on_line(line) end
      end)
    end
  end)
  return client
end

function Client:_on_close(err)
  if self.closed then return end
  self.closed = true
  if not self.pipe:is_closing() then self.pipe:close() end
  local pending = self.pending
  self.pending = {}
  for _, callback in pairs(pending) do
    callback(make_error({ code = -32603, message = "connection closed" .. (err and (": " .. err) or "") }))
  end
  if self.on_close then self.on_close(err) end
end

function Client:_on_line(line)
  local ok, message = pcall(vim.json.decode, line)
  if not ok then return end
  if self.received then table.insert(self.received, message) end
  if vim.tbl_islist(message) then
    for _, reply in ipairs(message) do self:_dispatch(reply) end
  else
    self:_dispatch(message)
  end
end

function Client:_dispatch(message)
  if type(message) ~= "table" then return end
  if message.method ~= nil and message.id == nil then
    for _, handler in ipairs(self.handlers) do
      local ok, err = pcall(handler, message.method, message.params)
      if not ok then vim.notify("navd: notification handler failed: " .. tostring(err), vim.log.levels.WARN) end
    end
    return
  end
  local callback = self.pending[message.id]
  if callback then
    self.pending[message.id] = nil
    if message.error ~= nil then
      callback(make_error(message.error))
    else
      callback(nil, message.result)
    end
  end
end

--- Writes one JSON value (a message table) as one line.
function Client:send_message(message)
  if self.closed then error(make_error({ code = -32603, message = "connection closed" })) end
  self.pipe:write(vim.json.encode(message) .. "\n")
end

--- Sends a request; `callback(err, result)` runs on the main loop. Returns the request id.
function Client:request(method, params, callback)
  local id = self.next_id
  self.next_id = id + 1
  self.pending[id] = callback or function() end
  local message = { jsonrpc = "2.0", id = id, method = method }
  if params ~= nil then message.params = M.object(params) end
  self:send_message(message)
  return id
end

--- Sends a request and waits up to `timeout` ms; returns the result or raises a NavdError.
function Client:request_sync(method, params, timeout)
  local done, failure, value = false, nil, nil
  local id = self:request(method, params, function(err, result)
    failure, value, done = err, result, true
  end)
  vim.wait(timeout or self.timeout, function() return done end, 5)
  if not done then
    self.pending[id] = nil
    error(make_error({ code = -32603, message = method .. ": no reply from navd in time" }))
  end
  if failure then error(failure) end
  return value
end

--- Sends a notification.
function Client:notify(method, params)
  local message = { jsonrpc = "2.0", method = method }
  if params ~= nil then message.params = M.object(params) end
  self:send_message(message)
end

--- Adds `handler(method, params)` for notifications; returns a function that removes it.
function Client:on_notification(handler)
  table.insert(self.handlers, handler)
  return function()
    for index, h in ipairs(self.handlers) do
      if h == handler then table.remove(self.handlers, index) return end
    end
  end
end

--- Waits up to `timeout` ms for a notification (of `method`, when given); returns method, params
--- or nil on timeout. Notifications that arrived before the call are not seen: add a handler
--- with on_notification before the request that causes them, or use client:collect().
function Client:wait_notification(method, timeout)
  local got_method, got_params
  local remove = self:on_notification(function(m, p)
    if got_method == nil and (method == nil or m == method) then got_method, got_params = m, p end
  end)
  vim.wait(timeout or self.timeout, function() return got_method ~= nil end, 5)
  remove()
  return got_method, got_params
end

--- Starts collecting notifications into a list; returns the list (appended as they arrive)
--- and a function that stops collecting.
function Client:collect()
  local list = {}
  local remove = self:on_notification(function(m, p) table.insert(list, { method = m, params = p }) end)
  return list, remove
end

--- Closes the connection.
function Client:close()
  if not self.closed then
    self.closed = true
    if not self.pipe:is_closing() then self.pipe:close() end
  end
end

-- The helpers: client:<helper>(params) for every method (params use the wire names).
generated.install(Client)

-- The one connection the commands use.
local state = { client = nil, session = nil, watch = {} }
M.state = state

--- The commands' connection (connecting on first use, to `path` or socket_path()).
function M.client(path)
  if state.client and not state.client.closed and (path == nil or path == state.client.path) then
    return state.client
  end
  local client, err = M.connect(path)
  if not client then error(err, 0) end
  state.client = client
  return client
end

-- The session a command acts on: the one given, else the last one used, else the only one.
local function pick_session(client, given)
  if given and given ~= "" then
    state.session = given
    return given
  end
  if state.session then return state.session end
  local sessions = client:session_list().sessions
  if #sessions == 1 then
    state.session = sessions[1].sessionId
    return state.session
  end
  error(string.format("navd: %d sessions; name one (session/list shows them)", #sessions), 0)
end

local function fmt_number(n)
  if type(n) ~= "number" then return tostring(n) end
  return (string.format("%.4f", n):gsub("0+$", ""):gsub("%.$", ""))
end

-- The readable forms: docs/clients.md ("Readable forms"), the same in every editor client;
-- clients/formats.json holds the cases they share.

--- Text for a BackTitle.
function M.format_back_title(back)
  local title = back.title
  if back.display == "hidden" then
    return "no back button (" .. back.source .. ")"
  end
  local shown = (title == nil or title == vim.NIL) and "‹" or ("‹ " .. title)
  local text = string.format("%s  [%s, %s%s]", shown, back.display, back.source,
    back.truncated and ", truncated" or "")
  if type(back.menu) == "table" and #back.menu > 0 then
    text = text .. "  menu: " .. table.concat(back.menu, ", ")
  end
  return text
end

--- Text for a TintResult, with the foreground policy it used.
function M.format_tint(tint)
  local policy = ""
  if type(tint.foregroundPolicy) == "string" then policy = ", foreground " .. tint.foregroundPolicy end
  return string.format("%s → %s  (%s, luminance %s, contrast black %s / white %s, %s%s)",
    tint.background, tint.foreground, tint.method, fmt_number(tint.luminance),
    fmt_number(tint.contrast.black), fmt_number(tint.contrast.white), tint.source, policy)
end

local function describe_target(target)
  local text = target.kind
  if target.itemId and target.itemId ~= vim.NIL then
    text = text .. " " .. target.itemId
  elseif target.screenId and target.screenId ~= vim.NIL then
    text = text .. " (" .. target.screenId .. ")"
  end
  return text
end

local function describe_action(action)
  if action.kind == "pop" then return "pop to " .. tostring(action.to) end
  if action.kind == "itemAction" then return "item action " .. tostring(action.itemId) end
  if action.kind == "customBack" then return "custom back (navigation/backRequested)" end
  return "no action"
end

--- Text for a HitResult at (x, y).
function M.format_hit(x, y, hit)
  return string.format("(%s, %s) → %s: %s", fmt_number(x), fmt_number(y),
    describe_target(hit.target), describe_action(hit.action))
end

local function report(fn)
  local ok, result = pcall(fn)
  if ok then
    vim.api.nvim_echo({ { result } }, true, {})
    return result
  end
  vim.api.nvim_echo({ { tostring(result), "ErrorMsg" } }, true, {})
  return nil
end

--- :NavdConnect [path]
function M.connect_command(path)
  return report(function()
    if state.client then state.client:close() end
    state.client, state.session = nil, nil
    local client = M.client(path ~= "" and path or nil)
    local status = client:daemon_status()
    return string.format("navd %s at %s: %d sessions, %d connections",
      status.version, client.path, status.sessions, status.connections)
  end)
end

--- :NavdBackTitle [session [screen]]
function M.back_title(session, screen)
  return report(function()
    local client = M.client()
    local params = { sessionId = pick_session(client, session) }
    if screen and screen ~= "" then params.screenId = screen end
    return "Back title: " .. M.format_back_title(client:title_back(params))
  end)
end

--- :NavdTint [color | session [screen]]: a colour (#RRGGBB, rgb(...), a system colour name)
--- when the argument is not a session id, else the session's top (or named) bar.
function M.tint(arg, screen)
  return report(function()
    local client = M.client()
    local params = {}
    local is_session = false
    if arg and arg ~= "" then
      for _, s in ipairs(client:session_list().sessions) do
        if s.sessionId == arg then is_session = true end
      end
      if is_session then
        params.sessionId = pick_session(client, arg)
      else
        params.color = arg
      end
    else
      params.sessionId = pick_session(client, nil)
    end
    if screen and screen ~= "" then params.screenId = screen end
    return "Tint: " .. M.format_tint(client:tint_resolve(params))
  end)
end

--- :NavdHitTest x y [session]
function M.hit_test(x, y, session)
  return report(function()
    local px, py = tonumber(x), tonumber(y)
    if not px or not py then error("usage: :NavdHitTest x y [session]", 0) end
    local client = M.client()
    local hit = client:bar_hit_test({ sessionId = pick_session(client, session), point = { x = px, y = py } })
    return "Hit: " .. M.format_hit(px, py, hit)
  end)
end

--- One line for a notification in the watch buffer.
function M.format_notification(method, params)
  local summary = ""
  if type(params) == "table" then
    if method == "session/didChange" then
      local parts = {}
      for _, change in ipairs(params.changes or {}) do
        if change.kind == "stack" then
          table.insert(parts, "stack " .. change.op .. " " .. table.concat(change.screens, ","))
        elseif change.kind == "title" then
          local back = change.backTitle
          table.insert(parts, "title " .. change.screenId .. " ‹ " ..
            ((back == vim.NIL or back == nil or back.title == vim.NIL) and "" or tostring(back.title)))
        elseif change.kind == "tint" then
          table.insert(parts, "tint " .. change.screenId .. " " .. tostring(change.barTintColor) ..
            " → " .. tostring(change.foreground))
        else
          table.insert(parts, change.kind .. " " .. tostring(change.screenId))
        end
      end
      summary = string.format("v%s %s", tostring(params.version), table.concat(parts, "; "))
    else
      summary = vim.json.encode(params)
    end
  end
  return string.format("%s %s %s", os.date("!%H:%M:%S"), method, summary)
end

--- :NavdWatch [session]: subscribes and lists the session's notifications in a scratch buffer.
function M.watch(session)
  return report(function()
    local client = M.client()
    local sid = pick_session(client, session)
    local name = "navd://notifications/" .. sid
    local buf = vim.fn.bufnr(name)
    if buf == -1 then
      buf = vim.api.nvim_create_buf(true, true)
      vim.api.nvim_buf_set_name(buf, name)
      vim.api.nvim_buf_set_option(buf, "buftype", "nofile")
      vim.api.nvim_buf_set_option(buf, "swapfile", false)
      vim.api.nvim_buf_set_lines(buf, 0, -1, false, { "navd notifications for session " .. sid })
    end
    if not state.watch[sid] then
      state.watch[sid] = client:on_notification(function(method, params)
        if type(params) ~= "table" or params.sessionId ~= sid then return end
        if not vim.api.nvim_buf_is_valid(buf) then return end
        vim.api.nvim_buf_set_lines(buf, -1, -1, false, { M.format_notification(method, params) })
      end)
      client:session_subscribe({ sessionId = sid })
    end
    vim.api.nvim_set_current_buf(buf)
    return "Watching session " .. sid
  end)
end

--- :NavdDiagnostics [session]: the session's diagnostics, live, in a scratch buffer.
function M.diagnostics(session)
  return report(function()
    local client = M.client()
    local sid = pick_session(client, session)
    local buf = require("navd.lint").watch_session(client, sid)
    vim.api.nvim_set_current_buf(buf)
    return "Diagnostics of session " .. sid
  end)
end

return M
