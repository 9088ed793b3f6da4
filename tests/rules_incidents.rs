//! The Incident phase (13.0–13.2), every Incident Chart entry, commerce raiding (15.0) and the setup
//! draws (3.0). Dice are scripted where a test needs a face; the pool is narrowed to the markers a
//! test needs with `pool_only`.

use crate::rules_support;

use goeben_referee::api::test_hooks::SessionHooks;
use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::IncidentKind::{self, *};
use goeben_referee::ground::state::{Location, Pending, ShipStatus, SpaceRef};
use goeben_referee::{RulesPack, Session};
use rules_support::{place, sea, Table};

/// Sails both ships to `to`, narrows the pool to `kinds` and sets the Alert Level, ready to resolve.
fn at(
    to: &str,
    kinds: &[IncidentKind],
    alert: u8,
) -> (Table, Vec<goeben_referee::ground::state::CounterId>) {
    let mut t = Table::new(21, "ottoman_alliance");
    t.sail_all(to);
    assert_eq!(t.phase(), "incident");
    let kept = t.pool_only(kinds);
    t.set_alert(alert);
    (t, kept)
}

fn resolve(t: &mut Table, space: &str) -> Vec<Event> {
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{space}}}"#
    ))
}

fn picked(events: &[Event]) -> (u8, u8, u8) {
    events
        .iter()
        .find_map(|e| match e {
            Event::IncidentsPicked {
                normal,
                extra,
                drawn,
                ..
            } => Some((*normal, *extra, *drawn)),
            _ => None,
        })
        .expect("a pick event")
}

#[test]
fn rule_13_0_picks_as_many_markers_as_the_alert_level_and_returns_the_others() {
    let (mut t, kept) = at(
        &sea("eastern_med"),
        &[
            MoraleCheck,
            MoraleCheck,
            LimitedVisibility,
            LimitedVisibility,
        ],
        3,
    );
    let events = resolve(&mut t, &sea("eastern_med"));
    assert_eq!(picked(&events), (3, 0, 3));
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::CounterRevealed { .. }))
            .count(),
        3
    );
    for id in kept {
        assert_eq!(
            t.location(id),
            Location::Pool,
            "13.1: resolved markers go back to the pool"
        );
    }
    t.end_phase();
}

#[test]
fn rule_13_0_step_1_a_patrol_zone_stack_is_revealed_quiet_seas_return_and_warships_stay() {
    let mut t = Table::new(22, "ottoman_alliance");
    t.sail_all(&place("adriatic_pz"));
    let stack: Vec<_> = t
        .game()
        .counters_at(&Location::PatrolZone {
            zone: "adriatic_pz".into(),
        })
        .collect();
    assert_eq!(
        stack.len(),
        5,
        "3.0: five British counters in the Adriatic zone"
    );
    t.pool_only(&[]);
    let events = resolve(&mut t, &place("adriatic_pz"));
    let revealed = events
        .iter()
        .filter(|e| matches!(e, Event::CounterRevealed { .. }))
        .count();
    // Quiet Seas revealed in step 1 go back to the pool before step 2 picks, so they may be picked again.
    assert_eq!(revealed, 5 + picked(&events).2 as usize);
    let pack = RulesPack::standard();
    for id in stack {
        let quiet = matches!(
            pack.counter_spec(id).kind,
            goeben_referee::ground::pack::CounterKind::Incident {
                incident: QuietSeas,
                ..
            }
        );
        let expected = if quiet {
            Location::Pool
        } else {
            Location::OnMap {
                space: SpaceRef::place("adriatic_pz"),
            }
        };
        assert_eq!(t.location(id), expected);
    }
}

