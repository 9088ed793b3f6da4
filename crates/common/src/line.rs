//! The one parser of both JSON-line protocols: the game's actions (docs/PROTOCOL.md, tagged by
//! `"action"`) and the table tools' requests (docs/TOOLS.md, tagged by `"tool"`). One request object per
//! line; a line refused here never reaches a session, so it changes nothing.
//!
//! A refusal tells the cases apart with stable codes: `malformed` (too long, not JSON, not an object with a
//! string tag, a known request with a missing or wrong field, or a field the request does not have) and
//! the protocol's unknown-request code (`unknown_action`, `unknown_tool`) when the tag itself names no
//! request. An unknown value further in (a player `"c"`, a supply of `"gold"`) is a malformed request to a
//! known one, never an unknown request.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error_code::ErrorCode;

/// How one protocol's lines are tagged and how its refusals read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineProtocol {
    /// The field that names the request: `"action"` or `"tool"`.
    pub tag: &'static str,
    /// What one request is called in refusals: "bad `end_phase` action: …", "bad `view` request: …".
    pub request: &'static str,
    /// The code of a line whose tag names no request.
    pub unknown: ErrorCode,
}

/// The game's protocol (docs/PROTOCOL.md): `{"action": "end_phase", ...}`.
pub const GAME_ACTIONS: LineProtocol = LineProtocol {
    tag: "action",
    request: "action",
    unknown: ErrorCode::UnknownAction,
};

/// The table tools' protocol (docs/TOOLS.md): `{"tool": "draw_sdr", ...}`.
pub const TABLE_TOOLS: LineProtocol = LineProtocol {
    tag: "tool",
    request: "request",
    unknown: ErrorCode::UnknownTool,
};

/// A refused line: its code and a readable message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// `malformed`, or the protocol's unknown-request code.
    pub code: ErrorCode,
    pub message: String,
}

