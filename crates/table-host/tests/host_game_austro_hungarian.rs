//! 25.0 (3): with the Austro-Hungarian units of 20.0 in play, one player commands those ships. A game
//! table playing that option seats the Austro-Hungarian commander beside the 25.0 (1) officers or the
//! 25.0 (2) ship commanders; only that seat may send (and is offered) those ships' decisions and, in the
//! Adriatic, the decisions of a space where they are; the seat gets none of the German ships' decisions,
//! nor undo, nor a space's decisions outside the Adriatic. Real HTTP on loopback.

use crate::support;

use goeben_referee::api::test_hooks::SessionHooks;
use goeben_referee::ground::action::{Action, Speed};
use goeben_referee::ground::state::{CounterId, GameOptions, Phase, Roles, SpaceRef};
use goeben_referee::rules::roles::Presence;
use goeben_referee::{Request, RulesPack, Session};
use goeben_table_host::game::{self, AUSTRO_HUNGARIAN_SEAT};
use goeben_table_host::store::Store;
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use serde_json::Value;
use support::*;

/// A game under `roles` with (or without) the Austro-Hungarian option, with the Austro-Hungarian
/// light cruiser Novara planted in Pola under German command (as the Fleet Sorties incident would bring
/// it, 20.0); the ship's id.
fn game_with_novara(roles: Roles, austro_hungarian: bool, seed: u64) -> (Session, String) {
    let mut session = game::new_game_with(
        GameOptions {
            roles,
            austro_hungarian,
            ..GameOptions::default()
        },
        seed,
    )
    .expect("the game starts");
    plant(&mut session, "ah_novara", "pola");
    let id = "ah_novara".to_string();
    (session, id)
}

fn start(session: Session, roles: Roles) -> Running {
    let seats = game::game_seats_for(&session, roles, true);
    let table = Table::game(session, roles, seats, roomy());
    Running::start("127.0.0.1:0".parse().unwrap(), Host::new(vec![table]), 2)
        .expect("the host starts")
}

fn names(running: &Running) -> Vec<String> {
    running.host.tables()[0]
        .seats()
        .iter()
        .map(|s| s.name.clone())
        .collect()
}

fn saved(running: &Running) -> String {
    serde_json::to_string(&running.host.tables()[0].game_session().unwrap()).unwrap()
}

fn move_of(ship: &str) -> String {
    serde_json::to_string(&Request::Move(Action::Move {
        ship: ship.into(),
        to: SpaceRef::place("pola"),
        speed: Speed::Cruise,
    }))
    .unwrap()
}

