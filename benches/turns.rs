//! Benchmarks of the referee's turn flow (issue targets: one full Incident phase under 20 µs, one whole
//! 10-turn game with random decisions under 5 ms). Run: `cargo bench --bench turns`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use goeben_referee::api::request::SessionRequest;
use goeben_referee::api::test_hooks::SessionHooks;
use goeben_referee::ground::action::Action;
use goeben_referee::ground::state::Phase;
use goeben_referee::{RulesPack, Session};

/// A session at the start of turn 1's Incident phase, both ships at open sea, Alert Level 3.
fn at_incident_phase(pack: &RulesPack, seed: u64) -> Session {
    let mut s = Session::new(pack.clone(), seed);
    let options = goeben_referee::ground::state::GameOptions {
        orders: Some("raid_french_convoys".into()),
        ..Default::default()
    };
    s.respond(SessionRequest::NewGame {
        seed: Some(seed),
        options: Some(options),
    });
    s.respond(serde_json::from_str::<goeben_referee::Request>(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":""}}"#).unwrap());
    while s.game().unwrap().phase != Phase::Movement {
        s.respond(Action::EndPhase);
    }
    for ship in ["goeben", "breslau"] {
        s.respond(serde_json::from_str::<goeben_referee::Request>(&format!(r#"{{"action":"move","ship":"{ship}","to":{{"kind":"high_seas","zone":"eastern_med","label":""}},"speed":"cruise"}}"#)).unwrap());
    }
    s.respond(Action::EndPhase);
    s.game_mut_for_tests().unwrap().alert_level = 3;
    s
}

/// Plays a whole game choosing uniformly among the legal actions with a seeded chooser.
fn whole_game(pack: &RulesPack, seed: u64) -> u32 {
    let mut s = Session::new(pack.clone(), seed);
    let options = goeben_referee::ground::state::GameOptions {
        orders: Some("raid_french_convoys".into()),
        ..Default::default()
    };
    let mut r = s.respond(SessionRequest::NewGame {
        seed: Some(seed),
        options: Some(options),
    });
    let mut pick = seed | 1;
    let mut steps = 0;
    while r.view.game_over.is_none() && steps < 10_000 {
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let legal = &r.view.legal_actions();
        let action = legal[((pick >> 33) as usize) % legal.len()].clone();
        r = s.respond(action);
        steps += 1;
    }
    steps
}

fn benches(c: &mut Criterion) {
    let pack = RulesPack::standard();
    let space: Action = serde_json::from_str(r#"{"action":"resolve_incidents","space":{"kind":"high_seas","zone":"eastern_med","label":""}}"#).unwrap();
    c.bench_function("incident phase (13.0, Alert 3, one space)", |b| {
        // By reference, so that dropping the session (its whole rules pack) is not timed.
        b.iter_batched_ref(
            || at_incident_phase(&pack, 7),
            |s| s.apply(space.clone()).map(|events| events.len()),
            BatchSize::SmallInput,
        )
    });
    let mut seed = 0u64;
    c.bench_function("whole 10-turn game, random legal decisions", |b| {
        b.iter(|| {
            seed += 1;
            whole_game(&pack, seed)
        })
    });
    // The cost of marking the legal actions (per view), and of building a whole view with them.
    let mid = at_incident_phase(&pack, 7);
    let view = mid.view();
    c.bench_function("barrier words for one view (issue #14)", |b| {
        b.iter(|| {
            view.decisions
                .iter()
                .map(|d| goeben_referee::api::barriers::barrier_words(&view, &d.action))
                .collect::<Vec<_>>()
        })
    });
    c.bench_function("whole player view, marks included", |b| {
        b.iter(|| mid.view())
    });
    // Verifying a whole finished game's record (parse, replay every step, compare).
    let mut finished = Session::new(pack.clone(), 3);
    let mut r = finished.respond(SessionRequest::NewGame {
        seed: Some(3),
        options: None,
    });
    let mut i = 0usize;
    while r.view.game_over.is_none() {
        r = finished.respond(
            r.view.decisions[(i * 31 + 7) % r.view.decisions.len()]
                .action
                .clone(),
        );
        i += 1;
    }
    let record =
        serde_json::to_string(&finished.respond(SessionRequest::ExportRecord).record()).unwrap();
    println!("verified record: {i} steps, {} bytes", record.len());
    c.bench_function("referee verify, one whole game", |b| {
        b.iter(|| goeben_referee::api::verify::verify(&record).ok)
    });
    shell_per_decision(c, &pack);
}

/// What the shell does for every decision besides the rules — the answer turned into the JSON
/// the webview receives, and the whole session turned into the autosave written before it — measured on a
/// game well into its second turn (its undo history and record grow with every decision).
fn shell_per_decision(c: &mut Criterion, pack: &RulesPack) {
    let mut s = Session::new(pack.clone(), 3);
    let mut r = s.respond(SessionRequest::NewGame {
        seed: Some(3),
        options: None,
    });
    let mut i = 0usize;
    while r.view.game_over.is_none() && r.view.turn < 3 && i < 400 {
        r = s.respond(
            r.view.decisions[(i * 31 + 7) % r.view.decisions.len()]
                .action
                .clone(),
        );
        i += 1;
    }
    let answer = serde_json::to_string(&r).unwrap();
    let saved = goeben_referee::api::save::to_json(&s);
    println!(
        "after {i} decisions (turn {}): an answer is {} bytes, the autosave {} bytes",
        r.view.turn,
        answer.len(),
        saved.len()
    );
    c.bench_function("one answer as JSON for the webview (issue #17)", |b| {
        b.iter(|| serde_json::to_string(&r).unwrap().len())
    });
    c.bench_function(
        "the autosave of a game in turn 2-3 as JSON (issue #17)",
        |b| b.iter(|| goeben_referee::api::save::to_json(&s).len()),
    );
}

criterion_group!(turns, benches);
criterion_main!(turns);
