//! Every parse error's line and column, tokenizer and tree construction errors alike, is the
//! position of its byte offset counted one way (CR LF, CR and LF each end a line; columns are
//! UTF-16 code units): over every page of the corpus (`$KAURI_CORPUS`, else
//! `../shared/corpus` from the workspace root, found by `kauri_testdata`), through `kauri parse --errors --locations`.
//!
//! For each page:
//! 1. the text the CLI parses is rebuilt (sniffed as the CLI sniffs, decoded again when a
//!    `<meta>` changed the encoding);
//! 2. the tokenizer and tree builder run over it without `fill_positions`, fed whole and in
//!    chunks: the tokenizer's errors carry the positions the tokenizer counted, the tree
//!    builder's have none yet;
//! 3. `kauri parse --errors --locations --format text` prints the same errors, in the same
//!    order, each at the position the tokenizer gave it or, for a tree construction error, at
//!    the position of its offset;
//! 4. every position, the tokenizer's included, equals that of a naive count over the text.

use std::path::Path;
use std::process::Command;

use kauri::{ErrorCode, ParseError, ParseOptions};
use kauri_dom::{Arena, DomSink};
use kauri_encoding::{EncodingDecision, SniffOptions};
use kauri_tokenizer::{Tokenizer, TokenizerOptions};
use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};

/// The options `kauri parse --locations` uses for a file.
fn cli_options() -> ParseOptions {
    ParseOptions {
        allow_utf8_guess: true,
        locations: true,
        errors: true,
        ..ParseOptions::default()
    }
}

/// The text the CLI parses from `bytes`: sniffed with the CLI's options, decoded again with
/// the encoding the parse ended with when a `<meta>` changed it.
fn cli_text(bytes: &[u8], encoding_used: &str) -> String {
    let sniff = SniffOptions {
        allow_utf8_guess: true,
        ..SniffOptions::default()
    };
    let decision = kauri_encoding::sniff(bytes, &sniff).expect("no override label");
    if decision.encoding.name() == encoding_used {
        kauri_encoding::decode(bytes, &decision)
    } else {
        let encoding = kauri_encoding::encoding_for_label(encoding_used).expect("a known name");
        kauri_encoding::decode(bytes, &EncodingDecision::meta_in_tree(encoding))
    }
}

/// The errors of the tokenizer and tree builder over `text` fed in pieces of about `chunk`
/// bytes (0: whole), before anyone fills in the tree construction errors' positions.
fn raw_errors(text: &str, chunk: usize) -> Vec<ParseError> {
    let arena = Arena::new();
    let sink = DomSink::new(&arena).with_spans(true);
    let builder = TreeBuilder::new(sink, TreeBuilderOptions::default());
    let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
    let mut rest = text;
    while !rest.is_empty() {
        let mut cut = if chunk == 0 {
            rest.len()
        } else {
            chunk.min(rest.len())
        };
        while !rest.is_char_boundary(cut) {
            cut += 1;
        }
        tokenizer.feed(&rest[..cut]).unwrap();
        rest = &rest[cut..];
    }
    tokenizer.end().unwrap();
    tokenizer.into_sink().into_sink().finish().errors
}

/// The line and column of each offset, counted naively over the characters of `text`.
fn naive_positions(text: &str, offsets: &[usize]) -> Vec<(u32, u32)> {
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut out = vec![(0, 0); offsets.len()];
    let mut chars = text.char_indices().peekable();
    let (mut line, mut col, mut prev_cr) = (1u32, 1u32, false);
    for i in order {
        while let Some(&(at, c)) = chars.peek() {
            if at + c.len_utf8() > offsets[i] {
                break;
            }
            match c {
                '\r' => (line, col) = (line + 1, 1),
                '\n' if !prev_cr => (line, col) = (line + 1, 1),
                '\n' => {}
                c => col += c.len_utf16() as u32,
            }
            prev_cr = c == '\r';
            chars.next();
        }
        out[i] = (line, col);
    }
    out
}

