//! The JSON-lines protocol (docs/PROTOCOL.md): one action object per input line, one response object
//! per output line. A malformed line or unknown action is answered with an error and changes nothing.

use crate::ground::action::Action;
use crate::ground::error::ErrorInfo;
use crate::api::response::Response;
use crate::api::session::Session;

/// Maximum accepted line length; a longer line is refused without parsing.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

pub fn handle_line(session: &mut Session, line: &str) -> Response {
    if line.len() > MAX_LINE_BYTES {
        return session.error_response(ErrorInfo { code: "malformed".into(), message: format!("line longer than {MAX_LINE_BYTES} bytes") });
    }
    match parse_action(line) {
        Ok(action) => session.respond(action),
        Err(error) => session.error_response(error),
    }
}

/// Parses one action with the parser both protocols share (`goeben_common::line`): malformed JSON, an
/// unknown action and an unknown field each get their own answer.
pub fn parse_action(line: &str) -> Result<Action, ErrorInfo> {
    goeben_common::line::parse_line::<Action>(line, usize::MAX, &goeben_common::line::GAME_ACTIONS)
        .map_err(|e| ErrorInfo { code: e.code.as_str().into(), message: e.message })
}

pub fn to_line(response: &Response) -> String {
    serde_json::to_string(response).expect("a response always serialises")
}
