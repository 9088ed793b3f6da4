//! 24.0 Campaign game: missions linked one after another. At the end of each mission its Orders marker
//! leaves the game; a win raises every German ship's leadership by one and brings the Orders Chart's
//! bonuses, a loss lowers it (never below one); negative VP end the campaign in disgrace (24.1). The next
//! mission is set up by 3.0 with the 24.1 reset steps, German basing (24.2), one more incident marker among
//! the British ships per Allied battlecruiser sunk (24.3), the Ottoman/Italian exclusion (24.4). After the
//! last Orders marker (or when no German ship is left) the campaign's verdict is given (24.5).

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::{CounterKind, Nation, OrdersBonus, RulesPack, ShipType};
use crate::ground::state::{CounterId, Game, GermanShip, Location, ShipStatus, SpaceRef};
use crate::ground::words;
use crate::rules::setup::Carry;

/// Where German ships are based between missions unless a bonus allows more (24.2).
pub const HOME_BASE: &str = "pola";

pub use crate::ground::campaign_state::{CampaignState, MissionResult};

/// 24.1 / 24.5: called when a mission ends. Records it, and gives the verdict if the campaign is over.
pub fn mission_ended(ctx: &mut Ctx, won: bool) {
    let orders = crate::ground::counters::orders_spec(ctx.pack, ctx.game).clone();
    let all_sunk = !ctx.game.active_ships().any(|s| !s.austro_hungarian);
    // 24.5, 19.1: with every German ship sunk the campaign ends early, unless a won mission's bonus may
    // still bring ships to the next one (the choice is the next mission's).
    let coming = won && reinforcements_possible(ctx.game, &orders.bonuses);
    let vp = ctx.game.vp;
    let pack = ctx.pack;
    let Some(c) = ctx.game.campaign.as_mut() else {
        return;
    };
    c.results.push(MissionResult {
        orders: orders.id.clone(),
        name: orders.name.clone(),
        won,
        vp,
    });
    c.used_orders.push(orders.id.clone());
    // 24.4: the first of the two alliances won removes the other.
    let exclusive = [
        ("ottoman_alliance", "italian_alliance"),
        ("italian_alliance", "ottoman_alliance"),
    ];
    for (done, other) in exclusive {
        if won && orders.id == done && !c.used_orders.iter().any(|u| u == other) {
            c.used_orders.push(other.to_string());
        }
    }
    let left = pack
        .orders
        .iter()
        .filter(|o| !c.used_orders.contains(&o.id))
        .count();
    let verdict = if vp < 0 {
        Some(format!(
            "In disgrace: the mission ended with {vp} VP (24.1). {} accomplished.",
            crate::ground::words::count(c.successes(), "mission", "missions")
        ))
    } else if left == 0 || (all_sunk && !coming) {
        Some(verdict_for(c.successes(), all_sunk))
    } else {
        None
    };
    let mission = c.mission;
    c.verdict = verdict.clone();
    match verdict {
        Some(v) => ctx.note(format!("Campaign over: {v}"), "24.5"),
        None => ctx.note(
            format!("Mission {mission} recorded. Start the next mission when ready (24.1)."),
            "24.1",
        ),
    }
}

/// 19.1, 24.1 step 2: a bonus among `bonuses` (directly or as a choice) could bring a German ship that
/// is neither in the task force nor sunk in an earlier mission.
fn reinforcements_possible(game: &Game, bonuses: &[OrdersBonus]) -> bool {
    bonuses.iter().any(|b| match b {
        OrdersBonus::ChooseOne { options } => reinforcements_possible(game, options),
        OrdersBonus::Reinforcements { ships, .. } => ships.iter().any(|s| may_join(game, s)),
        _ => false,
    })
}

/// A German ship may join as a reinforcement: not in the task force, not sunk earlier in the campaign.
fn may_join(game: &Game, ship: &str) -> bool {
    !game.ships.iter().any(|x| x.id == ship)
        && !game
            .campaign
            .as_ref()
            .is_some_and(|c| c.removed.iter().any(|r| r == ship))
}

