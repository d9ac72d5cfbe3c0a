//! Serving connections: HTTP/1.1 through hyper, with the limits a public server needs
//! and `axum::serve` does not set.
//!
//! - A header-read timeout: a client must send a request's whole head within it, or
//!   the connection is closed. hyper starts the clock whenever it waits for a head, so
//!   the same timeout also closes a keep-alive connection left idle between requests.
//!   Without it, sockets that send half a header line stay open for ever.
//! - A cap on open connections: past it the server stops accepting (new clients wait
//!   in the kernel's backlog) until a connection closes.
//! - Graceful shutdown, in two steps so that no client that reached the server gets
//!   its connection reset. On the signal the server turns *draining*: `/readyz`
//!   answers 503 (a load balancer stops sending new clients) and every response says
//!   `Connection: close` (keep-alive clients finish their request and reconnect
//!   elsewhere); for the `grace` period it still accepts connections — those already
//!   waiting in the kernel's backlog, which closing the socket would reset, and those
//!   a load balancer sends before it notices. Then it stops accepting, lets requests in
//!   flight finish (for at most `drain`), and returns.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// How long the server keeps accepting connections after the shutdown signal,
    /// while draining.
    pub grace: Duration,
    /// How long requests in flight may take to finish once it stops accepting.
    pub drain: Duration,
}

/// How long, after it stops accepting, the server waits for connections to close by
/// themselves before it closes the idle ones.
const SETTLE: Duration = Duration::from_secs(1);

/// Serves `router` on `listener` until `shutdown` completes; then sets `draining` and
/// shuts down as the module describes.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
    draining: Arc<AtomicBool>,
) -> std::io::Result<()> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout).keep_alive(true);
    let acceptor = Acceptor {
        listener,
        router,
        http,
        permits: Arc::new(Semaphore::new(limits.max_connections.max(1))),
        graceful: GracefulShutdown::new(),
    };
    tokio::pin!(shutdown);
    while acceptor.accept_one(shutdown.as_mut()).await {}

    draining.store(true, Ordering::SeqCst);
    tracing::info!(
        grace_ms = limits.grace.as_millis() as u64,
        "draining: not ready, still accepting for the grace period"
    );
    let grace = tokio::time::sleep(limits.grace);
    tokio::pin!(grace);
    while acceptor.accept_one(grace.as_mut()).await {}
    // Whoever completed a handshake meanwhile is served too, rather than reset.
    while acceptor.accept_one(std::pin::pin!(std::future::ready(()))).await {}

    let Acceptor { listener, graceful, permits, .. } = acceptor;
    drop(listener);
    tracing::info!("no longer accepting; finishing the requests in flight");
    // Connections close themselves after their next answer (`Connection: close`). One
    // accepted a moment ago may not have sent its request yet, and a keep-alive client
    // may be sending one now; hyper's graceful shutdown would close such "idle"
    // connections at once, so they get a little while to do so first.
    let settle = tokio::time::Instant::now() + SETTLE.min(limits.drain);
    while permits.available_permits() < limits.max_connections.max(1) && tokio::time::Instant::now() < settle {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.drain) => tracing::warn!("requests still running at shutdown were cut off"),
    }
    Ok(())
}

struct Acceptor {
    listener: TcpListener,
    router: Router,
    http: http1::Builder,
    permits: Arc<Semaphore>,
    graceful: GracefulShutdown,
}

impl Acceptor {
    /// Accepts one connection (within the connection cap) and serves it in its own
    /// task; false when `stop` completes first.
    /// (Biased towards accepting: with a `stop` that is already complete, it takes a
    /// connection that is waiting and stops only when none is.)
    async fn accept_one<F: Future<Output = ()>>(&self, mut stop: Pin<&mut F>) -> bool {
        let permit = tokio::select! {
            biased;
            permit = Arc::clone(&self.permits).acquire_owned() => permit.expect("the semaphore is never closed"),
            () = stop.as_mut() => return false,
        };
        let stream = tokio::select! {
            biased;
            accepted = self.listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Out of file descriptors and the like: wait, rather than spin.
                    tracing::warn!(%error, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    return true;
                }
            },
            () = stop.as_mut() => return false,
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(self.router.clone());
        let connection = self.graceful.watch(self.http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                // A client that leaves, times out or sends garbage; nothing to do.
                tracing::debug!(%error, "connection ended with an error");
            }
            drop(permit);
        });
        true
    }
}
