//! Issue #34: the attacks found against `table_host --listen 127.0.0.1:0 --seats 2 --display`, played
//! again over real HTTP and WebSocket on loopback, each test named for the attack and what the host must
//! answer. The floods and exhaustion are bounded to a few seconds each (small limits where the defaults
//! would take longer; the defaults themselves are checked in `limits.rs`).

mod support;

use support::*;

const OVERFLOW: &str = r#"{"tool":"combined_fire","strengths":[1,4294967295,4294967295]}"#;

#[test]
fn an_overflowing_combined_fire_is_refused_400_bad_input_and_the_table_keeps_answering() {
    let running = start(1, true, roomy(), 34);
    let (a, b) = (code(&running, 0, 0), code(&running, 0, 1));
    assert_eq!(post(&running, &a, r#"{"tool":"draw_sdr","player":"a"}"#, None).status, 200);
    let before = running.host.tables()[0].session();
    let refused = post(&running, &a, OVERFLOW, Some("overflow-1"));
    assert_eq!((refused.status, refused.code().as_str()), (400, "bad_input"), "{}", refused.body);
    assert!(refused.json()["message"].as_str().unwrap().contains("4294967295"), "the message says why: {}", refused.body);
    assert_eq!(running.host.tables()[0].session(), before, "the refusal changed nothing");
    // The table still answers every seat, and the same request within range is computed.
    for (seat, body) in [(&a, r#"{"tool":"view","player":"a"}"#), (&b, r#"{"tool":"view","player":"b"}"#)] {
        assert_eq!(post(&running, seat, body, None).status, 200);
    }
    let fine = post(&running, &b, r#"{"tool":"combined_fire","strengths":[4,5,5]}"#, None);
    assert_eq!((fine.status, fine.json()["value"].as_u64()), (200, Some(9)), "{}", fine.body);
    let largest = post(&running, &b, r#"{"tool":"combined_fire","strengths":[1,2147483647,2147483647]}"#, None);
    assert_eq!(largest.status, 200, "a sum that fits is still computed: {}", largest.body);
}

#[test]
fn every_calculator_given_u32_max_answers_without_a_500() {
    let running = start(1, false, roomy(), 35);
    let a = code(&running, 0, 0);
    let max = u32::MAX;
    let lines = [
        format!(r#"{{"tool":"combined_fire","strengths":[{max}]}}"#),
        format!(r#"{{"tool":"contact_modifier","ships_a":{max},"ships_b":{max}}}"#),
        format!(r#"{{"tool":"contact_modifier","ships_a":{max},"ships_b":0}}"#),
        format!(r#"{{"tool":"operational_move","speed":"two","turn":{max},"weather":"fair"}}"#),
        format!(r#"{{"tool":"fuel_use","zones_moved":{max}}}"#),
        format!(r#"{{"tool":"adrift_vp","ship_vp":{max}}}"#),
        format!(r#"{{"tool":"crippled_vp","ship_vp":{max}}}"#),
        format!(r#"{{"tool":"hull_damage_vp","class":"capital","hull_boxes":{max}}}"#),
    ];
    for line in &lines {
        let reply = post(&running, &a, line, None);
        assert!(reply.status == 200 || reply.status == 400, "{line}: {} {}", reply.status, reply.body);
    }
    assert_eq!(post(&running, &a, r#"{"tool":"view","player":"a"}"#, None).status, 200, "the table still answers");
}
