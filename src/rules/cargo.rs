//! 8.0 Cargo: crew and gear bought with cargo points — twice the leadership at the start of a scenario
//! (8.1, loaded during setup step 7), the leadership again at a friendly naval base in an Outfitting
//! phase (8.5) — one item per hull box (8.2), never more counters than the game has (8.3), dumped gear and
//! landed crew back to the Available box (8.3), lost with the hull boxes they sit in (8.4), traded between
//! ships in the same space (4.1, 8.6).

use crate::engine::ctx::Ctx;
use crate::ground::action::Action;
use crate::ground::error::{illegal, not_now, RuleError};
use crate::ground::pack::{CargoClass, CargoSpec, RulesPack, Terrain};
use crate::ground::ports;
use crate::ground::state::{Game, GermanShip, Phase, ShipStatus};

pub use crate::ground::state::boxes_used;

/// Counters of `item` in play: aboard any ship afloat, or landed in a captured port (Seebataillon).
fn in_play(game: &Game, item: &str) -> u8 {
    let aboard = game
        .active_ships()
        .flat_map(|s| s.cargo.iter())
        .filter(|c| *c == item)
        .count();
    let landed = if item == crate::rules::combat::firing::gear::SEEBATAILLON {
        game.captured_ports.len()
    } else {
        0
    };
    (aboard + landed) as u8
}

/// An optional rule's item is only in play when that rule is chosen (Crew and Gear chart).
fn rule_allows(game: &Game, spec: &CargoSpec) -> bool {
    match spec.optional_rule.as_deref() {
        None => true,
        Some("21.0") => game.options.seaplanes,
        Some("23.0") => game.options.mines,
        Some(_) => false,
    }
}

/// Cargo points left to spend on `ship` now: in setup, twice its leadership as the scenario starts (a
/// campaign's later missions carry leadership changed by 24.1) less what is aboard (8.1); in an Outfitting phase at a friendly naval base, its leadership less what it bought this phase
/// (8.5); otherwise none.
pub fn points_left(pack: &RulesPack, game: &Game, ship: &GermanShip) -> u8 {
    let spent_aboard: u8 = ship
        .cargo
        .iter()
        .filter_map(|c| pack.charts.cargo(c))
        .map(|c| c.cost)
        .sum();
    match game.phase {
        Phase::Setup => (pack.setup.outfitting_points_per_leadership * ship.tracks.leadership)
            .saturating_sub(spent_aboard),
        Phase::Outfitting
            if ports::terrain(pack, game, &ship.position) == Terrain::FriendlyNavalBase =>
        {
            let spent = game
                .turn_state
                .cargo_bought
                .iter()
                .filter(|(s, _)| s == &ship.id)
                .map(|(_, p)| *p)
                .sum::<u8>();
            ship.tracks.leadership.saturating_sub(spent)
        }
        _ => 0,
    }
}

fn spec<'p>(pack: &'p RulesPack, item: &str) -> Result<&'p CargoSpec, RuleError> {
    pack.charts.cargo(item).ok_or_else(|| RuleError::Unknown {
        what: "crew or gear item",
        id: item.to_string(),
    })
}

fn ship<'g>(game: &'g Game, id: &str) -> Result<&'g GermanShip, RuleError> {
    let s = game
        .active_ships()
        .find(|s| s.id == id)
        .ok_or_else(|| RuleError::Unknown {
            what: "German ship afloat",
            id: id.to_string(),
        })?;
    if s.austro_hungarian {
        return Err(illegal(
            "Austro-Hungarian ships carry no cargo (20.0: they are not outfitted)",
        ));
    }
    Ok(s)
}

/// Why `item` may not go aboard `s` whatever its points (`room_for`), judged once for a refusal's message
/// and for a greyed button's few words (`offers`).
enum NoRoom {
    /// The Crew and Gear chart gives it to other ship types.
    ShipType,
    /// Its optional rule was not chosen for this game.
    RuleNotChosen,
    /// 8.2: one item per hull box.
    HullFull,
    /// 21.0: one seaplane per battlecruiser.
    SecondSeaplane,
    /// 8.3: every counter of it is in play.
    AllInPlay,
}

