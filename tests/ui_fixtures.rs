//! The UI tests' game fixtures (`ui/src/test/fixtures/*.json`) are real referee answers, never written by
//! hand: each is what the protocol (`handle_line`, the `referee` CLI's path) answered at a point of a
//! scripted, seeded session. This test plays those sessions again and fails when a committed fixture
//! differs from what the core answers now.
//! To refresh them after a deliberate change: `UPDATE_UI_FIXTURES=1 cargo test --test suite ui_fixtures::`.
//!
//! - `new_game.json`: the answer to new game (seed 7), in Setup.
//! - `setup_done.json`: the answer to placing the collier: the Outfitting phase of turn 1.
//! - `movement.json`: the same game two `end_phase`s later: the Movement phase, the ships at Messina.
//! - `intelligence.json`: a game with the take-backs house rule, coal rolled in Outfitting (a point of no
//!   return), then the Intelligence phase.
//! - `battle.json`: a German ship (SMS Goeben) owes its fire orders in a battle; found by playing seeded
//!   games with a fixed policy that prefers contact and fighting (the first seed that gets there).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use goeben_referee::api::protocol::handle_line;
use goeben_referee::{Response, RulesPack, Session};
use serde::Serialize;
use serde_json::{json, Value};

const DIR: &str = "ui/src/test/fixtures";
const COMMAND: &str = "UPDATE_UI_FIXTURES=1 cargo test --test suite ui_fixtures::";

/// A session driven through the protocol, one JSON line per request, as the CLI and the app send them.
struct Script {
    session: Session,
}

impl Script {
    fn new(session_seed: u64) -> Script {
        Script {
            session: Session::new(RulesPack::standard(), session_seed),
        }
    }

    /// Sends one request; the script must only send requests the referee accepts.
    fn send(&mut self, request: Value) -> Response {
        let line = request.to_string();
        let response = handle_line(&mut self.session, &line);
        assert!(
            response.ok,
            "the referee refused {line}: {:?}",
            response.error
        );
        response
    }
}

/// The fixture's text: the response as the protocol serialises it (same field order), one-space indent.
fn text(response: &Response) -> String {
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(
        &mut out,
        serde_json::ser::PrettyFormatter::with_indent(b" "),
    );
    response
        .serialize(&mut serializer)
        .expect("a response serialises");
    out.push(b'\n');
    String::from_utf8(out).expect("JSON is UTF-8")
}

fn value(response: &Response) -> Value {
    serde_json::to_value(response).expect("a response serialises")
}

/// New game with seed 7, the collier placed at sea, on to the Movement phase.
fn first_turn(fixtures: &mut BTreeMap<&'static str, String>) {
    let mut s = Script::new(1);
    let started = s.send(json!({"action": "new_game", "seed": 7}));
    assert_eq!(value(&started)["view"]["phase"], "setup");
    fixtures.insert("new_game.json", text(&started));
    let placed = s.send(json!({"action": "place_collier", "to": {"kind": "high_seas", "zone": "western_med", "label": ""}}));
    assert_eq!(value(&placed)["view"]["phase"], "outfitting");
    fixtures.insert("setup_done.json", text(&placed));
    s.send(json!({"action": "end_phase"}));
    let movement = s.send(json!({"action": "end_phase"}));
    assert_eq!(value(&movement)["view"]["phase"], "movement");
    fixtures.insert("movement.json", text(&movement));
}

/// The take-backs house rule on; coal rolled at Messina (the ships' bunkers are full, the points are
/// lost); then the Intelligence phase.
fn take_backs_game(fixtures: &mut BTreeMap<&'static str, String>) {
    let mut s = Script::new(2);
    s.send(json!({"action": "new_game", "seed": 7, "options": {"take_backs": true}}));
    s.send(json!({"action": "place_collier", "to": {"kind": "place", "id": "malta_pz"}}));
    s.send(json!({"action": "resupply", "space": {"kind": "place", "id": "messina"}, "supply": "coal"}));
    s.send(json!({"action": "distribute", "shares": []}));
    let intelligence = s.send(json!({"action": "end_phase"}));
    assert_eq!(value(&intelligence)["view"]["phase"], "intelligence");
    assert_eq!(
        value(&intelligence)["view"]["game"]["options"]["take_backs"],
        true
    );
    fixtures.insert("intelligence.json", text(&intelligence));
}

