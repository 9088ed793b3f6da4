//! "On the table" (issue #50): what a tap asks the player to do with the cardboard — turn a counter
//! over, move or remove one, set a marker or a ship's track — one task per piece, each naming the piece
//! it touches. Made from the tap's own log lines (so it says nothing the log does not); a change that
//! comes back to where it started, a counter an instruction of the same tap already places, and a
//! note (`Event::Note`) are no tasks. The UI keeps the list and ticks it; the core decides what is on it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::event::{Event, EventLine};
use crate::ground::pack::RulesPack;

/// One thing to do on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TableTask {
    /// What to do and where, in the core's words: "Place HMS Indomitable face up at Gibraltar Patrol
    /// Zone: it must be fought in the Naval Combat phase."
    pub text: String,
    pub rule: String,
    /// The piece it moves, turns or marks.
    pub thing: TableThing,
}

/// The piece a task touches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TableThing {
    /// A counter on the map: an incident, a coastal defense, an Orders marker, a German or
    /// Austro-Hungarian ship — by its name as printed.
    Counter { name: String },
    /// A marker of the game (one of `MARKERS`): the Alert Level, the VP, the mines…
    Marker { name: String },
    /// A track on a German ship's display.
    Track {
        ship: String,
        track: crate::ground::action::Track,
    },
    /// An instruction whose piece the core cannot name: still shown, never expected (the random-game
    /// test of `tests/table_tasks.rs` fails on one).
    Unnamed,
}

/// The game's markers and pieces that are not counters of the pack, as the instructions name them.
pub const MARKERS: &[&str] = &[
    "Orders marker",
    "time marker",
    "Alert Level",
    "Victory Points",
    "collier",
    "mines marker",
    "Neutral Port Visited marker",
    "French Navy Sorties marker",
    "Seebataillon",
    "Friendly Ship",
    "German ships",
    "ship display",
];

/// The piece an instruction's words touch: the longest counter or ship name they say, else a marker.
pub fn thing_of_instruction(pack: &RulesPack, text: &str) -> Option<TableThing> {
    let names = pack
        .german_ships
        .iter()
        .map(|s| s.name.as_str())
        .chain(pack.counters.counters.iter().map(|c| c.name.as_str()));
    if let Some(name) = names
        .filter(|n| !n.is_empty() && text.contains(n))
        .max_by_key(|n| n.len())
    {
        return Some(TableThing::Counter {
            name: name.to_string(),
        });
    }
    MARKERS
        .iter()
        .find(|m| text.to_lowercase().contains(&m.to_lowercase()))
        .map(|m| TableThing::Marker {
            name: m.to_string(),
        })
}

/// The tasks of a tap whose log lines are `events` and `lines`, in the order they were asked.
pub fn table_tasks(pack: &RulesPack, events: &[Event], lines: &[EventLine]) -> Vec<TableTask> {
    let mut tasks: Vec<TableTask> = Vec::new();
    // The instructions first: they say the most, and another event about the same piece adds nothing.
    for e in events {
        if let Event::TableInstruction { text, rule } = e {
            tasks.push(TableTask {
                text: text.clone(),
                rule: rule.clone(),
                thing: thing_of_instruction(pack, text).unwrap_or(TableThing::Unnamed),
            });
        }
    }
    let instructed = tasks.len();
    let mut changes: Vec<(TableThing, Event)> = Vec::new();
    for (e, line) in events.iter().zip(lines) {
        let Some((thing, text)) = piece_of(pack, e, line) else {
            continue;
        };
        if tasks[..instructed]
            .iter()
            .any(|t| t.thing == thing && thing != TableThing::Unnamed)
        {
            continue;
        }
        // A track, the Alert or the VP changed twice in one tap is one move of its marker.
        if let Some(merged) = merge(&mut changes, &thing, e) {
            let at = tasks.iter().position(|t| t.thing == thing).expect("merged");
            tasks[at].text = merged.describe(pack);
            continue;
        }
        if tasks.iter().any(|t| t.thing == thing) {
            continue;
        }
        changes.push((thing.clone(), e.clone()));
        tasks.push(TableTask {
            text,
            rule: line.rule.clone(),
            thing,
        });
    }
    // A marker moved back to where it was asks nothing.
    tasks.retain(|t| {
        changes
            .iter()
            .find(|(thing, _)| *thing == t.thing)
            .is_none_or(|(_, e)| !unchanged(e))
    });
    tasks
}

/// The piece a non-instruction event touches and what to do with it; `None` for events that ask
/// nothing of the table (dice, reports, notes, phases).
fn piece_of(pack: &RulesPack, e: &Event, line: &EventLine) -> Option<(TableThing, String)> {
    let said = line.text.clone();
    let counter = |name: &str| TableThing::Counter {
        name: name.to_string(),
    };
    let marker = |name: &str| TableThing::Marker {
        name: name.to_string(),
    };
    Some(match e {
        Event::CounterRevealed { counter: c, at, .. } => (
            counter(&c.name),
            format!("Turn {} face up at {}.", c.name, at.describe(pack)),
        ),
        Event::CounterReturned { name, .. } => (counter(name), said),
        Event::ShipSunk { ship, .. } => {
            (counter(&crate::ground::event::ship_name(pack, ship)), said)
        }
        Event::TrackChanged { ship, track, .. } => (
            TableThing::Track {
                ship: ship.clone(),
                track: *track,
            },
            said,
        ),
        Event::AlertChanged { .. } => (marker("Alert Level"), said),
        Event::VpChanged { .. } => (marker("Victory Points"), said),
        Event::CollierLost { .. } => (marker("collier"), said),
        Event::PortCaptured { .. } | Event::MarinesEliminated { .. } => {
            (marker("Seebataillon"), said)
        }
        _ => return None,
    })
}

/// A change of the same marker or track earlier in the tap, merged with `e` into one (from the first's
/// start to `e`'s end, both reasons said); `None` when `e` is the first change of it.
fn merge(changes: &mut [(TableThing, Event)], thing: &TableThing, e: &Event) -> Option<Event> {
    let (_, first) = changes.iter_mut().find(|(t, _)| t == thing)?;
    let merged = match (&*first, e) {
        (
            Event::TrackChanged {
                ship,
                track,
                from,
                reason,
                rule,
                ..
            },
            Event::TrackChanged {
                to, reason: more, ..
            },
        ) => Event::TrackChanged {
            ship: ship.clone(),
            track: *track,
            from: *from,
            to: *to,
            reason: format!("{reason}; {more}"),
            rule: rule.clone(),
        },
        (
            Event::AlertChanged {
                from, reason, rule, ..
            },
            Event::AlertChanged {
                to, reason: more, ..
            },
        ) => Event::AlertChanged {
            from: *from,
            to: *to,
            reason: format!("{reason}; {more}"),
            rule: rule.clone(),
        },
        (
            Event::VpChanged {
                from, reason, rule, ..
            },
            Event::VpChanged {
                to, reason: more, ..
            },
        ) => Event::VpChanged {
            from: *from,
            to: *to,
            reason: format!("{reason}; {more}"),
            rule: rule.clone(),
        },
        _ => return None,
    };
    *first = merged.clone();
    Some(merged)
}

/// A track, the Alert or the VP "changed" to where it was.
fn unchanged(e: &Event) -> bool {
    match e {
        Event::TrackChanged { from, to, .. } | Event::AlertChanged { from, to, .. } => from == to,
        Event::VpChanged { from, to, .. } => from == to,
        _ => false,
    }
}