#[test]
fn rule_13_2_no_picks_in_a_friendly_base_at_any_alert_nor_in_a_neutral_port_below_alert_4() {
    let (mut t, _) = at(
        &place("pola"),
        &[
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
        ],
        3,
    );
    assert_eq!(
        picked(&resolve(&mut t, &place("pola"))),
        (0, 0, 0),
        "friendly naval base at Alert 3"
    );

    // 13.2: the first sentence is unconditional for friendly ports and bases; the Alert 4 sentence closes
    // the paragraph on neutral ones (docs/AMBIGUITIES.md).
    for alert in [4, 6] {
        let (mut t, _) = at(
            &place("pola"),
            &[
                AlliedMerchantman,
                AlliedMerchantman,
                AlliedMerchantman,
                AlliedMerchantman,
            ],
            alert,
        );
        assert_eq!(
            picked(&resolve(&mut t, &place("pola"))),
            (0, 0, 0),
            "friendly naval base at Alert {alert}"
        );
    }

    let (mut t, _) = at(
        &place("brindisi"),
        &[
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
        ],
        3,
    );
    assert_eq!(
        picked(&resolve(&mut t, &place("brindisi"))),
        (0, 0, 0),
        "neutral port at Alert 3"
    );

    let (mut t, _) = at(
        &place("brindisi"),
        &[
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
        ],
        4,
    );
    assert_eq!(
        picked(&resolve(&mut t, &place("brindisi"))),
        (4, 0, 4),
        "neutral port at Alert 4"
    );

    let (mut t, _) = at(
        &place("constantinople"),
        &[
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
        ],
        6,
    );
    assert_eq!(
        picked(&resolve(&mut t, &place("constantinople"))),
        (0, 0, 0),
        "never in Constantinople"
    );
}

#[test]
fn rule_13_2_house_rule_every_port_picks_reads_any_port_literally_from_alert_4() {
    // The house rule "every port picks": friendly ports and bases pick normally from Alert 4, never below;
    // Constantinople still never picks.
    let with_house_rule = |alert: u8, port: &str| {
        let mut t = Table {
            session: Session::new(RulesPack::standard(), 21),
        };
        t.ok(r#"{"action":"new_game","seed":21,"options":{"orders":"ottoman_alliance","every_port_picks":true}}"#);
        t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"collier"}}"#);
        assert!(t.game().options.every_port_picks);
        t.sail_all(&place(port));
        t.pool_only(&[AlliedMerchantman; 6]);
        t.set_alert(alert);
        picked(&resolve(&mut t, &place(port)))
    };
    assert_eq!(
        with_house_rule(3, "pola"),
        (0, 0, 0),
        "friendly base at Alert 3"
    );
    assert_eq!(
        with_house_rule(4, "pola"),
        (4, 0, 4),
        "friendly base at Alert 4"
    );
    assert_eq!(
        with_house_rule(6, "constantinople"),
        (0, 0, 0),
        "never in Constantinople"
    );
    // The header names the house rule in play, in the core's words.
    assert_eq!(
        goeben_referee::api::names::toggle_in_play(
            goeben_referee::api::names::Toggle::EveryPortPicks
        ),
        "house rule: every port picks (13.2)"
    );
}

#[test]
fn rule_13_2_an_enemy_port_picks_normally_plus_the_terrain_chart_extra() {
    let (mut t, _) = at(
        &place("bizerte"),
        &[
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
        ],
        2,
    );
    let (normal, extra, drawn) = picked(&resolve(&mut t, &place("bizerte")));
    assert_eq!(normal, 2);
    assert!(extra >= 1, "an enemy naval base adds picks");
    assert_eq!(drawn, normal + extra);
}

#[test]
fn incident_royal_navy_orders_raise_and_conflicting_orders_lower_the_alert_within_bounds() {
    let (mut t, _) = at(&sea("eastern_med"), &[RoyalNavyOrdersPursue], 6);
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().alert_level, 6, "5.2: never above six");

    let (mut t, _) = at(&sea("eastern_med"), &[RoyalNavyConflictingOrders], 1);
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().alert_level, 1, "5.2: never below one");

    let (mut t, _) = at(
        &sea("eastern_med"),
        &[RoyalNavyOrdersPursue, RoyalNavyOrdersPursue],
        2,
    );
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().alert_level, 4, "5.4: applied at once, each one");
}

