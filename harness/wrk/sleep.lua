-- GET /sleep: the sleep endpoint of the hello-blog-next study (50 ms of simulated I/O per request).
local tpm = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "tpm.lua")

setup = tpm.setup
done = tpm.done

function init(args)
   tpm.options(args)
end

function request()
   return wrk.format("GET", "/sleep")
end
