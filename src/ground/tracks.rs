//! The words moves and state share: a German ship's tracks (2.1), speed bands (12.1–12.3) and what a
//! port's resupply gives (7.1, 7.3).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a port's resupply roll gives (7.1 arming, 7.3 coaling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Supply {
    Ammunition,
    Coal,
}
/// The speed band a ship moved at (12.1–12.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// Did not move (12.1: staying in place costs nothing).
    Stay,
    /// Up to cruise speed, no coal (12.1).
    Cruise,
    /// Up to maximum speed for one coal (12.2).
    Maximum,
    /// Up to emergency speed for one coal, then the engine check (12.3).
    Emergency,
}
/// A track of a German ship display (2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, strum::VariantArray)]
#[serde(rename_all = "snake_case")]
pub enum Track {
    Leadership,
    Engines,
    Hull,
    Primary,
    Secondary,
    Tertiary,
    Ammunition,
    Torpedoes,
    Coal,
}
impl Track {
    /// Every track, in declaration order: derived from the enum, so a new variant is never left out.
    pub const ALL: &'static [Track] = <Track as strum::VariantArray>::VARIANTS;

    /// The value of this track on a ship display.
    pub fn slot(self, t: &mut crate::ground::pack::Tracks) -> &mut u8 {
        match self {
            Track::Leadership => &mut t.leadership,
            Track::Engines => &mut t.engines,
            Track::Hull => &mut t.hull,
            Track::Primary => &mut t.primary,
            Track::Secondary => &mut t.secondary,
            Track::Tertiary => &mut t.tertiary,
            Track::Ammunition => &mut t.ammunition,
            Track::Torpedoes => &mut t.torpedoes,
            Track::Coal => &mut t.coal,
        }
    }

    pub fn get(self, t: &crate::ground::pack::Tracks) -> u8 {
        let mut copy = *t;
        *self.slot(&mut copy)
    }
}
