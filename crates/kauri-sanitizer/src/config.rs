//! The `SanitizerConfig` dictionary (§ sanitizerconfig) and the algorithms on it:
//! canonicalize (§ sanitizer-canonicalize-the-configuration), the validity checks
//! (§ sanitizerconfig-valid), "remove unsafe" (§ sanitizer-remove-unsafe) and the config
//! modifiers it is built from (§ sanitizer-remove-an-element, § sanitizer-remove-an-attribute).

use std::fmt;

/// The HTML namespace URL.
pub const HTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";
/// The SVG namespace URL.
pub const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";
/// The MathML namespace URL.
pub const MATHML_NAMESPACE: &str = "http://www.w3.org/1998/Math/MathML";
/// The XLink namespace URL (`xlink:href` on SVG and MathML elements).
pub const XLINK_NAMESPACE: &str = "http://www.w3.org/1999/xlink";
/// The XML namespace URL (`xml:lang`).
pub const XML_NAMESPACE: &str = "http://www.w3.org/XML/1998/namespace";
/// The XMLNS namespace URL (`xmlns`, `xmlns:xlink`).
pub const XMLNS_NAMESPACE: &str = "http://www.w3.org/2000/xmlns/";

/// An element or attribute name as a config gives it (`SanitizerElementNamespace`,
/// `SanitizerAttributeNamespace`): a local name and maybe a namespace.
///
/// [`namespace`](Self::namespace) is `None` when the dictionary leaves it out (a bare string,
/// or `{"name": "b"}`): canonicalization then puts in the default, the HTML namespace for an
/// element and no namespace for an attribute. In a canonical config it is always `Some`:
/// `Some(None)` is the null namespace.
///
/// ```
/// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
/// use kauri::{SanitizerName, SVG_NAMESPACE};
/// let b = SanitizerName::from("b");
/// assert_eq!((b.name.as_str(), b.namespace), ("b", None));
/// let rect = SanitizerName::with_namespace("rect", Some(SVG_NAMESPACE));
/// assert_eq!(rect.namespace, Some(Some(SVG_NAMESPACE.to_owned())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SanitizerName {
    /// The local name (`name`).
    pub name: String,
    /// The namespace (`namespace`): absent, null (`Some(None)`) or a URL.
    pub namespace: Option<Option<String>>,
}

impl SanitizerName {
    /// A name with an explicit namespace (`None` is the null namespace).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let href = kauri::SanitizerName::with_namespace("href", None);
    /// assert_eq!(href.namespace, Some(None));
    /// ```
    pub fn with_namespace(name: &str, namespace: Option<&str>) -> SanitizerName {
        SanitizerName {
            name: name.to_owned(),
            namespace: Some(namespace.map(str::to_owned)),
        }
    }

    /// The namespace of a canonical name (`None`: the null namespace).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let div = kauri::SanitizerName::with_namespace("div", Some(kauri::HTML_NAMESPACE));
    /// assert_eq!(div.namespace_url(), Some(kauri::HTML_NAMESPACE));
    /// ```
    pub fn namespace_url(&self) -> Option<&str> {
        self.namespace.as_ref().and_then(|ns| ns.as_deref())
    }

    /// "Canonicalize a sanitizer name" (§ canonicalize-a-sanitizer-name): the namespace the
    /// dictionary gives (the empty string meaning null), else `default`.
    pub(crate) fn canonical(&self, default: Option<&str>) -> SanitizerName {
        let namespace = match &self.namespace {
            None => default.map(str::to_owned),
            Some(Some(ns)) if ns.is_empty() => None,
            Some(ns) => ns.clone(),
        };
        SanitizerName {
            name: self.name.clone(),
            namespace: Some(namespace),
        }
    }

    /// Whether this canonical attribute name is a custom data attribute: `data-` and more, in
    /// no namespace, with no ASCII upper alpha (§ custom-data-attribute).
    pub(crate) fn is_custom_data_attribute(&self) -> bool {
        self.namespace_url().is_none() && is_custom_data_attribute_name(&self.name)
    }
}

