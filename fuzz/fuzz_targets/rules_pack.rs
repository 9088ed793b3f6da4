#![no_main]
//! Fuzz target `rules_pack` (docs/FUZZING.md): see `goeben_fuzz::game::rules_pack`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| goeben_fuzz::game::rules_pack(data));
