-- Shared by the endpoint scripts of the collection harness (servers.md "The collection stage").
--
-- The harness runs:  wrk -t T -c C -d D --latency -s <endpoint>.lua <url> -- key=value ...
-- with the keys rows (seeded ids are 1..rows), threads (= T), seed (an integer) and, for the
-- mixed workload, mix (endpoint:weight,...). wrk gives every thread its own Lua state: setup()
-- runs once per thread in the main state and numbers the threads 1..T; init() then runs in each
-- thread's state. done() runs once, in the main state, after wrk has printed its text report.

local M = {}

-- The line the harness looks for on wrk's stdout: "<MARKER> <one JSON object>".
M.MARKER = "TPM-WRK-RESULT"

local thread_count = 0
local threads = {}

-- wrk.setup calls this for each thread before that thread's init().
function M.setup(thread)
   thread_count = thread_count + 1
   threads[thread_count] = thread
   thread:set("thread_id", thread_count)
end

-- Sum of a global counter over the threads' states, or nil when no thread set it.
local function thread_sum(name)
   local total = nil
   for _, t in ipairs(threads) do
      local v = t:get(name)
      if v ~= nil then total = (total or 0) + v end
   end
   return total
end

-- args[0] is the URL; args[1..] are key=value pairs.
function M.options(args)
   local o = {}
   for i = 1, #args do
      local k, v = string.match(args[i], "^([%w_]+)=(.*)$")
      if not k then
         error("wrk script argument " .. i .. ": expected key=value, found '" .. tostring(args[i]) .. "'")
      end
      o[k] = v
   end
   return o
end

function M.integer(o, key)
   local v = tonumber(o[key])
   if v == nil or v ~= math.floor(v) then
      error("wrk script argument '" .. key .. "': expected an integer, found '" .. tostring(o[key]) .. "'")
   end
   return v
end

-- A per-thread random stream: the run's seed and the thread number, never the clock.
function M.seed_random(o)
   math.randomseed(M.integer(o, "seed") * 1009 + thread_id)
end

-- Thread t of T owns the seeded ids floor((t-1)*rows/T)+1 .. floor(t*rows/T).
function M.partition(rows, threads, t)
   return math.floor((t - 1) * rows / threads) + 1, math.floor(t * rows / threads)
end

M.json_headers = { ["Content-Type"] = "application/json" }

local body_count = 0

-- A valid item body (servers.md: {name, description, price, quantity}), different each call.
function M.item_body()
   body_count = body_count + 1
   return string.format(
      '{"name":"item-%d-%d","description":"load test item %d of thread %d","price":%d.%02d,"quantity":%d}',
      thread_id, body_count, body_count, thread_id, body_count % 100, body_count % 97, body_count % 50)
end

-- The mix as cumulative weights in the order given: "post_item:0.15,get_item:0.4,...".
function M.mix(o)
   local spec = o["mix"]
   if spec == nil then error("wrk script argument 'mix': missing") end
   local names, cumulative, total = {}, {}, 0
   for name, w in string.gmatch(spec, "([%w_]+):([^,]+)") do
      local weight = tonumber(w)
      if weight == nil or weight < 0 then
         error("wrk script argument 'mix': expected a non-negative weight for " .. name .. ", found '" .. w .. "'")
      end
      total = total + weight
      names[#names + 1] = name
      cumulative[#cumulative + 1] = total
   end
   if #names == 0 or total <= 0 then error("wrk script argument 'mix': no positive weight in '" .. spec .. "'") end
   return names, cumulative, total
end

function M.choose(names, cumulative, total)
   local u = math.random() * total
   for i = 1, #names do
      if u < cumulative[i] then return names[i] end
   end
   return names[#names]
end

local function number(x)
   if x == nil or x ~= x or x == math.huge or x == -math.huge then return "null" end
   if x == math.floor(x) and math.abs(x) < 2^53 then return string.format("%.0f", x) end
   return string.format("%.17g", x)
end

-- Exact results as one JSON line. Times are wrk's microseconds; percentiles come from wrk's
-- own histogram, so nothing is lost to the two-decimal rounding of the text report.
function M.done(summary, latency, requests)
   local e = summary.errors
   -- #latency counts the distinct values in wrk's histogram: 0 when no request completed in
   -- time (all timed out, or none at all); the latency fields are then null, not wrk's zeros.
   local empty = #latency == 0
   local function lat(x) if empty then return "null" end return number(x) end
   io.write(M.MARKER, " {",
      '"tool":"wrk"',
      ',"requests":', number(summary.requests),
      ',"duration_us":', number(summary.duration),
      ',"bytes":', number(summary.bytes),
      ',"errors":{"connect":', number(e.connect), ',"read":', number(e.read),
      ',"write":', number(e.write), ',"timeout":', number(e.timeout), ',"status":', number(e.status), '}',
      ',"latency_us":{"min":', lat(latency.min),
      ',"mean":', lat(latency.mean),
      ',"stdev":', lat(latency.stdev),
      ',"max":', lat(latency.max),
      ',"p50":', lat(latency:percentile(50)),
      ',"p75":', lat(latency:percentile(75)),
      ',"p90":', lat(latency:percentile(90)),
      ',"p99":', lat(latency:percentile(99)), '}')
   -- delete_item: DELETEs of ids that had no row (its threads ran past their slice of seeded ids)
   local missing = thread_sum("missing_ids")
   if missing ~= nil then io.write(',"missing_ids":', number(missing)) end
   io.write("}\n")
end

return M
