//! 14.1 Deployment, 14.3 Contact and 14.4 Break-off (and 14.15 troop convoys, the Limited Visibility and
//! night rolls): who has the First Salvo each round, or whether the battle goes on at all. The same
//! procedure opens a shore bombardment (16.0) against a port's coastal defenses, whose rating is zero.

use crate::engine::ctx::Ctx;
use crate::ground::action::{Action, Track};
use crate::ground::counters::is_allied_warship;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{ContactResult, IncidentKind, RulesPack, SeaZone};
use crate::ground::ports::{self, Side};
use crate::ground::state::{
    AlliedUnit, BattleStage, BattleState, CounterId, Game, Location, Pending, Phase, SalvoSide,
    ShipStatus, SpaceRef,
};
use crate::rules::combat::{firing, salvo, tally, targeting};
use crate::rules::movement;

/// The Allied warships face up in `space`.
pub fn allied_in(pack: &RulesPack, game: &Game, space: &SpaceRef) -> Vec<CounterId> {
    game.counters_at(&Location::OnMap {
        space: space.clone(),
    })
    .filter(|c| is_allied_warship(pack, *c))
    .collect()
}

pub(crate) fn german_in(game: &Game, space: &SpaceRef) -> Vec<String> {
    game.active_ships()
        .filter(|s| &s.position == space)
        .map(|s| s.id.clone())
        .collect()
}

/// Battles waiting for a contact procedure: new meetings of this phase (14.0; in the Shore Bombardment
/// phase, ports the Germans may bombard, 16.0) and battles whose next round opens (14.2 step 1).
pub fn open_battles(pack: &RulesPack, game: &Game) -> Vec<SpaceRef> {
    let bombarding = game.phase == Phase::ShoreBombardment;
    let fresh = if bombarding {
        crate::engine::battles::bombardments(pack, game)
    } else {
        crate::engine::battles::battles(pack, game)
    };
    let started = |s: &SpaceRef| {
        game.turn_state
            .battles
            .iter()
            .any(|b| &b.space == s && b.bombardment == bombarding)
    };
    let mut spaces: Vec<SpaceRef> = game
        .turn_state
        .battles
        .iter()
        .filter(|b| b.bombardment == bombarding && b.stage == BattleStage::Contact && b.round >= 1)
        .map(|b| b.space.clone())
        .collect();
    spaces.extend(fresh.into_iter().filter(|s| !started(s)));
    spaces
}

/// 12.5: enemy ports where German ships sit with coastal defenses not yet engaged this turn.
pub fn unopened_bombardments(pack: &RulesPack, game: &Game) -> Vec<SpaceRef> {
    if game.phase != Phase::ShoreBombardment {
        return Vec::new();
    }
    let started = |s: &SpaceRef| {
        game.turn_state
            .battles
            .iter()
            .any(|b| &b.space == s && b.bombardment)
    };
    crate::engine::battles::bombardments(pack, game)
        .into_iter()
        .filter(|s| !started(s))
        .collect()
}

/// A battle in progress (contact made, not over) in this phase.
pub fn battle_in_progress(game: &Game) -> bool {
    let bombarding = game.phase == Phase::ShoreBombardment;
    game.turn_state
        .battles
        .iter()
        .any(|b| b.bombardment == bombarding && b.round >= 1 && b.stage != BattleStage::Over)
}

