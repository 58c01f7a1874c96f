-- Commands of the navd plugin (the client lives in lua/navd/init.lua).
if vim.g.loaded_navd then
  return
end
vim.g.loaded_navd = true

local function args_of(opts)
  return vim.split(opts.args or "", "%s+", { trimempty = true })
end

vim.api.nvim_create_user_command("NavdConnect", function(opts)
  require("navd").connect_command(args_of(opts)[1] or "")
end, { nargs = "?", complete = "file", desc = "Connect to navd (default socket unless a path is given)" })

vim.api.nvim_create_user_command("NavdBackTitle", function(opts)
  local a = args_of(opts)
  require("navd").back_title(a[1], a[2])
end, { nargs = "*", desc = "Show the back title: [session [screen]]" })

vim.api.nvim_create_user_command("NavdTint", function(opts)
  local a = args_of(opts)
  require("navd").tint(a[1], a[2])
end, { nargs = "*", desc = "Show the tint: [colour | session [screen]]" })

vim.api.nvim_create_user_command("NavdHitTest", function(opts)
  local a = args_of(opts)
  require("navd").hit_test(a[1], a[2], a[3])
end, { nargs = "+", desc = "Hit-test the bar: x y [session]" })

vim.api.nvim_create_user_command("NavdWatch", function(opts)
  require("navd").watch(args_of(opts)[1])
end, { nargs = "?", desc = "List a session's notifications in a scratch buffer" })

vim.api.nvim_create_user_command("NavdDiagnostics", function(opts)
  require("navd").diagnostics(args_of(opts)[1])
end, { nargs = "?", desc = "List a session's diagnostics, live, in a scratch buffer" })

vim.api.nvim_create_user_command("NavdLint", function()
  require("navd.lint").lint(0)
end, { nargs = 0, desc = "Lint this session document (*.navd.json) with navctl lint" })

-- Lint *.navd.json buffers on read, write and change, unless vim.g.navd_lint is false
-- (then call require("navd.lint").setup({...}) yourself, or use :NavdLint).
if vim.g.navd_lint ~= false then
  require("navd.lint").setup()
end
