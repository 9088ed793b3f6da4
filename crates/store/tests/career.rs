//! The career figures read from the store with SQL: figures kept with a finished game are read as they
//! are, a game kept without them (store version 1, an imported file) has them derived from its record
//! once and written back, a damaged row is counted and left out, and a running game adds nothing.

use goeben_referee::api::career::{self, GameFigures};
use goeben_referee::api::finished;
use goeben_referee::{Request, RulesPack, Session, SessionRequest};
use goeben_store::scripted::Player;
use goeben_store::{FinishedRow, Store};

/// A seeded game played to its end for good by the store's scripted player (no undo: a plain game).
fn finished_session(seed: u64) -> Session {
    let mut session = Session::new(RulesPack::standard(), seed);
    let mut player = Player::new(seed);
    session.respond(SessionRequest::NewGame {
        seed: Some(seed),
        options: None,
    });
    while !session.over_for_good() {
        let view = session.view();
        let i = (player.draw() % view.decisions.len() as u64) as usize;
        session.respond(view.decisions[i].action.clone());
    }
    session
}

/// The row the shell keeps for a finished game, with or without its figures; `at` its end time.
fn row(session: &mut Session, at: u64, with_figures: bool) -> (FinishedRow, GameFigures) {
    let figures = career::figures(session).expect("over for good");
    let record = session
        .respond(SessionRequest::ExportRecord)
        .record()
        .unwrap();
    let entry = finished::entry(&record, at).unwrap();
    let row = FinishedRow {
        id: entry.id.clone(),
        finished_at: at,
        entry: serde_json::to_string(&entry).unwrap(),
        record: serde_json::to_string(&record).unwrap(),
        figures: with_figures.then(|| serde_json::to_string(&figures).unwrap()),
    };
    (row, figures)
}

#[test]
fn the_career_reads_kept_figures_oldest_first_and_derives_the_missing_once() {
    let mut store = Store::in_memory();
    let mut expected = Vec::new();
    for (n, seed) in [11u64, 12, 13].into_iter().enumerate() {
        let (row, figures) = row(&mut finished_session(seed), 3000 - n as u64 * 1000, n != 1);
        assert!(store.keep_finished(&row).unwrap());
        expected.push(figures);
    }
    expected.reverse();
    store
        .keep_finished(&FinishedRow {
            id: "00000000000000ff".into(),
            finished_at: 5000,
            entry: "{ damaged".into(),
            record: "{ damaged".into(),
            figures: None,
        })
        .unwrap();
    // A game still running is in the journal, never in `finished`.
    let mut running = Session::new(RulesPack::standard(), 14);
    let (response, written) = store.respond(
        &mut running,
        Request::Session(SessionRequest::NewGame {
            seed: Some(14),
            options: None,
        }),
    );
    assert!(response.ok && written.is_ok());

    let before = store.career_rows().unwrap();
    assert_eq!(before.len(), 4, "three games and the damaged row");
    assert_eq!(
        before.iter().filter(|r| r.figures.is_none()).count(),
        2,
        "the game kept without figures and the damaged row"
    );
    let career = store.career().unwrap();
    assert_eq!(career.games, expected, "oldest first, derived = kept");
    assert_eq!(career.unreadable, 1);
    let after = store.career_rows().unwrap();
    assert_eq!(
        after.iter().filter(|r| r.figures.is_none()).count(),
        1,
        "the derived figures were written back; the damaged row stays as it was"
    );
    let view = career::view(&career.games, career.unreadable);
    assert_eq!(view.vp.unwrap().points.len(), 3);
    assert_eq!(
        view.tables[0]
            .total
            .as_ref()
            .map_or(view.tables[0].rows[0].played, |t| t.played),
        3
    );
}

#[test]
fn a_version_1_store_takes_the_figures_column_and_its_games_count() {
    let dir = std::env::temp_dir().join(format!("goeben-store-career-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(goeben_store::FILE);
    let (kept, figures) = row(&mut finished_session(21), 1000, false);
    {
        // A store as version 1 wrote it: no figures column.
        let mut store = Store::open(&path).unwrap();
        store.keep_finished(&kept).unwrap();
        drop(store);
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("ALTER TABLE finished DROP COLUMN figures; PRAGMA user_version = 1;")
            .unwrap();
    }
    let mut store = Store::open(&path).unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: u32 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, goeben_store::STORE_VERSION);
    assert_eq!(store.career_rows().unwrap()[0].figures, None);
    assert_eq!(store.career().unwrap().games, vec![figures]);
    assert!(store.career_rows().unwrap()[0].figures.is_some());
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The career over 200 finished games: read from the kept figures, and derived from every record (a
/// store of version 1). `cargo test -p goeben-store --test suite career:: -- --ignored --nocapture` (the test
/// profile is optimised); docs/PERFORMANCE.md keeps the figures.
#[test]
#[ignore = "a measurement: run it on purpose"]
fn measure_the_career_of_200_finished_games() {
    let mut sessions: Vec<Session> = (31u64..35).map(finished_session).collect();
    let mut stored = Store::in_memory();
    let mut derived = Store::in_memory();
    for n in 0..200u64 {
        let (mut row, _) = row(&mut sessions[(n % 4) as usize], n, true);
        row.id = format!("{n:016x}");
        stored.keep_finished(&row).unwrap();
        row.figures = None;
        derived.keep_finished(&row).unwrap();
    }
    for (name, store) in [
        ("kept figures", &mut stored),
        ("derived from records", &mut derived),
    ] {
        let start = std::time::Instant::now();
        let career = store.career().unwrap();
        let view = career::view(&career.games, career.unreadable);
        let took = start.elapsed();
        assert_eq!(view.vp.unwrap().points.len(), 200);
        eprintln!("career view of 200 finished games, {name}: {took:?}");
    }
    let start = std::time::Instant::now();
    let career = derived.career().unwrap();
    career::view(&career.games, career.unreadable);
    eprintln!(
        "the same store opened again (figures now kept): {:?}",
        start.elapsed()
    );
}
