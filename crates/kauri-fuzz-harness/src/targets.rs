//! The body of each fuzz target, as a function of the raw fuzzer input, so that this crate's
//! `tests/regressions.rs` can replay saved inputs through exactly the same code on the stable
//! toolchain.

use super::round_trip::{check_round_trip, context_for, context_string, parse, serialize};
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
    ("sanitize", sanitize),
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

/// The configs the sanitize target runs, with whether it calls the safe methods: the
/// built-in safe default, everything the safe methods allow, everything at all, and configs
/// that unwrap structure or let the mutation XSS ingredients (`style` in `noscript`,
/// `mglyph` in MathML text, misnested `form`) through.
const SANITIZER_CONFIGS: &[(&str, bool)] = &[
    ("\"default\"", true),
    ("{}", true),
    ("{}", false),
    (
        r#"{"replaceWithChildrenElements": ["div", "span", "table", "tbody", "tr", "td", "p", "form", "a", "li", "ul", "select", "b", "mtext", "svg:g"]}"#,
        true,
    ),
    (
        r#"{"elements": ["div", "p", "form", "noscript", "style", "math", "mtext", "mi", "mglyph", "malignmark", "table", "td", "tr", "tbody", "svg", "title", "desc", "foreignObject", "img", "a", "select", "option", "textarea", "xmp", "template", "noembed", "iframe", "plaintext", "pre", "listing"], "attributes": ["id", "src", "href", "title", "shadowrootmode"]}"#,
        true,
    ),
    (
        r#"{"removeElements": ["script"], "replaceWithChildrenElements": ["table", "tbody", "tr", "td", "select", "p", "form", "mtext", "template"]}"#,
        false,
    ),
];

fn sanitizers() -> &'static [(kauri::Sanitizer, bool)] {
    static SANITIZERS: std::sync::OnceLock<Vec<(kauri::Sanitizer, bool)>> =
        std::sync::OnceLock::new();
    SANITIZERS.get_or_init(|| {
        SANITIZER_CONFIGS
            .iter()
            .map(|&(json, safe)| {
                let sanitizer = if safe {
                    kauri::Sanitizer::from_json_for_safe_methods(json)
                } else {
                    kauri::Sanitizer::from_json(json)
                };
                (sanitizer.expect("the fuzz configs are valid"), safe)
            })
            .collect()
    })
}

/// The fragment tree of `html` as `setHTML` parses it (declarative shadow roots allowed), dumped
/// without shadow roots: `innerHTML` never writes them, so a string cannot carry them. Without
/// `is` attributes either, which [`is_values`] compares: an element whose `is` attribute the
/// sanitizer removed keeps its `is` value, which the serialization writes as an `is` attribute
/// (§ serialising-html-fragments), so the re-parse has the attribute and the same `is` value.
fn light_tree(doc: &kauri::Document) -> String {
    let mut out = String::new();
    let mut skip_deeper_than: Option<usize> = None;
    let mut skipping = false;
    for line in doc.to_test_tree().lines() {
        // A text node's data may hold newlines: a line not starting with `|` continues the
        // node of the line before.
        if !line.starts_with('|') {
            if !skipping {
                out.push_str(line);
                out.push('\n');
            }
            continue;
        }
        let depth = line.len() - line.trim_start_matches(['|', ' ']).len();
        skipping = false;
        match skip_deeper_than {
            Some(d) if depth > d => {
                skipping = true;
                continue;
            }
            _ => skip_deeper_than = None,
        }
        if line
            .trim_start_matches(['|', ' '])
            .starts_with("#shadow-root")
        {
            skip_deeper_than = Some(depth);
            continue;
        }
        if line.trim_start_matches(['|', ' ']).starts_with("is=\"") {
            // (A value with a newline goes on over the lines that do not start with `|`.)
            skipping = true;
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The `is` value of each element of `doc`, in tree order.
fn is_values(doc: &kauri::Document) -> Vec<Option<String>> {
    doc.root()
        .descendants()
        .filter_map(|node| node.as_element())
        .map(|element| element.is_value().map(str::to_owned))
        .collect()
}

/// The sanitizer's safety properties. Byte 0 picks the config (see `SANITIZER_CONFIGS`), byte
/// 1 the context element (see [`CONTEXTS`](super::round_trip::CONTEXTS)); the rest, decoded
/// lossily, is the input. The output must be a fixpoint (sanitizing it again in the same
/// context gives it back) and parse back to the tree that was serialized (no mutation XSS):
/// for the safe methods, the very tree `sanitize_to_tree` returns.
pub fn sanitize(data: &[u8]) {
    let [config, context, rest @ ..] = data else {
        return;
    };
    let (sanitizer, safe) = &sanitizers()[*config as usize % SANITIZER_CONFIGS.len()];
    let context = context_for(*context);
    let ctx = context.name();
    let html = String::from_utf8_lossy(rest);
    let run = |input: &str| {
        if *safe {
            sanitizer.sanitize_for(input, ctx)
        } else {
            sanitizer.sanitize_unsafe_for(input, ctx)
        }
    };
    let out = run(&html);
    let again = run(&out);
    assert_eq!(again, out, "not a fixpoint (input {html:?})");
    let options = kauri::ParseOptions {
        declarative_shadow_roots: Some(true),
        ..kauri::ParseOptions::default()
    };
    let reparsed =
        kauri::parse_fragment(&out, &context_string(&context), &options).expect("a valid context");
    // The sanitizer writes a carriage return (which only `&#13;` puts in a tree) as `&#13;`,
    // where the standard's serialization writes it as it is and the next parse would read a
    // line feed: that is the one difference allowed.
    assert_eq!(
        serialize(&reparsed, Some(&context), true).replace('\r', "&#13;"),
        out,
        "the re-parsed output serializes differently (input {html:?})"
    );
    if *safe {
        let tree = sanitizer.sanitize_to_tree(&html, ctx);
        assert_eq!(
            light_tree(&reparsed),
            light_tree(&tree),
            "re-parsing the output gives another tree (input {html:?}, output {out:?})"
        );
        assert_eq!(
            is_values(&reparsed),
            is_values(&tree),
            "re-parsing the output gives other is values (input {html:?}, output {out:?})"
        );
    }
}
