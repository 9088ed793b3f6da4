//! 13.0 Incident phase and the Incident Chart: reveal the markers in each space with German warships,
//! pick as many as the Alert Level from the pool (13.2 in ports), sort them, resolve the others in the
//! order picked (13.1), return what is not removed from play.
//!
//! 6.1: when the task force is split, the player chooses the order of spaces (`resolve_incidents`).
//! Decisions the chart leaves to the player (submarine evasion, which ship takes the ram damage) and
//! questions about the map (a collier near the French zones) stop the resolution as `Pending` until
//! answered; resolution then goes on where it stopped.

use crate::engine::ctx::Ctx;
use crate::ground::action::{Action, Track};
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{AlertEvent, IncidentKind, PlaceKind, RulesPack, SeaZone};
use crate::ground::ports::{self, Side};
pub use crate::ground::state::german_spaces;
use crate::ground::state::{CounterId, Game, Location, Pending, Phase, SpaceRef};
use crate::rules::combat_damage;
use crate::rules::movement;

fn ships_in(game: &Game, space: &SpaceRef) -> Vec<String> {
    game.active_ships()
        .filter(|s| &s.position == space)
        .map(|s| s.id.clone())
        .collect()
}

fn kind_of(pack: &RulesPack, id: CounterId) -> Option<IncidentKind> {
    pack.counter_spec(id).kind.incident()
}

fn name_of(pack: &RulesPack, id: CounterId) -> String {
    pack.counter_spec(id).name.clone()
}

/// What the player may do in the Incident phase now.
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    if let Some(pending) = game.pending.first() {
        return pending_answers(pack, game, pending);
    }
    let open: Vec<Action> = german_spaces(game)
        .into_iter()
        .filter(|s| !game.turn_state.incidents_done.contains(s))
        .map(|space| Action::ResolveIncidents { space })
        .collect();
    if open.is_empty() {
        vec![Action::EndPhase]
    } else {
        open
    }
}

/// The legal answers to a pending decision.
pub fn pending_answers(pack: &RulesPack, game: &Game, pending: &Pending) -> Vec<Action> {
    match pending {
        Pending::SubmarineEvasion { ship, .. } => {
            let mut answers = vec![Action::EvadeSubmarine {
                ship: ship.clone(),
                spend_coal: false,
            }];
            if game.ship(ship).is_some_and(|s| s.tracks.coal > 0) {
                answers.insert(
                    0,
                    Action::EvadeSubmarine {
                        ship: ship.clone(),
                        spend_coal: true,
                    },
                );
            }
            answers
        }
        Pending::CollierNearFrenchZones { .. } => {
            vec![Action::Answer { yes: true }, Action::Answer { yes: false }]
        }
        Pending::RamDamage { space } => ships_in(game, space)
            .into_iter()
            .map(|ship| Action::ChooseShip { ship })
            .collect(),
        other => crate::rules::intelligence::pending_answers(pack, game, other).unwrap_or_default(),
    }
}

/// Whether every space's incidents are resolved and nothing is pending (the phase may end).
pub fn phase_complete(game: &Game) -> bool {
    game.pending.is_empty()
        && game.turn_state.incident_queue.is_empty()
        && german_spaces(game)
            .iter()
            .all(|s| game.turn_state.incidents_done.contains(s))
}

/// 13.0 steps 1–4 for the German warships in `space`.
pub fn resolve_space(ctx: &mut Ctx, space: &SpaceRef) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::Incident {
        return Err(not_now(
            "incidents are resolved in the Incident phase (13.0)",
        ));
    }
    if !ctx.game.pending.is_empty() {
        return Err(not_now("answer the pending decision first"));
    }
    if !german_spaces(ctx.game).contains(space) {
        return Err(illegal(format!(
            "no German warship is at {}",
            space.describe(ctx.pack)
        )));
    }
    if ctx.game.turn_state.incidents_done.contains(space) {
        return Err(illegal(format!(
            "the incidents at {} are already resolved this turn",
            space.describe(ctx.pack)
        )));
    }
    ctx.game.turn_state.incidents_done.push(space.clone());
    reveal_space(ctx, space);
    pick(ctx, space);
    continue_resolution(ctx);
    Ok(())
}

