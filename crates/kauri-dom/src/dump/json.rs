//! The JSON output of `kauri parse --format json` (the CLI contract of issue 2).
//!
//! ```text
//! {"type":"document","mode":"no-quirks","encoding":"UTF-8","children":[NODE...]}
//! {"type":"fragment","children":[NODE...]}
//! NODE: {"type":"doctype","name":S,"public_id":S,"system_id":S}
//!       {"type":"element","namespace":"html|svg|math","name":S,
//!        "attributes":[{"namespace":null|"xlink"|"xml"|"xmlns","name":S,"value":S}],
//!        "children":[NODE...]}                  (+ "template_contents":[NODE...] for a template)
//!        (+ "form_owner":N after "attributes" for an element the parser associated with a form:
//!         the index of that form among the document's `form` elements in tree order)
//!        (+ "shadow_root":{"mode":"open"|"closed","delegates_focus":B,"serializable":B,
//!         "clonable":B,"slot_assignment":"named"|"manual","children":[NODE...]} after
//!         "children" for a shadow host)
//!       {"type":"text","data":S}  {"type":"comment","data":S}
//!       {"type":"processing_instruction","target":S,"data":S}
//! ```
//!
//! With errors: `"errors":[{"code":S,"line":N,"col":N}]` after `children`. With locations, each
//! node that has a source range gets `"span":{"start":N,"end":N}` (byte offsets into the input)
//! and an element whose end tag was in the input also `"end_tag_span"`.

use std::fmt::Write as _;
use std::io;

use super::{Chunked, Drain};
use kauri_tokenizer::{ParseError, Span};

use crate::node::{Node, NodeData};

/// What [`to_json`] adds to the tree.
#[derive(Clone, Copy, Debug, Default)]
///
/// ```
/// # use kauri_dom as kauri;
/// let doc = kauri::Document::new();
/// let options = kauri::JsonOptions { errors: Some(doc.errors()), ..Default::default() };
/// assert!(kauri::to_json(doc.root(), &options).ends_with(r#""errors":[]}"#));
/// ```
pub struct JsonOptions<'e> {
    /// The WHATWG name of the encoding used (`"UTF-8"`); a Document's `encoding` member.
    /// `None` writes `"UTF-8"`.
    pub encoding: Option<&'e str>,
    /// The parse errors to list in an `errors` member; `None` leaves the member out.
    pub errors: Option<&'e [ParseError]>,
    /// Whether to write each node's `span` (and elements' `end_tag_span`).
    pub locations: bool,
}

/// The JSON form of the tree rooted at `root` (a Document or a DocumentFragment).
///
/// ```
/// # use kauri_dom as kauri;
/// let mut doc = kauri::Document::new();
/// doc.edit(|ed| ed.append_child(ed.root(), ed.create_element("ul")?))?;
/// let json = kauri::to_json(doc.root(), &kauri::JsonOptions::default());
/// assert!(json.starts_with(r#"{"type":"document","mode":"no-quirks","encoding":"UTF-8","children":[{"type":"element""#));
/// # Ok::<(), kauri::EditError>(())
/// ```
pub fn to_json(root: &Node<'_>, options: &JsonOptions<'_>) -> String {
    let mut out = String::new();
    write_json(root, options, &mut out);
    out
}

