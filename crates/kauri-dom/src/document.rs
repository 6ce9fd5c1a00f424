//! [`Document`]: an owned, movable, `Send + Sync + 'static` tree that owns its arena.
//!
//! The nodes of a parsed tree borrow their arena (`&'a Node<'a>`), which is awkward to return
//! from a function or to keep in a struct. A `Document` owns the arena and the root, with the
//! lifetime erased to `'static` inside, and every accessor re-borrows from `&self`: a node
//! reference never outlives the document it came from.
//!
//! Soundness rests on four facts of this crate:
//! 1. nodes move only as a whole graph: the arena is heap-allocated and never reallocates its
//!    nodes, and no node links to a node outside its arena. Only two things link nodes: a
//!    [`DomSink`](crate::DomSink), which links only nodes it created in its own arena (every
//!    handle carries the sink's id, `sink.rs`), and the [`Editor`], which refuses every node
//!    its arena does not own ([`Arena::owns`](crate::Arena::owns), checked by each of its
//!    methods that take a node: a node of an arena the caller made, even one leaked to live
//!    as long as the edit, is [`EditError::OtherArena`](crate::EditError::OtherArena));
//! 2. the closure given to [`Document::build`] works for every arena lifetime, so neither node
//!    references nor a sink can leave it except in the tree it returns: once the `Document`
//!    exists, no sink can change its nodes;
//! 3. so nothing writes a node or the arena's store through `&Document`, except the first read
//!    of an element's attributes as a map (`Element::attrs`), which builds the map once under a
//!    `OnceLock` and keeps it in a `Mutex`-guarded list of the store, never touching the
//!    store's bump allocator or name list: threads that share a document only read it, or
//!    wait for that one write;
//! 4. [`Document::edit`] changes links, and points nodes at new attribute lists and texts that
//!    it stores in the arena (the old ones stay there until the document is dropped: see
//!    `edit_data.rs` and `store.rs`), through `&mut Document` only, so no reader outside the
//!    edit is looking.
//!
//! Everything the tree holds (nodes, texts, attribute lists, names, maps) is owned by the
//! arena, which lets go of it in large chunks when the document is dropped, without walking
//! the tree (see `store.rs`); a small arena is then emptied and kept for the thread's next
//! document (see `recycle.rs`). Edits only add to it, so a document's memory grows with its edits
//! until it is dropped.

use std::io;
use std::mem::ManuallyDrop;
use std::sync::OnceLock;

use kauri_tokenizer::ParseError;
use kauri_tree_builder::QuirksMode;

use crate::dump::{self, Chunked, Drain, JsonOptions};
use crate::edit::Editor;
use crate::node::{Arena, Node, NodeData};
use crate::query::element_list::ElementList;
use crate::recycle;
use crate::sink::Parsed;

/// A parsed document (or fragment) that owns its nodes.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Document, DomSink};
/// let doc: Document = Document::build(|arena| DomSink::new(arena).finish());
/// let moved = std::thread::spawn(move || doc).join().unwrap();
/// assert!(moved.root().first_child().is_none());
/// ```
pub struct Document {
    /// The root node; really `&'arena Node<'arena>`, valid as long as `arena` is.
    root: *const Node<'static>,
    errors: Vec<ParseError>,
    encoding: &'static str,
    scripting: bool,
    /// The elements in tree order, listed on the first query over the whole document and
    /// dropped by an edit (see `query/element_list.rs`); really `ElementList<'arena>`.
    elements: OnceLock<ElementList<'static>>,
    /// Owns every node. Given back to this thread's spare arenas (`recycle.rs`) when the
    /// document is dropped, after everything else.
    _arena: ManuallyDrop<Box<Arena<'static>>>,
}

impl Drop for Document {
    fn drop(&mut self) {
        // The list of elements points into the arena: it goes first.
        drop(self.elements.take());
        // SAFETY: `_arena` is taken once, here, and not used again; nothing borrows it any
        // more (every reference into it was tied to a borrow of `self`, and the element list
        // is gone).
        let arena = unsafe { ManuallyDrop::take(&mut self._arena) };
        recycle::give_back(arena);
    }
}

// SAFETY: see the module documentation: the whole node graph, and every string and list its
// nodes point to, lives in `_arena` (its nodes and its store) and moves with it (facts 1 and
// 2); the rest of the node data (atoms, shared long names) is `Send`.
unsafe impl Send for Document {}
// SAFETY: `&Document` only reads the tree and the store, apart from the `OnceLock`-guarded
// first build of an element's attribute map, kept under the store's `Mutex` (fact 3), so
// concurrent readers do not race.
unsafe impl Sync for Document {}

