//! The files of the app before the store (DESIGN.md principle 5: old saves open): the two autosaves of the
//! store plugin (the newest holding the committed schema-1 save of 23 November 2026), a named slot, a
//! finished game and the table tools' session, in `tests/fixtures/old-app/` as that app wrote them
//! (`UPDATE_OLD_APP_FIXTURES=1` wrote them from the same keys and seeded games; without it they are only
//! read). Each is imported once into the store, moved into `imported/`, never deleted; a file that fails
//! stays where it was and is told once.

use std::path::{Path, PathBuf};

use goeben_referee::api::{finished, save};
use goeben_referee::{RulesPack, Session, SessionRequest};
use goeben_store::{Store, IMPORTED_DIR, TABLE_TOOLS};
use serde_json::json;

const SCHEMA1: &str = include_str!("../../../tests/fixtures/saves/schema1-2026-11-23.json");

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/old-app")
}

fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goeben-import-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap().map(Result::unwrap) {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Writes the fixtures with the keys today's shell writes (`persistence.rs`, `finished_games.rs`,
/// `table_tools.rs`), from seeded games; only with `UPDATE_OLD_APP_FIXTURES=1`.
fn write_fixtures(dir: &Path) {
    let older = {
        let mut s = Session::new(RulesPack::standard(), 6);
        s.respond(SessionRequest::NewGame {
            seed: Some(6),
            options: None,
        });
        s
    };
    let write = |name: &str, value: serde_json::Value| {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, serde_json::to_vec(&value).unwrap()).unwrap();
    };
    write(
        "autosave-a.json",
        json!({ "generation": 8, "save": SCHEMA1 }),
    );
    write(
        "autosave-b.json",
        json!({ "generation": 7, "save": save::to_json(&older) }),
    );
    let view = older.view();
    let summary = json!({ "turn": view.turn, "last_turn": view.last_turn, "phase": view.phase, "orders": view.game.map(|g| g.orders.name), "vp": view.vp });
    write(
        "saves/slot-game-1-4b0e2c8a.json",
        json!({ "name": "Game 1", "saved_at": 1_795_000_000_000u64, "automatic": false, "summary": summary, "save": save::to_json(&older) }),
    );
    let mut done = Session::new(RulesPack::standard(), 3);
    let mut r = done.respond(SessionRequest::NewGame {
        seed: Some(3),
        options: None,
    });
    let mut i = 0usize;
    while r.view.game_over.is_none() {
        r = done.respond(
            r.view.decisions[(i * 31 + 7) % r.view.decisions.len()]
                .action
                .clone(),
        );
        i += 1;
    }
    let record = done.export_record().unwrap();
    let entry = finished::entry(&record, 1_795_000_100_000).unwrap();
    write(
        &format!("finished/{}.json", entry.id),
        json!({ "entry": entry, "record": record }),
    );
    let mut tools = goeben_table_tools::ToolSession::seeded(4);
    let roll = tools.respond(
        goeben_table_tools::parse_line(r#"{"tool":"roll_event","player":"a","table":"tactical"}"#)
            .unwrap(),
    );
    assert!(!roll.is_error(), "{roll:?}");
    write(
        "table-tools.json",
        json!({ "session": serde_json::to_string(&tools).unwrap() }),
    );
}

#[test]
fn principle_5_every_kind_of_old_file_is_imported_once_and_moved_aside_never_deleted() {
    if std::env::var_os("UPDATE_OLD_APP_FIXTURES").is_some() {
        write_fixtures(&fixtures());
    }
    let dir = folder("all");
    copy_tree(&fixtures(), &dir);
    let mut store = Store::open(&dir.join("games.sqlite3")).unwrap();
    let imported = store.import_old_files(&dir, 1_800_000_000_000);
    assert_eq!(imported.notice, None, "{:?}", imported.failed);
    assert_eq!(imported.files.len(), 5, "{:?}", imported.files);
    // The running game is the newest autosave: the committed schema-1 save, as it reads by itself.
    let opened = store.open_game().unwrap();
    let expected = save::from_json(SCHEMA1).unwrap();
    assert_eq!(
        save::to_json(&opened.session.unwrap()),
        save::to_json(&expected)
    );
    let slots = store.slots().unwrap();
    assert_eq!(slots.len(), 1);
    assert_eq!(
        (slots[0].id.as_str(), slots[0].name.as_str()),
        ("slot-game-1-4b0e2c8a", "Game 1")
    );
    assert!(save::from_json(&slots[0].save).is_ok());
    let entries = store.finished_entries().unwrap();
    assert_eq!(entries.len(), 1);
    let entry: finished::FinishedEntry = serde_json::from_str(&entries[0]).unwrap();
    let record = store.finished_record(&entry.id).unwrap().unwrap();
    // The record reads; it was played with the earlier standard pack (1.1.0), whose rules were corrected
    // since, so verify names that instead of replaying it under rules that now play differently.
    let report = goeben_referee::api::verify::verify(&record);
    let error = report.error.expect("refused");
    assert_eq!(error.code.name(), "pack_mismatch", "{}", error.message);
    assert!(
        error
            .message
            .contains("another version of the standard rules pack"),
        "{}",
        error.message
    );
    let tools = store
        .state(TABLE_TOOLS)
        .unwrap()
        .expect("the tools' session");
    assert!(goeben_table_tools::ToolSession::from_json(&tools).is_ok());
    // Moved aside, byte for byte; nothing left to import.
    for file in &imported.files {
        assert!(!dir.join(file).exists(), "{file} moved");
        assert_eq!(
            std::fs::read(dir.join(IMPORTED_DIR).join(file)).unwrap(),
            std::fs::read(fixtures().join(file)).unwrap()
        );
    }
    assert_eq!(
        store.import_old_files(&dir, 1_800_000_000_001),
        goeben_store::Imported::default()
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_old_file_that_fails_to_import_stays_where_it_is_and_is_told_once() {
    let dir = folder("fails");
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    std::fs::write(dir.join("autosave-a.json"), "{ torn").unwrap();
    let newer = SCHEMA1.replacen("\"schema\":1", "\"schema\":99", 1);
    std::fs::write(
        dir.join("saves/slot-x-00000001.json"),
        json!({ "name": "X", "save": newer }).to_string(),
    )
    .unwrap();
    let mut store = Store::open(&dir.join("games.sqlite3")).unwrap();
    let imported = store.import_old_files(&dir, 1);
    let notice = imported.notice.expect("told");
    assert!(
        notice.contains("autosave-a.json (it is not readable JSON)"),
        "{notice}"
    );
    assert!(
        notice.contains("saves/slot-x-00000001.json (the save file was written by a newer version"),
        "{notice}"
    );
    assert!(
        !notice.contains(dir.to_str().unwrap()),
        "no folder named: {notice}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("autosave-a.json")).unwrap(),
        "{ torn",
        "kept as it was"
    );
    assert!(dir.join("saves/slot-x-00000001.json").exists());
    assert!(
        store.open_game().unwrap().session.is_none(),
        "nothing half imported"
    );
    assert_eq!(
        store.import_old_files(&dir, 2),
        goeben_store::Imported::default(),
        "told once"
    );
    std::fs::remove_dir_all(&dir).ok();
}
