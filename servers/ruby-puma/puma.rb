# Puma settings from the harness's environment (servers/README.md): BIND, PORT, WORKERS.
# The seed ran `puma -w 8 -t 2 --preload` on its 8 hardware threads; here one worker per core the
# server is given (stack.json "workers": "cores", passed as WORKERS), 2 threads each, the app
# loaded once in the master before the workers fork.
workers Integer(ENV.fetch("WORKERS", "1"))
threads 2, 2
preload_app!
bind "tcp://#{ENV.fetch("BIND", "127.0.0.1")}:#{ENV.fetch("PORT", "8080")}"
environment "production"
# no access log, as the seed's command line
quiet
