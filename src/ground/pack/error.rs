//! What is wrong with a rules pack, named by the field to fix.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    #[error("the rules pack is not valid JSON: {0}")]
    Syntax(String),
    #[error("rules pack field `{path}`: {message}")]
    Field { path: String, message: String },
    #[error("rules pack schema {found} is not supported (this app reads schema {expected})")]
    Schema { found: u32, expected: u32 },
    #[error("rules pack field `{path}`: {message}")]
    Invalid { path: String, message: String },
}

/// A cross-check failed: `path` names the field a player editing the pack must fix.
pub(super) fn invalid(path: impl Into<String>, message: impl Into<String>) -> PackError {
    PackError::Invalid {
        path: path.into(),
        message: message.into(),
    }
}
