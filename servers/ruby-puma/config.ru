# Hello-world server of the app-servers study: a plain Rack application (no framework), as
# costajob/app-servers' puma_server.ru, served by Puma (puma.rb).
HELLO = "Hello, World!".freeze
OK = "ok".freeze
NOT_FOUND = "not found".freeze

run lambda { |env|
  path = env["PATH_INFO"]
  if env["REQUEST_METHOD"] == "GET" && (path == "/" || path == "/health")
    body = path == "/" ? HELLO : OK
    [200, { "Content-Type" => "text/plain; charset=utf-8", "Content-Length" => body.bytesize.to_s }, [body]]
  else
    [404, { "Content-Type" => "text/plain; charset=utf-8", "Content-Length" => NOT_FOUND.bytesize.to_s }, [NOT_FOUND]]
  end
}
