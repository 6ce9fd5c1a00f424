//! HTML serialization.
//!
//! - [`html`]: the standard's "serializing HTML fragments" (13.3), behind
//!   [`Node::inner_html`](crate::Node::inner_html) and [`Node::outer_html`](crate::Node::outer_html).
//! - [`token_stream`]: a serializer for a flat stream of tokens with the options of the
//!   html5lib serializer (attribute quoting, optional tag omission, …); this is what the
//!   html5lib serializer suite tests.
//!
//! Both follow "escaping a string" from 13.3 of the HTML standard: `&`, U+00A0, `<` and `>`
//! are always escaped, and `"` too in attribute values.

mod escape;
pub mod html;
pub mod token_stream;

/// Whether an HTML element "serializes as void" (13.3): the void elements (13.1.2) plus
/// `basefont`, `bgsound`, `frame`, `keygen` and `param`.
pub(crate) fn serializes_as_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "basefont"
            | "bgsound"
            | "br"
            | "col"
            | "embed"
            | "frame"
            | "hr"
            | "img"
            | "input"
            | "keygen"
            | "link"
            | "meta"
            | "param"
            | "source"
            | "track"
            | "wbr"
    )
}

/// Whether the text children of an HTML element are written literally (13.3): `style`,
/// `script`, `xmp`, `iframe`, `noembed`, `noframes` and `plaintext`. (`noscript` too when
/// scripting is enabled; callers decide that.)
pub(crate) fn is_raw_text_element(name: &str) -> bool {
    matches!(
        name,
        "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext"
    )
}
