//! The turn track of seed 001: the Time Record's six-hour turns from 0900, August 2, 1914 to
//! the end of August 12, which of them are night turns, and the four steps of a turn ("HOW TO PLAY").
//! The track, not a caller, decides the time and whether it is night; the steps decide who may do what.
//!
//! Readings (docs/TOOLS.md, "Search"): the Time Record's turns start at 0900, 1500, 2100 and 0300; the
//! OCR text has lost the grey shading of the night turns, and we read the 2100 and 0300 turns as night
//! (the two columns the Time Record prints apart); the game ends after the last turn of August 12 (2100).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The last turn of the game: 2100, August 12 (seed 001 "Ending The Game").
pub const LAST_TURN: u32 = 43;

/// The hour a turn starts at, and its day of August 1914. Turn 1 is 0900, August 2 (seed 001 "PREPARE
/// FOR PLAY"); each turn is six hours ("HOW TO PLAY").
pub fn time_of(turn: u32) -> (u32, u32) {
    assert!(turn >= 1, "turns are numbered from 1");
    let hour = [300, 900, 1500, 2100][(turn % 4) as usize];
    (hour, 2 + turn / 4)
}

/// The turn that starts at `hour` on August `day` (the inverse of [`time_of`]).
pub fn turn_at(hour: u32, day: u32) -> u32 {
    let slot = [300, 900, 1500, 2100]
        .iter()
        .position(|&h| h == hour)
        .expect("a turn starts at 0300, 0900, 1500 or 2100") as u32;
    (day - 2) * 4 + slot
}

/// Whether the turn is a night turn (seed 001 "NIGHT TURNS", on the Time Record: our reading, 2100 and
/// 0300).
pub fn is_night(turn: u32) -> bool {
    turn >= 1 && matches!(time_of(turn).0, 2100 | 300)
}

/// A turn in words, e.g. "0900, Aug 2".
pub fn time_words(turn: u32) -> String {
    if turn == 0 {
        return "before the first turn".into();
    }
    let (hour, day) = time_of(turn);
    format!("{hour:04}, Aug {day}")
}

/// The steps of a turn (seed 001 "HOW TO PLAY" steps 1–3; step 4, combat, is the players').
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum TurnStep {
    /// Before the first turn: the players set up their units; the island squares are named.
    #[default]
    Setup,
    /// Step 1: secret, simultaneous movement. Each player's movement closes when they say it is done.
    Movement,
    /// Step 2: the announcements that movement gives away (SPOTTING), once both have moved.
    Spotting,
    /// Step 3, first: the British player searches.
    BritishSearch,
    /// Step 3, then: the German player searches.
    GermanSearch,
    /// The searches are over: combat is the players'; the next turn may start.
    Over,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_record_runs_from_0900_aug_2_to_2100_aug_12() {
        assert_eq!(time_of(1), (900, 2));
        assert_eq!(time_of(4), (300, 3));
        assert_eq!(time_of(LAST_TURN), (2100, 12));
        assert_eq!(
            turn_at(1500, 3),
            6,
            "seed 001 VICTORY CONDITIONS: the German draws before this turn"
        );
        assert_eq!(turn_at(300, 4), 8, "the British before this one");
        for turn in 1..=LAST_TURN {
            let (hour, day) = time_of(turn);
            assert_eq!(turn_at(hour, day), turn);
        }
        assert_eq!(time_words(17), "0900, Aug 6");
    }

    #[test]
    fn night_turns_are_2100_and_0300() {
        let nights: Vec<u32> = (1..=8).filter(|&t| is_night(t)).collect();
        assert_eq!(nights, vec![3, 4, 7, 8]);
        assert!(!is_night(0));
    }
}
