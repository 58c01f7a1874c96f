-- Headless tests of the navd Neovim plugin against the real daemon.
--   nvim --headless -u NONE -c "luafile clients/nvim/test/test.lua"
-- Exits 0 when every test passed, 1 otherwise. The daemon: $NAVD_BIN, else <repo>/.build/debug/navd;
-- navctl: $NAVCTL_BIN, else <repo>/.build/debug/navctl (its language server, `navctl lsp`, is tested in test/lsp.lua).
local uv = vim.loop

local here = debug.getinfo(1, "S").source:sub(2)
local nvim_dir = vim.fn.fnamemodify(here, ":p:h:h")
local repo = vim.fn.fnamemodify(nvim_dir, ":h:h")
vim.opt.runtimepath:prepend(nvim_dir)
vim.cmd("runtime! plugin/navd.lua")

local navd = require("navd")
local lint = require("navd.lint")
local transcript = require("navd.transcript")

local function out(text)
  io.stdout:write(text .. "\n")
end

local function finish(code)
  io.stdout:flush()
  vim.cmd((code == 0) and "qall!" or ("cquit " .. code))
end

local binary = os.getenv("NAVD_BIN")
if not binary or binary == "" then binary = repo .. "/.build/debug/navd" end
if vim.fn.executable(binary) ~= 1 then
  out("navd binary not found at " .. binary .. " (run swift build or set NAVD_BIN)")
  finish(1)
  return
end

local navctl = os.getenv("NAVCTL_BIN")
if not navctl or navctl == "" then navctl = repo .. "/.build/debug/navctl" end
if vim.fn.executable(navctl) ~= 1 then
  out("navctl not found at " .. navctl .. " (run swift build or set NAVCTL_BIN)")
  finish(1)
  return
end

-- A daemon on a socket in a fresh directory.
local function start_daemon()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, "p")
  local socket = dir .. "/navd.sock"
  local handle
  local exit_code = nil
  handle = uv.spawn(binary, { args = { "--socket", socket }, stdio = { nil, nil, nil } }, function(code)
    exit_code = code
    if handle and not handle:is_closing() then handle:close() end
  end)
  assert(handle, "cannot start " .. binary)
  local daemon = { socket = socket, dir = dir, handle = handle }
  local ready = vim.wait(20000, function()
    if exit_code ~= nil then return true end
    local probe = navd.connect(socket, { timeout = 200, autostart = false })
    if probe then probe:close() return true end
    return false
  end, 20)
  if exit_code ~= nil or not ready then
    if not handle:is_closing() then handle:kill("sigkill") end
    vim.fn.delete(dir, "rf")
  end
  assert(exit_code == nil, "navd exited with status " .. tostring(exit_code))
  assert(ready, "navd did not listen on " .. socket)
  function daemon.stop()
    if not handle:is_closing() then handle:kill("sigterm") end
    vim.wait(5000, function() return handle:is_closing() end, 10)
    vim.fn.delete(dir, "rf")
  end
  return daemon
end

local function expect(condition, message)
  if not condition then error(message or "expectation failed", 2) end
end

local function expect_eq(actual, expected, what)
  if not transcript.equal(actual, expected) then
    error(string.format("%s: expected %s, got %s", what or "value", vim.inspect(expected), vim.inspect(actual)), 2)
  end
end

