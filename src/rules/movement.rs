//! 12.0 Movement. The player moves the counters on the map and reports where each ship ended and at
//! which speed band; the referee cannot count spaces (it does not know the map's lines), so it trusts
//! the band and checks everything else: coal (12.2–12.3), the emergency engine check (12.3), engines at
//! zero (6.2), ships that outfitted (7.0), the Black Sea and Atlantic exit (12.5), neutral ports (9.1)
//! and the zones closed by French Navy Sorties (Incident Chart).

use crate::engine::ctx::Ctx;
use crate::ground::action::{Action, Speed, Track};
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{EndIn, PlaceKind, RulesPack, SeaZone, Tracks};
use crate::ground::ports::{self, Side};
use crate::ground::state::{Game, Location, Phase, ShipStatus, SpaceRef, SPACE_LABEL_MAX_CHARS};

/// The three speeds of an engine track position (12.1–12.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Speeds {
    pub cruise: u8,
    pub maximum: u8,
    pub emergency: u8,
}

/// 12.1–12.3: the speeds of an undamaged Engines track of `engines` boxes, from the engine-speed chart.
/// Goeben's engines 6 give cruise 4, maximum 5, emergency 6 (the rule examples).
pub fn speeds(pack: &RulesPack, engines: u8) -> Speeds {
    let row = pack.charts.engine_speeds(engines);
    Speeds {
        cruise: row.cruise,
        maximum: row.maximum,
        emergency: row.emergency,
    }
}

/// 6.2, 12.4: a ship's speeds now. The track's cruise and max ranges are printed and stay put; the
/// Engines marker is a ceiling: each speed of the undamaged track, capped at the marker (Goeben 4/5/6,
/// one hit 4/5/5, two 4/4/4: "not able to move to its Max range"). With the house rule "engine hits
/// slow every speed", each hit lowers all three (the row of the marker's box). docs/AMBIGUITIES.md.
pub fn ship_speeds(
    pack: &RulesPack,
    options: &crate::ground::state::GameOptions,
    ship: &crate::ground::state::GermanShip,
) -> Speeds {
    let engines = ship.tracks.engines;
    if options.engine_hits_slow_all {
        return speeds(pack, engines);
    }
    let track = speeds(pack, ship.start.engines.max(engines));
    Speeds {
        cruise: track.cruise.min(engines),
        maximum: track.maximum.min(engines),
        emergency: track.emergency.min(engines),
    }
}

/// The patrol zones French Navy Sorties closes for the ensuing Movement phase.
pub const FRENCH_SORTIE_ZONES: [&str; 2] = ["toulon_pz", "north_african_pz"];

/// 12.0: one ship's move, as reported by the player.
pub fn move_ship(
    ctx: &mut Ctx,
    ship_id: &str,
    to: &SpaceRef,
    speed: Speed,
) -> Result<(), RuleError> {
    let (name, from, tracks) = ship_that_may_move(ctx, ship_id)?;
    if speed == Speed::Stay {
        check_stay(ctx, ship_id, &name, &from, to)?;
        ctx.game.turn_state.moved.push(ship_id.to_string());
        return Ok(());
    }
    let (limit, austro_hungarian) = check_speed(ctx, ship_id, &name, to, speed, tracks)?;
    check_destination(ctx.pack, ctx.game, to)?;

    // All checks passed: from here on the move happens.
    if matches!(speed, Speed::Maximum | Speed::Emergency) && !austro_hungarian {
        let rule = if speed == Speed::Maximum {
            "12.2"
        } else {
            "12.3"
        };
        ctx.change_track(
            ship_id,
            Track::Coal,
            -1,
            "coal for maximum or emergency speed",
            rule,
        );
    }
    let ship = ctx.game.ship_mut(ship_id).expect("checked above");
    ship.position = to.clone();
    ctx.game.turn_state.moved.push(ship_id.to_string());
    ctx.emit(Event::ShipMoved {
        ship: ship_id.to_string(),
        from,
        to: to.clone(),
        speed,
        limit,
    });
    if speed == Speed::Emergency {
        engine_check(ctx, ship_id, &name);
    }
    Ok(())
}

