//! 14.14 End of combat and 7.5: victory points from the Victory Points Chart for Allied ships sunk or
//! damaged, coastal defenses destroyed and German ships lost; the Critical Naval Win or Loss; colliers
//! lost where only the enemy remains; survivors back to the pool.

use crate::engine::ctx::Ctx;
use crate::ground::action::Track;
use crate::ground::counters::is_allied_warship;
use crate::ground::event::Event;
use crate::ground::pack::{AlertEvent, CounterKind};
use crate::ground::state::{AlliedFate, BattleStage, Location, Pending, ShipStatus, SpaceRef};
use crate::rules::incidents;

/// 14.14 End of combat, when a battle ends for any reason (a side gone, no contact, a break-off, a
/// bombardment stopped): Allied units still in the battle leave it — damaged ships to the Damaged box
/// (14.13), the others back to the pool, coastal defenses stay in their port; colliers caught alone with
/// the enemy are lost (7.5); the VP of a fought battle are tallied, with a Critical Naval Win or Loss.
/// `rule` is the rule that ends it (a rule reference only); `why`, if any, what ended it, in words.
pub fn end_battle(ctx: &mut Ctx, space: &SpaceRef, rule: &str, why: &str) {
    let Some(b) = crate::rules::combat::battle::battle_mut(ctx.game, space) else {
        return;
    };
    if b.stage == BattleStage::Over {
        return;
    }
    b.stage = BattleStage::Over;
    b.first_salvo = None;
    let battle = b.clone();
    ctx.game.pending.retain(|p| !matches!(p, Pending::BreakOff { space: s } | Pending::FireOrders { space: s, .. } | Pending::Torpedoes { space: s, .. } if s == space));
    if battle.fought {
        colliers_caught(ctx, space);
    }
    let mut results = battle.results.clone();
    for unit in battle.allied.iter().filter(|u| u.in_battle) {
        if crate::rules::combat::targeting::coastal_firepower(ctx.pack, unit.counter).is_some() {
            continue;
        }
        if ctx.game.counter(unit.counter).location
            != (Location::OnMap {
                space: space.clone(),
            })
        {
            continue;
        }
        if unit.damage > 0 {
            results.push((unit.counter, AlliedFate::Damaged));
            ctx.game.move_counter(unit.counter, Location::Damaged);
            let (pack, id) = (ctx.pack, unit.counter);
            ctx.emit_with(|| {
                let spec = pack.counter_spec(id);
                Event::CounterReturned {
                    counter: spec.id.clone(),
                    name: spec.name.clone(),
                    to: format!(
                        "damaged, to the Allied Ships Damaged box: out for the scenario{}",
                        crate::rules::combat::effects::vp_words(pack, id, AlliedFate::Damaged)
                    ),
                    rule: "14.13".into(),
                }
            });
        } else {
            incidents::return_to_pool(ctx, unit.counter, rule, why);
        }
    }
    // Allied ships that joined the space without being engaged (none in the standard game) go back too.
    let others: Vec<_> = ctx
        .game
        .counters_at(&Location::OnMap {
            space: space.clone(),
        })
        .filter(|c| is_allied_warship(ctx.pack, *c))
        .collect();
    for id in others {
        incidents::return_to_pool(ctx, id, "14.14", "");
    }
    if let Some(b) = crate::rules::combat::battle::battle_mut(ctx.game, space) {
        b.results = results.clone();
    }
    if battle.fought {
        let mut finished = battle;
        finished.results = results;
        tally(ctx, &finished);
        alert_after(ctx, &finished);
    }
}

/// 5.1 Alert Level Chart (reconstructed rows): the Admiralty hears of a battle that cost it a warship
/// (sunk or damaged) and of a bombardment that destroyed a coastal defense — once per battle.
fn alert_after(ctx: &mut Ctx, battle: &crate::ground::state::BattleState) {
    let lost = |coastal: bool| {
        battle.results.iter().any(|(id, fate)| {
            let is_coastal = matches!(
                ctx.pack.counter_spec(*id).kind,
                CounterKind::CoastalDefense { .. }
            );
            is_coastal == coastal && matches!(fate, AlliedFate::Sunk | AlliedFate::Damaged)
        })
    };
    let where_ = ctx.words(|| battle.space.describe(ctx.pack));
    if battle.bombardment && lost(true) {
        ctx.alert_event(
            AlertEvent::CoastalDefenseDestroyed,
            ctx.words(|| format!("coastal defenses destroyed at {where_}")),
            "Alert Level Chart",
        );
    } else if !battle.bombardment && lost(false) {
        ctx.alert_event(
            AlertEvent::AlliedShipLostInBattle,
            ctx.words(|| format!("an Allied warship lost at {where_}")),
            "Alert Level Chart",
        );
    }
}

/// The end of the phase: any battle still open ends (none should be: the phase waits for them).
pub fn end_of_combat(ctx: &mut Ctx) {
    let open: Vec<SpaceRef> = ctx
        .game
        .turn_state
        .battles
        .iter()
        .filter(|b| b.stage != BattleStage::Over)
        .map(|b| b.space.clone())
        .collect();
    for space in open {
        end_battle(ctx, &space, "14.14", "");
    }
}

