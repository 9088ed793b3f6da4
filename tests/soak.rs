//! The soak: many seeded random games — optional rules, the campaign and cup-only mode
//! mixed in by seed — with the checks on every step: no hidden identity, seed or salt in any view,
//! event, log entry or record before its reveal; every counter in one place and each kind's total kept;
//! a refused request changes nothing; undo then redo of a plain decision gives the same events and state;
//! a roll or a reveal cannot be undone; every game (but cup-only) ends.
//!
//! The ordinary test run plays `SOAK_GAMES` games (2,000 unless set). The full run, about 100,000 games:
//!     SOAK_GAMES=100000 cargo test --release -p goeben-referee --test suite soak:: -- --nocapture
//! A failing seed is printed; add it to `tests/soak_regressions.txt`, whose seeds are replayed first on
//! every run.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use goeben_referee::api::request::SessionRequest;
use goeben_referee::api::test_hooks::SessionHooks;

use goeben_referee::api::barriers::rolled_or_revealed;
use goeben_referee::ground::action::Action;
use goeben_referee::{RulesPack, Session};

use crate::rules_support;

use crate::leak_support;
use leak_support::{counters_in, knowable, revealed_by, salt_of, view_parts};

/// Steps after which a game that should have ended is a failure.
const STEP_LIMIT: usize = 4000;
/// Cup-only games have no end: they stop here.
const CUP_ONLY_STEPS: usize = 300;

struct Outcome {
    steps: usize,
    elapsed: Duration,
}

/// A tiny deterministic chooser (xorshift): a game is reproducible from its seed alone.
struct Chooser(u64);

