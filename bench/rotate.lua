-- Unique names (as unique.lua) from a client that rotates its address inside one /24: each
-- request says X-Forwarded-For: NETWORK.N with N cycling through 1…254 (the server trusts the
-- loopback as its proxy, as behind nginx; wrk cannot bind source addresses itself).
-- Usage: wrk ... -s bench/rotate.lua URL -- PREFIX TEMPLATE NETWORK
local counter = 0
local thread_count = 0
local prefix = "r"
local template = "/avatar/Jane+Roe{}.png"
local network = "203.0.113"

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
end

function init(args)
  if args[1] then prefix = args[1] end
  if args[2] then template = args[2] end
  if args[3] then network = args[3] end
end

function request()
  counter = counter + 1
  local token = string.format("%s%dx%d", prefix, tid, counter)
  local path = (template:gsub("{}", token))
  local headers = { ["X-Forwarded-For"] = string.format("%s.%d", network, counter % 254 + 1) }
  return wrk.format("GET", path, headers)
end
