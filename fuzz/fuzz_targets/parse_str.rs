//! Text to a document. The first byte picks the options (scripting, source locations, iframe
//! srcdoc); the rest, decoded lossily as UTF-8, is the document. With locations on, every span
//! must lie within the input, on character boundaries.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kauri_fuzz_harness::targets::parse_str(data));
