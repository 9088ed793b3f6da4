//! A PIN per player for Peek on one device (Also). Two players share one phone: without a
//! PIN, whoever holds "Peek" as Player A sees A's secrets. A player may set a PIN (4–8 digits) once per
//! session; from then on that player's `view` is answered only with it.
//!
//! The session keeps a salted SHA-256 of the PIN (the salt is fresh from the OS, like the chits'), never
//! the PIN: the save file already holds every secret of the game in the clear, so the hash does not guard
//! the game against someone who reads the file; it keeps the digits themselves (often a player's PIN for
//! other things) out of the file, the log and every answer.
//!
//! Slowdown: after [`WRONG_TRIES`] wrong PINs in a row, that player's peek is refused for
//! [`LOCK_SECONDS`] seconds, the right PIN included; the count starts again after the wait, and a right
//! PIN clears it. Only a wrong PIN counts (a peek sent without one is no guess); nothing else of the
//! session changes.

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::player::Player;
use crate::sdr::Salts;

/// Fewest digits a PIN has.
pub const PIN_MIN_DIGITS: usize = 4;
/// Most digits a PIN has.
pub const PIN_MAX_DIGITS: usize = 8;
/// Wrong PINs in a row before a player's peek is refused for a while.
pub const WRONG_TRIES: u32 = 3;
/// How long a player's peek is refused after [`WRONG_TRIES`] wrong PINs.
pub const LOCK_SECONDS: u64 = 30;

/// A PIN as a player typed it. Its `Debug` hides the digits, so a request printed in a panic or a log
/// line never shows them; it serialises as the plain string (the wire and the UI's type are a string).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(type = "string")]
pub struct Pin(String);

impl Pin {
    pub fn new(digits: impl Into<String>) -> Pin {
        Pin(digits.into())
    }
}

impl fmt::Debug for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pin(<hidden>)")
    }
}

/// Why a PIN was refused (the session turns each into its error code).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinRefusal {
    /// Not 4–8 digits.
    BadPin,
    /// The player already set a PIN this session.
    AlreadySet,
    /// The player has a PIN and the peek came without one.
    Needed,
    /// The PIN is not the player's; `tries_left` before the wait.
    Wrong { tries_left: u32 },
    /// Too many wrong PINs: peek again in `seconds`.
    Locked { seconds: u64 },
}

/// One player's PIN as the session keeps it: salt and salted hash, and the wrong tries since the last
/// right one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PinLock {
    salt: String,
    hash: String,
    #[serde(default)]
    wrong_tries: u32,
    /// Unix seconds until which this player's peek is refused (0: not locked).
    #[serde(default)]
    locked_until: u64,
}

/// Both players' PINs. Absent from sessions saved before PINs existed: no PIN, peek as before.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pins {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    a: Option<PinLock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    b: Option<PinLock>,
}

/// The salted hash kept for a PIN. The domain words keep it from matching any other hash of the tools.
fn hash(salt: &str, pin: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"goeben table tools peek pin v1\0");
    hasher.update(salt.as_bytes());
    hasher.update(b"\0");
    hasher.update(pin.as_bytes());
    hex::encode(hasher.finalize())
}

/// Equal without an early exit, so the time a check takes says nothing about how much of the hash matched.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn well_formed(pin: &str) -> bool {
    (PIN_MIN_DIGITS..=PIN_MAX_DIGITS).contains(&pin.len())
        && pin.bytes().all(|b| b.is_ascii_digit())
}

impl Pins {
    fn of(&self, player: Player) -> Option<&PinLock> {
        match player {
            Player::A => self.a.as_ref(),
            Player::B => self.b.as_ref(),
        }
    }

    fn of_mut(&mut self, player: Player) -> &mut Option<PinLock> {
        match player {
            Player::A => &mut self.a,
            Player::B => &mut self.b,
        }
    }

    /// Whether no player has set a PIN.
    pub fn is_empty(&self) -> bool {
        self.a.is_none() && self.b.is_none()
    }

    /// Whether `player` has set a PIN (public: both players may know it).
    pub fn is_set(&self, player: Player) -> bool {
        self.of(player).is_some()
    }