/// 25.0 (3) at a Ship Commanders table: the seat is there, sends its ships' moves, and nobody else may.
#[test]
fn rule_25_0_3_only_the_austro_hungarian_commanders_seat_sends_those_ships_decisions() {
    let (session, novara) = game_with_novara(Roles::ShipCommanders, true, 41);
    let running = start(session, Roles::ShipCommanders);
    assert_eq!(
        names(&running),
        [
            "SMS Goeben",
            "SMS Breslau",
            AUSTRO_HUNGARIAN_SEAT,
            "display"
        ],
        "25.0 (3): one player controls the Austro-Hungarian ships, after the German commanders"
    );
    let info = get(&running, &format!("/api/{}", code(&running, 0, 2))).json();
    assert_eq!(
        (&info["role"], &info["game"]),
        (&Value::from(AUSTRO_HUNGARIAN_SEAT), &Value::Bool(true))
    );

    // Novara's move from every other seat: refused, naming who decides, and nothing changed.
    let before = saved(&running);
    for seat in [0, 1] {
        let reply = post(&running, &code(&running, 0, seat), &move_of(&novara), None);
        assert_eq!(reply.status, 403, "{}", reply.body);
        let error = reply.json();
        assert_eq!(error["code"], "not_your_seat", "{error}");
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .contains("the Austro-Hungarian commander"),
            "{error}"
        );
    }
    let display = post(&running, &code(&running, 0, 3), &move_of(&novara), None);
    assert_eq!(
        (display.status, display.json()["code"].clone()),
        (403, Value::from("display_only"))
    );
    assert_eq!(saved(&running), before, "the refusals changed nothing");

    // From the Austro-Hungarian commander's seat the move reaches the referee (whose rules then answer:
    // this is not the movement phase).
    let own = post(&running, &code(&running, 0, 2), &move_of(&novara), None);
    assert_eq!(own.status, 200, "{}", own.body);
    assert!(own.json()["view"].is_object(), "the referee answered");

    // The German ships' decisions, the decisions of no ship and undo are not the seat's (25.0 (3) gives it
    // its own ships only; 25.0 (2)'s precedence keeps the rest with the senior commander).
    for body in [
        move_of("goeben"),
        r#"{"action":"end_phase"}"#.to_string(),
        r#"{"action":"undo"}"#.to_string(),
    ] {
        let reply = post(&running, &code(&running, 0, 2), &body, None);
        assert_eq!(reply.status, 403, "{body}: {}", reply.body);
    }
    // Novara's move from Goeben's commander is refused even though he is the senior one.
    let seats = running.host.tables()[0].seats().to_vec();
    let pack = RulesPack::standard();
    let none = Presence::default();
    let novara_move = Action::Move {
        ship: novara.clone(),
        to: SpaceRef::place("pola"),
        speed: Speed::Cruise,
    };
    assert_eq!(
        game::decider(&pack, Roles::ShipCommanders, &seats, &novara_move, &none).0,
        Some(2)
    );
}

/// Plants the Austro-Hungarian ship `id` at `at` under German command, as the Fleet Sorties incident
/// would bring it (20.0).
fn plant(session: &mut Session, id: &str, at: &str) {
    let pack = RulesPack::standard();
    let counter = CounterId(pack.counter_index(id).expect("a counter") as u16);
    let options = session.game().expect("a game").options.clone();
    let ship = goeben_referee::rules::austro_hungarian::ship_from_counter(
        &pack,
        counter,
        &SpaceRef::place(at),
        &options,
    )
    .expect("an Austro-Hungarian counter");
    session
        .game_mut_for_tests()
        .expect("a game")
        .ships
        .push(ship);
}

fn incidents_at(space: &str) -> String {
    serde_json::to_string(&Request::Move(Action::ResolveIncidents {
        space: SpaceRef::place(space),
    }))
    .unwrap()
}

