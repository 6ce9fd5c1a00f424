//! The WHATWG HTML standard's sanitizer (§ html-sanitization) on Kauri's DOM: `setHTML`,
//! `setHTMLUnsafe`, `parseHTML` and `parseHTMLUnsafe`, the `Sanitizer` and its
//! `SanitizerConfig`, and the built-in safe default configuration.
//!
//! [`Sanitizer::default()`] is the built-in safe default configuration: a short allow-list of
//! text, structure and table elements (plus MathML and SVG presentation), a few attributes,
//! no comments, no `data-*`, no `javascript:` URLs. [`Sanitizer::sanitize`] parses a string as
//! a `<div>`'s children would be parsed, sanitizes the tree and serializes it:
//!
//! ```
//! # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
//! let clean = kauri::Sanitizer::default()
//!     .sanitize(r#"<p onclick="steal()">Hi <a href="javascript:x()">you</a><script>x()</script>"#);
//! assert_eq!(clean, "<p>Hi <a>you</a></p>");
//! ```
//!
//! A config in the standard's dictionary shape comes from a [`SanitizerConfig`], the
//! [`SanitizerBuilder`], or JSON ([`Sanitizer::from_json`], the `json` feature, on by default):
//!
//! ```
//! # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
//! use kauri::Sanitizer;
//! let sanitizer = Sanitizer::from_json(r#"{"elements": ["p", {"name": "a", "attributes": ["href"]}]}"#)?;
//! assert_eq!(sanitizer.sanitize("<p><a href=/x title=t>x</a><b>y</b>"), r#"<p><a href="/x">x</a></p>"#);
//! # Ok::<(), kauri::ConfigError>(())
//! ```
//!
//! The "safe" methods ([`Sanitizer::sanitize`], [`Sanitizer::set_html`], ...) always remove
//! what runs script, whatever the config allows: `script`, `iframe`, `object`, `embed`,
//! `frame`, SVG `script` and `use`, every event handler attribute, `javascript:` URLs in
//! navigating attributes and SVG animations of `href`. The "unsafe" ones apply the config as
//! given.
//!
//! Every string this crate returns is re-parse safe: parsed again in the same context it gives
//! the tree that was serialized (see `round_trip.rs`), so sanitizing it again gives it back.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod builder;
mod builtins;
mod config;
#[cfg(feature = "json")]
mod json;
mod modifiers;
mod plain_text;
mod round_trip;
mod rules;
mod sanitize;
mod url;
mod while_parsing;

use std::sync::{Arc, OnceLock};

use kauri_dom::serialize::html::{serialize_inner, SerializeOptions};
use kauri_dom::{Arena, Document, EditError, Editor, Node, Parsed};
use kauri_dom::{Driver, FragmentContext, ParseOptions};
use kauri_tokenizer::{local_name, Namespace, QualName};

pub use builder::SanitizerBuilder;
pub use config::{
    ConfigError, SanitizerConfig, SanitizerElement, SanitizerName, HTML_NAMESPACE,
    MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE, XMLNS_NAMESPACE, XML_NAMESPACE,
};

use rules::Rules;

/// A sanitizer: a canonical, valid [`SanitizerConfig`] (the standard's `Sanitizer` object,
/// § sanitizer), ready to sanitize strings, fragments and documents. Cheap to clone.
///
/// ```
/// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
/// use kauri::{Sanitizer, SanitizerConfig};
/// let strict = Sanitizer::new(SanitizerConfig {
///     elements: Some(vec!["b".into(), "i".into()]),
///     ..Default::default()
/// })?;
/// assert_eq!(strict.sanitize("<b>bold</b> <u>under</u> <i onclick=x>it</i>"), "<b>bold</b>  <i>it</i>");
/// # Ok::<(), kauri::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sanitizer {
    config: Arc<SanitizerConfig>,
    /// The config as given, for the unsafe methods.
    rules: Arc<Rules>,
    /// The config after "remove unsafe", for the safe methods.
    safe_rules: Arc<Rules>,
}

impl Default for Sanitizer {
    /// The built-in safe default configuration (§ built-in-safe-default-configuration).
    fn default() -> Sanitizer {
        static DEFAULT: OnceLock<Sanitizer> = OnceLock::new();
        DEFAULT
            .get_or_init(|| Sanitizer::from_canonical(builtins::safe_default_configuration()))
            .clone()
    }
}

