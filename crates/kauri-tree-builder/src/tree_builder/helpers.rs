//! The algorithms the insertion modes share (§ parse-state and § creating-and-inserting-nodes):
//! creating and inserting nodes, the appropriate place for inserting a node (with foster
//! parenting), popping, generating implied end tags, reconstructing the active formatting elements
//! and resetting the insertion mode.

use super::{InsertionMode, TreeBuilder};
use crate::formatting::{Entry, TokenAttrs};
use crate::sink::{NodeOrText, TreeSink};
use crate::stack::{OpenElement, Scope};

use crate::tag_sets::{IMPLIED_END, IMPLIED_END_THOROUGH, TEMPLATE};
use kauri_tokenizer::{
    local_name, Attribute, DistinctAttrs, ErrorCode, LocalName, Namespace, TextState,
};

/// An insertion location: append to a parent, or insert before a sibling.
pub(crate) enum Place<H> {
    /// Append as the last child of this node.
    Append(H),
    /// Insert right before this node, in its parent.
    Before(H),
}

impl<S: TreeSink> TreeBuilder<S> {
    /// "The appropriate place for inserting a node", with the current node as the target.
    /// Inline everywhere (every inserted node and text run asks it): the usual answer is
    /// three tests, cheaper than the call.
    #[inline(always)]
    pub(crate) fn appropriate_place(&mut self) -> Place<S::Handle> {
        let idx = self.open.len() - 1;
        // The usual case, inline: no foster parenting, no depth limit and a current node that
        // is no `template`, so the place is the end of the current node (what
        // `appropriate_place_for` gives for it).
        if !self.place_needs_checks {
            let target = self.open.get(idx);
            if !target.has(TEMPLATE) {
                return Place::Append(target.handle.clone());
            }
        }
        self.appropriate_place_for(idx)
    }

    /// "The appropriate place for inserting a node" with the stack entry `idx` as the override
    /// target (§ creating-and-inserting-nodes), including foster parenting and template contents.
    pub(crate) fn appropriate_place_for(&mut self, idx: usize) -> Place<S::Handle> {
        let target = self.open.get(idx);
        let tableish = self.foster_parenting
            && target.ns == Namespace::Html
            && matches!(
                target.name,
                local_name!("table")
                    | local_name!("tbody")
                    | local_name!("tfoot")
                    | local_name!("thead")
                    | local_name!("tr")
            );
        if tableish {
            // Foster parenting: 2.1 to 2.6.
            let last_template = self.open.position_html(&local_name!("template"));
            let last_table = self.open.position_html(&local_name!("table"));
            match (last_template, last_table) {
                (Some(t), tb) if tb.is_none_or(|tb| t > tb) => {
                    let e = self.open.get(t);
                    return self.inside(e.handle.clone(), Some(e.id));
                }
                (_, None) => {
                    // The fragment case: the `html` root.
                    return Place::Append(self.open.get(0).handle.clone());
                }
                (_, Some(tb)) => {
                    let table = self.open.get(tb).handle.clone();
                    if self.sink.has_parent(&table) {
                        return Place::Before(table);
                    }
                    let prev = self.open.get(tb - 1);
                    let template = prev.is_html(&local_name!("template")).then_some(prev.id);
                    return self.inside(prev.handle.clone(), template);
                }
            }
        }
        // Not in the standard: the depth limit (`TreeBuilderOptions::max_depth`).
        let target = match self.opts.max_depth {
            Some(max) if idx >= max => self.open.get(max.max(1) - 1),
            _ => target,
        };
        let template = target
            .is_html(&local_name!("template"))
            .then_some(target.id);
        let h = target.handle.clone();
        self.inside(h, template)
    }

    /// Runs `step` (processing a token "in body") with foster parenting enabled, as "in
    /// table" asks for tokens it does not handle itself (§ parsing-main-intable, "anything
    /// else"): nodes whose target is a table element are foster parented. The flag is only
    /// ever switched here.
    pub(crate) fn with_foster_parenting<R>(&mut self, step: impl FnOnce(&mut Self) -> R) -> R {
        let was = std::mem::replace(&mut self.foster_parenting, true);
        self.place_needs_checks = true;
        let result = step(self);
        self.foster_parenting = was;
        self.place_needs_checks = was || self.opts.max_depth.is_some();
        result
    }

    /// Appending inside `parent`: when it is a `template` (with this stack entry id), into its
    /// template contents or its insertion target (steps 4 to 8).
    fn inside(&mut self, parent: S::Handle, template: Option<u32>) -> Place<S::Handle> {
        match template {
            Some(id) => {
                if !self.special_templates.is_empty() {
                    if let Some(place) = self.template_insertion_place(id) {
                        return place;
                    }
                }
                Place::Append(self.sink.template_contents(&parent))
            }
            None => Place::Append(parent),
        }
    }

