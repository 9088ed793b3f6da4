//! What the app keeps on the device, in one SQLite file in WAL mode (`games.sqlite3`): the running game as
//! a journal of applied requests with snapshots (`journal.rs`), the save slots, the finished games and the
//! table tools' state (`shelf.rs`), the finished games' career figures (`career.rs`), the files of earlier versions imported once (`import.rs`), all under
//! one schema with one migration path (`schema.rs`). Tauri-free: the shell only wraps it in commands.
//!
//! Durability (docs/RELIABILITY.md): every write is one SQLite transaction, committed before the shell
//! answers. A journal step commits with `synchronous = NORMAL`: it is in the WAL, so a killed app loses
//! nothing it answered, and a power cut can lose only what was written since the WAL was last synced to
//! the disk — by the checkpointer (`Checkpointer`, every second while the game is played) or by a slot or
//! finished game, which commit with `synchronous = FULL`. SQLite's WAL never corrupts the database on a
//! power cut: a torn WAL frame fails its checksum and is ignored, with everything after it.
//!
//! The file holds the game's secrets (hidden counters, the dice's state) as the save files did: it is
//! created 0600, and no message of this crate carries a secret or a folder path.

mod career;
mod import;
mod journal;
mod schema;
pub mod scripted;
mod shelf;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

pub use career::Career;
pub use import::{Imported, IMPORTED_DIR};
pub use journal::{Opened, SNAPSHOT_EVERY};
pub use schema::STORE_VERSION;
pub use shelf::{CareerRow, FinishedRow, SlotRow, TABLE_TOOLS};

/// The store's file in the app's data folder.
pub const FILE: &str = "games.sqlite3";

/// Why the store could not do what was asked. The words are the player's and name no folder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    #[error("the disk is full")]
    DiskFull,
    #[error("the app's data folder is read-only")]
    ReadOnly,
    #[error("the app's game store is damaged ({0})")]
    Damaged(String),
    #[error("the app's game store was written by a newer version of the app (store version {found}, this app reads up to {supported})")]
    TooNew { found: u32, supported: u32 },
    #[error("the disk refused it ({0})")]
    Other(String),
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode as C;
        match e.sqlite_error_code() {
            Some(C::DiskFull) => StoreError::DiskFull,
            Some(C::ReadOnly) => StoreError::ReadOnly,
            Some(C::NotADatabase | C::DatabaseCorrupt) => StoreError::Damaged(e.to_string()),
            // SQLite's own words for an I/O failure ("disk I/O error"); a path is never in them.
            _ => StoreError::Other(e.to_string()),
        }
    }
}

/// The open store: one connection, used under the shell's locks one request at a time.
pub struct Store {
    conn: Connection,
    path: Option<PathBuf>,
    journal: journal::Journal,
}

