//! The node classes: `kauri.Node` and its subclasses `Element`, `Text`, `Comment`, `Doctype`
//! and `ProcessingInstruction`.
//!
//! A node object is its document (a strong reference, so the document, and with it the arena
//! that holds the node, lives at least as long as the object) and the node's address in that
//! document's arena. The address is turned back into a reference only while the document is
//! borrowed through PyO3's runtime borrow flag: shared for reads, exclusive for edits (so no
//! read overlaps an edit); see [`NodePtr::get`] and [`NodePtr::get_in_edit`].

use std::ptr::NonNull;

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::pyclass_init::PyClassInitializer;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::document::{selector, Document, Location};
use crate::edit::{self, Refused, Sibling};

/// The address of a node in the arena of the document a node object holds.
#[derive(Clone, Copy)]
pub(crate) struct NodePtr(NonNull<kauri::Node<'static>>);

// SAFETY: the pointer is only dereferenced (in `get` and `get_in_edit`) while the document that
// owns the node is borrowed, and `kauri::Document` is `Send + Sync`; the address alone carries
// no access.
unsafe impl Send for NodePtr {}
// SAFETY: as for `Send`: sharing the address between threads shares no access to the node.
unsafe impl Sync for NodePtr {}

impl NodePtr {
    /// The address of `node`, which must be a node of the document it will be used with (every
    /// caller takes `node` from that document's tree).
    pub(crate) fn new(node: &kauri::Node<'_>) -> NodePtr {
        NodePtr(NonNull::from(node).cast())
    }

    /// The node, borrowed from `doc` for as long as `doc` is borrowed.
    pub(crate) fn get<'d>(self, doc: &'d Document) -> &'d kauri::Node<'d> {
        let _ = doc;
        // SAFETY: every `NodePtr` is made (in `NodePtr::new`) from a node of the tree of the
        // document it is paired with in a `Node` object, and that document is `doc`: `Node`
        // objects are only made by `wrap` with the document the node was read from. The arena
        // never frees or moves a node while its `kauri::Document` lives (removed nodes stay
        // allocated, detached), and `doc` is borrowed for `'d`, so the document lives and no
        // edit (which needs the exclusive borrow) changes the tree for `'d`.
        unsafe { self.0.cast::<kauri::Node<'d>>().as_ref() }
    }

    /// The node, for an edit of its document (`ed` edits the document this address was taken
    /// from).
    pub(crate) fn get_in_edit<'a>(self, ed: &kauri::Editor<'a>) -> &'a kauri::Node<'a> {
        let _ = ed;
        // SAFETY: as in `get`: the node is in the arena of the document `ed` edits (the caller
        // runs the edit on the document paired with this address), which outlives `'a`, and
        // the arena never frees or moves it; the editor is the only one changing the tree.
        unsafe { self.0.cast::<kauri::Node<'a>>().as_ref() }
    }
}

/// A node of a parsed tree. Equal (and hashing equal) to another node object exactly when both
/// stand for the same node.
#[pyclass(module = "kauri", subclass, frozen)]
pub struct Node {
    doc: Py<Document>,
    ptr: NodePtr,
}

/// An element: `tag`, `namespace`, `attrs`, `inner_html`, `outer_html`.
#[pyclass(module = "kauri", extends = Node, frozen)]
pub struct Element;

/// A Text node: `data`.
#[pyclass(module = "kauri", extends = Node, frozen)]
pub struct Text;

/// A Comment node: `data`.
#[pyclass(module = "kauri", extends = Node, frozen)]
pub struct Comment;

/// A DocumentType node: `name`, `public_id`, `system_id`.
#[pyclass(module = "kauri", extends = Node, frozen)]
pub struct Doctype;

/// A ProcessingInstruction node (`<?target data>`, 2026 standard): `target`, `data`.
#[pyclass(module = "kauri", extends = Node, frozen)]
pub struct ProcessingInstruction;

/// The Python object for `node` of `doc` (which must be the document `node` was read from).
pub(crate) fn wrap(
    py: Python<'_>,
    doc: &Py<Document>,
    node: &kauri::Node<'_>,
) -> PyResult<Py<PyAny>> {
    let base = Node {
        doc: doc.clone_ref(py),
        ptr: NodePtr::new(node),
    };
    let init = PyClassInitializer::from(base);
    Ok(match node.kind() {
        kauri::NodeKind::Element => Py::new(py, init.add_subclass(Element))?.into_any(),
        kauri::NodeKind::Text => Py::new(py, init.add_subclass(Text))?.into_any(),
        kauri::NodeKind::Comment => Py::new(py, init.add_subclass(Comment))?.into_any(),
        kauri::NodeKind::Doctype => Py::new(py, init.add_subclass(Doctype))?.into_any(),
        kauri::NodeKind::ProcessingInstruction => {
            Py::new(py, init.add_subclass(ProcessingInstruction))?.into_any()
        }
        _ => Py::new(py, init)?.into_any(),
    })
}

pub(crate) fn wrap_opt(
    py: Python<'_>,
    doc: &Py<Document>,
    node: Option<&kauri::Node<'_>>,
) -> PyResult<Option<Py<PyAny>>> {
    node.map(|n| wrap(py, doc, n)).transpose()
}

pub(crate) fn wrap_all<'n>(
    py: Python<'_>,
    doc: &Py<Document>,
    nodes: impl Iterator<Item = &'n kauri::Node<'n>>,
) -> PyResult<Py<PyList>> {
    let list = PyList::empty(py);
    for node in nodes {
        list.append(wrap(py, doc, node)?)?;
    }
    Ok(list.unbind())
}

