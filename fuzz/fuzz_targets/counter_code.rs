#![no_main]
//! Fuzz target `counter_code` (docs/FUZZING.md): see `goeben_fuzz::game::counter_code`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| goeben_fuzz::game::counter_code(data));
