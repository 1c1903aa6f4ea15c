-- The descriptive mixed workload: each request is one of the five CRUD requests, drawn with the
-- declared mix's weights. The seeded ids are split in two: GET and PUT draw from the lower half,
-- which no DELETE touches, so they never meet a deleted row; DELETE takes an id this thread
-- created (read from the 201 body) when it has one, else the next id of its own slice of the
-- upper half, so no two threads delete the same row (past its slice it uses ids above the seeded
-- range, 404s, counted in missing_ids like delete_item's).
local tpm = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "tpm.lua")

setup = tpm.setup
done = tpm.done

function init(args)
   local o = tpm.options(args)
   rows = tpm.integer(o, "rows")
   local threads = tpm.integer(o, "threads")
   names, cumulative, total = tpm.mix(o)
   tpm.seed_random(o)
   read_rows = math.max(1, math.floor(rows / 2))
   local first, last = tpm.partition(rows - read_rows, threads, thread_id)
   slice_next, slice_last = read_rows + first, read_rows + last
   beyond_id, step = rows + thread_id, threads
   created = {}
   missing_ids = 0
end

function request()
   local e = tpm.choose(names, cumulative, total)
   if e == "get_item" then
      return wrk.format("GET", "/items/" .. math.random(1, read_rows))
   elseif e == "get_list" then
      return wrk.format("GET", "/items")
   elseif e == "post_item" then
      return wrk.format("POST", "/items", tpm.json_headers, tpm.item_body())
   elseif e == "put_item" then
      return wrk.format("PUT", "/items/" .. math.random(1, read_rows), tpm.json_headers, tpm.item_body())
   else
      local id = table.remove(created)
      if id == nil then
         if slice_next <= slice_last then
            id = slice_next
            slice_next = slice_next + 1
         else
            id = beyond_id
            beyond_id = beyond_id + step
            missing_ids = missing_ids + 1
         end
      end
      return wrk.format("DELETE", "/items/" .. id)
   end
end

function response(status, headers, body)
   if status == 201 then
      local id = string.match(body, '"id"%s*:%s*(%d+)')
      if id then created[#created + 1] = id end
   end
end
