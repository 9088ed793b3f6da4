//! Editing the charts to match the player's map: a chart replaced, validated, checked against the
//! running game, reset, exported and imported; refused edits change nothing; edits are saved with the game.

use crate::rules_support;

use goeben_referee::api::request::SessionRequest;

use goeben_referee::{api::save, RulesPack, Session};
use rules_support::Table;
use serde_json::json;

fn edit(chart: &str, value: serde_json::Value) -> String {
    json!({"action": "edit_chart", "chart": chart, "json": value.to_string()}).to_string()
}

#[test]
fn an_edited_chart_is_used_and_saved_and_a_reset_brings_the_default_back() {
    let mut t = Table::new(41, "suez_canal");
    let mut victory = serde_json::to_value(&t.session.pack().charts.victory_points).unwrap();
    victory["coastal_defense_destroyed"] = json!(5);
    let events = t.ok(&edit("victory_points", victory));
    assert!(
        matches!(&events[0], goeben_referee::ground::event::Event::Corrected { what, .. } if what == "Victory Points Chart (17.1)")
    );
    // The line names the chart as the map does, never its key or its JSON.
    let line = events[0].line(t.session.pack()).text;
    assert_eq!(
        line,
        "Correction: Victory Points Chart (17.1): the values before → your values."
    );
    assert_eq!(
        t.session
            .pack()
            .charts
            .victory_points
            .coastal_defense_destroyed,
        5
    );
    // The save carries the edited pack.
    let restored = save::from_json(&save::to_json(&t.session)).unwrap();
    assert_eq!(
        restored
            .pack()
            .charts
            .victory_points
            .coastal_defense_destroyed,
        5
    );
    t.ok(r#"{"action":"reset_chart","chart":"victory_points"}"#);
    assert_eq!(
        t.session.pack().charts.victory_points,
        RulesPack::standard().charts.victory_points
    );
}

#[test]
fn invalid_edits_are_refused_with_the_field_and_change_nothing() {
    let mut t = Table::new(42, "suez_canal");
    // A gap in the Contact Table's bands.
    let mut contact = serde_json::to_value(&t.session.pack().charts.contact_table).unwrap();
    contact["bands"][1]["from"] = json!(0);
    let (code, message) = t.refused(&edit("contact_table", contact));
    assert_eq!(code, "illegal");
    assert!(message.contains("contact_table"), "{message}");
    let (code, _) = t.refused(&edit("no_such_chart", json!({})));
    assert_eq!(code, "unknown");
    let (code, message) =
        t.refused(r#"{"action":"edit_chart","chart":"repair","json":"{not json"}"#);
    assert_eq!(code, "illegal");
    assert!(message.contains("JSON"), "{message}");
    // The running game must still fit: two Wireless aboard, then a supply of one is refused.
    t.game_mut()
        .ship_mut("goeben")
        .unwrap()
        .cargo
        .push("wireless".into());
    t.game_mut()
        .ship_mut("breslau")
        .unwrap()
        .cargo
        .push("wireless".into());
    let mut gear = serde_json::to_value(&t.session.pack().charts.crew_and_gear).unwrap();
    let items = gear["items"].as_array_mut().unwrap();
    let wireless = items.iter_mut().find(|i| i["id"] == "wireless").unwrap();
    wireless["supply"] = json!(1);
    let (code, message) = t.refused(&edit("crew_and_gear", gear));
    assert_eq!(code, "illegal");
    assert!(message.contains("running game"), "{message}");
}

#[test]
fn a_pack_exports_and_imports_and_a_broken_one_is_refused() {
    let mut s = Session::new(RulesPack::standard(), 1);
    let exported = s
        .respond(SessionRequest::ExportPack)
        .pack_json()
        .expect("the pack");
    let r = s.respond(SessionRequest::ImportPack {
        json: exported.clone(),
    });
    assert!(r.ok, "{:?}", r.error);
    let broken = exported.replacen(
        "\"critical_engagement\": 15",
        "\"critical_engagement\": -1",
        1,
    );
    assert_ne!(broken, exported);
    let r = s.respond(SessionRequest::ImportPack { json: broken });
    assert!(!r.ok);
    assert!(r.error.unwrap().message.contains("critical_engagement"));
    assert_eq!(
        s.pack().charts.victory_points.critical_engagement,
        15,
        "unchanged"
    );
}

#[test]
fn a_refusal_because_of_the_running_game_names_no_hidden_counter() {
    let mut t = Table::new(43, "suez_canal");
    let exported =
        goeben_referee::api::protocol::handle_line(&mut t.session, r#"{"action":"export_pack"}"#)
            .pack_json()
            .unwrap();
    let mut pack: serde_json::Value = serde_json::from_str(&exported).unwrap();
    // Drop the last counter of the mix: the game no longer fits.
    pack["counters"]["counters"].as_array_mut().unwrap().pop();
    let line = json!({"action": "import_pack", "json": pack.to_string()}).to_string();
    let (code, message) = t.refused(&line);
    assert_eq!(code, "illegal");
    for c in &RulesPack::standard().counters.counters {
        assert!(
            !message.contains(&c.id) && !message.contains(&c.name),
            "{message}"
        );
    }
}
