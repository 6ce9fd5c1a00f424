//! Focused tests of the tokenizer: spans, sink-driven state switches, CDATA in foreign content,
//! duplicate attributes at scale, and chunking independence (also over the shared corpus when
//! it is present).

use kauri_tokenizer::{
    line_col, ErrorCode, ParseError, Span, State, TagKind, TextState, Token, TokenSink,
    TokenSinkResult, Tokenizer, TokenizerOptions,
};

/// Records tokens as strings (characters coalesced), spans and errors.
#[derive(Default)]
struct Recorder {
    tokens: Vec<String>,
    spans: Vec<(String, Span)>,
    chars: String,
    errors: Vec<ParseError>,
    foreign: bool,
    switch_on_style: bool,
}

impl Recorder {
    fn flush(&mut self) {
        if !self.chars.is_empty() {
            self.tokens
                .push(format!("chars {:?}", std::mem::take(&mut self.chars)));
        }
    }
}

impl TokenSink for Recorder {
    fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult {
        let mut result = TokenSinkResult::Continue;
        let text = match &token {
            Token::Characters(s) => {
                assert!(!s.is_empty(), "empty Characters token");
                assert!(!s.contains('\0'), "NUL inside Characters");
                self.chars.push_str(s);
                format!("chars {s:?}")
            }
            Token::NullCharacter => {
                self.chars.push('\0');
                "null".to_string()
            }
            other => {
                self.flush();
                let t = match other {
                    Token::Tag(tag) => {
                        if tag.kind == TagKind::StartTag
                            && &*tag.name == "style"
                            && self.switch_on_style
                        {
                            result = TokenSinkResult::SwitchTo(TextState::Rawtext);
                        }
                        let attrs: Vec<String> = tag
                            .attrs
                            .iter()
                            .map(|a| format!("{}={:?}", &*a.name.local, a.value))
                            .collect();
                        format!(
                            "{:?} {} [{}]{}",
                            tag.kind,
                            &*tag.name,
                            attrs.join(" "),
                            if tag.self_closing { " /" } else { "" }
                        )
                    }
                    Token::Comment(c) => format!("comment {c:?}"),
                    Token::Doctype(d) => format!("doctype {d:?}"),
                    Token::ProcessingInstruction { target, data } => {
                        format!("pi {target:?} {data:?}")
                    }
                    Token::Eof => "eof".to_string(),
                    _ => unreachable!(),
                };
                self.tokens.push(t.clone());
                t
            }
        };
        self.spans.push((text, span));
        result
    }

    fn parse_error(&mut self, error: ParseError) {
        self.errors.push(error);
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.foreign
    }
}

fn run_with(input: &str, chunks: &[usize], sink: Recorder) -> Recorder {
    let mut t = Tokenizer::new(sink, TokenizerOptions::default());
    if chunks.is_empty() {
        t.feed(input).unwrap();
    } else {
        let mut rest = input;
        let mut i = 0;
        while !rest.is_empty() {
            let n = chunks[i % chunks.len()].max(1);
            i += 1;
            let cut = rest.char_indices().nth(n).map_or(rest.len(), |(b, _)| b);
            t.feed(&rest[..cut]).unwrap();
            rest = &rest[cut..];
        }
    }
    t.end().unwrap();
    t.into_sink()
}

fn run(input: &str) -> Recorder {
    run_with(input, &[], Recorder::default())
}

#[test]
fn spans_cover_the_tokens() {
    let input = "<p class=x>a&amp;b</p><!--c--><!DOCTYPE html><?pi d?>";
    let r = run(input);
    let spans: Vec<(&str, &str)> = r
        .spans
        .iter()
        .map(|(t, s)| (t.as_str(), &input[s.start..s.end]))
        .collect();
    assert_eq!(
        spans,
        vec![
            ("StartTag p [class=\"x\"]", "<p class=x>"),
            ("chars \"a&b\"", "a&amp;b"),
            ("EndTag p []", "</p>"),
            ("comment \"c\"", "<!--c-->"),
            (
                "doctype Doctype { name: Some(\"html\"), public_id: None, system_id: None, force_quirks: false }",
                "<!DOCTYPE html>"
            ),
            ("pi \"pi\" \"d\"", "<?pi d?>"),
            ("eof", ""),
        ]
    );
    assert_eq!(
        r.spans.last().unwrap().1,
        Span::new(input.len(), input.len())
    );
}