    /// Inserts a node or text at a place.
    pub(crate) fn insert_at(&mut self, place: Place<S::Handle>, child: NodeOrText<'_, S::Handle>) {
        match place {
            Place::Append(parent) => self.sink.append(&parent, child),
            Place::Before(sibling) => self.sink.insert_before(&sibling, child),
        }
    }

    /// "Insert a character" for a run of characters. Inline everywhere (the "in body" text
    /// of every page comes here): the usual case is the place's two tests and the sink's call.
    #[inline(always)]
    pub(crate) fn insert_characters(&mut self, text: &str) {
        if text.is_empty() || self.open.is_empty() {
            // The insertion location's parent would be the Document: characters are dropped.
            return;
        }
        let place = self.appropriate_place();
        self.insert_at(place, NodeOrText::Text(text));
        if self.spans {
            self.sink.set_text_span(self.span);
        }
    }

    /// "Insert a comment" at the adjusted insertion location.
    pub(crate) fn insert_comment(&mut self, data: &str) {
        let node = self.sink.create_comment(data);
        self.set_span(&node);
        if self.open.is_empty() {
            let doc = self.doc.clone();
            self.sink.append(&doc, NodeOrText::Node(node));
            return;
        }
        let place = self.appropriate_place();
        self.insert_at(place, NodeOrText::Node(node));
    }

    /// "Insert a processing instruction" at the adjusted insertion location (2026).
    pub(crate) fn insert_processing_instruction(&mut self, target: &str, data: &str) {
        let node = self.sink.create_processing_instruction(target, data);
        self.set_span(&node);
        if self.open.is_empty() {
            let doc = self.doc.clone();
            self.sink.append(&doc, NodeOrText::Node(node));
            return;
        }
        let place = self.appropriate_place();
        self.insert_at(place, NodeOrText::Node(node));
    }

    /// Inserts a comment or processing instruction as the last child of `parent` (the
    /// Document, or the `html` element in "after body").
    pub(crate) fn append_comment_or_pi_to(
        &mut self,
        parent: &S::Handle,
        token: &kauri_tokenizer::Token<'_>,
    ) {
        let node = match token {
            kauri_tokenizer::Token::Comment(data) => self.sink.create_comment(data),
            kauri_tokenizer::Token::ProcessingInstruction { target, data } => {
                self.sink.create_processing_instruction(target, data)
            }
            _ => return,
        };
        self.set_span(&node);
        self.sink.append(parent, NodeOrText::Node(node));
    }

    /// Records the current token's span on a new node, when the sink wants spans.
    #[inline]
    pub(crate) fn set_span(&mut self, node: &S::Handle) {
        if self.spans {
            self.sink.set_span(node, self.span);
        }
    }

    /// "Insert a foreign element" (§ creating-and-inserting-nodes) for a token in the given
    /// namespace, at the adjusted insertion location, and push it onto the stack of open elements.
    pub(crate) fn insert_element(
        &mut self,
        ns: Namespace,
        name: LocalName,
        attrs: DistinctAttrs<'_>,
    ) -> S::Handle {
        self.insert_element_for(ns, name, attrs, true)
    }

    /// [`TreeBuilder::insert_element`]; `own_tag` is false for the elements "reconstruct the
    /// active formatting elements" creates again, which get no span (no tag of theirs is the
    /// current token).
    fn insert_element_for(
        &mut self,
        ns: Namespace,
        name: LocalName,
        attrs: DistinctAttrs<'_>,
        own_tag: bool,
    ) -> S::Handle {
        let class = self.open.classify(ns, &name, &attrs);
        let place = self.appropriate_place();
        let handle = self.create_element_for_token(ns, name.clone(), attrs, &place);
        if own_tag {
            self.set_span(&handle);
        }
        self.insert_at(place, NodeOrText::Node(handle.clone()));
        self.open.push_fresh(handle.clone(), ns, name, class);
        handle
    }