/// 25.0 (3) at a Ship Commanders table, for a decision that names no ship: in the Incident phase, Goeben
/// with Novara at Pola (the Adriatic) and Breslau with Zrinyi at Piraeus (the Aegean). Drawing the
/// incidents at Pola is the Austro-Hungarian commander's (offered to that seat only, sent from it);
/// from Goeben's seat it is refused naming that seat. Drawing them at Piraeus stays the senior
/// commander's (Goeben's seat), though an Austro-Hungarian ship is there: refused from the
/// Austro-Hungarian seat, naming Goeben's, and nothing changed.
#[test]
fn rule_25_0_3_a_decision_of_a_space_in_the_adriatic_with_his_ships_is_the_austro_hungarian_seats()
{
    let (mut session, _) = game_with_novara(Roles::ShipCommanders, true, 45);
    plant(&mut session, "ah_zrinyi", "piraeus");
    {
        let game = session.game_mut_for_tests().expect("a game");
        game.phase = Phase::Incident;
        game.pending.clear();
        for ship in game.ships.iter_mut() {
            match ship.id.as_str() {
                "goeben" => ship.position = SpaceRef::place("pola"),
                "breslau" => ship.position = SpaceRef::place("piraeus"),
                _ => {}
            }
        }
    }
    let running = start(session, Roles::ShipCommanders);
    let (goeben, austro_hungarian) = (code(&running, 0, 0), code(&running, 0, 2));
    // Offered: Pola's incidents to the Austro-Hungarian seat only, Piraeus's to Goeben's only.
    let offered = |code: &str| -> Vec<Value> {
        let view = post(&running, code, r#"{"action":"view"}"#, None).json();
        view["view"]["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["action"].clone())
            .collect()
    };
    let pola = serde_json::from_str::<Value>(&incidents_at("pola")).unwrap();
    let piraeus = serde_json::from_str::<Value>(&incidents_at("piraeus")).unwrap();
    assert_eq!(offered(&austro_hungarian), std::slice::from_ref(&pola));
    assert!(
        offered(&goeben).contains(&piraeus),
        "{:?}",
        offered(&goeben)
    );
    assert!(!offered(&goeben).contains(&pola));
    assert!(offered(&code(&running, 0, 1)).is_empty(), "Breslau's seat");

    // Refused from the other seat, naming the one whose call it is; nothing changed.
    let before = saved(&running);
    let refused = |code: &str, body: &str, seat: &str| {
        let reply = post(&running, code, body, None);
        assert_eq!(reply.status, 403, "{body}: {}", reply.body);
        let error = reply.json();
        assert_eq!(error["code"], "not_your_seat", "{error}");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains(&format!("the {seat} seat's")), "{message}");
    };
    refused(&goeben, &incidents_at("pola"), AUSTRO_HUNGARIAN_SEAT);
    refused(&austro_hungarian, &incidents_at("piraeus"), "SMS Goeben");
    assert_eq!(saved(&running), before, "the refusals changed nothing");

    // Sent from the Austro-Hungarian commander's seat, the referee applies it.
    let own = post(&running, &austro_hungarian, &incidents_at("pola"), None);
    assert_eq!(own.status, 200, "{}", own.body);
    assert_eq!(own.json()["ok"], true, "{}", own.body);
    assert_ne!(saved(&running), before, "the incidents at Pola were drawn");
}

/// 25.0 (3) at a Task Force Officers table: the seat sits beside the four officers, the Commander keeps
/// the last word on the German ships and undo, and the Austro-Hungarian ships' decisions are offered to
/// their commander only.
#[test]
fn rule_25_0_3_the_austro_hungarian_commander_sits_beside_the_task_force_officers() {
    let (session, novara) = game_with_novara(Roles::TaskForceOfficers, true, 42);
    let pack = session.pack().clone();
    let seats = game::game_seats_for(&session, Roles::TaskForceOfficers, true);
    let seat_names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        seat_names,
        [
            "Commander",
            "First Officer",
            "Gunnery Officer",
            "Engineer",
            AUSTRO_HUNGARIAN_SEAT,
            "display"
        ]
    );
    let roles = Roles::TaskForceOfficers;
    let none = Presence::default();
    let fire = |ship: &str| Action::FireOrders {
        ship: ship.into(),
        target: None,
        maximum_fire: false,
    };
    assert_eq!(
        game::decider(&pack, roles, &seats, &fire(&novara), &none).0,
        Some(4)
    );
    assert_eq!(
        game::decider(&pack, roles, &seats, &fire("goeben"), &none).0,
        Some(0)
    );
    assert_eq!(game::commanding_seat(&pack, roles, &seats), Some(0));
    let undo = Request::Session(goeben_referee::SessionRequest::Undo);
    assert!(game::permits(&pack, roles, &seats, 4, &undo, &none).is_err());
    assert!(game::permits(
        &pack,
        roles,
        &seats,
        4,
        &Request::Move(fire(&novara)),
        &none
    )
    .is_ok());
    for seat in [0, 1, 2, 3, 5] {
        assert!(
            game::permits(
                &pack,
                roles,
                &seats,
                seat,
                &Request::Move(fire(&novara)),
                &none
            )
            .is_err(),
            "seat {seat}"
        );
    }
    // Offered: a decision of Novara's goes to its commander's view only.
    let mut view = goeben_referee::api::view::PlayerView::no_game();
    view.decisions = vec![serde_json::from_value(serde_json::json!({
        "action": serde_json::to_value(fire(&novara)).unwrap(), "label": "Novara fires"
    }))
    .unwrap()];
    for seat in 0..seats.len() {
        let mut seen = view.clone();
        game::for_seat(&pack, roles, &seats, seat, &mut seen);
        assert_eq!(seen.decisions.len(), usize::from(seat == 4), "seat {seat}");
    }
}

