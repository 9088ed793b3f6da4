//! Issue #30's cheats played through the table host's seats, over real HTTP on loopback: each seat acts
//! only as its own player, and each cheat is refused by the tools with nothing changed (the session and
//! its public table view compared before and after). Named by the seed's rule: seed 001 (VICTORY
//! CONDITIONS, ITALIAN NEUTRALITY, HOW TO PLAY, HOW TO SEARCH, NIGHT TURNS), seed 002 (5.1, 5.2, 10.2,
//! 10.5.3). Seat A is German, seat B British / Allied.

mod support;

use serde_json::Value;
use support::*;

fn unchanged<T>(running: &goeben_table_host::Running, refused: impl FnOnce() -> T) -> T {
    let (before, view_before) = (running.host.tables()[0].session(), table_view(running, 0));
    let out = refused();
    assert_eq!(
        table_view(running, 0),
        view_before,
        "the public table view changed"
    );
    assert_eq!(
        running.host.tables()[0].session(),
        before,
        "the session changed"
    );
    out
}

/// Sends `body` from `seat`'s code; the tools' answer (HTTP 200 either way).
fn send_tool(host: &goeben_table_host::Running, seat: &str, body: &str) -> Value {
    let reply = post(host, seat, body, None);
    assert_eq!(reply.status, 200, "{body}: {}", reply.body);
    reply.json()
}

fn accepted(host: &goeben_table_host::Running, seat: &str, body: &str) -> Value {
    let answer = send_tool(host, seat, body);
    assert_ne!(answer["tool"], "error", "{body}: {answer}");
    answer
}

/// Refused with `code`, and nothing changed.
fn refused(host: &goeben_table_host::Running, seat: &str, body: &str, code: &str) -> String {
    let answer = unchanged(host, || send_tool(host, seat, body));
    assert_eq!(
        (answer["tool"].as_str(), answer["code"].as_str()),
        (Some("error"), Some(code)),
        "{body}: {answer}"
    );
    answer["message"].as_str().unwrap_or_default().to_string()
}

