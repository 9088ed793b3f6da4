//! The JSON-lines protocol (docs/PROTOCOL.md): one action object per input line, one response object
//! per output line. A malformed line or unknown action is answered with an error and changes nothing.

use crate::api::request::Request;
use crate::api::response::Response;
use crate::api::session::Session;
use crate::ground::error::{ErrorCode, ErrorInfo};

/// Maximum accepted line length; a longer line is refused without parsing.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

pub fn handle_line(session: &mut Session, line: &str) -> Response {
    if line.len() > MAX_LINE_BYTES {
        return session.error_response(ErrorInfo::new(
            ErrorCode::Malformed,
            format!("line longer than {MAX_LINE_BYTES} bytes"),
        ));
    }
    match parse_request(line) {
        Ok(request) => session.respond(request),
        Err(error) => session.error_response(error),
    }
}

/// Parses one request (a move or a session request) with the parser both protocols share
/// (`goeben_common::line`): malformed JSON, an unknown action and an unknown field each get their own answer.
pub fn parse_request(line: &str) -> Result<Request, ErrorInfo> {
    goeben_common::line::parse_line::<Request>(line, usize::MAX, &goeben_common::line::GAME_ACTIONS)
        .map_err(|e| ErrorInfo::new(e.code, e.message))
}

pub fn to_line(response: &Response) -> String {
    serde_json::to_string(response).expect("a response always serialises")
}
