//! Structural edits of an owned [`Document`]: create nodes, append, insert, move, remove and
//! replace them.
//!
//! Edits run in [`Document::edit`](crate::Document::edit), which takes `&mut Document` and a closure that works for
//! any arena lifetime: no reader can be looking at the tree while it changes, and no node of
//! another tree can be linked in. Edits change links only; a node's own data (text, attributes)
//! never changes in place, because `&str` references into it may be alive inside the closure.
//! To change it, replace the node ([`Editor::replace_with_text`], [`Editor::replace_element`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::marker::PhantomData;

use kauri_tokenizer::{Attribute, QualName};

use crate::attrs;
use crate::node::{Arena, AttrStore, Node, NodeData};

/// Why an edit was refused (the DOM's "HierarchyRequestError" cases).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The parent cannot have children (a Text, Comment, ProcessingInstruction or doctype).
    NotAParent,
    /// The node would become its own ancestor.
    Cycle,
    /// A Document node cannot be inserted anywhere.
    DocumentNode,
    /// The reference node of an insertion has no parent.
    NoParent,
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EditError::NotAParent => "the parent node cannot have children",
            EditError::Cycle => "a node cannot be inserted into itself or its descendants",
            EditError::DocumentNode => "a Document node cannot be inserted",
            EditError::NoParent => "the reference node has no parent",
        })
    }
}

impl std::error::Error for EditError {}

/// The editing handle [`Document::edit`](crate::Document::edit) passes to its closure.
///
/// ```
/// use kauri_dom::{Document, DomSink, QualName, LocalName};
/// # let mut doc = Document::build(|arena| kauri_dom::test_support::list_in(arena, &["a", "b", "c"]));
/// // Remove every second <li>, and append a new one.
/// doc.edit(|ed| {
///     let ul = ed.root().first_child().unwrap();
///     let second: Vec<_> = ul.children().skip(1).step_by(2).collect();
///     for li in second {
///         ed.detach(li);
///     }
///     let li = ed.create_element(QualName::html(LocalName::from("li")), vec![]);
///     ed.append(li, ed.create_text("d")).unwrap();
///     ed.append(ul, li).unwrap();
/// });
/// assert_eq!(doc.text_content(), "acd");
/// ```
///
/// Node references cannot leave the closure:
///
/// ```compile_fail
/// # let mut doc = kauri_dom::Document::build(|arena| kauri_dom::DomSink::new(arena).finish());
/// let root = doc.edit(|ed| ed.root());
/// ```
pub struct Editor<'a> {
    arena: &'a Arena<'a>,
    root: &'a Node<'a>,
    /// Template contents fragment (by address) to its template, for the "host-including
    /// inclusive ancestor" check; built on first use from the tree as it was then, plus the
    /// templates this editor created.
    hosts: RefCell<Option<HashMap<usize, &'a Node<'a>>>>,
    created_templates: RefCell<Vec<&'a Node<'a>>>,
    /// Invariant in `'a`, like the nodes.
    _invariant: PhantomData<std::cell::Cell<&'a ()>>,
}

fn can_have_children(node: &Node<'_>) -> bool {
    matches!(
        node.data,
        NodeData::Document(_) | NodeData::DocumentFragment | NodeData::Element(_)
    )
}

