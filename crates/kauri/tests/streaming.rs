//! The streaming parser ([`kauri::Parser`]) against the whole-input parse: the tree, the
//! encoding, the quirks mode, the parse errors (code, line, column, offset) and the source
//! ranges are the same however the input is split, for every corpus page and every
//! tree-construction case (property tests with a bounded number of cases; split points inside
//! multi-byte characters and inside the first 1,024 bytes included). Also the encoding
//! sniffing across chunks (BOM, pre-scan, late `<meta>` restart, transport label) and the
//! refused calls.

use kauri::{Document, ParseOptions, Parser, Step, StreamError};
use proptest::prelude::*;

/// Everything the parse decides, in comparable form.
fn outcome(doc: &Document) -> (String, &'static str, kauri::QuirksMode) {
    (
        doc.to_json_with(true, true),
        doc.encoding(),
        doc.quirks_mode(),
    )
}

/// The options of these tests: source ranges and errors on, so that they are compared too.
fn options(scripting: bool) -> ParseOptions {
    ParseOptions {
        locations: true,
        errors: true,
        scripting,
        ..ParseOptions::default()
    }
}

/// A parser that pauses at scripts (`pauses`; the pauses are not handled: `finish` treats
/// the scripts as run) or one that does not.
fn parser(opts: &ParseOptions, pauses: bool) -> Parser {
    let opts = opts.clone();
    let parser = if pauses {
        Parser::with_script_pauses(opts)
    } else {
        Parser::new(opts)
    };
    parser.expect("a known label")
}

/// Feeds `bytes` in chunks of the given sizes (cycled; 0 counts as 1) and finishes.
fn stream_bytes(bytes: &[u8], opts: &ParseOptions, sizes: &[usize]) -> Document {
    stream_bytes_pausing(bytes, opts, sizes, false)
}

/// [`stream_bytes`] with a parser that pauses at scripts (or not).
fn stream_bytes_pausing(
    bytes: &[u8],
    opts: &ParseOptions,
    sizes: &[usize],
    pauses: bool,
) -> Document {
    let mut parser = parser(opts, pauses);
    let mut rest = bytes;
    let mut i = 0;
    while !rest.is_empty() {
        let size = sizes
            .get(i % sizes.len().max(1))
            .copied()
            .unwrap_or(rest.len());
        let (chunk, tail) = rest.split_at(size.clamp(1, rest.len()));
        parser.feed(chunk).expect("input before the end");
        rest = tail;
        i += 1;
    }
    parser.finish()
}

/// Feeds `text` in chunks of about the given sizes (moved to character boundaries).
fn stream_text(text: &str, opts: &ParseOptions, sizes: &[usize], pauses: bool) -> Document {
    let mut parser = parser(opts, pauses);
    // Empty text still makes a text parse (a parser given nothing parses no bytes).
    parser.feed_str("").expect("input before the end");
    let mut rest = text;
    let mut i = 0;
    while !rest.is_empty() {
        let mut cut = sizes
            .get(i % sizes.len().max(1))
            .copied()
            .unwrap_or(rest.len());
        cut = cut.clamp(1, rest.len());
        while !rest.is_char_boundary(cut) {
            cut += 1;
        }
        parser.feed_str(&rest[..cut]).expect("input before the end");
        rest = &rest[cut..];
        i += 1;
    }
    parser.finish()
}

/// A small deterministic generator (xorshift), for chunk sizes.
struct Sizes(u64);

impl Sizes {
    fn next(&mut self, max: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        1 + (self.0 % max as u64) as usize
    }

    /// Chunk sizes for `len` bytes: small ones over the first 1,200 bytes (the sniffing
    /// window), then larger ones.
    fn for_input(&mut self, len: usize) -> Vec<usize> {
        let mut sizes = Vec::new();
        let mut at = 0;
        while at < len {
            let size = if at < 1200 {
                self.next(7)
            } else {
                self.next(9000)
            };
            sizes.push(size);
            at += size;
        }
        sizes
    }
}

