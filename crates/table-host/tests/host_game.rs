//! Game tables over real HTTP on loopback: a referee game (standard rules) with
//! one seat per 25.0 role. Every seat gets the same player view, which names no counter the player may not
//! know and never the game's salt (the core's own no-leak checks, tests/leak_support); a seat may send only
//! the moves that are its call (`who_decides`) and is offered only those in its view, every other seat's
//! attempt is refused (403) and changes
//! nothing; the session's own requests are the host's; the table display sends `view` only. A random walk
//! through the game plays each legal move from the seat whose call it is. And `table_host --game` runs one.

use crate::support;

#[path = "../../../tests/leak_support/mod.rs"]
mod leak_support;

use std::time::Duration;

use goeben_referee::ground::state::Roles;
use goeben_referee::Session;
use goeben_table_host::game::{self, new_game};
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use serde_json::{json, Value};
use support::*;

fn start_game(roles: Roles, seed: u64) -> Running {
    let session = new_game(roles, seed);
    let seats = game::game_seats(session.pack(), roles, true);
    let table = Table::game(session, roles, seats, roomy());
    Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 2)
        .expect("the host starts")
}

fn session(running: &Running) -> Session {
    running.host.tables()[0]
        .game_session()
        .expect("a game table")
}

/// The no-leak checks of the core on one answer a seat got: its view names only counters the player may
/// know now, and the salt of the game's commitment appears nowhere.
fn assert_no_leak(running: &Running, body: &str, step: usize) {
    let session = session(running);
    let answer: Value = serde_json::from_str(body).unwrap();
    let allowed = leak_support::knowable(&session);
    let (state, told) = leak_support::split_view(&answer["view"]);
    let named = leak_support::counters_in(session.pack(), &state);
    let leaked: Vec<_> = named.difference(&allowed).collect();
    assert!(
        leaked.is_empty(),
        "step {step}: a seat's view names face-down counters: {leaked:?}"
    );
    // The last tap's result and what-you-know repeat the log (#50): a counter the log named, never another.
    let logged = leak_support::counters_in(
        session.pack(),
        &serde_json::to_value(session.log()).unwrap(),
    );
    let shown: std::collections::BTreeSet<String> = allowed.union(&logged).cloned().collect();
    let told = leak_support::counters_in(session.pack(), &told);
    let leaked: Vec<_> = told.difference(&shown).collect();
    assert!(
        leaked.is_empty(),
        "step {step}: a seat's result or what-you-know names counters never shown: {leaked:?}"
    );
    let salt = leak_support::salt_of(&session);
    assert!(
        salt.is_empty() || !body.contains(&salt),
        "step {step}: the salt reached a seat"
    );
}

/// The game's whole view, every decision in it (what the host's session offers before a seat's share).
fn full_view(running: &Running) -> Value {
    let mut game = session(running);
    let answer = game.respond(goeben_referee::Request::Session(
        goeben_referee::SessionRequest::View,
    ));
    // Through the protocol's text, as a seat gets it (the odds' floats read back the same way).
    let line: Value =
        serde_json::from_str(&goeben_referee::api::protocol::to_line(&answer)).unwrap();
    line["view"].clone()
}

/// A view without the decisions offered (its one `decisions` list, protocol 2) and without the undo
/// status, which says `allowed` only to the Commander's seat.
fn without_decisions(view: &Value) -> Value {
    let mut view = view.clone();
    view.as_object_mut().unwrap().remove("decisions");
    view.as_object_mut().unwrap().remove("undo_status");
    view
}

/// Each seat's view (in seat order) offers exactly the decisions of the whole view whose call is that
/// seat's, in order, with their labels; together they are all of them; the display is offered none.
fn assert_offered_to_their_deciders(running: &Running, views: &[Value], step: usize) {
    let full = full_view(running);
    let game = session(running);
    let seats = running.host.tables()[0].seats();
    let mut offered = 0;
    for (seat, view) in views.iter().enumerate() {
        let mine: Vec<usize> = full["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                game::decider(
                    game.pack(),
                    Roles::TaskForceOfficers,
                    seats,
                    &serde_json::from_value(d["action"].clone()).unwrap(),
                    &game::presence(&game),
                )
                .0 == Some(seat)
            })
            .map(|(i, _)| i)
            .collect();
        let mine = if seats[seat].name == "display" {
            vec![]
        } else {
            mine
        };
        // Each decision whole: its action with its label, barrier and decider.
        let expected: Vec<Value> = mine.iter().map(|&i| full["decisions"][i].clone()).collect();
        assert_eq!(
            view["decisions"].as_array().unwrap(),
            &expected,
            "step {step}: decisions offered to {}",
            seats[seat].name
        );
        offered += mine.len();
    }
    assert_eq!(
        offered,
        full["decisions"].as_array().unwrap().len(),
        "step {step}: every decision is some seat's"
    );
}

