//! The `selectedcontent` hooks (HTML forms chapter, the 2025 customizable `<select>`), which
//! change what the parser's tree looks like:
//!
//! * when an `option` is popped off the stack of open elements: "maybe clone an option into
//!   selectedcontent";
//! * when a `selectedcontent` element is inserted: its post-connection steps.
//!
//! Both need the options' *selectedness*, kept in the option's `Element::flag` and maintained by
//! the "selectedness setting algorithm" when an option is inserted. Selectedness is invisible in
//! a static tree except through `selectedcontent`, so the work only starts for a select once a
//! `selectedcontent` has been inserted into it: the select is then caught up by running the
//! selectedness setting algorithm once (the same selection as running it after every earlier
//! insertion, because the parser only appended those options), and from then on each option
//! insertion updates a per-select cache (the selected option, the first `selectedcontent`) in
//! constant time plus a walk up the ancestors, so thousands of options or `selectedcontent`
//! elements stay linear.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use kauri_tokenizer::{local_name, AttrNamespace, LocalName};

use crate::clone::clone_children_into;
use crate::node::{Arena, Element, Node, NodeData};
use kauri_tokenizer::names::layer_hash::NameHasher as FxHasher;

fn html_element<'n, 'a>(node: &'n Node<'a>) -> Option<&'n Element<'a>> {
    match &node.data {
        NodeData::Element(e) if e.name.ns == kauri_tokenizer::Namespace::Html => Some(e),
        _ => None,
    }
}

fn has_attr(e: &Element<'_>, name: &LocalName) -> bool {
    e.attributes()
        .any(|(k, _)| k.ns == AttrNamespace::None && k.local == *name)
}

/// An option's "option element nearest ancestor select".
fn option_nearest_ancestor_select<'a>(option: &'a Node<'a>) -> Option<&'a Node<'a>> {
    let mut seen_optgroup = false;
    for ancestor in option.ancestors() {
        let Some(e) = html_element(ancestor) else {
            continue;
        };
        match e.name.local {
            local_name!("datalist") | local_name!("hr") | local_name!("option") => return None,
            local_name!("optgroup") => {
                if seen_optgroup {
                    return None;
                }
                seen_optgroup = true;
            }
            local_name!("select") => return Some(ancestor),
            _ => {}
        }
    }
    None
}

/// The select's "list of options": its option descendants, in tree order, whose nearest
/// ancestor select is this select.
fn list_of_options<'a>(select: &'a Node<'a>) -> impl Iterator<Item = &'a Node<'a>> {
    select.descendants().filter(move |node| {
        node.is_html_element(&local_name!("option"))
            && option_nearest_ancestor_select(node).is_some_and(|s| s.same_node(select))
    })
}

/// An option is disabled when it has a `disabled` attribute or is a child of an `optgroup` with
/// one.
fn option_is_disabled(option: &Node<'_>) -> bool {
    let own = html_element(option).is_some_and(|e| has_attr(e, &local_name!("disabled")));
    own || option.parent().is_some_and(|parent| {
        html_element(parent).is_some_and(|e| {
            e.name.local == local_name!("optgroup") && has_attr(e, &local_name!("disabled"))
        })
    })
}

/// The select's "display size": its `size` attribute when it is a valid non-negative integer
/// greater than zero, otherwise 4 with `multiple` and 1 without.
fn display_size(select: &Element<'_>) -> u64 {
    if let Some(size) = select.attr("size") {
        if let Some(n) = parse_non_negative_integer(size) {
            if n > 0 {
                return n;
            }
        }
    }
    if has_attr(select, &local_name!("multiple")) {
        4
    } else {
        1
    }
}

/// The "rules for parsing non-negative integers" (2.3.4.1), saturating.
fn parse_non_negative_integer(input: &str) -> Option<u64> {
    let s = input.trim_start_matches([' ', '\t', '\n', '\x0C', '\r']);
    let s = s.strip_prefix('+').unwrap_or(s);
    let digits = s.bytes().take_while(u8::is_ascii_digit);
    let mut value: u64 = 0;
    let mut any = false;
    for d in digits {
        any = true;
        value = value.saturating_mul(10).saturating_add((d - b'0') as u64);
    }
    any.then_some(value)
}

fn selectedness(option: &Node<'_>) -> bool {
    option.as_element().is_some_and(|e| e.flag.get())
}

