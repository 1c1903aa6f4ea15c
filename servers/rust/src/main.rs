//! Reference server for the `rust` stack: axum on tokio, SQLite through rusqlite (bundled).
//!
//! Connection policy (servers/README.md): SQLite calls block, so they run on threads of their own,
//! each owning one connection: one writer thread (writes are serialized by its queue) and a read
//! pool of one thread per available core, fed from one shared queue. A handler sends a closure to
//! the pool and awaits the result, so at most 1 + cores threads ever touch SQLite. Each statement
//! is prepared once per connection (`prepare_cached`) and reused; no data is cached in front of
//! SQLite.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

const DEFAULT_LIMIT: i64 = 100;
const MAX_LIMIT: i64 = 1000;

/// The pragmas every connection is opened with (servers/README.md).
const PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
    PRAGMA busy_timeout = 5000; PRAGMA cache_size = -2000; PRAGMA temp_store = MEMORY; \
    PRAGMA mmap_size = 0;";

type Job = Box<dyn FnOnce(&Connection) + Send>;

/// Threads that each own one connection and take jobs from one queue.
struct Pool {
    queue: mpsc::Sender<Job>,
    size: usize,
}

impl Pool {
    fn new(name: &str, path: &str, size: usize) -> Pool {
        let (queue, jobs) = mpsc::channel::<Job>();
        let jobs = Arc::new(Mutex::new(jobs));
        for i in 0..size {
            let conn = open(path).expect("open database");
            let jobs = Arc::clone(&jobs);
            std::thread::Builder::new()
                .name(format!("{name}-{i}"))
                .spawn(move || loop {
                    // the lock is held only while waiting for the next job
                    let job = match jobs.lock().expect("queue lock").recv() {
                        Ok(job) => job,
                        Err(_) => return,
                    };
                    job(&conn);
                })
                .expect("spawn database thread");
        }
        Pool { queue, size }
    }

    /// Runs `f` with one of the pool's connections, on the pool's thread.
    async fn run<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, ApiError> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.queue
            .send(Box::new(move |c| {
                let _ = tx.send(f(c));
            }))
            .map_err(|_| ApiError::Internal("database pool closed".to_string()))?;
        rx.await
            .map_err(|_| ApiError::Internal("database thread gone".to_string()))?
    }
}

struct Db {
    read: Pool,
    write: Pool,
}

type Shared = State<Arc<Db>>;

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
            ApiError::Internal(m) => {
                // the cause goes to the log, never into the body
                eprintln!("internal error: {m}");
                (StatusCode::INTERNAL_SERVER_ERROR, "internal error".to_string())
            }
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
    conn.execute_batch(PRAGMAS)?;
    Ok(conn)
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
    State(db): Shared,
    payload: Result<Json<NewItem>, JsonRejection>,
) -> Result<(StatusCode, Json<Item>), ApiError> {
    let new = body(payload)?;
    let item = db.write.run(move |c| {
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

async fn get_item(State(db): Shared, Path(raw): Path<String>) -> Result<Json<Item>, ApiError> {
    let id = parse_id(&raw)?;
    db.read.run(move |c| {
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

async fn list_items(State(db): Shared, Query(query): Query<HashMap<String, String>>) -> Result<Json<Vec<Item>>, ApiError> {
    let limit = int_param(&query, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT)?;
    let offset = int_param(&query, "offset", 0, 0, i64::MAX)?;
    db.read.run(move |c| {
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
    State(db): Shared,
    Path(raw): Path<String>,
    payload: Result<Json<NewItem>, JsonRejection>,
) -> Result<Json<Item>, ApiError> {
    let id = parse_id(&raw)?;
    let new = body(payload)?;
    db.write.run(move |c| {
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

async fn delete_item(State(db): Shared, Path(raw): Path<String>) -> Result<StatusCode, ApiError> {
    let id = parse_id(&raw)?;
    db.write.run(move |c| {
        let changed = c.prepare_cached("DELETE FROM items WHERE id = ?1")?.execute([id])?;
        if changed == 0 {
            Err(ApiError::NotFound)
        } else {
            Ok(StatusCode::NO_CONTENT)
        }
    })
    .await
}

#[derive(Serialize)]
struct Pragmas {
    journal_mode: String,
    synchronous: i64,
    busy_timeout: i64,
    cache_size: i64,
    temp_store: i64,
    mmap_size: i64,
}

/// GET /diag: the SQLite version and the pragmas as a read connection reports them (PRAGMA
/// queries, not the constants above), the runtime and the connection counts.
async fn diag(State(db): Shared) -> Result<Json<serde_json::Value>, ApiError> {
    let (version, pragmas) = db
        .read
        .run(|c| {
            let int = |name: &str| c.pragma_query_value(None, name, |r| r.get::<_, i64>(0));
            let version: String = c.query_row("SELECT sqlite_version()", [], |r| r.get(0))?;
            let pragmas = Pragmas {
                journal_mode: c
                    .pragma_query_value(None, "journal_mode", |r| r.get::<_, String>(0))?
                    .to_lowercase(),
                synchronous: int("synchronous")?,
                busy_timeout: int("busy_timeout")?,
                cache_size: int("cache_size")?,
                temp_store: int("temp_store")?,
                mmap_size: int("mmap_size")?,
            };
            Ok((version, pragmas))
        })
        .await?;
    Ok(Json(serde_json::json!({
        "sqlite_version": version,
        "pragmas": pragmas,
        "runtime": env!("TPM_RUSTC_VERSION"),
        "framework": "axum",
        "connections": { "read": db.read.size, "write": db.write.size },
    })))
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
    tokio::runtime::Builder::new_multi_thread()
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
    // the CPUs this process may run on (its affinity mask and cgroup quota); one process
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let db = Arc::new(Db {
        read: Pool::new("sqlite-read", &db_path, cores.max(1)),
        write: Pool::new("sqlite-write", &db_path, 1),
    });

    let app = Router::new()
        .route("/health", get(health))
        .route("/", get(hello))
        .route("/diag", get(diag))
        .route("/items", get(list_items).post(create_item))
        .route("/items/{id}", get(get_item).put(update_item).delete(delete_item))
        .with_state(db);

    let addr: SocketAddr = format!("{bind}:{port}").parse().expect("BIND:PORT must be an address");
    let listener = tokio::net::TcpListener::bind(addr).await.expect("bind");
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown_signal())
        .await
        .expect("server");
}