/// 24.5: 0–2 successes a failure, 3 a draw, 4 or more a victory; with every German ship sunk, a victory
/// is a moral one ("destroyed but not conquered").
pub fn verdict_for(successes: u8, all_sunk: bool) -> String {
    match (successes, all_sunk) {
        (0..=2, _) => format!(
            "Failure — {} accomplished: you lose your command.",
            crate::ground::words::count(successes, "mission", "missions")
        ),
        (3, _) => "Draw — 3 missions accomplished: you won't go down in history.".to_string(),
        (_, true) => format!(
            "Destroyed but not conquered — {successes} missions accomplished: a moral victory."
        ),
        _ => format!("Victory — {successes} missions accomplished: promoted and famous."),
    }
}

/// The next mission may be started: a campaign whose mission ended without a verdict.
pub fn can_continue(game: &Game) -> bool {
    game.game_over.is_some()
        && game
            .campaign
            .as_ref()
            .is_some_and(|c| c.verdict.is_none() && c.results.len() == c.mission as usize)
}

fn last_bonuses<'p>(pack: &'p RulesPack, game: &Game) -> Vec<&'p OrdersBonus> {
    let Some(last) = game.campaign.as_ref().and_then(|c| c.results.last()) else {
        return Vec::new();
    };
    if !last.won {
        return Vec::new();
    }
    pack.orders_spec(&last.orders)
        .map(|o| o.bonuses.iter().collect())
        .unwrap_or_default()
}

/// The choices for starting the next mission: where to base (24.2) and, when the Orders Chart offers a
/// choice of bonus, which one.
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    if !can_continue(game) {
        return Vec::new();
    }
    let choices = last_bonuses(pack, game)
        .iter()
        .find_map(|b| match b {
            OrdersBonus::ChooseOne { options } => Some(options.len() as u8),
            _ => None,
        })
        .unwrap_or(0);
    let mut bases = vec![HOME_BASE.to_string()];
    bases.extend(basing_after(pack, game, None));
    bases.dedup();
    let mut actions = Vec::new();
    for base in bases {
        if choices == 0 {
            actions.push(Action::NextMission {
                base: base.clone(),
                bonus: None,
            });
        }
        for i in 0..choices {
            actions.push(Action::NextMission {
                base: base.clone(),
                bonus: Some(i),
            });
        }
    }
    actions
}

/// The basing ports available after the bonuses of the last mission (and `choice` among them) are applied.
fn basing_after(pack: &RulesPack, game: &Game, choice: Option<u8>) -> Vec<String> {
    let mut basing = game
        .campaign
        .as_ref()
        .map(|c| c.basing.clone())
        .unwrap_or_default();
    for b in chosen_bonuses(pack, game, choice) {
        if let OrdersBonus::Basing {
            places, nations, ..
        } = b
        {
            basing.extend(places.iter().cloned());
            basing.extend(nation_ports(pack, nations));
        }
    }
    basing
}

/// The last mission's bonuses with a ChooseOne resolved by `choice` (the first option by default).
fn chosen_bonuses<'p>(
    pack: &'p RulesPack,
    game: &Game,
    choice: Option<u8>,
) -> Vec<&'p OrdersBonus> {
    let mut out = Vec::new();
    for b in last_bonuses(pack, game) {
        match b {
            OrdersBonus::ChooseOne { options } => {
                if let Some(o) = options.get(choice.unwrap_or(0) as usize) {
                    out.push(o);
                }
            }
            other => out.push(other),
        }
    }
    out
}

fn counter(pack: &RulesPack, id: &str) -> Option<CounterId> {
    pack.counter_index(id).map(|i| CounterId(i as u16))
}

