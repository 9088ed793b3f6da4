//! 24.0 Campaign game: a mission won, its consequences carried into the next (24.1–24.4).

mod rules_support;

use goeben_referee::ground::state::{CounterId, Location, SpaceRef};
use goeben_referee::{RulesPack, Session};
use rules_support::Table;

/// A campaign whose first mission (Ottoman Alliance) is won in its first Objective phase, with HMS
/// Inflexible sunk on the way.
fn won_first_mission() -> Table {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 21),
    };
    t.ok(r#"{"action":"new_game","seed":21,"options":{"orders":"ottoman_alliance","campaign":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
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
