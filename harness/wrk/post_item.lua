-- POST /items with a valid JSON body, a new item each request.
local tpm = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "tpm.lua")

setup = tpm.setup
done = tpm.done

function init(args)
   tpm.options(args)
end

function request()
   return wrk.format("POST", "/items", tpm.json_headers, tpm.item_body())
end