/// The choices of the Naval Combat and Shore Bombardment phases: the pending decision's answers first;
/// otherwise the contact procedure of each open battle — which ship lends its leadership, which its
/// speed, and whether to pay one coal for maximum speed (14.3).
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    if let Some(p) = game.pending.first() {
        return pending_answers(pack, game, p);
    }
    let mut actions = Vec::new();
    for space in open_battles(pack, game) {
        let ships = german_in(game, &space);
        for leader in &ships {
            for speed_ship in &ships {
                actions.push(Action::Contact {
                    space: space.clone(),
                    leader: leader.clone(),
                    speed_ship: speed_ship.clone(),
                    maximum_speed: false,
                });
                // 20.0: Austro-Hungarian ships need no coal to move, so none for maximum speed either.
                if game
                    .ship(speed_ship)
                    .is_some_and(|s| s.tracks.coal > 0 || s.austro_hungarian)
                {
                    actions.push(Action::Contact {
                        space: space.clone(),
                        leader: leader.clone(),
                        speed_ship: speed_ship.clone(),
                        maximum_speed: true,
                    });
                }
            }
        }
        // 16.0: a bombardment is the player's choice, round by round.
        if salvo::battle(game, &space)
            .is_some_and(|b| b.bombardment && b.stage == BattleStage::Contact && b.round >= 1)
        {
            actions.push(Action::CeaseFire {
                space: space.clone(),
            });
        }
    }
    // 14.0: every battle is fought; 12.5: German ships in an enemy port engage its coastal defenses — the
    // bombardment opens at least once a turn (docs/AMBIGUITIES.md), then may cease.
    let must_fight = !actions.is_empty()
        && (game.phase == Phase::NavalCombat || !unopened_bombardments(pack, game).is_empty());
    if !must_fight && !battle_in_progress(game) {
        actions.extend(crate::rules::marines::legal_actions(pack, game));
        actions.push(Action::EndPhase);
    }
    actions
}

fn pending_answers(pack: &RulesPack, game: &Game, pending: &Pending) -> Vec<Action> {
    match pending {
        Pending::BreakOff { space } => break_off_answers(pack, game, space),
        Pending::FireOrders { space, ship } => fire_order_answers(pack, game, space, ship),
        Pending::Torpedoes { space, ship } => torpedo_answers(pack, game, space, ship),
        // 20.0: yes, the German ships fire first; no, the Austro-Hungarian ones.
        Pending::NationalityFirst { .. } => {
            vec![Action::Answer { yes: true }, Action::Answer { yes: false }]
        }
        _ => Vec::new(),
    }
}

/// 14.4: fight on, or break off to an open-sea space next to the battle; a bombardment may cease fire.
fn break_off_answers(pack: &RulesPack, game: &Game, space: &SpaceRef) -> Vec<Action> {
    let mut answers = vec![Action::Fight {
        space: space.clone(),
    }];
    if salvo::battle(game, space).is_some_and(|b| b.bombardment) {
        answers.push(Action::CeaseFire {
            space: space.clone(),
        });
        return answers;
    }
    let zone = space.sea_zone(pack);
    let zone = if matches!(
        zone,
        SeaZone::Marmara | SeaZone::BlackSea | SeaZone::Atlantic
    ) {
        SeaZone::EasternMed
    } else {
        zone
    };
    // One open-sea space next to the battle is offered; the player may name any other eligible one.
    let candidate = (1..=20)
        // A label that reads as a place in a sentence ("Break off to open sea beside the battle").
        .map(|n| SpaceRef::HighSeas {
            zone,
            label: if n == 1 {
                "open sea beside the battle".to_string()
            } else {
                format!("open sea {n} beside the battle")
            },
        })
        .find(|to| break_off_target(pack, game, space, to).is_ok());
    if let Some(to) = candidate {
        answers.push(Action::BreakOff {
            space: space.clone(),
            to,
        });
    }
    answers
}

/// 14.5, 14.8, 14.9: hold fire, or fire at each Allied unit fighting, at maximum fire where the ammunition
/// allows.
fn fire_order_answers(pack: &RulesPack, game: &Game, space: &SpaceRef, ship: &str) -> Vec<Action> {
    let Some(b) = salvo::battle(game, space) else {
        return Vec::new();
    };
    let ammo = game.ship(ship).map(|s| s.tracks.ammunition).unwrap_or(0);
    let paid = b
        .ammunition_paid
        .iter()
        .find(|(s, _)| s == ship)
        .map(|(_, m)| *m);
    let mut answers = vec![Action::FireOrders {
        ship: ship.to_string(),
        target: None,
        maximum_fire: false,
    }];
    for target in salvo::allied_fighting(b) {
        let code = pack.counter_spec(target).id.clone();
        if paid != Some(true) {
            answers.push(Action::FireOrders {
                ship: ship.to_string(),
                target: Some(code.clone()),
                maximum_fire: false,
            });
        }
        let german = game.ship(ship).is_some_and(|s| !s.austro_hungarian);
        if german && (paid == Some(true) || (paid.is_none() && ammo >= 2)) {
            answers.push(Action::FireOrders {
                ship: ship.to_string(),
                target: Some(code),
                maximum_fire: true,
            });
        }
    }
    answers
}