impl Chooser {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The leak checks on one response, against the counters revealed so far (`ever`).
fn no_leak(
    session: &Session,
    response: &goeben_referee::Response,
    ever: &mut BTreeSet<String>,
    seed: u64,
    salt: &str,
) -> Result<(), String> {
    let pack = session.pack();
    if response.view.reveal.is_none() {
        let text = serde_json::to_string(response).unwrap();
        for secret in [
            format!("\"seed\":{seed}"),
            salt.to_string(),
            "\"rng\"".into(),
            "\"dice\"".into(),
        ] {
            if text.contains(&secret) {
                return Err(format!("`{secret}` crosses the boundary before the end"));
            }
        }
    }
    for event in response.events.iter().flatten() {
        ever.extend(revealed_by(event));
        let named = counters_in(pack, &serde_json::to_value(event).unwrap());
        if let Some(id) = named.difference(ever).next() {
            return Err(format!("an event names {id} before its reveal: {event:?}"));
        }
    }
    let allowed = knowable(session);
    let (state, told) = view_parts(&response.view);
    if let Some(id) = counters_in(pack, &state).difference(&allowed).next() {
        return Err(format!("the view names face-down {id}"));
    }
    let shown: BTreeSet<String> = allowed.union(ever).cloned().collect();
    if let Some(id) = counters_in(pack, &told).difference(&shown).next() {
        return Err(format!(
            "the view's result or what-you-know names {id} before its reveal"
        ));
    }
    // What is face up now (New Zealand set aside, say) is known from here on, even once it goes back
    // into the pool face down (20.1's Royal Navy response).
    ever.extend(allowed);
    Ok(())
}

/// A request the referee must refuse now, whatever the state (an unknown ship, a bad correction).
fn bad_request(pick: u64) -> Action {
    match pick % 3 {
        0 => serde_json::from_str(r#"{"action":"move","ship":"bismarck","to":{"kind":"place","id":"pola"},"speed":"cruise"}"#).unwrap(),
        1 => serde_json::from_str(r#"{"action":"correct","correction":{"kind":"ship_track","ship":"nobody","track":"hull","value":3}}"#).unwrap(),
        _ => serde_json::from_str(r#"{"action":"examine_zone","zone":"the_moon"}"#).unwrap(),
    }
}

/// Plays one game with every check on every step.
fn soak_game(seed: u64) -> Result<Outcome, String> {
    let started = Instant::now();
    let pack = RulesPack::standard();
    let mut s = Session::new(pack, seed ^ 0x50A4);
    let options = rules_support::mixed_options(seed);
    let cup_only = options.cup_only;
    let first = s.respond(SessionRequest::NewGame {
        seed: Some(seed),
        options: Some(options),
    });
    if !first.ok {
        return Err(format!("new game refused: {:?}", first.error));
    }
    let salt = salt_of(&s);
    let mut ever = BTreeSet::new();
    no_leak(&s, &first, &mut ever, seed, &salt)?;
    let mut pick = Chooser(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut steps = 0;
    let limit = if cup_only { CUP_ONLY_STEPS } else { STEP_LIMIT };
    while steps < limit {
        let view = s.view();
        if view.decisions.is_empty() {
            break;
        }
        steps += 1;
        let roll = pick.next();
        // A refused request changes nothing.
        if roll.is_multiple_of(13) {
            let before = (s.game().cloned(), s.log().len(), s.view());
            let r = s.respond(bad_request(roll >> 8));
            if r.ok || (s.game().cloned(), s.log().len(), s.view()) != before {
                return Err(format!(
                    "step {steps}: a bad request was accepted or changed the session"
                ));
            }
        }
        let i = (roll >> 16) as usize % view.decisions.len();
        let action = view.decisions[i].action.clone();
        let before = s.game().unwrap().clone();
        let r = s.respond(action.clone());
        if !r.ok {
            return Err(format!(
                "step {steps}: a legal action was refused: {:?}",
                r.error
            ));
        }
        no_leak(&s, &r, &mut ever, seed, &salt).map_err(|e| format!("step {steps}: {e}"))?;
        cited_rules_have_summaries(&r).map_err(|e| format!("step {steps}: {e}"))?;
        let game = s.game().unwrap();
        game.check_invariants(s.pack())
            .map_err(|e| format!("step {steps}: {e}"))?;
        let events = r.events.clone().unwrap_or_default();
        let barrier =
            rolled_or_revealed(&before.dice, &game.dice, &events) || r.view.game_over.is_some();
        if barrier && view.decisions[i].barrier.is_none() {
            return Err(format!(
                "step {steps}: {action:?} in {:?} rolled or revealed unmarked: {events:?}",
                view.phase
            ));
        }
        if roll.is_multiple_of(5) && r.view.reveal.is_none() {
            let house_rule = game.options.take_backs;
            let u = s.respond(SessionRequest::Undo);
            match (barrier, house_rule, u.ok) {
                (true, false, true) => {
                    return Err(format!("step {steps}: a roll or reveal was undone"))
                }
                (true, false, false) => {}
                (_, _, false) => return Err(format!("step {steps}: undo refused: {:?}", u.error)),
                (_, _, true) => {
                    if s.game().unwrap() != &before {
                        return Err(format!("step {steps}: undo did not restore the state"));
                    }
                    let again = s.respond(action);
                    if again.events.unwrap_or_default() != events {
                        return Err(format!("step {steps}: the redo gave other events"));
                    }
                }
            }
        }
        if roll.is_multiple_of(97) {
            let record = s.respond(SessionRequest::ExportRecord);
            no_leak(&s, &record, &mut ever, seed, &salt)
                .map_err(|e| format!("step {steps}: record: {e}"))?;
        }
    }
    if !cup_only && s.view().game_over.is_none() {
        let v = s.view();
        let g = v.game.as_ref().unwrap();
        let ships: Vec<String> = g
            .ships
            .iter()
            .map(|s| format!("{} {:?} {:?}", s.id, s.status, s.position))
            .collect();
        let tail: Vec<String> = s
            .log()
            .iter()
            .rev()
            .take(12)
            .map(|e| e.text.clone())
            .collect();
        return Err(format!("the game did not end in {STEP_LIMIT} steps (turn {} of {}, {:?}, {} legal actions; pending {:?}; done {:?}; ships {ships:?}; log {tail:?})", v.turn, v.last_turn, v.phase, v.decisions.len(), g.pending, g.conditions.incidents_done));
    }
    if s.view().reveal.is_some() && seed.is_multiple_of(50) {
        let record =
            serde_json::to_string(&s.respond(SessionRequest::ExportRecord).record()).unwrap();
        let report = goeben_referee::api::verify::verify(&record);
        if !report.ok {
            return Err(format!(
                "the finished game does not verify: {:?}",
                report.error
            ));
        }
    }
    Ok(Outcome {
        steps,
        elapsed: started.elapsed(),
    })
}

/// Each event comes with its line (same order), and every rule a line cites is a key of the
/// rule summaries (`data/rules/summaries.json`), which the UI shows for it.
fn cited_rules_have_summaries(r: &goeben_referee::Response) -> Result<(), String> {
    let events = r.events.as_deref().unwrap_or_default();
    let lines = r.lines.as_deref().unwrap_or_default();
    if events.len() != lines.len() {
        return Err(format!("{} events but {} lines", events.len(), lines.len()));
    }
    let summaries = goeben_referee::ground::rule_summaries::summaries();
    for line in lines {
        summaries
            .lookup(&line.rule)
            .map_err(|part| format!("{:?} cites {part:?}, which has no summary", line.text))?;
        if line.text.trim().is_empty() {
            return Err("an event has no words".into());
        }
    }
    Ok(())
}

fn regressions() -> Vec<u64> {
    include_str!("soak_regressions.txt")
        .lines()
        .filter_map(|l| l.split('#').next()?.trim().parse().ok())
        .collect()
}

/// The soak in two halves, one test each, so the test runner's two threads share it (one test alone
/// kept one core busy for minutes after every other test had ended). Between them every seed is played.
#[test]
fn issue_18_soak_random_games_with_every_check_on_every_step_first_half() {
    soak_part(0, 2);
}

#[test]
fn issue_18_soak_random_games_with_every_check_on_every_step_second_half() {
    soak_part(1, 2);
}

/// The seeds of the soak (the regressions first, then `SOAK_GAMES` from `SOAK_FIRST_SEED`) whose place in
/// that list is `part` modulo `parts`.
fn soak_seeds(part: usize, parts: usize) -> Vec<u64> {
    let games: u64 = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    let first: u64 = std::env::var("SOAK_FIRST_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    regressions()
        .into_iter()
        .chain(first..first + games)
        .enumerate()
        .filter(|(at, _)| at % parts == part)
        .map(|(_, seed)| seed)
        .collect()
}

#[test]
fn the_soaks_halves_play_every_seed_once() {
    let (a, b) = (soak_seeds(0, 2), soak_seeds(1, 2));
    let mut both: Vec<u64> = a.iter().chain(&b).copied().collect();
    both.sort_unstable();
    let mut all = soak_seeds(0, 1);
    all.sort_unstable();
    assert_eq!(both, all);
    assert!(a.len().abs_diff(b.len()) <= 1 && !all.is_empty());
}

fn soak_part(part: usize, parts: usize) {
    let seeds = soak_seeds(part, parts);
    let (mut steps, mut failures, mut slowest) =
        (0usize, Vec::new(), (0u64, Duration::ZERO, 0usize));
    let started = Instant::now();
    for (played, &seed) in seeds.iter().enumerate() {
        // A long run (the full 100,000 games take an hour or more) says how far it is every 10,000 games.
        if played > 0 && played % 10_000 == 0 {
            eprintln!(
                "soak: {played} games played, {steps} steps, {} failures, {:.0} s",
                failures.len(),
                started.elapsed().as_secs_f64()
            );
        }
        match std::panic::catch_unwind(|| soak_game(seed)) {
            Ok(Ok(outcome)) => {
                steps += outcome.steps;
                if outcome.elapsed > slowest.1 {
                    slowest = (seed, outcome.elapsed, outcome.steps);
                }
            }
            Ok(Err(why)) => failures.push(format!("seed {seed}: {why}")),
            Err(_) => failures.push(format!("seed {seed}: panicked")),
        }
    }
    println!(
        "soak part {part}: {} games, {steps} steps, {} failures, slowest game seed {} ({} steps, {:.1} ms), {:.1} s in all",
        seeds.len(),
        failures.len(),
        slowest.0,
        slowest.2,
        slowest.1.as_secs_f64() * 1000.0,
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "failing seeds (add them to tests/soak_regressions.txt):\n{}",
        failures.join("\n")
    );
    assert!(steps > seeds.len() * 20, "the games were played");
}
