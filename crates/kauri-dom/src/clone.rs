//! Deep copies of nodes into an arena: the DOM's "clone a node" for the `selectedcontent`
//! hooks, and [`Document`](crate::Document)'s `Clone`.

use crate::node::{
    Arena, AttrStore, Comment, Doctype, Node, NodeData, ProcessingInstruction, Spans,
};

/// Appends deep copies of `source`'s children to `target` (iteratively, so any depth uses
/// constant stack; an HTML template's contents are cloned too, as the template cloning steps
/// do). `source` may be in another arena. With `keep_spans` the copies keep the source ranges.
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
                child.as_element().and_then(|e| e.template_contents),
                copy.as_element().and_then(|e| e.template_contents),
            ) {
                work.push((src, dst));
            }
        }
    }
}

/// A copy of the node without its children, in `arena`. An element keeps its
/// [`flag`](crate::node::Element::flag); a Document becomes a DocumentFragment.
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
            let attrs = AttrStore::indexed(e.attrs().clone());
            return arena.new_element(e.name.clone(), attrs, e.flag.get(), spans);
        }
        NodeData::Text(t) => return arena.new_text(t.data(), spans),
        NodeData::Comment(c) => NodeData::Comment(Comment {
            data: c.data.clone(),
        }),
        NodeData::ProcessingInstruction(p) => {
            NodeData::ProcessingInstruction(ProcessingInstruction {
                target: p.target.clone(),
                data: p.data.clone(),
            })
        }
        NodeData::Doctype(d) => NodeData::Doctype(Doctype {
            name: d.name.clone(),
            public_id: d.public_id.clone(),
            system_id: d.system_id.clone(),
        }),
        NodeData::DocumentFragment | NodeData::Document(_) => NodeData::DocumentFragment,
    };
    arena.alloc(Node::new(data).with_spans(spans))
}
