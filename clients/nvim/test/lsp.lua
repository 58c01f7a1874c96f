-- Tests of navd.lsp: Neovim's own LSP client against the real `navctl lsp`.
-- Loaded by test.lua, which passes its test registry: dofile(...)(context). Every wait is a
-- vim.wait on a condition, with a long limit: the server reads the workspace in the background.
return function(context)
  local test, expect, expect_eq = context.test, context.expect, context.expect_eq
  local navctl, nvim_dir, repo = context.navctl, context.nvim_dir, context.repo
  local uv = vim.loop
  local lsp = require("navd.lsp")

  local LONG = 60000                                   -- ms: a limit, not a duration anything asserts
  local fixture = nvim_dir .. "/test/lsp-fixture"
  local inbox_path = fixture .. "/Inbox.swift"
  local scratch = vim.fn.tempname()
  vim.fn.mkdir(scratch, "p")

  local exits = {}                                     -- client id -> { code, signal }
  local function on_exit(code, signal, client_id) exits[client_id] = { code = code, signal = signal } end
  -- The diagnostics as the server sent them (LSP Diagnostic objects), by URI; then Neovim's handler.
  local published = {}
  local function on_publish(err, result, ctx, config)
    if result and result.uri then published[result.uri] = result.diagnostics end
    return vim.lsp.handlers["textDocument/publishDiagnostics"](err, result, ctx, config)
  end

  -- As a user's configuration has it (nvim -u NONE leaves filetype detection off).
  vim.cmd("filetype on")

  local function wait_for(what, condition)
    expect(vim.wait(LONG, condition, 50), what)
  end

  local function navd_client(buf)
    return lsp.clients(buf)[1]
  end

  -- Opens `path` in the current window (switching to its buffer when it is loaded: :edit would
  -- reload it); returns the buffer and its navd client, once attached.
  local function open(path)
    local loaded = vim.fn.bufnr(path)
    if loaded ~= -1 and vim.api.nvim_buf_is_loaded(loaded) then
      vim.api.nvim_set_current_buf(loaded)
    else
      vim.cmd("edit " .. vim.fn.fnameescape(path))
    end
    local buf = vim.api.nvim_get_current_buf()
    wait_for("navctl lsp attaches to " .. path, function() return navd_client(buf) ~= nil end)
    return buf, navd_client(buf)
  end

  local function wipe(buf)
    if vim.api.nvim_buf_is_valid(buf) then vim.api.nvim_buf_delete(buf, { force = true }) end
  end

  -- The diagnostics the navd client published for `buf`.
  local function diagnostics(buf, client)
    return vim.diagnostic.get(buf, { namespace = vim.lsp.diagnostic.get_namespace(client.id) })
  end

  -- Waits until `buf` has `count` navd diagnostics; returns them, sorted by line.
  local function wait_diagnostics(buf, client, count, what)
    wait_for(string.format("%s: %d diagnostics", what or "diagnostics", count), function()
      return #diagnostics(buf, client) == count
    end)
    local list = diagnostics(buf, client)
    table.sort(list, function(p, q) return p.lnum < q.lnum end)
    return list
  end

  -- Fails the test, naming the capability, when the server does not advertise it.
  local function needs(client, capability)
    local value = (client.server_capabilities or {})[capability]
    if value == nil or value == false then
      error("navctl lsp does not advertise " .. capability .. " (the test waits for it)", 0)
    end
    return value
  end

  -- Sends `method` through `client` and waits for its answer; returns the result (nil for null).
  local function request(client, buf, method, params)
    local done, failure, value = false, nil, nil
    local function handler(err, result) done, failure, value = true, err, result end
    if vim.fn.has("nvim-0.11") == 1 then
      client:request(method, params, handler, buf)
    else
      client.request(method, params, handler, buf)
    end
    wait_for(method .. " is answered", function() return done end)
    expect(failure == nil, method .. " failed: " .. vim.inspect(failure))
    if value == vim.NIL then value = nil end
    return value
  end

  local function open_inbox()
    local buf, client = open(inbox_path)
    wait_diagnostics(buf, client, 1, "Inbox.swift")
    return buf, client
  end

  local function uri(path) return vim.uri_from_fname(path) end

  local setup_result, setup_message = lsp.setup({
    cmd = { navctl, "lsp" },
    on_exit = on_exit,
    handlers = { ["textDocument/publishDiagnostics"] = on_publish },
  })

  test("lsp: setup runs the given navctl", function()
    expect(setup_result ~= nil, tostring(setup_message))
    expect_eq(lsp.config.cmd, { navctl, "lsp" }, "cmd")
  end)

  test("lsp: the client API is chosen by what this Neovim has", function()
    local expected = "start_client"
    if vim.fn.has("nvim-0.11") == 1 then
      expected = "config"
    elseif vim.fn.has("nvim-0.8") == 1 then
      expected = "start"
    end
    expect_eq(lsp.api(), expected, "API of " .. tostring(vim.version and vim.version().minor))
  end)

  test("lsp: a navctl that cannot be run is reported, and the setup stays as it was", function()
    local notified = {}
    local saved_notify = vim.notify
    vim.notify = function(message) table.insert(notified, message) end
    local ok, result, message = pcall(lsp.setup, { cmd = { scratch .. "/no-navctl", "lsp" } })
    local _, result2, message2 = pcall(lsp.setup, { navctl = scratch .. "/no-navctl-either" })
    vim.notify = saved_notify
    expect(ok, tostring(result))
    expect(result == nil and message:find("no-navctl", 1, true), "explicit cmd: " .. tostring(message))
    expect(result2 == nil and message2:find("no-navctl-either", 1, true), "navctl option: " .. tostring(message2))
    expect_eq(#notified, 2, "notifications")
    expect_eq(lsp.config.cmd, { navctl, "lsp" }, "the setup in force")
  end)

  test("lsp: finding navctl", function()
    local saved_env, saved_config = vim.env.NAVCTL_BIN, lsp.config.navctl
    lsp.config.navctl = nil
    vim.env.NAVCTL_BIN = "/from/env/navctl"
    expect_eq(lsp.navctl(), "/from/env/navctl", "environment")
    vim.env.NAVCTL_BIN = nil
    local root = scratch .. "/repo"
    vim.fn.mkdir(root .. "/.build/debug", "p")
    vim.fn.mkdir(root .. "/Screens/deep", "p")
    vim.fn.writefile({ "#!/bin/sh" }, root .. "/.build/debug/navctl")
    vim.fn.setfperm(root .. "/.build/debug/navctl", "rwxr-xr-x")
    expect_eq(lsp.navctl(root .. "/Screens/deep"), root .. "/.build/debug/navctl", "upward")
    lsp.config.navctl = "/configured/navctl"
    expect_eq(lsp.navctl(), "/configured/navctl", "configured")
    vim.env.NAVCTL_BIN, lsp.config.navctl = saved_env, saved_config
  end)

  test("lsp: the root is the nearest folder with .navd.yml, *.xcodeproj, Package.swift or .git", function()
    local top = scratch .. "/roots"
    vim.fn.mkdir(top .. "/.git", "p")
    vim.fn.mkdir(top .. "/pkg/app/App.xcodeproj", "p")
    vim.fn.mkdir(top .. "/pkg/app/configured/deep", "p")
    vim.fn.mkdir(top .. "/pkg/other", "p")
    vim.fn.mkdir(top .. "/plain", "p")
    vim.fn.writefile({}, top .. "/pkg/Package.swift")
    vim.fn.writefile({ "profiles: [ios17]" }, top .. "/pkg/app/configured/.navd.yml")
    expect_eq(lsp.root(top .. "/pkg/app/configured/deep/A.swift"), top .. "/pkg/app/configured", ".navd.yml")
    expect_eq(lsp.root(top .. "/pkg/app/configured/B.swift"), top .. "/pkg/app/configured", "in the folder itself")
    expect_eq(lsp.root(top .. "/pkg/app/C.m"), top .. "/pkg/app", "*.xcodeproj")
    expect_eq(lsp.root(top .. "/pkg/other/D.swift"), top .. "/pkg", "Package.swift")
    expect_eq(lsp.root(top .. "/plain/E.swift"), top, ".git")
    expect_eq(lsp.root(inbox_path), fixture, "the fixture's .navd.yml")
    local outside = vim.fn.tempname() .. "-alone"
    vim.fn.mkdir(outside, "p")
    expect_eq(lsp.root(outside .. "/F.swift"), nil, "no marker")
    vim.fn.delete(outside, "rf")
  end)

  test("lsp: opening Inbox.swift attaches navctl lsp and shows its diagnostic", function()
    local buf, client = open(inbox_path)
    expect_eq(vim.bo[buf].filetype, "swift", "filetype")
    expect_eq(client.config.root_dir, fixture, "root_dir")
    local list = wait_diagnostics(buf, client, 1, "Inbox.swift")
    local d = list[1]
    expect_eq({ d.lnum, d.col }, { 6, 8 }, "line 7, at navigationItem")
    expect_eq(d.code, "empty-back-title-trick", "code")
    expect_eq(d.source, "navd", "source")
    expect_eq(d.severity, vim.diagnostic.severity.INFO, "severity")
    expect(d.message:find("InboxViewController", 1, true), d.message)
    -- The same entry through vim.diagnostic without a namespace.
    local all = vim.diagnostic.get(buf, { lnum = 6 })
    local codes = {}
    for _, entry in ipairs(all) do table.insert(codes, entry.code) end
    expect(vim.tbl_contains(codes, "empty-back-title-trick"), vim.inspect(codes))
  end)

  test("lsp: hover names the screen", function()
    local buf, client = open_inbox()
    needs(client, "hoverProvider")
    local function hover(line, character)
      local result = request(client, buf, "textDocument/hover", {
        textDocument = { uri = uri(inbox_path) }, position = { line = line, character = character } })
      expect(type(result) == "table" and type(result.contents) == "table", "a hover: " .. vim.inspect(result))
      expect_eq(result.contents.kind, "markdown", "kind")
      return result.contents.value
    end
    local declaration = hover(2, 20)
    expect(declaration:find("`InboxViewController`", 1, true), "the class declaration: " .. declaration)
    local setting = hover(6, 30)
    expect(setting:find("`InboxViewController`", 1, true), "the back item's line: " .. setting)
    local other = hover(17, 10)
    expect(other:find("`MessageViewController`", 1, true), "the other screen's title: " .. other)
  end)

  test("lsp: a code lens on each screen's declaration", function()
    local buf, client = open_inbox()
    needs(client, "codeLensProvider")
    local commands = (needs(client, "executeCommandProvider") or {}).commands or {}
    expect(vim.tbl_contains(commands, "navd.showScreen"), "executeCommandProvider: " .. vim.inspect(commands))
    vim.api.nvim_set_current_buf(buf)
    vim.lsp.codelens.refresh()
    wait_for("code lenses", function() return #vim.lsp.codelens.get(buf) >= 2 end)
    local lenses = vim.lsp.codelens.get(buf)
    table.sort(lenses, function(p, q) return p.range.start.line < q.range.start.line end)
    local lines = {}
    for _, lens in ipairs(lenses) do table.insert(lines, lens.range.start.line) end
    expect_eq(lines, { 2, 14 }, "one lens a screen, on lines 3 and 15")
    for _, lens in ipairs(lenses) do
      expect(lens.command and lens.command.title:lower():find("back", 1, true), "title: " .. vim.inspect(lens.command))
      expect_eq(lens.command.command, "navd.showScreen", "command")
    end
    local answer = request(client, buf, "workspace/executeCommand",
      { command = lenses[1].command.command, arguments = lenses[1].command.arguments })
    expect_eq(answer, nil, "workspace/executeCommand's result")
  end)

  test("lsp: the quick fix for empty-back-title-trick, applied by Neovim", function()
    local buf, client = open_inbox()
    needs(client, "codeActionProvider")
    local line = vim.api.nvim_buf_get_lines(buf, 6, 7, false)[1]
    local in_context = {}
    for _, d in ipairs(published[uri(inbox_path)] or {}) do
      if d.range.start.line == 6 then table.insert(in_context, d) end
    end
    expect_eq(#in_context, 1, "the diagnostic on line 7")
    local actions = request(client, buf, "textDocument/codeAction", {
      textDocument = { uri = uri(inbox_path) },
      range = { start = { line = 6, character = 0 }, ["end"] = { line = 6, character = #line } },
      context = { diagnostics = in_context },
    })
    expect(type(actions) == "table", "actions: " .. vim.inspect(actions))
    local fix
    for _, action in ipairs(actions) do
      if action.title == "Use backButtonDisplayMode = .minimal" then fix = action end
    end
    expect(fix ~= nil, "the quick fix among: " .. vim.inspect(actions))
    expect_eq(fix.kind, "quickfix", "kind")
    expect_eq(fix.isPreferred, true, "isPreferred")
    expect(type(fix.diagnostics) == "table" and #fix.diagnostics == 1, "diagnostics: " .. vim.inspect(fix.diagnostics))
    expect_eq(fix.diagnostics[1].code, "empty-back-title-trick", "its diagnostic")
    expect(fix.edit and fix.edit.changes and fix.edit.changes[uri(inbox_path)], "an edit of Inbox.swift: " .. vim.inspect(fix.edit))
    vim.lsp.util.apply_workspace_edit(fix.edit, "utf-16")
    expect_eq(vim.api.nvim_buf_get_lines(buf, 6, 7, false)[1], "        navigationItem.backButtonDisplayMode = .minimal",
      "line 7")
    expect_eq(vim.api.nvim_buf_line_count(buf), 20, "lines")
    -- The client sends the change itself; the server answers with an empty list.
    wait_diagnostics(buf, client, 0, "after the fix")
    wipe(buf)
  end)

  test("lsp: a file closed and opened again shows its diagnostic again", function()
    local buf, client = open_inbox()
    wipe(buf)                                          -- didClose
    buf = open(inbox_path)                             -- didOpen, in a new buffer
    wait_diagnostics(buf, client, 1, "Inbox.swift opened again")
  end)

  test("lsp: Objective-C and storyboards attach; *.storyboard and *.xib are xml", function()
    local app = scratch .. "/app"
    vim.fn.mkdir(app, "p")
    vim.fn.writefile({ "profiles: [ios17]" }, app .. "/.navd.yml")
    local examples = repo .. "/examples/source/touch-target-small"
    for _, name in ipairs({ "failing.m", "failing.storyboard" }) do
      vim.fn.writefile(vim.fn.readfile(examples .. "/" .. name, "b"), app .. "/" .. name, "b")
    end
    for _, case in ipairs({ { "failing.m", "objc", 22 }, { "failing.storyboard", "xml", 78 } }) do
      local buf, client = open(app .. "/" .. case[1])
      expect_eq(vim.bo[buf].filetype, case[2], case[1] .. "'s filetype")
      expect_eq(client.config.root_dir, app, case[1] .. "'s root")
      local list = wait_diagnostics(buf, client, 1, case[1])
      expect_eq({ list[1].code, list[1].lnum }, { "touch-target-small", case[3] }, case[1])
      wipe(buf)
    end
    local buf = open(app .. "/New.xib")
    expect_eq(vim.bo[buf].filetype, "xml", "a new xib's filetype")
    wipe(buf)
  end)

  -- Session documents (*.navd.json).
  local custom_back = {
    '{',
    '  "format": "navd-session",',
    '  "formatVersion": 1,',
    '  "profile": "ios17",',
    '  "screens": [{"id": "a", "title": "Inbox"},',
    '    {"id": "b", "title": "B", "backAction": "custom"}]',
    '}',
  }
  local documents = scratch .. "/documents"
  vim.fn.mkdir(documents, "p")

  local function open_document(name, lines)
    vim.fn.writefile(lines, documents .. "/" .. name)
    return open(documents .. "/" .. name)
  end

  test("lsp: a session document's custom back action, and unsaved changes", function()
    local buf, client = open_document("Checkout.navd.json", custom_back)
    expect_eq(vim.bo[buf].filetype, "json", "filetype")
    local d = wait_diagnostics(buf, client, 1, "Checkout.navd.json")[1]
    expect_eq({ d.lnum, d.col }, { 5, 4 }, "screen b's object")
    expect_eq(d.severity, vim.diagnostic.severity.WARN, "severity")
    expect_eq(d.code, "custom-back-unreachable", "code")
    expect_eq(d.source, "navd", "source")
    vim.api.nvim_buf_set_lines(buf, 5, 6, false, { '    {"id": "b", "title": "B"}]' })
    wait_diagnostics(buf, client, 0, "without the custom back action")
    vim.api.nvim_buf_set_lines(buf, 5, 6, false,
      { '    {"id": "b", "title": "B", "item": {"leftItems": [{"id": "close", "title": "Close"}]}}]' })
    d = wait_diagnostics(buf, client, 1, "with a left item")[1]
    local sixth = vim.api.nvim_buf_get_lines(buf, 5, 6, false)[1]
    -- At the member that stops the swipe: b's left items.
    expect_eq({ d.code, d.lnum, d.col }, { "pop-gesture-disabled", 5, sixth:find('"leftItems"', 1, true) - 1 }, "pop gesture")
    wipe(buf)
  end)

  test("lsp: UTF-16 positions land on the right byte", function()
    local text = '{"format": "navd-session", "screens": [{"id": "ä", "title": "Ünïcödé 🚀"}, '
      .. '{"id": "b", "bar": {"barTintColor": 7}}]}'
    local buf, client = open_document("Unicode.navd.json", { text })
    local d = wait_diagnostics(buf, client, 1, "Unicode.navd.json")[1]
    expect_eq(d.severity, vim.diagnostic.severity.ERROR, "severity")
    local byte = text:find('"barTintColor"', 1, true) - 1
    expect_eq(d.col, byte, "byte column")
    local sent = published[uri(documents .. "/Unicode.navd.json")][1]
    local units = 0
    for char in text:sub(1, byte):gmatch("[%z\1-\127\194-\244][\128-\191]*") do
      units = units + (#char == 4 and 2 or 1)
    end
    expect_eq(sent.range.start.character, units, "UTF-16 units before it")
    expect(sent.range.start.character < byte, "fewer UTF-16 units than bytes")
    wipe(buf)
  end)

  test("lsp: invalid JSON is an error where parsing stopped", function()
    local buf, client = open_document("Broken.navd.json", { "{", '  "format": "navd-session",', '  "screens": [', "}" })
    local d = wait_diagnostics(buf, client, 1, "Broken.navd.json")[1]
    expect_eq({ d.lnum, d.severity }, { 3, vim.diagnostic.severity.ERROR }, "line and severity")
    wipe(buf)
  end)

  test("lsp: other JSON files are not the server's", function()
    vim.fn.writefile({ "{}" }, documents .. "/package.json")
    vim.cmd("edit " .. vim.fn.fnameescape(documents .. "/package.json"))
    local buf = vim.api.nvim_get_current_buf()
    expect_eq(vim.bo[buf].filetype, "json", "filetype")
    expect(not lsp.wanted(buf), "package.json is not wanted")
    expect_eq(lsp.attach(buf), nil, "attach")
    for _, client in ipairs(lsp.clients()) do
      expect(not vim.lsp.buf_is_attached(buf, client.id), "attached to client " .. client.id)
    end
    wipe(buf)
  end)

  test("lsp: stopping the clients: each server exits 0 after shutdown", function()
    local clients = lsp.clients()
    expect(#clients > 0, "no navd client to stop")
    for _, client in ipairs(clients) do vim.lsp.stop_client(client.id) end
    for _, client in ipairs(clients) do
      wait_for("client " .. client.id .. " exits", function() return exits[client.id] ~= nil end)
      expect_eq(exits[client.id], { code = 0, signal = 0 }, "exit of client " .. client.id)
    end
    expect_eq(#lsp.clients(), 0, "navd clients left")
    vim.fn.delete(scratch, "rf")
  end)
end
