//! The tokenizer alone. The first byte picks the initial state, the last start tag and whether
//! the sink switches to text states after `<title>`, `<script>`, … (see [`Setup`]); the rest,
//! decoded lossily, is the input. Also runs the html5lib JSON form that `kauri tokenize` prints.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kauri_fuzz_harness::targets::tokenizer(data));
