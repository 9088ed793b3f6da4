//! The `table_tools` program (crates/table-tools/src/bin/table_tools.rs, docs/TOOLS.md): one JSON
//! request per line in, exactly one JSON response per line out; a secret die roll drawn by one player,
//! seen by the other as a commitment only, revealed and checked independently with SHA-256; refused
//! lines change nothing; the same seed answers the same lines identically.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::Value;
use sha2::{Digest, Sha256};

/// Runs the program over `lines` and returns one parsed response per line.
fn run(seed: u64, lines: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_table_tools"))
        .args(["--seed", &seed.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("table_tools starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut answers = Vec::new();
    for line in lines {
        // Interactive: each answer is read before the next line is sent (proves the flush).
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        out.read_line(&mut answer).unwrap();
        answers.push(serde_json::from_str(&answer).expect("one JSON object per line"));
    }
    drop(stdin);
    assert!(
        child.wait().unwrap().success(),
        "end of input ends the program cleanly"
    );
    answers
}

#[test]
fn a_secret_die_roll_is_hidden_from_the_opponent_then_revealed_and_checkable() {
    let a = run(
        12,
        &[
            r#"{"tool":"draw_sdr","player":"a","label":"victory conditions"}"#,
            r#"{"tool":"view","player":"b"}"#,
            r#"{"tool":"reveal_sdr","player":"b","chit":1}"#,
            r#"{"tool":"reveal_sdr","player":"a","chit":1}"#,
            r#"{"tool":"view","player":"b"}"#,
        ],
    );
    assert_eq!(a[0]["tool"], "sdr_drawn");
    assert_eq!(a[0]["bag_left"], 47);
    assert_eq!(a[0]["chit"]["face"]["shown"], "own");
    let value = a[0]["chit"]["face"]["value"].as_u64().unwrap();
    assert!((1..=6).contains(&value));
    let commitment = a[0]["chit"]["commitment"].as_str().unwrap().to_string();
    assert_eq!(commitment.len(), 16);

    // Player B sees the commitment and nothing else of the chit, in the chit list and in the log.
    let b_chit = &a[1]["chits"][0];
    assert_eq!(b_chit["commitment"], commitment.as_str());
    assert_eq!(b_chit["face"], serde_json::json!({"shown": "hidden"}));
    assert_eq!(a[1]["log"][0]["entry"], "sdr_drawn");
    assert!(a[1]["log"][0].get("value").is_none());
    assert!(a[1]["log"][0]["text"]
        .as_str()
        .unwrap()
        .contains(&commitment));

    assert_eq!(a[2]["tool"], "error");
    assert_eq!(a[2]["code"], "not_your_chit");

    // Revealed: value and salt for both, and the commitment recomputed here independently.
    assert_eq!(a[3]["tool"], "sdr_revealed");
    let face = &a[4]["chits"][0]["face"];
    assert_eq!(face["shown"], "revealed");
    assert_eq!(
        face["value"].as_u64().unwrap(),
        value,
        "the revealed value is the one drawn"
    );
    assert_eq!(face["verified"], true);
    let salt = face["salt"].as_str().unwrap();
    assert_eq!(salt.len(), 32, "16 bytes of salt in hex");
    let digest = hex::encode(Sha256::digest(format!("{value}:{salt}").as_bytes()));
    assert_eq!(
        &digest[..16],
        commitment,
        "SHA-256 of value:salt starts with the commitment shown at the draw"
    );
    assert_eq!(a[4]["log"][1]["entry"], "sdr_revealed");
}

#[test]
fn refused_lines_are_answered_and_change_nothing() {
    let a = run(
        3,
        &[
            r#"{"tool":"draw_sdr","player":"b"}"#,
            r#"{"tool":"view","player":"b"}"#,
            "garbage",
            r#"{"tool":"teleport"}"#,
            r#"{"tool":"draw_sdr","player":"c"}"#,
            r#"{"tool":"return_sdr","player":"b","chit":1}"#,
            r#"{"tool":"what_if","fleet":"british","sdr":7}"#,
            r#"{"tool":"fuel_use","zones_moved":4}"#,
            "[1,2]",
            r#"{"tool":"view","player":"b"}"#,
        ],
    );
    let codes: Vec<&str> = a[2..9]
        .iter()
        .map(|v| v["code"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(
        codes,
        [
            "malformed",
            "unknown_tool",
            "malformed",
            "not_revealed",
            "bad_sdr",
            "bad_input",
            "malformed"
        ]
    );
    assert_eq!(a[1], a[9], "refused lines changed nothing");
}

#[test]
fn charts_events_and_calculators_answer_over_the_protocol() {
    let a = run(
        5,
        &[
            r#"{"tool":"victory_conditions","side":"german","sdr":1}"#,
            r#"{"tool":"victory_conditions","side":"british","sdr":3}"#,
            r#"{"tool":"what_if","fleet":"german","sdr":4}"#,
            r#"{"tool":"roll_event","player":"a","table":"tactical"}"#,
            r#"{"tool":"combined_fire","strengths":[3,6,7,7]}"#,
            r#"{"tool":"contact_modifier","ships_a":5,"ships_b":6}"#,
            r#"{"tool":"operational_move","speed":"two","turn":2}"#,
            r#"{"tool":"operational_move","speed":"two","turn":2,"weather":"gale"}"#,
            r#"{"tool":"fuel_use","zones_moved":3}"#,
            r#"{"tool":"adrift_vp","ship_vp":7}"#,
            r#"{"tool":"crippled_vp","ship_vp":9}"#,
        ],
    );
    assert_eq!(
        a[0]["lines"][7]["points"],
        serde_json::json!({"reading": "read", "points": 100})
    );
    assert_eq!(a[1]["lines"][0]["points"]["reading"], "unreadable");
    assert_eq!(a[2]["entry"]["sdr_low"], 4);
    assert_eq!(a[3]["tool"], "event_rolled");
    let dice: Vec<u64> = a[3]["roll"]["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    assert_eq!(
        a[3]["roll"]["entry"]["roll"].as_u64().unwrap(),
        dice[0] + dice[1],
        "the entry is the one the dice name"
    );
    assert_eq!(
        a[3]["roll"]["side_die"].is_null(),
        a[3]["roll"]["entry"]["applies"] != "one_side"
    );
    let values: Vec<u64> = a[4..]
        .iter()
        .map(|v| v["value"].as_u64().unwrap())
        .collect();
    assert_eq!(values, [13, 2, 3, 1, 12, 4, 5]);
    assert_eq!(
        a[4]["source"],
        "Great War at Sea advanced rules, Advanced Tactical Rules 11"
    );
}

#[test]
fn the_same_seed_answers_the_same_lines_identically() {
    let lines = [
        r#"{"tool":"draw_sdr","player":"a"}"#,
        r#"{"tool":"draw_sdr","player":"b"}"#,
        r#"{"tool":"roll_event","player":"b","table":"strategic"}"#,
        r#"{"tool":"reveal_sdr","player":"b","chit":2}"#,
        r#"{"tool":"view","player":"a"}"#,
    ];
    assert_eq!(run(99, &lines), run(99, &lines));
    assert_ne!(
        run(99, &lines)[4],
        run(100, &lines)[4],
        "another seed draws other chits or salts"
    );
}

#[test]
fn a_double_blind_search_and_a_fleet_reveal_run_over_the_protocol() {
    // Seed 001: B (British) finds Goeben in square 60 by day, each side told what the other has there, while
    // Breslau elsewhere stays hidden; seed 002: A reveals one Fleet Box, and B sees only that box.
    let a = run(
        8,
        &[
            r#"{"tool":"place_unit","player":"a","unit":"Goeben","at":{"sea":"Ionian","area":"Ionian A2","square":"60"}}"#,
            r#"{"tool":"place_unit","player":"a","unit":"Breslau","at":{"sea":"Adriatic","area":"Adriatic C4","square":"31"}}"#,
            r#"{"tool":"place_unit","player":"b","unit":"Indomitable","at":{"sea":"Ionian","area":"Ionian A2","square":"60"}}"#,
            r#"{"tool":"start_turn","british":"b"}"#,
            r#"{"tool":"end_step","player":"a"}"#,
            r#"{"tool":"end_step","player":"b"}"#,
            r#"{"tool":"end_step","player":"a"}"#,
            r#"{"tool":"end_step","player":"b"}"#,
            r#"{"tool":"search","player":"b","level":"sea","name":"Adriatic"}"#,
            r#"{"tool":"search","player":"b","level":"sea","name":"Ionian"}"#,
            r#"{"tool":"search","player":"b","level":"square","name":"60"}"#,
            r#"{"tool":"view","player":"b"}"#,
            r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#,
            r#"{"tool":"assign_ship","player":"a","ship":"Emden","fleet_box":3}"#,
            r#"{"tool":"assign_ship","player":"a","ship":"Dresden","fleet_box":5}"#,
            r#"{"tool":"reveal_fleet_box","player":"a","fleet_box":3}"#,
            r#"{"tool":"view","player":"b"}"#,
        ],
    );
    assert_eq!(a[0]["tool"], "unit");
    assert_eq!(a[3]["tool"], "turn_started");
    assert_eq!(
        a[7]["now"], "british_search",
        "movement, then spotting, then the British searches"
    );
    assert_eq!(
        a[8]["code"], "no_unit_there",
        "B has no unit in the Adriatic"
    );
    assert_eq!(
        a[9]["answer"],
        serde_json::json!({"answer": "enemy_present"})
    );
    assert_eq!(a[10]["answer"]["answer"], "found");
    assert_eq!(a[10]["answer"]["found"][0]["unit"], "Goeben");
    assert_eq!(a[10]["answer"]["with"][0]["unit"], "Indomitable");
    let b_view = a[11].to_string();
    assert!(
        !b_view.contains("Breslau") && !b_view.contains("Adriatic C4"),
        "{b_view}"
    );
    assert_eq!(
        a[11]["units"][0]["unit"], "Indomitable",
        "B's view lists B's units only"
    );
    assert_eq!(
        a[15]["fleet_box"],
        serde_json::json!({"shown": "known", "fleet_box": 3, "ships": ["Emden"]})
    );
    let b_chart = &a[16]["opponent_fleet_chart"];
    assert_eq!(b_chart["boxes"][2]["ships"][0], "Emden");
    assert_eq!(
        b_chart["boxes"][4],
        serde_json::json!({"shown": "unknown", "fleet_box": 5})
    );
    assert!(!a[16].to_string().contains("Dresden"));
}

#[test]
fn seed_003_004_procedures_answer_dice_and_words_over_the_cli() {
    let lines = [
        r#"{"tool":"shore_batteries","player":"a"}"#,
        r#"{"tool":"minefield_density","fields":4}"#,
        r#"{"tool":"asw","player":"b","escorts":0,"before_1918":false}"#,
    ];
    let answers = run(5, &lines);
    let roll = &answers[0]["roll"];
    assert_eq!(answers[0]["tool"], "procedure_rolled");
    assert_eq!(roll["procedure"], "shore_batteries");
    assert_eq!(
        roll["source"],
        "Great War at Sea advanced rules, Advanced Strategic Rules 10 (Shore Batteries)"
    );
    let die = roll["dice"][0].as_u64().unwrap();
    assert_eq!(
        roll["count"].as_u64().unwrap(),
        die.div_ceil(2),
        "half the die, rounded up"
    );
    assert_eq!(
        answers[1],
        serde_json::json!({"tool":"wording","calculator":"minefield_density","source":"Great War at Sea advanced rules, Advanced Strategic Rules 7 (Minefields)","text":"Moderately mined"})
    );
    assert_eq!(
        (answers[2]["tool"].as_str(), answers[2]["code"].as_str()),
        (Some("error"), Some("bad_input"))
    );
    assert_eq!(run(5, &lines), answers, "the same seed rolls the same");
}

/// Runs `table_tools verify` over `export` written to a file; its exit status and output.
fn verify(export: &str) -> (bool, String) {
    let path = std::env::temp_dir().join(format!(
        "tools-export-{}-{}.json",
        std::process::id(),
        export.len()
    ));
    std::fs::write(&path, export).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_table_tools"))
        .arg("verify")
        .arg(&path)
        .output()
        .expect("table_tools runs");
    std::fs::remove_file(&path).ok();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn issue_30_verify_checks_every_reveal_of_an_exported_session_and_a_tampered_one_fails() {
    let a = run(
        5,
        &[
            r#"{"tool":"draw_sdr","player":"a"}"#,
            r#"{"tool":"reveal_sdr","player":"a","chit":1}"#,
            r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#,
            r#"{"tool":"assign_ship","player":"a","ship":"Emden","fleet_box":3}"#,
            r#"{"tool":"transfer_ship","player":"a","ship":"Emden","from":3,"to":4}"#,
            r#"{"tool":"reveal_fleet_box","player":"a","fleet_box":4}"#,
            r#"{"tool":"table_view"}"#,
        ],
    );
    let export = a[6].to_string();
    let (ok, said) = verify(&export);
    assert!(ok, "{said}");
    assert!(
        said.contains("verified: 1 chit reveals and 1 Fleet Box reveals match their commitments"),
        "{said}"
    );
    // The chit's value changed after the fact.
    let mut tampered = a[6].clone();
    let reveal = tampered["log"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|l| l["entry"] == "sdr_revealed")
        .unwrap();
    let value = reveal["value"].as_u64().unwrap();
    reveal["value"] = (value % 6 + 1).into();
    let (ok, said) = verify(&tampered.to_string());
    assert!(
        !ok && said.contains("chit #1 revealed as")
            && said.contains("does not match the commitment"),
        "{said}"
    );
    // The box shown as a decoy though it held Emden when committed.
    let mut tampered = a[6].clone();
    let reveal = tampered["log"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|l| l["entry"] == "fleet_box_revealed")
        .unwrap();
    reveal["ships"] = serde_json::json!([]);
    let (ok, said) = verify(&tampered.to_string());
    assert!(
        !ok && said.contains("German Fleet Box 4 revealed as [] does not match"),
        "{said}"
    );
    let (ok, said) = verify("{}");
    assert!(!ok && said.contains("no log"), "{said}");
}