fn kind_name(kind: kauri::NodeKind) -> &'static str {
    match kind {
        kauri::NodeKind::Document => "document",
        kauri::NodeKind::DocumentFragment => "fragment",
        kauri::NodeKind::Doctype => "doctype",
        kauri::NodeKind::Element => "element",
        kauri::NodeKind::Text => "text",
        kauri::NodeKind::Comment => "comment",
        kauri::NodeKind::ProcessingInstruction => "processing-instruction",
        kauri::NodeKind::ShadowRoot => "shadow-root",
    }
}

/// The namespace URL of an attribute namespace (`None` for no namespace).
fn attr_namespace_url(ns: kauri::AttrNamespace) -> Option<&'static str> {
    match ns {
        kauri::AttrNamespace::None => None,
        kauri::AttrNamespace::XLink => Some("http://www.w3.org/1999/xlink"),
        kauri::AttrNamespace::Xml => Some("http://www.w3.org/XML/1998/namespace"),
        kauri::AttrNamespace::Xmlns => Some("http://www.w3.org/2000/xmlns/"),
    }
}

/// An attribute's prefix: `xlink`, `xml`, `xmlns`, or none (also none for `xmlns` itself).
fn attr_prefix(name: &kauri::AttrName) -> Option<&'static str> {
    if name.ns == kauri::AttrNamespace::Xmlns && &*name.local == "xmlns" {
        None
    } else {
        name.ns.prefix()
    }
}

/// An attribute's qualified name: `href`, `xlink:href`, `xmlns`.
fn qualified_attr_name(name: &kauri::AttrName) -> String {
    match attr_prefix(name) {
        Some(prefix) => format!("{prefix}:{}", &*name.local),
        None => name.local.to_string(),
    }
}

impl Node {
    /// Whether this node is a node of `doc`.
    pub(crate) fn document_is(&self, doc: &Py<Document>) -> bool {
        self.doc.is(doc)
    }

    /// `insert_before`, `insert_after` and `replace_with`.
    fn siblings(
        &self,
        py: Python<'_>,
        method: &str,
        nodes: &Bound<'_, PyTuple>,
        place: Sibling,
    ) -> PyResult<()> {
        let items = edit::insertables(&self.doc, method, nodes)?;
        self.edit(py, |ed, n| {
            edit::insert_siblings(ed, n, &edit::resolve(ed, &items), place)
        })
    }

    /// The node's address in its document's arena.
    pub(crate) fn ptr(&self) -> NodePtr {
        self.ptr
    }

    /// Runs `f` on this node, with its document borrowed for reading.
    fn with<R>(
        &self,
        py: Python<'_>,
        f: impl for<'d> FnOnce(&'d kauri::Node<'d>, &Py<Document>) -> PyResult<R>,
    ) -> PyResult<R> {
        let doc = self.doc.bind(py).try_borrow().map_err(|_| {
            PyRuntimeError::new_err("the document is being edited and cannot be read now")
        })?;
        f(self.ptr.get(&doc), &self.doc)
    }