/// Whether an attribute local name (in no namespace) is a custom data attribute's
/// (§ custom-data-attribute): `data-` and at least one more character, no ASCII upper alpha.
pub(crate) fn is_custom_data_attribute_name(name: &str) -> bool {
    name.len() > 5 && name.starts_with("data-") && !name.bytes().any(|b| b.is_ascii_uppercase())
}

impl From<&str> for SanitizerName {
    fn from(name: &str) -> SanitizerName {
        SanitizerName {
            name: name.to_owned(),
            namespace: None,
        }
    }
}

impl fmt::Display for SanitizerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.namespace {
            Some(Some(ns)) => write!(f, "{{{ns}}}{}", self.name),
            _ => f.write_str(&self.name),
        }
    }
}

/// An entry of a config's `elements` list (`SanitizerElementNamespaceWithAttributes`): the
/// element's name, with the attributes it allows or removes beyond the global lists.
///
/// ```
/// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
/// use kauri::SanitizerElement;
/// let a = SanitizerElement::from("a").with_attributes(["href", "title"]);
/// assert_eq!(a.attributes.as_ref().map(Vec::len), Some(2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanitizerElement {
    /// The element's name and namespace.
    pub name: SanitizerName,
    /// `attributes`: attributes this element allows as well as the global ones.
    pub attributes: Option<Vec<SanitizerName>>,
    /// `removeAttributes`: attributes removed from this element.
    pub remove_attributes: Option<Vec<SanitizerName>>,
}

impl SanitizerElement {
    /// The same element with these per-element allowed attributes.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let img = kauri::SanitizerElement::from("img").with_attributes(["src", "alt"]);
    /// assert_eq!(img.attributes.unwrap()[1].name, "alt");
    /// ```
    pub fn with_attributes<'s>(mut self, names: impl IntoIterator<Item = &'s str>) -> Self {
        self.attributes = Some(names.into_iter().map(SanitizerName::from).collect());
        self
    }

    /// The same element with these per-element removed attributes.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let p = kauri::SanitizerElement::from("p").with_remove_attributes(["style"]);
    /// assert_eq!(p.remove_attributes.unwrap()[0].name, "style");
    /// ```
    pub fn with_remove_attributes<'s>(mut self, names: impl IntoIterator<Item = &'s str>) -> Self {
        self.remove_attributes = Some(names.into_iter().map(SanitizerName::from).collect());
        self
    }
}

impl From<&str> for SanitizerElement {
    fn from(name: &str) -> SanitizerElement {
        SanitizerName::from(name).into()
    }
}

impl From<SanitizerName> for SanitizerElement {
    fn from(name: SanitizerName) -> SanitizerElement {
        SanitizerElement {
            name,
            attributes: None,
            remove_attributes: None,
        }
    }
}

