//! 14.2 Combat subroutine: after contact, each round fires primary, secondary and tertiary guns and then
//! torpedoes, the First Salvo side before the Second Salvo side at every step, damage at once. The player
//! names each German ship's target for the round (14.5), its maximum fire (14.9) and its torpedo launches
//! (14.10); the referee fires the Allied ships by the Targeting Priority Chart (14.11). A round ends after
//! the torpedo steps; the next opens with a new contact procedure (docs/AMBIGUITIES.md, "14.2 rounds").

use crate::engine::ctx::Ctx;
use crate::ground::action::Track;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::event::FireRoll;
use crate::ground::state::{
    BattleStage, BattleState, CounterId, FireOrder, Game, Pending, SalvoSide, SpaceRef,
};
pub use crate::rules::combat::battle::{battle, battle_mut, german_fighting, german_ships};
use crate::rules::combat::effects::{self, Hits};
use crate::rules::combat::firing::{self, count_hits, GermanFire, Weapon};
use crate::rules::combat::targeting;

/// The Allied units still fighting.
pub fn allied_fighting(b: &BattleState) -> impl Iterator<Item = CounterId> + '_ {
    b.allied.iter().filter(|u| u.in_battle).map(|u| u.counter)
}

const NORMAL: [&[Weapon]; 4] = [
    &[Weapon::Primary],
    &[Weapon::Secondary],
    &[Weapon::Tertiary],
    &[Weapon::Torpedo],
];
const SECONDARY_RANGE: [&[Weapon]; 3] = [
    &[Weapon::Primary, Weapon::Secondary],
    &[Weapon::Tertiary],
    &[Weapon::Torpedo],
];
const TERTIARY_RANGE: [&[Weapon]; 2] = [
    &[Weapon::Primary, Weapon::Secondary, Weapon::Tertiary],
    &[Weapon::Torpedo],
];

/// 14.2 steps 2–9 as (what fires, whether the Germans fire): the First Salvo side, then the Second, at
/// each step. Limited Visibility opens the first round at secondary (1–2) or tertiary (3–4) range, where
/// the longer-ranged guns fire together with those of that range.
pub fn steps(b: &BattleState) -> Vec<(&'static [Weapon], bool)> {
    (0..).map_while(|index| step(b, index)).collect()
}

/// The salvo step at `index` of [`steps`], or None past the round's last, without listing them all (the
/// salvos ask it at every step of every simulated battle of the forecast).
pub fn step(b: &BattleState, index: usize) -> Option<(&'static [Weapon], bool)> {
    let ranges: &[&'static [Weapon]] = match (b.round, b.visibility) {
        (1, Some(1 | 2)) => &SECONDARY_RANGE,
        (1, Some(3 | 4)) => &TERTIARY_RANGE,
        _ => &NORMAL,
    };
    let german_first = b.first_salvo == Some(SalvoSide::German);
    let weapons = *ranges.get(index / 2)?;
    Some((weapons, index.is_multiple_of(2) == german_first))
}

/// 14.5: may this ship fire its guns this battle (guns left, and ammunition paid or payable, 14.8)?
fn can_fire_guns(game: &Game, b: &BattleState, ship: &str) -> bool {
    let Some(s) = game.ship(ship) else {
        return false;
    };
    let guns = s.tracks.primary + s.tracks.secondary + s.tracks.tertiary > 0;
    // 20.0: Austro-Hungarian ships spend no ammunition.
    guns && (s.austro_hungarian || paid(b, ship).is_some() || s.tracks.ammunition > 0)
}

fn paid(b: &BattleState, ship: &str) -> Option<bool> {
    b.ammunition_paid
        .iter()
        .find(|(s, _)| s == ship)
        .map(|(_, max)| *max)
}

/// Units a torpedo may be aimed at: Allied ships, never coastal defenses (16.0).
pub fn torpedo_targets(pack: &crate::RulesPack, b: &BattleState) -> Vec<CounterId> {
    aimable(pack, b).collect()
}

/// The same units, in the battle's order, without collecting them (the forecast asks at every launch).
pub fn aimable<'b>(
    pack: &'b crate::RulesPack,
    b: &'b BattleState,
) -> impl Iterator<Item = CounterId> + 'b {
    allied_fighting(b).filter(|c| targeting::coastal_firepower(pack, *c).is_none())
}

