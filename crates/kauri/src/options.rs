//! [`ParseOptions`].

/// How to parse. `ParseOptions::default()` is a browser's document parse: scripting enabled,
/// encoding sniffed from bytes, no source locations.
///
/// ```
/// let opts = kauri::ParseOptions { scripting: false, ..Default::default() };
/// let doc = kauri::parse_with_options("<noscript><p>x</p></noscript>", &opts);
/// assert!(doc.to_test_tree().contains("<p>"));
/// ```
#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// The scripting flag (13.2.4.5). With scripting enabled `noscript` content is raw text.
    /// Default `true`.
    pub scripting: bool,
    /// For bytes: an encoding label that overrides sniffing (only a byte order mark beats it);
    /// the confidence is then certain. Ignored for text input.
    pub encoding: Option<String>,
    /// For bytes: the transport layer's charset (e.g. from `Content-Type`). Ignored for text.
    pub transport_charset: Option<String>,
    /// For bytes: let the statistical detector guess UTF-8 (as browsers do for local files).
    /// Default `false` (network content).
    pub allow_utf8_guess: bool,
    /// Record source locations: each node's [`span`](kauri_dom::Node::span) and each element's
    /// [`end_tag_span`](kauri_dom::Node::end_tag_span), as byte offsets into the decoded
    /// text. Default `false`.
    pub locations: bool,
    /// Parse as an `iframe` `srcdoc` document (never quirks mode from the DOCTYPE).
    pub iframe_srcdoc: bool,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            scripting: true,
            encoding: None,
            transport_charset: None,
            allow_utf8_guess: false,
            locations: false,
            iframe_srcdoc: false,
        }
    }
}
