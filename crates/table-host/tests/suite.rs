//! The table host's tests, one binary (each file a module): the host is linked once.
//! `cargo test -p goeben-table-host --test suite <module>::` runs one file's tests.

mod fuzz_corpus;
mod host_attacks;
mod host_cheats;
mod host_cli;
mod host_commands;
mod host_contract;
mod host_game;
mod host_game_austro_hungarian;
mod host_game_undo;
mod host_load;
mod host_long_table;
mod host_no_leak;
mod host_push;
mod host_restart;
mod support;
