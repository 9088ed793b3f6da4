//! Issue #50: "On the table" holds physical actions only. Over random games, every task of every tap
//! touches a piece the game has — a counter or ship by its printed name, one of the game's markers, a
//! track of a German ship there — no task sets a marker or a track to where it was, no counter or track
//! has two tasks in one tap, and the headline's "N things to do on the table" counts exactly the tasks. A planted
//! instruction that names no piece, and a planted no-op, are caught.

use goeben_referee::api::headline::TapResult;
use goeben_referee::api::table_tasks::{table_tasks, TableThing, MARKERS};
use goeben_referee::api::view::PlayerView;
use goeben_referee::ground::event::{Event, EventLine};
use goeben_referee::RulesPack;

/// What is wrong with a tap's tasks, if anything.
fn fault(pack: &RulesPack, view: &PlayerView, result: &TapResult) -> Option<String> {
    let names = |name: &str| {
        pack.german_ships.iter().any(|s| s.name == name)
            || pack.counters.counters.iter().any(|c| c.name == name)
    };
    for (i, task) in result.table.iter().enumerate() {
        let known = match &task.thing {
            TableThing::Counter { name } => names(name),
            TableThing::Marker { name } => MARKERS.contains(&name.as_str()),
            TableThing::Track { ship, .. } => view
                .game
                .as_ref()
                .is_some_and(|g| g.ships.iter().any(|s| &s.id == ship)),
            TableThing::Unnamed => false,
        };
        if !known {
            return Some(format!(
                "\"{}\" touches no piece of the game ({:?})",
                task.text, task.thing
            ));
        }
        // One task per counter or track; a marker of which the game has several (colliers, Neutral Port
        // Visited markers) may have one task per copy.
        let unique = matches!(
            task.thing,
            TableThing::Counter { .. } | TableThing::Track { .. }
        );
        if unique && result.table[..i].iter().any(|t| t.thing == task.thing) {
            return Some(format!("two tasks for {:?} in one tap", task.thing));
        }
        if let Some((from, to)) = arrow(&task.text) {
            if from == to {
                return Some(format!("\"{}\" moves nothing", task.text));
            }
        }
    }
    let said = result
        .headline
        .split(" · ")
        .find(|p| p.ends_with("to do on the table"))
        .and_then(|p| p.split(' ').next()?.parse::<usize>().ok());
    if said.is_some_and(|n| n != result.table.len()) {
        return Some(format!(
            "the headline \"{}\" miscounts {} tasks",
            result.headline,
            result.table.len()
        ));
    }
    None
}

/// A track's or a marker's "from → to" in a task's words.
fn arrow(text: &str) -> Option<(i64, i64)> {
    let (before, after) = text.split_once(" → ")?;
    let from = before.rsplit(' ').next()?.parse().ok()?;
    let to = after
        .split(|c: char| !c.is_ascii_digit() && c != '-')
        .next()?
        .parse()
        .ok()?;
    Some((from, to))
}

#[test]
fn issue_50_on_the_table_holds_physical_actions_only_one_per_piece_over_random_games() {
    let pack = RulesPack::standard();
    let (mut taps, mut tasks, mut notes) = (0, 0, 0);
    crate::headlines::random_games(
        0..24,
        |seed, _, d, r| {
            let result = r.view.result.as_ref().expect("a result");
            if let Some(why) = fault(&pack, &r.view, result) {
                panic!("seed {seed}, after \"{}\": {why}", d.label);
            }
            // A note is said, never a task.
            notes += result
                .events
                .iter()
                .filter(|e| matches!(e, Event::Note { .. }))
                .count();
            taps += 1;
            tasks += result.table.len();
        },
        |_, _| {},
    );
    assert!(
        tasks > 50 && notes > 5,
        "{taps} taps, {tasks} tasks, {notes} notes: too few to judge"
    );
}

#[test]
fn issue_50_a_planted_instruction_without_a_piece_and_a_planted_no_op_are_caught() {
    let pack = RulesPack::standard();
    let view = goeben_referee::Session::new(RulesPack::standard(), 1).view();
    let line = |t: &str| EventLine {
        text: t.into(),
        rule: "test".into(),
    };
    let vague = vec![Event::TableInstruction {
        text: "Do something somewhere.".into(),
        rule: "test".into(),
    }];
    let lines = vec![line("On the table: Do something somewhere.")];
    let result = TapResult {
        headline: "1 thing to do on the table".into(),
        table: table_tasks(&pack, &vague, &lines),
        events: vague,
        lines,
    };
    assert!(fault(&pack, &view, &result).is_some_and(|w| w.contains("touches no piece")));

    // The Alert set to where it was is no task; a planted one is caught.
    let same = vec![Event::AlertChanged {
        from: 2,
        to: 2,
        reason: "test".into(),
        rule: "test".into(),
    }];
    let lines = vec![line("Alert Level 2 → 2 (test).")];
    let mut result = TapResult {
        headline: "Done".into(),
        table: table_tasks(&pack, &same, &lines),
        events: same,
        lines,
    };
    assert!(result.table.is_empty(), "{:?}", result.table);
    result
        .table
        .push(goeben_referee::api::table_tasks::TableTask {
            text: "Alert Level 2 → 2 (test).".into(),
            rule: "test".into(),
            thing: TableThing::Marker {
                name: "Alert Level".into(),
            },
        });
    assert!(fault(&pack, &view, &result).is_some_and(|w| w.contains("moves nothing")));
}

#[test]
fn issue_50_two_changes_of_one_track_in_a_tap_are_one_task_from_the_first_to_the_last() {
    let pack = RulesPack::standard();
    let coal = |from, to, reason: &str| Event::TrackChanged {
        ship: "goeben".into(),
        track: goeben_referee::ground::action::Track::Coal,
        from,
        to,
        reason: reason.into(),
        rule: "14.3".into(),
    };
    let events = vec![
        coal(5, 4, "maximum speed for contact"),
        coal(4, 3, "maximum speed for contact"),
    ];
    let lines: Vec<EventLine> = events
        .iter()
        .map(|e| EventLine {
            text: e.describe(&pack),
            rule: "14.3".into(),
        })
        .collect();
    let tasks = table_tasks(&pack, &events, &lines);
    assert_eq!(tasks.len(), 1, "{tasks:?}");
    assert!(tasks[0].text.contains("5 → 3"), "{}", tasks[0].text);
    // Back where it was: nothing to do.
    let events = vec![coal(5, 4, "spent"), coal(4, 5, "refilled")];
    assert!(table_tasks(&pack, &events, &lines).is_empty());
}