/// 14.10: no torpedoes, or one up to all that are left at each unit a torpedo may target.
fn torpedo_answers(pack: &RulesPack, game: &Game, space: &SpaceRef, ship: &str) -> Vec<Action> {
    let Some(b) = salvo::battle(game, space) else {
        return Vec::new();
    };
    let left = game.ship(ship).map(|s| s.tracks.torpedoes).unwrap_or(0);
    let mut answers = vec![Action::Torpedoes {
        ship: ship.to_string(),
        target: None,
        count: 0,
    }];
    for target in salvo::torpedo_targets(pack, b) {
        let code = pack.counter_spec(target).id.clone();
        for count in 1..=left {
            answers.push(Action::Torpedoes {
                ship: ship.to_string(),
                target: Some(code.clone()),
                count,
            });
        }
    }
    answers
}

/// 14.3: both ratings, one die, the Contact Table; then 14.4 / 14.15 break-off. Opens a battle (or, in
/// the Shore Bombardment phase, a bombardment against the port's coastal defenses, 16.0) or its next round.
pub fn contact(
    ctx: &mut Ctx,
    space: &SpaceRef,
    leader: &str,
    speed_ship: &str,
    maximum_speed: bool,
) -> Result<(), RuleError> {
    let ships = check_contact(ctx, space, leader, speed_ship, maximum_speed)?;
    let bombardment = ctx.game.phase == Phase::ShoreBombardment;
    let opening = opens_battle(ctx.game, space, bombardment);
    if opening && !open_battle(ctx, space, ships, bombardment) {
        return Ok(());
    }
    if maximum_speed
        && ctx
            .game
            .ship(speed_ship)
            .is_some_and(|s| !s.austro_hungarian)
    {
        ctx.change_track(
            speed_ship,
            Track::Coal,
            -1,
            "maximum speed for contact",
            "14.3",
        );
    }
    let Some(german_first) =
        roll_contact(ctx, space, leader, speed_ship, maximum_speed, bombardment)
    else {
        return Ok(());
    };
    set_first_salvo(ctx, space, german_first);
    if german_first {
        // 14.4: the player may break off when the Germans have the First Salvo.
        set_stage(ctx, space, BattleStage::BreakOff);
        ctx.game.pending.push(Pending::BreakOff {
            space: space.clone(),
        });
        return Ok(());
    }
    allied_first_salvo(ctx, space, bombardment);
    Ok(())
}

/// 14.0 / 14.3 / 16.0: contact is made in its phase, with no decision pending, where a battle waits,
/// by German warships engaged there, at maximum speed only with coal. Returns the German ships there.
fn check_contact(
    ctx: &Ctx,
    space: &SpaceRef,
    leader: &str,
    speed_ship: &str,
    maximum_speed: bool,
) -> Result<Vec<String>, RuleError> {
    if !matches!(ctx.game.phase, Phase::NavalCombat | Phase::ShoreBombardment) {
        return Err(not_now(
            "contact is made in the Naval Combat phase (14.0) or to bombard a port (16.0)",
        ));
    }
    if !ctx.game.pending.is_empty() {
        return Err(not_now("answer the pending decision first"));
    }
    if !open_battles(ctx.pack, ctx.game).contains(space) {
        return Err(illegal(format!(
            "no battle waits for contact at {}",
            space.describe(ctx.pack)
        )));
    }
    let ships = german_in(ctx.game, space);
    for s in [leader, speed_ship] {
        if !ships.iter().any(|x| x == s) {
            return Err(illegal(format!(
                "{s} is not a German warship engaged at {}",
                space.describe(ctx.pack)
            )));
        }
    }
    let mover = ctx.game.ship(speed_ship).expect("checked");
    if maximum_speed && mover.tracks.coal == 0 && !mover.austro_hungarian {
        return Err(illegal(format!(
            "{} has no coal for maximum speed (14.3)",
            mover.name
        )));
    }
    Ok(ships)
}

