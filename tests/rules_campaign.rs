//! 24.0 Campaign game: a mission won, its consequences carried into the next (24.1–24.4).

use crate::rules_support;

use goeben_referee::ground::event::Event;
use goeben_referee::ground::state::{CounterId, Location, SpaceRef};
use goeben_referee::{RulesPack, Session};
use rules_support::Table;

/// A campaign whose first mission (Ottoman Alliance) is won in its first Objective phase, with HMS
/// Inflexible sunk on the way.
fn won_first_mission() -> Table {
    won_first_mission_with("")
}

/// The same, with more options (`extra` is JSON fields, each led by a comma).
fn won_first_mission_with(extra: &str) -> Table {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 21),
    };
    t.ok(&format!(r#"{{"action":"new_game","seed":21,"options":{{"orders":"ottoman_alliance","campaign":true{extra}}}}}"#));
    while t.game().phase == goeben_referee::ground::state::Phase::Setup {
        t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    }
    let pack = RulesPack::standard();
    let inflexible = CounterId(pack.counter_index("gb_bc_inflexible").unwrap() as u16);
    let g = t.game_mut();
    g.move_counter(inflexible, Location::Sunk);
    g.vp = 80;
    g.phase = goeben_referee::ground::state::Phase::Objective;
    for s in g.ships.iter_mut() {
        s.position = SpaceRef::place("constantinople");
    }
    g.ship_mut("breslau").unwrap().tracks.hull = 2;
    t.end_phase();
    // 17.0 note, 12.5: accomplished before the last turn, the player declares the end.
    t.ok(r#"{"action":"answer","yes":true}"#);
    assert!(t.game().game_over.as_ref().unwrap().won);
    t
}

#[test]
fn rule_24_1_a_won_mission_raises_leadership_restores_ships_and_sets_the_alert_level() {
    let mut t = won_first_mission();
    let c = t.game().campaign.clone().unwrap();
    assert_eq!(c.results.len(), 1);
    assert!(c.results[0].won);
    assert!(c.used_orders.contains(&"ottoman_alliance".to_string()));
    assert!(
        c.used_orders.contains(&"italian_alliance".to_string()),
        "24.4: Italy stays neutral for good"
    );
    // 24.2: Pola, or the Ottoman ports the mission's bonus opens.
    let r = t.session.view();
    let bases: Vec<String> = r
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            goeben_referee::Action::NextMission { base, .. } => Some(base.clone()),
            _ => None,
        })
        .collect();
    assert!(
        bases.contains(&"pola".to_string()) && bases.contains(&"constantinople".to_string()),
        "{bases:?}"
    );
    let (code, _) = t.refused(r#"{"action":"next_mission","base":"toulon"}"#);
    assert_eq!(code, "illegal");
    t.ok(r#"{"action":"next_mission","base":"constantinople"}"#);
    let g = t.game();
    assert_eq!(g.phase, goeben_referee::ground::state::Phase::Setup);
    assert!(g.game_over.is_none());
    assert_eq!(g.vp, 0, "24.1: VP back to zero");
    assert_eq!(g.alert_level, 2, "24.1 step 5: one success + 1");
    assert_eq!(
        g.ship("goeben").unwrap().tracks.leadership,
        5,
        "24.1: a win raises leadership"
    );
    assert_eq!(
        g.ship("breslau").unwrap().tracks.hull,
        4,
        "24.1 step 1: damage repaired"
    );
    assert!(g
        .ships
        .iter()
        .all(|s| s.position == SpaceRef::place("constantinople")));
    let pack = RulesPack::standard();
    let inflexible = CounterId(pack.counter_index("gb_bc_inflexible").unwrap() as u16);
    assert_eq!(
        g.counter(inflexible).location,
        Location::RemovedFromPlay,
        "24.1 step 3: a sunk BC is gone for good"
    );
    let c = g.campaign.as_ref().unwrap();
    assert_eq!((c.mission, c.battlecruisers_sunk), (2, 1));
    // The Ottoman Alliance bonus: Ottoman ports are friendly from now on.
    assert_eq!(
        goeben_referee::ground::ports::port_side(&pack, g, &SpaceRef::place("constantinople")),
        Some(goeben_referee::ground::ports::Side::Friendly)
    );
    assert_eq!(
        goeben_referee::ground::ports::port_side(&pack, g, &SpaceRef::place("naples")),
        Some(goeben_referee::ground::ports::Side::Neutral)
    );
    let orders = goeben_referee::rules::victory::orders_spec(&pack, g)
        .id
        .clone();
    assert!(
        !["ottoman_alliance", "italian_alliance"].contains(&orders.as_str()),
        "never replayed: {orders}"
    );
    assert!(
        t.session
            .view()
            .legal_actions()
            .iter()
            .any(|a| matches!(a, goeben_referee::Action::PlaceCollier { .. })),
        "3.0 step 9 again"
    );
}

#[test]
fn rule_24_1_negative_vp_is_disgrace_and_24_5_counts_successes() {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 22),
    };
    t.ok(r#"{"action":"new_game","seed":22,"options":{"orders":"suez_canal","campaign":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    let g = t.game_mut();
    g.vp = -3;
    g.turn = g.last_turn;
    g.phase = goeben_referee::ground::state::Phase::Objective;
    t.end_phase();
    let c = t.game().campaign.clone().unwrap();
    assert!(c.verdict.as_deref().unwrap().starts_with("In disgrace"));
    assert!(
        t.session.view().decisions.is_empty(),
        "the campaign is over"
    );
    assert!(goeben_referee::rules::campaign::verdict_for(2, false).starts_with("Failure"));
    assert!(goeben_referee::rules::campaign::verdict_for(3, false).starts_with("Draw"));
    assert!(goeben_referee::rules::campaign::verdict_for(4, false).starts_with("Victory"));
    assert!(goeben_referee::rules::campaign::verdict_for(5, true)
        .starts_with("Destroyed but not conquered"));
}

#[test]
fn orders_chart_bonus_a_patrol_zone_that_became_open_sea_gets_no_draws() {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 23),
    };
    t.ok(r#"{"action":"new_game","seed":23,"options":{"orders":"suez_canal","campaign":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    let g = t.game_mut();
    for port in ["alexandria", "port_said"] {
        let here: Vec<CounterId> = g
            .counters_at(&Location::Port { port: port.into() })
            .collect();
        for d in here {
            g.move_counter(d, Location::Sunk);
        }
    }
    g.vp = 90;
    g.phase = goeben_referee::ground::state::Phase::Objective;
    for s in g.ships.iter_mut() {
        s.position = SpaceRef::place("pola");
    }
    t.end_phase();
    t.ok(r#"{"action":"answer","yes":true}"#);
    assert!(
        t.game().game_over.as_ref().unwrap().won,
        "{:?}",
        t.game().game_over
    );
    t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    assert_eq!(
        t.game().count_at(&Location::PatrolZone {
            zone: "alexandria_pz".into()
        }),
        0
    );
    assert!(t.game().open_zones.contains(&"alexandria_pz".to_string()));
    assert!(
        t.game().count_at(&Location::PatrolZone {
            zone: "malta_pz".into()
        }) > 0,
        "other zones are drawn as usual"
    );
}

#[test]
fn orders_chart_bonus_the_naval_pact_brings_an_austro_hungarian_cruiser() {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 24),
    };
    t.ok(r#"{"action":"new_game","seed":24,"options":{"orders":"austro_hungarian_naval_pact","campaign":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    let g = t.game_mut();
    g.vp = 70;
    g.phase = goeben_referee::ground::state::Phase::Objective;
    for s in g.ships.iter_mut() {
        s.position = SpaceRef::place("pola");
    }
    t.end_phase();
    t.ok(r#"{"action":"answer","yes":true}"#);
    assert!(t.game().game_over.as_ref().unwrap().won);
    t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    let ah: Vec<_> = t
        .game()
        .ships
        .iter()
        .filter(|s| s.austro_hungarian)
        .collect();
    assert_eq!(ah.len(), 1, "one Austro-Hungarian cruiser");
    assert!(matches!(
        ah[0].ship_type,
        goeben_referee::ground::pack::ShipType::CA | goeben_referee::ground::pack::ShipType::CL
    ));
    assert_eq!(ah[0].position, SpaceRef::place("pola"));
    assert_eq!(ah[0].tracks.leadership, 3);
    // 20.1: an Austro-Hungarian ship in the war brings HMS New Zealand into the Incident Pool.
    let pack = RulesPack::standard();
    let new_zealand = CounterId(pack.counter_index("gb_bc_new_zealand").unwrap() as u16);
    assert_eq!(
        t.game().counter(new_zealand).location,
        Location::Pool,
        "20.1"
    );
}

/// The table lines of a set-up, in order.
fn table_lines(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::TableInstruction { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_24_1_24_2_18_0_a_continuing_mission_tells_the_table_what_carries_over_and_rolls_no_deployment_die(
) {
    let mut t = won_first_mission_with(r#","variable_deployment":true"#);
    let events = t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    let lines = table_lines(&events);
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("starting values and place the task force")),
        "24.1: no reset of every display: {lines:?}"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DiceRolled { rule, .. } if rule == "18.0"))
            && !events
                .iter()
                .any(|e| matches!(e, Event::TableInstruction { rule, .. } if rule == "18.0")),
        "24.2: no Variable Initial Deployment die in a continuing mission: {events:?}"
    );
    // 24.1 step 1: the damaged Breslau is repaired to its starting values; Goeben keeps hers.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Repair SMS Breslau: set its display to the starting values")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("place every German ship at Pola (24.2)")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Place one German collier")),
        "{lines:?}"
    );
    let g = t.game();
    assert!(g
        .ships
        .iter()
        .all(|s| s.position == SpaceRef::place("pola")));
    assert_eq!(g.colliers.len(), 0);
}

