//! 21.2 Reconnaissance (optional rule 21.0): once per Intelligence phase a seaplane aboard a German BC
//! flies to a space next to its ship (the player names it; the app cannot see the map) and one die decides:
//! 1 shot down (back to the Available box), 2–3 nothing found, 4–6 every Allied unit there is revealed to
//! the player (face-down markers stay face down, as with the Intelligence Table).

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::counters::counter_info;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{PlaceKind, RulesPack};
use crate::ground::state::{Game, Location, Phase};
use crate::rules::combat::firing::gear;

fn check(pack: &RulesPack, game: &Game, ship: &str, zone: &str) -> Result<(), RuleError> {
    if game.phase != Phase::Intelligence || !game.pending.is_empty() {
        return Err(not_now("seaplanes fly in the Intelligence phase (21.2)"));
    }
    if !game.options.seaplanes {
        return Err(illegal(
            "optional rule 21.0 (seaplanes) is not in this game",
        ));
    }
    let s = game
        .active_ships()
        .find(|s| s.id == ship)
        .ok_or_else(|| RuleError::Unknown {
            what: "German ship afloat",
            id: ship.to_string(),
        })?;
    if !s.cargo.iter().any(|c| c == gear::SEAPLANE) {
        return Err(illegal(format!("{} carries no seaplane", s.name)));
    }
    if game.turn_state.reconnaissance.iter().any(|r| r == ship) {
        return Err(illegal(
            "one reconnaissance per seaplane and Intelligence phase (21.2)",
        ));
    }
    match pack.place(zone) {
        Some(p) if p.kind == PlaceKind::PatrolZone => Ok(()),
        Some(p) => Err(illegal(format!(
            "{} holds no hidden Allied units: fly over a patrol zone",
            p.name
        ))),
        None => Err(RuleError::Unknown {
            what: "patrol zone",
            id: zone.to_string(),
        }),
    }
}

/// Reconnaissance flights open now: each seaplane over each patrol zone still holding face-down markers
/// (adjacency is the player's to respect on the map).
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    for s in game.active_ships() {
        for p in pack
            .places
            .iter()
            .filter(|p| p.kind == PlaceKind::PatrolZone)
        {
            let hidden = game
                .counters_at(&Location::PatrolZone { zone: p.id.clone() })
                .any(|c| !game.counter(c).known_to_player);
            if hidden && check(pack, game, &s.id, &p.id).is_ok() {
                actions.push(Action::Reconnoitre {
                    ship: s.id.clone(),
                    zone: p.id.clone(),
                });
            }
        }
    }
    actions
}

pub fn reconnoitre(ctx: &mut Ctx, ship: &str, zone: &str) -> Result<(), RuleError> {
    check(ctx.pack, ctx.game, ship, zone)?;
    ctx.game.turn_state.reconnaissance.push(ship.to_string());
    let zone_name = ctx
        .pack
        .place(zone)
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let face = ctx.roll_d6(
        format!("Seaplane over {zone_name}: 1 shot down, 2–3 nothing, 4–6 Allied units revealed"),
        "21.2",
    );
    match face {
        1 => {
            let s = ctx.game.ship_mut(ship).expect("checked");
            if let Some(at) = s.cargo.iter().position(|c| c == gear::SEAPLANE) {
                s.cargo.remove(at);
            }
            ctx.emit(Event::CargoChanged {
                ship: ship.to_string(),
                item: gear::SEAPLANE.into(),
                name: "Seaplane".into(),
                aboard: false,
                how: "shot down: to the Available box".into(),
                rule: "21.2".into(),
            });
        }
        2 | 3 => ctx.note(
            format!("The seaplane finds nothing over {zone_name} and returns."),
            "21.2",
        ),
        _ => {
            let hidden: Vec<_> = ctx
                .game
                .counters_at(&Location::PatrolZone {
                    zone: zone.to_string(),
                })
                .collect();
            let mut shown = Vec::new();
            for id in hidden {
                ctx.game.counters[id.index()].known_to_player = true;
                shown.push(counter_info(ctx.pack, id));
            }
            ctx.emit(Event::Examined {
                zone: zone.to_string(),
                counters: shown,
                rule: "21.2".into(),
            });
        }
    }
    Ok(())
}
