//! A bounded load test of the headless host on loopback: 8 seats × 1,000 requests.
//!
//! The table tools seat two players, so 8 seats are 4 tables × 2 seats served by ONE host (one listener,
//! one runtime of 2 worker threads, as `table_host` runs). Each seat is a client thread sending 1,000
//! `roll_event` requests one after another, each with its own `Idempotency-Key`; every tenth is sent a
//! second time with the same key, as a retry, and must come back the same and marked replayed. Afterwards
//! each table's log must hold exactly 1,000 rolls by each of its players, in the order and with the dice
//! of the answers that seat received: nothing lost, nothing applied twice.
//!
//! The rate limit is lifted (this measures the host, not the limit). Latency is request-to-answer on a
//! new connection per request, the client's clock; printed, not asserted (see docs/TABLE-MODE.md for the
//! last figures): `cargo test -p goeben-table-host --test suite host_load:: -- --nocapture`.

use crate::support;

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use goeben_table_tools::sdr::Player;
use goeben_table_tools::LogEntry;
use serde_json::Value;
use support::*;

const TABLES: usize = 4;
const REQUESTS: usize = 1000;
const RETRY_EVERY: usize = 10;

/// What one seat's client saw: the dice of each roll it was answered, and each request's latency.
struct SeatRun {
    dice: Vec<[u8; 2]>,
    latencies: Vec<Duration>,
}

fn run_seat(
    host: &goeben_table_host::Running,
    table: usize,
    seat: usize,
    start: &Barrier,
) -> SeatRun {
    let code = code(host, table, seat);
    let player = ["a", "b"][seat];
    let mut run = SeatRun {
        dice: Vec::with_capacity(REQUESTS),
        latencies: Vec::with_capacity(REQUESTS * 11 / 10),
    };
    start.wait();
    for n in 0..REQUESTS {
        let table_name = if n % 2 == 0 { "tactical" } else { "strategic" };
        let body = format!(r#"{{"tool":"roll_event","player":"{player}","table":"{table_name}"}}"#);
        let key = format!("t{table}-{player}-{n}");
        let sent = Instant::now();
        let reply = post(host, &code, &body, Some(&key));
        run.latencies.push(sent.elapsed());
        assert_eq!(
            reply.status, 200,
            "table {table} seat {player} request {n}: {}",
            reply.body
        );
        let answer = reply.json();
        assert_eq!(answer["tool"], "event_rolled", "{answer}");
        let dice: [u8; 2] =
            serde_json::from_value(answer["roll"]["dice"].clone()).expect("two dice");
        run.dice.push(dice);
        if n % RETRY_EVERY == 0 {
            let sent = Instant::now();
            let again = post(host, &code, &body, Some(&key));
            run.latencies.push(sent.elapsed());
            assert_eq!(
                again.header("idempotency-replayed"),
                Some("true"),
                "a retry is answered from what was kept"
            );
            assert_eq!(again.json(), answer, "a retry gets the same answer");
        }
    }
    run
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[test]
fn issue_16_eight_seats_by_1000_requests_nothing_lost_or_applied_twice() {
    let host = Arc::new(start(TABLES, false, roomy(), 1600));
    let seats = TABLES * 2;
    let start_line = Arc::new(Barrier::new(seats + 1));
    let clients: Vec<_> = (0..seats)
        .map(|i| {
            let (host, start_line) = (host.clone(), start_line.clone());
            std::thread::spawn(move || run_seat(&host, i / 2, i % 2, &start_line))
        })
        .collect();
    start_line.wait();
    let began = Instant::now();
    let runs: Vec<SeatRun> = clients
        .into_iter()
        .map(|c| c.join().expect("a seat's client"))
        .collect();
    let elapsed = began.elapsed();

    for table in 0..TABLES {
        let log = host.host.tables()[table].session().table_view().log;
        for (seat, player) in [Player::A, Player::B].into_iter().enumerate() {
            let logged: Vec<[u8; 2]> = log
                .iter()
                .filter_map(|line| match &line.entry {
                    LogEntry::Event(goeben_table_tools::events::EventLogEntry::EventRolled {
                        by,
                        dice,
                        ..
                    }) if *by == player => Some(*dice),
                    _ => None,
                })
                .collect();
            assert_eq!(
                logged.len(),
                REQUESTS,
                "table {table}, player {player:?}: every request applied once"
            );
            assert_eq!(
                logged,
                runs[table * 2 + seat].dice,
                "table {table}, player {player:?}: the log is the answers, in order"
            );
        }
        assert_eq!(
            log.len(),
            2 * REQUESTS,
            "table {table}: nothing else applied"
        );
    }

    let mut latencies: Vec<Duration> = runs
        .iter()
        .flat_map(|r| r.latencies.iter().copied())
        .collect();
    latencies.sort();
    let sent = latencies.len();
    let summary: Value = serde_json::json!({
        "seats": seats,
        "requests": sent,
        "seconds": elapsed.as_secs_f64(),
        "requests_per_second": (sent as f64 / elapsed.as_secs_f64()).round(),
        "p50_ms": percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        "p95_ms": percentile(&latencies, 0.95).as_secs_f64() * 1e3,
        "p99_ms": percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        "max_ms": latencies[sent - 1].as_secs_f64() * 1e3,
    });
    println!(
        "issue #16 load, {} build: {summary}",
        if cfg!(debug_assertions) {
            "test (debug assertions)"
        } else {
            "release"
        }
    );
    assert_eq!(sent, seats * (REQUESTS + REQUESTS / RETRY_EVERY));
}
