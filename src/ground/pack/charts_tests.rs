//! The reconstructed map charts: complete, consistent with the rulebook's own examples, and refused with
//! the path of the bad field when a player's edit breaks them.

use super::*;

fn pack_value() -> serde_json::Value {
    serde_json::from_str(&RulesPack::standard().to_json()).unwrap()
}

fn refused(value: serde_json::Value) -> String {
    RulesPack::from_value(value)
        .expect_err("the edit must be refused")
        .to_string()
}

#[test]
fn every_map_chart_is_marked_reconstructed() {
    let c = RulesPack::standard().charts;
    let sources = [
        &c.contact_table.source,
        &c.gunnery_hits.source,
        &c.torpedo_hits.source,
        &c.shore_bombardment.source,
        &c.intelligence.source,
        &c.repair.source,
        &c.terrain_effects.source,
        &c.victory_points.source,
        &c.targeting_priority.source,
        &c.crew_and_gear.source,
        &c.variable_deployment.source,
        &c.engine_speeds.source,
    ];
    for s in sources {
        assert!(matches!(s, Source::Reconstructed { .. }), "{s:?}");
    }
}

#[test]
fn rule_14_3_contact_table_gives_one_result_for_every_final_roll() {
    let c = RulesPack::standard().charts;
    assert_eq!(c.contact(-40), ContactResult::AlliedFirstSalvoContact2);
    assert_eq!(c.contact(40), ContactResult::GermanFirstSalvoContact2);
    // A rising Alert Level hands the initiative to the Allies: with German 8 against Allied 1+6+1 the
    // Germans never fire second; at Alert 6 they never fire first.
    let german = 8;
    let early: Vec<_> = (1..=6)
        .map(|d| c.contact(d + german - (1 + 6 + 1)))
        .collect();
    assert!(!early.iter().any(|r| matches!(
        r,
        ContactResult::AlliedFirstSalvoContact1 | ContactResult::AlliedFirstSalvoContact2
    )));
    let late: Vec<_> = (1..=6)
        .map(|d| c.contact(d + german - (6 + 6 + 1)))
        .collect();
    assert!(!late.iter().any(|r| matches!(
        r,
        ContactResult::GermanFirstSalvoContact1 | ContactResult::GermanFirstSalvoContact2
    )));
}

#[test]
fn rule_12_1_to_12_4_goeben_engines_6_give_4_5_6_and_each_damage_costs_one() {
    let c = RulesPack::standard().charts;
    let row = c.engine_speeds(6);
    assert_eq!((row.cruise, row.maximum, row.emergency), (4, 5, 6));
    let row = c.engine_speeds(5);
    assert_eq!((row.cruise, row.maximum, row.emergency), (3, 4, 5));
    assert_eq!(
        c.engine_speeds(0).emergency,
        0,
        "6.2: engines at zero: dead in the water"
    );
    assert_eq!(
        c.engine_speeds(12).emergency,
        12,
        "past the chart each point adds one"
    );
}

#[test]
fn rule_2_1_british_battlecruisers_follow_the_gun_box_scale_and_destroyers_have_no_armor() {
    let pack = RulesPack::standard();
    for id in [
        "gb_bc_indefatigable",
        "gb_bc_indomitable",
        "gb_bc_inflexible",
    ] {
        let ship = match pack.counter(id).unwrap().kind {
            CounterKind::Incident { ship: Some(s), .. } => s,
            _ => panic!("{id} is a warship"),
        };
        // 8 × 12-inch guns = 4 primary boxes of two; 16 × 4-inch = 4 secondary boxes of four.
        assert_eq!((ship.primary, ship.secondary), (4, 4), "{id}");
    }
    for c in &pack.counters.counters {
        if let CounterKind::Incident { ship: Some(s), .. } = c.kind {
            if s.ship_type == ShipType::DD {
                assert_eq!(s.armor, 0, "14.13: any damage sinks a destroyer ({})", c.id);
            }
        }
    }
}

#[test]
fn rule_11_0_intelligence_from_berlin_offers_ib_and_je() {
    let c = RulesPack::standard().charts;
    assert_eq!(
        c.intelligence.from_berlin,
        vec!["IB".to_string(), "JE".to_string()]
    );
    assert!(matches!(
        c.intelligence_result("IB").unwrap().effect,
        IntelligenceEffect::Examine { .. }
    ));
    assert!(matches!(
        c.intelligence_result("JE").unwrap().effect,
        IntelligenceEffect::Alert { by: -1 }
    ));
    // A better Intelligence Value never gives a worse column: the chance of a useful result rises.
    let useful = |v: i32| {
        (1..=6).filter(|f| c.intelligence_roll(v, *f).effect != IntelligenceEffect::NoEffect && !matches!(c.intelligence_roll(v, *f).effect, IntelligenceEffect::Alert { by } if by > 0)).count()
    };
    assert!(useful(3) <= useful(5) && useful(5) <= useful(7) && useful(7) <= useful(9));
}

