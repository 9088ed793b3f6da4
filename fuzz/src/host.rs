//! What a stranger on the table's Wi-Fi can send the table host: raw HTTP/1 bytes —
//! request lines, heads, bodies, pipelined requests, upgrades — and WebSocket frames on a seat's push
//! socket, to a real host (`crates/table-host`) served on loopback, one thread as in the app. Used by the
//! `host_http` fuzz target and, through `#[path]`, by `crates/table-host/tests/fuzz_corpus.rs`. Names no
//! `crate::`.
//!
//! An input is up to [`PARTS_MAX`] parts separated by [`PART`], each sent on its own connection, in order,
//! to one host made for the input (so a crash reproduces from the input alone):
//!
//! - a part starting `WS {S}\n`: a proper WebSocket handshake on seat `{S}`'s push socket, then the rest of
//!   the part as raw bytes (frames, malformed or not: a client's frames must be masked);
//! - a part starting `WSF {S}\n`: the same handshake, then the rest read as frames the harness masks:
//!   `[first byte: FIN/RSV/opcode][length: u16 LE][payload]`, repeated (so the fuzzer reaches the host's
//!   message handling without having to learn masking);
//! - any other part: raw bytes written as they are.
//!
//! Before sending, `{HOST}` becomes the host's `127.0.0.1:PORT` and `{A}` `{B}` `{D}` (the tools table's
//! seats A, B and display), `{C}` `{F}` `{E}` `{G}` (the game table's Commander, First Officer, Engineer and
//! display) and `{X}` (a well-formed code no seat has) become seat codes, which are random per host: the
//! corpus can then hold requests that reach the routes behind the seat check.
//!
//! Asserted: no panic (libFuzzer aborts on any, in any thread, even one the host would catch), no answer
//! 500 or above in anything the host writes back (every status line of every answer, pipelined ones
//! included), every connection closed by the host once the client has finished sending (no hang), and
//! afterwards the table still answers: seat A's info and `table_view`, and the game's `view` for the
//! Commander, each 200.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::Duration;

use goeben_referee::ground::state::Roles;
use goeben_table_host::limits::{HostLimits, Limits};
use goeben_table_host::seats::tool_seats;
use goeben_table_host::table::Table;
use goeben_table_host::{game, Host, Running};
use goeben_table_tools::ToolSession;

/// What separates the parts of an input.
pub const PART: &[u8] = b"\n~~~\n";

/// Most parts (connections) one input makes; the rest is ignored.
pub const PARTS_MAX: usize = 8;

/// How long the harness waits for the host to finish a connection the client has stopped sending on. The
/// host's own header and body timeouts are shorter (below); anything near this is a hang.
const READ_WITHIN: Duration = Duration::from_secs(8);

/// The fuzz host's header and body timeouts. Every part ends with the client's EOF, which ends the
/// connection at once, so these are never waited for in a healthy run; they are not shorter because a
/// starved fuzzer (nice 19 on two shared cores) would otherwise see its own well-formed liveness request
/// timed out before the host read it (a first run reported exactly that, and it did not reproduce).
const HOST_TIMEOUT: Duration = Duration::from_secs(4);

/// A host of one tools table (seats A, B, display) and one game table (25.0 (1) Task Force Officers and a
/// display) on 127.0.0.1, one thread. Its limits are the app's except those that would only slow the
/// fuzzer without guarding anything it checks: no rate limit on a seat (a flood is tests/host_attacks.rs's
/// business; here the liveness check must not be refused 429), no delay on a wrong code, 4-second header
/// and body timeouts ([`HOST_TIMEOUT`]).
pub fn start() -> Running {
    // A Rust program's runtime ignores SIGPIPE before `main` (table_host, the app and the test harness
    // all are): a write to a connection the guest reset is an error, not the end of the process.
    // libFuzzer's `main` is C++, so its process would die silently on the host's first such write.
    #[cfg(fuzzing)]
    {
        static IGNORE_SIGPIPE: std::sync::Once = std::sync::Once::new();
        // SAFETY: setting a signal's disposition to SIG_IGN runs no handler code.
        IGNORE_SIGPIPE.call_once(|| unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        });
    }
    let limits = Limits {
        per_second: 1e9,
        burst: 1e9,
        body_timeout: HOST_TIMEOUT,
        ..Limits::default()
    };
    let tools = Table::new(ToolSession::seeded(18), tool_seats(true), limits);
    let roles = Roles::TaskForceOfficers;
    let session = game::new_game(roles, 7);
    let seats = game::game_seats(session.pack(), roles, true);
    let game = Table::game(session, roles, seats, limits);
    let host_limits = HostLimits {
        header_timeout: HOST_TIMEOUT,
        wrong_code_delay: Duration::ZERO,
        ..HostLimits::default()
    };
    Running::start_current_thread(
        "127.0.0.1:0".parse().expect("an address"),
        Host::with_limits(vec![tools, game], host_limits),
    )
    .expect("the host starts on loopback")
}