    /// Runs an edit of this node's document; `f` gets the editor and this node.
    pub(crate) fn edit<R, E: Into<Refused>>(
        &self,
        py: Python<'_>,
        f: impl for<'a> FnOnce(&kauri::Editor<'a>, &'a kauri::Node<'a>) -> Result<R, E>,
    ) -> PyResult<R> {
        let mut doc = self.doc.bind(py).try_borrow_mut().map_err(|_| {
            PyRuntimeError::new_err("the document is being read and cannot be edited now")
        })?;
        let ptr = self.ptr;
        doc.edited();
        doc.inner
            .edit(|ed| f(ed, ptr.get_in_edit(ed)))
            .map_err(|err| PyErr::from(err.into()))
    }
}

fn base<'a, T: pyo3::PyClass<BaseType = Node, Frozen = pyo3::pyclass::boolean_struct::True>>(
    slf: &'a Bound<'_, T>,
) -> &'a Node {
    slf.as_super().get()
}

#[pymethods]
impl Node {
    /// `"element"`, `"text"`, `"comment"`, `"doctype"`, `"processing-instruction"`,
    /// `"document"`, `"fragment"` or `"shadow-root"`.
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.with(py, |n, _| Ok(kind_name(n.kind())))
    }

    /// The document this node belongs to.
    #[getter]
    fn document(&self, py: Python<'_>) -> Py<Document> {
        self.doc.clone_ref(py)
    }

    /// The parent node, or `None` (the root, and nodes an edit removed).
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.with(py, |n, doc| wrap_opt(py, doc, n.parent()))
    }

    /// The child nodes, in order.
    #[getter]
    fn children(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        self.with(py, |n, doc| wrap_all(py, doc, n.children()))
    }

    /// The next sibling, or `None`.
    #[getter]
    fn next_sibling(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.with(py, |n, doc| wrap_opt(py, doc, n.next_sibling()))
    }

    /// The previous sibling, or `None`.
    #[getter]
    fn previous_sibling(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.with(py, |n, doc| wrap_opt(py, doc, n.prev_sibling()))
    }

    /// Every descendant (not this node), in document order.
    fn descendants(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        self.with(py, |n, doc| wrap_all(py, doc, n.descendants()))
    }

    /// The DOM's `textContent` for elements and roots (every descendant Text node's data);
    /// the data of a text, comment or processing instruction; `""` for a doctype.
    #[getter]
    fn text(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |n, _| {
            Ok(match n.data() {
                kauri::NodeData::Text(t) => t.data().to_owned(),
                kauri::NodeData::Comment(c) => c.data().to_owned(),
                kauri::NodeData::ProcessingInstruction(pi) => pi.data().to_owned(),
                kauri::NodeData::Doctype(_) => String::new(),
                _ => n.text_content(),
            })
        })
    }

    /// The node's source range `(start, end)` as byte offsets into the decoded (UTF-8) text,
    /// when parsed with `locations=True`; otherwise `None`.
    #[getter]
    fn span(&self, py: Python<'_>) -> PyResult<Option<(usize, usize)>> {
        self.with(py, |n, _| Ok(n.span().map(|s| (s.start, s.end))))
    }

    /// Where the node is in the page, when parsed with `locations=True` (an element: its start
    /// tag; a text, comment, doctype or processing instruction: all of it): a `Location` with
    /// byte offsets into the original input and lines and columns. `None` otherwise, and for
    /// what the parser made without a tag in the input (an implied `<body>`) or an edit made.
    #[getter]
    fn location(&self, py: Python<'_>) -> PyResult<Option<Py<Location>>> {
        let location = self.with(py, |n, doc| Ok(doc.borrow(py).locate(n.span())))?;
        location.map(|l| Py::new(py, l)).transpose()
    }

    /// The descendant elements matching the CSS selector, in document order.
    fn select(&self, py: Python<'_>, css: &str) -> PyResult<Py<PyList>> {
        let selector = selector(css)?;
        self.with(py, |n, doc| wrap_all(py, doc, n.select(&selector)))
    }

    /// The first descendant element matching the CSS selector, or `None`.
    fn select_one(&self, py: Python<'_>, css: &str) -> PyResult<Option<Py<PyAny>>> {
        let selector = selector(css)?;
        self.with(py, |n, doc| wrap_opt(py, doc, n.select_first(&selector)))
    }

    /// The text a reader sees in this subtree (see `Document.readable_text`).
    fn readable_text(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |n, _| Ok(n.readable_text()))
    }

    /// The serialization of the node's children (the DOM's `innerHTML`).
    #[getter]
    fn inner_html(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |n, _| Ok(n.inner_html()))
    }

    /// The serialization of the node itself (the DOM's `outerHTML`).
    #[getter]
    fn outer_html(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |n, _| Ok(n.outer_html()))
    }

    /// Sets the text, as the DOM's `textContent` setter: an element's (or fragment's) children
    /// become one Text node holding `text` (none for `""`); a text, comment or processing
    /// instruction gets `text` as its data.
    #[setter(text)]
    fn set_text(&self, py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = str_argument("text", text)?;
        self.edit(py, |ed, n| {
            ed.set_text_content(n, &text);
            Ok::<_, Refused>(())
        })
    }

    /// Replaces an element's children with `html` parsed as the DOM's `innerHTML` setter
    /// parses it (the fragment parsing algorithm, this element as the context).
    #[setter(inner_html)]
    fn set_inner_html(&self, py: Python<'_>, html: &Bound<'_, PyAny>) -> PyResult<()> {
        let html = str_argument("inner_html", html)?;
        self.edit(py, |ed, n| ed.set_inner_html(n, &html))
    }

    /// Replaces the element with `html` parsed as the DOM's `outerHTML` setter parses it (in
    /// the context of the element's parent).
    #[setter(outer_html)]
    fn set_outer_html_property(&self, py: Python<'_>, html: &Bound<'_, PyAny>) -> PyResult<()> {
        let html = str_argument("outer_html", html)?;
        self.edit(py, |ed, n| {
            if !n.is_element() {
                return Err(Refused::Edit(kauri::EditError::NotAnElement));
            }
            edit::set_outer_html(ed, n, |context| ed.set_inner_html(context, &html))
        })
    }

    /// Appends the nodes (or `str`s, as new Text nodes) as the last children, moving each from
    /// where it was (the DOM's `append`).
    #[pyo3(signature = (*nodes))]
    fn append(&self, py: Python<'_>, nodes: &Bound<'_, PyTuple>) -> PyResult<()> {
        let items = edit::insertables(&self.doc, "append", nodes)?;
        self.edit(py, |ed, n| {
            for new in edit::resolve(ed, &items) {
                ed.append_child(n, new)?;
            }
            Ok::<_, kauri::EditError>(())
        })
    }

    /// Inserts the nodes (or `str`s) before the first child (the DOM's `prepend`).
    #[pyo3(signature = (*nodes))]
    fn prepend(&self, py: Python<'_>, nodes: &Bound<'_, PyTuple>) -> PyResult<()> {
        let items = edit::insertables(&self.doc, "prepend", nodes)?;
        self.edit(py, |ed, n| {
            let first = n.first_child();
            for new in edit::resolve(ed, &items) {
                ed.insert_before(n, new, first)?;
            }
            Ok::<_, kauri::EditError>(())
        })
    }

    /// Inserts the nodes (or `str`s) just before this node, under its parent (the DOM's
    /// `before`); nothing happens when it has no parent.
    #[pyo3(signature = (*nodes))]
    fn insert_before(&self, py: Python<'_>, nodes: &Bound<'_, PyTuple>) -> PyResult<()> {
        self.siblings(py, "insert_before", nodes, Sibling::Before)
    }

    /// Inserts the nodes (or `str`s) just after this node, under its parent (the DOM's
    /// `after`); nothing happens when it has no parent.
    #[pyo3(signature = (*nodes))]
    fn insert_after(&self, py: Python<'_>, nodes: &Bound<'_, PyTuple>) -> PyResult<()> {
        self.siblings(py, "insert_after", nodes, Sibling::After)
    }

    /// Replaces this node with the nodes (or `str`s) (the DOM's `replaceWith`); nothing happens
    /// when it has no parent.
    #[pyo3(signature = (*nodes))]
    fn replace_with(&self, py: Python<'_>, nodes: &Bound<'_, PyTuple>) -> PyResult<()> {
        self.siblings(py, "replace_with", nodes, Sibling::Replace)
    }

    /// Removes this node from its parent (the DOM's `remove`). It stays usable, detached, and
    /// can be inserted again.
    fn remove(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |ed, n| {
            ed.remove(n);
            Ok::<_, Refused>(())
        })
    }

    /// Replaces this node with its children (`<p>a<b>b</b></p>` with the `b` unwrapped is
    /// `<p>ab</p>`). Raises `EditError` when it has no parent.
    fn unwrap(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |ed, n| ed.unwrap(n))
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = self.children(py)?;
        Ok(list.bind(py).try_iter()?.into_any().unbind())
    }

    /// The number of children.
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |n, _| Ok(n.children().count()))
    }

    /// Always true (a node without children is still a node).
    fn __bool__(&self) -> bool {
        true
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Node>() {
            Ok(other) => other.get().ptr.0 == self.ptr.0,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        self.ptr.0.as_ptr() as usize as u64
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |n, _| {
            Ok(match n.data() {
                kauri::NodeData::Element(e) => format!("<kauri.Element {}>", e.name()),
                kauri::NodeData::Text(t) => format!("<kauri.Text {:?}>", short(t.data())),
                kauri::NodeData::Comment(c) => format!("<kauri.Comment {:?}>", short(c.data())),
                kauri::NodeData::Doctype(d) => format!("<kauri.Doctype {:?}>", d.name()),
                kauri::NodeData::ProcessingInstruction(pi) => {
                    format!("<kauri.ProcessingInstruction {:?}>", pi.target())
                }
                _ => format!("<kauri.Node {}>", kind_name(n.kind())),
            })
        })
    }

    /// The subtree as a flat list of events, for tree builders written in Python (the
    /// BeautifulSoup builder): `(0, tag, namespace, attrs, namespaced_attrs)` opens an element
    /// (`attrs` a dict of the attributes in no namespace, `namespaced_attrs` `None` or a list
    /// of `(prefix, local, namespace, value)`), `(1,)` closes it, `(2, data)` is text, `(3,
    /// data)` a comment, `(4, name, public_id, system_id)` a doctype, `(5, target, data)` a
    /// processing instruction. A `template`'s contents are given as its children.
    fn _events(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        self.with(py, |root, _| events(py, root))
    }
}

