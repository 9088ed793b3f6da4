//! A table that survives its host (`table_host --state FILE`, docs/TABLE-MODE.md): the whole
//! table — the referee's session with every secret, each seat's name, role and code, and each seat's kept
//! answers for retries — in one JSON file, written atomically (a temporary file beside it, fsync, rename,
//! fsync of the directory) after every request that changed something and before its answer is sent.
//!
//! Reading it back is strict: a file that is not JSON, not this host's, of another version, whose seats
//! do not make sense, or whose game's save the core refuses is refused whole (the caller exits without
//! touching it), never half-read.
//!
//! Two kinds of table share the layout (version 1): `"kind":"tools"`, a table of the table tools (its
//! `session`); `"kind":"game"`, a game table (`table_host --game`), whose `game` holds the 25.0 roles and
//! the whole referee session as the core saves it (`goeben_referee::api::save::to_json`, read back with
//! `save::from_json`, which checks the pack and the game's invariants). A tools file has no `game` field,
//! as before game tables were kept, so files written before still read the same; a game file's `session`
//! is the unused tools session of a game table.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use goeben_referee::ground::state::Roles;
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
    pub kind: TableKind,
    pub seats: Vec<SavedSeat>,
    /// The table tools' session (at a game table, its unused one).
    pub session: ToolSession,
    /// A game table's game; absent from a tools file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<SavedGame>,
}

/// Which kind of table a file holds; any other `kind` is refused as the file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableKind {
    /// A table of the table tools (`"tools"`).
    Tools,
    /// A game table, with its `game` (`"game"`).
    Game,
}

/// A game table's game as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The 25.0 roles its seats play.
    pub roles: Roles,
    /// The whole referee session, secrets and all: `goeben_referee::api::save::to_json`.
    pub save: String,
}

impl TableFile {
    /// What the file holds, in words (for a refusal that names it).
    pub fn what(&self) -> String {
        match &self.game {
            None => "a table of the table tools".into(),
            Some(game) => format!("a game table of {}", roles_words(game.roles)),
        }
    }
}

/// 25.0 roles in words, with the `--seats` that opens them.
pub fn roles_words(roles: Roles) -> &'static str {
    match roles {
        Roles::TaskForceOfficers => "the Task Force Officers (--game --seats 4)",
        Roles::ShipCommanders => "the Ship Commanders (--game --seats 2)",
        Roles::Solo => "one player",
    }
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
        parse(&bytes).map(Some).map_err(|why| {
            format!(
                "{} is not a table of table_host ({why}); it was left untouched",
                self.path.display()
            )
        })
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
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(format!("no \"format\":\"{FORMAT}\""));
    }
    if value.get("version").and_then(|v| v.as_u64()) != Some(VERSION as u64) {
        return Err(format!(
            "version {} (this host reads version {VERSION})",
            value
                .get("version")
                .map(|v| v.to_string())
                .unwrap_or_else(|| "missing".into())
        ));
    }
    // The session through the tools' own loader too: valid JSON that breaks their invariants (chits that
    // do not add up, a chit that does not match its commitment, a log over its cap…) is refused here, not
    // restored to answer 500 to every request after.
    if let Some(session) = value.get("session") {
        goeben_table_tools::ToolSession::from_json(&session.to_string())
            .map_err(|e| format!("its session breaks the table tools' rules: {e}"))?;
    }
    let file: TableFile = serde_json::from_value(value).map_err(|e| format!("unreadable: {e}"))?;
    match (file.kind, &file.game) {
        (TableKind::Tools, None) => {}
        (TableKind::Game, Some(game)) => {
            // The core's own checks (schema, pack, the game's invariants), on the whole session.
            goeben_referee::api::save::from_json(&game.save)
                .map_err(|e| format!("its game's save is damaged: {e}"))?;
        }
        (TableKind::Tools, Some(_)) => {
            return Err("a table of the table tools that holds a game".into())
        }
        (TableKind::Game, None) => return Err("a game table without its game".into()),
    }
    let names: std::collections::BTreeSet<&str> =
        file.seats.iter().map(|s| s.name.as_str()).collect();
    let codes: std::collections::BTreeSet<&str> =
        file.seats.iter().map(|s| s.code.as_str()).collect();
    if file.seats.is_empty() || names.len() != file.seats.len() || codes.len() != file.seats.len() {
        return Err("its seats are missing or repeated".into());
    }
    for seat in &file.seats {
        if SeatCode::from_saved(&seat.code).is_none() {
            return Err(format!(
                "seat {}'s code is not {} hex characters",
                seat.name,
                2 * crate::seats::CODE_BYTES
            ));
        }
        if seat
            .kept
            .iter()
            .any(|k| hex::decode(&k.body_sha256).map(|h| h.len()) != Ok(32))
        {
            return Err(format!("seat {}'s kept answers are damaged", seat.name));
        }
    }
    Ok(file)
}