/// 13.0 step 1: face-down markers in the space are revealed; Quiet Seas go back to the pool.
fn reveal_space(ctx: &mut Ctx, space: &SpaceRef) {
    let Some(zone) = space.place_id().filter(|id| {
        ctx.pack
            .place(id)
            .is_some_and(|p| p.kind == PlaceKind::PatrolZone)
    }) else {
        return;
    };
    let stack: Vec<CounterId> = ctx
        .game
        .counters_at(&Location::PatrolZone {
            zone: zone.to_string(),
        })
        .collect();
    for id in stack {
        ctx.reveal(id, space.clone(), "13.0");
        match kind_of(ctx.pack, id) {
            Some(IncidentKind::QuietSeas) => return_to_pool(ctx, id, "13.0", ""),
            Some(kind) if kind.is_allied_warship() || kind == IncidentKind::AlliedMerchantman => {
                ctx.game.move_counter(
                    id,
                    Location::OnMap {
                        space: space.clone(),
                    },
                );
                ctx.instruct(
                    format!(
                        "Turn {} face up at {}: it stays there.",
                        name_of(ctx.pack, id),
                        space.describe(ctx.pack)
                    ),
                    "13.0",
                );
            }
            // 24.3: an event marker among a zone's stack is applied when revealed.
            Some(_) => queue_other(ctx, id, space),
            None => {}
        }
    }
}

/// 13.0 steps 2–3: pick from the pool and sort the picks.
fn pick(ctx: &mut Ctx, space: &SpaceRef) {
    let (normal, extra) = ports::incident_picks(ctx.pack, ctx.game, space);
    let wanted = (normal + extra) as usize;
    let mut drawn = Vec::new();
    for _ in 0..wanted {
        let pool: Vec<CounterId> = ctx.game.counters_at(&Location::Pool).collect();
        if pool.is_empty() {
            break;
        }
        let id = pool[ctx.game.dice.index(pool.len())];
        ctx.game.move_counter(
            id,
            Location::Picked {
                space: space.clone(),
            },
        );
        drawn.push(id);
    }
    ctx.emit(Event::IncidentsPicked {
        space: space.clone(),
        normal,
        extra,
        drawn: drawn.len() as u8,
    });
    for id in drawn {
        ctx.reveal(id, space.clone(), "13.0");
        ctx.game.turn_state.picked.push((id, space.clone()));
        let kind = kind_of(ctx.pack, id).expect("the pool holds incident markers only");
        sort_pick(ctx, id, kind, space);
    }
}

/// 13.0 step 3: warships and merchants are set aside in the space; the others wait in order.
fn sort_pick(ctx: &mut Ctx, id: CounterId, kind: IncidentKind, space: &SpaceRef) {
    if let Some((entry, why)) = sent_back(ctx, kind, space) {
        return_to_pool(ctx, id, entry, why);
        return;
    }
    let name = name_of(ctx.pack, id);
    let here = space.describe(ctx.pack);
    match kind {
        _ if kind.is_allied_warship() => {
            ctx.game.move_counter(
                id,
                Location::OnMap {
                    space: space.clone(),
                },
            );
            ctx.instruct(
                format!(
                    "Place {name} face up at {here}: it must be fought in the Naval Combat phase."
                ),
                "13.0",
            );
        }
        IncidentKind::AlliedMerchantman => {
            ctx.game.move_counter(
                id,
                Location::OnMap {
                    space: space.clone(),
                },
            );
            ctx.instruct(
                format!("Place {name} at {here}: it may be raided in the Commerce Raiding phase."),
                "15.0",
            );
        }
        _ => queue_other(ctx, id, space),
    }
}