/// 14.3: both ratings, one die and the Contact Table. Returns whether the Germans have the First Salvo,
/// or None when there is no contact (the battle is over).
fn roll_contact(
    ctx: &mut Ctx,
    space: &SpaceRef,
    leader: &str,
    speed_ship: &str,
    maximum_speed: bool,
    bombardment: bool,
) -> Option<bool> {
    let b = salvo::battle(ctx.game, space).expect("opened");
    let (night, limited) = (b.night, b.visibility.is_some());
    let german = german_rating(
        ctx.pack,
        ctx.game,
        (leader, speed_ship, maximum_speed),
        night,
        limited,
    );
    let allied = allied_rating(ctx.pack, ctx.game, space, bombardment);
    let roll = ctx.roll_d6_for(
        || format!("Contact: 1d6 + German {german} − Allied {allied}"),
        "14.3",
    );
    let final_roll = roll as i32 + german - allied;
    let result = ctx.pack.charts.contact(final_roll);
    let blind_at_night = night && !searchlights_in(ctx.game, space);
    let (german_first, cancelled) = outcome(result, limited, blind_at_night);
    ctx.emit_with(|| Event::ContactResolved {
        space: space.clone(),
        german,
        allied,
        final_roll,
        result,
        rule: "14.3".into(),
        cancelled,
    });
    let Some(german_first) = german_first else {
        tally::end_battle(ctx, space, "14.3", "no contact");
        return None;
    };
    Some(german_first)
}

/// 14.3: what a Contact Table result comes to — `Some(true)` when the Germans have the First Salvo,
/// `Some(false)` the Allies, `None` no contact — and why a Contact 1 is none after all: under Limited
/// Visibility, or at night (22.0) unless a German ship there has searchlights (`blind_at_night` false:
/// ships with searchlights are not affected by night, docs/AMBIGUITIES.md; Limited Visibility is no night
/// and still cancels it).
pub(crate) fn outcome(
    result: ContactResult,
    limited: bool,
    blind_at_night: bool,
) -> (Option<bool>, Option<String>) {
    let (german_first, level) = match result {
        ContactResult::NoContact => return (None, None),
        ContactResult::GermanFirstSalvoContact1 => (true, 1),
        ContactResult::GermanFirstSalvoContact2 => (true, 2),
        ContactResult::AlliedFirstSalvoContact1 => (false, 1),
        ContactResult::AlliedFirstSalvoContact2 => (false, 2),
    };
    match (level, limited, blind_at_night) {
        (1, true, _) => (None, Some("Limited Visibility".to_string())),
        (1, false, true) => (None, Some("night".to_string())),
        _ => (Some(german_first), None),
    }
}

/// 14.4 / 14.15: the Allies have the First Salvo. At sea a troop convoy breaks off at once, and the
/// others break off on a die higher than the Alert Level; otherwise the battle is engaged.
fn allied_first_salvo(ctx: &mut Ctx, space: &SpaceRef, bombardment: bool) {
    if !bombardment {
        let convoy = salvo::allied_fighting(salvo::battle(ctx.game, space).expect("opened"))
            .any(|c| kind(ctx.pack, c) == Some(IncidentKind::FrenchTroopConvoy));
        if convoy {
            // 14.15: a force with a troop convoy that has the First Salvo breaks off at once.
            ctx.note(
                "The troop convoy has the First Salvo and breaks off.",
                "14.15",
            );
            tally::end_battle(ctx, space, "14.15", "the convoy breaks off");
            return;
        }
        let alert = ctx.game.alert_level;
        let die = ctx.roll_d6_for(
            || format!("Allied break-off: higher than Alert Level {alert} breaks off"),
            "14.4",
        );
        if die > alert {
            tally::end_battle(ctx, space, "14.4", "the Allies break off");
            return;
        }
    }
    engaged(ctx, space, false);
}