/// 12.0: a ship afloat that has not moved this turn, in the Movement phase: its name, where it is and its
/// tracks.
fn ship_that_may_move(ctx: &Ctx, ship_id: &str) -> Result<(String, SpaceRef, Tracks), RuleError> {
    if ctx.game.phase != Phase::Movement {
        return Err(not_now("ships move in the Movement phase (12.0)"));
    }
    let ship = ctx.game.ship(ship_id).ok_or_else(|| RuleError::Unknown {
        what: "ship",
        id: ship_id.to_string(),
    })?;
    if ship.status != ShipStatus::Active {
        return Err(illegal(format!("{} is sunk", ship.name)));
    }
    if ctx.game.turn_state.moved.iter().any(|s| s == ship_id) {
        return Err(illegal(format!(
            "{} has already moved this turn",
            ship.name
        )));
    }
    Ok((ship.name.clone(), ship.position.clone(), ship.tracks))
}

/// A ship that stays ends where it started, and may not stay where its visit is over (9.1).
fn check_stay(
    ctx: &Ctx,
    ship_id: &str,
    name: &str,
    from: &SpaceRef,
    to: &SpaceRef,
) -> Result<(), RuleError> {
    if to != from {
        return Err(illegal(
            "a ship that stays ends where it started: report a speed to move it",
        ));
    }
    if must_leave(ctx.pack, ctx.game).iter().any(|s| s == ship_id) {
        return Err(illegal(format!(
            "{name} has completed its visit to {} and must leave it now (9.1)",
            from.describe(ctx.pack)
        )));
    }
    Ok(())
}

/// 7.0, 10.1, 12.1–12.4, 20.0: whether the ship may sail at `speed` to `to`; the spaces the speed allows,
/// and whether the ship is Austro-Hungarian (it burns no reserve coal).
fn check_speed(
    ctx: &Ctx,
    ship_id: &str,
    name: &str,
    to: &SpaceRef,
    speed: Speed,
    tracks: Tracks,
) -> Result<(u8, bool), RuleError> {
    if ctx.game.turn_state.outfitted.iter().any(|s| s == ship_id) {
        return Err(illegal(format!(
            "{name} outfitted or repaired this turn and may not move (7.0, 10.1)"
        )));
    }
    // `tracks` are the ship's own (ship_that_may_move).
    let ship = ctx
        .game
        .ship(ship_id)
        .expect("checked by ship_that_may_move");
    let band = ship_speeds(ctx.pack, &ctx.game.options, ship);
    let limit = match speed {
        Speed::Stay => 0,
        Speed::Cruise => band.cruise,
        Speed::Maximum => band.maximum,
        Speed::Emergency => band.emergency,
    };
    if limit == 0 {
        return Err(illegal(format!(
            "{name} cannot move at that speed: its engines give it none (6.2, 12.4)"
        )));
    }
    let austro_hungarian = ctx.game.ship(ship_id).is_some_and(|s| s.austro_hungarian);
    if austro_hungarian && !crate::rules::austro_hungarian::may_enter(to.sea_zone(ctx.pack)) {
        return Err(illegal(format!(
            "{name} may only sail the Adriatic, Eastern Mediterranean and Aegean (20.0)"
        )));
    }
    if matches!(speed, Speed::Maximum | Speed::Emergency) && tracks.coal == 0 && !austro_hungarian {
        return Err(illegal(format!(
            "{name} has no reserve coal for maximum or emergency speed (12.2, 12.3)"
        )));
    }
    Ok((limit, austro_hungarian))
}

/// 12.3: the engine check after emergency speed; the move itself stands whatever the roll.
fn engine_check(ctx: &mut Ctx, ship_id: &str, name: &str) {
    let roll = ctx.roll_d6(
        format!("{name}: engine check after emergency speed (1–2 damages the engines)"),
        "12.3",
    );
    if roll <= 2 {
        ctx.change_track(
            ship_id,
            Track::Engines,
            -1,
            "engine damage at emergency speed",
            "12.3",
        );
    }
}

