//! Property tests on the stable toolchain: random HTML-ish input built from a grammar of the
//! constructs that steer the parser (HTML, table, select, formatting, SVG, MathML and template
//! tags in any case; attributes with duplicates and every quoting style; named, numeric and
//! broken character references; comments, doctypes, CDATA sections, `<?` processing
//! instructions; NUL, CR, controls and noncharacters; invalid UTF-8 through `parse_bytes`).
//!
//! Properties:
//! * nothing panics: documents (both scripting modes), fragments in HTML, SVG and MathML
//!   contexts, bytes with sniffing, the tokenizer alone;
//! * the tree survives serialize-and-reparse, modulo the documented exceptions
//!   (docs/serialization.md), with the classification shared with the `round_trip` fuzz target
//!   (`kauri_fuzz_harness::round_trip`);
//! * the tokenizer gives the same tokens and errors however the input is chunked.
//!
//! 256 cases per property keeps the whole file to a few seconds in a debug build. Set
//! `PROPTEST_CASES` to run more.

use proptest::prelude::*;
use proptest::test_runner::Config;

use kauri_fuzz_harness::round_trip;

use round_trip::{check_round_trip, context_for, CONTEXTS};

const TAGS: &[&str] = &[
    // document structure
    "html",
    "head",
    "body",
    "title",
    "base",
    "link",
    "meta",
    "style",
    "script",
    "noscript",
    // body content
    "div",
    "p",
    "span",
    "a",
    "br",
    "hr",
    "img",
    "image",
    "input",
    "li",
    "ul",
    "ol",
    "dd",
    "dt",
    "dl",
    "pre",
    "listing",
    "h1",
    "h2",
    "form",
    "button",
    "label",
    "textarea",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "plaintext",
    "frameset",
    "frame",
    "applet",
    "object",
    "marquee",
    "ruby",
    "rb",
    "rt",
    "rp",
    "rtc",
    "keygen",
    "search",
    "hgroup",
    "menu",
    "math",
    "svg",
    "address",
    "center",
    "details",
    "summary",
    "dialog",
    "main",
    "nav",
    "section",
    "figure",
    // formatting
    "b",
    "i",
    "em",
    "strong",
    "u",
    "s",
    "small",
    "big",
    "code",
    "font",
    "nobr",
    "tt",
    "strike",
    // tables
    "table",
    "caption",
    "colgroup",
    "col",
    "tbody",
    "thead",
    "tfoot",
    "tr",
    "td",
    "th",
    // select
    "select",
    "option",
    "optgroup",
    "datalist",
    "selectedcontent",
    "hr",
    // template
    "template",
    // SVG and MathML
    "foreignObject",
    "foreignobject",
    "desc",
    "path",
    "g",
    "clipPath",
    "mi",
    "mo",
    "mn",
    "ms",
    "mtext",
    "mglyph",
    "malignmark",
    "annotation-xml",
    "mrow",
    // unknown
    "x-custom",
    "foo",
];

const ATTR_NAMES: &[&str] = &[
    "id",
    "class",
    "href",
    "type",
    "value",
    "selected",
    "name",
    "charset",
    "content",
    "http-equiv",
    "xlink:href",
    "xml:lang",
    "xmlns",
    "xmlns:xlink",
    "definitionurl",
    "encoding",
    "viewbox",
    "src",
    "foo",
    "CLASS",
    "a\u{0}b",
    "\"",
    "'",
    "<",
    "=",
];

const ATTR_VALUES: &[&str] = &[
    "",
    "x",
    "text/html",
    "hidden",
    "application/xhtml+xml",
    "utf-8",
    "text/html; charset=windows-1252",
    "a b",
    "&amp;",
    "&amp",
    "&ampx",
    "&lt;&#34;",
    "\u{0}",
    "\r\n",
    "\"'<>`=",
    "\u{a0}",
];