/// Writes `bytes` to `path` through a temporary file in the same directory: write, fsync, rename over
/// `path`, fsync the directory (so the rename itself survives a power cut).
///
/// The file holds every secret and the seat codes, so it is created readable by its owner only (0600 on
/// Unix; the rename keeps it). The temporary file is created exclusively (`create_new`: `O_CREAT|O_EXCL`,
/// which never follows a symbolic link), so a `FILE.tmp` planted as a link does not make the host write
/// the table through it. One left behind (a crash between create and rename, or a planted link) is
/// removed — the link itself, never what it points to — and the creation tried once more.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the state file needs a file name"))?
        .to_os_string();
    name.push(".tmp");
    let temporary = dir.join(name);
    {
        let mut file = match create_exclusive(&temporary) {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                std::fs::remove_file(&temporary)?;
                create_exclusive(&temporary)?
            }
            other => other?,
        };
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

/// A new file at `path`, failing if anything (a file, a link) is there already; owner-only on Unix.
fn create_exclusive(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> TableFile {
        TableFile {
            format: FORMAT.into(),
            version: VERSION,
            kind: TableKind::Tools,
            seats: vec![SavedSeat {
                name: "A".into(),
                role: SeatRole::Display,
                code: "ab".repeat(16),
                kept: vec![],
            }],
            session: ToolSession::seeded(1),
            game: None,
        }
    }

    #[test]
    fn a_saved_table_reads_back_and_a_foreign_or_damaged_one_is_refused() {
        let good = serde_json::to_vec(&file()).unwrap();
        assert_eq!(parse(&good).unwrap(), file());
        assert!(parse(b"").unwrap_err().contains("not JSON"));
        assert!(parse(&good[..good.len() / 2])
            .unwrap_err()
            .contains("not JSON"));
        assert!(parse(br#"{"format":"goeben-referee-save","version":1}"#)
            .unwrap_err()
            .contains("format"));
        let mut other = serde_json::to_value(file()).unwrap();
        other["version"] = 2.into();
        assert!(parse(other.to_string().as_bytes())
            .unwrap_err()
            .contains("version 2"));
        let mut bad_code = file();
        bad_code.seats[0].code = "AB".repeat(16);
        assert!(parse(&serde_json::to_vec(&bad_code).unwrap())
            .unwrap_err()
            .contains("code"));
        let mut twice = file();
        twice.seats.push(twice.seats[0].clone());
        assert!(parse(&serde_json::to_vec(&twice).unwrap())
            .unwrap_err()
            .contains("repeated"));
        let mut extra = serde_json::to_value(file()).unwrap();
        extra["secret"] = 1.into();
        assert!(parse(extra.to_string().as_bytes())
            .unwrap_err()
            .contains("unreadable"));
    }

    /// `TableFile` as it was before game tables were kept (no `game`), to write a file of then.
    #[derive(Serialize)]
    struct TableFileBeforeGames {
        format: String,
        version: u32,
        kind: String,
        seats: Vec<SavedSeat>,
        session: ToolSession,
    }

    #[test]
    fn a_tools_file_written_before_game_tables_were_kept_still_reads_the_same() {
        let mut session = ToolSession::seeded(5);
        session.respond(
            goeben_table_tools::parse_line(r#"{"tool":"draw_sdr","player":"a"}"#).unwrap(),
        );
        let kept = SavedAnswer {
            key: "k1".into(),
            body_sha256: "0f".repeat(32),
            answer: "{}".into(),
        };
        let seats = vec![
            SavedSeat {
                name: "A".into(),
                role: SeatRole::Player(goeben_table_tools::sdr::Player::A),
                code: "ab".repeat(16),
                kept: vec![kept],
            },
            SavedSeat {
                name: "B".into(),
                role: SeatRole::Player(goeben_table_tools::sdr::Player::B),
                code: "cd".repeat(16),
                kept: vec![],
            },
        ];
        let old = TableFileBeforeGames {
            format: FORMAT.into(),
            version: 1,
            kind: "tools".into(),
            seats: seats.clone(),
            session: session.clone(),
        };
        let bytes = serde_json::to_vec(&old).unwrap();
        assert!(!String::from_utf8_lossy(&bytes).contains("\"game\""));
        let read = parse(&bytes).expect("an old tools file reads");
        assert_eq!(
            read,
            TableFile {
                format: FORMAT.into(),
                version: VERSION,
                kind: TableKind::Tools,
                seats,
                session,
                game: None
            }
        );
        assert_eq!(
            serde_json::to_vec(&read).unwrap(),
            bytes,
            "and a tools file is written as before (no `game`), byte for byte"
        );
    }

    fn game_file() -> TableFile {
        let session = crate::game::new_game(Roles::TaskForceOfficers, 7);
        TableFile {
            kind: TableKind::Game,
            game: Some(SavedGame {
                roles: Roles::TaskForceOfficers,
                save: goeben_referee::api::save::to_json(&session),
            }),
            ..file()
        }
    }

    #[test]
    fn a_game_file_reads_back_and_a_damaged_game_or_a_mixed_kind_is_refused() {
        let good = game_file();
        let read = parse(&serde_json::to_vec(&good).unwrap()).unwrap();
        assert_eq!(read, good);
        assert_eq!(
            read.what(),
            "a game table of the Task Force Officers (--game --seats 4)"
        );
        assert_eq!(file().what(), "a table of the table tools");
        let save = good.game.as_ref().unwrap().save.clone();
        let mut cut = good.clone();
        cut.game.as_mut().unwrap().save = save[..save.len() / 2].to_string();
        assert!(parse(&serde_json::to_vec(&cut).unwrap())
            .unwrap_err()
            .contains("game's save is damaged"));
        let mut newer = good.clone();
        newer.game.as_mut().unwrap().save = save.replacen("\"schema\":1", "\"schema\":99", 1);
        assert!(parse(&serde_json::to_vec(&newer).unwrap())
            .unwrap_err()
            .contains("newer version"));
        let without = TableFile {
            game: None,
            ..good.clone()
        };
        assert!(parse(&serde_json::to_vec(&without).unwrap())
            .unwrap_err()
            .contains("without its game"));
        let mixed = TableFile {
            kind: TableKind::Tools,
            ..good.clone()
        };
        assert!(parse(&serde_json::to_vec(&mixed).unwrap())
            .unwrap_err()
            .contains("holds a game"));
        let mut unknown = serde_json::to_value(&good).unwrap();
        unknown["game"]["seed"] = 1.into();
        assert!(parse(unknown.to_string().as_bytes())
            .unwrap_err()
            .contains("unreadable"));
        // A kind this host does not know is refused as the file is read, naming the two it opens.
        let mut other = serde_json::to_value(&good).unwrap();
        other["kind"] = "chess".into();
        let refused = parse(other.to_string().as_bytes()).unwrap_err();
        assert!(
            refused.contains("unknown variant `chess`, expected `tools` or `game`"),
            "{refused}"
        );
    }

    #[test]
    fn an_atomic_write_replaces_the_whole_file() {
        let dir = std::env::temp_dir().join(format!("table-host-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table.json");
        write_atomic(&path, b"first, and longer").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert!(
            !dir.join("table.json.tmp").exists(),
            "the temporary file was renamed"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
