//! The journal (DESIGN.md principle 5): every applied request one row, opening = the newest snapshot plus
//! the steps after it replayed by the core and checked against the events they gave; damaged rows and
//! foreign or newer files refused with a clear error and left as they were.

use std::path::{Path, PathBuf};

use goeben_referee::api::save;
use goeben_referee::{Request, RulesPack, Session, SessionRequest};
use goeben_store::scripted::Player;
use goeben_store::{Store, StoreError, SNAPSHOT_EVERY};

fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goeben-store-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays `steps` applied requests of a seeded game into `store`; the session as it stands.
fn play(
    store: &mut Store,
    session: &mut Session,
    player: &mut Player,
    steps: usize,
) -> Vec<String> {
    let mut kinds = Vec::new();
    while kinds.len() < steps {
        let request = player.request(&session.view());
        let kind = serde_json::to_value(&request).unwrap()["action"]
            .as_str()
            .unwrap()
            .to_string();
        let (response, written) = store.respond(session, request);
        written.expect("written");
        // As the shell does once the answer has gone back.
        store
            .write_due_snapshot(session)
            .expect("the snapshot is written");
        if response.changed {
            kinds.push(kind);
        }
    }
    kinds
}

fn reopen(path: &Path) -> (Store, goeben_store::Opened) {
    let mut store = Store::open(path).expect("the store opens");
    let opened = store.open_game().expect("the game opens");
    (store, opened)
}

#[test]
fn principle_5_every_step_reopens_to_the_same_session_replaying_at_most_snapshot_every_steps() {
    let dir = folder("every-step");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 11);
    let mut player = Player::new(11);
    let mut kinds = Vec::new();
    for _ in 0..60 {
        kinds.extend(play(&mut store, &mut session, &mut player, 5));
        let (_, opened) = reopen(&path);
        assert_eq!(opened.notice, None);
        assert!(
            opened.replayed < SNAPSHOT_EVERY,
            "replayed {}",
            opened.replayed
        );
        let reopened = opened.session.expect("a game is kept");
        assert_eq!(
            save::to_json(&reopened),
            save::to_json(&session),
            "after {} steps",
            kinds.len()
        );
    }
    for kind in ["undo", "reset_chart", "new_game"] {
        assert!(
            kinds.iter().any(|k| k == kind),
            "the script journaled a {kind}: {kinds:?}"
        );
    }
    let (steps, snapshots) = store.journal_rows().unwrap();
    assert!(snapshots <= 2, "older snapshots are let go: {snapshots}");
    assert!(
        steps < 2 * SNAPSHOT_EVERY,
        "older steps are let go: {steps}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn issue_31_each_answer_writes_its_step_alone_and_the_due_snapshot_comes_after_it() {
    let dir = folder("due");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 12);
    let mut player = Player::new(12);
    // The first write of a new store is a whole snapshot; then SNAPSHOT_EVERY steps, answered as the
    // shell answers them, each written as its step row alone.
    let mut steps = 0;
    let mut first = true;
    while steps < SNAPSHOT_EVERY {
        let request = player.request(&session.view());
        let (response, written) = store.respond(&mut session, request);
        written.unwrap();
        if response.changed && !std::mem::take(&mut first) {
            steps += 1;
            assert_eq!(store.journal_rows().unwrap(), (steps, 1), "step {steps}");
        }
    }
    assert!(store.snapshot_due());
    // Killed before the snapshot was written: nothing is lost, opening replays every step since.
    let (_, opened) = reopen(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(opened.replayed, SNAPSHOT_EVERY);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session)
    );
    // Written once, after the last step: opening replays nothing.
    assert!(store.write_due_snapshot(&session).unwrap());
    assert!(!store.snapshot_due());
    assert!(!store.write_due_snapshot(&session).unwrap(), "once");
    let (_, opened) = reopen(&path);
    assert_eq!(opened.replayed, 0);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn principle_5_a_step_that_replays_otherwise_opens_the_game_at_the_step_before_and_says_so() {
    let dir = folder("mismatch");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 5);
    let mut player = Player::new(5);
    // Steps until the last two are journal rows after the newest snapshot, keeping each state.
    let mut states = vec![save::to_json(&session)];
    let replayed = loop {
        play(&mut store, &mut session, &mut player, 1);
        states.push(save::to_json(&session));
        let (_, opened) = reopen(&path);
        if opened.replayed >= 2 {
            break opened.replayed as usize;
        }
    };
    drop(store);
    // The last step's events are changed behind the app's back.
    let conn = rusqlite::Connection::open(&path).unwrap();
    let last: i64 = conn
        .query_row("SELECT max(seq) FROM step", [], |r| r.get(0))
        .unwrap();
    conn.execute("UPDATE step SET events = '[]' WHERE seq = ?1", [last])
        .unwrap();
    drop(conn);
    let before = std::fs::read(&path).unwrap();
    let (_, opened) = reopen(&path);
    let notice = opened.notice.expect("the player is told");
    assert!(
        notice.contains(&format!("step {last} of the journal did not replay")),
        "{notice}"
    );
    assert_eq!(opened.replayed as usize, replayed - 1);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        states[states.len() - 2],
        "opened at the step before"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "opening changed nothing"
    );
    // A request that is not JSON any more stops the replay the same way.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE step SET request = 'garbage' WHERE seq = ?1", [last])
        .unwrap();
    drop(conn);
    let (mut store, opened) = reopen(&path);
    assert!(opened
        .notice
        .unwrap()
        .contains("is damaged (its request cannot be read)"));
    // Play goes on from there: the next write starts a new chain, which opens cleanly.
    let mut session = opened.session.unwrap();
    play(&mut store, &mut session, &mut player, 2);
    let (_, opened) = reopen(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn principle_5_a_damaged_newest_snapshot_opens_from_the_one_before_and_its_steps() {
    let dir = folder("snapshot");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 8);
    let mut player = Player::new(8);
    play(&mut store, &mut session, &mut player, 80);
    let (_, snapshots) = store.journal_rows().unwrap();
    assert_eq!(snapshots, 2);
    drop(store);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE snapshot SET session = '{\"schema\":1,' WHERE seq = (SELECT max(seq) FROM snapshot)", [])
        .unwrap();
    drop(conn);
    let (_, opened) = reopen(&path);
    let notice = opened.notice.expect("told");
    assert!(
        notice.contains("A snapshot of your game could not be read (it is damaged)"),
        "{notice}"
    );
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session),
        "nothing lost"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Cuts every snapshot of the store at `path` in half, as a damaged disk would leave them.
