//! Rule errors: values with a stable `code` the UI can match, and a message a player can read.
//! A rejected action never changes the game (the session applies actions to a copy).

use serde::Serialize;
use ts_rs::TS;

pub use goeben_common::ErrorCode;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("no game is running: start one with new_game")]
    NoGame,
    #[error("the game is over")]
    GameOver,
    #[error("nothing to undo")]
    NothingToUndo,
    /// The last decision rolled a die or revealed something hidden; it cannot be taken back.
    #[error("can't undo: {0} (a die or a reveal cannot be unseen; fix a mistake with Correct)")]
    UndoBarrier(String),
    #[error("that action is not possible now: {0}")]
    NotNow(String),
    #[error("{0}")]
    Illegal(String),
    #[error("unknown {what} `{id}`")]
    Unknown { what: &'static str, id: String },
    #[error("malformed request: {0}")]
    Malformed(String),
    #[error("{0}")]
    BadPack(String),
}

impl RuleError {
    /// The stable machine-readable code of this error.
    pub fn code(&self) -> ErrorCode {
        match self {
            RuleError::NoGame => ErrorCode::NoGame,
            RuleError::GameOver => ErrorCode::GameOver,
            RuleError::NothingToUndo => ErrorCode::NothingToUndo,
            RuleError::UndoBarrier(_) => ErrorCode::UndoBarrier,
            RuleError::NotNow(_) => ErrorCode::NotNow,
            RuleError::Illegal(_) => ErrorCode::Illegal,
            RuleError::Unknown { .. } => ErrorCode::Unknown,
            RuleError::Malformed(_) => ErrorCode::Malformed,
            RuleError::BadPack(_) => ErrorCode::BadPack,
        }
    }

    pub fn to_info(&self) -> ErrorInfo {
        ErrorInfo {
            code: self.code(),
            message: self.to_string(),
        }
    }
}

/// How an error crosses the boundary (protocol and IPC).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
pub struct ErrorInfo {
    pub code: ErrorCode,
    pub message: String,
}

impl ErrorInfo {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ErrorInfo {
        ErrorInfo {
            code,
            message: message.into(),
        }
    }
}

pub fn illegal(message: impl Into<String>) -> RuleError {
    RuleError::Illegal(message.into())
}

pub fn not_now(message: impl Into<String>) -> RuleError {
    RuleError::NotNow(message.into())
}
