//! DESIGN.md principle 2: no view and no event shows the identity of a face-down counter before the rules
//! reveal it, and neither ever carries the RNG seed or state while a game runs. Checked over random games
//! (proptest chooses the seed and the sequence of legal actions) by comparing, after every response, the
//! counters mentioned in the JSON with the set of counters the player may know.

use std::collections::BTreeSet;

use goeben_referee::api::request::SessionRequest;
use goeben_referee::api::test_hooks::SessionHooks;

use goeben_referee::ground::state::{CounterId, Location};
use goeben_referee::{RulesPack, Session};
use proptest::prelude::*;

use crate::leak_support;
use leak_support::{counters_in, knowable, revealed_by, salt_of, view_parts};

fn no_rng(text: &str, seed: u64, step: usize) {
    assert!(
        !text.contains(&format!(":{seed},")) && !text.contains(&format!(":{seed}}}")),
        "step {step}: the seed appears"
    );
    for field in ["\"rng\"", "\"seed\"", "\"dice\"", "\"stream\"", "\"undo\""] {
        assert!(
            !text.contains(field),
            "step {step}: {field} crosses the boundary"
        );
    }
}

/// Checks one response: its events in order only name counters revealed before or by that event; its
/// view only names counters the player may know now; no RNG material while the game runs.
fn assert_no_leak(
    session: &Session,
    response: &goeben_referee::Response,
    ever: &mut BTreeSet<String>,
    seed: u64,
    step: usize,
) {
    assert_no_leak_salted(session, response, ever, seed, &salt_of(session), step)
}

fn assert_no_leak_salted(
    session: &Session,
    response: &goeben_referee::Response,
    ever: &mut BTreeSet<String>,
    seed: u64,
    salt: &str,
    step: usize,
) {
    let pack = session.pack();
    if response.view.game_over.is_none() {
        let text = serde_json::to_string(response).unwrap();
        no_rng(&text, seed, step);
        // Neither the salt nor the committed string leaves before the end; a mid-game record
        // says no more than the views did.
        assert!(
            !text.contains(salt) && !text.contains("\"reveal\""),
            "step {step}: the salt crosses the boundary"
        );
    }
    for event in response.events.iter().flatten() {
        ever.extend(revealed_by(event));
        let named = counters_in(pack, &serde_json::to_value(event).unwrap());
        let leaked: Vec<_> = named.difference(ever).collect();
        assert!(leaked.is_empty(), "step {step}: an event names face-down counters before their reveal: {leaked:?} in {event:?}");
    }
    for event in response
        .record()
        .iter()
        .flat_map(|r| r.steps.iter().flat_map(|s| s.events.iter()))
    {
        let named = counters_in(pack, &serde_json::to_value(event).unwrap());
        let leaked: Vec<_> = named.difference(ever).collect();
        assert!(
            leaked.is_empty(),
            "step {step}: the record names never-revealed counters: {leaked:?}"
        );
    }
    for entry in response.log().iter().flatten() {
        let named = counters_in(pack, &serde_json::to_value(entry).unwrap());
        let leaked: Vec<_> = named.difference(ever).collect();
        assert!(
            leaked.is_empty(),
            "step {step}: the log names never-revealed counters: {leaked:?}"
        );
    }
    let allowed = knowable(session);
    let (state, told) = view_parts(&response.view);
    let named = counters_in(pack, &state);
    let leaked: Vec<_> = named.difference(&allowed).collect();
    assert!(
        leaked.is_empty(),
        "step {step}: the view names face-down counters: {leaked:?}"
    );
    // The last tap's result and what-you-know repeat the log: counters shown before, never one not yet.
    let shown: std::collections::BTreeSet<String> = allowed.union(ever).cloned().collect();
    let told = counters_in(pack, &told);
    let leaked: Vec<_> = told.difference(&shown).collect();
    assert!(
        leaked.is_empty(),
        "step {step}: the view's result or what-you-know names never-revealed counters: {leaked:?}"
    );
    // The names of counters face down in a zone or port do not appear in the view's state either (its
    // result and what-you-know may repeat a name the log said, checked by id above).
    let view_text = serde_json::to_string(&state).unwrap();
    let game = session.game().unwrap();
    for (i, spec) in pack.counters.counters.iter().enumerate() {
        let loc = &game.counter(CounterId(i as u16)).location;
        let shares_name = pack
            .counters
            .counters
            .iter()
            .any(|o| o.name == spec.name && allowed.contains(&o.id));
        if matches!(loc, Location::PatrolZone { .. } | Location::Port { .. })
            && !allowed.contains(&spec.id)
            && !shares_name
        {
            assert!(
                !view_text.contains(&format!("\"{}\"", spec.name)),
                "step {step}: the name of {} appears",
                spec.id
            );
        }
    }
}

fn play(seed: u64, choices: &[u16]) {
    play_with(seed, choices, None)
}