fn damage_every_snapshot(path: &Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute(
        "UPDATE snapshot SET session = substr(session, 1, length(session) / 2)",
        [],
    )
    .unwrap();
}

/// A new game as the app starts one: no seed given, so the session picks it (the journal's request
/// alone could not start the same game again).
fn new_game(store: &mut Store, session: &mut Session) {
    let (response, written) = store.respond(
        session,
        Request::Session(SessionRequest::NewGame {
            seed: None,
            options: None,
        }),
    );
    written.unwrap();
    assert!(response.changed);
}

#[test]
fn the_only_snapshot_damaged_the_game_is_rebuilt_from_its_new_game_and_every_step_since() {
    let dir = folder("only-snapshot");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 17);
    let mut player = Player::new(17);
    new_game(&mut store, &mut session);
    play(&mut store, &mut session, &mut player, 20);
    assert_eq!(
        store.journal_rows().unwrap(),
        (20, 1),
        "one snapshot (the new game's), then its steps"
    );
    drop(store);
    damage_every_snapshot(&path);
    let (mut store, opened) = reopen(&path);
    assert_eq!(
        opened.notice.as_deref(),
        Some("No snapshot of your game could be read (it is damaged); it was rebuilt from its new game and every step since, kept in the journal."),
        "one thing said, nothing that contradicts it"
    );
    assert_eq!(opened.replayed, 20);
    let mut reopened = opened.session.expect("the game is kept");
    assert_eq!(
        save::to_json(&reopened),
        save::to_json(&session),
        "at its last step, its seed and commitment as they were"
    );
    // Play goes on from there; the next write starts a new chain, which opens cleanly.
    play(&mut store, &mut reopened, &mut player, 3);
    let (_, opened) = reopen(&path);
    assert_eq!(opened.notice, None);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&reopened)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_new_game_in_the_middle_of_a_chain_is_rebuilt_from_its_start_when_no_snapshot_reads() {
    let dir = folder("new-game-mid-chain");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 18);
    let mut player = Player::new(18);
    new_game(&mut store, &mut session);
    play(&mut store, &mut session, &mut player, 40);
    new_game(&mut store, &mut session);
    play(&mut store, &mut session, &mut player, 5);
    assert_eq!(store.journal_rows().unwrap().1, 2, "two snapshots");
    drop(store);
    damage_every_snapshot(&path);
    let (_, opened) = reopen(&path);
    assert!(
        opened
            .notice
            .as_deref()
            .is_some_and(|n| n.starts_with("No snapshot of your game could be read (it is damaged); it was rebuilt from its new game")),
        "{:?}",
        opened.notice
    );
    assert_eq!(opened.replayed, 5);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn with_no_snapshot_read_and_no_start_in_the_journal_a_new_session_is_started_and_said_once() {
    let dir = folder("no-start");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    // A game loaded from a slot: the journal never held its new game.
    let mut session = Session::new(RulesPack::standard(), 19);
    session.respond(Request::Session(SessionRequest::NewGame {
        seed: None,
        options: None,
    }));
    store.record_session(&session, "loaded").unwrap();
    play(&mut store, &mut session, &mut Player::new(19), 4);
    drop(store);
    damage_every_snapshot(&path);
    let before = std::fs::read(&path).unwrap();
    let (_, opened) = reopen(&path);
    assert!(opened.session.is_none());
    assert_eq!(
        opened.notice.as_deref(),
        Some("No snapshot of your game could be read (it is damaged), and the journal does not hold it from its start: a new session was started.")
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "opening wrote nothing"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_game_s_start_is_let_go_with_the_steps_after_it() {
    let dir = folder("start-let-go");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 20);
    let mut player = Player::new(20);
    new_game(&mut store, &mut session);
    let starts = |path: &Path| -> i64 {
        rusqlite::Connection::open(path)
            .unwrap()
            .query_row(
                "SELECT count(*) FROM state WHERE name = 'journal_start'",
                [],
                |r| r.get(0),
            )
            .unwrap()
    };
    play(
        &mut store,
        &mut session,
        &mut player,
        SNAPSHOT_EVERY as usize,
    );
    assert_eq!(starts(&path), 1, "kept while every step after it is");
    play(
        &mut store,
        &mut session,
        &mut player,
        SNAPSHOT_EVERY as usize,
    );
    assert_eq!(
        starts(&path),
        0,
        "let go once a snapshot let go of the steps after it"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_files_are_refused_with_a_clear_error_and_left_as_they_were() {
    let dir = folder("bad-files");
    // Not a database at all.
    let garbage = dir.join("garbage.sqlite3");
    std::fs::write(&garbage, vec![0x5a; 8192]).unwrap();
    assert!(matches!(Store::open(&garbage), Err(StoreError::Damaged(_))));
    assert_eq!(std::fs::read(&garbage).unwrap(), vec![0x5a; 8192]);
    // Another program's SQLite file.
    let foreign = dir.join("foreign.sqlite3");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x)")
        .unwrap();
    let bytes = std::fs::read(&foreign).unwrap();
    let e = Store::open(&foreign).err().expect("refused");
    assert_eq!(
        e.to_string(),
        "the app's game store is damaged (it is not this app's store)"
    );
    assert_eq!(std::fs::read(&foreign).unwrap(), bytes);
    // A store of a newer version.
    let newer = dir.join("newer.sqlite3");
    drop(Store::open(&newer).unwrap());
    rusqlite::Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", 9)
        .unwrap();
    let bytes = std::fs::read(&newer).unwrap();
    assert_eq!(
        Store::open(&newer).err(),
        Some(StoreError::TooNew {
            found: 9,
            supported: goeben_store::STORE_VERSION
        })
    );
    assert_eq!(std::fs::read(&newer).unwrap(), bytes);
    // A message names no folder.
    for e in [
        StoreError::DiskFull,
        StoreError::ReadOnly,
        StoreError::Damaged("x".into()),
    ] {
        assert!(!e.to_string().contains('/'), "{e}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn the_store_and_its_wal_are_readable_by_their_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("mode");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 2);
    play(&mut store, &mut session, &mut Player::new(2), 3);
    for name in ["games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm"] {
        let mode = std::fs::metadata(dir.join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600, "{name}: {mode:o}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_game_loaded_over_the_running_one_starts_a_new_chain() {
    let dir = folder("chain");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 3);
    play(&mut store, &mut session, &mut Player::new(3), 10);
    let mut other = Session::new(RulesPack::standard(), 4);
    other.respond(Request::Session(SessionRequest::NewGame {
        seed: Some(4),
        options: None,
    }));
    store.record_session(&other, "loaded").unwrap();
    play(&mut store, &mut other, &mut Player::new(4), 3);
    let (_, opened) = reopen(&path);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&other)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_checkpointer_moves_a_long_wal_into_the_file_by_itself() {
    let dir = folder("checkpointer");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 12);
    play(&mut store, &mut session, &mut Player::new(12), 10);
    let size = || std::fs::metadata(&path).unwrap().len();
    let before = size();
    // Any WAL is over a bound of one byte.
    let checkpointer =
        goeben_store::Checkpointer::with_bound(&path, std::time::Duration::from_millis(20), 1)
            .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while size() == before && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(checkpointer);
    assert!(
        size() > before,
        "the game's pages reached the file ({before} bytes before)"
    );
    let salts = wal_salts(&path);
    play(&mut store, &mut session, &mut Player::new(13), 1);
    assert_ne!(
        wal_salts(&path),
        salts,
        "every page was moved: the next step started the WAL over"
    );
    let (_, opened) = reopen(&path);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_store_in_memory_plays_on_when_no_folder_can_hold_one() {
    let mut store = Store::in_memory();
    let mut session = Session::new(RulesPack::standard(), 14);
    play(&mut store, &mut session, &mut Player::new(14), 40);
    assert_eq!(store.path(), None);
    let opened = store.open_game().unwrap();
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session)
    );
}

/// A read-only data folder: the game on the device is read without writing a byte, whether the app closed
/// cleanly (no WAL) or was killed with its last steps still in the WAL.
#[test]
fn a_store_that_cannot_be_written_is_read_to_the_game_it_holds_and_left_as_it_was() {
    let dir = folder("read-only");
    let path = dir.join("games.sqlite3");
    let mut session = Session::new(RulesPack::standard(), 23);
    let mut player = Player::new(23);
    {
        let mut store = Store::open(&path).unwrap();
        store.set_wal_autocheckpoint(0).unwrap();
        play(&mut store, &mut session, &mut player, 12);
        // The app still running (its WAL and -shm files there): the last steps are read from the WAL.
        let opened = Store::read_game(&path).expect("read beside a running store");
        assert_eq!(
            save::to_json(opened.session.as_ref().unwrap()),
            save::to_json(&session)
        );
        assert_eq!(opened.notice, None);
    }
    // Closed cleanly: no WAL left; read as immutable, nothing created or changed.
    let files = |dir: &Path| {
        let mut names: Vec<(String, usize, u64)> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| {
                let bytes = std::fs::read(&p).unwrap();
                let sum = bytes
                    .iter()
                    .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(*b as u64));
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, bytes.len(), sum)
            })
            .collect();
        names.sort();
        names
    };
    let before = files(&dir);
    let opened = Store::read_game(&path).expect("read a closed store");
    assert_eq!(
        save::to_json(opened.session.as_ref().unwrap()),
        save::to_json(&session)
    );
    assert_eq!(files(&dir), before, "reading wrote nothing");
    std::fs::write(dir.join("other.sqlite3"), b"not a store at all, just bytes").unwrap();
    assert!(
        Store::read_game(&dir.join("other.sqlite3")).is_err(),
        "a foreign file is refused"
    );
}