/// The standard's `SanitizerConfig` dictionary (§ sanitizerconfig): which elements, attributes,
/// comments and processing instructions a sanitizer keeps. Every member is optional, as in the
/// dictionary; [`crate::Sanitizer`] canonicalizes and checks it.
///
/// ```
/// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
/// use kauri::{Sanitizer, SanitizerConfig};
/// let config = SanitizerConfig {
///     elements: Some(vec!["p".into(), "b".into()]),
///     attributes: Some(vec!["title".into()]),
///     ..Default::default()
/// };
/// let sanitizer = Sanitizer::new(config)?;
/// assert_eq!(sanitizer.sanitize(r#"<p title=t class=c>a<i>b</i><b>c</b>"#), r#"<p title="t">a<b>c</b></p>"#);
/// # Ok::<(), kauri::ConfigError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SanitizerConfig {
    /// `elements`: the allow-list of elements (others are removed with their contents).
    pub elements: Option<Vec<SanitizerElement>>,
    /// `removeElements`: elements removed with their contents.
    pub remove_elements: Option<Vec<SanitizerName>>,
    /// `replaceWithChildrenElements`: elements replaced by their (sanitized) children.
    pub replace_with_children_elements: Option<Vec<SanitizerName>>,
    /// `processingInstructions`: the allow-list of processing instruction targets.
    pub processing_instructions: Option<Vec<String>>,
    /// `removeProcessingInstructions`: processing instruction targets removed.
    pub remove_processing_instructions: Option<Vec<String>>,
    /// `attributes`: the allow-list of attributes on every allowed element.
    pub attributes: Option<Vec<SanitizerName>>,
    /// `removeAttributes`: attributes removed from every element.
    pub remove_attributes: Option<Vec<SanitizerName>>,
    /// `comments`: whether comments are kept.
    pub comments: Option<bool>,
    /// `dataAttributes`: whether custom data attributes (`data-*`) are kept (only with an
    /// `attributes` allow-list).
    pub data_attributes: Option<bool>,
    /// `javascriptURLs`: whether `javascript:` URLs in navigating attributes are kept.
    pub javascript_urls: Option<bool>,
}

