"""Hello-world server of the hello-blog and hello-blog-next studies: Flask on Werkzeug's
development server, as the blog post ran it (app.run, which is threaded since Flask 1.0: one
process, one new thread per connection, all of them under the one GIL; no WORKERS).

The same module is the WSGI app of the flask-gunicorn stack (``app:app`` under Gunicorn), so that
the two stacks serve the very same code and only the server differs.
"""

import os
import time

from flask import Flask, Response, jsonify

app = Flask(__name__)

# GET /sleep's wait: servers.md's 50 ms of simulated I/O
SLEEP_SECONDS = 0.050


@app.get("/")
def hello():
    return Response("Hello, World!", mimetype="text/plain")


@app.get("/health")
def health():
    return Response("ok", mimetype="text/plain")


@app.get("/json")
def hello_json():
    # Flask's usual JSON call; the timestamp is ms since the epoch, as an integer
    return jsonify(message="Hello from Pi", timestamp=time.time_ns() // 1_000_000)


@app.get("/sleep")
def sleep():
    # synchronous Python's idiom: time.sleep blocks this request's thread (it releases the GIL,
    # so the dev server's other threads run meanwhile; a Gunicorn sync worker serves nothing else)
    time.sleep(SLEEP_SECONDS)
    return Response("Hello, World!", mimetype="text/plain")


if __name__ == "__main__":
    app.run(host=os.environ.get("BIND", "127.0.0.1"), port=int(os.environ.get("PORT", "8080")))
