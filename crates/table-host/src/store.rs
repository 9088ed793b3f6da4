//! Issue #16 a table that survives its host (`table_host --state FILE`, docs/TABLE-MODE.md): the whole
//! table — the referee's session with every secret, each seat's name, role and code, and each seat's kept
//! answers for retries — in one JSON file, written atomically (a temporary file beside it, fsync, rename,
//! fsync of the directory) after every request that changed something and before its answer is sent.
//!
//! Reading it back is strict: a file that is not JSON, not this host's, of another version, or whose seats
//! do not make sense is refused whole (the caller exits without touching it), never half-read.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use goeben_table_tools::ToolSession;

use crate::seats::{SeatCode, SeatRole};

/// What the file says it is.
pub const FORMAT: &str = "goeben-table-host";
/// The file's layout; a file of another version is refused.
pub const VERSION: u32 = 1;

/// One table as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    pub format: String,
    pub version: u32,
    /// `"tools"`: a table of the table tools (the only kind so far).
    pub kind: String,
    pub seats: Vec<SavedSeat>,
    pub session: ToolSession,
}

/// One seat as saved: its code (so the same join URL works after a restart) and its kept answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSeat {
    pub name: String,
    pub role: SeatRole,
    pub code: String,
    pub kept: Vec<SavedAnswer>,
}

/// One answer kept for a retry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedAnswer {
    pub key: String,
    /// SHA-256 of the request's body, hex.
    pub body_sha256: String,
    pub answer: String,
}

/// Where a table is kept.
#[derive(Clone, Debug)]
pub struct Store {
    path: PathBuf,
}

impl Store {
    pub fn new(path: impl Into<PathBuf>) -> Store {
        Store { path: path.into() }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved table: `Ok(None)` when there is no file yet, `Err(why)` when there is one that cannot be
    /// this host's table (the file is left as it is).
    pub fn load(&self) -> Result<Option<TableFile>, String> {
        let bytes = match std::fs::read(&self.path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{} cannot be read: {e}", self.path.display())),
        };
        parse(&bytes).map(Some).map_err(|why| format!("{} is not a table of table_host ({why}); it was left untouched", self.path.display()))
    }

    /// Writes `file` in place of the saved table, atomically: a reader (or a restart after a crash at any
    /// moment) sees the old table or the new one, never a mix.
    pub fn save(&self, file: &TableFile) -> std::io::Result<()> {
        let text = serde_json::to_vec(file).map_err(std::io::Error::other)?;
        write_atomic(&self.path, &text)
    }
}

/// Checks a saved table whole.
pub fn parse(bytes: &[u8]) -> Result<TableFile, String> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(format!("no \"format\":\"{FORMAT}\""));
    }
    if value.get("version").and_then(|v| v.as_u64()) != Some(VERSION as u64) {
        return Err(format!("version {} (this host reads version {VERSION})", value.get("version").map(|v| v.to_string()).unwrap_or_else(|| "missing".into())));
    }
    let file: TableFile = serde_json::from_value(value).map_err(|e| format!("unreadable: {e}"))?;
    if file.kind != "tools" {
        return Err(format!("a table of kind {:?} (this host opens \"tools\")", file.kind));
    }
    let names: std::collections::BTreeSet<&str> = file.seats.iter().map(|s| s.name.as_str()).collect();
    let codes: std::collections::BTreeSet<&str> = file.seats.iter().map(|s| s.code.as_str()).collect();
    if file.seats.is_empty() || names.len() != file.seats.len() || codes.len() != file.seats.len() {
        return Err("its seats are missing or repeated".into());
    }
    for seat in &file.seats {
        if SeatCode::from_saved(&seat.code).is_none() {
            return Err(format!("seat {}'s code is not {} hex characters", seat.name, 2 * crate::seats::CODE_BYTES));
        }
        if seat.kept.iter().any(|k| hex::decode(&k.body_sha256).map(|h| h.len()) != Ok(32)) {
            return Err(format!("seat {}'s kept answers are damaged", seat.name));
        }
    }
    Ok(file)
}

/// Writes `bytes` to `path` through a temporary file in the same directory: write, fsync, rename over
/// `path`, fsync the directory (so the rename itself survives a power cut).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut name = path.file_name().ok_or_else(|| std::io::Error::other("the state file needs a file name"))?.to_os_string();
    name.push(".tmp");
    let temporary = dir.join(name);
    {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
    }
    std::fs::rename(&temporary, path)?;
    // The directory's entry: best effort (not every platform opens a directory as a file).
    if let Ok(dir) = std::fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> TableFile {
        TableFile {
            format: FORMAT.into(),
            version: VERSION,
            kind: "tools".into(),
            seats: vec![SavedSeat { name: "A".into(), role: SeatRole::Display, code: "ab".repeat(16), kept: vec![] }],
            session: ToolSession::new(1),
        }
    }

    #[test]
    fn a_saved_table_reads_back_and_a_foreign_or_damaged_one_is_refused() {
        let good = serde_json::to_vec(&file()).unwrap();
        assert_eq!(parse(&good).unwrap(), file());
        assert!(parse(b"").unwrap_err().contains("not JSON"));
        assert!(parse(&good[..good.len() / 2]).unwrap_err().contains("not JSON"));
        assert!(parse(br#"{"format":"goeben-referee-save","version":1}"#).unwrap_err().contains("format"));
        let mut other = serde_json::to_value(file()).unwrap();
        other["version"] = 2.into();
        assert!(parse(other.to_string().as_bytes()).unwrap_err().contains("version 2"));
        let mut bad_code = file();
        bad_code.seats[0].code = "AB".repeat(16);
        assert!(parse(&serde_json::to_vec(&bad_code).unwrap()).unwrap_err().contains("code"));
        let mut twice = file();
        twice.seats.push(twice.seats[0].clone());
        assert!(parse(&serde_json::to_vec(&twice).unwrap()).unwrap_err().contains("repeated"));
        let mut extra = serde_json::to_value(file()).unwrap();
        extra["secret"] = 1.into();
        assert!(parse(extra.to_string().as_bytes()).unwrap_err().contains("unreadable"));
    }

    #[test]
    fn an_atomic_write_replaces_the_whole_file() {
        let dir = std::env::temp_dir().join(format!("table-host-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table.json");
        write_atomic(&path, b"first, and longer").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert!(!dir.join("table.json.tmp").exists(), "the temporary file was renamed");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
