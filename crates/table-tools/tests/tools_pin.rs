//! A PIN per player for Peek on one device. A player may set a PIN once; afterwards
//! their `view` is answered only with it; a wrong PIN is refused, changing nothing but the count of wrong
//! tries; three wrong PINs in a row make that player's peek wait 30 seconds. The PIN is kept as a salted
//! hash and never shows in an answer, the log, the table view or the saved session.

use goeben_table_tools::pins::{Pin, LOCK_SECONDS, WRONG_TRIES};
use goeben_table_tools::sdr::Player;
use goeben_table_tools::{ErrorCode, ToolAction, ToolRequest, ToolResponse, ToolSession};
use serde_json::Value;

use Player::{A, B};

/// A made-up "now" in Unix seconds; the tests move it by hand.
const T0: u64 = 1_800_000_000;
const PIN_A: &str = "90817263";
const PIN_B: &str = "5370";

fn set_pin(player: Player, pin: &str) -> ToolAction {
    ToolAction::Peek(goeben_table_tools::peek::PeekAction::SetPin {
        player,
        pin: Pin::new(pin),
    })
}

fn peek(player: Player, pin: Option<&str>) -> ToolAction {
    ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
        player,
        pin: pin.map(Pin::new),
    })
}

/// A session where A holds chit #1 face down and B chit #2, A with a PIN.
fn session() -> ToolSession {
    let mut s = ToolSession::seeded(30);
    for player in [A, B] {
        let drawn = s.respond(ToolAction::Sdr(
            goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
                player,
                purpose: None,
                label: String::new(),
            },
        ));
        assert!(!drawn.is_error(), "{drawn:?}");
    }
    let set = s.respond_at(set_pin(A, PIN_A), T0);
    assert_eq!(
        set,
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::PinSet { player: A })
    );
    s
}

/// The session as saved, without its PINs: what a wrong PIN must leave as it was.
fn all_but_pins(s: &ToolSession) -> Value {
    let mut v = serde_json::to_value(s).unwrap();
    v.as_object_mut().unwrap().remove("pins");
    v
}

fn refusal(answer: ToolResponse) -> (ErrorCode, String) {
    match answer {
        ToolResponse::Error { code, message } => (code, message),
        other => panic!("not refused: {other:?}"),
    }
}

fn viewed(answer: ToolResponse) -> goeben_table_tools::ToolView {
    match answer {
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(view)) => *view,
        other => panic!("not a view: {other:?}"),
    }
}

#[test]
fn issue_30_a_player_sets_a_pin_once_and_the_log_says_so_without_it() {
    let mut s = session();
    assert!(s.has_pin(A) && !s.has_pin(B));
    let log = &s.table_view().log;
    assert_eq!(log.last().unwrap().text, "Player A set a PIN for Peek.");
    // Once a session: a second PIN (even the same one) is refused and changes nothing.
    for again in [PIN_A, "1111"] {
        let before = s.clone();
        let (code, message) = refusal(s.respond_at(set_pin(A, again), T0));
        assert_eq!(code, ErrorCode::PinAlreadySet, "{message}");
        assert_eq!(s, before);
    }
    assert_eq!(viewed(s.respond_at(peek(A, Some(PIN_A)), T0)).player, A);
}

