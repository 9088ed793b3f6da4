//! Actions: every decision a player (or the CLI) can send. Tagged by `"action"` with snake_case names
//! (protocol contract in docs/PROTOCOL.md). Add new variants in the section of your module.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::state::{GameOptions, SpaceRef};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    // --- Session (always available) ---
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
    /// Restores the state before the last applied action, RNG included (DESIGN.md principle 4).
    Undo,
    /// Returns the game log from entry `since` on (changes nothing).
    Log {
        #[serde(default)]
        #[ts(optional)]
        since: Option<u32>,
    },

    // --- Setup (3.0) ---
    /// 3.0 step 9: place one German collier in a sea space of the player's choice.
    PlaceCollier { to: SpaceRef },

    // --- Sequence of play (4.0) ---
    /// Finish the current phase (or the current ship's/space's part of it) and go on.
    EndPhase,
}

impl Action {
    /// Session-level requests that are not game decisions (never listed in `legal_actions`).
    pub fn is_session_request(&self) -> bool {
        matches!(self, Action::NewGame { .. } | Action::View | Action::Undo | Action::Log { .. })
    }
}
