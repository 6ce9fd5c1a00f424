//! Names shared by every layer: atoms for tag and attribute names, namespaces, qualified names.
//!
//! Tag and attribute names are [`LocalName`]s: `string_cache` atoms for every known HTML, SVG and
//! MathML name (a static set generated at build time) and for every name of up to seven bytes,
//! a string of its own for any other name (see `local_name.rs` for why). `local_name!("div")` is
//! a constant that can be used in `match` patterns and compared as an integer.

mod distinct_attrs;
mod hash;
mod local_name;
mod name_set;

#[macro_use]
mod atoms {
    #![allow(missing_docs)]
    include!(concat!(env!("OUT_DIR"), "/name_atoms.rs"));
}
#[doc(hidden)]
pub use atoms::*;

#[macro_use]
mod generated {
    #![allow(missing_docs)]
    use super::LocalName;
    include!(concat!(env!("OUT_DIR"), "/local_names.rs"));
}
#[doc(hidden)]
pub use generated::*;

pub use distinct_attrs::DistinctAttrs;
pub use hash::BuildNameHasher;
pub(crate) use hash::{hash_bytes, hash_bytes_u32, hash_word};
pub use local_name::LocalName;
pub(crate) use name_set::{NameKey, NameSet};

/// The names' hash, shared with the layers above (the tree builder's and the DOM's tables hash
/// names with it, so there is one hash for every layer). Not a user API: it may change in any
/// release.
#[doc(hidden)]
pub mod layer_hash {
    pub use super::hash::{hash_bytes, hash_bytes_u32, hash_word, NameHasher};
}

/// The namespace of an element.
///
/// ```
/// use kauri_tokenizer::{local_name, Namespace, QualName};
/// // SVG's <title> and HTML's <title> differ only in their namespace.
/// let svg_title = QualName::new(Namespace::Svg, local_name!("title"));
/// assert_eq!(svg_title.ns, Namespace::Svg);
/// assert_ne!(svg_title, QualName::html(local_name!("title")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Namespace {
    /// `http://www.w3.org/1999/xhtml`
    Html,
    /// `http://www.w3.org/2000/svg`
    Svg,
    /// `http://www.w3.org/1998/Math/MathML`
    MathMl,
}

impl Namespace {
    /// The namespace URL.
    ///
    /// ```
    /// use kauri_tokenizer::Namespace;
    /// assert_eq!(Namespace::Html.url(), "http://www.w3.org/1999/xhtml");
    /// assert_eq!(Namespace::Svg.url(), "http://www.w3.org/2000/svg");
    /// ```
    pub fn url(self) -> &'static str {
        match self {
            Namespace::Html => "http://www.w3.org/1999/xhtml",
            Namespace::Svg => "http://www.w3.org/2000/svg",
            Namespace::MathMl => "http://www.w3.org/1998/Math/MathML",
        }
    }

    /// The short name used by the tree dump and the JSON output: `html`, `svg` or `math`.
    ///
    /// ```
    /// use kauri_tokenizer::{local_name, Namespace, QualName};
    /// let name = QualName::new(Namespace::MathMl, local_name!("mi"));
    /// assert_eq!(format!("<{} {}>", name.ns.short_name(), name.local), "<math mi>");
    /// ```
    pub fn short_name(self) -> &'static str {
        match self {
            Namespace::Html => "html",
            Namespace::Svg => "svg",
            Namespace::MathMl => "math",
        }
    }
}

/// The namespace of an attribute. Only the parser's "adjust foreign attributes" step
/// (§ parsing-main-inforeign of the standard) produces anything but `None`.
///
/// ```
/// use kauri_tokenizer::{local_name, AttrName, AttrNamespace};
/// // Every attribute the tokenizer produces is in no namespace.
/// assert_eq!(AttrName::new(local_name!("href")).ns, AttrNamespace::None);
/// // What the tree builder makes of `xlink:href` on an SVG element.
/// let xlink_href = AttrName { ns: AttrNamespace::XLink, local: local_name!("href") };
/// assert_ne!(xlink_href, AttrName::new(local_name!("href")));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AttrNamespace {
    /// No namespace: every attribute of an HTML element, and most attributes of foreign ones.
    #[default]
    None,
    /// `http://www.w3.org/1999/xlink` (`xlink:href` and friends on foreign elements).
    XLink,
    /// `http://www.w3.org/XML/1998/namespace` (`xml:lang`, `xml:space`).
    Xml,
    /// `http://www.w3.org/2000/xmlns/` (`xmlns`, `xmlns:xlink`).
    Xmlns,
}

impl AttrNamespace {
    /// The prefix the tree dump and the JSON output use (`xlink`, `xml`, `xmlns`), or `None`.
    ///
    /// ```
    /// use kauri_tokenizer::{local_name, AttrName, AttrNamespace};
    /// let dump = |name: &AttrName| match name.ns.prefix() {
    ///     Some(prefix) => format!("{prefix} {}", name.local),
    ///     None => name.local.to_string(),
    /// };
    /// let xlink_href = AttrName { ns: AttrNamespace::XLink, local: local_name!("href") };
    /// assert_eq!(dump(&xlink_href), "xlink href");
    /// assert_eq!(dump(&AttrName::new(local_name!("href"))), "href");
    /// ```
    pub fn prefix(self) -> Option<&'static str> {
        match self {
            AttrNamespace::None => None,
            AttrNamespace::XLink => Some("xlink"),
            AttrNamespace::Xml => Some("xml"),
            AttrNamespace::Xmlns => Some("xmlns"),
        }
    }
}

