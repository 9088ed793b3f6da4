//! The HTTP contract of the headless host, over real HTTP on loopback: the join
//! page and its CSP; one request per POST answered for that seat only; an unknown code, an oversized or
//! malformed body, a request for the other player, a replayed request — each refused or answered as
//! docs/TABLE-MODE.md says, and each refusal changing nothing (the session, and its public table view,
//! compared before and after).

use crate::support;

use std::io::Write;
use std::time::Duration;

use goeben_table_host::limits::{Limits, BODY_MAX_BYTES};
use support::*;

const DRAW_A: &str = r#"{"tool":"draw_sdr","player":"a"}"#;
const DRAW_B: &str = r#"{"tool":"draw_sdr","player":"b"}"#;

/// Runs `refused` and checks that the table's session, and so its public table view, did not change.
fn unchanged<T>(running: &goeben_table_host::Running, refused: impl FnOnce() -> T) -> T {
    let (before, view_before) = (running.host.tables()[0].session(), table_view(running, 0));
    let out = refused();
    assert_eq!(
        table_view(running, 0),
        view_before,
        "the public table view changed"
    );
    assert_eq!(
        running.host.tables()[0].session(),
        before,
        "the session changed"
    );
    out
}

#[test]
fn issue_16_the_join_page_answers_200_with_a_strict_csp() {
    let host = start(1, true, roomy(), 1);
    for seat in 0..3 {
        let page = get(&host, &format!("/join/{}", code(&host, 0, seat)));
        assert_eq!(page.status, 200);
        assert!(page
            .header("content-type")
            .unwrap()
            .starts_with("text/html"));
        let csp = page
            .header("content-security-policy")
            .expect("a CSP header");
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "connect-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        ] {
            assert!(csp.contains(directive), "{directive} in {csp}");
        }
        assert!(!csp.contains("unsafe"), "{csp}");
        assert_eq!(
            page.header("referrer-policy"),
            Some("no-referrer"),
            "the code in the URL never leaves as a referrer"
        );
        assert_eq!(page.header("cache-control"), Some("no-store"));
        assert!(
            !page.body.contains("http://") && !page.body.contains("https://"),
            "nothing remote"
        );
        assert!(
            !page.body.contains("<script>") && !page.body.contains("<style"),
            "no inline script or style"
        );
    }
    // The built Svelte page (`npm run guest:build`): its script and style are served from /assets with
    // their types and the same headers; without the build, the page says how to build it.
    let page = get(&host, &format!("/join/{}", code(&host, 0, 0))).body;
    if std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../ui/dist-guest/guest.html"
    ))
    .exists()
    {
        let files: Vec<&str> = page
            .split('"')
            .filter(|part| part.starts_with("/assets/"))
            .collect();
        assert!(
            files.iter().any(|f| f.ends_with(".js")),
            "the page's script under /assets: {page}"
        );
        for file in files {
            let reply = get(&host, file);
            assert_eq!(reply.status, 200, "{file}");
            let expected = if file.ends_with(".js") {
                "text/javascript; charset=utf-8"
            } else {
                "text/css; charset=utf-8"
            };
            assert_eq!(reply.header("content-type"), Some(expected), "{file}");
            assert!(reply
                .header("content-security-policy")
                .is_some_and(|csp| csp.starts_with("default-src 'none'")));
            assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        }
        // The icon is binary: its head read raw.
        let mut stream = std::net::TcpStream::connect(host.addr).unwrap();
        write!(
            stream,
            "GET /favicon.png HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            host.addr
        )
        .unwrap();
        let mut raw = Vec::new();
        std::io::Read::read_to_end(&mut stream, &mut raw).unwrap();
        let head = String::from_utf8_lossy(
            &raw[..raw
                .windows(4)
                .position(|w| w == b"\r\n\r\n")
                .expect("a head")],
        )
        .to_lowercase();
        assert!(
            head.starts_with("http/1.1 200")
                && head.contains("content-type: image/png")
                && head.contains("content-security-policy"),
            "{head}"
        );
    } else {
        assert!(page.contains("npm run guest:build"), "{page}");
    }
    for missing in [
        "/assets/nothing.js",
        "/assets/..%2F..%2FCargo.toml",
        "/assets/..%2Fguest.html",
        "/assets/%2E%2E%2F%2E%2E%2F%2E%2E%2FCargo.toml",
        "/guest.js",
        "/guest.css",
        "/guest.html",
        "/assets/",
    ] {
        let reply = get(&host, missing);
        assert_eq!(
            (reply.status, reply.code()),
            (404, "not_found".to_string()),
            "{missing}"
        );
        assert!(reply.header("content-security-policy").is_some());
    }
    assert_eq!(
        get(&host, &format!("/join/{}", "0".repeat(32))).status,
        401,
        "a code no seat has"
    );
    assert_eq!(get(&host, "/join/").status, 404);
    assert_eq!(get(&host, "/").status, 404);
}

