//! Bytes to a document with the standard's encoding sniffing (BOM, `<meta>` pre-scan, the
//! statistical guess) and the reparse a `<meta charset>` can cause; then walk, dump, serialize.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kauri_fuzz_harness::targets::parse_bytes(data));