#[test]
fn issue_30_a_pin_is_four_to_eight_digits_and_a_bad_one_changes_nothing() {
    let mut s = ToolSession::seeded(3);
    for bad in ["", "123", "123456789", "12 34", "abcd", "-1234", "١٢٣٤"] {
        let before = s.clone();
        let (code, message) = refusal(s.respond_at(set_pin(B, bad), T0));
        assert_eq!(code, ErrorCode::BadInput, "{bad:?}");
        assert!(message.contains("4-8 digits"), "{message}");
        assert!(
            bad.is_empty() || !message.contains(bad),
            "the message repeats the PIN: {message}"
        );
        assert_eq!(s, before, "{bad:?} changed the session");
    }
    assert!(!s.has_pin(B));
    // Through the protocol's line too: the PIN is a string of digits.
    let line = format!(r#"{{"tool":"set_pin","player":"b","pin":"{PIN_B}"}}"#);
    let answer: Value =
        serde_json::from_str(&goeben_table_tools::handle_line(&mut s, &line)).unwrap();
    assert_eq!(
        answer,
        serde_json::json!({"tool": "pin_set", "player": "b"})
    );
}

#[test]
fn issue_30_peek_with_the_right_pin_shows_the_players_own_secrets() {
    let mut s = session();
    let view = viewed(s.respond_at(peek(A, Some(PIN_A)), T0));
    assert_eq!(view, s.view(A), "the same view as before PINs");
    // Through the protocol's line, as the app's `tools_respond` sends it.
    let line = format!(r#"{{"tool":"view","player":"a","pin":"{PIN_A}"}}"#);
    let answer: Value =
        serde_json::from_str(&goeben_table_tools::handle_line(&mut s, &line)).unwrap();
    assert_eq!(answer["tool"], "view");
    assert_eq!(answer["chits"][0]["face"]["shown"], "own");
}

#[test]
fn issue_30_a_wrong_or_missing_pin_is_refused_and_changes_nothing_but_the_count() {
    let mut s = session();
    let kept = all_but_pins(&s);
    let (code, message) = refusal(s.respond_at(peek(A, None), T0));
    assert_eq!(code, ErrorCode::PinNeeded);
    assert_eq!(message, "Player A has a PIN: enter it to peek");
    // B's PIN-less peek, or another player's PIN, is no key to A's secrets.
    for wrong in ["9081726", "90817264", PIN_B] {
        let mut tried = s.clone();
        let (code, message) = refusal(tried.respond_at(peek(A, Some(wrong)), T0));
        assert_eq!(code, ErrorCode::WrongPin);
        assert!(
            message.starts_with("wrong PIN for Player A; 2 more wrong tries"),
            "{message}"
        );
        assert!(!message.contains(wrong));
        assert_eq!(all_but_pins(&tried), kept, "a wrong PIN changed the game");
        assert_ne!(tried, s, "the wrong try is counted");
    }
    // A badly formed PIN on a peek is just a wrong PIN (the set rule is not a hint of the PIN's length).
    let (code, _) = refusal(s.clone().respond_at(peek(A, Some("x")), T0));
    assert_eq!(code, ErrorCode::WrongPin);
    // The player without a PIN peeks as before; a PIN sent along is not needed.
    assert_eq!(viewed(s.respond_at(peek(B, None), T0)), s.view(B));
}

#[test]
fn issue_30_three_wrong_pins_make_that_players_peek_wait_thirty_seconds() {
    assert_eq!((WRONG_TRIES, LOCK_SECONDS), (3, 30));
    let mut s = session();
    let wrong = |s: &mut ToolSession, at: u64| refusal(s.respond_at(peek(A, Some("0000")), at));
    assert_eq!(wrong(&mut s, T0).0, ErrorCode::WrongPin);
    let (code, message) = wrong(&mut s, T0 + 1);
    assert_eq!(code, ErrorCode::WrongPin);
    assert!(
        message.contains("1 more wrong try and peeking waits 30 seconds"),
        "{message}"
    );
    let (code, message) = wrong(&mut s, T0 + 2);
    assert_eq!(code, ErrorCode::PinLocked);
    assert_eq!(
        message,
        "too many wrong PINs for Player A: try again in 30 seconds"
    );
    // While it waits, even the right PIN is refused (a guess cannot be checked), and nothing changes.
    let before = s.clone();
    let (code, message) = refusal(s.respond_at(peek(A, Some(PIN_A)), T0 + 31));
    assert_eq!(code, ErrorCode::PinLocked);
    assert!(message.ends_with("in 1 second"), "{message}");
    assert_eq!(s, before);
    // The other player is not slowed.
    assert!(!s.respond_at(peek(B, None), T0 + 3).is_error());
    // A clock set back does not stretch the wait past its length.
    let (_, message) = refusal(s.clone().respond_at(peek(A, Some(PIN_A)), T0 - 1000));
    assert!(message.ends_with("in 30 seconds"), "{message}");
    // After the wait the right PIN opens; the count starts again.
    assert_eq!(
        viewed(s.respond_at(peek(A, Some(PIN_A)), T0 + 32)).player,
        A
    );
    assert_eq!(wrong(&mut s, T0 + 33).0, ErrorCode::WrongPin);
    assert_eq!(wrong(&mut s, T0 + 34).0, ErrorCode::WrongPin);
    // A right PIN clears the count: two more wrong ones do not lock.
    assert!(!s.respond_at(peek(A, Some(PIN_A)), T0 + 35).is_error());
    assert_eq!(wrong(&mut s, T0 + 36).0, ErrorCode::WrongPin);
    assert_eq!(wrong(&mut s, T0 + 37).0, ErrorCode::WrongPin);
    assert_eq!(wrong(&mut s, T0 + 38).0, ErrorCode::PinLocked);
}

#[test]
fn issue_30_the_wait_and_the_pin_survive_a_save() {
    let mut s = session();
    for at in T0..T0 + 3 {
        s.respond_at(peek(A, Some("1234")), at);
    }
    let mut restored = ToolSession::from_json(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(restored, s);
    assert_eq!(
        refusal(restored.respond_at(peek(A, Some(PIN_A)), T0 + 10)).0,
        ErrorCode::PinLocked
    );
    assert_eq!(
        refusal(restored.respond_at(peek(A, None), T0 + 40)).0,
        ErrorCode::PinNeeded
    );
    assert!(!restored
        .respond_at(peek(A, Some(PIN_A)), T0 + 40)
        .is_error());
}

#[test]
fn issue_30_the_pin_never_shows_only_its_salted_hash_is_kept() {
    let mut s = session();
    assert!(!s.respond_at(set_pin(B, PIN_B), T0).is_error());
    let saved = serde_json::to_value(&s).unwrap();
    let text = saved.to_string();
    assert!(!text.contains(PIN_A), "the save holds A's PIN");
    // (B's PIN is 4 digits: it could appear by chance inside a salt or commitment, so look at its record.)
    for (key, pin) in [("a", PIN_A), ("b", PIN_B)] {
        let record = &saved["pins"][key];
        let (salt, hash) = (
            record["salt"].as_str().unwrap(),
            record["hash"].as_str().unwrap(),
        );
        assert_eq!((salt.len(), hash.len()), (32, 64), "{record}");
        assert!(!record.to_string().contains(&format!("\"{pin}\"")));
        // Every answer a player or the table gets: no PIN, no salt, no hash.
        let answers = [
            serde_json::to_string(&s.respond_at(peek(A, Some(PIN_A)), T0)).unwrap(),
            serde_json::to_string(&s.respond_at(peek(B, Some(PIN_B)), T0)).unwrap(),
            serde_json::to_string(&s.respond_at(
                ToolAction::Peek(goeben_table_tools::peek::PeekAction::TableView),
                T0,
            ))
            .unwrap(),
            serde_json::to_string(&s.respond_at(peek(A, Some(PIN_B)), T0)).unwrap(),
        ];
        for answer in &answers {
            assert!(!answer.contains(salt) && !answer.contains(hash), "{answer}");
            assert!(!answer.contains(PIN_A), "{answer}");
            assert!(!answer.contains("\"pin\""), "{answer}");
        }
    }
    // A request printed for debugging hides the digits.
    let printed = format!("{:?}", peek(A, Some(PIN_A)));
    assert!(!printed.contains(PIN_A), "{printed}");
    // The two salts are different: the same PIN would not give the same hash for both players.
    assert_ne!(saved["pins"]["a"]["salt"], saved["pins"]["b"]["salt"]);
}

#[test]
fn issue_30_an_old_save_without_pins_loads_and_peeks_as_before() {
    let mut old = ToolSession::seeded(8);
    old.respond(ToolAction::Sdr(
        goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
            player: A,
            purpose: None,
            label: String::new(),
        },
    ));
    let mut saved = serde_json::to_value(&old).unwrap();
    // A session with no PIN saves none: its file is as an older app wrote it.
    assert!(saved.get("pins").is_none(), "{saved}");
    saved.as_object_mut().unwrap().remove("pins");
    let mut loaded = ToolSession::from_json(&saved.to_string()).expect("an old save loads");
    assert!(!loaded.has_pin(A) && !loaded.has_pin(B));
    assert_eq!(viewed(loaded.respond(peek(A, None))), old.view(A));
    // And it can take a PIN from now on.
    assert!(!loaded.respond(set_pin(A, "2468")).is_error());
}

#[test]
fn issue_30_a_tampered_pin_record_is_refused_on_load() {
    let s = session();
    let mut saved = serde_json::to_value(&s).unwrap();
    saved["pins"]["a"]["hash"] = Value::String(PIN_A.into());
    let err = ToolSession::from_json(&saved.to_string()).unwrap_err();
    assert!(err.contains("PIN record"), "{err}");
}

/// Where A's unit sits in [`guarded_session`]: a square only A may know.
fn breslau_at(square: &str) -> goeben_table_tools::search::Position {
    goeben_table_tools::search::Position {
        sea: "Aegean".into(),
        area: "Aegean B".into(),
        square: square.into(),
        islands: false,
        port: None,
        coast_side: None,
    }
}

/// A's secrets in every kind the tools keep: a face-down chit (#1), a German Fleet Chart with Goeben in
/// box 2, the unit Breslau in square 61; then A sets a PIN. B holds chit #2 and no PIN.
fn guarded_session() -> ToolSession {
    use goeben_table_tools::fleets::FleetSide;
    let mut s = ToolSession::seeded(33);
    let setup = [
        ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
            player: A,
            purpose: None,
            label: String::new(),
        }),
        ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
            player: B,
            purpose: None,
            label: String::new(),
        }),
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
                player: A,
                side: FleetSide::German,
            },
        ),
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                player: A,
                ship: "Goeben".into(),
                fleet_box: 2,
            },
        ),
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: A,
                unit: "Breslau".into(),
                at: breslau_at("61"),
            },
        ),
    ];
    for action in setup {
        let answer = s.respond_at(action.clone(), T0);
        assert!(!answer.is_error(), "{action:?}: {answer:?}");
    }
    assert_eq!(
        s.respond_at(set_pin(A, PIN_A), T0),
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::PinSet { player: A })
    );
    s
}

