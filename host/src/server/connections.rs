//! Serving connections: HTTP/1.1 through hyper, with the limits a public server needs
//! and `axum::serve` does not set.
//!
//! - A header-read timeout: a client must send a request's whole head within it, or
//!   the connection is closed. hyper starts the clock whenever it waits for a head, so
//!   the same timeout also closes a keep-alive connection left idle between requests.
//!   Without it, sockets that send half a header line stay open for ever.
//! - A cap on open connections: past it the server stops accepting (new clients wait
//!   in the kernel's backlog) until a connection closes.
//! - Graceful shutdown: on the signal, stop accepting, let requests in flight finish
//!   (for at most `drain`), then return.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The connection limits.
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    /// Time a client has to send a request's head (and that an idle keep-alive
    /// connection is kept).
    pub header_read_timeout: Duration,
    /// Connections open at once.
    pub max_connections: usize,
    /// How long requests in flight may take to finish after the shutdown signal.
    pub drain: Duration,
}

/// Serves `router` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout).keep_alive(true);
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Out of file descriptors and the like: wait, rather than spin.
                    tracing::warn!(%error, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                // A client that leaves, times out or sends garbage; nothing to do.
                tracing::debug!(%error, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.drain) => tracing::warn!("requests still running at shutdown were cut off"),
    }
    Ok(())
}
