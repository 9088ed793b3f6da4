//! Where the battles are (14.0) and where bombardments are (16.0): read from the game, so the combat rules
//! and the sequence of play both find them.

use crate::ground::pack::RulesPack;
use crate::ground::state::{german_spaces, Game, Location};

/// Spaces where German warships and face-up Allied warships meet (14.0), except under a Storm.
pub fn battles(pack: &RulesPack, game: &Game) -> Vec<crate::ground::state::SpaceRef> {
    german_spaces(game)
        .into_iter()
        .filter(|space| !game.turn_state.storm.contains(space))
        .filter(|space| {
            game.counters_at(&Location::OnMap {
                space: space.clone(),
            })
            .any(|c| crate::ground::counters::is_allied_warship(pack, c))
        })
        .collect()
}

/// Spaces where German warships sit in an Allied port or base with coastal defenses (16.0).
pub fn bombardments(pack: &RulesPack, game: &Game) -> Vec<crate::ground::state::SpaceRef> {
    german_spaces(game)
        .into_iter()
        .filter(|space| !game.turn_state.storm.contains(space))
        .filter(|space| {
            crate::ground::ports::port_side(pack, game, space)
                == Some(crate::ground::ports::Side::Enemy)
        })
        .filter(|space| {
            space.place_id().is_some_and(|id| {
                game.count_at(&Location::Port {
                    port: id.to_string(),
                }) > 0
            })
        })
        .collect()
}
