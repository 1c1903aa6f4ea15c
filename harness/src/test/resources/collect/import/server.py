#!/usr/bin/env python3
"""The local server the import fixtures were collected against (127.0.0.1 only).

    python3 server.py PORT MODE

MODE: hello  GET / answers "Hello World" (text/plain), keep-alive
      slow   as hello, after sleeping 0.1 s (a long run that costs little CPU)
      status every other response is 503 (wrk's "Non-2xx or 3xx responses")
      late   every fourth response waits 1.5 s (time-outs when the client gives up after 1 s)
      close  accepts each connection and closes it without an answer (read errors)
"""
import socket
import sys
import threading
import time

PORT, MODE = int(sys.argv[1]), sys.argv[2]
count = 0
lock = threading.Lock()


def answer(conn):
    global count
    buf = b""
    while True:
        try:
            data = conn.recv(65536)
        except OSError:
            return
        if not data:
            return
        buf += data
        while b"\r\n\r\n" in buf:
            _, buf = buf.split(b"\r\n\r\n", 1)
            with lock:
                count += 1
                n = count
            status = "200 OK"
            if MODE == "slow":
                time.sleep(0.1)
            elif MODE == "status" and n % 2 == 0:
                status = "503 Service Unavailable"
            elif MODE == "late" and n % 4 == 0:
                time.sleep(1.5)
            body = b"Hello World"
            head = "HTTP/1.1 %s\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n" % (status, len(body))
            try:
                conn.sendall(head.encode() + body)
            except OSError:
                return


def main():
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", PORT))
    srv.listen(128)
    while True:
        conn, _ = srv.accept()
        if MODE == "close":
            conn.close()
            continue
        threading.Thread(target=lambda c=conn: (answer(c), c.close()), daemon=True).start()


main()
