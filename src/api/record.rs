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

/// Whether a step replayed as it was played: the same events, apart from their words — what the table is
/// told and what a die was for (instructions, notes, a roll's purpose, why a contact was none) are the
/// app's wording, which improves between versions (issue #50 made notes of instructions that asked
/// nothing of the table). The play itself — every die's faces, every result, move, track, VP and reveal —
/// must be the same. `verify` and the journal's replay judge a step by this.
pub fn plays_alike(recorded: &[Event], replayed: &[Event]) -> bool {
    played(recorded) == played(replayed)
}

/// A step's events without their words.
fn played(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| !matches!(e, Event::TableInstruction { .. } | Event::Note { .. }))
        .map(|e| {
            let mut e = e.clone();
            match &mut e {
                Event::DiceRolled { purpose, .. } => purpose.clear(),
                Event::ContactResolved { cancelled, .. } => *cancelled = None,
                _ => {}
            }
            e
        })
        .collect()
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
    /// Reads a record from its JSON text; what is wrong says where (`at `steps[3].request`: …`). Every
    /// reader of records (the verifier, the app's finished games and career) comes this one way, so the
    /// record's types are deserialised by one deserializer in the binary, not one per reader.
    pub fn from_json(text: &str) -> Result<GameRecord, String> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        GameRecord::from_value(value)
    }

    /// Reads a record already parsed as JSON (a backup's finished game), the same one way.
    pub fn from_value(value: serde_json::Value) -> Result<GameRecord, String> {
        serde_path_to_error::deserialize(value)
            .map_err(|e| format!("at `{}`: {}", e.path(), e.inner()))
    }

    /// The rules pack the game started with (the standard one when the record holds none).
    pub fn rules_pack(&self) -> Result<RulesPack, String> {
        match &self.pack {
            None => Ok(RulesPack::standard()),
            Some(value) => RulesPack::from_value(value.clone())
                .map_err(|e| format!("the record's rules pack is invalid: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::pack::ContactResult;
    use crate::ground::state::SpaceRef;

    fn contact(final_roll: i32, cancelled: Option<&str>) -> Event {
        Event::ContactResolved {
            space: SpaceRef::place("gibraltar_pz"),
            german: 8,
            allied: 8,
            final_roll,
            result: ContactResult::GermanFirstSalvoContact1,
            rule: "14.3".into(),
            cancelled: cancelled.map(str::to_string),
        }
    }

    #[test]
    fn issue_50_a_step_played_before_notes_replays_alike_but_other_play_does_not() {
        // As an earlier version wrote it: the contact, then an instruction saying it was none.
        let before = vec![
            contact(4, None),
            Event::TableInstruction {
                text: "Contact 1 under Limited Visibility or at night without searchlights: no contact."
                    .into(),
                rule: "14.3".into(),
            },
        ];
        let now = vec![contact(4, Some("Limited Visibility"))];
        assert!(plays_alike(&before, &now));
        // Another roll is other play.
        assert!(!plays_alike(
            &before,
            &[contact(5, Some("Limited Visibility"))]
        ));
        let die = |faces: Vec<u8>, purpose: &str| Event::DiceRolled {
            purpose: purpose.into(),
            faces,
            rule: "Incident Chart".into(),
            fire: None,
            by_player: false,
        };
        assert!(plays_alike(
            &[die(vec![4], "Allied Submarine")],
            &[die(
                vec![4],
                "Allied Submarine at Malta: 3–4 evasive action"
            )]
        ));
        assert!(!plays_alike(&[die(vec![4], "a")], &[die(vec![3], "a")]));
    }
}
