//! Small calculators for the Great War at Sea variants of seeds 003 and 004: combined fire of several
//! ships, the contact modifier for crowded zones, extended operational movement and its fuel, and the
//! victory-point rules for ships adrift, crippled or damaged. Pure functions; each cites its source.
//!
//! Seed 003's special rules are headed by name, not number, so they are cited by heading.

use crate::player::Player;
use crate::tool::TableTool;
use crate::{procedures, ErrorCode, ToolResponse, ToolSession, FIRERS_MAX, HULL_BOXES_MAX};
use strum::VariantNames;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Combined fire strength of several ships firing the same type of guns at one target
/// (seed 004, Advanced Tactical Rules 11 "Multiple Firers").
///
/// The weakest ship fires at full strength; the strengths of all the others are added and the sum
/// halved, rounding down but never below 1. One ship fires alone at its own strength; no ship, 0.
/// A ship of strength 0 has no such guns and does not take part.
///
/// Strengths are player input: a combination past `u32::MAX` answers `u32::MAX` — it
/// neither panics (a debug build's overflow closed a whole table) nor wraps to a small number (a release
/// build's). No real squadron comes near it; the table host refuses such a request before it gets here.
pub fn combined_fire_strength(strengths: &[u32]) -> u32 {
    let mut firing: Vec<u32> = strengths.iter().copied().filter(|&s| s > 0).collect();
    firing.sort_unstable();
    let combined = match firing.split_first() {
        None => 0,
        Some((&weakest, [])) => u64::from(weakest),
        // In u64: up to 2^32 strengths of u32::MAX each fit, so the sum itself cannot overflow.
        Some((&weakest, stronger)) => {
            u64::from(weakest) + (stronger.iter().map(|&s| u64::from(s)).sum::<u64>() / 2).max(1)
        }
    };
    u32::try_from(combined).unwrap_or(u32::MAX)
}

/// Modifier added to the contact roll: one per four ships of both sides in the zone, a multi-ship
/// counter counting for each ship in it (seed 004, Advanced Strategic Rules 6 "Search and Contact").
pub fn contact_modifier(ships_side_a: u32, ships_side_b: u32) -> u32 {
    (ships_side_a + ships_side_b) / 4
}

/// A contact roll with the crowding modifier applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ContactRoll {
    pub natural: u8,
    pub modified: u32,
    /// A natural 1 is never contact, whatever the modifier (seed 004, Strategic 6).
    pub never_contact: bool,
}

/// Applies [`contact_modifier`] to a natural die (seed 004, Advanced Strategic Rules 6). The result is
/// read on the game's own contact table, which is not in the seeds.
pub fn contact_roll(natural: u8, ships_side_a: u32, ships_side_b: u32) -> ContactRoll {
    assert!(
        (1..=6).contains(&natural),
        "a die shows 1..=6, not {natural}"
    );
    ContactRoll {
        natural,
        modified: natural as u32 + contact_modifier(ships_side_a, ships_side_b),
        never_contact: natural == 1,
    }
}

/// Operational speed classes of seed 003 "Extended Operational Movement".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SpeedClass {
    /// Speed 2+.
    TwoPlus,
    /// Speed 2.
    Two,
    /// Speed 1.
    One,
    /// Speed 1s, and fast transports and armed merchant cruisers.
    OneSlow,
    /// CD-type ships, slow transports, colliers and oilers.
    Slowest,
}

/// Weather of seed 003 "Weather Effects on Operations" (anything better than a squall caps nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Weather {
    Fair,
    Squall,
    Storm,
    Gale,
}

/// Sea zones a ship may be plotted to move in turn number `turn` (from 1), at most
/// (seed 003 "Extended Operational Movement", capped by "Weather Effects on Operations").
///
/// Speeds 2 and 1s alternate between two allowances: the smaller on odd turns, the larger on even ones.
pub fn operational_zones(speed: SpeedClass, turn: u32, weather: Weather) -> u32 {
    assert!(turn >= 1, "turns are numbered from 1");
    let even = turn.is_multiple_of(2);
    let allowance = match speed {
        SpeedClass::TwoPlus => 3,
        SpeedClass::Two if even => 3,
        SpeedClass::Two => 2,
        SpeedClass::One => 2,
        SpeedClass::OneSlow if even => 2,
        SpeedClass::OneSlow => 1,
        SpeedClass::Slowest => 1,
    };
    let cap = match weather {
        Weather::Fair => u32::MAX,
        Weather::Squall => 3,
        Weather::Storm => 2,
        Weather::Gale => 1,
    };
    allowance.min(cap)
}

