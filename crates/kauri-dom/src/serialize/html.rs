//! "Serializing HTML fragments" (§ serialising-html-fragments of the HTML standard, 2026): the
//! algorithm behind `innerHTML` and `outerHTML`.
//!
//! The standard writes it as a recursion over children; here it is a loop that walks the tree
//! through its parent and sibling links, so a tree of any depth serializes in constant stack
//! space (the only extra memory is one entry per open `template`, to come back from its template
//! contents to the `template` element).
//!
//! ```
//! # use kauri_dom as kauri;
//! use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
//! // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
//! let arena = Arena::new();
//! let body = FragmentContext::html("body");
//! let root = parse_fragment_in(&arena, r#"<a href='/x?a=1&b="2"'></a>"#, &body, &Default::default()).root;
//! let a = root.first_child().unwrap();
//! use kauri::serialize::html::{serialize_outer, SerializeOptions};
//!
//! let mut out = String::new();
//! serialize_outer(a, &SerializeOptions::default(), &mut out);
//! assert_eq!(out, r#"<a href="/x?a=1&amp;b=&quot;2&quot;"></a>"#);
//! ```

use std::io;

use kauri_tokenizer::{local_name, AttrNamespace, Namespace};

use super::escape::{escape, EscapeMode};
use super::{is_raw_text_element_name, serializes_as_void_name};
use crate::dump::{Chunked, Drain};
use crate::node::{Node, NodeData};

/// Options of the HTML fragment serialization algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<noscript><b>x</b></noscript>", &body, &Default::default()).root;
/// use kauri::serialize::html::{serialize_inner, SerializeOptions};
/// // Parsed with scripting on, the `noscript` holds raw text, written back literally...
/// let mut out = String::new();
/// serialize_inner(root, &SerializeOptions { scripting: true }, &mut out);
/// assert_eq!(out, "<noscript><b>x</b></noscript>");
/// // ...and escaped, as any text, when scripting is off.
/// out.clear();
/// serialize_inner(root, &SerializeOptions { scripting: false }, &mut out);
/// assert_eq!(out, "<noscript>&lt;b&gt;x&lt;/b&gt;</noscript>");
/// ```
pub struct SerializeOptions {
    /// Whether scripting is enabled for the nodes: then the text of a `noscript` element is
    /// written literally, as the parser with the scripting flag set reads it as raw text.
    /// Default true, as the parser's default.
    pub scripting: bool,
}

impl Default for SerializeOptions {
    fn default() -> Self {
        SerializeOptions { scripting: true }
    }
}

/// Appends the HTML serialization of the *children* of `node` to `out` (the standard's "HTML
/// fragment serialization algorithm", what `innerHTML` returns). For a `template` element
/// these are the children of its template contents; for an element that serializes as void,
/// nothing.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a &amp; b<li>&lt;c></ul>", &body, &Default::default()).root;
/// let ul = root.first_child().unwrap();
/// use kauri::serialize::html::{serialize_inner, SerializeOptions};
///
/// let mut out = String::new();
/// serialize_inner(ul, &SerializeOptions::default(), &mut out);
/// assert_eq!(out, "<li>a &amp; b</li><li>&lt;c&gt;</li>");
/// ```
pub fn serialize_inner(node: &Node<'_>, options: &SerializeOptions, out: &mut String) {
    // Step 1: "If the node serializes as void, then return the empty string."
    if let Some(element) = node.as_element() {
        if element.namespace() == Namespace::Html && serializes_as_void_name(element.local_name()) {
            return;
        }
    }
    // Step 3: "If the node is a template element, then let the node instead be the template
    // element's template contents."
    let container = template_contents(node).unwrap_or(node);
    // Step 5: each child in tree order.
    if let Some(first) = container.first_child() {
        Walker::new(options, Scope::ChildrenOf(container), out).run(first);
    }
}

