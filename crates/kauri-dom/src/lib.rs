//! Kauri's arena DOM.
//!
//! Nodes live in a [typed arena](Arena) and link to each other with `Cell`s (parent, first and
//! last child, previous and next sibling), so appending, inserting and detaching are O(1) and a
//! node never owns its children: dropping, walking and dumping a tree of any depth use constant
//! stack.
//!
//! * [`DomSink`] is the tree builder's [`TreeSink`](kauri_tree_builder::TreeSink): text merging,
//!   template contents, parse errors, source ranges, and the `selectedcontent` hooks.
//! * [`Node`] is the read-only node API: [`NodeData`] for what a node is, and iterators for
//!   [children](Node::children), [descendants](Node::descendants),
//!   [ancestors](Node::ancestors), [siblings](Node::following_siblings) and
//!   [start/end walks](Node::traverse).
//! * [`Document`] owns a whole tree (and its arena): `Send + Sync + 'static`.
//!   [`Document::edit`] edits it through an [`Editor`] whose methods are the DOM's
//!   (`set_attribute`, `append_child`, `set_inner_html`, ...), refusing with an [`EditError`]
//!   what the DOM throws for.
//! * [`parse`], [`parse_bytes`], [`parse_fragment`] and their `_with_options` / arena forms
//!   parse with [`ParseOptions`]; [`Driver`] is the one place the pipeline is put together, for
//!   them, for [`Editor::set_inner_html`], for the facade's streaming parser and for the
//!   sanitizer.
//! * [`Node::readable_text`]: the text a reader sees (no scripts, styles or head; blocks on
//!   lines of their own).
//! * [`Selector`] and [`Node::select`] / [`Document::select`]: CSS selector queries (Servo's
//!   `selectors` crate behind a Kauri-owned API), with [`Node::get_attribute`] and
//!   [`Node::has_class`] for DOM-style checks.
//! * [`to_test_tree`] and [`to_json`] dump a tree in the html5lib test format and the CLI's JSON;
//!   [`serialize`] writes HTML ([`Node::inner_html`], [`Node::outer_html`]).
//!
//! Two ways to hold a tree: comrak-style, with an arena you own
//! (`kauri::parse_document(&arena, ...)` gives `&'a Node<'a>`), or an owned [`Document`]
//! (`kauri::parse(...)`).
#![warn(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

mod attrs;
mod clone;
mod document;
mod dump;
mod edit;
mod edit_data;
mod in_progress;
mod node;
mod node_chunks;
mod parse;
mod pi_data;
mod query;
mod readable;
mod recycle;
mod selectedcontent;
pub mod serialize;
mod shadow;
mod sink;
mod store;
mod traverse;

#[cfg(test)]
mod test_support;

pub use attrs::Attributes;
pub use document::Document;
pub use dump::{
    json_attributes, json_string, to_json, to_test_tree, write_json, write_test_tree, JsonOptions,
};
pub use edit::{EditError, Editor};
pub use in_progress::{DocumentInProgress, Pipeline};
pub use node::ShadowRoot;
pub use node::{
    Arena, Comment, Doctype, DocumentData, Element, Node, NodeData, NodeKind,
    ProcessingInstruction, Text,
};
pub use parse::{
    parse, parse_bytes, parse_bytes_with_options, parse_document, parse_document_bytes,
    parse_document_bytes_with_text, parse_document_owned_bytes, parse_fragment, parse_fragment_for,
    parse_fragment_in, parse_owned_bytes, parse_with_options, ContextError, DecodedParse,
    DomSinkFilter, Driver, FragmentContext, ParseOptions,
};
pub use query::{Select, Selector, SelectorError};
pub use shadow::ShadowIncludingDescendants;
pub use sink::{DomSink, NodeHandle, Parsed, UnclosedElement};
pub use traverse::{Ancestors, Children, Descendants, Edge, ElementsByTagName, Siblings, Traverse};

pub use kauri_encoding::{Encoding, UnknownLabel};
pub use kauri_tokenizer::{
    AttrName, AttrNamespace, Attribute, DistinctAttrs, ErrorCode, LocalName, Namespace, ParseError,
    QualName, Span,
};
pub use kauri_tree_builder::{QuirksMode, ShadowRootMode, SlotAssignmentMode};
