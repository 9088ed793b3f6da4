//! The session's own requests, open to every tool's data: a player's `view` (Peek) and the shared
//! `table_view`, and the PIN a player sets for Peek on one device ([`super::pins`]). The PIN guards every
//! request acting as its player, before any tool sees it (`ToolSession::respond_at`).

use super::player::Player;
use super::{name, pins, LogEntry, ToolResponse, ToolSession, LOG_MAX};
use crate::tool::{TableTool, ToolLog};
use crate::{TableView, ToolView};
use goeben_common::ErrorCode;
use serde::{Deserialize, Serialize};
use strum::VariantNames;
use ts_rs::TS;

/// The requests of Peek (the views and the PIN): its part of `ToolAction`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "tool", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum PeekAction {
    /// Sets this player's PIN for Peek on one device: 4–8 digits, once a session. From then
    /// on this player's `view` is answered only with it.
    SetPin { player: Player, pin: pins::Pin },
    /// Everything this player may see now: chits, bag, log, Fleet Charts, own units, the search turn.
    /// `pin`: the player's PIN, needed once they have set one; a player without one peeks as before.
    View {
        player: Player,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        pin: Option<pins::Pin>,
    },
    /// What both players may see now, for the screen they share: no player's private data at all.
    TableView,
}

/// The answers of Peek (the views and the PIN): its part of `ToolResponse`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum PeekAnswer {
    /// The player's PIN is set (the PIN itself is never answered).
    PinSet { player: Player },
    /// Boxed (the JSON is the same): a view is far larger than any other answer, and refusals travel in
    /// `Result`s.
    View(Box<ToolView>),
    /// What both players may see (boxed like `View`).
    TableView(Box<TableView>),
}

/// The log entries of Peek (the views and the PIN): its part of `LogEntry`, tagged by `"entry"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "entry", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum PeekLogEntry {
    /// A player set a PIN for Peek: public, so the other player knows; never the PIN.
    PinSet { player: Player },
}

impl TableTool for PeekAction {
    fn respond(self, session: &mut ToolSession) -> ToolResponse {
        match self {
            PeekAction::SetPin { player, pin } => session.set_pin(player, &pin),
            PeekAction::View { player, .. } => {
                ToolResponse::Peek(PeekAnswer::View(Box::new(session.view(player))))
            }
            PeekAction::TableView => {
                ToolResponse::Peek(PeekAnswer::TableView(Box::new(session.table_view())))
            }
        }
    }

    fn acting_player(&self) -> Option<Player> {
        match self {
            PeekAction::SetPin { player, .. } | PeekAction::View { player, .. } => Some(*player),
            // The shared table view is for no player.
            PeekAction::TableView => None,
        }
    }

    fn check(session: &ToolSession) -> Result<(), String> {
        session.pins.check_saved()
    }
}

impl ToolLog for PeekLogEntry {
    fn text(&self) -> String {
        let PeekLogEntry::PinSet { player } = self;
        format!("Player {} set a PIN for Peek.", name(*player))
    }
}

impl ToolSession {
    /// Sets `player`'s PIN logged without it. A refusal changes nothing.
    fn set_pin(&mut self, player: Player, pin: &pins::Pin) -> ToolResponse {
        if self.log.len() >= LOG_MAX {
            return ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            );
        }
        match self.pins.set(player, pin, &mut self.salts) {
            Ok(()) => {
                self.log
                    .push(LogEntry::Peek(PeekLogEntry::PinSet { player }));
                ToolResponse::Peek(PeekAnswer::PinSet { player })
            }
            Err(refusal) => pin_refused(player, refusal, PinUse::Act),
        }
    }
}

/// What a PIN was asked for: a peek, or any other request acting as the player.
#[derive(Clone, Copy)]
pub(crate) enum PinUse {
    Peek,
    Act,
}

/// A refused PIN as the player reads it. The messages never repeat the PIN.
pub(crate) fn pin_refused(
    player: Player,
    refusal: pins::PinRefusal,
    doing: PinUse,
) -> ToolResponse {
    use pins::PinRefusal as R;
    let who = name(player);
    let (to_do, waiting) = match doing {
        PinUse::Peek => ("peek".to_string(), "peeking".to_string()),
        PinUse::Act => (
            format!("act as Player {who}"),
            format!("acting as Player {who}"),
        ),
    };
    match refusal {
        R::BadPin => ToolResponse::error(
            ErrorCode::BadInput,
            format!(
                "a PIN has {}-{} digits (0-9), nothing else",
                pins::PIN_MIN_DIGITS,
                pins::PIN_MAX_DIGITS
            ),
        ),
        R::AlreadySet => ToolResponse::error(
            ErrorCode::PinAlreadySet,
            format!("Player {who} already set a PIN for this session; it stays as it is"),
        ),
        R::Needed => ToolResponse::error(
            ErrorCode::PinNeeded,
            format!("Player {who} has a PIN: enter it to {to_do}"),
        ),
        R::Wrong { tries_left } => ToolResponse::error(
            ErrorCode::WrongPin,
            format!(
                "wrong PIN for Player {who}; {tries_left} more wrong {} and {waiting} waits {} seconds",
                if tries_left == 1 { "try" } else { "tries" },
                pins::LOCK_SECONDS
            ),
        ),
        R::Locked { seconds } => ToolResponse::error(
            ErrorCode::PinLocked,
            format!(
                "too many wrong PINs for Player {who}: try again in {seconds} second{}",
                if seconds == 1 { "" } else { "s" }
            ),
        ),
    }
}
