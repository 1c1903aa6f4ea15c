//! Hello-world server of the app-servers study: hyper's own HTTP/1 server on tokio's
//! multi-threaded runtime (one worker thread per core), as hyper's `hello` example serves it.

use std::convert::Infallible;
use std::net::SocketAddr;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::CONTENT_TYPE;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;

fn text(status: StatusCode, body: &'static str) -> Response<Full<Bytes>> {
    Response::builder()
        .status(status)
        .header(CONTENT_TYPE, "text/plain; charset=utf-8")
        .body(Full::new(Bytes::from_static(body.as_bytes())))
        .expect("static response")
}

async fn route(req: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    Ok(match (req.method(), req.uri().path()) {
        (&Method::GET, "/") => text(StatusCode::OK, "Hello, World!"),
        (&Method::GET, "/health") => text(StatusCode::OK, "ok"),
        _ => text(StatusCode::NOT_FOUND, "not found"),
    })
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let bind = std::env::var("BIND").unwrap_or_else(|_| "127.0.0.1".to_string());
    let port: u16 = std::env::var("PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(8080);
    let addr: SocketAddr = format!("{bind}:{port}").parse().expect("BIND and PORT make an address");
    let listener = TcpListener::bind(addr).await?;
    println!("rust-hyper listening on {addr}");
    loop {
        let (stream, _) = listener.accept().await?;
        let _ = stream.set_nodelay(true);
        tokio::spawn(async move {
            if let Err(e) = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service_fn(route))
                .await
            {
                eprintln!("connection error: {e}");
            }
        });
    }
}
