//! The host survives a restart. `table_host --state FILE` keeps the table
//! in FILE, saved before each answer leaves; killed with SIGKILL in the middle of a burst of requests and
//! started again on the same FILE, it reopens the same table: the same codes and join URLs, every request
//! answered before the kill in the log exactly once, a request retried with its Idempotency-Key after the
//! restart applied once. A FILE that is not a table of this host is refused (exit 2) and left untouched;
//! a save that fails undoes its request (503).
//!
//! A game table (`table_host --game --state FILE`) the same: moves played by the seats whose call they
//! are, SIGKILL, started again on FILE: the same join URLs, the same view (the answers' text), the last
//! move retried with its key answered from the kept answer and not applied twice, the game going on. A
//! tools file given to `--game`, a game file without it or of other roles, a damaged game save: refused,
//! the file left byte for byte. A move whose save fails is undone (503); a `view` never writes the file.

use crate::support;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use goeben_referee::ground::state::Roles;
use goeben_referee::RulesPack;
use goeben_table_host::game;
use goeben_table_host::limits::Limits;
use goeben_table_host::seats::tool_seats;
use goeben_table_host::store::{self, Store};
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use goeben_table_tools::sdr::Player;
use goeben_table_tools::{LogEntry, ToolSession};
use serde_json::Value;
use support::*;

