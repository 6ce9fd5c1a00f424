//! Re-parse safety: a sanitized tree whose serialization parses back, in the same context, to
//! exactly that tree. The standard's sanitizer works on trees; a tree it leaves can still
//! serialize to markup that parses differently (mutation XSS), for example a `<style>` that a
//! permissive config lets through inside an HTML `mglyph` that the parser put in a MathML text
//! integration point, or a `<form>` nested in a `<form>`. Kauri checks every string it hands
//! out: it parses the serialization again and compares the two trees node by node (template
//! contents included), and where they first differ it removes the node from the sanitized tree,
//! then tries again. Removing a node never adds script, and each round removes one, so the loop
//! ends; after [`MAX_ROUNDS`] the fragment is emptied, which always round-trips.

use kauri_dom::{Editor, Namespace, Node, NodeData};
use kauri_tokenizer::{local_name, AttrName, LocalName};

/// Whether `name` is one of the elements whose parsed trees always serialize to markup that
/// parses back to them, in a `div` or `body` context: HTML flow and phrasing elements that are
/// not raw text, RCDATA or `pre`-like, no table, form, template or foreign content, nothing that
/// ends a scope. A tree the parser built out of these alone (nothing removed from it, which
/// could undo a nesting the parser only allowed because of the removed element; removing a
/// leaf, an element the parser never puts elements in, is fine) needs no re-parse check.
fn is_stable_element(name: &LocalName) -> bool {
    // (Atoms: the names compare as integers, not strings.)
    matches!(
        *name,
        local_name!("a")
            | local_name!("abbr")
            | local_name!("address")
            | local_name!("article")
            | local_name!("aside")
            | local_name!("b")
            | local_name!("bdi")
            | local_name!("bdo")
            | local_name!("blockquote")
            | local_name!("br")
            | local_name!("cite")
            | local_name!("code")
            | local_name!("data")
            | local_name!("dd")
            | local_name!("del")
            | local_name!("dfn")
            | local_name!("div")
            | local_name!("dl")
            | local_name!("dt")
            | local_name!("em")
            | local_name!("figcaption")
            | local_name!("figure")
            | local_name!("footer")
            | local_name!("h1")
            | local_name!("h2")
            | local_name!("h3")
            | local_name!("h4")
            | local_name!("h5")
            | local_name!("h6")
            | local_name!("header")
            | local_name!("hgroup")
            | local_name!("hr")
            | local_name!("i")
            | local_name!("ins")
            | local_name!("kbd")
            | local_name!("li")
            | local_name!("main")
            | local_name!("mark")
            | local_name!("menu")
            | local_name!("nav")
            | local_name!("ol")
            | local_name!("p")
            | local_name!("q")
            | local_name!("rp")
            | local_name!("rt")
            | local_name!("ruby")
            | local_name!("s")
            | local_name!("samp")
            | local_name!("search")
            | local_name!("section")
            | local_name!("small")
            | local_name!("span")
            | local_name!("strong")
            | local_name!("sub")
            | local_name!("sup")
            | local_name!("time")
            | local_name!("u")
            | local_name!("ul")
            | local_name!("var")
            | local_name!("wbr")
    )
}

/// `pre` and `listing` ("newline-eating blocks"): parsed like `div` (§ parsing-main-inbody: the same start tag steps), but
/// the parser drops a newline right after the start tag, which the serializer does not write
/// back. So they are stable only when their first child is not text that starts with a newline.
fn is_newline_eating_block(name: &LocalName) -> bool {
    matches!(*name, local_name!("listing") | local_name!("pre"))
}

/// The table elements: parsed into a tree that serializes to markup that parses back to it,
/// in a `div` or `body` context, unless the parser foster parented (§ foster-parent: content
/// misplaced in a table is moved before it, where it can end up nested as no markup nests it,
/// such as an `a` inside an `a`). Without foster parenting, only inter-element whitespace is
/// ever a child of a table, section or row (other text is foster parented), a cell is parsed
/// as body content inside a scope boundary, and the implied `tbody` and `tr` are written out.
fn is_table_element(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("caption")
            | local_name!("col")
            | local_name!("colgroup")
            | local_name!("table")
            | local_name!("tbody")
            | local_name!("td")
            | local_name!("tfoot")
            | local_name!("th")
            | local_name!("thead")
            | local_name!("tr")
    )
}

