//! `referee`: the referee core over JSON lines on stdin/stdout (docs/PROTOCOL.md).
//!
//! Usage: `referee [--seed N] [--pack FILE]`. One action object per input line; exactly one response
//! object per output line, flushed after each.
//! `referee verify` reads one game record (JSON) on stdin, replays it and prints one JSON object:
//! `{"ok":true,…}` with the final view, or `{"ok":false,…}` naming the first step that differs.

use std::io::{BufRead, Write};

use goeben_referee::{api::protocol, RulesPack, Session};

fn main() {
    let mut seed: Option<u64> = None;
    let mut pack = RulesPack::standard();
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("verify") {
        verify();
        return;
    }
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => {
                let value = args.next().unwrap_or_default();
                seed = Some(value.parse().unwrap_or_else(|_| {
                    fail(&format!("--seed takes a whole number, got `{value}`"))
                }));
            }
            "--pack" => {
                let path = args.next().unwrap_or_default();
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| fail(&format!("cannot read {path}: {e}")));
                pack = RulesPack::from_json(&text).unwrap_or_else(|e| fail(&e.to_string()));
            }
            "--help" | "-h" => {
                println!("usage: referee [--seed N] [--pack FILE]\n       referee verify < record.json\nreads one JSON action per line on stdin, writes one JSON result per line;\nverify replays a game record and prints whether it matches");
                return;
            }
            other => fail(&format!("unknown argument `{other}` (try --help)")),
        }
    }
    let seed = seed.unwrap_or_else(rand_seed);
    let mut session = Session::new(pack, seed);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let response = protocol::handle_line(&mut session, &line);
        if writeln!(out, "{}", protocol::to_line(&response))
            .and_then(|_| out.flush())
            .is_err()
        {
            break;
        }
    }
}

/// `referee verify`: exit status 0 when the record replays exactly, 1 when it does not.
fn verify() {
    let mut text = String::new();
    if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut text) {
        fail(&format!("cannot read the record from stdin: {e}"));
    }
    let report = goeben_referee::api::verify::verify(&text);
    println!(
        "{}",
        serde_json::to_string(&report).expect("a report serialises")
    );
    std::process::exit(if report.ok { 0 } else { 1 });
}

/// A seed from the operating system's random source: new games' seeds and salts come from it, so a
/// player cannot guess them.
fn rand_seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).unwrap_or_else(|e| fail(&format!("no random source: {e}")));
    u64::from_le_bytes(bytes)
}

fn fail(message: &str) -> ! {
    eprintln!("referee: {message}");
    std::process::exit(2)
}
