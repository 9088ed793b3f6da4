//! The running game as a journal (DESIGN.md principle 5): each applied request is one `step` row — the
//! request and the events it gave, as the game record keeps them — committed before the shell answers; a
//! `snapshot` of the whole session every `SNAPSHOT_EVERY` steps (written after the answer has gone back:
//! `write_due_snapshot`) and whenever another game takes over. Opening is the newest snapshot that reads
//! plus the steps after it, each replayed by
//! the core (`Session::respond`, the same door the player's requests go through) and checked against the
//! events it gave when it was played. A step that does not replay as it was played, or a damaged row, stops
//! the replay: the game opens at the last step that checks, and the player is told.
//!
//! A new game's step also keeps the session it started (the `state` row `journal_start`), until a
//! snapshot lets go of the steps after it: until its second due snapshot a chain has one snapshot only,
//! and when no snapshot reads, the game is rebuilt from its start and every step since, not lost.
//!
//! Undo, take-backs, corrections and chart edits are requests like any other, so they are steps too.

use goeben_referee::api::record::plays_alike;
use goeben_referee::api::save;
use goeben_referee::ground::event::Event;
use goeben_referee::{Request, Response, Session, SessionRequest};
use rusqlite::{params, OptionalExtension, Transaction};
use serde_json::Value;

use crate::{Store, StoreError};

/// At most this many steps are replayed when a game is opened.
pub const SNAPSHOT_EVERY: u64 = 32;

/// Where the journal stands: what the next write continues.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    epoch: i64,
    last_seq: i64,
    since_snapshot: u64,
    /// The turn and phase the last step left the game in (a change is a phase's end).
    at: Option<(u8, String)>,
    /// The journal does not hold the running game up to its last step (none yet, a write failed, or the
    /// replay stopped early): the next write is a whole snapshot that starts a new chain.
    stale: bool,
}

impl Journal {
    /// A journal whose base is not known yet: its first write is a snapshot.
    pub(crate) fn unknown() -> Journal {
        Journal {
            stale: true,
            ..Journal::default()
        }
    }
}

/// A game opened from the store.
#[derive(Debug)]
pub struct Opened {
    /// The running game, `None` when the store holds none.
    pub session: Option<Session>,
    /// Steps replayed after the snapshot it started from (or the game's start, when no snapshot read).
    pub replayed: u64,
    /// What the player must know: a damaged snapshot passed over (the game then rebuilt from an earlier
    /// one or from its start), or a step that did not replay.
    pub notice: Option<String>,
}

/// A step row as read back.
struct StepRow {
    seq: i64,
    request: String,
    events: String,
}

impl Store {
    /// Opens the running game: the newest snapshot that reads, plus the steps after it that replay as they
    /// were played; when none reads, the game's start kept with its new game, plus every step since. One
    /// notice says which. Reads only: what it passed over stays in the store as it was.
    pub fn open_game(&mut self) -> Result<Opened, StoreError> {
        let last_seq = self.last_seq()?;
        let (found, unread) = self.newest_snapshot()?;
        let (base, note) = match found {
            Some(base) => {
                let note = (!unread.is_empty()).then(|| passed_over(&unread));
                (Some(base), note)
            }
            // The store holds no game.
            None if unread.is_empty() => (None, None),
            None => match self.game_start()? {
                Some(base) => (
                    Some(base),
                    Some(format!(
                        "No snapshot of your game could be read ({}); it was rebuilt from its new game and every step since, kept in the journal.",
                        reasons(&unread)
                    )),
                ),
                None => (
                    None,
                    Some(format!(
                        "No snapshot of your game could be read ({}), and the journal does not hold it from its start: a new session was started.",
                        reasons(&unread)
                    )),
                ),
            },
        };
        let mut notes: Vec<String> = note.into_iter().collect();
        let Some((seq, epoch, mut session)) = base else {
            self.journal = Journal {
                last_seq,
                stale: true,
                ..Journal::default()
            };
            return Ok(Opened {
                session: None,
                replayed: 0,
                notice: (!notes.is_empty()).then(|| notes.join(" ")),
            });
        };
        let steps = self.steps_after(epoch, seq)?;
        let (replayed, stopped) = replay(&mut session, &steps);
        notes.extend(stopped);
        let view = session.view();
        self.journal = Journal {
            epoch,
            last_seq,
            since_snapshot: replayed,
            at: Some((view.turn, phase_name(&view))),
            stale: !notes.is_empty(),
        };
        let notice = (!notes.is_empty()).then(|| notes.join(" "));
        Ok(Opened {
            session: Some(session),
            replayed,
            notice,
        })
    }