/// Writes what [`serialize_inner`] appends to `writer`, in pieces of a few tens of kilobytes
/// as the walk goes, so the whole serialization is never held in memory.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a &amp; b</ul>", &body, &Default::default()).root;
/// let ul = root.first_child().unwrap();
/// use kauri::serialize::html::{write_inner, SerializeOptions};
///
/// let mut out = Vec::new();
/// write_inner(ul, &SerializeOptions::default(), &mut out)?;
/// assert_eq!(out, b"<li>a &amp; b</li>");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_inner(
    node: &Node<'_>,
    options: &SerializeOptions,
    mut writer: impl io::Write,
) -> io::Result<()> {
    if let Some(element) = node.as_element() {
        if element.namespace() == Namespace::Html && serializes_as_void_name(element.local_name()) {
            return Ok(());
        }
    }
    let container = template_contents(node).unwrap_or(node);
    let mut chunked = Chunked::new(&mut writer);
    let mut out = Chunked::buffer();
    if let Some(first) = container.first_child() {
        let mut walker = Walker::new(options, Scope::ChildrenOf(container), &mut out);
        walker.sink = Some(&mut chunked);
        walker.run(first);
    }
    chunked.finish(&mut out)
}

/// Writes what [`serialize_outer`] appends to `writer`, in pieces (see [`write_inner`]).
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>x</ul>", &body, &Default::default()).root;
/// let ul = root.first_child().unwrap();
/// use kauri::serialize::html::{write_outer, SerializeOptions};
///
/// let mut out = Vec::new();
/// write_outer(ul, &SerializeOptions::default(), &mut out)?;
/// assert_eq!(out, b"<ul><li>x</li></ul>");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_outer(
    node: &Node<'_>,
    options: &SerializeOptions,
    mut writer: impl io::Write,
) -> io::Result<()> {
    match node.data() {
        NodeData::Document(_) | NodeData::DocumentFragment => write_inner(node, options, writer),
        _ => {
            let mut chunked = Chunked::new(&mut writer);
            let mut out = Chunked::buffer();
            let mut walker = Walker::new(options, Scope::Itself(node), &mut out);
            walker.sink = Some(&mut chunked);
            walker.run(node);
            chunked.finish(&mut out)
        }
    }
}

/// Appends the HTML serialization of `node` itself and its descendants to `out` (what
/// `outerHTML` returns: the fragment serialization of a node whose only child is `node`). For a
/// Document or DocumentFragment this is the same as [`serialize_inner`].
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>one</ul>", &body, &Default::default()).root;
/// let ul = root.first_child().unwrap();
/// use kauri::serialize::html::{serialize_outer, SerializeOptions};
///
/// let mut out = String::new();
/// serialize_outer(ul, &SerializeOptions::default(), &mut out);
/// assert_eq!(out, "<ul><li>one</li></ul>");
/// ```
pub fn serialize_outer(node: &Node<'_>, options: &SerializeOptions, out: &mut String) {
    match node.data() {
        NodeData::Document(_) | NodeData::DocumentFragment => serialize_inner(node, options, out),
        _ => Walker::new(options, Scope::Itself(node), out).run(node),
    }
}

/// The serialization of the children of `node`, with the default options.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>x</ul>", &body, &Default::default()).root;
/// let ul = root.first_child().unwrap();
/// assert_eq!(kauri::serialize::html::inner_html(ul), "<li>x</li>");
/// ```
pub fn inner_html(node: &Node<'_>) -> String {
    let mut out = String::new();
    serialize_inner(node, &SerializeOptions::default(), &mut out);
    out
}

/// The serialization of `node` and its descendants, with the default options.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>x</ul>", &body, &Default::default()).root;
/// let ul = root.first_child().unwrap();
/// assert_eq!(kauri::serialize::html::outer_html(ul), "<ul><li>x</li></ul>");
/// ```
pub fn outer_html(node: &Node<'_>) -> String {
    let mut out = String::new();
    serialize_outer(node, &SerializeOptions::default(), &mut out);
    out
}

