//! Cup only: for players who run the rules themselves, the referee is only the opaque cup and
//! the face-down stacks — the secret setup (3.0), draws from the Incident Pool (as many as the Alert Level,
//! or any number), the reveal of a patrol zone's stack or a port's coastal defenses, markers back into the
//! cup — and the trackers (turn, Alert Level, VP: corrections). No phase is enforced.

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::pack::{CounterKind, PlaceKind, RulesPack};
use crate::ground::state::{CounterId, Game, Location, Phase, SpaceRef};

/// Where cup draws are laid out: the player moves them to the map themselves.
pub fn table() -> SpaceRef {
    SpaceRef::HighSeas {
        zone: crate::ground::pack::SeaZone::EasternMed,
        label: "drawn from the cup".into(),
    }
}

pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    let pool = game.count_at(&Location::Pool) as u8;
    if pool > 0 {
        actions.push(Action::CupDraw {
            count: game.alert_level.min(pool),
        });
        if game.alert_level != 1 {
            actions.push(Action::CupDraw { count: 1 });
        }
    }
    for p in pack.places.iter().filter(|p| {
        matches!(
            p.kind,
            PlaceKind::PatrolZone | PlaceKind::Port | PlaceKind::NavalBase
        )
    }) {
        let hidden = match p.kind {
            PlaceKind::PatrolZone => game.count_at(&Location::PatrolZone { zone: p.id.clone() }),
            _ => game.count_at(&Location::Port { port: p.id.clone() }),
        };
        if hidden > 0 {
            actions.push(Action::CupReveal {
                place: p.id.clone(),
            });
        }
    }
    for (c, spec) in game.counters.iter().zip(&pack.counters.counters) {
        let incident = matches!(spec.kind, CounterKind::Incident { .. });
        if incident && matches!(c.location, Location::OnMap { .. }) {
            actions.push(Action::CupReturn {
                counter: spec.id.clone(),
            });
        }
    }
    actions
}

fn check(game: &Game) -> Result<(), RuleError> {
    if game.phase != Phase::CupOnly {
        return Err(not_now("this is for a game in cup-only mode"));
    }
    Ok(())
}

/// Draws `count` markers from the cup at random and shows them.
pub fn draw(ctx: &mut Ctx, count: u8) -> Result<(), RuleError> {
    check(ctx.game)?;
    let mut pool: Vec<CounterId> = ctx.game.counters_at(&Location::Pool).collect();
    if count == 0 || count as usize > pool.len() {
        return Err(illegal(format!("the cup holds {} markers", pool.len())));
    }
    for _ in 0..count {
        let id = pool.swap_remove(ctx.game.dice.index(pool.len()));
        ctx.game
            .move_counter(id, Location::OnMap { space: table() });
        ctx.reveal(id, table(), "13.0");
    }
    Ok(())
}

/// Turns a patrol zone's stack or a port's coastal defenses face up.
pub fn reveal(ctx: &mut Ctx, place: &str) -> Result<(), RuleError> {
    check(ctx.game)?;
    let spec = ctx.pack.place(place).ok_or_else(|| RuleError::Unknown {
        what: "place",
        id: place.to_string(),
    })?;
    let at = match spec.kind {
        PlaceKind::PatrolZone => Location::PatrolZone {
            zone: place.to_string(),
        },
        PlaceKind::Port | PlaceKind::NavalBase => Location::Port {
            port: place.to_string(),
        },
        PlaceKind::AtlanticExit => return Err(illegal("nothing is hidden there")),
    };
    let hidden: Vec<CounterId> = ctx.game.counters_at(&at).collect();
    if hidden.is_empty() {
        return Err(illegal(format!("nothing face down at {}", spec.name)));
    }
    let space = SpaceRef::place(place);
    for id in hidden {
        if spec.kind == PlaceKind::PatrolZone {
            ctx.game.move_counter(
                id,
                Location::OnMap {
                    space: space.clone(),
                },
            );
        } else {
            ctx.game.counters[id.index()].known_to_player = true;
        }
        ctx.reveal(
            id,
            space.clone(),
            if spec.kind == PlaceKind::PatrolZone {
                "13.0 step 1"
            } else {
                "16.0"
            },
        );
    }
    Ok(())
}

/// A face-up marker goes back into the cup.
pub fn put_back(ctx: &mut Ctx, counter: &str) -> Result<(), RuleError> {
    check(ctx.game)?;
    let index = ctx
        .pack
        .counter_index(counter)
        .ok_or_else(|| RuleError::Unknown {
            what: "counter",
            id: counter.to_string(),
        })?;
    let id = CounterId(index as u16);
    if !matches!(ctx.game.counter(id).location, Location::OnMap { .. })
        || !matches!(ctx.pack.counter_spec(id).kind, CounterKind::Incident { .. })
    {
        return Err(illegal(
            "only a face-up incident marker goes back into the cup",
        ));
    }
    crate::rules::incidents::return_to_pool(ctx, id, "13.1", "");
    Ok(())
}