/// `host_http`: the parts of `data` against a new host, then the checks (module docs).
pub fn host_http(data: &[u8]) {
    let running = start();
    let codes = Codes::of(&running);
    for part in split(data).into_iter().take(PARTS_MAX) {
        let part = codes.fill(part);
        let (raw, wrote) = if let Some((seat, rest)) = socket_part(&part, b"WS ") {
            exchange(running.addr, &handshake(&seat, running.addr), rest)
        } else if let Some((seat, rest)) = socket_part(&part, b"WSF ") {
            exchange(running.addr, &handshake(&seat, running.addr), &frames(rest))
        } else {
            exchange(running.addr, &part, &[])
        };
        for status in statuses(&raw) {
            assert!(
                status < 500,
                "the host answered {status} to:\n{}\nit wrote:\n{}",
                show(&wrote),
                show(&raw)
            );
        }
    }
    still_answers(&running, &codes);
}

/// The seats' codes and the host's address, for the placeholders.
struct Codes {
    pairs: Vec<(&'static [u8], Vec<u8>)>,
}

impl Codes {
    fn of(running: &Running) -> Codes {
        let code = |table: usize, seat: usize| {
            running.host.tables()[table].seats()[seat]
                .code()
                .as_str()
                .as_bytes()
                .to_vec()
        };
        let pairs = vec![
            (&b"{HOST}"[..], running.addr.to_string().into_bytes()),
            (&b"{A}"[..], code(0, 0)),
            (&b"{B}"[..], code(0, 1)),
            (&b"{D}"[..], code(0, 2)),
            (&b"{C}"[..], code(1, 0)),
            (&b"{F}"[..], code(1, 1)),
            (&b"{E}"[..], code(1, 3)),
            (&b"{G}"[..], code(1, 4)),
            (&b"{X}"[..], b"00000000000000000000000000000000".to_vec()),
        ];
        Codes { pairs }
    }

    fn code(&self, name: &[u8]) -> Vec<u8> {
        self.pairs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| c.clone())
            .expect("a placeholder the harness defines")
    }

    /// `part` with every placeholder replaced.
    fn fill(&self, part: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(part.len() + 64);
        let mut i = 0;
        'bytes: while i < part.len() {
            if part[i] == b'{' {
                for (name, value) in &self.pairs {
                    if part[i..].starts_with(name) {
                        out.extend_from_slice(value);
                        i += name.len();
                        continue 'bytes;
                    }
                }
            }
            out.push(part[i]);
            i += 1;
        }
        out
    }
}

/// `data` cut at every [`PART`].
fn split(data: &[u8]) -> Vec<&[u8]> {
    let mut parts = Vec::new();
    let mut rest = data;
    while let Some(at) = rest.windows(PART.len()).position(|w| w == PART) {
        parts.push(&rest[..at]);
        rest = &rest[at + PART.len()..];
    }
    parts.push(rest);
    parts
}

/// A socket part: the seat code on its first line (placeholders already filled) and the bytes after it.
fn socket_part<'a>(part: &'a [u8], tag: &[u8]) -> Option<(Vec<u8>, &'a [u8])> {
    let rest = part.strip_prefix(tag)?;
    let end = rest.iter().position(|&b| b == b'\n')?;
    Some((rest[..end].to_vec(), &rest[end + 1..]))
}

/// A browser's handshake for seat `code`'s push socket: the right `Host` and `Origin`, so the socket opens
/// when the code is a seat's.
fn handshake(code: &[u8], addr: SocketAddr) -> Vec<u8> {
    let mut head = b"GET /api/".to_vec();
    // A code with a line break or a space would make a different request than the part asked for.
    head.extend(code.iter().copied().filter(|b| b.is_ascii_graphic()));
    head.extend_from_slice(
        format!(
            "/events HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .as_bytes(),
    );
    head
}

/// The frames `[first byte][length u16 LE][payload]…` of `spec`, masked as a client must (a fixed mask).
fn frames(mut spec: &[u8]) -> Vec<u8> {
    const MASK: [u8; 4] = [0x37, 0xfa, 0x21, 0x3d];
    let mut out = Vec::new();
    while spec.len() >= 3 {
        let first = spec[0];
        let len = (u16::from_le_bytes([spec[1], spec[2]]) as usize).min(spec.len() - 3);
        let payload = &spec[3..3 + len];
        spec = &spec[3 + len..];
        out.push(first);
        match len {
            0..=125 => out.push(0x80 | len as u8),
            126..=0xffff => {
                out.push(0x80 | 126);
                out.extend_from_slice(&(len as u16).to_be_bytes());
            }
            _ => unreachable!("at most u16::MAX"),
        }
        out.extend_from_slice(&MASK);
        out.extend(payload.iter().enumerate().map(|(i, b)| b ^ MASK[i % 4]));
    }
    out
}

/// One connection: `head`, then `rest`, then the client stops sending; everything the host writes back
/// until it closes the connection, and what was written. The host must close it within [`READ_WITHIN`].
fn exchange(addr: SocketAddr, head: &[u8], rest: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut wrote = head.to_vec();
    wrote.extend_from_slice(rest);
    let mut stream = TcpStream::connect(addr).expect("the host accepts a connection");
    stream
        .set_read_timeout(Some(READ_WITHIN))
        .expect("a timeout");
    stream
        .set_write_timeout(Some(READ_WITHIN))
        .expect("a timeout");
    let _ = stream.set_nodelay(true);
    // The host may answer and close before reading everything (413, a malformed head): not an error.
    let _ = stream.write_all(&wrote);
    let _ = stream.shutdown(Shutdown::Write);
    let mut raw = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&chunk[..n]),
            // libFuzzer's timeout alarm (SIGALRM every second, without SA_RESTART) interrupts the read: not
            // the host's doing, read on. (Taking it for the end cost two false "no answer" reports.)
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut =>
            {
                panic!("the host held the connection {READ_WITHIN:?} after the client stopped sending:\n{}", show(&wrote))
            }
            // Reset by the host after an answer (it closed with our bytes unread): what came is kept.
            Err(_) => break,
        }
    }
    (raw, wrote)
}