/// A pick that goes straight back to the pool, with the chart entry and the reason: French warships and
/// convoys outside the Western Mediterranean, Allied warships drawn off by a fleet sortie.
fn sent_back(
    ctx: &Ctx,
    kind: IncidentKind,
    space: &SpaceRef,
) -> Option<(&'static str, &'static str)> {
    let zone = space.sea_zone(ctx.pack);
    match kind {
        // Incident Chart: French warships and convoys appear only in the Western Mediterranean.
        IncidentKind::FrenchWarship if zone != SeaZone::WesternMed => Some((
            "Incident Chart: French Warship",
            "only in the Western Mediterranean; no substitute",
        )),
        IncidentKind::FrenchTroopConvoy if zone != SeaZone::WesternMed => Some((
            "Incident Chart: French Troop Convoy",
            "only in the Western Mediterranean; no substitute",
        )),
        _ if kind.is_allied_warship() && screened(ctx, space) => Some((
            "Incident Chart: Austro-Hungarian Fleet Sorties",
            "the Austro-Hungarian fleet's sortie draws it off",
        )),
        _ if kind.is_allied_warship() && ctx.game.turn_state.screened_zones.contains(&zone) => {
            Some((
                "Incident Chart: Central Powers Fleet Sortie",
                "the Central Powers' fleet sortie draws it off",
            ))
        }
        _ => None,
    }
}

fn queue_other(ctx: &mut Ctx, id: CounterId, space: &SpaceRef) {
    ctx.game.move_counter(
        id,
        Location::Picked {
            space: space.clone(),
        },
    );
    ctx.game.turn_state.incident_queue.push((id, space.clone()));
}

/// Austro-Hungarian Fleet Sorties (standard rule) sends back Allied warships picked in the Adriatic.
fn screened(ctx: &Ctx, space: &SpaceRef) -> bool {
    ctx.game.turn_state.adriatic_screened && space.sea_zone(ctx.pack) == SeaZone::Adriatic
}

/// 13.0 step 4: resolves queued incidents in order until one needs a decision.
pub fn continue_resolution(ctx: &mut Ctx) {
    while ctx.game.pending.is_empty() && !ctx.game.turn_state.incident_queue.is_empty() {
        let (id, space) = ctx.game.turn_state.incident_queue.remove(0);
        resolve_incident(ctx, id, &space);
    }
    if ctx.game.pending.is_empty() && ctx.game.turn_state.incident_queue.is_empty() {
        // 13.1: resolved markers go back to the pool unless their entry removed them from play.
        for id in std::mem::take(&mut ctx.game.turn_state.to_return) {
            if matches!(ctx.game.counter(id).location, Location::Picked { .. }) {
                return_to_pool(ctx, id, "13.1", "");
            }
        }
    }
}

fn done_returns(ctx: &mut Ctx, id: CounterId) {
    ctx.game.turn_state.to_return.push(id);
}

/// One Incident Chart entry.
fn resolve_incident(ctx: &mut Ctx, id: CounterId, space: &SpaceRef) {
    let kind = kind_of(ctx.pack, id).expect("queued markers are incidents");
    let ships = ships_in(ctx.game, space);
    match kind {
        IncidentKind::QuietSeas => done_returns(ctx, id),
        IncidentKind::AlliedPatrol
        | IncidentKind::RoyalNavyConflictingOrders
        | IncidentKind::RoyalNavyOrdersPursue => alert_entry(ctx, id, kind, space),
        IncidentKind::AlliedSubmarine => allied_submarine(ctx, id, space, &ships),
        IncidentKind::AustroHungarianFleetSorties => austro_hungarian_sortie(ctx, id),
        IncidentKind::CollierAttacked => collier_attacked(ctx, id),
        IncidentKind::CentralPowersFleetSortie => central_powers_sortie(ctx, id),
        IncidentKind::FrenchNavySorties => french_navy_sorties(ctx, id),
        IncidentKind::FrenchTroopConvoy
        | IncidentKind::FrenchWarship
        | IncidentKind::RoyalNavyWarship
        | IncidentKind::AlliedMerchantman => {
            // Only reached for a marker revealed among a zone's stack after sorting: place it like a pick.
            sort_pick(ctx, id, kind, space);
        }
        IncidentKind::FriendlyShip => friendly_ship(ctx, id, space),
        IncidentKind::IntelligenceFromBerlin => {
            crate::rules::intelligence::from_berlin(ctx);
            done_returns(ctx, id);
        }
        IncidentKind::MoraleCheck => morale_check(ctx, id),
        IncidentKind::LimitedVisibility
        | IncidentKind::MechanicalBreakdown
        | IncidentKind::Minefield
        | IncidentKind::Storm => sea_hazard(ctx, id, kind, space, &ships),
    }
}

