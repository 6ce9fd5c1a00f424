//! The resource limits of [`ParseOptions`]: `max_input_bytes`, `max_attributes`, `max_depth`.
//! Each is off by default; off (or set above what the input needs) parses exactly as without it.

use kauri::{Document, ErrorCode, ParseOptions};

/// Options with errors collected (the limits add their own), changed by `f`.
fn with(f: impl FnOnce(&mut ParseOptions)) -> ParseOptions {
    let mut opts = ParseOptions {
        errors: true,
        ..ParseOptions::default()
    };
    f(&mut opts);
    opts
}

/// The tree and the errors (code and offset) of a parse, for comparing two parses.
fn summary(doc: &Document) -> (String, Vec<(ErrorCode, usize)>) {
    let errors = doc.errors().iter().map(|e| (e.code, e.offset)).collect();
    (doc.to_test_tree(), errors)
}

/// The greatest depth of any node under the root (the root's children are at depth 1), walked
/// without recursion.
fn max_depth(doc: &Document) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(doc.root(), 0usize)];
    while let Some((node, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        let mut child = node.first_child();
        while let Some(c) = child {
            stack.push((c, depth + 1));
            child = c.next_sibling();
        }
    }
    deepest
}

const SAMPLE: &str = "<!DOCTYPE html><title>T</title><table><tr><td a=1 b=2 c=3 d='4' e>x<b>y<i>z</b>w\
                      </table><svg viewBox='0 0 1 1' a b c><path d=M0/></svg><p class=x id=y>\u{e9}&amp;";

#[test]
fn limits_off_or_generous_parse_exactly_as_without() {
    let plain = kauri::parse_with_options(SAMPLE, &with(|_| {}));
    let off = with(|o| {
        o.max_input_bytes = None;
        o.max_attributes = None;
        o.max_depth = None;
    });
    let generous = with(|o| {
        o.max_input_bytes = Some(SAMPLE.len());
        o.max_attributes = Some(5);
        o.max_depth = Some(512);
    });
    for opts in [&off, &generous] {
        assert_eq!(
            summary(&kauri::parse_with_options(SAMPLE, opts)),
            summary(&plain)
        );
        assert_eq!(
            summary(&kauri::parse_bytes_with_options(SAMPLE.as_bytes(), opts).unwrap()),
            summary(&kauri::parse_bytes_with_options(SAMPLE.as_bytes(), &with(|_| {})).unwrap())
        );
        assert_eq!(
            summary(&kauri::parse_fragment(SAMPLE, "td", opts).unwrap()),
            summary(&kauri::parse_fragment(SAMPLE, "td", &with(|_| {})).unwrap())
        );
    }
}

#[test]
fn input_is_cut_at_a_char_boundary_and_reported() {
    // "<p>abc" is 6 bytes, "é" 2 more: a limit of 7 cuts before the "é".
    let html = "<p>abc\u{e9}def";
    let doc = kauri::parse_with_options(html, &with(|o| o.max_input_bytes = Some(7)));
    assert_eq!(doc.text_content(), "abc");
    let last = doc.errors().last().unwrap();
    assert_eq!(last.code, ErrorCode::InputTruncated);
    assert_eq!((last.offset, last.line, last.col), (6, 1, 7));
    assert_eq!(
        doc.errors()
            .iter()
            .filter(|e| e.code == ErrorCode::InputTruncated)
            .count(),
        1
    );
    // The same as parsing the cut text, plus the one error.
    let cut = kauri::parse_with_options("<p>abc", &with(|_| {}));
    assert_eq!(doc.to_test_tree(), cut.to_test_tree());
    assert_eq!(doc.errors().len(), cut.errors().len() + 1);

    // Exactly at the limit: not cut.
    let doc = kauri::parse_with_options(html, &with(|o| o.max_input_bytes = Some(html.len())));
    assert!(doc
        .errors()
        .iter()
        .all(|e| e.code != ErrorCode::InputTruncated));
    assert_eq!(doc.text_content(), "abc\u{e9}def");

    // A limit of 0: an empty document, reported.
    let doc = kauri::parse_with_options(html, &with(|o| o.max_input_bytes = Some(0)));
    assert_eq!(
        doc.to_test_tree(),
        kauri::parse_with_options("", &with(|_| {})).to_test_tree()
    );
    assert_eq!(doc.errors().last().unwrap().code, ErrorCode::InputTruncated);

    // Fragments too.
    let frag = kauri::parse_fragment("<b>bold</b>", "div", &with(|o| o.max_input_bytes = Some(5)))
        .unwrap();
    assert_eq!(frag.text_content(), "bo");
    assert_eq!(
        frag.errors().last().unwrap().code,
        ErrorCode::InputTruncated
    );
}

