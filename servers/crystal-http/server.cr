# Hello-world server of the app-servers study: Crystal's standard HTTP::Server, as in Crystal's
# own documentation (https://crystal-lang.org/api/HTTP/Server.html) and costajob/app-servers'
# crystal_server.cr. Built with `--release -Dpreview_mt`, as the seed: the fibres run on
# CRYSTAL_WORKERS threads (Crystal's default, 4, unless the environment sets it).
require "http/server"

port = (ENV["PORT"]? || "8080").to_i
bind = ENV["BIND"]? || "127.0.0.1"

server = HTTP::Server.new do |context|
  request = context.request
  response = context.response
  response.content_type = "text/plain; charset=utf-8"
  if request.method == "GET" && request.path == "/"
    response.print "Hello, World!"
  elsif request.method == "GET" && request.path == "/health"
    response.print "ok"
  else
    response.status = HTTP::Status::NOT_FOUND
    response.print "not found"
  end
end

# SIGTERM keeps its default action (the process ends), as the harness stops servers with it
address = server.bind_tcp(bind, port)
STDERR.puts "crystal-http on http://#{address}"
server.listen