-- Everything below runs inside xpcall so that any error ends nvim with a failure status
-- instead of leaving it waiting for input.
local function main()
  local daemon = start_daemon()
  local client = assert(navd.connect(daemon.socket))

  local function two_screens()
    return client:session_create({ screens = {
      { id = "settings", title = "Settings" },
      { id = "general", title = "General" },
    } }).sessionId
  end

  local function bar_middle_y(sid)
    local bar = client:bar_layout({ sessionId = sid }).bar
    return bar.y + bar.height / 2
  end

  local tests = {}
  -- `requires`: methods the test calls; the test fails, saying so, when the daemon answers one of
  -- them with -32601 (method not found): every method exists in the daemon this suite runs against.
  local function test(name, fn, requires) table.insert(tests, { name = name, fn = fn, requires = requires }) end

  local answered = {}
  local function daemon_answers(method)
    if answered[method] == nil then
      local ok, err = pcall(client.request_sync, client, method, {})
      answered[method] = ok or not (navd.is_error(err) and err.code == -32601)
    end
    return answered[method]
  end

  test("socket path chain", function()
    local saved = { vim.env.NAVD_SOCKET, vim.env.XDG_RUNTIME_DIR }
    vim.env.NAVD_SOCKET = "/run/x/navd.sock"
    vim.env.XDG_RUNTIME_DIR = "/run/user/7"
    expect_eq(navd.socket_path(), "/run/x/navd.sock", "explicit")
    vim.env.NAVD_SOCKET = nil
    expect_eq(navd.socket_path(), "/run/user/7/navd/navd.sock", "runtime dir")
    vim.env.XDG_RUNTIME_DIR = nil
    expect_eq(navd.socket_path(), "/tmp/navd-" .. uv.getuid() .. "/navd.sock", "fallback")
    vim.env.NAVD_SOCKET, vim.env.XDG_RUNTIME_DIR = saved[1], saved[2]
  end)

  test("connect through NAVD_SOCKET", function()
    local saved = vim.env.NAVD_SOCKET
    vim.env.NAVD_SOCKET = daemon.socket
    local other = assert(navd.connect())
    -- The same daemon: its pid, not a connection count (the daemon may not have counted the first
    -- connection yet when the second asks).
    expect_eq(other:daemon_status().pid, client:daemon_status().pid, "the same daemon")
    other:close()
    vim.env.NAVD_SOCKET = saved
  end)

  test("a helper for every method the daemon answers", function()
    local init = client:initialize({ clientInfo = { name = "navd.nvim-tests" } })
    expect_eq(init.protocolVersion, 1, "protocolVersion")
    for _, method in ipairs(init.capabilities.methods) do
      local helper = navd.methods[method]
      expect(helper ~= nil, "no helper for " .. method)
      expect(type(client[helper]) == "function", "helper missing: " .. helper)
    end
  end)

  test("the method table is docs/openrpc.json's", function()
    local file = assert(io.open(repo .. "/docs/openrpc.json", "r"))
    local document = vim.json.decode(file:read("*a"))
    file:close()
    local sent, notifications = {}, {}
    for _, method in ipairs(document.methods) do
      if method["x-sender"] ~= "daemon" then sent[method.name] = true end
      if method["x-sender"] == "client" then notifications[method.name] = true end
    end
    for name in pairs(sent) do expect(navd.methods[name] ~= nil, "no helper for " .. name) end
    for name, helper in pairs(navd.methods) do
      expect(sent[name], "a helper for " .. name .. ", which docs/openrpc.json does not have")
      expect(type(client[helper]) == "function", "helper missing: " .. helper)
    end
    for name in pairs(notifications) do
      expect(navd.notification_methods[name], name .. " is not sent as a notification")
    end
  end)

  test("back titles, tints and hits read as clients/formats.json says", function()
    local file = assert(io.open(repo .. "/clients/formats.json", "r"))
    local cases = vim.json.decode(file:read("*a"))
    file:close()
    expect(#cases.backTitle > 0, "no back title cases")
    for _, c in ipairs(cases.backTitle) do expect_eq(navd.format_back_title(c.result), c.text, "back title") end
    for _, c in ipairs(cases.tint) do expect_eq(navd.format_tint(c.result), c.text, "tint") end
    for _, c in ipairs(cases.hit) do expect_eq(navd.format_hit(c.x, c.y, c.result), c.text, "hit") end
  end)

  test("title/back answers the back title (BT-02)", function()
    local sid = two_screens()
    local back = client:title_back({ sessionId = sid })
    expect_eq(back.title, "Settings", "title")
    expect_eq(back.source, "previousTitle", "source")
    client:session_close({ sessionId = sid })
  end, { "title/back" })

  test("tint/resolve for a colour and for the bar (COL-V03, COL-V14)", function()
    expect_eq(client:tint_resolve({ color = "#007AFF", foreground = "automatic" }).foreground, "#FFFFFF", "yiq")
    expect_eq(client:tint_resolve({ color = "#BABABA", foreground = "automatic" }).foreground, "#000000", "threshold")
    -- UIKit's systemBlue by default, whatever the bar colour (COL-1), and the answer says so.
    local uikit = client:tint_resolve({ color = "#007AFF" })
    expect_eq(uikit.foreground, "#007AFF", "uikit")
    expect_eq(uikit.automaticForeground, "#FFFFFF", "automatic beside it")
    expect_eq(navd.format_tint(uikit):find("foreground uikit%)") ~= nil, true, "format names the policy")
    local sid = two_screens()
    client:bar_update({ sessionId = sid, appearance = { barTintColor = "#000000" } })
    expect_eq(client:tint_resolve({ sessionId = sid }).foreground, "#007AFF", "bar, uikit")
    client:session_configure({ sessionId = sid, policies = { foreground = "automatic" } })
    expect_eq(client:tint_resolve({ sessionId = sid }).foreground, "#FFFFFF", "bar, automatic")
    client:session_close({ sessionId = sid })
  end, { "tint/resolve" })

  test("bar/hitTest finds the back button", function()
    local sid = two_screens()
    local hit = client:bar_hit_test({ sessionId = sid, point = { x = 15, y = bar_middle_y(sid) } })
    expect_eq(hit.target.kind, "backButton", "target")
    expect_eq(hit.action, { kind = "pop", to = "settings" }, "action")
    client:session_close({ sessionId = sid })
  end, { "bar/layout", "bar/hitTest" })

  test("errors come back as NavdError tables", function()
    local ok, err = pcall(client.stack_get, client, { sessionId = "no-such-session" })
    expect(not ok and navd.is_error(err), "an error")
    expect_eq(err.code, 1001, "code")
    local sid = two_screens()
    ok, err = pcall(client.session_configure, client, { sessionId = sid, device = { width = "wide" } })
    expect(not ok and err.code == -32602, "invalid params")
    expect_eq(err.data.path, "device.width", "data.path")
    ok, err = pcall(client.request_sync, client, "no/such/method")
    expect(not ok and err.code == -32601, "method not found")
    client:session_close({ sessionId = sid })
  end)

  test("change notifications arrive, in version order, before the reply", function()
    local sid = two_screens()
    local list, stop = client:collect()
    client:session_subscribe({ sessionId = sid })
    local pushed = client:stack_push({ sessionId = sid, screen = { id = "third", title = "Third" } })
    -- The notification was written before the reply, so it is already here.
    expect(#list >= 1, "didChange before the reply")
    expect_eq(list[1].method, "session/didChange", "method")
    expect_eq(list[1].params.version, pushed.version, "version")
    local saw_title = false
    for _, change in ipairs(list[1].params.changes) do
      if change.kind == "title" then
        saw_title = true
        expect_eq(change.backTitle.title, "General", "new back title")
      end
    end
    expect(saw_title, "a title change for the new top screen")
    stop()
    client:session_close({ sessionId = sid })
  end)

  local function messages_after(command)
    vim.cmd("messages clear")
    vim.cmd(command)
    return vim.api.nvim_exec("messages", true)
  end

  test(":NavdBackTitle reports in the message area", function()
    local sid = two_screens()
    vim.cmd("NavdConnect " .. daemon.socket)
    local messages = messages_after("NavdBackTitle " .. sid)
    expect(messages:find("Back title: ‹ Settings", 1, true), "back title in: " .. messages)
    client:session_close({ sessionId = sid })
  end, { "title/back" })

  test(":NavdTint reports a colour's and a bar's tint", function()
    local sid = two_screens()
    vim.cmd("NavdConnect " .. daemon.socket)
    local messages = messages_after("NavdTint #FFFFFF")
    -- UIKit's systemBlue on any bar colour, and the message names the policy (COL-1).
    expect(messages:find("Tint: #FFFFFF → #007AFF", 1, true), "colour tint in: " .. messages)
    expect(messages:find("foreground uikit)", 1, true), "policy in: " .. messages)
    client:bar_update({ sessionId = sid, appearance = { barTintColor = "#000000" } })
    messages = messages_after("NavdTint " .. sid)
    expect(messages:find("Tint: #000000 → #007AFF", 1, true), "bar tint in: " .. messages)
    client:session_close({ sessionId = sid })
  end, { "tint/resolve" })

  test(":NavdHitTest reports the target and action", function()
    local sid = two_screens()
    vim.cmd("NavdConnect " .. daemon.socket)
    local messages = messages_after("NavdHitTest 15 " .. bar_middle_y(sid) .. " " .. sid)
    expect(messages:find("backButton", 1, true) and messages:find("pop to settings", 1, true), "hit in: " .. messages)
    client:session_close({ sessionId = sid })
  end, { "bar/layout", "bar/hitTest" })

  test(":NavdWatch lists notifications live", function()
    local sid = two_screens()
    vim.cmd("NavdConnect " .. daemon.socket)
    vim.cmd("NavdWatch " .. sid)
    local buf = vim.api.nvim_get_current_buf()
    expect(vim.api.nvim_buf_get_name(buf):find("navd://notifications/", 1, true), "watch buffer")
    client:stack_pop({ sessionId = sid })
    local found = vim.wait(5000, function()
      for _, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
        if line:find("session/didChange", 1, true) and line:find("stack pop general", 1, true) then return true end
      end
      return false
    end, 10)
    expect(found, "didChange line in: " .. table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n"))
    client:session_close({ sessionId = sid })
  end)

  -- navd's language server through Neovim's LSP client (test/lsp.lua).
  dofile(nvim_dir .. "/test/lsp.lua")({
    test = test, expect = expect, expect_eq = expect_eq, navctl = navctl, nvim_dir = nvim_dir, repo = repo,
  })

  -- A live session's diagnostics.
  test(":NavdDiagnostics follows a session's diagnostics", function()
    local sid = client:session_create({ screens = {
      { id = "a", title = "Inbox" }, { id = "b", title = "Message", backAction = "custom" } } }).sessionId
    vim.cmd("NavdConnect " .. daemon.socket)
    vim.cmd("NavdDiagnostics " .. sid)
    local buf = vim.api.nvim_get_current_buf()
    expect_eq(vim.api.nvim_buf_get_name(buf), "navd://diagnostics/" .. sid, "buffer")
    local function text() return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") end
    local function count() return #vim.diagnostic.get(buf, { namespace = lint.session_namespace }) end
    expect(text():find("\nb: warning: .*%[custom%-back%-unreachable%]"), text())
    expect_eq(count(), 1, "one diagnostic")
    -- A change made elsewhere arrives as session/diagnostics.
    client:screen_update({ sessionId = sid, screenId = "b",
      changes = { item = { leftItems = { { id = "x", title = "X" } } } } })
    expect(vim.wait(5000, function() return text():find("pop-gesture-disabled", 1, true) ~= nil end, 10), text())
    expect(text():find("\nb/x: warning: .*%[touch%-target%-small%]"), text())
    expect(text():find("v1: 2 diagnostics", 1, true), text())
    expect_eq(count(), 2, "two diagnostics")
    local set = vim.diagnostic.get(buf, { namespace = lint.session_namespace })
    table.sort(set, function(p, q) return p.lnum < q.lnum end)
    expect_eq({ set[1].lnum, set[2].lnum }, { 1, 2 }, "one a line")
    client:stack_push({ sessionId = sid, screen = { id = "c", title = "C" } })
    expect(vim.wait(5000, function() return text():find("v2: no diagnostics", 1, true) ~= nil end, 10), text())
    expect_eq(count(), 0, "none")
    client:session_close({ sessionId = sid })
    expect(vim.wait(5000, function() return text():find(": closed", 1, true) ~= nil end, 10), text())
  end)

  test("a socket, or a socket directory, another user owns is refused before connecting", function()
    local base = vim.fn.tempname()
    vim.fn.mkdir(base .. "/theirs", "p", 493)
    local socket = base .. "/theirs/navd.sock"
    local server = uv.new_pipe(false)
    assert(server:bind(socket))
    server:listen(1, function() end)
    assert(uv.fs_chown(socket, 65534, 65534))
    local c, message = navd.connect(socket)
    expect(c == nil and message:find("the socket belongs to uid 65534, not to you", 1, true) ~= nil, tostring(message))
    assert(uv.fs_chown(socket, uv.getuid(), uv.getgid()))
    assert(uv.fs_chown(base .. "/theirs", 65534, 65534))
    c, message = navd.connect(socket)
    expect(c == nil and message:find("belongs to uid 65534", 1, true) ~= nil and message:find("its directory", 1, true) ~= nil,
      tostring(message))
    server:close()
    vim.fn.delete(base, "rf")
  end)

  -- Starting navd on demand: connect starts it, detached, when nothing answers on the socket.
  -- Stops the autostarted daemon `pid` (SIGTERM) and waits until it is gone.
  local function stop_pid(pid)
    uv.kill(pid, "sigterm")
    return vim.wait(5000, function() return uv.kill(pid, 0) ~= 0 end, 20)
  end

  -- Runs fn(socket, started) with a socket path in a fresh directory; then stops the daemon whose
  -- pid fn put in started.pid, removes the directory and raises fn's error, if any.
  local function with_fresh_socket(fn)
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, "p")
    local started = {}
    local ok, err = pcall(fn, dir .. "/navd.sock", started)
    local stopped = started.pid == nil or stop_pid(started.pid)
    vim.fn.delete(dir, "rf")
    if not ok then error(err, 0) end
    expect(stopped, "navd " .. tostring(started.pid) .. " did not stop")
  end

  test("autostart: NAVD_AUTOSTART=0 in the environment turns the default off", function()
    local saved_env, saved_module = vim.env.NAVD_AUTOSTART, package.loaded["navd"]
    local ok, err = pcall(function()
      for value, expected in pairs({ ["0"] = false, ["off"] = false, ["1"] = true }) do
        vim.env.NAVD_AUTOSTART = value
        package.loaded["navd"] = nil
        expect_eq(require("navd").config.autostart, expected, "NAVD_AUTOSTART=" .. value)
      end
    end)
    vim.env.NAVD_AUTOSTART = saved_env
    package.loaded["navd"] = saved_module
    if not ok then error(err, 0) end
  end)

  test("autostart: connecting where no daemon is starts one, which outlives the connection", function()
    with_fresh_socket(function(socket, started)
      local c, message = navd.connect(socket, { navd_program = binary })
      expect(c ~= nil, tostring(message))
      started.pid = c:daemon_status().pid
      c:close()
      expect(type(started.pid) == "number" and started.pid > 0, "a pid: " .. tostring(started.pid))
      local again
      again, message = navd.connect(socket, { autostart = false })
      expect(again ~= nil, "the daemon outlived the connection: " .. tostring(message))
      local pid = again:daemon_status().pid
      again:close()
      expect_eq(pid, started.pid, "the same daemon")
    end)
  end, { "daemon/status" })

  test("autostart: a stale socket (ECONNREFUSED) is served by a started daemon, unless another user's", function()
    with_fresh_socket(function(socket, started)
      -- A socket nobody listens on: a hard link to a bound socket outlives its closing.
      local server = uv.new_pipe(false)
      assert(server:bind(socket .. ".bound"))
      assert(uv.fs_link(socket .. ".bound", socket))
      server:close()
      local c, message = navd.connect(socket, { autostart = false })
      expect(c == nil and message:find(": ECONNREFUSED", 1, true) ~= nil, tostring(message))
      local inode = uv.fs_lstat(socket).ino
      assert(uv.fs_chown(socket, 65534, 65534))
      c, message = navd.connect(socket)
      expect(c == nil and message:find("the socket belongs to uid 65534", 1, true) ~= nil, tostring(message))
      expect(not vim.wait(300, function() return uv.fs_lstat(socket).ino ~= inode end, 20), "no daemon started")
      assert(uv.fs_chown(socket, uv.getuid(), uv.getgid()))
      c, message = navd.connect(socket)
      expect(c ~= nil, tostring(message))
      started.pid = c:daemon_status().pid
      c:close()
    end)
  end, { "daemon/status" })

  test("autostart = false: where no daemon is, connect fails as before and starts none", function()
    with_fresh_socket(function(socket)
      local c, message = navd.connect(socket, { autostart = false })
      expect_eq(message, "cannot connect to navd at " .. socket .. ": ENOENT", "message")
      expect(c == nil, "no connection")
      navd.setup({ autostart = false })
      local ok, err = pcall(navd.client, socket)
      navd.setup({ autostart = true })
      expect(not ok and err == "cannot connect to navd at " .. socket .. ": ENOENT", "through setup(): " .. tostring(err))
      expect(not vim.wait(300, function() return uv.fs_lstat(socket) ~= nil end, 20), "no socket file")
    end)
  end)

  test("autostart: a navd that cannot be found is reported, naming the options", function()
    with_fresh_socket(function(socket)
      local saved = vim.env.NAVD_BIN
      vim.env.NAVD_BIN = nil
      local c, message = navd.connect(socket, { navd_program = socket .. "-no-navd" })
      vim.env.NAVD_BIN = saved
      expect(c == nil, "no connection")
      expect(message:find("cannot connect to navd at " .. socket .. ": ENOENT", 1, true) == 1, message)
      for _, word in ipairs({ "navd was not found", "navd_program", "autostart" }) do
        expect(message:find(word, 1, true), word .. " in: " .. message)
      end
      expect(uv.fs_lstat(socket) == nil, "no socket file")
    end)
  end)

  -- Every golden transcript, each against a fresh daemon.
  local examples = vim.fn.globpath(repo .. "/docs/protocol/examples", "*.json", false, true)
  table.sort(examples)
  test("there are transcripts", function()
    expect(#examples > 0, "docs/protocol/examples is empty; run make examples")
  end)
  for _, path in ipairs(examples) do
    test("transcript " .. vim.fn.fnamemodify(path, ":t:r"), function()
      local t = transcript.load(path)
      expect(navd.methods[t.method] ~= nil, "no helper for " .. tostring(t.method))
      local fresh = start_daemon()
      local c = assert(navd.connect(fresh.socket))
      local ok, message = transcript.replay(c, t)
      c:close()
      fresh.stop()
      expect(ok, message)
    end)
  end

  local failures = 0
  for _, t in ipairs(tests) do
    local missing = {}
    for _, method in ipairs(t.requires or {}) do
      if not daemon_answers(method) then table.insert(missing, method) end
    end
    local ok, err = true, nil
    if #missing == 0 then ok, err = pcall(t.fn) end
    if #missing > 0 then
      failures = failures + 1
      out("FAIL " .. t.name .. " (the daemon does not answer " .. table.concat(missing, ", ") .. ")")
    elseif ok then
      out("ok   " .. t.name)
    else
      failures = failures + 1
      out("FAIL " .. t.name .. "\n     " .. tostring(err))
    end
  end
  client:close()
  if navd.state.client then navd.state.client:close() end
  daemon.stop()
  out(string.format("nvim: %d passed, %d failed", #tests - failures, failures))
  finish(failures == 0 and 0 or 1)
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  out("ERROR " .. tostring(err))
  finish(1)
end