/// One request of every kind that acts as `player` (`set_pin` aside: it sets the PIN), each written out;
/// `issue_30_the_list_of_requests_acting_as_a_player_is_whole` holds the list to the protocol's.
fn acting_as(player: Player) -> Vec<ToolAction> {
    use goeben_table_tools::events::EventTable;
    use goeben_table_tools::fleets::{D10Procedure, FleetSide};
    use goeben_table_tools::procedures::PortSize;
    use goeben_table_tools::search::SearchLevel;
    vec![
        ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
            player,
            purpose: None,
            label: String::new(),
        }),
        ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::RevealSdr { player, chit: 1 }),
        ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::ReturnSdr { player, chit: 1 }),
        ToolAction::Event(goeben_table_tools::events::EventAction::RollEvent {
            player,
            table: EventTable::Strategic,
        }),
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::PortRepair {
                player,
                port: PortSize::Major,
            },
        ),
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::ShoreBatteries { player },
        ),
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::DamageControl {
                player,
                damaged_boxes: 2,
            },
        ),
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::AlwaysPossible {
                player,
                highest_roll: 5,
                needed: 7,
            },
        ),
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::AutomaticDisengagement {
                player,
                max_sighting: 8,
                range: 4,
                night: false,
                speed_advantage: true,
            },
        ),
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::SubmarineAttack {
                player,
                target_moved_two: false,
            },
        ),
        ToolAction::Procedure(goeben_table_tools::procedures::ProcedureAction::Asw {
            player,
            escorts: 2,
            before_1918: true,
        }),
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::SubVersusSub { player },
        ),
        ToolAction::Procedure(goeben_table_tools::procedures::ProcedureAction::MineSweep {
            player,
        }),
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
                player,
                side: FleetSide::Allied,
            },
        ),
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                player,
                ship: "Breslau".into(),
                fleet_box: 3,
            },
        ),
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::TransferShip {
                player,
                ship: "Goeben".into(),
                from: 2,
                to: 4,
            },
        ),
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::RemoveShip {
                player,
                ship: "Goeben".into(),
                fleet_box: 2,
            },
        ),
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::SetFleetMarker {
                player,
                fleet_box: 2,
                on_map: true,
            },
        ),
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::RevealFleetBox {
                player,
                fleet_box: 2,
            },
        ),
        ToolAction::Fleet(goeben_table_tools::fleet_requests::FleetAction::RollD10 {
            player,
            procedure: D10Procedure::LocateAtSea,
            fleet_box: Some(2),
        }),
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player,
                unit: "Emden".into(),
                at: breslau_at("62"),
            },
        ),
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::MoveUnit {
                player,
                unit: "Breslau".into(),
                at: breslau_at("63"),
            },
        ),
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::RemoveUnit {
                player,
                unit: "Breslau".into(),
            },
        ),
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
                player,
                square: "61".into(),
                units: vec!["Breslau".into()],
                ended_there: None,
            },
        ),
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::Search {
                player,
                level: SearchLevel::Sea,
                name: "Aegean".into(),
            },
        ),
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
                player,
                admit: false,
            },
        ),
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::EndStep { player },
        ),
        ToolAction::Peek(goeben_table_tools::peek::PeekAction::View { player, pin: None }),
    ]
}

