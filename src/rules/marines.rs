//! 9.2 Seebataillon and capturing ports: a German warship that has eliminated an enemy port's coastal
//! defenses (and with no enemy warships there) lands its marines at the end of the Shore Bombardment
//! phase; the port stays captured while a German warship and the detachment are both there; marines left
//! without a warship are eliminated; they may re-embark at any time.

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::counters::is_allied_warship;
use crate::ground::error::{illegal, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{PlaceKind, RulesPack};
use crate::ground::ports::{self, Side};
use crate::ground::state::{Game, Location, Phase, SpaceRef};
use crate::rules::combat::firing::gear;

/// Whether `ship` may land its Seebataillon now (9.2).
fn landing_check(pack: &RulesPack, game: &Game, ship: &str) -> Result<String, RuleError> {
    if game.phase != Phase::ShoreBombardment {
        return Err(crate::ground::error::not_now(
            "marines land at the end of the Shore Bombardment phase (9.2)",
        ));
    }
    let s = game
        .active_ships()
        .find(|s| s.id == ship)
        .ok_or_else(|| RuleError::Unknown {
            what: "ship",
            id: ship.to_string(),
        })?;
    if !s.cargo.iter().any(|c| c == gear::SEEBATAILLON) {
        return Err(illegal(format!(
            "{} has no Seebataillon detachment aboard (9.2)",
            s.name
        )));
    }
    let place = ports::port_at(pack, &s.position)
        .ok_or_else(|| illegal("marines land only in a port (9.2)"))?;
    if place.kind != PlaceKind::Port || ports::side_in(game, place.nation) != Side::Enemy {
        return Err(illegal(
            "marines may capture an enemy port, never a naval base or a neutral port (9.2)",
        ));
    }
    if game.captured_ports.contains(&place.id) {
        return Err(illegal(format!("{} is already captured", place.name)));
    }
    if game.turn_state.storm.contains(&s.position) {
        return Err(illegal("no landing under a Storm (Incident Chart)"));
    }
    if game.count_at(&Location::Port {
        port: place.id.clone(),
    }) > 0
    {
        return Err(illegal(
            "the port's coastal defenses must be eliminated first (9.2)",
        ));
    }
    if game
        .counters_at(&Location::OnMap {
            space: s.position.clone(),
        })
        .any(|c| is_allied_warship(pack, c))
    {
        return Err(illegal(
            "enemy warships in the port must be eliminated first (9.2)",
        ));
    }
    if crate::rules::combat::salvo::battle(game, &s.position)
        .is_some_and(|b| b.stage != crate::ground::state::BattleStage::Over)
    {
        return Err(crate::ground::error::not_now(
            "finish the bombardment first",
        ));
    }
    Ok(place.id.clone())
}

/// Landings and re-embarkations the player may make now.
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions: Vec<Action> = game
        .active_ships()
        .filter(|s| landing_check(pack, game, &s.id).is_ok())
        .map(|s| Action::LandMarines { ship: s.id.clone() })
        .collect();
    actions.extend(embark_actions(game));
    actions
}

/// 9.2: any German warship in a captured port may take the detachment back aboard, at any time.
pub fn embark_actions(game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    for port in &game.captured_ports {
        let here = SpaceRef::place(port);
        if let Some(s) = game.active_ships().find(|s| s.position == here) {
            actions.push(Action::EmbarkMarines { ship: s.id.clone() });
        }
    }
    actions
}

/// 9.2: the detachment lands and the port is captured.
pub fn land(ctx: &mut Ctx, ship: &str) -> Result<(), RuleError> {
    let port = landing_check(ctx.pack, ctx.game, ship)?;
    let s = ctx.game.ship_mut(ship).expect("checked");
    let at = s
        .cargo
        .iter()
        .position(|c| c == gear::SEEBATAILLON)
        .expect("checked");
    s.cargo.remove(at);
    let name = s.name.clone();
    ctx.game.captured_ports.push(port.clone());
    let port_name = SpaceRef::place(&port).describe(ctx.pack);
    ctx.emit(Event::PortCaptured {
        port: port.clone(),
        ship: ship.to_string(),
        rule: "9.2".into(),
    });
    ctx.instruct(format!("{name} lands its Seebataillon: {port_name} is captured while a German warship stays there."), "9.2");
    Ok(())
}

/// 9.2: re-embark the detachment of the captured port where `ship` lies.
pub fn embark(ctx: &mut Ctx, ship: &str) -> Result<(), RuleError> {
    let s = ctx
        .game
        .active_ships()
        .find(|s| s.id == ship)
        .ok_or_else(|| RuleError::Unknown {
            what: "ship",
            id: ship.to_string(),
        })?;
    let Some(port) = s
        .position
        .place_id()
        .filter(|p| ctx.game.captured_ports.iter().any(|c| c == p))
        .map(str::to_string)
    else {
        return Err(illegal(format!("{} is not in a captured port", s.name)));
    };
    ctx.game.captured_ports.retain(|p| p != &port);
    ctx.game
        .ship_mut(ship)
        .expect("checked")
        .cargo
        .push(gear::SEEBATAILLON.to_string());
    ctx.instruct(
        format!(
            "The Seebataillon re-embarks; {} is no longer held.",
            SpaceRef::place(&port).describe(ctx.pack)
        ),
        "9.2",
    );
    Ok(())
}

/// 9.2: marines in a port with no German warship are eliminated (checked after every action).
pub fn check_held(ctx: &mut Ctx) {
    let lost: Vec<String> = ctx
        .game
        .captured_ports
        .iter()
        .filter(|port| {
            let here = SpaceRef::place(port);
            !ctx.game.active_ships().any(|s| s.position == here)
        })
        .cloned()
        .collect();
    for port in lost {
        ctx.game.captured_ports.retain(|p| p != &port);
        ctx.emit(Event::MarinesEliminated {
            port: port.clone(),
            rule: "9.2".into(),
        });
        ctx.instruct(
            format!(
                "No German warship remains at {}: the Seebataillon there is eliminated.",
                SpaceRef::place(&port).describe(ctx.pack)
            ),
            "9.2",
        );
    }
}
