//! The `table_host` binary: its first line is one JSON object with each seat's
//! join URL on the real bound port; the URLs answer; closing its input ends it with exit code 0, even with
//! a guest's connection still open; bad arguments are refused with the usage.

use crate::support;

use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::send;

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_table_host"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("table_host starts")
}

/// Waits for the process to end (at most `limit`), killing it if it does not.
fn exit_code(child: &mut Child, limit: Duration) -> Option<i32> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().ok();
    child.wait().ok();
    panic!("table_host did not exit within {limit:?}");
}

fn first_line(child: &mut Child) -> Value {
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("the first line is JSON ({e}): {line:?}"))
}

/// The path of a URL on the host (`http://ADDR/join/…` to `/join/…`), checking its address.
fn path_of<'a>(url: &'a str, listen: &str) -> &'a str {
    url.strip_prefix(&format!("http://{listen}"))
        .unwrap_or_else(|| panic!("{url} is on {listen}"))
}

#[test]
fn issue_16_table_host_prints_the_seats_serves_and_exits_0_when_its_input_closes() {
    let mut child = spawn(&["--listen", "127.0.0.1:0", "--seats", "2", "--display"]);
    let announced = first_line(&mut child);
    let listen = announced["listen"].as_str().unwrap().to_string();
    let addr: SocketAddr = listen.parse().unwrap();
    assert_ne!(addr.port(), 0, "the real bound port");
    let seats = announced["seats"].as_array().unwrap();
    let names: Vec<&str> = seats.iter().map(|s| s["seat"].as_str().unwrap()).collect();
    assert_eq!(names, ["A", "B", "display"]);
    let mut codes = Vec::new();
    for seat in seats {
        let path = path_of(seat["url"].as_str().unwrap(), &listen);
        let code = path.strip_prefix("/join/").expect("a join URL");
        assert_eq!(code.len(), 32, "128 bits as hex");
        assert!(code.bytes().all(|b| b.is_ascii_hexdigit()));
        codes.push(code.to_string());
        let page = send(addr, "GET", path, &[], b"");
        assert_eq!(page.status, 200);
        assert!(page
            .header("content-security-policy")
            .unwrap()
            .starts_with("default-src 'none'"));
    }
    let drawn = send(
        addr,
        "POST",
        &format!("/api/{}", codes[0]),
        &[],
        br#"{"tool":"draw_sdr","player":"a"}"#,
    );
    assert_eq!(
        (drawn.status, drawn.json()["tool"].as_str()),
        (200, Some("sdr_drawn"))
    );
    let refused = send(
        addr,
        "POST",
        &format!("/api/{}", codes[1]),
        &[],
        br#"{"tool":"view","player":"a"}"#,
    );
    assert_eq!(refused.status, 403);
    // A guest's connection left open (a phone gone to sleep mid-page) does not keep the host up.
    let idle = TcpStream::connect(addr).unwrap();
    drop(child.stdin.take());
    assert_eq!(exit_code(&mut child, Duration::from_secs(15)), Some(0));
    drop(idle);
    assert!(TcpStream::connect(addr).is_err(), "the table is closed");
}

#[test]
fn issue_16_table_host_refuses_bad_arguments_with_the_usage() {
    for args in [
        &["--seats", "2"][..],
        &["--listen", "127.0.0.1:0", "--seats", "3"],
        &["--listen", "0.0.0.0:0", "--seats", "2"],
        &["--listen", "127.0.0.1:0"],
    ] {
        let mut child = spawn(args);
        assert_eq!(
            exit_code(&mut child, Duration::from_secs(10)),
            Some(2),
            "{args:?}"
        );
        let mut stderr = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
        assert!(
            stderr.contains("usage: table_host --listen ADDR --seats 2"),
            "{stderr}"
        );
        let mut stdout = String::new();
        std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut stdout).unwrap();
        assert!(stdout.is_empty(), "no seat is announced: {stdout}");
    }
}
