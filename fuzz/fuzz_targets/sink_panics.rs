//! The public tokenizer and tree-builder APIs under arbitrary sequences of feeds (lent and
//! owned), pauses at scripts, resumes, ends and a panic injected at a fuzzed sink callback,
//! for documents and fragments (see `kauri_fuzz_harness::panics::fuzz_sequence`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kauri_fuzz_harness::targets::sink_panics(data));