#[test]
fn rule_8_1_cargo_points_are_twice_the_leadership_the_mission_starts_with() {
    let mut t = won_first_mission();
    t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    let goeben = t.game().ship("goeben").unwrap().clone();
    assert_eq!(goeben.tracks.leadership, 5, "24.1: the win raised it");
    assert_eq!(goeben.start.leadership, 4);
    let shown = t.ship_view("goeben").cargo_points;
    assert_eq!(
        shown, 10,
        "8.1: twice leadership 5, not twice the 3.0 value 4"
    );
    // Ten points: a targeting calculator (3), damage control (2), a reserve crew (2), a Seebataillon (2)
    // and a camera crew (1).
    for item in [
        "targeting_calculator",
        "damage_control",
        "reserve_crew",
        "seebataillon",
        "camera_crew",
    ] {
        t.ok(&format!(
            r#"{{"action":"load_cargo","ship":"goeben","item":"{item}"}}"#
        ));
    }
    let (code, msg) = t.refused(r#"{"action":"load_cargo","ship":"goeben","item":"wireless"}"#);
    assert_eq!(code, "illegal");
    assert!(msg.contains("8.1"), "{msg}");
}

#[test]
fn rule_19_0_with_both_battlecruisers_the_setup_asks_for_two_colliers() {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 5),
    };
    let events = t.ok(r#"{"action":"new_game","seed":5,"options":{"orders":"ottoman_alliance","fleet":"all_four"}}"#);
    let lines = table_lines(&events);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Place 2 German colliers")),
        "the referee waits for two, and says so: {lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("one German collier")),
        "{lines:?}"
    );
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"a"}}"#);
    assert_eq!(t.phase(), "setup", "one collier is not enough");
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"b"}}"#);
    assert_ne!(t.phase(), "setup");
}

