//! The answer to one request: `{ok:true, events, view}` or `{ok:false, error, view}`, with the answer
//! to a read-only request in its own field (protocol contract, docs/PROTOCOL.md).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::session::LogEntry;
use crate::api::view::PlayerView;
use crate::ground::error::ErrorInfo;
use crate::ground::event::Event;

/// The answer to one request: `{ok:true, events, view}` or `{ok:false, error, view}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Response {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub events: Option<Vec<Event>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<ErrorInfo>,
    pub view: PlayerView,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub log: Option<Vec<LogEntry>>,
    /// The answer to a `scan`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub scan: Option<crate::api::codes::ScanInfo>,
    /// The answer to `charts`: the rules pack's charts (public data, each with its source).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub charts: Option<crate::ground::pack::Charts>,
    /// The answer to `export_pack`: the whole rules pack as JSON text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pack_json: Option<String>,
    /// The answer to `list_pieces`: every printed piece with its code (the setup inventory).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pieces: Option<Vec<crate::api::codes::PieceEntry>>,
    /// The answer to a `forecast`: the Monte Carlo estimate of a battle from here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub forecast: Option<crate::rules::combat::forecast::Forecast>,
    /// The answer to `export_record`: the game record (issue #14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub record: Option<crate::api::record::GameRecord>,
    /// The answer to `review`: the after-action review of a finished game (issue #14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub review: Option<crate::api::review::Review>,
}

impl Response {
    /// An accepted request that produced `events`, with no other answer.
    pub(crate) fn accepted(view: PlayerView, events: Vec<Event>) -> Response {
        Response {
            ok: true,
            events: Some(events),
            error: None,
            view,
            log: None,
            scan: None,
            charts: None,
            pack_json: None,
            pieces: None,
            forecast: None,
            record: None,
            review: None,
        }
    }
}