const _: fn() = || {
    fn assert_send_sync_static<T: Send + Sync + 'static>() {}
    assert_send_sync_static::<Document>();
};

impl Document {
    /// Builds a tree in a new arena owned by the returned document. `f` gets the arena and
    /// returns the finished tree (usually [`DomSink::finish`](crate::DomSink::finish) or
    /// [`DomSink::finish_fragment`](crate::DomSink::finish_fragment)).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Document, DomSink};
    /// // Any tree a sink builds in the arena it is given, here an empty one.
    /// let doc = Document::build(|arena| DomSink::new(arena).finish());
    /// assert!(doc.root().first_child().is_none());
    /// ```
    pub fn build<F>(f: F) -> Document
    where
        F: for<'a> FnOnce(&'a Arena<'a>) -> Parsed<'a>,
    {
        let arena: Box<Arena<'static>> = recycle::take();
        // SAFETY: the box holds the arena in place while `f` runs, and `arena_ref` is used
        // only there, before the box moves into the document (a move asserts that the box is
        // unique, which would invalidate a reference into it used later). `f` is generic over
        // the arena lifetime, so the only node references that leave it are in the returned
        // `Parsed`, which the document keeps beside the arena; they point into the arena's
        // node chunks (and from there into its store's chunks and maps), allocations of their
        // own that the move leaves in place, never into the box itself (see "Nothing in a
        // node points into the `Box`" in docs/architecture.md). The document re-borrows the
        // arena from `_arena` when it needs it again (`edit`).
        let arena_ref: &'static Arena<'static> = unsafe { &*(&*arena as *const Arena<'static>) };
        let parsed = f(arena_ref);
        Document {
            root: parsed.root as *const Node<'static>,
            errors: parsed.errors,
            encoding: "UTF-8",
            scripting: true,
            elements: OnceLock::new(),
            _arena: ManuallyDrop::new(arena),
        }
    }

    /// A document from an arena and the tree finished in it (for
    /// [`DocumentInProgress::finish`](crate::DocumentInProgress::finish), which upholds facts 1
    /// and 2 of the module documentation as [`Document::build`] does: `root` is a node of
    /// `arena`, and no sink of the arena is left).
    pub(crate) fn from_arena(
        arena: Box<Arena<'static>>,
        root: *const Node<'static>,
        errors: Vec<ParseError>,
    ) -> Document {
        Document {
            root,
            errors,
            encoding: "UTF-8",
            scripting: true,
            elements: OnceLock::new(),
            _arena: ManuallyDrop::new(arena),
        }
    }

    /// Sets the name of the encoding the input was decoded from (see [`Document::encoding`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::Document::new().with_encoding("Shift_JIS");
    /// assert_eq!(doc.encoding(), "Shift_JIS");
    /// ```
    pub fn with_encoding(mut self, encoding: &'static str) -> Document {
        self.encoding = encoding;
        self
    }

    /// Records whether the parser ran with scripting enabled; [`Document::to_html`] serializes
    /// `noscript` content accordingly. Default true.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::Document::new().with_scripting(false);
    /// assert!(!doc.scripting());
    /// ```
    pub fn with_scripting(mut self, scripting: bool) -> Document {
        self.scripting = scripting;
        self
    }

    /// Whether the document was parsed with scripting enabled (see [`Document::with_scripting`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// assert!(kauri::Document::new().scripting());
    /// ```
    pub fn scripting(&self) -> bool {
        self.scripting
    }

    /// The HTML serialization of the whole tree (the root's children, as `innerHTML` of the
    /// Document or fragment).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p>a &amp; b", &body, &Default::default()));
    /// assert_eq!(doc.to_html(), "<p>a &amp; b</p>");
    /// ```
    pub fn to_html(&self) -> String {
        let mut out = String::new();
        crate::serialize::html::serialize_inner(
            self.root(),
            &crate::serialize::html::SerializeOptions {
                scripting: self.scripting,
            },
            &mut out,
        );
        out
    }

    /// Writes [`Document::to_html`] to `writer` as the walk goes, in pieces of a few tens of
    /// kilobytes, so the serialization is never held in memory whole. Wrap an unbuffered writer
    /// (a file, standard output) in a `BufWriter` or not: the pieces are already large.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p>a&amp;b", &body, &Default::default()));
    /// let mut out = Vec::new();
    /// doc.write_html(&mut out)?;
    /// assert_eq!(out, doc.to_html().as_bytes());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_html(&self, writer: impl io::Write) -> io::Result<()> {
        crate::serialize::html::write_inner(
            self.root(),
            &crate::serialize::html::SerializeOptions {
                scripting: self.scripting,
            },
            writer,
        )
    }

    /// The root: the Document node, or for a parsed fragment a DocumentFragment whose children
    /// are the fragment.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p>x", &body, &Default::default()));
    /// assert!(doc.root().first_child().unwrap().is_element());
    /// ```
    pub fn root(&self) -> &Node<'_> {
        // SAFETY: the root lives in `_arena`, which lives as long as `self`; the lifetime is
        // shortened to the borrow of `self` (see the module documentation).
        unsafe { &*self.root.cast::<Node<'_>>() }
    }

    /// The elements of the tree in tree order (see `query/element_list.rs`), listed on the
    /// first call after the document was built or last edited.
    pub(crate) fn element_list(&self) -> &ElementList<'_> {
        let list = self.elements.get_or_init(|| {
            // SAFETY: the root and every node the list refers to live in `_arena`, which
            // lives as long as `self`; the list is only handed out with its lifetime shortened
            // to a borrow of `self` (below), and `Document::edit`, which could change the tree
            // it lists, takes `&mut self` and drops it first.
            let root: &'static Node<'static> = unsafe { &*self.root };
            ElementList::of(root)
        });
        // SAFETY: as for `root`: shortens the lifetime to the borrow of `self`.
        unsafe { &*(list as *const ElementList<'static>).cast::<ElementList<'_>>() }
    }

    /// Whether the list of elements ([`Document::element_list`]) is built.
    pub(crate) fn has_element_list(&self) -> bool {
        self.elements.get().is_some()
    }

    /// Edits the tree's structure (see [`Editor`]). Returns what the closure returns; node
    /// references cannot leave it.
    ///
    /// Memory: the nodes, texts and attributes an edit creates are stored in the document, and
    /// what it replaces or detaches stays there too, until the document is dropped (a
    /// document frees everything at once). A program that edits one document without end
    /// should rebuild it now and then (`doc.clone()` copies only the tree).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<a href=/a>a</a> <a>b</a>", &body, &Default::default()));
    /// let mut doc = doc;
    /// let count = doc.edit(|ed| {
    ///     let links: Vec<_> = ed.root().elements_by_tag_name("a").collect();
    ///     for a in &links {
    ///         ed.set_attribute(a, "target", "_blank").unwrap();
    ///     }
    ///     links.len()
    /// });
    /// assert_eq!(count, 2);
    /// assert_eq!(doc.to_html(), r#"<a href="/a" target="_blank">a</a> <a target="_blank">b</a>"#);
    /// ```
    pub fn edit<R, F>(&mut self, f: F) -> R
    where
        F: for<'a> FnOnce(&Editor<'a>) -> R,
    {
        // The edit may change what the list of elements lists.
        self.elements = OnceLock::new();
        let arena: *const Arena<'static> = &**self._arena;
        // SAFETY: the arena and the root live as long as `self`, which stays mutably borrowed
        // for the whole call, so nothing reads the tree while the editor changes its links;
        // `f` works for every `'a`, so no reference made from these leaves the call, and the
        // editor only links nodes of this arena (see the module documentation).
        let (arena, root) =
            unsafe { (&*arena.cast::<Arena<'_>>(), &*self.root.cast::<Node<'_>>()) };
        // The data the editor's setters replace stays in the arena until the document is
        // dropped (see `edit_data.rs`).
        f(&Editor::new(arena, root, self.scripting))
    }