#[derive(Default)]
struct Count {
    pages: usize,
    tokenizer_errors: usize,
    tree_errors: usize,
    limit_errors: usize,
}

fn check_page(path: &Path, count: &mut Count) {
    let name = path.display();
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let doc = kauri::parse_owned_bytes(bytes.clone(), &cli_options()).expect("no override label");
    let text = cli_text(&bytes, doc.encoding());
    let raw = raw_errors(&text, 0);

    // The library and the tokenizer agree: same errors in the same order, the tokenizer's at
    // the positions it counted.
    assert_eq!(raw.len(), doc.errors().len(), "{name}: error count");
    for (r, e) in raw.iter().zip(doc.errors()) {
        assert_eq!((r.code, r.offset), (e.code, e.offset), "{name}");
        if r.line != 0 {
            assert_eq!((r.line, r.col), (e.line, e.col), "{name}: {e}");
            count.tokenizer_errors += 1;
        } else if e.code.is_limit() {
            count.limit_errors += 1;
        } else {
            count.tree_errors += 1;
        }
    }

    // Every position is the naive count's.
    let offsets: Vec<usize> = doc.errors().iter().map(|e| e.offset).collect();
    let naive = naive_positions(&text, &offsets);
    for (e, &(line, col)) in doc.errors().iter().zip(&naive) {
        assert_eq!(
            (e.line, e.col),
            (line, col),
            "{name}: {e} at byte {}",
            e.offset
        );
    }

    // The tokenizer counts the same when it holds only part of the input at a time.
    for chunk in [4096, 333] {
        for r in raw_errors(&text, chunk).iter().filter(|r| r.line != 0) {
            let naive = naive_positions(&text, &[r.offset])[0];
            assert_eq!(
                (r.line, r.col),
                naive,
                "{name}: {r:?} fed in {chunk}-byte chunks"
            );
        }
    }

    // The CLI prints those errors.
    let out = Command::new(env!("CARGO_BIN_EXE_kauri"))
        .args(["parse", "--errors", "--locations", "--format", "text"])
        .arg(path)
        .output()
        .expect("run kauri");
    assert!(out.status.success(), "{name}");
    let printed = String::from_utf8(out.stderr).expect("UTF-8 errors");
    let expected: String = doc.errors().iter().map(|e| format!("{e}\n")).collect();
    assert_eq!(printed, expected, "{name}: kauri parse --errors");
    count.pages += 1;
}

#[test]
fn every_error_on_the_corpus_is_at_its_offsets_position() {
    let Some(dir) =
        kauri_testdata::corpus_or_skip("every_error_on_the_corpus_is_at_its_offsets_position")
    else {
        return;
    };
    let pages = kauri_testdata::files_with_suffix(&dir, ".html");
    assert!(!pages.is_empty(), "no .html page in {}", dir.display());
    let mut count = Count::default();
    for page in &pages {
        check_page(page, &mut count);
    }
    eprintln!(
        "{} pages: {} tokenizer errors, {} tree construction errors, {} limit errors, all at \
         the position of their offset",
        count.pages, count.tokenizer_errors, count.tree_errors, count.limit_errors
    );
    assert_eq!(count.pages, pages.len());
    assert!(count.tokenizer_errors > 0 && count.tree_errors > 0);
}

/// The naive count itself, on the cases the module docs name.
#[test]
fn naive_count_counts_utf16_and_each_line_break_once() {
    let text = "a\r\nb\rc\n\u{1F600}x";
    assert_eq!(
        naive_positions(text, &[0, 2, 3, 5, 7, 11, 12, 99]),
        [
            (1, 1),
            (2, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (4, 3),
            (4, 4),
            (4, 4)
        ]
    );
    assert_eq!(
        ErrorCode::UnexpectedEndTag.to_string(),
        "unexpected-end-tag"
    );
}