/// 24.1–24.3: sets up the next mission of the campaign, carrying the task force and the campaign's record.
pub fn next_mission(ctx: &mut Ctx, base: &str, bonus: Option<u8>) -> Result<(), RuleError> {
    check_next_mission(ctx.pack, ctx.game, base, bonus)?;
    let pack = ctx.pack;
    if no_ship_to_sail(pack, ctx.game, bonus) {
        // 24.5: every German ship is sunk and the bonus chosen brings none: the campaign is over.
        let c = ctx.game.campaign.as_mut().expect("checked");
        let verdict = verdict_for(c.successes(), true);
        c.verdict = Some(verdict.clone());
        ctx.note(format!("Campaign over: {verdict}"), "24.5");
        return Ok(());
    }
    let mut c = ctx.game.campaign.clone().expect("checked");
    let won = c.results.last().is_some_and(|r| r.won);
    remove_sunk_capital_ships(pack, ctx.game, &mut c);
    let gains = apply_bonuses(ctx, &mut c, bonus);
    let base_space = SpaceRef::place(base);
    let repaired: Vec<String> = ctx
        .game
        .ships
        .iter()
        .filter(|s| s.status == ShipStatus::Active && !s.austro_hungarian && damaged(s))
        .map(|s| s.name.clone())
        .collect();
    let mut ships = restore_task_force(ctx.game, &mut c, &base_space, won);
    add_reinforcements(pack, &mut ships, &gains.reinforcements, &base_space);
    if let Some(place) = gains.cruiser_at.clone() {
        austro_hungarian_cruiser_joins(ctx, &mut c, &mut ships, &place);
    }
    let new_zealand = new_zealand_in_next_mission(ctx.pack, ctx.game, &ships, &gains);
    let free_stay = neutral_basing_is_free(pack, &c, base);
    set_up_mission(ctx, c, ships, gains.vp_cost)?;
    if free_stay
        && crate::ground::ports::port_side(pack, ctx.game, &base_space)
            == Some(crate::ground::ports::Side::Neutral)
    {
        ctx.game.neutral_basing = ctx
            .game
            .ships
            .iter()
            .filter(|s| s.position == base_space)
            .map(|s| s.id.clone())
            .collect();
    }
    announce_mission(ctx, &base_space, gains.vp_cost, &repaired);
    if new_zealand {
        crate::rules::austro_hungarian::new_zealand_joins(ctx);
    }
    Ok(())
}

/// Orders Chart: a basing bonus marked "does not count against the one-time neutrality visit", from any
/// mission won so far (24.1: bonuses last for the rest of the campaign), allows `base`.
fn neutral_basing_is_free(pack: &RulesPack, c: &CampaignState, base: &str) -> bool {
    let won = c
        .results
        .iter()
        .filter(|r| r.won)
        .filter_map(|r| pack.orders_spec(&r.orders));
    won.flat_map(|o| o.bonuses.iter()).any(|b| match b {
        OrdersBonus::Basing {
            places,
            nations,
            ignores_neutral_visit: true,
        } => {
            places.iter().any(|p| p == base)
                || nation_ports(pack, nations).iter().any(|p| p == base)
        }
        _ => false,
    })
}

/// HMS New Zealand is in the next mission's Incident Pool (unless sunk: then 24.1 step 3 keeps it out)
/// when the Moltke and Stralsund come as reinforcements (19.1), when an Austro-Hungarian ship is in the
/// war (20.1), or when it had already joined the ended mission.
fn new_zealand_in_next_mission(
    pack: &RulesPack,
    game: &Game,
    ships: &[GermanShip],
    gains: &BonusGains,
) -> bool {
    let joined_before = pack
        .setup
        .set_aside
        .iter()
        .filter_map(|id| counter(pack, id))
        .any(|c| {
            !matches!(
                game.counter(c).location,
                Location::SetAside | Location::Sunk
            )
        });
    joined_before || !gains.reinforcements.is_empty() || ships.iter().any(|s| s.austro_hungarian)
}

