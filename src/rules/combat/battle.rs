//! Finding a battle of this turn and the German ships still in it (14.0), for every combat step.

use crate::ground::state::{BattleState, Game, GermanShip, ShipStatus, SpaceRef};

/// The battle at `space` this turn (the latest one: a port can see a naval battle and a bombardment).
pub fn battle<'g>(game: &'g Game, space: &SpaceRef) -> Option<&'g BattleState> {
    game.turn_state
        .battles
        .iter()
        .rev()
        .find(|b| &b.space == space)
}

pub fn battle_mut<'g>(game: &'g mut Game, space: &SpaceRef) -> Option<&'g mut BattleState> {
    game.turn_state
        .battles
        .iter_mut()
        .rev()
        .find(|b| &b.space == space)
}

/// The German ships still fighting in a battle: engaged, afloat and still in its space.
pub fn german_ships(game: &Game, b: &BattleState) -> Vec<String> {
    german_fighting(game, b).map(|s| s.id.clone()).collect()
}

/// The same ships, in the same order, without collecting their ids: the salvo steps ask "any left?" and
/// "is this one still in it?" at every step of every simulated battle (the forecast, 14.0).
pub fn german_fighting<'g>(
    game: &'g Game,
    b: &'g BattleState,
) -> impl Iterator<Item = &'g GermanShip> + 'g {
    b.german
        .iter()
        .filter_map(|id| game.ship(id))
        .filter(|s| s.status == ShipStatus::Active && s.position == b.space)
}
