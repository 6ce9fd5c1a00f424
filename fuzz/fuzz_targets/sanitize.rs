//! The HTML sanitizer's safety properties under several configs and contexts: the output is a
//! fixpoint and parses back to the tree that was serialized (no mutation XSS).
//!
//! Layout: byte 0 picks the config, byte 1 the context element; the rest, decoded lossily, is
//! the input (see `kauri_fuzz_harness::targets::sanitize`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kauri_fuzz_harness::targets::sanitize(data));