/// The first characters of `s`, for a repr.
fn short(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_owned(),
    }
}

/// A node's children as a builder sees them: a template's contents stand for its children.
fn first_child_for_builder<'a>(node: &'a kauri::Node<'a>) -> Option<&'a kauri::Node<'a>> {
    match node.as_element().and_then(|e| e.template_contents()) {
        Some(contents) => contents.first_child(),
        None => node.first_child(),
    }
}

/// `Node._events`: an iterative walk (no recursion on depth), with an explicit stack of the
/// open nodes so that a template's contents close back to the template.
fn events<'a>(py: Python<'_>, root: &'a kauri::Node<'a>) -> PyResult<Py<PyList>> {
    let list = PyList::empty(py);
    let close = (1u8,).into_pyobject(py)?;
    let mut open: Vec<&'a kauri::Node<'a>> = Vec::new();
    let mut next = first_child_for_builder(root);
    loop {
        let node = match next {
            Some(node) => node,
            None => match open.pop() {
                Some(parent) => {
                    list.append(&close)?;
                    next = parent.next_sibling();
                    continue;
                }
                None => break,
            },
        };
        match node.data() {
            kauri::NodeData::Element(e) => {
                let attrs = PyDict::new(py);
                let mut namespaced: Option<Bound<'_, PyList>> = None;
                for (name, value) in e.attrs() {
                    match attr_namespace_url(name.ns) {
                        None => attrs.set_item(&*name.local, value)?,
                        Some(url) => namespaced
                            .get_or_insert_with(|| PyList::empty(py))
                            .append((attr_prefix(name), &*name.local, url, value))?,
                    }
                }
                let tag = (0u8, e.name(), e.namespace().url(), attrs, namespaced);
                list.append(tag)?;
                open.push(node);
                next = first_child_for_builder(node);
                continue;
            }
            kauri::NodeData::Text(t) => list.append((2u8, t.data()))?,
            kauri::NodeData::Comment(c) => list.append((3u8, c.data()))?,
            kauri::NodeData::Doctype(d) => {
                list.append((4u8, d.name(), d.public_id(), d.system_id()))?
            }
            kauri::NodeData::ProcessingInstruction(pi) => {
                list.append((5u8, pi.target(), pi.data()))?
            }
            _ => {}
        }
        next = node.next_sibling();
    }
    Ok(list.unbind())
}

