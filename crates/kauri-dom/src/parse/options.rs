//! [`ParseOptions`]: how every parse runs, the same for Rust, the CLI and Python (the README's
//! "Defaults" table lists them).

use kauri_encoding::SniffOptions;

/// How to parse. `ParseOptions::default()` is a browser's document parse of a local file:
/// scripting enabled, encoding sniffed from bytes (guessing UTF-8 for unlabelled input), no
/// source locations.
///
/// ```
/// # use kauri_dom as kauri;
/// let opts = kauri::ParseOptions { scripting: false, ..Default::default() };
/// let doc = kauri::parse_with_options("<noscript><p>x</p></noscript>", &opts);
/// assert!(doc.to_test_tree().contains("<p>"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// The scripting flag (§ other-parsing-state-flags). With scripting enabled `noscript` content
    /// is raw text. Default `true`.
    pub scripting: bool,
    /// For bytes: an encoding label that overrides sniffing (only a byte order mark beats it);
    /// the confidence is then certain. Ignored for text input.
    pub encoding: Option<String>,
    /// For bytes: the transport layer's charset (e.g. from `Content-Type`). Ignored for text.
    pub transport_charset: Option<String>,
    /// For bytes without a byte order mark, override, transport charset or `<meta>`
    /// declaration: let the statistical detector (chardetng) guess UTF-8, as browsers do for
    /// local files and as the `kauri` CLI does. Default `true`, since most library users parse
    /// pages they fetched or stored, and unlabelled UTF-8 is by far the most common such input.
    ///
    /// Set it to `false` for a browser's behaviour on network content (Firefox does not guess
    /// UTF-8 for HTTP responses): the detector then picks among legacy encodings only.
    ///
    /// The order of evidence for bytes (the standard's encoding sniffing algorithm,
    /// `§ determining-the-character-encoding`): a byte order mark; then
    /// [`encoding`](ParseOptions::encoding); then
    /// [`transport_charset`](ParseOptions::transport_charset); then the `<meta>` pre-scan of the
    /// first 1,024 bytes; then the guess (this switch); then windows-1252. A `<meta charset>`
    /// found later by the tree builder can still change a guessed (tentative) encoding once.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let bytes = "<title>\u{dc}n\u{ef}c\u{f6}d\u{e9} \u{2013} \u{65e5}\u{672c}\u{8a9e}</title>".as_bytes();
    /// let doc = kauri::parse_bytes(bytes);
    /// assert_eq!(doc.encoding(), "UTF-8");
    /// let network = kauri::ParseOptions { allow_utf8_guess: false, ..Default::default() };
    /// let doc = kauri::parse_bytes_with_options(bytes, &network).unwrap();
    /// assert_ne!(doc.encoding(), "UTF-8");
    /// ```
    pub allow_utf8_guess: bool,
    /// Record source locations: each node's [`span`](crate::Node::span) and each element's
    /// [`end_tag_span`](crate::Node::end_tag_span), as byte offsets into the decoded
    /// text. Default `false`.
    pub locations: bool,
    /// Parse as an `iframe` `srcdoc` document (never quirks mode from the DOCTYPE).
    pub iframe_srcdoc: bool,
    /// A resource limit (not part of the standard; `None`, the default, is no limit): parse
    /// only the first this many bytes of the input. Bytes are cut before the encoding is
    /// sniffed and the input decoded (a multi-byte sequence cut in two decodes as U+FFFD, as a
    /// truncated file would); text is cut at the last character boundary at or before the
    /// limit. The rest is parsed as if the input ended there, and the document's errors end
    /// with one whose code is [`ErrorCode::InputTruncated`](crate::ErrorCode::InputTruncated), at
    /// the end of the parsed
    /// text. Input within the limit is parsed exactly as without it.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { max_input_bytes: Some(7), errors: true, ..Default::default() };
    /// let doc = kauri::parse_with_options("<p>abc\u{e9}def", &opts);
    /// assert_eq!(doc.text_content(), "abc");
    /// assert_eq!(doc.errors().last().unwrap().code, kauri::ErrorCode::InputTruncated);
    /// ```
    pub max_input_bytes: Option<usize>,
    /// A resource limit (not part of the standard; `None`, the default, is no limit): a tag
    /// keeps its first this many distinct attributes in source order; each further one is
    /// dropped with a parse error whose code is
    /// [`ErrorCode::TooManyAttributes`](crate::ErrorCode::TooManyAttributes). See
    /// [`kauri_tokenizer::TokenizerOptions::max_attributes`].
    pub max_attributes: Option<usize>,
    /// A resource limit (not part of the standard; `None`, the default, is no limit), as
    /// Blink applies it with 512: a node that would go into the stack of open elements' entry
    /// `max_depth` or deeper (the `html` element is entry 0) goes into entry `max_depth - 1`
    /// instead, so deeper content becomes siblings at the limit while the parser still tracks
    /// the elements as open. No node is more than `max_depth + 1` deep (`html` is depth 1),
    /// except content moved by the adoption agency algorithm (misnested formatting end tags),
    /// which can go a few levels deeper. See
    /// [`kauri_tree_builder::TreeBuilderOptions::max_depth`].
    pub max_depth: Option<usize>,
    /// The parser's "allow declarative shadow roots" flag: whether `<template
    /// shadowrootmode=open|closed>` attaches a shadow root to its parent element
    /// ([`Node::shadow_root`](crate::Node::shadow_root)) instead of being an ordinary
    /// template. `None` (the default) is the standard's default for the kind of parse: on for
    /// documents (as for a page a browser navigates to, or `parseHTMLUnsafe`), off for
    /// fragments (as `innerHTML`; `Some(true)` is `setHTMLUnsafe`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::parse("<div><template shadowrootmode=open><p>x</p></template></div>");
    /// let div = doc.select_str("div").unwrap().next().unwrap();
    /// assert!(div.first_child().is_none());
    /// assert_eq!(div.shadow_root().unwrap().text_content(), "x");
    ///
    /// let opts = kauri::ParseOptions { declarative_shadow_roots: Some(false), ..Default::default() };
    /// let doc = kauri::parse_with_options("<div><template shadowrootmode=open></template></div>", &opts);
    /// assert!(doc.select_str("div").unwrap().next().unwrap().shadow_root().is_none());
    /// ```
    pub declarative_shadow_roots: Option<bool>,
    /// `<template for>` content patching with `<?start>`, `<?end>` and `<?marker>` processing
    /// instructions (the 2026 standard). Default `true`, as the standard has no flag for it;
    /// `false` gives the pre-2026 tree, in which `<template for>` is an ordinary template.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = "<div><?start name=\"n\">old<?end></div><template for=n>new</template>";
    /// assert_eq!(kauri::parse(html).select_str("div").unwrap().next().unwrap().text_content(), "new");
    /// let opts = kauri::ParseOptions { template_for: false, ..Default::default() };
    /// let doc = kauri::parse_with_options(html, &opts);
    /// assert_eq!(doc.select_str("div").unwrap().next().unwrap().text_content(), "old");
    /// ```
    pub template_for: bool,
    /// Collect the parse errors ([`Document::errors`](crate::Document::errors)), each
    /// with its code, byte offset, line and column. Default `false`: no error is looked for,
    /// which spares the parse the input-stream scan, the line and column counting and the
    /// error list (the CLI's `--errors` turns it on). The errors, when asked for, do not
    /// depend on the other options except the limits, which add their own.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// assert!(kauri::parse("<p>a</b>").errors().is_empty());
    /// let opts = kauri::ParseOptions { errors: true, ..Default::default() };
    /// let doc = kauri::parse_with_options("<p>a</b>", &opts);
    /// let codes: Vec<&str> = doc.errors().iter().map(|e| e.code.as_str()).collect();
    /// assert_eq!(codes, ["missing-doctype", "unexpected-end-tag"]);
    /// assert_eq!((doc.errors()[1].line, doc.errors()[1].col), (1, 5));
    /// ```
    pub errors: bool,
}

