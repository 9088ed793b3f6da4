//! 14.11 Firing Allied warships: the firing order (largest first, British before French) and each ship's
//! target from the Targeting Priority Chart, a die deciding among equals. Coastal defenses (16.0) have
//! no row on the chart: they pick among the German ships by die roll (docs/AMBIGUITIES.md).

use crate::engine::ctx::Ctx;
use crate::ground::pack::{CounterKind, Nation, RulesPack, ShipType, ShipValues};
use crate::ground::state::{AlliedUnit, CounterId};

/// The printed values of an Allied warship or convoy counter, if it is one.
pub fn values(pack: &RulesPack, id: CounterId) -> Option<ShipValues> {
    match pack.counter_spec(id).kind {
        CounterKind::Incident { ship, .. } => ship,
        CounterKind::AustroHungarian { ship } => Some(ship),
        _ => None,
    }
}

/// A coastal defense unit's printed firepower, if it is one.
pub fn coastal_firepower(pack: &RulesPack, id: CounterId) -> Option<u8> {
    match pack.counter_spec(id).kind {
        CounterKind::CoastalDefense { firepower } => Some(firepower),
        _ => None,
    }
}

/// 14.11 firing order: BB, BC, B, CA, CP, CL, DD, Troop Convoy, largest first (the errata groups the
/// convoy with CL and DD for its targets, not for its turn to fire).
fn size_rank(t: ShipType) -> u8 {
    match t {
        ShipType::BB => 0,
        ShipType::BC => 1,
        ShipType::B => 2,
        ShipType::CA => 3,
        ShipType::CP => 4,
        ShipType::CL => 5,
        ShipType::DD => 6,
        ShipType::TroopConvoy => 7,
    }
}

/// 14.11: all British ships fire before all French ones; within a nation, largest first; counters of
/// one size fire in counter order. Coastal defenses fire last (they are alone in a bombardment).
pub fn firing_order(pack: &RulesPack, units: &[AlliedUnit]) -> Vec<CounterId> {
    let mut order: Vec<(u8, u8, CounterId)> = units
        .iter()
        .filter(|u| u.in_battle)
        .map(|u| firing_rank(pack, u))
        .collect();
    order.sort();
    order.into_iter().map(|(_, _, id)| id).collect()
}

/// The first unit of [`firing_order`], found without sorting them all (the forecast's target, 14.11).
pub fn first_in_firing_order(pack: &RulesPack, units: &[AlliedUnit]) -> Option<CounterId> {
    units
        .iter()
        .filter(|u| u.in_battle)
        .map(|u| firing_rank(pack, u))
        .min()
        .map(|(_, _, id)| id)
}

/// A unit's place in the firing order: nation (British first), size, counter; coastal defenses last.
fn firing_rank(pack: &RulesPack, u: &AlliedUnit) -> (u8, u8, CounterId) {
    match values(pack, u.counter) {
        Some(v) => (
            if v.nation == Nation::Britain { 0 } else { 1 },
            size_rank(v.ship_type),
            u.counter,
        ),
        None => (2, 9, u.counter),
    }
}

