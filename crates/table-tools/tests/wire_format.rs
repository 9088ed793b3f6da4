//! The table tools' JSON wire format (docs/TOOLS.md) held still: every request, every answer and every log
//! entry, as the lines and saved sessions of `tests/fixtures/wire/` record them, must read and write to the
//! same bytes. The tests speak JSON only (`handle_line`, `parse_line`, `ToolSession::from_json`), never a
//! variant's Rust path, so however the wire types are declared the fixtures judge the format.
//!
//! The corpus is this crate's own script below (what the UI transcripts do not reach, and the refusals of
//! malformed lines, word for word) together with the UI's recorded transcripts
//! (`ui/src/test/fixtures/tools/`, checked exchange by exchange in `ui_transcripts.rs`). Together they hold
//! every request, answer and log entry tag: the lists below are checked against them. A session taken
//! further, so that every tool keeps state, is held the same way: its save, and its views for seat A,
//! seat B and the shared display as they are sent (`session_every_tool.json`, `views.jsonl`).
//! To refresh the fixtures after a deliberate change of the format:
//! `UPDATE_WIRE_FIXTURES=1 cargo test -p goeben-table-tools --test suite wire_format::`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use goeben_table_tools::{handle_line, parse_line, LogEntry, ToolSession};
use serde_json::Value;

const COMMAND: &str =
    "UPDATE_WIRE_FIXTURES=1 cargo test -p goeben-table-tools --test suite wire_format::";

/// Every request tag (`"tool"`) of the protocol.
const REQUESTS: &[&str] = &[
    "draw_sdr",
    "reveal_sdr",
    "return_sdr",
    "verify_sdr",
    "roll_event",
    "victory_conditions",
    "what_if",
    "combined_fire",
    "contact_modifier",
    "operational_move",
    "fuel_use",
    "adrift_vp",
    "crippled_vp",
    "hull_damage_vp",
    "minefield_density",
    "port_repair",
    "shore_batteries",
    "damage_control",
    "always_possible",
    "automatic_disengagement",
    "submarine_attack",
    "asw",
    "sub_versus_sub",
    "mine_sweep",
    "open_fleet_chart",
    "assign_ship",
    "transfer_ship",
    "remove_ship",
    "set_fleet_marker",
    "reveal_fleet_box",
    "roll_d10",
    "place_unit",
    "move_unit",
    "remove_unit",
    "start_turn",
    "choose_sides",
    "island_squares",
    "end_step",
    "report_spotting",
    "search",
    "answer_search",
    "set_pin",
    "view",
    "table_view",
];

/// Every answer tag (`"tool"`).
const ANSWERS: &[&str] = &[
    "sdr_drawn",
    "sdr_revealed",
    "sdr_returned",
    "verified",
    "event_rolled",
    "victory_conditions",
    "what_if",
    "number",
    "wording",
    "procedure_rolled",
    "fleet_chart",
    "fleet_box_revealed",
    "d10_rolled",
    "unit",
    "unit_removed",
    "turn_started",
    "sides_chosen",
    "island_squares",
    "step_ended",
    "spotting_reported",
    "searched",
    "search_pending",
    "search_answered",
    "pin_set",
    "view",
    "table_view",
    "error",
];

/// Every log entry tag (`"entry"`).
const LOG_ENTRIES: &[&str] = &[
    "sdr_drawn",
    "sdr_revealed",
    "sdr_returned",
    "event_rolled",
    "fleet_chart_opened",
    "fleet_box_revealed",
    "fleet_chart_committed",
    "d10_rolled",
    "turn_started",
    "sides_chosen",
    "island_squares",
    "step_ended",
    "procedure_rolled",
    "spotting_die",
    "spotted",
    "port_disclosed",
    "search_called",
    "search_awaiting",
    "search_answered",
    "pin_set",
];