    /// Answers one request for the running game (the core's `Session::respond`) and, when it changed the
    /// session, journals it before the answer is handed back. The answer stands whether or not the write
    /// worked: the shell tells the player when it did not.
    pub fn respond(
        &mut self,
        session: &mut Session,
        request: Request,
    ) -> (Response, Result<(), StoreError>) {
        let kept = request.clone();
        let response = session.respond(request);
        if !response.changed {
            return (response, Ok(()));
        }
        let written = self.record_step(&kept, &response, session);
        (response, written)
    }

    /// Journals one applied request (`response.changed`) before its answer goes back: one `step` row. On
    /// failure nothing was written, and the next write is a whole snapshot, so the journal never misses a
    /// step it would need to replay. A snapshot that falls due is not written here (`write_due_snapshot`).
    pub fn record_step(
        &mut self,
        request: &Request,
        response: &Response,
        session: &Session,
    ) -> Result<(), StoreError> {
        let new_game = matches!(request, Request::Session(SessionRequest::NewGame { .. }));
        if self.journal.stale {
            return self.start_chain(session, "resumed", new_game);
        }
        let at = (response.view.turn, phase_name(&response.view));
        let seq = self.journal.last_seq + 1;
        let epoch = self.journal.epoch;
        let request = serde_json::to_string(request).expect("a request serialises");
        let events = serde_json::to_string(response.events.as_deref().unwrap_or_default())
            .expect("events serialise");
        // A new game's step keeps the session it started with it, in the same transaction.
        let start = new_game.then(|| save::to_json(session));
        let written = (|| {
            let tx = self.conn.transaction()?;
            tx.execute(
                "INSERT INTO step (seq, epoch, request, events, turn, phase) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![seq, epoch, request, events, at.0, at.1],
            )?;
            if let Some(start) = &start {
                put_start(&tx, seq, epoch, start)?;
            }
            tx.commit()
        })();
        self.after_write(written, seq, false, Some(at))
    }

    /// Whether `SNAPSHOT_EVERY` steps were journalled since the chain's last snapshot.
    pub fn snapshot_due(&self) -> bool {
        !self.journal.stale && self.journal.since_snapshot >= SNAPSHOT_EVERY
    }

    /// Writes the snapshot that is due (`snapshot_due`), after the step that made it due; true when one
    /// was written. The shell calls it once the answer has gone back: a step is kept by its
    /// own row, the snapshot only bounds how many steps opening replays, and it costs what the whole
    /// session costs to write (0.8–35 ms by the game's length on an idle machine, ten times that on a
    /// loaded one: docs/PERFORMANCE.md) — every 32nd answer waited for it while it was written with the
    /// step. Every `SNAPSHOT_EVERY` steps only, not at each phase's end as well: phases end every few
    /// steps, for no gain the bound on replay needs. A snapshot that cannot be written leaves the journal
    /// as it was (its steps still open the game) and is tried again after the next step.
    pub fn write_due_snapshot(&mut self, session: &Session) -> Result<bool, StoreError> {
        if !self.snapshot_due() {
            return Ok(false);
        }
        let (seq, epoch) = (self.journal.last_seq, self.journal.epoch);
        let snapshot = save::to_json(session);
        let tx = self.conn.transaction()?;
        put_snapshot(&tx, seq, epoch, "due", &snapshot)?;
        tx.commit()?;
        self.journal.since_snapshot = 0;
        Ok(true)
    }

    /// Starts a new chain with the whole session: a game loaded or imported, the first game of the store, or
    /// the first write after one that failed.
    pub fn record_session(&mut self, session: &Session, why: &str) -> Result<(), StoreError> {
        self.start_chain(session, why, false)
    }

    /// [`Store::record_session`]; `new_game` when the session is a game just started (the journal then
    /// holds it from its start), otherwise the journal holds no game's start any more.
    fn start_chain(
        &mut self,
        session: &Session,
        why: &str,
        new_game: bool,
    ) -> Result<(), StoreError> {
        let seq = self.journal.last_seq + 1;
        let epoch = self.max_epoch()? + 1;
        let snapshot = save::to_json(session);
        let written = (|| {
            let tx = self.conn.transaction()?;
            put_snapshot(&tx, seq, epoch, why, &snapshot)?;
            if new_game {
                put_start(&tx, seq, epoch, &snapshot)?;
            } else {
                tx.execute("DELETE FROM state WHERE name = ?1", [START])?;
            }
            tx.commit()
        })();
        let view = session.view();
        if written.is_ok() {
            self.journal.epoch = epoch;
        }
        self.after_write(written, seq, true, Some((view.turn, phase_name(&view))))
    }

