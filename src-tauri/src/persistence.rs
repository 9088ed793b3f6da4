//! Saving and restoring the session through `tauri-plugin-store` (DESIGN.md principle 5).
//!
//! The store plugin rewrites its file in place, so a kill in the middle of a write could tear it. To keep
//! the last good save whatever happens, the session is written alternately to two store files, each
//! stamped with a generation number, and each written whole to a temporary file first and then renamed
//! over the old one (`write_whole`); loading takes the newest one that reads and validates. A file that
//! cannot be read is copied aside (never deleted) and the player is told where it is.
//!
//! A save that cannot be written (a full disk, a read-only folder: issue #18) never damages the file
//! already on disk: the temporary file is removed and the old one stays. The game goes on in memory, the
//! player is told once (`Trouble`), and the next applied action tries again.
//!
//! Hidden information: `Store::set` emits a `store://change` event carrying the value. Tauri only delivers
//! an event to a webview that registered a listener for it, and the app's capabilities do not grant
//! `core:event:allow-listen`, so the save (with its secrets and RNG state) never reaches the web side.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use std::time::{SystemTime, UNIX_EPOCH};

use goeben_referee::api::Phase;
use goeben_referee::api::{ErrorCode, ErrorInfo};
use goeben_referee::{api::save, Session};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tauri::{AppHandle, Manager, Wry};
use tauri_plugin_store::{Store, StoreExt};
use ts_rs::TS;

const FILES: [&str; 2] = ["autosave-a.json", "autosave-b.json"];
const KEY_GENERATION: &str = "generation";
const KEY_SAVE: &str = "save";

struct SaveFile {
    store: Arc<Store<Wry>>,
    path: PathBuf,
}

pub struct Saves {
    app: AppHandle,
    files: [SaveFile; 2],
    /// Generation of the newest save written or loaded; the next save goes to the other file.
    generation: Mutex<u64>,
    /// Messages about files that were not even JSON, found when opening.
    opened_with: Vec<String>,
    /// Whether the player knows that saving fails now.
    trouble: Trouble,
}

/// What one save file holds, as read at start.
#[derive(Debug)]
pub enum Slot<T> {
    Empty,
    Readable { generation: u64, session: T },
    Unreadable { generation: u64, reason: String },
}

/// The choice made at start from the two files.
#[derive(Debug, PartialEq)]
pub struct Choice {
    /// Index of the file to restore from, if any is readable.
    pub restore: Option<usize>,
    /// Files newer than the restored one (or all, if none is readable) that could not be read.
    pub unreadable: Vec<usize>,
}

/// Newest readable save wins; unreadable files newer than it are reported (and kept aside by the caller).
pub fn choose<T>(slots: &[Slot<T>]) -> Choice {
    let generation = |s: &Slot<T>| match s {
        Slot::Empty => None,
        Slot::Readable { generation, .. } | Slot::Unreadable { generation, .. } => {
            Some(*generation)
        }
    };
    let restore = (0..slots.len())
        .filter(|&i| matches!(slots[i], Slot::Readable { .. }))
        .max_by_key(|&i| generation(&slots[i]));
    let floor = restore.and_then(|i| generation(&slots[i]));
    let unreadable = (0..slots.len())
        .filter(|&i| matches!(slots[i], Slot::Unreadable { .. }) && generation(&slots[i]) > floor)
        .collect();
    Choice {
        restore,
        unreadable,
    }
}

impl Saves {
    pub fn open(app: &AppHandle) -> Result<Saves, Box<dyn std::error::Error>> {
        let dir = app.path().app_data_dir()?;
        std::fs::create_dir_all(&dir)?;
        let mut opened_with = Vec::new();
        let mut open_one = |name: &str| -> Result<SaveFile, Box<dyn std::error::Error>> {
            let path = dir.join(name);
            // The plugin silently starts empty on a file it cannot parse; catch that first.
            if let Ok(bytes) = std::fs::read(&path) {
                if serde_json::from_slice::<Value>(&bytes).is_err() {
                    opened_with.push(set_aside_at_startup(&path, "A save file"));
                }
            }
            let store = app
                .store_builder(name)
                .disable_auto_save()
                .serialize(|cache| serde_json::to_vec(cache).map_err(Into::into))
                .build()?;
            Ok(SaveFile { store, path })
        };
        let files = [open_one(FILES[0])?, open_one(FILES[1])?];
        Ok(Saves {
            app: app.clone(),
            files,
            generation: Mutex::new(0),
            opened_with,
            trouble: Trouble::default(),
        })
    }

