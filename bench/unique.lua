-- A unique URL per request from a template: every "{}" in TEMPLATE becomes PREFIX, the wrk
-- thread's number and a counter, so each request is a cache miss with otherwise identical work
-- (keep "{}" where it does not change the initials, e.g. after the surname).
-- Usage: wrk ... -s bench/unique.lua URL -- PREFIX TEMPLATE
local counter = 0
local thread_count = 0
local prefix = "u"
local template = "/avatar/Jane+Roe{}.png"

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
end

function init(args)
  if args[1] then prefix = args[1] end
  if args[2] then template = args[2] end
end

function request()
  counter = counter + 1
  local token = string.format("%s%dx%d", prefix, tid, counter)
  local path = (template:gsub("{}", token))
  return wrk.format("GET", path)
end
