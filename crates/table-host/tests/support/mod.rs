//! Issue #16: what the table host's tests share — a host started on loopback, and a small blocking HTTP/1.1
//! client (one connection per request, `Connection: close`), so every test speaks real HTTP to it.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use goeben_table_host::limits::Limits;
use goeben_table_host::seats::tool_seats;
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use goeben_table_tools::{TableView, ToolSession};
use serde_json::Value;

/// One HTTP answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// The `code` of a refusal.
    pub fn code(&self) -> String {
        self.json()["code"].as_str().unwrap_or_default().to_string()
    }
}

/// Sends one request and reads the whole answer. `body` goes with its `Content-Length` unless a
/// `Transfer-Encoding` header is given.
pub fn send(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("the host accepts");
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    stream.set_write_timeout(Some(Duration::from_secs(20))).unwrap();
    stream.set_nodelay(true).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("transfer-encoding")) {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut message = head.into_bytes();
    message.extend_from_slice(body);
    // The host may answer (413) before reading a body it refuses; what it says is still read below.
    let _ = stream.write_all(&message);
    read_reply(&mut stream)
}

/// Reads an answer to the end of the connection.
pub fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    if let Err(e) = stream.read_to_end(&mut raw) {
        assert!(!raw.is_empty(), "no answer: {e}");
    }
    let text = String::from_utf8(raw).expect("UTF-8 answers");
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("an HTTP answer: {text:?}"));
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).expect("a status line");
    let headers = lines.filter_map(|l| l.split_once(':')).map(|(n, v)| (n.trim().to_string(), v.trim().to_string())).collect();
    Reply { status, headers, body: body.to_string() }
}

/// A host of `tables` tables of the table tools (seeds `seed`, `seed + 1`, …), two players' seats each
/// and the display's when asked for, on 127.0.0.1 at a free port.
pub fn start(tables: usize, display: bool, limits: Limits, seed: u64) -> Running {
    let tables = (0..tables).map(|t| Table::new(ToolSession::new(seed + t as u64), tool_seats(display), limits)).collect();
    Running::start("127.0.0.1:0".parse().unwrap(), Host::new(tables), 2).expect("the host starts")
}

/// Limits that never get in the way of a test about something else.
pub fn roomy() -> Limits {
    Limits { per_second: 1e9, burst: 1e9, ..Limits::default() }
}

/// The code of seat `seat` (0 = A, 1 = B, 2 = display) of table `table`.
pub fn code(running: &Running, table: usize, seat: usize) -> String {
    running.host.tables()[table].seats()[seat].code().as_str().to_string()
}

/// `POST /api/{code}` with `body`, and an `Idempotency-Key` when given.
pub fn post(running: &Running, code: &str, body: &str, key: Option<&str>) -> Reply {
    let headers: Vec<(&str, &str)> = key.map(|k| ("Idempotency-Key", k)).into_iter().collect();
    send(running.addr, "POST", &format!("/api/{code}"), &headers, body.as_bytes())
}

pub fn get(running: &Running, path: &str) -> Reply {
    send(running.addr, "GET", path, &[], b"")
}

/// The public table view of table `table`, straight from the host's session (not over HTTP).
pub fn table_view(running: &Running, table: usize) -> TableView {
    running.host.tables()[table].session().table_view()
}
