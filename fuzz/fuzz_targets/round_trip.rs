//! Parse, serialize, parse again: the two tree dumps must be equal, except for the documented
//! round-trip exceptions found in the original tree (see [`kauri_fuzz_harness::round_trip`]). The first
//! byte picks a document (even) or a fragment context (odd: the context is byte / 2), the
//! second byte the scripting flag.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kauri_fuzz_harness::targets::round_trip(data));