fn corpus() -> Vec<(String, Vec<u8>)> {
    let pages = kauri_testdata::corpus_pages().expect("the corpus (KAURI_CORPUS)");
    let pages: Vec<(String, Vec<u8>)> = pages
        .iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read(p).expect("a readable page"),
            )
        })
        .collect();
    assert!(pages.len() >= 100, "only {} corpus pages", pages.len());
    pages
}

/// The cases of the tree-construction suite: data, fragment context (`None` for a document)
/// and scripting flag (on unless the case says `#script-off`).
fn tree_construction_cases() -> Vec<(String, Option<String>, bool)> {
    let dir = kauri_testdata::html5lib_tests_dir()
        .expect("the html5lib tests (KAURI_HTML5LIB_TESTS)")
        .join("tree-construction");
    let mut cases = Vec::new();
    for file in kauri_testdata::files_with_suffix(&dir, ".dat") {
        let text = std::fs::read_to_string(&file).expect("a readable .dat file");
        for case in kauri_testdata::dat::read_dat(&text) {
            cases.push((case.data, case.fragment, case.script != Some(false)));
        }
    }
    assert!(
        cases.len() >= 1000,
        "only {} tree-construction cases",
        cases.len()
    );
    cases
}

#[test]
fn every_corpus_page_streams_like_the_whole_input() {
    let mut sizes = Sizes(0x9E37_79B9_7F4A_7C15);
    let opts = options(true);
    for (name, bytes) in corpus() {
        let whole = kauri::parse_bytes_with_options(&bytes, &opts).expect("no override");
        let expected = outcome(&whole);
        for chunks in [vec![4096], sizes.for_input(bytes.len())] {
            for pauses in [false, true] {
                let streamed = stream_bytes_pausing(&bytes, &opts, &chunks, pauses);
                assert!(
                    outcome(&streamed) == expected,
                    "{name} (pauses: {pauses}): {:?}",
                    &chunks[..chunks.len().min(8)]
                );
            }
        }
    }
}