#[test]
fn text_is_passed_as_one_slice_when_unchanged() {
    let r = run("hello <b>world</b> and more text");
    let chars: Vec<&String> = r
        .spans
        .iter()
        .map(|(t, _)| t)
        .filter(|t| t.starts_with("chars"))
        .collect();
    assert_eq!(
        chars,
        vec![
            "chars \"hello \"",
            "chars \"world\"",
            "chars \" and more text\""
        ]
    );
}

#[test]
fn newlines_are_normalized_even_split_across_chunks() {
    let input = "a\r\nb\rc\r\n\r\nd<p title='x\r\ny'>";
    let whole = run(input);
    assert_eq!(
        whole.tokens,
        vec![
            "chars \"a\\nb\\nc\\n\\nd\"".to_string(),
            "StartTag p [title=\"x\\ny\"]".to_string(),
            "eof".to_string()
        ]
    );
    for chunk in 1..5 {
        let r = run_with(input, &[chunk], Recorder::default());
        assert_eq!(r.tokens, whole.tokens, "chunk size {chunk}");
    }
}

#[test]
fn sink_switches_to_rawtext() {
    let sink = Recorder {
        switch_on_style: true,
        ..Recorder::default()
    };
    let r = run_with("<style><b>x</b></style><b>", &[], sink);
    assert_eq!(
        r.tokens,
        vec![
            "StartTag style []",
            "chars \"<b>x</b>\"",
            "EndTag style []",
            "StartTag b []",
            "eof"
        ]
    );
}

#[test]
fn cdata_only_in_foreign_content() {
    let html = run("<![CDATA[x]]>");
    assert_eq!(html.tokens, vec!["comment \"[CDATA[x]]\"", "eof"]);
    assert_eq!(html.errors[0].code.as_str(), "cdata-in-html-content");
    let foreign = run_with(
        "<![CDATA[a\0]]]>",
        &[],
        Recorder {
            foreign: true,
            ..Recorder::default()
        },
    );
    assert_eq!(foreign.tokens, vec!["chars \"a\\0]\"", "eof"]);
    assert!(foreign.errors.is_empty());
}

#[test]
fn null_in_data_is_its_own_token() {
    let r = run("a\0b");
    let kinds: Vec<&str> = r.spans.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(kinds, vec!["chars \"a\"", "null", "chars \"b\"", "eof"]);
    assert_eq!(r.errors[0].code.as_str(), "unexpected-null-character");
    assert_eq!(
        (r.errors[0].line, r.errors[0].col, r.errors[0].offset),
        (1, 2, 1)
    );
}

#[test]
fn initial_state_and_last_start_tag() {
    let opts = TokenizerOptions {
        initial_state: State::Rcdata,
        last_start_tag: Some("title".into()),
        max_attributes: None,
        errors: true,
    };
    let mut t = Tokenizer::new(Recorder::default(), opts);
    t.feed("a<b>&lt;</titlex></title>c").unwrap();
    t.end().unwrap();
    assert_eq!(
        t.sink().tokens,
        vec![
            "chars \"a<b><</titlex>\"",
            "EndTag title []",
            "chars \"c\"",
            "eof"
        ]
    );
}

/// A tag with 50,000 attributes, each name twice: every second one is a duplicate, found
/// through the name set (the list is past the pair-by-pair scan). Untimed: a pair-by-pair
/// check would still pass here (50,000 names take seconds that way in release, not minutes),
/// so the time is the benchmarks' to bound: the `attributes` and `attributes-long` families of
/// `cargo bench -p kauri --bench scaling_check` (each doubling of the input at most x2.3).
#[test]
fn duplicate_attributes_of_a_long_list() {
    // Miri runs 100 (the same paths: the name set, two growths of it, the duplicate check).
    let n = if cfg!(miri) { 100 } else { 50_000 };
    let mut input = String::from("<div");
    for i in 0..n {
        input.push_str(&format!(" a{i}=1"));
    }
    for i in 0..n {
        input.push_str(&format!(" a{i}=2"));
    }
    input.push('>');
    let r = run(&input);
    assert_eq!(r.errors.len(), n);
    assert!(r
        .errors
        .iter()
        .all(|e| e.code == ErrorCode::DuplicateAttribute));
    assert!(r.tokens[0].starts_with("StartTag div [a0=\"1\" a1=\"1\""));
    assert_eq!(r.tokens[0].matches('=').count(), n);
}

