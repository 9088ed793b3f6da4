//! The `referee` program's protocol contract (docs/PROTOCOL.md): one JSON object per line in, exactly one
//! per line out, flushed after each; a rejected line never ends the program nor changes the game; the
//! documented example session still produces exactly the documented output.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::Value;

fn referee(seed: u64) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["--seed", &seed.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("referee starts")
}

#[test]
fn each_line_is_answered_before_the_next_is_sent() {
    // Interactive use: write one line, read its answer, then write the next (proves the flush).
    let mut child = referee(3);
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut views = Vec::new();
    for line in [
        r#"{"action":"new_game","seed":3}"#,
        "garbage",
        r#"{"action":"view"}"#,
        r#"{"action":"undo"}"#,
        "[1,2]",
        r#"{"action":"view"}"#,
    ] {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        out.read_line(&mut answer).unwrap();
        let v: Value = serde_json::from_str(&answer).expect("one JSON object per line");
        for field in [
            "protocol",
            "turn",
            "last_turn",
            "alert_level",
            "vp",
            "phase",
            "game_over",
            "decisions",
        ] {
            assert!(
                v["view"].get(field).is_some(),
                "view.{field} is always there"
            );
        }
        views.push(v);
    }
    assert_eq!(views[0]["ok"], true);
    assert_eq!(views[1]["ok"], false);
    assert_eq!(views[1]["error"]["code"], "malformed");
    assert_eq!(views[3]["error"]["code"], "nothing_to_undo");
    assert_eq!(views[4]["error"]["code"], "malformed");
    assert_eq!(
        views[0]["view"], views[5]["view"],
        "rejected lines changed nothing"
    );
    assert!(views[0]["view"]["game_over"].is_null());
    assert!(
        !views[0]["view"]["decisions"].as_array().unwrap().is_empty(),
        "a running game offers decisions"
    );
    drop(stdin);
    assert!(
        child.wait().unwrap().success(),
        "end of input ends the program cleanly"
    );
}

#[test]
fn no_game_means_no_legal_actions_and_a_clear_error() {
    let mut child = referee(1);
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, r#"{{"action":"end_phase"}}"#).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["code"], "no_game");
    assert_eq!(v["view"]["decisions"].as_array().unwrap().len(), 0);
}

#[test]
fn the_documented_example_session_is_exactly_what_the_program_answers() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/protocol");
    let input = std::fs::read_to_string(dir.join("example.in.jsonl")).unwrap();
    let expected = std::fs::read_to_string(dir.join("example.out.jsonl")).unwrap();
    let mut child = referee(7);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let actual = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        actual.lines().count(),
        input.lines().count(),
        "one answer per line"
    );
    for (i, (a, e)) in actual.lines().zip(expected.lines()).enumerate() {
        assert!(a == e, "docs/protocol/example.out.jsonl line {} is stale: regenerate it with\n  cargo build --bin referee && python3 scripts/protocol_example.py", i + 1);
    }
}

#[test]
fn the_same_seed_gives_the_same_transcript() {
    let run = || {
        let mut child = referee(42);
        let script = "{\"action\":\"new_game\"}\n{\"action\":\"place_collier\",\"to\":{\"kind\":\"high_seas\",\"zone\":\"aegean\",\"label\":\"\"}}\n{\"action\":\"end_phase\"}\n";
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap().stdout
    };
    assert_eq!(run(), run());
}

