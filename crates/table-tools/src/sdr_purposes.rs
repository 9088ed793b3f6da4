//! Secret Die Rolls bound to their purpose (seed 001 "VICTORY CONDITIONS", "ITALIAN
//! NEUTRALITY", "ADVANCED GAME" and its "What If? (Fleet SDRs)" chart): each SDR the rules call for is
//! drawn once, by the player the rules name, in the turns the rules give it, and the chit drawn for a
//! purpose is the one revealed for it. Drawing three "victory conditions" chits and showing the best is
//! refused. A draw with no purpose stays for house rules, labelled as a free draw.
//!
//! Readings (docs/TOOLS.md, "Secret Die Roll"): the What-If SDRs are drawn before the first turn; the
//! British player draws the British and French fleets' (he moves the French units, "PREPARE FOR PLAY"),
//! the German player the German and Austrian fleets' (the Austrian fleet is used by the German player,
//! What-If Austrian 5); the chart names no drawer for Italy, so either player draws it, once, and it is
//! placed face up (revealed at the draw); the "Italy goes to war" SDRs (Italy 5–6) are drawn by each
//! side once Italy's chit shows 5 or 6, before the 1500, Aug 5 turn; the neutrality SDR is the British
//! player's, once a turn from the turn holding noon of Aug 6 (0900), during his movement, at most two in
//! play (not yet put back).

use super::player::Player;
use super::refusal::{refuse, Refusal};
use super::sdr::{Chit, ChitState};
use super::sdr_charts::{VictorySide, WhatIfFleet};
use super::turn::{self, TurnStep};
use goeben_common::ErrorCode;
// The purposes keep the path other crates have always named them by: the type lives with the chits
// that carry it (`sdr.rs`), the rules of each purpose here.
pub use crate::sdr::SdrPurpose;

/// Most neutrality chits in play at once (seed 001 ITALIAN NEUTRALITY: two).
pub const NEUTRALITY_IN_PLAY_MAX: usize = 2;

/// Where the game is, for the checks: the turn, its step, and who is British (if chosen yet).
pub struct Clock {
    pub turn: u32,
    pub step: TurnStep,
    pub british: Option<Player>,
    /// Whether the British player has closed his movement this turn.
    pub british_moved: bool,
}

impl SdrPurpose {
    /// The side whose player draws it (`None`: either, Italy's What-If).
    fn drawer(self) -> Option<VictorySide> {
        match self {
            SdrPurpose::VictoryConditions { side } | SdrPurpose::ItalyGoesToWar { side } => {
                Some(side)
            }
            SdrPurpose::WhatIf {
                fleet: WhatIfFleet::British | WhatIfFleet::French,
            } => Some(VictorySide::British),
            SdrPurpose::WhatIf {
                fleet: WhatIfFleet::German | WhatIfFleet::Austrian,
            } => Some(VictorySide::German),
            SdrPurpose::WhatIf {
                fleet: WhatIfFleet::Italian,
            } => None,
            SdrPurpose::ItalianNeutrality => Some(VictorySide::British),
        }
    }

    /// The chit's label: the purpose in words, with the rule.
    pub fn words(self) -> String {
        match self {
            SdrPurpose::VictoryConditions { side } => {
                format!("{side:?} victory conditions (GOEBEN, VICTORY CONDITIONS)")
            }
            SdrPurpose::WhatIf { fleet } => {
                format!("What If? {fleet:?} fleet (GOEBEN, ADVANCED GAME)")
            }
            SdrPurpose::ItalyGoesToWar { side } => {
                format!("Italy goes to war, {side:?} SDR (GOEBEN, What If? Italy 5-6)")
            }
            SdrPurpose::ItalianNeutrality => {
                "Italian neutrality (GOEBEN, ITALIAN NEUTRALITY)".into()
            }
        }
    }

    /// Whether the rules show this chit face up at once (Italy's What-If SDR).
    pub fn face_up(self) -> bool {
        self == SdrPurpose::WhatIf {
            fleet: WhatIfFleet::Italian,
        }
    }

    /// The last turn during which it may be drawn (it is drawn *before* the next one starts).
    fn last_turn(self) -> u32 {
        match self {
            SdrPurpose::VictoryConditions {
                side: VictorySide::German,
            } => turn::turn_at(1500, 3) - 1,
            SdrPurpose::VictoryConditions {
                side: VictorySide::British,
            } => turn::turn_at(300, 4) - 1,
            SdrPurpose::WhatIf { .. } => 0,
            SdrPurpose::ItalyGoesToWar { .. } => turn::turn_at(1500, 5) - 1,
            SdrPurpose::ItalianNeutrality => turn::LAST_TURN,
        }
    }
}