fn wal_of(path: &Path) -> PathBuf {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    PathBuf::from(wal)
}

/// The WAL header's salts (bytes 16–23): SQLite draws new ones each time it starts the WAL over, and the
/// commit that starts it over writes and syncs the header (an fsync inside that answer).
fn wal_salts(path: &Path) -> Vec<u8> {
    std::fs::read(wal_of(path)).unwrap()[16..24].to_vec()
}

#[test]
fn issue_31_a_short_wal_is_synced_in_place_so_no_answer_waits_for_a_new_wal_header() {
    let dir = folder("wal-kept");
    let path = dir.join("games.sqlite3");
    let mut store = Store::open(&path).unwrap();
    let mut session = Session::new(RulesPack::standard(), 15);
    let mut player = Player::new(15);
    play(&mut store, &mut session, &mut player, 5);
    let salts = wal_salts(&path);
    let file = std::fs::metadata(&path).unwrap().len();
    let tick = std::time::Duration::from_millis(10);
    let checkpointer = goeben_store::Checkpointer::start(&path, tick).unwrap();
    // Steps with ticks between them, as a player's taps come seconds apart.
    for _ in 0..5 {
        std::thread::sleep(tick * 5);
        play(&mut store, &mut session, &mut player, 2);
    }
    drop(checkpointer);
    assert_eq!(
        wal_salts(&path),
        salts,
        "the WAL was never started over: no step wrote a new header"
    );
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        file,
        "no checkpoint while the WAL is short"
    );
    // The control: a checkpoint between two steps starts the WAL over at the next commit.
    store.checkpoint().unwrap();
    play(&mut store, &mut session, &mut player, 1);
    assert_ne!(
        wal_salts(&path),
        salts,
        "a checkpoint then a step: a new header"
    );
    let (_, opened) = reopen(&path);
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&session)
    );
    std::fs::remove_dir_all(&dir).ok();
}