/// The options of `getHTML()` (§ serialising-html-fragments): which shadow roots the serialization
/// includes.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
/// let (arena, body) = (Arena::new(), FragmentContext::html("body"));
/// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
/// let html = "<div><template shadowrootmode=open shadowrootserializable><b>x</b></template>y</div>";
/// let doc = parse_fragment_in(&arena, html, &body, &options).root;
/// let div = doc.select_str("div").unwrap().next().unwrap();
/// use kauri::serialize::html::{get_html, GetHtmlOptions, SerializeOptions};
/// let mut out = String::new();
/// let options = GetHtmlOptions { serializable_shadow_roots: true, shadow_roots: &[] };
/// get_html(div, &SerializeOptions::default(), &options, &mut out);
/// assert_eq!(
///     out,
///     r#"<template shadowrootmode="open" shadowrootserializable=""><b>x</b></template>y"#
/// );
/// assert_eq!(div.inner_html(), "y"); // innerHTML never includes shadow roots
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GetHtmlOptions<'r, 'a> {
    /// `serializableShadowRoots`: include every shadow root whose "serializable" is true.
    pub serializable_shadow_roots: bool,
    /// `shadowRoots`: shadow roots (ShadowRoot nodes) to include whether serializable or not.
    pub shadow_roots: &'r [&'a Node<'a>],
}

/// `getHTML()` (§ serialising-html-fragments, "HTML fragment serialization algorithm" with
/// serializableShadowRoots and shadowRoots): the serialization of `node`'s children, where a shadow
/// host's chosen shadow root is written as `<template shadowrootmode=...>...</template>` before the
/// host's children; for `node` itself too when it is a shadow host. See [`GetHtmlOptions`].
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::serialize::html::{get_html, GetHtmlOptions, SerializeOptions};
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
/// let (arena, body) = (Arena::new(), FragmentContext::html("body"));
/// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
/// let html = "<p><template shadowrootmode=closed>s</template>l</p>";
/// let doc = parse_fragment_in(&arena, html, &body, &options).root;
/// let p = doc.select_str("p").unwrap().next().unwrap();
/// let root = p.shadow_root().unwrap();
/// let mut out = String::new();
/// let options = GetHtmlOptions { serializable_shadow_roots: false, shadow_roots: &[root] };
/// get_html(p, &SerializeOptions::default(), &options, &mut out);
/// assert_eq!(out, r#"<template shadowrootmode="closed">s</template>l"#);
/// ```
pub fn get_html(
    node: &Node<'_>,
    options: &SerializeOptions,
    get_html_options: &GetHtmlOptions<'_, '_>,
    out: &mut String,
) {
    let listed: Vec<usize> = get_html_options
        .shadow_roots
        .iter()
        .map(|n| address(n))
        .collect();
    let shadow = ShadowChoice {
        serializable_shadow_roots: get_html_options.serializable_shadow_roots,
        shadow_roots: &listed,
    };
    // Step 1: "If the node serializes as void, then return the empty string."
    if let Some(element) = node.as_element() {
        if element.namespace() == Namespace::Html && serializes_as_void_name(element.local_name()) {
            return;
        }
    }
    // The shadow host step, for the node itself.
    if let Some(root) = shadow.root_of(node) {
        write_shadow_root_start_tag(root, out);
        if let Some(first) = root.first_child() {
            let mut walker = Walker::new(options, Scope::ChildrenOf(root), out);
            walker.shadow = shadow;
            walker.run(first);
        }
        out.push_str("</template>");
    }
    // Step 3: a template's template contents; step 5: each child in tree order.
    let container = template_contents(node).unwrap_or(node);
    if let Some(first) = container.first_child() {
        let mut walker = Walker::new(options, Scope::ChildrenOf(container), out);
        walker.shadow = shadow;
        walker.run(first);
    }
}

/// The template contents of an HTML `template` element.
fn template_contents<'s, 'a>(node: &'s Node<'a>) -> Option<&'s Node<'a>> {
    node.as_element()?.template_contents()
}

/// Where a walk stops.
#[derive(Clone, Copy)]
enum Scope<'s, 'a> {
    /// All children of this node (inner serialization).
    ChildrenOf(&'s Node<'a>),
    /// This node alone (outer serialization).
    Itself(&'s Node<'a>),
}

