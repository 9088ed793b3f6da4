//! The table tools' component tests answer from recorded transcripts of this crate's real core, never a
//! stand-in written in TypeScript: each session below is played through `handle_line` (the `table_tools`
//! CLI's path and the shell's `tools_respond`) and written to `ui/src/test/fixtures/tools/<file>.json`
//! as request → response pairs, the lines exactly as the core answered them. The UI's replay helper
//! (`ui/src/test/toolsReplay.ts`) answers the component's requests from them in order.
//! This test plays the sessions again and fails when a committed transcript differs.
//! To refresh them after a deliberate change:
//! `UPDATE_UI_FIXTURES=1 cargo test -p goeben-table-tools --test suite ui_transcripts::`.
//!
//! Each session names the component test it serves. Where a test needs particular chits or dice (a
//! draw of 5, an even night die), the session takes the first seed from 1 on whose play gives them.
//! Reads (`table_view`, a player's `view`) are recorded where the component asks for them: after every
//! step of the screens that refresh from the table view, and where a test holds a Peek button.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use goeben_table_tools::{handle_line, ToolSession};
use serde_json::Value;

const DIR: &str = "../../ui/src/test/fixtures/tools";
const COMMAND: &str =
    "UPDATE_UI_FIXTURES=1 cargo test -p goeben-table-tools --test suite ui_transcripts::";
/// The seeds a session may try for the chits and dice its test needs.
const SEEDS: u64 = 20_000;
const TABLE_VIEW: &str = r#"{"tool":"table_view"}"#;

/// A tool session played through the protocol, every exchange kept as the exact lines.
struct Recorder {
    session: ToolSession,
    /// Whether the shared screen's `table_view` is recorded after each step.
    table_reads: bool,
    exchanges: Vec<String>,
}

/// Why a seed does not give what the test needs (the next seed is tried).
type Play = Result<(), String>;

impl Recorder {
    fn new(seed: u64, table_reads: bool) -> Recorder {
        let mut r = Recorder {
            session: ToolSession::seeded(seed),
            table_reads,
            exchanges: Vec::new(),
        };
        if table_reads {
            r.exchange(TABLE_VIEW);
        }
        r
    }

    fn exchange(&mut self, request: &str) -> Value {
        serde_json::from_str::<Value>(request)
            .unwrap_or_else(|e| panic!("the script's request {request} is not JSON: {e}"));
        let answer = handle_line(&mut self.session, request);
        self.exchanges.push(format!(
            "{{\"request\": {request}, \"response\": {answer}}}"
        ));
        serde_json::from_str(&answer).expect("the core answers JSON")
    }

    /// One step of the test, then the reads the screen makes after it. Returns the answer.
    fn send(&mut self, request: &str) -> Value {
        let answer = self.exchange(request);
        if self.table_reads {
            self.exchange(TABLE_VIEW);
        }
        answer
    }

    /// A step that must be answered with `tool` (a refusal here is a mistake in the script).
    fn expect(&mut self, request: &str, tool: &str) -> Value {
        let answer = self.send(request);
        assert_eq!(answer["tool"], tool, "{request} was answered {answer}");
        answer
    }

    /// A step of a test's setup the screen never sees: no reads after it.
    fn quiet(&mut self, request: &str, tool: &str) -> Value {
        let answer = self.exchange(request);
        assert_eq!(answer["tool"], tool, "{request} was answered {answer}");
        answer
    }

