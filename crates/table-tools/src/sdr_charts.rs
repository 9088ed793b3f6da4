//! The charts of seed 001 read by Secret Die Roll: the German victory conditions (points per objective,
//! one column per SDR 1–6), the British victory conditions (unreadable in the source), and the
//! advanced game's What-If chart (one column per fleet).
//!
//! Transcribed from the legible parts of the OCR text, in our own words; every entry the text does not
//! let us read is `Unreadable`, and a reading we are not sure of is `Doubtful` (docs/TOOLS.md, "Victory
//! conditions by SDR", says why for each). Nothing is filled in by guess. The reasons stay here and in the docs: they are the
//! transcriber's notes about the source text, not words for the players, who see only that a value is
//! uncertain or unreadable and are sent to their printed chart.

use crate::player::Player;
use crate::tool::TableTool;
use crate::{ErrorCode, ToolResponse, ToolSession};
use serde::{Deserialize, Serialize};
use strum::VariantNames;

use ts_rs::TS;

/// One cell of a transcribed chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "reading", rename_all = "snake_case")]
pub enum Reading {
    /// Clearly legible in the source.
    Read { points: u32 },
    /// Digits are present but the layout leaves room for doubt: the value is our best reading, and the
    /// players are told it is uncertain (the reason is at the cell's row and in docs/TOOLS.md).
    Doubtful { points: u32 },
    /// The source text is garbled here; the players must use their printed chart.
    Unreadable,
}

/// A row of the German victory conditions chart: an objective and its points for SDR 1..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct VictoryRow {
    pub objective: &'static str,
    pub points_by_sdr: [Reading; 6],
}

const fn r(points: u32) -> Reading {
    Reading::Read { points }
}

/// A cell of the French transports row, SDR 3-6: in the source text those digits are split over lines by
/// the sideways margin text, so the values 30, 40, 20, 30 are the digits read in order, which no rule or
/// erratum confirms; SDR 1-2 of the row (20, 30) are clear.
const fn t(points: u32) -> Reading {
    Reading::Doubtful { points }
}

/// German Victory Conditions (GVC) chart of seed 001, objectives in our words, points as printed.
pub const GERMAN_VICTORY_CONDITIONS: [VictoryRow; 9] = [
    VictoryRow {
        objective: "British battlecruiser sunk",
        points_by_sdr: [r(15), r(20), r(15), r(30), r(20), r(15)],
    },
    VictoryRow {
        objective: "British armored cruiser sunk",
        points_by_sdr: [r(5), r(8), r(5), r(12), r(8), r(5)],
    },
    VictoryRow {
        objective: "British light cruiser sunk",
        points_by_sdr: [r(2), r(3), r(2), r(5), r(3), r(2)],
    },
    VictoryRow {
        objective: "Goeben leaves by the west map edge (Atlantic)",
        points_by_sdr: [r(0), r(30), r(25), r(25), r(50), r(50)],
    },
    VictoryRow {
        objective: "Breslau leaves by the west map edge (Atlantic)",
        points_by_sdr: [r(0), r(10), r(10), r(10), r(15), r(15)],
    },
    VictoryRow {
        objective: "French transport sunk, each",
        points_by_sdr: [r(20), r(30), t(30), t(40), t(20), t(30)],
    },
    VictoryRow {
        objective: "North African port shelled, per town and per time",
        points_by_sdr: [r(5), r(5), r(5), r(10), r(5), r(5)],
    },
    VictoryRow {
        objective: "Goeben enters the Dardanelles",
        points_by_sdr: [r(100), r(70), r(50), r(25), r(0), r(0)],
    },
    VictoryRow {
        objective: "Breslau enters the Dardanelles (only with or after Goeben)",
        points_by_sdr: [r(25), r(15), r(10), r(5), r(0), r(0)],
    },
];

/// The side whose victory conditions chart is looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum VictorySide {
    German,
    British,
}

/// One objective's points for the SDR looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct VictoryLine {
    pub objective: &'static str,
    pub points: Reading,
}

/// The victory conditions a side's SDR selects. `None` when `sdr` is not 1..=6.
/// The British chart answers with one line marked `Unreadable`: in the source text it survives only as
/// scattered digits and sideways words, and neither its objectives nor its points can be matched to SDR
/// columns.
pub fn victory_conditions(side: VictorySide, sdr: u8) -> Option<Vec<VictoryLine>> {
    if !(1..=6).contains(&sdr) {
        return None;
    }
    Some(match side {
        VictorySide::German => GERMAN_VICTORY_CONDITIONS
            .iter()
            .map(|row| VictoryLine {
                objective: row.objective,
                points: row.points_by_sdr[sdr as usize - 1],
            })
            .collect(),
        VictorySide::British => vec![VictoryLine {
            objective: "British victory conditions",
            points: Reading::Unreadable,
        }],
    })
}

