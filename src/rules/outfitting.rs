//! 7.0 Outfitting & Repair phase: a ship that takes this phase may not move in the same turn (4.1, 7.0,
//! 10.1). Arming (7.1) and coaling (7.3) roll the Terrain Effects Chart's dice for a port or base, a
//! collier gives 2d6 coal and is then removed (7.4), a held Friendly Ship marker gives 1d6 coal and two
//! more repair dice per ship (Incident Chart); the points are then shared out by the player. Repairs are
//! in `repair`, cargo in `cargo`.

use crate::engine::ctx::Ctx;
use crate::ground::action::{Action, Share, Supply, Track};
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::pack::RulesPack;
use crate::ground::ports::{self, Side};
use crate::ground::state::{Game, Location, Pending, Phase, SpaceRef};

/// 9.1: a ship whose neutral-port visit is complete must leave, so it may not take this phase.
fn visit_complete(pack: &RulesPack, game: &Game, ship: &str) -> bool {
    visit_over(pack, game, ship)
        // 20.0: Austro-Hungarian ships are never outfitted.
        || game.ship(ship).is_some_and(|s| s.austro_hungarian)
}

/// 9.1: the ship lies in a neutral port whose one visit is over.
fn visit_over(pack: &RulesPack, game: &Game, ship: &str) -> bool {
    game.ship(ship).is_some_and(|s| {
        ports::port_side(pack, game, &s.position) == Some(Side::Neutral)
            && ports::is_closed_neutral(pack, game, &s.position)
    })
}

/// 9.1 with 7.0: a ship whose neutral-port visit is over must skip the Outfitting & Repair phase and leave,
/// so nothing that would make it an outfitting ship (and so excuse it from leaving) is open to it: no
/// repair, no cargo dumped, landed or traded, no supply.
pub fn check_may_outfit(pack: &RulesPack, game: &Game, ship: &str) -> Result<(), RuleError> {
    if game.phase != Phase::Outfitting || !visit_over(pack, game, ship) {
        return Ok(());
    }
    let s = game.ship(ship).expect("visit_over found it");
    Err(illegal(format!(
        "{} has completed its visit to {} and must skip this phase and leave (9.1)",
        s.name,
        s.position.describe(pack)
    )))
}

/// Ships that may still take part in this Outfitting phase at `space`.
fn outfitters_at<'g>(
    pack: &'g RulesPack,
    game: &'g Game,
    space: &'g SpaceRef,
) -> impl Iterator<Item = &'g crate::ground::state::GermanShip> + 'g {
    game.active_ships()
        .filter(move |s| &s.position == space && !visit_complete(pack, game, &s.id))
}

/// 7.2: while a supply's points wait to be shared out, the only decisions are the shares.
pub fn pending_distribution(pack: &RulesPack, game: &Game) -> Option<Vec<Action>> {
    match game.pending.first() {
        Some(Pending::Distribute {
            space,
            supply,
            points,
        }) => Some(distributions(pack, game, space, *supply, *points)),
        _ => None,
    }
}

/// 7.0, 7.1, 7.3, 7.5: taking the phase, resupply rolls, friendly ships and colliers (the phase's repairs
/// and cargo are their own rules; the sequence of play offers them alongside).
pub fn supply_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions: Vec<Action> = game
        .active_ships()
        .filter(|s| {
            !game.turn_state.outfitted.contains(&s.id) && !visit_complete(pack, game, &s.id)
        })
        .map(|s| Action::TakeOutfitting { ship: s.id.clone() })
        .collect();
    for space in crate::ground::state::german_spaces(game) {
        for supply in [Supply::Ammunition, Supply::Coal] {
            if resupply_check(pack, game, &space, supply).is_ok() {
                actions.push(Action::Resupply {
                    space: space.clone(),
                    supply,
                });
            }
        }
        if friendly_ship_check(pack, game, &space).is_ok() {
            actions.push(Action::UseFriendlyShip {
                space: space.clone(),
            });
        }
    }
    for c in &game.colliers {
        if collier_check(pack, game, c.id).is_ok() {
            actions.push(Action::UseCollier { collier: c.id });
        }
    }
    actions
}

