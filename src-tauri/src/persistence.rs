//! Saving and restoring the session through `tauri-plugin-store` (DESIGN.md principle 5).
//!
//! The store plugin rewrites its file in place, so a kill in the middle of a write could tear it. To keep
//! the last good save whatever happens, the session is written alternately to two store files, each
//! stamped with a generation number; loading takes the newest one that reads and validates. A file that
//! cannot be read is copied aside (never deleted) and the player is told where it is.
//!
//! Hidden information: `Store::set` emits a `store://change` event carrying the value. Tauri only delivers
//! an event to a webview that registered a listener for it, and the app's capabilities do not grant
//! `core:event:allow-listen`, so the save (with its secrets and RNG state) never reaches the web side.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use goeben_referee::{save, Session};
use serde_json::Value;
use tauri::{AppHandle, Manager, Wry};
use tauri_plugin_store::{Store, StoreExt};

const FILES: [&str; 2] = ["autosave-a.json", "autosave-b.json"];
const KEY_GENERATION: &str = "generation";
const KEY_SAVE: &str = "save";

struct SaveFile {
    store: Arc<Store<Wry>>,
    path: PathBuf,
}

pub struct Saves {
    files: [SaveFile; 2],
    /// Generation of the newest save written or loaded; the next save goes to the other file.
    generation: Mutex<u64>,
    /// Messages about files that were not even JSON, found when opening.
    opened_with: Vec<String>,
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
        Slot::Readable { generation, .. } | Slot::Unreadable { generation, .. } => Some(*generation),
    };
    let restore = (0..slots.len())
        .filter(|&i| matches!(slots[i], Slot::Readable { .. }))
        .max_by_key(|&i| generation(&slots[i]));
    let floor = restore.and_then(|i| generation(&slots[i]));
    let unreadable = (0..slots.len())
        .filter(|&i| matches!(slots[i], Slot::Unreadable { .. }) && generation(&slots[i]) > floor)
        .collect();
    Choice { restore, unreadable }
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
                    let aside = keep_aside(&path)?;
                    std::fs::remove_file(&path)?;
                    opened_with.push(format!("A save file was damaged and could not be read; it was kept as {}.", aside.display()));
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
        Ok(Saves { files, generation: Mutex::new(0), opened_with })
    }

    /// The newest readable save, `Ok(None)` when there is none, or `Err(message)` when the newest save
    /// could not be read: the message says where it was kept aside (the app then starts fresh or from
    /// the previous save, which the message also says).
    pub fn load(&self) -> Result<Option<Session>, String> {
        let slots: Vec<Slot<Session>> = self.files.iter().map(read_slot).collect();
        let choice = choose(&slots);
        let mut messages = self.opened_with.clone();
        for &i in &choice.unreadable {
            if let Slot::Unreadable { reason, .. } = &slots[i] {
                let aside = keep_aside(&self.files[i].path).map_err(|e| e.to_string())?;
                messages.push(format!("The last save could not be read ({reason}); it was kept as {}.", aside.display()));
            }
            self.files[i].store.clear();
        }
        let mut restored = None;
        let mut newest = 0;
        for (i, slot) in slots.into_iter().enumerate() {
            match slot {
                Slot::Readable { generation, session } if Some(i) == choice.restore => {
                    newest = newest.max(generation);
                    restored = Some(session);
                }
                Slot::Readable { generation, .. } | Slot::Unreadable { generation, .. } => newest = newest.max(generation),
                Slot::Empty => {}
            }
        }
        *self.generation.lock().unwrap_or_else(|p| p.into_inner()) = newest;
        if messages.is_empty() {
            return Ok(restored);
        }
        messages.push(if restored.is_some() {
            "The game was restored from the save before it.".to_string()
        } else {
            "A new session was started.".to_string()
        });
        Err(messages.join(" "))
    }

    /// Writes the session to the older of the two files, stamped with the next generation.
    pub fn save(&self, session: &Session) -> Result<(), String> {
        let mut generation = self.generation.lock().unwrap_or_else(|p| p.into_inner());
        let next = generation.saturating_add(1);
        let file = &self.files[(next % 2) as usize];
        file.store.set(KEY_SAVE, Value::String(save::to_json(session)));
        file.store.set(KEY_GENERATION, Value::from(next));
        file.store.save().map_err(|e| format!("the game could not be saved to {}: {e}", file.path.display()))?;
        *generation = next;
        Ok(())
    }
}

fn read_slot(file: &SaveFile) -> Slot<Session> {
    let generation = file.store.get(KEY_GENERATION).and_then(|v| v.as_u64());
    let text = file.store.get(KEY_SAVE);
    match (generation, text) {
        (None, None) => Slot::Empty,
        (Some(generation), Some(Value::String(text))) => match save::from_json(&text) {
            Ok(session) => Slot::Readable { generation, session },
            Err(e) => Slot::Unreadable { generation, reason: e.to_string() },
        },
        (generation, _) => Slot::Unreadable { generation: generation.unwrap_or(0), reason: "the save file is incomplete".into() },
    }
}

/// Copies a file beside itself with a `.unreadable-<n>` suffix that does not exist yet.
fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    for n in 1.. {
        let aside = path.with_extension(format!("unreadable-{n}.json"));
        if !aside.exists() {
            std::fs::copy(path, &aside)?;
            return Ok(aside);
        }
    }
    unreachable!("some suffix is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(generation: u64) -> Slot<&'static str> {
        Slot::Readable { generation, session: "game" }
    }
    fn bad(generation: u64) -> Slot<&'static str> {
        Slot::Unreadable { generation, reason: "torn".into() }
    }

    #[test]
    fn principle_5_the_newest_readable_save_is_restored() {
        assert_eq!(choose(&[ok(3), ok(4)]), Choice { restore: Some(1), unreadable: vec![] });
        assert_eq!(choose(&[ok(7), ok(6)]), Choice { restore: Some(0), unreadable: vec![] });
        assert_eq!(choose(&[ok(1), Slot::Empty]), Choice { restore: Some(0), unreadable: vec![] });
    }

    #[test]
    fn principle_5_a_torn_newest_save_falls_back_to_the_previous_one_and_is_reported() {
        assert_eq!(choose(&[ok(3), bad(4)]), Choice { restore: Some(0), unreadable: vec![1] });
    }

    #[test]
    fn principle_5_an_old_unreadable_file_behind_a_good_save_is_not_reported() {
        assert_eq!(choose(&[bad(2), ok(3)]), Choice { restore: Some(1), unreadable: vec![] });
    }

    #[test]
    fn principle_5_nothing_readable_reports_every_unreadable_file() {
        assert_eq!(choose(&[bad(1), bad(2)]), Choice { restore: None, unreadable: vec![0, 1] });
        assert_eq!(choose::<&str>(&[Slot::Empty, Slot::Empty]), Choice { restore: None, unreadable: vec![] });
    }
}
