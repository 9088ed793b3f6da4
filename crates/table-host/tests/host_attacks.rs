//! The attacks found against `table_host --listen 127.0.0.1:0 --seats 2 --display`, played
//! again over real HTTP and WebSocket on loopback, each test named for the attack and what the host must
//! answer. The floods and exhaustion are bounded to a few seconds each (small limits where the defaults
//! would take longer; the defaults themselves are checked in `limits.rs`).

use crate::support;

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use goeben_table_host::limits::{HostLimits, WRONG_CODE_DELAY};
use goeben_table_host::seats::tool_seats;
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use goeben_table_tools::ToolSession;
use support::*;
use tokio_tungstenite::tungstenite::Message;

const OVERFLOW: &str = r#"{"tool":"combined_fire","strengths":[1,4294967295,4294967295]}"#;

#[test]
fn an_overflowing_combined_fire_is_refused_400_bad_input_and_the_table_keeps_answering() {
    let running = start(1, true, roomy(), 34);
    let (a, b) = (code(&running, 0, 0), code(&running, 0, 1));
    assert_eq!(
        post(&running, &a, r#"{"tool":"draw_sdr","player":"a"}"#, None).status,
        200
    );
    let before = running.host.tables()[0].session();
    let refused = post(&running, &a, OVERFLOW, Some("overflow-1"));
    assert_eq!(
        (refused.status, refused.code().as_str()),
        (400, "bad_input"),
        "{}",
        refused.body
    );
    assert!(
        refused.json()["message"]
            .as_str()
            .unwrap()
            .contains("4294967295"),
        "the message says why: {}",
        refused.body
    );
    assert_eq!(
        running.host.tables()[0].session(),
        before,
        "the refusal changed nothing"
    );
    // The table still answers every seat, and the same request within range is computed.
    for (seat, body) in [
        (&a, r#"{"tool":"view","player":"a"}"#),
        (&b, r#"{"tool":"view","player":"b"}"#),
    ] {
        assert_eq!(post(&running, seat, body, None).status, 200);
    }
    let fine = post(
        &running,
        &b,
        r#"{"tool":"combined_fire","strengths":[4,5,5]}"#,
        None,
    );
    assert_eq!(
        (fine.status, fine.json()["value"].as_u64()),
        (200, Some(9)),
        "{}",
        fine.body
    );
    let largest = post(
        &running,
        &b,
        r#"{"tool":"combined_fire","strengths":[1,2147483647,2147483647]}"#,
        None,
    );
    assert_eq!(
        largest.status, 200,
        "a sum that fits is still computed: {}",
        largest.body
    );
}

#[test]
fn every_calculator_and_die_procedure_given_extreme_numbers_answers_without_a_500() {
    let running = start(1, false, roomy(), 35);
    let a = code(&running, 0, 0);
    let max = u32::MAX;
    let lines = [
        format!(r#"{{"tool":"combined_fire","strengths":[{max}]}}"#),
        format!(r#"{{"tool":"contact_modifier","ships_a":{max},"ships_b":{max}}}"#),
        format!(r#"{{"tool":"contact_modifier","ships_a":{max},"ships_b":0}}"#),
        format!(r#"{{"tool":"operational_move","speed":"two","turn":{max},"weather":"fair"}}"#),
        format!(r#"{{"tool":"fuel_use","zones_moved":{max}}}"#),
        format!(r#"{{"tool":"adrift_vp","ship_vp":{max}}}"#),
        format!(r#"{{"tool":"crippled_vp","ship_vp":{max}}}"#),
        format!(r#"{{"tool":"hull_damage_vp","class":"capital","hull_boxes":{max}}}"#),
        // The die procedures that take numbers (they roll, so they may change the log; never a 500).
        format!(r#"{{"tool":"damage_control","player":"a","damaged_boxes":{max}}}"#),
        format!(
            r#"{{"tool":"always_possible","player":"a","highest_roll":{},"needed":{}}}"#,
            i32::MIN,
            i32::MAX
        ),
        format!(
            r#"{{"tool":"always_possible","player":"a","highest_roll":{},"needed":{}}}"#,
            i32::MAX,
            i32::MIN
        ),
        format!(
            r#"{{"tool":"automatic_disengagement","player":"a","max_sighting":{max},"range":{max},"night":true,"speed_advantage":true}}"#
        ),
        format!(
            r#"{{"tool":"automatic_disengagement","player":"a","max_sighting":0,"range":{max},"night":false,"speed_advantage":false}}"#
        ),
        format!(r#"{{"tool":"asw","player":"a","escorts":{max},"before_1918":true}}"#),
        format!(r#"{{"tool":"asw","player":"a","escorts":{max},"before_1918":false}}"#),
    ];
    for line in &lines {
        let reply = post(&running, &a, line, None);
        assert!(
            reply.status == 200 || reply.status == 400,
            "{line}: {} {}",
            reply.status,
            reply.body
        );
        assert!(
            !reply.body.contains("unknown_tool") && !reply.body.contains("malformed"),
            "the line reached its tool: {line}: {}",
            reply.body
        );
    }
    assert_eq!(
        post(&running, &a, r#"{"tool":"view","player":"a"}"#, None).status,
        200,
        "the table still answers"
    );
}

// ---- Item 2: another web page acting for a seat; DNS rebinding -------------------------------------

/// Sends `text` as is (its own `Host`, or none) and reads the answer.
fn raw(addr: std::net::SocketAddr, text: &str) -> Reply {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(text.as_bytes()).unwrap();
    read_reply(&mut stream)
}

#[test]
fn a_cross_site_post_from_another_origin_is_refused_403_foreign_origin_and_changes_nothing() {
    let running = start(1, true, roomy(), 40);
    let a = code(&running, 0, 0);
    let before = running.host.tables()[0].session();
    for origin in [
        "http://evil.example",
        "null",
        "https://127.0.0.1",
        &format!("http://{}.evil.example", running.addr.ip()),
    ] {
        // The form a page of another site can send without asking: text/plain, no preflight.
        let headers = [("Origin", origin), ("Content-Type", "text/plain")];
        let reply = send(
            running.addr,
            "POST",
            &format!("/api/{a}"),
            &headers,
            br#"{"tool":"draw_sdr","player":"a"}"#,
        );
        assert_eq!(
            (reply.status, reply.code().as_str()),
            (403, "foreign_origin"),
            "{origin}: {}",
            reply.body
        );
        assert!(
            reply.header("content-security-policy").is_some(),
            "refusals carry the security headers too"
        );
    }
    assert_eq!(
        running.host.tables()[0].session(),
        before,
        "nothing was drawn"
    );
    // The page's own origin, and a client that sends none, are served as before.
    let own = format!("http://{}", running.addr);
    let reply = send(
        running.addr,
        "POST",
        &format!("/api/{a}"),
        &[("Origin", &own)],
        br#"{"tool":"draw_sdr","player":"a"}"#,
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(
        post(&running, &a, r#"{"tool":"view","player":"a"}"#, None).status,
        200
    );
}

#[test]
fn a_websocket_handshake_from_another_origin_is_refused_403_before_the_upgrade() {
    use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest};
    let running = start(1, false, roomy(), 41);
    let a = code(&running, 0, 0);
    let url = format!("ws://{}/api/{a}/events", running.addr);
    let status = |origin: Option<String>| {
        let mut request = url.as_str().into_client_request().unwrap();
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("Origin", origin.parse().unwrap());
        }
        client(async move {
            match tokio_tungstenite::connect_async(request).await {
                Ok(_) => 101,
                Err(tungstenite::Error::Http(response)) => response.status().as_u16(),
                Err(other) => panic!("{other}"),
            }
        })
    };
    assert_eq!(status(Some("http://evil.example".into())), 403);
    assert_eq!(
        status(Some(format!("http://{}", running.addr))),
        101,
        "the page's own origin opens it"
    );
    assert_eq!(status(None), 101, "a client without Origin too");
}

#[test]
fn a_request_naming_another_host_is_refused_403_wrong_host_dns_rebinding() {
    let running = start(1, false, roomy(), 42);
    let a = code(&running, 0, 0);
    let port = running.addr.port();
    for host in [
        "evil.example".to_string(),
        format!("evil.example:{port}"),
        format!("127.0.0.2:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
    ] {
        for path in [
            format!("/join/{a}"),
            format!("/api/{a}"),
            "/favicon.png".to_string(),
        ] {
            let reply = raw(
                running.addr,
                &format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
            );
            assert_eq!(
                (reply.status, reply.code().as_str()),
                (403, "wrong_host"),
                "Host {host} {path}"
            );
        }
    }
    let none = raw(running.addr, &format!("GET /api/{a} HTTP/1.0\r\n\r\n"));
    assert_eq!(none.status, 403, "no Host at all");
    // Its own address, and `localhost` on loopback (only this machine resolves it), are served.
    for host in [running.addr.to_string(), format!("localhost:{port}")] {
        let reply = raw(
            running.addr,
            &format!("GET /api/{a} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        );
        assert_eq!(reply.status, 200, "Host {host}: {}", reply.body);
    }
}

// ---- Item 3: stalling the host ---------------------------------------------------------------------

/// Runs a test's client side on a runtime of its own (the host runs on another, on its own thread).
fn client<F: std::future::Future>(test: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(test)
}

/// A host of one table (A, B, display) with `host_limits`, on a current-thread runtime: the app runs its
/// host on one worker, so every limit is shown to hold there.
fn start_single(host_limits: HostLimits, seed: u64) -> Running {
    let table = Table::new(ToolSession::seeded(seed), tool_seats(true), roomy());
    Running::start_current_thread(
        "127.0.0.1:0".parse().unwrap(),
        Host::with_limits(vec![table], host_limits),
    )
    .unwrap()
}

/// A connection to `addr` from the loopback address `from` (127.0.0.0/8 is all this machine's).
fn connect_from(from: &str, addr: std::net::SocketAddr) -> std::net::TcpStream {
    let stream = client(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
        socket.connect(addr).await.unwrap().into_std().unwrap()
    });
    stream.set_nonblocking(false).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream
}

/// Starts a request and never finishes its headers.
fn unfinished(stream: &mut std::net::TcpStream, addr: std::net::SocketAddr) {
    stream
        .write_all(format!("GET /join/0 HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ").as_bytes())
        .unwrap();
}

/// Reads until the host closes: what it sent, and how long that took.
fn until_closed(stream: &mut std::net::TcpStream) -> (String, Duration) {
    let started = Instant::now();
    let mut got = Vec::new();
    let _ = stream.read_to_end(&mut got);
    (
        String::from_utf8_lossy(&got).into_owned(),
        started.elapsed(),
    )
}

#[test]
fn headers_that_never_finish_are_cut_off_at_the_header_timeout_and_an_idle_keep_alive_too() {
    let timeout = Duration::from_millis(400);
    let running = start_single(
        HostLimits {
            header_timeout: timeout,
            ..HostLimits::default()
        },
        43,
    );
    let mut slow = connect_from("127.0.0.1", running.addr);
    unfinished(&mut slow, running.addr);
    let (_, took) = until_closed(&mut slow);
    assert!(
        took >= timeout - Duration::from_millis(50) && took < Duration::from_secs(3),
        "closed after {took:?}"
    );
    let mut silent = connect_from("127.0.0.1", running.addr);
    let (sent, took) = until_closed(&mut silent);
    assert!(
        sent.is_empty() && took < Duration::from_secs(3),
        "a connection that sends nothing: closed after {took:?}"
    );
    // A keep-alive connection: served, then closed once idle for the same time.
    let a = code(&running, 0, 0);
    let mut kept = connect_from("127.0.0.1", running.addr);
    kept.write_all(format!("GET /api/{a} HTTP/1.1\r\nHost: {}\r\n\r\n", running.addr).as_bytes())
        .unwrap();
    let (sent, took) = until_closed(&mut kept);
    assert!(sent.starts_with("HTTP/1.1 200"), "{sent}");
    assert!(
        took >= timeout - Duration::from_millis(50) && took < Duration::from_secs(3),
        "idle keep-alive closed after {took:?}"
    );
}

#[test]
fn connections_over_the_cap_per_address_or_in_all_are_refused_503_and_the_seats_are_served_again() {
    let limits = HostLimits {
        connections_per_address: 4,
        connections_total: 8,
        header_timeout: Duration::from_secs(30),
        ..HostLimits::default()
    };
    let running = start_single(limits, 44);
    let b = code(&running, 0, 1);
    let view_b = r#"{"tool":"view","player":"b"}"#;
    // One address holds its 4 with headers it never finishes; its 5th is told 503 and closed.
    let mut held: Vec<_> = (0..4)
        .map(|_| connect_from("127.0.0.2", running.addr))
        .collect();
    held.iter_mut().for_each(|s| unfinished(s, running.addr));
    let (sent, took) = until_closed(&mut connect_from("127.0.0.2", running.addr));
    assert!(
        sent.starts_with("HTTP/1.1 503") && sent.contains("too_many_connections"),
        "{sent}"
    );
    assert!(took < Duration::from_secs(1), "refused at once ({took:?})");
    // Another address is served meanwhile.
    assert_eq!(
        post(&running, &b, view_b, None).status,
        200,
        "B from 127.0.0.1"
    );
    // Two more addresses fill the host's 8: everyone's next connection is refused, B's included.
    for from in ["127.0.0.3", "127.0.0.3", "127.0.0.3", "127.0.0.4"] {
        let mut s = connect_from(from, running.addr);
        unfinished(&mut s, running.addr);
        held.push(s);
    }
    let (sent, _) = until_closed(&mut connect_from("127.0.0.1", running.addr));
    assert!(sent.starts_with("HTTP/1.1 503"), "the host is full: {sent}");
    // The attacker's connections gone, their places come back.
    drop(held);
    let started = Instant::now();
    loop {
        match try_send(
            running.addr,
            "POST",
            &format!("/api/{b}"),
            &[],
            view_b.as_bytes(),
        ) {
            Some(reply) if reply.status == 200 => break,
            _ if started.elapsed() < Duration::from_secs(3) => {
                std::thread::sleep(Duration::from_millis(20))
            }
            other => panic!("B not served again: {other:?}"),
        }
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(running: &Running, code: &str) -> Socket {
    opened(running, code).await.0
}

/// A push socket of `code`, and the version it was sent at once.
async fn opened(running: &Running, code: &str) -> (Socket, u64) {
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/{code}/events", running.addr))
            .await
            .expect("the socket opens");
    let first = tokio::time::timeout(Duration::from_secs(5), socket.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let version: serde_json::Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    (
        socket,
        version["version"].as_u64().expect("{\"version\":N} first"),
    )
}

/// Reads `socket` until it ends (within 5 s): the close frame's code, if one came.
async fn ended(socket: &mut Socket) -> Option<u16> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        match tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("the socket ends in time")
        {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return None,
        }
    }
}

#[test]
fn a_push_socket_message_over_4_kib_ends_that_socket_and_nothing_else() {
    let running = start_single(HostLimits::default(), 45);
    let (a, b) = (code(&running, 0, 0), code(&running, 0, 1));
    client(async {
        let mut big = open(&running, &a).await;
        let mut other = open(&running, &b).await;
        // 64 KiB in one message (the library default let 64 MiB through per message).
        let _ = big.send(Message::Text("x".repeat(64 * 1024).into())).await;
        let code = ended(&mut big).await;
        assert!(
            code.is_none_or(|c| c == 1009),
            "closed as too big, or dropped: {code:?}"
        );
        // A message within the limit is fine, and the other seat's socket is untouched.
        let mut small = open(&running, &a).await;
        small
            .send(Message::Text("y".repeat(1024).into()))
            .await
            .unwrap();
        assert_eq!(
            post(&running, &b, r#"{"tool":"draw_sdr","player":"b"}"#, None).status,
            200
        );
        for socket in [&mut small, &mut other] {
            let pushed = tokio::time::timeout(Duration::from_secs(5), socket.next())
                .await
                .unwrap()
                .unwrap()
                .unwrap();
            assert_eq!(pushed.to_text().unwrap(), r#"{"version":1}"#);
        }
    });
}

#[test]
fn a_flood_of_frames_on_four_sockets_is_closed_1008_and_the_other_seat_keeps_its_speed() {
    let running = start_single(HostLimits::default(), 46);
    let (a, b) = (code(&running, 0, 0), code(&running, 0, 1));
    let view_b = r#"{"tool":"view","player":"b"}"#;
    let timed = |n: usize| -> Vec<Duration> {
        let mut times: Vec<Duration> = (0..n)
            .map(|_| {
                let started = Instant::now();
                assert_eq!(post(&running, &b, view_b, None).status, 200);
                started.elapsed()
            })
            .collect();
        times.sort();
        times
    };
    let quiet = timed(20);
    let addr = running.addr;
    // A's four sockets on a thread of their own, each sending empty frames as fast as it can for at most
    // 2 s, until the host closes it; B's views are timed meanwhile.
    let flood = std::thread::spawn(move || {
        client(async move {
            let mut floods = Vec::new();
            for _ in 0..4 {
                let (mut socket, _) =
                    tokio_tungstenite::connect_async(format!("ws://{addr}/api/{a}/events"))
                        .await
                        .expect("opens");
                floods.push(tokio::spawn(async move {
                    let until = tokio::time::Instant::now() + Duration::from_secs(2);
                    let mut sent = 0u64;
                    while tokio::time::Instant::now() < until {
                        if socket
                            .send(Message::Binary(Vec::new().into()))
                            .await
                            .is_err()
                        {
                            break;
                        }
                        sent += 1;
                    }
                    (ended(&mut socket).await, sent)
                }));
            }
            let mut result = Vec::new();
            for flood in floods {
                result.push(flood.await.unwrap());
            }
            result
        })
    });
    std::thread::sleep(Duration::from_millis(50));
    let during = timed(20);
    let floods = flood.join().unwrap();
    let closed: Vec<Option<u16>> = floods.iter().map(|(code, _)| *code).collect();
    let sent: u64 = floods.iter().map(|(_, n)| n).sum();
    println!(
        "issue #34 flood (one thread): 4 sockets sent {sent} frames, closed {closed:?}; B's view p50 {:?} quiet, {:?} during, max {:?}",
        quiet[10], during[10], during[19]
    );
    assert!(
        closed.iter().all(|c| *c == Some(1008) || c.is_none()),
        "every flooding socket was closed: {closed:?}"
    );
    assert!(
        closed.contains(&Some(1008)),
        "with the policy code: {closed:?}"
    );
    assert!(
        during[10] < Duration::from_millis(200),
        "B's view stays quick during the flood: {during:?}"
    );
}

#[test]
fn wrong_codes_on_api_and_join_are_answered_401_after_a_delay() {
    let running = start(1, false, roomy(), 47);
    let a = code(&running, 0, 0);
    let wrong = format!("{}{}", &a[..31], if a.ends_with('0') { '1' } else { '0' });
    for (method, path) in [
        ("POST", format!("/api/{wrong}")),
        ("GET", format!("/api/{wrong}")),
        ("GET", format!("/join/{wrong}")),
        ("GET", format!("/api/{wrong}/log")),
    ] {
        let started = Instant::now();
        let reply = send(
            running.addr,
            method,
            &path,
            &[],
            br#"{"tool":"view","player":"a"}"#,
        );
        let took = started.elapsed();
        assert_eq!(reply.status, 401, "{method} {path}");
        assert!(
            took >= WRONG_CODE_DELAY,
            "{method} {path} answered after {took:?}"
        );
    }
    assert_eq!(
        post(&running, &a, r#"{"tool":"view","player":"a"}"#, None).status,
        200,
        "the right code is served"
    );
}

// ---- Item 4: the push telling A that B is moving ---------------------------------------------------

#[test]
fn b_s_hidden_unit_moves_push_nothing_to_a_or_the_display() {
    let running = start(1, true, roomy(), 48);
    let (a, b, display) = (
        code(&running, 0, 0),
        code(&running, 0, 1),
        code(&running, 0, 2),
    );
    let ok = |seat: &str, body: &str| {
        let reply = post(&running, seat, body, None);
        assert_eq!(reply.status, 200, "{body}: {}", reply.body);
        assert!(
            !reply.body.starts_with(r#"{"tool":"error""#),
            "{body}: {}",
            reply.body
        );
    };
    // Public steps first (their log lines are everyone's): B's chart opened, a unit placed.
    ok(
        &b,
        r#"{"tool":"open_fleet_chart","player":"b","side":"allied"}"#,
    );
    ok(
        &b,
        r#"{"tool":"assign_ship","player":"b","ship":"Indomitable","fleet_box":1}"#,
    );
    ok(
        &b,
        r#"{"tool":"place_unit","player":"b","unit":"Indomitable","at":{"sea":"Ionian","area":"Ionian A2","square":"60"}}"#,
    );
    client(async {
        let (mut socket_a, version_a) = opened(&running, &a).await;
        let (mut socket_display, version_display) = opened(&running, &display).await;
        let mut socket_b = open(&running, &b).await;
        let before = running.host.tables()[0].session();
        // B's hidden moves: three unit moves. (A ship transfer is no longer hidden in this sense: since issue
        // #30 every change of a Fleet Chart publishes the chart's new commitments to both logs, so it
        // pushes everyone, below.)
        for square in ["61", "62", "63"] {
            ok(
                &b,
                &format!(
                    r#"{{"tool":"move_unit","player":"b","unit":"Indomitable","at":{{"sea":"Ionian","area":"Ionian A2","square":"{square}"}}}}"#
                ),
            );
        }
        assert_ne!(
            running.host.tables()[0].session(),
            before,
            "the moves were applied"
        );
        // B's own view changed, so B is pushed (the control that pushes still work)…
        let pushed = tokio::time::timeout(Duration::from_secs(5), socket_b.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        assert!(pushed.to_text().unwrap().starts_with("{\"version\":"));
        // …and A and the display, whose views did not change, hear nothing.
        for socket in [&mut socket_a, &mut socket_display] {
            match tokio::time::timeout(Duration::from_millis(500), socket.next()).await {
                Err(_) => {}
                Ok(message) => panic!("a seat whose view did not change was pushed {message:?}"),
            }
        }
        // A public change (B draws: its commitment is in everyone's log) reaches them.
        ok(&b, r#"{"tool":"draw_sdr","player":"b"}"#);
        for (socket, version) in [
            (&mut socket_a, version_a),
            (&mut socket_display, version_display),
        ] {
            let pushed = tokio::time::timeout(Duration::from_secs(5), socket.next())
                .await
                .unwrap()
                .unwrap()
                .unwrap();
            assert_eq!(
                pushed.to_text().unwrap(),
                format!(r#"{{"version":{}}}"#, version + 1),
                "one change since they opened: the draw"
            );
        }
    });
}

// ---- Item 5: every view carrying the whole log -----------------------------------------------------

const ROLL_A: &str = r#"{"tool":"roll_event","player":"a","table":"tactical"}"#;

#[test]
fn a_view_carries_the_last_50_log_entries_and_the_total_and_older_ones_come_paged() {
    use goeben_table_host::limits::{LOG_PAGE_MAX, LOG_RECENT};
    let running = start(1, true, roomy(), 49);
    let (a, display) = (code(&running, 0, 0), code(&running, 0, 2));
    for _ in 0..LOG_RECENT + 30 {
        assert_eq!(post(&running, &a, ROLL_A, None).status, 200);
    }
    let whole = serde_json::to_value(running.host.tables()[0].session().table_view().log).unwrap();
    let whole = whole.as_array().unwrap();
    assert_eq!(whole.len(), LOG_RECENT + 30);
    for (seat, body) in [
        (&a, r#"{"tool":"view","player":"a"}"#),
        (&display, r#"{"tool":"table_view"}"#),
    ] {
        let view = post(&running, seat, body, None).json();
        assert_eq!(view["log_total"], whole.len(), "{body}");
        assert_eq!(
            view["log"].as_array().unwrap()[..],
            whole[30..],
            "{body}: the last {LOG_RECENT}"
        );
    }
    // The pages, put together, are the whole log.
    let mut paged = Vec::new();
    while paged.len() < whole.len() {
        let page = get(
            &running,
            &format!("/api/{a}/log?from={}&limit=25", paged.len()),
        );
        assert_eq!(page.status, 200, "{}", page.body);
        let page = page.json();
        assert_eq!(
            (
                page["tool"].as_str(),
                page["total"].as_u64(),
                page["from"].as_u64()
            ),
            (
                Some("log"),
                Some(whole.len() as u64),
                Some(paged.len() as u64)
            )
        );
        paged.extend(page["log"].as_array().unwrap().iter().cloned());
    }
    assert_eq!(paged[..], whole[..]);
    let capped = get(&running, &format!("/api/{display}/log?limit=100000")).json();
    assert_eq!(
        capped["log"].as_array().unwrap().len(),
        whole.len().min(LOG_PAGE_MAX),
        "the display reads the public log too, capped"
    );
    let beyond = get(
        &running,
        &format!(
            "/api/{a}/log?from={}&limit=18446744073709551615",
            usize::MAX
        ),
    )
    .json();
    assert_eq!(
        beyond["log"].as_array().unwrap().len(),
        0,
        "past the end: an empty page, no overflow"
    );
    for bad in ["from=-1", "limit=x", "page=2"] {
        let reply = get(&running, &format!("/api/{a}/log?{bad}"));
        assert_eq!(
            (reply.status, reply.code().as_str()),
            (400, "malformed"),
            "{bad}"
        );
    }
}

#[test]
fn a_retried_view_keeps_only_its_key_and_views_never_rewrite_the_state_file() {
    use goeben_table_host::store::Store;
    let dir = scratch("attacks-views");
    let path = dir.join("table.json");
    let (table, _) = Table::kept_in(
        Store::new(&path),
        ToolSession::seeded(50),
        tool_seats(false),
        roomy(),
    )
    .unwrap();
    let running =
        Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 1).unwrap();
    let a = code(&running, 0, 0);
    for i in 0..20 {
        assert_eq!(
            post(&running, &a, ROLL_A, Some(&format!("roll-{i}"))).status,
            200
        );
    }
    let written = std::fs::read(&path).unwrap();
    let view = r#"{"tool":"view","player":"a"}"#;
    for i in 0..30 {
        assert_eq!(
            post(&running, &a, view, Some(&format!("view-{i}"))).status,
            200
        );
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        written,
        "30 keyed views wrote nothing"
    );
    // A retry of a view is answered (marked replayed) with the view as it is now; the key stays bound to
    // its body.
    assert_eq!(post(&running, &a, ROLL_A, Some("roll-after")).status, 200);
    let again = post(&running, &a, view, Some("view-29"));
    assert_eq!(
        (again.status, again.header("idempotency-replayed")),
        (200, Some("true"))
    );
    assert_eq!(
        again.json()["log_total"],
        21,
        "the view as it is now, after the 21st roll"
    );
    assert_eq!(
        post(&running, &a, ROLL_A, Some("view-29")).status,
        422,
        "the key is still its view's"
    );
    // A roll's retry still gets its kept answer, not a second roll.
    let first = post(&running, &a, ROLL_A, Some("roll-3"));
    assert_eq!(
        (
            first.header("idempotency-replayed"),
            running.host.tables()[0].session().table_view().log.len()
        ),
        (Some("true"), 21)
    );
    // The file's kept answers hold no view: each seat's are rolls' answers and views' keys alone.
    let file: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    for kept in file["seats"][0]["kept"].as_array().unwrap() {
        let answer = kept["answer"].as_str().unwrap();
        assert!(
            answer.is_empty() || answer.starts_with(r#"{"tool":"event_rolled""#),
            "{answer}"
        );
    }
    drop(running);
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---- Item 6: the state file ------------------------------------------------------------------------

/// A state file of a new table with one drawn chit, written by the host itself; its path.
fn state_file(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    use goeben_table_host::store::Store;
    let dir = scratch(name);
    let path = dir.join("table.json");
    let (table, _) = Table::kept_in(
        Store::new(&path),
        ToolSession::seeded(60),
        tool_seats(false),
        roomy(),
    )
    .unwrap();
    let running =
        Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 1).unwrap();
    assert_eq!(
        post(
            &running,
            &code(&running, 0, 0),
            r#"{"tool":"draw_sdr","player":"a"}"#,
            None
        )
        .status,
        200
    );
    drop(running);
    (dir, path)
}

#[test]
fn a_state_file_that_breaks_the_tools_rules_is_refused_at_start_exit_2_and_left_untouched() {
    let (dir, path) = state_file("attacks-invariants");
    let mut file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    // Valid JSON of the right shape, but the drawn chit no longer matches its commitment (its salt
    // changed by one character).
    let salt = file["session"]["chits"][0]["salt"]
        .as_str()
        .unwrap()
        .to_string();
    let other = if salt.starts_with('0') { '1' } else { '0' };
    file["session"]["chits"][0]["salt"] = format!("{other}{}", &salt[1..]).into();
    let broken = serde_json::to_vec(&file).unwrap();
    std::fs::write(&path, &broken).unwrap();
    let mut host = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--seats",
        "2",
        "--state",
        path.to_str().unwrap(),
    ]);
    assert_eq!(host.exit_code(Duration::from_secs(10)), Some(2));
    let said = host.stderr();
    assert!(
        said.contains("breaks the table tools' rules")
            && said.contains("commitment")
            && said.contains("left untouched"),
        "{said}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), broken, "left as it was");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn the_state_file_is_written_0600_and_a_planted_tmp_link_is_not_followed() {
    use goeben_table_host::store::Store;
    use std::os::unix::fs::PermissionsExt;
    let (dir, path) = state_file("attacks-file");
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600,
        "owner only"
    );
    // FILE.tmp planted as a link to a file elsewhere: the host's next save must not write through it.
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, b"not the table's").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("table.json.tmp")).unwrap();
    let (table, restored) = Table::kept_in(
        Store::new(&path),
        ToolSession::seeded(0),
        tool_seats(false),
        roomy(),
    )
    .unwrap();
    assert!(restored);
    let running =
        Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 1).unwrap();
    assert_eq!(
        post(
            &running,
            &code(&running, 0, 1),
            r#"{"tool":"draw_sdr","player":"b"}"#,
            None
        )
        .status,
        200
    );
    drop(running);
    assert_eq!(
        std::fs::read(&victim).unwrap(),
        b"not the table's",
        "nothing written through the link"
    );
    assert!(
        std::fs::symlink_metadata(dir.join("table.json.tmp")).is_err(),
        "the link is gone, renamed over or removed"
    );
    let saved = Store::new(&path)
        .load()
        .unwrap()
        .expect("the table is in its file");
    assert_eq!(saved.session.chits().len(), 2, "with both draws");
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn open_push_sockets_count_against_their_address_s_connections() {
    let limits = HostLimits {
        connections_per_address: 3,
        ..HostLimits::default()
    };
    let running = start_single(limits, 51);
    let (a, b) = (code(&running, 0, 0), code(&running, 0, 1));
    client(async {
        let mut sockets = vec![
            open(&running, &a).await,
            open(&running, &b).await,
            open(&running, &a).await,
        ];
        // Three sockets open from 127.0.0.1: its next connection is refused, whatever it asks for.
        let reply = try_send(running.addr, "GET", &format!("/api/{b}"), &[], b"");
        assert!(reply.as_ref().is_none_or(|r| r.status == 503), "{reply:?}");
        let mut plain = std::net::TcpStream::connect(running.addr).unwrap();
        plain
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let (sent, _) = until_closed(&mut plain);
        assert!(sent.starts_with("HTTP/1.1 503"), "{sent}");
        // One socket closed: its place comes back.
        sockets.pop().unwrap().close(None).await.unwrap();
        let started = Instant::now();
        loop {
            match try_send(running.addr, "GET", &format!("/api/{b}"), &[], b"") {
                Some(reply) if reply.status == 200 => break,
                _ if started.elapsed() < Duration::from_secs(3) => {
                    tokio::time::sleep(Duration::from_millis(20)).await
                }
                other => panic!("not served again: {other:?}"),
            }
        }
    });
}

#[test]
fn a_connection_stuck_in_its_headers_does_not_hold_the_host_s_stop() {
    let running = start_single(
        HostLimits {
            header_timeout: Duration::from_secs(60),
            ..HostLimits::default()
        },
        52,
    );
    let mut slow = connect_from("127.0.0.1", running.addr);
    unfinished(&mut slow, running.addr);
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    running.stop().unwrap();
    // Nothing was being answered: the stop waits for no one (well under the 5 s drain).
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "stopped in {:?}",
        started.elapsed()
    );
}

// ---- The request head's size -----------------------------------------------------------------------

/// A `POST` of `body` to `/api/{code}` whose head (request line and headers, up to the blank line) is
/// exactly `size` bytes: a `Cookie` header, as a browser's cookies for this address would, makes up the
/// rest.
fn post_with_head_of(addr: std::net::SocketAddr, code: &str, body: &str, size: usize) -> Vec<u8> {
    let start = format!(
        "POST /api/{code} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\nCookie: ",
        body.len()
    );
    let end = "\r\n\r\n";
    let mut request = start.clone();
    request.push_str(&"c".repeat(size - start.len() - end.len()));
    request.push_str(end);
    assert_eq!(request.len(), size);
    request.push_str(body);
    request.into_bytes()
}

/// Sends `request` (as far as the host reads it) and reads until the host closes: its answer, or the
/// error that ended the connection without one.
fn sent_whole(addr: std::net::SocketAddr, request: &[u8]) -> Result<String, std::io::Error> {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    // The host may stop reading a head it refuses: the rest of it may not be written.
    let _ = stream.write_all(request);
    let mut got = Vec::new();
    match stream.read_to_end(&mut got) {
        Err(e) if got.is_empty() => Err(e),
        _ => Ok(String::from_utf8_lossy(&got).into_owned()),
    }
}

#[test]
fn a_request_head_over_8_kib_is_refused_431_and_closed_and_changes_nothing() {
    use goeben_table_host::limits::HEAD_MAX_BYTES;
    let running = start_single(HostLimits::default(), 53);
    let (a, b) = (code(&running, 0, 0), code(&running, 0, 1));
    let draw = r#"{"tool":"draw_sdr","player":"a"}"#;

    // At the limit: served, and applied.
    let before = running.host.tables()[0].session();
    let at = sent_whole(
        running.addr,
        &post_with_head_of(running.addr, &a, draw, HEAD_MAX_BYTES),
    )
    .expect("an answer");
    assert!(at.starts_with("HTTP/1.1 200 "), "{at}");
    assert_ne!(
        running.host.tables()[0].session(),
        before,
        "the draw was made"
    );

    // One byte past it, and far past it (a 500 KB cookie, which hyper's own bound let through in some
    // tries): 431 from hyper, no body, and the connection closed; nothing reached the table. hyper reads
    // no more than 8 KiB of a head, so the rest of a long one is never taken in (the host closes with
    // it unread); the answer, sent first, is still read.
    let before = running.host.tables()[0].session();
    for size in [HEAD_MAX_BYTES + 1, 2 * HEAD_MAX_BYTES, 500_000] {
        for _ in 0..5 {
            let answer = sent_whole(
                running.addr,
                &post_with_head_of(running.addr, &a, draw, size),
            )
            .unwrap_or_else(|e| panic!("a head of {size} bytes is answered: {e}"));
            let lower = answer.to_ascii_lowercase();
            assert!(
                answer.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n")
                    && lower.contains("\r\nconnection: close\r\n")
                    && lower.contains("\r\ncontent-length: 0\r\n")
                    && answer.ends_with("\r\n\r\n"),
                "a head of {size} bytes: {answer}"
            );
        }
    }
    assert_eq!(
        running.host.tables()[0].session(),
        before,
        "no refused request was applied"
    );

    // The host serves on: both seats, and a head at the limit again.
    assert_eq!(
        post(&running, &b, r#"{"tool":"view","player":"b"}"#, None).status,
        200
    );
    let again = sent_whole(
        running.addr,
        &post_with_head_of(
            running.addr,
            &a,
            r#"{"tool":"view","player":"a"}"#,
            HEAD_MAX_BYTES,
        ),
    )
    .expect("an answer");
    assert!(again.starts_with("HTTP/1.1 200 "), "{again}");
}
