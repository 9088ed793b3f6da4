//! What the app keeps, through the game store (`goeben-store`, one SQLite file in the app data folder):
//! the running game as a journal written before each answer, the save slots, the finished games and the
//! table tools' session. This module opens the store at start and words what the shell's commands need:
//! slot names and ids, the slots' public list, and the player's messages when a write fails.
//!
//! When the store cannot be opened (a read-only folder, a full disk, a damaged or newer store) the app
//! plays on with a store in memory and tells the player once, at start; no message names a folder.
//! A write that fails later leaves everything already written as it was: the game goes on in memory, the
//! player is told once (`Trouble`), and the next applied action writes a whole snapshot again.
//!
//! Hidden information: the store holds the game's secrets (saves, records, the tools' dice); none of it
//! crosses to the webview, only the public summaries and views.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use goeben_referee::api::Phase;
use goeben_referee::api::{ErrorCode, ErrorInfo};
use goeben_referee::{api::save, Session};
use goeben_store::{Checkpointer, SlotRow, Store, StoreError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// The store, shared by the game's commands and the table tools' (each takes its own lock first, then
/// this one: never the other way round).
pub type Shared = Arc<Mutex<Store>>;

/// How often the checkpointer syncs the WAL to the disk: what a power cut can lose at most.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

pub fn lock_store(store: &Shared) -> MutexGuard<'_, Store> {
    store
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The store as opened at start, with the game it held.
pub struct Opening {
    pub store: Store,
    pub session: Option<Session>,
    /// What the player must read once: the store could not be opened, an old file did not import, or the
    /// game opened at an earlier step.
    pub notice: Option<String>,
    /// Syncs the WAL every second; `None` for a store in memory.
    pub checkpointer: Option<Checkpointer>,
}

/// Opens the store in `dir` (the app data folder; `None` when the platform gave none): the files of an
/// earlier version are imported first, then the running game is opened. When the store cannot be opened
/// the game goes on in memory.
pub fn open_store(dir: Option<&Path>) -> Opening {
    let opened = match dir {
        Some(dir) => std::fs::create_dir_all(dir)
            .map_err(|e| goeben_store::io_error(&e))
            .and_then(|()| Store::open(&dir.join(goeben_store::FILE)))
            .map(|store| (store, dir)),
        None => Err(StoreError::Other("the app has no data folder".into())),
    };
    let (mut store, dir) = match opened {
        Ok(found) => found,
        Err(e) => return in_memory(&e, dir.and_then(read_kept_game)),
    };
    let imported = store.import_old_files(dir, now_millis());
    let game = match store.open_game() {
        Ok(game) => game,
        Err(e) => return in_memory(&e, None),
    };
    let checkpointer = store
        .path()
        .and_then(|path| Checkpointer::start(path, CHECKPOINT_EVERY).ok());
    let notes: Vec<String> = [imported.notice, game.notice]
        .into_iter()
        .flatten()
        .collect();
    Opening {
        store,
        session: game.session,
        notice: (!notes.is_empty()).then(|| notes.join(" ")),
        checkpointer,
    }
}

/// The game kept in a store that cannot be opened for writing (a read-only data folder), read as it stands.
fn read_kept_game(dir: &Path) -> Option<Session> {
    let path = dir.join(goeben_store::FILE);
    if !path.exists() {
        return None;
    }
    Store::read_game(&path).ok()?.session
}

/// Play goes on in a store in memory, from the game read from the device when there is one.
fn in_memory(e: &StoreError, session: Option<Session>) -> Opening {
    Opening {
        store: Store::in_memory(),
        session,
        notice: Some(format!(
            "Your games cannot be kept on this device now: {e}. Play goes on, but nothing is kept after the app closes until {}.",
            until_words(e)
        )),
        checkpointer: None,
    }
}

/// When a write that failed for `e` can work again.
fn until_words(e: &StoreError) -> &'static str {
    match e {
        StoreError::DiskFull => "there is room on the disk",
        StoreError::ReadOnly => "the app's data folder can be written again",
        _ => "it can be written again",
    }
}

fn retry_words(e: &StoreError) -> &'static str {
    match e {
        StoreError::DiskFull => "as soon as there is room",
        StoreError::ReadOnly => "as soon as the folder can be written again",
        _ => "as soon as it can",
    }
}