/// Whether `node` is an SVG or MathML element.
fn is_foreign(node: &Node<'_>) -> bool {
    node.as_element()
        .is_some_and(|e| e.namespace() != Namespace::Html)
}

/// Whether the serialization of the parsed and sanitized fragment under `root` surely parses
/// back to it, in `context`, so that the re-parse check can be skipped:
/// * a fragment of one Text node or none, however much was removed, in an HTML `div` or
///   `body` context: the serialized text escapes `&`, `<` and `>`, and holds none of the
///   characters the parser drops there (it dropped or replaced them);
/// * else, when sanitizing removed no element but leaves (`changed_structure` false) and the
///   adoption agency algorithm moved no block (`adoption_agency_moved` false: its moves can nest
///   even these elements as no markup does, such as an `h3` child of an `h3`), a fragment in
///   the same contexts made only of text and
///   * [`is_stable_element`]s, newline-eating blocks ([`is_newline_eating_block`]) whose text does not start with a
///     newline, and (when `tables`: the parser did not foster parent) [`is_table_element`]s,
///     none of them inside an SVG or MathML element;
///   * SVG and MathML elements with no HTML element inside: each was made by a start tag in
///     foreign content, or an `svg` or `math` one in HTML content, and is written back as a
///     start tag that no rule turns into an HTML element (the names that break out of
///     foreign content never name a foreign element, and `font` only does with attributes it
///     would have broken out with; attributes are only ever removed), and an end tag that
///     closes it. The elements the mutation XSS shapes rely on, an HTML element in MathML
///     text or an SVG or MathML HTML integration point, are ruled out, and so are comments,
///     processing instructions and template contents.
pub(crate) fn is_stable(
    root: &Node<'_>,
    context: &kauri_tokenizer::QualName,
    changed_structure: bool,
    tables: bool,
    adoption_agency_moved: bool,
) -> bool {
    let stable_context = context.ns == Namespace::Html
        && matches!(context.local, local_name!("div") | local_name!("body"));
    if !stable_context {
        return false;
    }
    if changed_structure {
        return match root.first_child() {
            None => true,
            Some(only) => only.is_text() && only.next_sibling().is_none(),
        };
    }
    if adoption_agency_moved {
        return false;
    }
    root.descendants().all(|node| match node.data() {
        NodeData::Text(_) => true,
        NodeData::Element(e) if e.namespace() != Namespace::Html => true,
        NodeData::Element(e) => {
            let name = e.local_name();
            // The first HTML element inside foreign content has a foreign parent.
            !node.parent().is_some_and(|p| is_foreign(p))
                && (is_stable_element(name)
                    || (tables && is_table_element(name))
                    || (is_newline_eating_block(name)
                        && !node
                            .first_child()
                            .and_then(|c| c.as_text())
                            .is_some_and(|t| t.starts_with('\n'))))
        }
        _ => false,
    })
}

/// Repairs before giving up and emptying the fragment.
pub(crate) const MAX_ROUNDS: usize = 32;

/// The nodes under `root` in tree order, with depths; an HTML `template`'s contents come as one
/// more child of the template (the DocumentFragment node itself, then its children).
pub(crate) fn flatten<'a>(root: &'a Node<'a>) -> Vec<(u32, &'a Node<'a>)> {
    let mut out = Vec::with_capacity(64);
    let mut stack: Vec<(u32, &'a Node<'a>)> = Vec::with_capacity(16);
    push_children(&mut stack, root, 0);
    while let Some((depth, node)) = stack.pop() {
        out.push((depth, node));
        if let Some(contents) = node.as_element().and_then(|e| e.template_contents()) {
            stack.push((depth + 1, contents));
        }
        push_children(&mut stack, node, depth + 1);
    }
    out
}

fn push_children<'a>(stack: &mut Vec<(u32, &'a Node<'a>)>, parent: &'a Node<'a>, depth: u32) {
    let mut child = parent.last_child();
    while let Some(node) = child {
        stack.push((depth, node));
        child = node.prev_sibling();
    }
}