/// An element's name: namespace plus local name.
///
/// ```
/// use kauri_tokenizer::{local_name, LocalName, Namespace, QualName};
/// let name = QualName::html(LocalName::from("p"));
/// assert_eq!(name, QualName { ns: Namespace::Html, local: local_name!("p") });
/// assert_eq!(name.local, "p");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QualName {
    /// The element's namespace.
    pub ns: Namespace,
    /// The local name (for HTML elements always lowercase).
    pub local: LocalName,
}

impl QualName {
    /// A qualified name in the given namespace.
    ///
    /// ```
    /// use kauri_tokenizer::{LocalName, Namespace, QualName};
    /// let circle = QualName::new(Namespace::Svg, LocalName::from("circle"));
    /// assert_eq!((circle.ns, circle.local.as_str()), (Namespace::Svg, "circle"));
    /// ```
    pub fn new(ns: Namespace, local: LocalName) -> QualName {
        QualName { ns, local }
    }

    /// An HTML element name.
    ///
    /// ```
    /// use kauri_tokenizer::{local_name, Namespace, QualName};
    /// let div = QualName::html(local_name!("div"));
    /// assert_eq!(div, QualName::new(Namespace::Html, local_name!("div")));
    /// ```
    pub fn html(local: LocalName) -> QualName {
        QualName {
            ns: Namespace::Html,
            local,
        }
    }

    /// True when this is the HTML element with the given local name.
    ///
    /// ```
    /// use kauri_tokenizer::{local_name, Namespace, QualName};
    /// assert!(QualName::html(local_name!("title")).is_html(&local_name!("title")));
    /// assert!(!QualName::html(local_name!("div")).is_html(&local_name!("title")));
    /// // An SVG <title> is not HTML's.
    /// let svg_title = QualName::new(Namespace::Svg, local_name!("title"));
    /// assert!(!svg_title.is_html(&local_name!("title")));
    /// ```
    #[inline]
    pub fn is_html(&self, local: &LocalName) -> bool {
        self.ns == Namespace::Html && self.local == *local
    }
}

/// An attribute's name: its namespace (see [`AttrNamespace`]) and local name.
///
/// ```
/// use kauri_tokenizer::{local_name, AttrName, AttrNamespace};
/// let lang = AttrName { ns: AttrNamespace::Xml, local: local_name!("lang") };
/// assert_eq!(lang.ns.prefix(), Some("xml"));
/// assert_eq!(lang.local, "lang");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttrName {
    /// The attribute's namespace; `AttrNamespace::None` for everything the tokenizer produces.
    pub ns: AttrNamespace,
    /// The local name (lowercased by the tokenizer; SVG/MathML names re-cased by the tree builder).
    pub local: LocalName,
}

impl AttrName {
    /// An attribute name in no namespace.
    ///
    /// ```
    /// use kauri_tokenizer::{AttrName, AttrNamespace, LocalName};
    /// let class = AttrName::new(LocalName::from("class"));
    /// assert_eq!(class, AttrName { ns: AttrNamespace::None, local: LocalName::from("class") });
    /// ```
    pub fn new(local: LocalName) -> AttrName {
        AttrName {
            ns: AttrNamespace::None,
            local,
        }
    }
}

/// One attribute of a tag or element.
///
/// ```
/// use kauri_tokenizer::{local_name, AttrName, Attribute, Span, Token, TokenSink, TokenSinkResult};
/// use kauri_tokenizer::Tokenizer;
///
/// /// Keeps a copy of every tag's attributes.
/// #[derive(Default)]
/// struct Attrs(Vec<Attribute>);
/// impl TokenSink for Attrs {
///     fn process_token(&mut self, token: Token<'_>, _: Span) -> TokenSinkResult {
///         if let Token::Tag(tag) = token {
///             self.0.extend(tag.attrs.iter().cloned());
///         }
///         TokenSinkResult::Continue
///     }
/// }
///
/// let mut tokenizer = Tokenizer::new(Attrs::default(), Default::default());
/// tokenizer.feed(r#"<a HREF="?a=1&amp;b=2" title=x>"#)?;
/// tokenizer.end()?;
/// let attrs = &tokenizer.sink().0;
/// // The name is lowercased and the character reference in the value decoded.
/// let href = Attribute { name: AttrName::new(local_name!("href")), value: "?a=1&b=2".into() };
/// assert_eq!(attrs[0], href);
/// assert_eq!(attrs[1].value, "x");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// The attribute's name.
    pub name: AttrName,
    /// The attribute's value, with character references decoded.
    pub value: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_atoms_match_in_patterns() {
        let name = LocalName::from("div");
        let is_div = matches!(name, local_name!("div"));
        assert!(is_div);
        assert_eq!(
            LocalName::from("foreignObject"),
            local_name!("foreignObject")
        );
        assert_ne!(local_name!("foreignobject"), local_name!("foreignObject"));
    }
}
