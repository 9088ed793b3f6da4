//! 23.0 Mines (optional): a German CL carrying mines lays them in its space during a Movement phase (never
//! in a neutral port or base; it costs no movement and they are never taken back). When Allied warships
//! are face up in a mined space at the end of an Incident phase, one die each: a 6 puts that ship out of
//! the scenario for the Germans' VP; then the mines are used up (back to the Available box).

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::counters::is_allied_warship;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{CounterKind, RulesPack};
use crate::ground::ports::{self, Side};
use crate::ground::state::{Game, Location, Phase};

pub const MINES: &str = "mines";

fn check(pack: &RulesPack, game: &Game, ship: &str) -> Result<(), RuleError> {
    if game.phase != Phase::Movement || !game.pending.is_empty() {
        return Err(not_now("mines are laid in the Movement phase (23.0)"));
    }
    let s = game
        .active_ships()
        .find(|s| s.id == ship)
        .ok_or_else(|| RuleError::Unknown {
            what: "German ship afloat",
            id: ship.to_string(),
        })?;
    if !s.cargo.iter().any(|c| c == MINES) {
        return Err(illegal(format!("{} carries no mines", s.name)));
    }
    if ports::port_side(pack, game, &s.position) == Some(Side::Neutral) {
        return Err(illegal(
            "mines may not be laid in a neutral port or naval base (23.0)",
        ));
    }
    Ok(())
}

pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    game.active_ships()
        .filter(|s| check(pack, game, &s.id).is_ok())
        .map(|s| Action::LayMines { ship: s.id.clone() })
        .collect()
}

/// 23.0: the mines leave their hull box for the ship's space.
pub fn lay(ctx: &mut Ctx, ship: &str) -> Result<(), RuleError> {
    check(ctx.pack, ctx.game, ship)?;
    let s = ctx.game.ship_mut(ship).expect("checked");
    let at = s.cargo.iter().position(|c| c == MINES).expect("checked");
    s.cargo.remove(at);
    let space = s.position.clone();
    ctx.game.mines.push(space.clone());
    ctx.emit(Event::CargoChanged {
        ship: ship.to_string(),
        item: MINES.into(),
        name: "Mines".into(),
        aboard: false,
        how: format!("laid at {}", space.describe(ctx.pack)),
        rule: "23.0".into(),
    });
    ctx.instruct(
        format!("Place the mines marker at {}.", space.describe(ctx.pack)),
        "23.0",
    );
    Ok(())
}

/// 23.0: mined spaces holding face-up Allied warships (checked at the end of each Incident phase).
pub fn strike(ctx: &mut Ctx) {
    let fields = ctx.game.mines.clone();
    for space in fields {
        let ships: Vec<_> = ctx
            .game
            .counters_at(&Location::OnMap {
                space: space.clone(),
            })
            .filter(|c| is_allied_warship(ctx.pack, *c))
            .collect();
        if ships.is_empty() {
            continue;
        }
        for id in ships {
            let spec = ctx.pack.counter_spec(id);
            let name = spec.name.clone();
            let face = ctx.roll_d6(
                format!(
                    "Mines at {}: {name} strikes on a 6",
                    space.describe(ctx.pack)
                ),
                "23.0",
            );
            if face == 6 {
                ctx.game.move_counter(id, Location::Sunk);
                ctx.emit(Event::CounterReturned {
                    counter: spec.id.clone(),
                    name: name.clone(),
                    to: "mined, out of the scenario (Allied Ships Sunk box)".into(),
                    rule: "23.0".into(),
                });
                let vp = match spec.kind {
                    CounterKind::Incident { ship: Some(v), .. } => ctx
                        .pack
                        .charts
                        .vp_for(v.ship_type)
                        .map(|r| r.sunk)
                        .unwrap_or(0),
                    _ => 0,
                };
                if vp != 0 {
                    ctx.change_vp(vp, format!("{name} mined"), "23.0, Victory Points Chart");
                }
            }
        }
        if let Some(at) = ctx.game.mines.iter().position(|m| m == &space) {
            ctx.game.mines.remove(at);
        }
        ctx.instruct(
            format!(
                "Remove the mines marker at {} (back to the Available box).",
                space.describe(ctx.pack)
            ),
            "23.0",
        );
    }
}
