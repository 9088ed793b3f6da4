//! 24.0: what a campaign carries from one mission to the next (the rules of it are in rules/campaign.rs).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::pack::Nation;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CampaignState {
    /// The mission being played (1 = the first).
    pub mission: u8,
    pub results: Vec<MissionResult>,
    /// Orders markers played or removed (24.0, 24.4, Orders Chart bonuses).
    pub used_orders: Vec<String>,
    /// Allied counters out for the rest of the campaign (sunk capital ships, bonuses), by id.
    pub removed: Vec<String>,
    /// Allied battlecruisers sunk so far (24.3).
    pub battlecruisers_sunk: u8,
    /// Ports where German ships may be based besides Pola (24.2, Orders Chart bonuses).
    pub basing: Vec<String>,
    /// Standing bonuses the player applies on the table (the Austro-Hungarian cruiser).
    pub standing: Vec<String>,
    /// Nations allied by a bonus: their ports are friendly from then on.
    pub allies: Vec<Nation>,
    /// Patrol zones that became open sea by a bonus.
    pub open_zones: Vec<String>,
    /// 24.5: the campaign's verdict once it is over.
    pub verdict: Option<String>,
    /// The Naval Pact's Austro-Hungarian cruiser, by id: 24.1's example keeps it until sunk, wherever it
    /// ends a mission (20.0's return to Pola binds the others). Left out when none, so older saves keep
    /// their bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pact_cruiser: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct MissionResult {
    pub orders: String,
    pub name: String,
    pub won: bool,
    pub vp: i32,
}

impl CampaignState {
    pub fn successes(&self) -> u8 {
        self.results.iter().filter(|r| r.won).count() as u8
    }
}
