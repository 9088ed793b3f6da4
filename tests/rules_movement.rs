//! Movement (12.0), ports and neutral visits (9.0–9.1), Alert Level bounds (5.2), the sequence of play
//! (4.0) and corrections. Each test names the rule it checks.

use crate::rules_support;

use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::IncidentKind;
use rules_support::{place, sea, Table};

#[test]
fn rule_4_1_turn_runs_through_the_phases_in_order() {
    let mut t = Table::new(1, "ottoman_alliance");
    assert_eq!(t.phase(), "outfitting");
    t.end_phase();
    assert_eq!(t.phase(), "intelligence");
    t.end_phase();
    assert_eq!(t.phase(), "movement");
    t.end_phase();
    assert_eq!(
        t.phase(),
        "incident",
        "13.0: picks happen even if no ship moved"
    );
    let (code, _) = t.refused(r#"{"action":"end_phase"}"#);
    assert_eq!(code, "not_now", "13.1: incident picks are not optional");
}

#[test]
fn rule_12_1_cruise_speed_costs_no_coal_and_12_2_maximum_costs_one() {
    let mut t = Table::new(2, "ottoman_alliance");
    t.play_until("movement");
    let coal = t.game().ship("goeben").unwrap().tracks.coal;
    t.move_ship("goeben", &sea("eastern_med"), "cruise");
    assert_eq!(t.game().ship("goeben").unwrap().tracks.coal, coal);
    let coal_b = t.game().ship("breslau").unwrap().tracks.coal;
    t.move_ship("breslau", &sea("eastern_med"), "maximum");
    assert_eq!(t.game().ship("breslau").unwrap().tracks.coal, coal_b - 1);
}

#[test]
fn rule_12_3_emergency_speed_costs_one_coal_and_a_1_or_2_damages_the_engines() {
    let mut t = Table::new(3, "ottoman_alliance");
    t.play_until("movement");
    t.script(&[2]);
    let events = t.move_ship("goeben", &sea("eastern_med"), "emergency");
    let g = t.game().ship("goeben").unwrap();
    assert_eq!(g.tracks.coal, 3, "one coal, not one plus maximum's");
    assert_eq!(g.tracks.engines, 5, "a 2 damages the engines");
    assert!(events.iter().any(|e| matches!(e, Event::DiceRolled { rule, faces, .. } if rule == "12.3" && faces == &vec![2])));
    t.script(&[3]);
    t.move_ship("breslau", &sea("eastern_med"), "emergency");
    assert_eq!(
        t.game().ship("breslau").unwrap().tracks.engines,
        6,
        "a 3 does no damage"
    );
}

#[test]
fn rule_12_2_no_reserve_coal_means_no_maximum_or_emergency_speed() {
    let mut t = Table::new(4, "ottoman_alliance");
    t.play_until("movement");
    t.game_mut().ship_mut("goeben").unwrap().tracks.coal = 0;
    let (code, message) = t.refused(&format!(
        r#"{{"action":"move","ship":"goeben","to":{},"speed":"maximum"}}"#,
        sea("eastern_med")
    ));
    assert_eq!(code, "illegal");
    assert!(message.contains("coal"), "{message}");
    let offered = t.session.view().legal_actions();
    let json = serde_json::to_string(&offered).unwrap();
    assert!(!json.contains(r#""ship":"goeben","to":{"kind":"high_seas","zone":"eastern_med","label":""},"speed":"maximum""#));
}

#[test]
fn rule_6_2_engines_at_zero_leave_the_ship_dead_in_the_water() {
    let mut t = Table::new(5, "ottoman_alliance");
    t.play_until("movement");
    t.game_mut().ship_mut("breslau").unwrap().tracks.engines = 0;
    let (code, _) = t.refused(&format!(
        r#"{{"action":"move","ship":"breslau","to":{},"speed":"emergency"}}"#,
        sea("eastern_med")
    ));
    assert_eq!(code, "illegal");
    t.move_ship("breslau", &place("messina"), "stay");
}

#[test]
fn rule_12_5_never_the_black_sea_and_the_atlantic_only_on_atlantic_breakout() {
    let mut t = Table::new(6, "ottoman_alliance");
    t.play_until("movement");
    let (code, _) = t.refused(&format!(
        r#"{{"action":"move","ship":"goeben","to":{},"speed":"cruise"}}"#,
        sea("black_sea")
    ));
    assert_eq!(code, "illegal");
    let (code, message) = t.refused(&format!(
        r#"{{"action":"move","ship":"goeben","to":{},"speed":"cruise"}}"#,
        place("atlantic_exit")
    ));
    assert_eq!(code, "illegal");
    assert!(message.contains("Atlantic Breakout"));

    let mut t = Table::new(6, "atlantic_breakout");
    t.play_until("movement");
    t.move_ship("goeben", &place("atlantic_exit"), "cruise");
}

#[test]
fn rule_12_0_a_ship_moves_once_per_movement_phase_and_stays_reports_its_own_space() {
    let mut t = Table::new(7, "ottoman_alliance");
    t.play_until("movement");
    let (code, _) = t.refused(&format!(
        r#"{{"action":"move","ship":"goeben","to":{},"speed":"stay"}}"#,
        sea("adriatic")
    ));
    assert_eq!(code, "illegal");
    t.move_ship("goeben", &sea("eastern_med"), "cruise");
    let (code, _) = t.refused(&format!(
        r#"{{"action":"move","ship":"goeben","to":{},"speed":"cruise"}}"#,
        sea("aegean")
    ));
    assert_eq!(code, "illegal");
    let (code, _) = t.refused(r#"{"action":"move","ship":"scharnhorst","to":{"kind":"place","id":"messina"},"speed":"stay"}"#);
    assert_eq!(code, "unknown");
}

#[test]
fn rule_9_1_a_neutral_visit_is_marked_the_ship_must_leave_and_no_ship_may_return() {
    // The rule's own example: end turn 1's move in Brindisi, stay through turn 2's movement, leave on turn 3.
    let mut t = Table::new(8, "ottoman_alliance");
    t.sail_all(&place("brindisi"));
    t.play_until("incident");
    t.set_alert(1);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        place("brindisi")
    ));
    t.play_until("objective");
    t.end_phase();
    assert_eq!(t.game().turn, 2);
    t.play_until("movement");
    let events = t.end_phase();
    assert!(
        t.game().neutral_visited.contains(&"brindisi".to_string()),
        "the visit is complete after a whole Movement phase"
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::TableInstruction { rule, .. } if rule == "9.1")));
    t.play_until("incident");
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        place("brindisi")
    ));
    t.play_until("objective");
    t.end_phase();
    t.play_until("movement");
    let (code, message) = t.refused(&format!(
        r#"{{"action":"move","ship":"goeben","to":{},"speed":"stay"}}"#,
        place("brindisi")
    ));
    assert_eq!(code, "illegal");
    assert!(message.contains("9.1"), "{message}");
    assert!(
        !t.session
            .view()
            .legal_actions()
            .contains(&goeben_referee::Action::EndPhase),
        "the phase cannot end while a ship owes its exit"
    );
    t.move_ship("goeben", &sea("adriatic"), "cruise");
    t.move_ship("breslau", &sea("adriatic"), "cruise");
    t.end_phase();
    t.pool_only(&[IncidentKind::QuietSeas]);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        sea("adriatic")
    ));
    t.play_until("objective");
    t.end_phase();
    t.play_until("movement");
    let (code, _) = t.refused(&format!(
        r#"{{"action":"move","ship":"goeben","to":{},"speed":"cruise"}}"#,
        place("brindisi")
    ));
    assert_eq!(
        code, "illegal",
        "9.1: no German ship may enter a visited neutral port again"
    );
}