/// Whether the answer has SMS Goeben owing fire orders in a naval battle (not a bombardment) whose fire
/// options are listed.
fn owes_fire_orders(view: &Value) -> bool {
    let Some(pending) = view["game"]["pending"].get(0) else {
        return false;
    };
    let fight = view["game"]["combat"]
        .as_array()
        .and_then(|c| c.iter().find(|b| b["stage"] != "over"))
        .filter(|b| b["bombardment"] != true);
    pending["pending"]["kind"] == "fire_orders"
        && pending["pending"]["ship"] == "goeben"
        && fight
            .and_then(|b| b["options"].as_array())
            .is_some_and(|o| o.iter().any(|o| o["maximum_fire"] == true))
}

/// Plays one seeded game with a fixed policy that prefers contact and fighting; the answer where Goeben
/// owes fire orders, if the game gets there.
fn play_to_a_battle(seed: u64) -> Option<Response> {
    let mut s = Script::new(seed);
    let mut response = s.send(
        json!({"action": "new_game", "seed": seed, "options": {"orders": "raid_french_convoys"}}),
    );
    let mut pick = seed | 1;
    for _ in 0..3000 {
        let view = value(&response)["view"].clone();
        if owes_fire_orders(&view) {
            return Some(response);
        }
        let legal: Vec<Value> = view["decisions"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|d| d["action"].clone())
            .collect();
        if !view["game_over"].is_null() || legal.is_empty() {
            return None;
        }
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let keen: Vec<&Value> = legal
            .iter()
            .filter(|a| {
                ["contact", "fight", "resolve_incidents"]
                    .contains(&a["action"].as_str().unwrap_or(""))
            })
            .collect();
        let choices: Vec<&Value> = if keen.is_empty() {
            legal.iter().collect()
        } else {
            keen
        };
        response = s.send(choices[((pick >> 33) % choices.len() as u64) as usize].clone());
    }
    None
}

fn battle(fixtures: &mut BTreeMap<&'static str, String>) {
    let found = (1..400)
        .find_map(play_to_a_battle)
        .expect("a seed below 400 reaches a battle with fire orders");
    fixtures.insert("battle.json", text(&found));
}

/// Whether a battle is still being fought in the view.
fn in_battle(view: &Value) -> bool {
    view["game"]["combat"]
        .as_array()
        .is_some_and(|c| c.iter().any(|b| b["stage"] != "over"))
}

/// One step of a seeded policy under the house rule "I roll the dice": a roll asked for is entered with
/// faces from the policy's own numbers; otherwise as `play_to_a_battle` (contact and fighting first).
fn dice_step(view: &Value, pick: &mut u64) -> Option<Value> {
    let mut next = || {
        *pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *pick >> 33
    };
    if let Some(roll) = view.get("pending_roll").filter(|r| !r.is_null()) {
        let sides = roll["sides"].as_u64().unwrap_or(6).max(1);
        let faces: Vec<u64> = (0..roll["count"].as_u64().unwrap_or(0))
            .map(|_| next() % sides + 1)
            .collect();
        return Some(json!({"action": "enter_dice", "faces": faces}));
    }
    let legal: Vec<Value> = view["decisions"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|d| d["action"].clone())
        .collect();
    if !view["game_over"].is_null() || legal.is_empty() {
        return None;
    }
    let keen: Vec<&Value> = legal
        .iter()
        .filter(|a| {
            ["contact", "fight", "resolve_incidents", "fire_orders"]
                .contains(&a["action"].as_str().unwrap_or(""))
        })
        .collect();
    let choices: Vec<&Value> = if keen.is_empty() {
        legal.iter().collect()
    } else {
        keen
    };
    Some(choices[(next() % choices.len() as u64) as usize].clone())
}

