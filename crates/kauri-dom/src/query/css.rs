//! Kauri's side of the `selectors` crate's parser: the [`SelectorImpl`] (which string types a
//! compiled selector holds), the supported pseudo-classes, and the parse hooks.
//!
//! Everything here is crate-private: the public API wraps it in
//! [`Selector`](crate::Selector), so no `selectors` or `cssparser` type is part of Kauri's API
//! and bumping either crate is not a breaking change.

use std::fmt;

use cssparser::ToCss;
use kauri_tokenizer::{AttrNamespace, LocalName, Namespace};
use precomputed_hash::PrecomputedHash;
use selectors::parser::{NonTSPseudoClass, ParseRelative, SelectorParseErrorKind};

/// The selector implementation: which types a compiled [`selectors::SelectorList`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KauriSelectors;

impl selectors::SelectorImpl for KauriSelectors {
    type ExtraMatchingData<'a> = ();
    type AttrValue = CssString;
    type Identifier = CssIdent;
    type LocalName = CssLocalName;
    type NamespaceUrl = CssNamespace;
    type NamespacePrefix = CssIdent;
    type BorrowedNamespaceUrl = CssNamespace;
    type BorrowedLocalName = CssLocalName;
    type NonTSPseudoClass = PseudoClass;
    type PseudoElement = PseudoElement;
}

/// The hash of a string for the crate's ancestor filters (computed once, when a selector is
/// compiled).
fn str_hash(s: &str) -> u32 {
    kauri_tokenizer::names::layer_hash::hash_bytes_u32(s.as_bytes())
}

/// An attribute value in a selector (`[href^="https:"]`); serialized as a CSS string.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct CssString(pub(crate) Box<str>);

impl From<&str> for CssString {
    fn from(s: &str) -> CssString {
        CssString(s.into())
    }
}

impl AsRef<str> for CssString {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl ToCss for CssString {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_string(&self.0, dest)
    }
}

/// A class name, id or namespace prefix in a selector; serialized as a CSS identifier.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct CssIdent(pub(crate) Box<str>);

impl From<&str> for CssIdent {
    fn from(s: &str) -> CssIdent {
        CssIdent(s.into())
    }
}

impl ToCss for CssIdent {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_identifier(&self.0, dest)
    }
}

impl PrecomputedHash for CssIdent {
    fn precomputed_hash(&self) -> u32 {
        str_hash(&self.0)
    }
}

/// An element or attribute local name in a selector, as the same atom the DOM uses, so matching
/// a type selector compares two atoms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CssLocalName(pub(crate) LocalName);

impl From<&str> for CssLocalName {
    fn from(s: &str) -> CssLocalName {
        CssLocalName(LocalName::from(s))
    }
}

impl ToCss for CssLocalName {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_identifier(&self.0, dest)
    }
}

impl PrecomputedHash for CssLocalName {
    fn precomputed_hash(&self) -> u32 {
        self.0.get_hash()
    }
}

/// A namespace in a selector. Only the namespaces the HTML parser creates exist; the default
/// is "no namespace" (the empty string in CSS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum CssNamespace {
    /// No namespace.
    #[default]
    None,
    /// An element namespace.
    Element(Namespace),
    /// An attribute namespace (xlink, xml, xmlns).
    Attr(AttrNamespace),
}

impl CssNamespace {
    /// The namespace bound to one of the predefined prefixes.
    fn for_prefix(prefix: &str) -> Option<CssNamespace> {
        match prefix {
            "html" => Some(CssNamespace::Element(Namespace::Html)),
            "svg" => Some(CssNamespace::Element(Namespace::Svg)),
            "math" => Some(CssNamespace::Element(Namespace::MathMl)),
            "xlink" => Some(CssNamespace::Attr(AttrNamespace::XLink)),
            "xml" => Some(CssNamespace::Attr(AttrNamespace::Xml)),
            "xmlns" => Some(CssNamespace::Attr(AttrNamespace::Xmlns)),
            _ => None,
        }
    }

    /// Whether an attribute in namespace `ns` is in this namespace.
    pub(crate) fn is_attr_ns(self, ns: AttrNamespace) -> bool {
        match self {
            CssNamespace::None => ns == AttrNamespace::None,
            CssNamespace::Attr(own) => own == ns,
            CssNamespace::Element(_) => false,
        }
    }
}

impl PrecomputedHash for CssNamespace {
    fn precomputed_hash(&self) -> u32 {
        match self {
            CssNamespace::None => 0,
            CssNamespace::Element(ns) => 1 + *ns as u32,
            CssNamespace::Attr(ns) => 16 + *ns as u32,
        }
    }
}