/// Incident Chart entries that move the Alert Level (5.0, 5.2): Allied Patrol (only on Allied ground),
/// Royal Navy Conflicting Orders and Royal Navy Orders "Pursue".
fn alert_entry(ctx: &mut Ctx, id: CounterId, kind: IncidentKind, space: &SpaceRef) {
    match kind {
        IncidentKind::AlliedPatrol => {
            if ports::is_allied_ground(ctx.pack, ctx.game, space) {
                ctx.alert_event(
                    AlertEvent::AlliedPatrol,
                    "Allied Patrol in an Allied patrol zone, port or base",
                    "Incident Chart, 5.0",
                );
            }
        }
        IncidentKind::RoyalNavyConflictingOrders => ctx.alert_event(
            AlertEvent::RoyalNavyConflictingOrders,
            "Royal Navy Conflicting Orders",
            "Incident Chart, 5.2",
        ),
        IncidentKind::RoyalNavyOrdersPursue => ctx.alert_event(
            AlertEvent::RoyalNavyOrdersPursue,
            "Royal Navy Orders \"Pursue\"",
            "Incident Chart, 5.2",
        ),
        _ => unreachable!("resolve_incident routes only the Alert Level entries here"),
    }
    done_returns(ctx, id);
}

/// Incident Chart: Collier Attacked — one die per collier, a 6 sinks it and costs one VP.
fn collier_attacked(ctx: &mut Ctx, id: CounterId) {
    let colliers: Vec<u8> = ctx.game.colliers.iter().map(|c| c.id).collect();
    for collier in colliers {
        if ctx.roll_d6(
            format!("Collier Attacked: collier {collier} (6 sinks it)"),
            "Incident Chart",
        ) == 6
        {
            lose_collier(ctx, collier, "attacked", "Incident Chart: Collier Attacked");
            ctx.change_vp(-1, "collier lost", "Incident Chart: Collier Attacked");
        }
    }
    done_returns(ctx, id);
}

/// Incident Chart: Friendly Ship.
fn friendly_ship(ctx: &mut Ctx, id: CounterId, space: &SpaceRef) {
    // Held until the next Outfitting/Repair phase (7.0), where its coal and repair dice are used.
    ctx.game.move_counter(
        id,
        Location::Held {
            space: space.clone(),
        },
    );
    ctx.instruct(
        format!("Keep Friendly Ship beside {}: it helps the ships there in the next Outfitting & Repair phase.", space.describe(ctx.pack)),
        "Incident Chart",
    );
}

/// Incident Chart: Morale Check — from turn 2, turn × 5 against the VP gives the German ships one die
/// more or fewer per gun type and torpedoes in this turn's combat.
fn morale_check(ctx: &mut Ctx, id: CounterId) {
    if ctx.game.turn > 1 {
        let par = ctx.game.turn as i32 * 5;
        ctx.game.turn_state.morale_dice = if par >= ctx.game.vp { 1 } else { -1 };
        let effect = if par >= ctx.game.vp {
            "one extra die"
        } else {
            "one die fewer"
        };
        ctx.note(
            format!("Morale Check: turn × 5 = {par} against {} VP — German ships roll {effect} per gun type and torpedoes in combat this turn.", ctx.game.vp),
            "Incident Chart",
        );
    }
    done_returns(ctx, id);
}

