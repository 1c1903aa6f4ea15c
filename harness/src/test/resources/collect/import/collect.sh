#!/bin/sh
# Re-collects the real outputs of this folder (README.md). Needs wrk, node and autocannon:
#   AUTOCANNON=/path/to/node_modules/.bin/autocannon sh collect.sh
# Every request goes to 127.0.0.1. Each output is what the tool printed, stdout then stderr.
set -u
cd "$(dirname "$0")"
AC=${AUTOCANNON:-autocannon}
WRK_SCRIPTS=../../../../../wrk
P=18461
start() { python3 server.py $P "$1" & SERVER=$!; sleep 0.5; }
stop() { kill $SERVER; wait $SERVER 2>/dev/null; }
run() { out=$1; shift; "$@" > "$out" 2>&1 || true; }

start hello
run real-wrk-latency.txt wrk -t 2 -c 10 -d 3s --latency http://127.0.0.1:$P/
run real-wrk-no-latency.txt wrk -t 2 -c 10 -d 2s http://127.0.0.1:$P/
run real-wrk-done-json.txt wrk -t 2 -c 10 -d 3s --latency -s $WRK_SCRIPTS/hello.lua http://127.0.0.1:$P/ -- threads=2 seed=1 rows=1
run real-autocannon.json "$AC" -c 10 -d 3 --json http://127.0.0.1:$P/
run real-autocannon-table.txt "$AC" -c 10 -d 3 http://127.0.0.1:$P/
stop
start slow
run real-wrk-minute.txt wrk -t 1 -c 2 -d 60s --latency http://127.0.0.1:$P/
stop
start status
run real-wrk-non2xx.txt wrk -t 1 -c 4 -d 2s --latency http://127.0.0.1:$P/
run real-autocannon-non2xx.json "$AC" -c 4 -d 2 --json http://127.0.0.1:$P/
run real-autocannon-non2xx-table.txt "$AC" -c 4 -d 2 http://127.0.0.1:$P/
stop
start late
run real-wrk-timeouts.txt wrk -t 1 -c 8 -d 3s --latency --timeout 1s http://127.0.0.1:$P/
run real-autocannon-timeouts.json "$AC" -c 8 -d 3 -t 1 --json http://127.0.0.1:$P/
stop
start close
run real-wrk-closed.txt wrk -t 1 -c 4 -d 2s --latency http://127.0.0.1:$P/
run real-autocannon-closed.json "$AC" -c 4 -d 2 --json http://127.0.0.1:$P/
stop
# nothing listening
run real-wrk-refused.txt wrk -t 1 -c 4 -d 2s --latency http://127.0.0.1:$P/
run real-autocannon-refused.json "$AC" -c 4 -d 2 --json http://127.0.0.1:$P/
run real-autocannon-refused-table.txt "$AC" -c 4 -d 2 http://127.0.0.1:$P/
# terminal copies (script records what a terminal receives: colours, CRLF, the progress bar)
start hello
script -q -e -c "$AC -c 10 -d 2 http://127.0.0.1:$P/" real-autocannon-terminal.txt > /dev/null 2>&1
script -q -e -c "wrk -t 2 -c 10 -d 2s --latency http://127.0.0.1:$P/" real-wrk-terminal.txt > /dev/null 2>&1
script -q -e -c "wrk -t 2 -c 10 -d 2s --latency -s $WRK_SCRIPTS/hello.lua http://127.0.0.1:$P/ -- threads=2 seed=1 rows=1" real-wrk-done-json-terminal.txt > /dev/null 2>&1
stop
