//! Seats: who may sit at a table, the random code in each seat's join URL, finding a seat by its
//! code in constant time, and what each seat may ask for (a player acts only as itself; the table display
//! only looks at the public `table_view`).

use std::sync::RwLock;

use serde::{Deserialize, Serialize};
use subtle::{ConditionallySelectable, ConstantTimeEq};

use goeben_table_tools::sdr::Player;
use goeben_table_tools::ToolAction;

/// Random bytes in a seat code: 128 bits from the operating system.
pub const CODE_BYTES: usize = 16;

/// A seat's secret code: `CODE_BYTES` random bytes as lower-case hex (URL-safe, 32 characters).
#[derive(Clone, PartialEq, Eq)]
pub struct SeatCode(String);

impl SeatCode {
    /// A fresh code from the OS's random source.
    pub fn random() -> SeatCode {
        let mut bytes = [0u8; CODE_BYTES];
        getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
        SeatCode(hex::encode(bytes))
    }

    /// The code as it goes in the seat's URLs.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A code read back from a table's save (`--state`): exactly `2 * CODE_BYTES` lower-case hex
    /// characters, or `None`.
    pub fn from_saved(text: &str) -> Option<SeatCode> {
        let well_formed = text.len() == 2 * CODE_BYTES
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        well_formed.then(|| SeatCode(text.to_string()))
    }
}

impl std::fmt::Debug for SeatCode {
    /// Never printed whole (a log line must not hand a seat away).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SeatCode({}…)", &self.0[..4])
    }
}

/// Whom a seat is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatRole {
    /// One of the table tools' two players: acts only as that player, sees that player's answers.
    Player(Player),
    /// The table display (a laptop or TV beside the map): the public `table_view` only (`view` at a game
    /// table).
    Display,
    /// A 25.0 role at a game table (`crate::game`), named by the seat's name: the moves that are its call.
    GameRole,
}

/// One seat of a table: its name as shown ("A", "B", "display"), its role and its code. The code can be
/// re-issued while the table is served ([`crate::table::Table::reissue`]), so it sits behind a lock and
/// [`Seat::code`] hands out a copy of the current one.
#[derive(Debug)]
pub struct Seat {
    pub name: String,
    pub role: SeatRole,
    code: RwLock<SeatCode>,
}

impl Clone for Seat {
    fn clone(&self) -> Seat {
        Seat {
            name: self.name.clone(),
            role: self.role,
            code: RwLock::new(self.code()),
        }
    }
}

impl Seat {
    pub fn new(name: &str, role: SeatRole) -> Seat {
        Seat::with_code(name, role, SeatCode::random())
    }

    /// A seat with a known code (a table reopened from its save).
    pub fn with_code(name: &str, role: SeatRole, code: SeatCode) -> Seat {
        Seat {
            name: name.to_string(),
            role,
            code: RwLock::new(code),
        }
    }

    /// The seat's current code.
    pub fn code(&self) -> SeatCode {
        self.code
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Puts `code` in place of the seat's code; the old one is returned (and no longer finds the seat).
    pub(crate) fn replace_code(&self, code: SeatCode) -> SeatCode {
        std::mem::replace(
            &mut *self
                .code
                .write()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
            code,
        )
    }

    /// The player this seat acts as, if any.
    pub fn player(&self) -> Option<Player> {
        match self.role {
            SeatRole::Player(player) => Some(player),
            SeatRole::Display | SeatRole::GameRole => None,
        }
    }
}

/// The seats of a table of the table tools: A and B, and the table display when asked for.
pub fn tool_seats(display: bool) -> Vec<Seat> {
    let mut seats = vec![
        Seat::new("A", SeatRole::Player(Player::A)),
        Seat::new("B", SeatRole::Player(Player::B)),
    ];
    if display {
        seats.push(Seat::new("display", SeatRole::Display));
    }
    seats
}

/// The index of the code that equals `given`, looking at every code whatever it finds (no early exit, each
/// comparison in constant time with `subtle`), so the time taken does not tell how much of a guess was
/// right or which seat it hit. Codes all have the same public length.
pub fn find<'a>(codes: impl IntoIterator<Item = &'a SeatCode>, given: &str) -> Option<usize> {
    let given = given.as_bytes();
    let mut found: u32 = 0;
    for (i, code) in codes.into_iter().enumerate() {
        let same = code.0.as_bytes().ct_eq(given);
        found.conditional_assign(&(i as u32 + 1), same);
    }
    found.checked_sub(1).map(|i| i as usize)
}

/// Why a seat may not send a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotYours {
    /// The request acts as the other player.
    OtherPlayer { seat: Player, named: Player },
    /// The table display asked for more than the public table view.
    DisplayOnly,
}

