//! Small trees for documentation examples and tests (not part of the stable API).

use kauri_tokenizer::{AttrName, Attribute, LocalName, QualName};
use kauri_tree_builder::{NodeOrText, TreeSink};

use crate::{Arena, DomSink, Parsed};

fn leaked_arena() -> &'static Arena<'static> {
    Box::leak(Box::new(Arena::new()))
}

/// A document holding one HTML element with this name.
pub fn one_element(name: &str) -> Parsed<'static> {
    let mut sink = DomSink::new(leaked_arena());
    let doc = sink.document();
    let el = sink.create_element(QualName::html(LocalName::from(name)), vec![]);
    sink.append(&doc, NodeOrText::Node(el));
    sink.finish()
}

/// A document holding one HTML element with one attribute.
pub fn one_element_with_attr(name: &str, attr: &str, value: &str) -> Parsed<'static> {
    let mut sink = DomSink::new(leaked_arena());
    let doc = sink.document();
    let attrs = vec![Attribute {
        name: AttrName::new(LocalName::from(attr)),
        value: value.to_owned(),
    }];
    let el = sink.create_element(QualName::html(LocalName::from(name)), attrs);
    sink.append(&doc, NodeOrText::Node(el));
    sink.finish()
}

/// A document holding `<ul>` with one `<li>` per item.
pub fn list(items: &[&str]) -> Parsed<'static> {
    list_in(leaked_arena(), items)
}

/// [`list`] in the given arena.
pub fn list_in<'a>(arena: &'a Arena<'a>, items: &[&str]) -> Parsed<'a> {
    let mut sink = DomSink::new(arena);
    let doc = sink.document();
    let ul = sink.create_element(QualName::html(LocalName::from("ul")), vec![]);
    sink.append(&doc, NodeOrText::Node(ul));
    for item in items {
        let li = sink.create_element(QualName::html(LocalName::from("li")), vec![]);
        sink.append(&ul, NodeOrText::Node(li));
        sink.append(&li, NodeOrText::Text(item));
    }
    sink.finish()
}

/// Parses `html` as a document into `arena` (the tokenizer and tree builder with default
/// options, as `kauri::parse_document` does), for examples in this crate.
pub fn parse_in<'a>(arena: &'a Arena<'a>, html: &str) -> Parsed<'a> {
    use kauri_tokenizer::{Tokenizer, TokenizerOptions};
    use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};
    let builder = TreeBuilder::new(DomSink::new(arena), TreeBuilderOptions::default());
    let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
    tokenizer.feed(html);
    tokenizer.end();
    tokenizer.into_sink().into_sink().finish()
}

/// [`parse_in`] into an owned [`Document`](crate::Document).
pub fn parse_document(html: &str) -> crate::Document {
    crate::Document::build(|arena| parse_in(arena, html))
}
