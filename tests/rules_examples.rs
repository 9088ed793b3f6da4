//! The rulebook's worked examples, one test each, for the examples the other rule tests
//! did not check or checked only in part. Each test is named after the
//! rule that carries the example and plays it through the referee with scripted dice.

use crate::rules_support;

use goeben_referee::engine::ctx::Ctx;
use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::{CounterKind, EndIn, IncidentKind, ShipType};
use goeben_referee::ground::state::{CounterId, GameOptions, Location, Pending, Phase, SpaceRef};
use goeben_referee::rules::combat::targeting;
use goeben_referee::{Action, RulesPack, Session};
use rules_support::{dice_rolled, place, sea, Table};

fn id(code: &str) -> CounterId {
    CounterId(
        RulesPack::standard()
            .counter_index(code)
            .expect("a counter") as u16,
    )
}

fn west() -> SpaceRef {
    serde_json::from_str(&sea("western_med")).unwrap()
}

/// Goeben and Breslau at open sea in the Western Med, facing exactly the Allied counters `allied`, at
/// the start of the Naval Combat phase with the Alert Level at `alert` (as in tests/rules_salvos.rs).
fn engage(allied: &[&str], alert: u8) -> Table {
    let mut t = Table::new(5, "ottoman_alliance");
    t.sail_all(&sea("western_med"));
    t.pool_only(&[IncidentKind::QuietSeas]);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        sea("western_med")
    ));
    for code in allied {
        t.game_mut()
            .move_counter(id(code), Location::OnMap { space: west() });
    }
    t.set_alert(alert);
    t.end_phase();
    assert_eq!(t.phase(), "naval_combat");
    t
}

fn contact(t: &mut Table) -> Vec<Event> {
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"breslau","maximum_speed":false}}"#, sea("western_med")))
}

fn fight(t: &mut Table) -> Vec<Event> {
    t.ok(&format!(
        r#"{{"action":"fight","space":{}}}"#,
        sea("western_med")
    ))
}

