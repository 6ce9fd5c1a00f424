//! HTML serialization.
//!
//! - [`html`]: the standard's "serializing HTML fragments" (§ serialising-html-fragments), behind
//!   [`Node::inner_html`](crate::Node::inner_html) and [`Node::outer_html`](crate::Node::outer_html).
//! - [`escape()`], [`serializes_as_void`] and [`is_raw_text_element`] (for a [`LocalName`]:
//!   [`serializes_as_void_name`], [`is_raw_text_element_name`]): the standard's building blocks, also used by the
//!   token-stream serializer that the html5lib serializer suite tests
//!   (`xtask/src/conformance/token_stream.rs`).
//!
//! Escaping follows "escaping a string" (§ escapingString): `&`, U+00A0, `<` and `>` are always
//! escaped, and `"` too in attribute values.

mod escape;
pub mod html;

use kauri_tokenizer::{local_name, LocalName};

pub use escape::{escape, EscapeMode};

/// Whether an HTML element "serializes as void" (§ serialising-html-fragments): the void elements
/// (§ void-elements) plus `basefont`, `bgsound`, `frame`, `keygen` and `param`.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::serialize::serializes_as_void;
///
/// assert!(serializes_as_void("br") && serializes_as_void("keygen"));
/// assert!(!serializes_as_void("p"));
/// ```
pub fn serializes_as_void(name: &str) -> bool {
    // (Each of the names is a short known name: an atom, never a string of its own.)
    name.len() <= "basefont".len() && serializes_as_void_name(&LocalName::from(name))
}

/// [`serializes_as_void`] for an element's local name, compared as atoms (no string
/// comparisons: what the serializer asks of every HTML element).
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::serialize::serializes_as_void_name;
/// use kauri::LocalName;
///
/// assert!(serializes_as_void_name(&LocalName::from("wbr")));
/// assert!(!serializes_as_void_name(&LocalName::from("div")));
/// ```
pub fn serializes_as_void_name(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("area")
            | local_name!("base")
            | local_name!("basefont")
            | local_name!("bgsound")
            | local_name!("br")
            | local_name!("col")
            | local_name!("embed")
            | local_name!("frame")
            | local_name!("hr")
            | local_name!("img")
            | local_name!("input")
            | local_name!("keygen")
            | local_name!("link")
            | local_name!("meta")
            | local_name!("param")
            | local_name!("source")
            | local_name!("track")
            | local_name!("wbr")
    )
}

/// Whether the text children of an HTML element are written literally
/// (§ serialising-html-fragments): `style`, `script`, `xmp`, `iframe`, `noembed`, `noframes` and
/// `plaintext`. (`noscript` too when scripting is enabled; callers decide that.)
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::serialize::is_raw_text_element;
///
/// assert!(is_raw_text_element("script") && is_raw_text_element("plaintext"));
/// assert!(!is_raw_text_element("noscript") && !is_raw_text_element("textarea"));
/// ```
pub fn is_raw_text_element(name: &str) -> bool {
    // (Each of the names is a short known name: an atom, never a string of its own.)
    name.len() <= "plaintext".len() && is_raw_text_element_name(&LocalName::from(name))
}

/// [`is_raw_text_element`] for an element's local name, compared as atoms (no string
/// comparisons: what the serializer asks of every text node's parent).
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::serialize::is_raw_text_element_name;
/// use kauri::LocalName;
///
/// assert!(is_raw_text_element_name(&LocalName::from("xmp")));
/// assert!(!is_raw_text_element_name(&LocalName::from("noscript")));
/// ```
pub fn is_raw_text_element_name(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("style")
            | local_name!("script")
            | local_name!("xmp")
            | local_name!("iframe")
            | local_name!("noembed")
            | local_name!("noframes")
            | local_name!("plaintext")
    )
}
