//! Secret Die Roll (seed 001, "THE SECRET DIE ROLL" and "VICTORY CONDITIONS"): numbered chits drawn
//! from a bag so that one player knows a die result the other does not, and cannot change it later.
//!
//! The physical game keeps the chit face down on the table; the app replaces that with a commitment:
//! when a chit is drawn the opponent sees only the first 16 hex digits of SHA-256 over the value and a
//! fresh 16-byte salt, and on reveal both see value and salt and the app checks the commitment again.
//!
//! Readings (docs/TOOLS.md, "Secret Die Roll"): the bag holds eight sets of chits 1–6 (48); a drawn chit
//! stays out of the bag while a player holds it; a chit goes back only after its reveal (so no secret
//! chit can be swapped silently); the bag never refills by itself and an empty bag refuses a draw.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use goeben_common::dice::Dice;

use crate::sdr_charts::{VictorySide, WhatIfFleet};
// The players keep the path other crates have always named them by; the crate's own files take them
// from `player.rs`.
pub use crate::player::Player;

/// Sets of chits in the bag (seed 001: eight sets, numbered 1 to 6).
pub const SETS: u8 = 8;
/// Faces on a chit: 1..=6.
pub const FACES: usize = 6;
/// All chits of a full bag.
pub const CHITS_MAX: usize = SETS as usize * FACES;
/// Hex digits of a commitment shown to the opponent.
pub const COMMITMENT_HEX_DIGITS: usize = 16;
/// Bytes of salt mixed into each commitment.
pub const SALT_BYTES: usize = 16;

/// The chits still in the bag, counted per face (index 0 is face 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bag {
    left_by_face: [u8; FACES],
}

impl Default for Bag {
    fn default() -> Self {
        Bag::full()
    }
}

impl Bag {
    pub fn full() -> Bag {
        Bag {
            left_by_face: [SETS; FACES],
        }
    }

    pub fn len(&self) -> usize {
        self.left_by_face.iter().map(|&n| n as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Chits showing `value` still in the bag.
    pub fn left_of(&self, value: u8) -> u8 {
        assert!(
            (1..=FACES as u8).contains(&value),
            "chit value {value} out of 1..=6"
        );
        self.left_by_face[value as usize - 1]
    }

    /// Draws one chit uniformly among those left (without replacement); `None` when the bag is empty.
    pub fn draw(&mut self, dice: &mut Dice) -> Option<u8> {
        if self.is_empty() {
            return None;
        }
        let mut pick = dice.index(self.len());
        for (i, left) in self.left_by_face.iter_mut().enumerate() {
            if pick < *left as usize {
                *left -= 1;
                return Some(i as u8 + 1);
            }
            pick -= *left as usize;
        }
        unreachable!("an index below the bag's size always falls on a chit")
    }

    /// Puts a chit back. A bag never holds more than its eight sets: a ninth chit of a face is a bug.
    pub fn put_back(&mut self, value: u8) {
        assert!(
            (1..=FACES as u8).contains(&value),
            "chit value {value} out of 1..=6"
        );
        let slot = &mut self.left_by_face[value as usize - 1];
        assert!(
            *slot < SETS,
            "more than {SETS} chits showing {value} in the bag"
        );
        *slot += 1;
    }
}

/// The text hashed for a commitment: the value, a colon, the salt in lower-case hex (e.g. `4:9f…`).
pub fn commitment_preimage(value: u8, salt_hex: &str) -> String {
    format!("{value}:{salt_hex}")
}

/// First 16 hex digits of SHA-256 over [`commitment_preimage`].
pub fn commitment(value: u8, salt_hex: &str) -> String {
    commit_text(&commitment_preimage(value, salt_hex))
}

/// First 16 hex digits of SHA-256 over a preimage: the one commitment of the tools (a chit's value, a
/// Fleet Box's ships).
pub fn commit_text(preimage: &str) -> String {
    let digest = Sha256::digest(preimage.as_bytes());
    hex::encode(digest)[..COMMITMENT_HEX_DIGITS].to_string()
}

/// Whether a revealed value and salt match the commitment shown at the draw. Anyone can run this check
/// (e.g. with `sha256sum`) from the three strings the app shows.
pub fn verify(commitment_hex: &str, value: u8, salt_hex: &str) -> bool {
    commitment_hex.len() == COMMITMENT_HEX_DIGITS
        && commitment(value, salt_hex) == commitment_hex.to_ascii_lowercase()
}

/// Where a session's salts come from: the OS's random source for every real session,
/// so no reveal discloses anything of the dice's stream; a seeded stream of its own (never the dice's)
/// only for reproducible tests ([`super::ToolSession::seeded`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Salts {
    #[default]
    Os,
    Seeded(Box<Dice>),
}

impl Salts {
    /// A fresh salt of [`SALT_BYTES`] bytes, as lower-case hex.
    pub fn fresh(&mut self) -> String {
        let mut bytes = [0u8; SALT_BYTES];
        match self {
            Salts::Os => {
                getrandom::fill(&mut bytes).expect("the operating system gives random bytes")
            }
            Salts::Seeded(stream) => {
                bytes[..8].copy_from_slice(&stream.next_u64().to_le_bytes());
                bytes[8..].copy_from_slice(&stream.next_u64().to_le_bytes());
            }
        }
        hex::encode(bytes)
    }
}

/// Where a drawn chit is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChitState {
    /// Face down in front of its owner: only the owner knows the value.
    Secret,
    /// Shown to both players, still in front of its owner.
    Revealed,
    /// Shown, then put back into the bag.
    Returned,
}

