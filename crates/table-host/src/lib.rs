//! Table mode, headless (docs/TABLE-MODE.md): one host serves tables of the table tools over
//! HTTP, one device per seat. Each seat has a random code in its join URL and gets only its own player's
//! answers; the referee (a `ToolSession`) and every secret stay in the host.
//!
//! - [`seats`]: seat codes, finding a seat in constant time, what each seat may send;
//! - [`limits`]: body size, rate, retries kept;
//! - [`table`]: one table's session and its seats' state, a request body to one answer;
//! - [`game`]: game tables, one seat per 25.0 role, each sending only the moves that are its call;
//! - [`store`]: the table kept in a file (`--state`), a table of the table tools or a game table with its
//!   whole game, so a restarted host reopens it;
//! - [`http`]: the routes, the push sockets and the server; [`guest`]: the page a guest opens (the Svelte
//!   build in `ui/dist-guest`, embedded).
//!
//! Depends on the table tools, the referee core (game tables) and `goeben-common`: no Tauri, no display. The app's shell will wrap
//! [`http::serve`] on its own runtime; `table_host` (src/main.rs) runs it from the command line.

pub mod game;
pub mod guest;
pub mod http;
pub mod limits;
pub mod seats;
pub mod store;
pub mod table;

use std::net::SocketAddr;
use std::sync::Arc;

use serde::Serialize;

use seats::SeatCode;
use table::Table;

/// The tables a host serves (the `table_host` command opens one; the load test four).
pub struct Host {
    tables: Vec<Table>,
    /// What every connection is held to before any seat is known.
    limits: limits::HostLimits,
    /// Set when the host stops serving: its push sockets close (they would otherwise hold the shutdown).
    closing: tokio::sync::watch::Sender<bool>,
}

impl Host {
    pub fn new(tables: Vec<Table>) -> Host {
        Host::with_limits(tables, limits::HostLimits::default())
    }

    /// A host whose connections meet `limits` (tests shorten the timeouts).
    pub fn with_limits(tables: Vec<Table>, limits: limits::HostLimits) -> Host {
        Host {
            tables,
            limits,
            closing: tokio::sync::watch::Sender::new(false),
        }
    }

    pub fn limits(&self) -> &limits::HostLimits {
        &self.limits
    }

    /// Tells every push socket to close (the host is stopping).
    pub fn close_sockets(&self) {
        self.closing.send_replace(true);
    }

    /// Becomes `true` when the host stops serving.
    pub fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// The table and seat whose code is `code`: every seat of every table compared, in constant time.
    pub fn find(&self, code: &str) -> Option<(usize, usize)> {
        let all: Vec<(usize, usize, SeatCode)> = self
            .tables
            .iter()
            .enumerate()
            .flat_map(|(t, table)| {
                table
                    .seats()
                    .iter()
                    .enumerate()
                    .map(move |(s, seat)| (t, s, seat.code()))
            })
            .collect();
        seats::find(all.iter().map(|(_, _, code)| code), code).map(|i| (all[i].0, all[i].1))
    }

    /// Each seat's join URL on `addr`, as `table_host` prints them.
    pub fn announce(&self, addr: SocketAddr) -> Announcement {
        let seats = self
            .tables
            .iter()
            .flat_map(|table| table.seats().iter())
            .map(|seat| SeatUrl {
                seat: seat.name.clone(),
                url: join_url(addr, seat),
            })
            .collect();
        Announcement {
            listen: addr.to_string(),
            seats,
            restored: None,
        }
    }

    /// Each seat of each table, as the host's `status` command reports it.
    pub fn status(&self) -> Vec<table::SeatStatus> {
        self.tables.iter().flat_map(Table::status).collect()
    }
}

/// A seat's join URL on `addr` (its current code).
pub fn join_url(addr: SocketAddr, seat: &seats::Seat) -> String {
    format!("http://{addr}/join/{}", seat.code().as_str())
}

/// `table_host`'s first line: where it listens and each seat's join URL.
#[derive(Clone, Debug, Serialize)]
pub struct Announcement {
    pub listen: String,
    pub seats: Vec<SeatUrl>,
    /// With `--state`: whether the table was reopened from its file (`true`) or opened new (`false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restored: Option<bool>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatUrl {
    pub seat: String,
    pub url: String,
}

/// A host served on its own thread and runtime (for tests, and hosts without a runtime of their own).
pub struct Running {
    pub addr: SocketAddr,
    pub host: Arc<Host>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Running {
    /// Binds `addr` (port 0: any free port) and serves `host` on a runtime of `workers` threads.
    pub fn start(addr: SocketAddr, host: Host, workers: usize) -> std::io::Result<Running> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers.max(1))
            .enable_all()
            .build()?;
        Running::start_on(runtime, addr, host)
    }

    /// [`Running::start`] on a current-thread runtime: every connection, timer and socket on one thread
    /// (the answers still go to tokio's blocking pool). The limits must hold there too.
    pub fn start_current_thread(addr: SocketAddr, host: Host) -> std::io::Result<Running> {
        Running::start_on(
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?,
            addr,
            host,
        )
    }

    fn start_on(
        runtime: tokio::runtime::Runtime,
        addr: SocketAddr,
        host: Host,
    ) -> std::io::Result<Running> {
        let listener = runtime.block_on(tokio::net::TcpListener::bind(addr))?;
        let addr = listener.local_addr()?;
        let host = Arc::new(host);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let served = host.clone();
        let thread = std::thread::spawn(move || {
            runtime.block_on(http::serve(listener, served, async {
                let _ = stopped.await;
            }))
        });
        Ok(Running {
            addr,
            host,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// `http://ADDR`.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops serving and waits for the server's thread.
    pub fn stop(mut self) -> std::io::Result<()> {
        self.shut()
    }

    fn shut(&mut self) -> std::io::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match self.thread.take() {
            Some(thread) => thread
                .join()
                .unwrap_or_else(|_| Err(std::io::Error::other("the server's thread panicked"))),
            None => Ok(()),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.shut();
    }
}
