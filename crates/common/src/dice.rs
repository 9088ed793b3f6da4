//! Dice and random draws from a seeded, portable RNG (ChaCha8) whose state is saved with the game (and
//! with the table tools' session), so a restored game (or an undo) rolls exactly the same dice again
//! (DESIGN.md principles 3–4).
//!
//! A game's dice may be *split*: the faces of dice and the hidden draws (`index`, `next_u64`) then come
//! from two streams of the same key (ChaCha8 streams 0 and 1), so what is drawn in secret never depends
//! on how many dice were rolled — or entered by a player who rolls their own. Unsplit dice (the table
//! tools, games saved before the split) take both from one stream, exactly as before.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Dice {
    rng: ChaCha8Rng,
    /// The hidden draws' own stream when the dice are split; absent for one-stream dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    draws: Option<ChaCha8Rng>,
    /// Faces forced by a test (scripted dice); never saved, never set by a player.
    #[serde(skip)]
    script: VecDeque<u8>,
}

impl PartialEq for Dice {
    fn eq(&self, other: &Self) -> bool {
        self.rng == other.rng && self.draws == other.draws && self.script == other.script
    }
}

impl Dice {
    pub fn from_seed(seed: u64) -> Dice {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            draws: None,
            script: VecDeque::new(),
        }
    }

    /// Split dice: faces from stream 0 of the seed's key (the same faces one-stream dice roll first),
    /// hidden draws from stream 1.
    pub fn split_from_seed(seed: u64) -> Dice {
        let mut draws = ChaCha8Rng::seed_from_u64(seed);
        draws.set_stream(1);
        Dice {
            draws: Some(draws),
            ..Dice::from_seed(seed)
        }
    }

    /// Whether hidden draws have their own stream.
    pub fn is_split(&self) -> bool {
        self.draws.is_some()
    }

    /// The stream hidden draws come from.
    fn draw_stream(&mut self) -> &mut ChaCha8Rng {
        self.draws.as_mut().unwrap_or(&mut self.rng)
    }

    /// Dice from a full 256-bit ChaCha8 key (the table tools seed from 32 bytes of the
    /// OS's randomness, not from 64 bits).
    pub fn from_seed_bytes(seed: [u8; 32]) -> Dice {
        Dice {
            rng: ChaCha8Rng::from_seed(seed),
            draws: None,
            script: VecDeque::new(),
        }
    }

    /// Rolls one die with `sides` faces (1..=sides). A scripted face is used first when present.
    pub fn die(&mut self, sides: u8) -> u8 {
        assert!(sides >= 2, "a die has at least two faces");
        if let Some(face) = self.script.pop_front() {
            assert!(
                (1..=sides).contains(&face),
                "scripted face {face} does not fit a d{sides}"
            );
            return face;
        }
        self.rng.random_range(1..=sides)
    }

    pub fn d6(&mut self) -> u8 {
        self.die(6)
    }

    pub fn d10(&mut self) -> u8 {
        self.die(10)
    }

    /// Rolls `n` six-sided dice.
    pub fn d6s(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.d6()).collect()
    }

    /// Rolls `n` dice of `sides` faces.
    pub fn dice(&mut self, n: usize, sides: u8) -> Vec<u8> {
        (0..n).map(|_| self.die(sides)).collect()
    }

    /// A uniform index in `0..n`, for drawing a counter at random from a stack or the pool.
    /// Not affected by scripted dice: draws are never scripted.
    pub fn index(&mut self, n: usize) -> usize {
        assert!(n > 0, "cannot draw from an empty set");
        self.draw_stream().random_range(0..n)
    }

    /// Test hook: the next dice rolled (not draws) show these faces, in order.
    pub fn script(&mut self, faces: impl IntoIterator<Item = u8>) {
        self.script.extend(faces);
    }

    /// Whether all scripted faces were used (tests assert this to prove the dice they scripted were rolled).
    pub fn script_is_empty(&self) -> bool {
        self.script.is_empty()
    }

    /// Whether both are at the same point of the same random stream (scripted faces aside): false once
    /// a die or a draw was taken from one of them (the points of no return).
    pub fn same_stream(&self, other: &Dice) -> bool {
        self.rng == other.rng && self.draws == other.draws
    }

    /// Fresh 64 random bits, e.g. to seed a simulation copy.
    pub fn next_u64(&mut self) -> u64 {
        self.draw_stream().random()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls_and_state_round_trips_through_json() {
        let mut a = Dice::from_seed(7);
        let first: Vec<u8> = (0..20).map(|_| a.d6()).collect();
        let saved = serde_json::to_string(&a).unwrap();
        let mut b: Dice = serde_json::from_str(&saved).unwrap();
        let mut c = Dice::from_seed(7);
        let again: Vec<u8> = (0..20).map(|_| c.d6()).collect();
        assert_eq!(first, again);
        assert_eq!(
            a.d6s(50),
            b.d6s(50),
            "a restored RNG continues the same stream"
        );
    }

    #[test]
    fn d6_faces_are_uniform_within_tolerance() {
        let mut dice = Dice::from_seed(1);
        let mut counts = [0u32; 6];
        let n = 60_000;
        for _ in 0..n {
            counts[dice.d6() as usize - 1] += 1;
        }
        // Chi-square with 5 degrees of freedom: 20.5 is the 0.999 quantile.
        let expected = n as f64 / 6.0;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 20.5, "chi2 {chi2} counts {counts:?}");
    }

    #[test]
    fn split_dice_draw_the_same_whatever_the_dice_rolled_before() {
        let (mut a, mut b) = (Dice::split_from_seed(9), Dice::split_from_seed(9));
        a.d6s(17);
        let draws_a: Vec<usize> = (0..10).map(|_| a.index(40)).collect();
        let draws_b: Vec<usize> = (0..10).map(|_| b.index(40)).collect();
        assert_eq!(draws_a, draws_b);
        assert_eq!(a.next_u64(), b.next_u64());
        let mut one = Dice::from_seed(9);
        assert_eq!(
            Dice::split_from_seed(9).d6s(20),
            one.d6s(20),
            "split dice roll the faces one-stream dice roll"
        );
        let saved: Dice = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert!(saved.is_split() && saved == a);
        let old: Dice = serde_json::from_str(&serde_json::to_string(&one).unwrap()).unwrap();
        assert!(!old.is_split(), "one-stream dice stay one stream");
    }

    #[test]
    fn scripted_faces_come_first_then_the_stream() {
        let mut dice = Dice::from_seed(3);
        dice.script([6, 1]);
        assert_eq!((dice.d6(), dice.d6()), (6, 1));
        assert!(dice.script_is_empty());
    }
}
