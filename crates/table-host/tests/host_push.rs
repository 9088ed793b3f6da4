//! The push socket (`GET /api/{code}/events`, docs/TABLE-MODE.md), over a real WebSocket on
//! loopback: a seat gets its version at once and again when a change of the table changes what it sees,
//! and nothing else (no view, no secret); an unknown code is refused before the upgrade; a re-issued seat's
//! socket closes with 4401; a seat holds at most 4 sockets; idle sockets are pinged and dropped; a host
//! stopping with sockets open stops at once.

use crate::support;

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use goeben_table_host::limits::Limits;
use serde_json::Value;
use support::*;
use tokio_tungstenite::tungstenite::{self, Message};

/// Runs a test's client side on a runtime of its own (the host runs on another, on its own thread).
fn client<F: std::future::Future>(test: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(test)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const WITHIN: Duration = Duration::from_secs(5);

fn events_url(running: &goeben_table_host::Running, code: &str) -> String {
    format!("ws://{}/api/{code}/events", running.addr)
}

async fn connect(
    running: &goeben_table_host::Running,
    code: &str,
) -> Result<Socket, tungstenite::Error> {
    tokio_tungstenite::connect_async(events_url(running, code))
        .await
        .map(|(socket, _)| socket)
}

/// The HTTP status a refused upgrade answered.
async fn refused(running: &goeben_table_host::Running, code: &str) -> u16 {
    match connect(running, code).await {
        Err(tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(other) => panic!("refused with an HTTP status, not {other}"),
        Ok(_) => panic!("the socket opened"),
    }
}

/// The next message other than a ping or pong, within [`WITHIN`] (`None`: the socket ended).
async fn next(socket: &mut Socket) -> Option<Message> {
    let deadline = tokio::time::Instant::now() + WITHIN;
    loop {
        match tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("a message in time")
        {
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(message)) => return Some(message),
            Some(Err(_)) | None => return None,
        }
    }
}

/// The next message, which must be `{"version":N}` and nothing else: N.
async fn version(socket: &mut Socket) -> u64 {
    let message = next(socket).await.expect("a message");
    let text = message.to_text().expect("a text message").to_string();
    let value: Value = serde_json::from_str(&text).expect("JSON");
    let object = value.as_object().expect("an object");
    assert_eq!(
        object.keys().collect::<Vec<_>>(),
        ["version"],
        "only the version: {text}"
    );
    object["version"].as_u64().expect("a number")
}

/// Reads `socket` for `period` (answering its pings, as a browser does): the pings it got.
async fn listen(socket: &mut Socket, period: Duration) -> usize {
    let mut pings = 0;
    let until = tokio::time::Instant::now() + period;
    while let Ok(Some(Ok(message))) = tokio::time::timeout_at(until, socket.next()).await {
        assert!(
            matches!(message, Message::Ping(_)),
            "only pings while nothing changes: {message:?}"
        );
        pings += 1;
    }
    pings
}

/// Blocking HTTP from the client's runtime: the host runs on its own, so waiting here is fine.
fn post_now(running: &goeben_table_host::Running, code: &str, body: &str) -> Reply {
    post(running, code, body, None)
}

#[test]
fn issue_16_a_seat_is_pushed_the_version_when_another_seat_changes_the_table() {
    let host = start(1, true, roomy(), 31);
    client(async move {
        let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
        let mut socket = connect(&host, &a).await.expect("A's socket opens");
        assert_eq!(version(&mut socket).await, 0, "the version at once");
        let mut display = connect(&host, &code(&host, 0, 2))
            .await
            .expect("the display's socket opens");
        assert_eq!(version(&mut display).await, 0);

        // B draws: A's socket and the display's get the next version, and nothing of B's chit.
        let drawn = post_now(
            &host,
            &b,
            r#"{"tool":"draw_sdr","player":"b","label":"secret plan"}"#,
        );
        assert_eq!(drawn.status, 200, "{}", drawn.body);
        let salt = host.host.tables()[0].session().chits()[0].salt.clone();
        for socket in [&mut socket, &mut display] {
            let message = next(socket).await.expect("pushed");
            let text = message.to_text().unwrap().to_string();
            assert_eq!(text, r#"{"version":1}"#);
            assert!(
                !text.contains(&salt)
                    && !text.contains("secret")
                    && !text.contains(&b)
                    && !text.contains(&a)
            );
        }
        // A read changes nothing and pushes nothing; a refused request neither; the next change is version 2.
        assert_eq!(
            post_now(&host, &b, r#"{"tool":"view","player":"b"}"#).status,
            200
        );
        assert_eq!(
            post_now(&host, &b, r#"{"tool":"view","player":"a"}"#).status,
            403
        );
        assert_eq!(
            post_now(&host, &a, r#"{"tool":"draw_sdr","player":"a"}"#).status,
            200
        );
        assert_eq!(
            version(&mut socket).await,
            2,
            "one version per change, none for the read or the refusal"
        );
        assert_eq!(version(&mut display).await, 2);

        // What a guest sends is ignored (its ping answered): the socket stays open and pushes on.
        socket.send(Message::Text("hello".into())).await.unwrap();
        socket
            .send(Message::Ping(b"are you there".to_vec().into()))
            .await
            .unwrap();
        let pong = tokio::time::timeout(WITHIN, socket.next())
            .await
            .expect("in time")
            .expect("open")
            .expect("a message");
        assert_eq!(pong, Message::Pong(b"are you there".to_vec().into()));
        assert_eq!(
            post_now(&host, &b, r#"{"tool":"draw_sdr","player":"b"}"#).status,
            200
        );
        assert_eq!(version(&mut socket).await, 3);
        host.stop().unwrap();
    });
}

#[test]
fn issue_16_an_unknown_code_is_refused_before_the_upgrade() {
    let host = start(1, false, roomy(), 32);
    client(async move {
        let a = code(&host, 0, 0);
        let near = format!("{}{}", &a[..31], if a.ends_with('0') { '1' } else { '0' });
        for wrong in [near.as_str(), "0", &a.to_uppercase()] {
            assert_eq!(refused(&host, wrong).await, 401, "{wrong}");
        }
        // The same route without an upgrade: the code is still checked first.
        let plain = get(&host, &format!("/api/{near}/events"));
        assert_eq!(
            (plain.status, plain.code()),
            (401, "unknown_seat".to_string())
        );
        assert!(plain.header("content-security-policy").is_some());
        let no_upgrade = get(&host, &format!("/api/{a}/events"));
        assert!(
            no_upgrade.status >= 400 && no_upgrade.status < 500,
            "a plain GET of a real seat's socket: {}",
            no_upgrade.status
        );
        host.stop().unwrap();
    });
}

#[test]
fn issue_16_a_reissued_seat_s_sockets_close_with_4401() {
    let host = start(1, false, roomy(), 33);
    client(async move {
        let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
        let mut socket_a = connect(&host, &a).await.unwrap();
        let mut socket_b = connect(&host, &b).await.unwrap();
        assert_eq!(
            (version(&mut socket_a).await, version(&mut socket_b).await),
            (0, 0)
        );
        host.host.tables()[0].reissue(0).expect("re-issued");
        match next(&mut socket_a).await {
            Some(Message::Close(Some(frame))) => {
                assert_eq!(u16::from(frame.code), 4401);
                assert_eq!(frame.reason.as_str(), "seat re-issued");
            }
            other => panic!("a close frame with 4401, not {other:?}"),
        }
        // B's view did not change, so B is told nothing, and its socket stays open.
        assert_eq!(
            listen(&mut socket_b, Duration::from_millis(300)).await,
            0,
            "no version for B"
        );
        assert_eq!(
            refused(&host, &a).await,
            401,
            "the old code opens no socket"
        );
        let mut fresh = connect(&host, &code(&host, 0, 0))
            .await
            .expect("the new code opens one");
        assert_eq!(
            version(&mut fresh).await,
            0,
            "A's view did not change either"
        );
        assert_eq!(
            post_now(
                &host,
                &code(&host, 0, 0),
                r#"{"tool":"draw_sdr","player":"a"}"#
            )
            .status,
            200
        );
        assert_eq!(
            (version(&mut fresh).await, version(&mut socket_b).await),
            (1, 1),
            "both still pushed on a change they see"
        );
        host.stop().unwrap();
    });
}

#[test]
fn issue_16_a_seat_holds_at_most_four_sockets() {
    let host = start(1, false, roomy(), 34);
    client(async move {
        let a = code(&host, 0, 0);
        assert_eq!(Limits::default().sockets_per_seat, 4);
        let mut open = Vec::new();
        for _ in 0..4 {
            let mut socket = connect(&host, &a).await.expect("opens");
            assert_eq!(version(&mut socket).await, 0);
            open.push(socket);
        }
        assert_eq!(refused(&host, &a).await, 429, "a fifth");
        let mut b = connect(&host, &code(&host, 0, 1))
            .await
            .expect("B's own sockets are counted apart");
        assert_eq!(version(&mut b).await, 0);
        // One closed: its place is given back (once the host has seen the close).
        open.pop().unwrap().close(None).await.unwrap();
        let start = Instant::now();
        loop {
            match connect(&host, &a).await {
                Ok(_) => break,
                Err(_) if start.elapsed() < WITHIN => {
                    tokio::time::sleep(Duration::from_millis(50)).await
                }
                Err(e) => panic!("the closed socket's place was not given back: {e}"),
            }
        }
        host.stop().unwrap();
    });
}

#[test]
fn issue_16_idle_sockets_are_pinged_and_dropped_when_silent() {
    let limits = Limits {
        socket_ping: Duration::from_millis(200),
        socket_idle: Duration::from_millis(700),
        ..roomy()
    };
    let host = start(1, false, limits, 35);
    client(async move {
        let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
        // A reads (and so answers the pings, as a browser does): still open after several idle periods.
        let mut listening = connect(&host, &a).await.unwrap();
        assert_eq!(version(&mut listening).await, 0);
        assert!(
            listen(&mut listening, Duration::from_millis(1800)).await >= 3,
            "pinged every 200 ms"
        );
        // B opens and then reads nothing, so answers no ping: dropped, while A reads on.
        let mut silent = connect(&host, &b).await.unwrap();
        listen(&mut listening, Duration::from_millis(1500)).await;
        assert_eq!(
            post_now(&host, &a, r#"{"tool":"draw_sdr","player":"a"}"#).status,
            200
        );
        assert_eq!(
            version(&mut listening).await,
            1,
            "the listening socket is still open"
        );
        let mut got = Vec::new();
        while let Some(message) = next(&mut silent).await {
            got.push(message);
            assert!(got.len() < 10, "the silent socket goes on: {got:?}");
        }
        assert!(
            !got.iter()
                .any(|m| m.to_text().is_ok_and(|t| t.contains("\"version\":1"))),
            "the silent socket was dropped before the change: {got:?}"
        );
        host.stop().unwrap();
    });
}

#[test]
fn issue_16_stopping_the_host_with_sockets_open_returns_at_once() {
    let host = start(1, true, roomy(), 36);
    client(async move {
        let mut sockets = Vec::new();
        for seat in 0..3 {
            let mut socket = connect(&host, &code(&host, 0, seat)).await.unwrap();
            assert_eq!(version(&mut socket).await, 0);
            sockets.push(socket);
        }
        let addr = host.addr;
        let started = Instant::now();
        host.stop().expect("stops");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "stopped in {:?}",
            started.elapsed()
        );
        for socket in &mut sockets {
            match next(socket).await {
                None => {}
                Some(Message::Close(frame)) => assert!(
                    frame.as_ref().is_none_or(|f| u16::from(f.code) == 1001),
                    "{frame:?}"
                ),
                Some(other) => panic!("closed, not {other:?}"),
            }
        }
        assert!(
            std::net::TcpStream::connect(addr).is_err(),
            "nothing listens any more"
        );
    });
}