/// The context element `div`, the default of every fragment method here.
fn div() -> QualName {
    QualName::html(local_name!("div"))
}

/// The parse options of this crate's fragment parses: the "allow declarative shadow roots" flag
/// set, as `setHTML` and `setHTMLUnsafe` parse, with scripting enabled (so `noscript` holds raw
/// text, as in a browsing context).
fn fragment_options() -> ParseOptions {
    ParseOptions {
        declarative_shadow_roots: Some(true),
        ..ParseOptions::default()
    }
}

/// The plain fragment parse of this crate (the re-parse check's): the HTML fragment parsing
/// algorithm (§ html-fragment-parsing-algorithm) for `context`, with [`fragment_options`],
/// where the context element hosts no declarative shadow root (a top-level
/// `<template shadowrootmode>` stays a template: `setHTMLUnsafe` in whatwg/html PR #12756 and
/// Chromium 156, see [`Driver::context_shadow_host`]).
fn parse_fragment_for<'a>(arena: &'a Arena<'a>, html: &str, context: &QualName) -> Parsed<'a> {
    let context = FragmentContext::element(context.clone(), Vec::new());
    Driver::fragment(&fragment_options(), &context)
        .context_shadow_host(false)
        .run(arena, html, false)
        .0
}

/// `setHTML`'s and `setHTMLUnsafe`'s parse: the fragment parse of [`parse_fragment_for`] (the
/// context element hosts no declarative shadow root) with the parser sanitizer configuration
/// `rules` (whatwg/html PR #12756, sanitize while parsing:
/// see `while_parsing.rs`). Attributes are left to "sanitize core". `facts` gets what the
/// sanitizing sink saw of how the tree was made.
fn parse_and_sanitize_fragment<'a>(
    arena: &'a Arena<'a>,
    html: &str,
    context: &QualName,
    rules: &Rules,
    facts: &while_parsing::ParseFacts,
) -> Parsed<'a> {
    let context = FragmentContext::element(context.clone(), Vec::new());
    let (parsed, _) = Driver::fragment(&fragment_options(), &context)
        .context_shadow_host(false)
        .run_filtered(arena, html, false, |sink| {
            while_parsing::SanitizingSink::new(sink, rules, true, facts)
        });
    parsed
}

/// Whether `context` is a `script` element (HTML or SVG), where the safe methods do nothing
/// (§ set-and-filter-html, step 1).
fn is_script(context: &QualName) -> bool {
    matches!(context.ns, Namespace::Html | Namespace::Svg) && context.local == local_name!("script")
}

