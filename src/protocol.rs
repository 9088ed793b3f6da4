//! The JSON-lines protocol (docs/PROTOCOL.md): one action object per input line, one response object
//! per output line. A malformed line or unknown action is answered with an error and changes nothing.

use crate::action::Action;
use crate::error::ErrorInfo;
use crate::session::{Response, Session};

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

/// Parses one action; tells an unknown action apart from malformed JSON.
pub fn parse_action(line: &str) -> Result<Action, ErrorInfo> {
    let value: serde_json::Value = serde_json::from_str(line)
        .map_err(|e| ErrorInfo { code: "malformed".into(), message: format!("not a JSON object: {e}") })?;
    let name = match value.get("action") {
        Some(serde_json::Value::String(name)) => name.clone(),
        _ => return Err(ErrorInfo { code: "malformed".into(), message: "expected an object with a string field \"action\"".into() }),
    };
    let action: Action = serde_json::from_value(value.clone()).map_err(|e| {
        let message = e.to_string();
        // Only the action's own name is an unknown action; an unknown value inside a known action (a
        // supply of "gold") is a malformed action.
        if message.starts_with(&format!("unknown variant `{name}`")) {
            ErrorInfo { code: "unknown_action".into(), message: format!("unknown action `{name}`") }
        } else {
            ErrorInfo { code: "malformed".into(), message: format!("bad `{name}` action: {message}") }
        }
    })?;
    // A misspelt field must not be silently ignored: every field sent has to be one the action has.
    let known = serde_json::to_value(&action).expect("an action always serialises");
    if let (Some(sent), Some(known)) = (value.as_object(), known.as_object()) {
        if let Some(field) = sent.keys().find(|k| !known.contains_key(*k)) {
            return Err(ErrorInfo { code: "malformed".into(), message: format!("bad `{name}` action: unknown field `{field}`") });
        }
    }
    Ok(action)
}

pub fn to_line(response: &Response) -> String {
    serde_json::to_string(response).expect("a response always serialises")
}
