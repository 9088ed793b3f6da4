//! The no-leak property extended to seats, over real HTTP on loopback: random
//! two-seat sessions of every table tool (Secret Die Roll, random events, Fleet Charts, the double-blind
//! search; the action mix of crates/table-tools/tests/tools_no_leak.rs), each request sent by the seat of
//! the player it acts as (and now and then by the other seat, which must be refused and change nothing).
//!
//! Every message a seat receives — the answer to its request, its own `view` after every step, and the
//! table display's `table_view` — is checked against the OTHER player's secrets:
//! - the salt of a chit they hold face down, or any object naming that chit with a value or salt;
//! - one of their units paired with a position;
//! - a name of one of their ships or units that the public table view does not show everyone (the table
//!   view itself is proven free of secrets by tools_no_leak.rs, and its salts and positions are checked
//!   here too).
//!
//! And every answer is exactly what the session answers that player for that request (a shadow session
//! with the same seed, played in step): the host adds nothing and routes each answer to its own seat.
//! The controls plant leaks (the other player's view, salt or unit position sent to a seat) and check that
//! they are caught by the secret checks themselves.

use crate::support;

use goeben_table_host::Running;
use goeben_table_tools::sdr::{ChitState, Player};
use goeben_table_tools::test_support::{action_for, ships_of, units_of};
use goeben_table_tools::{ToolAction, ToolResponse, ToolSession};
use proptest::prelude::*;
use serde_json::Value;
use support::*;

/// Whether a JSON object anywhere in `value` names chit `id` and also carries a `value` or `salt` field.
fn shows_face_of(value: &Value, id: u32) -> bool {
    match value {
        Value::Object(map) => {
            let names_it = map.get("chit").and_then(Value::as_u64) == Some(id as u64);
            (names_it
                && (map.contains_key("value")
                    || map.contains_key("salt")
                    || map.get("face").is_some_and(|f| f.get("value").is_some())))
                || map.values().any(|v| shows_face_of(v, id))
        }
        Value::Array(items) => items.iter().any(|v| shows_face_of(v, id)),
        _ => false,
    }
}

/// Whether any JSON object in `value` pairs one of `owner`'s unit names with a position (`at`).
fn shows_position_of(value: &Value, owner: Player) -> bool {
    match value {
        Value::Object(map) => {
            let named = map
                .get("unit")
                .and_then(Value::as_str)
                .is_some_and(|n| units_of(owner).contains(&n));
            (named && map.contains_key("at")) || map.values().any(|v| shows_position_of(v, owner))
        }
        Value::Array(items) => items.iter().any(|v| shows_position_of(v, owner)),
        _ => false,
    }
}

/// The secrets of `owner` must not be in `body`, a message sent to `seat` (the other player's seat, or
/// the display: then `public` is empty, nothing of names excused). `public` is the table view's text.
fn assert_no_secret_of(
    session: &ToolSession,
    owner: Player,
    body: &str,
    public: &str,
    seat: &str,
    step: usize,
) {
    let json: Value = serde_json::from_str(body)
        .unwrap_or_else(|e| panic!("step {step}: not JSON ({e}): {body}"));
    for chit in session
        .chits()
        .iter()
        .filter(|c| c.owner == owner && c.state == ChitState::Secret)
    {
        assert!(
            !body.contains(&chit.salt),
            "step {step}: the salt of {owner:?}'s secret chit #{} reaches seat {seat}: {body}",
            chit.id
        );
        assert!(
            !shows_face_of(&json, chit.id),
            "step {step}: the face of {owner:?}'s secret chit #{} reaches seat {seat}: {body}",
            chit.id
        );
    }
    assert!(
        !shows_position_of(&json, owner),
        "step {step}: where {owner:?}'s unit is reaches seat {seat}: {body}"
    );
    // No salt of a sealed Fleet Box the owner has not revealed (its commitment only).
    for (fleet_box, salt) in box_salts_of(session, owner) {
        assert!(!body.contains(&salt), "step {step}: the salt of {owner:?}'s unrevealed Fleet Box {fleet_box} reaches seat {seat}: {body}");
    }
    for name in ships_of(owner).into_iter().chain(units_of(owner)) {
        assert!(!body.contains(name) || public.contains(name), "step {step}: {owner:?}'s secret {name} reaches seat {seat}, not shown on the table: {body}");
    }
}

