//! A rule of a tool refusing a request, with the protocol's code and a message for the player: the searches
//! and the Secret Die Roll's purposes both refuse this way, so it lives below both.

use goeben_common::ErrorCode;

/// A refused request: the protocol's code and a message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

/// The refusal as the `Err` a rule's check returns.
pub(crate) fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        code,
        message: message.into(),
    })
}
