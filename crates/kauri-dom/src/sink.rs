//! [`DomSink`]: the [`TreeSink`] that builds arena nodes.

use std::cell::{Cell, UnsafeCell};

use kauri_tokenizer::{local_name, Attribute, ParseError, QualName, Span};
use kauri_tree_builder::{NodeOrText, QuirksMode, TreeSink};

use crate::attrs;
use crate::node::{
    Arena, AttrStore, Comment, Doctype, DocumentData, Element, Node, NodeData,
    ProcessingInstruction, Text,
};

/// A node of the tree a [`DomSink`] is building, as the tree builder sees it: opaque, cheap to
/// copy and compare. Get at the nodes themselves through [`DomSink::finish`] once the tree is
/// built.
#[derive(Clone, Copy)]
pub struct NodeHandle<'a>(pub(crate) &'a Node<'a>);

impl PartialEq for NodeHandle<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.same_node(other.0)
    }
}

impl Eq for NodeHandle<'_> {}

impl std::fmt::Debug for NodeHandle<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NodeHandle({:?})", self.0)
    }
}

/// A finished tree: its root (a Document, or a DocumentFragment for a fragment) and the parse
/// errors reported while it was built, in input order.
pub struct Parsed<'a> {
    /// The Document node, or the DocumentFragment holding a parsed fragment.
    pub root: &'a Node<'a>,
    /// The parse errors, in the order the parser reported them.
    pub errors: Vec<ParseError>,
}

/// Builds arena nodes for the tree builder.
///
/// It merges adjacent text as the standard's "insert a character" does, keeps an HTML
/// `template`'s contents in a separate DocumentFragment, collects parse errors, records source
/// ranges when asked ([`DomSink::with_spans`]), and runs the two DOM hooks that make
/// `selectedcontent` elements show their select's selected option while parsing (the 2025
/// customizable `<select>`).
///
/// ```
/// use kauri_dom::{Arena, DomSink};
/// use kauri_tokenizer::{local_name, QualName};
/// use kauri_tree_builder::{NodeOrText, TreeSink};
///
/// let arena = Arena::new();
/// let mut sink = DomSink::new(&arena);
/// let doc = sink.document();
/// let p = sink.create_element(QualName::html(local_name!("p")), vec![]);
/// sink.append(&doc, NodeOrText::Node(p));
/// sink.append(&p, NodeOrText::Text("Hello, "));
/// sink.append(&p, NodeOrText::Text("world"));
/// let parsed = sink.finish();
/// let p = parsed.root.first_child().unwrap();
/// assert_eq!(p.children().count(), 1); // the two texts merged
/// assert_eq!(p.text_content(), "Hello, world");
/// ```
pub struct DomSink<'a> {
    pub(crate) arena: &'a Arena<'a>,
    /// This sink's id (see `Text::owner`): a sink only changes the data of nodes it created,
    /// so a handle that reached another sink cannot change a finished tree.
    id: u32,
    document: &'a Node<'a>,
    errors: Vec<ParseError>,
    spans: bool,
    /// Set once a `selectedcontent` element has been inserted: only then do option insertions
    /// and pops need the `selectedcontent` hooks (nothing else can observe selectedness).
    pub(crate) selectedcontent_seen: bool,
    pub(crate) select_cache: crate::select::SelectedContentState<'a>,
    /// The text node the last text insertion went into, and the last doctype (for spans).
    last_text: Option<&'a Node<'a>>,
    last_doctype: Option<&'a Node<'a>>,
    /// The last tree root found for a form owner check (`crate::shadow`); cleared whenever a
    /// node that has a parent moves.
    pub(crate) root_memo: crate::shadow::RootMemo<'a>,
    /// The names of the `<?start>` and `<?marker>` processing instructions created so far
    /// (`crate::shadow`: a `<template for>` naming none of them fails without a tree walk).
    pub(crate) marker_names: crate::shadow::MarkerNames,
}

