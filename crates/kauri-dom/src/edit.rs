//! Edits of an owned [`Document`](crate::Document), named as the DOM names them: create nodes,
//! append, insert, move, remove and replace them; the attribute, class-list, text and
//! `innerHTML` setters are in `edit_data.rs`.
//!
//! Edits run in [`Document::edit`](crate::Document::edit), which takes `&mut Document` and a
//! closure that works for any arena lifetime: no reader can be looking at the tree while it
//! changes, and no reference made inside leaves the closure. That alone does not keep other
//! nodes out (a caller can leak an arena of its own to live as long as the closure and make
//! nodes in it), so every method that takes a node refuses one the document's arena does not
//! own ([`EditError::OtherArena`]). Structural edits change links only.
//! Node data (attributes, text) is never written where a reference may point: a setter puts a
//! new store in the node and keeps the old one alive until the edit ends (see `edit_data.rs`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::marker::PhantomData;

use kauri_tokenizer::{Attribute, LocalName, QualName};

use crate::attrs::{self, Attributes};
use crate::node::{Arena, Node, NodeData};

/// Why an edit was refused: the cases where the DOM throws. Each variant names the DOM
/// exception it stands for.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Document, EditError};
/// let mut doc = Document::new();
/// let err = doc.edit(|ed| {
///     let div = ed.create_element("div")?;
///     ed.append_child(div, ed.root()) // a document cannot be inserted
/// });
/// assert_eq!(err, Err(EditError::DocumentNode));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EditError {
    /// The parent cannot have children: a Text, Comment, ProcessingInstruction or doctype
    /// ("HierarchyRequestError").
    NotAParent,
    /// The node would become its own ancestor, or its template's ("HierarchyRequestError").
    Cycle,
    /// A Document node cannot be inserted anywhere ("HierarchyRequestError").
    DocumentNode,
    /// The node has no parent (replacing or unwrapping a node that is not in a tree).
    NoParent,
    /// The reference child is not a child of the parent ("NotFoundError").
    NotAChild,
    /// The insertion would break a Document's shape: text, a second element or a second
    /// doctype as its child, a doctype after its element or an element before its doctype, or
    /// a doctype anywhere else ("HierarchyRequestError").
    Hierarchy,
    /// The node is not an element (an attribute or class edit, `set_inner_html`).
    NotAnElement,
    /// Not a valid element or attribute name ("InvalidCharacterError").
    InvalidName,
    /// An empty class token ("SyntaxError").
    EmptyToken,
    /// A class token with whitespace in it ("InvalidCharacterError").
    InvalidToken,
    /// The same attribute name twice in one list (see [`Editor::replace_element`]).
    DuplicateAttribute,
    /// The node belongs to another arena (another document, or an arena of the caller's):
    /// an editor only links and changes nodes of its own document, which it creates
    /// ("WrongDocumentError"; the DOM would adopt the node, which an arena cannot).
    OtherArena,
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EditError::NotAParent => "the parent node cannot have children",
            EditError::Cycle => "a node cannot be inserted into itself or its descendants",
            EditError::DocumentNode => "a Document node cannot be inserted",
            EditError::NoParent => "the node has no parent",
            EditError::NotAChild => "the reference node is not a child of the parent",
            EditError::Hierarchy => "the insertion would break the document's structure",
            EditError::NotAnElement => "the node is not an element",
            EditError::InvalidName => "not a valid element or attribute name",
            EditError::EmptyToken => "a class token cannot be empty",
            EditError::InvalidToken => "a class token cannot contain whitespace",
            EditError::DuplicateAttribute => "an attribute name is given twice",
            EditError::OtherArena => {
                "the node belongs to another document: create it with this editor instead"
            }
        })
    }
}

impl std::error::Error for EditError {}