#[test]
fn issue_30_the_list_of_requests_acting_as_a_player_is_whole() {
    // Every request but `set_pin` that acts as a player is in `acting_as`, one of each kind.
    let listed: std::collections::BTreeSet<String> = acting_as(A)
        .iter()
        .map(|action| {
            serde_json::to_value(action).unwrap()["tool"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(listed.len(), acting_as(A).len(), "a kind listed twice");
    assert!(acting_as(A)
        .iter()
        .all(|action| action.acting_player() == Some(A)));
    // The protocol's kinds that act as a player, read from the generated TypeScript unions: `ToolAction`
    // is the union of each tool's requests (`SdrAction.ts`, `FleetAction.ts`, ...).
    let generated =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/generated/tools");
    let ts: String = std::fs::read_dir(generated)
        .unwrap()
        .map(|file| file.unwrap().path())
        .filter(|path| path.to_str().unwrap().ends_with("Action.ts"))
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect();
    let acting: std::collections::BTreeSet<String> = ts
        .split("{ \"tool\": \"")
        .skip(1)
        .filter(|variant| {
            variant
                .split('}')
                .next()
                .unwrap()
                .contains("player: Player")
        })
        .map(|variant| variant.split('"').next().unwrap().to_string())
        .filter(|tool| tool != "set_pin")
        .collect();
    assert_eq!(listed, acting);
}

#[test]
fn issue_30_every_request_acting_as_a_player_with_a_pin_needs_it_and_a_refusal_changes_nothing() {
    let s = guarded_session();
    for action in acting_as(A) {
        let peek = matches!(
            action,
            ToolAction::Peek(goeben_table_tools::peek::PeekAction::View { .. })
        );
        // Without the PIN: `pin_needed`, the session exactly as it was (no try is counted).
        let mut without = s.clone();
        let (code, message) = refusal(without.respond_at(action.clone(), T0));
        assert_eq!(code, ErrorCode::PinNeeded, "{action:?}");
        let expected = if peek { "peek" } else { "act as Player A" };
        assert_eq!(
            message,
            format!("Player A has a PIN: enter it to {expected}")
        );
        assert_eq!(without, s, "{action:?} changed the session without the PIN");
        // With a wrong PIN: `wrong_pin`, only the count of tries changed.
        let mut wrong = s.clone();
        let (code, _) =
            refusal(wrong.respond_at(ToolRequest::with_pin(action.clone(), Pin::new("1234")), T0));
        assert_eq!(code, ErrorCode::WrongPin, "{action:?}");
        assert_eq!(all_but_pins(&wrong), all_but_pins(&s), "{action:?}");
        // With the right PIN: answered as before PINs (by the rules, which may still refuse it).
        let mut right = s.clone();
        let mut unguarded = s.clone();
        let answer = right.respond_at(ToolRequest::with_pin(action.clone(), Pin::new(PIN_A)), T0);
        assert!(
            !matches!(
                answer,
                ToolResponse::Error {
                    code: ErrorCode::PinNeeded | ErrorCode::WrongPin | ErrorCode::PinLocked,
                    ..
                }
            ),
            "{action:?}: {answer:?}"
        );
        let mut v = serde_json::to_value(&unguarded).unwrap();
        v.as_object_mut().unwrap().remove("pins");
        unguarded = ToolSession::from_json(&v.to_string()).unwrap();
        assert_eq!(
            answer,
            unguarded.respond_at(action.clone(), T0),
            "{action:?}: the PIN changed the answer"
        );
    }
    // B has no PIN: B's requests go on without one.
    let mut s = s;
    for action in acting_as(B) {
        let answer = s.clone().respond_at(action.clone(), T0);
        assert!(
            !matches!(
                answer,
                ToolResponse::Error {
                    code: ErrorCode::PinNeeded,
                    ..
                }
            ),
            "{action:?}"
        );
    }
    assert!(
        !s.respond_at(
            ToolAction::Peek(goeben_table_tools::peek::PeekAction::TableView),
            T0
        )
        .is_error(),
        "the table view needs no PIN"
    );
}

#[test]
fn issue_30_three_wrong_pins_on_any_request_make_that_players_requests_wait_thirty_seconds() {
    let mut s = guarded_session();
    let place = || {
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: A,
                unit: "Emden".into(),
                at: breslau_at("62"),
            },
        )
    };
    let wrong = |s: &mut ToolSession, at: u64| {
        refusal(s.respond_at(ToolRequest::with_pin(place(), Pin::new("0000")), at))
    };
    assert_eq!(wrong(&mut s, T0).0, ErrorCode::WrongPin);
    let (code, message) = wrong(&mut s, T0 + 1);
    assert_eq!(code, ErrorCode::WrongPin);
    assert!(
        message.contains("1 more wrong try and acting as Player A waits 30 seconds"),
        "{message}"
    );
    assert!(!message.contains("0000"), "{message}");
    assert_eq!(wrong(&mut s, T0 + 2).0, ErrorCode::PinLocked);
    // The wait holds A's every request, the peek included, with the right PIN too; B's go on.
    let before = s.clone();
    let right = |action| ToolRequest::with_pin(action, Pin::new(PIN_A));
    assert_eq!(
        refusal(s.respond_at(right(place()), T0 + 10)).0,
        ErrorCode::PinLocked
    );
    assert_eq!(
        refusal(s.respond_at(peek(A, Some(PIN_A)), T0 + 10)).0,
        ErrorCode::PinLocked
    );
    assert_eq!(s, before, "a locked request changed the session");
    assert!(!s.respond_at(peek(B, None), T0 + 10).is_error());
    // After the wait the right PIN acts again.
    assert!(matches!(
        s.respond_at(right(place()), T0 + 33),
        ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Unit { .. })
    ));
}