impl<'a> DomSink<'a> {
    /// A sink that builds a new Document in `arena`.
    pub fn new(arena: &'a Arena<'a>) -> DomSink<'a> {
        static NEXT_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
        // Ids only need to differ between sinks alive at the same time over one arena; after
        // 2^32 sinks they wrap (0 is skipped: it marks nodes no sink created).
        let id = match NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed) {
            0 => NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            id => id,
        };
        let document = arena.alloc(Node::new(NodeData::Document(DocumentData {
            quirks_mode: Cell::new(QuirksMode::NoQuirks),
        })));
        DomSink {
            arena,
            id,
            document,
            errors: Vec::new(),
            spans: false,
            selectedcontent_seen: false,
            select_cache: Default::default(),
            last_text: None,
            last_doctype: None,
            root_memo: Cell::new(None),
            marker_names: Default::default(),
        }
    }

    /// Records source ranges (start and end tags, comments, doctypes, PIs) when `on`.
    pub fn with_spans(mut self, on: bool) -> DomSink<'a> {
        self.spans = on;
        self
    }

    /// The parse errors reported so far.
    pub fn errors(&self) -> &[ParseError] {
        &self.errors
    }

    /// Finishes a document parse: the root is the Document node.
    pub fn finish(self) -> Parsed<'a> {
        Parsed {
            root: self.document,
            errors: self.errors,
        }
    }

    /// Finishes a fragment parse: the root is a new DocumentFragment holding the children of
    /// `fragment_root` (the `html` element the fragment parsing algorithm created), as step 17
    /// of the algorithm returns "the child nodes of root".
    pub fn finish_fragment(self, fragment_root: Option<&NodeHandle<'a>>) -> Parsed<'a> {
        let fragment = self.new_node(NodeData::DocumentFragment);
        if let Some(root) = fragment_root {
            while let Some(child) = root.0.first_child() {
                fragment.append(child);
            }
        }
        Parsed {
            root: fragment,
            errors: self.errors,
        }
    }

    /// Finishes a copy of the tree rooted at `source` (a Document or a DocumentFragment, in
    /// any arena): the copy's root is this sink's Document (with `source`'s quirks mode) or a
    /// new DocumentFragment. Source ranges are kept; `errors` become the copy's errors.
    pub(crate) fn finish_copy_of<'b>(
        self,
        source: &'b Node<'b>,
        errors: Vec<ParseError>,
    ) -> Parsed<'a> {
        let root = match &source.data {
            NodeData::Document(d) => {
                if let NodeData::Document(mine) = &self.document.data {
                    mine.quirks_mode.set(d.quirks_mode());
                }
                self.document
            }
            _ => self.new_node(NodeData::DocumentFragment),
        };
        self.clone_children_into(source, root, true);
        Parsed { root, errors }
    }

    pub(crate) fn new_node(&self, data: NodeData<'a>) -> &'a Node<'a> {
        self.arena.alloc(Node::new(data))
    }

    pub(crate) fn new_text(&self, text: &str) -> &'a Node<'a> {
        self.new_node(NodeData::Text(Text {
            data: UnsafeCell::new(text.to_owned()),
            owner: self.id,
        }))
    }

    /// Creates an element node (and for an HTML `template`, its contents fragment).
    pub(crate) fn new_element(&self, name: QualName, attrs: attrs::Attributes) -> &'a Node<'a> {
        let flag = name.is_html(&local_name!("option")) && attrs.keys().any(is_selected_attr);
        self.new_element_with(name, AttrStore::indexed(attrs), flag)
    }

    /// Creates an element node from the token's attributes, which are indexed on first access.
    fn new_element_pending(&self, name: QualName, attrs: Vec<Attribute>) -> &'a Node<'a> {
        let flag =
            name.is_html(&local_name!("option")) && attrs.iter().any(|a| is_selected_attr(&a.name));
        self.new_element_with(name, AttrStore::pending(attrs), flag)
    }

    fn new_element_with(&self, name: QualName, attrs: AttrStore, flag: bool) -> &'a Node<'a> {
        let template_contents = if name.is_html(&local_name!("template")) {
            Some(self.new_node(NodeData::DocumentFragment))
        } else {
            None
        };
        // An option's selectedness starts as "has a selected attribute" (`flag`).
        self.new_node(NodeData::Element(Element {
            name,
            attrs: UnsafeCell::new(attrs),
            indexed: std::sync::Once::new(),
            flag: Cell::new(flag),
            associated: Cell::new(template_contents),
            owner: self.id,
        }))
    }

    /// Appends `text` to `parent`, merging with a last-child Text node.
    fn append_text(&mut self, parent: &'a Node<'a>, text: &str) {
        if let Some(last) = parent.last_child() {
            if let NodeData::Text(t) = &last.data {
                if t.owner != self.id {
                    // Not ours: another sink's tree may be finished and borrowed.
                    let node = self.new_text(text);
                    parent.append(node);
                    self.last_text = Some(node);
                    return;
                }
                // SAFETY: no reference into this string is alive: the sink created the node
                // (owner check above), and node references are only handed out by `finish`,
                // which consumes the sink.
                unsafe { (*t.data.get()).push_str(text) };
                self.last_text = Some(last);
                return;
            }
        }
        let node = self.new_text(text);
        parent.append(node);
        self.last_text = Some(node);
    }

    /// Runs the DOM's insertion hooks that matter to a parser-built tree.
    fn inserted(&mut self, node: &'a Node<'a>) {
        if !self.selectedcontent_seen {
            if node.is_html_element(&local_name!("selectedcontent")) {
                self.selectedcontent_seen = true;
                self.selectedcontent_post_connection(node);
            }
            return;
        }
        if node.first_child().is_none() {
            self.inserted_one(node);
        } else {
            // A moved subtree (adoption agency): every inserted node gets its steps.
            let mut next = Some(node);
            while let Some(n) = next {
                self.inserted_one(n);
                next = next_in_subtree(n, node);
            }
        }
    }

    fn inserted_one(&mut self, node: &'a Node<'a>) {
        if node.is_html_element(&local_name!("option")) {
            self.option_insertion_steps(node);
        } else if node.is_html_element(&local_name!("selectedcontent")) {
            self.selectedcontent_post_connection(node);
        }
    }
}

