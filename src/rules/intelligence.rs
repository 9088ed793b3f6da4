//! 11.0 Intelligence: one attempt per turn by one ship (11.1), the Intelligence Table's results, and the
//! Intelligence from Berlin incident, which offers two of them. Examined markers are shown to the player
//! only and stay face down; the view lists them as known to the player.

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::counters::counter_info;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{IntelligenceEffect, PlaceKind, RulesPack};
use crate::ground::ports::{self, Side};
use crate::ground::state::{CounterId, Game, Location, Pending, Phase};

/// The Intelligence Value of a ship (11.1): the sum of the factors listed with the table.
pub fn intelligence_value(pack: &RulesPack, game: &Game, ship: &str) -> i32 {
    let Some(s) = game.ship(ship) else { return 0 };
    let factor = |id: &str| {
        pack.charts
            .intelligence
            .factors
            .iter()
            .find(|f| f.id == id)
            .map(|f| f.value as i32)
            .unwrap_or(0)
    };
    let mut value = s.tracks.leadership as i32 + factor("leadership");
    if ports::port_side(pack, game, &s.position) == Some(Side::Friendly) {
        value += factor("friendly_port");
    }
    if game.alert_level >= 4 {
        value += factor("alert_high");
    }
    // Wireless gear aboard (Crew & Gear chart) adds its factor.
    if s.cargo.iter().any(|c| c == "wireless") {
        value += factor("wireless");
    }
    value
}

pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    if let Some(pending) = game.pending.first() {
        return pending_answers(pack, game, pending).unwrap_or_default();
    }
    let mut actions = Vec::new();
    if !game.turn_state.intelligence_attempted {
        // 20.0: Austro-Hungarian ships take no intelligence actions.
        actions.extend(
            game.active_ships()
                .filter(|s| !s.austro_hungarian)
                .map(|s| Action::AttemptIntelligence { ship: s.id.clone() }),
        );
    }
    actions.extend(crate::rules::seaplanes::legal_actions(pack, game));
    actions.push(Action::EndPhase);
    actions
}

/// Answers to the intelligence decisions, or None for other pending kinds.
pub fn pending_answers(pack: &RulesPack, game: &Game, pending: &Pending) -> Option<Vec<Action>> {
    match pending {
        Pending::BerlinIntelligence { choices } => Some(
            choices
                .iter()
                .map(|code| Action::ChooseIntelligence { code: code.clone() })
                .collect(),
        ),
        Pending::ExamineZone { .. } => Some(
            zones_with_markers(pack, game)
                .into_iter()
                .map(|zone| Action::ExamineZone { zone })
                .collect(),
        ),
        _ => None,
    }
}

fn zones_with_markers(pack: &RulesPack, game: &Game) -> Vec<String> {
    pack.places
        .iter()
        .filter(|p| p.kind == PlaceKind::PatrolZone)
        .filter(|p| {
            game.counters_at(&Location::PatrolZone { zone: p.id.clone() })
                .any(|c| !game.counter(c).known_to_player)
        })
        .map(|p| p.id.clone())
        .collect()
}

/// 11.1: roll one die on the column of the ship's Intelligence Value and apply the result at once.
pub fn attempt(ctx: &mut Ctx, ship: &str) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::Intelligence {
        return Err(not_now(
            "Intelligence attempts are made in the Intelligence phase (11.0)",
        ));
    }
    if !ctx.game.pending.is_empty() {
        return Err(not_now("answer the pending decision first"));
    }
    if ctx.game.turn_state.intelligence_attempted {
        return Err(illegal("one Intelligence attempt per turn (11.1)"));
    }
    if !ctx.game.active_ships().any(|s| s.id == ship) {
        return Err(RuleError::Unknown {
            what: "German ship afloat",
            id: ship.to_string(),
        });
    }
    if ctx.game.ship(ship).is_some_and(|s| s.austro_hungarian) {
        return Err(illegal(
            "Austro-Hungarian ships may not initiate intelligence actions (20.0)",
        ));
    }
    ctx.game.turn_state.intelligence_attempted = true;
    let value = intelligence_value(ctx.pack, ctx.game, ship);
    let name = ctx
        .game
        .ship(ship)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let face = ctx.roll_d6(
        format!("Intelligence attempt by {name}, value {value}"),
        "11.1",
    );
    let result = ctx.pack.charts.intelligence_roll(value, face).clone();
    ctx.emit(Event::IntelligenceResult {
        code: result.code.clone(),
        name: result.name.clone(),
        value,
        rule: "11.2".into(),
    });
    apply_effect(ctx, result.effect);
    Ok(())
}

/// Intelligence from Berlin (Incident Chart): the player chooses one of the two named results.
pub fn from_berlin(ctx: &mut Ctx) {
    let choices = ctx.pack.charts.intelligence.from_berlin.clone();
    ctx.game
        .pending
        .push(Pending::BerlinIntelligence { choices });
}

pub fn choose(ctx: &mut Ctx, code: &str) -> Result<(), RuleError> {
    let Some(Pending::BerlinIntelligence { choices }) = ctx.game.pending.first().cloned() else {
        return Err(not_now("no Intelligence result is offered now"));
    };
    if !choices.iter().any(|c| c == code) {
        return Err(illegal(format!("choose one of {}", choices.join(" or "))));
    }
    ctx.game.pending.remove(0);
    let result = ctx
        .pack
        .charts
        .intelligence_result(code)
        .expect("validated")
        .clone();
    ctx.emit(Event::IntelligenceResult {
        code: result.code.clone(),
        name: result.name.clone(),
        value: 0,
        rule: "Incident Chart".into(),
    });
    apply_effect(ctx, result.effect);
    Ok(())
}

fn apply_effect(ctx: &mut Ctx, effect: IntelligenceEffect) {
    match effect {
        IntelligenceEffect::NoEffect => {}
        IntelligenceEffect::Alert { by } => {
            ctx.change_alert(by as i32, "Intelligence result", "11.2")
        }
        IntelligenceEffect::Examine { count } => {
            if !zones_with_markers(ctx.pack, ctx.game).is_empty() {
                // Answered before anything else pending: it is the decision the player is taking now.
                ctx.game.pending.insert(0, Pending::ExamineZone { count });
            }
        }
    }
}

/// Shows the player up to `count` face-down markers of the zone (chosen at random among those not yet
/// known), marks them known to the player, and leaves them face down.
pub fn examine_zone(ctx: &mut Ctx, zone: &str) -> Result<(), RuleError> {
    let Some(Pending::ExamineZone { count }) = ctx.game.pending.first().cloned() else {
        return Err(not_now("no examination is pending"));
    };
    if !zones_with_markers(ctx.pack, ctx.game)
        .iter()
        .any(|z| z == zone)
    {
        return Err(illegal(format!(
            "no unexamined face-down marker in `{zone}`"
        )));
    }
    ctx.game.pending.remove(0);
    let mut unknown: Vec<CounterId> = ctx
        .game
        .counters_at(&Location::PatrolZone {
            zone: zone.to_string(),
        })
        .filter(|c| !ctx.game.counter(*c).known_to_player)
        .collect();
    let take = if count == 0 {
        unknown.len()
    } else {
        (count as usize).min(unknown.len())
    };
    let mut shown = Vec::new();
    for _ in 0..take {
        let id = unknown.swap_remove(ctx.game.dice.index(unknown.len()));
        ctx.game.counters[id.index()].known_to_player = true;
        shown.push(counter_info(ctx.pack, id));
    }
    ctx.emit(Event::Examined {
        zone: zone.to_string(),
        counters: shown,
        rule: "11.2".into(),
    });
    Ok(())
}
