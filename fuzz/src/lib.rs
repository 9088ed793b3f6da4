//! The fuzz targets' checks (docs/FUZZING.md), kept apart from the targets so the ordinary
//! test suite replays the corpora through the very same functions: `tests/fuzz_corpus.rs` includes `game.rs`
//! and `crates/table-tools/tests/fuzz_corpus.rs` includes `tools.rs` by path, `crates/table-host/tests/fuzz_corpus.rs`
//! `host.rs`. No module names `crate::`.

pub mod game;
pub mod host;
pub mod tools;