    /// The newest readable save (`None` when there is none) and, when a newer save could not be read, the
    /// message for the player: where it was kept aside, and whether the game was restored from the save
    /// before it or a new session started. The restored game is kept with its message (until issue #18's
    /// kill soak planted a torn save, a message meant a new session: the game restored was dropped).
    pub fn load(&self) -> (Option<Session>, Option<String>) {
        let slots: Vec<Slot<Session>> = self.files.iter().map(read_slot).collect();
        // Saves are written whole by `write_whole` from now on. The plugin would write every store it
        // holds in place when the app exits, and these hold the files as they were at start: let go.
        for file in &self.files {
            file.store.close_resource();
        }
        let choice = choose(&slots);
        let mut messages = self.opened_with.clone();
        for &i in &choice.unreadable {
            if let Slot::Unreadable { reason, .. } = &slots[i] {
                match keep_aside(&self.files[i].path) {
                    Ok(aside) => {
                        messages.push(format!("The last save could not be read ({reason}); it was kept as {}.", aside.display()));
                        // Kept aside: the next save to this file writes a fresh one over it.
                        let _ = std::fs::remove_file(&self.files[i].path);
                    }
                    Err(e) => messages.push(format!(
                        "The last save could not be read ({reason}), nor copied aside ({e}); it is left as {}.",
                        self.files[i].path.display()
                    )),
                }
            }
        }

        let mut restored = None;
        let mut newest = 0;
        for (i, slot) in slots.into_iter().enumerate() {
            match slot {
                Slot::Readable {
                    generation,
                    session,
                } if Some(i) == choice.restore => {
                    newest = newest.max(generation);
                    restored = Some(session);
                }
                Slot::Readable { generation, .. } | Slot::Unreadable { generation, .. } => {
                    newest = newest.max(generation)
                }
                Slot::Empty => {}
            }
        }
        *self.generation.lock().unwrap_or_else(|p| p.into_inner()) = newest;
        if messages.is_empty() {
            return (restored, None);
        }
        messages.push(if restored.is_some() {
            "The game was restored from the save before it.".to_string()
        } else {
            "A new session was started.".to_string()
        });
        (restored, Some(messages.join(" ")))
    }

    /// Writes the session whole over the older of the two files, stamped with the next generation. On
    /// failure nothing on disk changed (the generation stays, so the next save tries the same file), and
    /// the answer says what to tell the player: the first failure after a success is told, the next
    /// ones are not (`SaveFailure::tell`).
    pub fn save(&self, session: &Session) -> Result<(), SaveFailure> {
        let mut generation = self.generation.lock().unwrap_or_else(|p| p.into_inner());
        let next = generation.saturating_add(1);
        let name = FILES[(next % 2) as usize];
        let entries = vec![
            (KEY_SAVE, Value::String(save::to_json(session))),
            (KEY_GENERATION, Value::from(next)),
        ];
        match write_whole_or_say_why(&self.app, Path::new(""), name, entries) {
            Ok(()) => {
                *generation = next;
                self.trouble.succeeded();
                Ok(())
            }
            Err(failure) => {
                let message = failure.game_message();
                Err(SaveFailure {
                    tell: self.trouble.failed(),
                    message,
                })
            }
        }
    }
}

/// An autosave that could not be written.
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
}

/// Why a file could not be written, in the player's words.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    DiskFull,
    ReadOnly,
    NotAllowed,
    Other(String),
}

impl Why {
    pub fn of(e: &std::io::Error) -> Why {
        use std::io::ErrorKind;
        match e.kind() {
            ErrorKind::StorageFull | ErrorKind::QuotaExceeded | ErrorKind::FileTooLarge => {
                Why::DiskFull
            }
            ErrorKind::ReadOnlyFilesystem => Why::ReadOnly,
            ErrorKind::PermissionDenied => Why::NotAllowed,
            _ => Why::Other(e.to_string()),
        }
    }

    fn words(&self) -> String {
        match self {
            Why::DiskFull => "the disk is full".into(),
            Why::ReadOnly => "the app's data folder is read-only".into(),
            Why::NotAllowed => "the app is not allowed to write in its data folder".into(),
            Why::Other(e) => format!("the disk refused it ({e})"),
        }
    }

    fn until(&self) -> &'static str {
        match self {
            Why::DiskFull => "as soon as there is room",
            Why::ReadOnly | Why::NotAllowed => "as soon as the folder can be written again",
            Why::Other(_) => "as soon as it can",
        }
    }
}

/// A whole-file write that failed; nothing on disk changed.
#[derive(Debug, Clone, PartialEq)]
pub struct WriteFailure {
    pub why: Why,
    /// The folder written to (for the shell's own diagnostics: issue #29, a path is developer text, so the
    /// player's messages do not name it).
    pub folder: PathBuf,
}

