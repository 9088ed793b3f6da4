#![no_main]
//! Fuzz target `game_record` (docs/FUZZING.md): see `goeben_fuzz::game::game_record`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| goeben_fuzz::game::game_record(data));
