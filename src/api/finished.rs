//! The finished-games list: each game over for good is kept on the device with its record;
//! the list shows orders, VP, verdict, date and fingerprint, and a summary of missions played and won by
//! Orders (a campaign counts each of its missions). The shell stores the entries; this module says what
//! an entry holds and how the summary is counted.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::record::GameRecord;

/// How many hex characters of the commitment make the fingerprint shown in lists and the header.
pub const FINGERPRINT_CHARS: usize = 8;

/// One finished game as the list shows it (its record is read separately, by id).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct FinishedEntry {
    /// The first 16 hex characters of the commitment: unique enough on one device, safe in a file name.
    pub id: String,
    pub orders: String,
    pub vp: i32,
    pub won: bool,
    pub verdict: String,
    /// Milliseconds since 1970 when the game ended (the device's clock).
    #[ts(type = "number")]
    pub finished_at: u64,
    pub fingerprint: String,
    pub take_backs: u32,
    /// Missions in it with their Orders and outcome (one for a single game, each mission of a campaign).
    pub missions: Vec<MissionOutcome>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct MissionOutcome {
    pub orders: String,
    pub won: bool,
}

/// Missions played and won under one Orders marker, over every finished game on the device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct OrdersTally {
    pub orders: String,
    pub played: u32,
    pub won: u32,
}

/// What the app's finished-games commands answer (`list_finished`, `finished_record`): `ok:false` with an
/// error for a bad id or a damaged file, never an IPC failure.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct FinishedAnswer {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<crate::ground::error::ErrorInfo>,
    /// Newest first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub games: Option<Vec<FinishedEntry>>,
    /// Missions played and won by Orders over the listed games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub by_orders: Option<Vec<OrdersTally>>,
    /// Files that could not be read (kept as they are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub unreadable: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub record: Option<GameRecord>,
}

impl FinishedAnswer {
    /// The list answer: the games and their tally.
    pub fn list(games: Vec<FinishedEntry>, unreadable: u32) -> FinishedAnswer {
        let by_orders = tally(&games);
        FinishedAnswer {
            ok: true,
            games: Some(games),
            by_orders: Some(by_orders),
            unreadable: Some(unreadable),
            ..FinishedAnswer::default()
        }
    }

    pub fn record(record: GameRecord) -> FinishedAnswer {
        FinishedAnswer {
            ok: true,
            record: Some(record),
            ..FinishedAnswer::default()
        }
    }

    pub fn refused(error: crate::ground::error::ErrorInfo) -> FinishedAnswer {
        FinishedAnswer {
            ok: false,
            error: Some(error),
            ..FinishedAnswer::default()
        }
    }
}

/// The list entry for a finished record; None while the game runs (no seed in the record yet).
pub fn entry(record: &GameRecord, finished_at: u64) -> Option<FinishedEntry> {
    record.seed?;
    let commitment = record.commitment.clone()?;
    let view = &record.final_view;
    let over = view.game_over.clone()?;
    let game = view.game.as_ref()?;
    let missions = match &game.campaign {
        Some(c) if !c.results.is_empty() => c
            .results
            .iter()
            .map(|m| MissionOutcome {
                orders: m.name.clone(),
                won: m.won,
            })
            .collect(),
        _ => vec![MissionOutcome {
            orders: game.orders.name.clone(),
            won: over.won,
        }],
    };
    let verdict = game
        .campaign
        .as_ref()
        .and_then(|c| c.verdict.clone())
        .unwrap_or(over.reason);
    Some(FinishedEntry {
        id: commitment[..16].to_string(),
        orders: game.orders.name.clone(),
        vp: view.vp,
        won: over.won,
        verdict,
        finished_at,
        fingerprint: commitment[..FINGERPRINT_CHARS].to_string(),
        take_backs: record.take_backs,
        missions,
    })
}

/// Missions played and won by Orders, most played first.
pub fn tally(entries: &[FinishedEntry]) -> Vec<OrdersTally> {
    let mut out: Vec<OrdersTally> = Vec::new();
    for mission in entries.iter().flat_map(|e| e.missions.iter()) {
        let i = match out.iter().position(|t| t.orders == mission.orders) {
            Some(i) => i,
            None => {
                out.push(OrdersTally {
                    orders: mission.orders.clone(),
                    played: 0,
                    won: 0,
                });
                out.len() - 1
            }
        };
        out[i].played += 1;
        out[i].won += mission.won as u32;
    }
    out.sort_by(|a, b| {
        b.played
            .cmp(&a.played)
            .then_with(|| a.orders.cmp(&b.orders))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request::SessionRequest;
    use crate::{RulesPack, Session};

    fn finished(seed: u64) -> GameRecord {
        let mut s = Session::new(RulesPack::standard(), seed);
        let mut r = s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: None,
        });
        let mut i = 0usize;
        while r.view.game_over.is_none() {
            r = s.respond(
                r.view.decisions[(i * 31 + 7) % r.view.decisions.len()]
                    .action
                    .clone(),
            );
            i += 1;
        }
        s.respond(SessionRequest::ExportRecord).record().unwrap()
    }

    #[test]
    fn issue_14_finished_games_list_entries_and_the_tally_by_orders() {
        let records: Vec<GameRecord> = (1..5).map(finished).collect();
        let entries: Vec<FinishedEntry> = records
            .iter()
            .enumerate()
            .map(|(i, r)| entry(r, i as u64).unwrap())
            .collect();
        for (e, r) in entries.iter().zip(&records) {
            assert!(
                r.commitment.as_ref().unwrap().starts_with(&e.id)
                    && e.id.starts_with(&e.fingerprint)
            );
            assert_eq!(e.vp, r.final_view.vp);
        }
        let tally = tally(&entries);
        assert_eq!(
            tally.iter().map(|t| t.played).sum::<u32>(),
            4,
            "each single game is one mission"
        );
        assert_eq!(
            tally.iter().map(|t| t.won).sum::<u32>(),
            entries.iter().filter(|e| e.won).count() as u32
        );
        // A running game's record makes no entry.
        let mut s = Session::new(RulesPack::standard(), 1);
        s.respond(SessionRequest::NewGame {
            seed: Some(1),
            options: None,
        });
        assert!(entry(
            &s.respond(SessionRequest::ExportRecord).record().unwrap(),
            0
        )
        .is_none());
    }
}
