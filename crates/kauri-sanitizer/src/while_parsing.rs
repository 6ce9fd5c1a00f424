//! Sanitize while parsing (whatwg/html PR #12756, "Sanitize while parsing", open in 2026-12;
//! Chromium 156 implements it, and WPT's `sanitizer-in-adoption-agency.sub.dat` expects it): the
//! parser consults the sanitizer configuration as it inserts nodes, instead of the finished
//! fragment being sanitized afterwards.
//!
//! [`SanitizingSink`] stands between the tree builder and the [`DomSink`]. The tree builder runs
//! unchanged (its stack of open elements and list of active formatting elements still hold
//! every element the input opens); only where nodes land changes:
//!
//! * "Get the sanitizer action for an element name" decides, when an element is created,
//!   whether it is kept, removed, or replaced with its children. Comments and processing
//!   instructions the config does not allow are removed.
//! * A removed node is never inserted, and what would be inserted into a removed element goes
//!   nowhere (with everything inserted into that, at any depth).
//! * An element replaced with its children is not inserted either: the parser's "insertion
//!   target redirection map" maps it to the insertion location it would have been inserted at,
//!   and whatever is inserted into it goes there. So text parsed inside it lands where the
//!   element stood *when the text was parsed*: when the adoption agency algorithm later moves
//!   the element (as `lastNode`), that text stays, and only what comes after follows it. The
//!   map entry is set anew each time the element is "inserted" (the adoption agency algorithm,
//!   steps 4.13.8 and 4.16).
//! * The adoption agency algorithm's new formatting element (step 4.17) takes the furthest
//!   block's children (step 4.18) only when it is kept; when it is removed or replaced with its
//!   children, the children stay where they are.
//!
//! Text that a removal leaves next to text is then one Text node, as "insert a character"
//! merges it (the one observable change besides the adoption agency cases, WICG/sanitizer-api
//! #390).
//!
//! A kept element is created with only the attributes the config keeps (the attribute steps
//! of "sanitize core", `sanitize::keeps_attribute`, `javascript:` URLs included): an
//! attribute's fate depends on nothing but the element and the attribute, so deciding it at
//! creation gives the walk's result without a second copy of the list. The tree builder
//! still gets a formatting element's token attributes back where the list of active
//! formatting elements compares and recreates elements by them ([`TreeSink::element_attrs`]:
//! `DomSink::create_element_retaining` keeps them). The nodes the DOM side creates itself
//! (the `selectedcontent` clone of an option) copy kept nodes. So the callers run "sanitize
//! core" on the result only when the parser added attributes to an element it had made (an
//! `<html>` or `<body>` start tag in body; `sanitize::sanitize_core_after_sink`).
//!
//! The maps hold one entry per element that is not kept or that landed nowhere, so memory stays
//! linear in the input. An insertion costs one hash lookup per redirection it follows: one,
//! except where the adoption agency algorithm put a replaced element into a new one it had not
//! inserted yet (at most a few per run of the algorithm). The test
//! `the_sinks_work_grows_linearly_with_hostile_input` counts that work on the hostile families
//! (`benches/support/hostile_families.rs`), and the `linear_time` benchmark times them.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use kauri_dom::{DomSink, DomSinkFilter, NodeHandle};
use kauri_tokenizer::{Attribute, DistinctAttrs, ParseError, QualName, Span};
use kauri_tree_builder::{ContentPatch, NodeOrText, QuirksMode, ShadowRootInit, TreeSink};

use crate::rules::Rules;
use crate::sanitize::{element_decision, holds_no_elements, keeps_attribute, Action};