/// One run of the serialization: the state of the explicit walk.
struct Walker<'o, 's, 'a> {
    options: &'o SerializeOptions,
    scope: Scope<'s, 'a>,
    out: &'o mut String,
    /// When streaming: where `out` goes after each step of the walk.
    sink: Option<&'o mut dyn Drain>,
    /// The `template` elements whose contents are being serialized, innermost last. The template
    /// contents fragment has no parent link, so this is how the walk climbs back out of it.
    /// A shadow root being serialized is pushed here too (it has no parent link either).
    templates: Vec<&'s Node<'a>>,
    /// Which shadow roots to serialize (`getHTML()`; none for `innerHTML`/`outerHTML`).
    shadow: ShadowChoice<'o>,
}

/// The `getHTML()` options as the walk uses them.
#[derive(Clone, Copy, Default)]
struct ShadowChoice<'o> {
    serializable_shadow_roots: bool,
    /// The addresses of the listed shadow roots.
    shadow_roots: &'o [usize],
}

impl ShadowChoice<'_> {
    /// The shadow root of `node` to serialize, if any (§ serialising-html-fragments, the shadow
    /// host step): a serializable root when serializableShadowRoots is true, or a listed root.
    fn root_of<'a>(&self, node: &Node<'a>) -> Option<&'a Node<'a>> {
        let shadow = node.shadow_root()?;
        let serializable = shadow.as_shadow_root().is_some_and(|r| r.serializable());
        let listed = self.shadow_roots.contains(&address(shadow));
        ((serializable && self.serializable_shadow_roots) || listed).then_some(shadow)
    }
}

/// A node's address, to compare nodes of any lifetime.
fn address(node: &Node<'_>) -> usize {
    node as *const Node<'_> as *const u8 as usize
}

/// The `<template shadowrootmode=...>` start tag of a serialized shadow root
/// (§ serialising-html-fragments): the mode, then in this order `shadowrootdelegatesfocus`,
/// `shadowrootserializable`, `shadowrootslotassignment="manual"`, `shadowrootclonable` and
/// `shadowrootcustomelementregistry` (when the root's registry is null while the document's is the
/// global one).
fn write_shadow_root_start_tag(shadow: &Node<'_>, out: &mut String) {
    let Some(root) = shadow.as_shadow_root() else {
        return;
    };
    out.push_str("<template shadowrootmode=\"");
    out.push_str(root.mode().as_str());
    out.push('"');
    if root.delegates_focus() {
        out.push_str(" shadowrootdelegatesfocus=\"\"");
    }
    if root.serializable() {
        out.push_str(" shadowrootserializable=\"\"");
    }
    if root.slot_assignment() == crate::SlotAssignmentMode::Manual {
        out.push_str(" shadowrootslotassignment=\"manual\"");
    }
    if root.clonable() {
        out.push_str(" shadowrootclonable=\"\"");
    }
    if root.keep_custom_element_registry_null() {
        out.push_str(" shadowrootcustomelementregistry=\"\"");
    }
    out.push('>');
}

