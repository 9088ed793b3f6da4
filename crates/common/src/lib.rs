//! What the referee core and the table tools share, and nothing of either: seeded, saved dice ([`dice`])
//! and the one parser of their JSON-line protocols ([`line`]). Pure Rust, no I/O.

pub mod dice;
pub mod line;
