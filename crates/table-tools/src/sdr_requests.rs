//! The seed 001 Secret Die Roll tool of a [`ToolSession`]: its requests (chits drawn for their purpose, or
//! freely, labelled as a house rule; revealed and put back; any commitment checked), the log lines they
//! leave (a draw by its commitment only), its state in the session (the bag and the chits drawn, checked
//! for conservation) and what each player and the shared screen see of it. The rules of the chits and the
//! bag themselves are in [`super::sdr`].

use super::player::Player;
use super::sdr::{self, Bag, Chit, ChitState, SdrPurpose};
use super::{
    name, sdr_purposes, LogEntry, ToolResponse, ToolSession, FREE_DRAW, LABEL_MAX_CHARS, LOG_MAX,
};
use crate::sdr::ChitView;
use crate::tool::{TableTool, ToolLog, ToolViews};
use goeben_common::ErrorCode;
use serde::{Deserialize, Serialize};
use strum::VariantNames;
use ts_rs::TS;

/// The requests of the Secret Die Roll (seed 001): its part of `ToolAction`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "tool", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum SdrAction {
    /// Draw a chit from the bag, face down (seed 001 Secret Die Roll).
    DrawSdr {
        player: Player,
        /// What the rules draw it for; left out, it is a free draw (house rule), so labelled.
        #[serde(default)]
        #[ts(optional)]
        purpose: Option<SdrPurpose>,
        #[serde(default)]
        label: String,
    },
    /// Show one of your face-down chits to both players.
    RevealSdr { player: Player, chit: u32 },
    /// Put one of your revealed chits back into the bag.
    ReturnSdr { player: Player, chit: u32 },
    /// Check a value and salt against a commitment (anyone, any time).
    VerifySdr {
        commitment: String,
        value: u8,
        salt: String,
    },
}

/// The answers of the Secret Die Roll (seed 001): its part of `ToolResponse`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum SdrAnswer {
    SdrDrawn { chit: ChitView, bag_left: usize },
    SdrRevealed { chit: ChitView },
    SdrReturned { chit: ChitView, bag_left: usize },
    Verified { matches: bool },
}

/// The log entries of the Secret Die Roll (seed 001): its part of `LogEntry`, tagged by `"entry"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "entry", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum SdrLogEntry {
    SdrDrawn {
        chit: u32,
        owner: Player,
        label: String,
        commitment: String,
        /// What the rules drew it for; null for a free draw (and in older logs).
        #[serde(default)]
        purpose: Option<SdrPurpose>,
    },
    SdrRevealed {
        chit: u32,
        owner: Player,
        value: u8,
        salt: String,
        verified: bool,
    },
    SdrReturned {
        chit: u32,
        owner: Player,
    },
}

impl TableTool for SdrAction {
    /// Seed 001 Secret Die Roll: the chits drawn, revealed and returned, and the check of a commitment.
    fn respond(self, session: &mut ToolSession) -> ToolResponse {
        match self {
            SdrAction::DrawSdr {
                player,
                purpose,
                label,
            } => session.draw(player, purpose, label),
            SdrAction::RevealSdr { player, chit } => session.reveal(player, chit),
            SdrAction::ReturnSdr { player, chit } => session.put_back(player, chit),
            SdrAction::VerifySdr {
                commitment,
                value,
                salt,
            } => ToolResponse::Sdr(SdrAnswer::Verified {
                matches: sdr::verify(&commitment, value, &salt),
            }),
        }
    }

    fn acting_player(&self) -> Option<Player> {
        match self {
            SdrAction::DrawSdr { player, .. }
            | SdrAction::RevealSdr { player, .. }
            | SdrAction::ReturnSdr { player, .. } => Some(*player),
            // Anyone checks a commitment, any time.
            SdrAction::VerifySdr { .. } => None,
        }
    }

    fn check(session: &ToolSession) -> Result<(), String> {
        session.sdr.check()
    }
}

/// The Secret Die Roll's state in the session: the bag and every chit drawn (secret: their values and
/// salts). Saved as the session's `bag` and `chits`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct SdrState {
    pub(crate) bag: Bag,
    /// Every chit drawn, in the order drawn: chit #n is at place n - 1.
    pub(crate) chits: Vec<Chit>,
}

impl SdrState {
    /// A full bag, no chit drawn.
    pub(crate) fn new() -> SdrState {
        SdrState {
            bag: Bag::full(),
            chits: Vec::new(),
        }
    }