/// 14.1: the battle opens — its units are set out (coastal defenses turn face up, 16.0), then the Limited
/// Visibility roll (Incident Chart) and the night roll (22.0, optional). False when no combat happens.
fn open_battle(ctx: &mut Ctx, space: &SpaceRef, ships: Vec<String>, bombardment: bool) -> bool {
    let units: Vec<CounterId> = if bombardment {
        let port = space.place_id().unwrap_or_default().to_string();
        ctx.game.counters_at(&Location::Port { port }).collect()
    } else {
        allied_in(ctx.pack, ctx.game, space)
    };
    if bombardment {
        for id in &units {
            ctx.game.counters[id.index()].known_to_player = true;
            ctx.reveal(*id, space.clone(), "16.0");
        }
    }
    let allied = units
        .iter()
        .map(|c| AlliedUnit {
            counter: *c,
            damage: 0,
            gunnery_damage: 0,
            engine_damage: 0,
            in_battle: true,
        })
        .collect();
    ctx.game.turn_state.battles.push(BattleState {
        space: space.clone(),
        first_salvo: None,
        visibility: None,
        night: false,
        german: ships,
        results: Vec::new(),
        bombardment,
        round: 1,
        stage: BattleStage::Contact,
        fought: false,
        allied,
        step: 0,
        german_targets: Vec::new(),
        allied_targets: Vec::new(),
        ammunition_paid: Vec::new(),
        torpedoes_decided: Vec::new(),
        nets_used: Vec::new(),
        austro_hungarian_first: None,
    });
    if ctx.game.turn_state.limited_visibility.contains(space)
        && !visibility_allows_combat(ctx, space)
    {
        return false;
    }
    if ctx.game.options.night_combat && !bombardment {
        let roll = ctx.roll_d6_for(
            || "Night: 1–2, this battle is fought at night".into(),
            "22.0",
        );
        if roll <= 2 {
            salvo::battle_mut(ctx.game, space).expect("pushed").night = true;
            ctx.note("Night: firepower is halved (round up) except torpedoes and ships with searchlights.", "22.0");
        }
    }
    true
}

/// Limited Visibility (Incident Chart): one roll when combat would first occur in that space this turn;
/// a later battle or bombardment there this turn keeps it (5–6 forbids both). False when it forbids combat
/// (the battle then ends).
fn visibility_allows_combat(ctx: &mut Ctx, space: &SpaceRef) -> bool {
    let kept = ctx
        .game
        .turn_state
        .visibility_rolls
        .iter()
        .find(|(s, _)| s == space)
        .map(|(_, r)| *r);
    let roll = match kept {
        Some(roll) => roll,
        None => {
            let roll = ctx.roll_d6(
                "Limited Visibility: range (1–2 secondary, 3–4 tertiary, 5–6 no combat)",
                "Incident Chart",
            );
            ctx.game
                .turn_state
                .visibility_rolls
                .push((space.clone(), roll));
            roll
        }
    };
    if roll >= 5 {
        ctx.note(
            "Poor visibility: no combat here this turn.",
            "Incident Chart: Limited Visibility",
        );
        tally::end_battle(
            ctx,
            space,
            "Incident Chart: Limited Visibility",
            "poor visibility",
        );
        return false;
    }
    salvo::battle_mut(ctx.game, space)
        .expect("pushed")
        .visibility = Some(roll);
    true
}

/// 22.0: a German ship afloat in the battle at `space` carries searchlights (before the battle opens,
/// one of the German ships there).
pub(crate) fn searchlights_in(game: &Game, space: &SpaceRef) -> bool {
    let lit = |id: &String| {
        game.ship(id).is_some_and(|s| {
            s.status == ShipStatus::Active
                && s.cargo.iter().any(|c| c == firing::gear::SEARCHLIGHTS)
        })
    };
    match salvo::battle(game, space) {
        Some(b) if b.stage != BattleStage::Over => b.german.iter().any(lit),
        _ => german_in(game, space).iter().any(lit),
    }
}

