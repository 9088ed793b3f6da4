//! Issue #50: every tap's result has a headline that says its weightiest news, made by the core, kept
//! in the view (so a restart or a guest's phone shows it too) — checked over random games, with a
//! planted empty headline and a planted headline that leaves out a sinking as controls.

use goeben_referee::api::headline::TapResult;
use goeben_referee::api::request::SessionRequest;
use goeben_referee::api::response::Response;
use goeben_referee::api::view::{Decision, PlayerView};
use goeben_referee::ground::event::Event;
use goeben_referee::{RulesPack, Session};

use crate::rules_support;

/// Plays random games (the wording test's xorshift choices, every optional rule mixed in by seed): `step`
/// sees each view, the decision taken from it and its answer; `end` the session when the game is over or
/// after 1,500 decisions.
pub(crate) fn random_games(
    seeds: std::ops::Range<u64>,
    mut step: impl FnMut(u64, &PlayerView, &Decision, &Response),
    mut end: impl FnMut(u64, &Session),
) {
    for seed in seeds {
        let mut s = Session::new(RulesPack::standard(), seed);
        let started = s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: Some(rules_support::mixed_options(seed)),
        });
        assert!(started.view.result.is_some(), "a new game has a result");
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..1500 {
            let view = s.view();
            if view.decisions.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = view.decisions[(x >> 16) as usize % view.decisions.len()].clone();
            let r = s.respond(d.action.clone());
            step(seed, &view, &d, &r);
        }
        end(seed, &s);
    }
}

/// What a headline leaves out that it must say, if anything: it is never empty, and it names the
/// game's end, a German ship sunk, a VP change and a real Alert change — each unless three weightier
/// parts came first (the lines under it have the rest).
fn missing_news(result: &TapResult) -> Option<String> {
    let headline = &result.headline;
    if headline.trim().is_empty() {
        return Some("an empty headline".into());
    }
    let mut must: Vec<String> = Vec::new();
    for (e, line) in result.events.iter().zip(&result.lines) {
        match e {
            Event::GameEnded { .. } | Event::ShipSunk { .. } => {
                must.push(line.text.trim_end_matches('.').to_string())
            }
            Event::VpChanged { from, to, .. } => {
                must.push(format!("{:+} VP (now {to})", to - from))
            }
            Event::AlertChanged { from, to, .. } if from != to => {
                must.push(format!("Alert {from} → {to}"))
            }
            _ => {}
        }
    }
    // The first three of these (in weight order: ends, sinkings, VP, Alert) always fit.
    must.sort_by_key(|m| {
        if m.starts_with("Game over") {
            0
        } else if m.contains("VP (now") {
            2
        } else if m.starts_with("Alert") {
            3
        } else {
            1
        }
    });
    must.into_iter()
        .take(3)
        .find(|m| !headline.contains(m.as_str()))
        .map(|m| format!("{m:?} missing from {headline:?}"))
}

#[test]
fn issue_50_the_headline_check_catches_an_empty_headline_and_a_left_out_sinking() {
    let sunk = TapResult {
        headline: "German fire at SMS Breslau: 2 hits".into(),
        events: vec![Event::ShipSunk {
            ship: "breslau".into(),
            reason: "hull 0".into(),
            rule: "6.3".into(),
        }],
        lines: vec![goeben_referee::ground::event::EventLine {
            text: "SMS Breslau is sunk (hull 0).".into(),
            rule: "6.3".into(),
        }],
        table: Vec::new(),
    };
    assert!(missing_news(&sunk).is_some_and(|m| m.contains("SMS Breslau is sunk")));
    let empty = TapResult {
        headline: " ".into(),
        ..sunk.clone()
    };
    assert_eq!(missing_news(&empty).as_deref(), Some("an empty headline"));
    let right = TapResult {
        headline: "SMS Breslau is sunk (hull 0) · German fire at SMS Breslau: 2 hits".into(),
        ..sunk
    };
    assert_eq!(missing_news(&right), None);
}

#[test]
fn issue_50_every_tap_of_random_games_has_a_headline_with_its_news_and_it_survives_a_save() {
    let (mut taps, mut with_news) = (0usize, 0usize);
    let mut faults = Vec::new();
    random_games(
        0..40,
        |seed, _, d, r| {
            if !r.ok {
                return;
            }
            taps += 1;
            let result = r
                .view
                .result
                .as_ref()
                .expect("every accepted tap has a result");
            // The result is exactly the tap's own events and lines.
            assert_eq!(Some(&result.events), r.events.as_ref(), "seed {seed}");
            assert_eq!(Some(&result.lines), r.lines.as_ref(), "seed {seed}");
            if result.headline.contains(" VP (now") || result.headline.contains("Alert ") {
                with_news += 1;
            }
            if let Some(m) = missing_news(result) {
                faults.push(format!("seed {seed}, {}: {m}", d.label));
            }
        },
        |seed, s| {
            // Kept with the game: a restart shows the same result.
            let saved = goeben_referee::api::save::to_json(s);
            let back = goeben_referee::api::save::from_json(&saved).expect("the save loads");
            assert_eq!(back.view().result, s.view().result, "seed {seed}");
        },
    );
    assert!(
        taps > 5_000 && with_news > 100,
        "{taps} taps, {with_news} with VP or Alert news"
    );
    assert!(
        faults.is_empty(),
        "{} faults, first: {:?}",
        faults.len(),
        &faults[..faults.len().min(5)]
    );
}