enum Work<'n, 'a> {
    Node(&'n Node<'a>, bool),
    Lit(&'static str),
    /// The `"shadow_root":{...,"children":[` opening of a shadow host's root.
    Shadow(&'n Node<'a>),
}

/// Writes `"mode":...,"delegates_focus":...,"serializable":...,"clonable":...,
/// "slot_assignment":...` for a shadow root.
fn shadow_root_members(out: &mut String, shadow: &Node<'_>) {
    if let Some(r) = shadow.as_shadow_root() {
        let _ = write!(
            out,
            "\"mode\":\"{}\",\"delegates_focus\":{},\"serializable\":{},\"clonable\":{},\
             \"slot_assignment\":\"{}\"",
            r.mode().as_str(),
            r.delegates_focus(),
            r.serializable(),
            r.clonable(),
            r.slot_assignment().as_str()
        );
    }
}

/// The index of each `form` element of the tree rooted at `root` (tree order, as
/// `document.forms`), built when the first element with a form owner is written.
struct FormIndex {
    forms: Option<std::collections::HashMap<usize, usize>>,
}

impl FormIndex {
    fn index_of(&mut self, root: &Node<'_>, form: &Node<'_>) -> Option<usize> {
        let forms = self.forms.get_or_insert_with(|| {
            root.descendants()
                .filter(|n| n.is_html_element(&kauri_tokenizer::local_name!("form")))
                .enumerate()
                .map(|(i, n)| (n as *const Node<'_> as *const u8 as usize, i))
                .collect()
        });
        forms
            .get(&(form as *const Node<'_> as *const u8 as usize))
            .copied()
    }
}

/// Appends `s` to `out` as a JSON string literal (quotes, backslash escapes, `\u00XX` for the
/// other control characters), as every JSON output of Kauri writes strings.
///
/// ```
/// # use kauri_dom as kauri;
/// let mut out = String::new();
/// kauri::json_string(&mut out, "a \"b\"\n\u{1}");
/// assert_eq!(out, r#""a \"b\"\n\u0001""#);
/// ```
pub fn json_string(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: Option<&str> = match b {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            0x08 => Some("\\b"),
            0x0C => Some("\\f"),
            0..=0x1F | 0x7F => None,
            _ => continue,
        };
        out.push_str(&s[start..i]);
        match escape {
            Some(e) => out.push_str(e),
            None => {
                let _ = write!(out, "\\u{:04x}", b);
            }
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Appends an element's attributes as the JSON array every Kauri JSON output uses:
/// `[{"namespace":null|"xlink"|"xml"|"xmlns","name":S,"value":S}, ...]`, in source order.
///
/// ```
/// # use kauri_dom as kauri;
/// let mut out = String::new();
/// kauri::json_attributes(&mut out, &kauri::Attributes::default());
/// assert_eq!(out, "[]");
/// ```
pub fn json_attributes(out: &mut String, attrs: &crate::Attributes) {
    json_attribute_list(
        out,
        attrs.iter().map(|(name, value)| (name, value.as_str())),
    );
}

/// [`json_attributes`] of an element's list (which builds no map).
pub(crate) fn json_attribute_list<'a>(
    out: &mut String,
    attrs: impl Iterator<Item = (&'a kauri_tokenizer::AttrName, &'a str)>,
) {
    out.push('[');
    for (i, (name, value)) in attrs.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"namespace\":");
        match name.ns.prefix() {
            Some(prefix) => json_string(out, prefix),
            None => out.push_str("null"),
        }
        out.push_str(",\"name\":");
        json_string(out, &name.local);
        out.push_str(",\"value\":");
        json_string(out, value);
        out.push('}');
    }
    out.push(']');
}

fn span_member(out: &mut String, key: &str, span: Option<Span>) {
    if let Some(span) = span {
        let _ = write!(
            out,
            ",\"{key}\":{{\"start\":{},\"end\":{}}}",
            span.start, span.end
        );
    }
}

fn push_children<'n, 'a>(stack: &mut Vec<Work<'n, 'a>>, parent: &'n Node<'a>) {
    let mut child = parent.last_child();
    while let Some(node) = child {
        child = node.prev_sibling();
        stack.push(Work::Node(node, child.is_none()));
    }
}

/// Appends the JSON form of the tree rooted at `root` to `out` (see [`to_json`]).
///
/// ```
/// # use kauri_dom as kauri;
/// let doc = kauri::Document::new();
/// let mut out = String::from("json: ");
/// kauri::write_json(doc.root(), &Default::default(), &mut out);
/// assert!(out.starts_with(r#"json: {"type":"document""#));
/// ```
pub fn write_json(root: &Node<'_>, options: &JsonOptions<'_>, out: &mut String) {
    walk(root, options, out, None);
}

/// Writes the JSON form of the tree rooted at `root` to `writer` in pieces (see [`Chunked`]).
pub(crate) fn stream_json(
    root: &Node<'_>,
    options: &JsonOptions<'_>,
    writer: &mut dyn io::Write,
) -> io::Result<()> {
    let mut chunked = Chunked::new(writer);
    let mut out = Chunked::buffer();
    walk(root, options, &mut out, Some(&mut chunked));
    chunked.finish(&mut out)
}

/// The JSON form into `out`; with `sink`, `out` is handed to it after each node (and the walk
/// stops when it fails).
fn walk(
    root: &Node<'_>,
    options: &JsonOptions<'_>,
    out: &mut String,
    mut sink: Option<&mut Chunked<'_>>,
) {
    let mut stack: Vec<Work<'_, '_>> = Vec::new();
    let mut forms = FormIndex { forms: None };
    match &root.data {
        NodeData::Document(d) => {
            out.push_str("{\"type\":\"document\",\"mode\":\"");
            out.push_str(d.quirks_mode().as_str());
            out.push_str("\",\"encoding\":");
            json_string(out, options.encoding.unwrap_or("UTF-8"));
            out.push_str(",\"children\":[");
            push_children(&mut stack, root);
        }
        NodeData::DocumentFragment => {
            out.push_str("{\"type\":\"fragment\",\"children\":[");
            push_children(&mut stack, root);
        }
        _ => {
            // Any other node: its own object, as an element of the tree.
            out.push_str("{\"type\":\"fragment\",\"children\":[");
            stack.push(Work::Node(root, true));
        }
    }
    while let Some(work) = stack.pop() {
        if let Some(sink) = sink.as_deref_mut() {
            if !sink.drain(out) {
                return;
            }
        }
        let (node, first) = match work {
            Work::Lit(s) => {
                out.push_str(s);
                continue;
            }
            Work::Node(node, first) => (node, first),
            Work::Shadow(shadow) => {
                out.push_str("],\"shadow_root\":{");
                shadow_root_members(out, shadow);
                out.push_str(",\"children\":[");
                continue;
            }
        };
        if !first {
            out.push(',');
        }
        match &node.data {
            NodeData::Element(e) => {
                out.push_str("{\"type\":\"element\",\"namespace\":\"");
                out.push_str(e.name.ns.short_name());
                out.push_str("\",\"name\":");
                json_string(out, &e.name.local);
                out.push_str(",\"attributes\":");
                json_attribute_list(out, e.attributes());
                if let Some(form) = node.form_owner() {
                    match forms.index_of(root, form) {
                        Some(i) => {
                            let _ = write!(out, ",\"form_owner\":{i}");
                        }
                        None => out.push_str(",\"form_owner\":null"),
                    }
                }
                if options.locations {
                    span_member(out, "span", node.span());
                    span_member(out, "end_tag_span", node.end_tag_span());
                }
                out.push_str(",\"children\":[");
                if let Some(shadow) = node.shadow_root() {
                    stack.push(Work::Lit("]}}"));
                    push_children(&mut stack, shadow);
                    stack.push(Work::Shadow(shadow));
                } else {
                    stack.push(Work::Lit("]}"));
                }
                if let Some(contents) = e.template_contents() {
                    push_children(&mut stack, contents);
                    stack.push(Work::Lit("],\"template_contents\":["));
                }
                push_children(&mut stack, node);
            }
            NodeData::Text(t) => {
                out.push_str("{\"type\":\"text\",\"data\":");
                json_string(out, t.data());
                close_leaf(out, node, options);
            }
            NodeData::Comment(c) => {
                out.push_str("{\"type\":\"comment\",\"data\":");
                json_string(out, c.data());
                close_leaf(out, node, options);
            }
            NodeData::ProcessingInstruction(p) => {
                out.push_str("{\"type\":\"processing_instruction\",\"target\":");
                json_string(out, p.target());
                out.push_str(",\"data\":");
                json_string(out, p.data());
                close_leaf(out, node, options);
            }
            NodeData::Doctype(d) => {
                out.push_str("{\"type\":\"doctype\",\"name\":");
                json_string(out, d.name());
                out.push_str(",\"public_id\":");
                json_string(out, d.public_id());
                out.push_str(",\"system_id\":");
                json_string(out, d.system_id());
                close_leaf(out, node, options);
            }
            NodeData::DocumentFragment | NodeData::Document(_) => {
                out.push_str("{\"type\":\"fragment\",\"children\":[");
                stack.push(Work::Lit("]}"));
                push_children(&mut stack, node);
            }
            NodeData::ShadowRoot(_) => {
                out.push_str("{\"type\":\"shadow_root\",");
                shadow_root_members(out, node);
                out.push_str(",\"children\":[");
                stack.push(Work::Lit("]}"));
                push_children(&mut stack, node);
            }
        }
    }
    out.push(']');
    if let Some(errors) = options.errors {
        out.push_str(",\"errors\":[");
        for (i, error) in errors.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"code\":");
            json_string(out, error.code.as_str());
            let _ = write!(out, ",\"line\":{},\"col\":{}", error.line, error.col);
            if options.locations {
                let _ = write!(out, ",\"offset\":{}", error.offset);
            }
            out.push('}');
        }
        out.push(']');
    }
    out.push('}');
}

fn close_leaf(out: &mut String, node: &Node<'_>, options: &JsonOptions<'_>) {
    if options.locations {
        span_member(out, "span", node.span());
    }
    out.push('}');
}
