"""Starts Granian on app:app with the settings the harness passes in the environment.

The event loop is chosen, not left to Granian's `auto`: uvloop where it installs (it is pinned in
requirements.txt and has wheels for x86-64 and aarch64 Linux), asyncio otherwise. GET /diag
reports the loop that actually runs.
"""

import importlib.util
import os

from granian import Granian
from granian.constants import Interfaces, Loops

if __name__ == "__main__":
    Granian(
        "app:app",
        address=os.environ.get("BIND", "127.0.0.1"),
        port=int(os.environ.get("PORT", "8080")),
        workers=int(os.environ.get("WORKERS", "1")),
        interface=Interfaces.ASGI,
        loop=Loops.uvloop if importlib.util.find_spec("uvloop") else Loops.asyncio,
    ).serve()
