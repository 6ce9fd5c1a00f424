//! The arena DOM as the `selectors` crate sees it: [`ElementRef`] implements its `Element`
//! trait over `&'a Node<'a>`.
//!
//! Every document Kauri builds is an HTML document, so an element in the HTML namespace is "an
//! HTML element in an HTML document": type selectors and attribute names match it
//! ASCII-case-insensitively (the crate picks the lowercased name), attribute values of the
//! attributes HTML lists compare case-insensitively, and in quirks mode classes and ids do too
//! (the crate passes the case sensitivity to [`has_class`](selectors::Element::has_class) and
//! [`has_id`](selectors::Element::has_id)).

use std::fmt;

use kauri_tokenizer::{local_name, AttrNamespace, LocalName, Namespace};
use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::bloom::BloomFilter;
use selectors::context::MatchingContext;
use selectors::matching::ElementSelectorFlags;
use selectors::OpaqueElement;

use super::css::{CssIdent, CssLocalName, CssNamespace, CssString, KauriSelectors, PseudoClass};
use crate::node::{Element, Node, NodeData};

/// An element node, for matching.
#[derive(Clone, Copy)]
pub(crate) struct ElementRef<'a> {
    pub(crate) node: &'a Node<'a>,
    pub(crate) element: &'a Element<'a>,
}

impl<'a> ElementRef<'a> {
    /// The node as an element, if it is one.
    pub(crate) fn new(node: &'a Node<'a>) -> Option<ElementRef<'a>> {
        match &node.data {
            NodeData::Element(element) => Some(ElementRef { node, element }),
            _ => None,
        }
    }

    fn is_html(&self, name: &LocalName) -> bool {
        self.element.name.is_html(name)
    }

    fn has_attr(&self, name: &str) -> bool {
        self.element.has_attr(name)
    }

    /// HTML's "actually disabled" for `:disabled` / `:enabled`.
    fn is_actually_disabled(&self) -> bool {
        if self.element.name.ns != Namespace::Html {
            return false;
        }
        match self.element.name.local {
            local_name!("button")
            | local_name!("input")
            | local_name!("select")
            | local_name!("textarea")
            | local_name!("fieldset") => self.has_attr("disabled") || self.in_disabled_fieldset(),
            local_name!("optgroup") => self.has_attr("disabled"),
            local_name!("option") => {
                self.has_attr("disabled")
                    || self
                        .node
                        .parent()
                        .and_then(ElementRef::new)
                        .is_some_and(|p| {
                            p.is_html(&local_name!("optgroup")) && p.has_attr("disabled")
                        })
            }
            _ => false,
        }
    }

    /// Whether an ancestor `fieldset` with `disabled` disables this form control: it does
    /// unless the control is inside that fieldset's first `legend` child.
    fn in_disabled_fieldset(&self) -> bool {
        let mut child: &Node<'_> = self.node;
        for ancestor in self.node.ancestors() {
            if let Some(el) = ElementRef::new(ancestor) {
                if el.is_html(&local_name!("fieldset")) && el.has_attr("disabled") {
                    let first_legend = ancestor
                        .element_children()
                        .find(|c| c.is_html_element(&local_name!("legend")));
                    let in_first_legend = first_legend.is_some_and(|l| l.same_node(child));
                    if !in_first_legend {
                        return true;
                    }
                }
            }
            child = ancestor;
        }
        false
    }

    fn is_form_control(&self) -> bool {
        self.element.name.ns == Namespace::Html
            && matches!(
                self.element.name.local,
                local_name!("button")
                    | local_name!("input")
                    | local_name!("select")
                    | local_name!("textarea")
                    | local_name!("optgroup")
                    | local_name!("option")
                    | local_name!("fieldset")
            )
    }

    fn is_required_capable(&self) -> bool {
        self.element.name.ns == Namespace::Html
            && matches!(
                self.element.name.local,
                local_name!("input") | local_name!("select") | local_name!("textarea")
            )
    }

    fn is_checked(&self) -> bool {
        if self.is_html(&local_name!("input")) {
            let kind = self.element.attr("type").unwrap_or("");
            (kind.eq_ignore_ascii_case("checkbox") || kind.eq_ignore_ascii_case("radio"))
                && self.has_attr("checked")
        } else {
            self.is_html(&local_name!("option")) && self.has_attr("selected")
        }
    }
}

impl fmt::Debug for ElementRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.node, f)
    }
}

impl<'a> selectors::Element for ElementRef<'a> {
    type Impl = KauriSelectors;

    fn opaque(&self) -> OpaqueElement {
        OpaqueElement::new::<Node<'a>>(self.node)
    }

    fn parent_element(&self) -> Option<Self> {
        self.node.parent().and_then(ElementRef::new)
    }