    /// The parse errors, in input order.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { errors: true, ..Default::default() };
    /// let doc = kauri::parse_fragment("<p>x</b>", "body", &opts)?;
    /// assert_eq!(doc.errors()[0].code.as_str(), "unexpected-end-tag");
    /// # Ok::<(), kauri::ContextError>(())
    /// ```
    pub fn errors(&self) -> &[ParseError] {
        &self.errors
    }

    /// The document's quirks mode (`NoQuirks` for a fragment).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// assert_eq!(kauri::Document::new().quirks_mode(), kauri::QuirksMode::NoQuirks);
    /// ```
    pub fn quirks_mode(&self) -> QuirksMode {
        match self.root().data() {
            NodeData::Document(d) => d.quirks_mode(),
            _ => QuirksMode::NoQuirks,
        }
    }

    /// The WHATWG name of the encoding the input was decoded from: `"UTF-8"` for text input.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// assert_eq!(kauri::Document::new().encoding(), "UTF-8");
    /// ```
    pub fn encoding(&self) -> &'static str {
        self.encoding
    }

    /// Whether this is a parsed fragment (the root is a DocumentFragment).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<td>x", &body, &Default::default()));
    /// assert!(doc.is_fragment());
    /// assert!(!kauri::Document::new().is_fragment());
    /// ```
    pub fn is_fragment(&self) -> bool {
        matches!(self.root().data(), NodeData::DocumentFragment)
    }

    /// The document element (the root's first element child: `html` for a document).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| ed.append_child(ed.root(), ed.create_element("html")?))?;
    /// assert_eq!(doc.document_element().unwrap().as_element().unwrap().name(), "html");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn document_element(&self) -> Option<&Node<'_>> {
        self.root().element_children().next()
    }

    /// The `head` element (the document element's first `head` child).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let html = ed.create_element("html")?;
    ///     ed.append_child(ed.root(), html)?;
    ///     ed.set_inner_html(html, "<title>T</title>")
    /// })?;
    /// assert_eq!(doc.head().unwrap().text_content(), "T");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn head(&self) -> Option<&Node<'_>> {
        self.html_child(&kauri_tokenizer::local_name!("head"))
    }

    /// The `body` element (the document element's first `body` child).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::Document::build(|arena| kauri::DomSink::new(arena).finish());
    /// assert!(doc.body().is_none());
    /// ```
    pub fn body(&self) -> Option<&Node<'_>> {
        self.html_child(&kauri_tokenizer::local_name!("body"))
    }

    fn html_child(&self, name: &kauri_tokenizer::LocalName) -> Option<&Node<'_>> {
        let html = self
            .document_element()
            .filter(|e| e.is_html_element(&kauri_tokenizer::local_name!("html")))?;
        html.element_children().find(|c| c.is_html_element(name))
    }

    /// The elements with this tag name, in tree order (see
    /// [`Node::elements_by_tag_name`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<ul><li>a<li>b</ul>", &body, &Default::default()));
    /// let items: Vec<String> = doc.elements_by_tag_name("li").map(|li| li.text_content()).collect();
    /// assert_eq!(items, ["a", "b"]);
    /// ```
    pub fn elements_by_tag_name<'s, 'n>(
        &'s self,
        name: &'n str,
    ) -> crate::traverse::ElementsByTagName<'s, 'n> {
        self.root().elements_by_tag_name(name)
    }

    /// The first element, in tree order, whose `id` is `id`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p id=intro>Hi</p>", &body, &Default::default()));
    /// assert_eq!(doc.element_by_id("intro").unwrap().text_content(), "Hi");
    /// assert!(doc.element_by_id("Intro").is_none());
    /// ```
    pub fn element_by_id(&self, id: &str) -> Option<&Node<'_>> {
        self.root().element_by_id(id)
    }

    /// The text content of the whole tree (every Text node, in tree order).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<title>T</title><p>a<b>b</b>", &body, &Default::default()));
    /// assert_eq!(doc.text_content(), "Tab");
    /// ```
    pub fn text_content(&self) -> String {
        self.root().text_content()
    }

    /// Writes [`Document::text_content`] to `writer` in pieces (see [`Document::write_html`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<title>T</title><p>a<b>b</b>", &body, &Default::default()));
    /// let mut out = Vec::new();
    /// doc.write_text_content(&mut out)?;
    /// assert_eq!(out, b"Tab");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_text_content(&self, mut writer: impl io::Write) -> io::Result<()> {
        let mut chunked = Chunked::new(&mut writer);
        let mut out = Chunked::buffer();
        for node in self.root().descendants() {
            if let Some(text) = node.as_text() {
                out.push_str(text);
                if !chunked.drain(&mut out) {
                    break;
                }
            }
        }
        chunked.finish(&mut out)
    }

    /// The html5lib tree-construction dump (see [`to_test_tree`](crate::to_test_tree)).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p>x", &body, &Default::default()));
    /// assert_eq!(doc.to_test_tree(), "| <p>\n|   \"x\"\n");
    /// ```
    pub fn to_test_tree(&self) -> String {
        dump::to_test_tree(self.root())
    }

    /// Writes [`Document::to_test_tree`] to `writer` in pieces (see [`Document::write_html`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p>x", &body, &Default::default()));
    /// let mut out = Vec::new();
    /// doc.write_test_tree(&mut out)?;
    /// assert_eq!(out, doc.to_test_tree().as_bytes());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_test_tree(&self, mut writer: impl io::Write) -> io::Result<()> {
        dump::stream_test_tree(self.root(), &mut writer, usize::MAX)
    }

    /// [`Document::write_test_tree`] with at most `limit` levels of indentation: a line deeper
    /// than that is indented as level `limit` and starts with its depth in brackets, so the
    /// output grows linearly with the document however deep it is (the exact format indents
    /// two spaces per level: a tree a million levels deep would print a terabyte). `kauri
    /// parse --format tree` uses 16.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::Document::build(|arena| {
    ///     let body = kauri::FragmentContext::html("body");
    ///     kauri::parse_fragment_in(arena, "<b><i>x", &body, &Default::default())
    /// });
    /// let mut out = Vec::new();
    /// doc.write_test_tree_limited(&mut out, 1)?;
    /// assert_eq!(String::from_utf8(out).unwrap(), "| <b>\n|   <i>\n|   [2] \"x\"\n");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_test_tree_limited(
        &self,
        mut writer: impl io::Write,
        limit: usize,
    ) -> io::Result<()> {
        dump::stream_test_tree(self.root(), &mut writer, limit)
    }

    /// The JSON form of `kauri parse --format json`, with an `errors` member when `errors`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p>x", &body, &Default::default()));
    /// assert!(doc.to_json(false).starts_with(r#"{"type":"fragment","children":[{"type":"element""#));
    /// ```
    pub fn to_json(&self, errors: bool) -> String {
        self.to_json_with(errors, false)
    }

    /// The JSON form, with `errors` and, when `locations`, each node's source range.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { errors: true, ..Default::default() };
    /// let doc = kauri::parse_fragment("<p>x</b>", "body", &opts)?;
    /// assert!(doc.to_json_with(true, false).contains("unexpected-end-tag"));
    /// # Ok::<(), kauri::ContextError>(())
    /// ```
    pub fn to_json_with(&self, errors: bool, locations: bool) -> String {
        dump::to_json(self.root(), &self.json_options(errors, locations))
    }

    /// Writes [`Document::to_json_with`] to `writer` in pieces (see [`Document::write_html`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p>x", &body, &Default::default()));
    /// let mut out = Vec::new();
    /// doc.write_json(&mut out, true, false)?;
    /// assert_eq!(out, doc.to_json_with(true, false).as_bytes());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_json(
        &self,
        mut writer: impl io::Write,
        errors: bool,
        locations: bool,
    ) -> io::Result<()> {
        dump::stream_json(
            self.root(),
            &self.json_options(errors, locations),
            &mut writer,
        )
    }

    fn json_options(&self, errors: bool, locations: bool) -> JsonOptions<'_> {
        JsonOptions {
            encoding: Some(self.encoding),
            errors: errors.then_some(&self.errors[..]),
            locations,
        }
    }
}