/// Whether `theirs`, a node of the re-parsed serialization, gives back `ours`, a node of the
/// sanitized tree, as the DOM's `isEqualNode` compares a node itself (not its children): kind,
/// name, attributes in order, data. (A carriage return, which only `&#13;` puts in a text or
/// an attribute value, is written back as `&#13;`: see `serialize_children` in `lib.rs`.)
///
/// An element's `is` value that lost its `is` attribute (a sanitizer that does not allow `is`
/// removed it) counts as that attribute, first: the serialization writes it so, and the
/// re-parse makes an element with the same `is` value (§ serialising-html-fragments).
pub(crate) fn same_node_data(ours: &Node<'_>, theirs: &Node<'_>) -> bool {
    match (ours.data(), theirs.data()) {
        (NodeData::Element(x), NodeData::Element(y)) => {
            let is_name = AttrName::new(local_name!("is"));
            let written_is = x.is_value_to_serialize().map(|value| (&is_name, value));
            let written = written_is.into_iter().chain(x.attributes());
            x.qual_name() == y.qual_name()
                && written.clone().count() == y.attributes().len()
                && written
                    .zip(y.attributes())
                    .all(|((n, v), (m, w))| n == m && v == w)
        }
        (NodeData::Text(_), NodeData::Text(_)) => {
            matches!((ours.as_text(), theirs.as_text()), (Some(a), Some(b)) if a == b)
        }
        (NodeData::Comment(_), NodeData::Comment(_)) => {
            matches!((ours.as_comment(), theirs.as_comment()), (Some(a), Some(b)) if a == b)
        }
        (NodeData::ProcessingInstruction(x), NodeData::ProcessingInstruction(y)) => {
            x.target() == y.target() && x.data() == y.data()
        }
        (NodeData::Doctype(x), NodeData::Doctype(y)) => {
            x.name() == y.name() && x.public_id() == y.public_id() && x.system_id() == y.system_id()
        }
        (NodeData::DocumentFragment, NodeData::DocumentFragment) => true,
        _ => false,
    }
}

/// The index of the first node where two flattened trees differ, or `None` when they are the
/// same tree.
pub(crate) fn first_difference(a: &[(u32, &Node<'_>)], b: &[(u32, &Node<'_>)]) -> Option<usize> {
    let common = a.len().min(b.len());
    (0..common)
        .find(|&i| a[i].0 != b[i].0 || !same_node_data(a[i].1, b[i].1))
        .or((a.len() != b.len()).then_some(common))
}

/// Makes the tree under `root` re-parse safe at the point where it first differs from its
/// re-parse (`at`, an index into `flat`, the flattened tree): joins a Text node into a Text
/// node before it (the serialization cannot keep them apart), else removes the node (for a
/// template's contents, their children).
pub(crate) fn repair<'a>(ed: &Editor<'a>, flat: &[(u32, &'a Node<'a>)], at: usize) {
    let Some(&(_, node)) = flat.get(at).or(flat.last()) else {
        return;
    };
    if let NodeData::DocumentFragment = node.data() {
        while let Some(child) = node.first_child() {
            ed.remove(child);
        }
        return;
    }
    // A `pre`, `textarea` or `listing` whose text starts with a newline: the parser drops the
    // first newline after the start tag, and the serializer does not add one back, so the
    // newline goes (not the text).
    if let (Some(text), None) = (node.as_text(), node.prev_sibling()) {
        let in_newline_eating_element =
            node.parent().and_then(|p| p.as_element()).is_some_and(|e| {
                e.namespace() == Namespace::Html
                    && matches!(e.local_name().as_ref(), "pre" | "textarea" | "listing")
            });
        if in_newline_eating_element && text.starts_with('\n') {
            let rest = text[1..].to_owned();
            if rest.is_empty() {
                ed.remove(node);
            } else {
                ed.set_text_content(node, &rest);
            }
            return;
        }
    }
    if let (Some(text), Some(prev)) = (node.as_text(), node.prev_sibling()) {
        if let Some(before) = prev.as_text() {
            let joined = format!("{before}{text}");
            ed.set_text_content(prev, &joined);
            ed.remove(node);
            return;
        }
    }
    let prev = node.prev_sibling();
    let next = node.next_sibling();
    ed.remove(node);
    // The nodes on either side are now neighbours: two texts become one.
    if let (Some(prev), Some(next)) = (prev, next) {
        if let (Some(before), Some(after)) = (prev.as_text(), next.as_text()) {
            let joined = format!("{before}{after}");
            ed.set_text_content(prev, &joined);
            ed.remove(next);
        }
    }
}

/// Empties `root` (the last resort of the repair loop).
pub(crate) fn clear<'a>(ed: &Editor<'a>, root: &'a Node<'a>) {
    while let Some(child) = root.first_child() {
        ed.remove(child);
    }
}
