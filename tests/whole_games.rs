//! Whole seeded games driven by random legal actions (with undos mixed in): every game ends within its
//! Orders' days, every counter is in exactly one place at every step, and each group's totals never change.

use std::collections::BTreeMap;

use goeben_referee::api::request::{Request, SessionRequest};
use goeben_referee::api::test_hooks::SessionHooks;

use goeben_referee::ground::pack::CounterKind;
use goeben_referee::ground::state::Location;
use goeben_referee::{RulesPack, Session};

/// Counters per kind of counter: the totals the rules conserve.
fn totals(pack: &RulesPack) -> BTreeMap<&'static str, usize> {
    let mut t = BTreeMap::new();
    for c in &pack.counters.counters {
        let kind = match c.kind {
            CounterKind::Incident { .. } => "incident",
            CounterKind::CoastalDefense { .. } => "coastal_defense",
            CounterKind::Orders { .. } => "orders",
            CounterKind::AustroHungarian { .. } => "austro_hungarian",
        };
        *t.entry(kind).or_insert(0) += 1;
    }
    t
}

fn check(session: &Session, step: usize) {
    let pack = session.pack();
    let game = session.game().unwrap();
    game.check_invariants(pack)
        .unwrap_or_else(|e| panic!("step {step}: {e}"));
    // Exactly one location per counter is guaranteed by the state's shape; the places a counter may be
    // are checked by the invariants; here: the pool plus everything else adds up to every counter.
    let face_down = game
        .counters
        .iter()
        .filter(|c| c.location.is_face_down())
        .count();
    let elsewhere = game
        .counters
        .iter()
        .filter(|c| !c.location.is_face_down())
        .count();
    assert_eq!(face_down + elsewhere, pack.counters.counters.len());
    assert_eq!(game.counters.len(), totals(pack).values().sum::<usize>());
    let in_orders_box = game
        .counters
        .iter()
        .filter(|c| c.location == Location::OrdersBox)
        .count();
    assert_eq!(in_orders_box, 1, "step {step}: one Orders marker in play");
    assert!(
        game.turn <= game.last_turn,
        "step {step}: no turn after the last"
    );
}

#[test]
fn a_thousand_random_games_end_and_conserve_every_counter() {
    let pack = RulesPack::standard();
    let mut ended = 0;
    for seed in 0..1000u64 {
        let mut s = Session::new(pack.clone(), seed);
        let mut r = s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: None,
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for step in 0..3000 {
            if r.view.game_over.is_some() {
                ended += 1;
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let legal = &r.view.legal_actions();
            assert!(
                !legal.is_empty(),
                "seed {seed} step {step}: a running game always offers a decision"
            );
            // Each decision is offered once: two buttons that do the same thing only confuse the player.
            for (i, a) in legal.iter().enumerate() {
                assert!(
                    !legal[..i].contains(a),
                    "seed {seed} step {step}: {a:?} offered twice"
                );
            }
            // One step in twenty is an undo (when there is something to undo).
            let action: Request = if x % 20 == 0 && step > 0 {
                SessionRequest::Undo.into()
            } else {
                legal[(x >> 8) as usize % legal.len()].clone().into()
            };
            let undo = matches!(action, Request::Session(SessionRequest::Undo));
            r = s.respond(action);
            assert!(
                r.ok || undo,
                "seed {seed} step {step}: a legal action was refused: {:?}",
                r.error
            );
            if step % 7 == 0 {
                check(&s, step);
            }
        }
    }
    assert_eq!(ended, 1000, "every game reached its end");
}
