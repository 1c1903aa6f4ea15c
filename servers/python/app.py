"""Reference server for the python stack: FastAPI, served by Granian (see server.py).

Connection policy (servers/README.md), per worker process: one write connection, owned by a
single-threaded executor that serializes the writes, and a read pool of max(1, cores / WORKERS)
threads, each with its own connection (sqlite3 connections are per thread). The endpoints are
``async def`` and hand their query to one of the two executors, so only those threads touch
SQLite (FastAPI's own thread pool of 40 is not used). sqlite3 keeps each connection's prepared
statements in its statement cache, keyed by the SQL text, so each statement is compiled once per
connection and reused. There is no cache of data in front of SQLite.
"""

import asyncio
import os
import platform
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor

import fastapi
import granian
from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict

DB_PATH = os.environ.get("DB_PATH", "./items.db")
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
    "description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)"
)
COLUMNS = "id, name, description, price, quantity"
PRAGMAS = (
    "journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=5000",
    "cache_size=-2000", "temp_store=MEMORY", "mmap_size=0",
)
PRAGMA_NAMES = ("journal_mode", "synchronous", "busy_timeout", "cache_size", "temp_store", "mmap_size")

WORKERS = max(1, int(os.environ.get("WORKERS", "1")))
# the CPUs this process may run on, shared among the worker processes
READ_CONNECTIONS = max(1, len(os.sched_getaffinity(0)) // WORKERS)

_local = threading.local()


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH, isolation_level=None, check_same_thread=True)  # autocommit
    for pragma in PRAGMAS:
        conn.execute("PRAGMA " + pragma)
    return conn


def _open_thread_connection() -> None:
    _local.conn = connect()


_conn = connect()
_conn.execute(SCHEMA)
_conn.close()

_write = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-write", initializer=_open_thread_connection)
_read = ThreadPoolExecutor(
    max_workers=READ_CONNECTIONS, thread_name_prefix="sqlite-read", initializer=_open_thread_connection
)


async def on(executor: ThreadPoolExecutor, fn, *args):
    """Runs fn(connection, *args) on one of the executor's threads, with that thread's connection."""
    return await asyncio.get_running_loop().run_in_executor(executor, lambda: fn(_local.conn, *args))


class ItemIn(BaseModel):
    # strict: "9.99" is not a price and 3.0 is not a quantity
    model_config = ConfigDict(strict=True)
    name: str
    description: str
    price: float
    quantity: int


class Item(BaseModel):
    id: int
    name: str
    description: str
    price: float
    quantity: int


def to_item(row) -> Item:
    return Item(id=row[0], name=row[1], description=row[2], price=row[3], quantity=row[4])


def not_found() -> JSONResponse:
    return JSONResponse({"error": "not found"}, status_code=404)


app = FastAPI()


@app.exception_handler(RequestValidationError)
def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    # FastAPI answers 422 by default; the API answers 400 with {"error": ...}
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()))
    return JSONResponse({"error": f"{where}: {first.get('msg', 'invalid')}"}, status_code=400)


@app.get("/health", response_class=PlainTextResponse)
async def health() -> str:
    return "ok"


@app.get("/", response_class=PlainTextResponse)
async def hello() -> str:
    return "Hello, World!"


def _diag(conn: sqlite3.Connection) -> dict:
    version = conn.execute("SELECT sqlite_version()").fetchone()[0]
    pragmas = {name: conn.execute("PRAGMA " + name).fetchone()[0] for name in PRAGMA_NAMES}
    pragmas["journal_mode"] = pragmas["journal_mode"].lower()
    return {"sqlite_version": version, "pragmas": pragmas}


@app.get("/diag")
async def diag() -> dict:
    """The SQLite version and the pragmas as a read connection reports them, and the runtime."""
    loop = asyncio.get_running_loop()
    return {
        **await on(_read, _diag),
        "runtime": f"{platform.python_implementation()} {platform.python_version()}",
        "framework": f"fastapi {fastapi.__version__}, granian {granian.__version__}",
        "event_loop": f"{type(loop).__module__}.{type(loop).__qualname__}",
        "connections": {"read": READ_CONNECTIONS, "write": 1},
        "workers": WORKERS,
    }


def _insert(conn, body: "ItemIn") -> int:
    return conn.execute(
        "INSERT INTO items (name, description, price, quantity) VALUES (?, ?, ?, ?)",
        (body.name, body.description, body.price, body.quantity),
    ).lastrowid


def _select_page(conn, limit: int, offset: int) -> list:
    return conn.execute(f"SELECT {COLUMNS} FROM items ORDER BY id LIMIT ? OFFSET ?", (limit, offset)).fetchall()


def _select(conn, item_id: int):
    return conn.execute(f"SELECT {COLUMNS} FROM items WHERE id = ?", (item_id,)).fetchone()


def _update(conn, item_id: int, body: "ItemIn") -> int:
    return conn.execute(
        "UPDATE items SET name = ?, description = ?, price = ?, quantity = ? WHERE id = ?",
        (body.name, body.description, body.price, body.quantity, item_id),
    ).rowcount


def _delete(conn, item_id: int) -> int:
    return conn.execute("DELETE FROM items WHERE id = ?", (item_id,)).rowcount


@app.post("/items", status_code=201)
async def create_item(body: ItemIn) -> Item:
    return Item(id=await on(_write, _insert, body), **body.model_dump())


@app.get("/items")
async def list_items(limit: int = Query(100, ge=1, le=1000), offset: int = Query(0, ge=0)) -> list[Item]:
    return [to_item(r) for r in await on(_read, _select_page, limit, offset)]


@app.get("/items/{item_id}", response_model=Item)
async def get_item(item_id: int):
    row = await on(_read, _select, item_id)
    return to_item(row) if row else not_found()


@app.put("/items/{item_id}", response_model=Item)
async def update_item(item_id: int, body: ItemIn):
    changed = await on(_write, _update, item_id, body)
    return Item(id=item_id, **body.model_dump()) if changed else not_found()


@app.delete("/items/{item_id}", status_code=204)
async def delete_item(item_id: int):
    changed = await on(_write, _delete, item_id)
    return Response(status_code=204) if changed else not_found()