/// An insertion location as the tree builder gives it: inside a parent, after its last child,
/// or right before a sibling (in the sibling's parent).
#[derive(Clone, Copy)]
enum Location<'a> {
    Append(NodeHandle<'a>),
    Before(NodeHandle<'a>),
}

/// Where insertions into a node go instead of into it: the "insertion target redirection map"'s
/// value for an element replaced with its children, or nowhere (a removed element, and an
/// element that was itself inserted nowhere).
#[derive(Clone, Copy)]
enum Redirect<'a> {
    /// Inside the parent of a [`Group`], after its last child.
    Into(Group),
    /// Right before this node.
    Before(NodeHandle<'a>),
    Nowhere,
}

/// The replaced elements that were placed inside one parent, after its last child. When the
/// adoption agency algorithm moves that parent's children into a new formatting element (step
/// 4.18), these redirections follow them (they stood among those children), which costs one
/// update for the whole group.
#[derive(Clone, Copy)]
struct Group(usize);

/// A hasher for node handles, which hash as an address and a sink id (two integers): a
/// multiply-and-rotate mix, far cheaper than SipHash on the per-insertion lookup.
#[derive(Default)]
pub(crate) struct HandleHasher(u64);

impl Hasher for HandleHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

type HandleMap<'a, V> = HashMap<NodeHandle<'a>, V, BuildHasherDefault<HandleHasher>>;

/// The sanitize-while-parsing tree sink (see the module documentation): a [`DomSink`] behind
/// the sanitizer configuration's element, comment and processing instruction rules.
pub(crate) struct SanitizingSink<'a, 'r> {
    inner: DomSink<'a>,
    rules: &'r Rules,
    /// The maps, made when the first node that is not kept is created (most small inputs
    /// never need them, and the tree builder moves its sink with it: a pointer is cheap).
    maps: Option<Box<Maps<'a>>>,
    /// A fragment parse whose root `html` element is still to be created: that element holds
    /// the fragment and is always kept.
    fragment_root_pending: bool,
    /// What the sink saw, for the re-parse check.
    facts: &'r ParseFacts,
}

/// What a [`SanitizingSink`] saw while the parser built the tree: what the re-parse check
/// (`round_trip.rs`) needs to know of how the tree was made.
#[derive(Default)]
pub(crate) struct ParseFacts {
    /// Set when an element is replaced with its children, or one that can hold elements is
    /// removed (else the tree's structure is the parser's, less leaves).
    pub(crate) changed_structure: Cell<bool>,
    /// Set when the parser inserted a node before another: it does that when it foster
    /// parents (§ foster-parent, the "appropriate place for inserting a node" next to a
    /// table), the one way a table makes a tree whose markup parses differently, and when it
    /// patches `<template for>` content (a `template`, which never skips the check anyway).
    pub(crate) foster_parented: Cell<bool>,
    /// Set when the adoption agency algorithm found a furthest block (§ adoption-agency-algorithm,
    /// past step 4.8): it then moves that block to the common ancestor and the block's children
    /// into a new formatting element (steps 4.15 to 4.19), which can nest elements as no markup
    /// nests them. `<h3><a><h3><a>` leaves an `h3` that is a child of an `h3`; written out,
    /// the inner start tag finds the outer `h3` as the current node and closes it, so the two
    /// parse back as siblings.
    pub(crate) adoption_agency_moved: Cell<bool>,
    /// Set when the parser added attributes to an element it had made (an `<html>` or
    /// `<body>` start tag in body, § parsing-main-inbody): the sink filters attributes as it
    /// creates elements, so "sanitize core" must then look at the tree's attributes.
    pub(crate) attributes_unfiltered: Cell<bool>,
    /// The sink's own work beyond the parser's: the redirection map entries it followed and
    /// the children it moved into an unwrapped element's place. Linear in the input, as the
    /// test `the_sinks_work_grows_linearly_with_hostile_input` checks.
    pub(crate) map_steps: Cell<u64>,
}

/// The per-node facts of a [`SanitizingSink`].
#[derive(Default)]
struct Maps<'a> {
    /// The nodes created with an action other than Keep.
    actions: HandleMap<'a, Action>,
    /// The insertion target redirection map (with "nowhere" for removed elements).
    redirects: HandleMap<'a, Redirect<'a>>,
    /// The parent of each [`Group`], by group number.
    group_parents: Vec<NodeHandle<'a>>,
    /// The group of the replaced elements placed at the end of a parent, by parent.
    groups: HandleMap<'a, Group>,
}