impl Store {
    /// Opens (or creates, 0600) the store at `path`. A file that is not this app's store, a damaged one or
    /// one of a newer version is refused with a clear error and left exactly as it was: its header is read
    /// before anything is written (switching to WAL and the migration come after).
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        create_private(path)?;
        let opened = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(StoreError::from)
        .and_then(writable)
        .and_then(|conn| schema::check_header(&conn).map(|()| conn))
        .and_then(|conn| Store::prepare(conn, Some(path.to_path_buf())));
        opened.map_err(|e| why_not_opened(path, e))
    }

    /// The running game of a store this process may read but not write (a read-only data folder), for
    /// play to go on in memory from where it stood. Nothing is written: the steps still in the WAL are read
    /// when its files are there (after a kill); a store closed cleanly has none, and is read as immutable.
    pub fn read_game(path: &Path) -> Result<Opened, StoreError> {
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        // With a WAL there (the app was killed), SQLite reads it through the `-shm` file beside it; without
        // one, a read-only open would try to create them, so the file is opened immutable.
        let conn = if wal_path(path).exists() {
            Connection::open_with_flags(path, flags)
        } else {
            Connection::open_with_flags(immutable_uri(path), flags)
        }?;
        schema::check_header(&conn)?;
        let version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version != STORE_VERSION {
            // An older file would need its migration, which writes.
            return Err(StoreError::Other(
                "the store needs an update it cannot be given".into(),
            ));
        }
        let mut store = Store {
            conn,
            path: None,
            journal: journal::Journal::unknown(),
        };
        store.open_game()
    }

    /// A store in memory: play goes on when the data folder cannot hold one (the shell tells the player).
    pub fn in_memory() -> Store {
        let conn = Connection::open_in_memory().expect("SQLite opens a database in memory");
        Store::prepare(conn, None).expect("a store in memory takes the schema")
    }

    fn prepare(mut conn: Connection, path: Option<PathBuf>) -> Result<Store, StoreError> {
        if path.is_some() {
            let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(StoreError::Other(format!(
                    "the store stayed in {mode} mode"
                )));
            }
        }
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // The commit that starts the WAL over cuts a longer file back to the checkpointer's bound, so the
        // file passes the bound again only when that much play was written since (`tend_wal`). Not to
        // nothing: a copy of the files taken while that commit runs could then pair the old header with
        // a cut-short run of old frames (the crash-copy test caught it), which no power cut can leave.
        conn.pragma_update(None, "journal_size_limit", WAL_CHECKPOINT_BYTES as i64)?;
        conn.busy_timeout(std::time::Duration::from_secs(2))?;
        schema::migrate(&mut conn)?;
        if path.is_some() {
            // A new database file stays empty while its first transactions sit in the WAL, and SQLite
            // deletes the WAL of an empty database file when it opens it: a power cut then would lose the
            // whole store. One checkpoint at open writes the file's header, WAL mode included. On a full disk it may fail: the store opens all the same
            // (an existing file has its header already) and the next checkpoint writes it.
            let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
        }
        Ok(Store {
            conn,
            path,
            // Until `open_game` has found where the journal stands, the first write is a whole snapshot:
            // steps written on no known base could not be replayed (the crash-copy test caught a store
            // written without `open_game`).
            journal: journal::Journal::unknown(),
        })
    }

    /// How many WAL pages trigger SQLite's own checkpoint at a commit (1,000 by default). The crash-copy
    /// test sets 0, so the database file stays still while the WAL grows and a copy of both is what a
    /// power cut at that instant would leave.
    pub fn set_wal_autocheckpoint(&self, pages: u32) -> Result<(), StoreError> {
        self.conn.pragma_update(None, "wal_autocheckpoint", pages)?;
        Ok(())
    }

    /// Moves the WAL's pages into the database file (what the checkpointer does on its own connection).
    pub fn checkpoint(&self) -> Result<(), StoreError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))?;
        Ok(())
    }

    /// Where the store lives (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Runs `write` in one transaction committed with `synchronous = FULL`: the WAL is synced before it
    /// returns, so a power cut after it keeps this write and every one before it.
    fn durable<T>(
        &mut self,
        write: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        self.conn.pragma_update(None, "synchronous", "FULL")?;
        let done = (|| {
            let tx = self.conn.transaction()?;
            let value = write(&tx)?;
            tx.commit()?;
            Ok::<T, rusqlite::Error>(value)
        })();
        let reset = self.conn.pragma_update(None, "synchronous", "NORMAL");
        let value = done?;
        reset?;
        Ok(value)
    }
}

/// SQLite says only "unable to open database file" when the folder or its file system is read-only: the
/// file opened for writing says why, in the player's words.
fn why_not_opened(path: &Path, e: StoreError) -> StoreError {
    match e {
        StoreError::Other(_) => match std::fs::OpenOptions::new().append(true).open(path) {
            Err(io) => io_error(&io),
            Ok(_) => e,
        },
        e => e,
    }
}

/// Creates the store's file, readable and writable by its owner only, when it does not exist yet (SQLite
/// gives its WAL and shared-memory files the same permissions).
fn create_private(path: &Path) -> Result<(), StoreError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(io_error(&e)),
    }
}

/// SQLite opens a file it may not write read-only without saying so (a read-only folder whose store still
/// has its `-wal` and `-shm` files, after a kill): such a store is refused as read-only, so the shell plays
/// on in memory and tells the player, instead of failing at every write.
fn writable(conn: Connection) -> Result<Connection, StoreError> {
    if conn.is_readonly(rusqlite::MAIN_DB)? {
        return Err(StoreError::ReadOnly);
    }
    Ok(conn)
}

/// `path` as an SQLite URI opening it immutable (no lock, no WAL, no `-shm` file needed).
fn immutable_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    for c in path.to_string_lossy().chars() {
        match c {
            '%' | '?' | '#' => uri.push_str(&format!("%{:02X}", c as u32)),
            c => uri.push(c),
        }
    }
    uri + "?immutable=1"
}

/// An I/O error in the player's words (never its path).
pub fn io_error(e: &std::io::Error) -> StoreError {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded | ErrorKind::FileTooLarge => {
            StoreError::DiskFull
        }
        ErrorKind::ReadOnlyFilesystem | ErrorKind::PermissionDenied => StoreError::ReadOnly,
        kind => StoreError::Other(kind.to_string()),
    }
}

