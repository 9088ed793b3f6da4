//! The table tools' tests, one binary (each file a module): the tools are linked once.
//! `cargo test -p goeben-table-tools --test suite <module>::` runs one file's tests.

mod fuzz_corpus;
mod tools_calculators;
mod tools_cheats;
mod tools_cli;
mod tools_fleets;
mod tools_no_leak;
mod tools_pin;
mod tools_search;
mod typescript_bindings;
mod ui_transcripts;
mod wire_format;