/// What a Secret Die Roll is drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SdrPurpose {
    /// Seed 001 VICTORY CONDITIONS: one per side, the German before the 1500, Aug 3 turn, the British
    /// before the 0300, Aug 4 turn.
    VictoryConditions { side: VictorySide },
    /// Seed 001 ADVANCED GAME, What If? chart: one per fleet, before the first turn.
    WhatIf { fleet: WhatIfFleet },
    /// Seed 001 What If? Italy 5–6: each side's SDR for whom Italy joins, before the 1500, Aug 5 turn.
    ItalyGoesToWar { side: VictorySide },
    /// Seed 001 ITALIAN NEUTRALITY: the British player's, once a turn from Aug 6 (the turn is the draw's).
    ItalianNeutrality,
}

/// One drawn chit with its secret parts. Never sent to a player as such: see [`ChitView`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chit {
    /// Draw number in the session, from 1.
    pub id: u32,
    pub owner: Player,
    /// What the owner drew it for (e.g. "victory conditions"), shown to both players.
    pub label: String,
    pub value: u8,
    pub salt: String,
    pub commitment: String,
    pub state: ChitState,
    /// What the rules drew it for; `None` for a free draw (house rule) and older saves.
    #[serde(default)]
    pub purpose: Option<SdrPurpose>,
    /// The turn of the draw (0: before the first turn).
    #[serde(default)]
    pub turn: u32,
}

impl Chit {
    /// Draws a chit for `owner` and commits to it. `None` when the bag is empty.
    pub fn draw(
        id: u32,
        owner: Player,
        label: String,
        bag: &mut Bag,
        dice: &mut Dice,
        salts: &mut Salts,
    ) -> Option<Chit> {
        let value = bag.draw(dice)?;
        let salt = salts.fresh();
        let commitment = commitment(value, &salt);
        Some(Chit {
            id,
            owner,
            label,
            value,
            salt,
            commitment,
            state: ChitState::Secret,
            purpose: None,
            turn: 0,
        })
    }

    /// What `viewer` may see of this chit: the value to its owner; value and salt to everyone once revealed.
    pub fn view_for(&self, viewer: Player) -> ChitView {
        let face = match self.state {
            ChitState::Secret if viewer == self.owner => ChitFace::Own { value: self.value },
            ChitState::Secret => ChitFace::Hidden,
            ChitState::Revealed | ChitState::Returned => ChitFace::Revealed {
                value: self.value,
                salt: self.salt.clone(),
                verified: verify(&self.commitment, self.value, &self.salt),
            },
        };
        ChitView {
            chit: self.id,
            owner: self.owner,
            label: self.label.clone(),
            commitment: self.commitment.clone(),
            returned: self.state == ChitState::Returned,
            purpose: self.purpose,
            face,
        }
    }

    /// What both players may see of this chit: what the player who does not hold it sees (the commitment
    /// only while face down).
    pub fn public_view(&self) -> ChitView {
        self.view_for(self.owner.opponent())
    }
}

/// A chit as one player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ChitView {
    pub chit: u32,
    pub owner: Player,
    pub label: String,
    pub commitment: String,
    pub returned: bool,
    /// What the rules drew it for; null for a free draw (house rule).
    #[serde(default)]
    pub purpose: Option<SdrPurpose>,
    pub face: ChitFace,
}

