//! Corrections: the table is the truth. When the player's map and displays disagree with the referee's
//! record, these set the record to what the table shows. Each is logged with its old and new value, and
//! none can reveal anything hidden: only face-up counters can be moved by a correction.

use crate::engine::ctx::Ctx;
use crate::ground::action::{Correction, Track};
use crate::ground::error::{illegal, RuleError};
use crate::ground::event::{track_name, Event};
use crate::ground::state::{CounterId, Location, ShipStatus};

/// Highest value any track of a ship display is allowed to hold through a correction.
pub const TRACK_MAX: u8 = 20;

pub fn apply(ctx: &mut Ctx, correction: &Correction) -> Result<(), RuleError> {
    match correction {
        Correction::AlertLevel { level } => {
            let (min, max) = (ctx.pack.alert.min, ctx.pack.alert.max);
            if !(min..=max).contains(level) {
                return Err(illegal(format!(
                    "the Alert Level runs from {min} to {max} (5.2)"
                )));
            }
            let from = std::mem::replace(&mut ctx.game.alert_level, *level);
            corrected(ctx, "Alert Level", from, level);
        }
        Correction::Vp { vp } => {
            if vp.abs() > 10_000 {
                return Err(illegal("victory points beyond ±10000 are not plausible"));
            }
            let from = std::mem::replace(&mut ctx.game.vp, *vp);
            corrected(ctx, "victory points", from, vp);
        }
        Correction::Turn { turn } => {
            if *turn == 0 || *turn > ctx.game.last_turn {
                return Err(illegal(format!(
                    "the turn runs from 1 to {} in this scenario",
                    ctx.game.last_turn
                )));
            }
            let from = std::mem::replace(&mut ctx.game.turn, *turn);
            corrected(ctx, "turn", from, turn);
        }
        Correction::ShipTrack { ship, track, value } => ship_track(ctx, ship, *track, *value)?,
        Correction::CounterToPool { counter } => {
            let id = face_up_counter(ctx, counter)?;
            if !matches!(
                ctx.pack.counter_spec(id).kind,
                crate::ground::pack::CounterKind::Incident { .. }
            ) {
                return Err(illegal("only incident markers go into the Incident Pool"));
            }
            let from = location_name(&ctx.game.counter(id).location);
            ctx.game.move_counter(id, Location::Pool);
            corrected(
                ctx,
                &ctx.pack.counter_spec(id).name.clone(),
                from,
                "the Incident Pool",
            );
        }
        Correction::CounterRemoved { counter } => {
            move_face_up(ctx, counter, Location::RemovedFromPlay, "out of play")?
        }
        Correction::CounterSunk { counter } => {
            allied_ship(ctx, counter)?;
            move_face_up(ctx, counter, Location::Sunk, "Allied Ships Sunk")?
        }
        Correction::CounterDamaged { counter } => {
            allied_ship(ctx, counter)?;
            move_face_up(ctx, counter, Location::Damaged, "Allied Ships Damaged")?
        }
        Correction::Cargo { ship, item, aboard } => cargo(ctx, ship, item, *aboard)?,
    }
    leave_battles(ctx);
    Ok(())
}

/// A Crew & Gear item aboard a ship or not, as the ship display shows.
fn cargo(ctx: &mut Ctx, ship: &str, item: &str, aboard: bool) -> Result<(), RuleError> {
    let spec = ctx
        .pack
        .charts
        .cargo(item)
        .ok_or_else(|| RuleError::Unknown {
            what: "crew or gear item",
            id: item.to_string(),
        })?;
    let name = spec.name.clone();
    if aboard {
        let s = ctx.game.ship(ship).ok_or_else(|| RuleError::Unknown {
            what: "ship",
            id: ship.to_string(),
        })?;
        crate::rules::cargo::room_for(ctx.pack, ctx.game, s, spec)?;
    }
    let s = ctx.game.ship_mut(ship).ok_or_else(|| RuleError::Unknown {
        what: "ship",
        id: ship.to_string(),
    })?;
    let had = s.cargo.iter().any(|c| c == item);
    match (had, aboard) {
        (false, true) => s.cargo.push(item.to_string()),
        (true, false) => {
            let at = s.cargo.iter().position(|c| c == item).expect("had");
            s.cargo.remove(at);
        }
        _ => {
            return Err(illegal(format!(
                "{name} is already {} {}",
                if aboard { "aboard" } else { "not aboard" },
                crate::ground::event::ship_name(ctx.pack, ship)
            )))
        }
    }
    let ship_name = crate::ground::event::ship_name(ctx.pack, ship);
    let on = |aboard: bool| {
        if aboard {
            format!("aboard {ship_name}")
        } else {
            format!("not aboard {ship_name}")
        }
    };
    corrected(ctx, &name, on(had), on(aboard));
    Ok(())
}

