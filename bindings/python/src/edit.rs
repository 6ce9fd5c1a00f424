//! Editing from Python: the Rust [`kauri::Editor`]'s operations as `Node`, `Element` and
//! `Document` methods name them (`append`, `insert_before`, `remove`, `replace_with`, `unwrap`,
//! the `text`, `inner_html` and `outer_html` setters, `set_html`, the class list). This module
//! holds what those methods share: turning Python arguments into nodes to insert, the
//! sibling insertions (the DOM's `before`, `after`, `replaceWith`), the `outerHTML` setter, and
//! the messages of [`kauri::EditError`].
//!
//! Every edit runs inside `kauri::Document::edit` with the document borrowed exclusively
//! (`Node::edit` in `node.rs`), so no read overlaps it; removed nodes stay in the arena,
//! detached, so node objects that point at them stay valid and can be inserted again.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::document::Document;
use crate::node::{Node, NodePtr};
use crate::EditError;

/// One argument of `append`, `insert_before`, ...: a node of the document being edited, or a
/// `str`, which becomes a new Text node (as the DOM's `append("text")` does).
pub(crate) enum Insertable {
    Node(NodePtr),
    Text(String),
}

/// The arguments of an insertion, checked before anything changes: each must be a node of
/// `doc` or a `str`.
pub(crate) fn insertables(
    doc: &Py<Document>,
    method: &str,
    args: &Bound<'_, PyTuple>,
) -> PyResult<Vec<Insertable>> {
    let mut items = Vec::with_capacity(args.len());
    for arg in args.iter() {
        if let Ok(text) = arg.cast::<PyString>() {
            items.push(Insertable::Text(crate::text_of(text)?.into_owned()));
        } else if let Ok(node) = arg.cast::<Node>() {
            let node = node.get();
            if !node.document_is(doc) {
                return Err(EditError::new_err(format!(
                    "{method}(): the node belongs to another document; create it in this one \
                     (doc.create_element(), doc.create_text_node()) or copy it by its HTML \
                     (element.inner_html = other.outer_html)"
                )));
            }
            items.push(Insertable::Node(node.ptr()));
        } else {
            return Err(PyTypeError::new_err(format!(
                "{method}() takes kauri nodes or str, not {}",
                crate::type_name(&arg)
            )));
        }
    }
    Ok(items)
}

/// The nodes of `items` in `ed`'s document (a `str` becomes a new Text node).
pub(crate) fn resolve<'a>(
    ed: &kauri::Editor<'a>,
    items: &[Insertable],
) -> Vec<&'a kauri::Node<'a>> {
    items
        .iter()
        .map(|item| match item {
            Insertable::Node(ptr) => ptr.get_in_edit(ed),
            Insertable::Text(text) => ed.create_text_node(text),
        })
        .collect()
}

/// Where a sibling insertion goes.
#[derive(Clone, Copy)]
pub(crate) enum Sibling {
    /// The DOM's `node.before(...nodes)`.
    Before,
    /// The DOM's `node.after(...nodes)`.
    After,
    /// The DOM's `node.replaceWith(...nodes)`.
    Replace,
}

/// `before`, `after` and `replaceWith` (§ dom-childnode-before, -after, -replacewith): nothing
/// happens when `node` has no parent; `nodes` go, in order, before `node`'s viable next sibling
/// (after) or before `node` (before, replace), and `replace` then removes `node` unless it is
/// one of them.
pub(crate) fn insert_siblings<'a>(
    ed: &kauri::Editor<'a>,
    node: &'a kauri::Node<'a>,
    nodes: &[&'a kauri::Node<'a>],
    place: Sibling,
) -> Result<(), kauri::EditError> {
    let Some(parent) = node.parent() else {
        return Ok(());
    };
    let is_item = |n: &kauri::Node<'_>| nodes.iter().any(|m| m.same_node(n));
    if let (Sibling::Replace, [single]) = (place, nodes) {
        // One node: the DOM's "replace a child", whose Document checks ignore the node replaced.
        return ed.replace_with(node, single);
    }
    let reference = match place {
        Sibling::After => {
            let mut next = node.next_sibling();
            while let Some(n) = next.filter(|n| is_item(n)) {
                next = n.next_sibling();
            }
            next
        }
        Sibling::Before | Sibling::Replace => {
            if is_item(node) {
                // `node` moves with the others: insert before the first sibling after it that
                // stays put.
                let mut next = node.next_sibling();
                while let Some(n) = next.filter(|n| is_item(n)) {
                    next = n.next_sibling();
                }
                next
            } else {
                Some(node)
            }
        }
    };
    for new in nodes {
        ed.insert_before(parent, new, reference)?;
    }
    if matches!(place, Sibling::Replace) && !is_item(node) {
        ed.remove(node);
    }
    Ok(())
}

