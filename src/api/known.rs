//! What the referee has told the player, kept (issue #50): the Allied ships seen — turned face up or
//! examined by intelligence, where and when, and where they went since — and every VP change with its
//! cause, by turn. Made from the log's lines only (never from the hidden state), so it says nothing
//! the log did not; an undone line counts for nothing.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::event::Event;
use crate::ground::pack::RulesPack;
use crate::ground::state::Phase;

/// What the player knows from the referee's words so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct Known {
    /// The Allied ships seen, the latest sighting of each, newest first.
    pub allied: Vec<KnownShip>,
    /// Every VP change, oldest first.
    pub vp: Vec<VpEntry>,
}

/// One Allied ship the player has seen, and what became of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct KnownShip {
    pub id: String,
    pub name: String,
    /// Where it was seen, in words.
    pub place: String,
    pub turn: u8,
    /// True when only examined (11.0): it is still face down on the map.
    pub examined: bool,
    /// Where it went since, in the referee's words ("back to the Incident Pool"); absent while it is
    /// where it was seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub since: Option<String>,
}

/// One VP change and its cause.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct VpEntry {
    pub turn: u8,
    pub change: i32,
    /// The VP total after it.
    pub total: i32,
    pub reason: String,
}

/// One line of the log as this needs it: its turn, its phase and its event (lines not undone only).
pub(crate) struct Told<'a> {
    pub turn: u8,
    pub phase: Phase,
    pub event: &'a Event,
}

/// What the log's lines have told the player in this mission: a campaign's next mission starts again in
/// Setup, with its own pool and its own VP (24.1).
pub(crate) fn known<'a>(pack: &RulesPack, told: impl Iterator<Item = Told<'a>>) -> Known {
    let mut known = Known::default();
    let mut last_phase = None;
    for entry in told {
        if entry.phase == Phase::Setup && last_phase.is_some_and(|p| p != Phase::Setup) {
            known = Known::default();
        }
        last_phase = Some(entry.phase);
        match entry.event {
            Event::CounterRevealed { counter, at, .. } if counter.ship.is_some() => seen(
                &mut known,
                &counter.id,
                &counter.name,
                at.describe(pack),
                entry.turn,
                false,
            ),
            Event::Examined { zone, counters, .. } => {
                let place = crate::ground::event::place_name(pack, zone).to_string();
                for c in counters.iter().filter(|c| c.ship.is_some()) {
                    seen(&mut known, &c.id, &c.name, place.clone(), entry.turn, true);
                }
            }
            Event::CounterReturned { counter, to, .. } => {
                if let Some(ship) = known.allied.iter_mut().find(|s| s.id == *counter) {
                    ship.since = Some(to.clone());
                }
            }
            Event::VpChanged {
                from, to, reason, ..
            } => known.vp.push(VpEntry {
                turn: entry.turn,
                change: to - from,
                total: *to,
                reason: reason.clone(),
            }),
            _ => {}
        }
    }
    known.allied.reverse();
    known
}

/// A sighting: the ship's latest replaces an earlier one (and what became of it).
fn seen(known: &mut Known, id: &str, name: &str, place: String, turn: u8, examined: bool) {
    known.allied.retain(|s| s.id != id);
    known.allied.push(KnownShip {
        id: id.to_string(),
        name: name.to_string(),
        place,
        turn,
        examined,
        since: None,
    });
}
