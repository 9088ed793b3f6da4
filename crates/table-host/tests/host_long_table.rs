//! What one request costs on a long table (5,000 log entries) against a fresh one, over
//! real HTTP on loopback with the table kept in a file (`--state`), as the app keeps it. Ignored by
//! default (it measures, it does not judge much); run with
//! `cargo test -p goeben-table-host --test suite host_long_table:: -- --ignored --nocapture`. The figures are in
//! docs/PERFORMANCE.md.

use crate::support;

use std::time::{Duration, Instant};

use goeben_table_host::seats::tool_seats;
use goeben_table_host::store::Store;
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use goeben_table_tools::{parse_line, ToolSession};
use support::*;

const ROLL_A: &str = r#"{"tool":"roll_event","player":"a","table":"tactical"}"#;
const VIEW_A: &str = r#"{"tool":"view","player":"a"}"#;

/// The median of `n` runs of `request`.
fn median(n: usize, mut request: impl FnMut(usize)) -> Duration {
    let mut times: Vec<Duration> = (0..n)
        .map(|i| {
            let started = Instant::now();
            request(i);
            started.elapsed()
        })
        .collect();
    times.sort();
    times[n / 2]
}

struct Figures {
    view_bytes: usize,
    view: Duration,
    keyed_view: Duration,
    keyed_roll: Duration,
    file_bytes: u64,
}

fn measure(entries: usize) -> Figures {
    let mut session = ToolSession::seeded(70);
    for _ in 0..entries {
        assert!(!session.respond(parse_line(ROLL_A).unwrap()).is_error());
    }
    let dir = scratch(&format!("long-{entries}"));
    let path = dir.join("table.json");
    let (table, _) = Table::kept_in(Store::new(&path), session, tool_seats(true), roomy()).unwrap();
    let running =
        Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 1).unwrap();
    let a = code(&running, 0, 0);
    let view_bytes = post(&running, &a, VIEW_A, None).body.len();
    let view = median(41, |_| {
        assert_eq!(post(&running, &a, VIEW_A, None).status, 200)
    });
    let keyed_view = median(41, |i| {
        assert_eq!(
            post(&running, &a, VIEW_A, Some(&format!("v{i}"))).status,
            200
        )
    });
    // Each keyed roll changes the table: saved (written and fsynced) before its answer, as the guest
    // page's requests are.
    let keyed_roll = median(41, |i| {
        assert_eq!(
            post(&running, &a, ROLL_A, Some(&format!("r{i}"))).status,
            200
        )
    });
    let file_bytes = std::fs::metadata(&path).unwrap().len();
    drop(running);
    std::fs::remove_dir_all(&dir).unwrap();
    Figures {
        view_bytes,
        view,
        keyed_view,
        keyed_roll,
        file_bytes,
    }
}

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn issue_34_a_long_table_against_a_fresh_one() {
    println!("| log entries | view (bytes) | view p50 | keyed view p50 | keyed roll p50 (saved, fsync) | state file |");
    println!("|---|---|---|---|---|---|");
    for entries in [0, 5_000] {
        let f = measure(entries);
        println!(
            "| {entries} | {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.0} KB |",
            f.view_bytes,
            f.view.as_secs_f64() * 1e3,
            f.keyed_view.as_secs_f64() * 1e3,
            f.keyed_roll.as_secs_f64() * 1e3,
            f.file_bytes as f64 / 1024.0
        );
    }
}
