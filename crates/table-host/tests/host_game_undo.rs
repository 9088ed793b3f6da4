//! A game table offers the app's undo and corrections from the commanding
//! seat only (25.0 (1) the Commander "makes final decisions"; 25.0 (2) the senior commander present), undo
//! still stopping where the core stops it (a die or a reveal) and every correction logged; and with the
//! optional ships of 19.0 (Moltke, Stralsund) every ship's commander has a seat, offered only that ship's
//! decisions. Real HTTP on loopback.

use crate::support;

use goeben_referee::ground::state::{Fleet, GameOptions, Roles};
use goeben_referee::Session;
use goeben_table_host::game;
use goeben_table_host::store::Store;
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use serde_json::Value;
use support::*;

fn start(roles: Roles, fleet: Fleet, seed: u64) -> Running {
    let session = game::new_game_with(
        GameOptions {
            roles,
            fleet,
            ..GameOptions::default()
        },
        seed,
    )
    .expect("the game starts");
    let seats = game::game_seats_for(&session, roles, true);
    let table = Table::game(session, roles, seats, roomy());
    Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 2)
        .expect("the host starts")
}

fn session(running: &Running) -> Session {
    running.host.tables()[0]
        .game_session()
        .expect("a game table")
}

/// The game's whole state as saved: what "changed nothing" and "back as it was" compare.
fn saved(running: &Running) -> String {
    serde_json::to_string(&session(running)).unwrap()
}

/// The game a player sees (not the log, the undo status or the decisions): what an undo must put back.
fn game_part(running: &Running) -> Value {
    let answer = session(running).respond(goeben_referee::Request::Session(
        goeben_referee::SessionRequest::View,
    ));
    let line: Value =
        serde_json::from_str(&goeben_referee::api::protocol::to_line(&answer)).unwrap();
    let mut game = line["view"]["game"].clone();
    // The log's length counts the undo's own entry: the log keeps what was taken back.
    game.as_object_mut().unwrap().remove("log_len");
    game
}

