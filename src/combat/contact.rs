//! 14.3 Contact and 14.4 Break-off (and 14.15 troop convoys, the Limited Visibility roll): who has the
//! First Salvo, or whether the battle happens at all. The salvos themselves (14.2, 14.5–14.13) are fought
//! on the table until the salvo procedure lands; the player records sinkings and damage with corrections.

use crate::action::{Action, Track};
use crate::error::{illegal, not_now, RuleError};
use crate::event::Event;
use crate::incidents;
use crate::movement;
use crate::pack::{CounterKind, ContactResult, IncidentKind, RulesPack, SeaZone};
use crate::ports::{self, Side};
use crate::rules::{is_allied_warship, Ctx};
use crate::state::{BattleState, CounterId, Game, Location, Pending, Phase, SpaceRef};

/// The Allied warships face up in `space`.
pub fn allied_in(pack: &RulesPack, game: &Game, space: &SpaceRef) -> Vec<CounterId> {
    game.counters_at(&Location::OnMap { space: space.clone() }).filter(|c| is_allied_warship(pack, *c)).collect()
}

fn german_in(game: &Game, space: &SpaceRef) -> Vec<String> {
    game.active_ships().filter(|s| &s.position == space).map(|s| s.id.clone()).collect()
}

/// Battles still waiting for their contact procedure this phase.
pub fn open_battles(pack: &RulesPack, game: &Game) -> Vec<SpaceRef> {
    crate::flow::battles(pack, game).into_iter().filter(|s| !game.turn_state.battles.iter().any(|b| &b.space == s)).collect()
}

/// The contact choices for each open battle: which ship lends its leadership, which its speed, and
/// whether to pay one coal for maximum speed (14.3).
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    if let Some(Pending::BreakOff { space }) = game.pending.first() {
        let zone = space.sea_zone(pack);
        let zone = if matches!(zone, SeaZone::Marmara | SeaZone::BlackSea | SeaZone::Atlantic) { SeaZone::EasternMed } else { zone };
        let mut answers = vec![Action::Fight { space: space.clone() }];
        // One open-sea space next to the battle is offered; the player may name any other eligible one.
        let candidate = (1..=20)
            .map(|n| SpaceRef::HighSeas { zone, label: format!("off the battle {n}") })
            .find(|to| break_off_target(pack, game, space, to).is_ok());
        if let Some(to) = candidate {
            answers.push(Action::BreakOff { space: space.clone(), to });
        }
        return answers;
    }
    let mut actions = Vec::new();
    for space in open_battles(pack, game) {
        let ships = german_in(game, &space);
        for leader in &ships {
            for speed_ship in &ships {
                actions.push(Action::Contact { space: space.clone(), leader: leader.clone(), speed_ship: speed_ship.clone(), maximum_speed: false });
                if game.ship(speed_ship).is_some_and(|s| s.tracks.coal > 0) {
                    actions.push(Action::Contact { space: space.clone(), leader: leader.clone(), speed_ship: speed_ship.clone(), maximum_speed: true });
                }
            }
        }
    }
    if actions.is_empty() {
        actions.extend(crate::combat::tally::legal_actions(pack, game));
        actions.push(Action::EndPhase);
    }
    actions
}

