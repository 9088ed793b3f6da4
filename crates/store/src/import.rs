//! The files an earlier version of the app kept in its data folder, imported into the store once, at the
//! first start that finds them: the two alternating autosaves (`autosave-a.json`, `autosave-b.json`), the
//! named slots (`saves/<id>.json`), the finished games (`finished/<id>.json`) and the table tools' session
//! (`table-tools.json`). Each is checked as it was when read (a save through `api::save`, a record and an
//! entry through their types, a tools session through the tools' own checks), then written to the store
//! and moved aside into `imported/` — never deleted. A file that fails to import stays where it is and the
//! player is told once (the `import` table remembers it by name and size, so an unchanged file is not
//! tried and told again at every start).

use std::path::{Path, PathBuf};

use goeben_referee::api::finished::FinishedEntry;
use goeben_referee::api::record::GameRecord;
use goeben_referee::api::save;
use goeben_referee::Session;
use rusqlite::{params, OptionalExtension};
use serde_json::{Map, Value};

use crate::shelf::{FinishedRow, SlotRow, TABLE_TOOLS};
use crate::{Store, StoreError};

/// The folder imported files are moved into, inside the data folder.
pub const IMPORTED_DIR: &str = "imported";
const AUTOSAVES: [&str; 2] = ["autosave-a.json", "autosave-b.json"];

/// What an import found and did.
#[derive(Debug, Default, PartialEq)]
pub struct Imported {
    /// Files imported and moved aside, by their path in the data folder.
    pub files: Vec<String>,
    /// Files that could not be imported (left in place), with why.
    pub failed: Vec<(String, String)>,
    /// The player's words for what failed (`None` when nothing did).
    pub notice: Option<String>,
}

impl Store {
    /// Imports every file of an earlier version found in `dir`. An autosave becomes the running game when
    /// the store holds none yet, and an automatic slot otherwise (a game played since is never replaced).
    pub fn import_old_files(&mut self, dir: &Path, now_millis: u64) -> Imported {
        let mut done = Imported::default();
        self.import_autosaves(dir, now_millis, &mut done);
        for (folder, kind) in [("saves", Kind::Slot), ("finished", Kind::Finished)] {
            let Ok(entries) = std::fs::read_dir(dir.join(folder)) else {
                continue;
            };
            let mut names: Vec<String> = entries
                .filter_map(Result::ok)
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| {
                    n.ends_with(".json") && !n.starts_with('.') && !n.contains(".unreadable-")
                })
                .collect();
            names.sort();
            for name in names {
                let file = format!("{folder}/{name}");
                self.import_one(dir, &file, &mut done, |store, map| match kind {
                    Kind::Slot => store.import_slot(&name, map),
                    Kind::Finished => store.import_finished(map),
                });
            }
        }
        self.import_one(dir, "table-tools.json", &mut done, |store, map| {
            let text = map
                .get("session")
                .and_then(Value::as_str)
                .ok_or("it holds no tools session")?;
            goeben_table_tools::ToolSession::from_json(text)
                .map_err(|_| "its tools session does not check".to_string())?;
            store
                .put_state(TABLE_TOOLS, text)
                .map_err(|e| e.to_string())
        });
        if !done.failed.is_empty() {
            let names: Vec<String> = done
                .failed
                .iter()
                .map(|(f, why)| format!("{f} ({why})"))
                .collect();
            done.notice = Some(format!(
                "Files of an earlier version of the app could not be imported and were left as they are: {}.",
                names.join("; ")
            ));
        }
        done
    }

    /// The newest autosave that reads; both files are moved aside once it is in the store.
    fn import_autosaves(&mut self, dir: &Path, now_millis: u64, done: &mut Imported) {
        let found: Vec<(&str, AutosaveRead)> = AUTOSAVES
            .iter()
            .filter(|name| dir.join(name).is_file())
            .filter(|name| !self.told_before(dir, name))
            .map(|name| (*name, read_autosave(&dir.join(name))))
            .collect();
        let newest = found
            .iter()
            .filter_map(|(name, read)| read.as_ref().ok().map(|(g, _)| (*g, *name)))
            .max();
        let Some((_, newest)) = newest else {
            for (name, read) in found {
                if let Err(why) = read {
                    self.failed(dir, name, why, done);
                }
            }
            return;
        };
        let session = found
            .into_iter()
            .find(|(n, _)| *n == newest)
            .and_then(|(_, r)| r.ok())
            .map(|(_, s)| s);
        let session = session.expect("the newest autosave read");
        let kept = match self.has_running_game() {
            Ok(false) => self.record_session(&session, "imported"),
            Ok(true) => self.put_slot(&autosave_slot(&session, now_millis)),
            Err(e) => Err(e),
        };
        match kept {
            Ok(()) => {
                for name in AUTOSAVES.iter().filter(|n| dir.join(n).is_file()) {
                    self.remember(dir, name, "imported");
                    move_aside(dir, name, done);
                }
            }
            Err(e) => self.failed(dir, newest, e.to_string(), done),
        }
    }

    /// Reads `file` as a JSON object, hands it to `import`, and moves it aside once imported.
    fn import_one(
        &mut self,
        dir: &Path,
        file: &str,
        done: &mut Imported,
        import: impl FnOnce(&mut Store, &Map<String, Value>) -> Result<(), String>,
    ) {
        let path = dir.join(file);
        if !path.is_file() || self.told_before(dir, file) {
            return;
        }
        let map = match std::fs::read(&path)
            .map_err(|e| e.kind().to_string())
            .and_then(|b| match serde_json::from_slice::<Value>(&b) {
                Ok(Value::Object(map)) => Ok(map),
                _ => Err("it is not readable JSON".to_string()),
            }) {
            Ok(map) => map,
            Err(why) => return self.failed(dir, file, why, done),
        };
        match import(self, &map) {
            Ok(()) => {
                self.remember(dir, file, "imported");
                move_aside(dir, file, done);
            }
            Err(why) => self.failed(dir, file, why, done),
        }
    }

    fn import_slot(&mut self, name: &str, map: &Map<String, Value>) -> Result<(), String> {
        let id = name.trim_end_matches(".json").to_string();
        let text = map
            .get("save")
            .and_then(Value::as_str)
            .ok_or("it holds no save")?;
        let session = save::from_json(text).map_err(|e| e.to_string())?;
        let row = SlotRow {
            id,
            name: map
                .get("name")
                .and_then(Value::as_str)
                .ok_or("it has no name")?
                .to_string(),
            saved_at: map.get("saved_at").and_then(Value::as_u64).unwrap_or(0),
            automatic: map
                .get("automatic")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            summary: map
                .get("summary")
                .map_or_else(|| summary_of(&session), Value::to_string),
            save: text.to_string(),
        };
        self.put_slot(&row).map_err(|e| e.to_string())
    }

    fn import_finished(&mut self, map: &Map<String, Value>) -> Result<(), String> {
        let entry: FinishedEntry = map
            .get("entry")
            .cloned()
            .and_then(|v| serde_json::from_value(v).ok())
            .ok_or("its list entry does not read")?;
        let record = map
            .get("record")
            .cloned()
            .and_then(|v| GameRecord::from_value(v).ok())
            .ok_or("its game record does not read")?;
        let row = FinishedRow {
            id: entry.id.clone(),
            finished_at: entry.finished_at,
            entry: serde_json::to_string(&entry).expect("serialises"),
            record: serde_json::to_string(&record).expect("serialises"),
            // Derived from the record when the career screen first opens.
            figures: None,
        };
        self.keep_finished(&row)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn has_running_game(&self) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM snapshot", [], |r| r.get::<_, i64>(0))?
            > 0)
    }

    /// Whether this file, as it is now (its size), was tried before: imported (and not moved aside, in a
    /// read-only folder) or failed and told.
    fn told_before(&self, dir: &Path, file: &str) -> bool {
        let bytes = std::fs::metadata(dir.join(file))
            .map(|m| m.len() as i64)
            .unwrap_or(-1);
        self.conn
            .query_row(
                "SELECT 1 FROM import WHERE file = ?1 AND bytes = ?2",
                params![file, bytes],
                |_| Ok(()),
            )
            .optional()
            .ok()
            .flatten()
            .is_some()
    }

    fn failed(&mut self, dir: &Path, file: &str, why: String, done: &mut Imported) {
        self.remember(dir, file, &why);
        done.failed.push((file.to_string(), why));
    }

    /// Notes how a file's import went. When even this cannot be written the file is tried again at the
    /// next start, which does no harm: a slot or a finished game is written whole once more.
    fn remember(&mut self, dir: &Path, file: &str, outcome: &str) {
        let bytes = std::fs::metadata(dir.join(file))
            .map(|m| m.len() as i64)
            .unwrap_or(-1);
        let _ = self.conn.execute(
            "INSERT OR REPLACE INTO import (file, bytes, outcome) VALUES (?1, ?2, ?3)",
            params![file, bytes, outcome],
        );
    }
}