impl WriteFailure {
    /// What the player reads when the game's autosave fails.
    pub fn game_message(&self) -> String {
        format!(
            "Your game could not be saved: {}. Play goes on; it will be saved again after your next move, {}. Your last save is kept as it was.",
            self.why.words(),
            self.why.until()
        )
    }

    /// What the player reads when a named save (or a kept copy) cannot be written.
    pub fn slot_message(&self) -> String {
        format!(
            "The save could not be written: {}. Nothing already saved was changed.",
            self.why.words()
        )
    }

    /// What the player reads when the table tools cannot save.
    pub fn tools_message(&self) -> String {
        format!(
            "The table tools could not save: {}. Nothing was changed: ask again, and the tools go on in memory and save again {}.",
            self.why.words(),
            self.why.until()
        )
    }
}

/// What a player reads of it (issue #29: the words, not the folder's path).
impl std::fmt::Display for WriteFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.why.words())
    }
}

fn read_slot(file: &SaveFile) -> Slot<Session> {
    let generation = file.store.get(KEY_GENERATION).and_then(|v| v.as_u64());
    let text = file.store.get(KEY_SAVE);
    match (generation, text) {
        (None, None) => Slot::Empty,
        (Some(generation), Some(Value::String(text))) => match save::from_json(&text) {
            Ok(session) => Slot::Readable {
                generation,
                session,
            },
            Err(e) => Slot::Unreadable {
                generation,
                reason: e.to_string(),
            },
        },
        (generation, _) => Slot::Unreadable {
            generation: generation.unwrap_or(0),
            reason: "the save file is incomplete".into(),
        },
    }
}

/// Copies a file beside itself with a `.unreadable-<n>` suffix that does not exist yet.
pub fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    let aside = free_aside_name(path);
    std::fs::copy(path, &aside)?;
    Ok(aside)
}

/// Moves a file beside itself under a free `.unreadable-<n>` name: a rename, which needs no room for the
/// file's bytes, so a damaged file is kept aside at startup even on a full disk (issue #18; a copy there
/// failed and the app could not start).
pub fn move_aside(path: &Path) -> std::io::Result<PathBuf> {
    let aside = free_aside_name(path);
    std::fs::rename(path, &aside)?;
    Ok(aside)
}

/// At startup: a damaged file moved aside, and what to tell the player. When even that fails (a read-only
/// data folder), the file is left where it is and the app starts anyway, saying so.
pub fn set_aside_at_startup(path: &Path, what: &str) -> String {
    match move_aside(path) {
        Ok(aside) => format!(
            "{what} was damaged and could not be read; it was kept as {}.",
            aside.display()
        ),
        Err(e) => format!(
            "{what} was damaged and could not be read, nor moved aside ({}); it is left as {}.",
            io_words(&e),
            path.display()
        ),
    }
}

fn io_words(e: &std::io::Error) -> String {
    Why::of(e).words()
}

fn free_aside_name(path: &Path) -> PathBuf {
    (1..)
        .map(|n| path.with_extension(format!("unreadable-{n}.json")))
        .find(|aside| !aside.exists())
        .expect("some suffix is free")
}

// ---------------------------------------------------------------------------------------------------
// Named save slots (issue #6): besides the two autosave files above, the player keeps games in slots.
//
// Each slot is one store file `saves/<id>.json` in the app data folder, holding the player's name for it,
// when it was saved, a public summary for the list (turn, phase, Orders, VP: what the screen shows
// anyway) and the save itself (`save::to_json`, with its secrets; it never goes to the webview). A slot is
// written through the store plugin to a hidden temporary file first and then renamed over the old one, so
// a kill in the middle of a write leaves the previous slot whole. Slots are read straight from the file:
// the plugin would silently start empty on a damaged one, and a damaged slot must be listed as
// unreadable (and only ever deleted by the player), never hidden.

/// The folder of the slots, inside the app data folder.
pub const SLOTS_DIR: &str = "saves";
/// Longest name a slot may have, in characters.
pub const NAME_MAX: usize = goeben_referee::api::names::SAVE_NAME_MAX_CHARS;
const KEY_NAME: &str = "name";
const KEY_SAVED_AT: &str = "saved_at";
const KEY_SUMMARY: &str = "summary";
const KEY_AUTOMATIC: &str = "automatic";

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
    /// Stable identifier (the file name without `.json`), used to load or delete the slot.
    pub id: String,
    /// The player's name for it; the file name when the slot is unreadable.
    pub name: String,
    /// When it was saved, in milliseconds since 1970 (the file's modification time for an unreadable slot).
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