/// The first turn of the neutrality draws: the turn holding noon, Aug 6 (0900).
pub fn neutrality_first_turn() -> u32 {
    turn::turn_at(900, 6)
}

/// Whether `player` may draw for `purpose` now; a refusal says which rule says otherwise.
pub fn check_draw(
    purpose: SdrPurpose,
    player: Player,
    clock: &Clock,
    chits: &[Chit],
) -> Result<(), Refusal> {
    let Some(british) = clock.british else {
        return refuse(
            ErrorCode::NotNow,
            "say who is British first (choose_sides): the rules name the player who draws this SDR",
        );
    };
    if let Some(side) = purpose.drawer() {
        let drawer = if side == VictorySide::British {
            british
        } else {
            british.opponent()
        };
        if drawer != player {
            return refuse(
                ErrorCode::WrongSide,
                format!(
                    "the {side:?} player (Player {drawer:?}) draws the SDR for {}",
                    purpose.words()
                ),
            );
        }
    }
    if let Some(taken) = chits.iter().find(|c| {
        c.purpose == Some(purpose)
            && (purpose != SdrPurpose::ItalianNeutrality || c.turn == clock.turn)
    }) {
        return refuse(
            ErrorCode::PurposeTaken,
            format!(
                "chit #{} was drawn for {}: it is the one that counts",
                taken.id,
                purpose.words()
            ),
        );
    }
    check_when(purpose, clock, chits)
}

/// The turns (and, for the neutrality roll, the step) the rules give each purpose.
fn check_when(purpose: SdrPurpose, clock: &Clock, chits: &[Chit]) -> Result<(), Refusal> {
    if clock.turn > purpose.last_turn() {
        let when = match purpose.last_turn() {
            0 => "before the first turn".to_string(),
            last => format!("before the {} turn", turn::time_words(last + 1)),
        };
        return refuse(
            ErrorCode::NotNow,
            format!("too late: the SDR for {} is drawn {when}", purpose.words()),
        );
    }
    match purpose {
        SdrPurpose::ItalyGoesToWar { .. } => italy_may_go_to_war(chits),
        SdrPurpose::ItalianNeutrality => neutrality_now(clock, chits),
        _ => Ok(()),
    }
}

/// Italy 5–6 of the What-If chart: only then do both players pick an SDR for whom Italy joins.
fn italy_may_go_to_war(chits: &[Chit]) -> Result<(), Refusal> {
    let italy = chits.iter().find(|c| {
        c.purpose
            == Some(SdrPurpose::WhatIf {
                fleet: WhatIfFleet::Italian,
            })
    });
    match italy {
        Some(chit) if chit.state != ChitState::Secret && chit.value >= 5 => Ok(()),
        _ => refuse(ErrorCode::NotNow, "Italy may go to war only when Italy's What-If SDR shows 5 or 6 (GOEBEN, What If? Italy)"),
    }
}

/// From the Aug 6 noon turn, before the British player's movement is done, at most two in play.
fn neutrality_now(clock: &Clock, chits: &[Chit]) -> Result<(), Refusal> {
    let first = neutrality_first_turn();
    if clock.turn < first {
        return refuse(
            ErrorCode::NotNow,
            format!(
                "the neutrality SDRs begin with the {} turn (GOEBEN, ITALIAN NEUTRALITY)",
                turn::time_words(first)
            ),
        );
    }
    if clock.step != TurnStep::Movement || clock.british_moved {
        return refuse(ErrorCode::NotNow, "the neutrality SDR is drawn before movement: during step 1, before the British player closes his movement (GOEBEN, ITALIAN NEUTRALITY)");
    }
    let in_play = chits
        .iter()
        .filter(|c| {
            c.purpose == Some(SdrPurpose::ItalianNeutrality) && c.state != ChitState::Returned
        })
        .count();
    if in_play >= NEUTRALITY_IN_PLAY_MAX {
        return refuse(ErrorCode::NotNow, "two neutrality chits are in play: reveal and put one back first (GOEBEN, ITALIAN NEUTRALITY)");
    }
    Ok(())
}
