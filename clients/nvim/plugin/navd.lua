-- Commands of the navd plugin (the client lives in lua/navd/init.lua). Diagnostics of source files
-- and session documents come from navd's language server: require("navd.lsp").setup() (lua/navd/lsp.lua).
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