/// 7.0: `ship` takes the Outfitting & Repair phase this turn (and so skips this turn's movement).
pub fn take(ctx: &mut Ctx, ship: &str) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::Outfitting {
        return Err(not_now(
            "outfitting and repair happen in the Outfitting & Repair phase (7.0)",
        ));
    }
    let name = ctx
        .game
        .active_ships()
        .find(|s| s.id == ship)
        .map(|s| s.name.clone())
        .ok_or_else(|| RuleError::Unknown {
            what: "German ship afloat",
            id: ship.to_string(),
        })?;
    if ctx.game.turn_state.outfitted.iter().any(|s| s == ship) {
        return Err(illegal(format!(
            "{name} already takes the Outfitting & Repair phase this turn"
        )));
    }
    if visit_complete(ctx.pack, ctx.game, ship) {
        return Err(illegal(format!(
            "{name} has completed its neutral-port visit and must leave instead (9.1)"
        )));
    }
    mark_outfitting(ctx, ship);
    Ok(())
}

/// 7.0: whatever a ship receives or does in this phase makes it an outfitting ship: it will not move.
pub fn mark_outfitting(ctx: &mut Ctx, ship: &str) {
    if ctx.game.turn_state.outfitted.iter().any(|s| s == ship) {
        return;
    }
    ctx.game.turn_state.outfitted.push(ship.to_string());
    let name = ctx
        .game
        .ship(ship)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    ctx.note(
        format!("{name} takes the Outfitting & Repair phase and will not move this turn (7.0)."),
        "7.0",
    );
}

/// 7.1, 7.3 with the Terrain Effects Chart: one roll of each kind per space and phase, where the chart
/// gives dice; 9.1 ships that must leave take no part.
fn resupply_check(
    pack: &RulesPack,
    game: &Game,
    space: &SpaceRef,
    supply: Supply,
) -> Result<u8, RuleError> {
    if game.phase != Phase::Outfitting || !game.pending.is_empty() {
        return Err(not_now(
            "supplies are taken in the Outfitting & Repair phase (7.0)",
        ));
    }
    if outfitters_at(pack, game, space).next().is_none() {
        return Err(illegal("no German ship there can outfit"));
    }
    if game
        .turn_state
        .resupplied
        .iter()
        .any(|(s, k)| s == space && *k == supply)
    {
        return Err(illegal(
            "that port's supplies were already taken this phase",
        ));
    }
    let row = pack.charts.terrain(ports::terrain(pack, game, space));
    let dice = match supply {
        Supply::Ammunition => row.ammunition_dice,
        Supply::Coal => row.coal_dice,
    };
    if dice == 0 {
        return Err(illegal(match supply {
            Supply::Ammunition => "no ammunition here: arming only in a friendly port or naval base, never a captured port (7.1, 9.2)",
            Supply::Coal => "no coal here (7.3, Terrain Effects Chart)",
        }));
    }
    Ok(dice)
}

/// 7.1 / 7.3: roll the chart's dice for `space`; the total is shared out next.
pub fn resupply(ctx: &mut Ctx, space: &SpaceRef, supply: Supply) -> Result<(), RuleError> {
    let dice = resupply_check(ctx.pack, ctx.game, space, supply)?;
    ctx.game.turn_state.resupplied.push((space.clone(), supply));
    let (what, rule) = match supply {
        Supply::Ammunition => ("ammunition", "7.1"),
        Supply::Coal => ("coal", "7.3"),
    };
    let where_ = space.describe(ctx.pack);
    let faces = ctx.roll_d6s(
        dice as usize,
        format!("{what} at {where_} ({dice}d6, Terrain Effects Chart)"),
        rule,
    );
    let points = faces
        .iter()
        .map(|f| *f as u16)
        .sum::<u16>()
        .min(u8::MAX as u16) as u8;
    ctx.game.pending.push(Pending::Distribute {
        space: space.clone(),
        supply,
        points,
    });
    Ok(())
}

fn collier_check(pack: &RulesPack, game: &Game, collier: u8) -> Result<SpaceRef, RuleError> {
    if game.phase != Phase::Outfitting || !game.pending.is_empty() {
        return Err(not_now(
            "colliers coal ships in the Outfitting & Repair phase (7.4)",
        ));
    }
    let c = game
        .colliers
        .iter()
        .find(|c| c.id == collier)
        .ok_or_else(|| RuleError::Unknown {
            what: "collier",
            id: collier.to_string(),
        })?;
    if game.turn_state.colliers_used.contains(&collier) {
        return Err(illegal("that collier has already given its coal"));
    }
    if outfitters_at(pack, game, &c.position).next().is_none() {
        return Err(illegal("no German warship is in the collier's space (7.4)"));
    }
    Ok(c.position.clone())
}