#[test]
fn corpus_page_prefixes_stream_byte_by_byte() {
    // Byte by byte over the first 40,000 bytes of every page (the whole pages are checked
    // byte by byte through the CLI: see docs/conformance.md).
    let opts = options(true);
    for (name, bytes) in corpus() {
        let prefix = &bytes[..bytes.len().min(40_000)];
        let whole = kauri::parse_bytes_with_options(prefix, &opts).expect("no override");
        let streamed = stream_bytes_pausing(prefix, &opts, &[1], true);
        assert!(outcome(&streamed) == outcome(&whole), "{name}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any tree-construction case, as text and as bytes, in any chunks.
    #[test]
    fn tree_construction_cases_stream_in_any_chunks(
        pick in any::<prop::sample::Index>(),
        sizes in prop::collection::vec(1usize..24, 1..12),
    ) {
        let cases = tree_construction_cases_cached();
        let (data, scripting) = &cases[pick.index(cases.len())];
        let opts = options(*scripting);
        let whole = kauri::parse_with_options(data, &opts);
        for pauses in [false, true] {
            prop_assert!(outcome(&stream_text(data, &opts, &sizes, pauses)) == outcome(&whole), "{data:?} {sizes:?} {pauses}");
        }
        let whole = kauri::parse_bytes_with_options(data.as_bytes(), &opts).expect("no override");
        prop_assert!(outcome(&stream_bytes_pausing(data.as_bytes(), &opts, &sizes, true)) == outcome(&whole), "{data:?} {sizes:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// A prefix of any corpus page, split at random points (inside the first 1,024 bytes and
    /// inside multi-byte characters included).
    #[test]
    fn corpus_prefixes_stream_in_any_chunks(
        pick in any::<prop::sample::Index>(),
        len in 0usize..60_000,
        sizes in prop::collection::vec(1usize..700, 1..40),
    ) {
        let pages = corpus_cached();
        let (name, bytes) = &pages[pick.index(pages.len())];
        let prefix = &bytes[..len.min(bytes.len())];
        let opts = options(true);
        let whole = kauri::parse_bytes_with_options(prefix, &opts).expect("no override");
        prop_assert!(outcome(&stream_bytes_pausing(prefix, &opts, &sizes, true)) == outcome(&whole), "{name} {len} {sizes:?}");
    }
}

/// The document cases of [`tree_construction_cases`]: data and scripting flag.
fn tree_construction_cases_cached() -> &'static [(String, bool)] {
    static CASES: std::sync::OnceLock<Vec<(String, bool)>> = std::sync::OnceLock::new();
    CASES.get_or_init(|| {
        tree_construction_cases()
            .into_iter()
            .filter_map(|(data, fragment, scripting)| {
                fragment.is_none().then_some((data, scripting))
            })
            .collect()
    })
}

fn corpus_cached() -> &'static [(String, Vec<u8>)] {
    static PAGES: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    PAGES.get_or_init(corpus)
}

/// A `<meta>` past the pre-scan's 1,024 bytes restarts the parse, however the bytes before it
/// were split; a BOM split in two and a transport label decide as in the whole-input parse.
#[test]
fn sniffing_across_chunks() {
    let mut late = format!("<!-- {} -->", "x".repeat(1100)).into_bytes();
    late.extend_from_slice(b"<meta charset=shift_jis><p>\x82\xa0 \xe9");
    let bom = b"\xEF\xBB\xBF<p>caf\xC3\xA9".to_vec();
    let utf16 = b"\xFF\xFE<\x00p\x00>\x00x\x00".to_vec();
    let koi8 = b"<p>\xf0\xd2\xc9\xd7\xc5\xd4".to_vec();
    // Unlabelled, non-ASCII only past the first 1,024 bytes: parsed with a provisional guess,
    // then guessed again (windows-1251, UTF-8) and parsed over.
    let late_guess = |tail: &[u8]| {
        let mut bytes = format!("<title>{}</title><p>", "ascii ".repeat(400)).into_bytes();
        for _ in 0..200 {
            bytes.extend_from_slice(tail);
        }
        bytes
    };
    let late_1251 = late_guess(b"\xcf\xf0\xe8\xe2\xe5\xf2 \xec\xe8\xf0 ");
    let late_utf8 = late_guess("\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442} ".as_bytes());
    // ... and past the guess's 64 KiB window.
    let mut long_1251 = late_1251.clone();
    long_1251.extend(std::iter::repeat_n(b"<i>\xe0</i>".iter().copied(), 9000).flatten());
    let transport = ParseOptions {
        transport_charset: Some("koi8-r".into()),
        ..options(true)
    };
    let unknown_transport = ParseOptions {
        transport_charset: Some("no-such-label".into()),
        ..options(true)
    };
    let no_guess = ParseOptions {
        allow_utf8_guess: false,
        ..options(true)
    };
    let cut = ParseOptions {
        max_input_bytes: Some(1130),
        ..options(true)
    };
    for (bytes, opts) in [
        (&late, options(true)),
        (&late, no_guess.clone()),
        (&late, cut),
        (&bom, options(true)),
        (&utf16, options(true)),
        (&koi8, transport),
        (&koi8, unknown_transport),
        (&koi8, no_guess.clone()),
        (&late_1251, options(true)),
        (&late_1251, no_guess.clone()),
        (&late_utf8, options(true)),
        (&late_utf8, no_guess),
        (&long_1251, options(true)),
    ] {
        let whole = kauri::parse_bytes_with_options(bytes, &opts).expect("no override");
        for sizes in [&[1][..], &[2], &[3, 1], &[1000, 1], &[5000]] {
            let streamed = stream_bytes(bytes, &opts, sizes);
            assert!(outcome(&streamed) == outcome(&whole), "{sizes:?} {bytes:?}");
        }
    }
    // At most the pre-scan's 1,024 bytes wait unparsed, labelled or not.
    let mut parser = Parser::new(options(true)).unwrap();
    parser.feed(&late_1251[..1100]).unwrap();
    assert_eq!(parser.root().select_str("title").unwrap().count(), 1);
    let doc = stream_bytes(&late_1251, &options(true), &[1]);
    assert_eq!(doc.encoding(), "windows-1251");
    let doc = stream_bytes(&late, &options(true), &[1]);
    assert_eq!(doc.encoding(), "Shift_JIS");
    assert!(doc.text_content().contains('\u{3042}'));
}

/// Calls the parser refuses, each with its error and without a panic.
#[test]
fn refused_calls() {
    let bad = ParseOptions {
        encoding: Some("no-such-encoding".into()),
        ..ParseOptions::default()
    };
    assert_eq!(
        Parser::new(bad).err(),
        Some(kauri::UnknownLabel("no-such-encoding".into()))
    );
    let mut parser = Parser::new(ParseOptions::default()).unwrap();
    assert_eq!(parser.resume(), Err(StreamError::NotPaused));
    assert_eq!(parser.document_write("x"), Err(StreamError::NotPaused));
    assert_eq!(parser.document_writeln("x"), Err(StreamError::NotPaused));
    assert_eq!(parser.feed(b"<p>"), Ok(Step::Ready));
    assert_eq!(parser.feed_str("<p>"), Err(StreamError::MixedInput));
    assert_eq!(parser.end(), Ok(Step::Ready));
    assert_eq!(parser.end(), Err(StreamError::Ended));
    assert_eq!(parser.feed(b"x"), Err(StreamError::Ended));
    assert_eq!(parser.feed_str("x"), Err(StreamError::Ended));
    assert_eq!(parser.finish().body().unwrap().inner_html(), "<p></p>");

    let mut text = Parser::new(ParseOptions::default()).unwrap();
    text.feed_str("<p>").unwrap();
    assert_eq!(text.feed(b"x"), Err(StreamError::MixedInput));
}

/// Scripts: the parser pauses after each script end tag; what a script writes is parsed at
/// the insertion point, before the rest of the input, with nesting.
#[test]
fn scripts_pause_and_write_at_the_insertion_point() {
    let mut parser = Parser::with_script_pauses(ParseOptions::default()).unwrap();
    assert_eq!(parser.feed_str("<p>a<script>1</script>b"), Ok(Step::Script));
    assert_eq!(parser.script_nesting_level(), 1);
    // Input fed while paused waits.
    assert_eq!(parser.feed_str("<i>c</i>"), Ok(Step::Script));
    // A write whose text holds a script runs that script first.
    assert_eq!(
        parser.document_write("<u>w1<script>2</script>w2"),
        Ok(Step::Script)
    );
    assert_eq!(parser.script_nesting_level(), 2);
    assert_eq!(parser.script().unwrap().text_content(), "2");
    assert_eq!(parser.document_write("<s>"), Ok(Step::Ready));
    assert_eq!(parser.resume(), Ok(Step::Ready));
    assert_eq!(parser.script_nesting_level(), 1);
    assert_eq!(parser.script().unwrap().text_content(), "1");
    assert_eq!(parser.resume(), Ok(Step::Ready));
    assert_eq!(parser.script_nesting_level(), 0);
    let doc = parser.finish();
    assert_eq!(
        doc.body().unwrap().inner_html(),
        "<p>a<script>1</script><u>w1<script>2</script><s>w2b<i>c</i></s></u></p>"
    );

    // Without script pauses, or with scripting off, scripts do not pause.
    let mut parser = Parser::new(ParseOptions::default()).unwrap();
    assert_eq!(parser.feed_str("<script>1</script><p>"), Ok(Step::Ready));
    let mut parser = Parser::with_script_pauses(ParseOptions {
        scripting: false,
        ..ParseOptions::default()
    })
    .unwrap();
    assert_eq!(parser.feed_str("<script>1</script><p>"), Ok(Step::Ready));
    // An SVG script pauses too.
    let mut parser = Parser::with_script_pauses(ParseOptions::default()).unwrap();
    assert_eq!(
        parser.feed_str("<svg><script>x</script><circle/>"),
        Ok(Step::Script)
    );
    assert_eq!(parser.script().unwrap().text_content(), "x");
}

/// Feeds a fragment parser for `context` the text in chunks of about the given sizes (cycled),
/// as text or as UTF-8 bytes (split inside characters too), with an empty chunk after each.
fn stream_fragment(
    text: &str,
    context: &str,
    opts: &ParseOptions,
    sizes: &[usize],
    as_bytes: bool,
) -> Document {
    let mut parser = Parser::fragment(context, opts.clone()).expect("a valid context");
    let mut rest = text.as_bytes();
    let mut i = 0;
    while !rest.is_empty() {
        let mut cut = sizes
            .get(i % sizes.len().max(1))
            .copied()
            .unwrap_or(rest.len());
        cut = cut.clamp(1, rest.len());
        if !as_bytes {
            while !text.is_char_boundary(text.len() - rest.len() + cut) {
                cut += 1;
            }
        }
        let (chunk, tail) = rest.split_at(cut);
        let step = if as_bytes {
            parser.feed(chunk)
        } else {
            parser.feed_str(std::str::from_utf8(chunk).expect("cut at a boundary"))
        };
        assert_eq!(step, Ok(Step::Ready), "a fragment parser never pauses");
        let empty = if as_bytes {
            parser.feed(b"")
        } else {
            parser.feed_str("")
        };
        assert_eq!(empty, Ok(Step::Ready));
        rest = tail;
        i += 1;
    }
    parser.finish()
}

/// The contexts the fragment tests use: the body, a table row, RCDATA, raw text, script
/// data, foreign content, a template and a select.
const CONTEXTS: [&str; 8] = [
    "body", "tr", "textarea", "style", "script", "svg", "template", "select",
];

#[test]
fn every_corpus_page_streams_as_a_fragment_like_parse_fragment() {
    let mut sizes = Sizes(0x2545_F491_4F6C_DD1D);
    let opts = options(true);
    for (name, bytes) in corpus() {
        let text = String::from_utf8_lossy(&bytes);
        for context in CONTEXTS {
            let whole = kauri::parse_fragment(&text, context, &opts).expect("a valid context");
            let expected = whole.to_json_with(true, true);
            let chunks = sizes.for_input(text.len());
            for as_bytes in [false, true] {
                let streamed = stream_fragment(&text, context, &opts, &chunks, as_bytes);
                // Bytes are decoded as a byte stream is: a byte order mark is removed.
                let expected = match text.strip_prefix('\u{feff}') {
                    Some(rest) if as_bytes => kauri::parse_fragment(rest, context, &opts)
                        .expect("a valid context")
                        .to_json_with(true, true),
                    _ => expected.clone(),
                };
                assert!(
                    streamed.to_json_with(true, true) == expected,
                    "{name} in {context} (bytes: {as_bytes}): {:?}",
                    &chunks[..chunks.len().min(8)]
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any tree-construction fragment case, streamed in any chunks, as text and as bytes.
    #[test]
    fn tree_construction_fragments_stream_in_any_chunks(
        pick in any::<prop::sample::Index>(),
        sizes in prop::collection::vec(1usize..24, 1..12),
    ) {
        let cases = fragment_cases_cached();
        let (data, context, scripting) = &cases[pick.index(cases.len())];
        let opts = options(*scripting);
        let whole = kauri::parse_fragment(data, context, &opts).expect("a valid context");
        for as_bytes in [false, true] {
            let streamed = stream_fragment(data, context, &opts, &sizes, as_bytes);
            prop_assert!(streamed.to_json_with(true, true) == whole.to_json_with(true, true), "{data:?} in {context} {sizes:?}");
        }
    }
}

/// The fragment cases of [`tree_construction_cases`]: data, context, scripting flag.
fn fragment_cases_cached() -> &'static [(String, String, bool)] {
    static CASES: std::sync::OnceLock<Vec<(String, String, bool)>> = std::sync::OnceLock::new();
    CASES.get_or_init(|| {
        let cases: Vec<(String, String, bool)> = tree_construction_cases()
            .into_iter()
            .filter_map(|(data, fragment, scripting)| Some((data, fragment?, scripting)))
            .collect();
        assert!(cases.len() >= 100, "only {} fragment cases", cases.len());
        cases
    })
}

/// Empty chunks are accepted anywhere, for bytes and for text, and change nothing.
#[test]
fn empty_chunks_are_accepted() {
    let html = "<!DOCTYPE html><title>caf\u{e9}</title><p>a<script>s</script>b";
    for pauses in [false, true] {
        let mut bytes = parser(&options(true), pauses);
        let mut text = parser(&options(true), pauses);
        for piece in [
            "",
            "<!DOCTYPE html><title>caf",
            "",
            "\u{e9}</title><p>a",
            "<script>s</script>b",
            "",
        ] {
            assert!(bytes.feed(piece.as_bytes()).is_ok());
            assert!(bytes.feed(b"").is_ok());
            assert!(text.feed_str(piece).is_ok());
            assert!(text.feed_str("").is_ok());
        }
        let whole = kauri::parse_bytes_with_options(html.as_bytes(), &options(true)).unwrap();
        assert!(outcome(&bytes.finish()) == outcome(&whole));
        let whole = kauri::parse_with_options(html, &options(true));
        assert!(outcome(&text.finish()) == outcome(&whole));
    }
    // Nothing but empty chunks: an empty document.
    let mut parser = Parser::new(ParseOptions::default()).unwrap();
    assert_eq!(parser.feed(b""), Ok(Step::Ready));
    assert_eq!(parser.end(), Ok(Step::Ready));
    assert_eq!(
        parser.finish().to_test_tree(),
        kauri::parse("").to_test_tree()
    );
}

/// The documented loop with the default options: every step is `Ready`, whatever the input
/// holds, and the tree is the whole-input parse's.
#[test]
fn the_default_parser_never_pauses() {
    let html = "<p>1<script>a()</script><svg><script>b()</script></svg><noscript><p>x</noscript>";
    let mut parser = Parser::new(ParseOptions::default()).unwrap();
    for byte in html.as_bytes() {
        assert_eq!(parser.feed(std::slice::from_ref(byte)), Ok(Step::Ready));
    }
    assert_eq!(parser.end(), Ok(Step::Ready));
    assert_eq!(parser.script_nesting_level(), 0);
    assert!(parser.script().is_none());
    let doc = parser.finish();
    assert_eq!(
        doc.to_test_tree(),
        kauri::parse_bytes(html.as_bytes()).to_test_tree()
    );
}

/// Input fed while paused waits, and is parsed when the script is resumed; a resumed parser
/// parses what came meanwhile.
#[test]
fn input_fed_while_paused_is_parsed_at_resume() {
    let mut parser = Parser::with_script_pauses(ParseOptions::default()).unwrap();
    assert_eq!(parser.feed_str("<p>a<script>s</script>"), Ok(Step::Script));
    for _ in 0..1000 {
        assert_eq!(parser.feed_str("<i>x</i>"), Ok(Step::Script));
    }
    assert_eq!(parser.root().select_str("i").unwrap().count(), 0);
    assert_eq!(parser.feed_str("<script>t</script><b>"), Ok(Step::Script));
    assert_eq!(parser.resume(), Ok(Step::Script));
    assert_eq!(parser.root().select_str("i").unwrap().count(), 1000);
    assert_eq!(parser.script().unwrap().text_content(), "t");
    assert_eq!(parser.resume(), Ok(Step::Ready));
    assert_eq!(parser.resume(), Err(StreamError::NotPaused));
    assert_eq!(parser.finish().select_str("b").unwrap().count(), 1);
}

/// A panic out of a call (here from the closure given to `edit`, as a script's DOM code
/// might) poisons the parser: every later call is refused with `Poisoned`, none panics, and
/// `finish` returns the tree as it was.
#[test]
fn a_panic_poisons_the_parser() {
    let mut parser = Parser::with_script_pauses(ParseOptions::default()).unwrap();
    assert_eq!(parser.feed_str("<p>a<script>s</script>b"), Ok(Step::Script));
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        parser.edit(|_| panic!("the script's DOM code failed"))
    }));
    assert!(caught.is_err());
    assert_eq!(parser.feed(b"x"), Err(StreamError::Poisoned));
    assert_eq!(parser.feed_str("x"), Err(StreamError::Poisoned));
    assert_eq!(parser.document_write("x"), Err(StreamError::Poisoned));
    assert_eq!(parser.document_writeln("x"), Err(StreamError::Poisoned));
    assert_eq!(parser.resume(), Err(StreamError::Poisoned));
    assert_eq!(parser.end(), Err(StreamError::Poisoned));
    assert_eq!(parser.edit(|_| 1), Err(StreamError::Poisoned));
    assert!(StreamError::Poisoned
        .to_string()
        .contains("start a new one"));
    // The readers still read the tree as the panic left it.
    parser.document_close();
    assert_eq!(
        parser.script().map(|s| s.text_content()).as_deref(),
        Some("s")
    );
    assert_eq!(parser.script_nesting_level(), 1);
    assert_eq!(parser.encoding(), Some("UTF-8"));
    assert_eq!(parser.root().text_content(), "as");
    let doc = parser.finish();
    assert_eq!(
        doc.body().unwrap().inner_html(),
        "<p>a<script>s</script></p>"
    );

    // A panic before any input: finish gives an empty document.
    let mut parser = Parser::new(ParseOptions::default()).unwrap();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        parser.edit(|_| panic!("boom"))
    }));
    assert!(caught.is_err());
    assert_eq!(parser.feed(b"<p>"), Err(StreamError::Poisoned));
    assert!(parser.finish().root().first_child().is_none());
}

