-- `navctl lsp`, navd's language server, as an extra server for Swift, Objective-C, storyboards, xibs
-- and session documents (*.navd.json), beside SourceKit-LSP or clangd.
--
--   require("navd.lsp").setup()                                   -- navctl found as M.navctl() finds it
--   require("navd.lsp").setup({ cmd = { "/path/to/navctl", "lsp" }, filetypes = { "swift" } })
--
-- Buffers of config.filetypes, and buffers whose file name matches config.patterns whatever their
-- filetype, get one client per project root: the nearest folder above the file holding one of
-- config.root_markers (none: the server takes the file as a project of its own). setup() also gives
-- *.storyboard and *.xib the filetype xml.
--
-- The API is chosen by what this Neovim has: vim.lsp.config and vim.lsp.enable (0.11 and later),
-- else vim.lsp.start (0.8 to 0.10), else vim.lsp.start_client and vim.lsp.buf_attach_client (0.7).
local uv = vim.loop
local M = {}

--- Settings of navd.lsp itself: setup() starts from these and takes its options of these names.
--- Every other option given to setup() (on_attach, on_exit, capabilities, handlers, settings,
--- flags, ...) goes to the client's configuration as it is.
M.defaults = {
  name = "navd",
  cmd = nil,          -- the server's command line; nil: { M.navctl(), "lsp" }
  navctl = nil,       -- the navctl executable when cmd is nil; nil: $NAVCTL_BIN, .build/debug/navctl above, PATH
  filetypes = { "swift", "objc", "objcpp", "xml" },
  patterns = { "*.navd.json" },   -- file names attached whatever their filetype (globs, as autocmd patterns)
  root_markers = { ".navd.yml", "*.xcodeproj", "Package.swift", ".git" },
  codelens = true,    -- show the server's code lenses, refreshed on BufEnter, InsertLeave and BufWritePost
}

local own_keys = {}
for _, key in ipairs({ "name", "cmd", "navctl", "filetypes", "patterns", "root_markers", "codelens" }) do
  own_keys[key] = true
end

M.config = vim.deepcopy(M.defaults)
M.client_options = {}   -- the options setup() passes on to the client's configuration

local function is_executable(path)
  return path ~= nil and path ~= "" and vim.fn.executable(path) == 1
end

-- The navctl executable: `configured`, else $NAVCTL_BIN, else .build/debug/navctl in `dir` or above,
-- else navctl on PATH.
local function find_navctl(configured, dir)
  if configured and configured ~= "" then return configured end
  local from_env = os.getenv("NAVCTL_BIN")
  if from_env and from_env ~= "" then return from_env end
  dir = vim.fn.fnamemodify(dir or vim.fn.getcwd(), ":p"):gsub("/+$", "")
  while true do
    local candidate = dir .. "/.build/debug/navctl"
    if is_executable(candidate) then return candidate end
    if dir == "" then break end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == "/" then parent = "" end
    if parent == dir then break end
    dir = parent
  end
  local on_path = vim.fn.exepath("navctl")
  if on_path ~= "" then return on_path end
  return nil, "navctl not found: set $NAVCTL_BIN or require('navd.lsp').setup({ navctl = PATH })"
end

--- The navctl executable: config.navctl, else $NAVCTL_BIN, else .build/debug/navctl in `dir`
--- (default: the working directory) or above, else navctl on PATH. Returns nil and a message
--- when there is none.
function M.navctl(dir)
  return find_navctl(M.config.navctl, dir)
end

--- Which client API this Neovim has: "config" (vim.lsp.config and vim.lsp.enable), "start"
--- (vim.lsp.start) or "start_client" (vim.lsp.start_client and vim.lsp.buf_attach_client).
function M.api()
  local ok, config = pcall(function() return vim.lsp.config end)
  if ok and config ~= nil and type(vim.lsp.enable) == "function" then return "config" end
  if type(vim.lsp.start) == "function" then return "start" end
  return "start_client"
end

local function has_glob(text)
  return text:find("[*?%[]") ~= nil
end

-- True when `name` (a base name) matches the glob `pattern`.
local function glob_matches(name, pattern)
  return vim.fn.match(name, vim.fn.glob2regpat(pattern)) ~= -1
end