/// The salts of `owner`'s Fleet Boxes that are not revealed now.
fn box_salts_of(session: &ToolSession, owner: Player) -> Vec<(u8, String)> {
    let Some(chart) = session.fleet_chart(owner) else {
        return Vec::new();
    };
    (1..=chart.side.boxes())
        .filter(|n| !chart.is_revealed(*n))
        .map(|n| (n, chart.seal_of(n).expect("sealed").salt.clone()))
        .collect()
}

/// A host's answer as a test sees it: `(status, body)`; `tamper` may change it before the checks (the
/// planted-leak controls).
type Tamper<'a> = &'a dyn Fn(&str, &ToolSession, String) -> String;

struct Table {
    host: Running,
    codes: [String; 3],
}

impl Table {
    fn open(seed: u64) -> Table {
        let host = start(1, true, roomy(), seed);
        let codes = [code(&host, 0, 0), code(&host, 0, 1), code(&host, 0, 2)];
        Table { host, codes }
    }

    fn seat_of(&self, player: Player) -> (&str, &str) {
        match player {
            Player::A => ("A", &self.codes[0]),
            Player::B => ("B", &self.codes[1]),
        }
    }
}

fn play(seed: u64, steps: &[(u8, bool, u8, u8)], tamper: Tamper) {
    let table = Table::open(seed);
    let mut shadow = ToolSession::seeded(seed);
    for (step, &(kind, b, pick, cheat)) in steps.iter().enumerate() {
        let player = if b { Player::B } else { Player::A };
        let action = action_for(&shadow, kind, player, pick);
        let body = serde_json::to_string(&action).unwrap();
        if cheat % 8 == 0 && action.acting_player().is_some() {
            // Sent by the other player's seat: refused, nothing changed, nothing of the answer told.
            let (name, code) = table.seat_of(player.opponent());
            let reply = post(&table.host, code, &body, None);
            assert_eq!(
                (reply.status, reply.code()),
                (403, "not_your_seat".to_string()),
                "step {step}: seat {name} sent {body}"
            );
            assert_eq!(
                table.host.host.tables()[0].session(),
                shadow,
                "step {step}: a refused request changed the session"
            );
            continue;
        }
        let (name, code) = table.seat_of(player);
        let reply = post(&table.host, code, &body, Some(&format!("step-{step}")));
        assert_eq!(reply.status, 200, "step {step}: {body} -> {}", reply.body);
        let expected = as_sent(&shadow.respond(action));
        let received = tamper(name, &shadow, reply.body);
        check_seat(&shadow, player, name, &received, step);
        assert_eq!(
            received, expected,
            "step {step}: seat {name}'s answer is not the session's answer to {body}"
        );
        // After every step: each player's own view, and the display's table view.
        for viewer in [Player::A, Player::B] {
            let (name, code) = table.seat_of(viewer);
            let view = post(
                &table.host,
                code,
                &serde_json::to_string(&ToolAction::Peek(
                    goeben_table_tools::peek::PeekAction::View {
                        player: viewer,
                        pin: None,
                    },
                ))
                .unwrap(),
                None,
            );
            assert_eq!(view.status, 200);
            let received = tamper(name, &shadow, view.body);
            check_seat(&shadow, viewer, name, &received, step);
            assert_eq!(
                received,
                as_sent(&shadow.clone().respond(ToolAction::Peek(
                    goeben_table_tools::peek::PeekAction::View {
                        player: viewer,
                        pin: None
                    }
                ))),
                "step {step}"
            );
        }
        let display = post(
            &table.host,
            &table.codes[2],
            r#"{"tool":"table_view"}"#,
            None,
        );
        assert_eq!(display.status, 200);
        let received = tamper("display", &shadow, display.body);
        for owner in [Player::A, Player::B] {
            assert_no_secret_of(
                &shadow,
                owner,
                &received,
                &public_text(&shadow),
                "display",
                step,
            );
        }
        assert_eq!(
            received,
            as_sent(&ToolResponse::Peek(
                goeben_table_tools::peek::PeekAnswer::TableView(Box::new(shadow.table_view()))
            )),
            "step {step}"
        );
        assert_eq!(
            table.host.host.tables()[0].session(),
            shadow,
            "step {step}: the host's session and the shadow differ"
        );
    }
}

fn public_text(session: &ToolSession) -> String {
    serde_json::to_string(&session.table_view()).unwrap()
}

