//! The ground floor: what a game is made of — the rules pack, the game state and its ids, the moves,
//! the events, the errors, the dice, the map's ports. It imports nothing from the floors above.

pub mod action;
pub mod campaign_state;
pub mod counters;
pub mod error;
pub mod event;
pub mod pack;
pub mod ports;
pub mod rule_summaries;
pub mod state;
pub mod tracks;
pub mod words;

pub use goeben_common::dice;
