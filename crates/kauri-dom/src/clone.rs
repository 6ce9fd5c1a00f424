//! Deep copies of nodes into an arena: the DOM's "clone a node" for the `selectedcontent`
//! hooks, and [`Document`](crate::Document)'s `Clone`. A copied shadow host gets a copy of its
//! shadow root (see [`clone_shadow_root`]); form owners are not copied.

use crate::node::ShadowRoot;
use kauri_tokenizer::{DistinctAttrs, QualName};

use crate::node::{Arena, Comment, Doctype, Node, NodeData, ProcessingInstruction, Spans};

/// Appends deep copies of `source`'s children to `target` (iteratively, so any depth uses
/// constant stack; an HTML template's contents are cloned too, as the template cloning steps
/// do). `source` may be in another arena. With `keep_spans` the copies keep the source ranges
/// and every shadow root (a whole-document copy); without, only clonable shadow roots are
/// copied, as DOM "clone a node" does (the `selectedcontent` clone).
pub(crate) fn clone_children_into<'a, 'b>(
    arena: &'a Arena<'a>,
    source: &'b Node<'b>,
    target: &'a Node<'a>,
    keep_spans: bool,
) {
    let mut work: Vec<(&'b Node<'b>, &'a Node<'a>)> = vec![(source, target)];
    while let Some((from, to)) = work.pop() {
        for child in from.children() {
            let copy = shallow_clone(arena, child, keep_spans);
            to.append(copy);
            if child.first_child().is_some() {
                work.push((child, copy));
            }
            if let (Some(src), Some(dst)) = (
                child.as_element().and_then(|e| e.template_contents()),
                copy.as_element().and_then(|e| e.template_contents()),
            ) {
                work.push((src, dst));
            }
            if let Some(pair) = clone_shadow_root(arena, child, copy, keep_spans) {
                work.push(pair);
            }
        }
    }
}

/// A copy of the node without its children, in `arena`. An element keeps its
/// [`flag`](crate::node::Element::flag); a Document or a ShadowRoot becomes a
/// DocumentFragment (a shadow root is copied with its host, by [`clone_shadow_root`]).
pub(crate) fn shallow_clone<'a>(
    arena: &'a Arena<'a>,
    node: &Node<'_>,
    keep_spans: bool,
) -> &'a Node<'a> {
    let spans =
        (keep_spans && (node.span().is_some() || node.end_tag_span().is_some())).then(|| Spans {
            node: node.span(),
            end_tag: node.end_tag_span(),
        });
    let data = match &node.data {
        NodeData::Element(e) => {
            // An element's names are distinct: `dedup` only checks.
            let mut copies = e.attribute_copies();
            // The copy has the node's `is` value ("clone a single node" copies it).
            let is_value = crate::store::IsValue::Kept(e.is_value());
            let attrs = arena
                .store
                .attr_list_is(DistinctAttrs::dedup(&mut copies), is_value);
            let name = QualName::clone(&e.name);
            return arena.new_element(name, attrs, e.flag.get(), spans);
        }
        NodeData::Text(t) => return arena.new_text(t.data(), spans),
        NodeData::Comment(c) => NodeData::Comment(Comment {
            data: arena.str(c.data()),
        }),
        NodeData::ProcessingInstruction(p) => {
            NodeData::ProcessingInstruction(ProcessingInstruction {
                target: arena.str(p.target()),
                data: arena.str(p.data()),
            })
        }
        NodeData::Doctype(d) => NodeData::Doctype(Doctype::new_in(
            arena,
            d.name(),
            d.public_id(),
            d.system_id(),
        )),
        NodeData::DocumentFragment | NodeData::Document(_) | NodeData::ShadowRoot(_) => {
            NodeData::DocumentFragment
        }
    };
    arena.new_node_with_spans(data, spans)
}

/// When `source` is a shadow host, gives `copy` (its new copy, in `arena`) a copy of the shadow
/// root, and returns the pair whose children are still to copy. A whole-document copy
/// (`whole`) keeps every shadow root; a DOM clone (the `selectedcontent` one) only clonable
/// ones, as DOM "clone a node" does.
fn clone_shadow_root<'a, 'b>(
    arena: &'a Arena<'a>,
    source: &'b Node<'b>,
    copy: &'a Node<'a>,
    whole: bool,
) -> Option<(&'b Node<'b>, &'a Node<'a>)> {
    let shadow = source.shadow_root()?;
    let r = shadow.as_shadow_root()?;
    if !whole && !r.clonable() {
        return None;
    }
    // The link is only ever set once (see `crate::shadow`).
    let element = copy.as_element().filter(|e| e.associated.get().is_none())?;
    let new_root = arena.new_node(NodeData::ShadowRoot(ShadowRoot {
        host: copy,
        mode: r.mode,
        slot_assignment: r.slot_assignment,
        delegates_focus: r.delegates_focus,
        serializable: r.serializable,
        clonable: r.clonable,
        declarative: r.declarative,
        available_to_element_internals: r.available_to_element_internals,
        keep_custom_element_registry_null: r.keep_custom_element_registry_null,
    }));
    element.associated.set(Some(new_root));
    Some((shadow, new_root))
}
