//! The player's own dice (house rule "I roll the dice") as data: what the view shows — the roll asked for,
//! the roll that may still be corrected — and what the session keeps for them. Apart from the session's
//! handling of them (`player_dice.rs`, `dice_correction.rs`), so the view and the session name them without
//! a circle of imports.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::engine::entered_dice::AskedRoll;
use crate::ground::action::Action;
use crate::ground::words::count;

/// A roll the player is asked to make and enter (the view's `pending_roll`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PendingRoll {
    /// What to roll and why, the count said once, e.g. "Roll 8 dice: SMS Goeben primary guns at HMS Defence —
    /// hit on 6 (14.5)".
    pub prompt: String,
    /// How many dice to enter.
    pub count: u32,
    /// Each face is 1..=sides (6 but for a random choice among equals, 14.11).
    pub sides: u8,
    /// The roll's purpose and rule, as its log line will say them.
    pub purpose: String,
    pub rule: String,
    /// For a fire: the faces that hit (e.g. [5, 6]); absent otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<u8>>")]
    pub hitting_faces: Vec<u8>,
    /// Rolls of this move already entered (0 for its first).
    pub rolls_entered: u32,
    /// The move that asked for the roll (its decider enters the dice).
    pub asked_by: Action,
}

/// The roll `correct_dice` may still change (the view's `correctable_roll`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CorrectableRoll {
    pub purpose: String,
    pub rule: String,
    pub faces: Vec<u8>,
    pub sides: u8,
}

/// The move waiting for the player's dice, kept by the session (and in its save).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RollInProgress {
    pub(crate) action: Action,
    /// Every face entered for the move so far, in the order the rules roll them.
    pub(crate) faces: Vec<u8>,
    pub(crate) rolls: u32,
    pub(crate) asked: AskedRoll,
    /// The move's events already returned (those before the asked roll).
    pub(crate) shown: usize,
    /// The log's length when the move was sent (what a take-back marks undone).
    pub(crate) log_len: u32,
}

impl RollInProgress {
    pub(crate) fn pending_roll(&self) -> PendingRoll {
        let a = &self.asked;
        let dice = match a.sides {
            6 => count(a.count as i64, "die", "dice"),
            sides => format!("{} d{sides}", a.count),
        };
        let hitting_faces = a
            .fire
            .as_ref()
            .map(|f| (7 - f.hitting_faces..=6).collect())
            .unwrap_or_default();
        PendingRoll {
            prompt: prompt(&dice, &a.purpose, &a.rule),
            count: a.count as u32,
            sides: a.sides,
            purpose: a.purpose.clone(),
            rule: a.rule.clone(),
            hitting_faces,
            rolls_entered: self.rolls,
            asked_by: self.action.clone(),
        }
    }
}

/// "Roll {dice}: {purpose} ({rule})", the count said once: a fire's purpose is its log line, which
/// ends "…: 8 dice, hit on 6"; the prompt already leads with the count, so that tail reads "— hit on 6".
fn prompt(dice: &str, purpose: &str, rule: &str) -> String {
    let purpose = match purpose.rsplit_once(&format!(": {dice}, ")) {
        Some((what, hits)) => format!("{what} — {hits}"),
        None => purpose
            .strip_suffix(&format!(": {dice}"))
            .unwrap_or(purpose)
            .to_string(),
    };
    format!("Roll {dice}: {purpose} ({rule})")
}

/// The last move done with the player's dice, kept until the next request that changes the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct LastEntry {
    pub(crate) action: Action,
    /// Every face the move took, and where its last roll's faces are among them.
    pub(crate) faces: Vec<u8>,
    pub(crate) last: std::ops::Range<usize>,
    pub(crate) roll: CorrectableRoll,
    /// The log's first line of the move's events (marked taken back by a correction).
    pub(crate) log_from: u32,
    /// Why it cannot be corrected, when it cannot.
    pub(crate) refused: Option<String>,
}

impl LastEntry {
    pub(crate) fn new(
        action: Action,
        faces: Vec<u8>,
        roll: CorrectableRoll,
        log_from: u32,
        refused: Option<String>,
    ) -> LastEntry {
        let last = faces.len() - roll.faces.len()..faces.len();
        LastEntry {
            action,
            faces,
            last,
            roll,
            log_from,
            refused,
        }
    }

    pub(crate) fn correctable(&self) -> Option<CorrectableRoll> {
        self.refused.is_none().then(|| self.roll.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::prompt;

    // 14.5: the prompt says the count once and what hits, as the player rolls it.
    #[test]
    fn rule_14_5_a_fire_prompt_says_its_count_once_and_what_hits() {
        assert_eq!(
            prompt(
                "8 dice",
                "SMS Goeben primary guns at HMS Defence: 8 dice, hit on 6",
                "14.5"
            ),
            "Roll 8 dice: SMS Goeben primary guns at HMS Defence — hit on 6 (14.5)"
        );
        assert_eq!(
            prompt(
                "1 die",
                "SMS Breslau torpedo 1 of 2 at HMS Dublin: 1 die, hit on 5–6",
                "14.6"
            ),
            "Roll 1 die: SMS Breslau torpedo 1 of 2 at HMS Dublin — hit on 5–6 (14.6)"
        );
        // A roll that is no fire keeps its purpose whole.
        assert_eq!(
            prompt("2 dice", "hit table", "14.7"),
            "Roll 2 dice: hit table (14.7)"
        );
    }
}