/// After contact without break-off: the round's fire orders are asked for, then the salvos run.
pub fn begin_round(ctx: &mut Ctx, space: &SpaceRef) {
    let Some(b) = battle_mut(ctx.game, space) else {
        return;
    };
    b.fought = true;
    b.stage = BattleStage::Targets;
    b.step = 0;
    b.german_targets.clear();
    b.allied_targets.clear();
    b.torpedoes_decided.clear();
    let b = battle(ctx.game, space).expect("just set");
    // 20.0: with both nationalities fighting, the player first chooses which fires first (once a battle).
    let nations = german_ships(ctx.game, b)
        .iter()
        .filter_map(|s| ctx.game.ship(s))
        .map(|s| s.austro_hungarian)
        .collect::<std::collections::BTreeSet<_>>();
    if nations.len() == 2 && b.austro_hungarian_first.is_none() {
        ctx.game.pending.push(Pending::NationalityFirst {
            space: space.clone(),
        });
        return;
    }
    ask_fire_orders(ctx, space);
}

/// 20.0: the answer to `NationalityFirst` — yes, the German ships fire first; no, the Austro-Hungarian
/// ones — for the whole battle; then the round's fire orders are asked for.
pub fn nationality_first(ctx: &mut Ctx, german_first: bool) -> Result<(), RuleError> {
    let Some(Pending::NationalityFirst { space }) = ctx.game.pending.first().cloned() else {
        return Err(not_now(
            "no choice of which nationality fires first is asked now",
        ));
    };
    ctx.game.pending.remove(0);
    battle_mut(ctx.game, &space)
        .expect("a pending choice has its battle")
        .austro_hungarian_first = Some(!german_first);
    let first = if german_first {
        "German"
    } else {
        "Austro-Hungarian"
    };
    ctx.note(
        format!("In this battle the {first} ships fire first at every step (20.0)."),
        "20.0",
    );
    ask_fire_orders(ctx, &space);
    Ok(())
}

/// 20.0: whether `ship` is of the nationality that fires second (a stable sort by it keeps each
/// nationality's own order).
fn fires_second(game: &Game, b: &BattleState, ship: &str) -> bool {
    let austro_hungarian_first = b.austro_hungarian_first.unwrap_or(false);
    game.ship(ship).is_some_and(|x| x.austro_hungarian) != austro_hungarian_first
}

/// 14.5: each German ship that can fire names its target for the round (or the salvos run at once).
fn ask_fire_orders(ctx: &mut Ctx, space: &SpaceRef) {
    let b = battle(ctx.game, space).expect("fighting");
    let askers: Vec<String> = german_ships(ctx.game, b)
        .into_iter()
        .filter(|s| can_fire_guns(ctx.game, b, s))
        .collect();
    if askers.is_empty() || allied_fighting(b).next().is_none() {
        set_stage(ctx.game, space, BattleStage::Salvos);
        run(ctx, space);
        return;
    }
    for ship in askers {
        ctx.game.pending.push(Pending::FireOrders {
            space: space.clone(),
            ship,
        });
    }
}

fn set_stage(game: &mut Game, space: &SpaceRef, stage: BattleStage) {
    if let Some(b) = battle_mut(game, space) {
        b.stage = stage;
    }
}