/// What the player reads when the running game cannot be written.
pub fn game_message(e: &StoreError) -> String {
    format!(
        "Your game could not be saved: {e}. Play goes on; it will be saved again after your next move, {}. Your last save is kept as it was.",
        retry_words(e)
    )
}

/// What the player reads when a named save (or a kept copy) cannot be written.
pub fn slot_message(e: &StoreError) -> String {
    format!("The save could not be written: {e}. Nothing already saved was changed.")
}

/// What the player reads when the table tools cannot save.
pub fn tools_message(e: &StoreError) -> String {
    format!(
        "The table tools could not save: {e}. Nothing was changed: ask again, and the tools go on in memory and save again {}.",
        retry_words(e)
    )
}

/// An applied action whose journal row could not be written.
#[derive(Debug)]
pub struct SaveFailure {
    /// The player's words: what went wrong, that play goes on, when it will be saved again.
    pub message: String,
    /// Whether to tell the player now: only the first failure since the last save that worked.
    pub tell: bool,
}

/// Whether the player has been told that saving fails: told once, at the first failure after a save that
/// worked (or at the first one of the run), not again at every move while the disk stays full.
#[derive(Debug, Default)]
pub struct Trouble {
    told: Mutex<bool>,
}

impl Trouble {
    /// A save failed: whether to tell the player (not if already told).
    pub fn failed(&self) -> bool {
        let mut told = self.told.lock().unwrap_or_else(|p| p.into_inner());
        !std::mem::replace(&mut *told, true)
    }

    /// A save worked: the next failure is told again.
    pub fn succeeded(&self) {
        *self.told.lock().unwrap_or_else(|p| p.into_inner()) = false;
    }

    /// The outcome of a journal write, as the answer needs it.
    pub fn game_write(&self, written: Result<(), StoreError>) -> Result<(), SaveFailure> {
        match written {
            Ok(()) => {
                self.succeeded();
                Ok(())
            }
            Err(e) => Err(SaveFailure {
                message: game_message(&e),
                tell: self.failed(),
            }),
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// Save slots: rows of the store, each with its public summary and its save.

/// Longest name a slot may have, in characters.
pub const NAME_MAX: usize = goeben_referee::api::names::SAVE_NAME_MAX_CHARS;

/// What the list shows of a slot: public facts only (the same the player sees on the game screen).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "SlotSummary", export_to = "shell/")]
pub struct Summary {
    pub turn: u8,
    pub last_turn: u8,
    pub phase: Phase,
    /// The Orders' name, when a game is running.
    pub orders: Option<String>,
    pub vp: i32,
}

impl Summary {
    pub fn of(session: &Session) -> Summary {
        let view = session.view();
        Summary {
            turn: view.turn,
            last_turn: view.last_turn,
            phase: view.phase,
            orders: view.game.map(|g| g.orders.name),
            vp: view.vp,
        }
    }
}

/// One slot as listed for the UI.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export_to = "shell/")]
pub struct SlotInfo {
    /// Stable identifier (the slot's id in the store), used to load or delete the slot.
    pub id: String,
    /// The player's name for it.
    pub name: String,
    /// When it was saved, in milliseconds since 1970.
    #[ts(type = "number | null")]
    pub saved_at: Option<u64>,
    /// Kept by the app itself (the game that was running before a load or an import).
    pub automatic: bool,
    pub summary: Option<Summary>,
    /// Why the slot cannot be loaded; `None` when it reads.
    pub unreadable: Option<String>,
}

fn error(code: ErrorCode, message: impl Into<String>) -> ErrorInfo {
    ErrorInfo::new(code, message)
}

/// The name as kept (trimmed), or why it cannot be a slot's name.
pub fn check_name(raw: &str) -> Result<String, ErrorInfo> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(error(ErrorCode::BadName, "Give the save a name."));
    }
    let count = name.chars().count();
    if count > NAME_MAX {
        return Err(error(
            ErrorCode::BadName,
            format!("A save's name has at most {NAME_MAX} characters; this one has {count}."),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(error(
            ErrorCode::BadName,
            "A save's name cannot hold line breaks or control characters.",
        ));
    }
    Ok(name.to_string())
}

/// The slot id of a (checked) name: readable letters and digits, plus a hash of the whole name folded to
/// lower case, so that names differing only in case or in characters the file system dislikes are the
/// same slot ("Game 1" and "game 1") or different ones ("Été" and "Ete") as a player would expect.
pub fn slot_id(name: &str) -> String {
    let folded = name.trim().to_lowercase();
    let mut slug = String::new();
    for c in folded.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
        if slug.len() >= 24 {
            break;
        }
    }
    let slug = slug.trim_end_matches('-');
    // FNV-1a, 32 bits: stable across versions and platforms (unlike std's hasher).
    let hash = folded.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    });
    if slug.is_empty() {
        format!("slot-{hash:08x}")
    } else {
        format!("slot-{slug}-{hash:08x}")
    }
}