fn no_room(pack: &RulesPack, game: &Game, s: &GermanShip, item: &CargoSpec) -> Option<NoRoom> {
    if !item.ship_types.is_empty() && !item.ship_types.contains(&s.ship_type) {
        Some(NoRoom::ShipType)
    } else if !rule_allows(game, item) {
        Some(NoRoom::RuleNotChosen)
    } else if boxes_used(pack, s) + item.boxes > s.tracks.hull {
        Some(NoRoom::HullFull)
    } else if item.id == crate::rules::combat::firing::gear::SEAPLANE
        && s.cargo.iter().any(|c| c == &item.id)
    {
        Some(NoRoom::SecondSeaplane)
    } else if in_play(game, &item.id) >= item.supply {
        Some(NoRoom::AllInPlay)
    } else {
        None
    }
}

/// Room in the hull (8.2, 8.3) and a counter left in the box (8.3) for `item` aboard `s`.
pub fn room_for(
    pack: &RulesPack,
    game: &Game,
    s: &GermanShip,
    item: &CargoSpec,
) -> Result<(), RuleError> {
    match no_room(pack, game, s, item) {
        None => Ok(()),
        Some(NoRoom::ShipType) => Err(illegal(format!(
            "{} may only be carried by {} (Crew and Gear chart)",
            item.name,
            crate::ground::words::ship_types(&item.ship_types)
        ))),
        Some(NoRoom::RuleNotChosen) => Err(illegal(format!(
            "{} belongs to optional rule {}, not chosen for this game",
            item.name,
            item.optional_rule.as_deref().unwrap_or("")
        ))),
        Some(NoRoom::HullFull) => Err(illegal(format!(
            "{} has no free hull box for {} (8.2: one item per hull box)",
            s.name, item.name
        ))),
        Some(NoRoom::SecondSeaplane) => Err(illegal(
            "no more than one seaplane per battlecruiser (21.0)",
        )),
        Some(NoRoom::AllInPlay) => Err(illegal(format!(
            "all {} {} counters are in play (8.3)",
            item.supply, item.name
        ))),
    }
}

fn load_check(pack: &RulesPack, game: &Game, ship_id: &str, item: &str) -> Result<(), RuleError> {
    let s = ship(game, ship_id)?;
    let item = spec(pack, item)?;
    match game.phase {
        Phase::Setup => {}
        Phase::Outfitting if ports::terrain(pack, game, &s.position) == Terrain::FriendlyNavalBase => {}
        Phase::Outfitting => return Err(illegal("cargo is bought only at a friendly naval base (8.5)")),
        _ => return Err(not_now("cargo is bought in setup (8.1) or in an Outfitting phase at a friendly naval base (8.5)")),
    }
    if item.cost > points_left(pack, game, s) {
        return Err(illegal(format!(
            "{} costs {} cargo points; {} has {} left (8.1, 8.5)",
            item.name,
            item.cost,
            s.name,
            points_left(pack, game, s)
        )));
    }
    room_for(pack, game, s, item)
}

/// 8.1 / 8.5: one item of a ship's crew & gear list while it may buy (`offers`).
#[derive(Clone, Debug, PartialEq)]
pub struct Offer<'p> {
    pub item: &'p CargoSpec,
    /// Why it may not be bought now, in a few words, and the rule; `None` when `load_cargo` is legal.
    pub refused: Option<(String, &'static str)>,
}

/// 8.1 / 8.5: the crew & gear `s` could carry, in the chart's order, while it may buy now (empty when it
/// may not buy at all, as a ship sunk or withdrawn): the items it may buy, and the ones refused for its
/// points (8.1, 8.5), its hull boxes (8.2), a second seaplane (21.0) or the counters all in play (8.3) —
/// the list a player reads keeps its order as points and counters run out. Items its type may never
/// carry, or of an optional rule not chosen, are left off. `refused` is `None` exactly when `load_check`
/// accepts the item.
pub fn offers<'p>(pack: &'p RulesPack, game: &Game, s: &GermanShip) -> Vec<Offer<'p>> {
    let may_buy = match game.phase {
        Phase::Setup => true,
        Phase::Outfitting => ports::terrain(pack, game, &s.position) == Terrain::FriendlyNavalBase,
        _ => false,
    };
    if !may_buy
        || s.status != ShipStatus::Active
        || s.austro_hungarian
        || crate::rules::outfitting::check_may_outfit(pack, game, &s.id).is_err()
    {
        return Vec::new();
    }
    pack.charts
        .crew_and_gear
        .items
        .iter()
        .filter(|item| {
            !matches!(
                no_room(pack, game, s, item),
                Some(NoRoom::ShipType | NoRoom::RuleNotChosen)
            )
        })
        .map(|item| Offer {
            item,
            refused: load_check(pack, game, &s.id, &item.id)
                .is_err()
                .then(|| why_not(pack, game, s, item)),
        })
        .collect()
}