/// A unit corrected off the map leaves any battle it was fighting in.
fn leave_battles(ctx: &mut Ctx) {
    let game = &mut *ctx.game;
    for b in game
        .turn_state
        .battles
        .iter_mut()
        .filter(|b| b.stage != crate::ground::state::BattleStage::Over)
    {
        for u in b.allied.iter_mut().filter(|u| u.in_battle) {
            let here = match &game.counters[u.counter.index()].location {
                Location::OnMap { space } => space == &b.space,
                Location::Port { .. } => b.bombardment,
                _ => false,
            };
            u.in_battle = here;
        }
    }
}

fn move_face_up(
    ctx: &mut Ctx,
    counter: &str,
    to: Location,
    to_name: &str,
) -> Result<(), RuleError> {
    let id = face_up_counter(ctx, counter)?;
    let from = location_name(&ctx.game.counter(id).location);
    ctx.game.move_counter(id, to);
    corrected(ctx, &ctx.pack.counter_spec(id).name.clone(), from, to_name);
    Ok(())
}

/// Only ships (warships, convoys, coastal defenses) can be sunk or damaged.
fn allied_ship(ctx: &Ctx, counter: &str) -> Result<(), RuleError> {
    match ctx.pack.counter(counter).map(|c| &c.kind) {
        Some(crate::ground::pack::CounterKind::Incident { ship: Some(_), .. })
        | Some(crate::ground::pack::CounterKind::CoastalDefense { .. }) => Ok(()),
        Some(_) => Err(illegal(
            "only a ship or a coastal defense unit can be sunk or damaged",
        )),
        None => Err(RuleError::Unknown {
            what: "counter",
            id: counter.to_string(),
        }),
    }
}

fn corrected(ctx: &mut Ctx, what: &str, from: impl ToString, to: impl ToString) {
    ctx.emit(Event::Corrected {
        what: what.to_string(),
        from: from.to_string(),
        to: to.to_string(),
    });
}

fn ship_track(ctx: &mut Ctx, ship: &str, track: Track, value: u8) -> Result<(), RuleError> {
    if value > TRACK_MAX {
        return Err(illegal(format!("a track value is at most {TRACK_MAX}")));
    }
    let s = ctx.game.ship_mut(ship).ok_or_else(|| RuleError::Unknown {
        what: "ship",
        id: ship.to_string(),
    })?;
    let name = s.name.clone();
    let from = std::mem::replace(track.slot(&mut s.tracks), value);
    // The hull decides whether the ship is afloat (6.3): a correction may sink or raise it.
    match (track, value) {
        (Track::Hull, 0) => s.status = ShipStatus::Sunk,
        (Track::Hull, _) => s.status = ShipStatus::Active,
        _ => {}
    }
    corrected(ctx, &format!("{name} {}", track_name(track)), from, value);
    if track == Track::Hull && value < from && value > 0 {
        // 8.4: the cargo in the hull boxes now lost goes with them.
        crate::rules::cargo::stowage_after_hull_loss(ctx, ship);
    }
    Ok(())
}

/// A counter the player can see: face up on the map or in a public box. Face-down counters are refused
/// without saying where they are.
fn face_up_counter(ctx: &Ctx, code: &str) -> Result<CounterId, RuleError> {
    let index = ctx
        .pack
        .counter_index(code)
        .ok_or_else(|| RuleError::Unknown {
            what: "counter",
            id: code.to_string(),
        })?;
    let id = CounterId(index as u16);
    let location = &ctx.game.counter(id).location;
    if location.is_face_down()
        || matches!(
            location,
            Location::Unused | Location::OrdersBox | Location::Combat | Location::SetAside
        )
    {
        return Err(illegal(
            "only a face-up counter on the map or in a holding box can be corrected",
        ));
    }
    Ok(id)
}

fn location_name(location: &Location) -> String {
    match location {
        Location::OnMap { .. } => "the map".into(),
        Location::Picked { .. } => "the picked incidents".into(),
        Location::Held { .. } => "held aside".into(),
        Location::Damaged => "Allied Ships Damaged".into(),
        Location::Withdrawn => "withdrawn".into(),
        Location::Sunk => "Allied Ships Sunk".into(),
        Location::RemovedFromPlay => "out of play".into(),
        Location::Pool => "the Incident Pool".into(),
        Location::PatrolZone { .. } => "a patrol zone's stack".into(),
        Location::Port { .. } => "a port's coastal defenses".into(),
        Location::OutOfPlay | Location::Unused => "not used in this game".into(),
        Location::SetAside => "set aside".into(),
        Location::Combat => "the Naval Combat Display".into(),
        Location::OrdersBox => "the Orders box".into(),
    }
}