#[test]
fn incident_allied_patrol_raises_the_alert_only_in_allied_zones_ports_and_bases() {
    let (mut t, _) = at(&sea("eastern_med"), &[AlliedPatrol], 1);
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().alert_level, 1);
    let (mut t, _) = at(&place("malta_pz"), &[AlliedPatrol], 1);
    resolve(&mut t, &place("malta_pz"));
    assert_eq!(t.game().alert_level, 2);
}

#[test]
fn incident_allied_submarine_false_report_torpedo_run_and_ram() {
    // 1–2: false report.
    let (mut t, _) = at(&sea("eastern_med"), &[AlliedSubmarine], 1);
    t.script(&[2]);
    resolve(&mut t, &sea("eastern_med"));
    assert!(t.game().pending.is_empty());
    // 5: torpedo run, one roll per ship; a 5 hits and rolls on the Torpedo Hit table.
    let (mut t, _) = at(&sea("eastern_med"), &[AlliedSubmarine], 1);
    let hull = t.game().ship("goeben").unwrap().tracks;
    t.script(&[5, 5, 3, 1]);
    let events = resolve(&mut t, &sea("eastern_med"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TrackChanged { ship, .. } if ship == "goeben")),
        "Goeben was hit"
    );
    assert_ne!(t.game().ship("goeben").unwrap().tracks, hull);
    // 6: ram — two VP, the chosen ship takes one hull damage.
    let (mut t, kept) = at(&sea("eastern_med"), &[AlliedSubmarine], 1);
    t.script(&[6]);
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().vp, 2);
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::RamDamage { .. })
    ));
    let hull = t.game().ship("breslau").unwrap().tracks.hull;
    t.ok(r#"{"action":"choose_ship","ship":"breslau"}"#);
    assert_eq!(t.game().ship("breslau").unwrap().tracks.hull, hull - 1);
    // 13.1: the entry never says "remove from play", so the rammed submarine's marker goes back to the
    // pool with the others (docs/AMBIGUITIES.md).
    assert_eq!(t.location(kept[0]), Location::Pool);
}