impl<'a> Maps<'a> {
    /// The PR's "adjusted insertion location" given `location`, after the insertion target
    /// redirection map: `None` when the insertion goes nowhere. An element replaced with its
    /// children may be redirected into another one that the adoption agency algorithm had
    /// created but not yet inserted (step 4.13.8 appends `lastNode` to the new `node` before
    /// `node` itself is inserted), so redirections are followed to the end.
    /// Each entry followed counts one in `steps`.
    fn adjusted(
        &self,
        inner: &DomSink<'a>,
        location: Location<'a>,
        steps: &Cell<u64>,
    ) -> Option<Location<'a>> {
        if self.redirects.is_empty() {
            return Some(location);
        }
        let mut location = location;
        // Each step follows one map entry; more steps than entries would be a cycle, which
        // the tree builder's moves never make (it never moves a node into its own subtree),
        // but bad input must not hang: such an insertion goes nowhere.
        for _ in 0..=self.redirects.len() {
            steps.set(steps.get() + 1);
            let parent = match location {
                Location::Append(parent) => parent,
                Location::Before(sibling) => match inner.parent_node(&sibling) {
                    Some(parent) => parent,
                    None => return Some(location),
                },
            };
            match self.redirects.get(&parent) {
                None => return Some(location),
                Some(Redirect::Nowhere) => return None,
                // A placed replaced element has no children of its own, so a sibling is never
                // in one.
                Some(Redirect::Into(group)) => match location {
                    Location::Append(_) => location = Location::Append(self.group_parents[group.0]),
                    Location::Before(_) => return Some(location),
                },
                Some(Redirect::Before(sibling)) => match location {
                    Location::Append(_) => location = Location::Before(*sibling),
                    Location::Before(_) => return Some(location),
                },
            }
        }
        None
    }

    /// The redirection to `place`: for the end of a parent, that parent's group.
    fn redirect_to(&mut self, place: Location<'a>) -> Redirect<'a> {
        match place {
            Location::Before(sibling) => Redirect::Before(sibling),
            Location::Append(parent) => {
                let next = self.group_parents.len();
                let group = *self.groups.entry(parent).or_insert(Group(next));
                if group.0 == next {
                    self.group_parents.push(parent);
                }
                Redirect::Into(group)
            }
        }
    }
}

impl<'a, 'r> SanitizingSink<'a, 'r> {
    /// A sink that sanitizes with `rules` what the tree builder inserts into `inner`;
    /// `fragment`: the parse is the fragment parsing algorithm's; `facts`: where the sink notes
    /// what it saw.
    pub(crate) fn new(
        inner: DomSink<'a>,
        rules: &'r Rules,
        fragment: bool,
        facts: &'r ParseFacts,
    ) -> Self {
        SanitizingSink {
            inner,
            rules,
            maps: None,
            fragment_root_pending: fragment,
            facts,
        }
    }

    /// Inserts `child` at `location` (the adjusted one), as the sanitizer action of a node
    /// being inserted says.
    fn insert(&mut self, location: Location<'a>, child: NodeOrText<'_, NodeHandle<'a>>) {
        let Some(maps) = self.maps.as_deref_mut() else {
            // Every node so far is kept: nothing to redirect.
            match location {
                Location::Append(parent) => self.inner.append(&parent, child),
                Location::Before(sibling) => self.inner.insert_before(&sibling, child),
            }
            return;
        };
        let place = maps.adjusted(&self.inner, location, &self.facts.map_steps);
        let node = match child {
            NodeOrText::Text(text) => {
                if let Some(place) = place {
                    insert_into_dom(&mut self.inner, place, NodeOrText::Text(text));
                }
                return;
            }
            NodeOrText::Node(node) => node,
        };
        match maps.actions.get(&node).copied() {
            Some(Action::Remove) => self.inner.detach(&node),
            Some(Action::ReplaceWithChildren) => {
                self.inner.detach(&node);
                match place {
                    Some(place) => {
                        let redirect = maps.redirect_to(place);
                        maps.redirects.insert(node, redirect);
                        // What went into it before it had a place follows it there.
                        while let Some(child) = self.inner.first_child(&node) {
                            self.facts.map_steps.set(self.facts.map_steps.get() + 1);
                            self.inner.detach(&child);
                            insert_into_dom(&mut self.inner, place, NodeOrText::Node(child));
                        }
                    }
                    None => {
                        maps.redirects.insert(node, Redirect::Nowhere);
                    }
                }
            }
            Some(Action::Keep) | None => match place {
                Some(place) => {
                    if !maps.redirects.is_empty() {
                        maps.redirects.remove(&node);
                    }
                    insert_into_dom(&mut self.inner, place, NodeOrText::Node(node));
                }
                None => {
                    self.inner.detach(&node);
                    maps.redirects.insert(node, Redirect::Nowhere);
                }
            },
        }
    }

    /// Records a created node's action when it is not Keep. What is inserted into a removed
    /// node goes nowhere; an element replaced with its children holds what is inserted into
    /// it until it is placed.
    fn note_action(&mut self, node: NodeHandle<'a>, action: Action) {
        if matches!(action, Action::Keep) {
            return;
        }
        let maps = self.maps.get_or_insert_with(Box::default);
        maps.actions.insert(node, action);
        if matches!(action, Action::Remove) {
            maps.redirects.insert(node, Redirect::Nowhere);
        }
    }
}