/// A fleet column of the What-If chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum WhatIfFleet {
    British,
    German,
    French,
    Austrian,
    Italian,
}

/// What the drawing player tells the opponent about the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Disclosure {
    /// Keep it secret (the chart's default).
    Secret,
    /// Tell the opponent at once.
    TellNow,
    /// Secret until the owner starts the die rolls the entry asks for.
    TellWhenRolling,
    /// The chit is placed face up for both players (Italy's column).
    FaceUp,
}

/// One entry of the What-If chart: the SDR range it covers and its effect in our words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct WhatIfEntry {
    pub fleet: WhatIfFleet,
    pub sdr_low: u8,
    pub sdr_high: u8,
    pub effect: &'static str,
    pub disclosure: Disclosure,
}

const fn w(
    fleet: WhatIfFleet,
    sdr_low: u8,
    sdr_high: u8,
    disclosure: Disclosure,
    effect: &'static str,
) -> WhatIfEntry {
    WhatIfEntry {
        fleet,
        sdr_low,
        sdr_high,
        effect,
        disclosure,
    }
}

use Disclosure::*;
use WhatIfFleet::*;

/// What-If chart of seed 001 (advanced game). SDR 7 exists for the French and Austrian fleets only: when
/// Italy goes to war, the other side adds one to the effective SDR of one of those fleets.
pub const WHAT_IF_CHART: [WhatIfEntry; 18] = [
    w(British, 1, 4, Secret, "Nothing changes."),
    w(British, 5, 5, TellNow, "The German player has to say now whether his victory conditions SDR is 1, 2 or 3."),
    w(British, 6, 6, TellNow, "New Zealand begins the game at Malta; the German player is told."),
    w(German, 1, 1, Secret, "Goeben cannot use fast speed."),
    w(German, 2, 3, Secret, "Nothing changes."),
    w(German, 4, 4, Secret, "Goeben's endurance is that of Moltke."),
    w(German, 5, 5, TellNow, "Moltke arrives in the western Mediterranean on the 1500, 4 August turn with her coal counter on 16; the British player is told."),
    w(German, 6, 6, TellNow, "Moltke begins the game with Goeben, in the Adriatic or the Ionian; the British player is told."),
    w(French, 1, 2, Secret, "French fleet close to the basic game: its units may be grouped freely to escort or screen the transports (an escort need not share the transport's square); it stays in the western Mediterranean and fights only enemies that announce an attack on transports in its square, then with half the usual number of dice (round down); no cruiser squadrons."),
    w(French, 3, 4, Secret, "Convoy escorts fire as for SDR 1-2, but the British player may use the rest of the fleet as he likes, outside the western Mediterranean too, searching and attacking; no cruiser squadrons."),
    w(French, 5, 7, Secret, "As for SDR 3-4, and the cruiser squadrons are in play (good scouts)."),
    w(Austrian, 1, 4, Secret, "Nothing changes; do not tell."),
    w(Austrian, 5, 5, TellWhenRolling, "The fleet may sortie under full German control once a die shows 1; roll from the 0300, 8 August turn, each turn until it does."),
    w(Austrian, 6, 7, TellWhenRolling, "As for SDR 5, but a 1 or 2 lets the fleet sortie, rolling from the 0300, 5 August turn."),
    w(Italian, 1, 3, FaceUp, "Nothing changes."),
    w(Italian, 4, 4, FaceUp, "Italy is hostile to Germany: nobody may use the Italian coast, the two straits, or coal from merchant ships in Italy's ports."),
    w(Italian, 5, 5, FaceUp, "Italy may go to war: each player draws another secret SDR at the start, both are shown before the 1500, 5 August turn, the German adds one to his, the higher total brings Italy in on that side (its fleet may sail at once, German ships in Italian ports may leave), a tie keeps Italy neutral. The side Italy does not join adds one to the effective SDR of the French or the Austrian fleet."),
    w(Italian, 6, 6, FaceUp, "As for SDR 5, and the British player adds one to his draw as well."),
];

