//! `<template for>` content patching (2026): the "in head" template start tag's step 8 and end
//! tag's step 4 (`§ parsing-main-inhead`), and the template steps of "the appropriate place
//! for inserting a node" (`§ appropriate-place-for-inserting-a-node`, steps 4 to 8).
//!
//! A template has an insertion target, an insertion start marker and an insertion end marker
//! (HTML scripting chapter). "Prepare content patching" and "find markers" walk the DOM, so
//! the sink runs them ([`TreeSink::prepare_content_patching`]); the tree builder keeps the
//! result for each template on the stack in [`SpecialTemplate`].

use crate::sink::{ContentPatch, NodeOrText, TreeSink};
use crate::tree_builder::helpers::Place;
use crate::tree_builder::SpecialTemplate;
use crate::tree_builder::TreeBuilder;
use kauri_tokenizer::{local_name, ErrorCode, Namespace, Tag};

impl<S: TreeSink> TreeBuilder<S> {
    /// `§ parsing-main-inhead`, template start tag, step 8 (templateStartTag's `for`
    /// attribute is specified).
    pub(crate) fn template_for_start_tag(&mut self, tag: Tag) {
        let name = tag.attr(&local_name!("for")).unwrap_or_default().to_owned();
        // 8.1. Let scope be the node that contains the adjusted insertion location (in the
        // fragment case, the `html` root standing for the DocumentFragment).
        let place = self.appropriate_place();
        let mut scope = self.place_parent(&place);
        // 8.2. If scope is a template element, set scope to its template contents: the
        // appropriate place for a template target is already its template contents (or its
        // insertion target), so scope is never a template element here.
        // 8.3. Otherwise, if scope is the body element of its node document, set scope to its
        // parent (the `html` element).
        if self.context.is_none() && self.open.len() > 1 {
            let second = self.open.get(1);
            if second.is_html(&local_name!("body")) && scope.as_ref() == Some(&second.handle) {
                scope = Some(self.open.get(0).handle.clone());
            }
        }
        // 8.4. Let template be the result of insert a foreign element for templateStartTag,
        // with the HTML namespace and true.
        let template = self.insert_foreign_element_only_on_stack(Namespace::Html, tag);
        let id = self.open.current().map_or(u32::MAX, |e| e.id);
        // 8.5. Let success be the result of prepare content patching given scope and
        // template.
        let patch = scope.and_then(|scope| self.prepare_content_patching(&scope, &name));
        match patch {
            Some(patch) => self.special_templates.push(SpecialTemplate {
                id,
                contents: None,
                patch: Some(patch),
            }),
            None => {
                // 8.6. If success is false: 1. (template is the current node.) 2. Pop the
                // current node off the stack of open elements. 3. Insert an element at the
                // adjusted insertion location with template. 4. Push template onto the stack
                // of open elements. (The entry keeps its id: the pop and push are not seen by
                // the list of active formatting elements, which holds a marker here.)
                let Some(entry) = self.open.pop() else {
                    return;
                };
                let place = self.appropriate_place();
                self.insert_at(place, NodeOrText::Node(template));
                self.open.push(entry);
            }
        }
    }

    /// "Prepare content patching" given scope and the template's `for` value: the sink finds
    /// the markers and removes the nodes between them; `None` is the algorithm's false.
    fn prepare_content_patching(
        &mut self,
        scope: &S::Handle,
        name: &str,
    ) -> Option<ContentPatch<S::Handle>> {
        // The empty string names no marker: return false.
        if name.is_empty() {
            return None;
        }
        self.sink.prepare_content_patching(scope, name)
    }

    /// `§ parsing-main-inhead`: "An end tag whose tag name is "template"".
    pub(crate) fn in_head_template_end_tag(&mut self) {
        // If there is no template element on the stack of open elements, then this is a
        // parse error; ignore the token.
        if !self.template_on_stack() {
            self.error(ErrorCode::UnexpectedEndTag);
            return;
        }
        // 1. Generate all implied end tags thoroughly.
        self.generate_all_implied_end_tags_thoroughly();
        // 2. If the current node is not a template element, then this is a parse error.
        if !self.open.current_is(&local_name!("template")) {
            self.error(ErrorCode::UnexpectedEndTag);
        }
        // 3. Let template be the last template element in the stack of open elements.
        // 4. If template's insertion target is not null: remove its start marker (4.4) and
        // end marker (4.5) from their parents, and set the insertion target and both markers
        // to null (4.6 to 4.8).
        if let Some(last) = self.open.position_html(&local_name!("template")) {
            let id = self.open.get(last).id;
            self.remove_insertion_markers(id);
        }
        // 5. Pop elements until a template element has been popped.
        self.pop_until_popped(&local_name!("template"));
        self.forget_closed_templates();
        // 6. Clear the list of active formatting elements up to the last marker.
        self.active.clear_to_last_marker();
        // 7. Pop the current template insertion mode.
        self.template_modes.pop();
        // 8. Reset the insertion mode appropriately.
        self.reset_insertion_mode();
    }

    /// The end tag's step 4 for the template with stack entry id `id`.
    fn remove_insertion_markers(&mut self, id: u32) {
        let Some(t) = self.special_templates.iter_mut().find(|t| t.id == id) else {
            return;
        };
        // 4.1 to 4.3. Let start and end be the markers (start is not null).
        let Some(patch) = t.patch.take() else {
            return;
        };
        // 4.4. If start's parent is not null, then remove start.
        if self.sink.has_parent(&patch.start) {
            self.sink.detach(&patch.start);
        }
        // 4.5. If end is not null and end's parent is not null, then remove end.
        if let Some(end) = &patch.end {
            if self.sink.has_parent(end) {
                self.sink.detach(end);
            }
        }
        // 4.6 to 4.8: the insertion target and markers are null now (`take` above).
    }

    /// Drops the records of templates that are no longer on the stack of open elements (the
    /// end tag and the "in template" end-of-file steps pop them; the end-of-file path does
    /// not remove markers).
    pub(crate) fn forget_closed_templates(&mut self) {
        if !self.special_templates.is_empty() {
            let open = &self.open;
            self.special_templates.retain(|t| open.is_open(t.id));
        }
    }

    /// `§ appropriate-place-for-inserting-a-node`, steps 5 to 8, for a template target
    /// parent with stack entry id `id`: `None` when the template has no record here (its
    /// own template contents, step 6, is the place).
    pub(crate) fn template_insertion_place(&self, id: u32) -> Option<Place<S::Handle>> {
        let t = self.special_templates.iter().find(|t| t.id == id)?;
        if let Some(contents) = &t.contents {
            // A declarative shadow root as the template contents (step 6).
            return Some(Place::Append(contents.clone()));
        }
        // 5. Let patchInsertionTarget be targetParent's insertion target.
        let patch = t.patch.as_ref()?;
        // 7. If targetParent's insertion end marker is not null and its parent is
        // patchInsertionTarget, then return (patchInsertionTarget, the end marker).
        if let Some(end) = &patch.end {
            if self.sink.parent_node(end).as_ref() == Some(&patch.target) {
                return Some(Place::Before(end.clone()));
            }
        }
        // 8. Return (patchInsertionTarget, null).
        Some(Place::Append(patch.target.clone()))
    }
}
