//! What the last tap did, in one line the player reads first (issue #50): the loss, the hits, the VP and
//! the Alert before the moves and the phases, the tap's own words when its events say nothing. Made from
//! the log's lines of that tap only, so it says nothing the log does not (no hidden identity, no dice
//! before their roll).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::event::{Event, EventLine};
use crate::ground::words::count;

/// The last request's result: its headline and the lines it wrote to the log, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TapResult {
    /// One line: what the tap did, the weightiest first, parts joined by " · " (never empty).
    pub headline: String,
    /// The tap's events, in the order they happened (the same as the log's).
    pub events: Vec<Event>,
    /// The events in words, one per event.
    pub lines: Vec<EventLine>,
    /// What the tap asks of the cardboard, one task per piece (`table_tasks.rs`): "On the table".
    #[serde(default)]
    pub table: Vec<crate::api::table_tasks::TableTask>,
}

/// Where the last request's lines start in the log and its button words, kept by the session so the
/// result outlives a restart (`Session::last_tap`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LastTap {
    pub from: u32,
    /// Where they end (a request applied without `respond` — a test's — adds lines that are not its).
    #[serde(default)]
    pub to: Option<u32>,
    #[serde(default)]
    pub label: Option<String>,
}

/// How many parts a headline holds at most: the rest are in the lines under it.
const PARTS: usize = 3;

/// The result of the tap whose log lines are `events` and `lines`; `label` is its button's words.
pub(crate) fn tap_result(
    pack: &crate::ground::pack::RulesPack,
    events: Vec<Event>,
    lines: Vec<EventLine>,
    label: Option<&str>,
) -> TapResult {
    let table = crate::api::table_tasks::table_tasks(pack, &events, &lines);
    TapResult {
        headline: headline(&events, &lines, label, table.len()),
        events,
        lines,
        table,
    }
}

/// The headline of a tap's events: its weightiest parts (a game's end, a sinking, hits, VP, the Alert,
/// contact, reveals…), at most `PARTS`; a tap whose events only begin phases or give table instructions
/// leads with its own words. `to_do` is how many things the tap asks of the table.
pub fn headline(
    events: &[Event],
    lines: &[EventLine],
    label: Option<&str>,
    to_do: usize,
) -> String {
    let mut parts: Vec<(u8, String)> = Vec::new();
    for (e, line) in events.iter().zip(lines) {
        if let Some(part) = part(e, &line.text) {
            parts.push(part);
        }
    }
    parts.extend(fire_parts(events));
    parts.extend(revealed_part(events));
    // Of the phases a tap runs through, the one it stops in (and a new turn) is the news.
    if let Some(last) = events
        .iter()
        .zip(lines)
        .rfind(|(e, _)| matches!(e, Event::PhaseStarted { .. }))
    {
        parts.push((
            WEIGHT_PHASE,
            format!("Now the {}", last.1.text.trim_end_matches('.')),
        ));
    }
    // A roll's faces are news only when nothing weightier came of them (a contact's or an
    // intelligence attempt's result says it).
    if parts.iter().any(|(w, _)| *w >= 60) {
        parts.retain(|(w, _)| *w != WEIGHT_DICE);
    }
    if to_do > 0 {
        parts.push((
            WEIGHT_TABLE,
            count(to_do as i64, "thing", "things") + " to do on the table",
        ));
    }
    // Heaviest first; equal weights keep the order they happened in.
    parts.sort_by_key(|p| std::cmp::Reverse(p.0));
    // Only table instructions (or nothing): the tap's own words say what it was.
    let only_routine = parts.iter().all(|(w, _)| *w <= WEIGHT_TABLE);
    let mut chosen: Vec<String> = Vec::new();
    if only_routine {
        chosen.extend(label.map(str::to_string).filter(|l| !l.is_empty()));
    }
    for (_, text) in parts {
        if chosen.len() == PARTS {
            break;
        }
        if !chosen.contains(&text) {
            chosen.push(text);
        }
    }
    if chosen.is_empty() {
        return "Done: nothing changed on the table".into();
    }
    chosen.join(" · ")
}

const WEIGHT_DICE: u8 = 30;
const WEIGHT_PHASE: u8 = 20;
const WEIGHT_TABLE: u8 = 15;

