//! Firing solutions: how many dice one fire rolls and which faces hit — the German solution (14.5, 14.6,
//! 14.9 maximum fire), the Allied one (14.11, 14.6 Allied torpedoes), coastal defenses (16.0), night
//! (22.0) and the Morale Check (Incident Chart).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::pack::ShipValues;
use crate::ground::state::{AlliedUnit, GermanShip};

/// Crew & Gear items the combat rules read (ids of `charts.crew_and_gear`).
/// The Crew & Gear items' ids live with the pack (8.0); re-exported for the combat rules.
pub use crate::ground::pack::gear;

/// 14.5: +1 die with Reserve Crew Gunners aboard.
const RESERVE_CREW_DICE: i32 = 1;
/// 14.5: +2 dice with a Targeting Calculator aboard.
const TARGETING_CALCULATOR_DICE: i32 = 2;

/// What fires in a salvo step (14.2): a gun type or torpedoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    Primary,
    Secondary,
    Tertiary,
    Torpedo,
}

impl Weapon {
    pub const GUNS: [Weapon; 3] = [Weapon::Primary, Weapon::Secondary, Weapon::Tertiary];

    /// Faces of a d6 that hit: a 6 for gunnery (14.5), 5–6 for torpedoes (14.6).
    pub fn hitting_faces(self) -> u8 {
        match self {
            Weapon::Torpedo => 2,
            _ => 1,
        }
    }

    /// What hits, in a player's words ("hit on 6", never "6 hits", which reads as a count).
    pub fn hit_on(self) -> &'static str {
        match self {
            Weapon::Torpedo => "hit on 5–6",
            _ => "hit on 6",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Weapon::Primary => "primary guns",
            Weapon::Secondary => "secondary guns",
            Weapon::Tertiary => "tertiary guns",
            Weapon::Torpedo => "torpedoes",
        }
    }

    pub fn is_gun(self) -> bool {
        self != Weapon::Torpedo
    }
}

/// The hits among rolled faces.
pub fn count_hits(faces: &[u8], weapon: Weapon) -> u32 {
    let from = 7 - weapon.hitting_faces();
    faces.iter().filter(|f| **f >= from).count() as u32
}

/// The conditions of one German fire besides the ship and its target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GermanFire {
    /// 14.9: two ammunition points paid this battle double the firepower rating.
    pub maximum_fire: bool,
    /// 22.0: night halves the firepower rating (round up) unless the ship has searchlights.
    pub night: bool,
    /// Incident Chart, Morale Check: one die more or less for each gun type and torpedoes.
    pub morale_dice: i8,
}

/// 14.5 German firing solution: the firepower of the gun type (14.9 doubled, 22.0 halved) + current
/// leadership + 1 with a Reserve Crew + 2 with a Targeting Calculator − the target's printed armor; the
/// Morale Check adds or removes one die. A torpedo attack (14.6) is resolved the same way with a
/// firepower of one per torpedo launched (docs/AMBIGUITIES.md). A gun type with no firepower left does not fire.
pub fn german_dice(ship: &GermanShip, weapon: Weapon, target_armor: u8, fire: GermanFire) -> u32 {
    let firepower = match weapon {
        Weapon::Primary => ship.tracks.primary,
        Weapon::Secondary => ship.tracks.secondary,
        Weapon::Tertiary => ship.tracks.tertiary,
        Weapon::Torpedo => 1,
    } as i32;
    if firepower == 0 {
        return 0;
    }
    let has = |item: &str| ship.cargo.iter().any(|c| c == item);
    let mut rating = firepower;
    if weapon.is_gun() {
        if fire.maximum_fire {
            rating *= 2;
        }
        if fire.night && !has(gear::SEARCHLIGHTS) {
            rating = halve_up(rating);
        }
    }
    let mut dice =
        rating + ship.tracks.leadership as i32 - target_armor as i32 + fire.morale_dice as i32;
    if has(gear::RESERVE_CREW) {
        dice += RESERVE_CREW_DICE;
    }
    if has(gear::TARGETING_CALCULATOR) {
        dice += TARGETING_CALCULATOR_DICE;
    }
    dice.max(0) as u32
}

/// 14.11 Allied firing solution: the firepower printed for the weapon, one die less per gunnery damage
/// result for guns (14.13), halved at night for guns (22.0). Allied torpedoes are never spent (14.6).
pub fn allied_dice(values: &ShipValues, unit: &AlliedUnit, weapon: Weapon, night: bool) -> u32 {
    let printed = match weapon {
        Weapon::Primary => values.primary,
        Weapon::Secondary => values.secondary,
        Weapon::Tertiary => values.tertiary,
        Weapon::Torpedo => values.torpedo,
    } as i32;
    if weapon == Weapon::Torpedo {
        return printed.max(0) as u32;
    }
    let rating = (printed - unit.gunnery_damage as i32).max(0);
    (if night { halve_up(rating) } else { rating }) as u32
}

/// 16.0: a coastal defense unit fires its printed firepower as primary guns, and nothing else.
pub fn coastal_dice(firepower: u8, weapon: Weapon) -> u32 {
    if weapon == Weapon::Primary {
        firepower as u32
    } else {
        0
    }
}