/// A message to `viewer`'s seat holds nothing secret of the other player.
fn check_seat(session: &ToolSession, viewer: Player, seat: &str, body: &str, step: usize) {
    assert_no_secret_of(
        session,
        viewer.opponent(),
        body,
        &public_text(session),
        seat,
        step,
    );
}

fn honest(_: &str, _: &ToolSession, body: String) -> String {
    body
}

/// Random seated sessions: 32 in the ordinary run; the soak may set `SOAK_TOOL_SESSIONS`.
fn sessions() -> u32 {
    std::env::var("SOAK_TOOL_SESSIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map(|n: u32| n.div_ceil(2))
        .unwrap_or(32)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: sessions(), ..ProptestConfig::default() })]

    #[test]
    fn issue_16_no_seat_receives_the_other_players_secrets(
        seed in any::<u64>(),
        steps in proptest::collection::vec((any::<u8>(), any::<bool>(), any::<u8>(), any::<u8>()), 1..90),
    ) {
        play(seed, &steps, &honest);
    }
}

/// Steps where each player holds every kind of secret early: B draws, opens a chart, assigns a ship, places
/// a unit; A does the same; then views.
fn secrets_early() -> Vec<(u8, bool, u8, u8)> {
    let mut steps = Vec::new();
    for b in [true, false] {
        // draw (kind 0, pick 0: a free draw), open chart (8, pick even: German / odd: Allied), assign (9), place unit (16).
        steps.extend([
            (0, b, 0, 1),
            (8, b, if b { 1 } else { 2 }, 1),
            (9, b, 0, 1),
            (16, b, 1, 1),
        ]);
    }
    steps.push((7, false, 1, 1));
    steps
}

#[test]
fn issue_16_the_honest_host_passes_the_controls_steps() {
    play(31, &secrets_early(), &honest);
}

/// Runs `play` with `tamper` and returns the message it failed with.
fn caught(tamper: Tamper) -> String {
    let failure = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play(31, &secrets_early(), tamper)
    }))
    .expect_err("the planted leak must be caught");
    failure
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| failure.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
fn issue_16_a_host_that_sends_a_seat_the_other_players_view_is_caught() {
    // A leaky host: seat A's view answered with B's view.
    let leaky = |seat: &str, session: &ToolSession, body: String| {
        if seat == "A" && body.starts_with(r#"{"tool":"view""#) {
            as_sent(&session.clone().respond(ToolAction::Peek(
                goeben_table_tools::peek::PeekAction::View {
                    player: Player::B,
                    pin: None,
                },
            )))
        } else {
            body
        }
    };
    let message = caught(&leaky);
    assert!(
        message.contains("reaches seat A"),
        "caught by the secret checks, not only the comparison: {message}"
    );
}

#[test]
fn issue_16_a_salt_or_a_position_slipped_into_an_answer_is_caught() {
    // A leaky host: B's secret salt added to the display's table view.
    let salt = |seat: &str, session: &ToolSession, body: String| {
        let secret = session
            .chits()
            .iter()
            .find(|c| c.owner == Player::B && c.state == ChitState::Secret);
        match (seat, secret) {
            ("display", Some(chit)) => body.replacen(
                "\"log\":[",
                &format!("\"log\":[{{\"entry\":\"x\",\"text\":\"{}\"}},", chit.salt),
                1,
            ),
            _ => body,
        }
    };
    assert!(caught(&salt).contains("reaches seat display"));
    // A leaky host: the salt of one of B's unrevealed Fleet Boxes added to A's answers.
    let box_salt = |seat: &str, session: &ToolSession, body: String| match (
        seat,
        box_salts_of(session, Player::B).first(),
    ) {
        ("A", Some((_, salt))) => body.replacen('{', &format!("{{\"leak\":\"{salt}\","), 1),
        _ => body,
    };
    assert!(caught(&box_salt).contains("unrevealed Fleet Box"));
    // A leaky host: B's units, with where they are, added to A's answers.
    let position = |seat: &str, session: &ToolSession, body: String| {
        let units = serde_json::to_string(session.units(Player::B)).unwrap();
        if seat == "A" && !session.units(Player::B).is_empty() {
            body.replacen('{', &format!("{{\"leak\":{units},"), 1)
        } else {
            body
        }
    };
    assert!(caught(&position).contains("where B's unit is reaches seat A"));
}