/// 24.0 / 24.2: a next mission only after a mission ended without a verdict, based at Pola or a port a
/// bonus allows, with a choice of bonus only when the Orders Chart offers one.
fn check_next_mission(
    pack: &RulesPack,
    game: &Game,
    base: &str,
    bonus: Option<u8>,
) -> Result<(), RuleError> {
    if !can_continue(game) {
        return Err(not_now(
            "a next mission starts only when a campaign mission has ended without a verdict (24.0)",
        ));
    }
    let mut bases = vec![HOME_BASE.to_string()];
    bases.extend(basing_after(pack, game, bonus));
    if !bases.iter().any(|b| b == base) {
        return Err(illegal(format!("German ships are based at Pola or a port a mission's bonus allows (24.2); not `{base}`")));
    }
    let has_choice = last_bonuses(pack, game)
        .iter()
        .any(|b| matches!(b, OrdersBonus::ChooseOne { .. }));
    if bonus.is_some() && !has_choice {
        return Err(illegal("the last mission offers no choice of bonus"));
    }
    Ok(())
}

/// 24.1 step 3: Allied capital ships sunk stay out; the others come back.
fn remove_sunk_capital_ships(pack: &RulesPack, game: &Game, c: &mut CampaignState) {
    let capital = |t: ShipType| matches!(t, ShipType::BB | ShipType::BC | ShipType::B);
    for (i, spec) in pack.counters.counters.iter().enumerate() {
        if game.counters[i].location != Location::Sunk {
            continue;
        }
        if let CounterKind::Incident { ship: Some(v), .. } = spec.kind {
            if capital(v.ship_type) && !c.removed.contains(&spec.id) {
                c.removed.push(spec.id.clone());
                if v.ship_type == ShipType::BC {
                    c.battlecruisers_sunk += 1;
                }
            }
        }
    }
}

/// What the Orders Chart bonuses bring to the next mission's set-up besides the campaign's record.
#[derive(Default)]
struct BonusGains {
    reinforcements: Vec<String>,
    cruiser_at: Option<String>,
    vp_cost: i32,
}

/// 24.5: no German ship afloat, and the bonus chosen brings none (19.1).
fn no_ship_to_sail(pack: &RulesPack, game: &Game, bonus: Option<u8>) -> bool {
    let afloat = game.active_ships().any(|s| !s.austro_hungarian);
    let brings = chosen_bonuses(pack, game, bonus).iter().any(|b| {
        matches!(b, OrdersBonus::Reinforcements { ships, .. } if ships.iter().any(|s| may_join(game, s)))
    });
    !afloat && !brings
}

/// Orders Chart bonuses of a won mission.
fn apply_bonuses(ctx: &mut Ctx, c: &mut CampaignState, bonus: Option<u8>) -> BonusGains {
    let pack = ctx.pack;
    let mut gains = BonusGains::default();
    for b in chosen_bonuses(pack, ctx.game, bonus) {
        match b {
            OrdersBonus::RemoveRandomBritishBc => withdraw_random_british_bc(ctx, c),
            OrdersBonus::Reinforcements {
                ships,
                vp_cost: cost,
            } => {
                // 24.1 step 2: a German ship sunk in an earlier mission never returns.
                for s in ships {
                    if may_join(ctx.game, s) && !c.removed.contains(s) {
                        gains.reinforcements.push(s.clone());
                    }
                }
                gains.vp_cost += cost;
            }
            OrdersBonus::Basing {
                places, nations, ..
            } => {
                c.basing.extend(places.iter().cloned());
                c.basing.extend(nation_ports(pack, nations));
            }
            OrdersBonus::RemoveOrders { orders } => c.used_orders.push(orders.clone()),
            OrdersBonus::AustroHungarianCruiser { place } => gains.cruiser_at = Some(place.clone()),
            OrdersBonus::Alliance { nation } => {
                if !c.allies.contains(nation) {
                    c.allies.push(*nation);
                }
            }
            OrdersBonus::ZonesBecomeHighSeas { zones } => {
                for z in zones {
                    if !c.open_zones.contains(z) {
                        c.open_zones.push(z.clone());
                    }
                }
            }
            other => c.standing.push(describe_bonus(pack, other)),
        }
    }
    c.basing.sort();
    c.basing.dedup();
    gains
}