#[test]
fn issue_16_a_game_table_seats_the_roles_and_each_sends_only_its_own_calls() {
    let running = start_game(Roles::TaskForceOfficers, 25);
    let seats: Vec<(String, String)> = running.host.tables()[0]
        .seats()
        .iter()
        .map(|s| (s.name.clone(), s.code().as_str().to_string()))
        .collect();
    let names: Vec<&str> = seats.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Commander",
            "First Officer",
            "Gunnery Officer",
            "Engineer",
            "display"
        ]
    );
    assert_eq!(
        get(&running, &format!("/api/{}", seats[3].1)).json(),
        json!({"seat": "Engineer", "player": null, "role": "Engineer", "game": true})
    );
    assert_eq!(
        get(&running, &format!("/api/{}", seats[4].1)).json(),
        json!({"seat": "display", "player": null, "game": true})
    );

    // Every seat, the display too, sees the same view, offered only the decisions that are its call.
    let views: Vec<Value> = seats
        .iter()
        .map(|(_, code)| post(&running, code, r#"{"action":"view"}"#, None))
        .map(|r| {
            assert_eq!(r.status, 200, "{}", r.body);
            assert_no_leak(&running, &r.body, 0);
            r.json()["view"].clone()
        })
        .collect();
    assert!(
        views
            .iter()
            .all(|v| without_decisions(v) == without_decisions(&views[0])),
        "one view for every seat"
    );
    assert_offered_to_their_deciders(&running, &views, 0);

    // The session's own requests are the host's (undo is the Commander's: tests/host_game_undo.rs); the
    // display only looks.
    for (seat, body) in [
        (1, r#"{"action":"undo"}"#),
        (0, r#"{"action":"new_game"}"#),
        (0, r#"{"action":"log"}"#),
        (0, r#"{"action":"export_record"}"#),
    ] {
        let before = serde_json::to_string(&session(&running)).unwrap();
        let reply = post(&running, &seats[seat].1, body, None);
        assert_eq!(
            (reply.status, reply.code()),
            (403, "not_your_seat".to_string()),
            "{body}"
        );
        assert_eq!(
            serde_json::to_string(&session(&running)).unwrap(),
            before,
            "{body} changed nothing"
        );
    }
    let end = post(&running, &seats[4].1, r#"{"action":"end_phase"}"#, None);
    assert_eq!((end.status, end.code()), (403, "display_only".to_string()));
    assert_eq!(
        post(&running, &seats[0].1, "{\"action\":\"teleport\"}", None).status,
        400
    );

    // A walk through the game: each step, one legal move sent first by every seat whose call it is not
    // (403, nothing changed), then by the seat whose call it is; every answer checked for leaks.
    let mut view = full_view(&running);
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    let (mut refused, mut walked) = (0, 0);
    for step in 1..=60 {
        let legal: Vec<Value> = view["decisions"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|d| d["action"].clone())
            .collect();
        if legal.is_empty() || !view["game_over"].is_null() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let action = &legal[(rng % legal.len() as u64) as usize];
        let parsed: goeben_referee::Action = serde_json::from_value(action.clone()).unwrap();
        let game = session(&running);
        let all = running.host.tables()[0].seats();
        let (decider, who) = game::decider(
            game.pack(),
            Roles::TaskForceOfficers,
            all,
            &parsed,
            &game::presence(&game),
        );
        let decider =
            decider.unwrap_or_else(|| panic!("step {step}: no seat decides {action} ({who})"));
        let before = serde_json::to_string(&game).unwrap();
        for (seat, (name, code)) in seats
            .iter()
            .enumerate()
            .filter(|(seat, _)| *seat != decider)
        {
            let reply = post(&running, code, &action.to_string(), None);
            assert_eq!(
                reply.status, 403,
                "step {step}: {name} sent {action} ({who})"
            );
            assert!(reply.json()["message"]
                .as_str()
                .unwrap()
                .contains(if seat == 4 { "display" } else { "not its call" }));
            refused += 1;
        }
        assert_eq!(
            serde_json::to_string(&session(&running)).unwrap(),
            before,
            "step {step}: the refusals changed nothing"
        );
        let reply = post(
            &running,
            &seats[decider].1,
            &action.to_string(),
            Some(&format!("step-{step}")),
        );
        assert_eq!(reply.status, 200, "step {step}: {}", reply.body);
        assert_no_leak(&running, &reply.body, step);
        let answer = reply.json();
        assert_eq!(
            answer["ok"], true,
            "step {step}: {} sent {action}: {answer}",
            seats[decider].0
        );
        view = full_view(&running);
        walked += 1;
        // Every seat catches up with the same view and is offered its own calls only.
        let views: Vec<Value> = seats
            .iter()
            .map(|(_, code)| {
                post(&running, code, r#"{"action":"view"}"#, None).json()["view"].clone()
            })
            .collect();
        assert!(
            views
                .iter()
                .all(|v| without_decisions(v) == without_decisions(&view)),
            "step {step}"
        );
        assert_offered_to_their_deciders(&running, &views, step);
    }
    assert!(
        walked >= 10 && refused > 0,
        "{walked} moves walked, {refused} refused"
    );
    println!("issue #16 game table: {walked} moves played by their deciders, {refused} sent by other seats refused");

    // A planted leak is caught: a face-down counter's id slipped into a view.
    let game = session(&running);
    let hidden = game
        .pack()
        .counters
        .counters
        .iter()
        .map(|c| c.id.clone())
        .find(|id| !leak_support::knowable(&game).contains(id));
    if let Some(hidden) = hidden {
        let mut planted = json!({ "view": view });
        planted["view"]["planted"] = json!({ "id": hidden });
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            assert_no_leak(&running, &planted.to_string(), 0)
        }));
        assert!(
            caught.is_err(),
            "the planted counter {hidden} was not caught"
        );
    } else {
        panic!("a game under way has face-down counters");
    }
}

#[test]
fn issue_16_a_ship_commanders_table_gives_each_ship_its_commander() {
    let running = start_game(Roles::ShipCommanders, 26);
    let names: Vec<String> = running.host.tables()[0]
        .seats()
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(names, ["SMS Goeben", "SMS Breslau", "display"]);
    let view = post(
        &running,
        &code(&running, 0, 1),
        r#"{"action":"view"}"#,
        None,
    );
    assert_eq!(view.status, 200);
    // The senior commander present (Goeben's) ends the phase; Breslau's cannot.
    let end = r#"{"action":"end_phase"}"#;
    if view.json()["view"]["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["action"]["action"] == "end_phase")
    {
        assert_eq!(post(&running, &code(&running, 0, 1), end, None).status, 403);
        assert_eq!(post(&running, &code(&running, 0, 0), end, None).status, 200);
    }
}

#[test]
fn issue_16_table_host_game_prints_the_roles_seats_and_serves_the_game() {
    let mut host = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--game",
        "--seats",
        "4",
        "--display",
        "--seed",
        "3",
    ]);
    let (addr, seats) = announced(&host.line());
    let names: Vec<&str> = seats.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Commander",
            "First Officer",
            "Gunnery Officer",
            "Engineer",
            "display"
        ]
    );
    let view = send(
        addr,
        "POST",
        &format!("/api/{}", seats[2].1),
        &[],
        br#"{"action":"view"}"#,
    );
    assert_eq!((view.status, view.json()["ok"].clone()), (200, json!(true)));
    let status = host.command("status");
    assert_eq!(
        (&status["seats"][2]["seat"], &status["seats"][2]["requests"]),
        (&json!("Gunnery Officer"), &json!(1))
    );
    let reissued = host.command("reissue First Officer");
    assert_eq!(reissued["seat"], "First Officer");
    assert_eq!(
        send(addr, "GET", &format!("/api/{}", seats[1].1), &[], b"").status,
        401
    );
    assert_eq!(host.command("close")["command"], "close");
    assert_eq!(host.exit_code(Duration::from_secs(15)), Some(0));
}
