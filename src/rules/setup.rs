//! 3.0 Setting up the game: the secret draws into patrol zones and ports, the Orders marker, the German
//! ship displays, the task force at its start space, and the collier the player places.

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::dice::Dice;
use crate::ground::error::{illegal, RuleError};
use crate::ground::event::{Event, StackCount};
use crate::ground::pack::{CounterKind, IncidentKind, PlaceKind, RulesPack, SeaZone, SetupGroup};
use crate::ground::state::{
    Collier, CounterId, CounterState, Game, GameOptions, GermanShip, Location, Phase, ShipStatus,
    SpaceRef, SPACE_LABEL_MAX_CHARS,
};

/// What a campaign carries into the next mission's setup (24.1–24.3).
#[derive(Clone, Debug, Default)]
pub struct Carry {
    /// Counters out of play for good (Allied capital ships sunk, 24.1 step 3).
    pub removed: Vec<CounterId>,
    /// 24.3: one more incident marker mixed with the British ships for each Allied BC sunk.
    pub extra_markers: u8,
    /// 24.0: Orders markers already played or removed by a bonus.
    pub used_orders: Vec<String>,
    /// Patrol zones that are open sea now (a campaign bonus): nothing is drawn into them.
    pub open_zones: Vec<String>,
    /// A campaign's next mission, not its first: the 19.0 ships' VP were paid at the start.
    pub continuing: bool,
}

/// Builds a new game: every secret draw of 3.0 done, waiting for the player's setup decisions.
pub fn new_game(
    pack: &RulesPack,
    seed: u64,
    options: GameOptions,
) -> Result<(Game, Vec<Event>), RuleError> {
    new_game_with(pack, seed, options, &Carry::default())
}

/// Every game since the split draws in secret from its own stream, its dice from another (old records
/// replay on one stream).
fn dice_for(seed: u64, options: &GameOptions) -> Dice {
    if options.split_dice {
        Dice::split_from_seed(seed)
    } else {
        Dice::from_seed(seed)
    }
}

/// 3.0, as modified for a campaign's next mission by `carry`.
pub fn new_game_with(
    pack: &RulesPack,
    seed: u64,
    options: GameOptions,
    carry: &Carry,
) -> Result<(Game, Vec<Event>), RuleError> {
    let mut dice = dice_for(seed, &options);
    let (mut counters, orders) = draw_counters(pack, &mut dice, &options, carry)?;
    let orders_id = match &pack.counter_spec(orders).kind {
        CounterKind::Orders { orders } => orders.clone(),
        _ => unreachable!("filtered to Orders markers"),
    };
    let spec = pack
        .orders_spec(&orders_id)
        .expect("validated: every Orders marker has a chart line");

    // 19.0: the all-four fleet brings HMS New Zealand into the pool (20.1 does too, later) — unless sunk in
    // an earlier mission of the campaign (24.1 step 3). Its VP are paid once, at the campaign's start.
    let (fleet, fleet_cost) = options.fleet.ships_and_cost();
    let fleet_cost = if carry.continuing { 0 } else { fleet_cost };
    if options.fleet == crate::ground::state::Fleet::AllFour {
        set_aside_into_pool(pack, &mut counters, carry);
    }
    let (start, deployment_roll) = start_space(pack, &mut dice, &options, carry.continuing);
    let ships = task_force(pack, &options, fleet, &start);

    let mut game = Game {
        options,
        dice,
        turn: 1,
        last_turn: spec.days,
        alert_level: pack.alert.start,
        vp: fleet_cost,
        phase: Phase::Setup,
        orders,
        counters,
        ships,
        colliers: Vec::new(),
        neutral_visited: Vec::new(),
        game_over: None,
        turn_state: Default::default(),
        pending: Vec::new(),
        french_sortie: None,
        captured_ports: Vec::new(),
        mines: Vec::new(),
        campaign: None,
        allies: Vec::new(),
        open_zones: carry.open_zones.clone(),
        accomplished_on: None,
        neutral_basing: Vec::new(),
    };
    begin_campaign_record(pack, &mut game, carry);
    let mut events = setup_events(pack, &game, &orders_id, &spec.name);
    events.extend(task_force_lines(pack, &game, &start, carry.continuing));
    if let Some(face) = deployment_roll {
        events.insert(2, deployment_event(pack, face, &start));
    }
    if fleet_cost != 0 {
        events.push(fleet_vp_event(fleet_cost));
    }
    if game.options.cup_only {
        game.phase = Phase::CupOnly;
        events.push(Event::Note {
            text: "Cup only: the referee holds the cup and the face-down stacks; you run the phases, movement and combat on the table and keep the trackers with corrections.".into(),
            rule: "3.0".into(),
        });
    }
    Ok((game, events))
}