fn set_selectedness(option: &Node<'_>, value: bool) {
    if let Some(e) = option.as_element() {
        e.flag.set(value);
    }
}

/// The "selectedness setting algorithm" for a select.
fn selectedness_setting_algorithm<'a>(select: &'a Node<'a>) {
    let Some(e) = select.as_element() else {
        return;
    };
    if has_attr(e, &local_name!("multiple")) {
        return;
    }
    // 1. No option selected (and display size 1): select the first non-disabled one.
    if display_size(e) == 1 && !list_of_options(select).any(|o| selectedness(o)) {
        if let Some(first) = list_of_options(select).find(|o| !option_is_disabled(o)) {
            set_selectedness(first, true);
        }
        return;
    }
    // 2. Two or more selected: keep only the last one.
    let mut last: Option<&Node<'_>> = None;
    for option in list_of_options(select) {
        if selectedness(option) {
            if let Some(previous) = last {
                set_selectedness(previous, false);
            }
            last = Some(option);
        }
    }
}

/// The state of the `selectedcontent` hooks for one tree being built: whether they have
/// started, and per select (keyed by the select's address) what they remember once a
/// `selectedcontent` has been inserted into it.
#[derive(Default)]
pub(crate) struct SelectedContent<'a> {
    /// Set once a `selectedcontent` element has been inserted: only then do option insertions
    /// and pops need the hooks (nothing else can observe selectedness).
    seen: bool,
    selects: HashMap<usize, SelectState<'a>, BuildHasherDefault<FxHasher>>,
    /// `selectedcontent` elements the parser inserted children into (only these, and a former
    /// first `selectedcontent`, can be non-empty non-primary ones that step 7 must clear).
    dirty: Vec<&'a Node<'a>>,
}

#[derive(Clone, Copy)]
struct SelectState<'a> {
    /// The option whose selectedness is true (at most one: the select has no `multiple`).
    selected: Option<&'a Node<'a>>,
    /// The first `selectedcontent` descendant in tree order.
    primary: Option<&'a Node<'a>>,
}

fn key(node: &Node<'_>) -> usize {
    node as *const Node<'_> as *const u8 as usize
}

fn is_descendant(node: &Node<'_>, ancestor: &Node<'_>) -> bool {
    node.ancestors().any(|a| a.same_node(ancestor))
}

/// Whether `a` comes before `b` in tree order (false for the same node or different trees).
fn precedes<'a>(a: &'a Node<'a>, b: &'a Node<'a>) -> bool {
    if a.same_node(b) {
        return false;
    }
    let chain = |n: &'a Node<'a>| {
        let mut v: Vec<&'a Node<'a>> = std::iter::once(n).chain(n.ancestors()).collect();
        v.reverse();
        v
    };
    let (ca, cb) = (chain(a), chain(b));
    let mut i = 0;
    while i < ca.len() && i < cb.len() && ca[i].same_node(cb[i]) {
        i += 1;
    }
    if i == 0 {
        return false;
    }
    if i == ca.len() {
        return true; // a is an ancestor of b
    }
    if i == cb.len() {
        return false; // b is an ancestor of a
    }
    // Siblings: walk both ways from a's branch until y turns up or one side ends (then y is on
    // the other side): the cost is the distance to y or to the nearer end, which is small when
    // nodes are appended, as the parser does.
    let (x, y) = (ca[i], cb[i]);
    let (mut forward, mut backward) = (x.next_sibling(), x.prev_sibling());
    loop {
        match forward {
            None => return false,
            Some(f) if f.same_node(y) => return true,
            Some(f) => forward = f.next_sibling(),
        }
        match backward {
            None => return true,
            Some(r) if r.same_node(y) => return false,
            Some(r) => backward = r.prev_sibling(),
        }
    }
}

fn first_selectedcontent<'a>(select: &'a Node<'a>) -> Option<&'a Node<'a>> {
    select
        .descendants()
        .find(|n| n.is_html_element(&local_name!("selectedcontent")))
}

fn has_multiple(select: &Node<'_>) -> bool {
    select
        .as_element()
        .is_some_and(|e| has_attr(e, &local_name!("multiple")))
}