/// 14.3: both ratings, one die, the Contact Table; then 14.4 / 14.15 break-off.
pub fn contact(ctx: &mut Ctx, space: &SpaceRef, leader: &str, speed_ship: &str, maximum_speed: bool) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::NavalCombat {
        return Err(not_now("contact is made in the Naval Combat phase (14.0)"));
    }
    if !ctx.game.pending.is_empty() {
        return Err(not_now("answer the pending decision first"));
    }
    if !open_battles(ctx.pack, ctx.game).contains(space) {
        return Err(illegal(format!("no battle waits for contact at {}", space.describe(ctx.pack))));
    }
    let ships = german_in(ctx.game, space);
    for s in [leader, speed_ship] {
        if !ships.iter().any(|x| x == s) {
            return Err(illegal(format!("{s} is not a German warship engaged at {}", space.describe(ctx.pack))));
        }
    }
    let leader_ship = ctx.game.ship(leader).expect("checked");
    let mover = ctx.game.ship(speed_ship).expect("checked");
    if maximum_speed && mover.tracks.coal == 0 {
        return Err(illegal(format!("{} has no coal for maximum speed (14.3)", mover.name)));
    }
    let speeds = movement::speeds(ctx.pack, mover.tracks.engines);
    let german = leader_ship.tracks.leadership as i32 + if maximum_speed { speeds.maximum } else { speeds.cruise } as i32;
    let allied_ships = allied_in(ctx.pack, ctx.game, space);
    let fastest = allied_ships.iter().filter_map(|c| ship_values(ctx.pack, *c).map(|v| v.speed)).max().unwrap_or(0) as i32;
    let home = if ports::is_allied_ground(ctx.pack, space) { 1 } else { 0 };
    let allied = ctx.game.alert_level as i32 + fastest + home;

    ctx.game.turn_state.battles.push(BattleState { space: space.clone(), first_salvo: None, visibility: None, german: ships.clone(), results: Vec::new() });
    if maximum_speed {
        ctx.change_track(speed_ship, Track::Coal, -1, "maximum speed for contact", "14.3");
    }
    // Limited Visibility (Incident Chart): one roll when combat would occur in that space this turn.
    let mut limited = None;
    if ctx.game.turn_state.limited_visibility.contains(space) {
        let roll = ctx.roll_d6("Limited Visibility: range (1–2 secondary, 3–4 tertiary, 5–6 no combat)", "Incident Chart");
        if roll >= 5 {
            ctx.instruct("Poor visibility: no combat here this turn.", "Incident Chart: Limited Visibility");
            return_all(ctx, space, "Incident Chart: Limited Visibility");
            return Ok(());
        }
        limited = Some(roll);
        if let Some(b) = ctx.game.turn_state.battles.iter_mut().find(|b| &b.space == space) {
            b.visibility = Some(roll);
        }
    }
    let roll = ctx.roll_d6(format!("Contact: 1d6 + German {german} − Allied {allied}"), "14.3");
    let final_roll = roll as i32 + german - allied;
    let result = ctx.pack.charts.contact(final_roll);
    ctx.emit(Event::ContactResolved { space: space.clone(), german, allied, final_roll, result, rule: "14.3".into() });
    let (german_first, level) = match result {
        ContactResult::NoContact => {
            return_all(ctx, space, "14.3: no contact");
            return Ok(());
        }
        ContactResult::GermanFirstSalvoContact1 => (true, 1),
        ContactResult::GermanFirstSalvoContact2 => (true, 2),
        ContactResult::AlliedFirstSalvoContact1 => (false, 1),
        ContactResult::AlliedFirstSalvoContact2 => (false, 2),
    };
    if level == 1 && limited.is_some() {
        // 14.3: Contact 1 under Limited Visibility is no contact.
        ctx.instruct("Contact 1 under Limited Visibility: no contact.", "14.3");
        return_all(ctx, space, "14.3: no contact (Limited Visibility)");
        return Ok(());
    }
    set_first_salvo(ctx, space, german_first);
    if german_first {
        // 14.4: the player may break off when the Germans have the First Salvo.
        ctx.game.pending.push(Pending::BreakOff { space: space.clone() });
        return Ok(());
    }
    let convoy = allied_ships.iter().any(|c| kind(ctx.pack, *c) == Some(IncidentKind::FrenchTroopConvoy));
    if convoy {
        // 14.15: a force with a troop convoy that has the First Salvo breaks off at once.
        ctx.instruct("The troop convoy has the First Salvo and breaks off.", "14.15");
        return_all(ctx, space, "14.15: the convoy breaks off");
        return Ok(());
    }
    let die = ctx.roll_d6(format!("Allied break-off: higher than Alert Level {} breaks off", ctx.game.alert_level), "14.4");
    if die > ctx.game.alert_level {
        return_all(ctx, space, "14.4: the Allies break off");
        return Ok(());
    }
    engaged(ctx, space, false, limited);
    Ok(())
}

/// 14.4: the player's choice with the First Salvo — fight here.
pub fn fight(ctx: &mut Ctx, space: &SpaceRef) -> Result<(), RuleError> {
    match ctx.game.pending.first() {
        Some(Pending::BreakOff { space: s }) if s == space => {}
        _ => return Err(not_now("no break-off decision is pending there")),
    }
    ctx.game.pending.remove(0);
    let limited = ctx.game.turn_state.battles.iter().find(|b| &b.space == space).and_then(|b| b.visibility);
    engaged(ctx, space, true, limited);
    Ok(())
}

