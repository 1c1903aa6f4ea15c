-- DELETE /items/{id}, each id once: thread t of T walks its own slice of the seeded ids, so every
-- DELETE hits an existing row. A thread that uses up its slice goes on with ids above the seeded
-- range (404s, counted as non-2xx) and counts them in missing_ids, which done() reports in its
-- JSON line: the harness discards a run with missing_ids > 0 (seed_rows_delete was too small).
-- wrk checks the script at start-up by drawing one request from thread 1 that it never sends,
-- so id 1 is the one seeded row no DELETE reaches.
local tpm = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "tpm.lua")

setup = tpm.setup
done = tpm.done

function init(args)
   local o = tpm.options(args)
   local rows, threads = tpm.integer(o, "rows"), tpm.integer(o, "threads")
   next_id, last_id = tpm.partition(rows, threads, thread_id)
   beyond_id = rows + thread_id
   step = threads
   missing_ids = 0
end

function request()
   local id = next_id
   if id <= last_id then
      next_id = next_id + 1
   else
      id = beyond_id
      missing_ids = missing_ids + 1
      beyond_id = beyond_id + step
   end
   return wrk.format("DELETE", "/items/" .. id)
end
