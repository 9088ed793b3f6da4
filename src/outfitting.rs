//! 7.0 Outfitting & Repair phase. A ship that takes this phase may not move in the same turn (4.1, 7.0,
//! 10.1). The arming, coaling, cargo and repair procedures themselves are played on the table until the
//! outfitting capability lands; the referee already enforces the movement consequence.

use crate::action::Action;
use crate::error::{illegal, not_now, RuleError};
use crate::event::Event;
use crate::ports::{self, Side};
use crate::pack::RulesPack;
use crate::rules::Ctx;
use crate::state::{Game, Phase};

/// 9.1: a ship whose neutral-port visit is complete must leave, so it may not take this phase.
fn visit_complete(pack: &RulesPack, game: &Game, ship: &str) -> bool {
    game.ship(ship).is_some_and(|s| ports::port_side(pack, &s.position) == Some(Side::Neutral) && ports::is_closed_neutral(pack, game, &s.position))
}

pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions: Vec<Action> = game
        .active_ships()
        .filter(|s| !game.turn_state.outfitted.contains(&s.id) && !visit_complete(pack, game, &s.id))
        .map(|s| Action::TakeOutfitting { ship: s.id.clone() })
        .collect();
    actions.push(Action::EndPhase);
    actions
}

/// 7.0: `ship` takes the Outfitting & Repair phase this turn (and so skips this turn's movement).
pub fn take(ctx: &mut Ctx, ship: &str) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::Outfitting {
        return Err(not_now("outfitting and repair happen in the Outfitting & Repair phase (7.0)"));
    }
    let name = ctx.game.active_ships().find(|s| s.id == ship).map(|s| s.name.clone()).ok_or_else(|| RuleError::Unknown { what: "German ship afloat", id: ship.to_string() })?;
    if ctx.game.turn_state.outfitted.iter().any(|s| s == ship) {
        return Err(illegal(format!("{name} already takes the Outfitting & Repair phase this turn")));
    }
    if visit_complete(ctx.pack, ctx.game, ship) {
        return Err(illegal(format!("{name} has completed its neutral-port visit and must leave instead (9.1)")));
    }
    ctx.game.turn_state.outfitted.push(ship.to_string());
    ctx.emit(Event::TableInstruction {
        text: format!("{name} outfits or repairs this turn and will not move (7.0). Rearm, coal and repair it on its display per the Terrain Effects and Repair charts."),
        rule: "7.0".into(),
    });
    Ok(())
}