impl LineError {
    fn malformed(message: impl Into<String>) -> LineError {
        LineError {
            code: ErrorCode::Malformed,
            message: message.into(),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for LineError {}

/// Parses one line of `protocol` into a request `T` (an enum tagged by `protocol.tag`). A line longer than
/// `max_bytes` is refused without parsing (`usize::MAX`: no limit, for a request that did not come as a
/// line). Every field sent must be one the request has: a misspelt field is refused, never ignored, which
/// is why `T` must serialise too (serde's `deny_unknown_fields` does not work with internally tagged enums).
pub fn parse_line<T: DeserializeOwned + Serialize>(
    line: &str,
    max_bytes: usize,
    protocol: &LineProtocol,
) -> Result<T, LineError> {
    if line.len() > max_bytes {
        return Err(LineError::malformed(format!(
            "line longer than {max_bytes} bytes"
        )));
    }
    let value: serde_json::Value = serde_json::from_str(line)
        .map_err(|e| LineError::malformed(format!("not a JSON object: {e}")))?;
    let tag = protocol.tag;
    let Some(name) = value
        .get(tag)
        .and_then(|name| name.as_str())
        .map(str::to_string)
    else {
        return Err(LineError::malformed(format!(
            "expected an object with a string field \"{tag}\""
        )));
    };
    if names_no_request::<T>(tag, &name) {
        return Err(LineError {
            code: protocol.unknown,
            message: format!("unknown {tag} `{name}`"),
        });
    }
    let request = protocol.request;
    let parsed: T = serde_json::from_value(value.clone())
        .map_err(|e| LineError::malformed(format!("bad `{name}` {request}: {e}")))?;
    let known = serde_json::to_value(&parsed).expect("a request always serialises");
    if let (Some(sent), Some(known)) = (value.as_object(), known.as_object()) {
        if let Some(field) = sent.keys().find(|field| !known.contains_key(*field)) {
            return Err(LineError::malformed(format!(
                "bad `{name}` {request}: unknown field `{field}`"
            )));
        }
    }
    Ok(parsed)
}

/// Whether the tag's value is no variant of `T`. Judged from the tag alone, so an unknown value inside a
/// known request (a player `"c"`) never reads as an unknown request.
fn names_no_request<T: DeserializeOwned>(tag: &str, name: &str) -> bool {
    let tag_only = serde_json::json!({ tag: name });
    match serde_json::from_value::<T>(tag_only) {
        Ok(_) => false,
        Err(e) => e
            .to_string()
            .starts_with(&format!("unknown variant `{name}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    /// A game-like protocol: tagged by `"action"`, with a unit action, fields, defaults and a nested enum.
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "action", rename_all = "snake_case")]
    enum Action {
        EndPhase,
        Resupply {
            space: String,
            supply: Supply,
        },
        NewGame {
            #[serde(default)]
            seed: Option<u64>,
        },
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Supply {
        Coal,
        Ammunition,
    }

    /// A tools-like protocol: tagged by `"tool"`, with a player and a defaulted label.
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "tool", rename_all = "snake_case")]
    enum Tool {
        DrawSdr {
            player: Player,
            #[serde(default)]
            label: String,
        },
        View {
            player: Player,
        },
        TableView,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Player {
        A,
        B,
    }

    fn action(line: &str) -> Result<Action, LineError> {
        parse_line(line, 64 * 1024, &GAME_ACTIONS)
    }

    fn tool(line: &str) -> Result<Tool, LineError> {
        parse_line(line, 16 * 1024, &TABLE_TOOLS)
    }

    fn refusal<T: std::fmt::Debug>(parsed: Result<T, LineError>) -> (ErrorCode, String) {
        let error = parsed.expect_err("the line is refused");
        (error.code, error.message)
    }

    #[test]
    fn game_actions_parse_with_their_defaults() {
        assert_eq!(
            action(r#"{"action":"end_phase"}"#).unwrap(),
            Action::EndPhase
        );
        assert_eq!(
            action(r#"{"action":"new_game"}"#).unwrap(),
            Action::NewGame { seed: None }
        );
        assert_eq!(
            action(r#"{"action":"new_game","seed":7}"#).unwrap(),
            Action::NewGame { seed: Some(7) }
        );
        let line = r#"{"action":"resupply","space":"pola","supply":"coal"}"#;
        assert_eq!(
            action(line).unwrap(),
            Action::Resupply {
                space: "pola".into(),
                supply: Supply::Coal
            }
        );
    }

    #[test]
    fn game_refusals_keep_the_protocols_codes_and_messages() {
        assert_eq!(
            refusal(action("garbage")),
            (
                ErrorCode::Malformed,
                "not a JSON object: expected value at line 1 column 1".into()
            )
        );
        // docs/protocol/example.in.jsonl's line, answered as example.out.jsonl says.
        assert_eq!(
            refusal(action("this is not json")),
            (
                ErrorCode::Malformed,
                "not a JSON object: expected ident at line 1 column 2".into()
            )
        );
        let expected_object = "expected an object with a string field \"action\"".to_string();
        assert_eq!(
            refusal(action("[1,2]")),
            (ErrorCode::Malformed, expected_object.clone())
        );
        assert_eq!(
            refusal(action(r#"{"action":3}"#)),
            (ErrorCode::Malformed, expected_object.clone())
        );
        assert_eq!(
            refusal(action(r#"{"tool":"view"}"#)),
            (ErrorCode::Malformed, expected_object)
        );
        assert_eq!(
            refusal(action(r#"{"action":"launch_zeppelin"}"#)),
            (
                ErrorCode::UnknownAction,
                "unknown action `launch_zeppelin`".into()
            )
        );
        assert_eq!(
            refusal(action(r#"{"action":"end_phase","hurry":true}"#)),
            (
                ErrorCode::Malformed,
                "bad `end_phase` action: unknown field `hurry`".into()
            )
        );
        let (code, message) = refusal(action(r#"{"action":"resupply","space":"pola"}"#));
        assert_eq!(
            (code, message.as_str()),
            (
                ErrorCode::Malformed,
                "bad `resupply` action: missing field `supply`"
            )
        );
    }

    #[test]
    fn an_unknown_value_inside_a_known_action_is_malformed_not_an_unknown_action() {
        let (code, message) = refusal(action(
            r#"{"action":"resupply","space":"pola","supply":"gold"}"#,
        ));
        assert_eq!(code, "malformed");
        assert!(
            message.starts_with("bad `resupply` action: unknown variant `gold`"),
            "{message}"
        );
        // Even a value spelt like the action itself is the action's bad field, not an unknown action.
        let (code, _) = refusal(action(
            r#"{"action":"resupply","space":"pola","supply":"resupply"}"#,
        ));
        assert_eq!(code, "malformed");
    }

    #[test]
    fn a_line_over_the_limit_is_refused_unread() {
        let long = format!(
            r#"{{"action":"end_phase","pad":"{}"}}"#,
            "x".repeat(64 * 1024)
        );
        assert_eq!(
            refusal(action(&long)),
            (ErrorCode::Malformed, "line longer than 65536 bytes".into())
        );
        let view = r#"{"tool":"view","player":"a"}"#;
        let at_limit = format!("{view}{}", " ".repeat(16 * 1024 - view.len()));
        assert_eq!(at_limit.len(), 16 * 1024);
        assert_eq!(tool(&at_limit).unwrap(), Tool::View { player: Player::A });
        assert_eq!(
            refusal(tool(&format!("{at_limit} "))),
            (ErrorCode::Malformed, "line longer than 16384 bytes".into())
        );
        let unlimited: Action = parse_line(
            &format!("{}{{\"action\":\"end_phase\"}}", " ".repeat(100 * 1024)),
            usize::MAX,
            &GAME_ACTIONS,
        )
        .unwrap();
        assert_eq!(unlimited, Action::EndPhase);
    }

    #[test]
    fn table_tools_requests_parse_and_refuse_with_their_own_words() {
        assert_eq!(
            tool(r#"{"tool":"draw_sdr","player":"b"}"#).unwrap(),
            Tool::DrawSdr {
                player: Player::B,
                label: String::new()
            }
        );
        assert_eq!(tool(r#"{"tool":"table_view"}"#).unwrap(), Tool::TableView);
        assert!(tool("nope")
            .unwrap_err()
            .message
            .starts_with("not a JSON object: "));
        assert_eq!(
            refusal(tool(r#"{"action":"view"}"#)),
            (
                ErrorCode::Malformed,
                "expected an object with a string field \"tool\"".into()
            )
        );
        assert_eq!(
            refusal(tool(r#"{"tool":"teleport"}"#)),
            (ErrorCode::UnknownTool, "unknown tool `teleport`".into())
        );
        assert_eq!(
            refusal(tool(r#"{"tool":"draw_sdr","player":"a","lable":"x"}"#)),
            (
                ErrorCode::Malformed,
                "bad `draw_sdr` request: unknown field `lable`".into()
            )
        );
        let (code, message) = refusal(tool(r#"{"tool":"draw_sdr","player":"c"}"#));
        assert_eq!(
            code, "malformed",
            "an unknown player is not an unknown tool"
        );
        assert!(
            message.starts_with("bad `draw_sdr` request: unknown variant `c`"),
            "{message}"
        );
        assert_eq!(
            refusal(tool(r#"{"tool":"view"}"#)),
            (
                ErrorCode::Malformed,
                "bad `view` request: missing field `player`".into()
            )
        );
        assert_eq!(
            refusal(tool(r#"{"tool":"table_view","player":"a"}"#)),
            (
                ErrorCode::Malformed,
                "bad `table_view` request: unknown field `player`".into()
            ),
            "the table view is for no player"
        );
    }

    #[test]
    fn codes_serialise_as_they_cross_the_boundary() {
        for (code, wire) in [
            (ErrorCode::Malformed, "malformed"),
            (ErrorCode::UnknownAction, "unknown_action"),
            (ErrorCode::UnknownTool, "unknown_tool"),
        ] {
            assert_eq!(serde_json::to_value(code).unwrap(), wire);
        }
        assert_eq!(LineError::malformed("x").to_string(), "malformed: x");
    }
}