impl ParseOptions {
    /// Cuts text input to [`max_input_bytes`](ParseOptions::max_input_bytes) (at the last
    /// character boundary at or before it); `true` when it was cut. This is the text a parse
    /// with these options reads.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { max_input_bytes: Some(4), ..Default::default() };
    /// assert_eq!(opts.limit_text("ab\u{e9}cd"), ("ab\u{e9}", true));
    /// ```
    pub fn limit_text<'s>(&self, html: &'s str) -> (&'s str, bool) {
        match self.max_input_bytes {
            Some(max) if html.len() > max => {
                let mut end = max;
                while !html.is_char_boundary(end) {
                    end -= 1;
                }
                (&html[..end], true)
            }
            _ => (html, false),
        }
    }

    /// Cuts byte input to [`max_input_bytes`](ParseOptions::max_input_bytes); `true` when it
    /// was cut. These are the bytes a parse with these options reads.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { max_input_bytes: Some(2), ..Default::default() };
    /// assert_eq!(opts.limit_bytes(b"abc"), (&b"ab"[..], true));
    /// ```
    pub fn limit_bytes<'b>(&self, bytes: &'b [u8]) -> (&'b [u8], bool) {
        match self.max_input_bytes {
            Some(max) if bytes.len() > max => (&bytes[..max], true),
            _ => (bytes, false),
        }
    }

    /// The encoding sniffing algorithm's inputs (§ determining-the-character-encoding) from
    /// these options: the override label, the transport charset and the UTF-8 guess.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { encoding: Some("koi8-r".into()), ..Default::default() };
    /// assert_eq!(opts.sniff_options().override_label.as_deref(), Some("koi8-r"));
    /// ```
    pub fn sniff_options(&self) -> SniffOptions {
        SniffOptions {
            override_label: self.encoding.clone(),
            transport_label: self.transport_charset.clone(),
            allow_utf8_guess: self.allow_utf8_guess,
            ..SniffOptions::default()
        }
    }
}

// The one table of defaults: the CLI's flags (`crates/kauri/src/cli/args.rs`) and the Python
// keywords' defaults (`bindings/python/src/lib.rs`, `DEFAULT`) read it; their tests
// (`cli::args::tests` and `bindings/python/tests/test_defaults.py`) catch any drift.
impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            scripting: true,
            encoding: None,
            transport_charset: None,
            allow_utf8_guess: true,
            locations: false,
            iframe_srcdoc: false,
            max_input_bytes: None,
            max_attributes: None,
            max_depth: None,
            declarative_shadow_roots: None,
            template_for: true,
            errors: false,
        }
    }
}
