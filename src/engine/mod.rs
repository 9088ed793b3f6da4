//! The engine floor: `Ctx`, the one way the rules change a game (every die and every change an event).
//! It imports only the ground floor.

pub mod battles;
pub mod ctx;
pub mod entered_dice;
pub mod stowage;