fn view(running: &Running, seat: usize) -> Value {
    let reply = post(
        running,
        &code(running, 0, seat),
        r#"{"action":"view"}"#,
        None,
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["view"].clone()
}

/// The decisions `seat` is offered now.
fn offered(running: &Running, seat: usize) -> Vec<Value> {
    view(running, seat)["decisions"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

const UNDO: &str = r#"{"action":"undo"}"#;

#[test]
fn issue_34_the_commander_undoes_before_a_die_and_is_refused_after_one() {
    // 25.0 (1): Commander 0, First Officer 1, Gunnery Officer 2, Engineer 3, display 4.
    let running = start(Roles::TaskForceOfficers, Fleet::Standard, 25);
    let before = game_part(&running);
    // A decision that rolls nothing (setup: buying Crew & Gear, 8.0), the Commander's call.
    let calm = offered(&running, 0)
        .into_iter()
        .find(|d| d["barrier"].is_null())
        .expect("a decision without a die at the start");
    let moved = post(
        &running,
        &code(&running, 0, 0),
        &calm["action"].to_string(),
        Some("m1"),
    );
    assert_eq!(
        (moved.status, &moved.json()["ok"]),
        (200, &Value::Bool(true)),
        "{}",
        moved.body
    );
    assert_ne!(game_part(&running), before, "the move changed the game");
    assert_eq!(
        view(&running, 0)["undo_status"]["allowed"],
        true,
        "the Commander's view offers undo"
    );
    for seat in 1..=3 {
        assert_eq!(
            view(&running, seat)["undo_status"]["allowed"],
            false,
            "seat {seat}'s view does not"
        );
    }

    // No other seat undoes: 403, nothing changed (the display: the same).
    let moved_state = saved(&running);
    for seat in 1..=4 {
        let refused = post(&running, &code(&running, 0, seat), UNDO, None);
        assert_eq!(refused.status, 403, "seat {seat}: {}", refused.body);
        assert_eq!(
            saved(&running),
            moved_state,
            "seat {seat}'s undo changed nothing"
        );
    }
    assert!(
        post(&running, &code(&running, 0, 3), UNDO, None).json()["message"]
            .as_str()
            .unwrap()
            .contains("undo is the Commander seat's")
    );

    // The Commander's undo puts the game back as it was before the move, and says so in the log.
    let undone = post(&running, &code(&running, 0, 0), UNDO, Some("u1"));
    assert_eq!(
        (undone.status, &undone.json()["ok"]),
        (200, &Value::Bool(true)),
        "{}",
        undone.body
    );
    assert_eq!(game_part(&running), before, "undo restored the game");
    assert!(
        session(&running)
            .log()
            .last()
            .unwrap()
            .text
            .to_lowercase()
            .contains("undo"),
        "the undo is logged"
    );
    // Retried with its key, it is not applied twice.
    let log_len = session(&running).log().len();
    assert_eq!(
        post(&running, &code(&running, 0, 0), UNDO, Some("u1")).body,
        undone.body
    );
    assert_eq!(session(&running).log().len(), log_len);

    // On to a decision that rolls or reveals; taken by its decider, it cannot be undone (the core.s
    // barrier): the Commander's undo is refused and changes nothing.
    let seats = running.host.tables()[0].seats().to_vec();
    let mut rolled = None;
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    for step in 0..200 {
        let full = session(&running).view();
        let decisions = &full.decisions;
        if decisions.is_empty() {
            break;
        }
        // The first decision that rolls or reveals, else the end of the phase, else any (setup's
        // choices first).
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let any = &decisions[(rng % decisions.len() as u64) as usize];
        let pick = decisions
            .iter()
            .find(|d| d.barrier.is_some())
            .or_else(|| {
                decisions
                    .iter()
                    .find(|d| matches!(d.action, goeben_referee::Action::EndPhase))
            })
            .unwrap_or(any);
        let (decider, who) = game::decider(
            session(&running).pack(),
            Roles::TaskForceOfficers,
            &seats,
            &pick.action,
            &game::presence(&session(&running)),
        );
        let decider = decider.unwrap_or_else(|| panic!("step {step}: nobody decides ({who})"));
        let body =
            serde_json::to_string(&goeben_referee::Request::Move(pick.action.clone())).unwrap();
        let reply = post(
            &running,
            &code(&running, 0, decider),
            &body,
            Some(&format!("s{step}")),
        );
        assert_eq!(
            (reply.status, &reply.json()["ok"]),
            (200, &Value::Bool(true)),
            "step {step}: {}",
            reply.body
        );
        if pick.barrier.is_some() {
            rolled = Some(pick.label.clone());
            break;
        }
    }
    let rolled = rolled.expect("a decision that rolls within 200 steps");
    let after_die = saved(&running);
    let refused = post(&running, &code(&running, 0, 0), UNDO, None);
    assert_eq!(
        refused.status, 200,
        "a refusal of the rules is the core's answer"
    );
    let refused = refused.json();
    assert_eq!(
        (&refused["ok"], &refused["error"]["code"]),
        (&Value::Bool(false), &Value::from("undo_barrier")),
        "after {rolled}: {refused}"
    );
    assert_eq!(
        saved(&running),
        after_die,
        "the refused undo changed nothing"
    );
    println!("issue #34 item 8: undo refused after \"{rolled}\"");
}

#[test]
fn issue_34_corrections_are_the_commanders_and_logged() {
    let running = start(Roles::TaskForceOfficers, Fleet::Standard, 26);
    let correct = r#"{"action":"correct","correction":{"kind":"vp","vp":7}}"#;
    let before = saved(&running);
    for seat in 1..=4 {
        let refused = post(&running, &code(&running, 0, seat), correct, None);
        assert_eq!(refused.status, 403, "seat {seat}: {}", refused.body);
        assert_eq!(
            saved(&running),
            before,
            "seat {seat}'s correction changed nothing"
        );
    }
    assert!(
        post(&running, &code(&running, 0, 1), correct, None).json()["message"]
            .as_str()
            .unwrap()
            .contains("corrections are the Commander seat's")
    );
    let applied = post(&running, &code(&running, 0, 0), correct, Some("c1"));
    assert_eq!(
        (applied.status, &applied.json()["ok"]),
        (200, &Value::Bool(true)),
        "{}",
        applied.body
    );
    assert_eq!(
        view(&running, 2)["vp"],
        7,
        "every seat sees the corrected VP"
    );
    let last = session(&running).log().last().cloned().unwrap();
    assert!(
        last.text.starts_with("Correction:") && last.text.contains('7'),
        "logged with old and new value: {}",
        last.text
    );
    // A bad correction is refused by the core and changes nothing.
    let now = saved(&running);
    let bad = post(
        &running,
        &code(&running, 0, 0),
        r#"{"action":"correct","correction":{"kind":"alert_level","level":99}}"#,
        None,
    )
    .json();
    assert_eq!(bad["ok"], false, "{bad}");
    assert_eq!(saved(&running), now);
}

/// The ship a decision belongs to (25.0 (2)): its `ship`, a transfer's `from`, a contact's `leader`.
fn ship_of(action: &Value) -> Option<String> {
    ["ship", "from", "leader"]
        .iter()
        .find_map(|k| action[*k].as_str().map(str::to_string))
}

#[test]
fn issue_34_19_0_every_ship_of_the_fleet_has_its_commander_offered_only_its_own_ships_decisions() {
    // 19.0 "all four German warships": Goeben, Moltke, Breslau, Stralsund; 25.0 (2) precedence order.
    let running = start(Roles::ShipCommanders, Fleet::AllFour, 27);
    let names: Vec<String> = running.host.tables()[0]
        .seats()
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(
        names,
        [
            "SMS Goeben",
            "SMS Moltke",
            "SMS Breslau",
            "SMS Stralsund",
            "display"
        ]
    );
    let ships = ["goeben", "moltke", "breslau", "stralsund"];
    let mut seen = [0usize; 4];
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    for step in 0..40 {
        let full = session(&running).view();
        if full.decisions.is_empty() || full.game_over.is_some() {
            break;
        }
        let mut all = 0;
        for (seat, ship) in ships.iter().enumerate() {
            for d in offered(&running, seat) {
                match ship_of(&d["action"]) {
                    Some(own) => assert_eq!(
                        &own, ship,
                        "step {step}: {} offered {}",
                        names[seat], d["action"]
                    ),
                    // A decision of no ship: the senior commander present's (Goeben's).
                    None => assert_eq!(
                        seat, 0,
                        "step {step}: {} offered {}",
                        names[seat], d["action"]
                    ),
                }
                seen[seat] += 1;
                all += 1;
            }
        }
        assert!(
            offered(&running, 4).is_empty(),
            "the display is offered nothing"
        );
        assert_eq!(
            all,
            full.decisions.len(),
            "step {step}: every decision is some seat's"
        );
        // Another ship's decision from this seat is refused.
        if let Some(d) = offered(&running, 1).first() {
            assert_eq!(
                post(
                    &running,
                    &code(&running, 0, 3),
                    &d["action"].to_string(),
                    None
                )
                .status,
                403,
                "Stralsund's commander sends Moltke's {}",
                d["action"]
            );
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let pick = &full.decisions[(rng % full.decisions.len() as u64) as usize];
        let seats = running.host.tables()[0].seats().to_vec();
        let decider = game::decider(
            session(&running).pack(),
            Roles::ShipCommanders,
            &seats,
            &pick.action,
            &game::presence(&session(&running)),
        )
        .0
        .expect("a seat decides");
        let body =
            serde_json::to_string(&goeben_referee::Request::Move(pick.action.clone())).unwrap();
        let reply = post(&running, &code(&running, 0, decider), &body, None);
        assert_eq!(
            (reply.status, &reply.json()["ok"]),
            (200, &Value::Bool(true)),
            "step {step}: {}",
            reply.body
        );
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every commander was offered decisions: {seen:?}"
    );

    // 19.0 Moltke in Goeben's place: Moltke's commander is the senior one, and undoes.
    let running = start(Roles::ShipCommanders, Fleet::Moltke, 28);
    let names: Vec<String> = running.host.tables()[0]
        .seats()
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(names, ["SMS Moltke", "SMS Breslau", "display"]);
    assert_eq!(
        post(&running, &code(&running, 0, 1), UNDO, None).status,
        403
    );
    assert_eq!(
        post(&running, &code(&running, 0, 0), UNDO, None).json()["error"]["code"],
        "nothing_to_undo"
    );
}

#[test]
fn issue_34_a_kept_19_0_table_reopens_with_its_commanders() {
    let dir = std::env::temp_dir().join(format!("goeben-host-fleet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("table.json");
    let _ = std::fs::remove_file(&path);
    let new = || {
        game::new_game_with(
            GameOptions {
                roles: Roles::ShipCommanders,
                fleet: Fleet::Stralsund,
                ..GameOptions::default()
            },
            29,
        )
        .unwrap()
    };
    let session = new();
    let seats = game::game_seats_for(&session, Roles::ShipCommanders, false);
    let (table, restored) = Table::game_kept_in(
        Store::new(&path),
        session,
        Roles::ShipCommanders,
        seats,
        roomy(),
    )
    .unwrap();
    assert!(!restored);
    let names: Vec<String> = table.seats().iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, ["SMS Goeben", "SMS Breslau", "SMS Stralsund"]);
    let codes: Vec<String> = table
        .seats()
        .iter()
        .map(|s| s.code().as_str().to_string())
        .collect();
    drop(table);
    let session = new();
    let seats = game::game_seats_for(&session, Roles::ShipCommanders, false);
    let (table, restored) = Table::game_kept_in(
        Store::new(&path),
        session,
        Roles::ShipCommanders,
        seats,
        roomy(),
    )
    .unwrap();
    assert!(restored, "the same table");
    assert_eq!(
        table
            .seats()
            .iter()
            .map(|s| s.code().as_str().to_string())
            .collect::<Vec<_>>(),
        codes
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 8 (the game already running): a game under way — moves made, a die rolled — opens to
/// seats as it is: the seats see its turn, VP and log, not a new game's, and its roles and fleet seat it;
/// its undo barrier stays where it was. A game of one player, or no game, is refused with why.
#[test]
fn issue_34_a_game_already_running_opens_to_seats_as_it_is() {
    let mut session = game::new_game_with(
        GameOptions {
            roles: Roles::ShipCommanders,
            fleet: Fleet::Stralsund,
            ..GameOptions::default()
        },
        30,
    )
    .unwrap();
    // Played on the app's own screen until a decision rolls a die.
    let mut rng = 0x1234_5678_9abc_def1_u64;
    let mut rolled = false;
    for _ in 0..200 {
        let decisions = session.view().decisions;
        if decisions.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let any = &decisions[(rng % decisions.len() as u64) as usize];
        let pick = decisions
            .iter()
            .find(|d| d.barrier.is_some())
            .unwrap_or(any)
            .clone();
        assert!(
            session
                .respond(goeben_referee::Request::Move(pick.action.clone()))
                .ok
        );
        if pick.barrier.is_some() {
            rolled = true;
            break;
        }
    }
    assert!(rolled, "the game under way rolled a die");
    let log_len = session.log().len();
    let whole = serde_json::to_string(&session).unwrap();
    let table = Table::running(session, true, roomy()).expect("a game of 25.0 roles opens");
    let names: Vec<String> = table.seats().iter().map(|s| s.name.clone()).collect();
    assert_eq!(
        names,
        ["SMS Goeben", "SMS Breslau", "SMS Stralsund", "display"],
        "its own fleet's commanders (19.0)"
    );
    assert_eq!(
        serde_json::to_string(&table.game_session().unwrap()).unwrap(),
        whole,
        "the same game, nothing started anew"
    );
    let running =
        Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 1).unwrap();
    let seen = view(&running, 2);
    assert_eq!(
        seen["game"]["log_len"], log_len as u64,
        "the seats see the game's history"
    );
    // Its die cannot be taken back from the table either.
    assert_eq!(
        post(&running, &code(&running, 0, 0), UNDO, None).json()["error"]["code"],
        "undo_barrier"
    );

    // Refused: one player's game, and no game.
    let solo = game::new_game_with(GameOptions::default(), 31).unwrap();
    assert!(Table::running(solo, false, roomy())
        .err()
        .unwrap()
        .contains("one player"));
    let none = Session::new(goeben_referee::RulesPack::standard(), 32);
    assert!(Table::running(none, false, roomy())
        .err()
        .unwrap()
        .contains("no game is running"));
}

/// `table_host --game --fleet all_four --seats 4`: the four commanders of 19.0's whole fleet (25.0 (2));
/// a number of seats the fleet does not have is refused (exit 2) naming its ships.
#[test]
fn issue_34_table_host_fleet_seats_the_commanders_of_19_0() {
    let mut host = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--game",
        "--fleet",
        "all_four",
        "--seats",
        "4",
        "--seed",
        "5",
    ]);
    let (addr, seats) = announced(&host.line());
    let names: Vec<&str> = seats.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["SMS Goeben", "SMS Moltke", "SMS Breslau", "SMS Stralsund"]
    );
    let info = send(addr, "GET", &format!("/api/{}", seats[3].1), &[], b"").json();
    assert_eq!(
        (&info["role"], &info["game"]),
        (&Value::from("SMS Stralsund"), &Value::Bool(true))
    );
    let view = send(
        addr,
        "POST",
        &format!("/api/{}", seats[1].1),
        &[],
        br#"{"action":"view"}"#,
    )
    .json();
    assert_eq!(view["view"]["game"]["options"]["fleet"], "all_four");
    let offered = view["view"]["decisions"].as_array().unwrap();
    assert!(
        !offered.is_empty() && offered.iter().all(|d| d["action"]["ship"] == "moltke"),
        "Moltke's commander: Moltke's decisions (8.0 setup)"
    );
    assert_eq!(host.command("close")["command"], "close");
    assert_eq!(host.exit_code(std::time::Duration::from_secs(15)), Some(0));

    let mut refused = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--game",
        "--fleet",
        "stralsund",
        "--seats",
        "2",
    ]);
    assert_eq!(
        refused.exit_code(std::time::Duration::from_secs(15)),
        Some(2)
    );
    assert!(refused.stderr().contains("goeben, breslau, stralsund"));
}