/// Orders Chart: one British battlecruiser, picked at random, is withdrawn for the rest of the campaign.
fn withdraw_random_british_bc(ctx: &mut Ctx, c: &mut CampaignState) {
    let pack = ctx.pack;
    let candidates: Vec<&crate::ground::pack::CounterSpec> = pack
        .counters
        .counters
        .iter()
        .filter(|s| matches!(s.kind, CounterKind::Incident { ship: Some(v), .. } if v.ship_type == ShipType::BC && v.nation == Nation::Britain))
        // HMS New Zealand only once it is in the pool (19.0 all four ships, 20.1).
        .filter(|s| !c.removed.contains(&s.id))
        .filter(|s| !pack.setup.set_aside.contains(&s.id) || counter(pack, &s.id).is_some_and(|id| ctx.game.counter(id).location == Location::Pool))
        .collect();
    if !candidates.is_empty() {
        let pick = candidates[ctx.game.dice.index(candidates.len())];
        c.removed.push(pick.id.clone());
        ctx.instruct(
            format!(
                "{} is withdrawn from the Mediterranean for the rest of the campaign.",
                pick.name
            ),
            "Orders Chart",
        );
    }
}

/// 24.1 steps 1–2: sunk German ships are gone; damaged ones are restored, the others keep their values
/// (leadership carries ±1 either way).
fn restore_task_force(
    game: &Game,
    c: &mut CampaignState,
    base_space: &SpaceRef,
    won: bool,
) -> Vec<GermanShip> {
    let mut ships: Vec<GermanShip> = Vec::new();
    let pola = SpaceRef::place(crate::rules::austro_hungarian::POLA);
    for s in &game.ships {
        if s.austro_hungarian {
            // 20.0: sunk ones are gone, ones not back in Pola are withdrawn for good; damaged and withdrawn
            // ones return; all are based at Pola (24.2).
            // 24.1's example: the Naval Pact's cruiser stays until sunk, wherever it ends the mission.
            let pact = c.pact_cruiser.as_deref() == Some(s.id.as_str());
            let lost = s.status == ShipStatus::Sunk
                || (s.status == ShipStatus::Active && s.position != pola && !pact);
            if lost {
                c.removed.push(s.id.clone());
                continue;
            }
            ships.push(GermanShip {
                tracks: s.start,
                status: ShipStatus::Active,
                position: pola.clone(),
                ..s.clone()
            });
            continue;
        }
        if s.status != ShipStatus::Active {
            // 24.1 step 2: sunk German ships are gone from every later mission.
            if s.status == ShipStatus::Sunk && !c.removed.contains(&s.id) {
                c.removed.push(s.id.clone());
            }
            continue;
        }
        let leadership = if won {
            s.tracks.leadership + 1
        } else {
            s.tracks.leadership.saturating_sub(1).max(1)
        };
        // 24.1 step 1: a damaged ship is repaired to its starting values; an undamaged one keeps its own
        // (coal, ammunition and torpedoes as they are).
        let mut tracks = if damaged(s) { s.start } else { s.tracks };
        tracks.leadership = leadership;
        ships.push(GermanShip {
            tracks,
            position: base_space.clone(),
            ..s.clone()
        });
    }
    ships
}

/// 24.1 step 1: a ship is damaged when a track that repairs restore (10.0: hull, engines, guns) is below
/// its starting value (docs/AMBIGUITIES.md).
fn damaged(s: &GermanShip) -> bool {
    let (t, start) = (&s.tracks, &s.start);
    t.hull < start.hull
        || t.engines < start.engines
        || t.primary < start.primary
        || t.secondary < start.secondary
        || t.tertiary < start.tertiary
}

