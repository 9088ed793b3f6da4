//! The session's own requests, open to every tool's data: a player's `view` (Peek) and the shared
//! `table_view`, and the PIN a player sets for Peek on one device ([`super::pins`]). The PIN guards every
//! request acting as its player, before any tool sees it (`ToolSession::respond_at`).

use super::sdr::Player;
use super::tool::TableTool;
use super::{name, pins, LogEntry, ToolAction, ToolResponse, ToolSession, LOG_MAX};
use goeben_common::ErrorCode;

/// Peek and the table view, and the PINs that guard a player's requests.
pub(crate) struct Peek;

impl TableTool for Peek {
    fn respond(session: &mut ToolSession, action: ToolAction) -> Result<ToolResponse, ToolAction> {
        Ok(match action {
            ToolAction::SetPin { player, pin } => session.set_pin(player, &pin),
            ToolAction::View { player, .. } => ToolResponse::View(Box::new(session.view(player))),
            ToolAction::TableView => ToolResponse::TableView(Box::new(session.table_view())),
            other => return Err(other),
        })
    }

    fn log_text(entry: &LogEntry) -> Option<String> {
        match entry {
            LogEntry::PinSet { player } => {
                Some(format!("Player {} set a PIN for Peek.", name(*player)))
            }
            _ => None,
        }
    }

    fn check(session: &ToolSession) -> Result<(), String> {
        session.pins.check_saved()
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
                self.log.push(LogEntry::PinSet { player });
                ToolResponse::PinSet { player }
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
