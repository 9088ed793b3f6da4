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
        .map(|u| match values(pack, u.counter) {
            Some(v) => (
                if v.nation == Nation::Britain { 0 } else { 1 },
                size_rank(v.ship_type),
                u.counter,
            ),
            None => (2, 9, u.counter),
        })
        .collect();
    order.sort();
    order.into_iter().map(|(_, _, id)| id).collect()
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
    let tiers: Vec<Vec<ShipType>> = match values(ctx.pack, firer) {
        Some(v) => ctx.pack.charts.targeting(v.ship_type).to_vec(),
        None => Vec::new(),
    };
    let candidates: Vec<&(String, ShipType)> = tiers
        .iter()
        .map(|tier| {
            targets
                .iter()
                .filter(|(_, t)| tier.contains(t))
                .collect::<Vec<_>>()
        })
        .find(|c| !c.is_empty())
        .unwrap_or_else(|| targets.iter().collect());
    if candidates.len() == 1 {
        return Some(candidates[0].0.clone());
    }
    let n = candidates.len() as u8;
    let name = ctx.pack.counter_spec(firer).name.clone();
    let face = ctx.roll_die_for(
        n,
        || format!("{name} picks its target among {n} equals (1d{n})"),
        "14.11",
    );
    Some(candidates[(face - 1) as usize].0.clone())
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
