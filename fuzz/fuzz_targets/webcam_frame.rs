#![no_main]
//! Fuzz target `webcam_frame` (docs/FUZZING.md): see `goeben_fuzz::game::webcam_frame`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| goeben_fuzz::game::webcam_frame(data));
