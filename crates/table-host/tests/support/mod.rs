//! What the table host's tests share — a host started on loopback, and a small blocking HTTP/1.1
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
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
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
pub fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("the host accepts");
    exchange(&mut stream, addr, method, path, headers, body)
}

/// [`send`] to a host that may be gone (killed, restarting): `None` when the connection fails or the
/// answer does not arrive whole.
pub fn try_send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Option<Reply> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .ok()?;
    let _ = stream.write_all(&request(addr, method, path, headers, body));
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let reply = parse_reply(raw)?;
    let whole = reply
        .header("content-length")
        .and_then(|n| n.parse::<usize>().ok())
        .is_some_and(|n| n == reply.body.len());
    whole.then_some(reply)
}

fn exchange(
    stream: &mut TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.set_nodelay(true).unwrap();
    // The host may answer (413) before reading a body it refuses; what it says is still read below.
    let _ = stream.write_all(&request(addr, method, path, headers, body));
    read_reply(stream)
}

/// The bytes of one request.
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Vec<u8> {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if !headers
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("transfer-encoding"))
    {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut message = head.into_bytes();
    message.extend_from_slice(body);
    message
}

/// Reads an answer to the end of the connection.
pub fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    if let Err(e) = stream.read_to_end(&mut raw) {
        assert!(!raw.is_empty(), "no answer: {e}");
    }
    let text = String::from_utf8_lossy(&raw).into_owned();
    parse_reply(raw).unwrap_or_else(|| panic!("an HTTP answer: {text:?}"))
}

/// An answer read whole (status line, headers, body), or `None`.
fn parse_reply(raw: Vec<u8>) -> Option<Reply> {
    let text = String::from_utf8(raw).ok()?;
    let (head, body) = text.split_once("\r\n\r\n")?;
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    Some(Reply {
        status,
        headers,
        body: body.to_string(),
    })
}

/// A host of `tables` tables of the table tools (seeds `seed`, `seed + 1`, …), two players' seats each
/// and the display's when asked for, on 127.0.0.1 at a free port.
pub fn start(tables: usize, display: bool, limits: Limits, seed: u64) -> Running {
    let tables = (0..tables)
        .map(|t| {
            Table::new(
                ToolSession::seeded(seed + t as u64),
                tool_seats(display),
                limits,
            )
        })
        .collect();
    Running::start("127.0.0.1:0".parse().unwrap(), Host::new(tables), 2).expect("the host starts")
}

/// Limits that never get in the way of a test about something else.
pub fn roomy() -> Limits {
    Limits {
        per_second: 1e9,
        burst: 1e9,
        ..Limits::default()
    }
}

/// The code of seat `seat` (0 = A, 1 = B, 2 = display) of table `table`.
pub fn code(running: &Running, table: usize, seat: usize) -> String {
    running.host.tables()[table].seats()[seat]
        .code()
        .as_str()
        .to_string()
}

/// `POST /api/{code}` with `body`, and an `Idempotency-Key` when given.
pub fn post(running: &Running, code: &str, body: &str, key: Option<&str>) -> Reply {
    let headers: Vec<(&str, &str)> = key.map(|k| ("Idempotency-Key", k)).into_iter().collect();
    send(
        running.addr,
        "POST",
        &format!("/api/{code}"),
        &headers,
        body.as_bytes(),
    )
}

pub fn get(running: &Running, path: &str) -> Reply {
    send(running.addr, "GET", path, &[], b"")
}

/// The public table view of table `table`, straight from the host's session (not over HTTP).
pub fn table_view(running: &Running, table: usize) -> TableView {
    running.host.tables()[table].session().table_view()
}

/// A `table_host` process: its input (the host's commands) and its output read line by line.
pub struct HostProcess {
    pub child: std::process::Child,
    pub stdin: Option<std::process::ChildStdin>,
    pub stdout: std::io::BufReader<std::process::ChildStdout>,
}

impl HostProcess {
    pub fn spawn(args: &[&str]) -> HostProcess {
        use std::process::{Command, Stdio};
        let mut child = Command::new(env!("CARGO_BIN_EXE_table_host"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("table_host starts");
        let stdin = child.stdin.take();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        HostProcess {
            child,
            stdin,
            stdout,
        }
    }

    /// The next line on its output, as JSON.
    pub fn line(&mut self) -> Value {
        use std::io::BufRead;
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("a JSON line ({e}): {line:?}"))
    }

    /// Sends one command line and reads its one answer.
    pub fn command(&mut self, command: &str) -> Value {
        let stdin = self.stdin.as_mut().expect("the input is open");
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
        self.line()
    }

    /// Waits for the process to end (at most `limit`), killing it if it does not.
    pub fn exit_code(&mut self, limit: Duration) -> Option<i32> {
        let start = std::time::Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.child.kill().ok();
        self.child.wait().ok();
        panic!("table_host did not exit within {limit:?}");
    }

    pub fn stderr(&mut self) -> String {
        let mut text = String::new();
        self.child
            .stderr
            .as_mut()
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        text
    }
}

impl Drop for HostProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Each seat's name and code from a first line, and the address.
pub fn announced(first: &Value) -> (SocketAddr, Vec<(String, String)>) {
    let listen = first["listen"].as_str().unwrap();
    let seats = first["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["seat"].as_str().unwrap().to_string(),
                s["url"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
            )
        })
        .collect();
    (listen.parse().unwrap(), seats)
}

/// A fresh directory for one test's files.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("goeben-table-host-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What a seat is sent for `response` (docs/TABLE-MODE.md): a view or table view carries the
/// last [`goeben_table_host::limits::LOG_RECENT`] log entries and the log's length as `log_total`, last;
/// every other answer as the tools give it. Written here from the contract, not with the host's code.
pub fn as_sent(response: &goeben_table_tools::ToolResponse) -> String {
    let mut value = serde_json::to_value(response).unwrap();
    let Some(log) = value.get_mut("log").and_then(Value::as_array_mut) else {
        return serde_json::to_string(response).unwrap();
    };
    let total = log.len();
    log.drain(..total.saturating_sub(goeben_table_host::limits::LOG_RECENT));
    // `serde_json::Value` would reorder the keys: the tools' own text with only the log cut, then the count.
    let recent = serde_json::to_string(&log).unwrap();
    let whole = serde_json::to_string(response).unwrap();
    let full_log = serde_json::to_string(&serde_json::to_value(response).unwrap()["log"]).unwrap();
    let cut = whole.replacen(
        &format!("\"log\":{full_log}"),
        &format!("\"log\":{recent}"),
        1,
    );
    format!("{},\"log_total\":{total}}}", &cut[..cut.len() - 1])
}