/// A WAL longer than this is moved into the database file by the checkpointer, and the game's next commit
/// starts it over (2 MiB: many hundred steps, or two snapshots of the longest campaign), leaving room for
/// one more such snapshot under SQLite's own automatic checkpoint at 1,000 pages (4 MiB), which would run
/// inside a commit.
pub const WAL_CHECKPOINT_BYTES: u64 = 2 << 20;

/// Keeps the game's WAL on the disk: every `interval`, when the WAL has grown since the last tick, it is
/// synced (an fsync of the WAL file; what SQLite itself does only at a checkpoint with `synchronous =
/// NORMAL`), so a power cut loses at most that interval of play. A checkpoint only when the WAL passes
/// [`WAL_CHECKPOINT_BYTES`]: after a checkpoint SQLite starts the WAL over, and the first commit on a
/// fresh WAL writes and syncs its header — a whole fsync inside the game's next answer (a
/// checkpoint every second put one into nearly every tap, 0.3–1.7 ms here, far more on a phone's flash).
/// The checkpoint is passive: it never holds the game's writes up nor makes them fail (a `TRUNCATE` one
/// did, under the kill test). Idle — nothing committed since it last synced the WAL or moved it whole — it
/// reads the WAL's size and mtime and nothing else. Stops when dropped.
pub struct Checkpointer {
    stop: std::sync::mpsc::Sender<()>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Checkpointer {
    pub fn start(path: &Path, interval: std::time::Duration) -> Result<Checkpointer, StoreError> {
        Checkpointer::with_bound(path, interval, WAL_CHECKPOINT_BYTES)
    }

    /// As [`Checkpointer::start`], checkpointing once the WAL passes `wal_bytes`.
    pub fn with_bound(
        path: &Path,
        interval: std::time::Duration,
        wal_bytes: u64,
    ) -> Result<Checkpointer, StoreError> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_millis(100))?;
        let wal = wal_path(path);
        let (stop, stopped) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let mut synced = None;
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(interval)
            {
                tend_wal(&conn, &wal, wal_bytes, &mut synced);
            }
        });
        Ok(Checkpointer {
            stop,
            thread: Some(thread),
        })
    }
}

/// The store's WAL file, beside it.
fn wal_path(path: &Path) -> PathBuf {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    PathBuf::from(wal)
}

/// The WAL's length and last change, to tell whether anything was committed since the last sync.
type WalMark = (u64, Option<std::time::SystemTime>);

fn wal_mark(wal: &Path) -> Option<WalMark> {
    let meta = std::fs::metadata(wal).ok()?;
    Some((meta.len(), meta.modified().ok()))
}

/// What one tick of the checkpointer did.
#[derive(Debug, PartialEq, Eq)]
enum Tended {
    /// Nothing committed since the last tick that synced or moved everything: only the WAL's size and time read.
    Idle,
    /// The WAL synced in place.
    Synced,
    /// The WAL (past the bound) moved into the database file, all of it.
    Moved,
    /// Part of it moved: a reader still needs the rest, tried again at the next tick.
    PartlyMoved,
    /// The WAL missing (no game written yet) or a write refused (a full disk): tried again at the next tick.
    Failed,
}