/// Fuel points in one box of the fuel track (seed 003 "Fuel Use": 24 instead of the base game's 12).
pub const FUEL_POINTS_PER_BOX: u32 = 24;

/// Fuel points a ship spends for the sea zones it moved this turn (seed 003 "Fuel Use"): one zone costs
/// 1, two zones cost 3 each (6), three zones cost 4 each (12). `None` beyond three zones, which no
/// allowance gives. A ship on a blockade or coastal defense mission spends 1 a turn without moving
/// (seed 003 "Blockade Mission", "Coastal Defense Mission"): see [`STATION_FUEL_POINTS_PER_TURN`].
pub fn fuel_points_for_turn(zones_moved: u32) -> Option<u32> {
    match zones_moved {
        0 => Some(0),
        1 => Some(1),
        2 => Some(6),
        3 => Some(12),
        _ => None,
    }
}

/// Fuel a blockading or coastal-defense ship spends each turn (seed 003).
pub const STATION_FUEL_POINTS_PER_TURN: u32 = 1;

/// Whole fuel boxes crossed off for a running total of fuel points, and the points spent in the box
/// now being used (seed 003 "Fuel Use").
pub fn fuel_boxes(points_spent: u32) -> (u32, u32) {
    (
        points_spent / FUEL_POINTS_PER_BOX,
        points_spent % FUEL_POINTS_PER_BOX,
    )
}

/// Fuel boxes crossed off for a number of zones moved under seed 004's variant (Advanced Strategic
/// Rules 4 "Fuel": one box per 9 zones, not 8). Only whole groups of 9 count.
pub fn fuel_boxes_seed_004(zones_moved: u32) -> u32 {
    zones_moved / 9
}

/// Half of a ship's victory points, fractions rounded up.
fn half_rounded_up(points: u32) -> u32 {
    points.div_ceil(2)
}

/// Victory points for an enemy ship that cannot reach a friendly port (captured or starting) on the
/// fuel it has left at the end of play: half its value, rounded up (seed 003 "Adrift at Sea").
pub fn adrift_vp(ship_vp: u32) -> u32 {
    half_rounded_up(ship_vp)
}

/// Victory points for a crippled ship in an operational scenario: half its value, rounded up
/// (seed 003 "Cripples").
pub fn crippled_vp(ship_vp: u32) -> u32 {
    half_rounded_up(ship_vp)
}

/// A ship's hull class for damage points (seed 003 "Victory Points (VPs)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum HullClass {
    /// BB or BC.
    Capital,
    Other,
}

/// Victory points for hull boxes crossed off a ship neither sunk nor crippled: 2 a box for a BB or BC,
/// 1 for any other ship (seed 003 "Victory Points (VPs)").
pub fn hull_damage_vp(class: HullClass, hull_boxes_lost: u32) -> u32 {
    match class {
        HullClass::Capital => 2 * hull_boxes_lost,
        HullClass::Other => hull_boxes_lost,
    }
}

/// Victory points for air and submarine losses: 1 per airplane step, 5 per airship, 4 per submarine
/// (seed 003 "Victory Points (VPs)").
pub fn air_and_submarine_vp(airplane_steps: u32, airships: u32, submarines: u32) -> u32 {
    airplane_steps + 5 * airships + 4 * submarines
}

/// Optional rule "Always Possible" (seed 003): when the best modified roll falls short of the number
/// needed, roll this many dice and succeed only if all show 6 — the shortfall plus one. `None` when an
/// ordinary roll can already succeed.
pub fn always_possible_dice(highest_modified_roll: i32, needed: i32) -> Option<u32> {
    (needed > highest_modified_roll).then(|| (needed - highest_modified_roll + 1) as u32)
}