/// Incident Chart entries of the sea itself: Limited Visibility and Storm mark the space for the turn;
/// Mechanical Breakdown, Minefield (only off an enemy port) and Storm roll a die per ship.
fn sea_hazard(
    ctx: &mut Ctx,
    id: CounterId,
    kind: IncidentKind,
    space: &SpaceRef,
    ships: &[String],
) {
    match kind {
        IncidentKind::LimitedVisibility => {
            if !ctx.game.turn_state.limited_visibility.contains(space) {
                ctx.game.turn_state.limited_visibility.push(space.clone());
            }
        }
        IncidentKind::MechanicalBreakdown => on_a_six(
            ctx,
            ships,
            "Mechanical Breakdown",
            "6 costs one engine",
            &[Track::Engines],
        ),
        IncidentKind::Minefield => {
            if ports::port_side(ctx.pack, ctx.game, space) == Some(Side::Enemy) {
                on_a_six(
                    ctx,
                    ships,
                    "Minefield",
                    "6 is one hull and one engine hit",
                    &[Track::Engines, Track::Hull],
                );
            }
        }
        IncidentKind::Storm => {
            // Incident Chart, Storm: a hull hit, or one engine damage for an Austro-Hungarian ship.
            let (austro_hungarian, german): (Vec<String>, Vec<String>) = ships
                .iter()
                .cloned()
                .partition(|s| ctx.game.ship(s).is_some_and(|x| x.austro_hungarian));
            on_a_six(ctx, &german, "Storm", "6 is one hull hit", &[Track::Hull]);
            on_a_six(
                ctx,
                &austro_hungarian,
                "Storm",
                "6 is one engine damage",
                &[Track::Engines],
            );
            if !ctx.game.turn_state.storm.contains(space) {
                ctx.game.turn_state.storm.push(space.clone());
            }
        }
        _ => unreachable!("resolve_incident routes only the sea's own entries here"),
    }
    done_returns(ctx, id);
}

/// One die per ship; a 6 moves each of `tracks` one step down (Mechanical Breakdown, Minefield, Storm).
fn on_a_six(ctx: &mut Ctx, ships: &[String], incident: &str, what: &str, tracks: &[Track]) {
    for ship in ships {
        let name = ctx
            .game
            .ship(ship)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        if ctx.roll_d6(format!("{incident}: {name} ({what})"), "Incident Chart") == 6 {
            damage(ctx, ship, tracks, incident);
        }
    }
}

/// An incident's damage: each of `tracks` one step down; an Austro-Hungarian ship so damaged leaves the
/// map until the next scenario (20.0), as it does when damaged in battle.
fn damage(ctx: &mut Ctx, ship: &str, tracks: &[Track], incident: &str) {
    for track in tracks {
        ctx.change_track(ship, *track, -1, incident, "Incident Chart");
    }
    if ctx
        .game
        .ship(ship)
        .is_some_and(|s| s.austro_hungarian && s.status == crate::ground::state::ShipStatus::Active)
    {
        crate::rules::austro_hungarian::withdraw(ctx, ship, "is damaged");
    }
}

