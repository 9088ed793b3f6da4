//! The host manages its seats over its standard input, one command a line, each
//! answered with one JSON line: `status` (who is connected), `reissue SEAT` (a new code; the old one
//! answers 401 from then on; kept across a restart with `--state`), `close` (exit 0). An unknown command
//! gets an error line and changes nothing.

use crate::support;

use std::time::Duration;

use serde_json::json;
use support::*;

const DRAW_A: &[u8] = br#"{"tool":"draw_sdr","player":"a"}"#;

#[test]
fn issue_16_status_tells_who_is_connected_and_how_many_requests() {
    let mut host = HostProcess::spawn(&["--listen", "127.0.0.1:0", "--seats", "2", "--display"]);
    let (addr, seats) = announced(&host.line());
    let status = host.command("status");
    assert_eq!(status["command"], "status");
    for (i, name) in ["A", "B", "display"].into_iter().enumerate() {
        assert_eq!(
            status["seats"][i],
            json!({"seat": name, "connected": false, "last_seen_ms_ago": null, "requests": 0}),
            "no one yet"
        );
    }
    assert_eq!(
        send(addr, "GET", &format!("/join/{}", seats[0].1), &[], b"").status,
        200
    );
    for _ in 0..3 {
        assert_eq!(
            send(addr, "POST", &format!("/api/{}", seats[0].1), &[], DRAW_A).status,
            200
        );
    }
    assert_eq!(
        send(addr, "GET", &format!("/api/{}", seats[2].1), &[], b"").status,
        200
    );
    let status = host.command("  status  ");
    let a = &status["seats"][0];
    assert_eq!(
        (&a["seat"], &a["connected"], &a["requests"]),
        (&json!("A"), &json!(true), &json!(3))
    );
    assert!(a["last_seen_ms_ago"].as_u64().unwrap() < 10_000, "{a}");
    assert_eq!(status["seats"][1]["connected"], false, "B never came");
    assert_eq!(
        (
            &status["seats"][2]["connected"],
            &status["seats"][2]["requests"]
        ),
        (&json!(true), &json!(1))
    );
    assert_eq!(host.command("close"), json!({"command": "close"}));
    assert_eq!(host.exit_code(Duration::from_secs(15)), Some(0));
    assert!(
        std::net::TcpStream::connect(addr).is_err(),
        "the table is closed"
    );
}

#[test]
fn issue_16_reissue_gives_a_seat_a_new_code_and_the_old_one_answers_401() {
    let dir = scratch("reissue");
    let state = dir.join("table.json");
    let args = [
        "--listen",
        "127.0.0.1:0",
        "--seats",
        "2",
        "--state",
        state.to_str().unwrap(),
    ];
    let mut host = HostProcess::spawn(&args);
    let (addr, seats) = announced(&host.line());
    let (old_a, b) = (seats[0].1.clone(), seats[1].1.clone());
    assert_eq!(
        send(addr, "POST", &format!("/api/{old_a}"), &[], DRAW_A).status,
        200
    );
    let reissued = host.command("reissue A");
    assert_eq!(
        (&reissued["command"], &reissued["seat"]),
        (&json!("reissue"), &json!("A"))
    );
    let url = reissued["url"].as_str().unwrap();
    let new_a = url
        .strip_prefix(&format!("http://{addr}/join/"))
        .expect("a join URL on the host")
        .to_string();
    assert_eq!(new_a.len(), 32);
    assert_ne!(new_a, old_a);
    for (method, path) in [
        ("POST", format!("/api/{old_a}")),
        ("GET", format!("/api/{old_a}")),
        ("GET", format!("/join/{old_a}")),
    ] {
        assert_eq!(
            send(addr, method, &path, &[], DRAW_A).status,
            401,
            "{method} {path} with the old code"
        );
    }
    assert_eq!(
        send(addr, "GET", &format!("/join/{new_a}"), &[], b"").status,
        200
    );
    let view = send(
        addr,
        "POST",
        &format!("/api/{new_a}"),
        &[],
        br#"{"tool":"view","player":"a"}"#,
    );
    assert_eq!(view.status, 200);
    assert_eq!(
        view.json()["chits"].as_array().unwrap().len(),
        1,
        "the same seat: its chit is still there"
    );
    assert_eq!(
        send(addr, "GET", &format!("/api/{b}"), &[], b"").status,
        200,
        "B's code is untouched"
    );
    // Errors change nothing.
    let unknown = host.command("reissue C");
    assert!(
        unknown["error"].as_str().unwrap().contains("no seat \"C\""),
        "{unknown}"
    );
    assert!(host.command("reissue A B")["error"]
        .as_str()
        .unwrap()
        .contains("no seat \"A B\""));
    for wrong in ["reissue", "open", "STATUS", "\u{fffd}"] {
        let reply = host.command(wrong);
        assert!(
            reply["error"].as_str().unwrap().contains("unknown command"),
            "{wrong}: {reply}"
        );
    }
    assert_eq!(
        send(addr, "GET", &format!("/api/{new_a}"), &[], b"").status,
        200,
        "still the new code"
    );
    drop(host.stdin.take());
    assert_eq!(
        host.exit_code(Duration::from_secs(15)),
        Some(0),
        "the end of the input closes like close"
    );

    // Restarted on the same file: the new code, not the old one.
    let mut again = HostProcess::spawn(&args);
    let first = again.line();
    assert_eq!(first["restored"], true);
    let (addr, seats) = announced(&first);
    assert_eq!(
        (seats[0].1.as_str(), seats[1].1.as_str()),
        (new_a.as_str(), b.as_str())
    );
    assert_eq!(
        send(addr, "GET", &format!("/api/{old_a}"), &[], b"").status,
        401
    );
    assert_eq!(again.command("close")["command"], "close");
    assert_eq!(again.exit_code(Duration::from_secs(15)), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}
