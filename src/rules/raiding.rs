//! 15.0 Commerce raiding: German warships in a space with Allied merchantmen roll one die plus one
//! ship's leadership for victory points; the merchant then goes back to the pool.

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::pack::{CounterKind, IncidentKind, RulesPack};
use crate::ground::state::{CounterId, Game, Location, Phase, SpaceRef};
use crate::rules::incidents;

fn is_merchant(pack: &RulesPack, id: CounterId) -> bool {
    matches!(
        pack.counter_spec(id).kind,
        CounterKind::Incident {
            incident: IncidentKind::AlliedMerchantman,
            ..
        }
    )
}

fn merchants_at(pack: &RulesPack, game: &Game, space: &SpaceRef) -> Vec<CounterId> {
    game.counters_at(&Location::OnMap {
        space: space.clone(),
    })
    .filter(|c| is_merchant(pack, *c))
    .collect()
}

/// Spaces where German warships can raid merchants this phase.
pub fn raid_spaces(pack: &RulesPack, game: &Game) -> Vec<SpaceRef> {
    incidents::german_spaces(game)
        .into_iter()
        .filter(|s| {
            !game.turn_state.raids_done.contains(s) && !merchants_at(pack, game, s).is_empty()
        })
        .collect()
}

pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    for space in raid_spaces(pack, game) {
        for ship in game.active_ships().filter(|s| s.position == space) {
            actions.push(Action::RaidMerchants {
                space: space.clone(),
                ship: ship.id.clone(),
            });
        }
    }
    actions
}

/// 15.0: one die plus the chosen ship's leadership, per merchant, in VP; the merchants go back to the pool.
pub fn raid(ctx: &mut Ctx, space: &SpaceRef, ship: &str) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::CommerceRaiding {
        return Err(not_now(
            "merchants are raided in the Commerce Raiding phase (15.0)",
        ));
    }
    let raider = ctx
        .game
        .active_ships()
        .find(|s| s.id == ship && &s.position == space)
        .ok_or_else(|| {
            illegal(format!(
                "{ship} is not a German warship afloat at {}",
                space.describe(ctx.pack)
            ))
        })?;
    let (name, leadership) = (raider.name.clone(), raider.tracks.leadership);
    if ctx.game.turn_state.raids_done.contains(space) {
        return Err(illegal("the merchants there were already raided this turn"));
    }
    let merchants = merchants_at(ctx.pack, ctx.game, space);
    if merchants.is_empty() {
        return Err(illegal(format!(
            "no Allied merchantman is at {}",
            space.describe(ctx.pack)
        )));
    }
    ctx.game.turn_state.raids_done.push(space.clone());
    for id in merchants {
        let die = ctx.roll_d6(
            format!("Raiding with {name}: one die + leadership {leadership}"),
            "15.0",
        );
        ctx.change_vp(
            die as i32 + leadership as i32,
            format!("merchant raided by {name}"),
            "15.0",
        );
        incidents::return_to_pool(ctx, id, "15.0", "");
    }
    Ok(())
}

/// End of the phase: merchants nobody raided go back to the pool too (13.1).
pub fn end_phase(ctx: &mut Ctx) {
    let left: Vec<CounterId> = (0..ctx.game.counters.len())
        .map(|i| CounterId(i as u16))
        .filter(|c| {
            is_merchant(ctx.pack, *c)
                && matches!(ctx.game.counter(*c).location, Location::OnMap { .. })
        })
        .collect();
    for id in left {
        incidents::return_to_pool(ctx, id, "15.0", "");
    }
}