/// One tick of the checkpointer. A failure (a full disk, the game writing meanwhile) is tried again at the
/// next tick; the game's own writes say what the player must know.
fn tend_wal(conn: &Connection, wal: &Path, wal_bytes: u64, synced: &mut Option<WalMark>) -> Tended {
    let Some(mark) = wal_mark(wal) else {
        return Tended::Failed;
    };
    // Unchanged since it was synced, or moved whole: the WAL file stays over the bound until the game's
    // next commit starts it over, and a checkpoint meanwhile would only read it again.
    if *synced == Some(mark) {
        return Tended::Idle;
    }
    if mark.0 > wal_bytes {
        // The pages into the file, the WAL synced first and the file after; the game's next commit
        // starts the WAL over and cuts it back to the bound (`journal_size_limit`). Pages a reader
        // still needs stay for the next tick.
        let frames = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
            Ok((row.get::<_, i64>(1)?, row.get::<_, i64>(2)?))
        });
        if let Ok((in_wal, moved)) = frames {
            if moved < in_wal {
                return Tended::PartlyMoved;
            }
            *synced = Some(mark);
            return Tended::Moved;
        }
    }
    // The frames committed so far reach the disk; SQLite locks the database and its -shm, never the
    // WAL, so this handle's close releases no lock of SQLite's.
    if std::fs::File::open(wal).and_then(|f| f.sync_data()).is_ok() {
        // Past the bound the checkpoint failed: not done, it is tried again at the next tick.
        if mark.0 <= wal_bytes {
            *synced = Some(mark);
        }
        return Tended::Synced;
    }
    Tended::Failed
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        let _ = self.stop.send(());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database in WAL mode with a table of blobs, its WAL, and the checkpointer's own connection.
    fn wal_database(tag: &str) -> (PathBuf, Connection, Connection, PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("goeben-store-unit-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite3");
        let game = Connection::open(&path).unwrap();
        game.pragma_update(None, "journal_mode", "WAL").unwrap();
        game.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
        game.execute("CREATE TABLE t (b BLOB)", []).unwrap();
        let checkpointer = Connection::open(&path).unwrap();
        (dir, game, checkpointer, wal_path(&path))
    }

    fn write(game: &Connection, bytes: usize) {
        game.execute("INSERT INTO t VALUES (?1)", [vec![7u8; bytes]])
            .unwrap();
    }

    #[test]
    fn issue_31_the_checkpointer_syncs_a_short_wal_and_then_rests_until_the_game_writes() {
        let (dir, game, conn, wal) = wal_database("short");
        let mut synced = None;
        write(&game, 100);
        assert_eq!(tend_wal(&conn, &wal, 1 << 20, &mut synced), Tended::Synced);
        assert_eq!(tend_wal(&conn, &wal, 1 << 20, &mut synced), Tended::Idle);
        write(&game, 100);
        assert_eq!(tend_wal(&conn, &wal, 1 << 20, &mut synced), Tended::Synced);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Once a long WAL is moved into the file, its file stays long until the game's next commit starts
    /// it over: the ticks meanwhile neither checkpoint again nor sync.
    #[test]
    fn issue_31_a_long_wal_moved_whole_is_not_checkpointed_again_while_the_game_is_idle() {
        let (dir, game, conn, wal) = wal_database("long");
        let mut synced = None;
        write(&game, 64 << 10);
        assert_eq!(tend_wal(&conn, &wal, 4096, &mut synced), Tended::Moved);
        assert!(
            std::fs::metadata(&wal).unwrap().len() > 4096,
            "the WAL file is still long"
        );
        for _ in 0..3 {
            assert_eq!(tend_wal(&conn, &wal, 4096, &mut synced), Tended::Idle);
        }
        // Control: the game's next commit changes the WAL, and the next tick tends it again.
        std::thread::sleep(std::time::Duration::from_millis(20));
        write(&game, 64 << 10);
        assert_ne!(tend_wal(&conn, &wal, 4096, &mut synced), Tended::Idle);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A reader holding an older snapshot keeps part of the WAL from the file: the next tick tries again
    /// rather than resting.
    #[test]
    fn issue_31_a_wal_partly_moved_for_a_reader_is_tried_again_at_the_next_tick() {
        let (dir, game, conn, wal) = wal_database("reader");
        write(&game, 100);
        let reader = Connection::open(dir.join("games.sqlite3")).unwrap();
        reader.execute_batch("BEGIN").unwrap();
        let _: i64 = reader
            .query_row("SELECT count(*) FROM t", [], |r| r.get(0))
            .unwrap();
        write(&game, 64 << 10);
        let mut synced = None;
        assert_eq!(
            tend_wal(&conn, &wal, 4096, &mut synced),
            Tended::PartlyMoved
        );
        assert_eq!(
            tend_wal(&conn, &wal, 4096, &mut synced),
            Tended::PartlyMoved
        );
        reader.execute_batch("COMMIT").unwrap();
        assert_eq!(tend_wal(&conn, &wal, 4096, &mut synced), Tended::Moved);
        assert_eq!(tend_wal(&conn, &wal, 4096, &mut synced), Tended::Idle);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A checkpoint that fails (here: the checkpointer's connection can only read) leaves the WAL synced
    /// and the checkpoint to be tried again at the next tick, not rested on.
    #[test]
    fn issue_31_a_failed_checkpoint_is_tried_again_at_the_next_tick() {
        let (dir, game, _, wal) = wal_database("failed");
        let read_only = Connection::open_with_flags(
            dir.join("games.sqlite3"),
            OpenFlags::SQLITE_OPEN_READ_ONLY,
        )
        .unwrap();
        write(&game, 64 << 10);
        let mut synced = None;
        assert_eq!(
            tend_wal(&read_only, &wal, 4096, &mut synced),
            Tended::Synced
        );
        assert_eq!(
            tend_wal(&read_only, &wal, 4096, &mut synced),
            Tended::Synced
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
