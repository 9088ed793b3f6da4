//! The table tools' cheats played through the table host's seats, over real HTTP on loopback: each seat acts
//! only as its own player, and each cheat is refused by the tools with nothing changed (the session and
//! its public table view compared before and after). Named by the seed's rule: seed 001 (VICTORY
//! CONDITIONS, ITALIAN NEUTRALITY, HOW TO PLAY, HOW TO SEARCH, NIGHT TURNS), seed 002 (5.1, 5.2, 10.2,
//! 10.5.3). Seat A is German, seat B British / Allied.

use crate::support;

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

/// Seat A's phone set a PIN: every request acting as A, through A's own seat, needs it; a request without
/// it is refused with nothing changed and carries none of A's secrets (its chart, its unit's square).
#[test]
fn issue_30_a_seat_acting_as_a_player_with_a_pin_needs_it_and_gets_no_secret_without_it() {
    let host = start(1, false, roomy(), 30);
    let (a, b) = (code(&host, 0, 0), code(&host, 0, 1));
    accepted(
        &host,
        &a,
        r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#,
    );
    accepted(
        &host,
        &a,
        r#"{"tool":"assign_ship","player":"a","ship":"Goeben","fleet_box":2}"#,
    );
    accepted(&host, &a, r#"{"tool":"set_pin","player":"a","pin":"4815"}"#);
    let place = |pin: &str| {
        format!(
            r#"{{"tool":"place_unit","player":"a","unit":"Breslau","at":{{"sea":"Aegean","area":"Aegean B","square":"61"}}{pin}}}"#
        )
    };
    let shows_a_secret = |answer: &Value| {
        let text = answer.to_string();
        text.contains("Goeben") || text.contains("\"61\"")
    };
    for body in [
        place(""),
        r#"{"tool":"assign_ship","player":"a","ship":"Moltke","fleet_box":3}"#.to_string(),
        r#"{"tool":"view","player":"a"}"#.to_string(),
    ] {
        let message = refused(&host, &a, &body, "pin_needed");
        assert!(
            message.starts_with("Player A has a PIN: enter it to"),
            "{message}"
        );
        assert!(!shows_a_secret(&send_tool(&host, &a, &body)), "{body}");
    }
    // A wrong PIN is refused and counted; the right one places the unit, and the answer (A's own) shows it.
    let wrong = send_tool(&host, &a, &place(r#","pin":"1234""#));
    assert_eq!(wrong["code"], "wrong_pin", "{wrong}");
    assert!(!shows_a_secret(&wrong));
    let placed = accepted(&host, &a, &place(r#","pin":"4815""#));
    assert!(
        shows_a_secret(&placed),
        "control: the check sees A's unit in A's own answer: {placed}"
    );
    // B's seat has no PIN and goes on without one; it still cannot act as A, PIN or not.
    accepted(
        &host,
        &b,
        r#"{"tool":"roll_event","player":"b","table":"tactical"}"#,
    );
    let reply = post(&host, &b, &place(r#","pin":"4815""#), None);
    assert_eq!(reply.status, 403, "{}", reply.body);
    // Three wrong PINs lock A's requests, through the seat as in the tools.
    let moltke = |pin: &str| {
        format!(
            r#"{{"tool":"assign_ship","player":"a","ship":"Moltke","fleet_box":3,"pin":"{pin}"}}"#
        )
    };
    for _ in 0..2 {
        assert_eq!(send_tool(&host, &a, &moltke("0000"))["code"], "wrong_pin");
    }
    let locked = send_tool(&host, &a, &moltke("0000"));
    assert_eq!(locked["code"], "pin_locked", "{locked}");
    assert_eq!(send_tool(&host, &a, &moltke("4815"))["code"], "pin_locked");
}
