//! A referee the player cannot game. Over random seeded games (optional rules mixed in):
//! every action that rolled or revealed was marked beforehand and stops undo (`undo_barrier`, nothing
//! changed); plain decisions still undo and repeat identically; the house rule counts its take-backs;
//! the commitment holds from the first view to the reveal; whole games export and verify, tampered
//! records are refused at the right step; marks and mid-game records say nothing hidden.

use crate::rules_support;
use rules_support::Chooser;

use goeben_referee::api::request::SessionRequest;
use goeben_referee::api::test_hooks::SessionHooks;

use goeben_referee::api::barriers::rolled_or_revealed;
use goeben_referee::api::provenance::sha256_hex;
use goeben_referee::api::record::GameRecord;
use goeben_referee::api::verify::verify;
use goeben_referee::ground::action::Action;
use goeben_referee::ground::event::Event;
use goeben_referee::ground::state::{CounterId, GameOptions, Location};
use goeben_referee::{RulesPack, Session};

/// The optional rules mixed in by seed, with the house rule when asked.
fn options(seed: u64, take_backs: bool) -> GameOptions {
    GameOptions {
        take_backs,
        ..rules_support::rules_by_seed(seed)
    }
}

fn start(seed: u64, options: GameOptions) -> Session {
    let mut s = Session::new(RulesPack::standard(), seed ^ 0xA5A5);
    let r = s.respond(SessionRequest::NewGame {
        seed: Some(seed),
        options: Some(options),
    });
    assert!(r.ok, "{:?}", r.error);
    s
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

#[test]
fn issue_14_every_roll_or_reveal_was_marked_and_stops_undo() {
    let (mut barriers, mut marked_plain, mut plain_undos) = (0u32, 0u32, 0u32);
    // Which kinds of marked actions turned out plain (a warning that cries wolf).
    let mut cried_wolf: std::collections::BTreeMap<String, u32> = Default::default();
    for seed in 0..160u64 {
        // Cup-only mode follows the same principle for its draws and reveals.
        let mut s = start(
            seed,
            GameOptions {
                cup_only: seed % 8 == 5,
                ..options(seed, false)
            },
        );
        let mut pick = Chooser(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for step in 0..1500 {
            let view = s.view();
            if view.game_over.is_some() || view.decisions.is_empty() {
                break;
            }
            let i = pick.next() as usize % view.decisions.len();
            let (action, marked) = (
                view.decisions[i].action.clone(),
                view.decisions[i].barrier.is_some(),
            );
            let before = s.game().unwrap().clone();
            let r = s.respond(action.clone());
            assert!(
                r.ok,
                "seed {seed} step {step}: a legal action was refused: {:?}",
                r.error
            );
            let events = r.events.unwrap();
            // The end of the game reveals the seed: a point of no return too.
            let did = rolled_or_revealed(&before.dice, &s.game().unwrap().dice, &events)
                || r.view.game_over.is_some();
            assert!(
                !did || marked,
                "seed {seed} step {step}: {action:?} rolled or revealed but was not marked"
            );
            if did {
                barriers += 1;
                // The promise: the undo is refused and nothing changes.
                let shown = json(&s.view());
                let refused = s.respond(SessionRequest::Undo);
                assert!(
                    !refused.ok,
                    "seed {seed} step {step}: undo after a roll or reveal was accepted"
                );
                assert_eq!(refused.error.unwrap().code, "undo_barrier");
                assert_eq!(
                    json(&refused.view),
                    shown,
                    "seed {seed} step {step}: a refused undo changed the view"
                );
                assert!(!refused.view.undo_status.allowed && refused.view.undo_status.barrier);
            } else {
                marked_plain += marked as u32;
                if marked {
                    let kind = serde_json::to_value(&action).unwrap()["action"]
                        .as_str()
                        .unwrap_or("?")
                        .to_string();
                    let phase = format!("{:?}", before.phase);
                    *cried_wolf.entry(format!("{kind} in {phase}")).or_default() += 1;
                }
                if pick.next().is_multiple_of(4) {
                    // A plain decision undoes and repeats identically.
                    let u = s.respond(SessionRequest::Undo);
                    assert!(
                        u.ok,
                        "seed {seed} step {step}: a plain decision could not be undone: {:?}",
                        u.error
                    );
                    assert_eq!(
                        s.game().unwrap(),
                        &before,
                        "seed {seed} step {step}: undo restores the state"
                    );
                    let again = s.respond(action);
                    assert_eq!(
                        again.events.unwrap(),
                        events,
                        "seed {seed} step {step}: the repeat differs"
                    );
                    plain_undos += 1;
                }
            }
        }
    }
    assert!(
        barriers > 1000 && plain_undos > 200,
        "enough of both kinds were tried: {barriers} barriers, {plain_undos} plain undos"
    );
    println!("{barriers} barriers, {plain_undos} plain undos, {marked_plain} marked actions that did not roll or reveal: {cried_wolf:?}");
    // Under 1% of the marked actions roll and reveal nothing (a mark shows only where the public view
    // says the referee will act).
    let marked = barriers + marked_plain;
    assert!(
        marked_plain * 100 < marked,
        "{marked_plain} of {marked} marked actions did not roll or reveal: {cried_wolf:?}"
    );
}

#[test]
fn issue_17_undo_keeps_no_snapshot_it_can_never_restore() {
    // After a roll or a reveal, undo stops there: the snapshots before it are dropped, so the
    // autosave stays small; the plain decisions since are all still undoable. With the take-backs house
    // rule nothing is dropped.
    let (mut checked, mut deep) = (0u32, 0usize);
    for (seed, take_backs) in (1..=12u64).map(|seed| (seed, seed % 4 == 0)) {
        let mut s = start(seed, options(seed, take_backs));
        let mut pick = Chooser(seed | 1);
        let mut since_barrier = 0usize;
        for step in 0..400 {
            let view = s.view();
            if view.game_over.is_some() || view.decisions.is_empty() {
                break;
            }
            let r = s.respond(
                view.decisions[pick.next() as usize % view.decisions.len()]
                    .action
                    .clone(),
            );
            assert!(r.ok);
            since_barrier = if r.view.undo_status.barrier {
                0
            } else {
                since_barrier + 1
            };
            if take_backs {
                assert_eq!(
                    s.undo_depth(),
                    (step + 1).min(goeben_referee::api::session::UNDO_DEPTH),
                    "seed {seed} step {step}: the house rule keeps every snapshot"
                );
            } else {
                assert!(s.undo_depth() <= since_barrier + 1, "seed {seed} step {step}: {} snapshots kept, {since_barrier} plain decisions since the last barrier", s.undo_depth());
                // Every kept snapshot but the barrier's own can be undone, one after another.
                let mut probe = s.clone();
                for _ in 0..since_barrier.min(s.undo_depth()) {
                    assert!(probe.respond(SessionRequest::Undo).ok, "seed {seed} step {step}: a plain decision since the barrier could not be undone");
                }
                checked += 1;
            }
            deep = deep.max(s.undo_depth());
        }
    }
    assert!(checked > 500, "{checked} steps checked");
    assert!(
        deep > 10,
        "the house-rule games kept a deep history ({deep})"
    );
}

#[test]
fn issue_14_house_rule_takes_back_across_barriers_and_counts() {
    let mut counted_games = 0;
    for seed in 0..40u64 {
        let mut s = start(seed, options(seed, true));
        let mut pick = Chooser(seed | 1);
        let mut taken = 0;
        for _ in 0..1500 {
            let view = s.view();
            if view.game_over.is_some() || view.decisions.is_empty() {
                break;
            }
            let i = pick.next() as usize % view.decisions.len();
            let before = s.game().unwrap().clone();
            let r = s.respond(view.decisions[i].action.clone());
            assert!(r.ok);
            if r.view.undo_status.barrier
                && r.view.game_over.is_none()
                && pick.next().is_multiple_of(3)
            {
                assert!(r.view.undo_status.allowed, "the house rule allows it");
                let u = s.respond(SessionRequest::Undo);
                taken += 1;
                let events = u.events.unwrap();
                assert!(
                    matches!(events.as_slice(), [Event::TakenBack { total, .. }] if *total == taken),
                    "{events:?}"
                );
                assert_eq!(s.game().unwrap(), &before, "the state before, RNG included");
                assert_eq!(u.view.undo_status.take_backs, taken);
            }
        }
        let record = s.respond(SessionRequest::ExportRecord).record().unwrap();
        assert_eq!(record.take_backs, taken);
        assert_eq!(
            record
                .steps
                .iter()
                .filter(|st| st
                    .events
                    .iter()
                    .any(|e| matches!(e, Event::TakenBack { .. })))
                .count() as u32,
            taken
        );
        counted_games += (taken > 0) as u32;
    }
    assert!(counted_games > 20);
}

/// Plays a game to its end (or the step limit) with the chooser; the record at the end.
fn play_out(seed: u64, options: GameOptions) -> (Session, Vec<String>) {
    let mut s = start(seed, options);
    let mut pick = Chooser(seed.wrapping_add(77) | 1);
    let mut views = vec![json(&s.view())];
    for _ in 0..3000 {
        let view = s.view();
        if view.game_over.is_some() && view.decisions.is_empty() {
            break;
        }
        let i = pick.next() as usize % view.decisions.len();
        assert!(s.respond(view.decisions[i].action.clone()).ok);
        if pick.next().is_multiple_of(9) {
            s.respond(SessionRequest::Undo); // refused at barriers, taken back otherwise: both go in the record
        }
        views.push(json(&s.view()));
    }
    (s, views)
}

#[test]
fn issue_14_commitment_from_the_first_view_and_the_reveal_only_at_the_end() {
    for seed in 0..30u64 {
        let (s, views) = play_out(seed, options(seed, false));
        let end = s.view();
        assert!(end.game_over.is_some(), "seed {seed}: the game ended");
        let commitment = end.commitment.clone().unwrap();
        assert!(
            commitment.len() == 64
                && commitment
                    .chars()
                    .all(|c| matches!(c, '0'..='9' | 'a'..='f'))
        );
        let reveal = end.reveal.clone().unwrap();
        assert_eq!(
            sha256_hex(&reveal.committed),
            commitment,
            "seed {seed}: SHA-256 of the committed string"
        );
        assert_eq!(reveal.seed, seed);
        assert!(reveal.committed.contains(&format!("seed={seed};")));
        let over_at = views
            .iter()
            .position(|v| v.contains("\"game_over\":{"))
            .unwrap();
        for (i, v) in views.iter().enumerate() {
            assert!(
                v.contains(&format!("\"commitment\":\"{commitment}\"")),
                "seed {seed} view {i}: the same commitment"
            );
            if i < over_at {
                assert!(
                    !v.contains("\"reveal\"") && !v.contains(&reveal.salt),
                    "seed {seed} view {i}: revealed before the end"
                );
            }
        }
    }
}

#[test]
fn issue_14_whole_games_verify_and_tampered_records_are_refused_at_their_step() {
    for seed in 0..12u64 {
        let (mut s, _) = play_out(seed, options(seed, seed % 2 == 0));
        let record = s.respond(SessionRequest::ExportRecord).record().unwrap();
        let text = json(&record);
        let report = verify(&text);
        assert!(report.ok, "seed {seed}: {report:?}");
        assert_eq!(report.final_view.as_ref(), Some(&s.view()));

        // A die face edited: the step that rolled it is named.
        let mut edited = record.clone();
        let k = edited
            .steps
            .iter()
            .position(|st| {
                st.events
                    .iter()
                    .any(|e| matches!(e, Event::DiceRolled { .. }))
            })
            .unwrap();
        for e in &mut edited.steps[k].events {
            if let Event::DiceRolled { faces, .. } = e {
                faces[0] = if faces[0] == 1 { 2 } else { 1 };
                break;
            }
        }
        let r = verify(&json(&edited));
        assert_eq!(
            (r.ok, r.step, r.error.unwrap().code.name()),
            (false, Some(k as u32 + 1), "step_differs".to_string()),
            "seed {seed}: die edited"
        );

        // An action changed: the first plain move swapped for another one.
        let mut changed = record.clone();
        let k = changed
            .steps
            .iter()
            .position(|st| matches!(st.action, goeben_referee::Request::Move(Action::EndPhase)))
            .unwrap();
        changed.steps[k].action = SessionRequest::Undo.into();
        let r = verify(&json(&changed));
        assert!(
            !r.ok && r.step == Some(k as u32 + 1),
            "seed {seed}: action changed at {k}: {r:?}"
        );

        // A wrong seed does not match its commitment.
        let mut wrong = record.clone();
        wrong.seed = Some(seed + 1);
        let r = verify(&json(&wrong));
        assert_eq!(
            (r.ok, r.step, r.error.unwrap().code.name()),
            (false, Some(0), "commitment_mismatch".to_string())
        );

        // A record of an earlier standard pack (rules corrected since) is refused, saying so.
        let mut older = record.clone();
        older.pack_sha256 = "0".repeat(64);
        let r = verify(&json(&older));
        let e = r.error.unwrap();
        assert_eq!((r.ok, e.code.name()), (false, "pack_mismatch".to_string()));
        assert!(
            e.message
                .contains("another version of the standard rules pack")
                && e.message.contains("1.2.0"),
            "{}",
            e.message
        );
    }
}

#[test]
fn issue_14_malformed_records_are_refused_without_a_panic() {
    for text in [
        "",
        "{",
        "[]",
        "{\"format\":\"goeben-referee-record\"}",
        "{\"format\":\"x\",\"version\":1}",
        &"9".repeat(10_000),
    ] {
        let r = verify(text);
        assert!(!r.ok && r.error.is_some(), "{text:.20}");
    }
    let (mut s, _) = play_out(3, options(3, false));
    let mut record: serde_json::Value =
        serde_json::to_value(s.respond(SessionRequest::ExportRecord).record().unwrap()).unwrap();
    record["steps"][0]["action"] = serde_json::json!({"action": "move", "ship": "nobody", "to": {"place": "x"}, "speed": "cruise"});
    assert!(!verify(&record.to_string()).ok);
    record["version"] = serde_json::json!(99);
    assert_eq!(
        verify(&record.to_string()).error.unwrap().code,
        "malformed_record"
    );
}

#[test]
fn issue_14_a_mid_game_record_holds_no_secret_and_cannot_be_verified_yet() {
    for seed in 0..20u64 {
        let mut s = start(seed, options(seed, false));
        let mut pick = Chooser(seed | 1);
        for _ in 0..60 {
            let view = s.view();
            if view.game_over.is_some() {
                break;
            }
            let i = pick.next() as usize % view.decisions.len();
            s.respond(view.decisions[i].action.clone());
        }
        if s.view().game_over.is_some() {
            continue;
        }
        let record: GameRecord = s.respond(SessionRequest::ExportRecord).record().unwrap();
        assert!(record.seed.is_none() && record.salt.is_none() && record.committed.is_none());
        let text = json(&record);
        // The session (a save holds it whole) knows the salt; the record must not.
        let salt = serde_json::to_value(&s).unwrap()["provenance"]["salt"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            !text.contains(&salt),
            "seed {seed}: the salt is in a mid-game record"
        );
        assert!(
            !text.contains("\"seed\":") || text.contains("\"seed\":null"),
            "seed {seed}: a seed value in a mid-game record"
        );
        assert!(!text.contains("\"rng\"") && !text.contains("\"dice\""));
        assert_eq!(verify(&text).error.unwrap().code, "unfinished_record");
    }
}

/// Swaps the places of two face-down incident counters, one in the pool and one in a patrol zone: a
/// different hidden state behind the same public one.
fn swap_hidden(s: &mut Session) -> bool {
    let game = s.game_mut_for_tests().unwrap();
    let fresh = |l: &Location, g: &goeben_referee::ground::state::CounterState| {
        !g.known_to_player
            && matches!(
                (l, &g.location),
                (Location::Pool, Location::Pool)
                    | (Location::PatrolZone { .. }, Location::PatrolZone { .. })
            )
    };
    let zone = Location::PatrolZone {
        zone: String::new(),
    };
    let a = game.counters.iter().position(|c| fresh(&Location::Pool, c));
    let b = game.counters.iter().position(|c| fresh(&zone, c));
    let (Some(a), Some(b)) = (a, b) else {
        return false;
    };
    let (la, lb) = (
        game.counter(CounterId(a as u16)).location.clone(),
        game.counter(CounterId(b as u16)).location.clone(),
    );
    game.counters[a].location = lb;
    game.counters[b].location = la;
    true
}

#[test]
fn issue_14_marks_and_commitment_do_not_depend_on_what_is_hidden() {
    // The differential check: the same history over a different hidden state gives the same marks, and
    // the commitment is a hash that changes with the seed (checked above) but not with play.
    let mut compared = 0;
    for seed in 0..60u64 {
        let mut s = start(seed, options(seed, false));
        let mut pick = Chooser(seed | 1);
        for step in 0..200 {
            let view = s.view();
            if view.game_over.is_some() {
                break;
            }
            if step % 10 == 0 {
                let mut other: Session =
                    serde_json::from_value(serde_json::to_value(&s).unwrap()).unwrap();
                if swap_hidden(&mut other) {
                    let (a, b) = (s.view(), other.view());
                    assert_eq!(
                        a.legal_actions(),
                        b.legal_actions(),
                        "seed {seed} step {step}: the decisions are public"
                    );
                    assert_eq!(
                        a.decisions.iter().map(|d| &d.barrier).collect::<Vec<_>>(),
                        b.decisions.iter().map(|d| &d.barrier).collect::<Vec<_>>(),
                        "seed {seed} step {step}: the marks follow a secret"
                    );
                    assert_eq!(a.commitment, b.commitment);
                    assert_eq!(
                        json(&s.respond(SessionRequest::ExportRecord).record()),
                        json(&other.respond(SessionRequest::ExportRecord).record())
                    );
                    compared += 1;
                }
            }
            let i = pick.next() as usize % view.decisions.len();
            s.respond(view.decisions[i].action.clone());
        }
    }
    assert!(compared > 200, "{compared}");
}

#[test]
fn issue_14_seeds_of_unseeded_games_do_not_follow_from_a_revealed_one() {
    // The next game's seed comes from a stream the player never sees, not from the last seed.
    let mut s = Session::new(RulesPack::standard(), 12345);
    let mut seeds = Vec::new();
    for _ in 0..3 {
        s.respond(SessionRequest::NewGame {
            seed: None,
            options: None,
        });
        seeds.push(
            serde_json::to_value(&s).unwrap()["provenance"]["seed"]
                .as_u64()
                .unwrap(),
        );
    }
    let lcg = |x: u64| {
        x.wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407)
    };
    assert!(seeds[1] != lcg(seeds[0]) && seeds[1] != seeds[0] && seeds[2] != seeds[1]);
}
