//! The seam of the table tools: each tool is a module that owns its wire types — its requests
//! (`XAction`, tagged by `"tool"`), its answers (`XAnswer`) and its log entries (`XLogEntry`, tagged by
//! `"entry"`) —, answers its own requests, says who acts in each, words its own log entries, brings its
//! part of an older save up to date and checks its own part of the session, behind [`TableTool`] and
//! [`ToolLog`]; a tool that keeps state in the session owns that state's type too, and says what each
//! player and the shared screen see of it, behind [`ToolViews`]. The crate's wire types are composed of
//! the tools' own, one line per tool in `lib.rs` (`ToolAction`, `ToolResponse`, `LogEntry`; the macros
//! of `wire.rs`), and read each request or entry by its tag with the enum of the tool that owns it; the
//! session and its views hold one field per tool that keeps state (`ToolSession`, `ToolView`,
//! `TableView`, each tool's part flattened into them where it has more than one field, so the JSON
//! keeps the field names it always had).

use crate::player::Player;
use crate::{ToolResponse, ToolSession};

/// One table tool, as its requests (`Self` is the tool's `XAction`).
pub(crate) trait TableTool {
    /// Answers this request: the tool's answer, or a refusal.
    fn respond(self, session: &mut ToolSession) -> ToolResponse;

    /// The player this request acts as: a player's PIN guards it then, and only that player's seat of the
    /// table host may send it. `None` for a request public to both players.
    fn acting_player(&self) -> Option<Player>;

    /// Brings this tool's part of a session read from an older save up to date, before the checks.
    fn update_loaded(_session: &mut ToolSession) {}

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

/// What the players see of one tool's state in the session (`Self` is the state, which is secret).
pub(crate) trait ToolViews {
    /// This tool's part of a player's `ToolView`.
    type SeatView;
    /// This tool's part of the shared screen's `TableView`.
    type TableView;

    /// What `player` may see of this state: their own secrets, never the other player's.
    fn seat_view(&self, player: Player) -> Self::SeatView;

    /// What both players may see of this state: no player's secret at all.
    fn table_view(&self) -> Self::TableView;
}
