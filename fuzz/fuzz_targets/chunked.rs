//! Chunked input with fuzzed chunk boundaries: feeding the tokenizer in pieces must give the
//! same tokens (with spans) and the same errors as feeding it the whole input, and the same
//! document when the tree builder is behind it.
//!
//! Layout: byte 0 is the tokenizer setup ([`Setup`]; bit 7 is the scripting flag for the
//! document run); byte 1 is the number of cut points n (mod 32), followed by n 16-bit
//! little-endian offsets; the rest, decoded lossily, is the input. Offsets are moved down to
//! character boundaries, so empty pieces happen too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kauri_fuzz_harness::targets::chunked(data));
