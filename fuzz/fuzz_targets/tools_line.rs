#![no_main]
//! Fuzz target `tools_line` (docs/FUZZING.md): see `goeben_fuzz::tools::tools_lines`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| goeben_fuzz::tools::tools_lines(data));