#[test]
fn rule_13_2_enemy_ports_add_picks_and_rule_9_2_captured_ports_never_rearm() {
    let c = RulesPack::standard().charts;
    assert!(c.terrain(Terrain::EnemyPort).extra_picks >= 1);
    assert!(
        c.terrain(Terrain::EnemyNavalBase).extra_picks >= c.terrain(Terrain::EnemyPort).extra_picks
    );
    assert_eq!(
        c.terrain(Terrain::CapturedEnemyPort).ammunition_dice,
        0,
        "9.2: no rearming in a captured port"
    );
    assert!(
        c.terrain(Terrain::CapturedEnemyPort).coal_dice > 0,
        "9.2: coaling is allowed"
    );
    assert_eq!(
        c.terrain(Terrain::NeutralPort).ammunition_dice,
        0,
        "7.1: arming only in friendly ports"
    );
    assert!(
        c.repair_success_from(Terrain::FriendlyNavalBase)
            < c.repair_success_from(Terrain::HighSeas),
        "10.1: better in port"
    );
}

#[test]
fn rule_14_14_critical_engagement_is_15_and_sinking_is_worth_more_than_damaging() {
    let c = RulesPack::standard().charts;
    assert_eq!(c.victory_points.critical_engagement, 15);
    for row in &c.victory_points.allied {
        assert!(
            row.sunk > row.damaged && row.damaged > 0,
            "{:?}",
            row.ship_type
        );
    }
    assert!(
        c.german_loss_vp(ShipType::BC, false) <= -15,
        "losing Goeben is a Critical Naval Loss"
    );
}

#[test]
fn rule_8_0_seaplane_takes_two_boxes_on_a_bc_and_mines_ride_only_on_cls() {
    let c = RulesPack::standard().charts;
    let plane = c.cargo("seaplane").unwrap();
    assert_eq!(
        (plane.boxes, plane.ship_types.clone()),
        (2, vec![ShipType::BC])
    );
    assert_eq!(c.cargo("mines").unwrap().ship_types, vec![ShipType::CL]);
}

#[test]
fn a_pack_missing_a_chart_is_refused_naming_it() {
    let mut v = pack_value();
    v["charts"].as_object_mut().unwrap().remove("contact_table");
    let e = refused(v);
    assert!(e.contains("charts") && e.contains("contact_table"), "{e}");
}

#[test]
fn a_gap_in_the_contact_bands_is_refused_naming_the_band() {
    let mut v = pack_value();
    v["charts"]["contact_table"]["bands"][2]["from"] = serde_json::json!(2);
    let e = refused(v);
    assert!(e.contains("charts.contact_table.bands[2]"), "{e}");
}

#[test]
fn a_hit_table_without_six_faces_is_refused_naming_it() {
    let mut v = pack_value();
    v["charts"]["gunnery_hits"]["allied"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!("sunk"));
    let e = refused(v);
    assert!(e.contains("charts.gunnery_hits.allied"), "{e}");
}

#[test]
fn an_unknown_intelligence_code_is_refused_naming_it() {
    let mut v = pack_value();
    v["charts"]["intelligence"]["columns"][1]["rolls"][3] = serde_json::json!("ZZ");
    let e = refused(v);
    assert!(e.contains("charts.intelligence.columns[1].rolls[3]"), "{e}");
}

#[test]
fn warship_draws_rise_with_the_alert_level() {
    // The chance that at least one Allied warship is among the Alert Level's picks from the pool after
    // the standard setup, averaged over setups (docs/CHARTS.md prints the numbers).
    let pack = RulesPack::standard();
    let mut chances = Vec::new();
    for alert in 1..=6usize {
        let (mut hits, games) = (0, 400);
        for seed in 0..games {
            let (game, _) = crate::rules::setup::new_game(&pack, seed, Default::default()).unwrap();
            let pool: Vec<_> = game
                .counters_at(&crate::ground::state::Location::Pool)
                .collect();
            let warships = pool
                .iter()
                .filter(|c| crate::ground::counters::is_allied_warship(&pack, **c))
                .count();
            // Exact hypergeometric chance of no warship in `alert` draws without replacement.
            let none: f64 = (0..alert)
                .map(|k| (pool.len() - warships - k) as f64 / (pool.len() - k) as f64)
                .product();
            hits += ((1.0 - none) * 1000.0) as u64;
        }
        chances.push(hits as f64 / games as f64 / 1000.0);
    }
    println!("chance of at least one Allied warship among the picks, Alert 1..6: {chances:.3?}");
    for w in chances.windows(2) {
        assert!(w[0] < w[1], "{chances:?}");
    }
    assert!(
        chances[0] < 0.35 && chances[5] > 0.7,
        "Alert 1 mostly harmless, Alert 6 dangerous: {chances:?}"
    );
}