/// 14.3 German contact rating: leadership of one ship + the speed of one ship (maximum for one coal);
/// a seaplane adds 2 (21.0, not under Limited Visibility or at night), searchlights 1 at night.
pub(crate) fn german_rating(
    pack: &RulesPack,
    game: &Game,
    (leader, speed_ship, maximum_speed): (&str, &str, bool),
    night: bool,
    limited: bool,
) -> i32 {
    let leader_ship = game.ship(leader).expect("checked");
    let mover = game.ship(speed_ship).expect("checked");
    let speeds = movement::ship_speeds(pack, &game.options, mover);
    let mut rating = leader_ship.tracks.leadership as i32
        + if maximum_speed {
            speeds.maximum
        } else {
            speeds.cruise
        } as i32;
    let engaged = german_in(game, &mover.position);
    let aboard = |item: &str| {
        engaged.iter().any(|s| {
            game.ship(s)
                .is_some_and(|x| x.cargo.iter().any(|c| c == item))
        })
    };
    if game.options.seaplanes && !night && !limited && aboard(firing::gear::SEAPLANE) {
        rating += 2;
    }
    if night && aboard(firing::gear::SEARCHLIGHTS) {
        rating += 1;
    }
    rating
}

/// Whether a contact at `space` opens a battle (or a bombardment) rather than its next round (14.1).
pub(crate) fn opens_battle(game: &Game, space: &SpaceRef, bombardment: bool) -> bool {
    salvo::battle(game, space)
        .is_none_or(|b| b.stage == BattleStage::Over || b.bombardment != bombardment)
}

/// The Allied units a contact at sea meets, each with its engine damage: those still fighting in the
/// battle there, or before it opens the Allied warships face up there, undamaged (14.1 sets them out).
pub(crate) fn allied_facing(
    pack: &RulesPack,
    game: &Game,
    space: &SpaceRef,
) -> Vec<(CounterId, u8)> {
    match salvo::battle(game, space) {
        Some(b) if b.stage != BattleStage::Over && !b.bombardment => b
            .allied
            .iter()
            .filter(|u| u.in_battle)
            .map(|u| (u.counter, u.engine_damage))
            .collect(),
        _ => allied_in(pack, game, space)
            .into_iter()
            .map(|c| (c, 0))
            .collect(),
    }
}

/// 14.3 Allied contact rating: Alert Level + the fastest Allied ship's speed (less engine damage) + 1 in
/// an Allied base, port or patrol zone. Coastal defenses have a rating of zero (16.0).
pub(crate) fn allied_rating(
    pack: &RulesPack,
    game: &Game,
    space: &SpaceRef,
    bombardment: bool,
) -> i32 {
    if bombardment {
        return 0;
    }
    let fastest = allied_facing(pack, game, space)
        .into_iter()
        .filter_map(|(c, engine_damage)| {
            targeting::values(pack, c).map(|v| v.speed.saturating_sub(engine_damage))
        })
        .max()
        .unwrap_or(0) as i32;
    let home = if ports::is_allied_ground(pack, game, space) {
        1
    } else {
        0
    };
    game.alert_level as i32 + fastest + home
}

fn set_stage(ctx: &mut Ctx, space: &SpaceRef, stage: BattleStage) {
    if let Some(b) = salvo::battle_mut(ctx.game, space) {
        b.stage = stage;
    }
}

/// 14.4: the player's choice with the First Salvo — fight here.
pub fn fight(ctx: &mut Ctx, space: &SpaceRef) -> Result<(), RuleError> {
    match ctx.game.pending.first() {
        Some(Pending::BreakOff { space: s }) if s == space => {}
        _ => return Err(not_now("no break-off decision is pending there")),
    }
    ctx.game.pending.remove(0);
    engaged(ctx, space, true);
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
    if salvo::battle(ctx.game, space).is_some_and(|b| b.bombardment) {
        return Err(illegal(
            "a bombardment is not broken off by moving: cease fire instead (16.0)",
        ));
    }
    break_off_target(ctx.pack, ctx.game, space, to)?;
    ctx.game.pending.remove(0);
    for ship in german_in(ctx.game, space) {
        let from = space.clone();
        if let Some(s) = ctx.game.ship_mut(&ship) {
            s.position = to.clone();
        }
        ctx.emit(Event::ShipMoved {
            ship,
            from,
            to: to.clone(),
            speed: crate::ground::action::Speed::Stay,
            limit: 0,
        });
    }
    ctx.instruct(
        format!(
            "Move the German ships from {} to {}.",
            space.describe(ctx.pack),
            to.describe(ctx.pack)
        ),
        "14.4",
    );
    tally::end_battle(ctx, space, "14.4", "the Germans break off");
    Ok(())
}