/// The requests of the calculators (seeds 003-004): its part of `ToolAction`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "tool", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum CalculatorAction {
    /// Seed 004 Tactical 11.
    CombinedFire { strengths: Vec<u32> },
    /// Seed 004 Strategic 6.
    ContactModifier { ships_a: u32, ships_b: u32 },
    /// Seed 003 Extended Operational Movement (and weather).
    OperationalMove {
        speed: SpeedClass,
        turn: u32,
        #[serde(default = "fair")]
        weather: Weather,
    },
    /// Seed 003 Fuel Use.
    FuelUse { zones_moved: u32 },
    /// Seed 003 Adrift at Sea.
    AdriftVp { ship_vp: u32 },
    /// Seed 003 Cripples.
    CrippledVp { ship_vp: u32 },
    /// Seed 003 Victory Points (VPs): hull boxes crossed off a ship neither sunk nor crippled.
    HullDamageVp { class: HullClass, hull_boxes: u32 },
    /// Seed 004 Strategic 7: the words announcing how many minefields lie on a boundary.
    MinefieldDensity { fields: u32 },
}

fn fair() -> Weather {
    Weather::Fair
}

/// The answers of the calculators (seeds 003-004): its part of `ToolResponse`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum CalculatorAnswer {
    /// A calculator's result with the rule it applies.
    Number {
        calculator: &'static str,
        source: &'static str,
        value: u32,
    },
    /// A calculator whose answer is words (e.g. the minefield density announcement), with its rule.
    Wording {
        calculator: &'static str,
        source: &'static str,
        text: String,
    },
}

impl TableTool for CalculatorAction {
    fn respond(self, _session: &mut ToolSession) -> ToolResponse {
        match self {
            CalculatorAction::CombinedFire { strengths } if strengths.len() > FIRERS_MAX => {
                ToolResponse::error(ErrorCode::BadInput, format!("at most {FIRERS_MAX} ships fire together"))
            }
            CalculatorAction::CombinedFire { strengths } => {
                number("combined_fire", "Great War at Sea advanced rules, Advanced Tactical Rules 11", combined_fire_strength(&strengths))
            }
            CalculatorAction::ContactModifier { ships_a, ships_b } => match ships_a.checked_add(ships_b) {
                Some(_) => number("contact_modifier", "Great War at Sea advanced rules, Advanced Strategic Rules 6", contact_modifier(ships_a, ships_b)),
                None => ToolResponse::error(ErrorCode::BadInput, "too many ships"),
            },
            CalculatorAction::OperationalMove { turn: 0, .. } => ToolResponse::error(ErrorCode::BadInput, "turns are numbered from 1"),
            CalculatorAction::OperationalMove { speed, turn, weather } => number(
                "operational_zones",
                "The Turkish Black Sea Fleet, Extended Operational Movement; Weather Effects on Operations",
                operational_zones(speed, turn, weather),
            ),
            CalculatorAction::FuelUse { zones_moved } => match fuel_points_for_turn(zones_moved) {
                Some(points) => number("fuel_points", "The Turkish Black Sea Fleet, Fuel Use", points),
                None => ToolResponse::error(ErrorCode::BadInput, "no ship moves more than three sea zones a turn"),
            },
            CalculatorAction::AdriftVp { ship_vp } => number("adrift_vp", "The Turkish Black Sea Fleet, Adrift at Sea", adrift_vp(ship_vp)),
            CalculatorAction::CrippledVp { ship_vp } => number("crippled_vp", "The Turkish Black Sea Fleet, Cripples", crippled_vp(ship_vp)),
            CalculatorAction::HullDamageVp { hull_boxes, .. } if hull_boxes > HULL_BOXES_MAX => {
                ToolResponse::error(ErrorCode::BadInput, format!("at most {HULL_BOXES_MAX} hull boxes at a time"))
            }
            CalculatorAction::HullDamageVp { class, hull_boxes } => {
                number("hull_damage_vp", "The Turkish Black Sea Fleet, Victory Points (VPs)", hull_damage_vp(class, hull_boxes))
            }
            CalculatorAction::MinefieldDensity { fields } => match procedures::minefield_density(fields) {
                Some(words) => ToolResponse::Calculator(CalculatorAnswer::Wording {
                    calculator: "minefield_density",
                    source: "Great War at Sea advanced rules, Advanced Strategic Rules 7 (Minefields)",
                    text: words.to_string(),
                }),
                None => ToolResponse::error(ErrorCode::BadInput, "no minefield, nothing to announce: enter 1 field or more"),
            },
        }
    }

    fn acting_player(&self) -> Option<Player> {
        // A calculator is public to both players.
        None
    }
}

