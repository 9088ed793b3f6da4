//! The game record: the whole game as data — the rules pack's hash (and the pack itself
//! when it is not the standard one), the options, the commitment, every applied request in order with
//! the events it produced (corrections, chart edits, undos and take-backs included), and the final view.
//! The seed, the salt and the committed string are in it only once the game is over for good, so a
//! record exported while the game runs holds no secret.
//!
//! `api::verify` replays a finished record with the real rules; `Session::export_record` writes one.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::request::Request;
use crate::api::view::PlayerView;
use crate::ground::event::Event;
use crate::ground::pack::RulesPack;
use crate::ground::state::GameOptions;

pub const RECORD_FORMAT: &str = "goeben-referee-record";
pub const RECORD_VERSION: u32 = 1;

/// One applied request and what it produced.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct RecordStep {
    pub action: Request,
    pub events: Vec<Event>,
}

/// What the session keeps from new game on to write the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct History {
    /// The pack at new game when it differs from the standard pack.
    pub pack: Option<RulesPack>,
    pub options: GameOptions,
    pub started: Vec<Event>,
    pub steps: Vec<RecordStep>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct GameRecord {
    /// Always `goeben-referee-record`.
    pub format: String,
    pub version: u32,
    pub app: String,
    /// SHA-256 of the rules pack in force at new game (as `export_pack` writes it).
    pub pack_sha256: String,
    /// That pack itself when it is not the standard one; null for the standard pack.
    #[ts(type = "unknown")]
    pub pack: Option<serde_json::Value>,
    pub options: GameOptions,
    pub commitment: Option<String>,
    /// Only once the game is over for good (absent before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "number", optional)]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub salt: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub committed: Option<String>,
    /// The events of new game (the Orders drawn, the secret stacks' sizes).
    pub started: Vec<Event>,
    pub steps: Vec<RecordStep>,
    /// Take-backs after reveals (house rule), each also a step.
    pub take_backs: u32,
    pub final_view: PlayerView,
}

impl GameRecord {
    /// The rules pack the game started with (the standard one when the record holds none).
    pub fn rules_pack(&self) -> Result<RulesPack, String> {
        match &self.pack {
            None => Ok(RulesPack::standard()),
            Some(value) => RulesPack::from_value(value.clone())
                .map_err(|e| format!("the record's rules pack is invalid: {e}")),
        }
    }
}