    fn after_write(
        &mut self,
        written: rusqlite::Result<()>,
        seq: i64,
        snapshot: bool,
        at: Option<(u8, String)>,
    ) -> Result<(), StoreError> {
        match written {
            Ok(()) => {
                let j = &mut self.journal;
                j.last_seq = seq;
                j.since_snapshot = if snapshot { 0 } else { j.since_snapshot + 1 };
                j.at = at;
                j.stale = false;
                Ok(())
            }
            Err(e) => {
                self.journal.stale = true;
                Err(e.into())
            }
        }
    }

    fn last_seq(&self) -> Result<i64, StoreError> {
        Ok(self.conn.query_row(
            "SELECT max(coalesce((SELECT max(seq) FROM step), 0), coalesce((SELECT max(seq) FROM snapshot), 0))",
            [],
            |r| r.get(0),
        )?)
    }

    fn max_epoch(&self) -> Result<i64, StoreError> {
        Ok(self.conn.query_row(
            "SELECT max(coalesce((SELECT max(epoch) FROM step), 0), coalesce((SELECT max(epoch) FROM snapshot), 0))",
            [],
            |r| r.get(0),
        )?)
    }

    /// The newest snapshot whose session reads and checks (`save::from_json`), with why each newer one
    /// (or each one, when none reads) was passed over.
    #[allow(clippy::type_complexity)] // A private answer read once, in `open_game`.
    fn newest_snapshot(&self) -> Result<(Option<(i64, i64, Session)>, Vec<String>), StoreError> {
        let mut query = self
            .conn
            .prepare("SELECT seq, epoch, session FROM snapshot ORDER BY seq DESC")?;
        let mut rows = query.query([])?;
        let mut unread = Vec::new();
        while let Some(row) = rows.next()? {
            let seq: i64 = row.get(0)?;
            let epoch: i64 = row.get(1)?;
            let text: Result<String, _> = row.get(2);
            match text
                .map_err(|_| "it is damaged".to_string())
                .and_then(|t| save::from_json(&t).map_err(|e| save_words(&e)))
            {
                Ok(session) => return Ok((Some((seq, epoch, session)), unread)),
                Err(why) => unread.push(why),
            }
        }
        Ok((None, unread))
    }