/// Where a German warship may not end its move (12.5, 9.1, Incident Chart).
pub fn check_destination(pack: &RulesPack, game: &Game, to: &SpaceRef) -> Result<(), RuleError> {
    match to {
        SpaceRef::HighSeas { zone, label } => {
            if label.chars().count() > SPACE_LABEL_MAX_CHARS {
                return Err(illegal(format!(
                    "a space label has at most {SPACE_LABEL_MAX_CHARS} characters"
                )));
            }
            if *zone == SeaZone::Atlantic && !atlantic_allowed(pack, game) {
                return Err(illegal(
                    "the Atlantic may be entered only on the Atlantic Breakout mission (12.5)",
                ));
            }
            if *zone == SeaZone::BlackSea {
                return Err(illegal("no ship may ever enter the Black Sea (12.5)"));
            }
        }
        SpaceRef::Place { id } => {
            let place = pack.place(id).ok_or_else(|| RuleError::Unknown {
                what: "place",
                id: id.clone(),
            })?;
            if place.sea_zone == SeaZone::BlackSea {
                return Err(illegal("no ship may ever enter the Black Sea (12.5)"));
            }
            if place.kind == PlaceKind::AtlanticExit && !atlantic_allowed(pack, game) {
                return Err(illegal(
                    "the Atlantic exit may be entered only on the Atlantic Breakout mission (12.5)",
                ));
            }
            if ports::is_closed_neutral(pack, game, to) {
                return Err(illegal(format!(
                    "{} was already visited: no German ship may enter it again (9.1)",
                    place.name
                )));
            }
            if game.french_sortie.is_some() && FRENCH_SORTIE_ZONES.contains(&id.as_str()) {
                return Err(illegal(format!(
                    "French Navy Sorties: no German ship may enter {} this movement phase",
                    place.name
                )));
            }
        }
    }
    Ok(())
}

/// 12.5: the Atlantic exit is open only when the drawn Orders end the mission there.
fn atlantic_allowed(pack: &RulesPack, game: &Game) -> bool {
    let spec = crate::rules::victory::orders_spec(pack, game);
    matches!(&spec.end_in, EndIn::Spaces { spaces } if spaces.iter().any(|s| pack.place(s).is_some_and(|p| p.kind == PlaceKind::AtlanticExit)))
}

/// The moves offered for each ship that has not moved yet: staying, every named place it may enter at
/// cruise speed, and open sea in each zone at each speed it can afford. (The player may also report a
/// labelled open-sea space; any label is accepted.)
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    let leaving = must_leave(pack, game);
    for ship in game.active_ships() {
        if game.turn_state.moved.contains(&ship.id) {
            continue;
        }
        if !leaving.contains(&ship.id) {
            actions.push(Action::Move {
                ship: ship.id.clone(),
                to: ship.position.clone(),
                speed: Speed::Stay,
            });
        }
        if game.turn_state.outfitted.contains(&ship.id) {
            continue;
        }
        let band = ship_speeds(pack, &game.options, ship);
        let mut bands = Vec::new();
        if band.cruise > 0 {
            bands.push(Speed::Cruise);
        }
        // 12.2, 12.3: engines 1 give emergency speed alone (the Engine Speeds chart).
        let coal = ship.tracks.coal > 0 || ship.austro_hungarian;
        if coal && band.maximum > 0 {
            bands.push(Speed::Maximum);
        }
        if coal && band.emergency > 0 {
            bands.push(Speed::Emergency);
        }
        let Some(first) = bands.first().copied() else {
            continue;
        };
        for place in &pack.places {
            let to = SpaceRef::place(&place.id);
            let sea_ok = !ship.austro_hungarian
                || crate::rules::austro_hungarian::may_enter(to.sea_zone(pack));
            if to != ship.position && sea_ok && check_destination(pack, game, &to).is_ok() {
                actions.push(Action::Move {
                    ship: ship.id.clone(),
                    to,
                    speed: first,
                });
            }
        }
        for zone in [
            SeaZone::WesternMed,
            SeaZone::Adriatic,
            SeaZone::EasternMed,
            SeaZone::Aegean,
        ] {
            if ship.austro_hungarian && !crate::rules::austro_hungarian::may_enter(zone) {
                continue;
            }
            for &speed in &bands {
                actions.push(Action::Move {
                    ship: ship.id.clone(),
                    to: SpaceRef::HighSeas {
                        zone,
                        label: String::new(),
                    },
                    speed,
                });
            }
        }
    }
    actions
}

