-- GET /heavy: the heavy endpoint of the node-pi study.
local tpm = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "tpm.lua")

setup = tpm.setup
done = tpm.done

function init(args)
   tpm.options(args)
end

function request()
   return wrk.format("GET", "/heavy")
end