/// 14.5, 14.9: the player names `ship`'s target for this round (None holds fire) and whether it fires at
/// maximum (two ammunition points for the whole battle instead of one).
pub fn fire_orders(
    ctx: &mut Ctx,
    ship: &str,
    target: Option<&str>,
    maximum_fire: bool,
) -> Result<(), RuleError> {
    let space = match ctx.game.pending.first() {
        Some(Pending::FireOrders { space, ship: s }) if s == ship => space.clone(),
        _ => return Err(not_now(format!("no fire orders are asked of {ship} now"))),
    };
    let b = battle(ctx.game, &space).expect("a pending fire order has its battle");
    let target = match target {
        None if maximum_fire => return Err(illegal("maximum fire needs a target (14.9)")),
        None => None,
        Some(code) => Some(fighting_unit(ctx, b, code)?),
    };
    if maximum_fire && ctx.game.ship(ship).is_some_and(|s| s.austro_hungarian) {
        return Err(illegal("maximum fire is for German crews only (14.9)"));
    }
    if maximum_fire {
        let ammo = ctx
            .game
            .ship(ship)
            .map(|s| s.tracks.ammunition)
            .unwrap_or(0);
        match paid(b, ship) {
            Some(true) => {}
            Some(false) => return Err(illegal("this ship already fires normally this battle: maximum fire is chosen when it first fires (14.9)")),
            None if ammo < 2 => return Err(illegal(format!("maximum fire costs two ammunition points; {ship} has {ammo} (14.9)"))),
            None => {}
        }
    }
    let b = battle_mut(ctx.game, &space).expect("checked");
    b.german_targets.push(FireOrder {
        ship: ship.to_string(),
        target,
        maximum_fire,
    });
    ctx.game.pending.remove(0);
    let more = ctx
        .game
        .pending
        .iter()
        .any(|p| matches!(p, Pending::FireOrders { space: s, .. } if s == &space));
    if !more {
        set_stage(ctx.game, &space, BattleStage::Salvos);
        run(ctx, &space);
    }
    Ok(())
}

/// 14.10: `ship` launches `count` torpedoes at `target` (one attack each), or none.
pub fn launch_torpedoes(
    ctx: &mut Ctx,
    ship: &str,
    target: Option<&str>,
    count: u8,
) -> Result<(), RuleError> {
    let space = match ctx.game.pending.first() {
        Some(Pending::Torpedoes { space, ship: s }) if s == ship => space.clone(),
        _ => return Err(not_now(format!("no torpedo launch is asked of {ship} now"))),
    };
    let b = battle(ctx.game, &space).expect("a pending launch has its battle");
    let left = ctx.game.ship(ship).map(|s| s.tracks.torpedoes).unwrap_or(0);
    if count > left {
        return Err(illegal(format!("{ship} has {left} torpedoes (14.10)")));
    }
    let target = match (target, count) {
        (_, 0) => None,
        (None, _) => return Err(illegal("name the target of the torpedoes (14.6)")),
        (Some(code), _) => {
            let id = fighting_unit(ctx, b, code)?;
            if targeting::coastal_firepower(ctx.pack, id).is_some() {
                return Err(illegal(
                    "coastal defenses cannot be targeted with torpedoes (16.0)",
                ));
            }
            Some(id)
        }
    };
    ctx.game.pending.remove(0);
    battle_mut(ctx.game, &space)
        .expect("checked")
        .torpedoes_decided
        .push(ship.to_string());
    if let Some(target) = target {
        torpedo_attacks(ctx, &space, ship, target, count);
    }
    run(ctx, &space);
    Ok(())
}

/// 14.6, 14.10: `count` torpedoes spent and launched at `target`, one attack each, and their hits.
fn torpedo_attacks(ctx: &mut Ctx, space: &SpaceRef, ship: &str, target: CounterId, count: u8) {
    ctx.change_track(
        ship,
        Track::Torpedoes,
        -(count as i32),
        "torpedoes launched",
        "14.10",
    );
    let s = ctx.game.ship(ship).expect("checked").clone();
    let fire = fire_for(ctx, space, &s, false);
    let armor = targeting::values(ctx.pack, target)
        .map(|v| v.armor)
        .unwrap_or(0);
    let dice = firing::german_dice(&s, Weapon::Torpedo, armor, fire);
    let mut hits = Hits::default();
    let target_name = &ctx.pack.counter_spec(target).name;
    for n in 1..=count {
        let fire = || FireRoll {
            german: true,
            space: space.clone(),
            hitting_faces: Weapon::Torpedo.hitting_faces(),
        };
        let faces = ctx.roll_fire(
            dice as usize,
            fire,
            || {
                format!(
                    "{} torpedo {n} of {count} at {target_name}: {}, {}",
                    s.name,
                    crate::ground::words::count(dice, "die", "dice"),
                    Weapon::Torpedo.hit_on()
                )
            },
            "14.6",
        );
        hits.add(Weapon::Torpedo, count_hits(&faces, Weapon::Torpedo));
    }
    effects::hit_allied(ctx, space, target, hits, ship);
}

