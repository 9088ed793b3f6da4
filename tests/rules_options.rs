//! Optional rules: 18.0 variable deployment, 19.0 additional German ships, 21.0/21.2 seaplanes, 22.0
//! night combat (its firing effects: src/combat/firing.rs), 23.0 mines.

use crate::rules_support;

use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::IncidentKind;
use goeben_referee::ground::state::{CounterId, Location, SpaceRef};
use goeben_referee::{RulesPack, Session};
use rules_support::{dice_rolled, sea, Table};

fn start(options: &str) -> (Table, Vec<Event>) {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 9),
    };
    let events = t.ok(&format!(
        r#"{{"action":"new_game","seed":9,"options":{options}}}"#
    ));
    (t, events)
}

#[test]
fn rule_18_0_the_task_force_starts_where_the_variable_deployment_die_says() {
    let pack = RulesPack::standard();
    let (t, events) = start(r#"{"orders":"suez_canal","variable_deployment":true}"#);
    let roll = events
        .iter()
        .find_map(|e| match e {
            Event::DiceRolled { faces, rule, .. } if rule == "18.0" => Some(faces[0]),
            _ => None,
        })
        .expect("the 18.0 roll is shown");
    let expected = SpaceRef::place(&pack.charts.variable_deployment.rolls[(roll - 1) as usize]);
    assert!(t.game().ships.iter().all(|s| s.position == expected));
    let (u, _) = start(r#"{"orders":"suez_canal"}"#);
    assert!(
        u.game()
            .ships
            .iter()
            .all(|s| s.position == SpaceRef::place("messina")),
        "standard: Messina (3.0 step 8)"
    );
}

#[test]
fn rule_19_0_additional_ships_cost_vp_and_all_four_bring_new_zealand_and_a_collier() {
    let (t, _) = start(r#"{"orders":"suez_canal","fleet":"moltke"}"#);
    let ids: Vec<&str> = t.game().ships.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["moltke", "breslau"]);
    assert_eq!(t.game().vp, -5);
    let (t, _) = start(r#"{"orders":"suez_canal","fleet":"stralsund"}"#);
    assert_eq!(t.game().ships.len(), 3);
    assert_eq!(t.game().vp, -10);
    let (mut t, _) = start(r#"{"orders":"suez_canal","fleet":"all_four"}"#);
    assert_eq!(t.game().ships.len(), 4);
    assert_eq!(t.game().vp, -50);
    let nz = CounterId(
        RulesPack::standard()
            .counter_index("gb_bc_new_zealand")
            .unwrap() as u16,
    );
    assert_eq!(
        t.game().counter(nz).location,
        Location::Pool,
        "HMS New Zealand joins the pool"
    );
    t.ok(
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"a"}}"#,
    );
    assert_eq!(t.phase(), "setup", "a second collier to place");
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"b"}}"#);
    assert_eq!(t.phase(), "outfitting");
    let (standard, _) = start(r#"{"orders":"suez_canal"}"#);
    assert_eq!(
        standard.game().counter(nz).location,
        Location::SetAside,
        "3.0 step 3 otherwise"
    );
}

#[test]
fn rule_21_2_a_seaplane_reconnoitres_a_patrol_zone_once_per_intelligence_phase() {
    let (mut t, _) = start(r#"{"orders":"suez_canal","seaplanes":true}"#);
    let (code, _) = t.refused(r#"{"action":"load_cargo","ship":"breslau","item":"seaplane"}"#);
    assert_eq!(code, "illegal", "BC only");
    t.ok(r#"{"action":"load_cargo","ship":"goeben","item":"seaplane"}"#);
    let (code, _) = t.refused(r#"{"action":"load_cargo","ship":"goeben","item":"seaplane"}"#);
    assert_eq!(code, "illegal", "one per BC (and one counter)");
    t.ok(
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"a"}}"#,
    );
    t.play_until("intelligence");
    let zone = "adriatic_pz";
    let hidden: Vec<CounterId> = t
        .game()
        .counters_at(&Location::PatrolZone { zone: zone.into() })
        .collect();
    assert!(!hidden.is_empty());
    t.script(&[5]);
    let events = t.ok(&format!(
        r#"{{"action":"reconnoitre","ship":"goeben","zone":"{zone}"}}"#
    ));
    assert_eq!(dice_rolled(&events), vec![vec![5]]);
    assert!(
        hidden.iter().all(|c| t.game().counter(*c).known_to_player),
        "4–6: all revealed to the player"
    );
    assert!(
        hidden
            .iter()
            .all(|c| matches!(t.game().counter(*c).location, Location::PatrolZone { .. })),
        "still face down on the map"
    );
    let (code, _) = t.refused(&format!(
        r#"{{"action":"reconnoitre","ship":"goeben","zone":"{zone}"}}"#
    ));
    assert_eq!(code, "illegal", "once per phase");
    // Another game: shot down on a 1.
    let (mut u, _) = start(r#"{"orders":"suez_canal","seaplanes":true}"#);
    u.ok(r#"{"action":"load_cargo","ship":"goeben","item":"seaplane"}"#);
    u.ok(
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"a"}}"#,
    );
    u.play_until("intelligence");
    u.script(&[1]);
    u.ok(&format!(
        r#"{{"action":"reconnoitre","ship":"goeben","zone":"{zone}"}}"#
    ));
    assert!(
        u.game().ship("goeben").unwrap().cargo.is_empty(),
        "shot down: back to the Available box"
    );
    let (code, _) = u.refused(&format!(
        r#"{{"action":"reconnoitre","ship":"goeben","zone":"{zone}"}}"#
    ));
    assert_eq!(code, "illegal");
}

#[test]
fn rule_23_0_mines_laid_by_a_cl_strike_allied_ships_on_a_six_then_are_used_up() {
    let (mut t, _) = start(r#"{"orders":"suez_canal","mines":true}"#);
    let (code, _) = t.refused(r#"{"action":"load_cargo","ship":"goeben","item":"mines"}"#);
    assert_eq!(code, "illegal", "CL only");
    t.ok(r#"{"action":"load_cargo","ship":"breslau","item":"mines"}"#);
    t.ok(
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"a"}}"#,
    );
    t.play_until("movement");
    let (code, _) = t.refused(r#"{"action":"lay_mines","ship":"breslau"}"#);
    assert_eq!(code, "illegal", "not in neutral Messina");
    t.move_ship("breslau", &sea("western_med"), "cruise");
    t.ok(r#"{"action":"lay_mines","ship":"breslau"}"#);
    assert_eq!(t.game().mines.len(), 1);
    t.move_ship("goeben", &sea("eastern_med"), "cruise");
    t.end_phase();
    // Two Allied destroyers face up in the mined space; the pool holds only Quiet Seas.
    t.pool_only(&[IncidentKind::QuietSeas]);
    let pack = RulesPack::standard();
    let here: SpaceRef = serde_json::from_str(&sea("western_med")).unwrap();
    let dds: Vec<CounterId> = ["gb_dd_1", "gb_dd_2"]
        .iter()
        .map(|c| CounterId(pack.counter_index(c).unwrap() as u16))
        .collect();
    for space in [sea("western_med"), sea("eastern_med")] {
        let _ = goeben_referee::api::protocol::handle_line(
            &mut t.session,
            &format!(r#"{{"action":"resolve_incidents","space":{space}}}"#),
        );
    }
    for d in &dds {
        t.game_mut().move_counter(
            *d,
            Location::OnMap {
                space: here.clone(),
            },
        );
    }
    t.script(&[6, 2]);
    let events = t.end_phase();
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DiceRolled { rule, .. } if rule == "23.0")));
    assert_eq!(
        t.location(dds[0]),
        Location::Sunk,
        "a 6: out of the scenario"
    );
    assert_ne!(t.location(dds[1]), Location::Sunk);
    assert_eq!(
        t.game().vp,
        pack.charts
            .vp_for(goeben_referee::ground::pack::ShipType::DD)
            .unwrap()
            .sunk
    );
    assert!(t.game().mines.is_empty(), "used up");
}

#[test]
fn rule_20_0_the_austro_hungarian_fleet_sorties_under_german_command() {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 31),
    };
    t.ok(r#"{"action":"new_game","seed":31,"options":{"orders":"suez_canal","austro_hungarian":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    t.sail_all(&sea("adriatic"));
    t.pool_only(&[IncidentKind::AustroHungarianFleetSorties]);
    t.set_alert(1);
    // Picks at Alert 1: the sortie marker; then one die: 3 Austro-Hungarian warships.
    t.script(&[3]);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        sea("adriatic")
    ));
    let ah: Vec<goeben_referee::ground::state::GermanShip> = t
        .game()
        .ships
        .iter()
        .filter(|s| s.austro_hungarian)
        .cloned()
        .collect();
    assert_eq!(ah.len(), 3, "one die of Austro-Hungarian warships");
    assert!(ah.iter().all(|s| s.position == SpaceRef::place("pola")
        && s.tracks.leadership == 3
        && s.tracks.coal == 0));
    assert_eq!(t.game().alert_level, 2, "the Alert Level rises by one");
    let nz = CounterId(
        RulesPack::standard()
            .counter_index("gb_bc_new_zealand")
            .unwrap() as u16,
    );
    assert_eq!(
        t.location(nz),
        Location::Pool,
        "20.1: New Zealand joins the pool"
    );
    // They pick incidents normally where they are (Pola is friendly: none).
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        rules_support::place("pola")
    ));
    // Next turn: no intelligence, no outfitting; maximum speed without coal; never into the Western Med.
    t.play_until("outfitting");
    let first = ah[0].id.clone();
    let (code, _) = t.refused(&format!(
        r#"{{"action":"take_outfitting","ship":"{first}"}}"#
    ));
    assert_eq!(code, "illegal");
    t.play_until("intelligence");
    let (code, _) = t.refused(&format!(
        r#"{{"action":"attempt_intelligence","ship":"{first}"}}"#
    ));
    assert_eq!(code, "illegal");
    t.play_until("movement");
    let (code, _) = t.refused(&format!(
        r#"{{"action":"move","ship":"{first}","to":{},"speed":"maximum"}}"#,
        sea("western_med")
    ));
    assert_eq!(code, "illegal", "only the Adriatic, Eastern Med and Aegean");
    t.ok(&format!(
        r#"{{"action":"move","ship":"{first}","to":{},"speed":"maximum"}}"#,
        sea("adriatic")
    ));
    assert_eq!(
        t.game().ship(&first).unwrap().tracks.coal,
        0,
        "no coal needed or spent"
    );
}