/// One event's part of the headline and its weight; fires and reveals are summed apart.
fn part(e: &Event, text: &str) -> Option<(u8, String)> {
    let said = || text.trim_end_matches('.').to_string();
    Some(match e {
        Event::GameEnded { .. } => (100, said()),
        Event::ShipSunk { .. } => (95, said()),
        Event::VpChanged {
            from, to, reason, ..
        } => (90, format!("{reason}: {:+} VP (now {to})", to - from)),
        Event::TrackChanged { reason, .. } if reason.starts_with("hit by") => (80, said()),
        Event::AlertChanged {
            from, to, reason, ..
        } if from != to => (88, format!("Alert {from} → {to} ({reason})")),
        // 14.15, Limited Visibility: the battle ends before a shot — weightier than the contact roll that
        // led there.
        Event::Note { text, .. } if ends_battle(text) => {
            (72, text.trim_end_matches('.').to_string())
        }
        // 14.3: a contact that ends the battle says so in its own line.
        Event::ContactResolved {
            result, cancelled, ..
        } if cancelled.is_some() || *result == crate::ground::pack::ContactResult::NoContact => {
            (72, said())
        }
        Event::ContactResolved { .. } => (70, said()),
        Event::Note { .. } => (45, said()),
        Event::Examined { .. } => (65, said()),
        Event::IntelligenceResult { .. }
        | Event::PortCaptured { .. }
        | Event::MarinesEliminated { .. }
        | Event::CollierLost { .. }
        | Event::Undone { .. }
        | Event::TakenBack { .. }
        | Event::Corrected { .. } => (60, said()),
        Event::GameStarted { .. } | Event::PlayerDiceSet { .. } => (50, said()),
        Event::IncidentsPicked { .. }
        | Event::ShipMoved { .. }
        | Event::CargoChanged { .. }
        | Event::CollierPlaced { .. }
        | Event::TrackChanged { .. } => (40, said()),
        Event::DiceRolled { fire: None, .. } => (WEIGHT_DICE, said()),
        Event::TurnStarted { .. } => (WEIGHT_PHASE + 1, said()),
        _ => return None,
    })
}

/// A note saying the battle ends with no fire: no combat, the enemy breaks off.
fn ends_battle(text: &str) -> bool {
    ["no contact", "no combat", "breaks off"]
        .iter()
        .any(|w| text.contains(w))
}

/// The fires of the tap, one part per side and target: "German fire at HMS Defence: 1 hit".
fn fire_parts(events: &[Event]) -> Vec<(u8, String)> {
    let mut sums: Vec<(bool, String, usize)> = Vec::new();
    for e in events {
        let Event::DiceRolled {
            purpose,
            faces,
            fire: Some(fire),
            ..
        } = e
        else {
            continue;
        };
        let hits = faces
            .iter()
            .filter(|f| **f >= 7 - fire.hitting_faces)
            .count();
        let target = fire_target(purpose);
        match sums
            .iter_mut()
            .find(|(german, t, _)| *german == fire.german && *t == target)
        {
            Some(sum) => sum.2 += hits,
            None => sums.push((fire.german, target, hits)),
        }
    }
    sums.into_iter()
        .map(|(german, target, hits)| {
            let side = if german { "German" } else { "Allied" };
            (
                85,
                format!(
                    "{side} fire at {target}: {}",
                    count(hits as i64, "hit", "hits")
                ),
            )
        })
        .collect()
}

/// The target named in a fire's purpose ("SMS Goeben primary guns at HMS Defence: 7 dice, hit on 6",
/// "HMS Dublin: torpedoes at SMS Goeben: 1 die…").
fn fire_target(purpose: &str) -> String {
    let after = purpose
        .find(" at ")
        .map_or(purpose, |i| &purpose[i + " at ".len()..]);
    after.split(':').next().unwrap_or(after).trim().to_string()
}