fn roll(player: &str, n: usize) -> (String, String) {
    let table = if n.is_multiple_of(2) {
        "tactical"
    } else {
        "strategic"
    };
    (
        format!(r#"{{"tool":"roll_event","player":"{player}","table":"{table}"}}"#),
        format!("{player}-{n}"),
    )
}

fn post_to(addr: SocketAddr, code: &str, body: &str, key: &str) -> Option<Reply> {
    try_send(
        addr,
        "POST",
        &format!("/api/{code}"),
        &[("Idempotency-Key", key)],
        body.as_bytes(),
    )
}

/// One seat's burst until the host goes away: the dice of each answered request in order, and the index
/// of the request that got no answer (it may or may not have been applied).
fn burst(
    addr: SocketAddr,
    code: String,
    player: &'static str,
    answered: Arc<AtomicUsize>,
) -> (Vec<[u8; 2]>, usize) {
    let mut dice = Vec::new();
    let mut n = 0;
    loop {
        let (body, key) = roll(player, n);
        match post_to(addr, &code, &body, &key) {
            Some(reply) if reply.status == 200 => {
                dice.push(
                    serde_json::from_value(reply.json()["roll"]["dice"].clone()).expect("two dice"),
                );
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
    let mut host = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--seats",
        "2",
        "--display",
        "--state",
        state_arg,
        "--seed",
        "16",
    ]);
    let first = host.line();
    assert_eq!(first["restored"], false, "a new table");
    let (addr, seats) = announced(&first);
    assert!(
        state.exists(),
        "saved at once, so the codes outlive the host"
    );

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
        assert!(
            waiting.elapsed() < Duration::from_secs(60),
            "the burst is answered"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    host.child.kill().expect("SIGKILL");
    host.child.wait().unwrap();
    let runs: Vec<(Vec<[u8; 2]>, usize)> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let size = std::fs::metadata(&state).unwrap().len();

    // Started again on the same file, on another port: the same seats and codes.
    let started = Instant::now();
    let mut again = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--seats",
        "2",
        "--state",
        state_arg,
    ]);
    let first = again.line();
    let restart = started.elapsed();
    assert_eq!(first["restored"], true);
    let (addr, reopened) = announced(&first);
    assert_eq!(
        reopened, seats,
        "the same seats and codes (the display too, though --display was not given)"
    );
    let page = send(addr, "GET", &format!("/join/{}", seats[0].1), &[], b"");
    assert_eq!(page.status, 200, "the old join URL works");

    let mut expected: Vec<Vec<[u8; 2]>> = Vec::new();
    for ((code, player), (mut dice, lost)) in [(&seats[0].1, "a"), (&seats[1].1, "b")]
        .into_iter()
        .zip(runs)
    {
        // Answers a guest already got, asked again: the same answer, not applied again.
        if let Some(last) = dice.len().checked_sub(1) {
            let (body, key) = roll(player, last);
            let reply = post_to(addr, code, &body, &key).expect("an answer");
            assert_eq!(
                reply.header("idempotency-replayed"),
                Some("true"),
                "an answered request is kept across the restart"
            );
            assert_eq!(
                serde_json::from_value::<[u8; 2]>(reply.json()["roll"]["dice"].clone()).unwrap(),
                dice[last]
            );
        }
        // The request in flight at the kill, retried with its key: applied once whether or not it was saved.
        let (body, key) = roll(player, lost);
        let retried = post_to(addr, code, &body, &key).expect("an answer");
        assert_eq!(retried.status, 200, "{}", retried.body);
        let retried_dice: [u8; 2] =
            serde_json::from_value(retried.json()["roll"]["dice"].clone()).unwrap();
        let twice = post_to(addr, code, &body, &key).expect("an answer");
        assert_eq!(
            (twice.header("idempotency-replayed"), twice.body.as_str()),
            (Some("true"), retried.body.as_str())
        );
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
                LogEntry::Event(goeben_table_tools::events::EventLogEntry::EventRolled {
                    by,
                    dice,
                    ..
                }) if *by == player => Some(*dice),
                _ => None,
            })
            .collect();
        assert_eq!(
            &logged, dice,
            "player {player:?}: every answer once, the retry once, in order"
        );
    }
    assert_eq!(
        log.len(),
        expected.iter().map(Vec::len).sum::<usize>(),
        "nothing else applied"
    );
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
        let (table, restored) = Table::kept_in(
            Store::new(&path),
            ToolSession::seeded(1),
            tool_seats(false),
            Limits::default(),
        )
        .unwrap();
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
        let mut host = HostProcess::spawn(&[
            "--listen",
            "127.0.0.1:0",
            "--seats",
            "2",
            "--state",
            path.to_str().unwrap(),
        ]);
        assert_eq!(host.exit_code(Duration::from_secs(10)), Some(2), "{name}");
        let stderr = host.stderr();
        assert!(
            stderr.contains("is not a table of table_host")
                && stderr.contains(why)
                && stderr.contains("left untouched"),
            "{name}: {stderr}"
        );
        let mut stdout = String::new();
        std::io::Read::read_to_string(host.stdout.get_mut(), &mut stdout).unwrap();
        assert!(stdout.is_empty(), "{name}: nothing announced: {stdout}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{name}: the file is left as it was"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_16_a_failed_save_undoes_the_request_and_says_so() {
    let dir = scratch("unsaved");
    let inner = dir.join("gone");
    std::fs::create_dir_all(&inner).unwrap();
    let (table, _) = Table::kept_in(
        Store::new(inner.join("table.json")),
        ToolSession::seeded(2),
        tool_seats(false),
        roomy(),
    )
    .unwrap();
    let running =
        Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 1).unwrap();
    let a = code(&running, 0, 0);
    assert_eq!(
        post(
            &running,
            &a,
            r#"{"tool":"draw_sdr","player":"a"}"#,
            Some("k1")
        )
        .status,
        200
    );
    let before = running.host.tables()[0].session();
    std::fs::remove_dir_all(&inner).unwrap();
    let reply = post(
        &running,
        &a,
        r#"{"tool":"draw_sdr","player":"a"}"#,
        Some("k2"),
    );
    assert_eq!(
        (reply.status, reply.code()),
        (503, "not_saved".to_string()),
        "{}",
        reply.body
    );
    assert_eq!(
        running.host.tables()[0].session(),
        before,
        "the request was undone"
    );
    std::fs::create_dir_all(&inner).unwrap();
    let retried = post(
        &running,
        &a,
        r#"{"tool":"draw_sdr","player":"a"}"#,
        Some("k2"),
    );
    assert_eq!(
        (retried.status, retried.header("idempotency-replayed")),
        (200, None),
        "the retry is applied, once"
    );
    assert_eq!(running.host.tables()[0].session().chits().len(), 2);
    // A view changes nothing and carries no key: nothing to save, answered even with the directory gone.
    std::fs::remove_dir_all(&inner).unwrap();
    assert_eq!(
        post(&running, &a, r#"{"tool":"view","player":"a"}"#, None).status,
        200
    );
    running.stop().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

// Game tables (`table_host --game --state FILE`): the whole game is kept with the seats.

const GAME_SEATS: usize = 4;

/// A seat's `view` answer, as the host sends it (the text: compared whole, no float read back).
fn view_text(addr: SocketAddr, code: &str) -> String {
    let reply = try_send(
        addr,
        "POST",
        &format!("/api/{code}"),
        &[],
        br#"{"action":"view"}"#,
    )
    .expect("an answer");
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body
}

/// One move of the game sent by the seat whose call it is: every game seat's view offers only its own
/// calls, so the move is picked among them all (by `pick`) and sent from the seat that offers it, with
/// the key `key`; checked against `game::decider`. Its body and answer, or `None` when nothing is offered.
fn play_one(
    addr: SocketAddr,
    seats: &[(String, String)],
    pick: &mut u64,
    key: &str,
) -> Option<(usize, String, Reply)> {
    let offered: Vec<(usize, Value)> = (0..GAME_SEATS)
        .flat_map(|seat| {
            let view: Value = serde_json::from_str(&view_text(addr, &seats[seat].1)).unwrap();
            view["view"]["decisions"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(move |d| (seat, d["action"].clone()))
        })
        .collect();
    if offered.is_empty() {
        return None;
    }
    *pick ^= *pick << 13;
    *pick ^= *pick >> 7;
    *pick ^= *pick << 17;
    let (seat, action) = offered[(*pick % offered.len() as u64) as usize].clone();
    let pack = RulesPack::standard();
    let named = game::game_seats(&pack, Roles::TaskForceOfficers, true);
    let parsed: goeben_referee::Action = serde_json::from_value(action.clone()).unwrap();
    assert_eq!(
        game::decider(
            &pack,
            Roles::TaskForceOfficers,
            &named,
            &parsed,
            &Default::default(),
        )
        .0,
        Some(seat),
        "{action} is the call of the seat offered it"
    );
    let body = action.to_string();
    let reply = post_to(addr, &seats[seat].1, &body, key).expect("an answer");
    assert_eq!(
        reply.status, 200,
        "{key}: {} sent {body}: {}",
        seats[seat].0, reply.body
    );
    assert_eq!(reply.json()["ok"], true, "{key}: {}", reply.body);
    Some((seat, body, reply))
}

#[test]
fn issue_16_a_game_table_killed_and_started_again_on_its_state_file_goes_on_with_the_same_game() {
    let dir = scratch("game-restart");
    let state = dir.join("game.json");
    let state_arg = state.to_str().unwrap();
    let mut host = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--game",
        "--seats",
        "4",
        "--display",
        "--state",
        state_arg,
        "--seed",
        "25",
    ]);
    let first = host.line();
    assert_eq!(first["restored"], false, "a new game table");
    let (addr, seats) = announced(&first);
    assert_eq!(seats.len(), GAME_SEATS + 1);
    let saved = store::parse(&std::fs::read(&state).unwrap()).expect("saved at once");
    assert_eq!(
        (saved.kind, saved.game.as_ref().map(|g| g.roles)),
        (store::TableKind::Game, Some(Roles::TaskForceOfficers))
    );

    // A few moves, each by the seat whose call it is.
    let mut pick = 0x9e37_79b9_7f4a_7c15_u64;
    let (mut last, mut played) = (None, 0);
    for step in 0..8 {
        match play_one(addr, &seats, &mut pick, &format!("move-{step}")) {
            Some(move_played) => last = Some((format!("move-{step}"), move_played)),
            None => break,
        }
        played += 1;
    }
    assert!(played >= 3, "{played} moves played before the kill");
    let (last_key, (last_seat, last_body, last_reply)) = last.expect("moves were played");
    let log_before = saved_log_len(&state);
    assert!(log_before > 0, "the moves are in the file");
    // Looking writes nothing.
    let bytes = std::fs::read(&state).unwrap();
    let views: Vec<String> = seats
        .iter()
        .map(|(_, code)| view_text(addr, code))
        .collect();
    assert_eq!(
        std::fs::read(&state).unwrap(),
        bytes,
        "a view does not write the file"
    );

    host.child.kill().expect("SIGKILL");
    host.child.wait().unwrap();

    // Started again on the same file (no --display, no --seed): the same seats, codes and game.
    let mut again = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--game",
        "--seats",
        "4",
        "--state",
        state_arg,
    ]);
    let first = again.line();
    assert_eq!(first["restored"], true);
    let (addr, reopened) = announced(&first);
    assert_eq!(
        reopened, seats,
        "the same seats and codes, the display's too"
    );
    assert_eq!(
        send(addr, "GET", &format!("/join/{}", seats[1].1), &[], b"").status,
        200,
        "the old join URL works"
    );
    for (seat, view) in views.iter().enumerate() {
        assert_eq!(
            &view_text(addr, &seats[seat].1),
            view,
            "{}'s view is the same after the restart",
            seats[seat].0
        );
    }

    // The last move retried with its key: the kept answer, not applied twice.
    let retried = post_to(addr, &seats[last_seat].1, &last_body, &last_key).expect("an answer");
    assert_eq!(
        (retried.status, retried.header("idempotency-replayed")),
        (200, Some("true"))
    );
    assert_eq!(
        retried.body, last_reply.body,
        "the answer the seat got before the kill"
    );
    assert_eq!(
        view_text(addr, &seats[0].1),
        views[0],
        "the retry changed nothing"
    );
    assert_eq!(saved_log_len(&state), log_before);

    // And the game goes on.
    let mut more = 0;
    for step in 8..11 {
        if play_one(addr, &seats, &mut pick, &format!("move-{step}")).is_some() {
            more += 1;
        }
    }
    assert!(more > 0, "the game goes on after the restart");
    assert!(
        saved_log_len(&state) > log_before,
        "and its moves are saved"
    );
    println!(
        "issue #16 game restart: {played} moves before SIGKILL ({log_before} log entries), {more} after; state file {} bytes",
        std::fs::metadata(&state).unwrap().len()
    );
    drop(again.stdin.take());
    assert_eq!(again.exit_code(Duration::from_secs(15)), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The length of the game's log in a saved game table.
fn saved_log_len(path: &std::path::Path) -> usize {
    let file = store::parse(&std::fs::read(path).unwrap()).expect("the file is a table");
    goeben_referee::api::save::from_json(&file.game.expect("a game table").save)
        .unwrap()
        .log()
        .len()
}

#[test]
fn issue_16_a_state_file_of_the_other_kind_or_a_damaged_game_is_refused_and_left_untouched() {
    let dir = scratch("game-refused");
    let tools = dir.join("tools.json");
    drop(
        Table::kept_in(
            Store::new(&tools),
            ToolSession::seeded(1),
            tool_seats(false),
            Limits::default(),
        )
        .unwrap(),
    );
    let game_path = dir.join("game.json");
    let session = game::new_game(Roles::TaskForceOfficers, 4);
    let seats = game::game_seats(session.pack(), Roles::TaskForceOfficers, false);
    let (table, restored) = Table::game_kept_in(
        Store::new(&game_path),
        session,
        Roles::TaskForceOfficers,
        seats,
        Limits::default(),
    )
    .unwrap();
    assert!(!restored && table.is_game());
    drop(table);
    let good = std::fs::read(&game_path).unwrap();
    let value: Value = serde_json::from_slice(&good).unwrap();
    let save = value["game"]["save"].as_str().unwrap().to_string();
    let with_save = |save: String| {
        let mut damaged = value.clone();
        damaged["game"]["save"] = save.into();
        damaged.to_string().into_bytes()
    };
    let tools_bytes = std::fs::read(&tools).unwrap();
    let mut without_game = value.clone();
    without_game.as_object_mut().unwrap().remove("game");
    let cases: Vec<(&str, &[&str], Vec<u8>, &str)> = vec![
        ("tools-to-game", &["--game", "--seats", "4"], tools_bytes, "holds a table of the table tools, not a game table (--game); open it without --game"),
        ("game-to-tools", &["--seats", "2"], good.clone(), "holds a game table of the Task Force Officers (--game --seats 4), not a table of the table tools"),
        ("other-roles", &["--game", "--seats", "2"], good.clone(), "not the Ship Commanders"),
        ("cut-save", &["--game", "--seats", "4"], with_save(save[..save.len() / 2].to_string()), "its game's save is damaged"),
        ("not-a-save", &["--game", "--seats", "4"], with_save("{}".into()), "its game's save is damaged"),
        ("no-game", &["--game", "--seats", "4"], without_game.to_string().into_bytes(), "a game table without its game"),
    ];
    for (name, args, bytes, why) in cases {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, &bytes).unwrap();
        let mut all = vec!["--listen", "127.0.0.1:0", "--state", path.to_str().unwrap()];
        all.extend_from_slice(args);
        let mut host = HostProcess::spawn(&all);
        assert_eq!(host.exit_code(Duration::from_secs(10)), Some(2), "{name}");
        let stderr = host.stderr();
        assert!(
            stderr.contains(why) && stderr.contains("left untouched"),
            "{name}: {stderr}"
        );
        let mut stdout = String::new();
        std::io::Read::read_to_string(host.stdout.get_mut(), &mut stdout).unwrap();
        assert!(stdout.is_empty(), "{name}: nothing announced: {stdout}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{name}: the file is left byte for byte as it was"
        );
    }
    // The good game file still opens (and a game of the right roles only).
    let mut host = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--game",
        "--seats",
        "4",
        "--state",
        game_path.to_str().unwrap(),
    ]);
    assert_eq!(host.line()["restored"], true);
    drop(host.stdin.take());
    assert_eq!(host.exit_code(Duration::from_secs(15)), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn issue_16_a_game_move_whose_save_fails_is_undone_and_a_view_writes_nothing() {
    let dir = scratch("game-unsaved");
    let inner = dir.join("gone");
    std::fs::create_dir_all(&inner).unwrap();
    let session = game::new_game(Roles::TaskForceOfficers, 9);
    let seats = game::game_seats(session.pack(), Roles::TaskForceOfficers, false);
    let (table, _) = Table::game_kept_in(
        Store::new(inner.join("game.json")),
        session,
        Roles::TaskForceOfficers,
        seats,
        roomy(),
    )
    .unwrap();
    let running =
        Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 1).unwrap();
    let table = &running.host.tables()[0];
    // The first legal move, from the seat whose call it is.
    let next_move = || {
        let mut game = table.game_session().unwrap();
        let view = game
            .respond(goeben_referee::Request::Session(
                goeben_referee::SessionRequest::View,
            ))
            .view;
        let action = view
            .legal_actions()
            .first()
            .cloned()
            .expect("a move to make");
        let seat = game::decider(
            game.pack(),
            Roles::TaskForceOfficers,
            table.seats(),
            &action,
            &game::presence(&game),
        )
        .0
        .expect("a seat decides it");
        (
            code(&running, 0, seat),
            serde_json::to_string(&action).unwrap(),
        )
    };
    let (seat, body) = next_move();
    assert_eq!(
        post(&running, &seat, &body, None).json()["ok"],
        true,
        "a move without a key is saved too"
    );
    assert_eq!(
        saved_log_len(&inner.join("game.json")),
        table.game_session().unwrap().log().len()
    );
    let before = serde_json::to_string(&table.game_session().unwrap()).unwrap();
    std::fs::remove_dir_all(&inner).unwrap();
    let (seat, body) = next_move();
    let reply = post(&running, &seat, &body, Some("m2"));
    assert_eq!(
        (reply.status, reply.code()),
        (503, "not_saved".to_string()),
        "{}",
        reply.body
    );
    assert_eq!(
        serde_json::to_string(&table.game_session().unwrap()).unwrap(),
        before,
        "the move was undone"
    );
    // A view changes nothing: answered with the directory gone, and no file appears.
    assert_eq!(
        post(&running, &seat, r#"{"action":"view"}"#, None).status,
        200
    );
    std::fs::create_dir_all(&inner).unwrap();
    assert_eq!(
        post(&running, &seat, r#"{"action":"view"}"#, None).status,
        200
    );
    assert!(
        !inner.join("game.json").exists(),
        "a view does not write the file"
    );
    let retried = post(&running, &seat, &body, Some("m2"));
    assert_eq!(
        (retried.status, retried.header("idempotency-replayed")),
        (200, None),
        "the retry is applied, once: {}",
        retried.body
    );
    assert_eq!(retried.json()["ok"], true);
    assert_eq!(
        saved_log_len(&inner.join("game.json")),
        table.game_session().unwrap().log().len()
    );
    running.stop().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