/// 9.1: ships that completed a visit to a neutral port in an earlier phase and have not left it yet.
fn must_leave(pack: &RulesPack, game: &Game) -> Vec<String> {
    game.active_ships()
        .filter(|ship| {
            let started_in = game
                .turn_state
                .movement_start
                .iter()
                .find(|(s, _)| s == &ship.id)
                .map(|(_, p)| p);
            started_in
                .is_some_and(|p| p == &ship.position && ports::is_closed_neutral(pack, game, p))
        })
        // Only a ship that truly cannot move stays: no cruise speed and no coal (or no engines) for
        // maximum or emergency speed (12.1–12.4). Nothing else excuses it: a ship that must leave may not
        // take the Outfitting & Repair phase (outfitting::check_may_outfit).
        .filter(|ship| can_move(pack, game, ship))
        .map(|ship| ship.id.clone())
        .collect()
}

/// 12.1–12.4, 20.0: the ship has a speed it can sail at: cruise, or emergency (and maximum, where the
/// engines give it) with reserve coal (Austro-Hungarian ships burn none).
fn can_move(pack: &RulesPack, game: &Game, ship: &crate::ground::state::GermanShip) -> bool {
    let band = ship_speeds(pack, &game.options, ship);
    band.cruise > 0 || ((ship.tracks.coal > 0 || ship.austro_hungarian) && band.emergency > 0)
}

/// Whether the Movement phase may end now (no ship still owes its exit from a visited neutral port).
pub fn may_end(pack: &RulesPack, game: &Game) -> bool {
    must_leave(pack, game).is_empty()
}

/// 9.1: the neutral ports where a ship stayed through this whole Movement phase (each a completed visit,
/// once), and the ships still based in the neutral port their mission began in (the Orders Chart's basing
/// bonus: no visit).
fn completed_visits(pack: &RulesPack, game: &Game) -> (Vec<String>, Vec<String>) {
    let mut visits = Vec::new();
    let mut still_based = Vec::new();
    for ship in game.active_ships() {
        let stayed = game
            .turn_state
            .movement_start
            .iter()
            .any(|(s, p)| s == &ship.id && p == &ship.position);
        // Orders Chart basing bonus: staying in the neutral port the mission began in is no visit.
        if stayed && game.neutral_basing.contains(&ship.id) {
            still_based.push(ship.id.clone());
            continue;
        }
        if stayed && ports::port_side(pack, game, &ship.position) == Some(Side::Neutral) {
            if let Some(id) = ship.position.place_id() {
                if !game.neutral_visited.iter().any(|v| v == id)
                    && !visits.contains(&id.to_string())
                {
                    visits.push(id.to_string());
                }
            }
        }
    }
    (visits, still_based)
}

/// The end of the Movement phase: ships not moved stayed; the 9.1 visit and exit rules; French Navy
/// Sorties sinks ships left in the closed zones and its marker goes back to the pool.
pub fn end_movement(ctx: &mut Ctx) -> Result<(), RuleError> {
    // 9.1: after a completed visit a ship must leave the neutral port (unless its engines are gone).
    if let Some(ship) = must_leave(ctx.pack, ctx.game)
        .first()
        .and_then(|id| ctx.game.ship(id))
    {
        return Err(illegal(format!(
            "{} has completed its visit to {} and must leave it this Movement phase (9.1)",
            ship.name,
            ship.position.describe(ctx.pack)
        )));
    }
    let (visits, still_based) = completed_visits(ctx.pack, ctx.game);
    ctx.game.neutral_basing = still_based;
    for id in visits {
        let name = ctx
            .pack
            .place(&id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| id.clone());
        ctx.game.neutral_visited.push(id);
        ctx.instruct(format!("Put a Neutral Port Visited marker on {name}: no German ship may enter it again (9.1)."), "9.1");
    }
    // French Navy Sorties: ships still in the closed zones are sunk; the marker returns to the pool.
    if let Some(marker) = ctx.game.french_sortie.take() {
        let doomed: Vec<String> = ctx
            .game
            .active_ships()
            .filter(|s| {
                s.position
                    .place_id()
                    .is_some_and(|id| FRENCH_SORTIE_ZONES.contains(&id))
            })
            .map(|s| s.id.clone())
            .collect();
        for id in doomed {
            ctx.sink_german_ship(
                &id,
                "caught by the French fleet sortie",
                "Incident Chart: French Navy Sorties",
            );
        }
        ctx.game.move_counter(marker, Location::Pool);
        ctx.instruct(
            "Return the French Navy Sorties marker to the Incident Pool.",
            "Incident Chart",
        );
    }
    Ok(())
}