impl<'a> Editor<'a> {
    /// An editor of the tree at `root`, creating nodes in `arena` (for
    /// [`Document::edit`](crate::Document::edit)).
    pub(crate) fn new(arena: &'a Arena<'a>, root: &'a Node<'a>) -> Editor<'a> {
        Editor {
            arena,
            root,
            hosts: RefCell::new(None),
            created_templates: RefCell::new(Vec::new()),
            _invariant: PhantomData,
        }
    }

    /// The root (the Document or DocumentFragment node).
    pub fn root(&self) -> &'a Node<'a> {
        self.root
    }

    /// A new, detached element (an HTML `template` gets its template contents).
    pub fn create_element(&self, name: QualName, attrs: Vec<Attribute>) -> &'a Node<'a> {
        let attrs = AttrStore::indexed(attrs::from_vec(attrs));
        let element = self.arena.new_element(name, attrs, false, None);
        let template_contents = element.as_element().and_then(|e| e.template_contents());
        if let Some(contents) = template_contents {
            self.created_templates.borrow_mut().push(element);
            if let Some(hosts) = self.hosts.borrow_mut().as_mut() {
                hosts.insert(addr(contents), element);
            }
        }
        element
    }

    /// A new, detached Text node.
    pub fn create_text(&self, text: &str) -> &'a Node<'a> {
        self.arena.new_text(text, None)
    }

    /// A new, detached Comment node.
    pub fn create_comment(&self, data: &str) -> &'a Node<'a> {
        self.arena.new_node(NodeData::Comment(crate::node::Comment {
            data: data.into(),
        }))
    }

    /// Builds the template-contents-to-template map, once per editing session.
    fn ensure_hosts(&self) {
        if self.hosts.borrow().is_some() {
            return;
        }
        let mut hosts = HashMap::new();
        let mut roots = vec![self.root];
        for template in self.created_templates.borrow().iter() {
            roots.push(template);
        }
        while let Some(root) = roots.pop() {
            for node in std::iter::once(root).chain(root.descendants()) {
                if let Some(contents) = node.as_element().and_then(|e| e.template_contents()) {
                    if hosts.insert(addr(contents), node).is_none() {
                        roots.push(contents);
                    }
                }
            }
        }
        *self.hosts.borrow_mut() = Some(hosts);
    }

    /// Whether `node` is a host-including inclusive ancestor of `of` (the DOM's check: walking
    /// up from a template's contents continues at the template).
    fn is_host_including_inclusive_ancestor(&self, node: &'a Node<'a>, of: &'a Node<'a>) -> bool {
        self.ensure_hosts();
        let hosts = self.hosts.borrow();
        let hosts = hosts.as_ref().expect("built above");
        let mut current = Some(of);
        while let Some(n) = current {
            if n.same_node(node) {
                return true;
            }
            current = n.parent().or_else(|| hosts.get(&addr(n)).copied());
        }
        false
    }

    /// Checks that `child` may go into `parent` (DOM "ensure pre-insert validity", the parts
    /// that keep the tree a tree).
    fn check(&self, parent: &'a Node<'a>, child: &'a Node<'a>) -> Result<(), EditError> {
        if !can_have_children(parent) {
            return Err(EditError::NotAParent);
        }
        if matches!(child.data, NodeData::Document(_)) {
            return Err(EditError::DocumentNode);
        }
        if self.is_host_including_inclusive_ancestor(child, parent) {
            return Err(EditError::Cycle);
        }
        Ok(())
    }

    /// Appends `child` as the last child of `parent`, moving it from where it was. A
    /// DocumentFragment `child` moves its children instead, as in the DOM.
    pub fn append(&self, parent: &'a Node<'a>, child: &'a Node<'a>) -> Result<(), EditError> {
        self.check(parent, child)?;
        if matches!(child.data, NodeData::DocumentFragment) {
            while let Some(c) = child.first_child() {
                parent.append(c);
            }
        } else {
            parent.append(child);
        }
        Ok(())
    }

    /// Inserts `new` just before `reference`, in `reference`'s parent.
    pub fn insert_before(
        &self,
        reference: &'a Node<'a>,
        new: &'a Node<'a>,
    ) -> Result<(), EditError> {
        let parent = reference.parent().ok_or(EditError::NoParent)?;
        self.check(parent, new)?;
        if new.same_node(reference) {
            return Ok(());
        }
        if matches!(new.data, NodeData::DocumentFragment) {
            while let Some(c) = new.first_child() {
                reference.insert_before(c);
            }
        } else {
            reference.insert_before(new);
        }
        Ok(())
    }

    /// Removes the node from its parent (it stays usable, detached, until the document is
    /// dropped).
    pub fn detach(&self, node: &'a Node<'a>) {
        // Map the templates while the node is still reachable.
        self.ensure_hosts();
        node.detach();
    }

    /// Replaces `old` with `new` in `old`'s parent.
    pub fn replace(&self, old: &'a Node<'a>, new: &'a Node<'a>) -> Result<(), EditError> {
        if old.same_node(new) {
            return Ok(());
        }
        self.insert_before(old, new)?;
        self.detach(old);
        Ok(())
    }

    /// Replaces `node` with a new Text node holding `text`; returns the new node.
    pub fn replace_with_text(
        &self,
        node: &'a Node<'a>,
        text: &str,
    ) -> Result<&'a Node<'a>, EditError> {
        let new = self.create_text(text);
        self.replace(node, new)?;
        Ok(new)
    }

    /// Replaces the element `old` with a new element named `name` with `attrs`, which takes
    /// over `old`'s children (and template contents' children): the way to rename an element
    /// or change its attributes. Returns the new element.
    pub fn replace_element(
        &self,
        old: &'a Node<'a>,
        name: QualName,
        attrs: Vec<Attribute>,
    ) -> Result<&'a Node<'a>, EditError> {
        let new = self.create_element(name, attrs);
        if old.parent().is_some() {
            self.replace(old, new)?;
        }
        while let Some(c) = old.first_child() {
            new.append(c);
        }
        if let (Some(from), Some(to)) = (
            old.as_element().and_then(|e| e.template_contents()),
            new.as_element().and_then(|e| e.template_contents()),
        ) {
            while let Some(c) = from.first_child() {
                to.append(c);
            }
        }
        Ok(new)
    }

    /// Replaces `node` with its children ("unwrap"): `<p>a<b>b</b></p>` with the `b` unwrapped
    /// is `<p>ab</p>` (two Text nodes).
    pub fn unwrap(&self, node: &'a Node<'a>) -> Result<(), EditError> {
        if node.parent().is_none() {
            return Err(EditError::NoParent);
        }
        while let Some(c) = node.first_child() {
            node.insert_before(c);
        }
        self.detach(node);
        Ok(())
    }
}

fn addr(node: &Node<'_>) -> usize {
    node as *const Node<'_> as *const u8 as usize
}