    /// Sets `player`'s PIN, once. A refusal changes nothing.
    pub fn set(&mut self, player: Player, pin: &Pin, salts: &mut Salts) -> Result<(), PinRefusal> {
        if !well_formed(&pin.0) {
            return Err(PinRefusal::BadPin);
        }
        if self.is_set(player) {
            return Err(PinRefusal::AlreadySet);
        }
        let salt = salts.fresh();
        let hash = hash(&salt, &pin.0);
        *self.of_mut(player) = Some(PinLock {
            salt,
            hash,
            wrong_tries: 0,
            locked_until: 0,
        });
        Ok(())
    }

    /// Whether `player` may peek now (`now`: Unix seconds). Without a PIN set, always. With one, only
    /// with the right PIN and not while locked; a wrong PIN counts one try (the only change it makes).
    pub fn check(&mut self, player: Player, pin: Option<&Pin>, now: u64) -> Result<(), PinRefusal> {
        let Some(lock) = self.of_mut(player).as_mut() else {
            return Ok(());
        };
        if now < lock.locked_until {
            // A clock set back must not lock a player out for longer than the rule says.
            let seconds = (lock.locked_until - now).min(LOCK_SECONDS);
            return Err(PinRefusal::Locked { seconds });
        }
        let Some(pin) = pin else {
            return Err(PinRefusal::Needed);
        };
        if same(&hash(&lock.salt, &pin.0), &lock.hash) {
            lock.wrong_tries = 0;
            return Ok(());
        }
        lock.wrong_tries += 1;
        if lock.wrong_tries >= WRONG_TRIES {
            lock.wrong_tries = 0;
            lock.locked_until = now.saturating_add(LOCK_SECONDS);
            return Err(PinRefusal::Locked {
                seconds: LOCK_SECONDS,
            });
        }
        Err(PinRefusal::Wrong {
            tries_left: WRONG_TRIES - lock.wrong_tries,
        })
    }

    /// A loaded save's PINs are well formed: hex salt and hash of the right lengths, a count below the limit.
    pub fn check_saved(&self) -> Result<(), String> {
        for (player, lock) in [(Player::A, &self.a), (Player::B, &self.b)] {
            let Some(lock) = lock else { continue };
            let hex_of =
                |s: &str, len: usize| s.len() == len && s.bytes().all(|b| b.is_ascii_hexdigit());
            if !hex_of(&lock.salt, crate::sdr::SALT_BYTES * 2) || !hex_of(&lock.hash, 64) {
                return Err(format!(
                    "player {player:?}'s PIN record is not a salt and a hash"
                ));
            }
            if lock.wrong_tries >= WRONG_TRIES {
                return Err(format!(
                    "player {player:?}'s PIN has {} wrong tries counted",
                    lock.wrong_tries
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goeben_common::dice::Dice;

    fn salts() -> Salts {
        Salts::Seeded(Box::new(Dice::from_seed(1)))
    }

    #[test]
    fn a_pin_is_four_to_eight_digits() {
        for bad in ["", "123", "123456789", "12a4", " 1234", "１２３４", "12.4"] {
            let mut pins = Pins::default();
            assert_eq!(
                pins.set(Player::A, &Pin::new(bad), &mut salts()),
                Err(PinRefusal::BadPin),
                "{bad:?}"
            );
            assert_eq!(pins, Pins::default(), "a refused PIN changes nothing");
        }
        for good in ["0000", "12345678"] {
            assert_eq!(
                Pins::default().set(Player::A, &Pin::new(good), &mut salts()),
                Ok(())
            );
        }
    }

    #[test]
    fn the_debug_form_hides_the_digits() {
        assert_eq!(format!("{:?}", Pin::new("4711")), "Pin(<hidden>)");
    }

    #[test]
    fn the_hash_depends_on_salt_and_pin() {
        assert_ne!(hash("00", "1234"), hash("01", "1234"));
        assert_ne!(hash("00", "1234"), hash("00", "1235"));
        assert!(same(&hash("00", "1234"), &hash("00", "1234")));
        assert!(!same("ab", "abc"));
    }
}