#[test]
fn incident_allied_submarine_evasive_action_asks_each_ship_coal_or_torpedo_run() {
    let (mut t, _) = at(&sea("eastern_med"), &[AlliedSubmarine], 1);
    t.script(&[3]);
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().pending.len(), 2, "one decision per German warship");
    let (code, _) = t.refused(r#"{"action":"end_phase"}"#);
    assert_eq!(code, "not_now");
    let coal = t.game().ship("goeben").unwrap().tracks.coal;
    t.ok(r#"{"action":"evade_submarine","ship":"goeben","spend_coal":true}"#);
    assert_eq!(t.game().ship("goeben").unwrap().tracks.coal, coal - 1);
    t.script(&[4]);
    let events = t.ok(r#"{"action":"evade_submarine","ship":"breslau","spend_coal":false}"#);
    assert_eq!(
        rules_support::dice_rolled(&events),
        vec![vec![4]],
        "the torpedo run missed on a 4"
    );
    assert!(t.game().pending.is_empty());
    t.end_phase();
}

#[test]
fn incident_collier_attacked_sinks_a_collier_on_6_for_one_vp() {
    let (mut t, _) = at(&sea("eastern_med"), &[CollierAttacked], 1);
    t.script(&[6]);
    resolve(&mut t, &sea("eastern_med"));
    assert!(t.game().colliers.is_empty());
    assert_eq!(t.game().vp, -1);
}

#[test]
fn incident_french_warship_only_in_the_western_mediterranean_without_substitute() {
    let (mut t, kept) = at(&sea("eastern_med"), &[FrenchWarship], 1);
    let events = resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.location(kept[0]), Location::Pool);
    assert_eq!(picked(&events).2, 1, "no substitute is picked");
    let (mut t, kept) = at(&sea("western_med"), &[FrenchWarship], 1);
    resolve(&mut t, &sea("western_med"));
    assert_eq!(
        t.location(kept[0]),
        Location::OnMap {
            space: serde_json::from_str(&sea("western_med")).unwrap()
        }
    );
    t.end_phase();
    assert_eq!(
        t.phase(),
        "naval_combat",
        "14.0: the flow stops at a battle"
    );
    assert_eq!(t.session.view().game.unwrap().battles.len(), 1);
}

#[test]
fn incident_storm_hits_hull_on_6_and_cancels_combat_keeping_allied_ships_in_place() {
    let (mut t, kept) = at(&sea("western_med"), &[RoyalNavyWarship, Storm], 2);
    t.script(&[6, 1]);
    resolve(&mut t, &sea("western_med"));
    let warship = kept
        .iter()
        .copied()
        .find(|id| matches!(t.location(*id), Location::OnMap { .. }))
        .expect("the warship is on the map");
    assert_eq!(t.game().ship("goeben").unwrap().tracks.hull, 11);
    t.end_phase();
    assert_ne!(t.phase(), "naval_combat", "the storm skips combat here");
    assert!(
        matches!(t.location(warship), Location::OnMap { .. }),
        "the Allied warship stays in place"
    );
}

#[test]
fn incident_mechanical_breakdown_and_minefield() {
    let (mut t, _) = at(&sea("eastern_med"), &[MechanicalBreakdown], 1);
    t.script(&[6, 5]);
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().ship("goeben").unwrap().tracks.engines, 5);
    assert_eq!(t.game().ship("breslau").unwrap().tracks.engines, 6);

    let (mut t, _) = at(&sea("eastern_med"), &[Minefield], 1);
    let events = resolve(&mut t, &sea("eastern_med"));
    assert!(
        rules_support::dice_rolled(&events).is_empty(),
        "a minefield only matters in an Allied port or base"
    );

    let (mut t, _) = at(
        &place("malta"),
        &[
            Minefield,
            AlliedMerchantman,
            AlliedMerchantman,
            AlliedMerchantman,
        ],
        1,
    );
    t.script(&[6, 1, 1, 1, 1, 1]);
    resolve(&mut t, &place("malta"));
    let g = t.game().ship("goeben").unwrap().tracks;
    assert_eq!((g.hull, g.engines), (11, 5), "one hull and one engine hit");
}

#[test]
fn incident_morale_check_is_quiet_on_turn_1_and_later_adds_or_removes_a_die() {
    let (mut t, _) = at(&sea("eastern_med"), &[MoraleCheck], 1);
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().turn_state.morale_dice, 0);
    let (mut t, _) = at(&sea("eastern_med"), &[MoraleCheck], 1);
    t.game_mut().turn = 2;
    t.game_mut().vp = 10;
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(
        t.game().turn_state.morale_dice,
        1,
        "10 >= 10 VP: one extra die"
    );
    let (mut t, _) = at(&sea("eastern_med"), &[MoraleCheck], 1);
    t.game_mut().turn = 2;
    t.game_mut().vp = 11;
    resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().turn_state.morale_dice, -1);
}

#[test]
fn incident_friendly_ship_is_held_and_limited_visibility_marks_the_space() {
    let (mut t, kept) = at(&sea("eastern_med"), &[FriendlyShip, LimitedVisibility], 2);
    resolve(&mut t, &sea("eastern_med"));
    let friendly = kept
        .iter()
        .find(|id| matches!(t.location(**id), Location::Held { .. }));
    assert!(
        friendly.is_some(),
        "Friendly Ship is held for the next Outfitting phase"
    );
    assert_eq!(t.game().turn_state.limited_visibility.len(), 1);
}

