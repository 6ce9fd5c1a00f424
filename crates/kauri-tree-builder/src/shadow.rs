//! Declarative shadow roots: the "in head" insertion mode's start tag whose tag name is
//! `template` (`§ parsing-main-inhead`), its step 7 (`shadowrootmode`), and "insert a foreign
//! element" with onlyAddToElementStack (`§ insert-a-foreign-element`).
//!
//! The tree builder decides (the flag, the adjusted current node, the attributes); the sink
//! attaches the shadow root ([`TreeSink::attach_declarative_shadow_root`]). A template whose
//! template contents is a shadow root is recorded in
//! [`TreeBuilder::special_templates`](crate::tree_builder::TreeBuilder), so "the appropriate
//! place for inserting a node" puts its children into the shadow root.

use crate::sink::{NodeOrText, ShadowRootInit, ShadowRootMode, SlotAssignmentMode, TreeSink};
use crate::tree_builder::helpers::Place;
use crate::tree_builder::SpecialTemplate;
use crate::tree_builder::{InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, LocalName, Namespace, Tag};

/// The `shadowrootmode` attribute's state: an enumerated attribute whose keywords are `open`
/// and `closed` (ASCII case-insensitive); a missing or invalid value is the None state.
pub(crate) fn shadow_root_mode(tag: &Tag) -> Option<ShadowRootMode> {
    let value = tag.attr(&local_name!("shadowrootmode"))?;
    if value.eq_ignore_ascii_case("open") {
        Some(ShadowRootMode::Open)
    } else if value.eq_ignore_ascii_case("closed") {
        Some(ShadowRootMode::Closed)
    } else {
        None
    }
}

/// Steps 7.4 to 7.9 (and the registry attribute of 7.11.1): the arguments for "attach a
/// shadow root", read from the template start tag.
fn shadow_root_init(tag: &Tag, mode: ShadowRootMode) -> ShadowRootInit {
    let has = |name: &LocalName| tag.attr(name).is_some();
    // Steps 7.7 and 7.8: the `shadowrootslotassignment` attribute's keywords are `named` and
    // `manual`; only the Manual state gives "manual".
    let slot_assignment = match tag.attr(&local_name!("shadowrootslotassignment")) {
        Some(v) if v.eq_ignore_ascii_case("manual") => SlotAssignmentMode::Manual,
        _ => SlotAssignmentMode::Named,
    };
    ShadowRootInit {
        mode,
        delegates_focus: has(&local_name!("shadowrootdelegatesfocus")),
        serializable: has(&local_name!("shadowrootserializable")),
        slot_assignment,
        clonable: has(&local_name!("shadowrootclonable")),
        custom_element_registry_null: has(&local_name!("shadowrootcustomelementregistry")),
    }
}

impl<S: TreeSink> TreeBuilder<S> {
    /// `§ parsing-main-inhead`: "A start tag whose tag name is "template"".
    pub(crate) fn in_head_template_start_tag(&mut self, tag: Tag) {
        // 1. templateStartTag is `tag`.
        // 2. Insert a marker at the end of the list of active formatting elements.
        self.active.push_marker();
        // 3. Set the frameset-ok flag to "not ok".
        self.frameset_ok = false;
        // 4. Switch the insertion mode to "in template".
        self.mode = InsertionMode::InTemplate;
        // 5. Push "in template" onto the stack of template insertion modes.
        self.template_modes.push(InsertionMode::InTemplate);
        // 7. If templateStartTag's `shadowrootmode` is not in the None state:
        if let Some(mode) = shadow_root_mode(&tag) {
            self.declarative_shadow_root_template(tag, mode);
            return;
        }
        // 8. Otherwise, if templateStartTag's `for` attribute is specified:
        if self.opts.template_for && tag.attr(&local_name!("for")).is_some() {
            self.template_for_start_tag(tag);
            return;
        }
        // 9. Otherwise, insert an HTML element for templateStartTag.
        self.insert_html_element(tag.name, tag.attrs);
    }

