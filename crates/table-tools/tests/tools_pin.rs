//! Issue #30 (Also): a PIN per player for Peek on one device. A player may set a PIN once; afterwards
//! their `view` is answered only with it; a wrong PIN is refused, changing nothing but the count of wrong
//! tries; three wrong PINs in a row make that player's peek wait 30 seconds. The PIN is kept as a salted
//! hash and never shows in an answer, the log, the table view or the saved session.

use goeben_table_tools::pins::{Pin, LOCK_SECONDS, WRONG_TRIES};
use goeben_table_tools::sdr::Player;
use goeben_table_tools::{ErrorCode, ToolAction, ToolResponse, ToolSession};
use serde_json::Value;

use Player::{A, B};

/// A made-up "now" in Unix seconds; the tests move it by hand.
const T0: u64 = 1_800_000_000;
const PIN_A: &str = "90817263";
const PIN_B: &str = "5370";

fn set_pin(player: Player, pin: &str) -> ToolAction {
    ToolAction::SetPin {
        player,
        pin: Pin::new(pin),
    }
}

fn peek(player: Player, pin: Option<&str>) -> ToolAction {
    ToolAction::View {
        player,
        pin: pin.map(Pin::new),
    }
}

/// A session where A holds chit #1 face down and B chit #2, A with a PIN.
fn session() -> ToolSession {
    let mut s = ToolSession::seeded(30);
    for player in [A, B] {
        let drawn = s.respond(ToolAction::DrawSdr {
            player,
            purpose: None,
            label: String::new(),
        });
        assert!(!drawn.is_error(), "{drawn:?}");
    }
    let set = s.respond_at(set_pin(A, PIN_A), T0);
    assert_eq!(set, ToolResponse::PinSet { player: A });
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
        ToolResponse::View(view) => *view,
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
            serde_json::to_string(&s.respond_at(ToolAction::TableView, T0)).unwrap(),
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
    old.respond(ToolAction::DrawSdr {
        player: A,
        purpose: None,
        label: String::new(),
    });
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