/// The store entries of a slot holding `session`.
pub fn slot_entries(
    name: &str,
    automatic: bool,
    saved_at: u64,
    session: &Session,
) -> Vec<(&'static str, Value)> {
    vec![
        (KEY_NAME, Value::String(name.to_string())),
        (KEY_SAVED_AT, Value::from(saved_at)),
        (KEY_AUTOMATIC, Value::Bool(automatic)),
        (
            KEY_SUMMARY,
            serde_json::to_value(Summary::of(session)).expect("a summary serialises"),
        ),
        (KEY_SAVE, Value::String(save::to_json(session))),
    ]
}

/// A slot file read: its list entry and, when readable, the save text.
fn read_slot_file(path: &Path, id: &str) -> (SlotInfo, Option<String>) {
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map(|d| d.as_millis() as u64);
    let unreadable = |reason: String| {
        (
            SlotInfo {
                id: id.to_string(),
                name: format!("{id}.json"),
                saved_at: modified,
                automatic: false,
                summary: None,
                unreadable: Some(reason),
            },
            None,
        )
    };
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => return unreadable(format!("the file could not be read: {e}")),
    };
    let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(&bytes) else {
        return unreadable("the file is damaged (not a save slot)".into());
    };
    let name = map
        .get(KEY_NAME)
        .and_then(Value::as_str)
        .map(str::to_string);
    let summary = map
        .get(KEY_SUMMARY)
        .cloned()
        .and_then(|v| serde_json::from_value::<Summary>(v).ok());
    let text = map
        .get(KEY_SAVE)
        .and_then(Value::as_str)
        .map(str::to_string);
    let (Some(name), Some(text)) = (name, text) else {
        return unreadable("the file is incomplete (no name or no save in it)".into());
    };
    // The header alone: a save from an older or newer app is listed as such. The whole save is
    // checked when it is loaded.
    let reason = match serde_json::from_str::<Value>(&text)
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
    let info = SlotInfo {
        id: id.to_string(),
        name,
        saved_at: map.get(KEY_SAVED_AT).and_then(Value::as_u64).or(modified),
        automatic: map
            .get(KEY_AUTOMATIC)
            .and_then(Value::as_bool)
            .unwrap_or(false),
        summary,
        unreadable: reason.clone(),
    };
    (info, reason.is_none().then_some(text))
}

/// Every slot in `dir`, newest first; damaged files are listed as unreadable (never removed).
pub fn list_slots(dir: &Path) -> Vec<SlotInfo> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut slots: Vec<SlotInfo> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let file = e.file_name().into_string().ok()?;
            let id = file.strip_suffix(".json")?;
            check_id(id).ok()?;
            Some(read_slot_file(&e.path(), id).0)
        })
        .collect();
    slots.sort_by(|a, b| {
        b.saved_at
            .cmp(&a.saved_at)
            .then_with(|| a.name.cmp(&b.name))
    });
    slots
}

/// The session in slot `id` of `dir`, checked like any save (`save::from_json`).
pub fn read_saved_slot(dir: &Path, id: &str) -> Result<(SlotInfo, Session), ErrorInfo> {
    check_id(id)?;
    let path = dir.join(format!("{id}.json"));
    if !path.is_file() {
        return Err(error(
            ErrorCode::UnknownSlot,
            "There is no such save (it may have been deleted).",
        ));
    }
    let (info, text) = read_slot_file(&path, id);
    let text = text.ok_or_else(|| {
        error(
            ErrorCode::SlotUnreadable,
            format!(
                "This save cannot be loaded: {}. The file is kept.",
                info.unreadable.clone().unwrap_or_default()
            ),
        )
    })?;
    let session = save::from_json(&text).map_err(|e| {
        error(
            ErrorCode::SlotUnreadable,
            format!("This save cannot be loaded: {e}. The file is kept."),
        )
    })?;
    Ok((info, session))
}