/// The face of a chit as one player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "shown", rename_all = "snake_case")]
pub enum ChitFace {
    /// The opponent's secret chit: only its commitment is known.
    Hidden,
    /// The viewer's own secret chit.
    Own { value: u8 },
    /// Revealed to both, with the salt so anyone can recompute the commitment.
    Revealed {
        value: u8,
        salt: String,
        verified: bool,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_bag_holds_eight_of_each_face_and_empties_after_48_draws() {
        let mut bag = Bag::full();
        let mut dice = Dice::from_seed(11);
        let mut seen = [0u8; FACES];
        for _ in 0..CHITS_MAX {
            seen[bag.draw(&mut dice).unwrap() as usize - 1] += 1;
        }
        assert_eq!(
            seen, [SETS; FACES],
            "drawing without replacement empties each face exactly"
        );
        assert!(bag.is_empty());
        assert_eq!(
            bag.draw(&mut dice),
            None,
            "an empty bag does not refill by itself"
        );
    }

    #[test]
    fn a_chit_put_back_can_be_drawn_again() {
        let mut bag = Bag::full();
        let mut dice = Dice::from_seed(5);
        let values: Vec<u8> = (0..CHITS_MAX)
            .map(|_| bag.draw(&mut dice).unwrap())
            .collect();
        bag.put_back(values[0]);
        assert_eq!(
            bag.draw(&mut dice),
            Some(values[0]),
            "the only chit in the bag"
        );
    }

    #[test]
    fn same_seed_same_draws_and_salts() {
        let draw = |seed| {
            let (mut bag, mut dice, mut salts) = (
                Bag::full(),
                Dice::from_seed(seed),
                Salts::Seeded(Box::new(Dice::from_seed(seed + 100))),
            );
            (1..=5)
                .map(|id| {
                    Chit::draw(
                        id,
                        Player::A,
                        String::new(),
                        &mut bag,
                        &mut dice,
                        &mut salts,
                    )
                    .unwrap()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(9), draw(9));
        assert_ne!(draw(9), draw(10));
    }

    /// Salts come from the OS, not from the dice: the same dice give different salts,
    /// and drawing a salt leaves the dice's stream where it was.
    #[test]
    fn os_salts_are_fresh_and_leave_the_dice_alone() {
        let (mut bag, mut dice) = (Bag::full(), Dice::from_seed(9));
        let untouched = Dice::from_seed(9);
        let mut salts = Salts::Os;
        let first =
            Chit::draw(1, Player::A, String::new(), &mut bag, &mut dice, &mut salts).unwrap();
        let mut reference = untouched.clone();
        reference.index(CHITS_MAX);
        assert!(
            dice.same_stream(&reference),
            "the draw took one index from the dice and nothing for its salt"
        );
        let second = Chit::draw(
            2,
            Player::A,
            String::new(),
            &mut Bag::full(),
            &mut untouched.clone(),
            &mut salts,
        )
        .unwrap();
        assert_eq!(first.value, second.value, "same dice, same chit");
        assert_ne!(first.salt, second.salt, "but a fresh salt from the OS");
        assert_eq!(first.salt.len(), SALT_BYTES * 2);
    }

    #[test]
    fn commitment_is_a_prefix_of_sha256_of_value_colon_salt() {
        // Known answer, computed independently: printf '4:00112233445566778899aabbccddeeff' | sha256sum
        let salt = "00112233445566778899aabbccddeeff";
        assert_eq!(
            commitment_preimage(4, salt),
            "4:00112233445566778899aabbccddeeff"
        );
        let full = hex::encode(Sha256::digest(b"4:00112233445566778899aabbccddeeff"));
        assert_eq!(commitment(4, salt), full[..16]);
        assert!(verify(&commitment(4, salt), 4, salt));
        assert!(
            !verify(&commitment(4, salt), 5, salt),
            "a switched value fails the check"
        );
        assert!(
            !verify(&commitment(4, salt), 4, "00112233445566778899aabbccddeef0"),
            "a changed salt fails"
        );
        assert!(!verify("", 4, salt));
    }

    #[test]
    fn each_player_sees_only_what_they_may() {
        let (mut bag, mut dice) = (Bag::full(), Dice::from_seed(3));
        let mut chit = Chit::draw(
            1,
            Player::A,
            "victory conditions".into(),
            &mut bag,
            &mut dice,
            &mut Salts::Os,
        )
        .unwrap();
        assert_eq!(
            chit.view_for(Player::A).face,
            ChitFace::Own { value: chit.value }
        );
        assert_eq!(chit.view_for(Player::B).face, ChitFace::Hidden);
        assert_eq!(chit.view_for(Player::B).commitment, chit.commitment);
        assert_eq!(
            chit.public_view(),
            chit.view_for(Player::B),
            "the table sees what the non-owner sees"
        );
        chit.state = ChitState::Revealed;
        let shown = ChitFace::Revealed {
            value: chit.value,
            salt: chit.salt.clone(),
            verified: true,
        };
        assert_eq!(chit.view_for(Player::B).face, shown);
        assert_eq!(chit.public_view().face, shown);
        // A tampered record shows as unverified rather than being trusted.
        chit.value = chit.value % 6 + 1;
        assert!(matches!(
            chit.view_for(Player::B).face,
            ChitFace::Revealed {
                verified: false,
                ..
            }
        ));
    }
}