/// Whether `answer` shows any of A's secrets of [`guarded_session`]: a ship of A's chart, where A's unit
/// is, or the value of a chit A holds face down.
fn shows_a_secret_of_a(answer: &str) -> bool {
    answer.contains("Goeben")
        || answer.contains("\"square\":\"61\"")
        || answer.contains("\"shown\":\"own\"")
}

#[test]
fn issue_30_a_request_without_the_pin_carries_none_of_that_players_secrets() {
    let s = guarded_session();
    let mut caught = 0;
    for action in acting_as(A) {
        let refused = serde_json::to_string(&s.clone().respond_at(action.clone(), T0)).unwrap();
        assert!(
            !shows_a_secret_of_a(&refused),
            "{action:?} without the PIN: {refused}"
        );
        let wrong = ToolRequest::with_pin(action.clone(), Pin::new("1111"));
        let refused = serde_json::to_string(&s.clone().respond_at(wrong, T0)).unwrap();
        assert!(
            !shows_a_secret_of_a(&refused),
            "{action:?} with a wrong PIN: {refused}"
        );
        // Control: with the PIN, the answers that carry A's secrets are caught by the same check, so
        // the check above could fail.
        let right = ToolRequest::with_pin(action.clone(), Pin::new(PIN_A));
        let answered = serde_json::to_string(&s.clone().respond_at(right, T0)).unwrap();
        caught += usize::from(shows_a_secret_of_a(&answered));
    }
    assert!(
        caught >= 4,
        "the check caught only {caught} answers that carry A's secrets"
    );
    // Control: a refusal with A's chart planted in it is caught.
    let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(view)) =
        s.clone().respond_at(peek(A, Some(PIN_A)), T0)
    else {
        panic!()
    };
    let planted = ToolResponse::Error {
        code: ErrorCode::PinNeeded,
        message: serde_json::to_string(&view.fleet.fleet_chart).unwrap(),
    };
    assert!(shows_a_secret_of_a(
        &serde_json::to_string(&planted).unwrap()
    ));
}