/// An autosave as read: its generation and game, or why it does not read.
type AutosaveRead = Result<(u64, Session), String>;

enum Kind {
    Slot,
    Finished,
}

/// An autosave file of the store plugin: `{"generation": n, "save": "<save JSON>"}`.
fn read_autosave(path: &Path) -> Result<(u64, Session), String> {
    let bytes = std::fs::read(path).map_err(|e| e.kind().to_string())?;
    let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(&bytes) else {
        return Err("it is not readable JSON".into());
    };
    let generation = map
        .get("generation")
        .and_then(Value::as_u64)
        .ok_or("it has no generation")?;
    let text = map
        .get("save")
        .and_then(Value::as_str)
        .ok_or("it holds no save")?;
    let session = save::from_json(text).map_err(|e| e.to_string())?;
    Ok((generation, session))
}

/// An autosave found beside a store that already runs a game: kept as an automatic slot.
fn autosave_slot(session: &Session, now_millis: u64) -> SlotRow {
    SlotRow {
        id: format!("auto-{now_millis}"),
        name: "Imported autosave".into(),
        saved_at: now_millis,
        automatic: true,
        summary: summary_of(session),
        save: save::to_json(session),
    }
}

/// A slot's public summary, as the shell lists it (turn, last turn, phase, Orders, VP).
fn summary_of(session: &Session) -> String {
    let view = session.view();
    serde_json::json!({
        "turn": view.turn,
        "last_turn": view.last_turn,
        "phase": view.phase,
        "orders": view.game.map(|g| g.orders.name),
        "vp": view.vp,
    })
    .to_string()
}

/// Moves an imported file into `imported/` under the same path (a free name if one is there already).
fn move_aside(dir: &Path, file: &str, done: &mut Imported) {
    let target = free_name(&dir.join(IMPORTED_DIR).join(file));
    // Imported but not moved (a read-only folder): the store has it, and the `import` table says so, so
    // it is not imported twice.
    let _ = target
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::rename(dir.join(file), &target));
    done.files.push(file.to_string());
}

fn free_name(path: &Path) -> PathBuf {
    if !path.exists() {
        return path.to_path_buf();
    }
    (1..)
        .map(|n| path.with_extension(format!("{n}.json")))
        .find(|p| !p.exists())
        .expect("some name is free")
}