/// The script: the requests the UI transcripts do not send or whose answers and entries they do not
/// reach, then malformed lines of every kind (their refusals are recorded word for word).
const SCRIPT: &[&str] = &[
    r#"{"tool":"island_squares","squares":["17"]}"#,
    r#"{"tool":"choose_sides","british":"b"}"#,
    r#"{"tool":"place_unit","player":"a","unit":"Goeben","at":{"sea":"Ionian","area":"Ionian A2","square":"52","islands":false,"port":"cruising","coast_side":"Adriatic"}}"#,
    r#"{"tool":"place_unit","player":"a","unit":"Breslau","at":{"sea":"Ionian","area":"Ionian A2","square":"53","islands":false,"port":null,"coast_side":null}}"#,
    r#"{"tool":"remove_unit","player":"a","unit":"Breslau"}"#,
    r#"{"tool":"place_unit","player":"b","unit":"Gloucester","at":{"sea":"Ionian","area":"Ionian A","square":"61","islands":false,"port":null,"coast_side":null}}"#,
    r#"{"tool":"roll_event","player":"a","table":"strategic"}"#,
    r#"{"tool":"port_repair","player":"b","port":"minor"}"#,
    r#"{"tool":"adrift_vp","ship_vp":3}"#,
    r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#,
    r#"{"tool":"assign_ship","player":"a","ship":"Goeben","fleet_box":1}"#,
    r#"{"tool":"assign_ship","player":"a","ship":"Breslau","fleet_box":1}"#,
    r#"{"tool":"transfer_ship","player":"a","ship":"Breslau","from":1,"to":2}"#,
    r#"{"tool":"set_fleet_marker","player":"a","fleet_box":2,"on_map":true}"#,
    r#"{"tool":"remove_ship","player":"a","ship":"Breslau","fleet_box":2}"#,
    r#"{"tool":"start_turn"}"#,
    r#"{"tool":"end_step","player":"a"}"#,
    r#"{"tool":"end_step","player":"b"}"#,
    r#"{"tool":"report_spotting","player":"b","square":"61","units":["Gloucester"],"ended_there":true}"#,
    r#"{"tool":"end_step","player":"a"}"#,
    r#"{"tool":"end_step","player":"b"}"#,
    r#"{"tool":"draw_sdr","player":"a","label":"wire"}"#,
    r#"{"tool":"view","player":"a"}"#,
    r#"{"tool":"table_view"}"#,
    // Refusals: each line's answer is recorded exactly, message included.
    r#"not json"#,
    r#"[1,2]"#,
    r#"{"player":"a"}"#,
    r#"{"tool":7}"#,
    r#"{"tool":"teleport","player":"a"}"#,
    r#"{"tool":"draw_sdr"}"#,
    r#"{"tool":"draw_sdr","player":"c"}"#,
    r#"{"tool":"draw_sdr","player":"a","lable":"x"}"#,
    r#"{"tool":"reveal_sdr","player":"a","chit":"one"}"#,
    r#"{"tool":"combined_fire","strengths":[1,-2]}"#,
    r#"{"tool":"operational_move","speed":"fast","turn":1,"weather":"snow"}"#,
    r#"{"tool":"view"}"#,
    r#"{"tool":"table_view","player":"a"}"#,
    r#"{"tool":"table_view","pin":"1234"}"#,
    r#"{"tool":"start_turn","british":"a","pin":"1234"}"#,
    r#"{"tool":"place_unit","player":"a","unit":"Goeben","at":{"sea":"Ionian"}}"#,
    r#"{"tool":"roll_d10","player":"a","procedure":"nope"}"#,
];

/// This crate's folder of wire fixtures.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wire")
}

/// Compares `fresh` with the committed fixture `name`, or writes it under `UPDATE_WIRE_FIXTURES=1`.
fn check_fixture(name: &str, fresh: &str) {
    let path = fixtures().join(name);
    if std::env::var_os("UPDATE_WIRE_FIXTURES").is_some() {
        std::fs::create_dir_all(fixtures()).unwrap();
        std::fs::write(&path, fresh).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} unreadable ({e}); run {COMMAND}", path.display()));
    for (i, (was, now)) in committed.lines().zip(fresh.lines()).enumerate() {
        assert_eq!(
            was,
            now,
            "{name} line {} differs (run {COMMAND} if meant)",
            i + 1
        );
    }
    assert_eq!(committed, fresh, "{name} differs (run {COMMAND} if meant)");
}