/// An id the UI sent back is one of ours: no path separators, no dots, nothing to escape the folder.
pub fn check_id(id: &str) -> Result<(), ErrorInfo> {
    let ours = !id.is_empty()
        && id.len() <= 80
        && !id.starts_with('-')
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if ours {
        Ok(())
    } else {
        Err(error(ErrorCode::UnknownSlot, "There is no such save."))
    }
}

/// The store's row of a slot holding `session`.
pub fn slot_row(
    id: &str,
    name: &str,
    automatic: bool,
    saved_at: u64,
    session: &Session,
) -> SlotRow {
    SlotRow {
        id: id.to_string(),
        name: name.to_string(),
        saved_at,
        automatic,
        summary: serde_json::to_string(&Summary::of(session)).expect("a summary serialises"),
        save: save::to_json(session),
    }
}

/// Writes a slot whole (one transaction: the old slot of that id stays as it was when it fails).
pub fn write_slot(store: &mut Store, row: &SlotRow) -> Result<(), ErrorInfo> {
    check_id(&row.id)?;
    store
        .put_slot(row)
        .map_err(|e| error(ErrorCode::SaveFailed, slot_message(&e)))
}

/// A slot as listed, and why it cannot be loaded (from its save's header alone: a save from an older or
/// newer app is listed as such; the whole save is checked when it is loaded).
fn slot_info(row: &SlotRow) -> SlotInfo {
    let unreadable = match serde_json::from_str::<Value>(&row.save)
        .ok()
        .and_then(|v| v.get("schema").and_then(Value::as_u64))
    {
        None => Some("the save in it is damaged".to_string()),
        Some(schema) if schema > save::SAVE_SCHEMA as u64 => Some(format!(
            "it was written by a newer version of the app (save schema {schema})"
        )),
        Some(schema) if schema < save::SAVE_SCHEMA as u64 => {
            Some(format!("it uses an old save format (save schema {schema})"))
        }
        Some(_) => None,
    };
    SlotInfo {
        id: row.id.clone(),
        name: row.name.clone(),
        saved_at: Some(row.saved_at),
        automatic: row.automatic,
        summary: serde_json::from_str(&row.summary).ok(),
        unreadable,
    }
}

/// Every slot, newest first; one that does not read is listed as unreadable (only the player deletes it).
/// When the store cannot be read the list is empty.
pub fn list_slots(store: &Store) -> Vec<SlotInfo> {
    store
        .slots()
        .map(|rows| rows.iter().map(slot_info).collect())
        .unwrap_or_default()
}

/// Whether slot `id` exists (a store that cannot be read says no: the write then says why).
pub fn has_slot(store: &Store, id: &str) -> bool {
    store.has_slot(id).unwrap_or(false)
}

/// The session in slot `id`, checked like any save (`save::from_json`).
pub fn read_saved_slot(store: &Store, id: &str) -> Result<(SlotInfo, Session), ErrorInfo> {
    check_id(id)?;
    let unreadable = |why: String| {
        error(
            ErrorCode::SlotUnreadable,
            format!("This save cannot be loaded: {why}. It is kept."),
        )
    };
    let row = store
        .slot(id)
        .map_err(|e| unreadable(e.to_string()))?
        .ok_or_else(|| {
            error(
                ErrorCode::UnknownSlot,
                "There is no such save (it may have been deleted).",
            )
        })?;
    let info = slot_info(&row);
    if let Some(why) = &info.unreadable {
        return Err(unreadable(why.clone()));
    }
    let session = save::from_json(&row.save).map_err(|e| unreadable(e.to_string()))?;
    Ok((info, session))
}

/// Removes slot `id` (the player asked, and confirmed, in the UI).
pub fn delete_slot(store: &mut Store, id: &str) -> Result<(), ErrorInfo> {
    check_id(id)?;
    match store.delete_slot(id) {
        Ok(true) => Ok(()),
        Ok(false) => Err(error(
            ErrorCode::UnknownSlot,
            "There is no such save (it may have been deleted already).",
        )),
        Err(e) => Err(error(
            ErrorCode::DeleteFailed,
            format!("The save could not be deleted: {e}"),
        )),
    }
}

