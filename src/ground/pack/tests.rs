use super::*;

#[test]
fn default_pack_loads() {
    let pack = RulesPack::standard();
    assert_eq!(pack.meta.schema, 1);
    assert_eq!(pack.orders.len(), 6, "Orders Chart: six missions");
}

#[test]
fn rule_3_0_german_starting_values_are_exact() {
    // 3.0 step 6: the German ship displays at the start.
    let pack = RulesPack::standard();
    let g = pack.german_ship("goeben").unwrap().start;
    assert_eq!(
        (
            g.leadership,
            g.engines,
            g.hull,
            g.primary,
            g.secondary,
            g.tertiary,
            g.ammunition,
            g.torpedoes,
            g.coal
        ),
        (4, 6, 12, 5, 3, 2, 6, 2, 4)
    );
    let b = pack.german_ship("breslau").unwrap().start;
    assert_eq!(
        (
            b.leadership,
            b.engines,
            b.hull,
            b.primary,
            b.secondary,
            b.tertiary,
            b.ammunition,
            b.torpedoes,
            b.coal
        ),
        (4, 6, 4, 0, 3, 0, 6, 2, 5)
    );
}

#[test]
fn rule_3_0_setup_draw_counts_are_exact() {
    let pack = RulesPack::standard();
    let british = &pack.setup.groups[0];
    assert_eq!(british.warships.len() + british.quiet_seas as usize, 18);
    let zones: Vec<u8> = british.zones.iter().map(|z| z.count).collect();
    assert_eq!(zones, vec![2, 5, 3, 2]);
    let french = &pack.setup.groups[1];
    assert_eq!(french.warships.len() + french.quiet_seas as usize, 9);
    let total: usize = pack
        .setup
        .coastal_defenses
        .iter()
        .map(|d| d.count as usize)
        .sum();
    assert_eq!(total, 15, "3.0 step 4 places fifteen coastal defense units");
}

#[test]
fn rule_5_2_alert_bounds_are_one_to_six() {
    let pack = RulesPack::standard();
    assert_eq!(
        (pack.alert.start, pack.alert.min, pack.alert.max),
        (1, 1, 6)
    );
}

#[test]
fn orders_chart_days_and_vp_are_exact() {
    let pack = RulesPack::standard();
    let got: Vec<(&str, u8, i32)> = pack
        .orders
        .iter()
        .map(|o| (o.id.as_str(), o.days, o.min_vp))
        .collect();
    assert_eq!(
        got,
        vec![
            ("atlantic_breakout", 6, 60),
            ("austro_hungarian_naval_pact", 6, 60),
            ("raid_french_convoys", 10, 100),
            ("italian_alliance", 10, 100),
            ("ottoman_alliance", 8, 75),
            ("suez_canal", 8, 75),
        ]
    );
}

#[test]
fn a_pack_missing_a_table_is_refused_naming_it() {
    let pack = RulesPack::standard();
    let mut value = serde_json::to_value(&pack).unwrap();
    value.as_object_mut().unwrap().remove("orders");
    let err = RulesPack::from_value(value).unwrap_err();
    assert!(err.to_string().contains("orders"), "{err}");
}

#[test]
fn a_pack_with_a_bad_reference_is_refused_naming_the_field() {
    let pack = RulesPack::standard();
    let mut value = serde_json::to_value(&pack).unwrap();
    value["setup"]["start_space"] = serde_json::json!("atlantis");
    let err = RulesPack::from_value(value).unwrap_err();
    assert_eq!(
        err.to_string(),
        "rules pack field `setup.start_space`: no place `atlantis`"
    );
}

#[test]
fn a_pack_round_trips_through_json() {
    let pack = RulesPack::standard();
    let again = RulesPack::from_json(&pack.to_json()).unwrap();
    assert_eq!(again.to_json(), pack.to_json());
}
