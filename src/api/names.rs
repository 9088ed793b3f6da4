//! The words and limits of the closed sets the UI shows beside the view: the sea zones (2.1), the speeds
//! with what they cost (12.1–12.3), the weapons (14.2), a ship display's tracks (2.1), and the longest
//! texts a request may carry. The view words everything that happens; these are the few words and limits a
//! control needs before anything happened (the move picker's speeds, a label field's length). They are
//! generated into `ui/src/generated/names.ts` by `tests/typescript_bindings.rs`, so the UI never copies
//! them and a change here reaches the screen through the drift check.

use crate::ground::pack::SeaZone;
use crate::ground::tracks::{Speed, Track};
use crate::rules::combat::firing::Weapon;

pub use crate::ground::state::{zone_name, SPACE_LABEL_MAX_CHARS};

/// The longest name of a save slot, in characters (a slot's name is the player's own words).
pub const SAVE_NAME_MAX_CHARS: usize = 40;

/// 12.1–12.3: a speed as the move picker offers it, with what it costs beyond the move itself.
pub fn speed_choice(speed: Speed) -> &'static str {
    match speed {
        Speed::Stay => "stays",
        Speed::Cruise => "cruise",
        Speed::Maximum => "maximum (1 coal)",
        Speed::Emergency => "emergency (1 coal, engine check)",
    }
}

/// 14.2: what fires, as a fire card's line names it.
pub fn weapon_name(weapon: Weapon) -> &'static str {
    weapon.name()
}

/// 2.1: a ship display's track, as the repair control names it.
pub fn track_name(track: Track) -> &'static str {
    crate::ground::event::track_name(track)
}

/// Every speed, in the order the rules give them (12.1–12.3).
pub const SPEEDS: [Speed; 4] = [Speed::Stay, Speed::Cruise, Speed::Maximum, Speed::Emergency];

/// Every weapon, in firing order (14.2).
pub const WEAPONS: [Weapon; 4] = [
    Weapon::Primary,
    Weapon::Secondary,
    Weapon::Tertiary,
    Weapon::Torpedo,
];

/// Every sea zone of the map (2.1).
pub fn sea_zones() -> &'static [SeaZone] {
    SeaZone::ALL
}

/// Every track of a ship display (2.1).
pub fn tracks() -> &'static [Track] {
    Track::ALL
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_speed_says_its_cost_12_2_12_3() {
        assert!(!speed_choice(Speed::Cruise).contains("coal"));
        assert!(speed_choice(Speed::Maximum).contains("1 coal"));
        assert!(speed_choice(Speed::Emergency).contains("engine check"));
    }

    #[test]
    fn every_name_is_a_players_word_not_an_id() {
        for zone in sea_zones() {
            assert!(!zone_name(*zone).contains('_'));
        }
        for track in tracks() {
            assert!(!track_name(*track).contains('_'));
        }
        for weapon in WEAPONS {
            assert!(!weapon_name(weapon).contains('_'));
        }
    }
}
