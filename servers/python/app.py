"""Reference server for the python stack: FastAPI, served by Granian (see server.py).

The endpoints are plain ``def`` functions, so FastAPI runs them in its thread pool; each pool
thread opens its own SQLite connection on first use (sqlite3 connections are per thread). There
is no cache in front of SQLite.
"""

import os
import sqlite3
import threading

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

_local = threading.local()


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH, isolation_level=None)  # autocommit: one statement, one transaction
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=5000")
    return conn


def db() -> sqlite3.Connection:
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = _local.conn = connect()
    return conn


_conn = connect()
_conn.execute(SCHEMA)
_conn.close()


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
def health() -> str:
    return "ok"


@app.get("/", response_class=PlainTextResponse)
def hello() -> str:
    return "Hello, World!"


@app.post("/items", status_code=201)
def create_item(body: ItemIn) -> Item:
    cur = db().execute(
        "INSERT INTO items (name, description, price, quantity) VALUES (?, ?, ?, ?)",
        (body.name, body.description, body.price, body.quantity),
    )
    return Item(id=cur.lastrowid, **body.model_dump())


@app.get("/items")
def list_items(limit: int = Query(100, ge=1, le=1000), offset: int = Query(0, ge=0)) -> list[Item]:
    rows = db().execute(f"SELECT {COLUMNS} FROM items ORDER BY id LIMIT ? OFFSET ?", (limit, offset))
    return [to_item(r) for r in rows]


@app.get("/items/{item_id}", response_model=Item)
def get_item(item_id: int):
    row = db().execute(f"SELECT {COLUMNS} FROM items WHERE id = ?", (item_id,)).fetchone()
    return to_item(row) if row else not_found()


@app.put("/items/{item_id}", response_model=Item)
def update_item(item_id: int, body: ItemIn):
    cur = db().execute(
        "UPDATE items SET name = ?, description = ?, price = ?, quantity = ? WHERE id = ?",
        (body.name, body.description, body.price, body.quantity, item_id),
    )
    return Item(id=item_id, **body.model_dump()) if cur.rowcount else not_found()


@app.delete("/items/{item_id}", status_code=204)
def delete_item(item_id: int):
    cur = db().execute("DELETE FROM items WHERE id = ?", (item_id,))
    return Response(status_code=204) if cur.rowcount else not_found()