/// Runs the selectedness setting algorithm over the whole select and reads the state back.
fn full_state<'a>(select: &'a Node<'a>) -> SelectState<'a> {
    selectedness_setting_algorithm(select);
    SelectState {
        selected: list_of_options(select).find(|o| selectedness(o)),
        primary: first_selectedcontent(select),
    }
}

/// Replaces all children of `target` with deep clones of `source`'s children.
fn replace_children_with_clones<'a>(
    arena: &'a Arena<'a>,
    target: &'a Node<'a>,
    source: Option<&'a Node<'a>>,
) {
    while let Some(child) = target.first_child() {
        child.detach();
    }
    if let Some(source) = source {
        clone_children_into(arena, source, target, false);
    }
}

/// The node after `node` in tree order, staying inside `root`'s subtree.
fn next_in_subtree<'a>(node: &'a Node<'a>, root: &'a Node<'a>) -> Option<&'a Node<'a>> {
    if let Some(child) = node.first_child() {
        return Some(child);
    }
    let mut current = node;
    loop {
        if current.same_node(root) {
            return None;
        }
        if let Some(next) = current.next_sibling() {
            return Some(next);
        }
        current = current.parent()?;
    }
}

impl<'a> SelectedContent<'a> {
    /// Whether a `selectedcontent` element has been inserted (before that, only
    /// [`SelectedContent::inserted`] does anything).
    pub(crate) fn started(&self) -> bool {
        self.seen
    }

    /// Runs the insertion hooks that matter to a parser-built tree after `node` was inserted
    /// (with its subtree, when the adoption agency moves one).
    pub(crate) fn inserted(&mut self, arena: &'a Arena<'a>, node: &'a Node<'a>) {
        if !self.seen {
            if node.is_html_element(&local_name!("selectedcontent")) {
                self.seen = true;
                self.selectedcontent_post_connection(arena, node);
            }
            return;
        }
        if node.first_child().is_none() {
            self.inserted_one(arena, node);
        } else {
            // A moved subtree (adoption agency): every inserted node gets its steps.
            let mut next = Some(node);
            while let Some(n) = next {
                self.inserted_one(arena, n);
                next = next_in_subtree(n, node);
            }
        }
    }

    fn inserted_one(&mut self, arena: &'a Arena<'a>, node: &'a Node<'a>) {
        if node.is_html_element(&local_name!("option")) {
            self.option_insertion_steps(node);
        } else if node.is_html_element(&local_name!("selectedcontent")) {
            self.selectedcontent_post_connection(arena, node);
        }
    }

    /// An element was popped off the stack of open elements: for an `option`, "maybe clone an
    /// option into selectedcontent".
    #[inline]
    pub(crate) fn popped(&mut self, arena: &'a Arena<'a>, element: &'a Node<'a>) {
        if self.seen && element.is_html_element(&local_name!("option")) {
            self.maybe_clone_option_into_selectedcontent(arena, element);
        }
    }

