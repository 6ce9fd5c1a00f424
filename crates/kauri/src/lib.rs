//! Kauri: a spec-exact, fast HTML parser.
//!
//! Kauri turns HTML (text or bytes) into a DOM exactly as the WHATWG HTML standard's parsing
//! algorithm builds it, and lets you query, edit and serialize it. Everything below uses this
//! crate alone.
//!
//! # Parse a page
//!
//! [`parse`] takes text, [`parse_bytes`] takes bytes and finds their encoding. Both give a
//! [`Document`]: it owns its nodes, is `Send + Sync + 'static`, and hands out [`Node`]
//! references borrowed from it. Malformed HTML is never an error: it parses as a browser would.
//!
//! ```
//! let doc = kauri::parse("<title>Hi</title><p>Hello, <b>world</b>!");
//! assert_eq!(doc.body().unwrap().text_content(), "Hello, world!");
//! assert_eq!(doc.head().unwrap().inner_html(), "<title>Hi</title>");
//! let p = doc.elements_by_tag_name("p").next().unwrap();
//! assert_eq!(p.outer_html(), "<p>Hello, <b>world</b>!</p>");
//! ```
//!
//! # Extract links and text
//!
//! [`Selector`] is a CSS selector (Servo's `selectors` crate behind Kauri's own types), for
//! [`Document::select`], [`Node::select`], [`Node::select_first`], [`Node::matches`] and
//! [`Node::closest`]. [`Node::get_attribute`] and [`Node::has_class`] are the DOM's checks;
//! [`Node::children`], [`Node::descendants`], [`Node::ancestors`] and
//! [`Node::following_siblings`] walk the tree. [`Node::text_content`] is every Text node's
//! data; [`Document::readable_text`] is the text a reader sees (no head, scripts or styles;
//! block elements on lines of their own; whitespace collapsed); [`title`] and [`links`] are the
//! page's title and link targets.
//!
//! ```
//! let html = r#"<nav><a href="/">Home</a></nav><article><h1>News</h1>
//!     <p>Read <a href="https://example.com/more">more</a>.<script>track()</script></p></article>"#;
//! let doc = kauri::parse(html);
//! let links = kauri::Selector::parse("a[href]")?;
//! let hrefs: Vec<&str> = doc.select(&links).filter_map(|a| a.get_attribute("href")).collect();
//! assert_eq!(hrefs, ["/", "https://example.com/more"]);
//! assert_eq!(doc.readable_text(), "Home\nNews\n\nRead more.");
//! # Ok::<(), kauri::SelectorError>(())
//! ```
//!
//! # Edit and serialize
//!
//! [`Document::edit`] runs a closure with an [`Editor`], whose methods are the DOM's:
//! [`set_attribute`](Editor::set_attribute), [`remove_attribute`](Editor::remove_attribute),
//! [`add_class`](Editor::add_class), [`create_element`](Editor::create_element),
//! [`append_child`](Editor::append_child), [`insert_before`](Editor::insert_before),
//! [`remove`](Editor::remove), [`replace_with`](Editor::replace_with),
//! [`set_text_content`](Editor::set_text_content), [`set_inner_html`](Editor::set_inner_html),
//! and more. What the DOM would throw for is an [`EditError`]. [`Document::to_html`] (or
//! [`Document::write_html`], streaming) serializes the result; [`Node::outer_html`] and
//! [`Node::inner_html`] serialize one node.
//!
//! ```
//! let mut doc = kauri::parse(r#"<a href="https://x.test/" rel=help>x</a><script>x()</script>"#);
//! let external = kauri::Selector::parse(r#"a[href^="https:"]"#)?;
//! let scripts = kauri::Selector::parse("script")?;
//! doc.edit(|ed| {
//!     for a in ed.root().select(&external) {
//!         ed.set_attribute(a, "rel", "nofollow")?; // replaces the old value
//!     }
//!     for script in ed.root().select(&scripts).collect::<Vec<_>>() {
//!         ed.remove(script);
//!     }
//!     let body = ed.root().elements_by_tag_name("body").next().unwrap();
//!     let footer = ed.create_element("footer")?;
//!     ed.set_inner_html(footer, "<small>&copy; me</small>")?;
//!     ed.append_child(body, footer)
//! })?;
//! assert_eq!(
//!     doc.to_html(),
//!     r#"<html><head></head><body><a href="https://x.test/" rel="nofollow">x</a><footer><small>© me</small></footer></body></html>"#
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Fragments
//!
//! [`parse_fragment`] runs the standard's fragment parsing algorithm (what `innerHTML` does)
//! with a context element, named as the html5lib tests name it: `"td"`, `"svg path"`,
//! `"math mi"`. Table rows need a table context, for example:
//!
//! ```
//! let rows = kauri::parse_fragment("<tr><td>1<td>2", "tbody", &Default::default())?;
//! assert_eq!(rows.to_html(), "<tr><td>1</td><td>2</td></tr>");
//! let loose = kauri::parse_fragment("<tr><td>1<td>2", "div", &Default::default())?;
//! assert_eq!(loose.to_html(), "12"); // outside a table, the table tags are dropped
//! # Ok::<(), kauri::ContextError>(())
//! ```
//!
//! # Sanitize untrusted HTML
//!
//! [`Sanitizer`] is the HTML standard's sanitizer (`setHTML`, `parseHTML`):
//! [`Sanitizer::default`] is its built-in safe default configuration; [`Sanitizer::from_json`]
//! and [`Sanitizer::builder`] take a config in the standard's `SanitizerConfig` shape.
//! [`Sanitizer::sanitize`] parses a string as a `<div>`'s contents, sanitizes and serializes it;
//! the result parses back to the same tree (no mutation XSS). [`parse_html`] parses and
//! sanitizes a whole page.
//!
//! ```
//! let clean = kauri::Sanitizer::default().sanitize("<b onclick=x()>hi</b><script>x()</script>");
//! assert_eq!(clean, "<b>hi</b>");
//! let custom = kauri::Sanitizer::from_json(r#"{"elements": ["p"], "comments": true}"#)?;
//! assert_eq!(custom.sanitize("<p>a<!--c--><i>b</i>"), "<p>a<!--c--></p>");
//! # Ok::<(), kauri::ConfigError>(())
//! ```
//!
//! # Encodings
//!
//! Bytes are decoded after the standard's encoding sniffing: a byte order mark, then
//! [`ParseOptions::encoding`] (an override), then [`ParseOptions::transport_charset`] (the
//! HTTP `Content-Type` charset), then a `<meta charset>` in the first 1,024 bytes, then a
//! statistical guess, then windows-1252. A `<meta>` found later restarts the parse once, as
//! browsers do. [`Document::encoding`] names the encoding used.
//!
//! ```
//! let doc = kauri::parse_bytes(b"<meta charset=shift_jis><p>\x82\xa0");
//! assert_eq!((doc.encoding(), doc.text_content().as_str()), ("Shift_JIS", "\u{3042}"));
//! let opts = kauri::ParseOptions { transport_charset: Some("koi8-r".into()), ..Default::default() };
//! let doc = kauri::parse_bytes_with_options(b"<p>\xf0\xd2\xc9\xd7\xc5\xd4", &opts)?;
//! assert_eq!((doc.encoding(), doc.text_content().as_str()), ("KOI8-R", "Привет"));
//! # Ok::<(), kauri::UnknownLabel>(())
//! ```
//!
//! # Errors
//!
//! Parse errors are not failures: the document is always built. With
//! [`ParseOptions::errors`], [`Document::errors`] lists the standard's parse errors in input
//! order, each with its code (the standard's name), line, column and byte offset (without it,
//! the default, none are looked for). [`ParseOptions::locations`] records each node's source
//! range ([`Node::span`], [`Node::end_tag_span`]).
//!
//! ```
//! let opts = kauri::ParseOptions { errors: true, ..Default::default() };
//! let doc = kauri::parse_with_options("<p>one\n<p>two</b>", &opts);
//! let error = &doc.errors()[0];
//! assert_eq!(error.code, kauri::ErrorCode::MissingDoctype);
//! assert_eq!(error.code.as_str(), "missing-doctype");
//! let stray = &doc.errors()[1]; // the `</b>`: no `b` is open
//! assert_eq!(stray.code.as_str(), "unexpected-end-tag");
//! assert_eq!((stray.line, stray.col, stray.offset), (2, 7, 13));
//! ```
//!
//! [`check`] (and [`check_bytes`]) words the same errors for a person, as a conformance
//! checker reports them: each [`Report`] names the element or attribute, gives the source
//! range, the start tags of the elements left unclosed, and an extract (`kauri check` prints
//! them as text, GNU-style lines or the Nu Html Checker's JSON).
//!
//! ```
//! let reports = kauri::check("<!DOCTYPE html>\n<ul><li>one</ul></p>");
//! assert_eq!(reports[0].message, "Stray end tag “p”: no “p” it could close is open here, or elements opened inside it are unclosed (the parser ignores it or closes them).");
//! assert_eq!((reports[0].range.first.line, reports[0].range.first.col), (2, 17));
//! ```
//!
//! # Parse bytes as they arrive
//!
//! [`Parser`] takes the input in pieces (from a socket, a pipe) and gives the same Document,
//! encoding, quirks mode and errors as a whole-input parse, however the bytes are split, in
//! time linear in the input for every chunk size. [`Parser::new`] never pauses at scripts
//! (every [`Step`] it returns is [`Step::Ready`]), so this loop is all a crawler needs:
//!
//! ```
//! let mut parser = kauri::Parser::new(kauri::ParseOptions::default())?;
//! for chunk in [&b"<!DOCTYPE html><title>Caf"[..], b"\xc3", b"\xa9</title><script>x()</script><p>hi"] {
//!     parser.feed(chunk)?; // never pauses
//! }
//! parser.end()?;
//! let doc = parser.finish();
//! assert_eq!(kauri::title(&doc), "Café");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Parser::fragment`] streams a fragment for a context element. An engine that runs scripts
//! makes its parser with [`Parser::with_script_pauses`] and handles [`Step::Script`] (see
//! `examples/engine_loop.rs`).
//!
//! # Other entry points
//!
//! [`parse_with_options`], [`parse_bytes_with_options`] and [`parse_owned_bytes`] take
//! [`ParseOptions`] (scripting flag, encodings, locations, resource limits);
//! [`parse_document`], [`parse_document_bytes`], [`parse_document_owned_bytes`] and
//! [`parse_fragment_in`] parse into an [`Arena`] you own (comrak-style `&'a Node<'a>` trees);
//! [`tokenize`] runs the tokenizer alone. [`Parser`] parses input as it arrives (bytes with
//! encoding sniffing across chunks, or text), and, made with [`Parser::with_script_pauses`],
//! pauses at scripts for an embedder that runs them ([`Step::Script`],
//! [`Parser::document_write`], [`Parser::resume`]).
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod check;
mod extract;
mod sanitize;
mod source;
mod stream;
mod tag_scan;
pub mod tokenize;
mod url;

/// A URL, as the URL Standard parses it (the `url` crate's).
pub use ::url::Url;
pub use check::{
    check, check_bytes, check_with_options, Checked, Extract, Position, Report, SourceRange,
    Unclosed,
};
pub use extract::{links, title};
pub use sanitize::{parse_html, parse_html_unsafe};
pub use source::{Location, SourceText};
pub use stream::{Parser, Step, StreamError};
pub use url::DocumentUrls;

// Everything `kauri_sanitizer` exports (the Sanitizer, its config and errors, the namespace
// constants), for the same reason as the DOM below.
pub use kauri_sanitizer::*;

// Everything `kauri_dom` exports (the DOM, the parse entry points and `ParseOptions`, the
// serializer), under the same names, so that every example in its documentation works with
// `kauri::` paths (tests/doc_paths.rs).
pub use kauri_dom::*;
pub use kauri_tokenizer::{line_col, ErrorKind, LineCounter};

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
