//! 10.0 Repairs in the Outfitting & Repair phase: dice = the ship's leadership plus the Repair Table's
//! bonuses (Damage Control aboard, a Friendly Ship in the space), each die assigned to hull, engines or a
//! gun type before rolling (10.1); a die showing the Repair Table's number for the ship's place or more
//! repairs one point, never above the starting value (10.0). Once per ship and phase; the ship does not move.

use crate::engine::ctx::Ctx;
use crate::ground::action::{Action, Track};
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::pack::RulesPack;
use crate::ground::ports;
use crate::ground::state::{Game, GermanShip, Phase};
use crate::rules::combat::firing::gear;

/// The attributes repairs restore, in the order dice are rolled.
const REPAIRABLE: [Track; 5] = [
    Track::Hull,
    Track::Engines,
    Track::Primary,
    Track::Secondary,
    Track::Tertiary,
];

/// 10.1: the repair dice of `ship` now.
pub fn dice(pack: &RulesPack, game: &Game, ship: &GermanShip) -> u8 {
    let bonus = |id: &str| {
        pack.charts
            .repair
            .bonus_dice
            .iter()
            .find(|b| b.id == id)
            .map(|b| b.value.max(0) as u8)
            .unwrap_or(0)
    };
    let mut n = ship.tracks.leadership;
    if ship.cargo.iter().any(|c| c == gear::DAMAGE_CONTROL) {
        n += bonus("damage_control");
    }
    if game.turn_state.friendly_ship_used.contains(&ship.position) {
        n += bonus("friendly_ship");
    }
    n
}

fn damage(ship: &GermanShip, track: Track) -> u8 {
    track
        .get(&ship.start)
        .saturating_sub(track.get(&ship.tracks))
}

fn check(pack: &RulesPack, game: &Game, ship_id: &str) -> Result<u8, RuleError> {
    if game.phase != Phase::Outfitting || !game.pending.is_empty() {
        return Err(not_now(
            "repairs are made in the Outfitting & Repair phase (10.0)",
        ));
    }
    let s = game
        .active_ships()
        .find(|s| s.id == ship_id)
        .ok_or_else(|| RuleError::Unknown {
            what: "German ship afloat",
            id: ship_id.to_string(),
        })?;
    if s.austro_hungarian {
        return Err(illegal(
            "Austro-Hungarian ships are not repaired by the German player (20.0)",
        ));
    }
    crate::rules::outfitting::check_may_outfit(pack, game, ship_id)?;
    if game.turn_state.repaired.iter().any(|r| r == ship_id) {
        return Err(illegal(format!(
            "{} has already rolled its repairs this phase",
            s.name
        )));
    }
    if REPAIRABLE.iter().all(|t| damage(s, *t) == 0) {
        return Err(illegal(format!(
            "{} has nothing to repair (10.0: never above the starting values)",
            s.name
        )));
    }
    Ok(dice(pack, game, s))
}

/// 10.1: roll the assigned dice; each success restores one point of its attribute.
pub fn repair(ctx: &mut Ctx, ship_id: &str, assigned: [u8; 5]) -> Result<(), RuleError> {
    let dice = check(ctx.pack, ctx.game, ship_id)?;
    let total: u32 = assigned.iter().map(|n| *n as u32).sum();
    if total != dice as u32 {
        return Err(illegal(format!(
            "assign all {dice} repair dice before rolling (10.1); {total} were assigned"
        )));
    }
    ctx.game.turn_state.repaired.push(ship_id.to_string());
    crate::rules::outfitting::mark_outfitting(ctx, ship_id);
    let s = ctx.game.ship(ship_id).expect("checked").clone();
    let terrain = ports::terrain(ctx.pack, ctx.game, &s.position);
    let need = ctx.pack.charts.repair_success_from(terrain);
    for (track, n) in REPAIRABLE.iter().zip(assigned) {
        if n == 0 {
            continue;
        }
        let faces = ctx.roll_d6s(
            n as usize,
            format!(
                "{} repairs {}: {need}+ succeeds",
                s.name,
                crate::ground::event::track_name(*track)
            ),
            "10.1",
        );
        let successes = faces.iter().filter(|f| **f >= need).count() as u8;
        let restored = successes.min(damage(ctx.game.ship(ship_id).expect("afloat"), *track));
        if restored > 0 {
            ctx.change_track(ship_id, *track, restored as i32, "repaired", "10.1");
        }
    }
    Ok(())
}

/// 10.1: every assignment of the ship's dice to its damaged attributes (the player sets them with
/// − and + and the UI sends only an offered one). The ready-made ones come first — all dice on one damaged
/// attribute, then spread in proportion to the damage — then every other split, each once. Dice on an
/// undamaged attribute could repair nothing, so those splits (accepted too) are not offered.
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = ready_made(pack, game);
    for s in game.active_ships() {
        let Ok(n) = check(pack, game, &s.id) else {
            continue;
        };
        let damaged: Vec<usize> = (0..5).filter(|i| damage(s, REPAIRABLE[*i]) > 0).collect();
        for split in splits(n, damaged.len()) {
            let mut a = [0u8; 5];
            for (i, dice) in damaged.iter().zip(split) {
                a[*i] = dice;
            }
            let action = repair_action(&s.id, a);
            if !actions.contains(&action) {
                actions.push(action);
            }
        }
    }
    actions
}

/// Every way to put `n` dice on `k` attributes (order matters, zeros allowed): C(n + k − 1, k − 1) splits.
fn splits(n: u8, k: usize) -> Vec<Vec<u8>> {
    if k == 0 {
        return Vec::new();
    }
    if k == 1 {
        return vec![vec![n]];
    }
    (0..=n)
        .rev()
        .flat_map(|first| {
            splits(n - first, k - 1).into_iter().map(move |mut rest| {
                rest.insert(0, first);
                rest
            })
        })
        .collect()
}

/// All dice on one damaged attribute, or spread in proportion to the damage.
fn ready_made(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    for s in game.active_ships() {
        let Ok(n) = check(pack, game, &s.id) else {
            continue;
        };
        let damaged: Vec<usize> = (0..5).filter(|i| damage(s, REPAIRABLE[*i]) > 0).collect();
        for i in &damaged {
            let mut a = [0u8; 5];
            a[*i] = n;
            actions.push(repair_action(&s.id, a));
        }
        if damaged.len() > 1 {
            // One die at a time to the attribute with the most damage not yet covered.
            let mut a = [0u8; 5];
            for _ in 0..n {
                let i = *damaged
                    .iter()
                    .max_by_key(|i| {
                        (
                            damage(s, REPAIRABLE[**i]) as i32 - a[**i] as i32,
                            std::cmp::Reverse(**i),
                        )
                    })
                    .expect("damaged");
                a[i] += 1;
            }
            // When the dice do not outnumber the worst damage, the spread is that track's offer again.
            let spread = repair_action(&s.id, a);
            if !actions.contains(&spread) {
                actions.push(spread);
            }
        }
    }
    actions
}

fn repair_action(ship: &str, a: [u8; 5]) -> Action {
    Action::Repair {
        ship: ship.to_string(),
        hull: a[0],
        engines: a[1],
        primary: a[2],
        secondary: a[3],
        tertiary: a[4],
    }
}
