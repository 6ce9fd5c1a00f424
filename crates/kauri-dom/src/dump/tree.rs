//! The html5lib tree-construction dump (`tree-construction/README.md` of html5lib-tests).

use std::cmp::Ordering;
use std::io;

use super::{Chunked, Drain};
use crate::node::{Node, NodeData};

/// The html5lib tree-construction dump of `root`'s children (a Document or a
/// DocumentFragment): one `| `-prefixed line per node, each line ending in `\n`.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a</ul>", &body, &Default::default()).root;
/// assert_eq!(kauri::to_test_tree(root), "| <ul>\n|   <li>\n|     \"a\"\n");
/// ```
pub fn to_test_tree(root: &Node<'_>) -> String {
    let mut out = String::new();
    write_test_tree(root, &mut out);
    out
}

enum Item<'n, 'a> {
    Node(&'n Node<'a>, usize),
    /// The `content` line of a template, then its contents' children.
    Content(&'n Node<'a>, usize),
    /// The `#shadow-root (open)` or `#shadow-root (closed)` line of a shadow host, then the
    /// shadow root's children (Kauri's extension of the format, placed like `content`).
    Shadow(&'n Node<'a>, usize),
}

fn push_children<'n, 'a>(stack: &mut Vec<Item<'n, 'a>>, parent: &'n Node<'a>, depth: usize) {
    let mut child = parent.last_child();
    while let Some(node) = child {
        stack.push(Item::Node(node, depth));
        child = node.prev_sibling();
    }
}

/// The start of a line at `depth`: `| ` and two spaces per level, up to `limit` levels; a
/// deeper line is indented as level `limit` and starts with its depth in brackets (`[17] `), so
/// that a dump grows linearly with the tree however deep it is.
fn line_start(out: &mut String, depth: usize, limit: usize) {
    out.push_str("| ");
    for _ in 0..depth.min(limit) {
        out.push_str("  ");
    }
    if depth > limit {
        use std::fmt::Write as _;
        let _ = write!(out, "[{depth}] ");
    }
}

/// `#shadow-root (open)` or `#shadow-root (closed)` and the line end.
fn shadow_root_line(out: &mut String, shadow: &Node<'_>) {
    out.push_str("#shadow-root (");
    if let Some(root) = shadow.as_shadow_root() {
        out.push_str(root.mode().as_str());
    }
    out.push_str(")\n");
}

/// Compares two strings by UTF-16 code units, as the format sorts attribute names.
fn cmp_utf16(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Appends the html5lib dump of `root`'s children to `out` (see [`to_test_tree`]).
///
/// A shadow host's shadow root is a `#shadow-root (open)` or `#shadow-root (closed)` line at
/// the depth of the host's children, after its attributes (like a template's `content`),
/// followed by the root's children one level deeper:
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
/// let html = "<div id=h><template shadowrootmode=open><p>x</template></div>";
/// let root = parse_fragment_in(&arena, html, &body, &options).root;
/// let mut out = String::new();
/// kauri::write_test_tree(root, &mut out);
/// assert_eq!(
///     out,
///     "| <div>\n|   id=\"h\"\n|   #shadow-root (open)\n|     <p>\n|       \"x\"\n"
/// );
/// ```
pub fn write_test_tree(root: &Node<'_>, out: &mut String) {
    walk(root, out, None, usize::MAX);
}

/// Writes the html5lib dump of `root`'s children to `writer` in pieces (see [`Chunked`]),
/// indenting at most `limit` levels (see [`line_start`]; `usize::MAX` is the exact format).
pub(crate) fn stream_test_tree(
    root: &Node<'_>,
    writer: &mut dyn io::Write,
    limit: usize,
) -> io::Result<()> {
    let mut chunked = Chunked::new(writer);
    let mut out = Chunked::buffer();
    walk(root, &mut out, Some(&mut chunked), limit);
    chunked.finish(&mut out)
}

/// The dump of `root`'s children into `out`, indenting at most `limit` levels; with `sink`,
/// `out` is handed to it after each node (and the walk stops when it fails).
fn walk(root: &Node<'_>, out: &mut String, mut sink: Option<&mut Chunked<'_>>, limit: usize) {
    let mut stack = Vec::new();
    push_children(&mut stack, root, 0);
    let mut attrs: Vec<(String, &str)> = Vec::new();
    while let Some(item) = stack.pop() {
        if let Some(sink) = sink.as_deref_mut() {
            if !sink.drain(out) {
                return;
            }
        }
        let (node, depth) = match item {
            Item::Node(node, depth) => (node, depth),
            Item::Content(contents, depth) => {
                line_start(out, depth, limit);
                out.push_str("content\n");
                push_children(&mut stack, contents, depth + 1);
                continue;
            }
            Item::Shadow(shadow, depth) => {
                line_start(out, depth, limit);
                shadow_root_line(out, shadow);
                push_children(&mut stack, shadow, depth + 1);
                continue;
            }
        };
        line_start(out, depth, limit);
        match &node.data {
            NodeData::Element(e) => {
                out.push('<');
                match e.name.ns {
                    kauri_tokenizer::Namespace::Html => {}
                    ns => {
                        out.push_str(ns.short_name());
                        out.push(' ');
                    }
                }
                out.push_str(&e.name.local);
                out.push_str(">\n");
                attrs.clear();
                for (name, value) in e.attributes() {
                    let name = match name.ns.prefix() {
                        Some(prefix) => format!("{prefix} {}", &*name.local),
                        None => name.local.to_string(),
                    };
                    attrs.push((name, value));
                }
                attrs.sort_by(|a, b| cmp_utf16(&a.0, &b.0));
                for (name, value) in &attrs {
                    line_start(out, depth + 1, limit);
                    out.push_str(name);
                    out.push_str("=\"");
                    out.push_str(value);
                    out.push_str("\"\n");
                }
                push_children(&mut stack, node, depth + 1);
                if let Some(contents) = e.template_contents() {
                    stack.push(Item::Content(contents, depth + 1));
                }
                if let Some(shadow) = node.shadow_root() {
                    stack.push(Item::Shadow(shadow, depth + 1));
                }
            }
            NodeData::Text(t) => {
                out.push('"');
                out.push_str(t.data());
                out.push_str("\"\n");
            }
            NodeData::Comment(c) => {
                out.push_str("<!-- ");
                out.push_str(c.data());
                out.push_str(" -->\n");
            }
            NodeData::Doctype(d) => {
                out.push_str("<!DOCTYPE ");
                out.push_str(d.name());
                if !d.public_id().is_empty() || !d.system_id().is_empty() {
                    out.push_str(" \"");
                    out.push_str(d.public_id());
                    out.push_str("\" \"");
                    out.push_str(d.system_id());
                    out.push('"');
                }
                out.push_str(">\n");
            }
            NodeData::ProcessingInstruction(p) => {
                out.push_str("<?");
                out.push_str(p.target());
                out.push(' ');
                out.push_str(p.data());
                out.push_str("?>\n");
            }
            NodeData::DocumentFragment => {
                out.push_str("#document-fragment\n");
                push_children(&mut stack, node, depth + 1);
            }
            NodeData::Document(_) => {
                out.push_str("#document\n");
                push_children(&mut stack, node, depth + 1);
            }
            NodeData::ShadowRoot(_) => {
                shadow_root_line(out, node);
                push_children(&mut stack, node, depth + 1);
            }
        }
    }
}
