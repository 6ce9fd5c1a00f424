//! Fragment contexts: the context element of the HTML fragment parsing algorithm
//! (§ html-fragment-parsing-algorithm).

use std::fmt;

use kauri_tokenizer::{Attribute, LocalName, Namespace, QualName};

/// The context element of a fragment parse, named as the html5lib tree-construction tests name
/// it: `td` (HTML), `svg path` (SVG), `math mi` (MathML).
///
/// A bare `svg` or `math` is the SVG or MathML root element (`svg svg`, `math math`), which is
/// what a fragment "inside an `<svg>`" means; no HTML element has either name (the tree
/// builder puts an `<svg>` or `<math>` start tag in its foreign namespace everywhere), and the
/// html5lib tests always spell the namespace out, so both forms agree with them.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{FragmentContext, Namespace};
/// let ctx: FragmentContext = "svg foreignObject".parse().unwrap();
/// assert_eq!(ctx.name().local.as_ref(), "foreignObject");
/// let svg: FragmentContext = "svg".parse().unwrap();
/// assert_eq!(svg, "svg svg".parse().unwrap());
/// assert_eq!(svg.name().ns, Namespace::Svg);
/// assert!("".parse::<FragmentContext>().is_err());
/// assert!("1bad".parse::<FragmentContext>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FragmentContext {
    name: QualName,
    /// The context element's attributes (they matter for a MathML `annotation-xml` context,
    /// whose `encoding` makes it an HTML integration point).
    attrs: Vec<Attribute>,
}

/// A fragment context that names no element (empty, or with characters no tag name has).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextError(pub String);

impl fmt::Display for ContextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid fragment context {:?}: expected a tag name such as \"td\", \"svg path\" or \"math mi\"", self.0)
    }
}

impl std::error::Error for ContextError {}

impl FragmentContext {
    /// An HTML context element (the name is lowercased, as the tokenizer would).
    pub fn html(local: &str) -> FragmentContext {
        FragmentContext {
            name: QualName::html(LocalName::from(local.to_ascii_lowercase())),
            attrs: Vec::new(),
        }
    }

    /// An SVG context element (name as given, e.g. `foreignObject`).
    pub fn svg(local: &str) -> FragmentContext {
        FragmentContext {
            name: QualName::new(Namespace::Svg, LocalName::from(local)),
            attrs: Vec::new(),
        }
    }

    /// A MathML context element.
    pub fn mathml(local: &str) -> FragmentContext {
        FragmentContext {
            name: QualName::new(Namespace::MathMl, LocalName::from(local)),
            attrs: Vec::new(),
        }
    }

    /// An existing element as the context (as `innerHTML` uses the element it sets): its name
    /// and attributes.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{AttrName, Attribute, FragmentContext, LocalName, Namespace, QualName};
    /// let name = QualName::new(Namespace::MathMl, LocalName::from("annotation-xml"));
    /// let encoding = AttrName::new(LocalName::from("encoding"));
    /// let attrs = vec![Attribute { name: encoding, value: "text/html".into() }];
    /// let ctx = FragmentContext::element(name, attrs);
    /// let frag = kauri::parse_fragment_for("<p>x", &ctx, &Default::default());
    /// assert_eq!(frag.to_test_tree(), "| <p>\n|   \"x\"\n");
    /// ```
    pub fn element(name: QualName, attrs: Vec<Attribute>) -> FragmentContext {
        FragmentContext { name, attrs }
    }

    /// The context element's qualified name.
    pub fn name(&self) -> &QualName {
        &self.name
    }

    /// The context element's attributes.
    pub fn attrs(&self) -> &[Attribute] {
        &self.attrs
    }
}

/// Whether `name` is a name the tokenizer can give a tag (§ tag-open-state: an ASCII letter
/// starts it; § tag-name-state: whitespace, `/`, `>` end it), so that a context element could
/// come from markup. `1bad` cannot: `<1bad>` is text.
fn valid_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| !c.is_ascii_whitespace() && !matches!(c, '/' | '>' | '<' | '\0'))
}

impl std::str::FromStr for FragmentContext {
    type Err = ContextError;

    fn from_str(s: &str) -> Result<FragmentContext, ContextError> {
        let err = || ContextError(s.to_owned());
        let (make, local): (fn(&str) -> FragmentContext, &str) = if s == "svg" {
            (FragmentContext::svg, s)
        } else if s == "math" {
            (FragmentContext::mathml, s)
        } else if let Some(rest) = s.strip_prefix("svg ") {
            (FragmentContext::svg, rest)
        } else if let Some(rest) = s.strip_prefix("math ") {
            (FragmentContext::mathml, rest)
        } else {
            (FragmentContext::html, s)
        };
        if valid_name(local) {
            Ok(make(local))
        } else {
            Err(err())
        }
    }
}
