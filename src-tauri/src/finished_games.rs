//! The finished-games list on the device (issue #14): when a game is over for good its record is kept in
//! the app data folder's `finished/`, one file per game (`<first 16 hex of the commitment>.json`, written
//! whole then renamed, like the save slots). What an entry holds and the tally by Orders are the core's
//! (`goeben_referee::api::finished`); this module only stores and reads them.

use std::path::{Path, PathBuf};

use goeben_referee::api::finished::{self, FinishedEntry};
use goeben_referee::api::record::GameRecord;
use goeben_referee::api::{ErrorCode, ErrorInfo};
use goeben_referee::Session;
use serde_json::Value;
use tauri::{AppHandle, Manager};

use crate::persistence::{now_millis, write_whole};

pub const FINISHED_DIR: &str = "finished";
const KEY_ENTRY: &str = "entry";
const KEY_RECORD: &str = "record";

pub struct Finished {
    app: AppHandle,
    pub dir: PathBuf,
}

impl Finished {
    pub fn open(app: &AppHandle) -> Result<Finished, Box<dyn std::error::Error>> {
        let dir = app.path().app_data_dir()?.join(FINISHED_DIR);
        std::fs::create_dir_all(&dir)?;
        Ok(Finished {
            app: app.clone(),
            dir,
        })
    }

    /// Keeps the session's game when it is over for good and not kept yet (once per game).
    pub fn keep(&self, session: &Session) -> Result<(), String> {
        let view = session.view();
        let (Some(_), Some(commitment)) = (view.reveal, view.commitment) else {
            return Ok(());
        };
        if self.dir.join(file_name(&commitment[..16])).exists() {
            return Ok(());
        }
        let record = session.export_record().ok_or("no record")?;
        let entry = finished::entry(&record, now_millis()).ok_or("the record is not finished")?;
        let entries = vec![
            (KEY_ENTRY, to_value(&entry)),
            (KEY_RECORD, to_value(&record)),
        ];
        write_whole(
            &self.app,
            Path::new(FINISHED_DIR),
            &file_name(&entry.id),
            entries,
        )
    }
}

fn to_value<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("serialises")
}

fn file_name(id: &str) -> String {
    format!("{id}.json")
}

/// An id is 16 lowercase hex characters (so it can never name a path outside the folder).
pub fn check_id(id: &str) -> Result<(), ErrorInfo> {
    if id.len() == 16 && id.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f')) {
        Ok(())
    } else {
        Err(ErrorInfo::new(
            ErrorCode::Malformed,
            "a finished game's id is 16 hex characters",
        ))
    }
}

fn read(path: &Path) -> Option<serde_json::Map<String, Value>> {
    match serde_json::from_slice::<Value>(&std::fs::read(path).ok()?).ok()? {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

/// The finished games, newest first, and how many files could not be read (kept, never removed).
pub fn list(dir: &Path) -> (Vec<FinishedEntry>, u32) {
    let Ok(files) = std::fs::read_dir(dir) else {
        return (Vec::new(), 0);
    };
    let mut unreadable = 0;
    let mut games: Vec<FinishedEntry> = Vec::new();
    for file in files.filter_map(Result::ok) {
        let name = file.file_name().into_string().unwrap_or_default();
        let Some(id) = name.strip_suffix(".json") else {
            continue;
        };
        if check_id(id).is_err() {
            continue;
        }
        match read(&file.path())
            .and_then(|m| serde_json::from_value::<FinishedEntry>(m.get(KEY_ENTRY)?.clone()).ok())
        {
            Some(entry) => games.push(entry),
            None => unreadable += 1,
        }
    }
    games.sort_by(|a, b| {
        b.finished_at
            .cmp(&a.finished_at)
            .then_with(|| a.id.cmp(&b.id))
    });
    (games, unreadable)
}

/// The record of finished game `id`.
pub fn read_record(dir: &Path, id: &str) -> Result<GameRecord, ErrorInfo> {
    check_id(id)?;
    let path = dir.join(file_name(id));
    if !path.is_file() {
        return Err(ErrorInfo::new(
            ErrorCode::UnknownGame,
            "There is no such finished game on this device.",
        ));
    }
    read(&path)
        .and_then(|m| serde_json::from_value::<GameRecord>(m.get(KEY_RECORD)?.clone()).ok())
        .ok_or_else(|| {
            ErrorInfo::new(
                ErrorCode::RecordUnreadable,
                "This finished game's file is damaged; it is kept as it is.",
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use goeben_referee::{RulesPack, SessionRequest};

    fn finished_session(seed: u64) -> Session {
        let mut s = Session::new(RulesPack::standard(), seed);
        let mut r = s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: None,
        });
        let mut i = 0usize;
        while r.view.game_over.is_none() {
            r = s.respond(
                r.view.legal_actions()[(i * 31 + 7) % r.view.legal_actions().len()].clone(),
            );
            i += 1;
        }
        s
    }

    #[test]
    fn issue_14_finished_games_are_listed_newest_first_and_their_records_read_back() {
        let dir = std::env::temp_dir().join(format!("goeben-finished-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut ids = Vec::new();
        for (n, seed) in [3u64, 4].into_iter().enumerate() {
            let mut s = finished_session(seed);
            let record = s.respond(SessionRequest::ExportRecord).record().unwrap();
            let entry = finished::entry(&record, 1000 + n as u64).unwrap();
            let text = serde_json::json!({ KEY_ENTRY: entry, KEY_RECORD: record }).to_string();
            std::fs::write(dir.join(file_name(&entry.id)), text).unwrap();
            ids.push(entry.id);
        }
        std::fs::write(dir.join("00000000000000ff.json"), "{ damaged").unwrap();
        let (games, unreadable) = list(&dir);
        assert_eq!(
            games.iter().map(|g| g.id.clone()).collect::<Vec<_>>(),
            vec![ids[1].clone(), ids[0].clone()],
            "newest first"
        );
        assert_eq!(unreadable, 1, "the damaged file is counted, not listed");
        let record = read_record(&dir, &ids[0]).unwrap();
        assert!(
            goeben_referee::api::verify::verify(&serde_json::to_string(&record).unwrap()).ok,
            "a kept record still verifies"
        );
        assert_eq!(
            read_record(&dir, "../../etc/passwd").unwrap_err().code,
            "malformed"
        );
        assert_eq!(
            read_record(&dir, "00000000000000aa").unwrap_err().code,
            "unknown_game"
        );
        assert_eq!(
            read_record(&dir, "00000000000000ff").unwrap_err().code,
            "record_unreadable"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