/// Whether a decision's `confirm` is right for its view: present exactly where the decision would skip
/// something (8.1 points unspent when the collier ends setup, 12.0 a move unreported, 11.0 the attempt).
fn guard_fault(view: &goeben_referee::api::view::PlayerView) -> Option<String> {
    use goeben_referee::ground::action::Action;
    use goeben_referee::ground::state::Phase;
    let game = view.game.as_ref()?;
    let has = |f: &dyn Fn(&Action) -> bool| view.decisions.iter().any(|d| f(&d.action));
    for d in &view.decisions {
        let due = match (view.phase, &d.action) {
            (Phase::Setup, Action::PlaceCollier { .. }) => {
                game.ships.iter().any(|s| s.cargo_points > 0)
            }
            (Phase::Movement, Action::EndPhase) => has(&|a| matches!(a, Action::Move { .. })),
            (Phase::Intelligence, Action::EndPhase) => {
                has(&|a| matches!(a, Action::AttemptIntelligence { .. }))
            }
            _ => false,
        };
        if due != d.confirm.is_some() {
            return Some(format!(
                "{:?} in {:?}: confirm {:?}",
                d.label, view.phase, d.confirm
            ));
        }
    }
    None
}

#[test]
fn issue_50_a_decision_asks_first_exactly_when_it_skips_unspent_points_a_move_or_the_attempt() {
    let mut asked = std::collections::BTreeSet::new();
    random_games(
        0..30,
        |seed, view, _, _| {
            if let Some(f) = guard_fault(view) {
                panic!("seed {seed}: {f}");
            }
            for d in view.decisions.iter().filter(|d| d.confirm.is_some()) {
                asked.insert(
                    serde_json::to_value(&d.action).expect("an action")["action"].to_string(),
                );
                let words = d.confirm.as_deref().unwrap_or_default();
                assert!(
                    words.ends_with(").") && !words.contains('_'),
                    "seed {seed}: {words:?}"
                );
            }
        },
        |_, _| {},
    );
    // Both kinds of question were met: the collier's and an end of phase's.
    assert!(
        asked.contains("\"end_phase\"") && asked.contains("\"place_collier\""),
        "{asked:?}"
    );
}

#[test]
fn issue_50_the_guard_check_catches_a_planted_missing_question() {
    let mut s = Session::new(RulesPack::standard(), 7);
    s.respond(SessionRequest::NewGame {
        seed: Some(7),
        options: None,
    });
    let mut view = s.view();
    assert_eq!(
        guard_fault(&view),
        None,
        "setup with points unspent asks at the collier"
    );
    let collier = view
        .decisions
        .iter_mut()
        .find(|d| d.confirm.is_some())
        .expect("the collier asks first");
    assert!(collier
        .confirm
        .as_deref()
        .is_some_and(|w| w.contains("crew & gear points unspent") && w.contains("(8.1)")));
    collier.confirm = None;
    assert!(guard_fault(&view).is_some());
}

#[test]
fn issue_50_what_you_know_keeps_every_allied_ship_shown_and_every_vp_change_from_the_log() {
    use goeben_referee::ground::event::Event;
    let (mut ships, mut changes) = (0usize, 0usize);
    random_games(
        0..30,
        |_, _, _, _| {},
        |seed, s| {
            let view = s.view();
            let known = &view.game.as_ref().expect("a game").known;
            let log: Vec<_> = s.log().iter().filter(|e| !e.undone).collect();
            // This mission's lines: a campaign's next mission starts again in Setup (24.1).
            let start = (1..log.len())
                .rev()
                .find(|&i| {
                    log[i].phase == goeben_referee::ground::state::Phase::Setup
                        && log[i - 1].phase != goeben_referee::ground::state::Phase::Setup
                })
                .unwrap_or(0);
            let log = &log[start..];
            // Every VP change of the log, in order, and the last total is the view's VP.
            let vp: Vec<i32> = log
                .iter()
                .filter_map(|e| match &e.event {
                    Event::VpChanged { to, .. } => Some(*to),
                    _ => None,
                })
                .collect();
            assert_eq!(
                known.vp.iter().map(|v| v.total).collect::<Vec<_>>(),
                vp,
                "seed {seed}"
            );
            if let Some(last) = known.vp.last() {
                assert_eq!(last.total, view.vp, "seed {seed}");
            }
            // Every Allied ship turned face up or examined is listed once.
            let mut shown: Vec<&str> = log
                .iter()
                .flat_map(|e| match &e.event {
                    Event::CounterRevealed { counter, .. } => vec![counter],
                    Event::Examined { counters, .. } => counters.iter().collect(),
                    _ => vec![],
                })
                .filter(|c| c.ship.is_some())
                .map(|c| c.id.as_str())
                .collect();
            shown.sort();
            shown.dedup();
            let mut listed: Vec<&str> = known.allied.iter().map(|k| k.id.as_str()).collect();
            listed.sort();
            assert_eq!(listed, shown, "seed {seed}");
            ships += listed.len();
            changes += known.vp.len();
        },
    );
    assert!(
        ships > 100 && changes > 30,
        "{ships} ships seen, {changes} VP changes"
    );
}
