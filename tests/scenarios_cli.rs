//! Whole scenarios of every Orders marker played to the end through the `referee` program (the JSON-lines
//! protocol), choosing among the legal actions with a seeded chooser, with the log checked at key steps.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

struct Referee {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Referee {
    fn start(seed: u64) -> Referee {
        let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(["--seed", &seed.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("referee starts");
        let out = BufReader::new(child.stdout.take().unwrap());
        Referee { child, out }
    }

    fn send(&mut self, action: &Value) -> Value {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{action}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        self.out.read_line(&mut line).unwrap();
        serde_json::from_str(&line).expect("one JSON object per line")
    }
}

impl Drop for Referee {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// A small seeded generator for the chooser (the test's own, independent of the referee's dice).
struct Chooser(u64);
impl Chooser {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn play(orders: &str, seed: u64) -> (Value, Vec<Value>) {
    play_preferring(orders, seed, &[])
}

/// Plays like `play`, but picks among the legal actions of the kinds in `keen` whenever there are any.
fn play_preferring(orders: &str, seed: u64, keen: &[&str]) -> (Value, Vec<Value>) {
    let mut referee = Referee::start(seed);
    let mut chooser = Chooser(seed ^ 0x9e37_79b9);
    let mut r =
        referee.send(&json!({"action": "new_game", "seed": seed, "options": {"orders": orders}}));
    assert_eq!(r["ok"], true, "{r}");
    let last_turn = r["view"]["last_turn"].as_u64().unwrap();
    for _ in 0..5000 {
        let view = &r["view"];
        if !view["game_over"].is_null() {
            break;
        }
        assert!(
            view["turn"].as_u64().unwrap() <= last_turn,
            "4.0: no turn after the last"
        );
        let legal: Vec<Value> = view["decisions"]
            .as_array()
            .expect("decisions")
            .iter()
            .map(|d| d["action"].clone())
            .collect();
        assert!(
            !legal.is_empty(),
            "a running game always offers a decision (phase {})",
            view["phase"]
        );
        let eager: Vec<&Value> = legal
            .iter()
            .filter(|a| keen.contains(&a["action"].as_str().unwrap_or("")))
            .collect();
        let action = if eager.is_empty() {
            legal[chooser.pick(legal.len())].clone()
        } else {
            eager[chooser.pick(eager.len())].clone()
        };
        r = referee.send(&action);
        assert_eq!(
            r["ok"], true,
            "a listed legal action was refused: {action} → {}",
            r["error"]
        );
    }
    assert!(
        !r["view"]["game_over"].is_null(),
        "{orders}: the game did not end"
    );
    let log = referee.send(&json!({"action": "log"}));
    (
        r["view"].clone(),
        log["log"].as_array().expect("log entries").clone(),
    )
}

fn events_of<'a>(log: &'a [Value], kind: &str) -> Vec<&'a Value> {
    log.iter().filter(|e| e["event"]["event"] == kind).collect()
}

#[test]
fn every_orders_marker_plays_to_the_end_with_a_readable_log() {
    let pack = goeben_referee::RulesPack::standard();
    for (i, orders) in pack.orders.iter().enumerate() {
        for seed in [11u64, 12, 13] {
            let seed = seed * 100 + i as u64;
            let (view, log) = play(&orders.id, seed);
            let started = events_of(&log, "game_started");
            assert_eq!(started.len(), 1);
            assert_eq!(
                started[0]["event"]["orders"],
                orders.id.as_str(),
                "3.0 step 5: the chosen Orders"
            );
            assert_eq!(
                view["last_turn"], orders.days,
                "Orders Chart: scenario length"
            );
            // Every turn played has its turn-start entry and, for each turn that reached it, incident picks.
            let turns = events_of(&log, "turn_started").len() as u64;
            assert!(turns >= 1 && turns <= orders.days as u64);
            assert!(
                events_of(&log, "incidents_picked").len() as u64 >= turns - 1,
                "13.0 every turn picks"
            );
            let ended = events_of(&log, "game_ended");
            assert_eq!(ended.len(), 1, "one end of game");
            assert_eq!(ended[0]["event"]["won"], view["game_over"]["won"]);
            // Every entry carries a readable text, and die rolls name their rule.
            for entry in &log {
                assert!(!entry["text"].as_str().unwrap().is_empty());
            }
            for roll in events_of(&log, "dice_rolled") {
                assert!(!roll["rule"].as_str().unwrap().is_empty(), "{roll}");
            }
            // After the end nothing is legal.
            assert!(view["decisions"].as_array().unwrap().is_empty());
        }
    }
}

#[test]
fn seeded_games_with_battles_are_fought_by_the_referee_to_the_end() {
    // A player who seeks battle: draws incidents, makes contact, fires and launches torpedoes (and, with
    // the First Salvo, fights or breaks off at random).
    let keen = ["resolve_incidents", "contact", "fire_orders", "torpedoes"];
    let (mut salvos, mut allied_fire, mut tallied) = (0, 0, 0);
    for seed in 1..=12u64 {
        let (view, log) = play_preferring("raid_french_convoys", seed, &keen);
        assert!(!view["game_over"].is_null());
        let rolls = events_of(&log, "dice_rolled");
        salvos += rolls
            .iter()
            .filter(|e| e["event"]["rule"] == "14.5")
            .count();
        allied_fire += rolls
            .iter()
            .filter(|e| e["event"]["rule"] == "14.11")
            .count();
        tallied += events_of(&log, "vp_changed")
            .iter()
            .filter(|e| e["event"]["rule"].as_str().unwrap().starts_with("14.14"))
            .count();
        // Every battle that opened reached its end: nothing of combat is left open when the game ends.
        assert!(view["game"]["pending"].as_array().unwrap().is_empty());
    }
    assert!(
        salvos > 20,
        "German gunfire rolled by the referee: {salvos}"
    );
    assert!(
        allied_fire > 20,
        "Allied fire rolled by the referee: {allied_fire}"
    );
    assert!(tallied > 0, "victory points tallied at the end of battles");
}

#[test]
fn rule_24_0_whole_campaigns_with_every_optional_rule_reach_a_verdict() {
    let mut verdicts = Vec::new();
    for seed in [3u64, 4, 5, 6, 7, 8, 9, 10] {
        // Half the campaigns with all four German ships (19.0: they start at −50 VP, so a random player
        // mostly ends its first mission in disgrace), half with the standard task force.
        let fleet = if seed % 2 == 0 {
            "all_four"
        } else {
            "standard"
        };
        let options = json!({"campaign": true, "night_combat": true, "seaplanes": true, "variable_deployment": true, "fleet": fleet, "mines": true, "austro_hungarian": true, "roles": "task_force_officers"});
        let mut referee = Referee::start(seed);
        let mut chooser = Chooser(seed ^ 0x51);
        let mut r = referee.send(&json!({"action": "new_game", "seed": seed, "options": options}));
        assert_eq!(r["ok"], true, "{r}");
        let mut missions = 1;
        let mut previous_used = 0;
        for _ in 0..60_000 {
            let view = &r["view"];
            let campaign = &view["game"]["campaign"];
            if !campaign["verdict"].is_null() {
                break;
            }
            let legal: Vec<Value> = view["decisions"]
                .as_array()
                .expect("decisions")
                .iter()
                .map(|d| d["action"].clone())
                .collect();
            assert!(
                !legal.is_empty(),
                "a campaign always offers a decision until its verdict (phase {})",
                view["phase"]
            );
            let keen: Vec<&Value> = legal
                .iter()
                .filter(|a| {
                    [
                        "resolve_incidents",
                        "contact",
                        "fire_orders",
                        "next_mission",
                    ]
                    .contains(&a["action"].as_str().unwrap())
                })
                .collect();
            let action = if keen.is_empty() {
                legal[chooser.pick(legal.len())].clone()
            } else {
                keen[chooser.pick(keen.len())].clone()
            };
            let next = action["action"] == "next_mission";
            r = referee.send(&action);
            assert_eq!(
                r["ok"], true,
                "a listed legal action was refused: {action} → {}",
                r["error"]
            );
            if next {
                missions += 1;
                let c = &r["view"]["game"]["campaign"];
                assert_eq!(c["mission"], missions, "24.0: missions are numbered on");
                let used = c["used_orders"].as_array().unwrap().len();
                assert!(
                    used > previous_used,
                    "24.0: the played Orders marker leaves the game"
                );
                previous_used = used;
                let results = c["results"].as_array().unwrap();
                let successes = results.iter().filter(|m| m["won"] == true).count() as u64;
                assert_eq!(
                    r["view"]["alert_level"].as_u64().unwrap(),
                    (successes + 1).min(6),
                    "24.1 step 5"
                );
                assert_eq!(
                    r["view"]["phase"], "setup",
                    "3.0 again for the next mission"
                );
                let orders = r["view"]["game"]["orders"]["id"].as_str().unwrap();
                assert!(
                    !c["used_orders"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|u| u == orders),
                    "never a played mission again"
                );
            }
        }
        let verdict = r["view"]["game"]["campaign"]["verdict"]
            .as_str()
            .expect("24.5: a verdict")
            .to_string();
        assert!(r["view"]["decisions"].as_array().unwrap().is_empty());
        verdicts.push((missions, verdict));
    }
    eprintln!("campaigns: {verdicts:?}");
    assert!(
        verdicts.iter().any(|(m, _)| *m > 1),
        "some campaign went past its first mission: {verdicts:?}"
    );
}
