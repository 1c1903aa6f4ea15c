"""Gunicorn settings from the harness's environment (servers/README.md): BIND, PORT, WORKERS.

The original ran `gunicorn -w 4 -k meinheld.gmeinheld.MeinheldWorker`. Meinheld 1.0.2 (2020, its
last release) needs greenlet < 0.5, which does not compile on Python 3.11 (greenlet.c uses
PyThreadState fields removed in 3.11), so it does not install here. gevent is the worker class
used instead: like Meinheld it is an event-loop worker in C (libev/libuv) that keeps connections
alive, which Gunicorn's sync worker does not (it closes every connection after one response, so
wrk would measure connection set-up), and it serves the same WSGI application unchanged.
"""

import os

bind = f"{os.environ.get('BIND', '127.0.0.1')}:{os.environ.get('PORT', '8080')}"
workers = int(os.environ.get("WORKERS", "4"))
worker_class = "gevent"
# no access log, as the original's command line; errors still go to stderr
accesslog = None
# no runtime-management socket under $HOME (Gunicorn 24+ opens one by default)
control_socket_disable = True
