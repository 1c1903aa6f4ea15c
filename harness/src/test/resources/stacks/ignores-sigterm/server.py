"""Test fixture: a server that ignores SIGTERM, as does the child it starts (SIG_IGN is inherited),
so only SIGKILL stops them. It answers GET /health and nothing else."""

import os
import signal
import subprocess
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

signal.signal(signal.SIGTERM, signal.SIG_IGN)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200 if self.path == "/health" else 404)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")


if __name__ == "__main__":
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    HTTPServer(("127.0.0.1", int(os.environ["PORT"])), Handler).serve_forever()