    /// `§ parsing-main-inhead`, template start tag, steps 6 and 7 (the `shadowrootmode`
    /// attribute is not in the None state).
    fn declarative_shadow_root_template(&mut self, tag: Tag, mode: ShadowRootMode) {
        // 7.1. If the parser's allow declarative shadow roots is false, or the adjusted
        // current node is the topmost element in the stack of open elements, then insert an
        // HTML element for the token and return. (The adjusted current node is the topmost
        // element when only it is open and it is not standing for a fragment's context.)
        if !self.opts.declarative_shadow_roots || (self.open.len() == 1 && self.context.is_none()) {
            self.insert_html_element(tag.name, tag.attrs);
            return;
        }
        // 6. Let adjustedInsertionLocation be the appropriate place for inserting a node
        // (computed once, here: the template is not in the tree when it is used).
        let adjusted_insertion_location = self.appropriate_place();
        // 7.2. Let declarativeShadowHostElement be the adjusted current node.
        let host = self.adjusted_current_node_handle();
        // 7.4 to 7.9: mode, delegatesFocus, serializable, slotAssignment, clonable.
        let init = shadow_root_init(&tag, mode);
        // 7.3. Let template be the result of insert a foreign element for templateStartTag,
        // with the HTML namespace and true.
        let template = self.insert_foreign_element_only_on_stack(Namespace::Html, tag);
        // 7.10 and 7.11.2: the sink returns no shadow root when the host is already a shadow
        // host, or when "attach a shadow root" throws (not a valid shadow host).
        let shadow = host.and_then(|host| self.sink.attach_declarative_shadow_root(&host, &init));
        match shadow {
            Some(shadow) => {
                // 7.11.3 to 7.11.5 and 7.11.7 are the sink's. 7.11.6. Set template's
                // template contents to shadow.
                let id = self.open.current().map_or(u32::MAX, |e| e.id);
                self.special_templates.push(SpecialTemplate {
                    id,
                    contents: Some(shadow),
                    patch: None,
                });
            }
            None => {
                // 7.10, and 7.11.2's "if an exception is thrown": insert an element at the
                // adjusted insertion location with template and adjustedInsertionLocation.
                self.insert_at(adjusted_insertion_location, NodeOrText::Node(template));
            }
        }
    }

    /// The adjusted current node's handle: the current node, or in the fragment case with
    /// only the `html` root open, a stand-in for the context element (created once).
    fn adjusted_current_node_handle(&mut self) -> Option<S::Handle> {
        if self.open.len() == 1 && self.context.is_some() {
            if self.context_host.element.is_none() {
                let (name, mut attrs) = self.context_host.tag.take()?;
                let attrs = kauri_tokenizer::DistinctAttrs::dedup(&mut attrs);
                self.context_host.element = Some(self.sink.create_element(name, attrs));
            }
            return self.context_host.element.clone();
        }
        self.open.current().map(|e| e.handle.clone())
    }

    /// "Insert a foreign element" (`§ insert-a-foreign-element`) with onlyAddToElementStack
    /// true: the element is created for the token (with the appropriate place's parent as its
    /// intended parent) and pushed onto the stack of open elements, but not inserted.
    pub(crate) fn insert_foreign_element_only_on_stack(
        &mut self,
        ns: Namespace,
        tag: Tag,
    ) -> S::Handle {
        let class = self.open.classify(ns, &tag.name, &tag.attrs);
        // 1. Let adjustedInsertionLocation be the appropriate place for inserting a node.
        let place = self.appropriate_place();
        // 2. Let element be the result of creating an element for the token.
        let handle = self.create_element_for_token(ns, tag.name.clone(), tag.attrs, &place);
        self.set_span(&handle);
        // 3. onlyAddToElementStack is true: not inserted.
        // 4. Push element onto the stack of open elements.
        let entry = self.open.fresh(handle.clone(), ns, tag.name, class);
        self.open.push(entry);
        handle
    }

    /// In the fragment case, the stand-in element created for the context element when it was
    /// the declarative shadow host (`<template shadowrootmode>` while only the `html` root
    /// is open, in a fragment parsed with declarative shadow roots allowed): the sink's
    /// "attach a shadow root" decided whether it hosts one. `None` when no template asked.
    pub fn fragment_context_element(&self) -> Option<S::Handle> {
        self.context_host.element.clone()
    }

    /// The handle of the node a [`Place`] inserts into, when the sink can tell.
    pub(crate) fn place_parent(&self, place: &Place<S::Handle>) -> Option<S::Handle> {
        match place {
            Place::Append(parent) => Some(parent.clone()),
            Place::Before(sibling) => self.sink.parent_node(sibling),
        }
    }
}
