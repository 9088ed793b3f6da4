//! The seam of the table tools: each tool is a module that owns its wire types — its requests
//! (`XAction`, tagged by `"tool"`), its answers (`XAnswer`) and its log entries (`XLogEntry`, tagged by
//! `"entry"`) — answers its own requests, says who acts in each, words its own log entries and checks its
//! own part of the session, behind [`TableTool`] and [`ToolLog`]. The crate's wire types are composed of
//! the tools' own, one line per tool in `lib.rs` (`ToolAction`, `ToolResponse`, `LogEntry`; the macros
//! of `wire.rs`), and read each request or entry by its tag with the enum of the tool that owns it.

use crate::sdr::Player;
use crate::{ToolResponse, ToolSession};

/// One table tool, as its requests (`Self` is the tool's `XAction`).
pub(crate) trait TableTool {
    /// Answers this request: the tool's answer, or a refusal.
    fn respond(self, session: &mut ToolSession) -> ToolResponse;

    /// The player this request acts as: a player's PIN guards it then, and only that player's seat of the
    /// table host may send it. `None` for a request public to both players.
    fn acting_player(&self) -> Option<Player>;

    /// This tool's part of the session's invariants, checked after every request and on every load.
    fn check(_session: &ToolSession) -> Result<(), String> {
        Ok(())
    }
}

/// One tool's log entries (`Self` is the tool's `XLogEntry`).
pub(crate) trait ToolLog {
    /// The entry's readable line, in the words of the tool that logged it.
    fn text(&self) -> String;
}