/// 14.11: the German ships `firer` may shoot at, best tier first; the chart's first tier holding any of
/// `targets` wins, and a die picks among several there. A firer whose row names none of them (or a
/// coastal defense) picks among all of them.
pub fn choose_target(
    ctx: &mut Ctx,
    firer: CounterId,
    targets: &[(String, ShipType)],
) -> Option<String> {
    if targets.is_empty() {
        return None;
    }
    // Read from the pack, not copied: the forecast picks targets thousands of times a battle card.
    let pack = ctx.pack;
    let tiers: &[Vec<ShipType>] = match values(pack, firer) {
        Some(v) => pack.charts.targeting(v.ship_type),
        None => &[],
    };
    let tier = tiers
        .iter()
        .find(|tier| targets.iter().any(|(_, t)| tier.contains(t)));
    let candidate = |(_, t): &&(String, ShipType)| tier.is_none_or(|tier| tier.contains(t));
    let n = targets.iter().filter(candidate).count() as u8;
    let pick = if n == 1 {
        0
    } else {
        let face = ctx.roll_die_for(
            n,
            || {
                let name = &pack.counter_spec(firer).name;
                format!("{name} picks its target among {n} equals (1d{n})")
            },
            "14.11",
        );
        (face - 1) as usize
    };
    targets
        .iter()
        .filter(candidate)
        .nth(pick)
        .map(|(id, _)| id.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::pack::ShipType;

    fn unit(pack: &RulesPack, id: &str) -> AlliedUnit {
        AlliedUnit {
            counter: CounterId(pack.counter_index(id).unwrap() as u16),
            damage: 0,
            gunnery_damage: 0,
            engine_damage: 0,
            in_battle: true,
        }
    }

    #[test]
    fn rule_14_11_british_fire_before_french_and_larger_before_smaller() {
        let pack = RulesPack::standard();
        let units = [
            unit(&pack, "fr_ca_1"),
            unit(&pack, "gb_dd_1"),
            unit(&pack, "gb_bc_inflexible"),
            unit(&pack, "fr_dd_1"),
            unit(&pack, "gb_ca_defence"),
        ];
        let order: Vec<String> = firing_order(&pack, &units)
            .iter()
            .map(|c| pack.counter_spec(*c).id.clone())
            .collect();
        assert_eq!(
            order,
            [
                "gb_bc_inflexible",
                "gb_ca_defence",
                "gb_dd_1",
                "fr_ca_1",
                "fr_dd_1"
            ]
        );
    }

    /// 14.11: the forecast's target, the first to fire, is found without the whole order — the same unit,
    /// whichever units are still in the battle.
    #[test]
    fn rule_14_11_the_first_in_firing_order_is_the_order_s_first() {
        let pack = RulesPack::standard();
        let mut units = vec![
            unit(&pack, "fr_ca_1"),
            unit(&pack, "gb_dd_1"),
            unit(&pack, "gb_bc_inflexible"),
            unit(&pack, "fr_dd_1"),
            unit(&pack, "gb_ca_defence"),
        ];
        for out in 0..=units.len() {
            assert_eq!(
                first_in_firing_order(&pack, &units),
                firing_order(&pack, &units).first().copied(),
                "{out} units out of the battle"
            );
            if let Some(u) = units.iter_mut().find(|u| u.in_battle) {
                u.in_battle = false;
            }
        }
        assert_eq!(first_in_firing_order(&pack, &units), None);
    }

    fn game(pack: &RulesPack) -> crate::ground::state::Game {
        crate::rules::setup::new_game(pack, 3, crate::ground::state::GameOptions::default())
            .expect("a game")
            .0
    }

    #[test]
    fn rule_14_11_the_first_tier_holding_a_target_wins_and_a_die_picks_among_equals() {
        let pack = RulesPack::standard();
        let mut g = game(&pack);
        let mut ctx = Ctx::new(&pack, &mut g);
        let bc = CounterId(pack.counter_index("gb_bc_inflexible").unwrap() as u16);
        let ca = CounterId(pack.counter_index("gb_ca_defence").unwrap() as u16);
        let pair = [
            ("goeben".to_string(), ShipType::BC),
            ("breslau".to_string(), ShipType::CL),
        ];
        // BC row: BC/B first — Goeben, no die.
        assert_eq!(
            choose_target(&mut ctx, bc, &pair).as_deref(),
            Some("goeben")
        );
        // CA row: CA/CL/CP first — Breslau.
        assert_eq!(
            choose_target(&mut ctx, ca, &pair).as_deref(),
            Some("breslau")
        );
        assert!(ctx.events.is_empty(), "one candidate: no die");
        // Two battlecruisers in the first tier: a d2 decides (scripted 2 → the second).
        let twins = [
            ("goeben".to_string(), ShipType::BC),
            ("moltke".to_string(), ShipType::BC),
        ];
        ctx.game.dice.script([2]);
        assert_eq!(
            choose_target(&mut ctx, bc, &twins).as_deref(),
            Some("moltke")
        );
        assert_eq!(ctx.events.len(), 1, "the die is shown");
        // A coastal defense has no row: a die among all the German ships.
        let fort = CounterId(pack.counter_index("coastal_1").unwrap() as u16);
        ctx.game.dice.script([1]);
        assert_eq!(
            choose_target(&mut ctx, fort, &pair).as_deref(),
            Some("goeben")
        );
    }

    #[test]
    fn rule_14_11_a_ship_out_of_the_battle_does_not_fire() {
        let pack = RulesPack::standard();
        let mut gone = unit(&pack, "gb_dd_1");
        gone.in_battle = false;
        assert_eq!(
            firing_order(&pack, &[gone, unit(&pack, "gb_dd_2")]).len(),
            1
        );
    }
}