/// 14.13–14.14, 16.0: what an Allied unit's fate in a battle scores on the Victory Points Chart, with the
/// word for it: a ship sunk or damaged scores its row, a coastal defense destroyed its own, a withdrawal
/// nothing. `None` for a unit the chart does not score (a merchant, a convoy without a ship row).
pub fn fate_vp(
    pack: &crate::ground::pack::RulesPack,
    id: crate::ground::state::CounterId,
    fate: AlliedFate,
) -> Option<(i32, &'static str)> {
    let spec = pack.counter_spec(id);
    let (sunk, damaged, destroyed) = match spec.kind {
        CounterKind::Incident { ship: Some(v), .. } => {
            let row = pack.charts.vp_for(v.ship_type)?;
            (row.sunk, row.damaged, "sunk")
        }
        CounterKind::CoastalDefense { .. } => (
            pack.charts.victory_points.coastal_defense_destroyed,
            0,
            "destroyed",
        ),
        _ => return None,
    };
    Some(match fate {
        AlliedFate::Sunk => (sunk, destroyed),
        AlliedFate::Damaged => (damaged, "damaged"),
        AlliedFate::Withdrawn => (0, "withdrew"),
    })
}

/// 14.14: VP for the battle (sunk ships count as sunk, not damaged; withdrawals score nothing) and the
/// Critical Naval Win or Loss on the battle's net VP.
fn tally(ctx: &mut Ctx, battle: &crate::ground::state::BattleState) {
    let where_ = ctx.words(|| battle.space.describe(ctx.pack));
    let mut net = 0;
    for (id, fate) in &battle.results {
        let Some((vp, what)) = fate_vp(ctx.pack, *id, *fate) else {
            continue;
        };
        if vp != 0 {
            let name = &ctx.pack.counter_spec(*id).name;
            ctx.change_vp(
                vp,
                ctx.words(|| format!("{name} {what} at {where_}")),
                "14.14, Victory Points Chart",
            );
            net += vp;
        }
    }
    // The VP of a German ship lost were charged as it sank (`Ctx::sink_german_ship`); they count here
    // toward the engagement's Critical Naval Loss.
    for ship in &battle.german {
        let Some(s) = ctx.game.ship(ship).filter(|s| s.status == ShipStatus::Sunk) else {
            continue;
        };
        net += ctx
            .pack
            .charts
            .german_loss_vp(s.ship_type, s.austro_hungarian);
    }
    // 14.14 judges naval engagements; a shore bombardment (16.0) borrows only 14.2's firing sequence, so it
    // scores its VP but never makes a Critical Naval Win or Loss (docs/AMBIGUITIES.md).
    if !battle.bombardment {
        critical_result(ctx, battle, net, &where_);
    }
}

/// 14.14: a Critical Naval Win raises the leadership of the engaged German ships; a Critical Naval Loss
/// lowers that of all German ships (never below 1).
fn critical_result(
    ctx: &mut Ctx,
    battle: &crate::ground::state::BattleState,
    net: i32,
    where_: &str,
) {
    let critical = ctx.pack.charts.victory_points.critical_engagement;
    if net >= critical {
        // 14.14: a Critical Naval Win raises the leadership of the engaged German ships.
        let engaged: Vec<String> = battle
            .german
            .iter()
            .filter(|s| {
                ctx.game
                    .ship(s)
                    .is_some_and(|x| x.status == ShipStatus::Active)
            })
            .cloned()
            .collect();
        for ship in &engaged {
            ctx.change_track(
                ship,
                Track::Leadership,
                1,
                ctx.words(|| format!("Critical Naval Win at {where_}")),
                "14.14",
            );
        }
    } else if net <= -critical {
        // 14.14: a Critical Naval Loss lowers the leadership of all German ships.
        let all: Vec<String> = ctx.game.active_ships().map(|s| s.id.clone()).collect();
        for ship in all {
            if ctx
                .game
                .ship(&ship)
                .is_some_and(|s| s.tracks.leadership > 1)
            {
                ctx.change_track(
                    &ship,
                    Track::Leadership,
                    -1,
                    ctx.words(|| format!("Critical Naval Loss at {where_}")),
                    "14.14",
                );
            }
        }
    }
}

/// 7.5: colliers in a space where only enemy warships remain after the battle are lost.
fn colliers_caught(ctx: &mut Ctx, space: &SpaceRef) {
    let germans_left = ctx.game.active_ships().any(|s| &s.position == space);
    let enemy_left = ctx
        .game
        .counters_at(&Location::OnMap {
            space: space.clone(),
        })
        .any(|c| is_allied_warship(ctx.pack, c));
    if germans_left || !enemy_left {
        return;
    }
    let caught: Vec<u8> = ctx
        .game
        .colliers
        .iter()
        .filter(|c| &c.position == space)
        .map(|c| c.id)
        .collect();
    for collier in caught {
        if let Some(pos) = ctx.game.colliers.iter().position(|c| c.id == collier) {
            ctx.game.colliers.remove(pos);
            ctx.emit(Event::CollierLost {
                collier,
                reason: "only enemy warships remain after the battle".into(),
                rule: "7.5".into(),
            });
            ctx.instruct(
                format!(
                    "Remove collier {collier} from {}.",
                    space.describe(ctx.pack)
                ),
                "7.5",
            );
        }
    }
}
