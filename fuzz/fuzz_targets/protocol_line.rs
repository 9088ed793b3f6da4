#![no_main]
//! Fuzz target `protocol_line` (docs/FUZZING.md): see `goeben_fuzz::game::protocol_lines`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| goeben_fuzz::game::protocol_lines(data));