fn number(calculator: &'static str, source: &'static str, value: u32) -> ToolResponse {
    ToolResponse::Calculator(CalculatorAnswer::Number {
        calculator,
        source,
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combined_fire_matches_the_worked_examples_of_004_tactical_11() {
        assert_eq!(combined_fire_strength(&[4, 5, 5]), 9);
        assert_eq!(combined_fire_strength(&[3, 6, 7, 7]), 13);
        assert_eq!(combined_fire_strength(&[4, 4, 5, 6]), 11);
        assert_eq!(
            combined_fire_strength(&[1, 9]),
            5,
            "combining may give less than the strongest alone"
        );
        assert_eq!(combined_fire_strength(&[9, 1]), 5, "order does not matter");
    }

    #[test]
    fn combined_fire_edge_cases_004_tactical_11() {
        assert_eq!(combined_fire_strength(&[]), 0);
        assert_eq!(combined_fire_strength(&[7]), 7, "one ship fires alone");
        assert_eq!(
            combined_fire_strength(&[1, 1]),
            2,
            "the halved part is never below 1"
        );
        assert_eq!(
            combined_fire_strength(&[0, 6]),
            6,
            "a ship without such guns takes no part"
        );
    }

    #[test]
    fn contact_modifier_counts_fours_of_both_sides_004_strategic_6() {
        assert_eq!(
            contact_modifier(5, 6),
            2,
            "the worked example: 11 ships add 2"
        );
        assert_eq!(contact_modifier(1, 2), 0);
        assert_eq!(contact_modifier(4, 0), 1);
        let r = contact_roll(1, 10, 10);
        assert_eq!(
            (r.modified, r.never_contact),
            (6, true),
            "a natural 1 is never contact"
        );
        assert!(!contact_roll(2, 0, 3).never_contact);
    }

    #[test]
    fn extended_movement_by_speed_and_turn_003() {
        use SpeedClass::*;
        let fair = |s, t| operational_zones(s, t, Weather::Fair);
        assert_eq!((fair(TwoPlus, 1), fair(TwoPlus, 2)), (3, 3));
        assert_eq!((fair(Two, 1), fair(Two, 2)), (2, 3));
        assert_eq!((fair(One, 1), fair(One, 2)), (2, 2));
        assert_eq!((fair(OneSlow, 3), fair(OneSlow, 4)), (1, 2));
        assert_eq!((fair(Slowest, 1), fair(Slowest, 2)), (1, 1));
        assert_eq!(
            operational_zones(TwoPlus, 1, Weather::Storm),
            2,
            "storms cap at 2"
        );
        assert_eq!(
            operational_zones(Two, 2, Weather::Gale),
            1,
            "gales cap at 1"
        );
        assert_eq!(operational_zones(Two, 2, Weather::Squall), 3);
    }

    #[test]
    fn fuel_by_zones_moved_003() {
        assert_eq!(
            [0, 1, 2, 3].map(fuel_points_for_turn),
            [Some(0), Some(1), Some(6), Some(12)]
        );
        assert_eq!(fuel_points_for_turn(4), None);
        // Two turns at three zones fill one 24-point box exactly.
        assert_eq!(fuel_boxes(12 + 12), (1, 0));
        assert_eq!(fuel_boxes(25), (1, 1));
        assert_eq!(fuel_boxes_seed_004(17), 1);
        assert_eq!(fuel_boxes_seed_004(18), 2);
    }

    #[test]
    fn half_vp_rounds_up_for_adrift_and_crippled_ships_003() {
        assert_eq!(adrift_vp(7), 4);
        assert_eq!(adrift_vp(8), 4);
        assert_eq!(crippled_vp(1), 1);
        assert_eq!(crippled_vp(0), 0);
        assert_eq!(hull_damage_vp(HullClass::Capital, 3), 6);
        assert_eq!(hull_damage_vp(HullClass::Other, 3), 3);
        assert_eq!(air_and_submarine_vp(2, 1, 1), 11);
    }

    #[test]
    fn always_possible_matches_the_worked_example_003() {
        assert_eq!(
            always_possible_dice(5, 6),
            Some(2),
            "the torpedo example: best roll 5, need 6"
        );
        assert_eq!(always_possible_dice(6, 6), None);
        assert_eq!(always_possible_dice(3, 6), Some(4));
    }
}
