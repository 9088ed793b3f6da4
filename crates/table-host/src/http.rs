//! The HTTP side of a host: the routes, the headers every answer carries, reading a body within
//! the limits, and the server's start and stop. The contract (docs/TABLE-MODE.md):
//!
//! - `GET /join/{code}`: the guest page (200), or 401 for a code no seat has.
//! - `GET /api/{code}`: the seat, `{"seat":"A","player":"a"}` (`"player":null` for the table display; at a
//!   game table `{"seat":"Engineer","player":null,"role":"Engineer","game":true}`).
//! - `POST /api/{code}`: one request of the table tools' protocol as the body; one JSON answer for that
//!   seat (see [`crate::table::Table::answer`]). 401 unknown code, 429 over the rate, 413 over the size,
//!   503 when the table (kept with `--state`) could not be saved.
//! - `GET /api/{code}/events`: the seat's push socket (WebSocket): `{"version":N}` at once and after every
//!   change of the seat's own view; 401 unknown code, 429 over the rate or with the seat's sockets all open.
//! - `GET /api/{code}/log?from=N&limit=M`: a page of the public log (a view carries only its last entries).
//! - `GET /assets/{file}`, `GET /favicon.png`: the guest page's own files (`crate::guest`), 404 otherwise.
//!
//! Before any route: a connection over its address's or the host's share answers 503; headers
//! must arrive within the header timeout (also the idle keep-alive timeout) and fit the head limit (431); `Host` must name the address
//! the connection reached and an `Origin`, when sent, the host's own page (403 otherwise).

use std::future::Future;
use std::sync::Arc;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::guest;
use crate::limits::HostLimits;
use crate::table::{Answer, HostCode, SocketSlot};
use crate::Host;

/// The routes of `host`, with the security headers on every answer.
pub fn router(host: Arc<Host>) -> Router {
    Router::new()
        .route("/join/{code}", get(join))
        .route("/api/{code}", get(seat_info).post(request))
        .route("/api/{code}/events", get(events))
        .route("/api/{code}/log", get(log_page))
        .route(
            "/assets/{file}",
            get(|Path(file): Path<String>| async move { asset(&format!("assets/{file}")) }),
        )
        .route("/favicon.png", get(|| async { asset("favicon.png") }))
        .fallback(|| async { not_found() })
        .layer(axum::middleware::from_fn(same_origin))
        .layer(axum::middleware::map_response(secure))
        .with_state(host)
}

/// Serves `host` on `listener` until `shutdown` completes, then closes the push sockets and lets the
/// answers under way finish.
///
/// Each connection is refused at once (503 `too_many_connections`, closed) when its address
/// or the host already holds its share ([`HostLimits`]); otherwise it is served by hyper's HTTP/1 with a
/// header-read timeout, which also closes a keep-alive connection idle that long. Works the same on a
/// current-thread runtime: nothing here blocks, the referee's answers go to the blocking pool.
pub async fn serve(
    listener: tokio::net::TcpListener,
    host: Arc<Host>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = *host.limits();
    let app = router(host.clone());
    let counts = Arc::new(std::sync::Mutex::new(Connections::default()));
    // `stopping` tells every connection to finish; `done` is dropped by each when it ends, so its
    // sender's `closed()` waits for them all.
    let (stopping, _) = tokio::sync::watch::channel(false);
    let (done, _) = tokio::sync::watch::channel(());
    // Requests being answered: the stop waits for them, not for idle connections or unsent heads.
    let answering = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            _ = &mut shutdown => break,
            accepted = accept(&listener) => accepted,
        };
        let Some(slot) = Connections::take(&counts, peer.ip(), &limits).map(Arc::new) else {
            // A plain answer in one write that cannot block, then closed: the client learns why.
            let _ = stream.try_write(&too_many_connections());
            continue;
        };
        let Ok(served_at) = stream.local_addr().map(ServedAt) else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let counted = Counted(slot.clone());
        let answering = answering.clone();
        let service = hyper::service::service_fn(
            move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(served_at);
                request.extensions_mut().insert(counted.clone());
                let mut app = app.clone();
                let answer = Answering::new(&answering);
                async move {
                    let _answer = answer;
                    tower_service::Service::call(&mut app, request).await
                }
            },
        );
        let mut stop = stopping.subscribe();
        let done = done.subscribe();
        tokio::spawn(async move {
            let connection = http1(&limits)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                .with_upgrades();
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                // The guard `wait_for` returns is dropped at once: it must not live across the await.
                _ = async { stop.wait_for(|stop| *stop).await.is_ok() } => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            // Counted until hyper lets go of it; a push socket's upgrade holds its own clone of the slot
            // (`Counted`), so the connection stays counted while the socket is open.
            drop(slot);
            drop(done);
        });
    }
    host.close_sockets();
    stopping.send_replace(true);
    drain(&done, &answering).await;
    Ok(())
}