/// The script played on a seeded session: one `{"request": …, "response": …}` line per exchange.
fn play_script() -> (String, ToolSession) {
    let mut session = ToolSession::seeded(33);
    let mut out = String::new();
    for line in SCRIPT {
        let answer = handle_line(&mut session, line);
        out += &format!(
            "{{\"request\": {}, \"response\": {answer}}}\n",
            Value::from(*line)
        );
    }
    (out, session)
}

/// Every exchange of the UI's transcripts and of the script: (request line, response).
fn corpus() -> Vec<(String, Value)> {
    let mut exchanges = Vec::new();
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/test/fixtures/tools");
    for file in std::fs::read_dir(ui).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        let doc: Value = serde_json::from_str(&text).unwrap();
        for session in doc["sessions"].as_object().unwrap().values() {
            for exchange in session["exchanges"].as_array().unwrap() {
                let request = exchange["request"].to_string();
                exchanges.push((request, exchange["response"].clone()));
            }
        }
    }
    let (script, _) = play_script();
    for line in script.lines() {
        let exchange: Value = serde_json::from_str(line).unwrap();
        let request = exchange["request"].as_str().unwrap().to_string();
        exchanges.push((request, exchange["response"].clone()));
    }
    exchanges
}

#[test]
fn the_script_answers_as_recorded() {
    let (script, session) = play_script();
    check_fixture("transcript.jsonl", &script);
    let saved = serde_json::to_string_pretty(&session).unwrap() + "\n";
    check_fixture("session.json", &saved);
}

#[test]
fn a_saved_session_loads_and_saves_to_the_same_bytes() {
    let saved = std::fs::read_to_string(fixtures().join("session.json")).unwrap();
    let session = ToolSession::from_json(&saved).expect("the saved session loads");
    assert_eq!(
        serde_json::to_string_pretty(&session).unwrap() + "\n",
        saved
    );
    let (_, played) = play_script();
    assert_eq!(session, played, "the loaded session is the one played");
}

#[test]
fn every_request_reads_and_writes_back_the_same() {
    for (line, response) in corpus() {
        let Ok(request) = parse_line(&line) else {
            assert_eq!(
                response["tool"], "error",
                "{line} refused yet answered {response}"
            );
            continue;
        };
        let written = serde_json::to_value(&request).unwrap();
        let sent: Value = serde_json::from_str(&line).unwrap();
        for (field, value) in sent.as_object().unwrap() {
            assert_eq!(
                written.get(field),
                Some(value),
                "{line}: `{field}` written as {written}"
            );
        }
        let again = parse_line(&written.to_string()).expect("a written request reads");
        assert_eq!(again, request, "{line}");
    }
}

/// The log entries of an answer (a view's or the table view's log).
fn logged(response: &Value) -> Vec<Value> {
    response["log"].as_array().cloned().unwrap_or_default()
}

#[test]
fn every_log_entry_reads_and_writes_back_the_same() {
    for (_, response) in corpus() {
        for mut line in logged(&response) {
            line.as_object_mut().unwrap().remove("text");
            let entry: LogEntry = serde_json::from_value(line.clone())
                .unwrap_or_else(|e| panic!("{line} does not read: {e}"));
            assert_eq!(serde_json::to_value(&entry).unwrap(), line);
        }
    }
}