#[pymethods]
impl Element {
    /// The local name: `div`, `svg`, `foreignObject`.
    #[getter]
    fn tag(slf: &Bound<'_, Self>) -> PyResult<String> {
        base(slf).with(slf.py(), |n, _| Ok(element(n).name().to_owned()))
    }

    /// The namespace URL (`http://www.w3.org/1999/xhtml` for HTML elements).
    #[getter]
    fn namespace(slf: &Bound<'_, Self>) -> PyResult<&'static str> {
        base(slf).with(slf.py(), |n, _| Ok(element(n).namespace().url()))
    }

    /// The attributes, a mutable mapping from qualified name (`href`, `xlink:href`) to value.
    /// Writing and deleting through it edits the document.
    #[getter]
    fn attrs(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let class = py.import("kauri._attrs")?.getattr("Attrs")?;
        Ok(class.call1((slf,))?.unbind())
    }

    /// The value of the attribute with this qualified name (lowercased first on an HTML
    /// element, as the DOM's `getAttribute` does), or `default`.
    #[pyo3(signature = (name, default=None))]
    fn get(
        slf: &Bound<'_, Self>,
        name: &str,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let py = slf.py();
        base(slf).with(py, |n, _| {
            Ok(match n.get_attribute(name) {
                Some(value) => Some(PyString::new(py, value).into_any().unbind()),
                None => default,
            })
        })
    }

    /// The attributes as `(qualified name, value)` pairs in source order.
    fn _attr_items(slf: &Bound<'_, Self>) -> PyResult<Vec<(String, String)>> {
        base(slf).with(slf.py(), |n, _| {
            Ok(element(n)
                .attrs()
                .iter()
                .map(|(name, value)| (qualified_attr_name(name), value.clone()))
                .collect())
        })
    }

    /// The DOM's `setAttribute`.
    fn _set_attr(
        slf: &Bound<'_, Self>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let name = str_argument("attribute name", name)?;
        let value = str_argument("attribute value", value)?;
        base(slf).edit(slf.py(), |ed, n| ed.set_attribute(n, &name, &value))
    }

    /// The DOM's `removeAttribute`; whether there was one.
    fn _remove_attr(slf: &Bound<'_, Self>, name: &Bound<'_, PyAny>) -> PyResult<bool> {
        let name = str_argument("attribute name", name)?;
        base(slf).edit(slf.py(), |ed, n| ed.remove_attribute(n, &name))
    }

    /// Where the element's end tag is in the page (see `Node.location`), or `None` (no
    /// `locations=True`, or no end tag in the input).
    #[getter]
    fn end_tag_location(slf: &Bound<'_, Self>) -> PyResult<Option<Py<Location>>> {
        let py = slf.py();
        let location = base(slf).with(py, |n, doc| Ok(doc.borrow(py).locate(n.end_tag_span())))?;
        location.map(|l| Py::new(py, l)).transpose()
    }

    /// Where the attribute `name` is in the element's start tag (`name="value"`, name through
    /// value; see `Node.location`), or `None` (no `locations=True`, no start tag in the input,
    /// or no such attribute written in it).
    fn attribute_location(slf: &Bound<'_, Self>, name: &str) -> PyResult<Option<Py<Location>>> {
        let py = slf.py();
        let location = base(slf).with(py, |n, doc| Ok(doc.borrow(py).locate_attribute(n, name)))?;
        location.map(|l| Py::new(py, l)).transpose()
    }

    /// The attribute `name` (`href`, `src`, `action`, ...) resolved against the document's
    /// base URL, or `None` when the element has no such attribute or its value is not a valid
    /// URL.
    fn resolve_url(slf: &Bound<'_, Self>, name: &str) -> PyResult<Option<String>> {
        let py = slf.py();
        let node = base(slf);
        let doc = node.doc.bind(py).try_borrow().map_err(|_| {
            PyRuntimeError::new_err("the document is being edited and cannot be read now")
        })?;
        let n = node.ptr.get(&doc);
        Ok(doc.urls().attribute(n, name).map(String::from))
    }

    /// The DOM's `toggleAttribute`: removes the attribute if present, adds it (empty) if not;
    /// `force=True` only adds, `force=False` only removes. Returns whether it is there now.
    #[pyo3(signature = (name, force=None))]
    fn toggle_attribute(
        slf: &Bound<'_, Self>,
        name: &Bound<'_, PyAny>,
        force: Option<bool>,
    ) -> PyResult<bool> {
        let name = str_argument("attribute name", name)?;
        base(slf).edit(slf.py(), |ed, n| ed.toggle_attribute(n, &name, force))
    }

    /// The class list (the DOM's `classList`): a live set of the `class` attribute's tokens
    /// with `add`, `remove`, `toggle` and `in`.
    #[getter]
    fn class_list(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let class = py.import("kauri._attrs")?.getattr("ClassList")?;
        Ok(class.call1((slf,))?.unbind())
    }

    /// The class tokens, in order, each once.
    fn _classes(slf: &Bound<'_, Self>) -> PyResult<Vec<String>> {
        base(slf).with(slf.py(), |n, _| {
            let mut tokens: Vec<String> = Vec::new();
            for token in element(n).classes() {
                if !tokens.iter().any(|t| t == token) {
                    tokens.push(token.to_owned());
                }
            }
            Ok(tokens)
        })
    }

    /// `classList.add(token)`.
    fn _add_class(slf: &Bound<'_, Self>, token: &Bound<'_, PyAny>) -> PyResult<()> {
        let token = str_argument("class", token)?;
        base(slf).edit(slf.py(), |ed, n| ed.add_class(n, &token))
    }

    /// `classList.remove(token)`.
    fn _remove_class(slf: &Bound<'_, Self>, token: &Bound<'_, PyAny>) -> PyResult<()> {
        let token = str_argument("class", token)?;
        base(slf).edit(slf.py(), |ed, n| ed.remove_class(n, &token))
    }

    /// `classList.toggle(token, force)`: whether the token is there now.
    #[pyo3(signature = (token, force=None))]
    fn _toggle_class(
        slf: &Bound<'_, Self>,
        token: &Bound<'_, PyAny>,
        force: Option<bool>,
    ) -> PyResult<bool> {
        let token = str_argument("class", token)?;
        base(slf).edit(slf.py(), |ed, n| ed.toggle_class(n, &token, force))
    }

    /// The DOM's `setHTML`: parses `html` in this element's context and keeps what the
    /// sanitizer allows, with the safe method's guarantees (no script, event handler or
    /// `javascript:` URL whatever the config says). `sanitizer` is a `kauri.Sanitizer`, a
    /// `SanitizerConfig` dict, or `None` for the built-in safe default.
    #[pyo3(signature = (html, /, sanitizer=None))]
    fn set_html(
        slf: &Bound<'_, Self>,
        html: &Bound<'_, PyAny>,
        sanitizer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = slf.py();
        let html = str_argument("html", html)?;
        let sanitizer =
            crate::sanitize::sanitizer_argument(py, sanitizer, true)?.unwrap_or_default();
        base(slf).edit(py, |ed, n| sanitizer.set_html_in(ed, n, &html))
    }

    /// The DOM's `setHTMLUnsafe`: like the `inner_html` setter, with declarative shadow roots
    /// attached; with a `sanitizer`, its config applied as written.
    #[pyo3(signature = (html, /, sanitizer=None))]
    fn set_html_unsafe(
        slf: &Bound<'_, Self>,
        html: &Bound<'_, PyAny>,
        sanitizer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = slf.py();
        let html = str_argument("html", html)?;
        let sanitizer = crate::sanitize::sanitizer_argument(py, sanitizer, false)?;
        base(slf).edit(py, |ed, n| match &sanitizer {
            Some(s) => s.set_html_unsafe_in(ed, n, &html),
            None => ed.set_html_unsafe(n, &html),
        })
    }

    /// The `outer_html` setter through a sanitizer: `html` parsed in the parent's context,
    /// sanitized as `set_html` sanitizes, replaces this element. `sanitizer=None` is the
    /// built-in safe default.
    #[pyo3(signature = (html, /, sanitizer=None))]
    fn set_outer_html(
        slf: &Bound<'_, Self>,
        html: &Bound<'_, PyAny>,
        sanitizer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = slf.py();
        let html = str_argument("html", html)?;
        let sanitizer =
            crate::sanitize::sanitizer_argument(py, sanitizer, true)?.unwrap_or_default();
        base(slf).edit(py, |ed, n| {
            edit::set_outer_html(ed, n, |context| sanitizer.set_html_in(ed, context, &html))
        })
    }

    /// A `template`'s contents (a fragment node), or `None` for other elements.
    #[getter]
    fn template_contents(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
        let py = slf.py();
        base(slf).with(py, |n, doc| {
            wrap_opt(py, doc, element(n).template_contents())
        })
    }

    /// The declarative shadow root the parser attached to this element, or `None`.
    #[getter]
    fn shadow_root(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
        let py = slf.py();
        base(slf).with(py, |n, doc| wrap_opt(py, doc, n.shadow_root()))
    }
}

/// A string argument of an edit, or a `TypeError` naming what it is.
pub(crate) fn str_argument(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<String> {
    match obj.cast::<PyString>() {
        Ok(s) => Ok(crate::text_of(s)?.into_owned()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be str, not {}",
            obj.get_type().name()?
        ))),
    }
}

