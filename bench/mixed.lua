-- A mixed workload: 90% of requests ask for one hot avatar (cache hit), 10% for a name never
-- seen before (cache miss). Usage: wrk ... -s bench/mixed.lua URL -- PREFIX
local counter = 0
local thread_count = 0
local prefix = "m"
local hot = "/avatar/Jane+Roe.png?shape=circle"

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
end

function init(args)
  if args[1] then prefix = args[1] end
  -- A different sequence per thread, the same from run to run.
  math.randomseed(1234 + tid)
end

function request()
  counter = counter + 1
  if math.random(10) == 1 then
    return wrk.format("GET", string.format("/avatar/Jane+Roe%s%dx%d.png?shape=circle", prefix, tid, counter))
  end
  return wrk.format("GET", hot)
end