/// 14.4 Break-off execution: every German ship there moves to the adjacent space the player names; it
/// may not hold a neutral or enemy port, enemy warships or incident markers. The Allied ships go back to
/// the pool.
pub fn break_off(ctx: &mut Ctx, space: &SpaceRef, to: &SpaceRef) -> Result<(), RuleError> {
    match ctx.game.pending.first() {
        Some(Pending::BreakOff { space: s }) if s == space => {}
        _ => return Err(not_now("no break-off decision is pending there")),
    }
    break_off_target(ctx.pack, ctx.game, space, to)?;
    ctx.game.pending.remove(0);
    for ship in german_in(ctx.game, space) {
        let from = space.clone();
        if let Some(s) = ctx.game.ship_mut(&ship) {
            s.position = to.clone();
        }
        ctx.emit(Event::ShipMoved { ship, from, to: to.clone(), speed: crate::action::Speed::Stay, limit: 0 });
    }
    ctx.instruct(format!("Move the German ships from {} to {}.", space.describe(ctx.pack), to.describe(ctx.pack)), "14.4");
    return_all(ctx, space, "14.4: the Germans break off");
    Ok(())
}

/// 14.4: where a German break-off may go (the adjacency itself is the player's to respect on the map).
fn break_off_target(pack: &RulesPack, game: &Game, space: &SpaceRef, to: &SpaceRef) -> Result<(), RuleError> {
    if to == space {
        return Err(illegal("break off to an adjacent space, not the battle's own"));
    }
    movement::check_destination(pack, game, to)?;
    if matches!(ports::port_side(pack, to), Some(Side::Neutral | Side::Enemy)) {
        return Err(illegal("a break-off may not end in a neutral or enemy port or naval base (14.4)"));
    }
    if game.counters_at(&Location::OnMap { space: to.clone() }).next().is_some()
        || to.place_id().is_some_and(|id| game.count_at(&Location::PatrolZone { zone: id.to_string() }) > 0)
    {
        return Err(illegal("a break-off may not end where enemy warships or incident markers are (14.4)"));
    }
    Ok(())
}

fn engaged(ctx: &mut Ctx, space: &SpaceRef, german_first: bool, limited: Option<u8>) {
    let first = if german_first { "the German ships" } else { "the Allied ships" };
    let range = match limited {
        Some(1 | 2) => " Limited Visibility: the battle opens at secondary range (primary and secondary guns fire together).",
        Some(_) => " Limited Visibility: the battle opens at tertiary range (all guns fire together).",
        None => "",
    };
    ctx.instruct(
        format!(
            "Battle at {}: {first} have the First Salvo.{range} Fight the salvos on the table (14.2) and record each Allied ship sunk, damaged or withdrawn, and German damage on the ship displays; the referee tallies the VP when the phase ends and survivors go back to the pool.",
            space.describe(ctx.pack)
        ),
        "14.2",
    );
}

fn set_first_salvo(ctx: &mut Ctx, space: &SpaceRef, german_first: bool) {
    if let Some(b) = ctx.game.turn_state.battles.iter_mut().find(|b| &b.space == space) {
        b.first_salvo = Some(if german_first { "german".into() } else { "allied".into() });
    }
}

/// Every Allied warship of the battle goes back to the pool (no contact, break-off): no battle is fought.
fn return_all(ctx: &mut Ctx, space: &SpaceRef, rule: &str) {
    if let Some(b) = ctx.game.turn_state.battles.iter_mut().find(|b| &b.space == space) {
        b.first_salvo = None;
    }
    for id in allied_in(ctx.pack, ctx.game, space) {
        incidents::return_to_pool(ctx, id, rule);
    }
}

fn ship_values(pack: &RulesPack, id: CounterId) -> Option<crate::pack::ShipValues> {
    match pack.counters.counters[id.index()].kind {
        CounterKind::Incident { ship, .. } => ship,
        _ => None,
    }
}

fn kind(pack: &RulesPack, id: CounterId) -> Option<IncidentKind> {
    match pack.counters.counters[id.index()].kind {
        CounterKind::Incident { incident, .. } => Some(incident),
        _ => None,
    }
}
