//! Text to a fragment with a fuzzed context element: the first byte picks the context (HTML,
//! SVG, MathML; see [`kauri_fuzz_harness::round_trip::CONTEXTS`]), the second the scripting flag.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kauri_fuzz_harness::targets::parse_fragment(data));
