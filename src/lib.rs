//! Goeben Referee core: the hidden-information referee for the solitaire wargame *Goeben, 1914*.
//!
//! Pure Rust, no Tauri and no I/O beyond its embedded rules pack. See ARCHITECTURE.md for the code map.
//! Entry point: [`session::Session`] (`respond(action) -> Response`), used by the `referee` CLI and the app.

pub mod api;
pub mod engine;
pub mod ground;
pub mod rules;
pub mod sequence;

pub use api::request::{Request, SessionRequest};
pub use api::response::Response;
pub use api::session::Session;
pub use ground::action::Action;
pub use ground::pack::RulesPack;