    /// Conservation of chits (each face: in the bag plus held out = 8), numbering, and commitments.
    fn check(&self) -> Result<(), String> {
        for value in 1..=sdr::FACES as u8 {
            let held = self
                .chits
                .iter()
                .filter(|c| c.value == value && c.state != ChitState::Returned)
                .count();
            let total = self.bag.left_of(value) as usize + held;
            if total != sdr::SETS as usize {
                return Err(format!(
                    "{total} chits showing {value} instead of {}",
                    sdr::SETS
                ));
            }
        }
        for (i, chit) in self.chits.iter().enumerate() {
            if chit.id as usize != i + 1 {
                return Err(format!("chit #{} is in place {}", chit.id, i + 1));
            }
            if !sdr::verify(&chit.commitment, chit.value, &chit.salt) {
                return Err(format!("chit #{} does not match its commitment", chit.id));
            }
        }
        Ok(())
    }
}

/// What a player, or the shared screen, sees of the Secret Die Roll: the chits left in the bag, and every
/// chit drawn as that viewer sees it (a face-down chit of the other player: its commitment only).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SdrView {
    pub bag_left: usize,
    /// Every chit drawn as this viewer sees it: a chit of the viewer's own with its value; another's by
    /// its commitment only while face down; value, salt and the check once revealed.
    pub chits: Vec<ChitView>,
}

impl ToolViews for SdrState {
    type SeatView = SdrView;
    type TableView = SdrView;

    /// The player's own chits with their values, the other player's by commitment until revealed.
    fn seat_view(&self, player: Player) -> SdrView {
        SdrView {
            bag_left: self.bag.len(),
            chits: self.chits.iter().map(|c| c.view_for(player)).collect(),
        }
    }

    /// Every chit as a player who does not hold it sees it.
    fn table_view(&self) -> SdrView {
        SdrView {
            bag_left: self.bag.len(),
            chits: self.chits.iter().map(Chit::public_view).collect(),
        }
    }
}

impl ToolLog for SdrLogEntry {
    fn text(&self) -> String {
        match self {
            SdrLogEntry::SdrDrawn {
                chit,
                owner,
                label,
                commitment,
                ..
            } => {
                format!(
                    "Player {} drew SDR chit #{chit}{} face down; commitment {commitment}.",
                    name(*owner),
                    for_label(label)
                )
            }
            SdrLogEntry::SdrRevealed {
                chit,
                owner,
                value,
                verified,
                ..
            } => format!(
                "Player {} revealed chit #{chit}: {value} ({}).",
                name(*owner),
                if *verified {
                    "matches its commitment"
                } else {
                    "DOES NOT match its commitment"
                }
            ),
            SdrLogEntry::SdrReturned { chit, owner } => {
                format!("Player {} put chit #{chit} back in the bag.", name(*owner))
            }
        }
    }
}

/// The label a chit carries: its purpose's words, or a free draw's, with what the player gave.
fn drawn_label(purpose: Option<SdrPurpose>, given: &str) -> String {
    match (purpose, given.trim()) {
        (Some(purpose), _) => purpose.words(),
        (None, "") => FREE_DRAW.to_string(),
        (None, given) => format!("{FREE_DRAW}: {given}"),
    }
}

fn for_label(label: &str) -> String {
    if label.is_empty() {
        String::new()
    } else {
        format!(" for {label}")
    }
}