    /// A player holds Peek: their own view, now.
    fn peek(&mut self, player: &str) {
        let answer = self.exchange(&format!(r#"{{"tool":"view","player":"{player}"}}"#));
        assert_eq!(answer["tool"], "view");
    }

    fn read_table(&mut self) {
        self.exchange(TABLE_VIEW);
    }
}

fn want(ok: bool, why: &str) -> Play {
    if ok {
        Ok(())
    } else {
        Err(why.to_string())
    }
}

/// The value of a drawn chit, as its drawer sees it.
fn drawn(answer: &Value) -> u64 {
    answer["chit"]["face"]["value"]
        .as_u64()
        .expect("the drawer sees the value")
}

struct Session {
    name: &'static str,
    about: &'static str,
    table_reads: bool,
    play: fn(&mut Recorder) -> Play,
}

/// Plays a session with the first seed that gives what it needs.
fn record(session: &Session) -> (u64, Recorder) {
    let mut last = String::new();
    for seed in 1..=SEEDS {
        let mut r = Recorder::new(seed, session.table_reads);
        match (session.play)(&mut r) {
            Ok(()) => return (seed, r),
            Err(why) => last = why,
        }
    }
    panic!(
        "session `{}`: no seed up to {SEEDS} gives what it needs (last: {last})",
        session.name
    );
}

/// A transcript file: its sessions, each with its seed and exchanges, one exchange per line.
fn file_text(about: &str, sessions: &[Session]) -> String {
    let mut out = String::new();
    out.push_str("{\n");
    out.push_str(&format!(" \"about\": {},\n", Value::from(about)));
    out.push_str(&format!(" \"regenerate\": {},\n", Value::from(COMMAND)));
    out.push_str(" \"sessions\": {\n");
    for (i, session) in sessions.iter().enumerate() {
        let (seed, recorder) = record(session);
        out.push_str(&format!("  {}: {{\n", Value::from(session.name)));
        out.push_str(&format!("   \"about\": {},\n", Value::from(session.about)));
        out.push_str(&format!("   \"seed\": {seed},\n"));
        out.push_str("   \"exchanges\": [\n");
        let n = recorder.exchanges.len();
        for (k, exchange) in recorder.exchanges.iter().enumerate() {
            out.push_str("    ");
            out.push_str(exchange);
            out.push_str(if k + 1 < n { ",\n" } else { "\n" });
        }
        out.push_str("   ]\n");
        out.push_str(if i + 1 < sessions.len() {
            "  },\n"
        } else {
            "  }\n"
        });
    }
    out.push_str(" }\n}\n");
    serde_json::from_str::<Value>(&out).expect("a transcript file is JSON");
    out
}

// ---- SecretDieRoll.test.ts ----

fn sdr_sessions() -> Vec<Session> {
    vec![
        Session {
            name: "draw",
            about: "Player A draws a 5 for the victory conditions.",
            table_reads: true,
            play: |r| {
                let a = r.expect(r#"{"tool":"draw_sdr","player":"a","label":"victory conditions"}"#, "sdr_drawn");
                want(drawn(&a) == 5, "A draws a 5")
            },
        },
        Session {
            name: "purpose",
            about: "Issue #30: the sides fixed (B British), A draws the German victory conditions, then again: refused.",
            table_reads: true,
            play: |r| {
                r.expect(r#"{"tool":"choose_sides","british":"b"}"#, "sides_chosen");
                let line = r#"{"tool":"draw_sdr","player":"a","purpose":{"kind":"victory_conditions","side":"german"},"label":""}"#;
                r.expect(line, "sdr_drawn");
                let again = r.expect(line, "error");
                assert_eq!(again["code"], "purpose_taken", "{again}");
                Ok(())
            },
        },
        Session {
            name: "peek",
            about: "Player A draws a 5; B, then A, hold Peek.",
            table_reads: true,
            play: |r| {
                let a = r.expect(r#"{"tool":"draw_sdr","player":"a","label":""}"#, "sdr_drawn");
                r.peek("b");
                r.peek("a");
                want(drawn(&a) == 5, "A draws a 5")
            },
        },
        Session {
            name: "reveal",
            about: "Player A draws a 5, reveals it, checks it again by its commitment, and puts it back.",
            table_reads: true,
            play: |r| {
                let a = r.expect(r#"{"tool":"draw_sdr","player":"a","label":""}"#, "sdr_drawn");
                let revealed = r.expect(r#"{"tool":"reveal_sdr","player":"a","chit":1}"#, "sdr_revealed");
                let face = &revealed["chit"]["face"];
                assert_eq!(face["verified"], true);
                let check = format!(
                    r#"{{"tool":"verify_sdr","commitment":{},"value":{},"salt":{}}}"#,
                    revealed["chit"]["commitment"], face["value"], face["salt"]
                );
                let verified = r.expect(&check, "verified");
                assert_eq!(verified["matches"], true);
                r.expect(r#"{"tool":"return_sdr","player":"a","chit":1}"#, "sdr_returned");
                want(drawn(&a) == 5, "A draws a 5")
            },
        },
        Session {
            name: "reveal b",
            about: "Player B draws a 3 and reveals it (the test marks the reveal as failing its check: the core never holds such a chit).",
            table_reads: true,
            play: |r| {
                let b = r.expect(r#"{"tool":"draw_sdr","player":"b","label":""}"#, "sdr_drawn");
                r.expect(r#"{"tool":"reveal_sdr","player":"b","chit":1}"#, "sdr_revealed");
                want(drawn(&b) == 3, "B draws a 3")
            },
        },
        Session {
            name: "check by hand",
            about: "Player A draws a 2; its commitment is checked by hand with the value 6 and a typed salt: no match.",
            table_reads: true,
            play: |r| {
                let a = r.expect(r#"{"tool":"draw_sdr","player":"a","label":""}"#, "sdr_drawn");
                // The commitment as shown, with a value and a salt typed by hand.
                let check = format!(r#"{{"tool":"verify_sdr","commitment":{},"value":6,"salt":"{TYPED_SALT}"}}"#, a["chit"]["commitment"]);
                let verified = r.expect(&check, "verified");
                assert_eq!(verified["matches"], false);
                want(drawn(&a) == 2, "A draws a 2")
            },
        },
        Session {
            name: "bag empty",
            about: "Player A draws all 48 chits; then Player B's draw is refused.",
            table_reads: true,
            play: |r| {
                for _ in 1..48 {
                    r.quiet(r#"{"tool":"draw_sdr","player":"a","label":""}"#, "sdr_drawn");
                }
                r.expect(r#"{"tool":"draw_sdr","player":"a","label":""}"#, "sdr_drawn");
                let refused = r.expect(r#"{"tool":"draw_sdr","player":"b","label":""}"#, "error");
                assert_eq!(refused["code"], "bag_empty");
                Ok(())
            },
        },
    ]
}

/// The salt typed in the check by hand.
const TYPED_SALT: &str = "0123456789abcdef0123456789abcdef";

// ---- TableTools.test.ts ----

const AT_52: &str = r#"{"sea":"Ionian","area":"Ionian A2","square":"52","islands":false,"port":null,"coast_side":null}"#;

fn table_tools_sessions() -> Vec<Session> {
    vec![
        Session { name: "fresh", about: "A new session: nothing drawn, no chart, no turn.", table_reads: true, play: |_| Ok(()) },
        Session {
            name: "the shared screen",
            about: "Both players draw and A reveals; charts taken, Goeben put in box 3 and revealed, a D10 for B; a night turn with a square call that waits for B, who stays hidden; Peeks in between.",
            table_reads: true,
            play: |r| {
                r.expect(r#"{"tool":"draw_sdr","player":"a","label":""}"#, "sdr_drawn");
                r.expect(r#"{"tool":"draw_sdr","player":"b","label":""}"#, "sdr_drawn");
                r.expect(r#"{"tool":"reveal_sdr","player":"a","chit":1}"#, "sdr_revealed");
                r.peek("b");
                r.expect(r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#, "fleet_chart");
                r.expect(r#"{"tool":"open_fleet_chart","player":"b","side":"allied"}"#, "fleet_chart");
                r.expect(r#"{"tool":"assign_ship","player":"a","ship":"Goeben","fleet_box":3}"#, "fleet_chart");
                r.expect(r#"{"tool":"reveal_fleet_box","player":"a","fleet_box":3}"#, "fleet_box_revealed");
                // A roll made with ships names its (non-decoy) box; B names none and is refused.
                r.expect(r#"{"tool":"roll_d10","player":"b","procedure":"locate_at_sea"}"#, "error");
                r.peek("a");
                r.expect(r#"{"tool":"start_turn","british":"a"}"#, "turn_started");
                r.expect(&format!(r#"{{"tool":"place_unit","player":"a","unit":"Indomitable","at":{AT_52}}}"#), "unit");
                r.expect(&format!(r#"{{"tool":"place_unit","player":"b","unit":"Breslau","at":{AT_52}}}"#), "unit");
                to_night_search(r);
                let call = r.send(r#"{"tool":"search","player":"a","level":"square","name":"52"}"#);
                if call["tool"] != "search_pending" {
                    return Err("the night die lets B choose".into());
                }
                r.expect(r#"{"tool":"answer_search","player":"b","admit":false}"#, "search_answered");
                r.peek("b");
                Ok(())
            },
        },
    ]
}

// ---- toolsDoor.test.ts ----

fn tools_door_sessions() -> Vec<Session> {
    vec![Session {
        name: "table view",
        about: "Both players draw, A holds the German chart with Goeben in box 3, B has Gloucester in square 52; then the table view.",
        table_reads: false,
        play: |r| {
            r.quiet(r#"{"tool":"draw_sdr","player":"a","label":""}"#, "sdr_drawn");
            r.quiet(r#"{"tool":"draw_sdr","player":"b","label":""}"#, "sdr_drawn");
            r.quiet(r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#, "fleet_chart");
            r.quiet(r#"{"tool":"assign_ship","player":"a","ship":"Goeben","fleet_box":3}"#, "fleet_chart");
            let at = r#"{"sea":"Ionian","area":"Ionian A","square":"52","islands":false,"port":null,"coast_side":null}"#;
            r.quiet(&format!(r#"{{"tool":"place_unit","player":"b","unit":"Gloucester","at":{at}}}"#), "unit");
            r.read_table();
            Ok(())
        },
    }]
}

// ---- PlayerSecrets.test.ts ----

fn player_secrets_sessions() -> Vec<Session> {
    vec![Session {
        name: "two chits",
        about: "Player A holds chit #1 (a 5, for the victory conditions) and Player B chit #2 (a 2), both face down; each may Peek.",
        table_reads: false,
        play: |r| {
            let a = r.quiet(r#"{"tool":"draw_sdr","player":"a","label":"victory conditions"}"#, "sdr_drawn");
            let b = r.quiet(r#"{"tool":"draw_sdr","player":"b","label":""}"#, "sdr_drawn");
            r.peek("a");
            r.peek("b");
            want(drawn(&a) == 5 && drawn(&b) == 2, "A draws a 5 and B a 2")
        },
    }, Session {
        name: "a pin",
        about: "Issue #30: as `two chits`, then Player A sets the PIN 2468; A peeks with it, without it, and with a wrong one (1111); B, without a PIN, peeks as before.",
        table_reads: false,
        play: |r| {
            let a = r.quiet(r#"{"tool":"draw_sdr","player":"a","label":"victory conditions"}"#, "sdr_drawn");
            let b = r.quiet(r#"{"tool":"draw_sdr","player":"b","label":""}"#, "sdr_drawn");
            r.expect(r#"{"tool":"set_pin","player":"a","pin":"2468"}"#, "pin_set");
            let right = r.exchange(r#"{"tool":"view","player":"a","pin":"2468"}"#);
            assert_eq!(right["tool"], "view");
            let none = r.exchange(r#"{"tool":"view","player":"a"}"#);
            assert_eq!(none["code"], "pin_needed");
            let wrong = r.exchange(r#"{"tool":"view","player":"a","pin":"1111"}"#);
            assert_eq!(wrong["code"], "wrong_pin");
            r.peek("b");
            want(drawn(&a) == 5 && drawn(&b) == 2, "A draws a 5 and B a 2")
        },
    }]
}

// ---- FleetCharts.test.ts ----

/// A holds the German chart with Goeben in box 3; B the Allied chart (the tests' setup: no reads).
fn charted(r: &mut Recorder) {
    r.quiet(
        r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#,
        "fleet_chart",
    );
    r.quiet(
        r#"{"tool":"open_fleet_chart","player":"b","side":"allied"}"#,
        "fleet_chart",
    );
    r.quiet(
        r#"{"tool":"assign_ship","player":"a","ship":"Goeben","fleet_box":3}"#,
        "fleet_chart",
    );
    r.read_table();
}

fn fleet_sessions() -> Vec<Session> {
    vec![
        Session {
            name: "open",
            about: "Player A takes the German Fleet Chart.",
            table_reads: true,
            play: |r| {
                r.expect(r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#, "fleet_chart");
                Ok(())
            },
        },
        Session {
            name: "side taken",
            about: "A holds the German chart; B asks for it too and is refused.",
            table_reads: true,
            play: |r| {
                r.quiet(r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#, "fleet_chart");
                r.read_table();
                let refused = r.expect(r#"{"tool":"open_fleet_chart","player":"b","side":"german"}"#, "error");
                assert_eq!(refused["code"], "side_taken");
                Ok(())
            },
        },
        Session {
            name: "assign",
            about: "A holds the German chart and puts Goeben in box 3.",
            table_reads: true,
            play: |r| {
                r.quiet(r#"{"tool":"open_fleet_chart","player":"a","side":"german"}"#, "fleet_chart");
                r.read_table();
                r.expect(r#"{"tool":"assign_ship","player":"a","ship":"Goeben","fleet_box":3}"#, "fleet_chart");
                Ok(())
            },
        },
        Session {
            name: "peek",
            about: "Charts taken, Goeben in German box 3; B, then A, hold Peek.",
            table_reads: true,
            play: |r| {
                charted(r);
                r.peek("b");
                r.peek("a");
                Ok(())
            },
        },
        Session {
            name: "reveal",
            about: "Charts taken, Goeben in German box 3; A reveals box 3.",
            table_reads: true,
            play: |r| {
                charted(r);
                r.expect(r#"{"tool":"reveal_fleet_box","player":"a","fleet_box":3}"#, "fleet_box_revealed");
                Ok(())
            },
        },
        Session {
            name: "d10",
            about: "Charts taken, Goeben in German box 3; A rolls a 2 for a bombardment by box 3: success, the box revealed.",
            table_reads: true,
            play: |r| {
                charted(r);
                let d10 = r.expect(r#"{"tool":"roll_d10","player":"a","procedure":"bombardment","fleet_box":3}"#, "d10_rolled");
                want(d10["result"]["die"] == 2, "the D10 rolls a 2")?;
                assert_eq!(d10["result"]["success"], true, "a 2 bombards: {d10}");
                assert!(d10.get("revealed_box").is_some(), "a 2 reveals the acting box: {d10}");
                Ok(())
            },
        },
    ]
}

// ---- Search.test.ts ----

/// The requests that close one step of the turn for both players (A is British): movement, spotting,
/// or the searches (A's, then B's). Search.test.ts replays the same (`closeStep`).
fn close_step(r: &mut Recorder) {
    r.quiet(r#"{"tool":"end_step","player":"a"}"#, "step_ended");
    r.quiet(r#"{"tool":"end_step","player":"b"}"#, "step_ended");
}

/// From turn 1's movement to turn 3 (2100, Aug 2, the first night turn) at its searches (the
/// turn track decides the night).
fn to_night_search(r: &mut Recorder) {
    for _ in 0..2 {
        close_step(r);
        close_step(r);
        close_step(r);
        r.quiet(r#"{"tool":"start_turn"}"#, "turn_started");
    }
    close_step(r);
    close_step(r);
}

/// How far [`board`] plays the turn.
#[derive(PartialEq)]
enum Stage {
    Movement,
    Searches,
}

/// A turn started (A British) with Indomitable (A) and Goeben (B) in square 52; a night turn is turn 3.
/// No reads (the tests' setup; Search.test.ts's `board` sends the same requests).
fn board(r: &mut Recorder, night: bool, stage: Stage) {
    r.quiet(r#"{"tool":"start_turn","british":"a"}"#, "turn_started");
    r.quiet(
        &format!(r#"{{"tool":"place_unit","player":"a","unit":"Indomitable","at":{AT_52}}}"#),
        "unit",
    );
    r.quiet(
        &format!(r#"{{"tool":"place_unit","player":"b","unit":"Goeben","at":{AT_52}}}"#),
        "unit",
    );
    if night {
        for _ in 0..2 {
            close_step(r);
            close_step(r);
            close_step(r);
            r.quiet(r#"{"tool":"start_turn"}"#, "turn_started");
        }
    }
    if stage == Stage::Searches {
        close_step(r);
        close_step(r);
    }
}

fn search_sessions() -> Vec<Session> {
    vec![
        Session {
            name: "start turn",
            about: "The first turn (a day turn, by the track) with Player B British; A is done moving.",
            table_reads: true,
            play: |r| {
                r.expect(r#"{"tool":"start_turn","british":"b"}"#, "turn_started");
                r.expect(r#"{"tool":"end_step","player":"a"}"#, "step_ended");
                Ok(())
            },
        },
        Session {
            name: "place",
            about: "Player A records Goeben cruising off the Adriatic coast of square 52; B, then A, hold Peek.",
            table_reads: true,
            play: |r| {
                let at = r#"{"sea":"Ionian","area":"Ionian A2","square":"52","islands":false,"port":"cruising","coast_side":"Adriatic"}"#;
                r.expect(&format!(r#"{{"tool":"place_unit","player":"a","unit":"Goeben","at":{at}}}"#), "unit");
                r.peek("b");
                r.peek("a");
                Ok(())
            },
        },
        Session {
            name: "day calls",
            about: "A day turn: A calls the Ionian sea (enemy present), then square 52 (Goeben found, with Indomitable).",
            table_reads: true,
            play: |r| {
                board(r, false, Stage::Searches);
                r.read_table();
                r.expect(r#"{"tool":"search","player":"a","level":"sea","name":"Ionian"}"#, "searched");
                r.expect(r#"{"tool":"search","player":"a","level":"square","name":"52"}"#, "searched");
                Ok(())
            },
        },
        Session {
            name: "night hide",
            about: "A night turn: A calls square 52, the die rolls a 4, B chooses not to be found.",
            table_reads: true,
            play: |r| {
                board(r, true, Stage::Searches);
                r.read_table();
                let call = r.send(r#"{"tool":"search","player":"a","level":"square","name":"52"}"#);
                want(call["tool"] == "search_pending" && call["call"]["dice"][0]["die"] == 4, "the night die rolls a 4")?;
                r.expect(r#"{"tool":"answer_search","player":"b","admit":false}"#, "search_answered");
                Ok(())
            },
        },
        Session {
            name: "night admit",
            about: "A night turn: A's searches end, B calls square 52, the die lets A choose, A chooses to be found.",
            table_reads: true,
            play: |r| {
                board(r, true, Stage::Searches);
                r.quiet(r#"{"tool":"end_step","player":"a"}"#, "step_ended");
                r.read_table();
                let call = r.send(r#"{"tool":"search","player":"b","level":"square","name":"52"}"#);
                want(call["tool"] == "search_pending", "the night die lets A choose")?;
                r.expect(r#"{"tool":"answer_search","player":"a","admit":true}"#, "search_answered");
                Ok(())
            },
        },
        Session {
            name: "night report",
            about: "A night turn, B's Goeben and Breslau in square 61: B reports them ending there; the night die (2) spares the report.",
            table_reads: true,
            play: |r| {
                board(r, true, Stage::Movement);
                let at = r#"{"sea":"Ionian","area":"Ionian A2","square":"61","islands":false,"port":null,"coast_side":null}"#;
                r.quiet(&format!(r#"{{"tool":"move_unit","player":"b","unit":"Goeben","at":{at}}}"#), "unit");
                r.quiet(&format!(r#"{{"tool":"place_unit","player":"b","unit":"Breslau","at":{at}}}"#), "unit");
                close_step(r);
                r.read_table();
                let report = r.expect(r#"{"tool":"report_spotting","player":"b","square":"61","units":["Goeben","Breslau"],"ended_there":true}"#, "spotting_reported");
                want(report["night_die"] == 2, "the night die rolls a 2")?;
                assert_eq!(report["heard"], false, "an even die spares the report: {report}");
                Ok(())
            },
        },
        Session {
            name: "moved after the searches began",
            about: "A day turn after A's sea call: B may not move Goeben any more.",
            table_reads: true,
            play: |r| {
                board(r, false, Stage::Searches);
                r.quiet(r#"{"tool":"search","player":"a","level":"sea","name":"Ionian"}"#, "searched");
                r.read_table();
                let at = r#"{"sea":"","area":"","square":"","islands":false,"port":null,"coast_side":null}"#;
                let refused = r.expect(&format!(r#"{{"tool":"move_unit","player":"b","unit":"Goeben","at":{at}}}"#), "error");
                assert_eq!(refused["code"], "searching_now", "{refused}");
                Ok(())
            },
        },
    ]
}

// ---- Calculators.test.ts ----

fn calculator_sessions() -> Vec<Session> {
    vec![
        Session {
            name: "combined fire",
            about: "Three ships of strength 4, 2 and 3 fire together.",
            table_reads: false,
            play: |r| {
                r.expect(r#"{"tool":"combined_fire","strengths":[4,2,3]}"#, "number");
                Ok(())
            },
        },
        Session {
            name: "forms",
            about: "Contact modifier for 5 and 3 ships; movement at one slow, turn 2, storm; fuel for 2 zones; a crippled ship of 9 VP.",
            table_reads: false,
            play: |r| {
                r.expect(r#"{"tool":"contact_modifier","ships_a":5,"ships_b":3}"#, "number");
                r.expect(r#"{"tool":"operational_move","speed":"one_slow","turn":2,"weather":"storm"}"#, "number");
                r.expect(r#"{"tool":"fuel_use","zones_moved":2}"#, "number");
                r.expect(r#"{"tool":"crippled_vp","ship_vp":9}"#, "number");
                Ok(())
            },
        },
        Session {
            name: "hull and mines",
            about: "Hull damage VP for 3 boxes of a ship other than a capital ship; the words for 4 minefields.",
            table_reads: false,
            play: |r| {
                r.expect(r#"{"tool":"hull_damage_vp","class":"other","hull_boxes":3}"#, "number");
                r.expect(r#"{"tool":"minefield_density","fields":4}"#, "wording");
                Ok(())
            },
        },
        Session { name: "nothing asked", about: "No request: the form refuses before asking.", table_reads: false, play: |_| Ok(()) },
        Session {
            name: "turn 0",
            about: "Operational movement for turn 0: refused.",
            table_reads: false,
            play: |r| {
                let refused = r.expect(r#"{"tool":"operational_move","speed":"two","turn":0,"weather":"fair"}"#, "error");
                assert_eq!(refused["code"], "bad_input");
                Ok(())
            },
        },
    ]
}

// ---- Procedures.test.ts ----

fn procedure_sessions() -> Vec<Session> {
    vec![
        Session {
            name: "port repair",
            about: "Player B's port repair roll at a minor port: a 2.",
            table_reads: false,
            play: |r| {
                let roll = r.expect(
                    r#"{"tool":"port_repair","player":"b","port":"minor"}"#,
                    "procedure_rolled",
                );
                want(
                    roll["roll"]["dice"] == serde_json::json!([2]),
                    "the die rolls a 2",
                )
            },
        },
        Session {
            name: "every form",
            about: "Each procedure once for Player A; the submarine's attack roll is a 6.",
            table_reads: false,
            play: |r| {
                r.expect(
                    r#"{"tool":"shore_batteries","player":"a"}"#,
                    "procedure_rolled",
                );
                r.expect(
                    r#"{"tool":"damage_control","player":"a","damaged_boxes":3}"#,
                    "procedure_rolled",
                );
                let ap = r.expect(
                    r#"{"tool":"always_possible","player":"a","highest_roll":5,"needed":6}"#,
                    "procedure_rolled",
                );
                assert_eq!(ap["roll"]["dice"].as_array().map(Vec::len), Some(2), "{ap}");
                r.expect(r#"{"tool":"automatic_disengagement","player":"a","max_sighting":5,"range":3,"night":true,"speed_advantage":true}"#, "procedure_rolled");
                let sub = r.expect(
                    r#"{"tool":"submarine_attack","player":"a","target_moved_two":true}"#,
                    "procedure_rolled",
                );
                r.expect(
                    r#"{"tool":"asw","player":"a","escorts":8,"before_1918":true}"#,
                    "procedure_rolled",
                );
                r.expect(
                    r#"{"tool":"sub_versus_sub","player":"a"}"#,
                    "procedure_rolled",
                );
                r.expect(r#"{"tool":"mine_sweep","player":"a"}"#, "procedure_rolled");
                want(
                    sub["roll"]["dice"] == serde_json::json!([6]),
                    "the submarine rolls a 6",
                )
            },
        },
        Session {
            name: "always possible refused",
            about: "Always Possible with a highest roll of 6 for a 6: refused (roll normally).",
            table_reads: false,
            play: |r| {
                r.expect(
                    r#"{"tool":"always_possible","player":"a","highest_roll":6,"needed":6}"#,
                    "error",
                );
                Ok(())
            },
        },
    ]
}

// ---- RandomEvents.test.ts ----

fn event_sessions() -> Vec<Session> {
    vec![
        Session {
            name: "strategic",
            about: "Player B rolls 1 and 3 on the strategic events table: Erroneous Report, the side die (3) strikes the Central Powers.",
            table_reads: false,
            play: |r| {
                let e = r.expect(r#"{"tool":"roll_event","player":"b","table":"strategic"}"#, "event_rolled");
                want(e["roll"]["dice"] == serde_json::json!([1, 3]) && e["roll"]["side_die"] == 3, "the dice roll 1 and 3, the side die 3")
            },
        },
        Session {
            name: "side die",
            about: "Player A rolls 1 and 1 on the tactical table: an entry for one side, the side die 5 picks the Allies.",
            table_reads: false,
            play: |r| {
                let e = r.expect(r#"{"tool":"roll_event","player":"a","table":"tactical"}"#, "event_rolled");
                want(e["roll"]["dice"] == serde_json::json!([1, 1]) && e["roll"]["side_die"] == 5, "the dice roll 1 and 1, the side die 5")
            },
        },
    ]
}

// ---- SdrCharts.test.ts ----

fn sdr_chart_sessions() -> Vec<Session> {
    vec![
        Session {
            name: "german",
            about: "The German victory conditions for SDR 3.",
            table_reads: false,
            play: |r| {
                r.expect(
                    r#"{"tool":"victory_conditions","side":"german","sdr":3}"#,
                    "victory_conditions",
                );
                Ok(())
            },
        },
        Session {
            name: "british",
            about: "The British victory conditions for SDR 6.",
            table_reads: false,
            play: |r| {
                r.expect(
                    r#"{"tool":"victory_conditions","side":"british","sdr":6}"#,
                    "victory_conditions",
                );
                Ok(())
            },
        },
        Session {
            name: "what if",
            about: "The What-If chart for the French fleet at SDR 7.",
            table_reads: false,
            play: |r| {
                r.expect(r#"{"tool":"what_if","fleet":"french","sdr":7}"#, "what_if");
                Ok(())
            },
        },
    ]
}

/// Every transcript file: its name, what it is for, its sessions.
fn files() -> Vec<(&'static str, &'static str, Vec<Session>)> {
    vec![
        ("secret_die_roll.json", "SecretDieRoll.test.ts: secret die rolls drawn, peeked at, revealed, checked, put back.", sdr_sessions()),
        ("table_tools.json", "TableTools.test.ts: the tools screen, and a whole session on the shared screen.", table_tools_sessions()),
        ("tools_door.json", "toolsDoor.test.ts: the shared screen's table view.", tools_door_sessions()),
        ("player_secrets.json", "PlayerSecrets.test.ts: hold-to-peek.", player_secrets_sessions()),
        ("fleet_charts.json", "FleetCharts.test.ts: hidden Fleet Charts (seed 002).", fleet_sessions()),
        ("search.json", "Search.test.ts: double-blind search (seed 001).", search_sessions()),
        ("calculators.json", "Calculators.test.ts: the calculators (seeds 003-004).", calculator_sessions()),
        ("procedures.json", "Procedures.test.ts: the rule dice (seeds 003-004).", procedure_sessions()),
        ("random_events.json", "RandomEvents.test.ts: random events (seed 004).", event_sessions()),
        ("sdr_charts.json", "SdrCharts.test.ts: the victory conditions and What-If charts (seed 001).", sdr_chart_sessions()),
    ]
}

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR)
}

fn committed() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(committed_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".json") {
            out.insert(
                name,
                std::fs::read_to_string(entry.path()).expect("readable"),
            );
        }
    }
    out
}

#[test]
fn ui_tool_transcripts_are_real_core_answers() {
    let fresh: BTreeMap<String, String> = files()
        .into_iter()
        .map(|(name, about, sessions)| (name.to_string(), file_text(about, &sessions)))
        .collect();
    let existing = committed();
    if std::env::var_os("UPDATE_UI_FIXTURES").is_some() {
        std::fs::create_dir_all(committed_dir()).expect("create the transcripts folder");
        for name in existing.keys().filter(|n| !fresh.contains_key(*n)) {
            std::fs::remove_file(committed_dir().join(name))
                .expect("remove a transcript no longer generated");
        }
        for (name, text) in &fresh {
            if existing.get(name) != Some(text) {
                std::fs::write(committed_dir().join(name), text).expect("write a transcript");
            }
        }
        return;
    }
    let stale: Vec<&String> = fresh
        .keys()
        .filter(|n| existing.get(*n) != fresh.get(*n))
        .collect();
    let extra: Vec<&String> = existing
        .keys()
        .filter(|n| !fresh.contains_key(*n))
        .collect();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "ui/src/test/fixtures/tools is stale (changed or missing: {stale:?}; no longer generated: {extra:?}). \
         Run `{COMMAND}`, check the UI tests (`npm run --silent test:ui`) and commit the result."
    );
}