/// An Allied unit of this battle that is still fighting, by its counter id.
fn fighting_unit(ctx: &Ctx, b: &BattleState, code: &str) -> Result<CounterId, RuleError> {
    // The battle's few units first: the whole counter mix is searched only to word an error.
    if let Some(id) = allied_fighting(b).find(|c| ctx.pack.counter_spec(*c).id == code) {
        return Ok(id);
    }
    let index = ctx
        .pack
        .counter_index(code)
        .ok_or_else(|| RuleError::Unknown {
            what: "counter",
            id: code.to_string(),
        })?;
    Err(illegal(format!(
        "{} is not fighting in this battle",
        ctx.pack.counter_spec(CounterId(index as u16)).name
    )))
}

fn german_fire(ctx: &Ctx, space: &SpaceRef, maximum_fire: bool) -> GermanFire {
    let night = battle(ctx.game, space).is_some_and(|b| b.night);
    GermanFire {
        maximum_fire,
        night,
        morale_dice: ctx.game.turn_state.morale_dice,
    }
}

/// The Morale Check touches German crews, not Austro-Hungarian ones (Incident Chart).
fn fire_for(
    ctx: &Ctx,
    space: &SpaceRef,
    ship: &crate::ground::state::GermanShip,
    maximum_fire: bool,
) -> GermanFire {
    let mut fire = german_fire(ctx, space, maximum_fire && !ship.austro_hungarian);
    if ship.austro_hungarian {
        fire.morale_dice = 0;
    }
    fire
}

/// Fires the salvo steps in order until the player must decide (a torpedo launch) or the round ends.
pub fn run(ctx: &mut Ctx, space: &SpaceRef) {
    loop {
        let Some(b) = battle(ctx.game, space) else {
            return;
        };
        if b.stage != BattleStage::Salvos {
            return;
        }
        let decided =
            allied_fighting(b).next().is_none() || german_fighting(ctx.game, b).next().is_none();
        let next = step(b, b.step as usize);
        let Some((weapons, german)) = next.filter(|_| !decided) else {
            end_round(ctx, space, decided);
            return;
        };
        if german && weapons == [Weapon::Torpedo] {
            if let Some(ship) = next_torpedo_launch(ctx, b) {
                ctx.game.pending.push(Pending::Torpedoes {
                    space: space.clone(),
                    ship,
                });
                return;
            }
        } else if german {
            german_guns(ctx, space, weapons);
        } else {
            allied_fire(ctx, space, weapons);
        }
        if let Some(b) = battle_mut(ctx.game, space) {
            b.step += 1;
        }
    }
}

/// 14.10: the next German ship to decide its torpedo launch this round — the nationality firing first
/// first (20.0), each in the battle's order — while a ship may be aimed at.
fn next_torpedo_launch(ctx: &Ctx, b: &BattleState) -> Option<String> {
    aimable(ctx.pack, b).next()?;
    // `min_by_key` keeps the first of equals: the battle's order within a nationality.
    german_fighting(ctx.game, b)
        .filter(|s| !b.torpedoes_decided.contains(&s.id) && s.tracks.torpedoes > 0)
        .min_by_key(|s| fires_second(ctx.game, b, &s.id))
        .map(|s| s.id.clone())
}