/// Allied Submarine (Incident Chart): false report, evasive action, torpedo run or ram.
fn allied_submarine(ctx: &mut Ctx, id: CounterId, space: &SpaceRef, ships: &[String]) {
    // An earlier incident of the same draw sank every German ship here: the submarine finds no target
    // (docs/AMBIGUITIES.md). Without this the ram result asked which of no ships takes the damage.
    if ships.is_empty() {
        done_returns(ctx, id);
        return;
    }
    // What each face does, said with the roll (a bare "Allied Submarine: [4]" said nothing, issue #50).
    let roll = ctx.roll_d6(
        format!(
            "Allied Submarine at {}: 1–2 false report, 3–4 evasive action, 5 torpedo run, 6 ramming",
            space.describe(ctx.pack)
        ),
        "Incident Chart",
    );
    match roll {
        1 | 2 => done_returns(ctx, id),
        3 | 4 => {
            for ship in ships {
                ctx.game.pending.push(Pending::SubmarineEvasion {
                    ship: ship.clone(),
                    space: space.clone(),
                });
            }
            done_returns(ctx, id);
        }
        5 => {
            for ship in ships {
                torpedo_run(ctx, ship);
            }
            done_returns(ctx, id);
        }
        _ => {
            // Ram speed: the submarine is sunk (2 VP) and one ship takes a hull hit. The entry does not
            // say "remove from play", so by 13.1 the marker goes back to the pool with the others
            // (docs/AMBIGUITIES.md).
            ctx.change_vp(
                2,
                "submarine rammed and sunk",
                "Incident Chart: Allied Submarine",
            );
            done_returns(ctx, id);
            match ships {
                [only] => damage(ctx, only, &[Track::Hull], "ramming the submarine"),
                _ => ctx.game.pending.push(Pending::RamDamage {
                    space: space.clone(),
                }),
            }
        }
    }
}

/// Allied Submarine, Torpedo Run: 5–6 hits, then the Torpedo Hit table.
fn torpedo_run(ctx: &mut Ctx, ship: &str) {
    let name = ctx
        .game
        .ship(ship)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    if ctx.roll_d6(
        format!("Torpedo run on {name} (5–6 hits)"),
        "Incident Chart",
    ) >= 5
    {
        match ctx
            .game
            .ship(ship)
            .filter(|s| s.austro_hungarian)
            .map(|s| s.position.clone())
        {
            // 20.0: an Austro-Hungarian ship takes hits as the counter it is (and leaves the map if damaged).
            Some(at) => crate::rules::combat::effects::hit_german(
                ctx,
                &at,
                ship,
                crate::rules::combat::effects::Hits {
                    gunnery: 0,
                    torpedo: 1,
                },
                "an Allied submarine",
            ),
            None => combat_damage::torpedo_hit_on_german(ctx, ship, "Allied Submarine torpedo"),
        }
    }
}

/// Austro-Hungarian Fleet Sorties, standard rule: only with a German warship in the Adriatic; Allied
/// warships picked in the Adriatic this Incident phase go back to the pool; the marker leaves play.
fn austro_hungarian_sortie(ctx: &mut Ctx, id: CounterId) {
    let in_adriatic = ctx
        .game
        .active_ships()
        .any(|s| s.position.sea_zone(ctx.pack) == SeaZone::Adriatic);
    if !in_adriatic {
        done_returns(ctx, id);
        return;
    }
    if ctx.game.options.austro_hungarian {
        // Optional rule (20.0): the fleet comes under German command instead.
        crate::rules::austro_hungarian::sortie(ctx);
        remove_from_play(ctx, id);
        return;
    }
    ctx.game.turn_state.adriatic_screened = true;
    send_back_picked(
        ctx,
        &[SeaZone::Adriatic],
        "Incident Chart: Austro-Hungarian Fleet Sorties",
        "the Austro-Hungarian fleet's sortie draws it off",
    );
    remove_from_play(ctx, id);
}

/// The alliance missions the Central Powers Fleet Sortie needs, and the sea zones each one screens.
const ALLIANCE_WATERS: [(&str, crate::ground::pack::Nation, &[SeaZone]); 2] = [
    (
        "ottoman_alliance",
        crate::ground::pack::Nation::OttomanEmpire,
        &[SeaZone::Aegean],
    ),
    (
        "italian_alliance",
        crate::ground::pack::Nation::Italy,
        &[SeaZone::Adriatic, SeaZone::WesternMed],
    ),
];