/// `Parser: Send` (checked when this compiles): a parser can move to another thread between
/// chunks, as an async task holding it across an `.await` does.
#[test]
fn a_parser_moves_between_threads() {
    fn assert_send<T: Send>() {}
    assert_send::<Parser>();
    let mut parser = Parser::new(ParseOptions::default()).unwrap();
    parser.feed(b"<p>one").unwrap();
    let mut parser = std::thread::spawn(move || {
        parser.feed(b"<p>two").unwrap();
        parser
    })
    .join()
    .unwrap();
    parser.feed(b"<p>three").unwrap();
    assert_eq!(
        parser.finish().body().unwrap().text_content(),
        "onetwothree"
    );
}

/// A parser that pauses at scripts and is resumed at each one, over unlabelled bytes whose
/// guess changes once the non-ASCII text arrives: the parse starts over (with its pauses
/// again) and ends with the whole-input tree.
#[test]
fn a_settled_guess_restarts_a_pausing_parser() {
    let mut bytes = format!(
        "<title>t</title><script>a()</script>{}",
        "ascii ".repeat(300)
    )
    .into_bytes();
    for _ in 0..300 {
        bytes.extend_from_slice(b"<p>\xcf\xf0\xe8\xe2\xe5\xf2<script>b()</script>");
    }
    let opts = options(true);
    let whole = kauri::parse_bytes_with_options(&bytes, &opts).unwrap();
    assert_eq!(whole.encoding(), "windows-1251");
    for size in [1, 700, 5000] {
        let mut parser = Parser::with_script_pauses(opts.clone()).unwrap();
        let mut pauses = 0;
        for chunk in bytes.chunks(size) {
            let mut step = parser.feed(chunk).unwrap();
            while step == Step::Script {
                pauses += 1;
                step = parser.resume().unwrap();
            }
        }
        let mut step = parser.end().unwrap();
        while step == Step::Script {
            pauses += 1;
            step = parser.resume().unwrap();
        }
        // 301 scripts; with 1-byte chunks the provisional windows-1252 parse paused at all
        // of them before the end settled the guess, and the second parse paused again.
        assert!(pauses >= 301, "{size}: {pauses} pauses");
        if size == 1 {
            assert_eq!(pauses, 602);
        }
        assert!(outcome(&parser.finish()) == outcome(&whole), "{size}");
    }
}