/// A deep copy in a new arena: the same tree (template contents, source ranges and quirks mode
/// included), errors, encoding and scripting flag. Detached nodes are not copied.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
/// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
/// let body = FragmentContext::html("body");
/// let doc = Document::build(|arena| parse_fragment_in(arena, "<ul><li>a</ul>", &body, &Default::default()));
/// let copy = doc.clone();
/// assert_eq!(copy.to_test_tree(), doc.to_test_tree());
/// ```
impl Clone for Document {
    fn clone(&self) -> Document {
        let source = self.root();
        let errors = self.errors.clone();
        Document::build(|arena| crate::DomSink::new(arena).finish_copy_of(source, errors))
            .with_encoding(self.encoding)
            .with_scripting(self.scripting)
    }
}

impl Document {
    /// An empty document (a Document node without children), to build a tree with
    /// [`Document::edit`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     ed.append_child(p, ed.create_text_node("Hello"))
    /// })?;
    /// assert_eq!(doc.to_html(), "<p>Hello</p>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn new() -> Document {
        Document::build(|arena| crate::DomSink::new(arena).finish())
    }
}

impl Default for Document {
    fn default() -> Document {
        Document::new()
    }
}

impl std::fmt::Debug for Document {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Document")
            .field("quirks_mode", &self.quirks_mode())
            .field("encoding", &self.encoding)
            .field("errors", &self.errors.len())
            .finish_non_exhaustive()
    }
}
