//! Kauri: a spec-exact, fast HTML parser.
//!
//! Kauri turns HTML (text or bytes) into a DOM exactly as the WHATWG HTML standard's parsing
//! algorithm builds it.
//!
//! ```
//! let doc = kauri::parse("<p>Hello, <b>world</b>!");
//! let p = doc.root().elements_by_tag_name("p").next().unwrap();
//! assert_eq!(p.text_content(), "Hello, world!");
//! assert_eq!(doc.to_test_tree().lines().count(), 8);
//! ```
//!
//! * [`parse`] / [`parse_with_options`]: a `&str` document.
//! * [`parse_bytes`] / [`parse_bytes_with_options`]: bytes, decoded after the standard's encoding
//!   sniffing (BOM, override, transport charset, `<meta>` pre-scan, guess, default), with the
//!   one reparse a `<meta charset>` can cause. [`parse_owned_bytes`] takes a `Vec<u8>` and
//!   needs less memory (UTF-8 bytes become the text without a copy).
//! * [`parse_fragment`]: the fragment parsing algorithm with a context element (`"td"`,
//!   `"svg path"`, `"math mi"`).
//! * [`parse_document`], [`parse_document_bytes`], [`parse_document_owned_bytes`],
//!   [`parse_fragment_in`]: the same into an arena
//!   you own (comrak-style `&'a Node<'a>` trees).
//!
//! A [`Document`] owns its nodes, is `Send + Sync + 'static`, and hands out `&Node` references
//! borrowed from it.
//!
//! Querying: [`Selector`] (CSS selectors, Servo's `selectors` crate behind Kauri's own types)
//! with [`Document::select`], [`Node::select`], [`Node::select_first`], [`Node::matches`] and
//! [`Node::closest`]; DOM-style [`Node::get_attribute`], [`Node::has_class`],
//! [`Node::text_content`], [`Node::element_by_id`], [`Node::elements_by_tag_name`], and the
//! traversals [`Node::children`], [`Node::descendants`], [`Node::ancestors`],
//! [`Node::following_siblings`] / [`Node::preceding_siblings`].
//!
//! ```
//! let doc = kauri::parse(r#"<div class=note><a href="/a">A</a></div><a href="/b">B</a>"#);
//! let selector = kauri::Selector::parse("div.note > a[href]")?;
//! let a = doc.select_first(&selector).unwrap();
//! assert_eq!((a.get_attribute("href"), a.text_content().as_str()), (Some("/a"), "A"));
//! # Ok::<(), kauri::SelectorError>(())
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod fragment;
mod options;
mod parse;
pub mod tokenize;

pub use fragment::{ContextError, FragmentContext};
pub use options::ParseOptions;
pub use parse::{
    parse, parse_bytes, parse_bytes_with_options, parse_document, parse_document_bytes,
    parse_document_owned_bytes, parse_fragment, parse_fragment_in, parse_owned_bytes,
    parse_with_options,
};

pub use kauri_dom::{
    to_json, to_test_tree, Arena, AttrName, AttrNamespace, Attributes, Doctype, Document, Edge,
    Element, JsonOptions, LocalName, Namespace, Node, NodeData, NodeKind, ParseError, Parsed,
    QualName, QuirksMode, Select, Selector, SelectorError, Span,
};
pub use kauri_encoding::{Encoding, UnknownLabel};
pub use kauri_tokenizer::{line_col, ErrorCode, LineCounter};

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