/// Inserts `child` at `place` in the DOM.
fn insert_into_dom<'a>(
    inner: &mut DomSink<'a>,
    place: Location<'a>,
    child: NodeOrText<'_, NodeHandle<'a>>,
) {
    match place {
        Location::Append(parent) => inner.append(&parent, child),
        Location::Before(sibling) => inner.insert_before(&sibling, child),
    }
}

impl<'a> DomSinkFilter<'a> for SanitizingSink<'a, '_> {
    fn dom_sink(&mut self) -> &mut DomSink<'a> {
        &mut self.inner
    }
}

impl<'a> TreeSink for SanitizingSink<'a, '_> {
    type Handle = NodeHandle<'a>;

    fn document(&mut self) -> NodeHandle<'a> {
        self.inner.document()
    }

    /// "Create an element for a token", with the PR's "get the sanitizer action for an element
    /// name".
    fn create_element(&mut self, name: QualName, attrs: DistinctAttrs<'_>) -> NodeHandle<'a> {
        if std::mem::take(&mut self.fragment_root_pending) {
            return self.inner.create_element(name, attrs);
        }
        let (action, rule) = element_decision(self.rules, name.ns, &name.local);
        let changes_structure = match action {
            Action::Keep => false,
            Action::Remove => !holds_no_elements(name.ns, &name.local),
            Action::ReplaceWithChildren => true,
        };
        if changes_structure {
            self.facts.changed_structure.set(true);
        }
        if !matches!(action, Action::Keep) || attrs.is_empty() {
            // (An element that is not kept is never in the tree: its attributes stay whole.)
            let node = self.inner.create_element(name, attrs);
            self.note_action(node, action);
            return node;
        }
        // The attribute steps of "sanitize core", as the element is created: a kept element
        // gets only the attributes the config keeps.
        let (rules, ns, local) = (self.rules, name.ns, name.local.clone());
        self.inner.create_element_retaining(name, attrs, |a| {
            keeps_attribute(rules, rule, ns, &local, &a.name, &a.value)
        })
    }

    /// "Sanitizer config allows comments".
    fn create_comment(&mut self, data: &str) -> NodeHandle<'a> {
        let node = self.inner.create_comment(data);
        if !self.rules.comments {
            self.note_action(node, Action::Remove);
        }
        node
    }

    /// "Sanitizer config allows processing instruction target".
    fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeHandle<'a> {
        let node = self.inner.create_processing_instruction(target, data);
        if !self.rules.keeps_processing_instruction(target) {
            self.note_action(node, Action::Remove);
        }
        node
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        self.inner
            .append_doctype_to_document(name, public_id, system_id);
    }

    fn append(&mut self, parent: &NodeHandle<'a>, child: NodeOrText<'_, NodeHandle<'a>>) {
        if self.maps.is_none() {
            // Every node so far is kept: nothing to redirect. (Handing `child` straight on,
            // rather than through `insert`, lets it stay where the tree builder wrote it: a
            // copy of it read it back while those stores were in flight.)
            self.inner.append(parent, child);
            return;
        }
        self.insert(Location::Append(*parent), child);
    }

    fn insert_before(&mut self, sibling: &NodeHandle<'a>, child: NodeOrText<'_, NodeHandle<'a>>) {
        self.facts.foster_parented.set(true);
        self.insert(Location::Before(*sibling), child);
    }

    fn has_parent(&self, node: &NodeHandle<'a>) -> bool {
        self.inner.has_parent(node)
    }

    fn detach(&mut self, node: &NodeHandle<'a>) {
        self.inner.detach(node);
    }

    /// The adoption agency algorithm's step 4.18: the furthest block's children move to the
    /// new formatting element only when that element is kept.
    fn reparent_children(&mut self, node: &NodeHandle<'a>, new_parent: &NodeHandle<'a>) {
        // (Only the adoption agency algorithm's furthest-block path calls this.)
        self.facts.adoption_agency_moved.set(true);
        let Some(maps) = self.maps.as_deref_mut() else {
            self.inner.reparent_children(node, new_parent);
            return;
        };
        if maps.actions.contains_key(new_parent) {
            return;
        }
        self.inner.reparent_children(node, new_parent);
        // The replaced elements placed among those children follow them.
        if let Some(group) = maps.groups.remove(node) {
            maps.group_parents[group.0] = *new_parent;
            maps.groups.entry(*new_parent).or_insert(group);
        }
    }

    fn template_contents(&mut self, template: &NodeHandle<'a>) -> NodeHandle<'a> {
        self.inner.template_contents(template)
    }

    /// The attributes go in whole, and "sanitize core" then checks the tree's attributes
    /// ([`ParseFacts::attributes_unfiltered`]).
    fn add_attrs_if_missing(&mut self, element: &NodeHandle<'a>, attrs: DistinctAttrs<'_>) {
        if !attrs.is_empty() {
            self.facts.attributes_unfiltered.set(true);
        }
        self.inner.add_attrs_if_missing(element, attrs);
    }

    fn keeps_element_attrs(&self) -> bool {
        self.inner.keeps_element_attrs()
    }

    fn element_attrs(&self, element: &NodeHandle<'a>) -> Vec<Attribute> {
        self.inner.element_attrs(element)
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.inner.set_quirks_mode(mode);
    }

    fn parse_error(&mut self, error: ParseError) {
        self.inner.parse_error(error);
    }

    fn unclosed_element(&mut self, element: &NodeHandle<'a>) {
        self.inner.unclosed_element(element);
    }

    fn attach_declarative_shadow_root(
        &mut self,
        host: &NodeHandle<'a>,
        init: &ShadowRootInit,
    ) -> Option<NodeHandle<'a>> {
        self.inner.attach_declarative_shadow_root(host, init)
    }

    fn associate_form_owner(
        &mut self,
        element: &NodeHandle<'a>,
        form: &NodeHandle<'a>,
        location: &NodeHandle<'a>,
    ) {
        self.inner.associate_form_owner(element, form, location);
    }

    fn prepare_content_patching(
        &mut self,
        scope: &NodeHandle<'a>,
        name: &str,
    ) -> Option<ContentPatch<NodeHandle<'a>>> {
        self.inner.prepare_content_patching(scope, name)
    }

    fn parent_node(&self, node: &NodeHandle<'a>) -> Option<NodeHandle<'a>> {
        self.inner.parent_node(node)
    }

    fn pop(&mut self, element: &NodeHandle<'a>) {
        self.inner.pop(element);
    }

    fn script_end_tag(&mut self, script: &NodeHandle<'a>) {
        self.inner.script_end_tag(script);
    }

    fn wants_spans(&self) -> bool {
        self.inner.wants_spans()
    }

    fn set_span(&mut self, node: &NodeHandle<'a>, span: Span) {
        self.inner.set_span(node, span);
    }

    fn set_end_tag_span(&mut self, element: &NodeHandle<'a>, span: Span) {
        self.inner.set_end_tag_span(element, span);
    }

    fn set_text_span(&mut self, span: Span) {
        self.inner.set_text_span(span);
    }

    fn set_doctype_span(&mut self, span: Span) {
        self.inner.set_doctype_span(span);
    }
}

