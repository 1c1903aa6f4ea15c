-- GET /items/{id}: ids drawn uniformly from the seeded range 1..rows.
local tpm = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "tpm.lua")

setup = tpm.setup
done = tpm.done

function init(args)
   local o = tpm.options(args)
   rows = tpm.integer(o, "rows")
   tpm.seed_random(o)
end

function request()
   return wrk.format("GET", "/items/" .. math.random(1, rows))
end
