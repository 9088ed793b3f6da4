//! The finished-games list on the device: when a game is over for good its record is kept in
//! the game store, once per game (its id: the first 16 hex of the commitment). What an entry holds and the
//! tally by Orders are the core's (`goeben_referee::api::finished`); this module only stores and reads them.

use goeben_referee::api::career::{self, CareerAnswer};
use goeben_referee::api::finished::{self, FinishedEntry};
use goeben_referee::api::record::GameRecord;
use goeben_referee::api::{ErrorCode, ErrorInfo};
use goeben_referee::Session;
use goeben_store::{FinishedRow, Store};

use crate::persistence::now_millis;

/// Keeps the session's game when it is over for good and not kept yet (once per game).
pub fn keep(store: &mut Store, session: &Session) -> Result<(), String> {
    let view = session.view();
    let (Some(_), Some(commitment)) = (view.reveal, view.commitment) else {
        return Ok(());
    };
    if store
        .has_finished(&commitment[..16])
        .map_err(|e| e.to_string())?
    {
        return Ok(());
    }
    let record = session.export_record().ok_or("no record")?;
    let entry = finished::entry(&record, now_millis()).ok_or("the record is not finished")?;
    let row = FinishedRow {
        id: entry.id.clone(),
        finished_at: entry.finished_at,
        entry: serde_json::to_string(&entry).expect("serialises"),
        record: serde_json::to_string(&record).expect("serialises"),
        // Read from the live session (no replay): the career screen reads them with one query.
        figures: career::figures(session).map(|f| serde_json::to_string(&f).expect("serialises")),
    };
    store
        .keep_finished(&row)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The career figures over every finished game (the store derives and keeps those of games kept
/// before figures were); a store that cannot be read is said, never an IPC failure.
pub fn career(store: &mut Store) -> CareerAnswer {
    match store.career() {
        Ok(c) => CareerAnswer::view(career::view(&c.games, c.unreadable)),
        Err(e) => CareerAnswer::refused(ErrorInfo::new(
            ErrorCode::RecordUnreadable,
            format!("The finished games could not be read: {e}."),
        )),
    }
}

/// An id is 16 lowercase hex characters.
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

/// The finished games, newest first, and how many could not be read (kept, never removed).
pub fn list(store: &Store) -> (Vec<FinishedEntry>, u32) {
    let Ok(entries) = store.finished_entries() else {
        return (Vec::new(), 0);
    };
    let mut unreadable = 0;
    let mut games = Vec::new();
    for entry in entries {
        match serde_json::from_str::<FinishedEntry>(&entry) {
            Ok(entry) => games.push(entry),
            Err(_) => unreadable += 1,
        }
    }
    (games, unreadable)
}

/// The record of finished game `id`.
pub fn read_record(store: &Store, id: &str) -> Result<GameRecord, ErrorInfo> {
    check_id(id)?;
    let damaged = || {
        ErrorInfo::new(
            ErrorCode::RecordUnreadable,
            "This finished game's record is damaged; it is kept as it is.",
        )
    };
    let text = store.finished_record(id).map_err(|_| damaged())?;
    let Some(text) = text else {
        return Err(ErrorInfo::new(
            ErrorCode::UnknownGame,
            "There is no such finished game on this device.",
        ));
    };
    GameRecord::from_json(&text).map_err(|_| damaged())
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
        let mut store = Store::in_memory();
        let mut ids = Vec::new();
        for (n, seed) in [3u64, 4].into_iter().enumerate() {
            let mut s = finished_session(seed);
            let record = s.respond(SessionRequest::ExportRecord).record().unwrap();
            let entry = finished::entry(&record, 1000 + n as u64).unwrap();
            let row = FinishedRow {
                id: entry.id.clone(),
                finished_at: entry.finished_at,
                entry: serde_json::to_string(&entry).unwrap(),
                record: serde_json::to_string(&record).unwrap(),
                figures: None,
            };
            assert!(store.keep_finished(&row).unwrap());
            ids.push(entry.id);
        }
        let damaged = FinishedRow {
            id: "00000000000000ff".into(),
            finished_at: 1,
            entry: "{ damaged".into(),
            record: "{ damaged".into(),
            figures: None,
        };
        store.keep_finished(&damaged).unwrap();
        let (games, unreadable) = list(&store);
        assert_eq!(
            games.iter().map(|g| g.id.clone()).collect::<Vec<_>>(),
            vec![ids[1].clone(), ids[0].clone()],
            "newest first"
        );
        assert_eq!(unreadable, 1, "the damaged row is counted, not listed");
        let record = read_record(&store, &ids[0]).unwrap();
        assert!(
            goeben_referee::api::verify::verify(&serde_json::to_string(&record).unwrap()).ok,
            "a kept record still verifies"
        );
        assert_eq!(
            read_record(&store, "../../etc/passwd").unwrap_err().code,
            "malformed"
        );
        assert_eq!(
            read_record(&store, "00000000000000aa").unwrap_err().code,
            "unknown_game"
        );
        assert_eq!(
            read_record(&store, "00000000000000ff").unwrap_err().code,
            "record_unreadable"
        );
    }

    #[test]
    fn issue_14_a_game_over_is_kept_once() {
        let mut store = Store::in_memory();
        let session = finished_session(3);
        keep(&mut store, &session).unwrap();
        keep(&mut store, &session).unwrap();
        assert_eq!(list(&store).0.len(), 1);
        let running = Session::new(RulesPack::standard(), 3);
        keep(&mut store, &running).unwrap();
        assert_eq!(list(&store).0.len(), 1, "a game not over is not kept");
    }

    #[test]
    fn a_game_kept_when_it_ends_brings_its_career_figures() {
        let mut store = Store::in_memory();
        let empty = career(&mut store).view.unwrap();
        assert!(empty.empty.is_some() && empty.vp.is_none());
        let session = finished_session(3);
        keep(&mut store, &session).unwrap();
        assert!(
            store.career_rows().unwrap()[0].figures.is_some(),
            "kept with the game"
        );
        let answer = career(&mut store);
        assert!(answer.ok);
        let view = answer.view.unwrap();
        assert_eq!(
            view.vp.unwrap().points[0].vp,
            career::figures(&session).unwrap().vp
        );
        assert!(
            view.headline.starts_with("1 game finished"),
            "{}",
            view.headline
        );
    }
}
