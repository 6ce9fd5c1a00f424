//! The body of each fuzz target, as a function of the raw fuzzer input, so that this crate's
//! `tests/regressions.rs` can replay saved inputs through exactly the same code on the stable
//! toolchain.

use super::round_trip::{check_round_trip, context_for, parse};
use super::tokens::{split_at_offsets, tokenize_pieces, tokenize_whole, tokens_whole, Setup};
use super::{exercise, parse_document_pieces};

/// A target's body: it panics on a finding.
pub type Target = fn(&[u8]);

/// The targets, by name (the fuzz target's binary name and the fixture folder's name).
pub const TARGETS: &[(&str, Target)] = &[
    ("parse_bytes", parse_bytes),
    ("parse_str", parse_str),
    ("parse_fragment", parse_fragment),
    ("tokenizer", tokenizer),
    ("round_trip", round_trip),
    ("chunked", chunked),
    ("sink_panics", sink_panics),
];

/// The public tokenizer and tree-builder APIs under arbitrary feed, pause, resume, end and
/// panic sequences (see [`crate::panics::fuzz_sequence`]).
pub fn sink_panics(data: &[u8]) {
    crate::panics::fuzz_sequence(data);
}

/// Bytes to a document with the standard's encoding sniffing (BOM, `<meta>` pre-scan, the
/// statistical guess) and the reparse a `<meta charset>` can cause; then walk, dump, serialize.
pub fn parse_bytes(data: &[u8]) {
    let doc = kauri::parse_bytes(data);
    exercise(&doc);
}

/// Text to a document. The first byte picks the options (scripting, source locations, iframe
/// srcdoc); the rest, decoded lossily as UTF-8, is the document. With locations on, every span
/// must lie within the input, on character boundaries.
pub fn parse_str(data: &[u8]) {
    let Some((&control, rest)) = data.split_first() else {
        return;
    };
    let html = String::from_utf8_lossy(rest);
    let opts = kauri::ParseOptions {
        scripting: control & 1 != 0,
        locations: control & 2 != 0,
        iframe_srcdoc: control & 4 != 0,
        ..kauri::ParseOptions::default()
    };
    let doc = kauri::parse_with_options(&html, &opts);
    exercise(&doc);
    if opts.locations {
        for node in doc.root().descendants() {
            if let Some(span) = node.span() {
                assert!(span.start <= span.end && span.end <= html.len(), "{span:?}");
                assert!(html.is_char_boundary(span.start) && html.is_char_boundary(span.end));
            }
        }
    }
}

/// Text to a fragment with a fuzzed context element: the first byte picks the context (HTML,
/// SVG, MathML; see [`CONTEXTS`](super::round_trip::CONTEXTS)), the second the scripting flag.
pub fn parse_fragment(data: &[u8]) {
    let [context, flags, rest @ ..] = data else {
        return;
    };
    let context = context_for(*context);
    let html = String::from_utf8_lossy(rest);
    let doc = parse(&html, Some(&context), flags & 1 != 0);
    exercise(&doc);
}

/// The tokenizer alone. The first byte picks the initial state, the last start tag and whether
/// the sink switches to text states after `<title>`, `<script>`, … (see [`Setup`]); the rest,
/// decoded lossily, is the input. The tokens must not depend on whether the sink wants errors.
/// Also runs the html5lib JSON form that `kauri tokenize` prints.
pub fn tokenizer(data: &[u8]) {
    let Some((&control, rest)) = data.split_first() else {
        return;
    };
    let setup = Setup::from_byte(control);
    let input = String::from_utf8_lossy(rest);
    assert_eq!(
        tokens_whole(&input, setup, false),
        tokens_whole(&input, setup, true),
        "tokens with and without errors differ"
    );
    std::hint::black_box(kauri::tokenize::to_json(
        &input,
        setup.state,
        setup.last_start_tag,
    ));
}

/// Parse, serialize, parse again: the two tree dumps must be equal, except for the documented
/// round-trip exceptions found in the original tree (see [`round_trip`](super::round_trip)). The first
/// byte picks a document (even) or a fragment context (odd: the context is byte / 2), the
/// second byte the scripting flag.
pub fn round_trip(data: &[u8]) {
    let [selector, flags, rest @ ..] = data else {
        return;
    };
    let context = (selector & 1 == 1).then(|| context_for(selector >> 1));
    let html = String::from_utf8_lossy(rest);
    if let Err(report) = check_round_trip(&html, context.as_ref(), flags & 1 != 0) {
        panic!("unexplained round-trip difference\n{report}");
    }
}

/// Chunked input with fuzzed chunk boundaries: feeding the tokenizer in pieces must give the
/// same tokens (with spans) and the same errors as feeding it the whole input, and the same
/// document when the tree builder is behind it.
///
/// Layout: byte 0 is the tokenizer setup ([`Setup`]; bit 7 is the scripting flag for the
/// document run); byte 1 is the number of cut points n (mod 32), followed by n 16-bit
/// little-endian offsets; the rest, decoded lossily, is the input. Offsets are moved down to
/// character boundaries, so empty pieces happen too.
pub fn chunked(data: &[u8]) {
    let [control, count, rest @ ..] = data else {
        return;
    };
    let count = (*count as usize % 32).min(rest.len() / 2);
    let (offsets, input) = rest.split_at(count * 2);
    let offsets: Vec<usize> = offsets
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
        .collect();
    let input = String::from_utf8_lossy(input);
    let pieces = split_at_offsets(&input, &offsets);

    let setup = Setup::from_byte(*control);
    let whole = tokenize_whole(&input, setup);
    let chunked = tokenize_pieces(&pieces, setup);
    assert_eq!(whole, chunked, "tokenizer: chunks {pieces:?}");

    let scripting = control & 0x80 != 0;
    let whole = parse_document_pieces(&[&input], scripting);
    let chunked = parse_document_pieces(&pieces, scripting);
    assert_eq!(
        whole.to_test_tree(),
        chunked.to_test_tree(),
        "document: chunks {pieces:?}"
    );
    // The same errors. Their order and offsets may differ: the tokenizer's input-stream errors
    // are reported when it scans ahead (see `Recorder`), and a tree construction error about
    // part of a run of text carries the offset of the run, whose start depends on the chunking
    // (see docs/robustness.md). So compare the codes as a multiset.
    let codes = |doc: &kauri::Document| {
        let mut codes: Vec<kauri::ErrorCode> = doc.errors().iter().map(|e| e.code).collect();
        codes.sort_unstable();
        codes
    };
    assert_eq!(codes(&whole), codes(&chunked), "errors: chunks {pieces:?}");
}
