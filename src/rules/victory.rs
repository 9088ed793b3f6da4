//! 17.0 Winning the game: the Objective phase checks the drawn Orders' execution conditions. Once they
//! hold the player may end the game as won or play on (17.0 note, 12.5); after the last turn the game
//! ends, won if the mission was accomplished at any Objective phase.

use crate::engine::ctx::Ctx;
pub use crate::ground::counters::orders_spec;
use crate::ground::error::{not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{EndIn, PlaceKind, RulesPack};
use crate::ground::state::{Game, GameOver, Location, Pending, Phase, ShipStatus};

/// One execution condition of the drawn Orders (Orders Chart, 17.0), in a player's words, and whether it
/// holds now. The view shows them all game and under a lost game's result, so a player sees why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[ts(rename = "ConditionView")]
pub struct Condition {
    pub text: String,
    pub met: bool,
}

/// Every execution condition of the drawn Orders, each with whether it holds now (Orders Chart, 17.0):
/// where a ship must end, the ports whose defenses must be gone, the VP.
pub fn conditions(pack: &RulesPack, game: &Game) -> Vec<Condition> {
    let spec = orders_spec(pack, game);
    // 20.0: Austro-Hungarian ships cannot fulfil occupation conditions.
    let in_place = game
        .ships
        .iter()
        .filter(|s| s.status == ShipStatus::Active && !s.austro_hungarian)
        .any(|s| match (&spec.end_in, s.position.place_id()) {
            (EndIn::Spaces { spaces }, Some(id)) => spaces.iter().any(|x| x == id),
            (EndIn::FriendlyNavalBase, Some(id)) => pack.place(id).is_some_and(|p| {
                p.kind == PlaceKind::NavalBase
                    && crate::ground::ports::side_in(game, p.nation)
                        == crate::ground::ports::Side::Friendly
            }),
            (_, None) => false,
        });
    let place_name = |id: &str| pack.place(id).map_or(id.to_string(), |p| p.name.clone());
    let where_to = match &spec.end_in {
        EndIn::Spaces { spaces } => format!(
            "A German ship at {}",
            spaces
                .iter()
                .map(|s| place_name(s))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        EndIn::FriendlyNavalBase => "A German ship in a friendly naval base".to_string(),
    };
    let mut out = vec![Condition {
        text: where_to,
        met: in_place,
    }];
    for port in &spec.destroy_defenses_at {
        let left = game.count_at(&Location::Port { port: port.clone() });
        out.push(Condition {
            text: match left {
                0 => format!("The defenses of {} destroyed", place_name(port)),
                n => format!("The defenses of {} destroyed ({n} left)", place_name(port)),
            },
            met: left == 0,
        });
    }
    out.push(Condition {
        text: format!("At least {} VP ({} now)", spec.min_vp, game.vp),
        met: game.vp >= spec.min_vp,
    });
    out
}

/// Whether every execution condition of the drawn Orders holds now (Orders Chart, 17.0).
pub fn mission_accomplished(pack: &RulesPack, game: &Game) -> bool {
    conditions(pack, game).iter().all(|c| c.met)
}

/// 17.0 Objective phase, as the turn ends. With the mission accomplished before the last turn the player
/// chooses (17.0 note, 12.5): end the game now as won, or play on — a `DeclareEnd` question. After the
/// last turn the game ends: won if the mission holds now or held at an earlier Objective phase.
pub fn objective_phase(ctx: &mut Ctx) {
    let spec = orders_spec(ctx.pack, ctx.game);
    let now = mission_accomplished(ctx.pack, ctx.game);
    let last = ctx.game.turn >= ctx.game.last_turn;
    if now && !last {
        ctx.game.pending.push(Pending::DeclareEnd);
    } else if now {
        end_game(
            ctx,
            true,
            format!(
                "mission \"{}\" accomplished with {} VP",
                spec.name, ctx.game.vp
            ),
        );
    } else if let (true, Some(turn)) = (last, ctx.game.accomplished_on) {
        end_game(ctx, true, format!("mission \"{}\" accomplished on turn {turn}; the game ends after the last turn with {} VP", spec.name, ctx.game.vp));
    } else if last {
        end_game(
            ctx,
            false,
            format!(
                "the last turn ended without accomplishing \"{}\"",
                spec.name
            ),
        );
    }
}

/// 12.5 / 17.0: the answer to `DeclareEnd`. Yes ends the game as won; no plays on, the mission staying
/// accomplished (from its first turn) for the end of the game and the Central Powers Fleet Sortie.
pub fn declare_end(ctx: &mut Ctx, yes: bool) -> Result<(), RuleError> {
    if ctx.game.pending.first() != Some(&Pending::DeclareEnd) {
        return Err(not_now("no declaration of the end is asked now"));
    }
    ctx.game.pending.remove(0);
    let spec = orders_spec(ctx.pack, ctx.game);
    if yes {
        end_game(
            ctx,
            true,
            format!(
                "mission \"{}\" accomplished with {} VP; you declared the end of the game",
                spec.name, ctx.game.vp
            ),
        );
        return Ok(());
    }
    let turn = ctx.game.turn;
    let first = *ctx.game.accomplished_on.get_or_insert(turn);
    ctx.note(
        format!("You play on. The mission \"{}\" stays accomplished (turn {first}); you may declare the end at any later Objective phase while its conditions hold.", spec.name),
        "17.0",
    );
    Ok(())
}

fn end_game(ctx: &mut Ctx, won: bool, reason: String) {
    ctx.game.game_over = Some(GameOver {
        won,
        reason: reason.clone(),
    });
    ctx.game.phase = Phase::GameOver;
    ctx.emit(Event::GameEnded { won, reason });
    crate::rules::campaign::mission_ended(ctx, won);
}

/// 4.0/17.0: with every German warship sunk the game ends — lost, unless the mission was accomplished at
/// an earlier Objective phase (4.0: completed before the game ends is a win).
pub fn all_ships_lost(ctx: &mut Ctx) {
    match ctx.game.accomplished_on {
        Some(turn) => end_game(ctx, true, format!("every German warship has been sunk, but the mission was accomplished on turn {turn}")),
        None => end_game(ctx, false, "every German warship has been sunk".to_string()),
    }
}