#[test]
fn character_references() {
    let r = run("&notit; &notin; &amp &ampx &#x110000; &#128; &#0; &#xD800; &zz; <a b='&ampx=' c='&amp;x' d=&lt>");
    assert_eq!(
        r.tokens[0],
        "chars \"¬it; ∉ & &x \u{fffd} € \u{fffd} \u{fffd} &zz; \""
    );
    assert_eq!(r.tokens[1], "StartTag a [b=\"&ampx=\" c=\"&x\" d=\"<\"]");
    let codes: Vec<&str> = r.errors.iter().map(|e| e.code.as_str()).collect();
    assert_eq!(
        codes,
        vec![
            "missing-semicolon-after-character-reference",
            "missing-semicolon-after-character-reference",
            "missing-semicolon-after-character-reference",
            "character-reference-outside-unicode-range",
            "control-character-reference",
            "null-character-reference",
            "surrogate-character-reference",
            "unknown-named-character-reference",
            "missing-semicolon-after-character-reference",
        ]
    );
}

#[test]
fn processing_instructions() {
    let r = run("<?xml-stylesheet x><?php echo ?><?a?b?><?1><?x");
    assert_eq!(
        r.tokens,
        vec![
            "comment \"?xml-stylesheet x\"",
            "pi \"php\" \"echo \"",
            "pi \"a\" \"?b\"",
            "comment \"?1\"",
            "eof"
        ]
    );
}