/// The waters the Central Powers' fleets sortie into: those of each alliance mission accomplished on a
/// prior turn — won in an earlier mission of the campaign (its ports are friendly), or this mission's
/// own Orders accomplished at an earlier Objective phase while the player plays on (17.0).
pub fn alliance_waters(pack: &RulesPack, game: &Game) -> Vec<SeaZone> {
    let orders = &crate::ground::counters::orders_spec(pack, game).id;
    let this_mission_done = game.accomplished_on.is_some_and(|t| t < game.turn);
    ALLIANCE_WATERS
        .iter()
        .filter(|(mission, nation, _)| {
            game.allies.contains(nation) || (this_mission_done && orders == mission)
        })
        .flat_map(|(_, _, zones)| zones.iter().copied())
        .collect()
}

/// Incident Chart, Central Powers Fleet Sortie: after the Ottoman or Italian Alliance, Allied warships
/// picked from the pool this Incident phase in that ally's waters go back to it (no substitutes), and the
/// marker leaves play. Without such an alliance it is Quiet Seas (docs/AMBIGUITIES.md).
fn central_powers_sortie(ctx: &mut Ctx, id: CounterId) {
    let waters = alliance_waters(ctx.pack, ctx.game);
    if waters.is_empty() {
        done_returns(ctx, id);
        return;
    }
    for zone in &waters {
        if !ctx.game.turn_state.screened_zones.contains(zone) {
            ctx.game.turn_state.screened_zones.push(*zone);
        }
    }
    send_back_picked(
        ctx,
        &waters,
        "Incident Chart: Central Powers Fleet Sortie",
        "the Central Powers' fleet sortie draws it off",
    );
    remove_from_play(ctx, id);
}

/// A fleet sortie (Austro-Hungarian or Central Powers): the Allied warships already picked from the pool this
/// Incident phase in `zones` go back to it, no substitute picked (later picks there are sent back by
/// `sort_pick`).
fn send_back_picked(ctx: &mut Ctx, zones: &[SeaZone], entry: &str, why: &str) {
    let picked: Vec<(CounterId, SpaceRef)> = ctx.game.turn_state.picked.clone();
    for (counter, space) in picked {
        let on_map = ctx.game.counter(counter).location
            == Location::OnMap {
                space: space.clone(),
            };
        let warship = kind_of(ctx.pack, counter).is_some_and(IncidentKind::is_allied_warship);
        if on_map && warship && zones.contains(&space.sea_zone(ctx.pack)) {
            return_to_pool(ctx, counter, entry, why);
        }
    }
}

/// French Navy Sorties: colliers in or next to the Toulon and North African zones are lost (the player
/// says which are next to them); the marker goes on the map and closes those zones for the next move.
fn french_navy_sorties(ctx: &mut Ctx, id: CounterId) {
    let colliers: Vec<(u8, SpaceRef)> = ctx
        .game
        .colliers
        .iter()
        .map(|c| (c.id, c.position.clone()))
        .collect();
    for (collier, position) in colliers {
        let inside = position
            .place_id()
            .is_some_and(|p| movement::FRENCH_SORTIE_ZONES.contains(&p));
        if inside {
            lose_collier(
                ctx,
                collier,
                "French fleet sortie",
                "Incident Chart: French Navy Sorties",
            );
        } else if position.sea_zone(ctx.pack) == SeaZone::WesternMed {
            ctx.game
                .pending
                .push(Pending::CollierNearFrenchZones { collier });
        }
    }
    let at = SpaceRef::place(movement::FRENCH_SORTIE_ZONES[0]);
    ctx.game.move_counter(id, Location::OnMap { space: at });
    ctx.game.french_sortie = Some(id);
    ctx.instruct(
        "Put the French Navy Sorties marker on the map: in the next Movement phase no German ship may enter the Toulon or North African patrol zones, and any ship in them at its end is sunk.",
        "Incident Chart",
    );
}