#[test]
fn issue_30_the_pin_rides_on_any_request_line_and_only_where_a_player_acts() {
    let mut s = guarded_session();
    let line = |pin: &str| {
        format!(
            r#"{{"tool":"move_unit","player":"a","unit":"Breslau","at":{{"sea":"Aegean","area":"Aegean B","square":"64"}}{pin}}}"#
        )
    };
    let answer = |s: &mut ToolSession, line: &str| -> Value {
        serde_json::from_str(&goeben_table_tools::handle_line(s, line)).unwrap()
    };
    assert_eq!(answer(&mut s, &line(""))["code"], "pin_needed");
    assert_eq!(
        answer(&mut s, &line(r#","pin":"2222""#))["code"],
        "wrong_pin"
    );
    let moved = answer(&mut s, &line(&format!(r#","pin":"{PIN_A}""#)));
    assert_eq!(
        (
            moved["tool"].as_str(),
            moved["unit"]["at"]["square"].as_str()
        ),
        (Some("unit"), Some("64"))
    );
    // A PIN on a request that acts as no player would be ignored: refused as malformed, like any field
    // the request does not have.
    let before = s.clone();
    let calc = answer(
        &mut s,
        r#"{"tool":"fuel_use","zones_moved":1,"pin":"1234"}"#,
    );
    assert_eq!(calc["code"], "malformed", "{calc}");
    assert_eq!(s, before);
    // A request with its PIN reads back as the same line's fields.
    let request = goeben_table_tools::parse_line(&line(&format!(r#","pin":"{PIN_A}""#))).unwrap();
    assert_eq!(serde_json::to_value(&request).unwrap()["pin"], PIN_A);
    assert!(
        !format!("{request:?}").contains(PIN_A),
        "a request printed shows its PIN"
    );
}