impl ToolSession {
    /// Draws a chit for `purpose` (once, by the player and in the turns the rules give it;
    /// Italy's What-If chit face up at once), or a free draw labelled as a house rule.
    fn draw(&mut self, player: Player, purpose: Option<SdrPurpose>, label: String) -> ToolResponse {
        if label.chars().count() > LABEL_MAX_CHARS {
            return ToolResponse::error(
                ErrorCode::BadInput,
                format!("a label has at most {LABEL_MAX_CHARS} characters"),
            );
        }
        if self.log.len() + 2 > LOG_MAX {
            return ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            );
        }
        if let Some(purpose) = purpose {
            if let Err(r) =
                sdr_purposes::check_draw(purpose, player, &self.clock(), &self.sdr.chits)
            {
                return ToolResponse::error(r.code, r.message);
            }
        }
        let label = drawn_label(purpose, &label);
        let turn = self.search.status().turn;
        let id = self.sdr.chits.len() as u32 + 1;
        let Some(mut chit) = Chit::draw(
            id,
            player,
            label,
            &mut self.sdr.bag,
            &mut self.dice,
            &mut self.salts,
        ) else {
            return ToolResponse::error(
                ErrorCode::BagEmpty,
                "all 48 chits are out of the bag; put revealed chits back to draw again",
            );
        };
        chit.purpose = purpose;
        chit.turn = turn;
        self.log.push(LogEntry::Sdr(SdrLogEntry::SdrDrawn {
            chit: id,
            owner: player,
            label: chit.label.clone(),
            commitment: chit.commitment.clone(),
            purpose,
        }));
        let view = chit.view_for(player);
        self.sdr.chits.push(chit);
        if purpose.is_some_and(SdrPurpose::face_up) {
            // Seed 001 What If? Italy: the chit is placed face up.
            return match self.reveal(player, id) {
                ToolResponse::Sdr(SdrAnswer::SdrRevealed { chit }) => {
                    ToolResponse::Sdr(SdrAnswer::SdrDrawn {
                        chit,
                        bag_left: self.sdr.bag.len(),
                    })
                }
                other => unreachable!("a chit just drawn reveals: {other:?}"),
            };
        }
        ToolResponse::Sdr(SdrAnswer::SdrDrawn {
            chit: view,
            bag_left: self.sdr.bag.len(),
        })
    }

    /// Where the turn stands, as the SDR purposes read it (who draws what, and when).
    fn clock(&self) -> sdr_purposes::Clock {
        let status = self.search.status();
        sdr_purposes::Clock {
            turn: status.turn,
            step: status.step,
            british: status.british,
            british_moved: status.british.is_some_and(|b| self.search.is_done(b)),
        }
    }

    /// The acting player's own chit, or the refusal to send.
    fn own_chit(&self, player: Player, id: u32) -> Result<usize, ToolResponse> {
        let index = id
            .checked_sub(1)
            .map(|i| i as usize)
            .filter(|&i| i < self.sdr.chits.len());
        let Some(index) = index else {
            return Err(ToolResponse::error(
                ErrorCode::UnknownChit,
                format!("no chit #{id} was drawn"),
            ));
        };
        if self.sdr.chits[index].owner != player {
            return Err(ToolResponse::error(
                ErrorCode::NotYourChit,
                format!("chit #{id} belongs to the other player"),
            ));
        }
        Ok(index)
    }

    fn reveal(&mut self, player: Player, id: u32) -> ToolResponse {
        let index = match self.own_chit(player, id) {
            Ok(i) => i,
            Err(refusal) => return refusal,
        };
        if self.sdr.chits[index].state != ChitState::Secret {
            return ToolResponse::error(
                ErrorCode::AlreadyRevealed,
                format!("chit #{id} is already revealed"),
            );
        }
        let chit = &mut self.sdr.chits[index];
        chit.state = ChitState::Revealed;
        let view = chit.view_for(player.opponent());
        let sdr::ChitFace::Revealed {
            value,
            ref salt,
            verified,
        } = view.face
        else {
            unreachable!("a revealed chit shows its face")
        };
        self.log.push(LogEntry::Sdr(SdrLogEntry::SdrRevealed {
            chit: id,
            owner: player,
            value,
            salt: salt.clone(),
            verified,
        }));
        ToolResponse::Sdr(SdrAnswer::SdrRevealed { chit: view })
    }

    fn put_back(&mut self, player: Player, id: u32) -> ToolResponse {
        let index = match self.own_chit(player, id) {
            Ok(i) => i,
            Err(refusal) => return refusal,
        };
        match self.sdr.chits[index].state {
            ChitState::Secret => {
                return ToolResponse::error(
                    ErrorCode::NotRevealed,
                    format!("reveal chit #{id} before putting it back"),
                )
            }
            ChitState::Returned => {
                return ToolResponse::error(
                    ErrorCode::AlreadyReturned,
                    format!("chit #{id} is already back in the bag"),
                )
            }
            ChitState::Revealed => {}
        }
        let chit = &mut self.sdr.chits[index];
        chit.state = ChitState::Returned;
        self.sdr.bag.put_back(chit.value);
        self.log.push(LogEntry::Sdr(SdrLogEntry::SdrReturned {
            chit: id,
            owner: player,
        }));
        ToolResponse::Sdr(SdrAnswer::SdrReturned {
            chit: self.sdr.chits[index].view_for(player),
            bag_left: self.sdr.bag.len(),
        })
    }
}
