//! 14.13–14.14 and 7.5: the results of a battle fought on the table, and the end of combat — victory
//! points from the Victory Points Chart for Allied ships sunk or damaged and German ships lost, the
//! Critical Naval Win or Loss, colliers lost where only the enemy remains, survivors back to the pool.

use crate::action::{Action, Track};
use crate::error::{illegal, not_now, RuleError};
use crate::event::Event;
use crate::incidents;
use crate::pack::{CounterKind, RulesPack};
use crate::rules::{is_allied_warship, Ctx};
use crate::state::{AlliedFate, CounterId, Game, Location, Phase, ShipStatus, SpaceRef};

/// Battles being fought (contact made, neither side broke off).
fn fought(game: &Game) -> impl Iterator<Item = &crate::state::BattleState> {
    game.turn_state.battles.iter().filter(|b| b.first_salvo.is_some())
}

/// The result recordings offered: each Allied ship still on the map in a battle being fought.
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    for battle in fought(game) {
        for id in game.counters_at(&Location::OnMap { space: battle.space.clone() }).filter(|c| is_allied_warship(pack, *c)) {
            for fate in [AlliedFate::Sunk, AlliedFate::Damaged, AlliedFate::Withdrawn] {
                actions.push(Action::BattleResult { counter: pack.counters.counters[id.index()].id.clone(), fate });
            }
        }
    }
    actions
}

/// 14.13: an Allied ship of a battle being fought was sunk, damaged (and withdraws for repair) or withdrawn.
pub fn record(ctx: &mut Ctx, counter: &str, fate: AlliedFate) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::NavalCombat {
        return Err(not_now("battle results are recorded in the Naval Combat phase (14.13)"));
    }
    let index = ctx.pack.counter_index(counter).ok_or_else(|| RuleError::Unknown { what: "counter", id: counter.to_string() })?;
    let id = CounterId(index as u16);
    let space = match &ctx.game.counter(id).location {
        Location::OnMap { space } if is_allied_warship(ctx.pack, id) => space.clone(),
        _ => return Err(illegal("only an Allied ship face up in a battle can be recorded")),
    };
    let Some(battle) = ctx.game.turn_state.battles.iter_mut().find(|b| b.space == space && b.first_salvo.is_some()) else {
        return Err(illegal(format!("no battle is being fought at {}", space.describe(ctx.pack))));
    };
    battle.results.push((id, fate));
    let (to, box_name) = match fate {
        AlliedFate::Sunk => (Location::Sunk, "the Allied Ships Sunk box"),
        AlliedFate::Damaged => (Location::Damaged, "the Allied Ships Damaged box (out for the scenario)"),
        AlliedFate::Withdrawn => (Location::Withdrawn, "aside: withdrawn for the scenario"),
    };
    ctx.game.move_counter(id, to);
    let name = ctx.pack.counters.counters[index].name.clone();
    ctx.emit(Event::CounterReturned { counter: counter.to_string(), name: name.clone(), to: format!("to {box_name}"), rule: "14.13".into() });
    Ok(())
}

/// 14.14, 7.5: the end of every battle of the phase; then the survivors go back to the pool.
pub fn end_of_combat(ctx: &mut Ctx) {
    let battles: Vec<_> = fought(ctx.game).cloned().collect();
    for battle in &battles {
        tally(ctx, battle);
        colliers_caught(ctx, &battle.space);
    }
    // Every battle's survivors, whether or not German ships are still there (14.14).
    let mut spaces: Vec<SpaceRef> = battles.into_iter().map(|b| b.space).collect();
    spaces.extend(crate::flow::battles(ctx.pack, ctx.game));
    spaces.dedup();
    for space in spaces {
        let survivors: Vec<_> = ctx.game.counters_at(&Location::OnMap { space: space.clone() }).filter(|c| is_allied_warship(ctx.pack, *c)).collect();
        for id in survivors {
            incidents::return_to_pool(ctx, id, "14.14");
        }
    }
}

/// 14.14: VP for the battle (sunk ships count as sunk, not damaged; withdrawals score nothing) and the
/// Critical Naval Win or Loss on the battle's net VP.
fn tally(ctx: &mut Ctx, battle: &crate::state::BattleState) {
    let where_ = battle.space.describe(ctx.pack);
    let mut net = 0;
    for (id, fate) in &battle.results {
        let spec = &ctx.pack.counters.counters[id.index()];
        let Some(row) = (match spec.kind {
            CounterKind::Incident { ship: Some(v), .. } => ctx.pack.charts.vp_for(v.ship_type),
            _ => None,
        }) else {
            continue;
        };
        let vp = match fate {
            AlliedFate::Sunk => row.sunk,
            AlliedFate::Damaged => row.damaged,
            AlliedFate::Withdrawn => 0,
        };
        if vp != 0 {
            let what = if *fate == AlliedFate::Sunk { "sunk" } else { "damaged" };
            ctx.change_vp(vp, format!("{} {what} at {where_}", spec.name), "14.14, Victory Points Chart");
            net += vp;
        }
    }
    for ship in &battle.german {
        let Some(s) = ctx.game.ship(ship).filter(|s| s.status == ShipStatus::Sunk) else { continue };
        let loss = ctx.pack.charts.german_loss_vp(s.ship_type);
        let name = s.name.clone();
        if loss != 0 {
            ctx.change_vp(loss, format!("{name} lost at {where_}"), "14.14, Victory Points Chart");
            net += loss;
        }
    }
    let critical = ctx.pack.charts.victory_points.critical_engagement;
    if net >= critical {
        // 14.14: a Critical Naval Win raises the leadership of the engaged German ships.
        let engaged: Vec<String> = battle.german.iter().filter(|s| ctx.game.ship(s).is_some_and(|x| x.status == ShipStatus::Active)).cloned().collect();
        for ship in &engaged {
            ctx.change_track(ship, Track::Leadership, 1, format!("Critical Naval Win at {where_}"), "14.14");
        }
    } else if net <= -critical {
        // 14.14: a Critical Naval Loss lowers the leadership of all German ships.
        let all: Vec<String> = ctx.game.active_ships().map(|s| s.id.clone()).collect();
        for ship in all {
            if ctx.game.ship(&ship).is_some_and(|s| s.tracks.leadership > 1) {
                ctx.change_track(&ship, Track::Leadership, -1, format!("Critical Naval Loss at {where_}"), "14.14");
            }
        }
    }
}

/// 7.5: colliers in a space where only enemy warships remain after the battle are lost.
fn colliers_caught(ctx: &mut Ctx, space: &SpaceRef) {
    let germans_left = ctx.game.active_ships().any(|s| &s.position == space);
    let enemy_left = ctx.game.counters_at(&Location::OnMap { space: space.clone() }).any(|c| is_allied_warship(ctx.pack, c));
    if germans_left || !enemy_left {
        return;
    }
    let caught: Vec<u8> = ctx.game.colliers.iter().filter(|c| &c.position == space).map(|c| c.id).collect();
    for collier in caught {
        if let Some(pos) = ctx.game.colliers.iter().position(|c| c.id == collier) {
            ctx.game.colliers.remove(pos);
            ctx.emit(Event::CollierLost { collier, reason: "only enemy warships remain after the battle".into(), rule: "7.5".into() });
            ctx.instruct(format!("Remove collier {collier} from {}.", space.describe(ctx.pack)), "7.5");
        }
    }
}