/// 19.0: the set-aside counters (HMS New Zealand) go into the pool, but for one sunk in an earlier mission of
/// the campaign (24.1 step 3).
fn set_aside_into_pool(pack: &RulesPack, counters: &mut [CounterState], carry: &Carry) {
    for id in &pack.setup.set_aside {
        let c = counter_id(pack, id);
        if !carry.removed.contains(&c) {
            counters[c.index()].location = Location::Pool;
        }
    }
}

/// 19.0: the VP paid for the additional German ships, once, at the campaign's start.
fn fleet_vp_event(fleet_cost: i32) -> Event {
    Event::VpChanged {
        from: 0,
        to: fleet_cost,
        reason: "additional German ships".into(),
        rule: "19.0".into(),
    }
}

/// 18.0: the Variable Initial Deployment roll, with where it put the task force.
fn deployment_event(pack: &RulesPack, face: u8, start: &SpaceRef) -> Event {
    Event::DiceRolled {
        purpose: format!(
            "Variable Initial Deployment: the task force starts at {}",
            start.describe(pack)
        ),
        faces: vec![face],
        rule: "18.0".into(),
        fire: None,
        // Rolled by the app at new game, before any move (docs/AMBIGUITIES.md, "I roll the dice").
        by_player: false,
    }
}

/// 3.0 steps 3–5: every counter's setup place, with the secret draws in this order (the dice are the
/// game's, so the order is part of the game): incident markers, coastal defenses, the Orders marker.
/// Returns the counters and the drawn Orders marker, in the Orders box.
fn draw_counters(
    pack: &RulesPack,
    dice: &mut Dice,
    options: &GameOptions,
    carry: &Carry,
) -> Result<(Vec<CounterState>, CounterId), RuleError> {
    let n = pack.counters.counters.len();
    assert!(n < u16::MAX as usize);
    // Everything starts unused; each step below moves counters to their setup place.
    let mut counters = vec![
        CounterState {
            location: Location::Unused,
            known_to_player: false
        };
        n
    ];
    draw_incident_markers(pack, dice, &mut counters, carry);
    draw_coastal_defenses(pack, dice, &mut counters);
    let orders = draw_orders(pack, dice, options, carry)?;
    counters[orders.index()].location = Location::OrdersBox;
    Ok((counters, orders))
}

/// The counters whose kind matches `pred`, in the pack's order.
fn ids(pack: &RulesPack, pred: &dyn Fn(&CounterKind) -> bool) -> Vec<CounterId> {
    pack.counters
        .counters
        .iter()
        .enumerate()
        .filter(|(_, spec)| pred(&spec.kind))
        .map(|(i, _)| CounterId(i as u16))
        .collect()
}

/// 3.0 step 3: each nation's warships plus its Quiet Seas, mixed face down, drawn into its zones.
fn draw_incident_markers(
    pack: &RulesPack,
    dice: &mut Dice,
    counters: &mut [CounterState],
    carry: &Carry,
) {
    let mut quiet = ids(pack, &|k| {
        matches!(
            k,
            CounterKind::Incident {
                incident: IncidentKind::QuietSeas,
                ..
            }
        )
    });
    let mut placed = vec![false; counters.len()];
    for c in &carry.removed {
        counters[c.index()].location = Location::RemovedFromPlay;
        placed[c.index()] = true;
    }
    quiet.retain(|c| !placed[c.index()]);
    for (g, group) in pack.setup.groups.iter().enumerate() {
        let mut mix: Vec<CounterId> = group
            .warships
            .iter()
            .map(|id| counter_id(pack, id))
            .filter(|c| !placed[c.index()])
            .collect();
        for _ in 0..group.quiet_seas {
            mix.push(quiet.remove(0));
        }
        if g == 0 {
            // The Quiet Seas the later groups still take are not among the spare markers (24.3).
            let reserved: usize = pack.setup.groups[1..]
                .iter()
                .map(|gr| gr.quiet_seas as usize)
                .sum();
            add_extra_markers(
                pack,
                dice,
                carry,
                &placed,
                &quiet[..reserved.min(quiet.len())],
                &mut mix,
            );
        }
        draw_group(group, dice, counters, &mut placed, carry, mix);
    }
    set_aside_and_pool(pack, counters, &mut placed);
}

