//! Goeben Referee core: the hidden-information referee for the solitaire wargame *Goeben, 1914*.
//!
//! Pure Rust, no Tauri and no I/O beyond its embedded rules pack. See ARCHITECTURE.md for the code map.
//! Entry point: [`session::Session`] (`respond(action) -> Response`), used by the `referee` CLI and the app.

pub mod action;
pub mod austro_hungarian;
pub mod barriers;
pub mod campaign;
pub mod chart_edit;
pub mod cargo;
pub mod codes;
pub mod combat;
pub mod combat_damage;
pub mod corrections;
pub mod cup;
pub mod dice;
pub mod error;
pub mod event;
pub mod finished;
pub mod flow;
pub mod incidents;
pub mod intelligence;
pub mod marines;
pub mod mines;
pub mod movement;
pub mod outfitting;
pub mod pack;
pub mod ports;
pub mod print_sheet;
pub mod protocol;
pub mod provenance;
pub mod raiding;
pub mod record;
pub mod review;
pub mod repair;
pub mod rules;
pub mod save;
pub mod seaplanes;
pub mod session;
pub mod setup;
pub mod state;
pub mod tools;
pub mod victory;
pub mod view;

pub use action::Action;
pub use pack::RulesPack;
pub use session::{Response, Session};