#[test]
fn issue_16_each_seat_gets_its_own_answers() {
    let host = start(1, true, roomy(), 2);
    let (a, b, display) = (code(&host, 0, 0), code(&host, 0, 1), code(&host, 0, 2));
    assert_eq!(
        get(&host, &format!("/api/{a}")).json(),
        serde_json::json!({"seat": "A", "player": "a"})
    );
    assert_eq!(
        get(&host, &format!("/api/{display}")).json(),
        serde_json::json!({"seat": "display", "player": null})
    );
    let drawn = post(&host, &a, DRAW_A, None);
    assert_eq!(drawn.status, 200);
    assert_eq!(drawn.header("content-type"), Some("application/json"));
    let value = drawn.json()["chit"]["face"]["value"]
        .as_u64()
        .expect("A sees the value of A's own chit");
    assert_eq!(
        value,
        host.host.tables()[0].session().chits()[0].value as u64
    );
    let view_b = post(&host, &b, r#"{"tool":"view","player":"b"}"#, None);
    assert_eq!(view_b.status, 200);
    assert_eq!(
        view_b.json()["chits"][0]["face"],
        serde_json::json!({"shown": "hidden"}),
        "B sees A's chit face down"
    );
    let table = post(&host, &display, r#"{"tool":"table_view"}"#, None);
    assert_eq!(
        (table.status, table.json()["tool"].as_str()),
        (200, Some("table_view"))
    );
    assert_eq!(
        table.json()["chits"][0]["face"],
        serde_json::json!({"shown": "hidden"})
    );
    let salt = host.host.tables()[0].session().chits()[0].salt.clone();
    for reply in [&view_b, &table] {
        assert!(
            !reply.body.contains(salt.as_str()),
            "A's salt reaches another seat"
        );
    }
    // A refusal of the rules is the referee's answer: 200, in the tools' error shape.
    let refused = post(
        &host,
        &b,
        r#"{"tool":"reveal_sdr","player":"b","chit":1}"#,
        None,
    );
    assert_eq!(
        (refused.status, refused.code()),
        (200, "not_your_chit".to_string())
    );
}

#[test]
fn issue_16_an_unknown_seat_code_is_refused_and_changes_nothing() {
    let host = start(1, true, roomy(), 3);
    let a = code(&host, 0, 0);
    let near = format!("{}{}", &a[..31], if a.ends_with('0') { '1' } else { '0' });
    for wrong in [
        near.as_str(),
        &a[..31],
        &format!("{a}0"),
        &a.to_uppercase(),
        "0",
        "..%2F..%2Fetc",
    ] {
        let reply = unchanged(&host, || post(&host, wrong, DRAW_A, None));
        assert_eq!(
            (reply.status, reply.code()),
            (401, "unknown_seat".to_string()),
            "{wrong}"
        );
        assert_eq!(get(&host, &format!("/api/{wrong}")).status, 401);
        assert!(
            !reply.body.contains(&a),
            "a refusal never names a real code"
        );
    }
}

#[test]
fn issue_16_a_body_over_the_limit_answers_413_and_changes_nothing() {
    let host = start(1, false, roomy(), 4);
    let a = code(&host, 0, 0);
    // Exactly at the limit: accepted (spaces are JSON whitespace).
    let at_limit = format!("{DRAW_A:<width$}", width = BODY_MAX_BYTES);
    assert_eq!(at_limit.len(), BODY_MAX_BYTES);
    assert_eq!(post(&host, &a, &at_limit, None).status, 200);
    // One byte over, with its Content-Length: refused before it is read.
    let over = format!("{DRAW_A:<width$}", width = BODY_MAX_BYTES + 1);
    let reply = unchanged(&host, || post(&host, &a, &over, None));
    assert_eq!((reply.status, reply.code()), (413, "too_large".to_string()));
    // Over, in chunks with no length declared: refused as it arrives.
    let chunked = format!("{:x}\r\n{over}\r\n0\r\n\r\n", over.len());
    let reply = unchanged(&host, || {
        send(
            host.addr,
            "POST",
            &format!("/api/{a}"),
            &[("Transfer-Encoding", "chunked")],
            chunked.as_bytes(),
        )
    });
    assert_eq!((reply.status, reply.code()), (413, "too_large".to_string()));
}

#[test]
fn issue_16_a_malformed_body_answers_400_and_changes_nothing() {
    let host = start(1, false, roomy(), 5);
    let a = code(&host, 0, 0);
    for (body, code) in [
        (&b"nope"[..], "malformed"),
        (b"", "malformed"),
        (b"[]", "malformed"),
        (br#"{"tool":"teleport"}"#, "unknown_tool"),
        (
            br#"{"tool":"draw_sdr","player":"a","lable":"x"}"#,
            "malformed",
        ),
        (br#"{"tool":"draw_sdr","player":"c"}"#, "malformed"),
        (
            br#"{"tool":"draw_sdr","player":"a"}{"tool":"draw_sdr","player":"a"}"#,
            "malformed",
        ),
        (
            b"{\"tool\":\"draw_sdr\",\"player\":\"a\",\"label\":\"\xff\"}",
            "malformed",
        ),
    ] {
        let reply = unchanged(&host, || {
            send(host.addr, "POST", &format!("/api/{a}"), &[], body)
        });
        assert_eq!(reply.status, 400, "{}", String::from_utf8_lossy(body));
        assert_eq!(reply.json()["tool"], "error");
        assert_eq!(reply.code(), code, "{}", reply.body);
        assert!(!reply.json()["message"].as_str().unwrap().is_empty());
    }
}

#[test]
fn issue_16_acting_for_the_other_player_is_refused_and_changes_nothing() {
    let host = start(1, true, roomy(), 6);
    let (a, b, display) = (code(&host, 0, 0), code(&host, 0, 1), code(&host, 0, 2));
    assert_eq!(post(&host, &b, DRAW_B, None).status, 200);
    for (seat, body) in [
        (&a, DRAW_B),
        (&a, r#"{"tool":"view","player":"b"}"#),
        (&a, r#"{"tool":"reveal_sdr","player":"b","chit":1}"#),
        (
            &b,
            r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#,
        ),
    ] {
        let reply = unchanged(&host, || post(&host, seat, body, None));
        assert_eq!(
            (reply.status, reply.code()),
            (403, "not_your_seat".to_string()),
            "{body}"
        );
        assert!(reply.json()["message"]
            .as_str()
            .unwrap()
            .contains("cannot act as player"));
    }
    for body in [
        DRAW_A,
        r#"{"tool":"view","player":"a"}"#,
        r#"{"tool":"fuel_use","zones_moved":1}"#,
    ] {
        let reply = unchanged(&host, || post(&host, &display, body, None));
        assert_eq!(
            (reply.status, reply.code()),
            (403, "display_only".to_string()),
            "{body}"
        );
    }
    // What any player may do: a chart, a calculator, starting the search turn.
    assert_eq!(
        post(
            &host,
            &a,
            r#"{"tool":"victory_conditions","side":"german","sdr":3}"#,
            None
        )
        .status,
        200
    );
    assert_eq!(
        post(&host, &a, r#"{"tool":"start_turn","british":"b"}"#, None).status,
        200
    );
}

#[test]
fn issue_16_a_retried_request_is_applied_once() {
    let host = start(1, false, roomy(), 7);
    let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
    let first = post(&host, &a, DRAW_A, Some("draw-1"));
    assert_eq!(
        (first.status, first.header("idempotency-replayed")),
        (200, None)
    );
    let again = post(&host, &a, DRAW_A, Some("draw-1"));
    assert_eq!(
        (again.status, again.header("idempotency-replayed")),
        (200, Some("true"))
    );
    assert_eq!(again.body, first.body, "the same answer");
    assert_eq!(
        host.host.tables()[0].session().chits().len(),
        1,
        "applied once"
    );
    // The same key for another request: refused, nothing changed.
    let reused = unchanged(&host, || {
        post(
            &host,
            &a,
            r#"{"tool":"draw_sdr","player":"a","label":"x"}"#,
            Some("draw-1"),
        )
    });
    assert_eq!(
        (reused.status, reused.code()),
        (422, "idempotency_key_reused".to_string())
    );
    // Keys are per seat; a new key is a new request.
    assert_eq!(
        post(&host, &b, DRAW_B, Some("draw-1")).header("idempotency-replayed"),
        None
    );
    assert_eq!(
        post(&host, &a, DRAW_A, Some("draw-2")).header("idempotency-replayed"),
        None
    );
    assert_eq!(host.host.tables()[0].session().chits().len(), 3);
    for bad in ["", &"k".repeat(65), "a b"] {
        let reply = unchanged(&host, || post(&host, &a, DRAW_A, Some(bad)));
        assert_eq!(
            (reply.status, reply.code()),
            (400, "bad_idempotency_key".to_string()),
            "{bad:?}"
        );
    }
    // Without a key, a request sent twice is two requests.
    post(&host, &a, DRAW_A, None);
    post(&host, &a, DRAW_A, None);
    assert_eq!(host.host.tables()[0].session().chits().len(), 5);
}

#[test]
fn issue_16_a_seat_over_its_rate_answers_429_and_changes_nothing() {
    let limits = Limits {
        per_second: 0.5,
        burst: 5.0,
        ..Limits::default()
    };
    let host = start(1, false, limits, 8);
    let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
    let roll = r#"{"tool":"roll_event","player":"a","table":"tactical"}"#;
    let statuses: Vec<u16> = (0..8).map(|_| post(&host, &a, roll, None).status).collect();
    assert_eq!(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
    let limited = unchanged(&host, || post(&host, &a, roll, None));
    assert_eq!(
        (limited.status, limited.code()),
        (429, "rate_limited".to_string())
    );
    assert!(
        limited
            .header("retry-after")
            .unwrap()
            .parse::<u64>()
            .unwrap()
            >= 1
    );
    assert_eq!(
        host.host.tables()[0].session().table_view().log.len(),
        5,
        "the refused requests were not applied"
    );
    assert_eq!(
        post(&host, &b, r#"{"tool":"view","player":"b"}"#, None).status,
        200,
        "each seat has its own bucket"
    );
}

#[test]
fn issue_16_a_body_that_never_arrives_times_out_and_changes_nothing() {
    let limits = Limits {
        body_timeout: Duration::from_millis(300),
        ..roomy()
    };
    let host = start(1, false, limits, 9);
    let a = code(&host, 0, 0);
    let reply = unchanged(&host, || {
        let mut stream = std::net::TcpStream::connect(host.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        // Its own address as `Host`: another name is refused before the body is waited for.
        write!(stream, "POST /api/{a} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: 100\r\n\r\n{{\"tool\"", host.addr).unwrap();
        read_reply(&mut stream)
    });
    assert_eq!(
        (reply.status, reply.code()),
        (408, "body_timeout".to_string())
    );
}

#[test]
fn issue_16_the_core_and_the_tools_never_depend_on_the_host() {
    // The floors of the workspace: the host sits above the table tools and the core (game tables);
    // nothing below names it, and it never names Tauri.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dependencies = |manifest: &str| {
        let text = std::fs::read_to_string(root.join(manifest)).unwrap();
        text.split("\n[")
            .filter(|section| section.contains("dependencies]"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for manifest in [
        "Cargo.toml",
        "crates/common/Cargo.toml",
        "crates/table-tools/Cargo.toml",
    ] {
        assert!(
            !dependencies(manifest).contains("table-host"),
            "{manifest} depends on the table host"
        );
    }
    let own = dependencies("crates/table-host/Cargo.toml");
    assert!(!own.contains("tauri"), "{own}");
}

#[test]
fn issue_16_no_answer_carries_a_seat_code() {
    let host = start(1, true, roomy(), 10);
    let codes: Vec<String> = (0..3).map(|s| code(&host, 0, s)).collect();
    let mut replies = vec![
        post(&host, &codes[0], DRAW_A, None),
        post(&host, &codes[1], r#"{"tool":"view","player":"b"}"#, None),
    ];
    replies.push(post(&host, &codes[2], r#"{"tool":"table_view"}"#, None));
    replies.push(get(&host, &format!("/join/{}", codes[0])));
    for reply in &replies {
        for code in &codes {
            assert!(!reply.body.contains(code.as_str()));
        }
    }
}