/// The DOM's `outerHTML` setter (§ dom-element-outerhtml), with `fill` parsing the HTML into
/// a context element: `Editor::set_inner_html` for plain `outerHTML`, a sanitizer's
/// `set_html_in` for a sanitized one. The fragment is parsed in the context of `node`'s parent
/// (a `body` when the parent is a fragment) and replaces `node`; a node without a parent is
/// left as it is; a child of the Document is refused, as the DOM refuses it.
pub(crate) fn set_outer_html<'a>(
    ed: &kauri::Editor<'a>,
    node: &'a kauri::Node<'a>,
    fill: impl FnOnce(&'a kauri::Node<'a>) -> Result<(), kauri::EditError>,
) -> Result<(), Refused> {
    let Some(parent) = node.parent() else {
        return Ok(());
    };
    // A stand-in for the parent: the same name and attributes, so the fragment parse sees the
    // same context element.
    let context = match parent.data() {
        kauri::NodeData::Document(_) => return Err(Refused::DocumentChild),
        kauri::NodeData::Element(e) => {
            let context = ed.create_element_ns(e.qual_name().clone());
            for (name, value) in e.attrs() {
                // An attribute name the parser allows but `setAttribute` does not (`=a` from
                // `<p =a>`) plays no part in how a fragment parses: leave it out.
                if ed.set_attribute_ns(context, name.clone(), value).is_err() {
                    continue;
                }
            }
            context
        }
        _ => ed.create_element("body")?,
    };
    fill(context)?;
    let parsed = context
        .as_element()
        .and_then(|e| e.template_contents())
        .unwrap_or(context);
    let children: Vec<_> = parsed.children().collect();
    insert_siblings(ed, node, &children, Sibling::Replace)?;
    if children.is_empty() {
        ed.remove(node);
    }
    Ok(())
}

/// Why an edit was refused: what [`kauri::EditError`] names, and the `outerHTML` setter's own
/// case.
pub(crate) enum Refused {
    /// The node is a child of the Document ("NoModificationAllowedError").
    DocumentChild,
    Edit(kauri::EditError),
}

impl From<kauri::EditError> for Refused {
    fn from(err: kauri::EditError) -> Refused {
        Refused::Edit(err)
    }
}

impl From<Refused> for PyErr {
    fn from(err: Refused) -> PyErr {
        match err {
            Refused::DocumentChild => EditError::new_err(
                "outer_html cannot replace a child of the document itself (the html element): \
                 set document_element.inner_html, or edit its head and body",
            ),
            Refused::Edit(err) => edit_error(err),
        }
    }
}

/// `kauri.EditError` for a refused edit: what the DOM says, and what to do instead.
pub(crate) fn edit_error(err: kauri::EditError) -> PyErr {
    let hint = match err {
        kauri::EditError::NotAParent => {
            "insert into an element, the document or a fragment; use insert_after() to put a \
             node beside a text or comment"
        }
        kauri::EditError::Cycle => "insert the node somewhere outside its own subtree",
        kauri::EditError::DocumentNode => "insert the document's children instead",
        kauri::EditError::NoParent => "insert the node into the tree first",
        kauri::EditError::NotAChild => "pass a child of this node as the reference",
        kauri::EditError::Hierarchy => {
            "a document holds at most one doctype and one element and no text: insert into \
             document_element, head or body instead"
        }
        kauri::EditError::NotAnElement => "call this on an Element",
        kauri::EditError::InvalidName => {
            "use a name without whitespace, '/', '=', '>' or NUL, starting with a letter"
        }
        kauri::EditError::EmptyToken | kauri::EditError::InvalidToken => {
            "pass one class name at a time, without whitespace"
        }
        kauri::EditError::DuplicateAttribute => "give each attribute name once",
        kauri::EditError::OtherArena => {
            "create the node in this document (doc.create_element(), doc.create_text_node())"
        }
        _ => "see the DOM standard's rules for this edit",
    };
    EditError::new_err(format!("{err}: {hint}"))
}
