//! `referee`: the referee core over JSON lines on stdin/stdout (docs/PROTOCOL.md).
//!
//! Usage: `referee [--seed N] [--pack FILE]`. One action object per input line; exactly one response
//! object per output line, flushed after each.

use std::io::{BufRead, Write};

use goeben_referee::{protocol, RulesPack, Session};

fn main() {
    let mut seed: Option<u64> = None;
    let mut pack = RulesPack::standard();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => {
                let value = args.next().unwrap_or_default();
                seed = Some(value.parse().unwrap_or_else(|_| fail(&format!("--seed takes a whole number, got `{value}`"))));
            }
            "--pack" => {
                let path = args.next().unwrap_or_default();
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&format!("cannot read {path}: {e}")));
                pack = RulesPack::from_json(&text).unwrap_or_else(|e| fail(&e.to_string()));
            }
            "--help" | "-h" => {
                println!("usage: referee [--seed N] [--pack FILE]\nreads one JSON action per line on stdin, writes one JSON result per line");
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
        if writeln!(out, "{}", protocol::to_line(&response)).and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}

fn rand_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    (nanos as u64) ^ (std::process::id() as u64).rotate_left(32)
}

fn fail(message: &str) -> ! {
    eprintln!("referee: {message}");
    std::process::exit(2)
}