-- True when folder `dir` holds an entry named `marker` (a name, or a glob such as *.xcodeproj).
local function holds(dir, marker)
  if not has_glob(marker) then
    return uv.fs_stat(dir .. "/" .. marker) ~= nil
  end
  local scan = uv.fs_scandir(dir)
  if not scan then return false end
  while true do
    local name = uv.fs_scandir_next(scan)
    if not name then return false end
    if glob_matches(name, marker) then return true end
  end
end

--- The project root of file `path`: the nearest folder above it (its own folder first) that holds
--- one of `markers` (default: config.root_markers), or nil when none does.
function M.root(path, markers)
  markers = markers or M.config.root_markers
  local dir = vim.fn.fnamemodify(path, ":p:h")
  while dir ~= nil and dir ~= "" do
    for _, marker in ipairs(markers) do
      if holds(dir, marker) then return dir end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then break end
    dir = parent
  end
  return nil
end

--- True when buffer `bufnr` is one the server is for: a file buffer whose filetype is in
--- config.filetypes or whose name matches one of config.patterns.
function M.wanted(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) or vim.api.nvim_buf_get_option(bufnr, "buftype") ~= "" then
    return false
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" or name:find("^%a[%w+.-]*://") then return false end
  if vim.tbl_contains(M.config.filetypes, vim.api.nvim_buf_get_option(bufnr, "filetype")) then return true end
  local tail = vim.fn.fnamemodify(name, ":t")
  for _, pattern in ipairs(M.config.patterns) do
    if glob_matches(pattern:find("/", 1, true) and name or tail, pattern) then return true end
  end
  return false
end

--- The root of buffer `bufnr`'s file (see M.root).
function M.buffer_root(bufnr)
  return M.root(vim.api.nvim_buf_get_name(bufnr))
end

-- Code lenses: refreshed now and on BufEnter, InsertLeave and BufWritePost of `bufnr`.
local function refresh_lenses(client, bufnr)
  if not vim.api.nvim_buf_is_loaded(bufnr) then return end
  if vim.fn.has("nvim-0.10") == 1 then
    if type(vim.lsp.codelens.refresh) == "function" then vim.lsp.codelens.refresh({ bufnr = bufnr }) end
    return
  end
  -- Before 0.10 refresh() asks every client of the current buffer, and its handler fails on a
  -- buffer wiped while the request was out: ask this client, and hand the answer on while the
  -- buffer is there.
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
  client.request("textDocument/codeLens", params, function(err, result, ctx)
    if vim.api.nvim_buf_is_loaded(bufnr) then vim.lsp.codelens.on_codelens(err, result, ctx) end
  end, bufnr)
end

local lens_group = vim.api.nvim_create_augroup("navd_lsp_codelens", { clear = true })

local function show_lenses(client, bufnr)
  if not (client.server_capabilities or {}).codeLensProvider then return end
  vim.api.nvim_clear_autocmds({ group = lens_group, buffer = bufnr })
  vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "BufWritePost" }, {
    group = lens_group,
    buffer = bufnr,
    callback = function() refresh_lenses(client, bufnr) end,
  })
  refresh_lenses(client, bufnr)
end

-- The client configuration for a client at `root` (nil: none), without name-independent defaults.
local function client_config(root)
  local config = vim.tbl_extend("force", {}, M.client_options, {
    name = M.config.name,
    cmd = M.config.cmd,
    root_dir = root,
  })
  local user_on_attach = M.client_options.on_attach
  config.on_attach = function(client, bufnr)
    if M.config.codelens then show_lenses(client, bufnr) end
    if user_on_attach then user_on_attach(client, bufnr) end
  end
  return config
end

-- Neovim 0.7: one client per root, started with vim.lsp.start_client.
local started = {}   -- root (or "" for none) -> client id

local function attach_0_7(bufnr, root)
  local key = root or ""
  local id = started[key]
  if not id then
    local config = client_config(root)
    local user_on_exit = config.on_exit
    config.on_exit = function(code, signal, client_id)
      if started[key] == client_id then started[key] = nil end
      if user_on_exit then user_on_exit(code, signal, client_id) end
    end
    id = vim.lsp.start_client(config)
    if not id then return nil end
    started[key] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- Attaches the server to buffer `bufnr` (0: the current one), starting a client for its root when