impl<'o, 's, 'a: 's> Walker<'o, 's, 'a> {
    fn new(options: &'o SerializeOptions, scope: Scope<'s, 'a>, out: &'o mut String) -> Self {
        Walker {
            options,
            scope,
            out,
            sink: None,
            templates: Vec::new(),
            shadow: ShadowChoice::default(),
        }
    }

    /// Serializes `first` and what follows it within the scope.
    fn run(mut self, first: &'s Node<'a>) {
        let mut current = Some(first);
        while let Some(node) = current {
            if let Some(sink) = self.sink.as_deref_mut() {
                if !sink.drain(self.out) {
                    return;
                }
            }
            current = match self.open(node) {
                // Descend: the node's first child comes next.
                Some(child) => Some(child),
                // The node is complete (no children, or nothing to descend into).
                None => self.next_after(node),
            };
        }
    }

    /// Writes the start of `node` (for an element: its start tag; for anything else: all of it).
    /// Returns the first child to descend into, if any; otherwise the node is complete (an
    /// element's end tag is already written).
    fn open(&mut self, node: &'s Node<'a>) -> Option<&'s Node<'a>> {
        match node.data() {
            NodeData::Element(element) => {
                let name = element.name();
                self.out.push('<');
                self.out.push_str(name);
                // "If current node's is value is not null, and the element does not have an
                // is attribute in its attribute list, then append ' is="', the is value
                // escaped in attribute mode, and '"'."
                if let Some(is_value) = element.is_value_to_serialize() {
                    self.out.push_str(" is=\"");
                    escape(is_value, EscapeMode::DoubleQuoted, self.out);
                    self.out.push('"');
                }
                for (attr_name, value) in element.attributes() {
                    self.out.push(' ');
                    write_attribute_name(attr_name.ns, &attr_name.local, self.out);
                    self.out.push_str("=\"");
                    escape(value, EscapeMode::DoubleQuoted, self.out);
                    self.out.push('"');
                }
                self.out.push('>');
                let html = element.namespace() == Namespace::Html;
                // "If current node serializes as void, then continue on to the next child node."
                if html && serializes_as_void_name(element.local_name()) {
                    return None;
                }
                // A shadow host whose shadow root is serialized: the root as a
                // `<template shadowrootmode>` before the host's children.
                if let Some(shadow) = self.shadow.root_of(node) {
                    write_shadow_root_start_tag(shadow, self.out);
                    if let Some(child) = shadow.first_child() {
                        self.templates.push(shadow);
                        return Some(child);
                    }
                    self.out.push_str("</template>");
                }
                let container = element.template_contents().unwrap_or(node);
                match container.first_child() {
                    Some(child) => {
                        if !std::ptr::eq(container, node) {
                            self.templates.push(node);
                        }
                        Some(child)
                    }
                    None => {
                        self.write_end_tag(node);
                        None
                    }
                }
            }
            NodeData::Text(text) => {
                if self.is_literal_text_parent(node.parent()) {
                    self.out.push_str(text.data());
                } else {
                    escape(text.data(), EscapeMode::Text, self.out);
                }
                None
            }
            NodeData::Comment(comment) => {
                self.out.push_str("<!--");
                self.out.push_str(comment.data());
                self.out.push_str("-->");
                None
            }
            NodeData::ProcessingInstruction(pi) => {
                self.out.push_str("<?");
                self.out.push_str(pi.target());
                self.out.push(' ');
                self.out.push_str(pi.data());
                self.out.push_str("?>");
                None
            }
            NodeData::Doctype(doctype) => {
                self.out.push_str("<!DOCTYPE ");
                self.out.push_str(doctype.name());
                self.out.push('>');
                None
            }
            // None is ever a child; serialize what they contain.
            NodeData::Document(_) | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {
                node.first_child()
            }
        }
    }

    /// "If the parent of current node is a style, script, xmp, iframe, noembed, noframes, or
    /// plaintext element, or if the parent of current node is a noscript element and scripting
    /// is enabled for the node, then append the value of current node's data literally."
    fn is_literal_text_parent(&self, parent: Option<&'s Node<'a>>) -> bool {
        let Some(element) = parent.and_then(Node::as_element) else {
            return false;
        };
        let name = element.local_name();
        element.namespace() == Namespace::Html
            && (is_raw_text_element_name(name)
                || (self.options.scripting && *name == local_name!("noscript")))
    }

    /// `</tagname>` for an element (nothing for other nodes).
    fn write_end_tag(&mut self, node: &'s Node<'a>) {
        if let Some(element) = node.as_element() {
            self.out.push_str("</");
            self.out.push_str(element.name());
            self.out.push('>');
        }
    }

    /// After `node` is complete: the next node to open, closing the elements that end on the
    /// way up; `None` when the walk leaves the scope.
    fn next_after(&mut self, mut node: &'s Node<'a>) -> Option<&'s Node<'a>> {
        loop {
            if let Scope::Itself(root) = self.scope {
                if node.same_node(root) {
                    return None;
                }
            }
            if let Some(sibling) = node.next_sibling() {
                return Some(sibling);
            }
            // Only a template contents fragment has children but no parent; the walk never
            // climbs to one (it climbs to the template element instead).
            let parent = node.parent()?;
            if let Scope::ChildrenOf(container) = self.scope {
                if parent.same_node(container) {
                    return None;
                }
            }
            // Climb out of a shadow root: close its `template`, then the host's children.
            if self.templates.last().is_some_and(|t| t.same_node(parent)) {
                if let Some(host) = parent.host() {
                    self.templates.pop();
                    self.out.push_str("</template>");
                    if let Some(child) = host.first_child() {
                        return Some(child);
                    }
                    self.write_end_tag(host);
                    node = host;
                    continue;
                }
            }
            // Climb out of a template's contents to the template element itself.
            let element = match self.templates.last() {
                Some(template)
                    if template_contents(template).is_some_and(|c| c.same_node(parent)) =>
                {
                    self.templates.pop().unwrap_or(parent)
                }
                _ => parent,
            };
            self.write_end_tag(element);
            node = element;
        }
    }
}