#[test]
fn incident_austro_hungarian_fleet_sorties_sends_back_adriatic_warships_and_leaves_play() {
    let (mut t, kept) = at(
        &sea("adriatic"),
        &[RoyalNavyWarship, AustroHungarianFleetSorties],
        2,
    );
    resolve(&mut t, &sea("adriatic"));
    let pack = RulesPack::standard();
    for id in kept {
        let is_sortie = matches!(
            pack.counter_spec(id).kind,
            goeben_referee::ground::pack::CounterKind::Incident {
                incident: AustroHungarianFleetSorties,
                ..
            }
        );
        let expected = if is_sortie {
            Location::RemovedFromPlay
        } else {
            Location::Pool
        };
        assert_eq!(t.location(id), expected);
    }
}

#[test]
fn incident_french_navy_sorties_asks_about_colliers_closes_the_zones_and_sinks_ships_left_there() {
    let mut t = Table::new(23, "ottoman_alliance");
    // Goeben into the Toulon zone, Breslau to open sea (the collier is in the Western Med).
    t.play_until("movement");
    t.move_ship("goeben", &place("toulon_pz"), "cruise");
    t.move_ship("breslau", &sea("eastern_med"), "cruise");
    t.end_phase();
    t.pool_only(&[FrenchNavySorties]);
    t.set_alert(1);
    t.game_mut().counters.iter_mut().for_each(|c| {
        if matches!(&c.location, Location::PatrolZone { zone } if zone == "toulon_pz") {
            c.location = Location::RemovedFromPlay;
        }
    });
    resolve(&mut t, &place("toulon_pz"));
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::CollierNearFrenchZones { .. })
    ));
    // The question names the collier's space in brackets, not run into the sentence (issue #29).
    let question = t.session.view().game.unwrap().pending[0].question.clone();
    assert_eq!(
        question,
        "French Navy Sorties: is collier 1 (collier, Western Mediterranean) in or next to the Toulon or North African Patrol Zone on your map?"
    );
    t.ok(r#"{"action":"answer","yes":true}"#);
    assert!(
        t.game().colliers.is_empty(),
        "the player said the collier was next to the zone"
    );
    assert!(t.game().french_sortie.is_some());
    resolve(&mut t, &sea("eastern_med"));
    t.play_until("objective");
    t.end_phase();
    t.play_until("movement");
    let (code, _) = t.refused(&format!(
        r#"{{"action":"move","ship":"breslau","to":{},"speed":"cruise"}}"#,
        place("north_african_pz")
    ));
    assert_eq!(code, "illegal", "the zones are closed this movement");
    t.end_phase();
    assert_eq!(
        t.game().ship("goeben").unwrap().status,
        ShipStatus::Sunk,
        "left in a closed zone: sunk"
    );
    assert!(
        t.game().french_sortie.is_none(),
        "the marker goes back to the pool"
    );
}

#[test]
fn rule_15_0_raiding_scores_one_die_plus_leadership_per_merchant() {
    let (mut t, kept) = at(&sea("eastern_med"), &[AlliedMerchantman], 1);
    resolve(&mut t, &sea("eastern_med"));
    t.end_phase();
    assert_eq!(t.phase(), "commerce_raiding");
    t.script(&[3]);
    t.ok(&format!(
        r#"{{"action":"raid_merchants","space":{},"ship":"breslau"}}"#,
        sea("eastern_med")
    ));
    assert_eq!(t.game().vp, 3 + 4);
    assert_eq!(t.location(kept[0]), Location::Pool);
    // One raid per space: the merchant is gone and the phase has passed.
    t.refused(&format!(
        r#"{{"action":"raid_merchants","space":{},"ship":"goeben"}}"#,
        sea("eastern_med")
    ));
}

