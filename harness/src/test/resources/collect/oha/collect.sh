#!/bin/sh
# Re-captures the real-*.json oha outputs of this folder (README.md): the go reference server
# (servers/go, built by make servers) on 127.0.0.1 with 100 seeded rows, and oha from
# harness/loadgen/oha (make loadgen). Every request goes to 127.0.0.1; about 10 s in all.
set -u
cd "$(dirname "$0")"
ROOT=../../../../../..
OHA=$ROOT/harness/loadgen/oha/bin/oha
P=18471
DB=${TMPDIR:-/tmp}/tpm-oha-fixture.db
rm -f "$DB" "$DB-wal" "$DB-shm"
python3 - "$DB" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL,"
          " price REAL NOT NULL, quantity INTEGER NOT NULL)")
c.executemany("INSERT INTO items (name, description, price, quantity) VALUES (?, ?, ?, ?)",
              [("item %d" % i, "seeded row %d" % i, 1.5 * i, i) for i in range(1, 101)])
c.commit()
PY
URLS=${TMPDIR:-/tmp}/tpm-oha-urls.txt
i=1; : > "$URLS"; while [ $i -le 100 ]; do echo "http://127.0.0.1:$P/items/$i" >> "$URLS"; i=$((i+1)); done
PORT=$P BIND=127.0.0.1 DB_PATH=$DB $ROOT/servers/go/bin/server > /dev/null 2>&1 & S=$!
sleep 1
# well below capacity: 200 req/s over 4 connections
"$OHA" --no-tui --output-format json -q 200 --latency-correction -c 4 -z 3s --worker-threads 1 --urls-from-file "$URLS" > real-go-get-item-200rps.json
# overloaded: 1,000,000 req/s offered, far above what the server answers
"$OHA" --no-tui --output-format json -q 1000000 --latency-correction -c 4 -z 3s --worker-threads 1 --urls-from-file "$URLS" > real-go-get-item-overload.json
kill $S; wait $S 2>/dev/null
# nothing listening
"$OHA" --no-tui --output-format json -q 100 --latency-correction -c 2 -z 1s --worker-threads 1 http://127.0.0.1:$P/items/1 > real-refused.json
rm -f "$DB" "$DB-wal" "$DB-shm" "$URLS"