/// The status of every answer in `raw`, read as HTTP/1 answers one after another (a body skipped by its
/// `Content-Length` or its chunks) until a `101` (what follows are frames) or anything that does not read
/// as an answer (an answer to `HEAD` has no body, so what follows it is not read).
pub fn statuses(raw: &[u8]) -> Vec<u16> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < raw.len() {
        let rest = &raw[at..];
        let Some(head_len) = rest.windows(4).position(|w| w == b"\r\n\r\n") else {
            break;
        };
        let Ok(head) = std::str::from_utf8(&rest[..head_len]) else {
            break;
        };
        let mut lines = head.split("\r\n");
        let line = lines.next().unwrap_or_default();
        if !line.starts_with("HTTP/1.") {
            break;
        }
        let Some(status) = line.get(9..12).and_then(|s| s.parse::<u16>().ok()) else {
            break;
        };
        out.push(status);
        if status == 101 {
            break;
        }
        let mut body = rest.len().min(head_len + 4)..rest.len();
        let mut length = None;
        let mut chunked = false;
        for header in lines {
            let Some((name, value)) = header.split_once(':') else {
                continue;
            };
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            } else if name.eq_ignore_ascii_case("transfer-encoding")
                && value.to_ascii_lowercase().contains("chunked")
            {
                chunked = true;
            }
        }
        if (100..200).contains(&status) {
            at += head_len + 4;
            continue;
        }
        if chunked {
            let Some(end) = chunked_end(&rest[body.start..]) else {
                break;
            };
            body.end = body.start + end;
        } else if let Some(length) = length {
            body.end = (body.start + length).min(rest.len());
        } else {
            break;
        }
        at += body.end;
    }
    out
}

/// Where a chunked body ends (after its last chunk and the blank line), or `None`.
fn chunked_end(body: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let line_end = body[at..].windows(2).position(|w| w == b"\r\n")?;
        let size = std::str::from_utf8(&body[at..at + line_end])
            .ok()?
            .split(';')
            .next()?
            .trim();
        let size = usize::from_str_radix(size, 16).ok()?;
        at += line_end + 2;
        if size == 0 {
            let end = body[at..].windows(2).position(|w| w == b"\r\n")?;
            return Some(at + end + 2);
        }
        at = at.checked_add(size)?.checked_add(2)?;
        if at > body.len() {
            return None;
        }
    }
}

/// The table still answers after the input: seat A's info and its `table_view`, and the game's `view`
/// for the Commander, each 200 with the answer it should be.
fn still_answers(running: &Running, codes: &Codes) {
    let a = String::from_utf8(codes.code(b"{A}")).expect("a code is ASCII");
    let c = String::from_utf8(codes.code(b"{C}")).expect("a code is ASCII");
    for (method, path, body, expect) in [
        ("GET", format!("/api/{a}"), "", "\"seat\":\"A\""),
        (
            "POST",
            format!("/api/{a}"),
            r#"{"tool":"table_view"}"#,
            "\"tool\":\"table_view\"",
        ),
        (
            "POST",
            format!("/api/{c}"),
            r#"{"action":"view"}"#,
            "\"ok\":true",
        ),
    ] {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            running.addr,
            body.len()
        );
        let (raw, _) = exchange(running.addr, request.as_bytes(), &[]);
        assert_eq!(
            statuses(&raw).first(),
            Some(&200),
            "the table no longer answers {method} {path}:\n{}",
            show(&raw)
        );
        assert!(
            raw.windows(expect.len()).any(|w| w == expect.as_bytes()),
            "{method} {path} answered without {expect}:\n{}",
            show(&raw)
        );
    }
}

/// Bytes for a message: text as it is, at most 2 KB of it.
fn show(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).into_owned();
    if bytes.len() > 2048 {
        format!("{text}… ({} bytes)", bytes.len())
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_reads_pipelined_answers_and_stops_at_an_upgrade() {
        let raw = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\nHTTP/1.1 101 Switching\r\n\r\nHTTP/1.1 500 x\r\n\r\n";
        assert_eq!(statuses(raw), vec![200, 404, 101]);
    }
}
