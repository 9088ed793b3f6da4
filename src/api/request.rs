//! A request to the session: a move of the game (`Action`, the rules' business) or a request of the
//! session itself (`SessionRequest`: new game, undo, the log, scans, charts, records…). Both travel as one
//! JSON object tagged by `"action"` (docs/PROTOCOL.md), so the wire format does not show the split; the
//! rules dispatcher only ever sees moves.

use serde::{Deserialize, Deserializer, Serialize};
use ts_rs::TS;

use crate::ground::action::Action;
use crate::ground::state::{GameOptions, SpaceRef};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum SessionRequest {
    /// Start a new game (standard rules unless options say otherwise). Without a seed the session
    /// picks one; the seed is never shown while the game runs.
    NewGame {
        #[serde(default)]
        #[ts(type = "number | null", optional)]
        seed: Option<u64>,
        #[serde(default)]
        #[ts(optional)]
        options: Option<GameOptions>,
    },
    /// Changes nothing; returns the current view.
    View,
    /// Restores the state before the last applied move, RNG included (DESIGN.md principle 4), unless
    /// that move rolled or revealed.
    Undo,
    /// Returns the game log from entry `since` on (changes nothing).
    Log {
        #[serde(default)]
        #[ts(optional)]
        since: Option<u32>,
    },
    /// Reads a counter code (typed, scanned or pasted) and answers with the piece's printed values and
    /// public status in `scan` (changes nothing; docs/CODES.md).
    Scan { code: String },
    /// Every printed piece with its code, in `pieces` (the setup inventory; changes nothing).
    ListPieces,
    /// The rules pack's charts, each marked exact or reconstructed, in `charts` (changes nothing).
    Charts,
    /// Replaces one chart of the rules pack with `json` (its whole JSON); validated, logged.
    EditChart { chart: String, json: String },
    /// Puts one chart (or, without `chart`, every chart) back to the default values.
    ResetChart {
        #[ts(optional)]
        chart: Option<String>,
    },
    /// The whole rules pack as JSON text, in `pack_json` (changes nothing).
    ExportPack,
    /// The game record: pack hash, options, commitment, every applied request with its
    /// events, the final view; the seed and salt only once the game is over. In `record`; changes nothing.
    ExportRecord,
    /// The after-action review, once the game is over: the setup as it really was, turn by
    /// turn VP and Alert, every draw and die, battles with their dice luck. In `review`; changes nothing.
    Review,
    /// Replaces the whole rules pack with an exported one; validated and checked against the running game.
    ImportPack { json: String },
    /// Estimates how the battle at `space` ends from here (Monte Carlo with the real combat rules; answers
    /// in `forecast`, changes nothing). Available while the battle waits for contact, break-off or fire orders.
    Forecast { space: SpaceRef },
}

impl SessionRequest {
    /// Every session request's name on the wire (the `"action"` tag).
    pub const NAMES: [&'static str; 14] = [
        "new_game",
        "view",
        "undo",
        "log",
        "scan",
        "list_pieces",
        "charts",
        "edit_chart",
        "reset_chart",
        "export_pack",
        "export_record",
        "review",
        "import_pack",
        "forecast",
    ];

    /// The requests that only read: they change no game, pack or log, so nothing needs saving.
    pub fn is_read_only(&self) -> bool {
        use SessionRequest::*;
        matches!(
            self,
            View | Log { .. }
                | Scan { .. }
                | Forecast { .. }
                | ListPieces
                | Charts
                | ExportPack
                | ExportRecord
                | Review
        )
    }
}

/// One request: a session request or a move. On the wire, one object tagged by `"action"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(untagged)]
pub enum Request {
    Session(SessionRequest),
    Move(Action),
}

impl Request {
    /// Whether applying it may change the session (and so the save): every move, and the session
    /// requests that are not read-only.
    pub fn may_change(&self) -> bool {
        match self {
            Request::Session(request) => !request.is_read_only(),
            Request::Move(_) => true,
        }
    }
}

impl From<Action> for Request {
    fn from(action: Action) -> Request {
        Request::Move(action)
    }
}

impl From<SessionRequest> for Request {
    fn from(request: SessionRequest) -> Request {
        Request::Session(request)
    }
}

/// Read by the `"action"` tag: a session request's name goes to `SessionRequest`, every other name to
/// `Action` (so an unknown name gets `Action`'s "unknown variant" error, as the protocol expects).
impl<'de> Deserialize<'de> for Request {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Request, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(deserializer)?;
        let is_session = value
            .get("action")
            .and_then(|a| a.as_str())
            .is_some_and(|name| SessionRequest::NAMES.contains(&name));
        if is_session {
            serde_json::from_value(value)
                .map(Request::Session)
                .map_err(D::Error::custom)
        } else {
            serde_json::from_value(value)
                .map(Request::Move)
                .map_err(D::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `NAMES` is the one list written beside the enum: it must name every variant (read from the
    /// generated TypeScript, which serde's own names make), no more, no fewer.
    #[test]
    fn the_names_list_every_session_request() {
        let ts = include_str!("../../ui/src/generated/SessionRequest.ts");
        let mut tags: Vec<&str> = ts
            .split("\"action\": \"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        tags.sort_unstable();
        let mut names = SessionRequest::NAMES.to_vec();
        names.sort_unstable();
        assert_eq!(tags, names);
    }

    #[test]
    fn the_names_are_the_tags() {
        for name in SessionRequest::NAMES {
            let sent = serde_json::json!({ "action": name });
            // A session request's name never reads as a move (missing fields are another error).
            let parsed: Result<Request, _> = serde_json::from_value(sent);
            assert!(!matches!(parsed, Ok(Request::Move(_))), "{name}");
        }
        let undo: Request = serde_json::from_str(r#"{"action":"undo"}"#).unwrap();
        assert_eq!(undo, Request::Session(SessionRequest::Undo));
        let end: Request = serde_json::from_str(r#"{"action":"end_phase"}"#).unwrap();
        assert_eq!(end, Request::Move(Action::EndPhase));
        assert_eq!(
            serde_json::to_string(&undo).unwrap(),
            r#"{"action":"undo"}"#
        );
        let unknown =
            serde_json::from_str::<Request>(r#"{"action":"launch_zeppelin"}"#).unwrap_err();
        assert!(
            unknown
                .to_string()
                .starts_with("unknown variant `launch_zeppelin`"),
            "{unknown}"
        );
    }
}