/// The few words a refused item's greyed button ends with, no longer than a buy's "(N left)" so the
/// button keeps its lines, and the rule: the first of `load_check`'s checks it fails (the points, then
/// the room).
fn why_not(
    pack: &RulesPack,
    game: &Game,
    s: &GermanShip,
    item: &CargoSpec,
) -> (String, &'static str) {
    let points = points_left(pack, game, s);
    let points_rule = if game.phase == Phase::Setup {
        "8.1"
    } else {
        "8.5"
    };
    if item.cost > points {
        return (format!("{} short", item.cost - points), points_rule);
    }
    match no_room(pack, game, s, item) {
        Some(NoRoom::HullFull) => ("hull full".into(), "8.2"),
        Some(NoRoom::SecondSeaplane) => ("one aboard".into(), "21.0"),
        // The items of other ship types and of optional rules not chosen are not on the list.
        _ => ("all in play".into(), "8.3"),
    }
}

/// 8.1 / 8.5: buy `item` for `ship`.
pub fn load(ctx: &mut Ctx, ship_id: &str, item: &str) -> Result<(), RuleError> {
    load_check(ctx.pack, ctx.game, ship_id, item)?;
    let cost = spec(ctx.pack, item)?.cost;
    if ctx.game.phase == Phase::Outfitting {
        ctx.game
            .turn_state
            .cargo_bought
            .push((ship_id.to_string(), cost));
        crate::rules::outfitting::mark_outfitting(ctx, ship_id);
    }
    ctx.game
        .ship_mut(ship_id)
        .expect("checked")
        .cargo
        .push(item.to_string());
    let rule = if ctx.game.phase == Phase::Setup {
        "8.1"
    } else {
        "8.5"
    };
    changed(ctx, ship_id, item, true, "loaded", rule);
    Ok(())
}

/// 8.3: dump gear overboard (anywhere) or land crew (only in a friendly, neutral or captured port or base),
/// in an Outfitting phase; in setup, simply take it back.
pub fn dump(ctx: &mut Ctx, ship_id: &str, item: &str) -> Result<(), RuleError> {
    let s = ship(ctx.game, ship_id)?;
    let spec = spec(ctx.pack, item)?;
    if !s.cargo.iter().any(|c| c == item) {
        return Err(illegal(format!("{} carries no {}", s.name, spec.name)));
    }
    match ctx.game.phase {
        Phase::Setup => {}
        Phase::Outfitting => {
            crate::rules::outfitting::check_may_outfit(ctx.pack, ctx.game, ship_id)?;
            if spec.class == CargoClass::Crew
                && !ports::friendly_for_cargo(ctx.pack, ctx.game, &s.position)
            {
                return Err(illegal(
                    "crew may only be removed in a friendly port or naval base (8.3)",
                ));
            }
            crate::rules::outfitting::mark_outfitting(ctx, ship_id);
        }
        _ => return Err(not_now("cargo is dumped in an Outfitting phase (8.3)")),
    }
    remove(ctx, ship_id, item);
    changed(ctx, ship_id, item, false, "to the Available box", "8.3");
    Ok(())
}

