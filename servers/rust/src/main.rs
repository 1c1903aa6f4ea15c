//! Reference server for the `rust` stack: axum on tokio, SQLite through rusqlite (bundled).
//!
//! SQLite calls block, so every handler moves its query onto tokio's blocking pool with
//! `spawn_blocking`; each blocking-pool thread opens its own connection on first use and keeps it
//! in a thread-local (a connection per thread, no data cache in front of SQLite). The blocking pool
//! is capped at 2 threads per core (tokio's default cap is 512), as many as the other stacks'
//! worker threads.

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::OnceLock;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Query};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

const DEFAULT_LIMIT: i64 = 100;
const MAX_LIMIT: i64 = 1000;

static DB_PATH: OnceLock<String> = OnceLock::new();

thread_local! {
    static CONN: RefCell<Option<Connection>> = const { RefCell::new(None) };
}

#[derive(Serialize)]
struct Item {
    id: i64,
    name: String,
    description: String,
    price: f64,
    quantity: i64,
}

#[derive(Deserialize)]
struct NewItem {
    name: String,
    description: String,
    price: f64,
    quantity: i64,
}

enum ApiError {
    BadRequest(String),
    NotFound,
    Internal(String),
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message) = match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, m),
            ApiError::NotFound => (StatusCode::NOT_FOUND, "not found".to_string()),
            ApiError::Internal(m) => (StatusCode::INTERNAL_SERVER_ERROR, m),
        };
        (status, Json(serde_json::json!({ "error": message }))).into_response()
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> Self {
        ApiError::Internal(e.to_string())
    }
}

fn open(path: &str) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "busy_timeout", 5000)?;
    Ok(conn)
}

/// Runs `f` with this blocking-pool thread's connection, on the blocking pool.
async fn with_db<T, F>(f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Connection) -> Result<T, ApiError> + Send + 'static,
{
    tokio::task::spawn_blocking(move || {
        CONN.with(|cell| {
            let mut slot = cell.borrow_mut();
            if slot.is_none() {
                *slot = Some(open(DB_PATH.get().expect("DB_PATH set in main"))?);
            }
            f(slot.as_ref().unwrap())
        })
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?
}

fn parse_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .map_err(|_| ApiError::BadRequest(format!("id must be an integer, found '{raw}'")))
}

fn body(payload: Result<Json<NewItem>, JsonRejection>) -> Result<NewItem, ApiError> {
    payload
        .map(|Json(item)| item)
        .map_err(|e| ApiError::BadRequest(e.body_text()))
}

fn row_to_item(row: &rusqlite::Row<'_>) -> rusqlite::Result<Item> {
    Ok(Item {
        id: row.get(0)?,
        name: row.get(1)?,
        description: row.get(2)?,
        price: row.get(3)?,
        quantity: row.get(4)?,
    })
}

async fn health() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "ok")
}

async fn hello() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "Hello, World!")
}

async fn create_item(
    payload: Result<Json<NewItem>, JsonRejection>,
) -> Result<(StatusCode, Json<Item>), ApiError> {
    let new = body(payload)?;
    let item = with_db(move |c| {
        c.prepare_cached(
            "INSERT INTO items (name, description, price, quantity) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![new.name, new.description, new.price, new.quantity])?;
        Ok(Item {
            id: c.last_insert_rowid(),
            name: new.name,
            description: new.description,
            price: new.price,
            quantity: new.quantity,
        })
    })
    .await?;
    Ok((StatusCode::CREATED, Json(item)))
}

async fn get_item(Path(raw): Path<String>) -> Result<Json<Item>, ApiError> {
    let id = parse_id(&raw)?;
    with_db(move |c| {
        c.prepare_cached("SELECT id, name, description, price, quantity FROM items WHERE id = ?1")?
            .query_row([id], row_to_item)
            .optional()?
            .ok_or(ApiError::NotFound)
    })
    .await
    .map(Json)
}

fn int_param(query: &HashMap<String, String>, name: &str, default: i64, min: i64, max: i64) -> Result<i64, ApiError> {
    match query.get(name) {
        None => Ok(default),
        Some(raw) => match raw.parse::<i64>() {
            Ok(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(ApiError::BadRequest(format!(
                "{name} must be an integer in [{min}, {max}], found '{raw}'"
            ))),
        },
    }
}

async fn list_items(Query(query): Query<HashMap<String, String>>) -> Result<Json<Vec<Item>>, ApiError> {
    let limit = int_param(&query, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT)?;
    let offset = int_param(&query, "offset", 0, 0, i64::MAX)?;
    with_db(move |c| {
        let mut stmt = c.prepare_cached(
            "SELECT id, name, description, price, quantity FROM items ORDER BY id LIMIT ?1 OFFSET ?2",
        )?;
        let items = stmt
            .query_map([limit, offset], row_to_item)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(items)
    })
    .await
    .map(Json)
}

async fn update_item(
    Path(raw): Path<String>,
    payload: Result<Json<NewItem>, JsonRejection>,
) -> Result<Json<Item>, ApiError> {
    let id = parse_id(&raw)?;
    let new = body(payload)?;
    with_db(move |c| {
        let changed = c
            .prepare_cached(
                "UPDATE items SET name = ?1, description = ?2, price = ?3, quantity = ?4 WHERE id = ?5",
            )?
            .execute(params![new.name, new.description, new.price, new.quantity, id])?;
        if changed == 0 {
            return Err(ApiError::NotFound);
        }
        Ok(Item { id, name: new.name, description: new.description, price: new.price, quantity: new.quantity })
    })
    .await
    .map(Json)
}

async fn delete_item(Path(raw): Path<String>) -> Result<StatusCode, ApiError> {
    let id = parse_id(&raw)?;
    with_db(move |c| {
        let changed = c.prepare_cached("DELETE FROM items WHERE id = ?1")?.execute([id])?;
        if changed == 0 {
            Err(ApiError::NotFound)
        } else {
            Ok(StatusCode::NO_CONTENT)
        }
    })
    .await
}

async fn shutdown_signal() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("SIGTERM handler");
    tokio::select! {
        _ = term.recv() => {},
        _ = tokio::signal::ctrl_c() => {},
    }
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

fn main() {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(2 * cores)
        .enable_all()
        .build()
        .expect("tokio runtime")
        .block_on(serve());
}

async fn serve() {
    let port: u16 = env_or("PORT", "8080").parse().expect("PORT must be a port number");
    let bind = env_or("BIND", "127.0.0.1");
    let db_path = env_or("DB_PATH", "./items.db");

    let conn = open(&db_path).expect("open database");
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, \
         description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)",
    )
    .expect("create table");
    drop(conn);
    DB_PATH.set(db_path).unwrap();

    let app = Router::new()
        .route("/health", get(health))
        .route("/", get(hello))
        .route("/items", get(list_items).post(create_item))
        .route("/items/{id}", get(get_item).put(update_item).delete(delete_item));

    let addr: SocketAddr = format!("{bind}:{port}").parse().expect("BIND:PORT must be an address");
    let listener = tokio::net::TcpListener::bind(addr).await.expect("bind");
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown_signal())
        .await
        .expect("server");
}
