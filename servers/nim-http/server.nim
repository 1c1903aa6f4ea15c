## Hello-world server of the app-servers study, nim-http: a stand-in. The seed ran httpbeast
## (`nim c -d:release --threads:on`), which is not in any registry this project reaches (it comes
## from Nimble's package list on GitHub), so Nim's standard library server, asynchttpserver, serves
## the same two routes, modelled on its documentation's example
## (https://nim-lang.org/docs/asynchttpserver.html), built with the seed's flags. It runs one
## thread: asyncdispatch's event loop, as that example does.
import std/[asynchttpserver, asyncdispatch, os, strutils, nativesockets]

proc main() {.async.} =
  let port = Port(parseInt(getEnv("PORT", "8080")))
  let bindAddr = getEnv("BIND", "127.0.0.1")
  var server = newAsyncHttpServer()
  let plain = newHttpHeaders([("Content-Type", "text/plain; charset=utf-8")])

  proc cb(req: Request) {.async, gcsafe.} =
    if req.reqMethod == HttpGet and req.url.path == "/":
      await req.respond(Http200, "Hello, World!", plain)
    elif req.reqMethod == HttpGet and req.url.path == "/health":
      await req.respond(Http200, "ok", plain)
    else:
      await req.respond(Http404, "not found", plain)

  server.listen(port, bindAddr)
  stderr.writeLine "nim-http on http://" & bindAddr & ":" & $port
  while true:
    if server.shouldAcceptRequest():
      await server.acceptRequest(cb)
    else:
      # too many open file descriptors: wait for some to close, as the documentation's example does
      await sleepAsync(500)

waitFor main()
