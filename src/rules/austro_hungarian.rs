//! 20.0 Austro-Hungarian units (optional): the Fleet Sorties incident brings a die's worth of
//! Austro-Hungarian warships, picked at random, into Pola under German control (Alert +1; 20.1 HMS New
//! Zealand joins the pool). They move and fight like German ships with a fixed leadership of 3, need no
//! coal or ammunition, take no outfitting or intelligence actions, sail only the Adriatic, Eastern
//! Mediterranean and Aegean, take hits like the counters they are (damage against armor), and cannot
//! fulfil occupation conditions.

use crate::engine::ctx::Ctx;
use crate::ground::event::Event;
use crate::ground::pack::{CounterKind, RulesPack, SeaZone, ShipValues, Tracks};
use crate::ground::state::{CounterId, GermanShip, Location, ShipStatus, SpaceRef};

/// 20.0: where Austro-Hungarian ships enter and are based.
pub const POLA: &str = "pola";
/// 20.0: their leadership, never changed by any game event.
pub const LEADERSHIP: u8 = 3;

/// 20.0: the seas Austro-Hungarian ships may enter.
pub fn may_enter(zone: SeaZone) -> bool {
    matches!(
        zone,
        SeaZone::Adriatic | SeaZone::EasternMed | SeaZone::Aegean
    )
}

/// A ship display for an Austro-Hungarian counter: printed guns and torpedoes, leadership 3, its printed
/// speed as its Engines value (or, with the house rule "Austro-Hungarian speed is cruise speed", engines
/// giving that speed as cruise speed: docs/AMBIGUITIES.md), and a hull of armor + 1 boxes so that, as for
/// any counter, more damage results than its armor sinks it (14.13).
pub fn ship_from_counter(
    pack: &RulesPack,
    id: CounterId,
    at: &SpaceRef,
    options: &crate::ground::state::GameOptions,
) -> Option<GermanShip> {
    let spec = pack.counter_spec(id);
    let CounterKind::AustroHungarian { ship } = spec.kind else {
        return None;
    };
    let tracks = tracks_for(pack, &ship, options.austro_hungarian_cruise);
    Some(GermanShip {
        id: spec.id.clone(),
        name: spec.name.clone(),
        ship_type: ship.ship_type,
        status: ShipStatus::Active,
        position: at.clone(),
        tracks,
        start: tracks,
        cargo: Vec::new(),
        austro_hungarian: true,
    })
}

/// 20.0: the printed speed is on the engine-track scale (docs/CHARTS.md: Goeben's 27 knots are her
/// engines 6), so it is the ship's Engines value; read as a cruise speed, the engines that give it.
fn tracks_for(pack: &RulesPack, v: &ShipValues, printed_is_cruise: bool) -> Tracks {
    let engines = if printed_is_cruise {
        (0..=20u8)
            .find(|e| pack.charts.engine_speeds(*e).cruise >= v.speed)
            .unwrap_or(20)
    } else {
        v.speed
    };
    Tracks {
        leadership: LEADERSHIP,
        engines,
        hull: v.armor + 1,
        primary: v.primary,
        secondary: v.secondary,
        tertiary: v.tertiary,
        ammunition: 0,
        torpedoes: v.torpedo,
        coal: 0,
    }
}

/// Incident Chart, Austro-Hungarian Fleet Sorties, optional rule: one die of Austro-Hungarian warships,
/// picked at random from those not yet in the war, enter at Pola; the Alert Level rises by one; 20.1.
pub fn sortie(ctx: &mut Ctx) {
    let mut waiting: Vec<CounterId> = (0..ctx.pack.counters.counters.len())
        .map(|i| CounterId(i as u16))
        .filter(|c| {
            matches!(
                ctx.pack.counter_spec(*c).kind,
                CounterKind::AustroHungarian { .. }
            )
        })
        .filter(|c| {
            ctx.game.counter(*c).location == Location::Unused
                && !ctx
                    .game
                    .ships
                    .iter()
                    .any(|s| s.id == ctx.pack.counter_spec(*c).id)
        })
        .collect();
    let roll = ctx.roll_d6(
        "Austro-Hungarian Fleet Sorties: that many warships join at Pola",
        "20.0",
    );
    let pola = SpaceRef::place(POLA);
    for _ in 0..(roll as usize).min(waiting.len()) {
        let id = waiting.swap_remove(ctx.game.dice.index(waiting.len()));
        if let Some(ship) = ship_from_counter(ctx.pack, id, &pola, &ctx.game.options) {
            ctx.reveal(id, pola.clone(), "20.0");
            ctx.instruct(format!("{} enters at Pola under your command (leadership 3, no coal or ammunition needed).", ship.name), "20.0");
            ctx.game.ships.push(ship);
        }
    }
    ctx.alert_event(
        crate::ground::pack::AlertEvent::AustroHungarianFleetSorties,
        "the Austro-Hungarian fleet sorties",
        "Incident Chart: Austro-Hungarian Fleet Sorties",
    );
    new_zealand_joins(ctx);
}