/// A fresh id for a slot the app keeps by itself.
pub fn automatic_id(store: &Store) -> String {
    let mut n = now_millis();
    loop {
        let id = format!("auto-{n}");
        if !has_slot(store, &id) {
            return id;
        }
        n += 1;
    }
}

/// Checks save JSON pasted or picked by the player; the error says what is wrong in a player's words.
pub fn check_import(text: &str) -> Result<Session, ErrorInfo> {
    if text.trim().is_empty() {
        return Err(error(
            ErrorCode::BadSave,
            "Paste a save or pick a save file first.",
        ));
    }
    save::from_json(text).map_err(|e| {
        let code = match e {
            save::SaveError::Corrupt(_) => ErrorCode::SaveCorrupt,
            save::SaveError::TooOld { .. } => ErrorCode::SaveTooOld,
            save::SaveError::TooNew { .. } => ErrorCode::SaveTooNew,
            save::SaveError::BadPack(_) | save::SaveError::Inconsistent(_) => {
                ErrorCode::SaveInvalid
            }
        };
        let mut message = e.to_string();
        if let Some(first) = message.get(..1) {
            message = first.to_uppercase() + &message[1..];
        }
        error(code, format!("{message}. Nothing was changed."))
    })
}

/// Milliseconds since 1970, for `saved_at`.
pub fn now_millis() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use goeben_referee::{api::protocol, RulesPack};

    fn game(seed: u64) -> Session {
        let mut session = Session::new(RulesPack::standard(), seed);
        let action = protocol::parse_request(&format!(r#"{{"action":"new_game","seed":{seed}}}"#))
            .expect("new_game parses");
        assert!(session.respond(action).ok);
        session
    }

    /// A fresh empty folder under the system's temporary folder.
    fn folder(tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "goeben-store-{tag}-{}-{}",
            std::process::id(),
            now_millis()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn issue_18_a_store_that_cannot_be_opened_plays_on_in_memory_and_says_so_once_without_a_path() {
        let dir = folder("unopenable");
        // A folder where the store's file should be: the store cannot be opened there.
        std::fs::create_dir_all(dir.join(goeben_store::FILE).join("x")).unwrap();
        let opening = open_store(Some(&dir));
        assert!(opening.store.path().is_none(), "in memory");
        assert!(opening.checkpointer.is_none());
        let notice = opening.notice.expect("the player is told");
        assert!(
            notice.starts_with("Your games cannot be kept on this device now: "),
            "{notice}"
        );
        assert!(notice.contains("Play goes on"), "{notice}");
        assert!(
            !notice.contains(&*dir.to_string_lossy()) && !notice.contains('/'),
            "{notice}"
        );
        let mut store = opening.store;
        let mut session = game(3);
        let request = protocol::parse_request(r#"{"action":"undo"}"#).unwrap();
        let (_, written) = store.respond(&mut session, request);
        assert_eq!(
            written,
            Ok(()),
            "writes in memory work: nothing more to tell"
        );
        let none = open_store(None);
        assert!(none.store.path().is_none() && none.notice.is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn principle_5_the_store_reopens_the_game_as_it_was_answered() {
        let dir = folder("reopen");
        let first = open_store(Some(&dir));
        assert!(first.notice.is_none() && first.session.is_none());
        assert!(first.checkpointer.is_some());
        let mut store = first.store;
        let mut session = Session::new(RulesPack::standard(), 9);
        let request = protocol::parse_request(r#"{"action":"new_game","seed":9}"#).unwrap();
        let (response, written) = store.respond(&mut session, request);
        assert!(response.ok && written.is_ok());
        drop((store, first.checkpointer));
        let again = open_store(Some(&dir));
        assert!(again.notice.is_none(), "{:?}", again.notice);
        let reopened = again.session.expect("the game is there");
        assert_eq!(save::to_json(&reopened), save::to_json(&session));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_old_apps_autosave_becomes_the_running_game_and_is_moved_aside() {
        let dir = folder("old");
        let session = game(5);
        let old = serde_json::json!({ "generation": 3, "save": save::to_json(&session) });
        std::fs::write(dir.join("autosave-b.json"), old.to_string()).unwrap();
        let opening = open_store(Some(&dir));
        assert!(opening.notice.is_none(), "{:?}", opening.notice);
        let opened = opening.session.expect("imported");
        assert_eq!(save::to_json(&opened), save::to_json(&session));
        assert!(!dir.join("autosave-b.json").exists());
        assert!(dir
            .join(goeben_store::IMPORTED_DIR)
            .join("autosave-b.json")
            .exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_player_reads_why_and_when_it_will_be_saved_again() {
        let full = game_message(&StoreError::DiskFull);
        assert!(
            full.contains("the disk is full") && full.contains("as soon as there is room"),
            "{full}"
        );
        let read_only = tools_message(&StoreError::ReadOnly);
        assert!(
            read_only.contains("read-only") && read_only.contains("can be written again"),
            "{read_only}"
        );
        assert!(slot_message(&StoreError::DiskFull).ends_with("Nothing already saved was changed."));
        let trouble = Trouble::default();
        assert!(
            trouble
                .game_write(Err(StoreError::DiskFull))
                .unwrap_err()
                .tell
        );
        assert!(
            !trouble
                .game_write(Err(StoreError::DiskFull))
                .unwrap_err()
                .tell,
            "told once"
        );
        assert!(trouble.game_write(Ok(())).is_ok());
        assert!(
            trouble
                .game_write(Err(StoreError::DiskFull))
                .unwrap_err()
                .tell,
            "told again after a save worked"
        );
    }

    #[test]
    fn a_slot_lists_with_its_public_summary_and_loads_back_the_same_game() {
        let mut store = Store::in_memory();
        let session = game(7);
        let id = slot_id("First try");
        write_slot(
            &mut store,
            &slot_row(&id, "First try", false, 1_700_000_000_000, &session),
        )
        .unwrap();
        let list = list_slots(&store);
        assert_eq!(list.len(), 1);
        let slot = &list[0];
        assert_eq!(
            (
                slot.id.as_str(),
                slot.name.as_str(),
                slot.saved_at,
                slot.automatic
            ),
            (id.as_str(), "First try", Some(1_700_000_000_000), false)
        );
        assert_eq!(slot.unreadable, None);
        let view = session.view();
        let summary = slot.summary.clone().unwrap();
        assert_eq!(
            (summary.turn, summary.phase, summary.vp),
            (view.turn, view.phase, view.vp)
        );
        // Nothing secret in what is listed.
        let listed = serde_json::to_string(&list).unwrap();
        assert!(
            !listed.contains("dice") && !listed.contains("rng") && !listed.contains("seed"),
            "{listed}"
        );
        let (_, loaded) = read_saved_slot(&store, &id).unwrap();
        assert_eq!(save::to_json(&loaded), save::to_json(&session));
    }

    #[test]
    fn a_damaged_slot_is_listed_as_unreadable_kept_and_deleted_only_when_asked() {
        let mut store = Store::in_memory();
        let good = game(3);
        let rows = [
            slot_row("slot-good-00000001", "Good", false, 5, &good),
            SlotRow {
                save: "{\"schema\":1,\"sav".into(),
                ..slot_row("slot-torn-00000002", "Torn", false, 4, &good)
            },
            SlotRow {
                save: r#"{"schema":0,"app":"old","session":{}}"#.into(),
                ..slot_row("slot-old-00000004", "Old", false, 3, &good)
            },
            SlotRow {
                save: r#"{"schema":1,"app":"x","session":{"nonsense":true}}"#.into(),
                ..slot_row("slot-edited-00000005", "Hand-edited", false, 2, &good)
            },
        ];
        for row in &rows {
            write_slot(&mut store, row).unwrap();
        }
        let list = list_slots(&store);
        assert_eq!(
            list.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
            ["Good", "Torn", "Old", "Hand-edited"],
            "newest first"
        );
        assert!(list[1].unreadable.as_deref().unwrap().contains("damaged"));
        assert!(list[2]
            .unreadable
            .as_deref()
            .unwrap()
            .contains("old save format"));
        assert_eq!(
            list[3].unreadable, None,
            "only the header is checked when listing"
        );
        for id in [
            "slot-torn-00000002",
            "slot-old-00000004",
            "slot-edited-00000005",
        ] {
            let e = read_saved_slot(&store, id).err().unwrap();
            assert_eq!(e.code, "slot_unreadable", "{id}");
            assert!(e.message.contains("kept"), "{}", e.message);
        }
        assert!(read_saved_slot(&store, "slot-good-00000001").is_ok());
        assert_eq!(
            read_saved_slot(&store, "slot-missing-00000009")
                .err()
                .unwrap()
                .code,
            "unknown_slot"
        );
        assert_eq!(
            read_saved_slot(&store, "../autosave-a").err().unwrap().code,
            "unknown_slot"
        );
        let bad = SlotRow {
            id: "../x".into(),
            ..rows[0].clone()
        };
        assert_eq!(
            write_slot(&mut store, &bad).unwrap_err().code,
            "unknown_slot"
        );
        delete_slot(&mut store, "slot-torn-00000002").unwrap();
        assert_eq!(
            delete_slot(&mut store, "slot-torn-00000002")
                .unwrap_err()
                .code,
            "unknown_slot"
        );
        assert_eq!(list_slots(&store).len(), 3);
        assert!(automatic_id(&store).starts_with("auto-"));
    }

    #[test]
    fn slot_names_are_trimmed_and_checked() {
        assert_eq!(check_name("  Malta run  ").unwrap(), "Malta run");
        assert_eq!(check_name("").unwrap_err().code, "bad_name");
        assert_eq!(check_name("   ").unwrap_err().code, "bad_name");
        assert_eq!(
            check_name(&"x".repeat(NAME_MAX)).unwrap().chars().count(),
            NAME_MAX
        );
        let long = check_name(&"x".repeat(NAME_MAX + 1)).unwrap_err();
        assert_eq!(long.code, "bad_name");
        assert!(long.message.contains("41"), "{}", long.message);
        // Characters, not bytes: forty accented letters fit.
        assert!(check_name(&"é".repeat(NAME_MAX)).is_ok());
        assert_eq!(check_name("two\nlines").unwrap_err().code, "bad_name");
    }

    #[test]
    fn slot_ids_are_safe_file_names_and_fold_case() {
        let id = slot_id("Malta run");
        assert!(id.starts_with("slot-malta-run-"), "{id}");
        assert!(check_id(&id).is_ok());
        assert_eq!(
            slot_id("malta RUN"),
            slot_id("Malta run"),
            "names differing only in case are one slot"
        );
        assert_ne!(
            slot_id("Malta run"),
            slot_id("Malta-run"),
            "different names are different slots"
        );
        assert_ne!(slot_id("Été"), slot_id("Ete"));
        for name in [
            "../../etc/passwd",
            "a/b\\c",
            "日本語",
            "....",
            "Game 1: the Dardanelles!",
        ] {
            let id = slot_id(name);
            assert!(check_id(&id).is_ok(), "{name} -> {id}");
            assert!(!id.contains('.') && !id.contains('/'), "{id}");
        }
        for bad in [
            "",
            "../x",
            "a/b",
            "slot.json",
            "-x",
            "Slot-A",
            &"a".repeat(81),
        ] {
            assert_eq!(check_id(bad).unwrap_err().code, "unknown_slot", "{bad}");
        }
    }

    #[test]
    fn an_import_is_checked_like_any_save() {
        let session = game(11);
        let text = save::to_json(&session);
        assert_eq!(save::to_json(&check_import(&text).unwrap()), text);
        assert_eq!(check_import("").err().unwrap().code, "bad_save");
        assert_eq!(check_import("  \n").err().unwrap().code, "bad_save");
        let corrupt = check_import("{ not json").err().unwrap();
        assert_eq!(corrupt.code, "save_corrupt");
        assert!(
            corrupt
                .message
                .starts_with("The save file is not readable JSON")
                && corrupt.message.ends_with("Nothing was changed."),
            "{}",
            corrupt.message
        );
        assert_eq!(
            check_import(&text[..text.len() / 2]).err().unwrap().code,
            "save_corrupt",
            "a truncated file"
        );
        assert_eq!(
            check_import(r#"{"schema":0,"app":"old","session":{}}"#)
                .err()
                .unwrap()
                .code,
            "save_too_old"
        );
        assert_eq!(
            check_import(r#"{"schema":99,"app":"new","session":{}}"#)
                .err()
                .unwrap()
                .code,
            "save_too_new"
        );
        assert_eq!(
            check_import(r#"{"schema":1,"app":"x","session":{"nonsense":true}}"#)
                .err()
                .unwrap()
                .code,
            "save_corrupt"
        );
        assert_eq!(check_import("[1,2,3]").err().unwrap().code, "save_corrupt");
    }
}