#[test]
fn the_corpus_holds_every_request_answer_and_log_entry() {
    let (mut requests, mut answers, mut entries) =
        (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for (line, response) in corpus() {
        if let Ok(request) = parse_line(&line) {
            let written = serde_json::to_value(&request).unwrap();
            requests.insert(written["tool"].as_str().unwrap().to_string());
        }
        answers.insert(response["tool"].as_str().unwrap().to_string());
        for entry in logged(&response) {
            entries.insert(entry["entry"].as_str().unwrap().to_string());
        }
    }
    let all = |tags: &[&str]| tags.iter().map(|t| t.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(requests, all(REQUESTS));
    assert_eq!(answers, all(ANSWERS));
    assert_eq!(entries, all(LOG_ENTRIES));
}

#[test]
fn a_saved_session_with_a_broken_log_is_refused_in_the_same_words() {
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(fixtures().join("session.json")).unwrap())
            .unwrap();
    let mut refusals = String::new();
    for broken in [
        serde_json::json!({"entry": "teleported", "by": "a"}),
        serde_json::json!({"entry": "sdr_returned", "owner": "a"}),
        serde_json::json!({"entry": "sdr_returned", "chit": "one", "owner": "a"}),
        serde_json::json!({"by": "a"}),
    ] {
        let mut session = saved.clone();
        session["log"].as_array_mut().unwrap().push(broken);
        let refused = ToolSession::from_json(&session.to_string()).expect_err("refused");
        refusals += &refused;
        refusals.push('\n');
    }
    check_fixture("broken_logs.txt", &refusals);
}

/// The script's session taken further, so every tool keeps state: B's Fleet Chart with a box revealed,
/// B's chit drawn, revealed and put back, A's PIN set.
const FURTHER: &[&str] = &[
    r#"{"tool":"open_fleet_chart","player":"b","side":"allied"}"#,
    r#"{"tool":"assign_ship","player":"b","ship":"Gloucester","fleet_box":1}"#,
    r#"{"tool":"reveal_fleet_box","player":"b","fleet_box":1}"#,
    r#"{"tool":"draw_sdr","player":"b","label":"views"}"#,
    r#"{"tool":"reveal_sdr","player":"b","chit":2}"#,
    r#"{"tool":"return_sdr","player":"b","chit":2}"#,
    r#"{"tool":"draw_sdr","player":"b","label":"held"}"#,
    r#"{"tool":"set_pin","player":"a","pin":"1234"}"#,
];

/// The script's session taken further by [`FURTHER`].
fn every_tool_session() -> ToolSession {
    let (_, mut session) = play_script();
    for line in FURTHER {
        let answer = handle_line(&mut session, line);
        assert!(!answer.contains("\"error\""), "{line}: {answer}");
    }
    session
}

#[test]
fn a_session_with_every_tools_state_saves_and_shows_as_recorded() {
    let session = every_tool_session();
    let saved = serde_json::to_string_pretty(&session).unwrap() + "\n";
    check_fixture("session_every_tool.json", &saved);
    let loaded = ToolSession::from_json(&saved).expect("it loads");
    assert_eq!(serde_json::to_string_pretty(&loaded).unwrap() + "\n", saved);
    // Seat A's view, seat B's and the display's, as the UI and the seats receive them: one line each,
    // the fields in their order.
    let lines = [
        serde_json::to_string(&session.view(goeben_table_tools::sdr::Player::A)).unwrap(),
        serde_json::to_string(&session.view(goeben_table_tools::sdr::Player::B)).unwrap(),
        serde_json::to_string(&session.table_view()).unwrap(),
    ];
    check_fixture("views.jsonl", &(lines.join("\n") + "\n"));
}

#[test]
fn no_two_tools_write_a_field_of_the_same_name() {
    // Each tool's part of the save and the views is flattened beside the others': a name two parts
    // shared would be written twice, and a reader would keep one. Read into a map and written again, such
    // a text would come out shorter.
    let session = every_tool_session();
    let texts = [
        serde_json::to_string(&session).unwrap(),
        serde_json::to_string(&session.view(goeben_table_tools::sdr::Player::A)).unwrap(),
        serde_json::to_string(&session.table_view()).unwrap(),
    ];
    let written_again = |text: &str| serde_json::from_str::<Value>(text).unwrap().to_string();
    for text in texts {
        assert_eq!(
            written_again(&text).len(),
            text.len(),
            "a field written twice: {text}"
        );
    }
    // The control: a field planted twice is caught.
    let planted = r#"{"log":[],"bag_left":1,"log":[]}"#;
    assert!(written_again(planted).len() < planted.len());
}