/// The editing handle [`Document::edit`](crate::Document::edit) passes to its closure. Its
/// methods are the DOM's, with the node they act on as the first argument
/// (`parent.appendChild(child)` is `ed.append_child(parent, child)`).
///
/// Everything an edit creates is stored in the document, and what it replaces (an attribute
/// list, a text) or detaches stays there until the document is dropped: a document's memory
/// only grows while it is edited (see [`Document::edit`](crate::Document::edit)).
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::Document;
/// let mut doc = Document::new();
/// doc.edit(|ed| {
///     let ul = ed.create_element("ul")?;
///     ed.append_child(ed.root(), ul)?;
///     ed.set_inner_html(ul, "<li>a<li>b<li>c")?;
///     // Remove every second <li>, and append a new one.
///     let second: Vec<_> = ul.children().skip(1).step_by(2).collect();
///     for li in second {
///         ed.remove(li);
///     }
///     let li = ed.create_element("li")?;
///     ed.append_child(li, ed.create_text_node("d"))?;
///     ed.append_child(ul, li)
/// })?;
/// assert_eq!(doc.to_html(), "<ul><li>a</li><li>c</li><li>d</li></ul>");
/// # Ok::<(), kauri::EditError>(())
/// ```
///
/// Node references cannot leave the closure:
///
/// ```compile_fail
/// # use kauri_dom as kauri;
/// let mut doc = kauri::Document::new();
/// let root = doc.edit(|ed| ed.root());
/// ```
pub struct Editor<'a> {
    pub(crate) arena: &'a Arena<'a>,
    root: &'a Node<'a>,
    /// The document's scripting flag, for fragment parsing (`set_inner_html`).
    pub(crate) scripting: bool,
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

/// The DOM's "valid element local name".
fn valid_element_local_name(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        None => false,
        Some(c) if c.is_ascii_alphabetic() => {
            !name.contains(|c: char| c.is_ascii_whitespace() || matches!(c, '\0' | '/' | '>'))
        }
        Some(c) if c == ':' || c == '_' || c >= '\u{80}' => chars.all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':' | '_') || c >= '\u{80}'
        }),
        Some(_) => false,
    }
}

impl<'a> Editor<'a> {
    /// Refuses a node of another arena. Every public method that takes a node asks this
    /// first, so an editor only ever links, and writes the data of, nodes of its own arena;
    /// and every node reachable from those is of the same arena (the sink links only its own
    /// nodes, `sink.rs`), which is what the store's writes rely on (`TextData::replace`).
    #[inline]
    pub(crate) fn ours(&self, node: &'a Node<'a>) -> Result<&'a Node<'a>, EditError> {
        if self.arena.owns(node) {
            Ok(node)
        } else {
            Err(EditError::OtherArena)
        }
    }

