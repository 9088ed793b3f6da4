//! What a stranger can hand the table tools: protocol lines (docs/TOOLS.md), through the
//! parser the shell's `tools_respond` and the `table_tools` CLI use (`parse_line`, `goeben_common::line`)
//! and `ToolSession::respond`. Used by the `tools_line` fuzz target and, through `#[path]`, by
//! `crates/table-tools/tests/fuzz_corpus.rs`.

use goeben_table_tools::sdr::Player;
use goeben_table_tools::{parse_line, ToolSession};

/// Most lines one input sends (the rest are ignored).
pub const MAX_LINES: usize = 64;

/// `tools_line`: up to [`MAX_LINES`] lines (split on `\n`) through a new session with a fixed seed. A
/// refused line changes nothing; an accepted one that changed the session leaves a session the shell can
/// save and open again (`ToolSession::from_json`); every answer serialises; both players' views and the
/// table view are made at the end.
pub fn tools_lines(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut session = ToolSession::seeded(18);
    for line in text.split('\n').take(MAX_LINES) {
        let before = session.clone();
        let response = match parse_line(line) {
            Ok(action) => session.respond(action),
            Err(refused) => refused,
        };
        let _ = serde_json::to_string(&response).expect("a response always serialises");
        if response.is_error() {
            assert_eq!(
                session, before,
                "a refused tools line changed the session: {line}"
            );
        } else if session != before {
            let saved = serde_json::to_string(&session).expect("a session serialises");
            let opened = ToolSession::from_json(&saved)
                .unwrap_or_else(|e| panic!("a session saved after `{line}` does not open: {e}"));
            assert_eq!(opened, session, "a saved session opens as it was");
        }
    }
    let _ = serde_json::to_string(&session.table_view()).expect("the table view serialises");
    for player in [Player::A, Player::B] {
        let _ = serde_json::to_string(&session.view(player)).expect("a player's view serialises");
    }
}