impl Sanitizer {
    /// `new Sanitizer(config)` (§ dom-sanitizer-constructor): "set a configuration" with
    /// comments, processing instructions and data attributes allowed unless `config` says
    /// otherwise. An invalid config is a [`ConfigError`].
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{Sanitizer, SanitizerConfig};
    /// let keep_comments = Sanitizer::new(SanitizerConfig::default())?;
    /// assert_eq!(keep_comments.sanitize_unsafe("<!--c--><p>x"), "<!--c--><p>x</p>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn new(config: SanitizerConfig) -> Result<Sanitizer, ConfigError> {
        Sanitizer::set_a_configuration(config, true)
    }

    /// The sanitizer a safe method (`setHTML`, `parseHTML`) makes of a config dictionary
    /// passed to it (§ get-a-sanitizer-instance-from-options with safe = true): comments,
    /// processing instructions, data attributes and `javascript:` URLs are off unless `config`
    /// turns them on. The command line's `--config` and Python's `config=` mean this.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{Sanitizer, SanitizerConfig};
    /// let s = Sanitizer::for_safe_methods(SanitizerConfig::default())?;
    /// assert_eq!(s.sanitize("<!--c--><?pi x><p>x"), "<p>x</p>");
    /// let unsafe_too = Sanitizer::new(SanitizerConfig::default())?;
    /// assert_eq!(unsafe_too.sanitize_unsafe("<!--c--><p>x"), "<!--c--><p>x</p>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn for_safe_methods(config: SanitizerConfig) -> Result<Sanitizer, ConfigError> {
        Sanitizer::set_a_configuration(config, false)
    }

    /// "Set a configuration" (§ sanitizer-set-a-configuration): canonicalize, then check.
    fn set_a_configuration(
        mut config: SanitizerConfig,
        allow_comments_pis_and_data_attributes: bool,
    ) -> Result<Sanitizer, ConfigError> {
        config.canonicalize(allow_comments_pis_and_data_attributes);
        config.check_valid()?;
        Ok(Sanitizer::from_canonical(config))
    }

    fn from_canonical(config: SanitizerConfig) -> Sanitizer {
        let rules = Rules::new(&config);
        let mut safe = config.clone();
        safe.remove_unsafe();
        Sanitizer {
            rules: Arc::new(rules),
            safe_rules: Arc::new(Rules::new(&safe)),
            config: Arc::new(config),
        }
    }

    /// A config written as JSON in the standard's dictionary shape, for `new Sanitizer(config)`
    /// (see [`SanitizerConfig::from_json`] for the conversions). The JSON string `"default"`
    /// (the `SanitizerPresets` value) is the built-in safe default configuration.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::from_json(r#"{"removeElements": ["b"]}"#)?;
    /// assert_eq!(s.sanitize("<b>x</b><i>y</i>"), "<i>y</i>");
    /// assert!(kauri::Sanitizer::from_json(r#"{"elements": 1}"#).is_err());
    /// let default = kauri::Sanitizer::from_json(r#""default""#)?;
    /// assert_eq!(default.sanitize("<i onclick=x>y</i>"), "<i>y</i>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    #[cfg(feature = "json")]
    pub fn from_json(json: &str) -> Result<Sanitizer, ConfigError> {
        Sanitizer::from_json_with(json, true)
    }

    /// A config written as JSON, as a safe method (`setHTML`) takes it: see
    /// [`Sanitizer::for_safe_methods`]. This is what the command line's `--config` reads.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::from_json_for_safe_methods(r#"{"removeElements": ["b"]}"#)?;
    /// assert_eq!(s.sanitize("<!--c--><b>x</b><i>y</i>"), "<i>y</i>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    #[cfg(feature = "json")]
    pub fn from_json_for_safe_methods(json: &str) -> Result<Sanitizer, ConfigError> {
        Sanitizer::from_json_with(json, false)
    }

    #[cfg(feature = "json")]
    fn from_json_with(json: &str, allow: bool) -> Result<Sanitizer, ConfigError> {
        if json::is_default_preset(json) {
            return Ok(Sanitizer::default());
        }
        Sanitizer::set_a_configuration(SanitizerConfig::from_json(json)?, allow)
    }

    /// A [`SanitizerBuilder`] starting from an empty config.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().elements(["p", "em"]).build()?;
    /// assert_eq!(s.sanitize("<p><em>a</em><b>b</b>"), "<p><em>a</em></p>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn builder() -> SanitizerBuilder {
        SanitizerBuilder::default()
    }

    /// The canonical config (`sanitizer.get()`, § dom-sanitizer-get, without its sorting).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let config = kauri::Sanitizer::default().config().clone();
    /// assert_eq!(config.comments, Some(false));
    /// assert!(config.elements.unwrap().iter().any(|e| e.name.name == "p"));
    /// ```
    pub fn config(&self) -> &SanitizerConfig {
        &self.config
    }

    /// `get()` (§ dom-sanitizer-get): a copy of the canonical config with every list sorted
    /// (null namespace first, then by namespace and name).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::from_json(r#"{"removeElements": ["u", "b"]}"#)?;
    /// let names: Vec<String> = s.get().remove_elements.unwrap().into_iter().map(|n| n.name).collect();
    /// assert_eq!(names, ["b", "u"]);
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn get(&self) -> SanitizerConfig {
        self.config.sorted()
    }

    /// Runs a modifier on the config and, when it changed it, rebuilds the lookups.
    fn modify(&mut self, modifier: impl FnOnce(&mut SanitizerConfig) -> bool) -> bool {
        let mut config = (*self.config).clone();
        if !modifier(&mut config) {
            return false;
        }
        *self = Sanitizer::from_canonical(config);
        true
    }

    /// `allowElement(element)` (§ sanitizer-allow-an-element): elements like `element` are
    /// kept (with the element's own attribute lists, adjusted to the global ones). Returns
    /// whether the config changed; with a `removeElements` config an element that brings
    /// attribute lists cannot be allowed (false).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{Sanitizer, SanitizerElement};
    /// let mut s = Sanitizer::from_json(r#"{"elements": ["p"]}"#)?;
    /// assert!(s.allow_element(SanitizerElement::from("a").with_attributes(["href"])));
    /// assert!(!s.allow_element(SanitizerElement::from("a").with_attributes(["href"])));
    /// assert_eq!(s.sanitize(r#"<p><a href="/x" title=t>x</a>"#), r#"<p><a href="/x">x</a></p>"#);
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn allow_element(&mut self, element: impl Into<SanitizerElement>) -> bool {
        let element = element.into();
        self.modify(|config| config.allow_element(element))
    }

    /// `removeElement(element)` (§ sanitizer-remove-an-element): elements like `element` are
    /// removed with their contents. Returns whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::default();
    /// assert!(s.remove_element("b"));
    /// assert_eq!(s.sanitize("<b>x</b><i>y</i>"), "<i>y</i>");
    /// ```
    pub fn remove_element(&mut self, element: impl Into<SanitizerName>) -> bool {
        let element = element.into().canonical(Some(HTML_NAMESPACE));
        self.modify(|config| config.remove_element(&element))
    }

    /// `replaceElementWithChildren(element)` (§ sanitizer-replace-an-element-with-its-children):
    /// elements like `element` are replaced with their children. `html`, `svg` and `math`
    /// cannot be (false); otherwise returns whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::default();
    /// assert!(s.replace_element_with_children("b"));
    /// assert!(!s.replace_element_with_children("html"));
    /// assert_eq!(s.sanitize("<b>x</b><i>y</i>"), "x<i>y</i>");
    /// ```
    pub fn replace_element_with_children(&mut self, element: impl Into<SanitizerName>) -> bool {
        let element = element.into();
        self.modify(|config| config.replace_element_with_children(&element))
    }

    /// `allowAttribute(attribute)` (§ sanitizer-allow-an-attribute): `attribute` is kept on
    /// every kept element (no namespace unless the name gives one). Returns whether the
    /// config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::default();
    /// assert!(s.allow_attribute("class"));
    /// assert_eq!(s.sanitize(r#"<p class=c id=i>x</p>"#), r#"<p class="c">x</p>"#);
    /// ```
    pub fn allow_attribute(&mut self, attribute: impl Into<SanitizerName>) -> bool {
        let attribute = attribute.into();
        self.modify(|config| config.allow_attribute(&attribute))
    }

    /// `removeAttribute(attribute)` (§ sanitizer-remove-an-attribute): `attribute` is removed
    /// from every element. Returns whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::default();
    /// assert!(s.remove_attribute("title"));
    /// assert_eq!(s.sanitize(r#"<p title=t lang=en>x</p>"#), r#"<p lang="en">x</p>"#);
    /// ```
    pub fn remove_attribute(&mut self, attribute: impl Into<SanitizerName>) -> bool {
        let attribute = attribute.into().canonical(None);
        self.modify(|config| config.remove_attribute(&attribute))
    }

    /// `allowProcessingInstruction(pi)`: processing instructions with this target are kept.
    /// Returns whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::default();
    /// assert!(s.allow_processing_instruction("x"));
    /// assert_eq!(s.sanitize("<?x data?><?y data?>"), "<?x data?>");
    /// ```
    pub fn allow_processing_instruction(&mut self, target: &str) -> bool {
        self.modify(|config| config.allow_processing_instruction(target))
    }

    /// `removeProcessingInstruction(pi)`: processing instructions with this target are
    /// removed. Returns whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::from_json("{}")?;
    /// assert!(s.remove_processing_instruction("x"));
    /// assert_eq!(s.sanitize_unsafe("<?x a?><?y b?>"), "<?y b?>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn remove_processing_instruction(&mut self, target: &str) -> bool {
        self.modify(|config| config.remove_processing_instruction(target))
    }

    /// `setComments(allow)`: whether comments are kept. Returns whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::default();
    /// assert!(!s.set_comments(false));
    /// assert!(s.set_comments(true));
    /// assert_eq!(s.sanitize("<!--c--><p>x"), "<!--c--><p>x</p>");
    /// ```
    pub fn set_comments(&mut self, allow: bool) -> bool {
        self.modify(|config| config.set_comments(allow))
    }

    /// `setDataAttributes(allow)`: whether custom data attributes (`data-*`) are kept. Only
    /// a config with an `attributes` allow-list has the flag (otherwise false). Returns
    /// whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::default();
    /// assert!(s.set_data_attributes(true));
    /// assert_eq!(s.sanitize(r#"<p data-x=1>x</p>"#), r#"<p data-x="1">x</p>"#);
    /// ```
    pub fn set_data_attributes(&mut self, allow: bool) -> bool {
        self.modify(|config| config.set_data_attributes(allow))
    }

    /// `setJavascriptURLs(allow)`: whether the unsafe methods keep `javascript:` URLs (the
    /// safe ones never do). Returns whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::default();
    /// assert!(s.set_javascript_urls(true));
    /// assert_eq!(s.sanitize_unsafe(r#"<a href="javascript:x()">x</a>"#), r#"<a href="javascript:x()">x</a>"#);
    /// assert_eq!(s.sanitize(r#"<a href="javascript:x()">x</a>"#), "<a>x</a>");
    /// ```
    pub fn set_javascript_urls(&mut self, allow: bool) -> bool {
        self.modify(|config| config.set_javascript_urls(allow))
    }

    /// `removeUnsafe()` (§ sanitizer-remove-unsafe): the config itself drops what runs
    /// script (what the safe methods drop anyway), so the unsafe methods are safe too. Returns
    /// whether the config changed.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let mut s = kauri::Sanitizer::from_json("{}")?;
    /// assert!(s.remove_unsafe());
    /// assert!(!s.remove_unsafe());
    /// assert_eq!(s.sanitize_unsafe("<b onclick=x()>b</b><script>x()</script>"), "<b>b</b>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn remove_unsafe(&mut self) -> bool {
        self.modify(SanitizerConfig::remove_unsafe)
    }

    fn rules(&self, safe: bool) -> &Rules {
        if safe {
            &self.safe_rules
        } else {
            &self.rules
        }
    }

    /// Sanitizes `html` as the children of a `<div>` (`div.setHTML(html, {sanitizer})`) and
    /// serializes the result: a re-parse-safe string, which parses back to exactly the
    /// sanitized tree (so a carriage return, which only `&#13;` can put in it, is written as
    /// `&#13;` where `innerHTML` would write it as it is).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::default();
    /// assert_eq!(s.sanitize("<img src=x onerror=alert(1)>ok"), "ok");
    /// assert_eq!(s.sanitize("a&#13;b"), "a&#13;b");
    /// ```
    pub fn sanitize(&self, html: &str) -> String {
        self.sanitize_for(html, &div())
    }

    /// [`Sanitizer::sanitize`] in another context element (`td`, SVG `g`, ...).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{LocalName, QualName};
    /// let s = kauri::Sanitizer::default();
    /// let tbody = QualName::html(LocalName::from("tbody"));
    /// assert_eq!(s.sanitize_for("<tr><td>1<td>2", &tbody), "<tr><td>1</td><td>2</td></tr>");
    /// ```
    pub fn sanitize_for(&self, html: &str, context: &QualName) -> String {
        self.sanitize_to_string(html, context, true)
    }

    /// `div.setHTMLUnsafe(html, {sanitizer})`, serialized: the config as given (script and
    /// event handlers stay if it allows them), re-parse safe.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::from_json(r#"{"removeElements": ["b"]}"#)?;
    /// assert_eq!(s.sanitize_unsafe("<b>x</b><i onclick=f()>y</i>"), r#"<i onclick="f()">y</i>"#);
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn sanitize_unsafe(&self, html: &str) -> String {
        self.sanitize_unsafe_for(html, &div())
    }

    /// [`Sanitizer::sanitize_unsafe`] in another context element.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{LocalName, QualName};
    /// let s = kauri::Sanitizer::from_json("{}")?;
    /// let ul = QualName::html(LocalName::from("ul"));
    /// assert_eq!(s.sanitize_unsafe_for("<li>a<li>b", &ul), "<li>a</li><li>b</li>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn sanitize_unsafe_for(&self, html: &str, context: &QualName) -> String {
        self.sanitize_to_string(html, context, false)
    }

    fn sanitize_to_string(&self, html: &str, context: &QualName, safe: bool) -> String {
        if safe && is_script(context) {
            return String::new();
        }
        if let Some(text) = plain_text::sanitized(html, context) {
            return text;
        }
        self.sanitize_parsed_to_string(html, context, safe)
    }

    /// [`Sanitizer::sanitize_to_string`] by parsing `html`, whatever it holds.
    fn sanitize_parsed_to_string(&self, html: &str, context: &QualName, safe: bool) -> String {
        let rules = self.rules(safe);
        let facts = while_parsing::ParseFacts::default();
        let mut doc = Document::build(|arena| {
            parse_and_sanitize_fragment(arena, html, context, rules, &facts)
        });
        doc.edit(|ed| {
            let changed_structure =
                sanitize::sanitize_core_after_sink(ed, ed.root(), rules, &facts)
                    || facts.changed_structure.get();
            let tables = !facts.foster_parented.get();
            let moved = facts.adoption_agency_moved.get();
            if round_trip::is_stable(ed.root(), context, changed_structure, tables, moved) {
                return serialize_children(ed.root(), context, html.len() + 16);
            }
            make_reparse_safe(ed, ed.root(), context, html.len() + 16)
        })
    }

    /// `setHTML` (§ dom-element-sethtml) into a fresh `context` element: the sanitized
    /// fragment as a tree (a fragment [`Document`]), exactly the standard's, shadow roots
    /// included. Its serialization is what a browser's `innerHTML` would give; for a string
    /// that is always re-parse safe use [`Sanitizer::sanitize_for`] or
    /// [`Sanitizer::sanitize_to_tree`].
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{LocalName, QualName};
    /// let s = kauri::Sanitizer::default();
    /// let div = QualName::html(LocalName::from("div"));
    /// let tree = s.set_html("<div><template shadowrootmode=open><b onclick=x>in</b></template>out</div>", &div);
    /// let host = tree.root().first_child().unwrap();
    /// assert_eq!(host.shadow_root().unwrap().first_child().unwrap().as_element().unwrap().attrs().len(), 0);
    /// assert_eq!(tree.to_html(), "<div>out</div>");
    /// ```
    pub fn set_html(&self, html: &str, context: &QualName) -> Document {
        self.set_html_tree(html, context, true)
    }

    /// `setHTMLUnsafe` with this sanitizer (§ dom-element-sethtmlunsafe), as a tree.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{LocalName, QualName};
    /// let s = kauri::Sanitizer::from_json(r#"{"replaceWithChildrenElements": ["b"]}"#)?;
    /// let tree = s.set_html_unsafe("<b>a</b><script>x</script>", &QualName::html(LocalName::from("div")));
    /// assert_eq!(tree.to_html(), "a<script>x</script>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn set_html_unsafe(&self, html: &str, context: &QualName) -> Document {
        self.set_html_tree(html, context, false)
    }

    fn set_html_tree(&self, html: &str, context: &QualName, safe: bool) -> Document {
        let html = if safe && is_script(context) { "" } else { html };
        let rules = self.rules(safe);
        let facts = while_parsing::ParseFacts::default();
        let mut doc = Document::build(|arena| {
            parse_and_sanitize_fragment(arena, html, context, rules, &facts)
        });
        doc.edit(|ed| sanitize::sanitize_core_after_sink(ed, ed.root(), rules, &facts));
        doc
    }

    /// The tree of [`Sanitizer::sanitize_for`]: `setHTML`'s tree after the re-parse repair,
    /// so that its serialization parses back to it.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{LocalName, QualName};
    /// let s = kauri::Sanitizer::default();
    /// let tree = s.sanitize_to_tree("<p>a<script>b</script>c", &QualName::html(LocalName::from("div")));
    /// assert_eq!(tree.root().first_child().unwrap().children().count(), 1); // "ac", one Text node
    /// ```
    pub fn sanitize_to_tree(&self, html: &str, context: &QualName) -> Document {
        let mut doc = self.set_html(html, context);
        doc.edit(|ed| make_reparse_safe(ed, ed.root(), context, html.len() + 16));
        doc
    }

    /// `Document.parseHTML` (`safe`) or `parseHTMLUnsafe` with this sanitizer
    /// (§ parse-html-with-sanitizer): `html` parsed as a page, sanitized while it is parsed
    /// (whatwg/html PR #12756, see [`Sanitizer::sanitize`]) and then by "sanitize core". The
    /// parse is a new document's: scripting disabled (no browsing context), declarative shadow
    /// roots allowed. The `kauri` facade's `parse_html` and `parse_html_unsafe` call this.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::default();
    /// let page = s.parse_document("<title>T</title><p onclick=x>a<script>x()</script>", true);
    /// assert_eq!(page.to_html(), "<html><head><title>T</title></head><body><p>a</p></body></html>");
    /// ```
    pub fn parse_document(&self, html: &str, safe: bool) -> Document {
        let options = ParseOptions {
            scripting: false,
            declarative_shadow_roots: Some(true),
            ..ParseOptions::default()
        };
        let rules = self.rules(safe);
        let facts = while_parsing::ParseFacts::default();
        let mut doc = Document::build(|arena| {
            Driver::document(&options)
                .run_filtered(arena, html, false, |sink| {
                    while_parsing::SanitizingSink::new(sink, rules, false, &facts)
                })
                .0
        });
        doc.edit(|ed| sanitize::sanitize_core_after_sink(ed, ed.root(), rules, &facts));
        doc
    }

    /// Sanitizes an existing document in place with "sanitize core" (§ sanitize-core, the
    /// standard's algorithm on a finished tree): `safe` picks the safe method's rules. To parse
    /// and sanitize a page as `Document.parseHTML` does, use [`Sanitizer::parse_document`].
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::from_json(r#"{"elements": ["html", "head", "body", "p"]}"#)?;
    /// let mut page = kauri::parse_fragment("<p onclick=x>a</p><b>b</b>", "body", &Default::default())?;
    /// s.sanitize_document(&mut page, true);
    /// assert_eq!(page.to_html(), "<p>a</p>");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sanitize_document(&self, doc: &mut Document, safe: bool) {
        doc.edit(|ed| sanitize::sanitize_core(ed, ed.root(), self.rules(safe), false));
    }

    /// `element.setHTML(html, {sanitizer})` inside an edit (§ dom-element-sethtml): parses
    /// `html` in `element`'s context (declarative shadow roots allowed), replaces the
    /// element's children (a template's: its contents') with it, and sanitizes them with the
    /// safe rules, then makes them re-parse safe. On a `script` element it does nothing.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::default();
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let div = ed.create_element("div")?;
    ///     ed.append_child(ed.root(), div)?;
    ///     s.set_html_in(ed, div, "<em onmouseover=x>hi</em><iframe src=x></iframe>")
    /// })?;
    /// assert_eq!(doc.to_html(), "<div><em>hi</em></div>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn set_html_in<'a>(
        &self,
        ed: &Editor<'a>,
        element: &'a Node<'a>,
        html: &str,
    ) -> Result<(), EditError> {
        self.set_html_in_with(ed, element, html, true)
    }

    /// `element.setHTMLUnsafe(html, {sanitizer})` inside an edit: [`Sanitizer::set_html_in`]
    /// with the config as given.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::from_json(r#"{"removeElements": ["i"]}"#)?;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let div = ed.create_element("div")?;
    ///     ed.append_child(ed.root(), div)?;
    ///     s.set_html_unsafe_in(ed, div, "<b onclick=f()>b</b><i>i</i>")
    /// })?;
    /// assert_eq!(doc.to_html(), r#"<div><b onclick="f()">b</b></div>"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_html_unsafe_in<'a>(
        &self,
        ed: &Editor<'a>,
        element: &'a Node<'a>,
        html: &str,
    ) -> Result<(), EditError> {
        self.set_html_in_with(ed, element, html, false)
    }

    fn set_html_in_with<'a>(
        &self,
        ed: &Editor<'a>,
        element: &'a Node<'a>,
        html: &str,
        safe: bool,
    ) -> Result<(), EditError> {
        let context = element
            .as_element()
            .ok_or(EditError::NotAnElement)?
            .qual_name()
            .clone();
        if safe && is_script(&context) {
            return Ok(());
        }
        let rules = self.rules(safe);
        let facts = while_parsing::ParseFacts::default();
        ed.set_html_unsafe_filtered(element, html, |sink| {
            while_parsing::SanitizingSink::new(sink, rules, true, &facts)
        })?;
        let target = element
            .as_element()
            .and_then(|e| e.template_contents())
            .unwrap_or(element);
        sanitize::sanitize_core_after_sink(ed, target, rules, &facts);
        make_reparse_safe(ed, target, &context, html.len() + 16);
        Ok(())
    }
}