#[test]
fn bad_arguments_are_refused_with_a_message() {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["--seed", "seven"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seed"));
}

#[test]
fn an_unknown_value_inside_a_known_action_is_malformed_not_an_unknown_action() {
    let err = goeben_referee::api::protocol::parse_request(
        r#"{"action":"resupply","space":{"kind":"place","id":"pola"},"supply":"gold"}"#,
    )
    .unwrap_err();
    assert_eq!(err.code, "malformed", "{}", err.message);
    let err = goeben_referee::api::protocol::parse_request(r#"{"action":"fly_to_the_moon"}"#)
        .unwrap_err();
    assert_eq!(err.code, "unknown_action");
}

/// `referee verify` reads a record on stdin and answers with one JSON object; a finished game
/// verifies (exit 0), a tampered or malformed record is refused (exit 1), never with a panic.
#[test]
fn issue_14_referee_verify_confirms_a_finished_game_and_refuses_a_tampered_one() {
    let mut s = goeben_referee::Session::new(goeben_referee::RulesPack::standard(), 5);
    let mut r = s.respond(goeben_referee::SessionRequest::NewGame {
        seed: Some(21),
        options: None,
    });
    let mut i = 0usize;
    while r.view.game_over.is_none() {
        r = s.respond(
            r.view.decisions[(i * 31 + 7) % r.view.decisions.len()]
                .action
                .clone(),
        );
        i += 1;
    }
    let record = s
        .respond(goeben_referee::SessionRequest::ExportRecord)
        .record()
        .unwrap();
    let verify = |text: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
            .arg("verify")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (out.status.code(), report)
    };
    let (code, report) = verify(&serde_json::to_string(&record).unwrap());
    assert_eq!(
        (code, report["ok"].as_bool()),
        (Some(0), Some(true)),
        "{report}"
    );
    assert_eq!(report["final_view"]["vp"], serde_json::json!(s.view().vp));
    let mut wrong = serde_json::to_value(&record).unwrap();
    wrong["seed"] = serde_json::json!(22);
    let (code, report) = verify(&wrong.to_string());
    assert_eq!(
        (code, report["ok"].as_bool(), report["step"].as_u64()),
        (Some(1), Some(false), Some(0))
    );
    assert_eq!(report["error"]["code"], "commitment_mismatch");
    let (code, report) = verify("not json at all");
    assert_eq!(
        (code, report["error"]["code"].as_str()),
        (Some(1), Some("malformed_record"))
    );
}

/// player_dice: over the JSON lines a game asks for the player's dice (`view.pending_roll`, the one
/// decision `enter_dice`) and takes them; the events mark them as the player's.
#[test]
fn player_dice_the_cli_asks_for_the_dice_and_takes_them() {
    let mut child = referee(11);
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut send = |line: String| -> Value {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        out.read_line(&mut answer).unwrap();
        serde_json::from_str(&answer).unwrap()
    };
    let mut v = send(r#"{"action":"new_game","seed":11,"options":{"player_dice":true}}"#.into());
    assert_eq!(v["view"]["protocol"], 3);
    let (mut entered, mut marked) = (0, false);
    for step in 0..400 {
        let view = &v["view"];
        let line = if let Some(roll) = view.get("pending_roll") {
            assert_eq!(view["decisions"][0]["action"]["action"], "enter_dice");
            assert!(roll["prompt"].as_str().unwrap().starts_with("Roll "));
            let faces =
                vec![roll["sides"].as_u64().unwrap(); roll["count"].as_u64().unwrap() as usize];
            entered += 1;
            serde_json::json!({"action": "enter_dice", "faces": faces}).to_string()
        } else {
            let decisions = view["decisions"].as_array().unwrap();
            if decisions.is_empty() || marked {
                break;
            }
            decisions[step % decisions.len()]["action"].to_string()
        };
        v = send(line);
        assert_eq!(v["ok"], true, "{v}");
        marked |= v["events"].as_array().is_some_and(|e| {
            e.iter()
                .any(|e| e["event"] == "dice_rolled" && e["by_player"] == true)
        });
    }
    assert!(
        entered > 0 && marked,
        "the game asked for dice and took them"
    );
    let wrong = send(r#"{"action":"enter_dice","faces":[7]}"#.into());
    assert_eq!(wrong["ok"], false);
    drop(stdin);
    assert!(
        child.wait().unwrap().success(),
        "the CLI ends cleanly at the end of its input"
    );
}