/// 24.3: extra incident markers, picked at random from every marker not yet placed (Quiet Seas among
/// them, but not those `reserved` for the later groups), join the first (British) group's mix.
fn add_extra_markers(
    pack: &RulesPack,
    dice: &mut Dice,
    carry: &Carry,
    placed: &[bool],
    reserved: &[CounterId],
    mix: &mut Vec<CounterId>,
) {
    let spare: Vec<CounterId> = ids(pack, &|k| matches!(k, CounterKind::Incident { .. }))
        .into_iter()
        .filter(|c| {
            !placed[c.index()]
                && !mix.contains(c)
                && !reserved.contains(c)
                && !pack
                    .setup
                    .groups
                    .iter()
                    .any(|gr| gr.warships.iter().any(|w| counter_id(pack, w) == *c))
                && !pack
                    .setup
                    .set_aside
                    .iter()
                    .any(|a| counter_id(pack, a) == *c)
        })
        .collect();
    let mut spare = spare;
    for _ in 0..carry.extra_markers.min(spare.len() as u8) {
        mix.push(spare.swap_remove(dice.index(spare.len())));
    }
}

/// 3.0 step 3: one group's mix drawn face down into its zones (none into a zone that is open sea now);
/// what is left of the mix goes to the Incident Pool.
fn draw_group(
    group: &SetupGroup,
    dice: &mut Dice,
    counters: &mut [CounterState],
    placed: &mut [bool],
    carry: &Carry,
    mut mix: Vec<CounterId>,
) {
    for draw in group
        .zones
        .iter()
        .filter(|d| !carry.open_zones.contains(&d.zone))
    {
        for _ in 0..draw.count {
            let c = mix.swap_remove(dice.index(mix.len()));
            counters[c.index()].location = Location::PatrolZone {
                zone: draw.zone.clone(),
            };
            placed[c.index()] = true;
        }
    }
    for c in mix {
        counters[c.index()].location = Location::Pool;
        placed[c.index()] = true;
    }
}

/// 3.0 step 3: the set-aside counters (New Zealand) aside, unless already placed, and the rest of the
/// Incident markers into the pool.
fn set_aside_and_pool(pack: &RulesPack, counters: &mut [CounterState], placed: &mut [bool]) {
    for id in &pack.setup.set_aside {
        let c = counter_id(pack, id);
        if placed[c.index()] {
            continue;
        }
        counters[c.index()].location = Location::SetAside;
        placed[c.index()] = true;
    }
    // "Then place all remaining Incident markers into the Incident Pool."
    for c in ids(pack, &|k| matches!(k, CounterKind::Incident { .. })) {
        if !placed[c.index()] {
            counters[c.index()].location = Location::Pool;
        }
    }
}

/// 3.0 step 4: coastal defenses drawn face down per port; the rest out of play unseen.
fn draw_coastal_defenses(pack: &RulesPack, dice: &mut Dice, counters: &mut [CounterState]) {
    let mut defenses = ids(pack, &|k| matches!(k, CounterKind::CoastalDefense { .. }));
    for draw in &pack.setup.coastal_defenses {
        for _ in 0..draw.count {
            let c = defenses.swap_remove(dice.index(defenses.len()));
            counters[c.index()].location = Location::Port {
                port: draw.port.clone(),
            };
        }
    }
    for c in defenses {
        counters[c.index()].location = Location::OutOfPlay;
    }
}

/// 3.0 step 5: one Orders marker drawn and shown; the scenario length comes from the Orders Chart.
fn draw_orders(
    pack: &RulesPack,
    dice: &mut Dice,
    options: &GameOptions,
    carry: &Carry,
) -> Result<CounterId, RuleError> {
    let orders_markers: Vec<CounterId> = ids(pack, &|k| matches!(k, CounterKind::Orders { .. }))
        .into_iter()
        .filter(|c| !matches!(&pack.counter_spec(*c).kind, CounterKind::Orders { orders } if carry.used_orders.contains(orders)))
        .collect();
    if orders_markers.is_empty() {
        return Err(illegal("every Orders marker has been played (24.0)"));
    }
    Ok(match &options.orders {
        Some(wanted) => *orders_markers
            .iter()
            .find(|c| matches!(&pack.counter_spec(**c).kind, CounterKind::Orders { orders } if orders == wanted))
            .ok_or_else(|| RuleError::Unknown { what: "orders", id: wanted.clone() })?,
        None => orders_markers[dice.index(orders_markers.len())],
    })
}