    /// An editor of the tree at `root`, creating nodes in `arena` (for
    /// [`Document::edit`](crate::Document::edit)).
    pub(crate) fn new(arena: &'a Arena<'a>, root: &'a Node<'a>, scripting: bool) -> Editor<'a> {
        Editor {
            arena,
            root,
            scripting,
            hosts: RefCell::new(None),
            created_templates: RefCell::new(Vec::new()),
            _invariant: PhantomData,
        }
    }

    /// The root (the Document or DocumentFragment node).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// let kind = doc.edit(|ed| ed.root().kind());
    /// assert_eq!(kind, kauri::NodeKind::Document);
    /// ```
    pub fn root(&self) -> &'a Node<'a> {
        self.root
    }

    /// A new, detached HTML element, as the DOM's `document.createElement(localName)` in an
    /// HTML document: the name is ASCII-lowercased; an HTML `template` gets its template
    /// contents. Fails with [`EditError::InvalidName`] for a name that is not a valid element
    /// local name (empty, or with whitespace, `/` or `>`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// let html = doc.edit(|ed| Ok::<_, kauri::EditError>(ed.create_element("DIV")?.outer_html()));
    /// assert_eq!(html, Ok("<div></div>".to_owned()));
    /// assert!(doc.edit(|ed| ed.create_element("a b").is_err()));
    /// ```
    pub fn create_element(&self, local_name: &str) -> Result<&'a Node<'a>, EditError> {
        if !valid_element_local_name(local_name) {
            return Err(EditError::InvalidName);
        }
        let name = QualName::html(LocalName::from(local_name.to_ascii_lowercase()));
        Ok(self.create_element_ns(name))
    }

    /// A new, detached element with this qualified name (any namespace, name as given), as
    /// the DOM's `createElementNS`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{LocalName, Namespace, QualName};
    /// let mut doc = kauri::Document::new();
    /// let name = QualName::new(Namespace::Svg, LocalName::from("foreignObject"));
    /// let html = doc.edit(|ed| ed.create_element_ns(name).outer_html());
    /// assert_eq!(html, "<foreignObject></foreignObject>");
    /// ```
    pub fn create_element_ns(&self, name: QualName) -> &'a Node<'a> {
        self.new_element(name, Attributes::default())
    }

    /// A new element with these attributes.
    pub(crate) fn new_element(&self, name: QualName, attrs: Attributes) -> &'a Node<'a> {
        let attrs = self
            .arena
            .store
            .attr_list_from_map(attrs, crate::store::IsValue::FromAttributes);
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

    /// A new, detached Text node (`document.createTextNode(data)`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// let html = doc.edit(|ed| ed.create_text_node("a < b").outer_html());
    /// assert_eq!(html, "a &lt; b");
    /// ```
    pub fn create_text_node(&self, data: &str) -> &'a Node<'a> {
        self.arena.new_text(data, None)
    }

    /// A new, detached Comment node (`document.createComment(data)`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// let html = doc.edit(|ed| ed.create_comment(" note ").outer_html());
    /// assert_eq!(html, "<!-- note -->");
    /// ```
    pub fn create_comment(&self, data: &str) -> &'a Node<'a> {
        self.arena.new_node(NodeData::Comment(crate::node::Comment {
            data: self.arena.str(data),
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
        map_templates(&mut hosts, roots);
        *self.hosts.borrow_mut() = Some(hosts);
    }

    /// Adds the templates of a subtree made outside this editor's `create_element` (a parsed
    /// fragment) to the map, before the subtree is linked in.
    pub(crate) fn register_templates(&self, root: &'a Node<'a>) {
        self.ensure_hosts();
        if let Some(hosts) = self.hosts.borrow_mut().as_mut() {
            map_templates(hosts, vec![root]);
        }
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

    /// The DOM's "ensure pre-insert validity" of `node` into `parent` before `child`; for a
    /// replacement, `replacing` is the child being replaced (the Document checks then ignore
    /// it).
    fn check(
        &self,
        parent: &'a Node<'a>,
        node: &'a Node<'a>,
        child: Option<&'a Node<'a>>,
        replacing: Option<&'a Node<'a>>,
    ) -> Result<(), EditError> {
        // Step 1.
        if !can_have_children(parent) {
            return Err(EditError::NotAParent);
        }
        // Step 2.
        if self.is_host_including_inclusive_ancestor(node, parent) {
            return Err(EditError::Cycle);
        }
        // Step 3.
        if let Some(child) = child {
            if !child.parent().is_some_and(|p| p.same_node(parent)) {
                return Err(EditError::NotAChild);
            }
        }
        // Step 4: a Document node cannot be inserted (every other kind can).
        if matches!(node.data, NodeData::Document(_)) {
            return Err(EditError::DocumentNode);
        }
        // Step 5.
        let is_document = matches!(parent.data, NodeData::Document(_));
        match node.data {
            NodeData::Text(_) if is_document => return Err(EditError::Hierarchy),
            NodeData::Doctype(_) if !is_document => return Err(EditError::Hierarchy),
            _ => {}
        }
        // Step 6: the Document's own rules.
        if is_document {
            self.check_document_child(parent, node, child, replacing)?;
        }
        Ok(())
    }

    /// Step 6 of "ensure pre-insert validity" (and of "replace a child"): a Document has at
    /// most one element and one doctype, the doctype first.
    fn check_document_child(
        &self,
        parent: &'a Node<'a>,
        node: &'a Node<'a>,
        child: Option<&'a Node<'a>>,
        replacing: Option<&'a Node<'a>>,
    ) -> Result<(), EditError> {
        let others = || {
            parent
                .children()
                .filter(move |c| !replacing.is_some_and(|r| r.same_node(c)))
        };
        let has_element_child = others().any(|c| c.is_element());
        let is_doctype = |n: &Node<'_>| matches!(n.data, NodeData::Doctype(_));
        // "child is a doctype" (inserting only), "a doctype is following child".
        let element_ok = || {
            !(has_element_child
                || child.is_some_and(|c| replacing.is_none() && is_doctype(c))
                || child.is_some_and(|c| c.following_siblings().any(is_doctype)))
        };
        let ok = match node.data {
            NodeData::DocumentFragment => {
                let elements = node.element_children().count();
                if elements > 1 || node.children().any(|c| c.is_text()) {
                    false
                } else {
                    elements == 0 || element_ok()
                }
            }
            NodeData::Element(_) => element_ok(),
            NodeData::Doctype(_) => {
                !(others().any(is_doctype)
                    || child.is_some_and(|c| c.preceding_siblings().any(|s| s.is_element()))
                    || (child.is_none() && has_element_child))
            }
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            Err(EditError::Hierarchy)
        }
    }

    /// Appends `child` as the last child of `parent`, moving it from where it was
    /// (`parent.appendChild(child)`). A DocumentFragment `child` moves its children instead, as
    /// in the DOM.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Document, EditError};
    /// let mut doc = Document::new();
    /// doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     ed.append_child(p, ed.create_text_node("hi"))?;
    ///     assert_eq!(ed.append_child(p, p), Err(EditError::Cycle));
    ///     Ok::<(), EditError>(())
    /// })?;
    /// assert_eq!(doc.to_html(), "<p>hi</p>");
    /// # Ok::<(), EditError>(())
    /// ```
    pub fn append_child(&self, parent: &'a Node<'a>, child: &'a Node<'a>) -> Result<(), EditError> {
        self.insert_before(parent, child, None)
    }

    /// Inserts `node` into `parent` just before `child`, or last when `child` is `None`
    /// (`parent.insertBefore(node, child)`), moving it from where it was. A DocumentFragment
    /// `node` inserts its children instead.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let ul = ed.create_element("ul")?;
    ///     ed.append_child(ed.root(), ul)?;
    ///     ed.set_inner_html(ul, "<li>b")?;
    ///     let a = ed.create_element("li")?;
    ///     ed.append_child(a, ed.create_text_node("a"))?;
    ///     ed.insert_before(ul, a, ul.first_child())
    /// })?;
    /// assert_eq!(doc.to_html(), "<ul><li>a</li><li>b</li></ul>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn insert_before(
        &self,
        parent: &'a Node<'a>,
        node: &'a Node<'a>,
        child: Option<&'a Node<'a>>,
    ) -> Result<(), EditError> {
        self.ours(parent)?;
        self.ours(node)?;
        if let Some(child) = child {
            self.ours(child)?;
        }
        self.check(parent, node, child, None)?;
        // "If referenceChild is node, then set referenceChild to node's next sibling."
        let child = match child {
            Some(c) if c.same_node(node) => node.next_sibling(),
            other => other,
        };
        self.link(parent, node, child);
        Ok(())
    }

    /// Links `node` (or a fragment's children) into `parent` before `child`, checked already.
    fn link(&self, parent: &'a Node<'a>, node: &'a Node<'a>, child: Option<&'a Node<'a>>) {
        let insert = |n: &'a Node<'a>| match child {
            Some(c) => c.insert_before(n),
            None => parent.append(n),
        };
        if matches!(node.data, NodeData::DocumentFragment) {
            while let Some(c) = node.first_child() {
                insert(c);
            }
        } else {
            insert(node);
        }
    }

    /// Removes the node from its parent (`node.remove()`); it stays usable, detached, until
    /// the edit ends, and can be inserted again. Removing a node without a parent, or a node
    /// of another arena ([`EditError::OtherArena`]), does nothing.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let div = ed.create_element("div")?;
    ///     ed.append_child(ed.root(), div)?;
    ///     ed.set_inner_html(div, "<p>a</p><script>x()</script>")?;
    ///     ed.remove(div.last_child().unwrap());
    ///     Ok::<(), kauri::EditError>(())
    /// })?;
    /// assert_eq!(doc.to_html(), "<div><p>a</p></div>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn remove(&self, node: &'a Node<'a>) {
        if self.ours(node).is_err() {
            return;
        }
        // Map the templates while the node is still reachable.
        self.ensure_hosts();
        node.detach();
    }

    /// Replaces `node` with `new` in `node`'s parent (`node.replaceWith(new)`; a
    /// DocumentFragment `new` puts its children there). Fails with [`EditError::NoParent`]
    /// when `node` has none.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let b = ed.create_element("b")?;
    ///     ed.append_child(ed.root(), b)?;
    ///     let strong = ed.create_element("strong")?;
    ///     ed.replace_with(b, strong)
    /// })?;
    /// assert_eq!(doc.to_html(), "<strong></strong>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn replace_with(&self, node: &'a Node<'a>, new: &'a Node<'a>) -> Result<(), EditError> {
        self.ours(node)?;
        self.ours(new)?;
        let parent = node.parent().ok_or(EditError::NoParent)?;
        if node.same_node(new) {
            return Ok(());
        }
        self.check(parent, new, Some(node), Some(node))?;
        self.link(parent, new, Some(node));
        self.remove(node);
        Ok(())
    }

    /// Replaces `node` with a new Text node holding `text`; returns the new node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     ed.set_inner_html(p, "see <img src=a.png>")?;
    ///     ed.replace_with_text(p.last_child().unwrap(), "[image]").map(|_| ())
    /// })?;
    /// assert_eq!(doc.to_html(), "<p>see [image]</p>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn replace_with_text(
        &self,
        node: &'a Node<'a>,
        text: &str,
    ) -> Result<&'a Node<'a>, EditError> {
        self.ours(node)?;
        let new = self.create_text_node(text);
        self.replace_with(node, new)?;
        Ok(new)
    }

    /// Replaces the element `old` with a new element named `name` with `attrs`, which takes
    /// over `old`'s children (and template contents' children): the way to rename an element.
    /// Returns the new element. The same attribute name twice in `attrs` is
    /// [`EditError::DuplicateAttribute`] (to change one attribute, use
    /// [`Editor::set_attribute`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{AttrName, Attribute, LocalName, QualName};
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let b = ed.create_element("b")?;
    ///     ed.append_child(ed.root(), b)?;
    ///     ed.append_child(b, ed.create_text_node("x"))?;
    ///     let class = Attribute { name: AttrName::new(LocalName::from("class")), value: "k".into() };
    ///     ed.replace_element(b, QualName::html(LocalName::from("strong")), vec![class])?;
    ///     Ok::<(), kauri::EditError>(())
    /// })?;
    /// assert_eq!(doc.to_html(), r#"<strong class="k">x</strong>"#);
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn replace_element(
        &self,
        old: &'a Node<'a>,
        name: QualName,
        attrs: Vec<Attribute>,
    ) -> Result<&'a Node<'a>, EditError> {
        self.ours(old)?;
        let count = attrs.len();
        let attrs = attrs::from_vec(attrs);
        if attrs.len() != count {
            return Err(EditError::DuplicateAttribute);
        }
        let new = self.new_element(name, attrs);
        if old.parent().is_some() {
            self.replace_with(old, new)?;
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
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     ed.set_inner_html(p, "a<b>b</b>")?;
    ///     ed.unwrap(p.last_child().unwrap())
    /// })?;
    /// assert_eq!(doc.to_html(), "<p>ab</p>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn unwrap(&self, node: &'a Node<'a>) -> Result<(), EditError> {
        self.ours(node)?;
        if node.parent().is_none() {
            return Err(EditError::NoParent);
        }
        while let Some(c) = node.first_child() {
            node.insert_before(c);
        }
        self.remove(node);
        Ok(())
    }
}

/// Maps the template contents under `roots` (and under those contents) to their templates.
fn map_templates<'a>(hosts: &mut HashMap<usize, &'a Node<'a>>, mut roots: Vec<&'a Node<'a>>) {
    while let Some(root) = roots.pop() {
        for node in std::iter::once(root).chain(root.descendants()) {
            if let Some(contents) = node.as_element().and_then(|e| e.template_contents()) {
                if hosts.insert(addr(contents), node).is_none() {
                    roots.push(contents);
                }
            }
        }
    }
}

fn addr(node: &Node<'_>) -> usize {
    node as *const Node<'_> as *const u8 as usize
}
