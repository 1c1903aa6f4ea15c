"""Gunicorn settings of the flask-gunicorn stack, from the harness's environment (servers/README.md):
BIND, PORT, WORKERS (stack.json: 4).

The blog post's "Python with gunicorn + multiple workers": the flask-dev stack's app (the module
../flask-dev/app.py, loaded with --chdir, so both stacks serve the same code) under Gunicorn with
4 workers of the default class, sync. A sync worker is one process serving one request at a time,
and it does not keep connections alive (it answers `Connection: close`), so every request of wrk
opens a new TCP connection; and GET /sleep holds its worker for the whole 50 ms, so 4 workers
serve at most 4 / 0.05 s = 80 sleeps per second. Both are what the blog's suggestion does, and
the hello-blog-next table reads them as such.
"""

import os

bind = f"{os.environ.get('BIND', '127.0.0.1')}:{os.environ.get('PORT', '8080')}"
workers = int(os.environ.get("WORKERS", "4"))
worker_class = "sync"
# no access log, as the blog's command line; errors still go to stderr
accesslog = None
# no runtime-management socket under $HOME (Gunicorn 24+ opens one by default)
control_socket_disable = True