/// The children of `root` as the `innerHTML` of a `context` element gives them: in a raw text
/// context (`style`, `script`, `xmp`, `iframe`, `noembed`, `noframes`, `plaintext`, and
/// `noscript` with scripting on, as the fragment parse has it), text is written literally
/// (§ serialising-html-fragments).
///
/// One departure from the standard's serialization, so that the string parses back to the
/// tree exactly: a carriage return is written as `&#13;`. Only that reference puts one in a
/// parsed tree (the parser turns every CR of its input into a line feed, § preprocessing-the-
/// input-stream), in a text or an attribute value, where the standard writes it as it is and
/// the next parse would read a line feed instead; raw text, comments and processing
/// instructions never hold one.
///
/// `capacity` is the expected length (the input's: sanitizing mostly removes), so that the
/// string is allocated once.
fn serialize_children(root: &Node<'_>, context: &QualName, capacity: usize) -> String {
    let raw_text_context = context.ns == Namespace::Html
        && (kauri_dom::serialize::is_raw_text_element_name(&context.local)
            || context.local == local_name!("noscript"));
    if raw_text_context && root.children().all(|c| c.is_text()) {
        return root.children().filter_map(|c| c.as_text()).collect();
    }
    let mut out = String::with_capacity(capacity);
    serialize_inner(root, &SerializeOptions::default(), &mut out);
    if contains_carriage_return(out.as_bytes()) {
        out = out.replace('\r', "&#13;");
    }
    out
}