/// The counters the tap turned face up, in one part: "Revealed HMS Duke of Edinburgh, Morale Check 2".
fn revealed_part(events: &[Event]) -> Option<(u8, String)> {
    let names: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::CounterRevealed { counter, .. } => Some(counter.name.as_str()),
            _ => None,
        })
        .collect();
    (!names.is_empty()).then(|| (65, format!("Revealed {}", names.join(", "))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::event::FireRoll;
    use crate::ground::state::SpaceRef;

    fn line(text: &str) -> EventLine {
        EventLine {
            text: text.into(),
            rule: String::new(),
        }
    }

    fn fire(german: bool, purpose: &str, faces: Vec<u8>) -> Event {
        Event::DiceRolled {
            purpose: purpose.into(),
            faces,
            rule: "14.5".into(),
            fire: Some(FireRoll {
                german,
                space: SpaceRef::Place {
                    id: "gibraltar_pz".into(),
                },
                hitting_faces: 1,
            }),
            by_player: false,
        }
    }

    #[test]
    fn issue_50_a_sinking_leads_with_its_vp_the_hits_and_the_alert_before_the_ammunition() {
        let events = vec![
            Event::TrackChanged {
                ship: "goeben".into(),
                track: crate::ground::action::Track::Ammunition,
                from: 6,
                to: 5,
                reason: "guns fire this battle".into(),
                rule: "14.8".into(),
            },
            fire(
                true,
                "SMS Goeben primary guns at HMS Indomitable: 8 dice, hit on 6",
                vec![6, 2, 3, 6, 1, 1, 1, 1],
            ),
            Event::VpChanged {
                from: 12,
                to: 32,
                reason: "HMS Indomitable sunk at Gibraltar Patrol Zone".into(),
                rule: "17.0".into(),
            },
            Event::AlertChanged {
                from: 2,
                to: 3,
                reason: "an Allied warship lost".into(),
                rule: "4.0".into(),
            },
        ];
        let lines: Vec<EventLine> = ["SMS Goeben: ammunition 6 → 5.", "fire", "vp", "alert"]
            .iter()
            .map(|t| line(t))
            .collect();
        assert_eq!(
            headline(&events, &lines, Some("SMS Goeben: fire at HMS Indomitable"), 0),
            "HMS Indomitable sunk at Gibraltar Patrol Zone: +20 VP (now 32) · Alert 2 → 3 (an Allied warship lost) · German fire at HMS Indomitable: 2 hits"
        );
    }

    #[test]
    fn issue_50_a_tap_with_no_events_says_what_was_chosen_and_an_unchanged_alert_is_no_news() {
        assert_eq!(
            headline(&[], &[], Some("SMS Breslau stays"), 0),
            "SMS Breslau stays"
        );
        assert_eq!(
            headline(&[], &[], None, 0),
            "Done: nothing changed on the table"
        );
        let same = Event::AlertChanged {
            from: 1,
            to: 1,
            reason: "Royal Navy Conflicting Orders".into(),
            rule: "13.0".into(),
        };
        let phase = Event::PhaseStarted {
            turn: 2,
            phase: crate::ground::state::Phase::Incident,
        };
        assert_eq!(
            headline(
                &[same, phase],
                &[line("Alert Level 1 → 1."), line("Incident phase.")],
                Some("Done moving → Incident"),
                0
            ),
            "Now the Incident phase"
        );
    }

    #[test]
    fn issue_50_a_contact_that_ends_the_battle_says_so_before_its_first_salvo() {
        // 14.3: a Contact 1 under Limited Visibility is no contact — the contact's own line says so, and
        // it leads the headline before a weightier-looking but lesser part (a phase).
        let events = vec![
            Event::PhaseStarted {
                turn: 2,
                phase: crate::ground::state::Phase::Incident,
            },
            Event::ContactResolved {
                space: SpaceRef::Place {
                    id: "gibraltar_pz".into(),
                },
                german: 8,
                allied: 8,
                final_roll: 4,
                result: crate::ground::pack::ContactResult::GermanFirstSalvoContact1,
                rule: "14.3".into(),
                cancelled: Some("Limited Visibility".into()),
            },
        ];
        let pack = crate::ground::pack::RulesPack::standard();
        let lines: Vec<EventLine> = events.iter().map(|e| line(&e.describe(&pack))).collect();
        assert_eq!(
            lines[1].text,
            "Contact at Gibraltar Patrol Zone: German 8, Allied 8, final 4: Contact 1, but no contact under Limited Visibility: the battle ends."
        );
        assert!(headline(&events, &lines, None, 0).starts_with(
            "Contact at Gibraltar Patrol Zone: German 8, Allied 8, final 4: Contact 1, but no contact under Limited Visibility: the battle ends · Now the"
        ));
    }

    #[test]
    fn issue_50_fires_sum_by_side_and_target_and_table_instructions_are_counted() {
        let events = vec![
            fire(
                false,
                "HMS Dublin: secondary guns at SMS Goeben: 2 dice, hit on 6",
                vec![6, 3],
            ),
            fire(
                false,
                "HMS Dublin: torpedoes at SMS Goeben: 1 die, hit on 5–6",
                vec![6],
            ),
            Event::TableInstruction {
                text: "Remove collier 2 from Messina.".into(),
                rule: "7.4".into(),
            },
        ];
        let lines = vec![
            line("a"),
            line("b"),
            line("On the table: Remove collier 2 from Messina."),
        ];
        assert_eq!(
            headline(&events, &lines, None, 1),
            "Allied fire at SMS Goeben: 2 hits · 1 thing to do on the table"
        );
    }
}