/// 16.0: the player stops bombarding (with the First Salvo, or before a new round's contact).
pub fn cease_fire(ctx: &mut Ctx, space: &SpaceRef) -> Result<(), RuleError> {
    let Some(b) =
        salvo::battle(ctx.game, space).filter(|b| b.bombardment && b.stage != BattleStage::Over)
    else {
        return Err(not_now("no bombardment is going on there"));
    };
    let at_break_off =
        matches!(ctx.game.pending.first(), Some(Pending::BreakOff { space: s }) if s == space);
    if !(at_break_off || (b.stage == BattleStage::Contact && ctx.game.pending.is_empty())) {
        return Err(not_now(
            "a bombardment may stop with the First Salvo or before a round's contact",
        ));
    }
    if at_break_off {
        ctx.game.pending.remove(0);
    }
    tally::end_battle(ctx, space, "16.0", "the bombardment stops");
    Ok(())
}

/// 14.4: where a German break-off may go (the adjacency itself is the player's to respect on the map).
fn break_off_target(
    pack: &RulesPack,
    game: &Game,
    space: &SpaceRef,
    to: &SpaceRef,
) -> Result<(), RuleError> {
    if to == space {
        return Err(illegal(
            "break off to an adjacent space, not the battle's own",
        ));
    }
    movement::check_destination(pack, game, to)?;
    // 20.0: Austro-Hungarian ships sail only their own seas, breaking off too.
    let austro_hungarian_here = german_in(game, space)
        .iter()
        .any(|s| game.ship(s).is_some_and(|x| x.austro_hungarian));
    if austro_hungarian_here && !crate::rules::austro_hungarian::may_enter(to.sea_zone(pack)) {
        return Err(illegal("Austro-Hungarian ships may enter only the Adriatic, the Eastern Mediterranean and the Aegean (20.0)"));
    }
    if matches!(
        ports::port_side(pack, game, to),
        Some(Side::Neutral | Side::Enemy)
    ) {
        return Err(illegal(
            "a break-off may not end in a neutral or enemy port or naval base (14.4)",
        ));
    }
    if game
        .counters_at(&Location::OnMap { space: to.clone() })
        .next()
        .is_some()
        || to.place_id().is_some_and(|id| {
            game.count_at(&Location::PatrolZone {
                zone: id.to_string(),
            }) > 0
        })
    {
        return Err(illegal(
            "a break-off may not end where enemy warships or incident markers are (14.4)",
        ));
    }
    Ok(())
}

/// Combat ensues (14.5): the round's salvos begin.
fn engaged(ctx: &mut Ctx, space: &SpaceRef, german_first: bool) {
    set_stage(ctx, space, BattleStage::Targets);
    if !ctx.quiet {
        let b = salvo::battle(ctx.game, space).expect("opened");
        let first = if german_first {
            "the German ships"
        } else if b.bombardment {
            "the coastal defenses"
        } else {
            "the Allied ships"
        };
        let range = match (b.round, b.visibility) {
            (1, Some(1 | 2)) => " Limited Visibility: the battle opens at secondary range (primary and secondary guns fire together).",
            (1, Some(_)) => " Limited Visibility: the battle opens at tertiary range (all guns fire together).",
            _ => "",
        };
        let round = b.round;
        ctx.note(
            format!(
                "Round {round} at {}: {first} have the First Salvo.{range}",
                space.describe(ctx.pack)
            ),
            "14.2",
        );
    }
    salvo::begin_round(ctx, space);
}

fn set_first_salvo(ctx: &mut Ctx, space: &SpaceRef, german_first: bool) {
    if let Some(b) = salvo::battle_mut(ctx.game, space) {
        b.first_salvo = Some(if german_first {
            SalvoSide::German
        } else {
            SalvoSide::Allied
        });
    }
}

fn kind(pack: &RulesPack, id: CounterId) -> Option<IncidentKind> {
    pack.counter_spec(id).kind.incident()
}