#[cfg(test)]
#[path = "../benches/support/hostile_families.rs"]
mod hostile_families;

#[cfg(test)]
mod tests {
    use super::hostile_families::{families, HOSTILE_CONFIG};
    use super::ParseFacts;

    /// The sink's own work (the redirection map entries it follows and the children it moves,
    /// [`ParseFacts::map_steps`]) over each hostile family at `n` and `16 n` repetitions: linear
    /// work grows 16 times, quadratic work 256 times. Counted, not timed: the count is the same
    /// on any machine. (The `linear_time` benchmark times the whole call.)
    #[test]
    fn the_sinks_work_grows_linearly_with_hostile_input() {
        let sanitizer = crate::Sanitizer::from_json(HOSTILE_CONFIG).expect("a valid config");
        let rules = sanitizer.rules(true);
        let div = kauri_tokenizer::QualName::html(kauri_tokenizer::local_name!("div"));
        let steps = |html: &str| {
            let facts = ParseFacts::default();
            let _doc = kauri_dom::Document::build(|arena| {
                crate::parse_and_sanitize_fragment(arena, html, &div, rules, &facts)
            });
            facts.map_steps.get()
        };
        let n = 200;
        let mut counted = 0;
        for ((name, small), (_, large)) in families(n).into_iter().zip(families(16 * n)) {
            let (few, many) = (steps(&small), steps(&large));
            eprintln!("{name}: {few} -> {many}");
            assert!(
                many <= 17 * few.max(1),
                "{name}: {n} -> {} repetitions took {few} -> {many} map steps: not linear",
                16 * n
            );
            counted += usize::from(few > 0);
        }
        // (Most families go through the map: a config that sent none through would test
        // nothing.)
        assert!(counted >= 4, "only {counted} families used the map");
    }
}