/// 20.1: the moment any Austro-Hungarian ship enters the game, HMS New Zealand joins the pool.
pub fn new_zealand_joins(ctx: &mut Ctx) {
    for id in ctx.pack.setup.set_aside.clone() {
        let Some(index) = ctx.pack.counter_index(&id) else {
            continue;
        };
        let c = CounterId(index as u16);
        if ctx.game.counter(c).location == Location::SetAside {
            ctx.game.move_counter(c, Location::Pool);
            let name = ctx.pack.counter_spec(c).name.clone();
            ctx.emit(Event::CounterReturned {
                counter: id.clone(),
                name,
                to: "into the Incident Pool (Royal Navy response)".into(),
                rule: "20.1".into(),
            });
        }
    }
}

/// 20.0: an Austro-Hungarian ship damaged or withdrawn leaves the map until the next scenario.
pub fn withdraw(ctx: &mut Ctx, ship: &str, why: &str) {
    let Some(s) = ctx.game.ship_mut(ship) else {
        return;
    };
    if s.status != ShipStatus::Active {
        return;
    }
    s.status = ShipStatus::Withdrawn;
    let name = s.name.clone();
    if let Some(i) = ctx.pack.counter_index(ship) {
        ctx.game
            .move_counter(CounterId(i as u16), Location::Withdrawn);
    }
    ctx.instruct(
        format!("{name} {why} and leaves the map until the next scenario (20.0)."),
        "20.0",
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::action::Track;
    use crate::rules::combat::effects::{hit_german, Hits};

    fn with_ship(counter: &str) -> (RulesPack, crate::ground::state::Game, String) {
        with_ship_and(counter, Default::default())
    }

    fn with_ship_and(
        counter: &str,
        options: crate::ground::state::GameOptions,
    ) -> (RulesPack, crate::ground::state::Game, String) {
        let pack = RulesPack::standard();
        let (mut game, _) = crate::rules::setup::new_game(&pack, 5, options.clone()).unwrap();
        let id = CounterId(pack.counter_index(counter).unwrap() as u16);
        let ship = ship_from_counter(&pack, id, &SpaceRef::place(POLA), &options).unwrap();
        let sid = ship.id.clone();
        game.ships.push(ship);
        (pack, game, sid)
    }

    #[test]
    fn rule_20_0_leadership_is_three_and_never_changes() {
        let (pack, mut game, id) = with_ship("ah_novara");
        let mut ctx = Ctx::new(&pack, &mut game);
        assert_eq!(ctx.game.ship(&id).unwrap().tracks.leadership, 3);
        ctx.change_track(&id, Track::Leadership, 1, "Critical Naval Win", "14.14");
        assert_eq!(ctx.game.ship(&id).unwrap().tracks.leadership, 3);
        let novara = ctx.game.ship(&id).unwrap();
        assert_eq!(
            (novara.tracks.hull, novara.tracks.secondary),
            (2, 2),
            "armor 1 + 1 hull boxes; printed guns"
        );
        let speeds = crate::rules::movement::ship_speeds(&pack, &ctx.game.options, novara);
        assert_eq!(
            (
                novara.tracks.engines,
                speeds.cruise,
                speeds.maximum,
                speeds.emergency
            ),
            (6, 4, 5, 6),
            "its printed speed 6 is its Engines value, like Breslau's"
        );
    }

    #[test]
    fn rule_20_0_house_rule_austro_hungarian_speed_is_cruise_speed() {
        let options = crate::ground::state::GameOptions {
            austro_hungarian_cruise: true,
            ..Default::default()
        };
        let (pack, game, id) = with_ship_and("ah_novara", options);
        let novara = game.ship(&id).unwrap();
        let speeds = crate::rules::movement::ship_speeds(&pack, &game.options, novara);
        assert_eq!(
            (speeds.cruise, speeds.maximum, speeds.emergency),
            (6, 7, 8),
            "the printed speed 6 as cruise speed"
        );
    }

    #[test]
    fn rule_20_0_hits_count_against_armor_and_damage_sends_the_ship_home() {
        let (pack, mut game, id) = with_ship("ah_tegetthoff");
        let mut ctx = Ctx::new(&pack, &mut game);
        // Gunnery Hit table 1: hull damage → damaged, off the map until the next scenario.
        ctx.game.dice.script([1]);
        hit_german(
            &mut ctx,
            &SpaceRef::place(POLA),
            &id,
            Hits {
                gunnery: 1,
                torpedo: 0,
            },
            "HMS Inflexible",
        );
        assert_eq!(ctx.game.ship(&id).unwrap().status, ShipStatus::Withdrawn);
        // Another: a Sunk result sinks it outright.
        let (pack, mut game, id) = with_ship("ah_zrinyi");
        let mut ctx = Ctx::new(&pack, &mut game);
        ctx.game.dice.script([6]);
        hit_german(
            &mut ctx,
            &SpaceRef::place(POLA),
            &id,
            Hits {
                gunnery: 1,
                torpedo: 0,
            },
            "HMS Inflexible",
        );
        assert_eq!(ctx.game.ship(&id).unwrap().status, ShipStatus::Sunk);
        let counter = CounterId(pack.counter_index(&id).unwrap() as u16);
        assert_eq!(ctx.game.counter(counter).location, Location::Sunk);
    }
}