/// One random game; with `options`, its house rules (the player's entered dice among them).
fn play_with(
    seed: u64,
    choices: &[u16],
    options: Option<goeben_referee::ground::state::GameOptions>,
) {
    let mut session = Session::new(RulesPack::standard(), seed ^ 0x5555);
    let mut ever = BTreeSet::new();
    let r = session.respond(SessionRequest::NewGame {
        seed: Some(seed),
        options,
    });
    let salt = salt_of(&session);
    assert_no_leak_salted(&session, &r, &mut ever, seed, &salt, 0);
    let mut view = r.view;
    for (step, choice) in choices.iter().enumerate() {
        if view.game_over.is_some() || view.decisions.is_empty() {
            break;
        }
        // House rule "I roll the dice": an asked roll is entered with faces from the choices.
        let action = match &view.pending_roll {
            Some(roll) => goeben_referee::Action::EnterDice {
                faces: (0..roll.count)
                    .map(|i| ((*choice as u32 + i * 7) % roll.sides as u32) as u8 + 1)
                    .collect(),
            },
            None => view.decisions[*choice as usize % view.decisions.len()]
                .action
                .clone(),
        };
        // What the player could already see before this decision may be named by its events (20.1: HMS
        // New Zealand, set aside face up at the setup, joins the pool by name).
        ever.extend(knowable(&session));
        let r = session.respond(action);
        assert!(r.ok, "a legal action was refused: {:?}", r.error);
        assert_no_leak_salted(&session, &r, &mut ever, seed, &salt, step + 1);
        // The log holds the same words the player saw, never more.
        let log = session.respond(SessionRequest::Log { since: None });
        assert_no_leak_salted(&session, &log, &mut ever, seed, &salt, step + 1);
        // A mid-game record says no more than the views did (no seed, no salt, no secret).
        if step % 8 == 0 {
            let record = session.respond(SessionRequest::ExportRecord);
            assert_no_leak_salted(&session, &record, &mut ever, seed, &salt, step + 1);
        }
        view = r.view;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn principle_2_no_hidden_identity_or_rng_state_crosses_the_boundary(seed in 1_000u64..u64::MAX / 2, choices in proptest::collection::vec(any::<u16>(), 40..160)) {
        play(seed, &choices);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// player_dice: games whose dice the player enters keep the secrets too; an asked roll's words name
    /// nothing hidden (the view with `pending_roll` is checked like every other).
    #[test]
    fn principle_2_player_dice_games_never_leak(seed in 1_000u64..u64::MAX / 2, choices in proptest::collection::vec(any::<u16>(), 40..200)) {
        let options = goeben_referee::ground::state::GameOptions {
            player_dice: true,
            night_combat: seed % 2 == 0,
            austro_hungarian: seed % 3 == 0,
            ..Default::default()
        };
        play_with(seed, &choices, Some(options));
    }
}

#[test]
fn principle_2_whole_games_never_leak() {
    for seed in 1..12u64 {
        let choices: Vec<u16> = (0..400u32)
            .map(|i| {
                ((seed as u32)
                    .wrapping_mul(2654435761)
                    .wrapping_add(i * 40503)
                    >> 7) as u16
            })
            .collect();
        play(seed * 7919, &choices);
    }
}

/// Planted-leak controls: the checks above do fail when a secret is put where it must not be.
#[test]
fn principle_2_planted_leaks_are_caught() {
    let mut session = Session::new(RulesPack::standard(), 9);
    let r = session.respond(SessionRequest::NewGame {
        seed: Some(424_242),
        options: None,
    });
    let mut ever = BTreeSet::new();
    assert_no_leak(&session, &r, &mut ever, 424_242, 0);
    let game = session.game().unwrap();
    let hidden = (0..game.counters.len())
        .find(|&i| game.counters[i].location == Location::Pool)
        .unwrap();
    let id = &session.pack().counters.counters[hidden].id;
    let catches = |planted: goeben_referee::Response| {
        let mut ever = BTreeSet::new();
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            assert_no_leak(&session, &planted, &mut ever, 424_242, 1)
        }))
        .is_err()
    };
    // A pool counter named in an event, the salt in the view, the seed in the view: each is caught.
    let mut named = r.clone();
    named.events = Some(vec![
        goeben_referee::ground::event::Event::CounterReturned {
            counter: id.clone(),
            name: String::new(),
            to: String::new(),
            rule: String::new(),
        },
    ]);
    assert!(catches(named), "a hidden identity in an event");
    let salt = serde_json::to_value(&session).unwrap()["provenance"]["salt"]
        .as_str()
        .unwrap()
        .to_string();
    let mut salted = r.clone();
    salted.view.commitment = Some(salt);
    assert!(catches(salted), "the salt in a view");
    let mut seeded = r.clone();
    seeded.view.reveal = Some(goeben_referee::api::provenance::Reveal {
        seed: 424_242,
        salt: String::new(),
        committed: String::new(),
    });
    assert!(catches(seeded), "the seed before the end");
}
