#![no_main]
//! Fuzz target `save_file` (docs/FUZZING.md): see `goeben_fuzz::game::save_file`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| goeben_fuzz::game::save_file(data));
