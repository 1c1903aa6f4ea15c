#!/bin/sh
# Re-collects the real outputs of this folder (README.md) from the seed studies' stacks, built in
# servers/ (go build for go-http, npm ci for the Node stacks; flask-dev runs on the system's Flask).
#   AUTOCANNON=/path/to/node_modules/.bin/autocannon sh collect.sh
# Every request goes to 127.0.0.1. Each output is what the tool printed, stdout then stderr.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SERVERS=$HERE/../../../../../servers
AC=${AUTOCANNON:-autocannon}
export PORT=18471 BIND=127.0.0.1 NODE_ENV=production
start() { (cd "$SERVERS/$1" && shift && exec "$@") > /dev/null 2>&1 & SERVER=$!; sleep 1.5; }
stop() { kill $SERVER; wait $SERVER 2>/dev/null; sleep 0.5; }
URL=http://127.0.0.1:$PORT

mkdir -p "$HERE/hello-blog" "$HERE/app-servers" "$HERE/node-pi"
for s in flask-dev node-http go-http; do
  case $s in
    flask-dev) start flask-dev python3 app.py ;;
    node-http) start node-http node server.js ;;
    go-http) start go-http bin/server ;;
  esac
  for c in 10 50; do wrk -t 2 -c $c -d 2s --latency $URL/ > "$HERE/hello-blog/$s-c$c.txt" 2>&1; done
  stop
done
for s in go-http node-cluster; do
  case $s in
    go-http) start go-http bin/server ;;
    node-cluster) start node-cluster node server.js ;;
  esac
  wrk -t 4 -c 100 -d 2s --latency --timeout 2s $URL/ > "$HERE/app-servers/$s.txt" 2>&1
  stop
done
for s in node-express node-fastify node-express-cluster; do
  start $s node server.js
  "$AC" -c 10 -d 2 --json $URL/json > "$HERE/node-pi/$s-json.json" 2>/dev/null
  "$AC" -c 10 -d 2 --json $URL/heavy > "$HERE/node-pi/$s-heavy.json" 2>/dev/null
  stop
done
# the memory series: node-express under autocannon -c 10 for 65 s, its RSS read every 1000 ms
start node-express node server.js
"$AC" -c 10 -d 65 $URL/json > /dev/null 2>&1 &
LOAD=$!
python3 "$HERE/rss_series.py" $SERVER 64 1000 imported-node-pi node-express hello_json 10 > "$HERE/node-pi/node-express-memory.json"
wait $LOAD
stop
