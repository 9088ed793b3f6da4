//! 17.0 Winning the game: the Objective phase checks the drawn Orders' execution conditions; after the
//! last turn without success the game is lost.

pub use crate::ground::counters::orders_spec;
use crate::ground::event::Event;
use crate::ground::pack::{EndIn, PlaceKind, RulesPack};
use crate::engine::ctx::Ctx;
use crate::ground::state::{Game, GameOver, Location, Phase, ShipStatus};

/// Whether every execution condition of the drawn Orders holds now (Orders Chart, 17.0).
pub fn mission_accomplished(pack: &RulesPack, game: &Game) -> bool {
    let spec = orders_spec(pack, game);
    // 20.0: Austro-Hungarian ships cannot fulfil occupation conditions.
    let in_place = game.ships.iter().filter(|s| s.status == ShipStatus::Active && !s.austro_hungarian).any(|s| match (&spec.end_in, s.position.place_id()) {
        (EndIn::Spaces { spaces }, Some(id)) => spaces.iter().any(|x| x == id),
        (EndIn::FriendlyNavalBase, Some(id)) => pack
            .place(id)
            .is_some_and(|p| p.kind == PlaceKind::NavalBase && crate::ground::ports::side_in(game, p.nation) == crate::ground::ports::Side::Friendly),
        (_, None) => false,
    });
    let defenses_gone = spec
        .destroy_defenses_at
        .iter()
        .all(|port| game.count_at(&Location::Port { port: port.clone() }) == 0);
    in_place && defenses_gone && game.vp >= spec.min_vp
}


/// 17.0 Objective phase: win when the mission is accomplished; lose after the last turn.
pub fn objective_phase(ctx: &mut Ctx) {
    let spec = orders_spec(ctx.pack, ctx.game);
    if mission_accomplished(ctx.pack, ctx.game) {
        end_game(ctx, true, format!("mission \"{}\" accomplished with {} VP", spec.name, ctx.game.vp));
    } else if ctx.game.turn >= ctx.game.last_turn {
        end_game(ctx, false, format!("the last turn ended without accomplishing \"{}\"", spec.name));
    }
}

fn end_game(ctx: &mut Ctx, won: bool, reason: String) {
    ctx.game.game_over = Some(GameOver { won, reason: reason.clone() });
    ctx.game.phase = Phase::GameOver;
    ctx.emit(Event::GameEnded { won, reason });
    crate::rules::campaign::mission_ended(ctx, won);
}

/// 4.0/17.0: with every German warship sunk the mission cannot be accomplished; the game ends lost.
pub fn all_ships_lost(ctx: &mut Ctx) {
    end_game(ctx, false, "every German warship has been sunk".to_string());
}