/// Why a config cannot be used: the standard throws a `TypeError` for each of these.
///
/// ```
/// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
/// use kauri::{ConfigError, Sanitizer, SanitizerConfig};
/// let both = SanitizerConfig {
///     elements: Some(vec!["div".into()]),
///     remove_elements: Some(vec!["div".into()]),
///     ..Default::default()
/// };
/// let error = Sanitizer::new(both).unwrap_err();
/// assert!(matches!(error, ConfigError::Invalid(_)));
/// assert!(error.to_string().contains("removeElements"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The text is not JSON (with the parser's message).
    Json(String),
    /// A member has the wrong type (the standard's WebIDL conversion throws).
    Type {
        /// Where: `elements[2].name`, `comments`, ...
        member: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// The canonical config breaks one of the standard's validity rules (§ sanitizerconfig-valid);
    /// the text says which.
    Invalid(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Json(message) => write!(f, "the sanitizer config is not JSON: {message}"),
            ConfigError::Type { member, expected } => {
                write!(f, "sanitizer config member {member} must be {expected}")
            }
            ConfigError::Invalid(why) => write!(f, "invalid sanitizer config: {why}"),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Removes `item` from `list`; whether it was there.
fn remove_item<T: PartialEq>(list: &mut Vec<T>, item: &T) -> bool {
    let before = list.len();
    list.retain(|x| x != item);
    list.len() != before
}

fn has_duplicates<T: PartialEq>(list: &[T]) -> bool {
    // Config lists are short; a quadratic check keeps the order-free comparison simple and is
    // bounded by the config, not by the input being sanitized.
    list.iter()
        .enumerate()
        .any(|(i, a)| list[i + 1..].iter().any(|b| a == b))
}

fn intersects<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.iter().any(|x| b.contains(x))
}

fn canonical_names(list: &mut Option<Vec<SanitizerName>>, default: Option<&str>) {
    if let Some(list) = list {
        for name in list.iter_mut() {
            *name = name.canonical(default);
        }
    }
}

impl SanitizerConfig {
    /// "Canonicalize the configuration" (§ sanitizer-canonicalize-the-configuration) with
    /// `allow_comments_pis_and_data_attributes`: fills in the lists and flags the dictionary
    /// leaves out, and gives every name its namespace.
    pub(crate) fn canonicalize(&mut self, allow_comments_pis_and_data_attributes: bool) {
        let allow = allow_comments_pis_and_data_attributes;
        if self.elements.is_none() && self.remove_elements.is_none() {
            self.remove_elements = Some(Vec::new());
        }
        if self.processing_instructions.is_none() && self.remove_processing_instructions.is_none() {
            if allow {
                self.remove_processing_instructions = Some(Vec::new());
            } else {
                self.processing_instructions = Some(Vec::new());
            }
        }
        if self.attributes.is_none() && self.remove_attributes.is_none() {
            self.remove_attributes = Some(Vec::new());
        }
        if let Some(elements) = &mut self.elements {
            for element in elements.iter_mut() {
                // "Canonicalize a sanitizer element with attributes".
                element.name = element.name.canonical(Some(HTML_NAMESPACE));
                canonical_names(&mut element.attributes, None);
                canonical_names(&mut element.remove_attributes, None);
                if element.attributes.is_none() && element.remove_attributes.is_none() {
                    element.remove_attributes = Some(Vec::new());
                }
            }
        }
        canonical_names(&mut self.remove_elements, Some(HTML_NAMESPACE));
        canonical_names(
            &mut self.replace_with_children_elements,
            Some(HTML_NAMESPACE),
        );
        canonical_names(&mut self.attributes, None);
        canonical_names(&mut self.remove_attributes, None);
        if self.comments.is_none() {
            self.comments = Some(allow);
        }
        if self.attributes.is_some() && self.data_attributes.is_none() {
            self.data_attributes = Some(allow);
        }
        if self.javascript_urls.is_none() {
            self.javascript_urls = Some(allow);
        }
    }

    /// The standard's "valid" checks on a canonical config (§ sanitizerconfig-valid); the error
    /// names the rule that fails.
    pub(crate) fn check_valid(&self) -> Result<(), ConfigError> {
        let invalid = |why: &str| Err(ConfigError::Invalid(why.to_owned()));
        if self.elements.is_some() && self.remove_elements.is_some() {
            return invalid("give elements or removeElements, not both");
        }
        if self.processing_instructions.is_some() && self.remove_processing_instructions.is_some() {
            return invalid(
                "give processingInstructions or removeProcessingInstructions, not both",
            );
        }
        if self.attributes.is_some() && self.remove_attributes.is_some() {
            return invalid("give attributes or removeAttributes, not both");
        }
        let element_names: Vec<&SanitizerName> = match (&self.elements, &self.remove_elements) {
            (Some(elements), _) => elements.iter().map(|e| &e.name).collect(),
            (None, Some(remove)) => remove.iter().collect(),
            (None, None) => Vec::new(),
        };
        if has_duplicates(&element_names) {
            return invalid("an element is listed twice in elements or removeElements");
        }
        let replace = self
            .replace_with_children_elements
            .as_deref()
            .unwrap_or(&[]);
        if has_duplicates(replace) {
            return invalid("an element is listed twice in replaceWithChildrenElements");
        }
        let pis = self
            .processing_instructions
            .as_deref()
            .or(self.remove_processing_instructions.as_deref())
            .unwrap_or(&[]);
        if has_duplicates(pis) {
            return invalid("a processing instruction target is listed twice");
        }
        let attribute_names = self
            .attributes
            .as_deref()
            .or(self.remove_attributes.as_deref())
            .unwrap_or(&[]);
        if has_duplicates(attribute_names) {
            return invalid("an attribute is listed twice in attributes or removeAttributes");
        }
        if replace.iter().any(crate::builtins::is_non_replaceable) {
            return invalid("html, svg and math cannot be in replaceWithChildrenElements");
        }
        if element_names.iter().any(|name| replace.contains(name)) {
            return invalid(if self.elements.is_some() {
                "an element is in both elements and replaceWithChildrenElements"
            } else {
                "an element is in both removeElements and replaceWithChildrenElements"
            });
        }
        let elements = self.elements.as_deref().unwrap_or(&[]);
        if let Some(attributes) = &self.attributes {
            let data = self.data_attributes == Some(true);
            for element in elements {
                let local = element.attributes.as_deref().unwrap_or(&[]);
                let remove = element.remove_attributes.as_deref().unwrap_or(&[]);
                if has_duplicates(local) || has_duplicates(remove) {
                    return invalid("an element lists an attribute twice");
                }
                if intersects(attributes, local) {
                    return invalid("an element's attributes repeat a global attribute");
                }
                if !remove.iter().all(|a| attributes.contains(a)) {
                    return invalid(
                        "an element's removeAttributes must be global attributes when attributes is given",
                    );
                }
                if data && local.iter().any(SanitizerName::is_custom_data_attribute) {
                    return invalid(
                        "an element lists a data- attribute while dataAttributes is true",
                    );
                }
            }
            if data
                && attributes
                    .iter()
                    .any(SanitizerName::is_custom_data_attribute)
            {
                return invalid("attributes lists a data- attribute while dataAttributes is true");
            }
        } else if let Some(remove_attributes) = &self.remove_attributes {
            for element in elements {
                if element.attributes.is_some() && element.remove_attributes.is_some() {
                    return invalid(
                        "an element gives attributes and removeAttributes while the config gives removeAttributes",
                    );
                }
                let local = element.attributes.as_deref().unwrap_or(&[]);
                let remove = element.remove_attributes.as_deref().unwrap_or(&[]);
                if has_duplicates(local) || has_duplicates(remove) {
                    return invalid("an element lists an attribute twice");
                }
                if intersects(remove_attributes, local) || intersects(remove_attributes, remove) {
                    return invalid("an element's attributes repeat a removed global attribute");
                }
            }
            if self.data_attributes.is_some() {
                return invalid(
                    "dataAttributes needs an attributes allow-list, not removeAttributes",
                );
            }
        }
        Ok(())
    }

    /// "Remove an element" from a canonical config (§ sanitizer-remove-an-element): afterwards
    /// the config removes `element`. Returns whether the config changed.
    pub(crate) fn remove_element(&mut self, element: &SanitizerName) -> bool {
        let mut modified = self
            .replace_with_children_elements
            .as_mut()
            .is_some_and(|list| remove_item(list, element));
        if let Some(elements) = &mut self.elements {
            let before = elements.len();
            elements.retain(|e| e.name != *element);
            modified |= elements.len() != before;
            return modified;
        }
        let remove = self.remove_elements.get_or_insert_with(Vec::new);
        if remove.contains(element) {
            return modified;
        }
        remove.push(element.clone());
        true
    }

    /// "Remove an attribute" from a canonical config (§ sanitizer-remove-an-attribute):
    /// afterwards no element keeps `attribute`. Returns whether the config changed.
    pub(crate) fn remove_attribute(&mut self, attribute: &SanitizerName) -> bool {
        let mut modified = false;
        for element in self.elements.iter_mut().flatten() {
            for list in [&mut element.attributes, &mut element.remove_attributes]
                .into_iter()
                .flatten()
            {
                modified |= remove_item(list, attribute);
            }
        }
        if let Some(attributes) = &mut self.attributes {
            return remove_item(attributes, attribute) || modified;
        }
        let remove = self.remove_attributes.get_or_insert_with(Vec::new);
        if remove.contains(attribute) {
            return modified;
        }
        remove.push(attribute.clone());
        true
    }

    /// "Remove unsafe" (§ sanitizer-remove-unsafe) from a canonical config: every element of
    /// the built-in safe baseline configuration's `removeElements` and every event handler
    /// content attribute is removed, and `javascript:` URLs are not kept.
    /// Returns whether the config changed.
    pub(crate) fn remove_unsafe(&mut self) -> bool {
        let mut modified = false;
        for element in crate::builtins::safe_baseline_remove_elements() {
            modified |= self.remove_element(&element);
        }
        for name in crate::builtins::EVENT_HANDLER_CONTENT_ATTRIBUTES {
            modified |= self.remove_attribute(&SanitizerName::with_namespace(name, None));
        }
        modified |= self.javascript_urls != Some(false);
        self.javascript_urls = Some(false);
        modified
    }
}
