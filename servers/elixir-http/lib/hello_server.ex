defmodule HelloServer.Application do
  @moduledoc """
  Hello-world server of the app-servers study, elixir-http: a stand-in. The seed ran Plug on
  Cowboy, which come only from Hex; here the application starts the HTTP server of Erlang/OTP
  itself, inets' httpd (https://www.erlang.org/doc/man/httpd.html), as a supervised service with
  one request-handling module, `HelloServer`, and httpd's defaults otherwise (persistent
  connections, no limit of requests per connection, 150 clients: more than the preset's 100). BIND and PORT come from the environment; the BEAM
  runs one scheduler per core, so WORKERS is not read.
  """
  use Application

  @impl true
  def start(_type, _args) do
    port = String.to_integer(System.get_env("PORT", "8080"))
    {:ok, bind} = :inet.parse_address(String.to_charlist(System.get_env("BIND", "127.0.0.1")))

    # TCP_NODELAY on httpd's sockets (accepted sockets inherit the listening socket's options):
    # httpd sends the head and the body of a response in separate writes, and with Nagle's
    # algorithm the body waits for the client's delayed ACK, about 40 ms per keep-alive response
    Application.put_env(:kernel, :inet_default_listen_options, nodelay: true)

    {:ok, _pid} =
      :inets.start(:httpd,
        port: port,
        bind_address: bind,
        server_name: ~c"elixir-http",
        server_root: String.to_charlist(System.tmp_dir!()),
        document_root: String.to_charlist(System.tmp_dir!()),
        modules: [HelloServer]
      )

    IO.puts(:stderr, "elixir-http on http://#{System.get_env("BIND", "127.0.0.1")}:#{port}")
    Supervisor.start_link([], strategy: :one_for_one, name: HelloServer.Supervisor)
  end
end

defmodule HelloServer do
  @moduledoc "The httpd callback module: GET / and GET /health, 404 otherwise."
  require Record
  Record.defrecordp(:mod, Record.extract(:mod, from_lib: "inets/include/httpd.hrl"))

  def unquote(:do)(data) do
    {status, body} =
      case {mod(data, :method), mod(data, :request_uri)} do
        {~c"GET", ~c"/"} -> {200, "Hello, World!"}
        {~c"GET", ~c"/health"} -> {200, "ok"}
        _ -> {404, "not found"}
      end

    head = [
      code: status,
      content_type: ~c"text/plain; charset=utf-8",
      content_length: Integer.to_charlist(byte_size(body))
    ]

    {:proceed, [response: {:response, head, [body]}]}
  end
end
