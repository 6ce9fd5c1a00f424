//! The bodies of Kauri's fuzz targets (see docs/robustness.md). Each target's body is a function
//! in [`targets`]; `fuzz/fuzz_targets/*.rs` only hand libFuzzer's input to it, and this crate's
//! `tests/regressions.rs` replays saved inputs through the same functions on the stable
//! toolchain. [`round_trip`] is the one round-trip classifier (the fuzz target, the property
//! tests and the corpus/suite round-trip test use it).

pub mod panics;
pub mod round_trip;
pub mod targets;
pub mod tokens;

use kauri_dom::{Document, DomSink};
use kauri_tokenizer::{Tokenizer, TokenizerOptions};
use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};

/// Walks every node (descendants), dumps, serializes, selects: everything a caller does with a
/// tree, so a panic anywhere in the DOM shows up. A document's `select` (which reads its list of
/// elements) must find what a walk of the tree from its root finds, in the same order.
pub fn exercise(doc: &Document) {
    let count = doc.root().descendants().count();
    let dump = doc.to_test_tree();
    let html = doc.to_html();
    std::hint::black_box((count, dump, html));
    for selector in selectors() {
        let walked: Vec<_> = doc.root().select(selector).map(|n| n as *const _).collect();
        let listed: Vec<_> = doc.select(selector).map(|n| n as *const _).collect();
        assert_eq!(listed, walked, "{selector}");
    }
}

/// The selectors [`exercise`] runs: every element, type selectors with combinators, an
/// attribute test, a structural pseudo-class, foreign names.
fn selectors() -> &'static [kauri_dom::Selector] {
    static SELECTORS: std::sync::OnceLock<Vec<kauri_dom::Selector>> = std::sync::OnceLock::new();
    SELECTORS.get_or_init(|| {
        [
            "*",
            "div p",
            "a[href]",
            "li:nth-child(2n+1)",
            ":not(div) > span, svg *, clipPath",
        ]
        .iter()
        .map(|css| kauri_dom::Selector::parse(css).expect("a valid selector"))
        .collect()
    })
}

/// Parses a document fed to the tokenizer in the given pieces (the tree builder behind it, as
/// `kauri::parse` does with one piece).
pub fn parse_document_pieces(pieces: &[&str], scripting: bool) -> Document {
    Document::build(|arena| {
        let sink = DomSink::new(arena);
        let builder = TreeBuilder::new(
            sink,
            TreeBuilderOptions {
                scripting,
                ..TreeBuilderOptions::default()
            },
        );
        let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
        for piece in pieces {
            let _ = tokenizer.feed(piece);
        }
        let _ = tokenizer.end();
        tokenizer.into_sink().into_sink().finish()
    })
    .with_scripting(scripting)
}
