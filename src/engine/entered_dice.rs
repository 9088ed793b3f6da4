//! Dice the player rolled at the table and entered (house rule "I roll the dice"). The session applies a
//! move with the faces entered so far; each die the rules have the player roll takes the next faces. When
//! they run out, the first roll still wanted is noted (how many dice, of how many faces, for what, under
//! which rule) and the app's own dice stand in so the attempt can finish — the session throws that
//! attempt away and asks the player for the noted roll. Hidden draws never come from here.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::ground::event::FireRoll;

/// A roll the player is asked to make: the words come from the same place as the roll's log line, so
/// they name only what the log will show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AskedRoll {
    pub count: usize,
    pub sides: u8,
    pub purpose: String,
    pub rule: String,
    /// For a fire: who fired where and which faces hit.
    pub fire: Option<FireRoll>,
}

/// The faces the player entered for one move, in the order the rules roll them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EnteredDice {
    faces: VecDeque<u8>,
    /// The first roll the entered faces did not cover, and how many events came before it.
    pub asked: Option<(AskedRoll, usize)>,
}

impl EnteredDice {
    pub fn new(faces: &[u8]) -> EnteredDice {
        EnteredDice {
            faces: faces.iter().copied().collect(),
            asked: None,
        }
    }

    /// The next `n` entered faces, or `None` when fewer are left (nothing is taken then).
    pub fn take(&mut self, n: usize) -> Option<Vec<u8>> {
        (self.faces.len() >= n && self.asked.is_none()).then(|| self.faces.drain(..n).collect())
    }

    /// Notes the first roll wanted beyond the entered faces (later ones wait for it).
    pub fn ask(&mut self, roll: AskedRoll, events_before: usize) {
        if self.asked.is_none() {
            self.asked = Some((roll, events_before));
        }
    }

    /// Faces entered but not used by the move (the session refuses such an entry).
    pub fn left_over(&self) -> usize {
        self.faces.len()
    }
}