fn orders(t: &mut Table, ship: &str, target: Option<&str>) -> Vec<Event> {
    let target = target.map(|x| format!(r#""{x}""#)).unwrap_or("null".into());
    t.ok(&format!(
        r#"{{"action":"fire_orders","ship":"{ship}","target":{target},"maximum_fire":false}}"#
    ))
}

fn torpedoes(t: &mut Table, ship: &str, target: Option<&str>, count: u8) -> Vec<Event> {
    let target = target.map(|x| format!(r#""{x}""#)).unwrap_or("null".into());
    t.ok(&format!(
        r#"{{"action":"torpedoes","ship":"{ship}","target":{target},"count":{count}}}"#
    ))
}

fn battle(t: &Table) -> goeben_referee::ground::state::BattleState {
    t.game()
        .turn_state
        .battles
        .last()
        .expect("a battle")
        .clone()
}

fn track(t: &Table, ship: &str) -> goeben_referee::ground::pack::Tracks {
    t.game().ship(ship).unwrap().tracks
}

/// Every die roll of `events` as (purpose, faces, rule).
fn rolls(events: &[Event]) -> Vec<(String, Vec<u8>, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DiceRolled {
                purpose,
                faces,
                rule,
                ..
            } => Some((purpose.clone(), faces.clone(), rule.clone())),
            _ => None,
        })
        .collect()
}

/// At Alert 1 against one Allied ship of speed 6 or less, a contact roll of 6 gives the German First
/// Salvo; the Germans choose to fight. Goeben's fire orders are given; Breslau's come next.
fn german_first_salvo(allied: &[&str], goeben_target: &str) -> Table {
    let mut t = engage(allied, 1);
    t.script(&[6]);
    contact(&mut t);
    assert!(
        matches!(t.game().pending.first(), Some(Pending::BreakOff { .. })),
        "German First Salvo: {:?}",
        t.game().pending
    );
    fight(&mut t);
    orders(&mut t, "goeben", Some(goeben_target));
    t
}

// ---------------------------------------------------------------------------------------------------
// 1.3 Dice conventions

#[test]
fn rule_1_3_example_a_gunnery_value_of_4_rolls_four_dice() {
    // HMS Inflexible's printed primary value is 4 (BC 4/4/0).
    let printed = targeting::values(&RulesPack::standard(), id("gb_bc_inflexible")).unwrap();
    assert_eq!(printed.primary, 4);
    // Alert 6: Allied First Salvo (contact roll 1), break-off roll 6 not above the Alert Level.
    let mut t = engage(&["gb_bc_inflexible"], 6);
    t.script(&[1, 6]);
    contact(&mut t);
    orders(&mut t, "goeben", Some("gb_bc_inflexible"));
    t.script(&[1; 40]);
    let events = orders(&mut t, "breslau", Some("gb_bc_inflexible"));
    let all = rolls(&events);
    let (purpose, faces, rule) = &all[0];
    assert!(purpose.starts_with("HMS Inflexible: primary"), "{purpose}");
    assert_eq!(faces.len(), 4, "1.3: a value of 4 rolls four dice");
    assert_eq!(rule, "14.11");
    assert_eq!(dice_rolled(&events)[0].len(), 4);
}

#[test]
fn rule_1_3_example_one_roll_with_plus_2_is_three_rolls_friendly_ship_repair_dice() {
    // A +2 is two more dice, not a modifier: the Friendly Ship's +2 repair dice on Goeben's leadership 4.
    let mut t = Table::new(3, "ottoman_alliance");
    assert_eq!(t.phase(), "outfitting");
    let pola = SpaceRef::place("pola");
    for s in t.game_mut().ships.iter_mut() {
        s.position = pola.clone();
    }
    {
        let g = t.game_mut().ship_mut("goeben").unwrap();
        g.tracks.hull = 10;
        g.tracks.coal = 1;
    }
    let pack = RulesPack::standard();
    let friendly = (0..pack.counters.counters.len())
        .map(|i| CounterId(i as u16))
        .find(|c| {
            matches!(
                pack.counter_spec(*c).kind,
                CounterKind::Incident {
                    incident: IncidentKind::FriendlyShip,
                    ..
                }
            ) && t.game().counter(*c).location == Location::Pool
        })
        .expect("a Friendly Ship marker in the pool");
    t.game_mut().move_counter(
        friendly,
        Location::Held {
            space: pola.clone(),
        },
    );
    // Without the Friendly Ship used: leadership 4 = 4 dice; 6 are refused.
    let (code, msg) = t.refused(r#"{"action":"repair","ship":"goeben","hull":6,"engines":0,"primary":0,"secondary":0,"tertiary":0}"#);
    assert_eq!(code, "illegal");
    assert!(msg.contains("4 repair dice"), "{msg}");
    t.script(&[3]);
    t.ok(&format!(
        r#"{{"action":"use_friendly_ship","space":{}}}"#,
        place("pola")
    ));
    t.ok(r#"{"action":"distribute","shares":[{"ship":"goeben","coal":3}]}"#);
    assert_eq!(
        track(&t, "goeben").coal,
        4,
        "the Friendly Ship's die of coal"
    );
    // Now 4 + 2 = 6 dice: 4 and 7 are refused, 6 accepted and all six rolled.
    for wrong in [4, 7] {
        let (code, msg) = t.refused(&format!(r#"{{"action":"repair","ship":"goeben","hull":{wrong},"engines":0,"primary":0,"secondary":0,"tertiary":0}}"#));
        assert_eq!(code, "illegal");
        assert!(msg.contains("6 repair dice"), "{msg}");
    }
    t.script(&[1, 1, 1, 1, 4, 4]);
    let events = t.ok(r#"{"action":"repair","ship":"goeben","hull":6,"engines":0,"primary":0,"secondary":0,"tertiary":0}"#);
    assert_eq!(
        dice_rolled(&events),
        vec![vec![1, 1, 1, 1, 4, 4]],
        "one roll of six dice"
    );
    assert_eq!(
        track(&t, "goeben").hull,
        12,
        "friendly naval base: two 4s repair two boxes"
    );
}

// ---------------------------------------------------------------------------------------------------
// 6.1 Deployment

fn split_task_force(seed: u64, breslau_first_move: bool) -> Table {
    let mut t = Table::new(seed, "ottoman_alliance");
    t.play_until("movement");
    // 6.1: movement for one ship, then the other, either first.
    if breslau_first_move {
        t.move_ship("breslau", &sea("aegean"), "cruise");
        t.move_ship("goeben", &sea("eastern_med"), "cruise");
    } else {
        t.move_ship("goeben", &sea("eastern_med"), "cruise");
        t.move_ship("breslau", &sea("aegean"), "cruise");
    }
    t.end_phase();
    assert_eq!(t.phase(), "incident");
    t.pool_only(&[IncidentKind::RoyalNavyOrdersPursue]);
    t.set_alert(1);
    t
}

fn picks(events: &[Event]) -> (SpaceRef, u8, u8) {
    events
        .iter()
        .find_map(|e| match e {
            Event::IncidentsPicked {
                space,
                normal,
                drawn,
                ..
            } => Some((space.clone(), *normal, *drawn)),
            _ => None,
        })
        .expect("a pick event")
}

#[test]
fn rule_6_1_example_a_split_task_force_resolves_one_ship_then_the_other_either_first() {
    let aegean: SpaceRef = serde_json::from_str(&sea("aegean")).unwrap();
    let eastern: SpaceRef = serde_json::from_str(&sea("eastern_med")).unwrap();
    for (breslau_first, first, second) in [(true, &aegean, &eastern), (false, &eastern, &aegean)] {
        let mut t = split_task_force(31, breslau_first);
        let offered: Vec<SpaceRef> = t
            .session
            .view()
            .legal_actions()
            .iter()
            .filter_map(|a| match a {
                Action::ResolveIncidents { space } => Some(space.clone()),
                _ => None,
            })
            .collect();
        assert!(
            offered.contains(&aegean) && offered.contains(&eastern),
            "either ship may be first: {offered:?}"
        );
        let first_json = serde_json::to_string(first).unwrap();
        let second_json = serde_json::to_string(second).unwrap();
        // The first ship's picks, at Alert 1: one marker, Royal Navy Orders: Pursue, +1 at once (5.4).
        let events = t.ok(&format!(
            r#"{{"action":"resolve_incidents","space":{first_json}}}"#
        ));
        assert_eq!(picks(&events), (first.clone(), 1, 1));
        assert_eq!(t.game().alert_level, 2);
        let (code, _) = t.refused(r#"{"action":"end_phase"}"#);
        assert_eq!(code, "not_now", "the other ship's picks are still owed");
        t.refused(&format!(
            r#"{{"action":"resolve_incidents","space":{first_json}}}"#
        ));
        // The second ship's picks come after the first ship's resolution: the raised Alert Level counts.
        let events = t.ok(&format!(
            r#"{{"action":"resolve_incidents","space":{second_json}}}"#
        ));
        let (space, normal, _) = picks(&events);
        assert_eq!((space, normal), (second.clone(), 2));
        t.end_phase();
        assert_ne!(t.phase(), "incident");
    }
}

// ---------------------------------------------------------------------------------------------------
// 9.1 Neutral ports

#[test]
fn rule_9_1_example_brindisi_outfit_the_turn_after_arriving_then_leave_and_never_return() {
    // Turn 1 (the example's turn 4): both ships end their move in Brindisi.
    let mut t = Table::new(8, "ottoman_alliance");
    t.sail_all(&place("brindisi"));
    t.set_alert(1);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        place("brindisi")
    ));
    t.play_until("objective");
    t.end_phase();
    // Turn 2 (turn 5): they re-coal in Brindisi, so they skip the Movement phase.
    assert_eq!((t.game().turn, t.phase().as_str()), (2, "outfitting"));
    for s in t.game_mut().ships.iter_mut() {
        s.tracks.coal = 0;
    }
    t.script(&[5]);
    let events = t.ok(&format!(
        r#"{{"action":"resupply","space":{},"supply":"coal"}}"#,
        place("brindisi")
    ));
    assert_eq!(dice_rolled(&events), vec![vec![5]]);
    t.ok(r#"{"action":"distribute","shares":[{"ship":"goeben","coal":3},{"ship":"breslau","coal":2}]}"#);
    assert_eq!(
        (track(&t, "goeben").coal, track(&t, "breslau").coal),
        (3, 2)
    );
    assert!(
        !t.game().neutral_visited.contains(&"brindisi".to_string()),
        "no visit yet: no whole Movement phase spent there"
    );
    t.play_until("movement");
    for ship in ["goeben", "breslau"] {
        let (code, msg) = t.refused(&format!(
            r#"{{"action":"move","ship":"{ship}","to":{},"speed":"cruise"}}"#,
            sea("adriatic")
        ));
        assert_eq!(code, "illegal");
        assert!(msg.contains("7.0"), "{msg}");
    }
    t.end_phase();
    assert!(
        t.game().neutral_visited.contains(&"brindisi".to_string()),
        "9.1: the visit is complete"
    );
    t.set_alert(1);
    t.play_until("incident");
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        place("brindisi")
    ));
    t.play_until("objective");
    t.end_phase();
    // Turn 3 (turn 6): no Outfitting & Repair phase in Brindisi, and they must leave.
    assert_eq!((t.game().turn, t.phase().as_str()), (3, "outfitting"));
    for ship in ["goeben", "breslau"] {
        let (code, msg) = t.refused(&format!(
            r#"{{"action":"take_outfitting","ship":"{ship}"}}"#
        ));
        assert_eq!(code, "illegal");
        assert!(msg.contains("9.1"), "{msg}");
    }
    let (code, _) = t.refused(&format!(
        r#"{{"action":"resupply","space":{},"supply":"coal"}}"#,
        place("brindisi")
    ));
    assert_eq!(code, "illegal", "no re-coaling on the visit's last turn");
    assert!(!t
        .session
        .view()
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::TakeOutfitting { .. } | Action::Resupply { .. })));
    t.play_until("movement");
    let (code, msg) = t.refused(&format!(
        r#"{{"action":"move","ship":"breslau","to":{},"speed":"stay"}}"#,
        place("brindisi")
    ));
    assert_eq!(code, "illegal");
    assert!(msg.contains("9.1"), "{msg}");
    t.move_ship("goeben", &sea("adriatic"), "cruise");
    let (code, _) = t.refused(r#"{"action":"end_phase"}"#);
    assert_eq!(code, "illegal", "Breslau still owes its exit");
    t.move_ship("breslau", &sea("adriatic"), "cruise");
    t.end_phase();
    t.pool_only(&[IncidentKind::QuietSeas]);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        sea("adriatic")
    ));
    t.play_until("objective");
    t.end_phase();
    // Never back in the same scenario.
    t.play_until("movement");
    for ship in ["goeben", "breslau"] {
        let (code, msg) = t.refused(&format!(
            r#"{{"action":"move","ship":"{ship}","to":{},"speed":"cruise"}}"#,
            place("brindisi")
        ));
        assert_eq!(code, "illegal");
        assert!(msg.contains("9.1"), "{msg}");
    }
}

/// The Brindisi example to its turn 6: both ships arrived on turn 1, outfitted on turn 2 (so stayed through
/// its whole Movement phase: the visit is complete), and it is turn 3's Outfitting & Repair phase.
fn brindisi_visit_over() -> Table {
    let mut t = Table::new(8, "ottoman_alliance");
    t.sail_all(&place("brindisi"));
    t.set_alert(1);
    let resolve = format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        place("brindisi")
    );
    t.ok(&resolve);
    t.play_until("objective");
    t.end_phase();
    for ship in ["goeben", "breslau"] {
        t.ok(&format!(
            r#"{{"action":"take_outfitting","ship":"{ship}"}}"#
        ));
    }
    t.play_until("movement");
    t.end_phase();
    assert!(t.game().neutral_visited.contains(&"brindisi".to_string()));
    t.set_alert(1);
    t.play_until("incident");
    t.ok(&resolve);
    t.play_until("objective");
    t.end_phase();
    assert_eq!((t.game().turn, t.phase().as_str()), (3, "outfitting"));
    t
}

#[test]
fn rule_9_1_a_ship_that_must_leave_may_not_stay_by_repairing_or_handling_cargo() {
    let mut t = brindisi_visit_over();
    {
        let g = t.game_mut();
        let goeben = g.ship_mut("goeben").unwrap();
        goeben.tracks.hull -= 2;
        goeben.cargo = vec!["camera_crew".into(), "searchlights".into()];
        g.ship_mut("breslau").unwrap().cargo = vec!["wireless".into()];
    }
    // Every outfitting-like decision on the turn the ships must leave: each would make the ship an
    // outfitting ship (7.0) and so keep it in port.
    for line in [
        r#"{"action":"take_outfitting","ship":"goeben"}"#,
        r#"{"action":"repair","ship":"goeben","hull":2,"engines":0,"primary":0,"secondary":0,"tertiary":0}"#,
        r#"{"action":"dump_cargo","ship":"goeben","item":"camera_crew"}"#,
        r#"{"action":"dump_cargo","ship":"goeben","item":"searchlights"}"#,
        r#"{"action":"transfer_cargo","from":"goeben","to":"breslau","item":"camera_crew"}"#,
        r#"{"action":"transfer_cargo","from":"breslau","to":"goeben","item":"wireless"}"#,
    ] {
        let (code, msg) = t.refused(line);
        assert_eq!(code, "illegal", "{line}");
        assert!(msg.contains("9.1"), "{line}: {msg}");
    }
    let offered = t.session.view().legal_actions();
    assert!(
        !offered.iter().any(|a| matches!(
            a,
            Action::TakeOutfitting { .. }
                | Action::Repair { .. }
                | Action::DumpCargo { .. }
                | Action::TransferCargo { .. }
                | Action::Resupply { .. }
        )),
        "nothing that would keep a ship in Brindisi is offered: {offered:?}"
    );
    assert!(t.game().turn_state.outfitted.is_empty());
    // So in the Movement phase both must leave.
    t.play_until("movement");
    for ship in ["goeben", "breslau"] {
        let (code, msg) = t.refused(&format!(
            r#"{{"action":"move","ship":"{ship}","to":{},"speed":"stay"}}"#,
            place("brindisi")
        ));
        assert_eq!(code, "illegal");
        assert!(msg.contains("9.1"), "{msg}");
    }
    let (code, _) = t.refused(r#"{"action":"end_phase"}"#);
    assert_eq!(code, "illegal", "both still owe their exit");
}

#[test]
fn rule_9_1_only_a_ship_that_truly_cannot_move_stays_after_its_visit() {
    let stay = |ship: &str| {
        format!(
            r#"{{"action":"move","ship":"{ship}","to":{},"speed":"stay"}}"#,
            place("brindisi")
        )
    };
    // 6.2, 12.4 (the marker caps the printed track): engines 2 still give cruise 2, so without coal
    // Goeben must leave; engines 0 leave her dead in the water, and she stays.
    let mut t = brindisi_visit_over();
    t.play_until("movement");
    let goeben = t.game_mut().ship_mut("goeben").unwrap();
    goeben.tracks.engines = 2;
    goeben.tracks.coal = 0;
    let (code, msg) = t.refused(&stay("goeben"));
    assert_eq!(code, "illegal");
    assert!(msg.contains("9.1"), "{msg}");
    t.game_mut().ship_mut("goeben").unwrap().tracks.engines = 0;
    t.ok(&stay("goeben"));

    // With the house rule "engine hits slow every speed", engines 2 give no cruise speed (maximum 1) and
    // engines 1 emergency speed alone: with reserve coal each can sail, so each must.
    let mut t = brindisi_visit_over();
    t.play_until("movement");
    t.game_mut().options.engine_hits_slow_all = true;
    for (ship, engines) in [("goeben", 2), ("breslau", 1)] {
        let s = t.game_mut().ship_mut(ship).unwrap();
        s.tracks.engines = engines;
        s.tracks.coal = 1;
    }
    for ship in ["goeben", "breslau"] {
        let (code, msg) = t.refused(&stay(ship));
        assert_eq!(code, "illegal", "{ship} has coal for a speed");
        assert!(msg.contains("9.1"), "{msg}");
    }
    let offered = t.session.view().legal_actions();
    assert!(offered.iter().any(|a| matches!(a, Action::Move { ship, speed: goeben_referee::ground::action::Speed::Emergency, .. } if ship == "breslau")),
        "engines 1 with coal: emergency speed is offered (Engine Speeds chart)");
    // Without coal neither has a speed: each may stay, and the phase may end.
    for ship in ["goeben", "breslau"] {
        t.game_mut().ship_mut(ship).unwrap().tracks.coal = 0;
        t.ok(&stay(ship));
    }
    t.end_phase();
    assert_ne!(t.phase(), "movement");
}

// ---------------------------------------------------------------------------------------------------
// 14.5, 14.8 German fire

#[test]
fn rule_14_5_example_goeben_secondary_rolls_three_sixes_three_rolls_on_the_allied_column() {
    // HMS Dublin (CL, armor 1). Goeben primary 5 + 4 − 1 = 8 dice, no hit; no Allied primary; Goeben
    // secondary 3 + 4 − 1 = 6 dice with three 6s; then three faces on the Gunnery Hit table.
    let mut t = german_first_salvo(&["gb_cl_dublin"], "gb_cl_dublin");
    t.script(&[1, 1, 1, 1, 1, 1, 1, 1, 6, 1, 6, 1, 6, 1, 1, 2, 3]);
    t.script(&[1; 20]);
    let events = orders(&mut t, "breslau", None);
    let all = rolls(&events);
    let secondary = all
        .iter()
        .find(|(p, _, _)| p.starts_with("SMS Goeben") && p.contains("secondary"))
        .expect("Goeben's secondary fire");
    assert_eq!(
        secondary.1,
        vec![6, 1, 6, 1, 6, 1],
        "six secondary dice, three 6s"
    );
    let hit_rolls: Vec<_> = all
        .iter()
        .filter(|(p, _, _)| p.starts_with("Gunnery Hit table"))
        .collect();
    assert_eq!(hit_rolls.len(), 1, "{all:?}");
    assert_eq!(
        hit_rolls[0].1,
        vec![1, 2, 3],
        "14.5: one roll on the Allied column per 6"
    );
    assert_eq!(hit_rolls[0].2, "14.5");
    // Hull, gunnery and engine damage: three results against armor 1.
    assert_eq!(t.location(id("gb_cl_dublin")), Location::Sunk);
}

#[test]
fn rule_14_8_example_one_ammunition_point_fires_primary_secondary_and_tertiary() {
    // HMS Inflexible (armor 3) survives every die a 1: Goeben fires its three gun types in the round.
    let mut t = german_first_salvo(&["gb_bc_inflexible"], "gb_bc_inflexible");
    assert_eq!(track(&t, "goeben").ammunition, 6);
    t.script(&[1; 40]);
    let events = orders(&mut t, "breslau", None);
    let goeben: Vec<(String, usize)> = rolls(&events)
        .into_iter()
        .filter(|(p, _, _)| p.starts_with("SMS Goeben"))
        .map(|(p, f, _)| (p, f.len()))
        .collect();
    assert_eq!(goeben.len(), 3, "{goeben:?}");
    // 5 + 4 − 3, 3 + 4 − 3, 2 + 4 − 3 dice.
    for ((purpose, n), (gun, dice)) in
        goeben
            .iter()
            .zip([("primary", 6), ("secondary", 4), ("tertiary", 3)])
    {
        assert!(purpose.contains(gun), "{purpose}");
        assert_eq!(*n, dice, "{purpose}");
    }
    assert_eq!(
        t.location(id("gb_bc_inflexible")),
        Location::OnMap { space: west() }
    );
    assert_eq!(
        track(&t, "goeben").ammunition,
        5,
        "14.8: one point for all three gun types"
    );
    assert_eq!(
        track(&t, "breslau").ammunition,
        6,
        "Breslau held fire: nothing spent"
    );
}

#[test]
fn rule_14_8_example_two_torpedo_points_are_two_breslau_torpedo_attacks() {
    let mut t = german_first_salvo(&["gb_cl_dublin"], "gb_cl_dublin");
    t.script(&[1; 40]);
    orders(&mut t, "breslau", None);
    assert!(
        matches!(t.game().pending.first(), Some(Pending::Torpedoes { ship, .. }) if ship == "goeben")
    );
    torpedoes(&mut t, "goeben", None, 0);
    assert!(
        matches!(t.game().pending.first(), Some(Pending::Torpedoes { ship, .. }) if ship == "breslau")
    );
    assert_eq!(track(&t, "breslau").torpedoes, 2);
    t.script(&[1; 20]);
    let events = torpedoes(&mut t, "breslau", Some("gb_cl_dublin"), 2);
    assert_eq!(
        track(&t, "breslau").torpedoes,
        0,
        "14.8: one Torpedo point per attack"
    );
    let attacks: Vec<_> = rolls(&events)
        .into_iter()
        .filter(|(p, _, r)| p.starts_with("SMS Breslau") && r == "14.6")
        .collect();
    assert_eq!(
        attacks.len(),
        2,
        "two separate torpedo attacks: {attacks:?}"
    );
    assert!(
        attacks[0].0.contains("torpedo 1 of 2") && attacks[1].0.contains("torpedo 2 of 2"),
        "{attacks:?}"
    );
    assert_eq!(
        attacks[0].1.len(),
        attacks[1].1.len(),
        "each attack rolls the same firing solution"
    );
    assert!(!attacks[0].1.is_empty());
    let spent: Vec<(u8, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::TrackChanged {
                ship,
                from,
                to,
                rule,
                ..
            } if ship == "breslau" && rule == "14.10" => Some((*from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(spent, vec![(2, 0)], "both points spent at the launch");
}

// ---------------------------------------------------------------------------------------------------
// 14.11 Allied targets

#[test]
fn rule_14_11_example_the_british_dd_fires_at_the_german_cl() {
    // The example's engagement: a British BC and a British DD against a German BC and a German CL.
    let mut t = german_first_salvo(&["gb_bc_inflexible", "gb_dd_1"], "gb_dd_1");
    t.script(&[1; 60]);
    let events = orders(&mut t, "breslau", None);
    let b = battle(&t);
    assert!(
        b.allied_targets
            .contains(&(id("gb_bc_inflexible"), "goeben".to_string())),
        "{:?}",
        b.allied_targets
    );
    assert!(
        b.allied_targets
            .contains(&(id("gb_dd_1"), "breslau".to_string())),
        "{:?}",
        b.allied_targets
    );
    let all = rolls(&events);
    assert!(
        !all.iter().any(|(p, _, _)| p.contains("picks its target")),
        "one target each: no die: {all:?}"
    );
    // The British BC fires (at Goeben) before the DD (at Breslau).
    let bc = all
        .iter()
        .position(|(p, _, _)| p.starts_with("HMS Inflexible") && p.contains("SMS Goeben"))
        .expect("the BC fires at Goeben");
    let dd = all
        .iter()
        .position(|(p, _, _)| {
            p.starts_with("British destroyer flotilla 1") && p.contains("SMS Breslau")
        })
        .expect("the DD fires at Breslau");
    assert!(bc < dd, "{all:?}");
}

#[test]
fn rule_14_11_example_the_dd_row_and_errata_troop_convoy_pick_the_cl_without_a_die() {
    let pack = RulesPack::standard();
    let mut game = goeben_referee::rules::setup::new_game(&pack, 3, GameOptions::default())
        .expect("a game")
        .0;
    let mut ctx = Ctx::new(&pack, &mut game);
    let pair = [
        ("goeben".to_string(), ShipType::BC),
        ("breslau".to_string(), ShipType::CL),
    ];
    for firer in ["gb_dd_1", "fr_dd_1", "fr_convoy_1"] {
        assert_eq!(
            targeting::choose_target(&mut ctx, id(firer), &pair).as_deref(),
            Some("breslau"),
            "{firer}"
        );
    }
    assert!(
        ctx.events.is_empty(),
        "one candidate in the first tier: no die"
    );
}

// ---------------------------------------------------------------------------------------------------
// 14.13 Effects of fire

#[test]
fn rule_14_13_example_armor_2_three_damage_results_sink() {
    // HMS Defence (CA, armor 2): Goeben primary 5 + 4 − 2 = 7 dice, three 6s; Gunnery Hit faces 1, 2, 3:
    // hull, gunnery and engine damage — three results against armor 2.
    let mut t = german_first_salvo(&["gb_ca_defence"], "gb_ca_defence");
    t.script(&[6, 6, 6, 1, 1, 1, 1, 1, 2, 3]);
    t.script(&[1; 40]);
    let events = orders(&mut t, "breslau", None);
    let hit = rolls(&events)
        .into_iter()
        .find(|(p, _, _)| p.starts_with("Gunnery Hit table"))
        .expect("a hit roll");
    assert_eq!(hit.1, vec![1, 2, 3]);
    assert_eq!(
        t.location(id("gb_ca_defence")),
        Location::Sunk,
        "14.13: more damage results than armor"
    );
    let sunk = RulesPack::standard()
        .charts
        .vp_for(ShipType::CA)
        .unwrap()
        .sunk;
    assert_eq!(t.game().vp, sunk, "counted as sunk, not damaged");
    assert_eq!(
        battle(&t).stage,
        goeben_referee::ground::state::BattleStage::Over
    );
    // The ship's fate says what it means for VP.
    let fate = events
        .iter()
        .find_map(|e| match e {
            Event::CounterReturned { counter, to, .. } if counter == "gb_ca_defence" => {
                Some(to.clone())
            }
            _ => None,
        })
        .expect("its fate");
    assert!(fate.contains(&format!("(+{sunk} VP)")), "{fate}");
}

#[test]
fn rule_14_13_example_armor_2_two_damage_results_fight_on() {
    // Two 6s, hull and gunnery damage: two results, not more than armor 2 — Defence stays in the battle.
    let mut t = german_first_salvo(&["gb_ca_defence"], "gb_ca_defence");
    t.script(&[6, 6, 1, 1, 1, 1, 1, 1, 2]);
    t.script(&[1; 40]);
    let events = orders(&mut t, "breslau", None);
    assert_eq!(
        t.location(id("gb_ca_defence")),
        Location::OnMap { space: west() }
    );
    let unit = battle(&t)
        .allied
        .into_iter()
        .find(|u| u.counter == id("gb_ca_defence"))
        .unwrap();
    assert_eq!(
        (unit.damage, unit.gunnery_damage, unit.in_battle),
        (2, 1, true)
    );
    assert!(
        rolls(&events)
            .iter()
            .any(|(p, _, _)| p.starts_with("HMS Defence")),
        "the damaged ship still fires"
    );
    assert_eq!(t.game().vp, 0, "damage VP come at the end of the battle");
}

// ---------------------------------------------------------------------------------------------------
// 17.1 errata: CP and CL

#[test]
fn rule_17_1_errata_sink_allied_cp_or_cl_is_one_row_and_cl_is_lc() {
    let pack = RulesPack::standard();
    let cp = pack.charts.vp_for(ShipType::CP).expect("a CP row").clone();
    let cl = pack.charts.vp_for(ShipType::CL).expect("a CL row").clone();
    assert_eq!(
        (cp.sunk, cp.damaged),
        (cl.sunk, cl.damaged),
        "one row for CP and CL"
    );
    assert!(cp.sunk > cp.damaged);
    // In play: the French protected cruiser and HMS Dublin (CL = LC), each sunk by one Gunnery Hit 6.
    let mut vp = Vec::new();
    for target in ["fr_cp_1", "gb_cl_dublin"] {
        let mut t = german_first_salvo(&[target], target);
        // Goeben primary 5 + 4 − 1 = 8 dice, one 6; Gunnery Hit table 6: sunk.
        t.script(&[6, 1, 1, 1, 1, 1, 1, 1, 6]);
        orders(&mut t, "breslau", None);
        assert_eq!(t.location(id(target)), Location::Sunk, "{target}");
        vp.push(t.game().vp);
    }
    assert_eq!(vp, vec![cl.sunk, cl.sunk]);
    // The charts document says so beside the row.
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/CHARTS.md")).unwrap();
    assert!(
        doc.lines().any(|l| l.starts_with("| CP, CL |")),
        "docs/CHARTS.md keeps CP and CL on one row"
    );
}

// ---------------------------------------------------------------------------------------------------
// 24.1, 24.2 Campaign

/// Ends the running mission as won: its Orders' conditions met in the Objective phase, the end declared.
fn win_mission(t: &mut Table) {
    let pack = RulesPack::standard();
    let spec = goeben_referee::rules::victory::orders_spec(&pack, t.game()).clone();
    let g = t.game_mut();
    for port in &spec.destroy_defenses_at {
        let here: Vec<CounterId> = g
            .counters_at(&Location::Port { port: port.clone() })
            .collect();
        for d in here {
            g.move_counter(d, Location::Sunk);
        }
    }
    let target = match &spec.end_in {
        EndIn::Spaces { spaces } => SpaceRef::place(&spaces[0]),
        EndIn::FriendlyNavalBase => SpaceRef::place("pola"),
    };
    for s in g.ships.iter_mut().filter(|s| !s.austro_hungarian) {
        s.position = target.clone();
    }
    g.vp = spec.min_vp.max(0) + 10;
    g.phase = Phase::Objective;
    t.end_phase();
    if t.game().pending.first() == Some(&Pending::DeclareEnd) {
        t.ok(r#"{"action":"answer","yes":true}"#);
    }
    assert!(
        t.game().game_over.as_ref().is_some_and(|o| o.won),
        "{} not won: {:?}",
        spec.id,
        t.game().game_over
    );
}

fn austro_hungarian_ships(t: &Table) -> Vec<String> {
    t.game()
        .ships
        .iter()
        .filter(|s| s.austro_hungarian)
        .map(|s| s.id.clone())
        .collect()
}

#[test]
fn rule_24_1_example_the_naval_pact_cruiser_joins_once_and_stays_until_sunk() {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 24),
    };
    t.ok(r#"{"action":"new_game","seed":24,"options":{"orders":"austro_hungarian_naval_pact","campaign":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    assert!(austro_hungarian_ships(&t).is_empty());
    win_mission(&mut t);
    // Mission 2: the cruiser is placed as a reinforcement.
    let events = t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    let joins = |events: &[Event]| {
        events.iter().any(|e| matches!(e, Event::TableInstruction { text, .. } if text.contains("joins your command")))
    };
    assert!(joins(&events), "the reinforcement is announced");
    let cruiser = austro_hungarian_ships(&t);
    assert_eq!(cruiser.len(), 1, "one Austro-Hungarian cruiser");
    assert_eq!(
        t.game().ship(&cruiser[0]).unwrap().position,
        SpaceRef::place("pola")
    );
    let orders2 = goeben_referee::rules::victory::orders_spec(&RulesPack::standard(), t.game())
        .id
        .clone();
    assert_ne!(orders2, "austro_hungarian_naval_pact");
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    // Mission 2 won with the cruiser back in Pola: no second cruiser, the first one stays.
    win_mission(&mut t);
    assert_eq!(
        t.game().ship(&cruiser[0]).unwrap().position,
        SpaceRef::place("pola")
    );
    let events = t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    assert_eq!(t.game().campaign.as_ref().unwrap().mission, 3);
    assert_eq!(
        austro_hungarian_ships(&t),
        cruiser,
        "the same cruiser, and no new one"
    );
    assert!(!joins(&events), "no second reinforcement");
}

/// A campaign whose first mission (Ottoman Alliance) is won in its first Objective phase (as in
/// tests/rules_campaign.rs).
fn won_ottoman_alliance() -> Table {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 21),
    };
    t.ok(r#"{"action":"new_game","seed":21,"options":{"orders":"ottoman_alliance","campaign":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    let g = t.game_mut();
    g.vp = 80;
    g.phase = Phase::Objective;
    for s in g.ships.iter_mut() {
        s.position = SpaceRef::place("constantinople");
    }
    t.end_phase();
    t.ok(r#"{"action":"answer","yes":true}"#);
    assert!(t.game().game_over.as_ref().unwrap().won);
    t
}

#[test]
fn rule_24_2_example_after_the_ottoman_alliance_ships_may_start_in_constantinople_or_the_dardanelles(
) {
    let mut t = won_ottoman_alliance();
    let bases: Vec<String> = t
        .session
        .view()
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::NextMission { base, .. } => Some(base.clone()),
            _ => None,
        })
        .collect();
    for base in ["pola", "constantinople", "dardanelles"] {
        assert!(
            bases.iter().any(|b| b == base),
            "{base} not offered: {bases:?}"
        );
    }
    assert!(
        !bases.iter().any(|b| b == "toulon" || b == "brindisi"),
        "{bases:?}"
    );
    t.ok(r#"{"action":"next_mission","base":"dardanelles"}"#);
    assert!(t
        .game()
        .ships
        .iter()
        .all(|s| s.position == SpaceRef::place("dardanelles")));
}
