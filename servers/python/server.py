"""Starts Granian on app:app with the settings the harness passes in the environment."""

import os

from granian import Granian
from granian.constants import Interfaces

if __name__ == "__main__":
    Granian(
        "app:app",
        address=os.environ.get("BIND", "127.0.0.1"),
        port=int(os.environ.get("PORT", "8080")),
        workers=int(os.environ.get("WORKERS", "1")),
        interface=Interfaces.ASGI,
    ).serve()