/// The non-tree-structural pseudo-classes Kauri matches (the tree-structural ones, `:not`,
/// `:is`, `:where`, `:has`, `:nth-child(... of S)`, `:root`, `:empty`, `:scope`, are built into
/// the selectors crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PseudoClass {
    /// `:any-link`: `a` and `area` elements with an `href`.
    AnyLink,
    /// `:link`: as `:any-link` (no link is visited in a static document).
    Link,
    /// `:visited`: never matches.
    Visited,
    /// `:checked`: checkbox and radio `input`s with `checked`, `option`s with `selected`.
    Checked,
    /// `:disabled`: form controls that are disabled (HTML "actually disabled").
    Disabled,
    /// `:enabled`: form controls that are not disabled.
    Enabled,
    /// `:required`: `input`, `select`, `textarea` with `required`.
    Required,
    /// `:optional`: `input`, `select`, `textarea` without `required`.
    Optional,
    /// `:defined`: every element except autonomous custom elements (no scripts ran).
    Defined,
    /// `:hover`, never matches (no user in a static document).
    Hover,
    /// `:active`, never matches.
    Active,
    /// `:focus`, never matches.
    Focus,
    /// `:focus-within`, never matches.
    FocusWithin,
    /// `:focus-visible`, never matches.
    FocusVisible,
    /// `:target`, never matches (no URL fragment).
    Target,
}

impl PseudoClass {
    fn from_name(name: &str) -> Option<PseudoClass> {
        let pc = match_ignore_ascii_case(
            name,
            &[
                ("any-link", PseudoClass::AnyLink),
                ("link", PseudoClass::Link),
                ("visited", PseudoClass::Visited),
                ("checked", PseudoClass::Checked),
                ("disabled", PseudoClass::Disabled),
                ("enabled", PseudoClass::Enabled),
                ("required", PseudoClass::Required),
                ("optional", PseudoClass::Optional),
                ("defined", PseudoClass::Defined),
                ("hover", PseudoClass::Hover),
                ("active", PseudoClass::Active),
                ("focus", PseudoClass::Focus),
                ("focus-within", PseudoClass::FocusWithin),
                ("focus-visible", PseudoClass::FocusVisible),
                ("target", PseudoClass::Target),
            ],
        )?;
        Some(pc)
    }

    fn name(self) -> &'static str {
        match self {
            PseudoClass::AnyLink => "any-link",
            PseudoClass::Link => "link",
            PseudoClass::Visited => "visited",
            PseudoClass::Checked => "checked",
            PseudoClass::Disabled => "disabled",
            PseudoClass::Enabled => "enabled",
            PseudoClass::Required => "required",
            PseudoClass::Optional => "optional",
            PseudoClass::Defined => "defined",
            PseudoClass::Hover => "hover",
            PseudoClass::Active => "active",
            PseudoClass::Focus => "focus",
            PseudoClass::FocusWithin => "focus-within",
            PseudoClass::FocusVisible => "focus-visible",
            PseudoClass::Target => "target",
        }
    }
}

fn match_ignore_ascii_case<T: Copy>(name: &str, table: &[(&str, T)]) -> Option<T> {
    table
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| *v)
}

impl ToCss for PseudoClass {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        dest.write_char(':')?;
        dest.write_str(self.name())
    }
}

impl NonTSPseudoClass for PseudoClass {
    fn is_active_or_hover(&self) -> bool {
        matches!(self, PseudoClass::Active | PseudoClass::Hover)
    }

    fn is_user_action_state(&self) -> bool {
        matches!(
            self,
            PseudoClass::Active
                | PseudoClass::Hover
                | PseudoClass::Focus
                | PseudoClass::FocusWithin
                | PseudoClass::FocusVisible
        )
    }
}

/// Pseudo-elements: none match an element of the tree, so none parse (an uninhabited type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PseudoElement {}

impl ToCss for PseudoElement {
    fn to_css<W: fmt::Write>(&self, _dest: &mut W) -> fmt::Result {
        match *self {}
    }
}

impl selectors::parser::PseudoElement for PseudoElement {}

/// The parse hooks: every level-4 feature the crate has (`:is`, `:where`, `:has`,
/// `:nth-child(An+B of S)`), Kauri's pseudo-classes, and the predefined namespace prefixes.
pub(crate) struct KauriParser;

impl<'i> selectors::Parser<'i> for KauriParser {
    type Impl = KauriSelectors;
    type Error = SelectorParseErrorKind;

    fn parse_nth_child_of(&self) -> bool {
        true
    }

    fn parse_is_and_where(&self) -> bool {
        true
    }

    fn parse_has(&self) -> bool {
        true
    }

    fn parse_non_ts_pseudo_class(
        &self,
        name: &str,
    ) -> Result<PseudoClass, cssparser::ParseError<SelectorParseErrorKind>> {
        PseudoClass::from_name(name).ok_or_else(|| {
            cssparser::ParseError::custom(SelectorParseErrorKind::UnsupportedPseudoClassOrElement)
        })
    }

    fn namespace_for_prefix(&self, prefix: &CssIdent) -> Option<CssNamespace> {
        CssNamespace::for_prefix(&prefix.0)
    }
}

/// Top-level selectors are not relative (a leading combinator is an error), as in the DOM's
/// `querySelectorAll`: `div p` from an element matches its `p` descendants whose `div`
/// ancestor may be outside it; `:scope > li` is the way to say "my children".
pub(crate) const PARSE_RELATIVE: ParseRelative = ParseRelative::No;
