//! Save files: the whole session (pack, game with its RNG state, undo history, log) as JSON with a
//! schema version. Loading checks the schema, the pack and the game invariants; a save that fails
//! any check is refused with a clear error and nothing is replaced (the shell keeps the file aside).

use serde::{Deserialize, Serialize};

use crate::api::session::Session;
use crate::ground::pack::RulesPack;

/// Version of the save format. Bump it when the format changes and add a migration below.
pub const SAVE_SCHEMA: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error("the save file is not readable JSON: {0}")]
    Corrupt(String),
    #[error("the save file was written by a newer version of the app (save schema {found}, this app reads up to {supported})")]
    TooNew { found: u32, supported: u32 },
    #[error("the save file uses an old format (save schema {found}) that this app cannot convert")]
    TooOld { found: u32 },
    #[error("the save file's rules pack is invalid: {0}")]
    BadPack(String),
    #[error("the save file's game is inconsistent: {0}")]
    Inconsistent(String),
}

#[derive(Serialize, Deserialize)]
struct SaveFile {
    schema: u32,
    app: String,
    session: serde_json::Value,
}

#[derive(Deserialize)]
struct Header {
    schema: u32,
}

pub fn to_json(session: &Session) -> String {
    let file = SaveFile {
        schema: SAVE_SCHEMA,
        app: format!("goeben-referee {}", env!("CARGO_PKG_VERSION")),
        session: serde_json::to_value(session).expect("a session always serialises"),
    };
    serde_json::to_string(&file).expect("a save always serialises")
}

pub fn from_json(text: &str) -> Result<Session, SaveError> {
    let header: Header =
        serde_json::from_str(text).map_err(|e| SaveError::Corrupt(e.to_string()))?;
    if header.schema > SAVE_SCHEMA {
        return Err(SaveError::TooNew {
            found: header.schema,
            supported: SAVE_SCHEMA,
        });
    }
    if header.schema < SAVE_SCHEMA {
        return Err(SaveError::TooOld {
            found: header.schema,
        });
    }
    let file: SaveFile =
        serde_json::from_str(text).map_err(|e| SaveError::Corrupt(e.to_string()))?;
    let session: Session = serde_path_to_error::deserialize(file.session)
        .map_err(|e| SaveError::Corrupt(format!("at `{}`: {}", e.path(), e.inner())))?;
    // The embedded pack is re-validated: a hand-edited save cannot smuggle in a broken chart.
    let pack = RulesPack::from_value(serde_json::to_value(&session.pack).expect("serialises"))
        .map_err(|e| SaveError::BadPack(e.to_string()))?;
    if let Some(game) = &session.game {
        game.check_invariants(&pack)
            .map_err(SaveError::Inconsistent)?;
    }
    for (game, _) in &session.undo {
        game.check_invariants(&pack)
            .map_err(SaveError::Inconsistent)?;
    }
    Ok(session)
}