/// Removes slot `id` of `dir` (the player asked, and confirmed, in the UI).
pub fn delete_slot(dir: &Path, id: &str) -> Result<(), ErrorInfo> {
    check_id(id)?;
    match std::fs::remove_file(dir.join(format!("{id}.json"))) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(error(
            ErrorCode::UnknownSlot,
            "There is no such save (it may have been deleted already).",
        )),
        Err(e) => Err(error(
            ErrorCode::DeleteFailed,
            format!("The save could not be deleted: {e}"),
        )),
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

/// Writes the store file `name` in the app data folder's `folder` whole: through the store plugin to a
/// hidden temporary file beside it, then renamed over it, so a kill in the middle of a write leaves the
/// previous file as it was (a rename within one folder is atomic).
pub fn write_whole(
    app: &AppHandle,
    folder: &Path,
    name: &str,
    entries: Vec<(&'static str, Value)>,
) -> Result<(), String> {
    write_whole_or_say_why(app, folder, name, entries).map_err(|e| e.to_string())
}

/// `write_whole`, saying why it failed (a full disk, a read-only folder…).
pub fn write_whole_or_say_why(
    app: &AppHandle,
    folder: &Path,
    name: &str,
    entries: Vec<(&'static str, Value)>,
) -> Result<(), WriteFailure> {
    let base = app.path().app_data_dir().map_err(|e| WriteFailure {
        why: Why::Other(e.to_string()),
        folder: folder.to_path_buf(),
    })?;
    let dir = base.join(folder);
    let temp = format!(".{name}.writing");
    commit_whole(&dir, &temp, name, |_| {
        let store = app
            .store_builder(folder.join(&temp))
            .create_new()
            .disable_auto_save()
            .serialize(|cache| serde_json::to_vec(cache).map_err(Into::into))
            .build()
            .map_err(store_io_error)?;
        for (key, value) in entries {
            store.set(key, value);
        }
        let written = store.save();
        store.close_resource();
        written.map_err(store_io_error)
    })
}

fn store_io_error(e: tauri_plugin_store::Error) -> std::io::Error {
    match e {
        tauri_plugin_store::Error::Io(e) => e,
        other => std::io::Error::other(other.to_string()),
    }
}

/// The safe part of a whole-file write, apart from the store plugin so that it can be tested on a real
/// full or read-only folder: `write` fills `dir/temp`, which is then renamed over `dir/name`. When either
/// fails, the temporary file is removed (it may hold half a save, and it takes room) and `dir/name` is
/// untouched.
pub fn commit_whole(
    dir: &Path,
    temp: &str,
    name: &str,
    write: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Result<(), WriteFailure> {
    let failed = |e: std::io::Error| WriteFailure {
        why: Why::of(&e),
        folder: dir.to_path_buf(),
    };
    std::fs::create_dir_all(dir).map_err(failed)?;
    let temp = dir.join(temp);
    let done = write(&temp).and_then(|()| std::fs::rename(&temp, dir.join(name)));
    if let Err(e) = done {
        let _ = std::fs::remove_file(&temp);
        return Err(failed(e));
    }
    Ok(())
}

/// The slots folder of the running app and the writing of slots through the store plugin.
pub struct Slots {
    app: AppHandle,
    pub dir: PathBuf,
}

impl Slots {
    pub fn open(app: &AppHandle) -> Result<Slots, Box<dyn std::error::Error>> {
        let dir = app.path().app_data_dir()?.join(SLOTS_DIR);
        std::fs::create_dir_all(&dir)?;
        Ok(Slots {
            app: app.clone(),
            dir,
        })
    }

    /// Writes slot `id` whole: through the store plugin to a hidden temporary file, then renamed over
    /// the slot (a kill mid-write leaves the old slot as it was).
    pub fn write(&self, id: &str, entries: Vec<(&'static str, Value)>) -> Result<(), ErrorInfo> {
        check_id(id)?;
        write_whole_or_say_why(
            &self.app,
            Path::new(SLOTS_DIR),
            &format!("{id}.json"),
            entries,
        )
        .map_err(|e| error(ErrorCode::SaveFailed, e.slot_message()))
    }

    /// A fresh id for a slot the app keeps by itself.
    pub fn automatic_id(&self) -> String {
        let mut n = now_millis();
        loop {
            let id = format!("auto-{n}");
            if !self.dir.join(format!("{id}.json")).exists() {
                return id;
            }
            n += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(generation: u64) -> Slot<&'static str> {
        Slot::Readable {
            generation,
            session: "game",
        }
    }
    fn bad(generation: u64) -> Slot<&'static str> {
        Slot::Unreadable {
            generation,
            reason: "torn".into(),
        }
    }

    #[test]
    fn issue_18_a_damaged_file_is_moved_aside_by_a_rename_under_a_free_name() {
        let dir = std::env::temp_dir().join(format!("goeben-move-aside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("autosave-a.json");
        std::fs::write(&path, b"{ torn").unwrap();
        std::fs::write(dir.join("autosave-a.unreadable-1.json"), b"older").unwrap();
        let said = set_aside_at_startup(&path, "A save file");
        let aside = dir.join("autosave-a.unreadable-2.json");
        assert_eq!(
            said,
            format!(
                "A save file was damaged and could not be read; it was kept as {}.",
                aside.display()
            )
        );
        assert!(
            !path.exists(),
            "moved, not copied: no room is needed for its bytes"
        );
        assert_eq!(std::fs::read(&aside).unwrap(), b"{ torn");
        assert_eq!(
            std::fs::read(dir.join("autosave-a.unreadable-1.json")).unwrap(),
            b"older",
            "an older one is kept"
        );
        // When it cannot be moved, the app still starts, and says where the file is.
        let said = set_aside_at_startup(&dir.join("gone.json"), "A save file");
        assert!(
            said.contains("nor moved aside") && said.contains("gone.json"),
            "{said}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn principle_5_the_newest_readable_save_is_restored() {
        assert_eq!(
            choose(&[ok(3), ok(4)]),
            Choice {
                restore: Some(1),
                unreadable: vec![]
            }
        );
        assert_eq!(
            choose(&[ok(7), ok(6)]),
            Choice {
                restore: Some(0),
                unreadable: vec![]
            }
        );
        assert_eq!(
            choose(&[ok(1), Slot::Empty]),
            Choice {
                restore: Some(0),
                unreadable: vec![]
            }
        );
    }

    #[test]
    fn principle_5_a_torn_newest_save_falls_back_to_the_previous_one_and_is_reported() {
        assert_eq!(
            choose(&[ok(3), bad(4)]),
            Choice {
                restore: Some(0),
                unreadable: vec![1]
            }
        );
    }

    #[test]
    fn principle_5_an_old_unreadable_file_behind_a_good_save_is_not_reported() {
        assert_eq!(
            choose(&[bad(2), ok(3)]),
            Choice {
                restore: Some(1),
                unreadable: vec![]
            }
        );
    }

    #[test]
    fn principle_5_nothing_readable_reports_every_unreadable_file() {
        assert_eq!(
            choose(&[bad(1), bad(2)]),
            Choice {
                restore: None,
                unreadable: vec![0, 1]
            }
        );
        assert_eq!(
            choose::<&str>(&[Slot::Empty, Slot::Empty]),
            Choice {
                restore: None,
                unreadable: vec![]
            }
        );
    }

    // --- a full disk or a read-only folder (issue #18) ---

    fn full_disk() -> std::io::Error {
        std::io::Error::from(std::io::ErrorKind::StorageFull)
    }

    #[test]
    fn issue_18_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file() {
        let dir = folder("failed-write");
        std::fs::write(dir.join("autosave-a.json"), b"{\"good\":1}").unwrap();
        // The writer gets half a file out, then the disk is full.
        let failure = commit_whole(
            &dir,
            ".autosave-a.json.writing",
            "autosave-a.json",
            |temp| {
                std::fs::write(temp, b"{\"half")?;
                Err(full_disk())
            },
        )
        .unwrap_err();
        assert_eq!(failure.why, Why::DiskFull);
        assert_eq!(
            std::fs::read(dir.join("autosave-a.json")).unwrap(),
            b"{\"good\":1}",
            "the last save is untouched"
        );
        assert!(
            !dir.join(".autosave-a.json.writing").exists(),
            "half a save is not left taking room"
        );
        // The next write that works replaces the file whole.
        commit_whole(
            &dir,
            ".autosave-a.json.writing",
            "autosave-a.json",
            |temp| std::fs::write(temp, b"{\"good\":2}"),
        )
        .unwrap();
        assert_eq!(
            std::fs::read(dir.join("autosave-a.json")).unwrap(),
            b"{\"good\":2}"
        );
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "only the save itself"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn issue_18_the_player_reads_why_and_that_play_goes_on() {
        let full = WriteFailure {
            why: Why::of(&full_disk()),
            folder: "/home/p/.local/share/app".into(),
        };
        assert_eq!(
            full.game_message(),
            "Your game could not be saved: the disk is full. Play goes on; it will be saved again after your next move, as soon as there is room. Your last save is kept as it was."
        );
        // Issue #29: no path in what the player reads.
        assert!(
            !full.slot_message().contains("/home") && !full.tools_message().contains("/home"),
            "{}",
            full.tools_message()
        );
        let read_only = WriteFailure {
            why: Why::of(&std::io::Error::from(
                std::io::ErrorKind::ReadOnlyFilesystem,
            )),
            folder: "/d".into(),
        };
        assert!(
            read_only
                .game_message()
                .contains("the app's data folder is read-only"),
            "{}",
            read_only.game_message()
        );
        assert!(
            read_only
                .slot_message()
                .contains("Nothing already saved was changed"),
            "{}",
            read_only.slot_message()
        );
        assert_eq!(
            Why::of(&std::io::Error::from_raw_os_error(28)),
            Why::DiskFull,
            "ENOSPC"
        );
        assert_eq!(
            Why::of(&std::io::Error::from_raw_os_error(30)),
            Why::ReadOnly,
            "EROFS"
        );
        assert_eq!(
            Why::of(&std::io::Error::from_raw_os_error(13)),
            Why::NotAllowed,
            "EACCES"
        );
        assert!(
            matches!(
                Why::of(&std::io::Error::from_raw_os_error(5)),
                Why::Other(_)
            ),
            "EIO keeps the system's words"
        );
    }

    #[test]
    fn issue_18_the_player_is_told_once_until_a_save_works_again() {
        let trouble = Trouble::default();
        assert!(trouble.failed(), "the first failure is told");
        assert!(!trouble.failed(), "not at every move after it");
        assert!(!trouble.failed());
        trouble.succeeded();
        trouble.succeeded();
        assert!(trouble.failed(), "a new run of failures is told again");
    }

    /// A small tmpfs mounted on a fresh folder, unmounted when dropped; `None` (the test then says it was
    /// skipped) when this process may not mount (not root, or no tmpfs).
    struct Tmpfs(PathBuf);

    impl Tmpfs {
        fn mount(tag: &str, size: &str) -> Option<Tmpfs> {
            let dir = folder(tag);
            let ok = std::process::Command::new("mount")
                .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
                .arg(&dir)
                .status()
                .map(|s| s.success())
                .unwrap_or(false);
            if ok {
                Some(Tmpfs(dir))
            } else {
                eprintln!(
                    "skipped: cannot mount a tmpfs on {} (not root?)",
                    dir.display()
                );
                None
            }
        }
        fn remount(&self, options: &str) {
            let status = std::process::Command::new("mount")
                .args(["-o", &format!("remount,{options}")])
                .arg(&self.0)
                .status()
                .unwrap();
            assert!(status.success(), "remount {options}");
        }
    }

    impl Drop for Tmpfs {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn issue_18_on_a_real_full_disk_and_a_read_only_one_the_last_save_stays_whole() {
        let save = save::to_json(&game(9));
        // Room for three saves: the save and its next version fit side by side, a save three times as
        // big beside it does not.
        let Some(disk) = Tmpfs::mount("tmpfs", &format!("{}k", save.len() * 3 / 1024 + 8)) else {
            return;
        };
        let dir = &disk.0;
        let write = |text: &str| {
            commit_whole(dir, ".autosave-b.json.writing", "autosave-b.json", |temp| {
                std::fs::write(temp, text)
            })
        };
        write(&save).unwrap();
        // A save bigger than the room left: refused for a full disk, the good one kept, no half file.
        let big = format!("{save}{}", " ".repeat(save.len() * 3));
        let failure = write(&big).unwrap_err();
        assert_eq!(failure.why, Why::DiskFull, "{failure:?}");
        assert_eq!(
            std::fs::read_to_string(dir.join("autosave-b.json")).unwrap(),
            save
        );
        assert!(!dir.join(".autosave-b.json.writing").exists());
        assert!(
            save::from_json(&std::fs::read_to_string(dir.join("autosave-b.json")).unwrap()).is_ok(),
            "still opens"
        );
        // The same folder read-only: refused as such, the save kept.
        disk.remount("ro");
        assert_eq!(write(&save).unwrap_err().why, Why::ReadOnly);
        assert_eq!(
            std::fs::read_to_string(dir.join("autosave-b.json")).unwrap(),
            save
        );
        // Writable again: the next save goes through.
        disk.remount("rw");
        write(&format!("{save} ")).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("autosave-b.json")).unwrap(),
            format!("{save} ")
        );
    }

    // --- save slots (issue #6) ---

    use goeben_referee::{api::protocol, RulesPack};

    fn game(seed: u64) -> Session {
        let mut session = Session::new(RulesPack::standard(), seed);
        let action = protocol::parse_request(&format!(r#"{{"action":"new_game","seed":{seed}}}"#))
            .expect("new_game parses");
        assert!(session.respond(action).ok);
        session
    }

    /// A fresh empty folder under the system's temporary folder.
    fn folder(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "goeben-slots-{tag}-{}-{}",
            std::process::id(),
            now_millis()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Writes a slot as the store plugin does (a JSON object of its entries).
    fn write_slot(dir: &Path, id: &str, entries: Vec<(&'static str, Value)>) {
        let map: serde_json::Map<String, Value> = entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        std::fs::write(
            dir.join(format!("{id}.json")),
            serde_json::to_vec(&map).unwrap(),
        )
        .unwrap();
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
    fn a_slot_lists_with_its_public_summary_and_loads_back_the_same_game() {
        let dir = folder("roundtrip");
        let session = game(7);
        let id = slot_id("First try");
        write_slot(
            &dir,
            &id,
            slot_entries("First try", false, 1_700_000_000_000, &session),
        );
        let list = list_slots(&dir);
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
        assert_eq!(
            summary.orders.as_deref(),
            Some(view.game.as_ref().unwrap().orders.name.as_str())
        );
        // Nothing secret in what is listed.
        let listed = serde_json::to_string(&list).unwrap();
        assert!(
            !listed.contains("dice") && !listed.contains("rng") && !listed.contains("seed"),
            "{listed}"
        );
        let (_, loaded) = read_saved_slot(&dir, &id).unwrap();
        assert_eq!(save::to_json(&loaded), save::to_json(&session));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_corrupt_slot_is_listed_as_unreadable_and_kept() {
        let dir = folder("corrupt");
        let good = game(3);
        write_slot(
            &dir,
            "slot-good-00000001",
            slot_entries("Good", false, 2, &good),
        );
        std::fs::write(
            dir.join("slot-torn-00000002.json"),
            b"{\"name\":\"Torn\",\"sav",
        )
        .unwrap();
        write_slot(
            &dir,
            "slot-nosave-00000003",
            vec![(KEY_NAME, Value::String("No save".into()))],
        );
        let mut old = slot_entries("Old", false, 3, &good);
        old.retain(|(k, _)| *k != KEY_SAVE);
        old.push((
            KEY_SAVE,
            Value::String(r#"{"schema":0,"app":"old","session":{}}"#.into()),
        ));
        write_slot(&dir, "slot-old-00000004", old);
        let mut inconsistent = slot_entries("Hand-edited", false, 4, &good);
        inconsistent.retain(|(k, _)| *k != KEY_SAVE);
        inconsistent.push((
            KEY_SAVE,
            Value::String(r#"{"schema":1,"app":"x","session":{"nonsense":true}}"#.into()),
        ));
        write_slot(&dir, "slot-edited-00000005", inconsistent);
        // Files that are not slots are left alone and not listed.
        std::fs::write(dir.join(".slot-x.writing.json"), b"{").unwrap();
        std::fs::write(dir.join("notes.txt"), b"hello").unwrap();

        let list = list_slots(&dir);
        assert_eq!(list.len(), 5, "{list:?}");
        let by_id = |id: &str| list.iter().find(|s| s.id == id).unwrap().clone();
        assert_eq!(by_id("slot-good-00000001").unreadable, None);
        let torn = by_id("slot-torn-00000002");
        assert!(
            torn.unreadable.as_deref().unwrap().contains("damaged"),
            "{torn:?}"
        );
        assert_eq!(torn.name, "slot-torn-00000002.json");
        assert!(torn.saved_at.is_some(), "the file's date is shown");
        assert!(by_id("slot-nosave-00000003")
            .unreadable
            .unwrap()
            .contains("incomplete"));
        assert!(by_id("slot-old-00000004")
            .unreadable
            .unwrap()
            .contains("old save format"));
        assert_eq!(
            by_id("slot-edited-00000005").unreadable,
            None,
            "only the header is checked when listing"
        );

        // Loading an unreadable slot is refused with a clear error, and the file is still there.
        for id in [
            "slot-torn-00000002",
            "slot-nosave-00000003",
            "slot-old-00000004",
            "slot-edited-00000005",
        ] {
            let e = read_saved_slot(&dir, id).err().unwrap();
            assert_eq!(e.code, "slot_unreadable", "{id}");
            assert!(e.message.contains("kept"), "{}", e.message);
            assert!(
                dir.join(format!("{id}.json")).exists(),
                "{id} is never deleted silently"
            );
        }
        assert!(read_saved_slot(&dir, "slot-good-00000001").is_ok());
        assert_eq!(
            read_saved_slot(&dir, "slot-missing-00000009")
                .err()
                .unwrap()
                .code,
            "unknown_slot"
        );
        assert_eq!(
            read_saved_slot(&dir, "../autosave-a").err().unwrap().code,
            "unknown_slot"
        );

        // The player may delete an unreadable slot; deleting it twice is a clear error.
        delete_slot(&dir, "slot-torn-00000002").unwrap();
        assert_eq!(
            delete_slot(&dir, "slot-torn-00000002").unwrap_err().code,
            "unknown_slot"
        );
        assert_eq!(list_slots(&dir).len(), 4);
        assert!(dir.join("notes.txt").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn slots_list_newest_first_and_a_missing_folder_lists_nothing() {
        let dir = folder("order");
        let session = game(5);
        write_slot(
            &dir,
            "slot-a-00000001",
            slot_entries("A", false, 10, &session),
        );
        write_slot(
            &dir,
            "slot-b-00000002",
            slot_entries("B", false, 30, &session),
        );
        write_slot(
            &dir,
            "auto-20",
            slot_entries("Before loading ‘A’", true, 20, &session),
        );
        let names: Vec<_> = list_slots(&dir)
            .into_iter()
            .map(|s| (s.name, s.automatic))
            .collect();
        assert_eq!(
            names,
            vec![
                ("B".into(), false),
                ("Before loading ‘A’".into(), true),
                ("A".into(), false)
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(list_slots(&dir).is_empty());
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
