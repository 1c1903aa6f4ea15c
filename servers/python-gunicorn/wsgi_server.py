"""Hello-world server of the app-servers study: a plain WSGI application, as
costajob/app-servers' wsgi_server.py, served by Gunicorn (gunicorn.conf.py)."""

HELLO = b"Hello, World!"
OK = b"ok"


def app(environ, start_response):
    path = environ.get("PATH_INFO", "")
    if environ.get("REQUEST_METHOD") == "GET" and path in ("/", "/health"):
        body = HELLO if path == "/" else OK
        start_response("200 OK", [("Content-Type", "text/plain; charset=utf-8"),
                                  ("Content-Length", str(len(body)))])
        return [body]
    start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8"),
                                     ("Content-Length", "9")])
    return [b"not found"]
