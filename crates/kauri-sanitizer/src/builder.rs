//! [`SanitizerBuilder`]: a [`SanitizerConfig`] written call by call.

use crate::config::{ConfigError, SanitizerConfig, SanitizerElement, SanitizerName};
use crate::Sanitizer;

/// Builds a [`Sanitizer`] from the standard's config members, one call each; names are HTML
/// elements and no-namespace attributes unless given as [`SanitizerName`]s. [`build`](Self::build)
/// is `new Sanitizer(config)`, [`build_for_safe_methods`](Self::build_for_safe_methods) the
/// sanitizer `setHTML` makes of the same dictionary.
///
/// ```
/// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
/// use kauri::{Sanitizer, SanitizerElement};
/// let s = Sanitizer::builder()
///     .elements(["p", "a"])
///     .element(SanitizerElement::from("img").with_attributes(["src", "alt"]))
///     .attributes(["title"])
///     .comments(false)
///     .build()?;
/// assert_eq!(
///     s.sanitize(r#"<p title=t style=x>a<img src=i.png alt=i onerror=e()><!--c-->"#),
///     r#"<p title="t">a<img src="i.png" alt="i"></p>"#
/// );
/// # Ok::<(), kauri::ConfigError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SanitizerBuilder {
    config: SanitizerConfig,
}

fn names<'s>(names: impl IntoIterator<Item = &'s str>) -> Vec<SanitizerName> {
    names.into_iter().map(SanitizerName::from).collect()
}

impl SanitizerBuilder {
    /// Adds HTML elements to `elements` (the allow-list).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().elements(["b"]).build()?;
    /// assert_eq!(s.sanitize("<b>1</b><i>2</i>"), "<b>1</b>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn elements<'s>(mut self, list: impl IntoIterator<Item = &'s str>) -> Self {
        let elements = self.config.elements.get_or_insert_with(Vec::new);
        elements.extend(list.into_iter().map(SanitizerElement::from));
        self
    }

    /// Adds one entry (any namespace, with its own attribute lists) to `elements`.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{SanitizerElement, SanitizerName, SVG_NAMESPACE};
    /// let circle = SanitizerElement::from(SanitizerName::with_namespace("circle", Some(SVG_NAMESPACE)));
    /// let svg = SanitizerElement::from(SanitizerName::with_namespace("svg", Some(SVG_NAMESPACE)));
    /// let s = kauri::Sanitizer::builder().element(svg).element(circle.with_attributes(["r"])).build()?;
    /// assert_eq!(s.sanitize("<svg><circle r=1 fill=red></circle></svg>"), r#"<svg><circle r="1"></circle></svg>"#);
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn element(mut self, element: SanitizerElement) -> Self {
        self.config
            .elements
            .get_or_insert_with(Vec::new)
            .push(element);
        self
    }

    /// Adds HTML elements to `removeElements`.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().remove_elements(["i"]).build()?;
    /// assert_eq!(s.sanitize("<b>1</b><i>2</i>"), "<b>1</b>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn remove_elements<'s>(mut self, list: impl IntoIterator<Item = &'s str>) -> Self {
        let remove = self.config.remove_elements.get_or_insert_with(Vec::new);
        remove.extend(names(list));
        self
    }

    /// Adds HTML elements to `replaceWithChildrenElements`.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().replace_with_children_elements(["font"]).build()?;
    /// assert_eq!(s.sanitize("<font color=red>x</font>"), "x");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn replace_with_children_elements<'s>(
        mut self,
        list: impl IntoIterator<Item = &'s str>,
    ) -> Self {
        let replace = self
            .config
            .replace_with_children_elements
            .get_or_insert_with(Vec::new);
        replace.extend(names(list));
        self
    }

    /// Adds no-namespace attributes to `attributes` (the allow-list on every element).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().attributes(["id"]).build()?;
    /// assert_eq!(s.sanitize("<p id=a class=b>x"), r#"<p id="a">x</p>"#);
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn attributes<'s>(mut self, list: impl IntoIterator<Item = &'s str>) -> Self {
        let attributes = self.config.attributes.get_or_insert_with(Vec::new);
        attributes.extend(names(list));
        self
    }

    /// Adds no-namespace attributes to `removeAttributes`.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().remove_attributes(["style"]).build()?;
    /// assert_eq!(s.sanitize("<p style=x id=a>x"), r#"<p id="a">x</p>"#);
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn remove_attributes<'s>(mut self, list: impl IntoIterator<Item = &'s str>) -> Self {
        let remove = self.config.remove_attributes.get_or_insert_with(Vec::new);
        remove.extend(names(list));
        self
    }

    /// Sets `comments`.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().comments(true).build_for_safe_methods()?;
    /// assert_eq!(s.sanitize("<!--c-->x"), "<!--c-->x");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn comments(mut self, keep: bool) -> Self {
        self.config.comments = Some(keep);
        self
    }

    /// Sets `dataAttributes` (only valid with an `attributes` allow-list).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().attributes([]).data_attributes(true).build()?;
    /// assert_eq!(s.sanitize("<p data-x=1 id=y>x"), r#"<p data-x="1">x</p>"#);
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn data_attributes(mut self, keep: bool) -> Self {
        self.config.data_attributes = Some(keep);
        self
    }

    /// Sets `javascriptURLs` (the safe methods remove `javascript:` URLs whatever it says).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().javascript_urls(true).build()?;
    /// assert_eq!(s.sanitize_unsafe("<a href=javascript:x>a</a>"), r#"<a href="javascript:x">a</a>"#);
    /// assert_eq!(s.sanitize("<a href=javascript:x>a</a>"), "<a>a</a>");
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn javascript_urls(mut self, keep: bool) -> Self {
        self.config.javascript_urls = Some(keep);
        self
    }

    /// Adds targets to `processingInstructions` (the allow-list).
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().processing_instructions(["xml-stylesheet"]).build()?;
    /// assert_eq!(s.config().processing_instructions.as_deref(), Some(&["xml-stylesheet".to_owned()][..]));
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn processing_instructions<'s>(
        mut self,
        targets: impl IntoIterator<Item = &'s str>,
    ) -> Self {
        let list = self
            .config
            .processing_instructions
            .get_or_insert_with(Vec::new);
        list.extend(targets.into_iter().map(str::to_owned));
        self
    }

    /// The config as built so far.
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let config = kauri::Sanitizer::builder().elements(["p"]).config();
    /// assert_eq!(config.elements.unwrap().len(), 1);
    /// ```
    pub fn config(self) -> SanitizerConfig {
        self.config
    }

    /// `new Sanitizer(config)`: see [`Sanitizer::new`].
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let bad = kauri::Sanitizer::builder().elements(["p"]).remove_elements(["p"]).build();
    /// assert!(bad.is_err());
    /// ```
    pub fn build(self) -> Result<Sanitizer, ConfigError> {
        Sanitizer::new(self.config)
    }

    /// The sanitizer `setHTML` makes of this dictionary: see [`Sanitizer::for_safe_methods`].
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// let s = kauri::Sanitizer::builder().build_for_safe_methods()?;
    /// assert_eq!(s.config().comments, Some(false));
    /// # Ok::<(), kauri::ConfigError>(())
    /// ```
    pub fn build_for_safe_methods(self) -> Result<Sanitizer, ConfigError> {
        Sanitizer::for_safe_methods(self.config)
    }
}