/// The What-If entry a fleet's (effective) SDR selects; `None` when the chart has no such column entry.
pub fn what_if(fleet: WhatIfFleet, sdr: u8) -> Option<&'static WhatIfEntry> {
    WHAT_IF_CHART
        .iter()
        .find(|e| e.fleet == fleet && (e.sdr_low..=e.sdr_high).contains(&sdr))
}

/// The requests of the SDR charts (seed 001): its part of `ToolAction`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "tool", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum SdrChartAction {
    /// Seed 001 victory conditions chart for an SDR.
    VictoryConditions { side: VictorySide, sdr: u8 },
    /// Seed 001 What-If chart for a fleet's (effective) SDR.
    WhatIf { fleet: WhatIfFleet, sdr: u8 },
}

/// The answers of the SDR charts (seed 001): its part of `ToolResponse`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum SdrChartAnswer {
    VictoryConditions {
        side: VictorySide,
        sdr: u8,
        lines: Vec<VictoryLine>,
    },
    WhatIf {
        entry: WhatIfEntry,
    },
}

impl TableTool for SdrChartAction {
    fn respond(self, _session: &mut ToolSession) -> ToolResponse {
        match self {
            SdrChartAction::VictoryConditions { side, sdr } => {
                match victory_conditions(side, sdr) {
                    Some(lines) => ToolResponse::SdrChart(SdrChartAnswer::VictoryConditions {
                        side,
                        sdr,
                        lines,
                    }),
                    None => ToolResponse::error(
                        ErrorCode::BadSdr,
                        format!("the victory conditions chart has columns 1-6, not {sdr}"),
                    ),
                }
            }
            SdrChartAction::WhatIf { fleet, sdr } => match what_if(fleet, sdr) {
                Some(entry) => ToolResponse::SdrChart(SdrChartAnswer::WhatIf { entry: *entry }),
                None => ToolResponse::error(
                    ErrorCode::BadSdr,
                    format!("the What-If chart has no entry {sdr} for the {fleet:?} fleet"),
                ),
            },
        }
    }

    fn acting_player(&self) -> Option<Player> {
        // Reading a chart is public to both players.
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_chart_reads_by_column() {
        let lines = victory_conditions(VictorySide::German, 1).unwrap();
        assert_eq!(lines.len(), 9);
        assert_eq!(
            lines[7].points,
            Reading::Read { points: 100 },
            "SDR 1: Goeben in the Dardanelles is worth 100"
        );
        assert_eq!(
            lines[3].points,
            Reading::Read { points: 0 },
            "SDR 1: leaving west is worth nothing"
        );
        let five = victory_conditions(VictorySide::German, 5).unwrap();
        assert_eq!(five[3].points, Reading::Read { points: 50 });
        assert!(
            matches!(five[5].points, Reading::Doubtful { points: 20 }),
            "the transport row is marked doubtful"
        );
        assert_eq!(victory_conditions(VictorySide::German, 0), None);
        assert_eq!(victory_conditions(VictorySide::German, 7), None);
    }

    #[test]
    fn british_chart_is_unreadable_not_guessed() {
        for sdr in 1..=6 {
            let lines = victory_conditions(VictorySide::British, sdr).unwrap();
            assert_eq!(lines.len(), 1);
            assert!(matches!(lines[0].points, Reading::Unreadable));
        }
    }

    #[test]
    fn what_if_chart_covers_each_column_once() {
        for fleet in [British, German, Italian] {
            for sdr in 1..=6 {
                assert!(what_if(fleet, sdr).is_some(), "{fleet:?} {sdr}");
            }
            assert_eq!(what_if(fleet, 7), None, "{fleet:?} has no SDR 7");
        }
        for fleet in [French, Austrian] {
            for sdr in 1..=7 {
                assert!(what_if(fleet, sdr).is_some(), "{fleet:?} {sdr}");
            }
        }
        // No two entries of a column overlap.
        for a in &WHAT_IF_CHART {
            for b in &WHAT_IF_CHART {
                if !std::ptr::eq(a, b) && a.fleet == b.fleet {
                    assert!(
                        a.sdr_high < b.sdr_low || b.sdr_high < a.sdr_low,
                        "{a:?} overlaps {b:?}"
                    );
                }
            }
        }
        assert_eq!(
            what_if(German, 1).unwrap().effect,
            "Goeben cannot use fast speed."
        );
        assert_eq!(what_if(Austrian, 7).unwrap().sdr_low, 6);
        assert_eq!(what_if(British, 5).unwrap().disclosure, TellNow);
    }
}