/// Answers to pending decisions.
pub fn evade_submarine(ctx: &mut Ctx, ship: &str, spend_coal: bool) -> Result<(), RuleError> {
    match ctx.game.pending.first() {
        Some(Pending::SubmarineEvasion { ship: wanted, .. }) if wanted == ship => {}
        Some(Pending::SubmarineEvasion { ship: wanted, .. }) => {
            return Err(illegal(format!("answer for {wanted} first")));
        }
        _ => return Err(not_now("no submarine evasion is pending")),
    }
    if spend_coal {
        if ctx.game.ship(ship).is_none_or(|s| s.tracks.coal == 0) {
            return Err(illegal(
                "no reserve coal to spend: the ship must take the torpedo run",
            ));
        }
        ctx.game.pending.remove(0);
        ctx.change_track(
            ship,
            Track::Coal,
            -1,
            "evasive action",
            "Incident Chart: Allied Submarine",
        );
    } else {
        ctx.game.pending.remove(0);
        torpedo_run(ctx, ship);
    }
    continue_resolution(ctx);
    Ok(())
}

pub fn choose_ship(ctx: &mut Ctx, ship: &str) -> Result<(), RuleError> {
    let Some(Pending::RamDamage { space }) = ctx.game.pending.first().cloned() else {
        return Err(not_now("no ship choice is pending"));
    };
    if !ships_in(ctx.game, &space).iter().any(|s| s == ship) {
        return Err(illegal(format!(
            "{ship} is not at {}",
            space.describe(ctx.pack)
        )));
    }
    ctx.game.pending.remove(0);
    damage(ctx, ship, &[Track::Hull], "ramming the submarine");
    continue_resolution(ctx);
    Ok(())
}

pub fn answer(ctx: &mut Ctx, yes: bool) -> Result<(), RuleError> {
    let Some(Pending::CollierNearFrenchZones { collier }) = ctx.game.pending.first().cloned()
    else {
        return Err(not_now("no question is pending"));
    };
    ctx.game.pending.remove(0);
    if yes {
        lose_collier(
            ctx,
            collier,
            "French fleet sortie",
            "Incident Chart: French Navy Sorties",
        );
    }
    continue_resolution(ctx);
    Ok(())
}

fn lose_collier(ctx: &mut Ctx, collier: u8, reason: &str, rule: &str) {
    if let Some(pos) = ctx.game.colliers.iter().position(|c| c.id == collier) {
        let at = ctx.game.colliers.remove(pos).position;
        ctx.emit(Event::CollierLost {
            collier,
            reason: reason.to_string(),
            rule: rule.to_string(),
        });
        ctx.instruct(
            format!("Remove collier {collier} from {}.", at.describe(ctx.pack)),
            rule,
        );
    }
}

fn counter_code(pack: &RulesPack, id: CounterId) -> String {
    pack.counter_spec(id).id.clone()
}

/// A face-up marker goes back face down into the cup.
/// `rule` is a rule reference only (a key of the rule summaries); `why`, if any, says what sent it back.
pub fn return_to_pool(ctx: &mut Ctx, id: CounterId, rule: &str, why: &str) {
    ctx.game.move_counter(id, Location::Pool);
    let pack = ctx.pack;
    ctx.emit_with(|| Event::CounterReturned {
        counter: counter_code(pack, id),
        name: name_of(pack, id),
        to: if why.is_empty() {
            "back to the Incident Pool".to_string()
        } else {
            format!("back to the Incident Pool ({why})")
        },
        rule: rule.to_string(),
    });
}

fn remove_from_play(ctx: &mut Ctx, id: CounterId) {
    ctx.game.move_counter(id, Location::RemovedFromPlay);
    ctx.emit(Event::CounterReturned {
        counter: counter_code(ctx.pack, id),
        name: name_of(ctx.pack, id),
        to: "out of play".into(),
        rule: "13.1".into(),
    });
}
