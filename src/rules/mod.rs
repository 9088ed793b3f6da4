//! The rules floor: one module per rule of the game (combat in its own folder). Each takes a `Ctx`
//! from the engine floor and imports only the floors below and, sideways, rules it builds on (no circle).

pub mod austro_hungarian;
pub mod campaign;
pub mod cargo;
pub mod combat;
pub mod combat_damage;
pub mod corrections;
pub mod cup;
pub mod incidents;
pub mod intelligence;
pub mod marines;
pub mod mines;
pub mod movement;
pub mod outfitting;
pub mod raiding;
pub mod repair;
pub mod roles;
pub mod seaplanes;
pub mod setup;
pub mod victory;