#[test]
fn bytes_are_cut_before_decoding() {
    // The UTF-8 "é" (C3 A9) is cut in two: the lone C3 decodes as U+FFFD.
    let bytes = b"<meta charset=utf-8><p>ab\xc3\xa9cd";
    let opts = with(|o| o.max_input_bytes = Some(bytes.len() - 3));
    let doc = kauri::parse_bytes_with_options(bytes, &opts).unwrap();
    assert_eq!(doc.encoding(), "UTF-8");
    assert_eq!(doc.text_content(), "ab\u{fffd}");
    assert_eq!(doc.errors().last().unwrap().code, ErrorCode::InputTruncated);
    // A `<meta>` after the cut is never seen: windows-1252 stays the guess (network behaviour:
    // with the UTF-8 guess allowed, chardetng takes the cut-off lone E9 for an unfinished
    // UTF-8 sequence).
    let bytes = b"<p>\xe9<meta charset=shift_jis>";
    let cut = with(|o| {
        o.max_input_bytes = Some(4);
        o.allow_utf8_guess = false;
    });
    let doc = kauri::parse_bytes_with_options(bytes, &cut).unwrap();
    assert_eq!(doc.encoding(), "windows-1252");
    assert_eq!(doc.text_content(), "\u{e9}");
    let doc = kauri::parse_bytes_with_options(bytes, &with(|_| {})).unwrap();
    assert_eq!(doc.encoding(), "Shift_JIS");
}

fn attr_names(doc: &Document, tag: &str) -> Vec<String> {
    let el = doc.root().elements_by_tag_name(tag).next().unwrap();
    el.as_element()
        .unwrap()
        .attrs()
        .iter()
        .map(|(name, _)| name.local.to_string())
        .collect()
}

fn codes(doc: &Document, code: ErrorCode) -> Vec<usize> {
    doc.errors()
        .iter()
        .filter(|e| e.code == code)
        .map(|e| e.offset)
        .collect()
}

#[test]
fn attributes_beyond_the_limit_are_dropped_in_source_order() {
    // Simple attributes (the tokenizer's fast tag path) and ones that need the full state
    // machine (a character reference, an unquoted value, a NUL) keep the same first three.
    for html in [
        "<div z=1 y=2 x=3 w=4 v=5>",
        "<div z=&amp; y x=3 w='4' v=\"5\">",
        "<div z=1 y=\0 x=3 w=4 v=5>",
    ] {
        let doc = kauri::parse_with_options(html, &with(|o| o.max_attributes = Some(3)));
        assert_eq!(attr_names(&doc, "div"), ["z", "y", "x"], "{html:?}");
        assert_eq!(codes(&doc, ErrorCode::TooManyAttributes).len(), 2);
        let off = kauri::parse_with_options(html, &with(|_| {}));
        assert_eq!(attr_names(&off, "div"), ["z", "y", "x", "w", "v"]);
        assert!(codes(&off, ErrorCode::TooManyAttributes).is_empty());
    }
    // The error is at the character that ends the dropped attribute's name (as for a
    // duplicate attribute).
    let doc = kauri::parse_with_options("<p a b c>", &with(|o| o.max_attributes = Some(2)));
    assert_eq!(codes(&doc, ErrorCode::TooManyAttributes), [8]);
    // Duplicates of kept attributes are still duplicates and do not count.
    let doc = kauri::parse_with_options("<p a b a c>", &with(|o| o.max_attributes = Some(2)));
    assert_eq!(attr_names(&doc, "p"), ["a", "b"]);
    assert_eq!(codes(&doc, ErrorCode::DuplicateAttribute), [8]);
    assert_eq!(codes(&doc, ErrorCode::TooManyAttributes), [10]);
    // A limit of 0 keeps none; every tag starts afresh.
    let doc =
        kauri::parse_with_options("<p a=1><b c=2 d=3>", &with(|o| o.max_attributes = Some(0)));
    assert!(attr_names(&doc, "p").is_empty());
    assert!(attr_names(&doc, "b").is_empty());
    assert_eq!(codes(&doc, ErrorCode::TooManyAttributes).len(), 3);
    let doc =
        kauri::parse_with_options("<p a=1><b c=2 d=3>", &with(|o| o.max_attributes = Some(1)));
    assert_eq!(attr_names(&doc, "p"), ["a"]);
    assert_eq!(attr_names(&doc, "b"), ["c"]);
    // Fragments too.
    let frag =
        kauri::parse_fragment("<i q r s>", "div", &with(|o| o.max_attributes = Some(1))).unwrap();
    assert_eq!(attr_names(&frag, "i"), ["q"]);
}