/// The next connection. A failed accept (out of files, or a connection reset before it was taken) is
/// skipped after a short pause, so the others are still served and an exhausted process does not spin.
async fn accept(
    listener: &tokio::net::TcpListener,
) -> (tokio::net::TcpStream, std::net::SocketAddr) {
    loop {
        match listener.accept().await {
            Ok(accepted) => return accepted,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// Hyper's HTTP/1 with the header timeout and the head limit. Half-close: a client that sent its request
/// and then shut its sending side (`nc -N`, some HTTP libraries, the host_http fuzz harness) still gets
/// the answer; hyper's default drops the request at that EOF, applied or not, its answer lost. An idle
/// half-closed connection is still closed at once, and heads still meet the header timeout.
///
/// The head limit: `max_header_size` counts the head's bytes exactly (a head one byte over is refused
/// whether it came in one read or many); `max_buf_size` keeps the read buffer itself at that size (hyper
/// allows no less than 8 KiB), where it grew to about 400 KiB a connection. hyper answers a longer head
/// 431 itself, with no body, and closes the connection.
fn http1(limits: &HostLimits) -> hyper::server::conn::http1::Builder {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_header_size(limits.head_max_bytes)
        .max_buf_size(limits.head_max_bytes.max(8192))
        .half_close(true);
    builder
}

/// Waits for the answers under way to finish (for at most the drain time); a connection idle or still
/// sending its headers is not waited for (it would otherwise hold the stop until its header timeout).
async fn drain(done: &tokio::sync::watch::Sender<()>, answering: &std::sync::atomic::AtomicUsize) {
    let _ = tokio::time::timeout(crate::limits::DRAIN, async {
        tokio::select! {
            _ = done.closed() => {}
            _ = async {
                while answering.load(std::sync::atomic::Ordering::Acquire) > 0 {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            } => {}
        }
    })
    .await;
}

/// The address a connection reached the host on (the request's extension): the one `Host` and `Origin`
/// may name.
#[derive(Clone, Copy, Debug)]
pub struct ServedAt(pub std::net::SocketAddr);

/// What a connection over the cap is told before it is closed: a 503 in the tools' error shape.
fn too_many_connections() -> Vec<u8> {
    let body = Answer::refusal(
        503,
        HostCode::TooManyConnections,
        "too many connections are open (from your address, or in all); try again shortly",
    )
    .body;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\nRetry-After: 5\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Open connections, per address and in all.
#[derive(Default)]
struct Connections {
    total: usize,
    per_address: std::collections::HashMap<std::net::IpAddr, usize>,
}

/// One request being answered, counted while it lives.
struct Answering(Arc<std::sync::atomic::AtomicUsize>);

impl Answering {
    fn new(count: &Arc<std::sync::atomic::AtomicUsize>) -> Answering {
        count.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        Answering(count.clone())
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

/// A request's connection as counted (an extension): a push socket keeps it for as long as it is open.
#[derive(Clone)]
struct Counted(#[allow(dead_code)] Arc<ConnectionSlot>);

/// One counted connection: its place is given back when dropped.
struct ConnectionSlot {
    counts: Arc<std::sync::Mutex<Connections>>,
    address: std::net::IpAddr,
}

impl Connections {
    fn take(
        counts: &Arc<std::sync::Mutex<Connections>>,
        address: std::net::IpAddr,
        limits: &HostLimits,
    ) -> Option<ConnectionSlot> {
        let mut c = counts.lock().unwrap_or_else(|p| p.into_inner());
        let mine = c.per_address.get(&address).copied().unwrap_or(0);
        if c.total >= limits.connections_total || mine >= limits.connections_per_address {
            return None;
        }
        c.total += 1;
        c.per_address.insert(address, mine + 1);
        Some(ConnectionSlot {
            counts: counts.clone(),
            address,
        })
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        c.total -= 1;
        if let Some(n) = c.per_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                c.per_address.remove(&self.address);
            }
        }
    }
}

/// Refuses (403) a request whose `Host` is not the address it reached (a page of another site whose
/// name was rebound to this address: DNS rebinding) and one whose `Origin` — sent by browsers on every
/// cross-site POST and WebSocket handshake — is not this host's own page. A request without `Origin`
/// (a same-origin GET, a client that is not a browser) passes when its `Host` is right.
async fn same_origin(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    if let Some(ServedAt(addr)) = request.extensions().get::<ServedAt>().copied() {
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|v| v.to_str().ok());
        if !host.is_some_and(|host| names(addr, host)) {
            return json(Answer::refusal(
                403,
                HostCode::WrongHost,
                format!("this host answers only requests addressed to {addr}"),
            ));
        }
        if let Some(origin) = request.headers().get(header::ORIGIN) {
            let own = origin
                .to_str()
                .ok()
                .and_then(|o| o.strip_prefix("http://"))
                .is_some_and(|o| names(addr, o));
            if !own {
                return json(Answer::refusal(
                    403,
                    HostCode::ForeignOrigin,
                    format!(
                        "requests from another page are refused: only http://{addr} may send them"
                    ),
                ));
            }
        }
    }
    next.run(request).await
}

/// Whether `authority` (a `Host` header, or an `Origin` without its scheme) names `addr`: its address and
/// port as the join URLs write them, without the port when it is 80 (browsers leave it out), and
/// `localhost` when the host listens on loopback (only this machine resolves it).
fn names(addr: std::net::SocketAddr, authority: &str) -> bool {
    let authority = authority.to_ascii_lowercase();
    let ip = match addr.ip() {
        std::net::IpAddr::V4(ip) => ip.to_string(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
    };
    let mut names = vec![format!("{ip}:{}", addr.port())];
    if addr.ip().is_loopback() {
        names.push(format!("localhost:{}", addr.port()));
    }
    if addr.port() == 80 {
        names.push(ip);
        if addr.ip().is_loopback() {
            names.push("localhost".into());
        }
    }
    names.contains(&authority)
}

/// Headers on every answer: the strict CSP, no sniffing, no referrer (the code is in the URL), no caching
/// (a seat's answers are its secrets), no framing.
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(guest::CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

fn not_found() -> Response {
    json(Answer::refusal(404, HostCode::NotFound, "no such page"))
}

/// One of the guest page's files, or 404 (a name that would leave its folder included).
fn asset(path: &str) -> Response {
    match guest::asset(path) {
        Some((content_type, bytes)) => {
            ([(header::CONTENT_TYPE, content_type)], bytes).into_response()
        }
        None => not_found(),
    }
}

/// A JSON answer with its status (and `Retry-After`, `Idempotency-Replayed` where they apply).
fn json(answer: Answer) -> Response {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        answer.body,
    )
        .into_response();
    if let Some(seconds) = answer.retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    if answer.replayed {
        response
            .headers_mut()
            .insert("idempotency-replayed", HeaderValue::from_static("true"));
    }
    response
}

fn unknown_seat() -> Answer {
    Answer::refusal(401, HostCode::UnknownSeat, "no seat at this table has this code (it may have been re-issued): ask the host for the seat's QR code")
}

/// The 401 for a code no seat has, after [`HostLimits::wrong_code_delay`]: a guesser waits, the host
/// does not (a timer, no thread held).
async fn unknown_seat_later(host: &Host) -> Response {
    tokio::time::sleep(host.limits().wrong_code_delay).await;
    json(unknown_seat())
}

async fn join(State(host): State<Arc<Host>>, Path(code): Path<String>) -> Response {
    match host.find(&code) {
        Some((table, seat)) => {
            host.tables()[table].seen(seat);
            (
                [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                guest::page(),
            )
                .into_response()
        }
        None => {
            tokio::time::sleep(host.limits().wrong_code_delay).await;
            (
                StatusCode::UNAUTHORIZED,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                "This seat code is not open at this table.\n",
            )
                .into_response()
        }
    }
}

async fn seat_info(State(host): State<Arc<Host>>, Path(code): Path<String>) -> Response {
    let Some((table, seat)) = host.find(&code) else {
        return unknown_seat_later(&host).await;
    };
    let table = &host.tables()[table];
    if let Err(refusal) = table.admit(seat) {
        return json(refusal);
    }
    let seat = &table.seats()[seat];
    let role = (seat.role == crate::seats::SeatRole::GameRole).then_some(seat.name.as_str());
    let game = table.is_game().then_some(true);
    let body = serde_json::to_string(&SeatInfo {
        seat: &seat.name,
        player: seat.player(),
        role,
        game,
    })
    .expect("a seat serialises");
    json(Answer {
        status: 200,
        body,
        replayed: false,
        retry_after: None,
    })
}

/// `GET /api/{code}`: the seat's name and the player it acts as (null for the table display); at a game
/// table also `"game":true` and the seat's 25.0 role (`"role":"Engineer"`; absent for the display).
#[derive(serde::Serialize)]
struct SeatInfo<'a> {
    seat: &'a str,
    player: Option<goeben_table_tools::sdr::Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    role: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<bool>,
}

async fn request(
    State(host): State<Arc<Host>>,
    Path(code): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let Some((table_index, seat)) = host.find(&code) else {
        return unknown_seat_later(&host).await;
    };
    let table = &host.tables()[table_index];
    if let Err(refusal) = table.admit(seat) {
        return json(refusal);
    }
    let bytes = match body_within(&headers, body, table.limits()).await {
        Ok(bytes) => bytes,
        Err(refusal) => return json(refusal),
    };
    let key = match headers.get("idempotency-key").map(|v| v.to_str()) {
        None => None,
        Some(Ok(key)) => Some(key.to_string()),
        Some(Err(_)) => {
            return json(Answer::refusal(
                400,
                HostCode::BadIdempotencyKey,
                "an Idempotency-Key is visible ASCII",
            ))
        }
    };
    // The referee's work is short and holds a lock: off the async workers, so a slow answer never stalls
    // the other seats' connections.
    let host = host.clone();
    let answered = tokio::task::spawn_blocking(move || {
        host.tables()[table_index].answer(seat, key.as_deref(), &bytes)
    })
    .await;
    json(answered.unwrap_or_else(|_| {
        Answer::refusal(500, HostCode::Internal, "the answer could not be made")
    }))
}

/// The request's body within its size and time limits, or the refusal (413, 408, 400).
async fn body_within(
    headers: &HeaderMap,
    body: Body,
    limits: &crate::limits::Limits,
) -> Result<axum::body::Bytes, Answer> {
    let too_large = || {
        Answer::refusal(
            413,
            HostCode::TooLarge,
            format!("a request has at most {} bytes", limits.body_max_bytes),
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.body_max_bytes as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(
        limits.body_timeout,
        axum::body::to_bytes(body, limits.body_max_bytes),
    )
    .await
    {
        Err(_) => Err(Answer::refusal(
            408,
            HostCode::BodyTimeout,
            "the request's body did not arrive in time",
        )),
        Ok(Err(e))
            if std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>()) =>
        {
            Err(too_large())
        }
        Ok(Err(e)) => Err(Answer::refusal(
            400,
            goeben_common::ErrorCode::Malformed,
            format!("the body could not be read: {e}"),
        )),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

/// `GET /api/{code}/log?from=N&limit=M`: a page of the public log, `{"tool":"log","from":N,"total":T,
/// "log":[…]}` (`from` 0 and `limit` [`crate::limits::LOG_PAGE_MAX`] when left out; a larger `limit` is
/// cut to it). A view carries only the last entries; older ones come from here. Checked like
/// `/api/{code}`: 401 unknown code, 429 over the rate; 400 for a parameter that is not a number; 404 at a
/// game table, whose view has no log.
async fn log_page(
    State(host): State<Arc<Host>>,
    Path(code): Path<String>,
    uri: axum::http::Uri,
) -> Response {
    let Some((table_index, seat)) = host.find(&code) else {
        return unknown_seat_later(&host).await;
    };
    let table = &host.tables()[table_index];
    if let Err(refusal) = table.admit(seat) {
        return json(refusal);
    }
    let (mut from, mut limit) = (0usize, crate::limits::LOG_PAGE_MAX);
    for pair in uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let target = match name {
            "from" => &mut from,
            "limit" => &mut limit,
            _ => {
                return json(Answer::refusal(
                    400,
                    goeben_common::ErrorCode::Malformed,
                    format!("unknown parameter {name:?}: the log takes from and limit"),
                ))
            }
        };
        match value.parse::<usize>() {
            Ok(n) => *target = n,
            Err(_) => {
                return json(Answer::refusal(
                    400,
                    goeben_common::ErrorCode::Malformed,
                    format!("{name} is a whole number, not {value:?}"),
                ))
            }
        }
    }
    let host = host.clone();
    let page =
        tokio::task::spawn_blocking(move || host.tables()[table_index].log_page(from, limit)).await;
    match page {
        Ok(Some(body)) => json(Answer {
            status: 200,
            body,
            replayed: false,
            retry_after: None,
        }),
        Ok(None) => json(Answer::refusal(
            404,
            HostCode::NotFound,
            "a game table's view has no log to page",
        )),
        Err(_) => json(Answer::refusal(
            500,
            HostCode::Internal,
            "the log could not be read",
        )),
    }
}

/// Close code of a socket whose seat was re-issued (4000–4999: the application's own): the page stops
/// reconnecting and says so, as it does on a 401.
pub const CLOSE_REISSUED: u16 = 4401;

/// How long one message to a guest may take to go out ([`crate::limits::SOCKET_SEND_WITHIN`]).
const SEND_WITHIN: Duration = crate::limits::SOCKET_SEND_WITHIN;

/// `GET /api/{code}/events`: the seat's push socket. Checked before upgrading, like `/api/{code}`: 401 for
/// a code no seat has, 429 over the rate or when the seat holds all its sockets.
async fn events(
    State(host): State<Arc<Host>>,
    Path(code): Path<String>,
    counted: Option<axum::Extension<Counted>>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let Some((table_index, seat)) = host.find(&code) else {
        return unknown_seat_later(&host).await;
    };
    let table = &host.tables()[table_index];
    if let Err(refusal) = table.admit(seat) {
        return json(refusal);
    }
    let upgrade = match upgrade {
        // A guest sends nothing but pings and pongs: a message or frame over a few KB closes the socket
        // (the library's default would buffer 64 MiB per message).
        Ok(upgrade) => upgrade
            .max_message_size(host.limits().socket_message_max_bytes)
            .max_frame_size(host.limits().socket_message_max_bytes),
        Err(rejection) => return rejection.into_response(),
    };
    let Some(slot) = table.open_socket(seat) else {
        let most = table.limits().sockets_per_seat;
        let mut refusal = Answer::refusal(
            429,
            HostCode::TooManySockets,
            format!(
                "seat {} has {most} sockets open already; close one first",
                table.seats()[seat].name
            ),
        );
        refusal.retry_after = Some(5);
        return json(refusal);
    };
    // Subscribed before the upgrade: a change or a re-issue meanwhile is not missed.
    let watched = Watched {
        version: table.version(seat),
        issued: table.issued(seat),
        closing: host.closing(),
    };
    upgrade.on_upgrade(move |socket| async move {
        // The connection stays counted (per address and in all) while its socket is open.
        let _counted = counted;
        push(socket, host, table_index, seat, watched, slot).await
    })
}

/// What a push socket waits on besides its guest.
struct Watched {
    version: tokio::sync::watch::Receiver<u64>,
    issued: tokio::sync::watch::Receiver<u64>,
    closing: tokio::sync::watch::Receiver<bool>,
}

/// One seat's push socket: the table's version now and after every change, a ping every
/// `socket_ping`, closed when the seat is re-issued (4401) or the host stops (1001), dropped after
/// `socket_idle` without a word from the guest. What the guest sends is read and ignored (its pings are
/// answered by the WebSocket layer). The message carries the version number only, never a view: the
/// guest then asks for its own over `POST /api/{code}`.
async fn push(
    mut socket: WebSocket,
    host: Arc<Host>,
    table_index: usize,
    seat: usize,
    mut watched: Watched,
    _slot: SocketSlot,
) {
    let table = &host.tables()[table_index];
    let limits = *table.limits();
    let first = *watched.version.borrow_and_update();
    if !send(&mut socket, version(first)).await {
        return;
    }
    let mut ping = pings(limits.socket_ping);
    let mut heard = Instant::now();
    let mut bucket = crate::limits::TokenBucket::of(host.limits().socket_messages_burst, heard);
    let mut noted: Option<Instant> = None;
    loop {
        tokio::select! {
            // The re-issue and the host's closing first: a re-issue also bumps the version, which its
            // own socket must not be sent.
            biased;
            _ = watched.issued.changed() => {
                close(&mut socket, CLOSE_REISSUED, "seat re-issued").await;
                break;
            }
            // The guard `wait_for` returns is dropped at once: it must not live across the close below.
            _ = async { watched.closing.wait_for(|closing| *closing).await.is_ok() } => {
                close(&mut socket, axum::extract::ws::close_code::AWAY, "table closed").await;
                break;
            }
            changed = watched.version.changed() => {
                if changed.is_err() {
                    break;
                }
                let now = *watched.version.borrow_and_update();
                if !send(&mut socket, version(now)).await {
                    break;
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() >= limits.socket_idle || !send(&mut socket, Message::Ping(Default::default())).await {
                    break;
                }
            }
            message = socket.recv() => match message {
                // An error includes a message or frame over the size limit: the socket ends.
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {
                    let now = Instant::now();
                    // Every message counts, pings included (each makes the library queue a pong): a
                    // socket over its rate is closed, so a flood of frames cannot take the host's time
                    // from the other seats.
                    if bucket.take_at(host.limits().socket_messages_per_second, host.limits().socket_messages_burst, now).is_err() {
                        close(&mut socket, axum::extract::ws::close_code::POLICY, "too many messages").await;
                        break;
                    }
                    // A pong or anything else: the guest is there (what `status` calls connected). The
                    // table's lock is taken at most once a second per socket.
                    if noted.is_none_or(|noted| now.saturating_duration_since(noted) >= Duration::from_secs(1)) {
                        table.seen(seat);
                        noted = Some(now);
                    }
                    heard = now;
                }
            },
        }
    }
}

/// The push message of table version `n`: the number only, never a view.
fn version(n: u64) -> Message {
    Message::Text(format!("{{\"version\":{n}}}").into())
}

/// A tick every `period`, the first one `period` from now; a late tick does not bunch up the next.
fn pings(period: Duration) -> tokio::time::Interval {
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ping
}

/// Sends one message within [`SEND_WITHIN`]; `false` when the socket is gone or too slow.
async fn send(socket: &mut WebSocket, message: Message) -> bool {
    matches!(
        tokio::time::timeout(SEND_WITHIN, socket.send(message)).await,
        Ok(Ok(()))
    )
}

/// Sends a close frame (best effort, within [`SEND_WITHIN`]).
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let _ = send(
        socket,
        Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })),
    )
    .await;
}