/// Without the option there is no such seat: the table is as before (the Austro-Hungarian ships cannot
/// come under German control then; were one planted, its decisions fall to the senior commander, so no
/// decision is left without a seat).
#[test]
fn rule_25_0_3_without_the_austro_hungarian_option_no_seat_is_added() {
    let (session, novara) = game_with_novara(Roles::ShipCommanders, false, 43);
    let seats = game::game_seats_for(&session, Roles::ShipCommanders, false);
    let seat_names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(seat_names, ["SMS Goeben", "SMS Breslau"]);
    let none = Presence::default();
    let moved = Action::Move {
        ship: novara,
        to: SpaceRef::place("pola"),
        speed: Speed::Cruise,
    };
    assert_eq!(
        game::decider(session.pack(), Roles::ShipCommanders, &seats, &moved, &none).0,
        Some(0)
    );
}

/// A kept table of a game with the option reopens with the Austro-Hungarian commander's seat and code.
#[test]
fn rule_25_0_3_a_kept_table_reopens_with_the_austro_hungarian_commander() {
    let dir = scratch("austro-hungarian-kept");
    let path = dir.join("table.json");
    let open = || {
        let (session, _) = game_with_novara(Roles::ShipCommanders, true, 44);
        let seats = game::game_seats_for(&session, Roles::ShipCommanders, false);
        Table::game_kept_in(
            Store::new(&path),
            session,
            Roles::ShipCommanders,
            seats,
            roomy(),
        )
        .expect("opens")
    };
    let codes = |table: &Table| -> Vec<String> {
        table
            .seats()
            .iter()
            .map(|s| format!("{}={}", s.name, s.code().as_str()))
            .collect()
    };
    let (table, restored) = open();
    assert!(!restored);
    let first = codes(&table);
    assert!(first[2].starts_with(AUSTRO_HUNGARIAN_SEAT), "{first:?}");
    drop(table);
    let (table, restored) = open();
    assert!(restored);
    assert_eq!(codes(&table), first, "the same seats and codes");
}

/// `table_host --game --austro-hungarian`: the seat is announced beside `--seats`; without `--game`
/// the option is refused.
#[test]
fn rule_25_0_3_table_host_austro_hungarian_seats_their_commander() {
    let mut host = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--game",
        "--seats",
        "2",
        "--austro-hungarian",
        "--seed",
        "6",
    ]);
    let (addr, seats) = announced(&host.line());
    let names: Vec<&str> = seats.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["SMS Goeben", "SMS Breslau", AUSTRO_HUNGARIAN_SEAT]);
    let view = send(
        addr,
        "POST",
        &format!("/api/{}", seats[2].1),
        &[],
        br#"{"action":"view"}"#,
    )
    .json();
    assert_eq!(view["view"]["game"]["options"]["austro_hungarian"], true);
    assert!(
        view["view"]["decisions"].as_array().unwrap().is_empty(),
        "no Austro-Hungarian ship under German command yet: nothing is the seat's"
    );
    assert_eq!(host.command("close")["command"], "close");
    assert_eq!(host.exit_code(std::time::Duration::from_secs(15)), Some(0));

    let mut refused = HostProcess::spawn(&[
        "--listen",
        "127.0.0.1:0",
        "--seats",
        "2",
        "--austro-hungarian",
    ]);
    assert_eq!(
        refused.exit_code(std::time::Duration::from_secs(15)),
        Some(2)
    );
    assert!(refused.stderr().contains("with --game only"));
}
