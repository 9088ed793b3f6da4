//! The seam of the table tools: each tool is a module that answers its own requests, words its own log
//! entries and checks its own part of the session, behind [`TableTool`]; the session asks the tools
//! registered in `lib.rs` (`TOOLS`) in turn. The wire types (`ToolAction`, `ToolResponse`, `LogEntry`)
//! stay one declaration each, in the order the generated TypeScript has always had.

use crate::{LogEntry, ToolAction, ToolResponse, ToolSession};

/// One table tool.
pub(crate) trait TableTool {
    /// Answers `action` if it is one of this tool's requests; gives it back otherwise.
    // The action is given back by value, moved rather than cloned for the next tool; its size is the
    // request's own, and only ever moved between the session's handful of tools.
    #[allow(clippy::result_large_err)]
    fn respond(session: &mut ToolSession, action: ToolAction) -> Result<ToolResponse, ToolAction>;

    /// The readable line of `entry` if it is one of this tool's log entries.
    fn log_text(_entry: &LogEntry) -> Option<String> {
        None
    }

    /// This tool's part of the session's invariants, checked after every request and on every load.
    fn check(_session: &ToolSession) -> Result<(), String> {
        Ok(())
    }
}

/// A tool as the session keeps it in its list.
pub(crate) struct Registered {
    pub(crate) respond: fn(&mut ToolSession, ToolAction) -> Result<ToolResponse, ToolAction>,
    pub(crate) log_text: fn(&LogEntry) -> Option<String>,
    pub(crate) check: fn(&ToolSession) -> Result<(), String>,
}

/// `T` for the session's list of tools.
pub(crate) const fn registered<T: TableTool>() -> Registered {
    Registered {
        respond: T::respond,
        log_text: T::log_text,
        check: T::check,
    }
}