/// 3.0 steps 6 and 8 (18.0: or where the Variable Initial Deployment Table's die says). Returns the start
/// space and the die, when one was rolled.
/// A campaign's next mission rolls no die: its ships are based at Pola or a bonus port (24.2).
fn start_space(
    pack: &RulesPack,
    dice: &mut Dice,
    options: &GameOptions,
    continuing: bool,
) -> (SpaceRef, Option<u8>) {
    let mut deployment_roll = None;
    let start = if options.variable_deployment && !continuing {
        let face = dice.d6();
        deployment_roll = Some(face);
        SpaceRef::place(&pack.charts.variable_deployment.rolls[(face - 1) as usize])
    } else {
        SpaceRef::place(&pack.setup.start_space)
    };
    (start, deployment_roll)
}

/// 3.0 step 6 / 19.0: the German ships of the chosen fleet at their starting values, at the start space.
fn task_force(
    pack: &RulesPack,
    options: &GameOptions,
    fleet: &[&str],
    start: &SpaceRef,
) -> Vec<GermanShip> {
    let standard_fleet = options.fleet == crate::ground::state::Fleet::Standard;
    let ship_ids: Vec<String> = if standard_fleet {
        pack.setup.german_ships.clone()
    } else {
        fleet.iter().map(|s| s.to_string()).collect()
    };
    ship_ids
        .iter()
        .map(|id| {
            let s = pack.german_ship(id).expect("validated");
            GermanShip {
                id: s.id.clone(),
                name: s.name.clone(),
                ship_type: s.ship_type,
                status: ShipStatus::Active,
                position: start.clone(),
                tracks: s.start,
                start: s.start,
                cargo: Vec::new(),
                austro_hungarian: false,
            }
        })
        .collect()
}

/// 24.0: a campaign's first mission starts its record; Orders markers already played are out of play.
fn begin_campaign_record(pack: &RulesPack, game: &mut Game, carry: &Carry) {
    if game.options.campaign {
        game.campaign = Some(crate::ground::campaign_state::CampaignState {
            mission: 1,
            ..Default::default()
        });
    }
    for (i, spec) in pack.counters.counters.iter().enumerate() {
        if matches!(&spec.kind, CounterKind::Orders { orders } if carry.used_orders.contains(orders))
        {
            game.counters[i].location = Location::RemovedFromPlay;
        }
    }
}

fn counter_id(pack: &RulesPack, id: &str) -> CounterId {
    CounterId(
        pack.counter_index(id)
            .expect("validated: setup names existing counters") as u16,
    )
}

fn setup_events(pack: &RulesPack, game: &Game, orders: &str, orders_name: &str) -> Vec<Event> {
    let count = |loc: Location| game.count_at(&loc) as u32;
    let patrol_zones = pack
        .places
        .iter()
        .filter(|p| p.kind == PlaceKind::PatrolZone)
        .map(|p| StackCount {
            place: p.id.clone(),
            name: p.name.clone(),
            count: count(Location::PatrolZone { zone: p.id.clone() }),
        })
        .collect();
    let ports = pack
        .setup
        .coastal_defenses
        .iter()
        .map(|d| StackCount {
            place: d.port.clone(),
            name: pack
                .place(&d.port)
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            count: count(Location::Port {
                port: d.port.clone(),
            }),
        })
        .collect();
    vec![
        Event::GameStarted { orders: orders.to_string(), orders_name: orders_name.to_string(), last_turn: game.last_turn },
        Event::SecretSetup { patrol_zones, ports, pool: count(Location::Pool) },
        Event::TableInstruction {
            text: format!("Put the Orders marker \"{orders_name}\" face up in the Orders box and the time marker on turn 1 of {}.", game.last_turn),
            rule: "3.0".into(),
        },
    ]
}

/// 3.0 steps 6 and 9: the ship displays at their starting values, the task force at `start`, the colliers.
/// (24.1, 24.2: a campaign's next mission carries its ships' values and bases them itself.)
fn task_force_lines(
    pack: &RulesPack,
    game: &Game,
    start: &SpaceRef,
    continuing: bool,
) -> Vec<Event> {
    if continuing {
        return Vec::new();
    }
    vec![
        Event::TableInstruction {
            text: format!("Set the German ship displays to their starting values and place the task force at {}.", start.describe(pack)),
            rule: "3.0".into(),
        },
        collier_instruction(pack, game),
    ]
}

