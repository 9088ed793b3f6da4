//! What it costs to keep one applied request, side by side in one run: the store this crate replaces (the
//! whole session as JSON, written to a temporary file and renamed over the older of two autosaves, as
//! `src-tauri/src/persistence.rs` did before, without fsync) and the journal (one step row before the
//! answer; every `SNAPSHOT_EVERY` steps a snapshot after it), at turn 1, at turn 10 and deep into a long campaign kept with the
//! take-backs house rule (every undo copy kept: the largest session). Also the cost of a commit with
//! `synchronous = NORMAL` against `FULL` (an fsync of the WAL). Run: `cargo bench -p goeben-store`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use goeben_referee::api::save;
use goeben_referee::ground::state::GameOptions;
use goeben_referee::{Request, Response, RulesPack, Session, SessionRequest};
use goeben_store::scripted::Player;
use goeben_store::Store;

fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goeben-bench-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A game played by the seeded player until `stop` says so; then one more applied request, kept with
/// its answer, to be persisted again and again. The first seed whose game gets there.
fn position(
    options: GameOptions,
    stop: impl Fn(&Response, usize) -> bool,
) -> (Session, Request, Response) {
    (1..=64)
        .find_map(|seed| play_to(seed, options.clone(), &stop))
        .expect("some seed's game gets there")
}

fn play_to(
    seed: u64,
    options: GameOptions,
    stop: &impl Fn(&Response, usize) -> bool,
) -> Option<(Session, Request, Response)> {
    let mut session = Session::new(RulesPack::standard(), seed);
    let mut response = session.respond(SessionRequest::NewGame {
        seed: Some(seed),
        options: Some(options),
    });
    let mut player = Player::new(seed);
    let mut steps = 0;
    loop {
        let request = player.request(&response.view);
        if matches!(request, Request::Session(SessionRequest::NewGame { .. })) {
            return None;
        }
        let next = session.respond(request.clone());
        if !next.changed {
            continue;
        }
        steps += 1;
        response = next;
        if stop(&response, steps) {
            return Some((session, request, response));
        }
    }
}

/// The old autosave: the store plugin's map, the save as a string in it, written whole then renamed.
fn old_persist(dir: &Path, session: &Session, generation: u64) {
    let entries = serde_json::json!({ "save": save::to_json(session), "generation": generation });
    let bytes = serde_json::to_vec(&entries).unwrap();
    let temp = dir.join(".autosave-a.json.writing");
    std::fs::write(&temp, bytes).unwrap();
    std::fs::rename(&temp, dir.join("autosave-a.json")).unwrap();
}

fn persist(c: &mut Criterion) {
    let positions = [
        (
            "turn 1",
            position(GameOptions::default(), |r, _| r.view.turn >= 1),
        ),
        (
            "turn 10",
            position(GameOptions::default(), |r, _| r.view.turn >= 10),
        ),
        (
            "long campaign, take-backs",
            position(
                GameOptions {
                    campaign: true,
                    take_backs: true,
                    ..GameOptions::default()
                },
                |r, steps| steps >= 600 || r.view.turn >= 14,
            ),
        ),
    ];
    for (name, (session, request, response)) in &positions {
        println!(
            "{name}: turn {}, session {} bytes as JSON, step row {} bytes",
            response.view.turn,
            save::to_json(session).len(),
            serde_json::to_string(request).unwrap().len()
                + serde_json::to_string(&response.events).unwrap().len()
        );
        let dir = folder("old");
        let mut generation = 0;
        c.bench_function(
            &format!("{name}: old store (whole session, temp file + rename)"),
            |b| {
                b.iter(|| {
                    generation += 1;
                    old_persist(&dir, session, generation)
                })
            },
        );
        let dir = folder("new");
        let mut store = Store::open(&dir.join("games.sqlite3")).unwrap();
        store.record_session(session, "bench").unwrap();
        c.bench_function(
            &format!("{name}: journal, before the answer (one step row)"),
            |b| b.iter(|| store.record_step(request, response, session).unwrap()),
        );
        c.bench_function(
            &format!(
                "{name}: journal snapshot, after the answer every 32 steps (the whole session)"
            ),
            |b| b.iter(|| store.record_session(session, "bench").unwrap()),
        );
    }
    sync_modes(c);
    whole_game_by_turn();
    step_after_a_tick();
}