const CHAR_REFS: &[&str] = &[
    "&amp;",
    "&amp",
    "&AMP;",
    "&lt;",
    "&gt",
    "&nbsp;",
    "&notin;",
    "&notit;",
    "&not",
    "&noti",
    "&ThickSpace;",
    "&#65;",
    "&#x41;",
    "&#X41",
    "&#0;",
    "&#13;",
    "&#xD800;",
    "&#x110000;",
    "&#128;",
    "&#x80;",
    "&#xFFFE;",
    "&#99999999999999999999;",
    "&#;",
    "&#x;",
    "&;",
    "&",
    "&foo;",
    "&#x1F600;",
    "&#9;",
];

const COMMENTS: &[&str] = &[
    "<!-- c -->",
    "<!---->",
    "<!-->",
    "<!--->",
    "<!-- -- -->",
    "<!--!>",
    "<!-- a --!>",
    "<!--<!-- x -->",
    "<!-- unterminated",
    "<!",
    "<!x>",
    "</>",
    "</ x>",
    "<!-",
];

const DOCTYPES: &[&str] = &[
    "<!DOCTYPE html>",
    "<!doctype HTML>",
    "<!DOCTYPE>",
    "<!DOCTYPE html SYSTEM \"about:legacy-compat\">",
    "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">",
    "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">",
    "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Frameset//EN\" 'x'>",
    "<!DOCTYPE svg>",
    "<!DOCTYPE html SYSTEM>",
    "<!DOCTYPE html PUBLIC",
];

const OTHERS: &[&str] = &[
    "<![CDATA[ cdata ]]>",
    "<![CDATA[x",
    "<![CDATA[]]]>",
    "]]>",
    "<?xml version=\"1.0\"?>",
    "<?php echo 1 ?>",
    "<?target data>",
    "<?",
    "<? x",
    "<?>",
    "<",
    ">",
    "</",
    "<a",
    "<a b",
    "<a b='",
    "<a/",
    "<!-",
    "\u{0}",
    "\r",
    "\r\n",
    "\n",
    "\t",
    " ",
    "\u{1}",
    "\u{b}",
    "\u{7f}",
    "\u{85}",
    "\u{fffe}",
    "\u{fdd0}",
    "\u{a0}",
    "\u{feff}",
    "<script><!--<script>",
    "</script>",
    "-->",
    "&",
];

const WORDS: &[&str] = &[
    "x",
    "text",
    " ",
    "  ",
    "a b",
    "\u{e9}",
    "\u{4e2d}\u{6587}",
    "\u{1f600}",
];

fn pick(list: &'static [&'static str]) -> impl Strategy<Value = String> {
    proptest::sample::select(list).prop_map(str::to_owned)
}