#[test]
fn rule_5_2_alert_level_never_leaves_one_to_six_even_by_correction() {
    let mut t = Table::new(9, "ottoman_alliance");
    let (code, _) =
        t.refused(r#"{"action":"correct","correction":{"kind":"alert_level","level":7}}"#);
    assert_eq!(code, "illegal");
    let (code, _) =
        t.refused(r#"{"action":"correct","correction":{"kind":"alert_level","level":0}}"#);
    assert_eq!(code, "illegal");
    let events = t.ok(r#"{"action":"correct","correction":{"kind":"alert_level","level":4}}"#);
    assert_eq!(t.game().alert_level, 4);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Corrected { from, to, .. } if from == "1" && to == "4")));
}

#[test]
fn corrections_set_vp_turn_and_tracks_and_a_hull_of_zero_sinks() {
    let mut t = Table::new(10, "ottoman_alliance");
    t.ok(r#"{"action":"correct","correction":{"kind":"vp","vp":-7}}"#);
    assert_eq!(t.game().vp, -7, "17.1: VP may go below zero");
    t.ok(r#"{"action":"correct","correction":{"kind":"turn","turn":3}}"#);
    assert_eq!(t.game().turn, 3);
    let (code, _) = t.refused(r#"{"action":"correct","correction":{"kind":"turn","turn":99}}"#);
    assert_eq!(code, "illegal");
    t.ok(r#"{"action":"correct","correction":{"kind":"ship_track","ship":"breslau","track":"hull","value":0}}"#);
    assert_eq!(
        t.game().ship("breslau").unwrap().status,
        goeben_referee::ground::state::ShipStatus::Sunk
    );
}

#[test]
fn corrections_never_touch_a_face_down_counter() {
    let mut t = Table::new(11, "ottoman_alliance");
    // HMS Inflexible starts face down somewhere (a patrol zone or the pool): no correction may move it.
    let (code, message) = t.refused(r#"{"action":"correct","correction":{"kind":"counter_to_pool","counter":"gb_bc_inflexible"}}"#);
    assert_eq!(code, "illegal");
    assert!(
        !message.contains("zone") && !message.contains("pool"),
        "the refusal must not say where it is: {message}"
    );
}

#[test]
fn rule_7_0_a_ship_that_takes_the_outfitting_phase_does_not_move_that_turn() {
    let mut t = Table::new(12, "ottoman_alliance");
    assert_eq!(t.phase(), "outfitting");
    t.ok(r#"{"action":"take_outfitting","ship":"goeben"}"#);
    let (code, _) = t.refused(r#"{"action":"take_outfitting","ship":"goeben"}"#);
    assert_eq!(code, "illegal", "once per turn");
    t.play_until("movement");
    let (code, message) = t.refused(&format!(
        r#"{{"action":"move","ship":"goeben","to":{},"speed":"cruise"}}"#,
        sea("eastern_med")
    ));
    assert_eq!(code, "illegal");
    assert!(message.contains("7.0"), "{message}");
    t.move_ship("breslau", &sea("eastern_med"), "cruise");
    t.move_ship("goeben", &place("messina"), "stay");
}

#[test]
fn corrections_record_an_allied_ship_sunk_or_damaged_at_the_table() {
    let mut t = Table::new(13, "ottoman_alliance");
    t.sail_all(&place("adriatic_pz"));
    t.pool_only(&[]);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        place("adriatic_pz")
    ));
    let pack = goeben_referee::RulesPack::standard();
    let on_map: Vec<String> = t
        .game()
        .counters
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            matches!(
                c.location,
                goeben_referee::ground::state::Location::OnMap { .. }
            )
        })
        .map(|(i, _)| pack.counters.counters[i].id.clone())
        .collect();
    let first = on_map
        .first()
        .expect("the Adriatic zone held at least one warship in this seed");
    t.ok(&format!(
        r#"{{"action":"correct","correction":{{"kind":"counter_sunk","counter":"{first}"}}}}"#
    ));
    let view = t.session.view().game.unwrap();
    assert!(
        view.sunk.iter().any(|c| &c.id == first),
        "in the Allied Ships Sunk box"
    );
    let (code, _) = t.refused(
        r#"{"action":"correct","correction":{"kind":"counter_sunk","counter":"storm_1"}}"#,
    );
    assert_eq!(code, "illegal", "only ships can be sunk");
}

/// The speeds the view gives Goeben (cruise, maximum, emergency) with her engines at `engines`.
fn goeben_speeds(t: &mut Table, engines: u8) -> (u8, u8, u8) {
    t.game_mut().ship_mut("goeben").unwrap().tracks.engines = engines;
    let s = t.ship_view("goeben").speeds;
    (s.cruise, s.maximum, s.emergency)
}

#[test]
fn rule_12_4_the_engines_marker_caps_the_printed_track_so_a_damaged_ship_may_lose_its_max_range() {
    // 6.2: the marker's box is the ship's top speed; 2.1: the track's cruise and max ranges are printed.
    // 12.4's note: a damaged ship may not reach its Max range.
    let mut t = Table::new(3, "ottoman_alliance");
    assert_eq!(goeben_speeds(&mut t, 6), (4, 5, 6), "12.1–12.3's examples");
    assert_eq!(
        goeben_speeds(&mut t, 5),
        (4, 5, 5),
        "one hit costs emergency speed only"
    );
    assert_eq!(
        goeben_speeds(&mut t, 4),
        (4, 4, 4),
        "two: the Max range is out of reach"
    );
    assert_eq!(goeben_speeds(&mut t, 3), (3, 3, 3));
    assert_eq!(
        goeben_speeds(&mut t, 0),
        (0, 0, 0),
        "6.2: dead in the water"
    );
    // Cruise speed, and so the contact rating (14.3), is kept until the marker is in the cruise range.
    t.game_mut().ship_mut("goeben").unwrap().tracks.engines = 5;
    t.sail_all(&sea("western_med"));
    t.game_mut().ship_mut("goeben").unwrap().tracks.engines = 5;
    let kept = t.pool_only(&[IncidentKind::RoyalNavyWarship]);
    assert_eq!(kept.len(), 1);
    t.set_alert(1);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        sea("western_med")
    ));
    t.end_phase();
    t.script(&[3]);
    let events = t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"goeben","maximum_speed":false}}"#, sea("western_med")));
    let german = events
        .iter()
        .find_map(|e| match e {
            Event::ContactResolved { german, .. } => Some(*german),
            _ => None,
        })
        .unwrap();
    assert_eq!(german, 4 + 4, "leadership 4 + cruise 4 with one engine hit");
}

#[test]
fn rule_12_4_house_rule_engine_hits_slow_every_speed() {
    let mut t = Table {
        session: goeben_referee::Session::new(goeben_referee::RulesPack::standard(), 3),
    };
    t.ok(r#"{"action":"new_game","seed":3,"options":{"orders":"ottoman_alliance","engine_hits_slow_all":true}}"#);
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"collier"}}"#);
    assert_eq!(goeben_speeds(&mut t, 6), (4, 5, 6));
    assert_eq!(
        goeben_speeds(&mut t, 5),
        (3, 4, 5),
        "each hit lowers all three"
    );
    assert_eq!(goeben_speeds(&mut t, 2), (0, 1, 2));
}