/// What the checkpointer's tick leaves the next step, side by side: a checkpoint (the checkpointer before
/// issue #31's last change, every second: the next commit starts the WAL over and syncs its header) against
/// the WAL synced in place (now). Every other step of a scripted game follows one or the other, as a tap
/// follows a tick seconds earlier.
fn step_after_a_tick() {
    let dir = folder("tick");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 3);
    let (response, _) = store.respond(
        &mut session,
        Request::Session(SessionRequest::NewGame {
            seed: Some(3),
            options: Some(GameOptions::default()),
        }),
    );
    let mut view = response.view;
    let mut player = Player::new(3);
    let wal = dir.join("games.sqlite3-wal");
    let (mut checkpointed, mut synced) = (Vec::new(), Vec::new());
    for i in 0..400 {
        let request = player.request(&view);
        if matches!(request, Request::Session(SessionRequest::NewGame { .. })) {
            break;
        }
        let checkpoint = i % 2 == 0;
        if checkpoint {
            store.checkpoint().unwrap();
        } else {
            std::fs::File::open(&wal).unwrap().sync_data().unwrap();
        }
        let start = Instant::now();
        let (response, written) = store.respond(&mut session, request);
        written.unwrap();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        if response.changed {
            if checkpoint {
                &mut checkpointed
            } else {
                &mut synced
            }
            .push(ms);
        }
        store.write_due_snapshot(&session).unwrap();
        view = response.view;
    }
    for (name, times) in [
        (
            "after a checkpoint (a new WAL header synced in the step)",
            &mut checkpointed,
        ),
        ("after the WAL synced in place", &mut synced),
    ] {
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        println!(
            "a step {name}: {} steps, p50 {:.3} ms, p95 {:.3} ms, max {:.3} ms",
            times.len(),
            at(0.5),
            at(0.95),
            at(1.0)
        );
    }
}

/// One 2 KB row committed in the WAL with `synchronous = NORMAL` (no fsync) and `FULL` (the WAL synced).
fn sync_modes(c: &mut Criterion) {
    let dir = folder("sync");
    let conn = rusqlite::Connection::open(dir.join("sync.sqlite3")).unwrap();
    conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
        .unwrap();
    conn.execute_batch("CREATE TABLE t (x TEXT)").unwrap();
    let row = "x".repeat(2048);
    for mode in ["NORMAL", "FULL"] {
        conn.pragma_update(None, "synchronous", mode).unwrap();
        c.bench_function(
            &format!("commit of a 2 KB row, synchronous = {mode}"),
            |b| {
                b.iter_batched(
                    || (),
                    |()| conn.execute("INSERT INTO t VALUES (?1)", [&row]).unwrap(),
                    BatchSize::SmallInput,
                )
            },
        );
    }
}

/// A whole scripted campaign as the app plays it: each applied request persisted by the journal before its
/// answer, timed and grouped by turn; the snapshots the shell writes after the answer, timed apart.
fn whole_game_by_turn() {
    let dir = folder("game");
    let mut store = Store::open(&dir.join("games.sqlite3")).unwrap();
    let mut session = Session::new(RulesPack::standard(), 9);
    let options = GameOptions {
        campaign: true,
        ..GameOptions::default()
    };
    let (response, _) = store.respond(
        &mut session,
        Request::Session(SessionRequest::NewGame {
            seed: Some(9),
            options: Some(options),
        }),
    );
    let mut view = response.view;
    let mut player = Player::new(9);
    let mut by_turn: std::collections::BTreeMap<u8, Vec<f64>> = Default::default();
    let mut all = Vec::new();
    let mut after = Vec::new();
    for _ in 0..3000 {
        let request = player.request(&view);
        if matches!(request, Request::Session(SessionRequest::NewGame { .. })) {
            break;
        }
        let kept = request.clone();
        let response = session.respond(request);
        if response.changed {
            let start = Instant::now();
            store.record_step(&kept, &response, &session).unwrap();
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            by_turn.entry(response.view.turn).or_default().push(ms);
            all.push(ms);
            let start = Instant::now();
            if store.write_due_snapshot(&session).unwrap() {
                after.push(start.elapsed().as_secs_f64() * 1000.0);
            }
        }
        view = response.view;
    }
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() - 1) as f64 * q) as usize];
        format!(
            "{} steps, p50 {:.3} ms, p95 {:.3} ms, max {:.3} ms, mean {:.3} ms",
            v.len(),
            at(0.5),
            at(0.95),
            at(1.0),
            v.iter().sum::<f64>() / v.len() as f64
        )
    };
    for (turn, times) in &mut by_turn {
        println!("scripted campaign, turn {turn}: {}", stats(times));
    }
    println!(
        "scripted campaign, all turns, before the answer: {}",
        stats(&mut all)
    );
    println!(
        "scripted campaign, the snapshots after the answer: {}",
        stats(&mut after)
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(3));
    targets = persist
}
criterion_main!(benches);