#[test]
fn rule_3_0_setup_draws_are_uniform_each_british_counter_reaches_the_adriatic_with_probability_5_in_18(
) {
    let pack = RulesPack::standard();
    let british = &pack.setup.groups[0];
    let games = 4000;
    let mut counts = vec![0u32; british.warships.len()];
    for seed in 0..games {
        let mut s = Session::new(pack.clone(), seed);
        s.respond(goeben_referee::SessionRequest::NewGame {
            seed: Some(seed),
            options: None,
        });
        let game = s.game().unwrap();
        for (i, id) in british.warships.iter().enumerate() {
            let c =
                goeben_referee::ground::state::CounterId(pack.counter_index(id).unwrap() as u16);
            if game.counter(c).location
                == (Location::PatrolZone {
                    zone: "adriatic_pz".into(),
                })
            {
                counts[i] += 1;
            }
        }
    }
    let p = 5.0 / 18.0;
    let sigma = (p * (1.0 - p) / games as f64).sqrt();
    for (i, n) in counts.iter().enumerate() {
        let f = *n as f64 / games as f64;
        assert!(
            (f - p).abs() < 5.0 * sigma,
            "{} reached the Adriatic in {f:.3} of games, expected {p:.3} ± {:.3}",
            british.warships[i],
            5.0 * sigma
        );
    }
}

#[test]
fn incident_intelligence_from_berlin_offers_ib_or_je() {
    let (mut t, _) = at(&sea("eastern_med"), &[IntelligenceFromBerlin], 3);
    resolve(&mut t, &sea("eastern_med"));
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::BerlinIntelligence { .. })
    ));
    // Each choice says the chart's result, not only its code (issue #29: "Result IB").
    let labels: Vec<String> = t
        .session
        .view()
        .decisions
        .iter()
        .map(|d| d.label.clone())
        .collect();
    assert!(
        labels.contains(&"False reports planted: Alert −1 (JE)".to_string()),
        "{labels:?}"
    );
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Intercepted British signals") && l.ends_with("(IB)")),
        "{labels:?}"
    );
    t.ok(r#"{"action":"choose_intelligence","code":"JE"}"#);
    assert_eq!(t.game().alert_level, 2, "JE lowers the Alert Level by one");

    let (mut t, _) = at(&sea("eastern_med"), &[IntelligenceFromBerlin], 3);
    resolve(&mut t, &sea("eastern_med"));
    let (code, _) = t.refused(r#"{"action":"choose_intelligence","code":"IA"}"#);
    assert_eq!(code, "illegal", "only the two named results");
    t.ok(r#"{"action":"choose_intelligence","code":"IB"}"#);
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::ExamineZone { count: 2 })
    ));
    let events = t.ok(r#"{"action":"examine_zone","zone":"malta_pz"}"#);
    let shown = events.iter().find_map(|e| match e {
        Event::Examined { counters, .. } => Some(counters.len()),
        _ => None,
    });
    assert_eq!(shown, Some(2), "IB: up to two markers of the zone");
    let view = t.session.view();
    let malta = view
        .game
        .unwrap()
        .patrol_zones
        .into_iter()
        .find(|z| z.id == "malta_pz")
        .unwrap();
    assert_eq!(
        (malta.face_down, malta.known.len()),
        (3, 2),
        "they stay face down, known to the player only"
    );
}

#[test]
fn rule_11_1_one_intelligence_attempt_per_turn_rolled_on_the_ship_value_column() {
    let mut t = Table::new(24, "ottoman_alliance");
    t.play_until("intelligence");
    t.set_alert(3);
    t.script(&[6]);
    let events = t.ok(r#"{"action":"attempt_intelligence","ship":"goeben"}"#);
    // Goeben: leadership 4, at Messina (Italian, neutral): value 4, column 4–5, a 6 is JE.
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::IntelligenceResult { code, value: 4, .. } if code == "JE")));
    assert_eq!(t.game().alert_level, 2);
    let (code, _) = t.refused(r#"{"action":"attempt_intelligence","ship":"breslau"}"#);
    assert_eq!(code, "illegal");
}
