//! Parsing for this crate's unit tests (the tokenizer and tree builder into a [`DomSink`], as
//! `kauri::parse` does).

use kauri_tokenizer::{Tokenizer, TokenizerOptions};
use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};

use crate::{Arena, DomSink, Parsed};

/// Parses `html` as a document into `arena` with default options.
pub(crate) fn parse_in<'a>(arena: &'a Arena<'a>, html: &str) -> Parsed<'a> {
    let builder = TreeBuilder::new(DomSink::new(arena), TreeBuilderOptions::default());
    let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
    tokenizer.feed(html).unwrap();
    tokenizer.end().unwrap();
    tokenizer.into_sink().into_sink().finish()
}

/// [`parse_in`] into an owned [`Document`](crate::Document).
pub(crate) fn parse_document(html: &str) -> crate::Document {
    crate::Document::build(|arena| parse_in(arena, html))
}