/// Whether `name` is the `selected` attribute (in no namespace).
fn is_selected_attr(name: &kauri_tokenizer::AttrName) -> bool {
    name.ns == kauri_tokenizer::AttrNamespace::None && name.local == local_name!("selected")
}

/// Whether inserting `node` into `parent` would make a node its own ancestor (the DOM would
/// throw). A node without children cannot be an ancestor of anything, so the walk up from
/// `parent` only happens when an existing subtree moves (the adoption agency).
fn would_cycle<'a>(node: &'a Node<'a>, parent: &'a Node<'a>) -> bool {
    node.same_node(parent)
        || (node.first_child().is_some() && parent.ancestors().any(|a| a.same_node(node)))
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

impl<'a> TreeSink for DomSink<'a> {
    type Handle = NodeHandle<'a>;

    fn document(&mut self) -> NodeHandle<'a> {
        NodeHandle(self.document)
    }

    fn create_element(&mut self, name: QualName, attrs: Vec<Attribute>) -> NodeHandle<'a> {
        NodeHandle(self.new_element_pending(name, attrs))
    }

    fn create_comment(&mut self, data: &str) -> NodeHandle<'a> {
        NodeHandle(self.new_node(NodeData::Comment(Comment { data: data.into() })))
    }

    fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeHandle<'a> {
        self.marker_names.note(target, data);
        NodeHandle(
            self.new_node(NodeData::ProcessingInstruction(ProcessingInstruction {
                target: target.into(),
                data: data.into(),
            })),
        )
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        let node = self.new_node(NodeData::Doctype(Doctype {
            name: name.into(),
            public_id: public_id.into(),
            system_id: system_id.into(),
        }));
        self.document.append(node);
        self.last_doctype = Some(node);
    }

    fn append(&mut self, parent: &NodeHandle<'a>, child: NodeOrText<'_, NodeHandle<'a>>) {
        if self.selectedcontent_seen {
            self.child_inserted_into(parent.0);
        }
        match child {
            NodeOrText::Text(text) => self.append_text(parent.0, text),
            NodeOrText::Node(node) => {
                if would_cycle(node.0, parent.0) {
                    return;
                }
                if node.0.parent().is_some() {
                    self.root_memo.set(None);
                }
                parent.0.append(node.0);
                self.inserted(node.0);
            }
        }
    }

    fn insert_before(&mut self, sibling: &NodeHandle<'a>, child: NodeOrText<'_, NodeHandle<'a>>) {
        let sibling = sibling.0;
        let Some(parent) = sibling.parent() else {
            return;
        };
        if self.selectedcontent_seen {
            self.child_inserted_into(parent);
        }
        match child {
            NodeOrText::Text(text) => {
                if let Some(prev) = sibling.prev_sibling() {
                    if let NodeData::Text(t) = &prev.data {
                        if t.owner != self.id {
                            let node = self.new_text(text);
                            sibling.insert_before(node);
                            self.last_text = Some(node);
                            return;
                        }
                        // SAFETY: as in `append_text`.
                        unsafe { (*t.data.get()).push_str(text) };
                        self.last_text = Some(prev);
                        return;
                    }
                }
                let node = self.new_text(text);
                sibling.insert_before(node);
                self.last_text = Some(node);
            }
            NodeOrText::Node(node) => {
                if node.0.same_node(sibling) || would_cycle(node.0, parent) {
                    return;
                }
                if node.0.parent().is_some() {
                    self.root_memo.set(None);
                }
                sibling.insert_before(node.0);
                self.inserted(node.0);
            }
        }
    }

    fn has_parent(&self, node: &NodeHandle<'a>) -> bool {
        node.0.parent().is_some()
    }

    fn detach(&mut self, node: &NodeHandle<'a>) {
        self.root_memo.set(None);
        node.0.detach();
    }

    fn reparent_children(&mut self, node: &NodeHandle<'a>, new_parent: &NodeHandle<'a>) {
        if would_cycle(node.0, new_parent.0) {
            return;
        }
        if self.selectedcontent_seen && node.0.first_child().is_some() {
            self.child_inserted_into(new_parent.0);
        }
        self.root_memo.set(None);
        while let Some(child) = node.0.first_child() {
            new_parent.0.append(child);
            if self.selectedcontent_seen {
                self.inserted(child);
            }
        }
    }

    fn template_contents(&mut self, template: &NodeHandle<'a>) -> NodeHandle<'a> {
        match template.0.as_element().and_then(|e| e.template_contents()) {
            Some(contents) => NodeHandle(contents),
            // Not a template: the tree builder never asks; answer with the node itself.
            None => *template,
        }
    }

    // The element's attribute map holds exactly the token's attributes (only `html` and `body`
    // get more, and they are never formatting elements), so the tree builder need not keep a
    // copy of every formatting element's attributes.
    fn keeps_element_attrs(&self) -> bool {
        true
    }

    fn element_attrs(&self, element: &NodeHandle<'a>) -> Vec<Attribute> {
        match element.0.as_element() {
            Some(e) => e
                .attrs()
                .iter()
                .map(|(name, value)| Attribute {
                    name: name.clone(),
                    value: value.clone(),
                })
                .collect(),
            None => Vec::new(),
        }
    }

    fn add_attrs_if_missing(&mut self, element: &NodeHandle<'a>, attrs: Vec<Attribute>) {
        if let Some(e) = element.0.as_element().filter(|e| e.owner == self.id) {
            // SAFETY: as in `append_text`.
            unsafe {
                e.with_attrs_mut(|map| {
                    for attr in attrs {
                        map.entry(attr.name).or_insert(attr.value);
                    }
                })
            };
        }
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        if let NodeData::Document(d) = &self.document.data {
            d.quirks_mode.set(mode);
        }
    }

    fn parse_error(&mut self, error: ParseError) {
        self.errors.push(error);
    }

    fn pop(&mut self, element: &NodeHandle<'a>) {
        if self.selectedcontent_seen && element.0.is_html_element(&local_name!("option")) {
            self.maybe_clone_option_into_selectedcontent(element.0);
        }
    }

    fn attach_declarative_shadow_root(
        &mut self,
        host: &NodeHandle<'a>,
        init: &kauri_tree_builder::ShadowRootInit,
    ) -> Option<NodeHandle<'a>> {
        // Only a node this sink created may change (see `Text::owner`).
        if host.0.as_element()?.owner != self.id {
            return None;
        }
        self.attach_a_shadow_root(host.0, init).map(NodeHandle)
    }

    fn associate_form_owner(
        &mut self,
        element: &NodeHandle<'a>,
        form: &NodeHandle<'a>,
        location: &NodeHandle<'a>,
    ) {
        if element.0.as_element().is_some_and(|e| e.owner == self.id) {
            self.associate_form(element.0, form.0, location.0);
        }
    }

    fn prepare_content_patching(
        &mut self,
        scope: &NodeHandle<'a>,
        name: &str,
    ) -> Option<kauri_tree_builder::ContentPatch<NodeHandle<'a>>> {
        self.prepare_patching(scope.0, name)
    }

    fn parent_node(&self, node: &NodeHandle<'a>) -> Option<NodeHandle<'a>> {
        node.0.parent().map(NodeHandle)
    }

    fn wants_spans(&self) -> bool {
        self.spans
    }

    fn set_span(&mut self, node: &NodeHandle<'a>, span: Span) {
        // An empty range marks an element the parser implied (no tag in the input): it has no
        // source range.
        if span.start < span.end {
            node.0.update_spans(|s| s.node = Some(span));
        }
    }

    fn set_text_span(&mut self, span: Span) {
        if let Some(text) = self.last_text {
            text.update_spans(|s| {
                s.node = Some(match s.node {
                    Some(old) => Span::new(old.start.min(span.start), old.end.max(span.end)),
                    None => span,
                })
            });
        }
    }

    fn set_doctype_span(&mut self, span: Span) {
        if let Some(doctype) = self.last_doctype {
            doctype.update_spans(|s| s.node = Some(span));
        }
    }

    fn set_end_tag_span(&mut self, element: &NodeHandle<'a>, span: Span) {
        if element.0.is_element() {
            element.0.update_spans(|s| s.end_tag = Some(span));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Document;
    use kauri_tokenizer::{AttrName, LocalName};

    /// The attribute map is built on first access; a shared `Document` may be read by two
    /// threads at once, and both see the same, first-wins map.
    #[test]
    fn attributes_indexed_lazily_from_two_threads() {
        let doc = Document::build(|arena| {
            let mut sink = DomSink::new(arena);
            let root = sink.document();
            let attr = |name: &str, value: &str| Attribute {
                name: AttrName::new(LocalName::from(name)),
                value: value.to_owned(),
            };
            let attrs = vec![attr("href", "/x"), attr("id", "a"), attr("href", "/y")];
            let el = sink.create_element(QualName::html(local_name!("a")), attrs);
            sink.append(&root, NodeOrText::Node(el));
            sink.finish()
        });
        let read = || {
            let a = doc.root().first_child().unwrap().as_element().unwrap();
            (a.attr("href").map(str::to_owned), a.attrs().len())
        };
        std::thread::scope(|s| {
            let one = s.spawn(read);
            let two = s.spawn(read);
            for got in [one.join().unwrap(), two.join().unwrap()] {
                assert_eq!(got, (Some("/x".to_owned()), 2));
            }
        });
    }
}