#[test]
fn issue_30_victory_conditions_drawn_once_by_their_side_through_the_seats() {
    let host = start(1, false, roomy(), 11);
    let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
    accepted(&host, &a, r#"{"tool":"choose_sides","british":"b"}"#);
    refused(
        &host,
        &b,
        r#"{"tool":"choose_sides","british":"a"}"#,
        "wrong_side",
    );
    let german = r#"{"tool":"draw_sdr","player":"a","purpose":{"kind":"victory_conditions","side":"german"}}"#;
    let drawn = accepted(&host, &a, german);
    assert_eq!(
        drawn["chit"]["purpose"],
        serde_json::json!({"kind": "victory_conditions", "side": "german"})
    );
    // Before: three victory-condition chits, the best one revealed. Now the second is refused.
    refused(&host, &a, german, "purpose_taken");
    refused(
        &host,
        &b,
        r#"{"tool":"draw_sdr","player":"b","purpose":{"kind":"victory_conditions","side":"german"}}"#,
        "wrong_side",
    );
    let neutrality = r#"{"tool":"draw_sdr","player":"b","purpose":{"kind":"italian_neutrality"}}"#;
    let message = refused(&host, &b, neutrality, "not_now");
    assert!(message.contains("Aug 6"), "{message}");
    let free = accepted(
        &host,
        &b,
        r#"{"tool":"draw_sdr","player":"b","label":"best of three"}"#,
    );
    assert_eq!(
        free["chit"]["label"],
        "free draw (house rule): best of three"
    );
}

/// Both seats close their part of the step (A first).
fn close_step(host: &goeben_table_host::Running, a: &str, b: &str) {
    accepted(host, a, r#"{"tool":"end_step","player":"a"}"#);
    accepted(host, b, r#"{"tool":"end_step","player":"b"}"#);
}

#[test]
fn issue_30_the_search_follows_the_turn_through_the_seats() {
    let host = start(1, false, roomy(), 12);
    let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
    let at = |square: &str| format!(r#"{{"sea":"Ionian","area":"Ionian A2","square":"{square}"}}"#);
    accepted(
        &host,
        &a,
        &format!(
            r#"{{"tool":"place_unit","player":"a","unit":"Goeben","at":{}}}"#,
            at("60")
        ),
    );
    accepted(
        &host,
        &b,
        &format!(
            r#"{{"tool":"place_unit","player":"b","unit":"Indomitable","at":{}}}"#,
            at("60")
        ),
    );
    accepted(&host, &b, r#"{"tool":"start_turn","british":"b"}"#);
    // Night is the turn track's, never the caller's.
    let night = unchanged(&host, || {
        post(&host, &a, r#"{"tool":"start_turn","night":true}"#, None)
    });
    assert_eq!(
        (night.status, night.code()),
        (400, "malformed".to_string()),
        "{}",
        night.body
    );
    // Movement closes once reported: A may not move after saying so.
    accepted(&host, &a, r#"{"tool":"end_step","player":"a"}"#);
    refused(
        &host,
        &a,
        &format!(
            r#"{{"tool":"move_unit","player":"a","unit":"Goeben","at":{}}}"#,
            at("59")
        ),
        "not_now",
    );
    accepted(&host, &b, r#"{"tool":"end_step","player":"b"}"#);
    close_step(&host, &a, &b);
    // The British searches first; start_turn cannot reopen movement mid-turn; who is British is fixed.
    refused(
        &host,
        &a,
        r#"{"tool":"search","player":"a","level":"sea","name":"Ionian"}"#,
        "not_now",
    );
    refused(&host, &a, r#"{"tool":"start_turn"}"#, "not_now");
    let found = accepted(
        &host,
        &b,
        r#"{"tool":"search","player":"b","level":"square","name":"60"}"#,
    );
    assert_eq!(found["answer"]["answer"], "found");
    let again = unchanged(&host, || {
        accepted(
            &host,
            &b,
            r#"{"tool":"search","player":"b","level":"square","name":"60"}"#,
        )
    });
    assert_eq!(
        again["answer"], found["answer"],
        "one answer per square per search"
    );
    // A seat still acts only as its own player.
    assert_eq!(
        post(&host, &a, r#"{"tool":"end_step","player":"b"}"#, None).status,
        403
    );
    accepted(&host, &b, r#"{"tool":"end_step","player":"b"}"#);
    accepted(&host, &a, r#"{"tool":"end_step","player":"a"}"#);
    refused(
        &host,
        &a,
        r#"{"tool":"start_turn","british":"a"}"#,
        "wrong_side",
    );
    let next = accepted(&host, &a, r#"{"tool":"start_turn"}"#);
    assert_eq!(
        (next["turn"].as_u64(), next["night"].as_bool()),
        (Some(2), Some(false))
    );
}

#[test]
fn issue_30_fleet_charts_bind_through_the_seats() {
    let host = start(1, false, roomy(), 13);
    let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
    accepted(
        &host,
        &a,
        r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#,
    );
    accepted(
        &host,
        &b,
        r#"{"tool":"open_fleet_chart","player":"b","side":"allied"}"#,
    );
    accepted(
        &host,
        &a,
        r#"{"tool":"assign_ship","player":"a","ship":"Emden","fleet_box":3}"#,
    );
    accepted(
        &host,
        &b,
        r#"{"tool":"assign_ship","player":"b","ship":"Minotaur","fleet_box":1}"#,
    );
    // 10.2 bombardment is German; 5.1 a decoy never acts, named or not.
    refused(
        &host,
        &b,
        r#"{"tool":"roll_d10","player":"b","procedure":"bombardment","fleet_box":1}"#,
        "wrong_side",
    );
    refused(
        &host,
        &a,
        r#"{"tool":"roll_d10","player":"a","procedure":"bombardment"}"#,
        "bad_input",
    );
    refused(
        &host,
        &a,
        r#"{"tool":"roll_d10","player":"a","procedure":"bombardment","fleet_box":5}"#,
        "decoy_cannot_act",
    );
    // 10.5.3: B locates until a roll succeeds; A's chart is then frozen until A reveals.
    loop {
        let rolled = accepted(
            &host,
            &b,
            r#"{"tool":"roll_d10","player":"b","procedure":"locate_at_sea","fleet_box":1}"#,
        );
        if rolled["result"]["success"] == true {
            break;
        }
    }
    refused(
        &host,
        &a,
        r#"{"tool":"transfer_ship","player":"a","ship":"Emden","from":3,"to":4}"#,
        "not_now",
    );
    let shown = accepted(
        &host,
        &a,
        r#"{"tool":"reveal_fleet_box","player":"a","fleet_box":3}"#,
    );
    assert_eq!(shown["fleet_box"]["ships"][0], "Emden");
    accepted(
        &host,
        &a,
        r#"{"tool":"transfer_ship","player":"a","ship":"Emden","from":3,"to":4}"#,
    );
    // The public log verifies, as `table_tools verify` would over the table view.
    let export = serde_json::to_string(&table_view(&host, 0)).unwrap();
    let log = goeben_table_tools::verify::log_of(&export).unwrap();
    let verified = goeben_table_tools::verify::verify_log(&log).expect("every reveal matches");
    assert!(verified.boxes >= 2, "{verified:?}");
}
