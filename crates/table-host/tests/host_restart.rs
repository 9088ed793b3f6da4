//! Issue #16 (Table mode), item 3: the host survives a restart. `table_host --state FILE` keeps the table
//! in FILE, saved before each answer leaves; killed with SIGKILL in the middle of a burst of requests and
//! started again on the same FILE, it reopens the same table: the same codes and join URLs, every request
//! answered before the kill in the log exactly once, a request retried with its Idempotency-Key after the
//! restart applied once. A FILE that is not a table of this host is refused (exit 2) and left untouched;
//! a save that fails undoes its request (503).

mod support;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use goeben_table_host::limits::Limits;
use goeben_table_host::seats::tool_seats;
use goeben_table_host::store::{self, Store};
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use goeben_table_tools::sdr::Player;
use goeben_table_tools::{LogEntry, ToolSession};
use support::*;

fn roll(player: &str, n: usize) -> (String, String) {
    let table = if n.is_multiple_of(2) { "tactical" } else { "strategic" };
    (format!(r#"{{"tool":"roll_event","player":"{player}","table":"{table}"}}"#), format!("{player}-{n}"))
}

fn post_to(addr: SocketAddr, code: &str, body: &str, key: &str) -> Option<Reply> {
    try_send(addr, "POST", &format!("/api/{code}"), &[("Idempotency-Key", key)], body.as_bytes())
}

/// One seat's burst until the host goes away: the dice of each answered request in order, and the index
/// of the request that got no answer (it may or may not have been applied).
fn burst(addr: SocketAddr, code: String, player: &'static str, answered: Arc<AtomicUsize>) -> (Vec<[u8; 2]>, usize) {
    let mut dice = Vec::new();
    let mut n = 0;
    loop {
        let (body, key) = roll(player, n);
        match post_to(addr, &code, &body, &key) {
            Some(reply) if reply.status == 200 => {
                dice.push(serde_json::from_value(reply.json()["roll"]["dice"].clone()).expect("two dice"));
                answered.fetch_add(1, Ordering::SeqCst);
                n += 1;
            }
            // Over the seat's rate: the same request again shortly (refused, so not applied).
            Some(reply) if reply.status == 429 => std::thread::sleep(Duration::from_millis(50)),
            _ => return (dice, n),
        }
    }
}

#[test]
fn issue_16_a_host_killed_mid_burst_reopens_the_same_table_and_every_answer_is_in_the_log_once() {
    let dir = scratch("restart");
    let state = dir.join("table.json");
    let state_arg = state.to_str().unwrap();
    let mut host = HostProcess::spawn(&["--listen", "127.0.0.1:0", "--seats", "2", "--display", "--state", state_arg, "--seed", "16"]);
    let first = host.line();
    assert_eq!(first["restored"], false, "a new table");
    let (addr, seats) = announced(&first);
    assert!(state.exists(), "saved at once, so the codes outlive the host");

    // The burst: both players' seats rolling as fast as they are answered; SIGKILL once 60 are answered (within the seats' bursts, so both are sending at full speed).
    let answered = Arc::new(AtomicUsize::new(0));
    let clients: Vec<_> = [(seats[0].1.clone(), "a"), (seats[1].1.clone(), "b")]
        .into_iter()
        .map(|(code, player)| {
            let answered = answered.clone();
            std::thread::spawn(move || burst(addr, code, player, answered))
        })
        .collect();
    let waiting = Instant::now();
    while answered.load(Ordering::SeqCst) < 60 {
        assert!(waiting.elapsed() < Duration::from_secs(60), "the burst is answered");
        std::thread::sleep(Duration::from_millis(2));
    }
    host.child.kill().expect("SIGKILL");
    host.child.wait().unwrap();
    let runs: Vec<(Vec<[u8; 2]>, usize)> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let size = std::fs::metadata(&state).unwrap().len();

    // Started again on the same file, on another port: the same seats and codes.
    let started = Instant::now();
    let mut again = HostProcess::spawn(&["--listen", "127.0.0.1:0", "--seats", "2", "--state", state_arg]);
    let first = again.line();
    let restart = started.elapsed();
    assert_eq!(first["restored"], true);
    let (addr, reopened) = announced(&first);
    assert_eq!(reopened, seats, "the same seats and codes (the display too, though --display was not given)");
    let page = send(addr, "GET", &format!("/join/{}", seats[0].1), &[], b"");
    assert_eq!(page.status, 200, "the old join URL works");

    let mut expected: Vec<Vec<[u8; 2]>> = Vec::new();
    for ((code, player), (mut dice, lost)) in [(&seats[0].1, "a"), (&seats[1].1, "b")].into_iter().zip(runs) {
        // Answers a guest already got, asked again: the same answer, not applied again.
        if let Some(last) = dice.len().checked_sub(1) {
            let (body, key) = roll(player, last);
            let reply = post_to(addr, code, &body, &key).expect("an answer");
            assert_eq!(reply.header("idempotency-replayed"), Some("true"), "an answered request is kept across the restart");
            assert_eq!(serde_json::from_value::<[u8; 2]>(reply.json()["roll"]["dice"].clone()).unwrap(), dice[last]);
        }
        // The request in flight at the kill, retried with its key: applied once whether or not it was saved.
        let (body, key) = roll(player, lost);
        let retried = post_to(addr, code, &body, &key).expect("an answer");
        assert_eq!(retried.status, 200, "{}", retried.body);
        let retried_dice: [u8; 2] = serde_json::from_value(retried.json()["roll"]["dice"].clone()).unwrap();
        let twice = post_to(addr, code, &body, &key).expect("an answer");
        assert_eq!((twice.header("idempotency-replayed"), twice.body.as_str()), (Some("true"), retried.body.as_str()));
        dice.push(retried_dice);
        // And new requests go on as before.
        for n in lost + 1..lost + 4 {
            let (body, key) = roll(player, n);
            let reply = post_to(addr, code, &body, &key).expect("an answer");
            dice.push(serde_json::from_value(reply.json()["roll"]["dice"].clone()).unwrap());
        }
        expected.push(dice);
    }
    drop(again.stdin.take());
    assert_eq!(again.exit_code(Duration::from_secs(15)), Some(0));

    // The log in the file: each player's rolls are exactly the answers that player's seat got, in order.
    let file = store::parse(&std::fs::read(&state).unwrap()).expect("the file is a table");
    let log = file.session.table_view().log;
    for (player, dice) in [Player::A, Player::B].into_iter().zip(&expected) {
        let logged: Vec<[u8; 2]> = log
            .iter()
            .filter_map(|line| match &line.entry {
                LogEntry::EventRolled { by, dice, .. } if *by == player => Some(*dice),
                _ => None,
            })
            .collect();
        assert_eq!(&logged, dice, "player {player:?}: every answer once, the retry once, in order");
    }
    assert_eq!(log.len(), expected.iter().map(Vec::len).sum::<usize>(), "nothing else applied");
    println!(
        "issue #16 restart: {} answered before SIGKILL, state file {size} bytes at the kill, {} bytes at the end, restart to first line {:.1} ms",
        expected.iter().map(|d| d.len() - 4).sum::<usize>(),
        std::fs::metadata(&state).unwrap().len(),
        restart.as_secs_f64() * 1e3
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_16_a_corrupt_or_foreign_state_file_is_refused_and_left_untouched() {
    let dir = scratch("refused");
    let good = {
        let path = dir.join("good.json");
        let (table, restored) = Table::kept_in(Store::new(&path), ToolSession::new(1), tool_seats(false), Limits::default()).unwrap();
        assert!(!restored);
        drop(table);
        std::fs::read(&path).unwrap()
    };
    let mut foreign = serde_json::from_slice::<serde_json::Value>(&good).unwrap();
    foreign["format"] = "goeben-referee-save".into();
    let mut newer = serde_json::from_slice::<serde_json::Value>(&good).unwrap();
    newer["version"] = 99.into();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "not JSON"),
        ("cut", good[..good.len() / 2].to_vec(), "not JSON"),
        ("foreign", foreign.to_string().into_bytes(), "format"),
        ("newer", newer.to_string().into_bytes(), "version 99"),
        ("binary", vec![0xff, 0x00, 0x13], "not JSON"),
    ];
    for (name, bytes, why) in cases {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, &bytes).unwrap();
        let mut host = HostProcess::spawn(&["--listen", "127.0.0.1:0", "--seats", "2", "--state", path.to_str().unwrap()]);
        assert_eq!(host.exit_code(Duration::from_secs(10)), Some(2), "{name}");
        let stderr = host.stderr();
        assert!(stderr.contains("is not a table of table_host") && stderr.contains(why) && stderr.contains("left untouched"), "{name}: {stderr}");
        let mut stdout = String::new();
        std::io::Read::read_to_string(host.stdout.get_mut(), &mut stdout).unwrap();
        assert!(stdout.is_empty(), "{name}: nothing announced: {stdout}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{name}: the file is left as it was");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_16_a_failed_save_undoes_the_request_and_says_so() {
    let dir = scratch("unsaved");
    let inner = dir.join("gone");
    std::fs::create_dir_all(&inner).unwrap();
    let (table, _) = Table::kept_in(Store::new(inner.join("table.json")), ToolSession::new(2), tool_seats(false), roomy()).unwrap();
    let running = Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 1).unwrap();
    let a = code(&running, 0, 0);
    assert_eq!(post(&running, &a, r#"{"tool":"draw_sdr","player":"a"}"#, Some("k1")).status, 200);
    let before = running.host.tables()[0].session();
    std::fs::remove_dir_all(&inner).unwrap();
    let reply = post(&running, &a, r#"{"tool":"draw_sdr","player":"a"}"#, Some("k2"));
    assert_eq!((reply.status, reply.code()), (503, "not_saved".to_string()), "{}", reply.body);
    assert_eq!(running.host.tables()[0].session(), before, "the request was undone");
    std::fs::create_dir_all(&inner).unwrap();
    let retried = post(&running, &a, r#"{"tool":"draw_sdr","player":"a"}"#, Some("k2"));
    assert_eq!((retried.status, retried.header("idempotency-replayed")), (200, None), "the retry is applied, once");
    assert_eq!(running.host.tables()[0].session().chits().len(), 2);
    // A view changes nothing and carries no key: nothing to save, answered even with the directory gone.
    std::fs::remove_dir_all(&inner).unwrap();
    assert_eq!(post(&running, &a, r#"{"tool":"view","player":"a"}"#, None).status, 200);
    running.stop().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