    /// Runs `f` with the current span narrowed to an empty range at the token's start: the
    /// elements it creates are implied by the token (no tag of their own), so their span
    /// marks where they begin and is empty.
    pub(crate) fn implied<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let span = self.span;
        self.span = kauri_tokenizer::Span::new(span.start, span.start);
        let r = f(self);
        self.span = span;
        r
    }

    /// Inserts an HTML element the standard implies ("insert an HTML element for a "tbody"
    /// start tag token with no attributes"), with an empty span (see
    /// [`TreeBuilder::implied`]).
    pub(crate) fn insert_implied_html_element(&mut self, name: LocalName) -> S::Handle {
        self.implied(|tb| tb.insert_html_element(name, DistinctAttrs::EMPTY))
    }

    /// "Insert an HTML element".
    pub(crate) fn insert_html_element(
        &mut self,
        name: LocalName,
        attrs: DistinctAttrs<'_>,
    ) -> S::Handle {
        self.insert_element(Namespace::Html, name, attrs)
    }

    /// Inserts an HTML element and pops it at once (void elements), acknowledging the
    /// self-closing flag.
    pub(crate) fn insert_void_element(&mut self, name: LocalName, attrs: DistinctAttrs<'_>) {
        self.insert_html_element(name, attrs);
        self.pop();
        self.self_closing_unacked = false;
    }

    /// The generic raw text and RCDATA element parsing algorithms
    /// (§ parsing-elements-that-contain-only-text).
    pub(crate) fn parse_text_element(
        &mut self,
        name: LocalName,
        attrs: DistinctAttrs<'_>,
        state: TextState,
    ) {
        self.insert_html_element(name, attrs);
        self.switch_to = Some(state);
        self.original_mode = self.mode;
        self.mode = InsertionMode::Text;
    }

    /// Pops the current node, telling the sink; false when the stack is empty. (The entry is
    /// dropped where it is read: most callers only pop, and a returned entry is a 40-byte
    /// copy that the caller reads back while its stores are in flight. See
    /// [`TreeBuilder::pop_entry`].)
    pub(crate) fn pop(&mut self) -> bool {
        // Taken apart at once: only the handle need be in memory for the sink (a reference to
        // the whole entry kept all of it there).
        let Some(OpenElement { handle, name, .. }) = self.open.pop() else {
            return false;
        };
        if self.end_tag.is_some() {
            self.end_tag_left_stack(&name, &handle);
        }
        self.sink.pop(&handle);
        true
    }

    /// [`TreeBuilder::pop`], returning the popped entry.
    pub(crate) fn pop_entry(&mut self) -> Option<OpenElement<S::Handle>> {
        let e = self.open.pop()?;
        self.left_stack(&e);
        self.sink.pop(&e.handle);
        Some(e)
    }

    /// "Remove from the stack of open elements" the entry at `i`: not a pop, so the sink's
    /// [`TreeSink::pop`] is not called.
    pub(crate) fn remove_from_stack(&mut self, i: usize) -> OpenElement<S::Handle> {
        let e = self.open.remove(i);
        self.left_stack(&e);
        e
    }

    /// Source locations, recorded here rather than in the insertion modes (parse5 does it in
    /// its pop hook): an element that leaves the stack of open elements while an end tag with
    /// its tag name (ASCII case-insensitively, for SVG's camel-case names) is processed was
    /// closed by that end tag, whose span becomes its end tag span. `</body>` and `</html>`
    /// leave their elements on the stack and call [`TreeBuilder::set_end_tag_span`] instead.
    #[inline]
    fn left_stack(&mut self, e: &OpenElement<S::Handle>) {
        // `end_tag` is only set when the sink wants spans.
        if self.end_tag.is_some() {
            self.end_tag_left_stack(&e.name, &e.handle);
        }
    }

    /// [`TreeBuilder::left_stack`] while an end tag is processed and the sink wants spans, for
    /// the element `handle` named `name`.
    #[inline(never)]
    fn end_tag_left_stack(&mut self, name: &LocalName, handle: &S::Handle) {
        if let Some(end_tag) = &self.end_tag {
            if *name == *end_tag || name.eq_ignore_ascii_case(end_tag) {
                self.sink.set_end_tag_span(handle, self.span);
            }
        }
    }

    /// Records the current token's span as `element`'s end tag span, when the sink wants
    /// spans.
    pub(crate) fn set_end_tag_span(&mut self, element: &S::Handle) {
        if self.spans {
            self.sink.set_end_tag_span(element, self.span);
        }
    }

    /// Pops elements until an HTML element named `name` has been popped.
    pub(crate) fn pop_until_popped(&mut self, name: &LocalName) {
        if !self.open.contains_html(name) {
            return;
        }
        while let Some(current) = self.open.current() {
            let found = current.is_html(name);
            self.pop();
            if found {
                return;
            }
        }
    }

    /// Pops elements until one of the HTML elements matching `pred` has been popped.
    pub(crate) fn pop_until_popped_any(&mut self, pred: impl Fn(&LocalName) -> bool) {
        while let Some(current) = self.open.current() {
            let found = current.ns == Namespace::Html && pred(&current.name);
            self.pop();
            if found {
                return;
            }
        }
    }

    /// Pops elements until the stack has `len` entries.
    pub(crate) fn pop_to_len(&mut self, len: usize) {
        while self.open.len() > len {
            self.pop();
        }
    }

    /// "Generate implied end tags", except for HTML elements named `except`.
    pub(crate) fn generate_implied_end_tags(&mut self, except: Option<&LocalName>) {
        while let Some(cur) = self.open.current() {
            if !cur.has(IMPLIED_END) || cur.ns != Namespace::Html {
                return;
            }
            if except.is_some_and(|x| *x == cur.name) {
                return;
            }
            self.pop();
        }
    }

    /// "Generate all implied end tags thoroughly".
    pub(crate) fn generate_all_implied_end_tags_thoroughly(&mut self) {
        while let Some(cur) = self.open.current() {
            if !cur.has(IMPLIED_END_THOROUGH) || cur.ns != Namespace::Html {
                return;
            }
            self.pop();
        }
    }

    /// "Close a p element".
    pub(crate) fn close_p_element(&mut self) {
        self.generate_implied_end_tags(Some(&local_name!("p")));
        if !self.open.current_is(&local_name!("p")) {
            self.error(ErrorCode::UnexpectedOpenElementClosingP);
        }
        self.pop_until_popped(&local_name!("p"));
    }

    /// Closes a `p` if one is in button scope (the start of many "in body" rules).
    pub(crate) fn close_p_if_in_button_scope(&mut self) {
        if self.open.in_scope(&local_name!("p"), Scope::Button) {
            self.close_p_element();
        }
    }

    /// Whether the current node is one of the HTML elements in `names`.
    pub(crate) fn current_is_one_of(&self, names: &[LocalName]) -> bool {
        self.open
            .current()
            .is_some_and(|e| e.ns == Namespace::Html && names.contains(&e.name))
    }

    /// "Clear the stack back to a context": pop until the current node is one of `names` (or
    /// `html`).
    pub(crate) fn clear_stack_back_to(&mut self, names: &[LocalName]) {
        while let Some(cur) = self.open.current() {
            if cur.ns == Namespace::Html
                && (cur.name == local_name!("html") || names.contains(&cur.name))
            {
                return;
            }
            self.pop();
        }
    }

    /// "Clear the stack back to a table context".
    pub(crate) fn clear_stack_back_to_table_context(&mut self) {
        self.clear_stack_back_to(&[local_name!("table"), local_name!("template")]);
    }

    /// "Clear the stack back to a table body context".
    pub(crate) fn clear_stack_back_to_table_body_context(&mut self) {
        self.clear_stack_back_to(&[
            local_name!("tbody"),
            local_name!("tfoot"),
            local_name!("thead"),
            local_name!("template"),
        ]);
    }

    /// "Clear the stack back to a table row context".
    pub(crate) fn clear_stack_back_to_table_row_context(&mut self) {
        self.clear_stack_back_to(&[local_name!("tr"), local_name!("template")]);
    }

    /// Whether a `template` is on the stack of open elements.
    pub(crate) fn template_on_stack(&self) -> bool {
        self.open.contains_html(&local_name!("template"))
    }

    /// "Parsing template contents" (2026): a `template` on the stack or a `template` context.
    pub(crate) fn parsing_template_contents(&self) -> bool {
        self.template_on_stack()
            || self
                .context
                .as_ref()
                .is_some_and(|c| c.ns == Namespace::Html && c.name == local_name!("template"))
    }

    /// Whether the fragment context element is the HTML element `name`.
    pub(crate) fn context_is(&self, name: &LocalName) -> bool {
        self.context
            .as_ref()
            .is_some_and(|c| c.ns == Namespace::Html && c.name == *name)
    }

    /// "Reconstruct the active formatting elements" (§ the-list-of-active-formatting-elements).
    /// Steps 1-2, the check that almost every call stops at, are inlined into the callers;
    /// the rest is [`Self::reconstruct_from_step_3`].
    #[inline(always)]
    pub(crate) fn reconstruct_active_formatting_elements(&mut self) {
        // 1-2. Nothing to do when the list is empty, or its last entry is a marker or open.
        let Some(last) = self.active.entries.last() else {
            return;
        };
        match last {
            Entry::Marker => {}
            Entry::Element { id, .. } => {
                if !self.open.is_open(*id) {
                    self.reconstruct_from_step_3();
                }
            }
        }
    }

    /// "Reconstruct the active formatting elements", steps 3-10: the last entry is an element
    /// that is not open.
    #[inline(never)]
    fn reconstruct_from_step_3(&mut self) {
        // 3-6. Rewind to the entry after the last marker or open element.
        let mut i = self.active.entries.len() - 1;
        while i > 0 {
            match &self.active.entries[i - 1] {
                Entry::Marker => break,
                Entry::Element { id, .. } => {
                    if self.open.is_open(*id) {
                        break;
                    }
                }
            }
            i -= 1;
        }
        // 7-10. Advance, creating each element again.
        while i < self.active.entries.len() {
            let (name, mut attrs) = self.entry_token(i);
            let attrs = DistinctAttrs::dedup(&mut attrs);
            let handle = self.insert_element_for(Namespace::Html, name, attrs, false);
            let id = self.current_id();
            self.active.set_element(i, handle, id);
            i += 1;
        }
    }

    /// Inserts a formatting element and pushes it onto the list of active formatting elements.
    /// Inline in the three start tag rules that use it: a call of its own cost more than its
    /// work between the two calls it makes.
    #[inline(always)]
    pub(crate) fn insert_formatting_element(&mut self, name: LocalName, attrs: DistinctAttrs<'_>) {
        let token = TokenAttrs {
            attrs: attrs.as_slice(),
            // A sink that gives attributes back saves the copy (formatting elements are
            // mostly closed without ever being recreated).
            keep: !self.sink_keeps_attrs,
        };
        let handle = self.insert_html_element(name.clone(), attrs);
        let id = self.current_id();
        let sink = &self.sink;
        self.active
            .push(handle, id, name, token, |h| sink.element_attrs(h));
    }

    /// The tag name and attributes of the token the list entry `i` was created for.
    pub(crate) fn entry_token(&self, i: usize) -> (LocalName, Vec<Attribute>) {
        match &self.active.entries[i] {
            Entry::Element {
                name,
                attrs: Some(attrs),
                ..
            } => (name.clone(), attrs.clone()),
            Entry::Element {
                name,
                attrs: None,
                attr_count,
                handle,
                ..
            } => {
                let attrs = if *attr_count == 0 {
                    Vec::new()
                } else {
                    self.sink.element_attrs(handle)
                };
                (name.clone(), attrs)
            }
            Entry::Marker => unreachable!("an element entry"),
        }
    }

    /// The id of the current node's stack entry.
    fn current_id(&self) -> u32 {
        self.open.current().map_or(u32::MAX, |e| e.id)
    }

    /// "Reset the insertion mode appropriately" (§ the-insertion-mode; without the old `select`
    /// step).
    pub(crate) fn reset_insertion_mode(&mut self) {
        let mut i = self.open.len();
        while i > 0 {
            i -= 1;
            let last = i == 0;
            let (ns, name) = if last {
                match &self.context {
                    Some(c) => (c.ns, c.name.clone()),
                    None => {
                        let e = self.open.get(i);
                        (e.ns, e.name.clone())
                    }
                }
            } else {
                let e = self.open.get(i);
                (e.ns, e.name.clone())
            };
            if ns != Namespace::Html {
                if last {
                    self.mode = InsertionMode::InBody;
                    return;
                }
                continue;
            }
            let mode = match name {
                local_name!("td") | local_name!("th") if !last => Some(InsertionMode::InCell),
                local_name!("tr") => Some(InsertionMode::InRow),
                local_name!("tbody") | local_name!("thead") | local_name!("tfoot") => {
                    Some(InsertionMode::InTableBody)
                }
                local_name!("caption") => Some(InsertionMode::InCaption),
                local_name!("colgroup") => Some(InsertionMode::InColumnGroup),
                local_name!("table") => Some(InsertionMode::InTable),
                local_name!("template") => Some(
                    *self
                        .template_modes
                        .last()
                        .unwrap_or(&InsertionMode::InTemplate),
                ),
                local_name!("head") if !last => Some(InsertionMode::InHead),
                local_name!("body") => Some(InsertionMode::InBody),
                local_name!("frameset") => Some(InsertionMode::InFrameset),
                local_name!("html") => Some(if self.head.is_none() {
                    InsertionMode::BeforeHead
                } else {
                    InsertionMode::AfterHead
                }),
                _ => None,
            };
            if let Some(mode) = mode {
                self.mode = mode;
                return;
            }
            if last {
                self.mode = InsertionMode::InBody;
                return;
            }
        }
        self.mode = InsertionMode::InBody;
    }

    /// "Stop parsing" ("the end", § the-end, step 5): pop all the nodes off the stack.
    pub(crate) fn stop_parsing(&mut self) {
        while self.pop() {}
        self.stopped = true;
    }
}
