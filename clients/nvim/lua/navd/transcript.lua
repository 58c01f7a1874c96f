-- Golden transcripts (docs/protocol/examples/*.json): normalising and replaying.
-- The rules are documented in docs/clients.md ("Golden transcripts"); they are the same in every client.
local M = {}

M.VOLATILE = "<volatile>"

local function is_list(t)
  return type(t) == "table" and getmetatable(t) == nil and #t > 0 and vim.tbl_islist(t)
end

local Normaliser = {}
Normaliser.__index = Normaliser

--- A normaliser for `rules` ({volatile = {...}, ids = {...}}).
function M.normaliser(rules)
  local self = setmetatable({ volatile = {}, ids = {}, placeholders = {}, actual = {}, counts = {} }, Normaliser)
  for _, key in ipairs((rules and rules.volatile) or {}) do self.volatile[key] = true end
  for _, key in ipairs((rules and rules.ids) or {}) do self.ids[key] = true end
  return self
end

function Normaliser:bind(key, value)
  local identity = key .. "\0" .. vim.json.encode(value)
  local placeholder = self.placeholders[identity]
  if not placeholder then
    self.counts[key] = (self.counts[key] or 0) + 1
    placeholder = string.format("<%s:%d>", key, self.counts[key])
    self.placeholders[identity] = placeholder
    self.actual[placeholder] = value
  end
  return placeholder
end

--- `value` with volatile fields and generated ids replaced by placeholders.
function Normaliser:normalise(value, parent)
  parent = parent or ""
  if type(value) ~= "table" then return value end
  if is_list(value) then
    local out = {}
    for i, item in ipairs(value) do out[i] = self:normalise(item, parent) end
    return out
  end
  local out = setmetatable({}, getmetatable(value))
  for key, item in pairs(value) do
    if self.volatile[key] or self.volatile[parent .. "." .. key] then
      out[key] = M.VOLATILE
    elseif self.ids[key] and (type(item) == "string" or type(item) == "number") then
      out[key] = self:bind(key, item)
    else
      out[key] = self:normalise(item, key)
    end
  end
  return out
end

--- `value` with bound placeholders replaced by the daemon's actual values.
function Normaliser:restore(value)
  if type(value) == "string" and self.actual[value] ~= nil then return self.actual[value] end
  if type(value) ~= "table" then return value end
  local out = setmetatable({}, getmetatable(value))
  for key, item in pairs(value) do out[key] = self:restore(item) end
  return out
end

--- Deep JSON equality (objects unordered; an empty object equals an empty array).
function M.equal(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for key, item in pairs(a) do
    if not M.equal(item, b[key]) then return false end
  end
  for key in pairs(b) do
    if a[key] == nil then return false end
  end
  return true
end

--- Reads one transcript file.
function M.load(path)
  local file = assert(io.open(path, "r"))
  local text = file:read("*a")
  file:close()
  return vim.json.decode(text)
end

--- Plays `transcript` on `client` (a fresh connection to a fresh daemon). Returns true, or
--- false and a message naming the step that differs.
function M.replay(client, transcript, timeout)
  local normaliser = M.normaliser(transcript.normalise)
  client.received = {}
  local cursor = 0
  for index, step in ipairs(transcript.steps) do
    if step.send ~= nil then
      client:send_message(normaliser:restore(step.send))
    else
      cursor = cursor + 1
      vim.wait(timeout or 5000, function() return #client.received >= cursor end, 5)
      local message = client.received[cursor]
      if message == nil then
        return false, string.format("%s: step %d: nothing received", transcript.method, index - 1)
      end
      local actual = normaliser:normalise(message)
      if not M.equal(actual, step.receive) then
        return false, string.format("%s: step %d differs\nexpected: %s\nactual:   %s", transcript.method,
          index - 1, vim.json.encode(step.receive), vim.json.encode(actual))
      end
    end
  end
  return true
end

return M