/// One German gun step: each ship with a target still fighting fires the given gun types at it.
fn german_guns(ctx: &mut Ctx, space: &SpaceRef, weapons: &[Weapon]) {
    let b = battle(ctx.game, space).expect("running");
    // 20.0: all ships of one nationality fire before the other's, in the order the player chose.
    let mut orders = b.german_targets.clone();
    orders.sort_by_key(|o| fires_second(ctx.game, b, &o.ship));
    for order in orders {
        let Some(target) = order.target else { continue };
        let b = battle(ctx.game, space).expect("running");
        // 14.5: a ship whose target was sunk may not switch this round.
        if !allied_fighting(b).any(|c| c == target)
            || !german_fighting(ctx.game, b).any(|s| s.id == order.ship)
        {
            continue;
        }
        let ship = ctx.game.ship(&order.ship).expect("fighting");
        let armor = targeting::values(ctx.pack, target)
            .map(|v| v.armor)
            .unwrap_or(0);
        let would_be_maximum =
            paid(b, &ship.id).unwrap_or(order.maximum_fire && ship.tracks.ammunition >= 2);
        let fire = fire_for(ctx, space, ship, would_be_maximum);
        let dice: Vec<(Weapon, u32)> = weapons
            .iter()
            .filter(|w| gun_value(ship, **w) > 0)
            .map(|w| (*w, firing::german_dice(ship, *w, armor, fire)))
            .filter(|(_, n)| *n > 0)
            .collect();
        if dice.is_empty() {
            continue;
        }
        // Only the rolls' words use the ship's name, and a simulation writes none.
        let name = ctx.words(|| ship.name.clone());
        if pay_ammunition(ctx, space, &order.ship, order.maximum_fire).is_none() {
            continue;
        }
        let target_name = &ctx.pack.counter_spec(target).name;
        let mut hits = Hits::default();
        for (w, n) in dice {
            let fire = || FireRoll {
                german: true,
                space: space.clone(),
                hitting_faces: w.hitting_faces(),
            };
            let faces = ctx.roll_fire(
                n as usize,
                fire,
                || {
                    format!(
                        "{name} {} at {target_name}: {}, {}",
                        w.name(),
                        crate::ground::words::count(n, "die", "dice"),
                        w.hit_on()
                    )
                },
                "14.5",
            );
            hits.add(w, count_hits(&faces, w));
        }
        effects::hit_allied(ctx, space, target, hits, &order.ship);
    }
}

fn gun_value(ship: &crate::ground::state::GermanShip, w: Weapon) -> u8 {
    match w {
        Weapon::Primary => ship.tracks.primary,
        Weapon::Secondary => ship.tracks.secondary,
        Weapon::Tertiary => ship.tracks.tertiary,
        Weapon::Torpedo => 0,
    }
}

/// 14.8/14.9: the first time a ship uses its guns in a battle it pays one ammunition point (two for
/// maximum fire); later rounds are paid for. Returns whether it fires at maximum, or None without
/// ammunition.
fn pay_ammunition(
    ctx: &mut Ctx,
    space: &SpaceRef,
    ship: &str,
    wants_maximum: bool,
) -> Option<bool> {
    let b = battle(ctx.game, space)?;
    if let Some(max) = paid(b, ship) {
        return Some(max);
    }
    let s = ctx.game.ship(ship)?;
    if s.austro_hungarian {
        return Some(false);
    }
    let ammo = s.tracks.ammunition;
    let maximum = wants_maximum && ammo >= 2;
    let cost = if maximum { 2 } else { 1 };
    if ammo == 0 {
        let words = ctx.words(|| {
            format!(
                "{} has no ammunition and cannot fire its guns (14.8).",
                s.name
            )
        });
        ctx.note(words, "14.8");
        return None;
    }
    let why = if maximum {
        "maximum fire for this battle"
    } else {
        "guns fire this battle"
    };
    ctx.change_track(
        ship,
        Track::Ammunition,
        -cost,
        why,
        if maximum { "14.9" } else { "14.8" },
    );
    battle_mut(ctx.game, space)?
        .ammunition_paid
        .push((ship.to_string(), maximum));
    Some(maximum)
}

