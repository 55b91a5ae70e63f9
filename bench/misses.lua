-- Cache misses: every request asks for a name the server has never seen, so each one is a
-- full render. The name keeps the initials "JR" (the same picture as the C baseline, only
-- the colour changes with the name) and is made unique by a per-run prefix, the wrk
-- thread's number and a counter. Usage: wrk ... -s bench/misses.lua URL -- PREFIX
local counter = 0
local thread_count = 0
local prefix = "r"

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
end

function init(args)
  if args[1] then prefix = args[1] end
end

function request()
  counter = counter + 1
  local path = string.format("/avatar/Jane+Roe%s%dx%d.png?shape=circle", prefix, tid, counter)
  return wrk.format("GET", path)
end
