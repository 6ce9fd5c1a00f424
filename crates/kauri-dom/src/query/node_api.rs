//! DOM-style conveniences on [`Node`] that work on any node (and answer "no" for
//! non-elements): `get_attribute`, `has_attribute`, `has_class`.

use kauri_tokenizer::{AttrName, AttrNamespace, Namespace};

use crate::node::Node;

/// Whether `name` is the qualified name of the attribute (`href`, `xlink:href`, `xmlns`).
pub(crate) fn qualified_name_is(attr: &AttrName, name: &str) -> bool {
    match attr.ns.prefix() {
        // `xmlns` itself is in the XMLNS namespace without a prefix.
        Some(_) if attr.ns == AttrNamespace::Xmlns && &*attr.local == "xmlns" => name == "xmlns",
        Some(prefix) => name
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_prefix(':'))
            .is_some_and(|local| local == &*attr.local),
        None => name == &*attr.local,
    }
}

impl<'a> Node<'a> {
    /// The DOM's `getAttribute(name)`: the value of the first attribute whose qualified name is
    /// `name` (`href`, or `xlink:href` on SVG), with `name` lowercased first on an HTML element
    /// (every Kauri document is an HTML document). `None` when there is no such attribute and
    /// for nodes that are not elements.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = r##"<a HREF="/home" class="nav">Home</a><svg><a xlink:href="#s"/></svg>"##;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, html, &body, &Default::default()).root;
    /// let a = root.elements_by_tag_name("a").next().unwrap();
    /// assert_eq!(a.get_attribute("href"), Some("/home"));
    /// assert_eq!(a.get_attribute("Class"), Some("nav"));
    /// assert_eq!(a.get_attribute("title"), None);
    /// assert_eq!(a.first_child().unwrap().get_attribute("href"), None); // a Text node
    /// let svg_a = root.elements_by_tag_name("a").nth(1).unwrap();
    /// assert_eq!(svg_a.get_attribute("xlink:href"), Some("#s"));
    /// ```
    pub fn get_attribute(&self, name: &str) -> Option<&str> {
        let element = self.as_element()?;
        let lowered;
        let name = if element.namespace() == Namespace::Html
            && name.bytes().any(|b| b.is_ascii_uppercase())
        {
            lowered = name.to_ascii_lowercase();
            lowered.as_str()
        } else {
            name
        };
        element
            .attributes()
            .find(|(attr, _)| qualified_name_is(attr, name))
            .map(|(_, value)| value)
    }

    /// The DOM's `hasAttribute(name)`: whether [`get_attribute`](Node::get_attribute) finds
    /// an attribute.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = "<input type=checkbox checked>";
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, html, &body, &Default::default()).root;
    /// let input = root.elements_by_tag_name("input").next().unwrap();
    /// assert!(input.has_attribute("checked") && !input.has_attribute("disabled"));
    /// ```
    pub fn has_attribute(&self, name: &str) -> bool {
        self.get_attribute(name).is_some()
    }

    /// Whether this is an element whose `class` attribute lists `class` (split on ASCII
    /// whitespace, compared case-sensitively as in a no-quirks document; selectors such as
    /// `.note` fold case in quirks mode). `false` for non-elements.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = r#"<p class="note  warning">Careful</p>"#;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, html, &body, &Default::default()).root;
    /// let p = root.elements_by_tag_name("p").next().unwrap();
    /// assert!(p.has_class("note") && p.has_class("warning"));
    /// assert!(!p.has_class("Note") && !p.has_class("note warning"));
    /// assert!(!root.has_class("note")); // the Document node
    /// ```
    pub fn has_class(&self, class: &str) -> bool {
        self.as_element().is_some_and(|e| e.has_class(class))
    }
}