/// Orders Chart reinforcements join fresh at the chosen base (24.1).
fn add_reinforcements(
    pack: &RulesPack,
    ships: &mut Vec<GermanShip>,
    reinforcements: &[String],
    base_space: &SpaceRef,
) {
    for id in reinforcements {
        if let Some(spec) = pack.german_ship(id) {
            ships.push(GermanShip {
                id: spec.id.clone(),
                name: spec.name.clone(),
                ship_type: spec.ship_type,
                status: ShipStatus::Active,
                position: base_space.clone(),
                tracks: spec.start,
                start: spec.start,
                cargo: Vec::new(),
                austro_hungarian: false,
            });
        }
    }
}

/// Austro-Hungarian Naval Pact: one Austro-Hungarian cruiser joins, picked at random among those not in
/// the war (24.1 example), and stays until sunk.
fn austro_hungarian_cruiser_joins(
    ctx: &mut Ctx,
    c: &mut CampaignState,
    ships: &mut Vec<GermanShip>,
    place: &str,
) {
    let pack = ctx.pack;
    let cruisers: Vec<CounterId> = pack
        .counters
        .counters
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.kind, CounterKind::AustroHungarian { ship } if matches!(ship.ship_type, ShipType::CA | ShipType::CL)))
        .filter(|(_, s)| !ships.iter().any(|x| x.id == s.id) && !c.removed.contains(&s.id))
        .map(|(i, _)| CounterId(i as u16))
        .collect();
    if !cruisers.is_empty() {
        let pick = cruisers[ctx.game.dice.index(cruisers.len())];
        if let Some(ship) = crate::rules::austro_hungarian::ship_from_counter(
            pack,
            pick,
            &SpaceRef::place(place),
            &ctx.game.options,
        ) {
            ctx.instruct(
                format!(
                    "{} joins your command at {} (Orders Chart bonus).",
                    ship.name,
                    SpaceRef::place(place).describe(pack)
                ),
                "24.1",
            );
            c.pact_cruiser = Some(ship.id.clone());
            ships.push(ship);
        }
    }
}

/// 3.0 with the campaign's carry (24.1 steps 3–4, 24.3): the new game replaces the ended one and its
/// set-up events follow.
fn set_up_mission(
    ctx: &mut Ctx,
    mut c: CampaignState,
    ships: Vec<GermanShip>,
    vp_cost: i32,
) -> Result<(), RuleError> {
    let pack = ctx.pack;
    let carry = Carry {
        removed: c
            .removed
            .iter()
            .filter_map(|id| counter(pack, id))
            .collect(),
        extra_markers: c.battlecruisers_sunk,
        used_orders: c.used_orders.clone(),
        open_zones: c.open_zones.clone(),
        continuing: true,
    };
    let seed = ctx.game.dice.next_u64();
    let mut options = ctx.game.options.clone();
    options.orders = None;
    let (mut game, events) = crate::rules::setup::new_game_with(pack, seed, options, &carry)?;
    game.ships = ships;
    game.allies = c.allies.clone();
    // 24.1 step 5: Alert Level = missions accomplished + 1.
    game.alert_level = (c.successes() + 1).clamp(pack.alert.min, pack.alert.max);
    // 19.1: the reinforcements' VP are deducted from the fresh total.
    game.vp = -vp_cost;
    c.mission += 1;
    game.campaign = Some(c);
    *ctx.game = game;
    for e in events {
        ctx.emit(e);
    }
    Ok(())
}

