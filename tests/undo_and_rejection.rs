//! DESIGN.md principles 3–4: a rejected action changes nothing; undo restores the state before the last
//! action including the RNG, so undoing and repeating a draw gives the same draw; every undo is logged.

use goeben_referee::api::request::SessionRequest;
use goeben_referee::api::test_hooks::SessionHooks;

use goeben_referee::ground::action::Action;
use goeben_referee::ground::event::Event;
use goeben_referee::{api::protocol, api::save, RulesPack, Session};
use proptest::prelude::*;

use crate::rules_support;
use rules_support::played;

/// A session played `steps` legal actions in, with a deterministic chooser.

#[test]
fn principle_4_undo_then_repeating_an_incident_draw_gives_the_same_draw() {
    for seed in 1..20u64 {
        let mut s = played(seed, 0);
        let collier = s
            .view()
            .legal_actions()
            .iter()
            .find(|a| matches!(a, Action::PlaceCollier { .. }))
            .cloned()
            .unwrap();
        s.apply(collier).unwrap(); // the collier is placed: setup ends
        while !s
            .view()
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::ResolveIncidents { .. }))
        {
            if s.game().unwrap().phase == goeben_referee::ground::state::Phase::Movement {
                // Out of Messina (neutral, no picks at Alert 1) to the open sea.
                for ship in ["goeben", "breslau"] {
                    let to = goeben_referee::ground::state::SpaceRef::HighSeas {
                        zone: goeben_referee::ground::pack::SeaZone::EasternMed,
                        label: String::new(),
                    };
                    s.apply(Action::Move {
                        ship: ship.into(),
                        to,
                        speed: goeben_referee::ground::action::Speed::Cruise,
                    })
                    .unwrap();
                }
            }
            s.apply(Action::EndPhase).unwrap();
        }
        let action = s
            .view()
            .legal_actions()
            .iter()
            .find(|a| matches!(a, Action::ResolveIncidents { .. }))
            .cloned()
            .unwrap();
        let first = s.apply(action.clone()).unwrap();
        let after_first = s.view();
        // A draw is a point of no return; only the house rule lets it be taken back, and
        // then the same draw waits (the RNG is restored too).
        assert_eq!(
            s.apply(SessionRequest::Undo).unwrap_err().code(),
            "undo_barrier",
            "seed {seed}: a draw cannot be undone"
        );
        s.game_mut_for_tests().unwrap().options.take_backs = true;
        let taken = s.apply(SessionRequest::Undo).unwrap();
        assert!(
            matches!(taken.as_slice(), [Event::TakenBack { total: 1, .. }]),
            "seed {seed}: a counted take-back"
        );
        let again = s.apply(action).unwrap();
        assert_eq!(first, again, "seed {seed}: the same draw and the same dice");
        assert!(
            first
                .iter()
                .any(|e| matches!(e, Event::IncidentsPicked { drawn, .. } if *drawn > 0)),
            "seed {seed}: something was drawn"
        );
        // The same view, but for the log's length (the undo and the repeat are logged too).
        let (mut a, mut b) = (after_first, s.view());
        a.game.as_mut().unwrap().log_len = 0;
        b.game.as_mut().unwrap().log_len = 0;
        // The house rule (set by hand above) and the take-back count are the only other differences.
        b.game.as_mut().unwrap().options.take_backs = false;
        b.undo_status.take_backs = 0;
        a.undo_status.allowed = b.undo_status.allowed;
        assert!(
            a == b,
            "seed {seed}: the repeated draw left a different view"
        );
    }
}

#[test]
fn principle_4_undo_restores_the_whole_state_and_is_logged() {
    let mut s = played(5, 12);
    let before = serde_json::to_value(s.game().unwrap()).unwrap();
    // A plain decision (one that rolls and reveals nothing) stays undoable.
    let view = s.view();
    let plain = view
        .decisions
        .iter()
        .position(|d| d.barrier.is_none())
        .expect("a plain decision is offered");
    let action = view.decisions[plain].action.clone();
    s.apply(action).unwrap();
    let events = s.apply(SessionRequest::Undo).unwrap();
    assert!(matches!(events.as_slice(), [Event::Undone { .. }]));
    assert_eq!(
        serde_json::to_value(s.game().unwrap()).unwrap(),
        before,
        "state and RNG as before"
    );
    let log = s.log();
    assert!(
        matches!(log.last().map(|e| &e.event), Some(Event::Undone { .. })),
        "the undo is in the log"
    );
    assert!(
        log.iter().any(|e| e.undone),
        "the undone entries are marked, not erased"
    );
}

#[test]
fn undo_with_nothing_to_undo_is_refused() {
    let mut s = Session::new(RulesPack::standard(), 1);
    assert_eq!(
        s.respond(SessionRequest::Undo).error.unwrap().code,
        "no_game"
    );
    s.respond(SessionRequest::NewGame {
        seed: Some(1),
        options: None,
    });
    assert_eq!(
        s.respond(SessionRequest::Undo).error.unwrap().code,
        "nothing_to_undo"
    );
}

/// Lines that are not legal now: malformed JSON, unknown actions, bad fields, and real actions that the
/// rules refuse at this moment.
fn bad_line() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,40}",
        Just(r#"{"action":"fly"}"#.to_string()),
        Just(r#"{"action":"move","ship":"goeben"}"#.to_string()),
        Just(r#"{"action":"end_phase","extra":1}"#.to_string()),
        Just(r#"{"action":"move","ship":"goeben","to":{"kind":"high_seas","zone":"black_sea","label":""},"speed":"cruise"}"#.to_string()),
        Just(r#"{"action":"raid_merchants","space":{"kind":"place","id":"malta"},"ship":"breslau"}"#.to_string()),
        Just(r#"{"action":"correct","correction":{"kind":"alert_level","level":9}}"#.to_string()),
        Just(r#"{"action":"correct","correction":{"kind":"counter_to_pool","counter":"gb_bc_inflexible"}}"#.to_string()),
        Just(r#"{"action":"choose_ship","ship":"breslau"}"#.to_string()),
        Just(r#"{"action":"examine_zone","zone":"malta_pz"}"#.to_string()),
        (0u16..400).prop_map(|n| format!(r#"{{"action":"place_collier","to":{{"kind":"place","id":"p{n}"}}}}"#)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn principle_3_a_rejected_line_changes_nothing(seed in 1u64..500, steps in 0usize..40, line in bad_line()) {
        let mut s = played(seed, steps);
        let before = save::to_json(&s);
        let r = protocol::handle_line(&mut s, &line);
        if !r.ok {
            prop_assert_eq!(before, save::to_json(&s), "refused `{}` changed the session", line);
            prop_assert!(!r.error.unwrap().message.is_empty());
        }
    }
}