/// 7.4: 2d6 coal for the ships in the collier's space; the collier leaves the map at the end of the phase.
pub fn use_collier(ctx: &mut Ctx, collier: u8) -> Result<(), RuleError> {
    let space = collier_check(ctx.pack, ctx.game, collier)?;
    ctx.game.turn_state.colliers_used.push(collier);
    let faces = ctx.roll_d6s(2, format!("collier {collier}: coal (2d6)"), "7.4");
    ctx.game.pending.push(Pending::Distribute {
        space,
        supply: Supply::Coal,
        points: faces[0] + faces[1],
    });
    Ok(())
}

fn held_friendly_ship(game: &Game, space: &SpaceRef) -> Option<crate::ground::state::CounterId> {
    game.counters_at(&Location::Held {
        space: space.clone(),
    })
    .next()
}

/// Incident Chart, Friendly Ship: with a German warship still in its space, one die of coal to share and
/// two more repair dice for each ship there this phase.
fn friendly_ship_check(pack: &RulesPack, game: &Game, space: &SpaceRef) -> Result<(), RuleError> {
    if game.phase != Phase::Outfitting || !game.pending.is_empty() {
        return Err(not_now(
            "the Friendly Ship marker is used in the Outfitting & Repair phase",
        ));
    }
    if held_friendly_ship(game, space).is_none()
        || outfitters_at(pack, game, space).next().is_none()
    {
        return Err(illegal(
            "no Friendly Ship marker is held for German ships in that space",
        ));
    }
    if game.turn_state.friendly_ship_used.contains(space) {
        return Err(illegal("the Friendly Ship there was already used"));
    }
    Ok(())
}

pub fn use_friendly_ship(ctx: &mut Ctx, space: &SpaceRef) -> Result<(), RuleError> {
    friendly_ship_check(ctx.pack, ctx.game, space)?;
    ctx.game.turn_state.friendly_ship_used.push(space.clone());
    let ships: Vec<String> = outfitters_at(ctx.pack, ctx.game, space)
        .map(|s| s.id.clone())
        .collect();
    for ship in &ships {
        mark_outfitting(ctx, ship);
    }
    let roll = ctx.roll_d6("Friendly Ship: coal (1d6)", "Incident Chart: Friendly Ship");
    ctx.game.pending.push(Pending::Distribute {
        space: space.clone(),
        supply: Supply::Coal,
        points: roll,
    });
    Ok(())
}

/// The most a track holds: its starting box (docs/AMBIGUITIES.md, 7.1).
fn room(s: &crate::ground::state::GermanShip, track: Track) -> u8 {
    track.get(&s.start).saturating_sub(track.get(&s.tracks))
}

/// Shares the pending points among the ships in the space (7.1, 7.3, 7.4); what is not given is lost.
pub fn distribute(ctx: &mut Ctx, shares: &[Share]) -> Result<(), RuleError> {
    let Some(Pending::Distribute {
        space,
        supply,
        points,
    }) = ctx.game.pending.first().cloned()
    else {
        return Err(not_now("no supplies wait to be shared out"));
    };
    let mut total: u32 = 0;
    for (i, share) in shares.iter().enumerate() {
        check_share(ctx, &space, supply, share, &shares[..i])?;
        total += (share.ammunition + share.torpedoes + share.coal) as u32;
    }
    if total > points as u32 {
        return Err(illegal(format!(
            "{total} points shared out but only {points} were rolled"
        )));
    }
    ctx.game.pending.remove(0);
    let rule = if supply == Supply::Ammunition {
        "7.1"
    } else {
        "7.3"
    };
    for share in shares {
        mark_outfitting(ctx, &share.ship);
        for (track, n) in [
            (Track::Ammunition, share.ammunition),
            (Track::Torpedoes, share.torpedoes),
            (Track::Coal, share.coal),
        ] {
            if n > 0 {
                ctx.change_track(&share.ship, track, n as i32, "outfitting", rule);
            }
        }
    }
    Ok(())
}