/// One Allied step: each Allied unit still fighting fires the given weapons at its target of the round.
fn allied_fire(ctx: &mut Ctx, space: &SpaceRef, weapons: &[Weapon]) {
    let b = battle(ctx.game, space).expect("running");
    let night = b.night;
    for id in targeting::firing_order(ctx.pack, &b.allied) {
        let b = battle(ctx.game, space).expect("running");
        let Some(unit) = b
            .allied
            .iter()
            .find(|u| u.counter == id && u.in_battle)
            .copied()
        else {
            continue;
        };
        let dice: Vec<(Weapon, u32)> = weapons
            .iter()
            .map(|w| {
                let n = match (
                    targeting::values(ctx.pack, id),
                    targeting::coastal_firepower(ctx.pack, id),
                ) {
                    (Some(v), _) => firing::allied_dice(&v, &unit, *w, night),
                    (None, Some(fp)) => firing::coastal_dice(fp, *w),
                    (None, None) => 0,
                };
                (*w, n)
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        if dice.is_empty() {
            continue;
        }
        let Some(target) = allied_target(ctx, space, id) else {
            continue;
        };
        let pack = ctx.pack;
        let firer = &pack.counter_spec(id).name;
        // Only the rolls' words use the target's name, and a simulation writes none.
        let target_name = ctx.words(|| {
            ctx.game
                .ship(&target)
                .map(|s| s.name.clone())
                .unwrap_or_default()
        });
        let mut hits = Hits::default();
        for (w, n) in dice {
            let fire = || FireRoll {
                german: false,
                space: space.clone(),
                hitting_faces: w.hitting_faces(),
            };
            let faces = ctx.roll_fire(
                n as usize,
                fire,
                || {
                    format!(
                        "{firer}: {} at {target_name}: {}, {}",
                        w.name(),
                        crate::ground::words::count(n, "die", "dice"),
                        w.hit_on()
                    )
                },
                "14.11",
            );
            hits.add(w, count_hits(&faces, w));
        }
        effects::hit_german(ctx, space, &target, hits, firer);
    }
}

/// 14.11: the Allied unit's target this round, chosen the first time it fires; None when it was sunk
/// (no switching until the next round).
fn allied_target(ctx: &mut Ctx, space: &SpaceRef, id: CounterId) -> Option<String> {
    let b = battle(ctx.game, space)?;
    if let Some((_, t)) = b.allied_targets.iter().find(|(c, _)| *c == id) {
        return german_fighting(ctx.game, b)
            .any(|s| &s.id == t)
            .then(|| t.clone());
    }
    let candidates: Vec<(String, crate::ground::pack::ShipType)> = german_fighting(ctx.game, b)
        .map(|x| (x.id.clone(), x.ship_type))
        .collect();
    let target = targeting::choose_target(ctx, id, &candidates)?;
    battle_mut(ctx.game, space)?
        .allied_targets
        .push((id, target.clone()));
    Some(target)
}

/// The end of a round (after step 9): the battle ends when a side is gone; otherwise the next round opens
/// with a new contact procedure (14.2 step 1).
fn end_round(ctx: &mut Ctx, space: &SpaceRef, decided: bool) {
    if decided {
        crate::rules::combat::tally::end_battle(ctx, space, "14.14", "");
        return;
    }
    let Some(b) = battle_mut(ctx.game, space) else {
        return;
    };
    b.round = b.round.saturating_add(1);
    b.stage = BattleStage::Contact;
    b.first_salvo = None;
    b.step = 0;
    let round = b.round;
    if !ctx.quiet {
        let where_ = space.describe(ctx.pack);
        ctx.note(format!("Round {round} at {where_}: both sides still fight — make contact again (14.2 step 1)."), "14.2");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn battle(first_salvo: &str, round: u8, visibility: Option<u8>) -> BattleState {
        serde_json::from_value(serde_json::json!({
            "space": { "kind": "place", "id": "pola" },
            "first_salvo": first_salvo,
            "round": round,
            "visibility": visibility,
        }))
        .unwrap()
    }

    /// 14.2 steps 2–9: at each range the First Salvo side fires, then the Second; a step is read by its
    /// index, and none is past the round's last.
    #[test]
    fn rule_14_2_each_range_the_first_salvo_side_then_the_second() {
        let german_first = battle("german", 2, None);
        let allied_first = battle("allied", 2, None);
        let order = |b: &BattleState| steps(b).iter().map(|(_, g)| *g).collect::<Vec<_>>();
        assert_eq!(
            order(&german_first),
            [true, false, true, false, true, false, true, false]
        );
        assert_eq!(
            order(&allied_first),
            [false, true, false, true, false, true, false, true]
        );
        assert_eq!(
            step(&allied_first, 6),
            Some((&[Weapon::Torpedo][..], false))
        );
        assert_eq!(step(&allied_first, 8), None);
        // Limited Visibility at secondary range (1–2): primary and secondary together, three ranges.
        let lv = battle("german", 1, Some(2));
        assert_eq!(steps(&lv).len(), 6);
        assert_eq!(
            step(&lv, 0).unwrap().0,
            &[Weapon::Primary, Weapon::Secondary][..]
        );
        assert_eq!(step(&lv, 6), None);
    }
}
