//! What the referee core and the table tools share, and nothing of either: seeded, saved dice ([`dice`]),
//! the one parser of their JSON-line protocols ([`line`]) and every error code that crosses the boundary,
//! the shell's included ([`error_code`]). Pure Rust, no I/O.

pub mod dice;
pub mod error_code;
pub mod line;

pub use error_code::ErrorCode;
