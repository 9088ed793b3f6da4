//! Power cuts and kills against the store (docs/RELIABILITY.md):
//! - crash copies: while a seeded game is written, the database and its WAL are copied at seeded random
//!   moments, many times; each copy is what a power cut at that instant leaves (the writer's own
//!   checkpoints are held off, so the database file stays still while the WAL grows: a copy of the file
//!   and then of the WAL is a prefix of the writes, torn frame included). Every copy must open, with no
//!   notice, to a game the journal had committed, at a step between the last one committed before the copy
//!   began and the last one committed when it ended.
//! - kills: a child process (`journal_writer`) plays into the store and is SIGKILLed at seeded random
//!   moments; each restart must open at the last step it reported committed, or the one in flight after
//!   it, never anything else, and go on from there.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use goeben_referee::api::save;
use goeben_referee::{RulesPack, Session};
use goeben_store::scripted::Player;
use goeben_store::Store;

fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goeben-crash-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copies taken in all; the test command runs this many, a longer run sets `CRASH_COPIES`.
fn copies_wanted() -> usize {
    std::env::var("CRASH_COPIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200)
}

/// The steps committed so far: the last one's seq, and each committed session (save JSON) with its seq.
type Committed = Arc<Mutex<(i64, HashMap<String, i64>)>>;

/// Plays a seeded game into the store at `path` until `done`, noting each commit in `committed`.
fn spawn_writer(
    path: PathBuf,
    committed: Committed,
    done: Arc<AtomicBool>,
    copying: Arc<std::sync::RwLock<()>>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut store = Store::open(&path).unwrap();
        store.set_wal_autocheckpoint(0).unwrap();
        let mut session = Session::new(RulesPack::standard(), 21);
        let mut player = Player::new(21);
        while !done.load(Ordering::Relaxed) {
            let request = player.request(&session.view());
            // The commit and its note happen under one lock, so the copier's "last committed" taken
            // after a copy covers every commit that landed during it.
            let mut c = committed.lock().unwrap();
            let (response, written) = store.respond(&mut session, request);
            written.unwrap();
            // As the shell does once the answer has gone back: a snapshot's own commit, between two steps.
            store.write_due_snapshot(&session).unwrap();
            if response.changed {
                c.0 = store.last_written();
                c.1.insert(save::to_json(&session), store.last_written());
            }
            drop(c);
            if store.last_written() % 64 == 0 {
                let _hold = copying.write().unwrap();
                store.checkpoint().unwrap();
            }
            // A player's pace, roughly: the copies land among the steps, not after thousands.
            std::thread::sleep(Duration::from_micros(300));
        }
    })
}

#[test]
fn principle_5_every_crash_copy_opens_to_a_committed_step() {
    let dir = folder("copies");
    let path = dir.join("games.sqlite3");
    let committed: Committed = Arc::default();
    // Held by the copier while it copies, by the writer while it checkpoints: a checkpoint moves pages
    // from the WAL into the file, which no instant of a power cut shows half done (SQLite's own promise,
    // not this test's), and it keeps the WAL, and so each copy, small.
    let copying: Arc<std::sync::RwLock<()>> = Arc::default();
    let done = Arc::new(AtomicBool::new(false));
    let writer = spawn_writer(
        path.clone(),
        committed.clone(),
        done.clone(),
        copying.clone(),
    );
    // Copies start once the writer has created the file: before that there is nothing to copy (a copy
    // taken then failed to find it when the machine was slow to start the writer's thread).
    while !path.exists() {
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut rng = Player::new(99);
    let wanted = copies_wanted();
    let mut opened_at = Vec::new();
    for n in 0..wanted {
        std::thread::sleep(Duration::from_micros(rng.draw() % 4000));
        let copy = dir.join(format!("copy-{}", n % 4));
        std::fs::create_dir_all(&copy).unwrap();
        let hold = copying.read().unwrap();
        let first = committed.lock().unwrap().0;
        std::fs::copy(&path, copy.join("games.sqlite3")).unwrap();
        let _ = std::fs::remove_file(copy.join("games.sqlite3-wal"));
        let _ = std::fs::remove_file(copy.join("games.sqlite3-shm"));
        if dir.join("games.sqlite3-wal").exists() {
            std::fs::copy(
                dir.join("games.sqlite3-wal"),
                copy.join("games.sqlite3-wal"),
            )
            .unwrap();
        }
        let last = committed.lock().unwrap().0;
        drop(hold);
        let mut store = Store::open(&copy.join("games.sqlite3")).expect("every copy opens");
        let opened = store.open_game().expect("its game opens");
        assert_eq!(opened.notice, None, "copy {n}: no damage to report");
        let Some(session) = opened.session else {
            assert_eq!(
                first, 0,
                "copy {n}: only a copy from before the first step holds no game"
            );
            continue;
        };
        let c = committed.lock().unwrap();
        let at = *c.1.get(&save::to_json(&session)).unwrap_or_else(|| {
            panic!("copy {n} opened to a game the journal never committed ({first}..{last})")
        });
        assert!(
            first <= at && at <= last.max(first),
            "copy {n}: step {at} outside {first}..{last}"
        );
        opened_at.push(at);
    }
    done.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    println!(
        "crash copies: {} of {wanted} opened at a committed step (steps {}..{})",
        opened_at.len(),
        opened_at.first().unwrap_or(&0),
        opened_at.last().unwrap_or(&0)
    );
    assert!(
        opened_at.len() + 5 >= wanted,
        "nearly every copy holds a game"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn principle_5_a_writer_killed_at_any_moment_reopens_at_the_last_answered_step_or_the_one_after() {
    let dir = folder("kills");
    let path = dir.join("games.sqlite3");
    let kills: usize = std::env::var("KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let mut rng = Player::new(7);
    let mut answered: Option<(i64, String)> = None;
    let (mut kept, mut in_flight) = (0, 0);
    for kill in 0..kills {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_journal_writer"))
            .arg(&path)
            .arg((kill as u64 + 1).to_string())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let opened = lines.next().unwrap().unwrap();
        let parts: Vec<&str> = opened.split(' ').collect();
        assert_eq!(
            parts[0], "opened",
            "kill {kill}: no damage to report: {opened}"
        );
        let seq: i64 = parts[1].parse().unwrap();
        if let Some((last, fingerprint)) = &answered {
            if seq == *last {
                assert_eq!(parts[2], fingerprint, "kill {kill}: the last answered game");
                kept += 1;
            } else {
                assert_eq!(
                    seq,
                    last + 1,
                    "kill {kill}: only the step in flight may be added"
                );
                in_flight += 1;
            }
        }
        answered = Some((seq, parts[2].to_string()));
        let steps = 1 + rng.draw() % 40;
        for _ in 0..steps {
            let line = lines.next().unwrap().unwrap();
            let parts: Vec<&str> = line.split(' ').collect();
            answered = Some((parts[1].parse().unwrap(), parts[2].to_string()));
        }
        // Killed after a seeded pause: between steps, or inside one's write.
        std::thread::sleep(Duration::from_micros(rng.draw() % 3000));
        child.kill().unwrap();
        // Lines the child wrote before it died were answered too.
        for line in lines.map_while(Result::ok) {
            let parts: Vec<&str> = line.split(' ').collect();
            answered = Some((parts[1].parse().unwrap(), parts[2].to_string()));
        }
        child.wait().unwrap();
    }
    println!("kills survived: {kills} / {kills} ({kept} at the last answered step, {in_flight} with the step in flight kept)");
    std::fs::remove_dir_all(&dir).ok();
}
