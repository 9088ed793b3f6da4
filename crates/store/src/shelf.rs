//! What the player keeps besides the running game: the named save slots, the finished games and the table
//! tools' session. Each write is one transaction committed with `synchronous = FULL` (they are rare and
//! chosen by the player, or the end of a game: worth a sync each). The rows are stored as the shell hands
//! them over; what a slot's summary or a finished entry holds is the shell's and the core's business.

use rusqlite::{params, OptionalExtension};

use crate::{Store, StoreError};

/// A save slot: its public list entry and the save itself (`api::save` JSON, with its secrets).
#[derive(Debug, Clone, PartialEq)]
pub struct SlotRow {
    pub id: String,
    pub name: String,
    pub saved_at: u64,
    pub automatic: bool,
    /// The public summary as JSON (the shell's `SlotSummary`).
    pub summary: String,
    pub save: String,
}

/// A finished game: its list entry and its record, both JSON (`api::finished`), and its career figures
/// (`api::career::GameFigures` JSON; None when they are derived later).
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedRow {
    pub id: String,
    pub finished_at: u64,
    pub entry: String,
    pub record: String,
    pub figures: Option<String>,
}

/// A finished game as the career screen reads it: its figures, when they are kept yet.
#[derive(Debug, Clone, PartialEq)]
pub struct CareerRow {
    pub id: String,
    pub finished_at: u64,
    pub figures: Option<String>,
}

/// The `state` row of the table tools' session.
pub const TABLE_TOOLS: &str = "table_tools";

impl Store {
    /// Writes slot `row.id` whole (a slot of that id is replaced).
    pub fn put_slot(&mut self, row: &SlotRow) -> Result<(), StoreError> {
        self.durable(|tx| {
            tx.execute(
                "INSERT OR REPLACE INTO slot (id, name, saved_at, automatic, summary, save) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![row.id, row.name, row.saved_at as i64, row.automatic, row.summary, row.save],
            )
        })?;
        Ok(())
    }

    /// Every slot, newest first (then by name); each with its save.
    pub fn slots(&self) -> Result<Vec<SlotRow>, StoreError> {
        let mut query = self.conn.prepare(
            "SELECT id, name, saved_at, automatic, summary, save FROM slot ORDER BY saved_at DESC, name",
        )?;
        let rows = query.query_map([], |r| {
            Ok(SlotRow {
                id: r.get(0)?,
                name: r.get(1)?,
                saved_at: r.get::<_, i64>(2)? as u64,
                automatic: r.get(3)?,
                summary: r.get(4)?,
                save: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// Slot `id`, if there is one.
    pub fn slot(&self, id: &str) -> Result<Option<SlotRow>, StoreError> {
        Ok(self.slots()?.into_iter().find(|s| s.id == id))
    }

    pub fn has_slot(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT 1 FROM slot WHERE id = ?1", [id], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// Removes slot `id`; whether there was one.
    pub fn delete_slot(&mut self, id: &str) -> Result<bool, StoreError> {
        Ok(self.durable(|tx| tx.execute("DELETE FROM slot WHERE id = ?1", [id]))? > 0)
    }

    /// Keeps a finished game once: a game already kept stays as it was. Whether it was new.
    pub fn keep_finished(&mut self, row: &FinishedRow) -> Result<bool, StoreError> {
        Ok(self.durable(|tx| {
            tx.execute(
                "INSERT OR IGNORE INTO finished (id, finished_at, entry, record, figures) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![row.id, row.finished_at as i64, row.entry, row.record, row.figures],
            )
        })? > 0)
    }

    pub fn has_finished(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT 1 FROM finished WHERE id = ?1", [id], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// Every finished game's entry, newest first.
    pub fn finished_entries(&self) -> Result<Vec<String>, StoreError> {
        let mut query = self
            .conn
            .prepare("SELECT entry FROM finished ORDER BY finished_at DESC, id")?;
        let rows = query.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// The record of finished game `id`, if it is kept.
    pub fn finished_record(&self, id: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT record FROM finished WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Every finished game's career figures, oldest first (the order of the VP plot). A game not over
    /// is never a row of `finished`, so nothing of it is read here.
    pub fn career_rows(&self) -> Result<Vec<CareerRow>, StoreError> {
        let mut query = self
            .conn
            .prepare("SELECT id, finished_at, figures FROM finished ORDER BY finished_at, id")?;
        let rows = query.query_map([], |r| {
            Ok(CareerRow {
                id: r.get(0)?,
                finished_at: r.get::<_, i64>(1)? as u64,
                figures: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// Writes the figures derived for finished game `id` (kept before figures were). Committed like a
    /// journal step: they can always be derived again from the record.
    pub fn put_figures(&mut self, id: &str, figures: &str) -> Result<(), StoreError> {
        self.conn.execute(
            "UPDATE finished SET figures = ?2 WHERE id = ?1",
            params![id, figures],
        )?;
        Ok(())
    }

    /// Writes the named document whole (the table tools' session after each accepted request). Committed
    /// like a journal step (`synchronous = NORMAL`): a kill keeps it, the checkpointer syncs it.
    pub fn put_state(&mut self, name: &str, value: &str) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT OR REPLACE INTO state (name, value) VALUES (?1, ?2)",
            params![name, value],
        )?;
        Ok(())
    }

    pub fn state(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT value FROM state WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()?)
    }
}