/// "An attribute's serialized name": the local name, prefixed by `xml:`, `xmlns:` or `xlink:`
/// per its namespace (and `xmlns` alone for the XMLNS-namespace attribute named `xmlns`).
fn write_attribute_name(ns: AttrNamespace, local: &str, out: &mut String) {
    match ns {
        AttrNamespace::None => {}
        AttrNamespace::Xmlns if local == "xmlns" => {}
        AttrNamespace::Xml => out.push_str("xml:"),
        AttrNamespace::Xmlns => out.push_str("xmlns:"),
        AttrNamespace::XLink => out.push_str("xlink:"),
    }
    out.push_str(local);
}

impl Node<'_> {
    /// The HTML serialization of this node's children (`innerHTML`), with the default
    /// [`SerializeOptions`]. See [`serialize_inner`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>x</ul>", &body, &Default::default()).root;
    /// let ul = root.first_child().unwrap();
    /// assert_eq!(ul.inner_html(), "<li>x</li>");
    /// ```
    pub fn inner_html(&self) -> String {
        inner_html(self)
    }

    /// The HTML serialization of this node and its descendants (`outerHTML`), with the default
    /// [`SerializeOptions`]. See [`serialize_outer`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>x</ul>", &body, &Default::default()).root;
    /// let ul = root.first_child().unwrap();
    /// assert_eq!(ul.outer_html(), "<ul><li>x</li></ul>");
    /// ```
    pub fn outer_html(&self) -> String {
        outer_html(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Arena, DomSink};
    use kauri_tokenizer::{AttrName, Attribute, LocalName, QualName};
    use kauri_tree_builder::{NodeOrText, TreeSink};

    /// Builds trees through the tree builder's sink interface.
    struct Builder<'a> {
        sink: DomSink<'a>,
    }

    type Handle<'a> = <DomSink<'a> as TreeSink>::Handle;

    impl<'a> Builder<'a> {
        fn new(arena: &'a Arena<'a>) -> Self {
            Builder {
                sink: DomSink::new(arena),
            }
        }

        fn element(
            &mut self,
            ns: Namespace,
            name: &str,
            attrs: &[(AttrNamespace, &str, &str)],
        ) -> Handle<'a> {
            let mut attrs: Vec<Attribute> = attrs
                .iter()
                .map(|&(ns, local, value)| Attribute {
                    name: AttrName {
                        ns,
                        local: LocalName::from(local),
                    },
                    value: value.to_owned(),
                })
                .collect();
            self.sink.create_element(
                QualName::new(ns, LocalName::from(name)),
                kauri_tokenizer::DistinctAttrs::dedup(&mut attrs),
            )
        }

        fn html(&mut self, name: &str) -> Handle<'a> {
            self.element(Namespace::Html, name, &[])
        }

        fn append(&mut self, parent: &Handle<'a>, child: Handle<'a>) {
            self.sink.append(parent, NodeOrText::Node(child));
        }

        fn text(&mut self, parent: &Handle<'a>, text: &str) {
            self.sink.append(parent, NodeOrText::Text(text));
        }

        fn finish(self) -> &'a Node<'a> {
            self.sink.finish().root
        }
    }

    fn inner<'a>(node: &'a Node<'a>, scripting: bool) -> String {
        let mut out = String::new();
        serialize_inner(node, &SerializeOptions { scripting }, &mut out);
        out
    }

    #[test]
    fn document_with_every_kind_of_node() {
        let arena = Arena::new();
        let mut b = Builder::new(&arena);
        b.sink
            .append_doctype_to_document("html", "-//W3C//DTD HTML 4.01//EN", "x");
        let doc = b.sink.document();
        let html = b.html("html");
        let head = b.html("head");
        let body = b.html("body");
        let p = b.element(
            Namespace::Html,
            "p",
            &[(AttrNamespace::None, "title", "a&b \"c\" <d> 'e'\u{a0}")],
        );
        b.text(&p, "x < y & z > w\u{a0}\"'");
        let comment = b.sink.create_comment("c -- d");
        let pi = b
            .sink
            .create_processing_instruction("xml-stylesheet", "href=a");
        b.append(&body, p);
        b.append(&body, comment);
        b.append(&body, pi);
        b.append(&html, head);
        b.append(&html, body);
        b.append(&doc, html);
        let root = b.finish();
        assert_eq!(
            inner(root, true),
            "<!DOCTYPE html><html><head></head><body>\
             <p title=\"a&amp;b &quot;c&quot; &lt;d&gt; 'e'&nbsp;\">x &lt; y &amp; z &gt; w&nbsp;\"'</p>\
             <!--c -- d--><?xml-stylesheet href=a?></body></html>"
        );
        assert_eq!(outer_html(root), inner_html(root));
    }

    #[test]
    fn void_elements_have_no_end_tag_and_no_content() {
        let arena = Arena::new();
        let mut b = Builder::new(&arena);
        let div = b.html("div");
        for name in [
            "br", "param", "basefont", "bgsound", "frame", "keygen", "img", "wbr",
        ] {
            let e = b.html(name);
            b.append(&div, e);
        }
        // A void element given a child by DOM manipulation still serializes as void.
        let br = b.html("br");
        b.text(&br, "lost");
        b.append(&div, br);
        // Not void outside the HTML namespace.
        let svg_br = b.element(Namespace::Svg, "br", &[]);
        b.append(&div, svg_br);
        drop(b);
        assert_eq!(
            div.finished().outer_html(),
            "<div><br><param><basefont><bgsound><frame><keygen><img><wbr><br><br></br></div>"
        );
        assert_eq!(br.finished().inner_html(), "");
    }

    #[test]
    fn raw_text_parents() {
        let arena = Arena::new();
        let mut b = Builder::new(&arena);
        let div = b.html("div");
        for name in [
            "style",
            "script",
            "xmp",
            "iframe",
            "noembed",
            "noframes",
            "plaintext",
            "noscript",
            "title",
            "textarea",
        ] {
            let e = b.html(name);
            b.text(&e, "a<b>&c");
            b.append(&div, e);
        }
        let svg_style = b.element(Namespace::Svg, "style", &[]);
        b.text(&svg_style, "a<b");
        b.append(&div, svg_style);
        drop(b);
        let raw = "<style>a<b>&c</style><script>a<b>&c</script><xmp>a<b>&c</xmp>\
                   <iframe>a<b>&c</iframe><noembed>a<b>&c</noembed><noframes>a<b>&c</noframes>\
                   <plaintext>a<b>&c</plaintext>";
        let escaped = "<title>a&lt;b&gt;&amp;c</title><textarea>a&lt;b&gt;&amp;c</textarea>\
                       <style>a&lt;b</style>";
        assert_eq!(
            inner(div.finished(), true),
            format!("{raw}<noscript>a<b>&c</noscript>{escaped}")
        );
        assert_eq!(
            inner(div.finished(), false),
            format!("{raw}<noscript>a&lt;b&gt;&amp;c</noscript>{escaped}")
        );
        // outerHTML of the text node itself looks at its parent too.
        let script_text = div
            .finished()
            .children()
            .nth(1)
            .unwrap()
            .first_child()
            .unwrap();
        assert_eq!(script_text.outer_html(), "a<b>&c");
        assert_eq!(script_text.inner_html(), "");
    }

    #[test]
    fn template_contents_are_serialized() {
        let arena = Arena::new();
        let mut b = Builder::new(&arena);
        let div = b.html("div");
        let outer_t = b.html("template");
        let contents = b.sink.template_contents(&outer_t);
        let inner_t = b.html("template");
        let inner_contents = b.sink.template_contents(&inner_t);
        let p = b.html("p");
        b.text(&p, "<x>");
        b.append(&inner_contents, p);
        b.text(&contents, "a&");
        b.append(&contents, inner_t);
        b.text(&contents, "z");
        b.append(&div, outer_t);
        let after = b.html("span");
        b.append(&div, after);
        let empty = b.html("template");
        drop(b);
        assert_eq!(
            div.finished().outer_html(),
            "<div><template>a&amp;<template><p>&lt;x&gt;</p></template>z</template><span></span></div>"
        );
        assert_eq!(
            outer_t.finished().inner_html(),
            "a&amp;<template><p>&lt;x&gt;</p></template>z"
        );
        assert_eq!(
            inner_t.finished().outer_html(),
            "<template><p>&lt;x&gt;</p></template>"
        );
        assert_eq!(
            contents.finished().inner_html(),
            outer_t.finished().inner_html()
        );
        // An empty template.
        assert_eq!(empty.finished().outer_html(), "<template></template>");
    }

    #[test]
    fn foreign_elements_and_attribute_namespaces() {
        let arena = Arena::new();
        let mut b = Builder::new(&arena);
        let svg = b.element(
            Namespace::Svg,
            "svg",
            &[
                (AttrNamespace::Xmlns, "xmlns", "http://www.w3.org/2000/svg"),
                (
                    AttrNamespace::Xmlns,
                    "xlink",
                    "http://www.w3.org/1999/xlink",
                ),
                (AttrNamespace::Xml, "lang", "en"),
                (AttrNamespace::None, "viewBox", "0 0 1 1"),
            ],
        );
        let fo = b.element(Namespace::Svg, "foreignObject", &[]);
        let a = b.element(Namespace::Svg, "a", &[(AttrNamespace::XLink, "href", "#x")]);
        let math = b.element(Namespace::MathMl, "math", &[]);
        b.append(&svg, fo);
        b.append(&svg, a);
        b.append(&svg, math);
        drop(b);
        assert_eq!(
            svg.finished().outer_html(),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
             xml:lang=\"en\" viewBox=\"0 0 1 1\"><foreignObject></foreignObject>\
             <a xlink:href=\"#x\"></a><math></math></svg>"
        );
    }

    #[test]
    fn outer_of_leaf_nodes() {
        let arena = Arena::new();
        let mut b = Builder::new(&arena);
        let c = b.sink.create_comment("hi");
        let pi = b.sink.create_processing_instruction("t", "d");
        drop(b);
        assert_eq!(c.finished().outer_html(), "<!--hi-->");
        assert_eq!(pi.finished().outer_html(), "<?t d?>");
        assert_eq!(c.finished().inner_html(), "");
    }

    /// A 1,000,000-deep tree serializes on a 2 MB stack (the walk uses no recursion).
    #[test]
    fn million_deep_tree_on_a_small_stack() {
        // Miri runs a smaller tree (the same code paths, in seconds rather than hours).
        const DEPTH: usize = if cfg!(miri) { 500 } else { 1_000_000 };
        let handle = std::thread::Builder::new()
            .stack_size(2 * 1024 * 1024)
            .spawn(|| {
                let arena = Arena::new();
                let mut b = Builder::new(&arena);
                // Built bottom-up, so each append is O(1).
                let mut child = b.html("b");
                b.text(&child, "x");
                for i in 1..DEPTH {
                    let parent = b.html(if i % 2 == 0 { "b" } else { "template" });
                    if i % 2 == 0 {
                        b.append(&parent, child);
                    } else {
                        let contents = b.sink.template_contents(&parent);
                        b.append(&contents, child);
                    }
                    child = parent;
                }
                let doc = b.sink.document();
                b.append(&doc, child);
                let root = b.finish();
                let html = inner(root, true);
                let tags = DEPTH / 2;
                assert_eq!(
                    html.len(),
                    tags * ("<b></b>".len() + "<template></template>".len()) + 1
                );
                assert!(html.starts_with("<template><b><template>"));
                assert!(html.ends_with("</template></b></template>"));
                assert_eq!(html.matches('x').count(), 1);
            })
            .unwrap();
        handle.join().unwrap();
    }
}