/// 24.1 step 1, 24.2, 24.1 step 5: tells the table which ship displays go back to their starting values,
/// where the ships are based, the Alert Level and the colliers to place; the reinforcements' VP cost is
/// logged (19.1).
fn announce_mission(ctx: &mut Ctx, base_space: &SpaceRef, vp_cost: i32, repaired: &[String]) {
    let pack = ctx.pack;
    let displays = if repaired.is_empty() {
        "No German ship was damaged: every ship display keeps its values (24.1 step 1).".to_string()
    } else {
        format!(
            "Repair {}: set {} to the starting values (24.1 step 1); every other ship display keeps its values.",
            repaired.join(" and "),
            if repaired.len() == 1 { "its display" } else { "their displays" }
        )
    };
    // Nothing repaired asks nothing of the table.
    if repaired.is_empty() {
        ctx.note(displays, "24.1");
    } else {
        ctx.instruct(displays, "24.1");
    }
    ctx.instruct(
        format!(
            "Mission {} of the campaign: place every German ship at {} (24.2); Alert Level {} (24.1 step 5).",
            ctx.game.campaign.as_ref().map(|c| c.mission).unwrap_or(0),
            base_space.describe(pack),
            ctx.game.alert_level
        ),
        "24.2",
    );
    if vp_cost != 0 {
        ctx.emit(Event::VpChanged {
            from: 0,
            to: -vp_cost,
            reason: "reinforcements (Orders Chart)".into(),
            rule: "19.1".into(),
        });
    }
    // 3.0 step 9 for this mission's task force (19.0: two colliers when both battlecruisers sail).
    let colliers = crate::rules::setup::collier_instruction(pack, ctx.game);
    ctx.emit(colliers);
}

/// The ports and naval bases of the nations a basing bonus names (24.2).
fn nation_ports(pack: &RulesPack, nations: &[Nation]) -> Vec<String> {
    use crate::ground::pack::PlaceKind;
    pack.places
        .iter()
        .filter(|p| {
            nations.contains(&p.nation) && matches!(p.kind, PlaceKind::Port | PlaceKind::NavalBase)
        })
        .map(|p| p.id.clone())
        .collect()
}

/// Places by their names on the map, joined.
fn place_names(pack: &RulesPack, ids: &[String]) -> String {
    ids.iter()
        .map(|id| pack.place(id).map(|p| p.name.as_str()).unwrap_or(id))
        .collect::<Vec<_>>()
        .join(", ")
}

fn describe_bonus(pack: &RulesPack, b: &OrdersBonus) -> String {
    match b {
        OrdersBonus::AustroHungarianCruiser { place } => format!(
            "An Austro-Hungarian cruiser joins at {}",
            SpaceRef::place(place).describe(pack)
        ),
        OrdersBonus::ZonesBecomeHighSeas { zones } => format!(
            "These patrol zones are open sea from now on: {}",
            place_names(pack, zones)
        ),
        OrdersBonus::Alliance { nation } => format!(
            "Alliance with {}: its ports are friendly",
            words::nation(*nation)
        ),
        OrdersBonus::ChooseOne { options } => {
            format!(
                "One of: {}",
                options
                    .iter()
                    .map(|o| describe_bonus(pack, o))
                    .collect::<Vec<_>>()
                    .join("; or ")
            )
        }
        OrdersBonus::RemoveRandomBritishBc => {
            "A British battlecruiser, chosen at random, leaves the Mediterranean".to_string()
        }
        OrdersBonus::Reinforcements { ships, vp_cost } => {
            let names: Vec<String> = ships
                .iter()
                .map(|s| crate::ground::event::ship_name(pack, s))
                .collect();
            format!("Reinforcements: {} (costs {vp_cost} VP)", names.join(", "))
        }
        OrdersBonus::Basing {
            places, nations, ..
        } => {
            let mut bases: Vec<String> = places
                .iter()
                .map(|p| SpaceRef::place(p).describe(pack))
                .collect();
            bases.extend(
                nations
                    .iter()
                    .map(|n| format!("the ports of {}", words::nation(*n))),
            );
            format!("New bases: {}", bases.join(", "))
        }
        OrdersBonus::RemoveOrders { orders } => {
            format!(
                "The Orders {} are no longer drawn",
                pack.orders_spec(orders)
                    .map(|o| o.name.as_str())
                    .unwrap_or(orders)
            )
        }
    }
}