/// 3.0 step 9, and 19.0: the table line for the colliers the referee waits for — one, or two when both
/// battlecruisers sail.
pub fn collier_instruction(pack: &RulesPack, game: &Game) -> Event {
    let text = match colliers_to_place(pack, game) {
        1 => "Place one German collier in a sea space of your choice and tell the referee where.".to_string(),
        n => format!("Place {n} German colliers, each in a sea space of your choice, and tell the referee where (19.0: one more when both battlecruisers sail)."),
    };
    let rule = if colliers_to_place(pack, game) > 1 {
        "19.0"
    } else {
        "3.0"
    };
    Event::TableInstruction {
        text,
        rule: rule.into(),
    }
}

/// 3.0 step 9, and 19.0: a second collier when both German battlecruisers sail — chosen at the start or
/// arrived by 19.1 in a campaign (docs/AMBIGUITIES.md).
pub fn colliers_to_place(pack: &RulesPack, game: &Game) -> usize {
    let battlecruisers = game
        .ships
        .iter()
        .filter(|s| {
            !s.austro_hungarian
                && s.status == ShipStatus::Active
                && s.ship_type == crate::ground::pack::ShipType::BC
        })
        .count();
    pack.setup.colliers as usize + usize::from(battlecruisers >= 2)
}

/// The sea spaces offered for the collier (3.0 step 9): open sea in each navigable zone and the patrol zones.
pub fn collier_spaces(pack: &RulesPack) -> Vec<SpaceRef> {
    let mut spaces: Vec<SpaceRef> = [
        SeaZone::WesternMed,
        SeaZone::Adriatic,
        SeaZone::EasternMed,
        SeaZone::Aegean,
    ]
    .into_iter()
    .map(|zone| SpaceRef::HighSeas {
        zone,
        label: String::new(),
    })
    .collect();
    spaces.extend(
        pack.places
            .iter()
            .filter(|p| p.kind == PlaceKind::PatrolZone)
            .map(|p| SpaceRef::place(&p.id)),
    );
    spaces
}

pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    if game.colliers.len() < colliers_to_place(pack, game) {
        // 3.0 step 7 (cargo, 8.1) comes before step 9 (the collier, which ends the setup).
        let mut actions = crate::rules::cargo::legal_actions(pack, game);
        actions.extend(
            collier_spaces(pack)
                .into_iter()
                .map(|to| Action::PlaceCollier { to }),
        );
        return actions;
    }
    Vec::new()
}

/// 3.0 step 9. Any sea space: a high-seas space (any label) or a patrol zone; never a port, the
/// Atlantic exit, the Black Sea or the Sea of Marmara.
pub fn place_collier(ctx: &mut Ctx, to: &SpaceRef) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::Setup
        || ctx.game.colliers.len() >= colliers_to_place(ctx.pack, ctx.game)
    {
        return Err(crate::ground::error::not_now(
            "the collier is placed once, during setup (3.0 step 9)",
        ));
    }
    match to {
        SpaceRef::HighSeas { zone, label } => {
            if matches!(
                zone,
                SeaZone::BlackSea | SeaZone::Marmara | SeaZone::Atlantic
            ) {
                return Err(illegal("the collier must be placed in a Mediterranean sea space (12.5: never the Black Sea)"));
            }
            if label.chars().count() > SPACE_LABEL_MAX_CHARS {
                return Err(illegal(format!(
                    "a space label has at most {SPACE_LABEL_MAX_CHARS} characters"
                )));
            }
        }
        SpaceRef::Place { id } => match ctx.pack.place(id) {
            None => {
                return Err(RuleError::Unknown {
                    what: "place",
                    id: id.clone(),
                })
            }
            Some(p) if p.kind != PlaceKind::PatrolZone => {
                return Err(illegal(format!(
                    "{} is not a sea space: place the collier at sea",
                    p.name
                )))
            }
            Some(_) => {}
        },
    }
    let id = ctx.game.colliers.len() as u8 + 1;
    ctx.game.colliers.push(Collier {
        id,
        position: to.clone(),
    });
    ctx.emit(Event::CollierPlaced { at: to.clone() });
    Ok(())
}

/// Whether every setup decision is made (then turn 1 begins).
pub fn is_complete(pack: &RulesPack, game: &Game) -> bool {
    game.colliers.len() >= colliers_to_place(pack, game)
}
