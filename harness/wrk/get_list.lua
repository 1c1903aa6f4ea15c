-- GET /items: the first page with the server's defaults (limit 100, offset 0).
local tpm = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "tpm.lua")

setup = tpm.setup
done = tpm.done

function init(args)
   tpm.options(args)
end

function request()
   return wrk.format("GET", "/items")
end