/// The element data of a node of an `Element` object (made only for element nodes).
fn element<'a, 'n>(node: &'n kauri::Node<'a>) -> &'n kauri::Element<'a> {
    match node.as_element() {
        Some(e) => e,
        None => unreachable!("an Element object wraps an element node"),
    }
}

fn text_data<'n>(node: &'n kauri::Node<'_>) -> &'n str {
    match node.data() {
        kauri::NodeData::Text(t) => t.data(),
        kauri::NodeData::Comment(c) => c.data(),
        kauri::NodeData::ProcessingInstruction(pi) => pi.data(),
        _ => "",
    }
}

#[pymethods]
impl Text {
    /// The text.
    #[getter]
    fn data(slf: &Bound<'_, Self>) -> PyResult<String> {
        base(slf).with(slf.py(), |n, _| Ok(text_data(n).to_owned()))
    }
}

#[pymethods]
impl Comment {
    /// The comment's text (between `<!--` and `-->`).
    #[getter]
    fn data(slf: &Bound<'_, Self>) -> PyResult<String> {
        base(slf).with(slf.py(), |n, _| Ok(text_data(n).to_owned()))
    }
}

#[pymethods]
impl ProcessingInstruction {
    /// The target (`xml-stylesheet` in `<?xml-stylesheet href="a.css"?>`).
    #[getter]
    fn target(slf: &Bound<'_, Self>) -> PyResult<String> {
        base(slf).with(slf.py(), |n, _| {
            Ok(n.as_processing_instruction()
                .map(|pi| pi.target().to_owned())
                .unwrap_or_default())
        })
    }

    /// The data after the target.
    #[getter]
    fn data(slf: &Bound<'_, Self>) -> PyResult<String> {
        base(slf).with(slf.py(), |n, _| Ok(text_data(n).to_owned()))
    }
}

#[pymethods]
impl Doctype {
    /// The name (`html`), or `""`.
    #[getter]
    fn name(slf: &Bound<'_, Self>) -> PyResult<String> {
        base(slf).with(slf.py(), |n, _| {
            Ok(n.as_doctype()
                .map(|d| d.name().to_owned())
                .unwrap_or_default())
        })
    }

    /// The public identifier, or `""`.
    #[getter]
    fn public_id(slf: &Bound<'_, Self>) -> PyResult<String> {
        base(slf).with(slf.py(), |n, _| {
            Ok(n.as_doctype()
                .map(|d| d.public_id().to_owned())
                .unwrap_or_default())
        })
    }

    /// The system identifier, or `""`.
    #[getter]
    fn system_id(slf: &Bound<'_, Self>) -> PyResult<String> {
        base(slf).with(slf.py(), |n, _| {
            Ok(n.as_doctype()
                .map(|d| d.system_id().to_owned())
                .unwrap_or_default())
        })
    }
}