--- there is none yet; does nothing for a buffer M.wanted turns down. Returns the client id, or nil.
function M.attach(bufnr)
  if bufnr == nil or bufnr == 0 then bufnr = vim.api.nvim_get_current_buf() end
  if not M.config.cmd or not M.wanted(bufnr) then return nil end
  local root = M.buffer_root(bufnr)
  local api = M.api()
  if api == "start_client" then return attach_0_7(bufnr, root) end
  local config = client_config(root)
  if api == "config" then
    -- What vim.lsp.config holds for the name (also what the user added there), at this root.
    config = vim.tbl_extend("force", {}, vim.lsp.config[M.config.name] or {}, { name = M.config.name })
    config.root_dir = root
  end
  return vim.lsp.start(config, { bufnr = bufnr })
end

local function map_storyboards(group)
  if vim.filetype and type(vim.filetype.add) == "function" then
    vim.filetype.add({ extension = { storyboard = "xml", xib = "xml" } })
  end
  -- Where filetype.lua is not in use (Neovim 0.7 and 0.8 by default) the extension table is not read.
  vim.api.nvim_create_autocmd({ "BufNewFile", "BufRead" }, {
    group = group,
    pattern = { "*.storyboard", "*.xib" },
    command = "setfiletype xml",
  })
end

--- Sets navd's language server up: `opts` merges into M.defaults (own settings) and the rest goes to
--- the client's configuration. Attaches it to the buffers already open, and from now on to those of
--- config.filetypes and config.patterns. Returns M.config; when there is no server to run, says so
--- (vim.notify) and returns nil and the message, leaving the previous setup as it was.
function M.setup(opts)
  opts = opts or {}
  local config, client_options = vim.deepcopy(M.defaults), {}
  for key, value in pairs(opts) do
    if own_keys[key] then config[key] = value else client_options[key] = value end
  end
  if not config.cmd then
    local navctl, missing = find_navctl(config.navctl)
    if not navctl then
      vim.notify("navd: " .. missing, vim.log.levels.WARN)
      return nil, missing
    end
    config.cmd = { navctl, "lsp" }
  end
  if not is_executable(config.cmd[1]) then
    local message = "cannot run navd's language server: " .. tostring(config.cmd[1]) .. " is not an executable"
    vim.notify("navd: " .. message, vim.log.levels.WARN)
    return nil, message
  end
  M.config, M.client_options = config, client_options
  local group = vim.api.nvim_create_augroup("navd_lsp", { clear = true })
  map_storyboards(group)

  local api = M.api()
  if api == "config" then
    -- Assigned whole, so that a second setup() replaces lists rather than merging into them. No
    -- `filetypes`: root_dir turns down the buffers M.wanted does (*.navd.json is json, and a
    -- filetype list without json would have vim.lsp.enable detach those buffers again).
    vim.lsp.config[config.name] = vim.tbl_extend("force", {}, client_options, {
      cmd = config.cmd,
      root_dir = function(bufnr, on_dir)
        if M.wanted(bufnr) then on_dir(M.buffer_root(bufnr)) end
      end,
      on_attach = client_config(nil).on_attach,
    })
    vim.lsp.enable(config.name)
  elseif #config.filetypes > 0 then
    vim.api.nvim_create_autocmd("FileType", {
      group = group,
      pattern = config.filetypes,
      callback = function(args) M.attach(args.buf) end,
    })
  end
  if #config.patterns > 0 then
    vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
      group = group,
      pattern = config.patterns,
      callback = function(args) M.attach(args.buf) end,
    })
  end
  -- Buffers opened before setup (a client vim.lsp.enable starts for one of them as well is the same:
  -- vim.lsp.start reuses the client of a name and root).
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then M.attach(bufnr) end
  end
  return M.config
end

--- The navd clients attached to buffer `bufnr` (0: the current one), or every navd client when
--- `bufnr` is nil.
function M.clients(bufnr)
  local list = {}
  local all
  if bufnr ~= nil then
    if bufnr == 0 then bufnr = vim.api.nvim_get_current_buf() end
    all = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
  else
    all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  end
  for _, client in ipairs(all) do
    if client.name == M.config.name then table.insert(list, client) end
  end
  return list
end

return M