/// Byte soup does not panic, whatever the chunking.
#[test]
fn arbitrary_input_never_panics() {
    let pieces = [
        "<",
        ">",
        "/",
        "!",
        "-",
        "--",
        "?",
        "&",
        "#",
        "x",
        ";",
        "\r",
        "\n",
        "\0",
        "'",
        "\"",
        "=",
        "a",
        "A",
        "amp",
        "not",
        "[CDATA[",
        "]]",
        "DOCTYPE",
        "PUBLIC",
        "SYSTEM",
        "script",
        " ",
        "\u{1F600}",
        "\u{FFFF}",
        "\x01",
        "<!--",
        "</",
        "<?",
        "é",
        // Tag shapes for the ordinary tag path (whole input) against the states (chunked).
        "`",
        "\t",
        "\x0C",
        "<a ",
        "</a ",
        "<Di\u{e9}V",
        "ID",
        "cLaSs",
        "=\"v\"",
        "='v'",
        "=v",
        "/>",
        "<p a=b c d='e' F=\"g\">",
        "<aVeryLongTagName data-long-attribute-name=1>",
        "=\"a&amp;b&lt;c&notin;d&notit;\"",
        "='&quot;&#65;'",
        "&nbsp;",
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    // KAURI_FUZZ_ITERS raises the count for a longer run (e.g. in release mode).
    let iterations: usize = std::env::var("KAURI_FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(miri) { 4 } else { 300 });
    let states = [
        State::Data,
        State::Rcdata,
        State::ScriptData,
        State::CdataSection,
    ];
    for iteration in 0..iterations {
        let mut input = String::new();
        for _ in 0..40 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            input.push_str(pieces[(seed % pieces.len() as u64) as usize]);
        }
        // Under Miri, one state per input, in turn (each state once over the 4 inputs).
        let states = if cfg!(miri) {
            &states[iteration % states.len()..][..1]
        } else {
            &states[..]
        };
        for &state in states {
            let whole = {
                let mut t = Tokenizer::new(
                    Recorder::default(),
                    TokenizerOptions {
                        initial_state: state,
                        last_start_tag: Some("script".into()),
                        max_attributes: None,
                        errors: true,
                    },
                );
                t.feed(&input).unwrap();
                t.end().unwrap();
                t.into_sink()
            };
            let mut t = Tokenizer::new(
                Recorder::default(),
                TokenizerOptions {
                    initial_state: state,
                    last_start_tag: Some("script".into()),
                    max_attributes: None,
                    errors: true,
                },
            );
            for c in input.chars() {
                t.feed(c.encode_utf8(&mut [0; 4])).unwrap();
            }
            t.end().unwrap();
            let by_char = t.into_sink();
            assert_eq!(whole.tokens, by_char.tokens, "input {input:?}");
            assert_eq!(whole.errors, by_char.errors, "input {input:?}");
            let markup = |r: &Recorder| -> Vec<(String, Span)> {
                r.spans
                    .iter()
                    .filter(|(t, _)| !t.starts_with("chars") && t != "null")
                    .cloned()
                    .collect()
            };
            assert_eq!(markup(&whole), markup(&by_char), "input {input:?}");
        }
    }
}

/// Every corpus page (its first 30,000 characters, to keep debug builds quick) gives the same
/// tokens and errors whole and in chunks of varying sizes.
#[test]
fn corpus_chunking_independence() {
    let Some(dir) = kauri_testdata::corpus_or_skip("corpus_chunking_independence") else {
        return;
    };
    let mut pages = 0;
    for path in kauri_testdata::files_with_suffix(&dir, ".html") {
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let end = text
            .char_indices()
            .nth(30_000)
            .map_or(text.len(), |(i, _)| i);
        let input = &text[..end];
        let whole = run(input);
        let chunked = run_with(input, &[1, 3, 17, 64, 2, 500], Recorder::default());
        assert_eq!(whole.tokens, chunked.tokens, "{}", path.display());
        assert_eq!(whole.errors, chunked.errors, "{}", path.display());
        pages += 1;
    }
    assert!(
        pages >= 100,
        "only {pages} corpus pages in {}",
        dir.display()
    );
    println!("{pages} corpus pages tokenized whole and chunked");
}

/// Line and column count CR, LF and CR LF as one line break each, also when a CR LF pair is
/// split across chunks; columns count UTF-16 code units.
#[test]
fn error_positions_across_lines_and_chunks() {
    let input = "a\r\nb\rc\n\u{1F600}<>\r\n\r\n&#0;";
    for chunks in [&[][..], &[1], &[2], &[3, 1]] {
        let r = run_with(input, chunks, Recorder::default());
        let got: Vec<(&str, u32, u32, usize)> = r
            .errors
            .iter()
            .map(|e| (e.code.as_str(), e.line, e.col, e.offset))
            .collect();
        assert_eq!(
            got,
            vec![
                ("invalid-first-character-of-tag-name", 4, 4, 12),
                ("null-character-reference", 6, 5, 21),
            ],
            "chunks {chunks:?}"
        );
    }
}

/// Every error's line and column are those of its offset (one computation, `line_col`), for
/// any chunking: astral characters, CR LF (also split across chunks), lone CRs, errors
/// reported behind earlier ones, and long inputs the tokenizer drops as it goes.
#[test]
fn error_positions_are_those_of_their_offsets_for_any_chunking() {
    // Miri runs a shorter long line (the same buffer windows, fewer bytes fed one by one).
    let long_line = format!(
        "<p>{}</>",
        "\u{1F600}x".repeat(if cfg!(miri) { 20 } else { 300 })
    );
    let inputs = [
        "<!DOCTYPE html>\u{1F600}</>\u{1F600}</x>",
        "a\r\nb\rc\n\u{1F600}<>\r\n\r\n&#0;\r<a b='&ampx=' c=&amp d=\"\u{1}\">",
        "\r\n\r<!-- a\r\n<!-- b --!>\u{FDD0}&notit;\u{1F600}\r\n<?xml x?>\r</x y=1 />",
        "<title>\u{1F600}\r\n&#x110000;</title><script><!--\r\n\u{7F}",
        "<!DOCTYPE html PUBLIC\"a\r\nb\"'c\rd'x>\u{e9}<a =b c\"d e=f\"g h/ i>",
        long_line.as_str(),
    ];
    let chunkings: [&[usize]; 7] = [&[], &[1], &[2], &[3, 1], &[5, 1, 2], &[7], &[64, 1]];
    for (i, input) in inputs.into_iter().enumerate() {
        let whole = run(input);
        assert!(!whole.errors.is_empty(), "{input:?}");
        // Miri takes two chunkings per input, in turn (every chunking at least once; the whole
        // input, owned and lent, for every input).
        let picked = chunkings
            .iter()
            .enumerate()
            .filter(|&(k, _)| !cfg!(miri) || k == i % 7 || k == (i + 3) % 7);
        for (_, &chunks) in picked {
            let r = run_with(input, chunks, Recorder::default());
            assert_eq!(r.errors, whole.errors, "{input:?} in chunks {chunks:?}");
            for e in &r.errors {
                assert_eq!(
                    (e.line, e.col),
                    line_col(input, e.offset),
                    "{e:?} in {input:?}, chunks {chunks:?}"
                );
            }
        }
    }
}

/// A [`Recorder`] that does not want errors (and fails if it gets one anyway).
#[derive(Default)]
struct Quiet(Recorder);

impl TokenSink for Quiet {
    fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult {
        self.0.process_token(token, span)
    }
    fn parse_error(&mut self, _error: ParseError) {
        panic!("errors were not wanted");
    }
}

/// Options that ask for no errors (for [`Quiet`]).
fn no_errors() -> TokenizerOptions {
    TokenizerOptions {
        errors: false,
        ..TokenizerOptions::default()
    }
}

/// A sink that does not want errors gets the same tokens.
#[test]
fn tokens_do_not_depend_on_wanting_errors() {
    let input = "<!DOCTYPE x SYSTEM><p a=1 a=2>&amp &#0; \0\r\n<?x?><!-- a --!>";
    let mut t = Tokenizer::new(Quiet::default(), no_errors());
    t.feed(input).unwrap();
    t.end().unwrap();
    assert_eq!(t.into_sink().0.tokens, run(input).tokens);
}

/// Long attribute lists, where the duplicate check uses a set and, with errors off, is
/// deferred to the next attribute name: random tags of up to 70 attributes drawn from a pool
/// of 37 short and long names (so many repeat), with and without a limit on attributes,
/// whole and a character at a time, some cut off by the end of the input. The tokens without
/// errors equal the tokens with errors, and each tag keeps the first attribute of each name,
/// up to the limit, in source order.
#[test]
fn long_attribute_lists_are_the_same_with_and_without_errors() {
    fn tokenize<S: TokenSink>(
        sink: S,
        errors: bool,
        input: &str,
        max: Option<usize>,
        by_char: bool,
    ) -> S {
        let opts = TokenizerOptions {
            errors,
            max_attributes: max,
            ..TokenizerOptions::default()
        };
        let mut t = Tokenizer::new(sink, opts);
        if by_char {
            for c in input.chars() {
                t.feed(c.encode_utf8(&mut [0; 4])).unwrap();
            }
        } else {
            t.feed(input).unwrap();
        }
        t.end().unwrap();
        t.into_sink()
    }
    // 36 names: short ones (atoms) and long ones, some in upper case, one with a colon.
    let mut names: Vec<String> = Vec::new();
    for i in 0..12 {
        names.push(format!("a{i}"));
        names.push(format!("data-long-name-{i}"));
        names.push(if i % 2 == 0 {
            format!("X{i}")
        } else {
            format!("ARIA-LABEL-{i}")
        });
    }
    names.push("xlink:href".to_string());
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    // (Under Miri, which runs this for the prefetch in the name set: one round, fed whole,
    // without a limit, so every list past 12 attributes uses the set; about 1,000x slower
    // there.)
    let rounds = if cfg!(miri) { 1 } else { 200 };
    for round in 0..rounds {
        let mut input = String::new();
        let mut expected = Vec::new();
        for tag in 0..3 {
            let count = 10 + next(61);
            let mut attrs: Vec<(String, String)> = Vec::new();
            input.push_str("<p");
            for i in 0..count {
                let name = names[next(names.len())].as_str();
                let value = format!("v{tag}-{i}");
                input.push_str(&match next(4) {
                    0 => format!(" {name}={value}"),
                    1 => format!(" {name}=\"{value}\""),
                    2 => format!("\t{name} = '{value}'"),
                    _ => format!(" {name}"),
                });
                let value = if input.ends_with(name) {
                    String::new()
                } else {
                    value
                };
                attrs.push((name.to_ascii_lowercase(), value));
            }
            let cut = round % 7 == 1 && tag == 2;
            if !cut {
                input.push_str(if next(2) == 0 { ">" } else { " />" });
            }
            expected.push((attrs, cut));
        }
        let limits: &[Option<usize>] = if cfg!(miri) {
            &[None]
        } else {
            &[None, Some(3), Some(11), Some(12), Some(13), Some(20)]
        };
        for &max in limits {
            let model: Vec<Vec<String>> = expected
                .iter()
                .filter(|(_, cut)| !cut)
                .map(|(attrs, _)| {
                    let mut kept: Vec<&(String, String)> = Vec::new();
                    for a in attrs {
                        if !kept.iter().any(|k| k.0 == a.0) && max.is_none_or(|m| kept.len() < m) {
                            kept.push(a);
                        }
                    }
                    kept.iter().map(|(n, v)| format!("{n}={v:?}")).collect()
                })
                .collect();
            for by_char in [false, true] {
                if by_char && cfg!(miri) {
                    continue;
                }
                let loud = tokenize(Recorder::default(), true, &input, max, by_char);
                let quiet = tokenize(Quiet(Recorder::default()), false, &input, max, by_char).0;
                assert_eq!(quiet.tokens, loud.tokens, "input {input:?} max {max:?}");
                let tags: Vec<&String> = loud
                    .tokens
                    .iter()
                    .filter(|t| t.starts_with("StartTag"))
                    .collect();
                assert_eq!(tags.len(), model.len(), "input {input:?}");
                for (tag, attrs) in tags.iter().zip(&model) {
                    assert!(
                        tag.contains(&format!("[{}]", attrs.join(" "))),
                        "{tag} {attrs:?}"
                    );
                }
            }
        }
    }
}

/// `feed_string` gives what `feed` gives, also mixed with `feed`.
#[test]
fn feed_string_matches_feed() {
    let input = "<p a=b>x&amp;y\r\n</p><!--c-->";
    let mut t = Tokenizer::new(Recorder::default(), TokenizerOptions::default());
    t.feed_string(input[..9].to_string()).unwrap();
    t.feed(&input[9..14]).unwrap();
    t.feed_string(input[14..].to_string()).unwrap();
    t.end().unwrap();
    let r = t.into_sink();
    let whole = run(input);
    assert_eq!(r.tokens, whole.tokens);
    assert_eq!(r.errors, whole.errors);
}

/// A whole chunk is tokenized in place (not copied); when the sink panics in the middle of such
/// a `feed`, the tokenizer must not touch that chunk again: later calls are refused
/// (`tests/sink_panics.rs` panics at every callback).
#[test]
fn panic_in_sink_leaves_a_stopped_tokenizer() {
    struct PanicOnTag(usize);
    impl TokenSink for PanicOnTag {
        fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
            self.0 += 1;
            if matches!(token, Token::Tag(_)) {
                panic!("sink failure");
            }
            TokenSinkResult::Continue
        }
    }
    let mut tokenizer = Tokenizer::new(PanicOnTag(0), TokenizerOptions::default());
    let chunk = String::from("text <b>bold</b> more");
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| tokenizer.feed(&chunk)));
    assert!(result.is_err());
    drop(chunk);
    let seen = tokenizer.sink().0;
    assert_eq!(
        tokenizer.feed("<i>x</i>"),
        Err(kauri_tokenizer::TokenizerError::SinkPanicked)
    );
    assert_eq!(
        tokenizer.end(),
        Err(kauri_tokenizer::TokenizerError::SinkPanicked)
    );
    assert_eq!(tokenizer.sink().0, seen);
}