/// A name in random ASCII case (`DiV`), as the tokenizer lowercases tag and attribute names.
fn random_case(name: &'static [&'static str]) -> impl Strategy<Value = String> {
    (proptest::sample::select(name), any::<u32>()).prop_map(|(name, bits)| {
        name.chars()
            .enumerate()
            .map(|(i, c)| {
                if bits >> (i % 32) & 1 == 1 && i % 3 == 0 {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect()
    })
}

fn attribute() -> impl Strategy<Value = String> {
    (
        random_case(ATTR_NAMES),
        pick(ATTR_VALUES),
        prop_oneof![pick(CHAR_REFS), Just(String::new())],
        0u8..5,
    )
        .prop_map(|(name, value, reference, quoting)| match quoting {
            0 => name,
            1 => format!("{name}={value}{reference}"),
            2 => format!("{name}='{value}{reference}'"),
            3 => format!("{name} = \"{value}{reference}\""),
            _ => format!("{name}=\"{value}{reference}\"/"),
        })
}

fn start_tag() -> impl Strategy<Value = String> {
    (
        random_case(TAGS),
        proptest::collection::vec(attribute(), 0..4),
        prop_oneof![3 => Just(""), 1 => Just("/"), 1 => Just(" ")],
    )
        .prop_map(|(name, attrs, end)| {
            let mut tag = format!("<{name}");
            for attr in attrs {
                tag.push(' ');
                tag.push_str(&attr);
            }
            tag.push_str(end);
            tag.push('>');
            tag
        })
}

fn end_tag() -> impl Strategy<Value = String> {
    (
        random_case(TAGS),
        prop_oneof![4 => Just(""), 1 => Just(" x=y")],
    )
        .prop_map(|(name, attrs)| format!("</{name}{attrs}>"))
}

fn item() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => start_tag(),
        4 => end_tag(),
        4 => pick(WORDS),
        2 => pick(CHAR_REFS),
        1 => pick(COMMENTS),
        1 => pick(DOCTYPES),
        2 => pick(OTHERS),
    ]
}

/// An HTML-ish document: up to 60 grammar items.
fn html() -> impl Strategy<Value = String> {
    proptest::collection::vec(item(), 0..60).prop_map(|items| items.concat())
}

/// Bytes of an HTML-ish document with invalid UTF-8 (and some encoding declarations) spliced
/// in at random places.
fn html_bytes() -> impl Strategy<Value = Vec<u8>> {
    const BAD: &[&[u8]] = &[
        b"\xff",
        b"\xfe\xff",
        b"\xef\xbb\xbf",
        b"\xc3",
        b"\xe2\x82",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"\xc0\xaf",
        b"\x80",
        b"\x82\xa0",
        b"<meta charset=shift_jis>",
        b"<meta charset=utf-16>",
        b"<meta http-equiv=content-type content='text/html;charset=iso-2022-jp'>",
        b"\x1b$B",
        b"<meta charset=x-user-defined>",
    ];
    (
        html(),
        proptest::collection::vec(
            (any::<prop::sample::Index>(), proptest::sample::select(BAD)),
            0..6,
        ),
    )
        .prop_map(|(text, splices)| {
            let mut bytes = text.into_bytes();
            for (at, bad) in splices {
                let at = at.index(bytes.len() + 1);
                bytes.splice(at..at, bad.iter().copied());
            }
            bytes
        })
}

fn config() -> Config {
    Config {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(256),
        // Failing inputs go into tests/regressions.rs by hand, not into files here.
        failure_persistence: None,
        ..Config::default()
    }
}

/// Everything a caller does with a tree: walk, dump, serialize.
fn exercise(doc: &kauri::Document) {
    let nodes = doc.root().descendants().count();
    let dump = doc.to_test_tree();
    let html = doc.to_html();
    assert!(dump.lines().count() >= nodes.saturating_sub(1));
    std::hint::black_box(html);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn documents_round_trip(html in html(), scripting in any::<bool>()) {
        if let Err(report) = check_round_trip(&html, None, scripting) {
            panic!("unexplained round-trip difference\n{report}");
        }
        exercise(&round_trip::parse(&html, None, scripting));
    }

    #[test]
    fn fragments_round_trip(
        html in html(),
        context in 0..CONTEXTS.len(),
        scripting in any::<bool>(),
    ) {
        let context = context_for(context as u8);
        if let Err(report) = check_round_trip(&html, Some(&context), scripting) {
            panic!("unexplained round-trip difference\n{report}");
        }
        exercise(&round_trip::parse(&html, Some(&context), scripting));
    }

    #[test]
    fn bytes_never_panic(bytes in html_bytes()) {
        let doc = kauri::parse_bytes(&bytes);
        exercise(&doc);
        let opts = kauri::ParseOptions {
            allow_utf8_guess: true,
            locations: true,
            ..Default::default()
        };
        let doc = kauri::parse_bytes_with_options(&bytes, &opts).expect("no override label");
        exercise(&doc);
    }

    #[test]
    fn tokenizer_chunking_does_not_matter(
        html in html(),
        state in proptest::sample::select(kauri_fuzz_harness::tokens::INITIAL_STATES),
        chunk in 1usize..8,
    ) {
        let whole = kauri::tokenize::to_json(&html, state, Some("script"));
        let chunked = kauri::tokenize::to_json_chunked(&html, state, Some("script"), chunk);
        prop_assert_eq!(whole, chunked);
    }
}
