//! The store's one schema and its one migration path: `PRAGMA user_version` says which version a file
//! has, `PRAGMA application_id` that it is this app's store at all. Version 0 is a new, empty file.
//!
//! Version 1:
//! - `step`: one row per applied request of the running game (`seq` rising, `epoch` the snapshot chain it
//!   continues): the request and its events as JSON, as the game record keeps them (every die rolled is
//!   an event), and the turn and phase it left the game in.
//! - `snapshot`: the whole session (`api::save` JSON, schema-checked when read) after step `seq`, every
//!   `SNAPSHOT_EVERY` steps and when another game takes over (`why`).
//! - `slot`: the named save slots, with their public summary for the list.
//! - `finished`: the finished games, their list entry and record.
//! - `state`: named documents kept whole (the table tools' session).
//! - `import`: the files of an earlier version that were tried, and how that went.
//!
//! Version 2:
//! - `finished.figures`: what the game adds to the career figures (`api::career::GameFigures` JSON),
//!   written with the game; NULL for a game kept before version 2 until the career screen derives it
//!   from the record once and writes it back.

use rusqlite::Connection;

use crate::StoreError;

/// The schema version this app writes and reads.
pub const STORE_VERSION: u32 = 2;
/// "GBN1": marks the file as this app's store, so a foreign SQLite file is refused, never migrated.
const APPLICATION_ID: i32 = 0x4742_4e31;

const VERSION_1: &str = "
CREATE TABLE step (
    seq INTEGER PRIMARY KEY,
    epoch INTEGER NOT NULL,
    request TEXT NOT NULL,
    events TEXT NOT NULL,
    turn INTEGER NOT NULL,
    phase TEXT NOT NULL
);
CREATE INDEX step_epoch ON step (epoch, seq);
CREATE TABLE snapshot (
    seq INTEGER PRIMARY KEY,
    epoch INTEGER NOT NULL,
    why TEXT NOT NULL,
    session TEXT NOT NULL
);
CREATE TABLE slot (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    saved_at INTEGER NOT NULL,
    automatic INTEGER NOT NULL,
    summary TEXT NOT NULL,
    save TEXT NOT NULL
);
CREATE TABLE finished (
    id TEXT PRIMARY KEY,
    finished_at INTEGER NOT NULL,
    entry TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE state (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE import (
    file TEXT PRIMARY KEY,
    bytes INTEGER NOT NULL,
    outcome TEXT NOT NULL
);
";

const VERSION_2: &str = "ALTER TABLE finished ADD COLUMN figures TEXT;";

/// Each migration takes the schema from its index's version to the next (index 0: an empty file to 1).
const MIGRATIONS: [&str; STORE_VERSION as usize] = [VERSION_1, VERSION_2];

/// Reads the header only (nothing is written): a file that is not a database, not this app's, or of a
/// newer version is refused here, before WAL mode or a migration could change it.
pub fn check_header(conn: &Connection) -> Result<(), StoreError> {
    let version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let application: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    if version == 0 && application == 0 {
        let tables: u32 = conn.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))?;
        return if tables == 0 {
            Ok(())
        } else {
            Err(StoreError::Damaged("it is not this app's store".into()))
        };
    }
    if application != APPLICATION_ID {
        return Err(StoreError::Damaged("it is not this app's store".into()));
    }
    if version > STORE_VERSION {
        return Err(StoreError::TooNew {
            found: version,
            supported: STORE_VERSION,
        });
    }
    Ok(())
}

/// Brings the file to `STORE_VERSION`, each migration in its own transaction with its version number, so
/// a kill between two leaves a file at a version this code knows.
pub fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    check_header(conn)?;
    let mut version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    while version < STORE_VERSION {
        let tx = conn.transaction()?;
        tx.execute_batch(MIGRATIONS[version as usize])?;
        version += 1;
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
        tx.pragma_update(None, "user_version", version)?;
        tx.commit()?;
    }
    Ok(())
}