    fn parent_node_is_shadow_root(&self) -> bool {
        false
    }

    fn containing_shadow_host(&self) -> Option<Self> {
        None
    }

    fn is_pseudo_element(&self) -> bool {
        false
    }

    fn prev_sibling_element(&self) -> Option<Self> {
        self.node.preceding_siblings().find_map(ElementRef::new)
    }

    fn next_sibling_element(&self) -> Option<Self> {
        self.node.following_siblings().find_map(ElementRef::new)
    }

    fn first_element_child(&self) -> Option<Self> {
        self.node.children().find_map(ElementRef::new)
    }

    fn is_html_element_in_html_document(&self) -> bool {
        self.element.name.ns == Namespace::Html
    }

    fn has_local_name(&self, local_name: &CssLocalName) -> bool {
        self.element.name.local == local_name.0
    }

    fn has_namespace(&self, ns: &CssNamespace) -> bool {
        *ns == CssNamespace::Element(self.element.name.ns)
    }

    fn is_same_type(&self, other: &Self) -> bool {
        self.element.name == other.element.name
    }

    fn attr_matches(
        &self,
        ns: &NamespaceConstraint<&CssNamespace>,
        local_name: &CssLocalName,
        operation: &AttrSelectorOperation<&CssString>,
    ) -> bool {
        self.element.attributes().any(|(name, value)| {
            name.local == local_name.0
                && match ns {
                    NamespaceConstraint::Any => true,
                    NamespaceConstraint::Specific(ns) => ns.is_attr_ns(name.ns),
                }
                && operation.eval_str(value)
        })
    }

    fn has_attr_in_no_namespace(&self, local_name: &CssLocalName) -> bool {
        self.element
            .attributes()
            .any(|(name, _)| name.ns == AttrNamespace::None && name.local == local_name.0)
    }

    fn match_non_ts_pseudo_class(
        &self,
        pc: &PseudoClass,
        _context: &mut MatchingContext<'_, KauriSelectors>,
    ) -> bool {
        match pc {
            PseudoClass::AnyLink | PseudoClass::Link => self.is_link(),
            PseudoClass::Checked => self.is_checked(),
            PseudoClass::Disabled => self.is_form_control() && self.is_actually_disabled(),
            PseudoClass::Enabled => self.is_form_control() && !self.is_actually_disabled(),
            PseudoClass::Required => self.is_required_capable() && self.has_attr("required"),
            PseudoClass::Optional => self.is_required_capable() && !self.has_attr("required"),
            PseudoClass::Defined => {
                // An autonomous custom element (a valid custom element name has a hyphen) is
                // undefined until a script defines it; no script runs here.
                self.element.name.ns != Namespace::Html || !self.element.name().contains('-')
            }
            PseudoClass::Visited
            | PseudoClass::Hover
            | PseudoClass::Active
            | PseudoClass::Focus
            | PseudoClass::FocusWithin
            | PseudoClass::FocusVisible
            | PseudoClass::Target => false,
        }
    }

    fn match_pseudo_element(
        &self,
        pe: &super::css::PseudoElement,
        _context: &mut MatchingContext<'_, KauriSelectors>,
    ) -> bool {
        match *pe {}
    }

    fn apply_selector_flags(&self, _flags: ElementSelectorFlags) {}

    fn is_link(&self) -> bool {
        (self.is_html(&local_name!("a")) || self.is_html(&local_name!("area")))
            && self.has_attr("href")
    }

    fn is_html_slot_element(&self) -> bool {
        self.is_html(&local_name!("slot"))
    }

    fn has_id(&self, id: &CssIdent, case_sensitivity: CaseSensitivity) -> bool {
        self.element
            .id()
            .is_some_and(|own| case_sensitivity.eq(own.as_bytes(), id.0.as_bytes()))
    }

    fn has_class(&self, name: &CssIdent, case_sensitivity: CaseSensitivity) -> bool {
        self.element
            .classes()
            .any(|class| case_sensitivity.eq(class.as_bytes(), name.0.as_bytes()))
    }

    fn has_custom_state(&self, _name: &CssIdent) -> bool {
        false
    }

    fn imported_part(&self, _name: &CssIdent) -> Option<CssIdent> {
        None
    }

    fn is_part(&self, _name: &CssIdent) -> bool {
        false
    }

    fn is_empty(&self) -> bool {
        self.node.children().all(|child| match &child.data {
            NodeData::Element(_) => false,
            NodeData::Text(t) => t.data().is_empty(),
            _ => true,
        })
    }

    fn is_root(&self) -> bool {
        self.node
            .parent()
            .is_some_and(|p| matches!(p.data, NodeData::Document(_)))
    }

    fn add_element_unique_hashes(&self, _filter: &mut BloomFilter) -> bool {
        false
    }
}