#[test]
fn rule_24_1_example_the_naval_pact_cruiser_stays_until_sunk_wherever_it_ends_a_mission() {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 24),
    };
    t.ok(r#"{"action":"new_game","seed":24,"options":{"orders":"austro_hungarian_naval_pact","campaign":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    let g = t.game_mut();
    g.vp = 70;
    g.phase = goeben_referee::ground::state::Phase::Objective;
    for s in g.ships.iter_mut() {
        s.position = SpaceRef::place("pola");
    }
    t.end_phase();
    t.ok(r#"{"action":"answer","yes":true}"#);
    t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    let cruiser = t
        .game()
        .ships
        .iter()
        .find(|s| s.austro_hungarian)
        .expect("the Naval Pact's cruiser")
        .id
        .clone();
    assert_eq!(
        t.game().campaign.as_ref().unwrap().pact_cruiser.as_deref(),
        Some(cruiser.as_str())
    );
    while t.game().phase == goeben_referee::ground::state::Phase::Setup {
        t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    }
    // Mission 2 ends with the cruiser at sea, away from Pola (20.0 would withdraw any other
    // Austro-Hungarian ship for good).
    let g = t.game_mut();
    g.vp = 0;
    g.turn = g.last_turn;
    g.phase = goeben_referee::ground::state::Phase::Objective;
    g.ship_mut(&cruiser).unwrap().position = SpaceRef::HighSeas {
        zone: goeben_referee::ground::pack::SeaZone::Adriatic,
        label: String::new(),
    };
    t.end_phase();
    while t.game().game_over.is_none() {
        t.ok(r#"{"action":"answer","yes":true}"#);
    }
    t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    let back = t
        .game()
        .ship(&cruiser)
        .expect("24.1 example: it remains in play until sunk");
    assert_eq!(
        back.position,
        SpaceRef::place("pola"),
        "24.2: based at Pola"
    );
    assert!(!t
        .game()
        .campaign
        .as_ref()
        .unwrap()
        .removed
        .contains(&cruiser));
}

/// A campaign whose Atlantic Breakout was accomplished on turn 1 and whose task force was then lost while
/// playing on (17.0): the mission ends won, with no German ship afloat.
fn atlantic_breakout_won_then_lost() -> Table {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 33),
    };
    t.ok(r#"{"action":"new_game","seed":33,"options":{"orders":"atlantic_breakout","campaign":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    let g = t.game_mut();
    g.accomplished_on = Some(1);
    g.turn = g.last_turn;
    g.phase = goeben_referee::ground::state::Phase::Objective;
    for s in g.ships.iter_mut() {
        s.status = goeben_referee::ground::state::ShipStatus::Sunk;
    }
    t.end_phase();
    while t.game().game_over.is_none() {
        t.ok(r#"{"action":"answer","yes":true}"#);
    }
    assert!(t.game().game_over.as_ref().unwrap().won);
    t
}

#[test]
fn rule_24_5_19_1_every_german_ship_sunk_but_moltke_and_stralsund_may_still_come() {
    let mut t = atlantic_breakout_won_then_lost();
    let c = t.game().campaign.clone().unwrap();
    assert_eq!(
        c.verdict, None,
        "24.5: the reinforcements are the next mission's choice"
    );
    assert!(!t.session.over_for_good());
    // The bonus that brings them (19.1, −30 VP) carries the campaign on.
    t.ok(r#"{"action":"next_mission","base":"pola","bonus":1}"#);
    let g = t.game();
    let afloat: Vec<&str> = g.active_ships().map(|s| s.id.as_str()).collect();
    assert_eq!(afloat, vec!["moltke", "stralsund"]);
    assert_eq!(g.vp, -30);
    assert!(
        !g.campaign.as_ref().unwrap().removed.is_empty()
            && ["goeben", "breslau"].iter().all(|s| g
                .campaign
                .as_ref()
                .unwrap()
                .removed
                .iter()
                .any(|r| r == s)),
        "24.1 step 2: the sunk ships are gone for good"
    );
}

#[test]
fn rule_24_5_declining_the_reinforcements_with_no_ship_afloat_ends_the_campaign() {
    let mut t = atlantic_breakout_won_then_lost();
    let events = t.ok(r#"{"action":"next_mission","base":"pola","bonus":0}"#);
    let c = t.game().campaign.clone().unwrap();
    let verdict = c.verdict.expect("24.5: the campaign is over");
    assert!(verdict.starts_with("Failure"), "{verdict}");
    assert!(t.session.over_for_good());
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Note { rule, .. } if rule == "24.5")));
    let (code, _) = t.refused(r#"{"action":"next_mission","base":"pola","bonus":1}"#);
    assert_eq!(code, "not_now");
}
