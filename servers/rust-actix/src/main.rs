//! Hello-world server of the hello-blog-next study: actix-web 4 as its README's hello example
//! serves it (`HttpServer::new(|| App::new()...)`, one worker thread per core by default).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use actix_web::{get, http::header::ContentType, App, HttpResponse, HttpServer, Responder};
use serde::Serialize;

#[derive(Serialize)]
struct Greeting {
    message: &'static str,
    timestamp: u128,
}

fn text(body: &'static str) -> HttpResponse {
    HttpResponse::Ok().content_type(ContentType::plaintext()).body(body)
}

#[get("/")]
async fn hello() -> impl Responder {
    text("Hello, World!")
}

#[get("/health")]
async fn health() -> impl Responder {
    text("ok")
}

/// `GET /json`: serde's derive and actix-web's `HttpResponse::json`, the framework's usual call.
#[get("/json")]
async fn hello_json() -> impl Responder {
    let timestamp = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or(0);
    HttpResponse::Ok().json(Greeting { message: "Hello from Pi", timestamp })
}

/// `GET /sleep`: 50 ms on actix's runtime timer, which parks the task, not the worker thread.
#[get("/sleep")]
async fn sleep() -> impl Responder {
    actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    text("Hello, World!")
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let bind = std::env::var("BIND").unwrap_or_else(|_| "127.0.0.1".to_string());
    let port: u16 = std::env::var("PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(8080);
    println!("rust-actix listening on {bind}:{port}");
    HttpServer::new(|| App::new().service(hello).service(health).service(hello_json).service(sleep))
        .bind((bind.as_str(), port))?
        .run()
        .await
}
