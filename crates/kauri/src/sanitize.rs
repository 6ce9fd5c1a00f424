//! `Document.parseHTML` and `Document.parseHTMLUnsafe` (§ dom-document-parsehtml): a whole
//! page parsed and sanitized ([`Sanitizer::parse_document`]). The sanitizer itself is the `kauri-sanitizer` crate
//! ([`Sanitizer`]); this module gives it the document parse.

use kauri_dom::Document;
use kauri_sanitizer::Sanitizer;

use crate::{parse_with_options, ParseOptions};

/// The document parse of `parseHTMLUnsafe` without a sanitizer: a new document has no browsing
/// context, so scripting is disabled; declarative shadow roots are allowed (as in
/// [`Sanitizer::parse_document`]).
fn parse_for_sanitizer(html: &str) -> Document {
    let options = ParseOptions {
        scripting: false,
        declarative_shadow_roots: Some(true),
        ..ParseOptions::default()
    };
    parse_with_options(html, &options)
}

/// `Document.parseHTML(html, {sanitizer})`: parses `html` as a page and sanitizes it with the
/// safe rules (script, event handlers and `javascript:` URLs removed whatever the config
/// allows). The default sanitizer's allow-list has `html`, `head`, `body` and `title`, so the
/// page structure stays.
///
/// ```
/// let doc = kauri::parse_html("<title>T</title><p onclick=x>Hi<script>x()</script>", &kauri::Sanitizer::default());
/// assert_eq!(doc.to_html(), "<html><head><title>T</title></head><body><p>Hi</p></body></html>");
/// ```
pub fn parse_html(html: &str, sanitizer: &Sanitizer) -> Document {
    sanitizer.parse_document(html, true)
}

/// `Document.parseHTMLUnsafe(html, {sanitizer})`: the page parsed, then sanitized with the
/// config as given; with `None`, only parsed (declarative shadow roots allowed).
///
/// ```
/// let keep_all = kauri::parse_html_unsafe("<p onclick=x>Hi", None);
/// assert_eq!(keep_all.to_html(), r#"<html><head></head><body><p onclick="x">Hi</p></body></html>"#);
/// let s = kauri::Sanitizer::from_json(r#"{"removeElements": ["p"]}"#)?;
/// let doc = kauri::parse_html_unsafe("<p>a</p>b", Some(&s));
/// assert_eq!(doc.to_html(), "<html><head></head><body>b</body></html>");
/// # Ok::<(), kauri::ConfigError>(())
/// ```
pub fn parse_html_unsafe(html: &str, sanitizer: Option<&Sanitizer>) -> Document {
    match sanitizer {
        Some(sanitizer) => sanitizer.parse_document(html, false),
        None => parse_for_sanitizer(html),
    }
}