/// 22.0: halve, rounding fractions up.
fn halve_up(n: i32) -> i32 {
    (n + 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::pack::{RulesPack, ShipType};
    use crate::ground::state::{CounterId, ShipStatus, SpaceRef};

    fn goeben() -> GermanShip {
        let pack = RulesPack::standard();
        let spec = pack.german_ship("goeben").unwrap();
        GermanShip {
            id: spec.id.clone(),
            name: spec.name.clone(),
            ship_type: ShipType::BC,
            status: ShipStatus::Active,
            position: SpaceRef::place("messina"),
            tracks: spec.start,
            start: spec.start,
            cargo: Vec::new(),
            austro_hungarian: false,
        }
    }

    #[test]
    fn rule_14_5_german_solution_is_firepower_plus_leadership_minus_armor() {
        let g = goeben();
        // Goeben: primary 5, leadership 4; against armor 3.
        assert_eq!(
            german_dice(&g, Weapon::Primary, 3, GermanFire::default()),
            5 + 4 - 3
        );
        assert_eq!(
            german_dice(&g, Weapon::Tertiary, 0, GermanFire::default()),
            2 + 4
        );
    }

    #[test]
    fn rule_14_5_reserve_crew_adds_one_and_the_targeting_calculator_two() {
        let mut g = goeben();
        g.cargo = vec![gear::RESERVE_CREW.into(), gear::TARGETING_CALCULATOR.into()];
        assert_eq!(
            german_dice(&g, Weapon::Secondary, 1, GermanFire::default()),
            3 + 4 + 1 + 2 - 1
        );
    }

    #[test]
    fn rule_14_9_maximum_fire_doubles_the_firepower_rating_only() {
        let g = goeben();
        let max = GermanFire {
            maximum_fire: true,
            ..Default::default()
        };
        assert_eq!(german_dice(&g, Weapon::Primary, 2, max), 10 + 4 - 2);
        assert_eq!(
            german_dice(&g, Weapon::Torpedo, 2, max),
            1 + 4 - 2,
            "torpedoes are not guns"
        );
    }

    #[test]
    fn rule_22_0_night_halves_firepower_rounding_up_except_torpedoes_and_searchlights() {
        let mut g = goeben();
        let night = GermanFire {
            night: true,
            ..Default::default()
        };
        assert_eq!(
            german_dice(&g, Weapon::Primary, 0, night),
            3 + 4,
            "5 halved rounds up to 3"
        );
        assert_eq!(german_dice(&g, Weapon::Torpedo, 0, night), 1 + 4);
        g.cargo.push(gear::SEARCHLIGHTS.into());
        assert_eq!(german_dice(&g, Weapon::Primary, 0, night), 5 + 4);
    }

    #[test]
    fn morale_check_adds_or_removes_one_die_and_a_silent_gun_type_does_not_fire() {
        let mut g = goeben();
        let up = GermanFire {
            morale_dice: 1,
            ..Default::default()
        };
        let down = GermanFire {
            morale_dice: -1,
            ..Default::default()
        };
        assert_eq!(german_dice(&g, Weapon::Primary, 0, up), 10);
        assert_eq!(german_dice(&g, Weapon::Primary, 0, down), 8);
        g.tracks.primary = 0;
        assert_eq!(
            german_dice(&g, Weapon::Primary, 0, up),
            0,
            "no primary guns left: no primary fire"
        );
        assert_eq!(
            german_dice(&g, Weapon::Secondary, 12, GermanFire::default()),
            0,
            "never below zero"
        );
    }

    #[test]
    fn rule_14_11_allied_dice_are_the_printed_firepower_less_gunnery_damage() {
        let pack = RulesPack::standard();
        let id = pack.counter_index("gb_bc_inflexible").unwrap();
        let crate::ground::pack::CounterKind::Incident { ship: Some(v), .. } =
            pack.counter_spec(CounterId(id as u16)).kind
        else {
            panic!()
        };
        let mut unit = AlliedUnit {
            counter: CounterId(id as u16),
            damage: 0,
            gunnery_damage: 0,
            engine_damage: 0,
            in_battle: true,
        };
        assert_eq!(
            allied_dice(&v, &unit, Weapon::Primary, false),
            v.primary as u32
        );
        assert_eq!(
            allied_dice(&v, &unit, Weapon::Torpedo, false),
            v.torpedo as u32
        );
        unit.gunnery_damage = 1;
        assert_eq!(
            allied_dice(&v, &unit, Weapon::Primary, false),
            v.primary as u32 - 1
        );
        assert_eq!(
            allied_dice(&v, &unit, Weapon::Torpedo, true),
            v.torpedo as u32,
            "torpedoes: no gunnery damage, no night"
        );
        assert_eq!(
            allied_dice(&v, &unit, Weapon::Secondary, true),
            (v.secondary as u32 - 1).div_ceil(2)
        );
    }

    #[test]
    fn rule_14_5_a_six_hits_and_rule_14_6_a_five_or_six_hits_with_torpedoes() {
        assert_eq!(count_hits(&[1, 5, 6, 6], Weapon::Secondary), 2);
        assert_eq!(count_hits(&[1, 5, 6, 4], Weapon::Torpedo), 2);
        assert_eq!(coastal_dice(3, Weapon::Primary), 3);
        assert_eq!(coastal_dice(3, Weapon::Secondary), 0);
    }
}
