"""Hello-world server of the hello-blog study: Flask on Werkzeug's development server, as the
blog post ran it (app.run, which is threaded since Flask 1.0, one process, no WORKERS)."""

import os

from flask import Flask, Response

app = Flask(__name__)


@app.get("/")
def hello():
    return Response("Hello, World!", mimetype="text/plain")


@app.get("/health")
def health():
    return Response("ok", mimetype="text/plain")


if __name__ == "__main__":
    app.run(host=os.environ.get("BIND", "127.0.0.1"), port=int(os.environ.get("PORT", "8080")))