    /// The running game's start kept with its new game's step (`journal_start`), when the journal still
    /// holds the game from there: the start belongs to the newest chain, and every step after it is
    /// there, none let go of by a snapshot. The seq and epoch it stands at, as a snapshot's.
    #[allow(clippy::type_complexity)] // A private answer read once, in `open_game`.
    fn game_start(&self) -> Result<Option<(i64, i64, Session)>, StoreError> {
        let text: Option<String> = self
            .conn
            .query_row(
                "SELECT CAST(value AS TEXT) FROM state WHERE name = ?1",
                [START],
                |r| r.get(0),
            )
            .optional()?
            .flatten();
        let Some(start) = text.and_then(|t| serde_json::from_str::<Start>(&t).ok()) else {
            return Ok(None);
        };
        if start.epoch != self.max_epoch()? {
            return Ok(None);
        }
        let seqs: Vec<i64> = self
            .conn
            .prepare("SELECT seq FROM step WHERE epoch = ?1 AND seq > ?2 ORDER BY seq")?
            .query_map(params![start.epoch, start.seq], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let whole = seqs
            .iter()
            .zip(start.seq + 1..)
            .all(|(&seq, want)| seq == want);
        if !whole {
            return Ok(None);
        }
        Ok(save::from_json(&start.save)
            .ok()
            .map(|session| (start.seq, start.epoch, session)))
    }

    fn steps_after(&self, epoch: i64, seq: i64) -> Result<Vec<StepRow>, StoreError> {
        let mut query = self.conn.prepare(
            "SELECT seq, CAST(request AS TEXT), CAST(events AS TEXT) FROM step WHERE epoch = ?1 AND seq > ?2 ORDER BY seq",
        )?;
        let rows = query.query_map(params![epoch, seq], |r| {
            Ok(StepRow {
                seq: r.get(0)?,
                request: r.get::<_, Option<String>>(1)?.unwrap_or_default(),
                events: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// How many steps and snapshots the store holds (for tests and the bench).
    pub fn journal_rows(&self) -> Result<(u64, u64), StoreError> {
        let steps = self
            .conn
            .query_row("SELECT count(*) FROM step", [], |r| r.get(0))?;
        let snapshots = self
            .conn
            .query_row("SELECT count(*) FROM snapshot", [], |r| r.get(0))?;
        Ok((steps, snapshots))
    }

    /// The seq of the last row written (tests check a reopened store against it).
    pub fn last_written(&self) -> i64 {
        self.journal.last_seq
    }
}

/// Writes a snapshot and lets go of what no open can need any more: snapshots before the one before it,
/// and the steps those cover. The previous snapshot and its steps stay, so a damaged newest snapshot still
/// opens one chain back.
fn put_snapshot(
    tx: &Transaction<'_>,
    seq: i64,
    epoch: i64,
    why: &str,
    session: &str,
) -> rusqlite::Result<()> {
    let previous: Option<i64> = tx
        .query_row("SELECT max(seq) FROM snapshot", [], |r| r.get(0))
        .optional()?
        .flatten();
    tx.execute(
        "INSERT INTO snapshot (seq, epoch, why, session) VALUES (?1, ?2, ?3, ?4)",
        params![seq, epoch, why, session],
    )?;
    if let Some(previous) = previous {
        tx.execute("DELETE FROM snapshot WHERE seq < ?1", [previous])?;
        tx.execute("DELETE FROM step WHERE seq <= ?1", [previous])?;
        // A game's start is of use while every step after it is kept.
        tx.execute(
            "DELETE FROM state WHERE name = ?1 AND NOT (json_valid(value) AND json_extract(value, '$.seq') >= ?2)",
            params![START, previous],
        )?;
    }
    Ok(())
}

/// The `state` row that keeps the running game's start: the session its new game started, with the seq
/// and epoch of that step, so the journal can be replayed from there when no snapshot reads.
const START: &str = "journal_start";

#[derive(serde::Serialize, serde::Deserialize)]
struct Start {
    seq: i64,
    epoch: i64,
    /// `save::to_json` of the session just after its new game.
    save: String,
}

/// Keeps `session` (save JSON) as the running game's start, at step `seq` of chain `epoch`.
fn put_start(tx: &Transaction<'_>, seq: i64, epoch: i64, session: &str) -> rusqlite::Result<()> {
    let start = serde_json::to_string(&Start {
        seq,
        epoch,
        save: session.to_string(),
    })
    .expect("a start serialises");
    tx.execute(
        "INSERT OR REPLACE INTO state (name, value) VALUES (?1, ?2)",
        params![START, start],
    )?;
    Ok(())
}

/// What the player reads when snapshots were passed over for an earlier one that reads: why, once.
fn passed_over(unread: &[String]) -> String {
    match unread {
        [why] => format!(
            "A snapshot of your game could not be read ({why}); the one before it was used, with the steps after it."
        ),
        whys => format!(
            "{} snapshots of your game could not be read ({}); an earlier one was used, with the steps after it.",
            whys.len(),
            reasons(whys)
        ),
    }
}

/// Why snapshots could not be read, each reason once: the player learns what went wrong, not how often.
fn reasons(unread: &[String]) -> String {
    let mut once: Vec<&str> = Vec::new();
    for why in unread {
        if !once.contains(&why.as_str()) {
            once.push(why);
        }
    }
    once.join("; ")
}

/// Replays `steps` on `session`, each checked against its events; stops at the first that does not
/// replay as it was played (the session then stands at the step before it). The note names the step by
/// its number and says what failed, never what it held.
fn replay(session: &mut Session, steps: &[StepRow]) -> (u64, Option<String>) {
    for (n, step) in steps.iter().enumerate() {
        let stop = |why: &str| {
            Some(format!(
                "Your game was opened at its last step that checks: step {} of the journal {why}. The steps after it are kept in the store, unused.",
                step.seq
            ))
        };
        let Ok(request) = serde_json::from_str::<Request>(&step.request) else {
            return (n as u64, stop("is damaged (its request cannot be read)"));
        };
        let Ok(expected) = serde_json::from_str::<Vec<Event>>(&step.events) else {
            return (n as u64, stop("is damaged (its events cannot be read)"));
        };
        let before = session.clone();
        let response = session.respond(request);
        // The play must be the same; the words may have improved since the step was written.
        let got = response.events.as_deref().unwrap_or_default();
        if !response.ok || !response.changed || !plays_alike(&expected, got) {
            *session = before;
            let why = if response.ok {
                "did not replay as it was played (other events)"
            } else {
                "was refused on replay"
            };
            return (n as u64, stop(why));
        }
    }
    (steps.len() as u64, None)
}

/// The phase's wire name, as the view carries it.
fn phase_name(view: &goeben_referee::api::view::PlayerView) -> String {
    match serde_json::to_value(view.phase) {
        Ok(Value::String(name)) => name,
        other => format!("{other:?}"),
    }
}

/// What a snapshot that does not read has, in words that quote nothing of it (a parser's message may
/// quote a hidden counter's name).
fn save_words(e: &save::SaveError) -> String {
    match e {
        save::SaveError::Corrupt(_) => "it is damaged".into(),
        save::SaveError::TooNew { .. } | save::SaveError::TooOld { .. } => e.to_string(),
        save::SaveError::BadPack(_) => "its rules pack is invalid".into(),
        save::SaveError::Inconsistent(_) => "its game is inconsistent".into(),
    }
}
