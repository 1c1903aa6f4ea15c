//! Hello-world server of the hello-blog-next study: axum 0.8 on tokio's multi-threaded runtime
//! (one worker thread per core), as axum's `hello-world` example serves it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::{routing::get, Json, Router};
use serde::Serialize;

#[derive(Serialize)]
struct Greeting {
    message: &'static str,
    timestamp: u128,
}

async fn hello() -> &'static str {
    "Hello, World!"
}

async fn health() -> &'static str {
    "ok"
}

/// `GET /json`: serde's derive and axum's `Json` response, the framework's usual call.
async fn hello_json() -> Json<Greeting> {
    let timestamp = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or(0);
    Json(Greeting { message: "Hello from Pi", timestamp })
}

/// `GET /sleep`: 50 ms on tokio's timer, which parks the task, not the worker thread.
async fn sleep() -> &'static str {
    tokio::time::sleep(Duration::from_millis(50)).await;
    "Hello, World!"
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let bind = std::env::var("BIND").unwrap_or_else(|_| "127.0.0.1".to_string());
    let port = std::env::var("PORT").unwrap_or_else(|_| "8080".to_string());
    let app = Router::new()
        .route("/", get(hello))
        .route("/health", get(health))
        .route("/json", get(hello_json))
        .route("/sleep", get(sleep));
    let listener = tokio::net::TcpListener::bind(format!("{bind}:{port}")).await?;
    println!("rust-axum-hello listening on {bind}:{port}");
    axum::serve(listener, app).await
}