/// 7.1, 7.3: one ship's share — a ship afloat outfitting in the space, named once, given only the kind of
/// points rolled, and no more than its tracks have room for. `before`: the shares named before it.
fn check_share(
    ctx: &Ctx,
    space: &SpaceRef,
    supply: Supply,
    share: &Share,
    before: &[Share],
) -> Result<(), RuleError> {
    let s = ctx
        .game
        .active_ships()
        .find(|s| s.id == share.ship)
        .ok_or_else(|| RuleError::Unknown {
            what: "German ship afloat",
            id: share.ship.clone(),
        })?;
    if &s.position != space || visit_complete(ctx.pack, ctx.game, &s.id) {
        return Err(illegal(format!(
            "{} is not outfitting at {}",
            s.name,
            space.describe(ctx.pack)
        )));
    }
    if before.iter().any(|o| o.ship == share.ship) {
        return Err(illegal(format!("{} is named twice", s.name)));
    }
    let wrong_kind = match supply {
        Supply::Ammunition => share.coal > 0,
        Supply::Coal => share.ammunition > 0 || share.torpedoes > 0,
    };
    if wrong_kind {
        return Err(illegal(format!(
            "these points are {}",
            if supply == Supply::Coal {
                "coal"
            } else {
                "ammunition and torpedoes"
            }
        )));
    }
    for (track, n) in [
        (Track::Ammunition, share.ammunition),
        (Track::Torpedoes, share.torpedoes),
        (Track::Coal, share.coal),
    ] {
        if n > room(s, track) {
            return Err(illegal(format!(
                "{} has room for {} more {} (its track starts at {})",
                s.name,
                room(s, track),
                crate::ground::event::track_name(track),
                track.get(&s.start)
            )));
        }
    }
    Ok(())
}

/// Ready-made ways to share the points (every other valid share is accepted too): each ship filled first
/// in turn, and an even split.
fn distributions(
    pack: &RulesPack,
    game: &Game,
    space: &SpaceRef,
    supply: Supply,
    points: u8,
) -> Vec<Action> {
    let ships: Vec<&crate::ground::state::GermanShip> = outfitters_at(pack, game, space).collect();
    let tracks: &[Track] = match supply {
        Supply::Ammunition => &[Track::Ammunition, Track::Torpedoes],
        Supply::Coal => &[Track::Coal],
    };
    let fill = |order: &[&crate::ground::state::GermanShip], even: bool| -> Vec<Share> {
        let mut left = points;
        let mut shares: Vec<Share> = order
            .iter()
            .map(|s| Share {
                ship: s.id.clone(),
                ammunition: 0,
                torpedoes: 0,
                coal: 0,
            })
            .collect();
        loop {
            let mut gave = false;
            for (i, s) in order.iter().enumerate() {
                for t in tracks {
                    let slot = match t {
                        Track::Ammunition => &mut shares[i].ammunition,
                        Track::Torpedoes => &mut shares[i].torpedoes,
                        _ => &mut shares[i].coal,
                    };
                    let want = room(s, *t).saturating_sub(*slot);
                    let n = if even { want.min(1) } else { want }.min(left);
                    *slot += n;
                    left -= n;
                    gave |= n > 0;
                }
            }
            if !even || !gave || left == 0 {
                break;
            }
        }
        shares.retain(|s| s.ammunition + s.torpedoes + s.coal > 0);
        shares
    };
    let mut answers = Vec::new();
    for first in 0..ships.len() {
        let mut order = ships.clone();
        order.rotate_left(first);
        answers.push(Action::Distribute {
            shares: fill(&order, false),
        });
    }
    if ships.len() > 1 {
        answers.push(Action::Distribute {
            shares: fill(&ships, true),
        });
    }
    answers.dedup();
    answers
}

/// 7.4: colliers that gave their coal this phase leave the map at its end.
pub fn end_phase(ctx: &mut Ctx) {
    let used = std::mem::take(&mut ctx.game.turn_state.colliers_used);
    for collier in used {
        if let Some(pos) = ctx.game.colliers.iter().position(|c| c.id == collier) {
            ctx.game.colliers.remove(pos);
            ctx.instruct(
                format!("Remove collier {collier} from the map: its coal is used (7.4)."),
                "7.4",
            );
        }
    }
}