#[test]
fn depth_limit_flattens_deeper_content_into_siblings() {
    // max_depth 3: entries 0 (html), 1 (body), 2 (first div) insert normally; the second
    // div and everything deeper go into the first div; so does "g" (the first div is the
    // current node again), while "h" goes into the body.
    let opts = with(|o| o.max_depth = Some(3));
    let doc = kauri::parse_with_options(
        "<div>a<div>b<div>c<span>d</span>e</div>f</div>g</div>h",
        &opts,
    );
    assert_eq!(
        doc.to_test_tree(),
        "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \"a\"\n|       <div>\n|       \"b\"\n|       <div>\n|       \"c\"\n|       <span>\n|       \"defg\"\n|     \"h\"\n"
    );
    assert_eq!(max_depth(&doc), 3 + 1);
    // Without the limit: html, body, three divs, the span and its text.
    let doc = kauri::parse_with_options(
        "<div>a<div>b<div>c<span>d</span>e</div>f</div>g</div>h",
        &with(|_| {}),
    );
    assert_eq!(max_depth(&doc), 7);
}

#[test]
fn a_million_nested_divs_stay_within_the_depth_limit() {
    let n = 1_000_000;
    let mut html = String::with_capacity(n * 6);
    for _ in 0..n {
        html.push_str("<div>x");
    }
    let limited = kauri::parse_with_options(&html, &with(|o| o.max_depth = Some(512)));
    // Document > html (depth 1, entry 0) > ... > entry 511 (depth 512) > the flattened
    // elements and all text below them (depth 513): max_depth + 1.
    assert_eq!(max_depth(&limited), 512 + 1);
    let text = limited.text_content();
    assert_eq!(text.len(), n);
    drop(limited);
    let unlimited = kauri::parse_with_options(&html, &with(|_| {}));
    assert_eq!(max_depth(&unlimited), n + 3);
    assert_eq!(unlimited.text_content(), text);
}

/// The adoption agency algorithm (a misnested formatting end tag) appends its new formatting
/// element directly to the furthest block and moves the block's children into it, as the
/// standard (and Blink) do, without the appropriate place; so under the limit such content can
/// end a few levels deeper than `max_depth + 1`. Everything else stays within it; no text is
/// lost.
#[test]
fn depth_limit_with_misnested_and_foreign_content() {
    let opts = with(|o| o.max_depth = Some(10));
    for (unit, deepest) in [
        ("<b><div>x", 11),
        ("<b><div>x</b>", 12),
        ("<a><div><a>x", 12),
        ("<div><b><p>x</b>", 12),
        ("<table><tr><td><b>x", 11),
        ("<table>x<div>", 3),
        ("<template><div>x", 3),
        ("<svg><g>x", 11),
        ("<i><b><div><p>x</b></i>", 11),
        ("<b><i><div>x</b>y", 13),
        ("<b><i><u><s><em><strong><div>x</b>y", 15),
        (
            "<b><i><u><s><em><strong><div>x</strong></em></s></u></i></b>y",
            17,
        ),
        (
            "<a><b><i><u><s><em><strong><font><tt><nobr><big><small><div>x</a>y",
            15,
        ),
        ("<b><b><b><i><i><i><u><u><u><div>x</b>y", 15),
        (
            "<div><b><i><u><s><em><strong><p>x</b></i></u></s></em></strong>y",
            15,
        ),
    ] {
        let html = unit.repeat(3000);
        let doc = kauri::parse_with_options(&html, &opts);
        assert_eq!(max_depth(&doc), deepest, "{unit:?}");
        assert_eq!(
            doc.text_content().len(),
            kauri::parse_with_options(&html, &with(|_| {}))
                .text_content()
                .len(),
            "{unit:?}"
        );
    }
}
