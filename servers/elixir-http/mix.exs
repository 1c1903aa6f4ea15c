defmodule HelloServer.MixProject do
  use Mix.Project

  # No dependencies: the seed's Plug and Cowboy come only from Hex, which this project cannot
  # reach, so the HTTP server Erlang/OTP ships (inets' httpd) stands in (stack.json "stand_in").
  def project do
    [
      app: :hello_server,
      version: "0.1.0",
      elixir: "~> 1.14",
      start_permanent: Mix.env() == :prod,
      deps: []
    ]
  end

  def application do
    [extra_applications: [:logger, :inets], mod: {HelloServer.Application, []}]
  end
end