/// A game under "I roll the dice" played to the first fire whose dice the player is asked for: the
/// answer asking for them, the answer once they are entered, and the script to go on with.
fn play_to_a_fire_roll(seed: u64) -> Option<(Response, Response, Script, u64)> {
    let mut s = Script::new(seed);
    let mut response = s.send(json!({"action": "new_game", "seed": seed,
        "options": {"orders": "raid_french_convoys", "player_dice": true}}));
    let mut pick = seed | 1;
    for _ in 0..3000 {
        let view = value(&response)["view"].clone();
        let asked = &view["pending_roll"];
        if asked["asked_by"]["action"] == "fire_orders" && asked["rolls_entered"] == 0 {
            let entry = dice_step(&view, &mut pick)?;
            let entered = s.send(entry);
            return Some((response, entered, s, pick));
        }
        let request = dice_step(&view, &mut pick)?;
        response = s.send(request);
    }
    None
}

/// "I roll the dice": a fire's roll asked for (`pending_roll.json`) and the answer once it is entered
/// (`dice_entered.json`: the next roll asked for, or the roll that may still be corrected).
fn player_dice(fixtures: &mut BTreeMap<&'static str, String>) {
    let (asked, entered, _, _) = (1..400)
        .find_map(play_to_a_fire_roll)
        .expect("a seed below 400 reaches a fire whose dice the player rolls");
    assert!(value(&asked)["view"]["pending_roll"]["count"].as_u64() > Some(0));
    fixtures.insert("pending_roll.json", text(&asked));
    fixtures.insert("dice_entered.json", text(&entered));
}

/// How many taps a battle's dice take on the pad (one per die, one Done per roll), from the first fire
/// roll asked for to the battle's end, for a few seeds. Run with `--ignored --nocapture`.
#[test]
#[ignore]
fn dice_taps_of_a_battle() {
    for (asked, entered, mut s, mut pick) in (1..400).filter_map(play_to_a_fire_roll).take(5) {
        let first = value(&asked)["view"]["pending_roll"].clone();
        let (mut rolls, mut dice) = (1u64, first["count"].as_u64().unwrap_or(0));
        let mut prompts = vec![first["prompt"].to_string()];
        let mut response = entered;
        for _ in 0..500 {
            let view = value(&response)["view"].clone();
            if !in_battle(&view) && view["pending_roll"].is_null() {
                break;
            }
            if let Some(roll) = view.get("pending_roll").filter(|r| !r.is_null()) {
                rolls += 1;
                dice += roll["count"].as_u64().unwrap_or(0);
                prompts.push(roll["prompt"].to_string());
            }
            let Some(request) = dice_step(&view, &mut pick) else {
                break;
            };
            response = s.send(request);
        }
        eprintln!(
            "battle: {rolls} rolls, {dice} dice, {} taps (dice + Done)",
            dice + rolls
        );
        for p in prompts {
            eprintln!("  {p}");
        }
    }
}

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR)
}

/// The committed fixtures: the JSON files directly in the folder (`tools/` holds the table tools' own).
fn committed() -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(committed_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".json") && entry.path().is_file() {
            files.insert(
                name,
                std::fs::read_to_string(entry.path()).expect("readable"),
            );
        }
    }
    files
}

#[test]
fn ui_fixtures_are_real_referee_answers() {
    let mut fresh = BTreeMap::new();
    first_turn(&mut fresh);
    take_backs_game(&mut fresh);
    battle(&mut fresh);
    player_dice(&mut fresh);

    let existing = committed();
    if std::env::var_os("UPDATE_UI_FIXTURES").is_some() {
        std::fs::create_dir_all(committed_dir()).expect("create the fixtures folder");
        for name in existing.keys().filter(|n| !fresh.contains_key(n.as_str())) {
            std::fs::remove_file(committed_dir().join(name))
                .expect("remove a fixture no longer generated");
        }
        for (name, text) in &fresh {
            if existing.get(*name) != Some(text) {
                std::fs::write(committed_dir().join(name), text).expect("write a fixture");
            }
        }
        return;
    }
    let stale: Vec<&&str> = fresh
        .keys()
        .filter(|n| existing.get(**n) != fresh.get(*n))
        .collect();
    let extra: Vec<&String> = existing
        .keys()
        .filter(|n| !fresh.contains_key(n.as_str()))
        .collect();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "{DIR} is stale (changed or missing: {stale:?}; no longer generated: {extra:?}). \
         Run `{COMMAND}`, check the UI tests (`npm run --silent test:ui`) and commit the result."
    );
}