    /// The select's cached state, revalidated: a selected option that left the select or lost
    /// its selectedness, or a first `selectedcontent` that left it, sends the select back
    /// through the full algorithm.
    fn select_state(&mut self, select: &'a Node<'a>) -> Option<SelectState<'a>> {
        let state = *self.selects.get(&key(select))?;
        let selected_ok = state.selected.is_none_or(|o| {
            selectedness(o)
                && option_nearest_ancestor_select(o).is_some_and(|s| s.same_node(select))
        });
        let primary_ok = state.primary.is_some_and(|p| is_descendant(p, select));
        if selected_ok && primary_ok {
            return Some(state);
        }
        let fresh = full_state(select);
        self.selects.insert(key(select), fresh);
        Some(fresh)
    }

    /// Notes that the parser inserted a child into `parent` (so a `selectedcontent` parent may
    /// have to be cleared later).
    pub(crate) fn child_inserted_into(&mut self, parent: &'a Node<'a>) {
        if self.seen
            && parent.is_html_element(&local_name!("selectedcontent"))
            && !self.dirty.last().is_some_and(|d| d.same_node(parent))
        {
            self.dirty.push(parent);
        }
    }

    /// The option HTML element insertion steps: the selectedness setting algorithm for the
    /// option's nearest ancestor select, done incrementally on the cached state.
    fn option_insertion_steps(&mut self, option: &'a Node<'a>) {
        let Some(select) = option_nearest_ancestor_select(option) else {
            return;
        };
        if has_multiple(select) {
            return;
        }
        // A select that never had a selectedcontent is caught up when it gets one.
        let Some(mut state) = self.select_state(select) else {
            return;
        };
        if selectedness(option) {
            // Step 2: two selected options: only the last in tree order stays selected.
            match state.selected {
                Some(previous) if !previous.same_node(option) => {
                    if precedes(previous, option) {
                        set_selectedness(previous, false);
                        state.selected = Some(option);
                    } else {
                        set_selectedness(option, false);
                    }
                }
                _ => state.selected = Some(option),
            }
        } else if state.selected.is_none()
            && select.as_element().is_some_and(|e| display_size(e) == 1)
            && !option_is_disabled(option)
        {
            // Step 1: nothing selected means every other option is disabled, so this one is
            // the first that is not.
            set_selectedness(option, true);
            state.selected = Some(option);
        }
        self.selects.insert(key(select), state);
    }

    /// "Maybe clone an option into selectedcontent", run when an option is popped off the stack
    /// of open elements.
    fn maybe_clone_option_into_selectedcontent(
        &mut self,
        arena: &'a Arena<'a>,
        option: &'a Node<'a>,
    ) {
        if !selectedness(option) {
            return;
        }
        let Some(select) = option_nearest_ancestor_select(option) else {
            return;
        };
        if has_multiple(select) {
            return;
        }
        let Some(state) = self.select_state(select) else {
            return;
        };
        // The select's enabled selectedcontent: the first one, unless it is disabled.
        if let Some(target) = state
            .primary
            .filter(|p| !p.as_element().is_some_and(|e| e.flag.get()))
        {
            replace_children_with_clones(arena, target, Some(option));
        }
    }

    /// The selectedcontent element post-connection steps.
    fn selectedcontent_post_connection(
        &mut self,
        arena: &'a Arena<'a>,
        selectedcontent: &'a Node<'a>,
    ) {
        // 1-4. Find the nearest select ancestor; a second select, an option or a
        // selectedcontent ancestor disables the element.
        let mut nearest_select = None;
        let mut disabled = false;
        for ancestor in selectedcontent.ancestors() {
            let Some(e) = html_element(ancestor) else {
                continue;
            };
            match e.name.local {
                local_name!("select") => {
                    if nearest_select.is_none() {
                        nearest_select = Some(ancestor);
                    } else {
                        disabled = true;
                    }
                }
                local_name!("option") | local_name!("selectedcontent") => disabled = true,
                _ => {}
            }
        }
        if let Some(e) = selectedcontent.as_element() {
            e.flag.set(disabled);
        }
        // 5. No select, or a select with `multiple`: nothing to show.
        let Some(select) = nearest_select else {
            return;
        };
        if has_multiple(select) {
            return;
        }
        let mut state = match self.select_state(select) {
            // The first selectedcontent of this select: catch the options up.
            None => full_state(select),
            Some(mut state) => {
                if let Some(primary) = state.primary {
                    if precedes(selectedcontent, primary) {
                        // The old first one is no longer primary: step 7 clears it.
                        self.dirty.push(primary);
                        state.primary = Some(selectedcontent);
                    }
                }
                state
            }
        };
        if state.primary.is_none() {
            state.primary = Some(selectedcontent);
        }
        self.selects.insert(key(select), state);
        // 6. Update the select's selectedcontent: its enabled selectedcontent shows the first
        // selected option (or nothing).
        if let Some(target) = state
            .primary
            .filter(|p| !p.as_element().is_some_and(|e| e.flag.get()))
        {
            replace_children_with_clones(arena, target, state.selected);
        }
        // 7. Clear the select's non-primary selectedcontent elements (only ones that can have
        // children: this one, and those the parser or an earlier step filled).
        let is_primary = |n: &Node<'_>| state.primary.is_some_and(|p| p.same_node(n));
        if !is_primary(selectedcontent) && selectedcontent.first_child().is_some() {
            replace_children_with_clones(arena, selectedcontent, None);
        }
        let dirty = std::mem::take(&mut self.dirty);
        let mut kept = Vec::with_capacity(dirty.len());
        for sc in dirty {
            if is_descendant(sc, select) {
                if !is_primary(sc) {
                    replace_children_with_clones(arena, sc, None);
                }
            } else {
                kept.push(sc);
            }
        }
        self.dirty = kept;
    }
}
