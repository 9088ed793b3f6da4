//! The two players at the table: every tool names them, so they live below every tool.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The two players at the table. The tools do not care which power each plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    A,
    B,
}

impl Player {
    pub fn opponent(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}