/// Whether `bytes` holds a carriage return, sixteen bytes at a time (the serialization almost
/// never does, so the whole string is read): two words, each tested for a CR byte with the
/// "has a zero byte" test of the word XOR CR repeated, and the last sixteen (or eight) bytes
/// as overlapping words, not one at a time.
fn contains_carriage_return(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let has_cr = |eight: &[u8]| {
        let word = u64::from_le_bytes(eight.try_into().expect("eight bytes")) ^ (ONES * 0x0D);
        word.wrapping_sub(ONES) & !word & (ONES * 0x80) != 0
    };
    let len = bytes.len();
    if len < 8 {
        return bytes.contains(&b'\r');
    }
    if len < 16 {
        return has_cr(&bytes[..8]) || has_cr(&bytes[len - 8..]);
    }
    let mut sixteens = bytes.chunks_exact(16);
    sixteens.any(|s| has_cr(&s[..8]) || has_cr(&s[8..]))
        || has_cr(&bytes[len - 16..len - 8])
        || has_cr(&bytes[len - 8..])
}

/// The re-parse repair loop (see `round_trip.rs`) on the children of `root`, parsed in
/// `context`: returns their serialization once it parses back to them.
/// `capacity` is the expected length of the serialization.
fn make_reparse_safe<'a>(
    ed: &Editor<'a>,
    root: &'a Node<'a>,
    context: &QualName,
    capacity: usize,
) -> String {
    for _ in 0..round_trip::MAX_ROUNDS {
        let html = serialize_children(root, context, capacity);
        let reparsed = Document::build(|arena| parse_fragment_for(arena, &html, context));
        let ours = round_trip::flatten(root);
        let theirs = round_trip::flatten(reparsed.root());
        match round_trip::first_difference(&ours, &theirs) {
            None => return html,
            // The re-parse only adds nodes after all of ours: removing cannot help.
            Some(at) if at == ours.len() => break,
            Some(at) => round_trip::repair(ed, &ours, at),
        }
    }
    round_trip::clear(ed, root);
    // What an empty string parses to: nothing, except in an `html` context, where the parser
    // always makes a `head` and a `body`.
    if context.ns == Namespace::Html && context.local == local_name!("html") {
        for name in ["head", "body"] {
            let element = ed.create_element(name).expect("a valid element name");
            ed.append_child(root, element)
                .expect("a fragment takes elements");
        }
    }
    serialize_children(root, context, 0)
}

#[cfg(test)]
mod tests {
    /// The word-at-a-time scan against a byte-at-a-time one, for every length up to a few
    /// words and every place of one or two carriage returns, and with bytes one off CR.
    #[test]
    fn contains_carriage_return_finds_every_one() {
        for len in 0..48 {
            for filler in [b'a', 0x0C, 0x0E, 0x8D] {
                let plain = vec![filler; len];
                assert!(!super::contains_carriage_return(&plain), "{len} {filler}");
                for at in 0..len {
                    for second in at..len {
                        let mut bytes = plain.clone();
                        bytes[at] = b'\r';
                        bytes[second] = b'\r';
                        assert!(super::contains_carriage_return(&bytes), "{len} {at}");
                    }
                }
            }
        }
    }
}