/// Whether `role` may send `action`: a player seat sends any request that acts as its own player or as no
/// player (the charts, the calculators, `verify_sdr`, `start_turn`, `table_view`); the display seat sends
/// `table_view` only.
pub fn permits(role: SeatRole, action: &ToolAction) -> Result<(), NotYours> {
    match role {
        SeatRole::Display
            if matches!(
                action,
                ToolAction::Peek(goeben_table_tools::peek::PeekAction::TableView)
            ) =>
        {
            Ok(())
        }
        SeatRole::Display => Err(NotYours::DisplayOnly),
        // A game's role never sits at a table of the table tools.
        SeatRole::GameRole => Err(NotYours::DisplayOnly),
        SeatRole::Player(seat) => match action.acting_player() {
            Some(named) if named != seat => Err(NotYours::OtherPlayer { seat, named }),
            _ => Ok(()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_128_random_bits_in_url_safe_hex_and_all_differ() {
        let codes: Vec<SeatCode> = (0..64).map(|_| SeatCode::random()).collect();
        for code in &codes {
            assert_eq!(code.as_str().len(), 2 * CODE_BYTES);
            assert!(code
                .as_str()
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
        }
        let distinct: std::collections::BTreeSet<&str> =
            codes.iter().map(SeatCode::as_str).collect();
        assert_eq!(distinct.len(), codes.len());
        assert!(
            !format!("{:?}", codes[0]).contains(codes[0].as_str()),
            "a code is never printed whole"
        );
    }

    #[test]
    fn find_hits_each_seat_and_nothing_near() {
        let seats = tool_seats(true);
        let all: Vec<SeatCode> = seats.iter().map(Seat::code).collect();
        let codes = || all.iter();
        for (i, seat) in seats.iter().enumerate() {
            assert_eq!(find(codes(), seat.code().as_str()), Some(i));
            let code = seat.code();
            let code = code.as_str();
            let last = code.chars().last().unwrap();
            let near = format!(
                "{}{}",
                &code[..code.len() - 1],
                if last == '0' { '1' } else { '0' }
            );
            assert_eq!(find(codes(), &near), None, "one character off");
            assert_eq!(
                find(codes(), &code[..code.len() - 1]),
                None,
                "one character short"
            );
            assert_eq!(
                find(codes(), &format!("{code}0")),
                None,
                "one character long"
            );
            assert_eq!(
                find(codes(), &code.to_uppercase()),
                None,
                "codes are compared byte for byte"
            );
        }
        assert_eq!(find(codes(), ""), None);
    }

    #[test]
    fn a_player_seat_acts_only_as_its_player_and_the_display_only_looks() {
        let a = SeatRole::Player(Player::A);
        assert_eq!(
            permits(
                a,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
                    player: Player::A,
                    pin: None
                })
            ),
            Ok(())
        );
        assert_eq!(
            permits(
                a,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
                    player: Player::B,
                    pin: None
                })
            ),
            Err(NotYours::OtherPlayer {
                seat: Player::A,
                named: Player::B
            })
        );
        assert_eq!(
            permits(
                a,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::TableView)
            ),
            Ok(())
        );
        assert_eq!(
            permits(
                a,
                &ToolAction::Searches(
                    goeben_table_tools::search_requests::SearchesAction::StartTurn {
                        british: Some(Player::B)
                    }
                )
            ),
            Ok(())
        );
        assert_eq!(
            permits(
                SeatRole::Display,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::TableView)
            ),
            Ok(())
        );
        assert_eq!(
            permits(
                SeatRole::Display,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
                    player: Player::A,
                    pin: None
                })
            ),
            Err(NotYours::DisplayOnly)
        );
        assert_eq!(
            permits(
                SeatRole::Display,
                &ToolAction::Calculator(
                    goeben_table_tools::calculators::CalculatorAction::FuelUse { zones_moved: 1 }
                )
            ),
            Err(NotYours::DisplayOnly)
        );
        // A seat sets (and peeks with) its own player's PIN only.
        let pin = || goeben_table_tools::pins::Pin::new("2468");
        assert_eq!(
            permits(
                a,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::SetPin {
                    player: Player::A,
                    pin: pin()
                })
            ),
            Ok(())
        );
        assert_eq!(
            permits(
                a,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::SetPin {
                    player: Player::B,
                    pin: pin()
                })
            ),
            Err(NotYours::OtherPlayer {
                seat: Player::A,
                named: Player::B
            })
        );
        assert_eq!(
            permits(
                a,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
                    player: Player::B,
                    pin: Some(pin())
                })
            ),
            Err(NotYours::OtherPlayer {
                seat: Player::A,
                named: Player::B
            })
        );
        assert_eq!(
            permits(
                SeatRole::Display,
                &ToolAction::Peek(goeben_table_tools::peek::PeekAction::SetPin {
                    player: Player::A,
                    pin: pin()
                })
            ),
            Err(NotYours::DisplayOnly)
        );
    }
}