/// 4.1, 8.6: move one item between two ships in the same space in an Outfitting phase.
pub fn transfer(ctx: &mut Ctx, from: &str, to: &str, item: &str) -> Result<(), RuleError> {
    if ctx.game.phase != Phase::Outfitting {
        return Err(not_now(
            "cargo is traded in the Outfitting & Repair phase (4.1)",
        ));
    }
    let (giver, taker) = (ship(ctx.game, from)?, ship(ctx.game, to)?);
    let spec = spec(ctx.pack, item)?;
    for s in [from, to] {
        crate::rules::outfitting::check_may_outfit(ctx.pack, ctx.game, s)?;
    }
    if from == to || giver.position != taker.position {
        return Err(illegal(
            "cargo passes only between two ships in the same space (4.1, 8.6)",
        ));
    }
    if !giver.cargo.iter().any(|c| c == item) {
        return Err(illegal(format!("{} carries no {}", giver.name, spec.name)));
    }
    if !spec.ship_types.is_empty() && !spec.ship_types.contains(&taker.ship_type) {
        return Err(illegal(format!(
            "{} may only be carried by {}",
            spec.name,
            crate::ground::words::ship_types(&spec.ship_types)
        )));
    }
    if boxes_used(ctx.pack, taker) + spec.boxes > taker.tracks.hull {
        return Err(illegal(format!(
            "{} has no free hull box for {} (8.2)",
            taker.name, spec.name
        )));
    }
    remove(ctx, from, item);
    ctx.game
        .ship_mut(to)
        .expect("checked")
        .cargo
        .push(item.to_string());
    crate::rules::outfitting::mark_outfitting(ctx, from);
    crate::rules::outfitting::mark_outfitting(ctx, to);
    let (giver_name, taker_name) = (ship_name_of(ctx, from), ship_name_of(ctx, to));
    changed(
        ctx,
        from,
        item,
        false,
        &format!("handed to {taker_name}"),
        "8.6",
    );
    changed(
        ctx,
        to,
        item,
        true,
        &format!("taken from {giver_name}"),
        "8.6",
    );
    Ok(())
}

/// The cargo decisions open now: loads (setup, friendly naval base), dumps and trades (Outfitting).
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    // 9.1: a ship that must leave a visited neutral port does nothing that would keep it there.
    let may_outfit = |id: &str| crate::rules::outfitting::check_may_outfit(pack, game, id).is_ok();
    for s in game
        .active_ships()
        .filter(|s| !s.austro_hungarian && may_outfit(&s.id))
    {
        for offer in offers(pack, game, s) {
            if offer.refused.is_none() {
                actions.push(Action::LoadCargo {
                    ship: s.id.clone(),
                    item: offer.item.id.clone(),
                });
            }
        }
        let mut seen: Vec<&String> = Vec::new();
        for item in &s.cargo {
            if seen.contains(&item) {
                continue;
            }
            seen.push(item);
            let crew_ok = pack
                .charts
                .cargo(item)
                .is_some_and(|c| c.class != CargoClass::Crew)
                || ports::friendly_for_cargo(pack, game, &s.position);
            if game.phase == Phase::Setup || (game.phase == Phase::Outfitting && crew_ok) {
                actions.push(Action::DumpCargo {
                    ship: s.id.clone(),
                    item: item.clone(),
                });
            }
            if game.phase == Phase::Outfitting {
                for other in game.active_ships().filter(|o| {
                    o.id != s.id
                        && o.position == s.position
                        && !o.austro_hungarian
                        && may_outfit(&o.id)
                }) {
                    let fits = pack.charts.cargo(item).is_some_and(|c| {
                        boxes_used(pack, other) + c.boxes <= other.tracks.hull
                            && (c.ship_types.is_empty() || c.ship_types.contains(&other.ship_type))
                    });
                    if fits {
                        actions.push(Action::TransferCargo {
                            from: s.id.clone(),
                            to: other.id.clone(),
                            item: item.clone(),
                        });
                    }
                }
            }
        }
    }
    actions
}

fn remove(ctx: &mut Ctx, ship_id: &str, item: &str) {
    crate::engine::stowage::remove(ctx.game, ship_id, item);
}

fn changed(ctx: &mut Ctx, ship: &str, item: &str, aboard: bool, how: &str, rule: &str) {
    let event = crate::engine::stowage::cargo_event(ctx.pack, ship, item, aboard, how, rule);
    ctx.emit(event);
}

/// 8.4: after hull boxes are lost, the cargo stowed in them goes — the last loaded sits in the highest box.
pub fn stowage_after_hull_loss(ctx: &mut Ctx, ship_id: &str) {
    for event in crate::engine::stowage::spill_over_hull(ctx.pack, ctx.game, ship_id) {
        ctx.emit(event);
    }
}

/// A ship as the player reads it ("SMS Breslau"), never its id.
fn ship_name_of(ctx: &Ctx, id: &str) -> String {
    ctx.game.ship(id).map_or_else(
        || crate::ground::event::ship_name(ctx.pack, id),
        |s| s.name.clone(),
    )
}
