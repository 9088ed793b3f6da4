#![no_main]
//! Fuzz target `host_http` (docs/FUZZING.md): see `goeben_fuzz::host::host_http`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| goeben_fuzz::host::host_http(data));
