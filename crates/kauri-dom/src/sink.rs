//! [`DomSink`]: the [`TreeSink`] that builds arena nodes.
//!
//! # Why the sink's writes are sound
//!
//! Node data lives in the arena's store (`crate::store`) and changes while a tree is built in
//! three ways: a Text node's string grows (adjacent text merges into it, `TextData::push`), an
//! element gets a new attribute list (`add_attrs_if_missing`) and a node's source ranges are
//! set (`Node::update_spans`). None of these changes bytes a reader may be looking at (see
//! the store's module documentation), but text merging writes into the store of the node's
//! arena, so (the contract of `TextData::push`) it must be given the store of the arena that
//! owns the node, and no other thread may use the node during the call. The first holds
//! because every node a sink writes is a node of the sink's own arena (point 1), the second
//! because no other thread can reach a sink's nodes while the sink runs (point 2):
//!
//! 1. **A sink only links its own nodes, and only nodes of its arena reach them.** Every
//!    [`NodeHandle`] carries the id of the sink that made it: a `u64` from a global counter,
//!    unique per sink (it would take 2^64 sinks to wrap, centuries at one per nanosecond), and
//!    `DomSink` is not `Clone`. Every [`TreeSink`] method and [`DomSink::finish_fragment`]
//!    compares the ids of the handles it gets with its own (one integer compare) and refuses a
//!    handle of another sink: the call changes nothing (see [`DomSink`], "Handles of other
//!    sinks"). So a sink only links nodes it created, and no other sink links them. The
//!    [`Editor`](crate::Editor) links nodes too, but refuses every node its arena does not own
//!    ([`Arena::owns`](crate::Arena::owns)), so it links only nodes of the arena it edits. It
//!    edits the arena of a [`Document`](crate::Document), which no sink reaches any more
//!    except the one [`Editor::set_inner_html`](crate::Editor::set_inner_html) runs (finished
//!    before the editor links the fragment it built, and given no other node), or that of a
//!    [`DocumentInProgress`](crate::DocumentInProgress), whose `edit` runs between calls into
//!    the pipeline while its sink lives: there the editor can link nodes it created or moved
//!    next to the sink's, and the sink later merges text into them
//!    (`tests/in_progress.rs`, `read_edit_and_write_between_pieces`), but they are nodes of
//!    the sink's arena. Either way every node reachable from a sink's node is a node of the
//!    sink's arena, whose store the sink holds.
//! 2. **No other thread can reach a sink's nodes while the sink runs.** Nodes and arenas are
//!    not `Sync` (their fields are `Cell`s and `RefCell`s), so a node reference reaches
//!    another thread only through the two types that own an arena and are declared `Send` or
//!    `Sync` by hand. A [`Document`](crate::Document) has no sink left: a sink cannot leave
//!    the closure of `Document::build` (`document.rs`, fact 2). A
//!    [`DocumentInProgress`](crate::DocumentInProgress) keeps its sink beside the tree: it
//!    runs the sink only inside `with_pipeline`, which takes `&mut self`, while its readers
//!    (`root`, `script`) borrow `&self` and its editor (`edit`) `&mut self`, so none of their
//!    references is alive while the sink runs; it is `Send` only as a whole (its nodes move
//!    with the sink) and not `Sync`, so no other thread holds a `&self` (`in_progress.rs`,
//!    fact 3). Node references on the sink's own thread may exist while the sink is alive:
//!    handles are opaque (their fields are private and their `Debug` shows no text or
//!    attributes), but [`DomSink::take_finished`] and [`DomSink::take_finished_fragment`]
//!    give out the root without consuming the sink, and a `DocumentInProgress` hands out nodes
//!    between calls into its pipeline; point 3 covers them. Swapping a sink through
//!    [`TreeBuilder::sink_mut`](kauri_tree_builder::TreeBuilder::sink_mut) changes none of
//!    this: the one swapped in refuses the builder's old handles.
//! 3. **Reads on the sink's thread are safe from its writes.** The sink reads node data itself
//!    (the `selectedcontent` hooks read attributes; text merging looks at the last child;
//!    content patching reads processing instructions), and a caller may hold a `&str` or
//!    `&Attributes` read between its calls; its writes never change bytes such a read sees
//!    (see above).

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use kauri_tokenizer::{local_name, Attribute, DistinctAttrs, ParseError, QualName, Span};
use kauri_tree_builder::{NodeOrText, QuirksMode, TreeSink};

use crate::clone::clone_children_into;
use crate::node::{Arena, Comment, Doctype, DocumentData, Node, NodeData, ProcessingInstruction};
use crate::pi_data::MarkerNames;
use crate::selectedcontent::SelectedContent;
use crate::traverse::Edge;

/// A node of the tree a [`DomSink`] is building, as the tree builder sees it: opaque, cheap to
/// copy and compare, and tied to the sink that made it (another sink refuses it). Get at the
/// nodes themselves through [`DomSink::finish`] once the tree is built.
#[derive(Clone, Copy)]
pub struct NodeHandle<'a> {
    node: &'a Node<'a>,
    /// The id of the sink that created the node (see [`DomSink`]).
    sink: u64,
}

impl PartialEq for NodeHandle<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.sink == other.sink && self.node.same_node(other.node)
    }
}

impl Eq for NodeHandle<'_> {}

/// Hashes what [`PartialEq`] compares: the node's identity (its address) and the sink's id, so
/// that a filter between the tree builder and the sink can keep facts about nodes in a map.
impl std::hash::Hash for NodeHandle<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_usize(std::ptr::from_ref(self.node) as usize);
        state.write_u64(self.sink);
    }
}

/// Shows the kind of node (and an element's name), never its text, attributes or source
/// ranges: those may still change while the sink is alive, so no reference into them may be
/// handed out, not even to a formatter.
impl std::fmt::Debug for NodeHandle<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.node.data {
            NodeData::Element(e) => write!(
                f,
                "NodeHandle(<{} {}>)",
                e.name.ns.short_name(),
                e.name.local
            ),
            _ => write!(f, "NodeHandle({:?})", self.node.kind()),
        }
    }
}

#[cfg(test)]
impl<'a> NodeHandle<'a> {
    /// The node, for this crate's tests, which call it only once the sink that made the handle
    /// is finished or dropped (so no write can follow).
    pub(crate) fn finished(self) -> &'a Node<'a> {
        self.node
    }
}

/// A finished tree: its root (a Document, or a DocumentFragment for a fragment) and the parse
/// errors reported while it was built, in input order.
///
/// ```
/// # use kauri_dom as kauri;
/// let arena = kauri::Arena::new();
/// let parsed: kauri::Parsed<'_> = kauri::DomSink::new(&arena).finish();
/// assert_eq!((parsed.root.kind(), parsed.errors.len()), (kauri::NodeKind::Document, 0));
/// ```
pub struct Parsed<'a> {
    /// The Document node, or the DocumentFragment holding a parsed fragment.
    pub root: &'a Node<'a>,
    /// The parse errors, in the order the parser reported them.
    pub errors: Vec<ParseError>,
    /// The elements that tree construction errors found left open, with their start tags
    /// (only when the sink recorded source ranges, [`DomSink::with_spans`], and errors).
    pub unclosed: Vec<UnclosedElement>,
}

/// An element a tree construction error found open where the standard wants it closed
/// (`eof-with-open-elements`, `end-tag-with-open-elements`, `eof-in-text`, `eof-in-template`,
/// `eof-in-frameset`, `unexpected-end-tag` for an end tag that closes elements opened after its
/// element): which error, and the element's start tag in the source.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Arena, DomSink};
/// use kauri_tokenizer::Tokenizer;
/// use kauri_tree_builder::TreeBuilder;
///
/// let arena = Arena::new();
/// let sink = DomSink::new(&arena).with_spans(true);
/// let mut tokenizer = Tokenizer::new(TreeBuilder::new(sink, Default::default()), Default::default());
/// tokenizer.feed("<!DOCTYPE html><div><span>x");
/// tokenizer.end();
/// let parsed = tokenizer.into_sink().into_sink().finish();
/// assert_eq!(parsed.errors[0].code.as_str(), "eof-with-open-elements");
/// let starts: Vec<(usize, usize, usize)> =
///     parsed.unclosed.iter().map(|u| (u.error, u.start_tag.start, u.start_tag.end)).collect();
/// assert_eq!(starts, [(0, 15, 20), (0, 20, 26)]); // `<div>`, `<span>`
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnclosedElement {
    /// The index of the error in [`Parsed::errors`].
    pub error: usize,
    /// The element's start tag.
    pub start_tag: Span,
}

/// Builds arena nodes for the tree builder.
///
/// It merges adjacent text as the standard's "insert a character" does, keeps an HTML
/// `template`'s contents in a separate DocumentFragment, collects parse errors, records source
/// ranges when asked ([`DomSink::with_spans`]), and runs the two DOM hooks that make
/// `selectedcontent` elements show their select's selected option while parsing (the 2025
/// customizable `<select>`).
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Arena, DomSink};
/// use kauri_tokenizer::{local_name, DistinctAttrs, QualName};
/// use kauri_tree_builder::{NodeOrText, TreeSink};
///
/// let arena = Arena::new();
/// let mut sink = DomSink::new(&arena);
/// let doc = sink.document();
/// let p = sink.create_element(QualName::html(local_name!("p")), DistinctAttrs::EMPTY);
/// sink.append(&doc, NodeOrText::Node(p));
/// sink.append(&p, NodeOrText::Text("Hello, "));
/// sink.append(&p, NodeOrText::Text("world"));
/// let parsed = sink.finish();
/// let p = parsed.root.first_child().unwrap();
/// assert_eq!(p.children().count(), 1); // the two texts merged
/// assert_eq!(p.text_content(), "Hello, world");
/// ```
///
/// # Handles of other sinks
///
/// A sink only works on the nodes it created: it refuses a [`NodeHandle`] made by another sink
/// (even one over the same arena, or one that is finished). A refused call changes nothing:
/// `append`, `insert_before`, `detach`, `reparent_children`, `add_attrs_if_missing`, `pop`,
/// `associate_form_owner` and the span setters do nothing, `has_parent` answers false,
/// `element_attrs` none, `attach_declarative_shadow_root`, `prepare_content_patching` and
/// `parent_node` none, and `template_contents` gives the handle back (so its later uses are
/// refused too); [`DomSink::finish_fragment`] and [`DomSink::finish_fragment_with_context`]
/// treat a refused root or context as none. [`DomSink::refused`] counts the
/// refused calls. This is what keeps a finished tree from changing under its readers (see the
/// module documentation), so it is not a debug check: it runs in every build, at the cost of
/// one integer compare per handle.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Arena, DomSink};
/// use kauri_tokenizer::{local_name, DistinctAttrs, QualName};
/// use kauri_tree_builder::{NodeOrText, TreeSink};
///
/// let arena = Arena::new();
/// let mut first = DomSink::new(&arena);
/// let p = first.create_element(QualName::html(local_name!("p")), DistinctAttrs::EMPTY);
/// let mut second = DomSink::new(&arena);
/// second.append(&p, NodeOrText::Text("not mine")); // refused
/// assert_eq!(second.refused(), 1);
/// ```
pub struct DomSink<'a> {
    pub(crate) arena: &'a Arena<'a>,
    /// This sink's id, carried by its handles (see "Handles of other sinks").
    id: u64,
    /// How many calls were refused because a handle was another sink's.
    refused: u64,
    document: &'a Node<'a>,
    errors: Vec<ParseError>,
    unclosed: Vec<UnclosedElement>,
    /// Whether parse errors are wanted (see [`DomSink::with_errors`]).
    report_errors: bool,
    spans: bool,
    selectedcontent: SelectedContent<'a>,
    /// The text node the last text insertion went into, and the last doctype (for spans).
    last_text: Option<&'a Node<'a>>,
    last_doctype: Option<&'a Node<'a>>,
    /// The last tree root found for a form owner check (`crate::shadow`); cleared whenever a
    /// node that has a parent moves.
    pub(crate) root_memo: RootMemo<'a>,
    /// The names of the `<?start>` and `<?marker>` processing instructions created so far
    /// (`crate::shadow`: a `<template for>` naming none of them fails without a tree walk).
    pub(crate) marker_names: MarkerNames,
}

/// Sink ids come in blocks of this many: a thread takes a block from [`NEXT_SINK_ID_BLOCK`]
/// (one atomic increment) and counts through it in [`SINK_IDS`], so that making a sink costs
/// no locked instruction (one costs a comment-sized parse's whole set-up a few percent).
/// (Under Miri, a block of 4: the same code paths, and a test that crosses blocks stays quick.)
const SINK_ID_BLOCK: u64 = if cfg!(miri) { 4 } else { 1 << 16 };

/// The next block of sink ids. A `u64` counted up once per block cannot reach 2^48 in
/// practice, so `block * SINK_ID_BLOCK` never wraps and no two sinks share an id; block 0,
/// and so id 0, is never used.
static NEXT_SINK_ID_BLOCK: AtomicU64 = AtomicU64::new(1);

thread_local! {
    /// This thread's next sink id and the end of its block.
    static SINK_IDS: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// A sink id no other sink has (see [`SINK_ID_BLOCK`]).
fn next_sink_id() -> u64 {
    let new_block = || {
        // Relaxed: the blocks only have to be distinct, which the atomic increment gives.
        let block = NEXT_SINK_ID_BLOCK.fetch_add(1, Ordering::Relaxed);
        block * SINK_ID_BLOCK
    };
    SINK_IDS
        .try_with(|ids| {
            let (mut next, mut end) = ids.get();
            if next == end {
                next = new_block();
                end = next + SINK_ID_BLOCK;
            }
            ids.set((next + 1, end));
            next
        })
        // During thread teardown the thread's block may be gone: a new block for one id.
        .unwrap_or_else(|_| new_block())
}

impl<'a> DomSink<'a> {
    /// A sink that builds a new Document in `arena`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let arena = kauri::Arena::new();
    /// let parsed = kauri::DomSink::new(&arena).finish();
    /// assert_eq!(parsed.root.kind(), kauri::NodeKind::Document);
    /// ```
    pub fn new(arena: &'a Arena<'a>) -> DomSink<'a> {
        let id = next_sink_id();
        let document = arena.new_node(NodeData::Document(DocumentData {
            quirks_mode: Cell::new(QuirksMode::NoQuirks),
        }));
        DomSink {
            arena,
            id,
            refused: 0,
            document,
            errors: Vec::new(),
            unclosed: Vec::new(),
            report_errors: true,
            spans: false,
            selectedcontent: SelectedContent::default(),
            last_text: None,
            last_doctype: None,
            root_memo: Cell::new(None),
            marker_names: Default::default(),
        }
    }

    /// [`TreeSink::create_element`] with only the attributes `keep` accepts (`keep` sees each
    /// attribute once, in order): the element is the one `create_element` would make with all
    /// of `attrs` after [`Editor::retain_attributes`](crate::Editor::retain_attributes) with
    /// `keep` removed the rest. Its `is` value and an `option`'s selectedness come from all of
    /// `attrs`, as they are set when an element is created, and for a formatting element
    /// ([`kauri_tree_builder::is_formatting`]) [`TreeSink::element_attrs`] still gives all of
    /// `attrs`: the list of active formatting elements compares and recreates elements by
    /// their tokens' attributes. For a sink that filters attributes as the parser creates
    /// elements (a sanitizer), without storing what it drops.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{AttrName, Attribute, DistinctAttrs, LocalName, QualName};
    /// use kauri_tree_builder::{NodeOrText, TreeSink};
    /// let arena = kauri::Arena::new();
    /// let mut sink = kauri::DomSink::new(&arena);
    /// let attr = |name: &str, value: &str| Attribute {
    ///     name: AttrName::new(LocalName::from(name)),
    ///     value: value.to_owned(),
    /// };
    /// let attrs = [attr("is", "fancy-p"), attr("id", "x")];
    /// let name = QualName::html(LocalName::from("p"));
    /// let p = sink.create_element_retaining(name, DistinctAttrs::new(&attrs).unwrap(), |a| {
    ///     &*a.name.local != "is"
    /// });
    /// let doc = sink.document();
    /// sink.append(&doc, NodeOrText::Node(p));
    /// let parsed = sink.finish();
    /// let p = parsed.root.first_child().unwrap();
    /// assert_eq!(p.as_element().unwrap().is_value(), Some("fancy-p"));
    /// assert_eq!(kauri::serialize::html::outer_html(p), r#"<p is="fancy-p" id="x"></p>"#);
    /// ```
    pub fn create_element_retaining(
        &mut self,
        name: QualName,
        attrs: DistinctAttrs<'_>,
        keep: impl FnMut(&Attribute) -> bool,
    ) -> NodeHandle<'a> {
        let flag =
            name.is_html(&local_name!("option")) && attrs.iter().any(|a| is_selected_attr(&a.name));
        let formatting = name.ns == kauri_tokenizer::Namespace::Html
            && kauri_tree_builder::is_formatting(&name.local);
        let attrs = self
            .arena
            .store
            .attr_list_retaining(attrs, formatting, keep);
        let node = self.arena.new_element(name, attrs, flag, None);
        self.handle(node)
    }

    /// Records source ranges (start and end tags, comments, doctypes, PIs) when `on`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
    /// // `ParseOptions::locations` turns it on.
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let opts = ParseOptions { locations: true, ..Default::default() };
    /// let root = parse_fragment_in(&arena, "<p>x", &body, &opts).root;
    /// assert!(root.first_child().unwrap().span().is_some());
    /// ```
    pub fn with_spans(mut self, on: bool) -> DomSink<'a> {
        self.spans = on;
        self
    }

    /// Collects the parse errors it is given when `on` (the default); when off,
    /// [`Parsed::errors`] stays empty. This only decides what the sink keeps: whether errors
    /// are looked for at all is the tree builder's and the tokenizer's option
    /// (`TreeBuilderOptions::errors`, `TokenizerOptions::errors`), which a pipeline sets the
    /// same way (the `kauri` crate sets all three from `ParseOptions::errors`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, DomSink};
    /// use kauri_tokenizer::{Tokenizer, TokenizerOptions};
    /// use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};
    ///
    /// let arena = Arena::new();
    /// let parse = |errors: bool| {
    ///     let sink = DomSink::new(&arena).with_errors(errors);
    ///     let builder = TreeBuilder::new(sink, TreeBuilderOptions { errors, ..Default::default() });
    ///     let mut tokenizer = Tokenizer::new(builder, TokenizerOptions { errors, ..Default::default() });
    ///     tokenizer.feed("<p>a</b>")?;
    ///     tokenizer.end()?;
    ///     Ok::<_, kauri_tokenizer::TokenizerError>(tokenizer.into_sink().into_sink().finish().errors.len())
    /// };
    /// assert_eq!((parse(true)?, parse(false)?), (2, 0)); // no DOCTYPE, a stray </b>
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_errors(mut self, on: bool) -> DomSink<'a> {
        self.report_errors = on;
        self
    }

    /// The parse errors reported so far.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let arena = kauri::Arena::new();
    /// let sink = kauri::DomSink::new(&arena);
    /// assert!(sink.errors().is_empty());
    /// ```
    pub fn errors(&self) -> &[ParseError] {
        &self.errors
    }

    /// The first child of `node`, as a handle (`None` for another sink's node). With
    /// [`TreeSink::parent_node`], this lets a filter between the tree builder and the sink
    /// (a [`crate::DomSinkFilter`]) move what it had put in a node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, DomSink};
    /// use kauri_tree_builder::{NodeOrText, TreeSink};
    ///
    /// let arena = Arena::new();
    /// let mut sink = DomSink::new(&arena);
    /// let doc = sink.document();
    /// let comment = sink.create_comment("c");
    /// sink.append(&doc, NodeOrText::Node(comment));
    /// assert!(sink.first_child(&doc) == Some(comment));
    /// assert!(sink.first_child(&comment).is_none());
    /// ```
    pub fn first_child(&self, node: &NodeHandle<'a>) -> Option<NodeHandle<'a>> {
        if node.sink != self.id {
            return None;
        }
        node.node.first_child().map(|child| self.handle(child))
    }

    /// How many calls this sink refused because a handle came from another sink (see
    /// "Handles of other sinks"). Zero whenever one tree builder drives one sink.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, DomSink};
    /// use kauri_tree_builder::TreeSink;
    ///
    /// let arena = Arena::new();
    /// let mut first = DomSink::new(&arena);
    /// let mut second = DomSink::new(&arena);
    /// let doc = first.document();
    /// second.detach(&doc); // not the second sink's node: refused
    /// assert_eq!((first.refused(), second.refused()), (0, 1));
    /// ```
    pub fn refused(&self) -> u64 {
        self.refused
    }

    /// The node behind `handle` if this sink made it; otherwise counts a refusal.
    #[inline]
    pub(crate) fn own(&mut self, handle: &NodeHandle<'a>) -> Option<&'a Node<'a>> {
        if handle.sink == self.id {
            Some(handle.node)
        } else {
            self.refuse();
            None
        }
    }

    /// Counts a refused call (out of line: a sink driven by one tree builder never refuses).
    #[cold]
    #[inline(never)]
    fn refuse(&mut self) {
        self.refused += 1;
    }

    /// A handle of this sink.
    pub(crate) fn handle(&self, node: &'a Node<'a>) -> NodeHandle<'a> {
        NodeHandle {
            node,
            sink: self.id,
        }
    }

    /// Finishes a document parse: the root is the Document node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let arena = kauri::Arena::new();
    /// let parsed = kauri::DomSink::new(&arena).finish();
    /// assert!(parsed.errors.is_empty() && parsed.root.first_child().is_none());
    /// ```
    pub fn finish(mut self) -> Parsed<'a> {
        self.take_finished()
    }

    /// [`DomSink::finish`] in place: the sink keeps its arena and document, and gives up its
    /// errors and unclosed elements (a sink is finished once; what it is given after that is
    /// its own business).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let arena = kauri::Arena::new();
    /// let mut sink = kauri::DomSink::new(&arena);
    /// assert_eq!(sink.take_finished().root.kind(), kauri::NodeKind::Document);
    /// ```
    pub fn take_finished(&mut self) -> Parsed<'a> {
        self.take_parsed(self.document)
    }

    /// What a finished parse with `root` gives: the root, and the errors and unclosed
    /// elements this sink collected (taken from it).
    fn take_parsed(&mut self, root: &'a Node<'a>) -> Parsed<'a> {
        Parsed {
            root,
            errors: std::mem::take(&mut self.errors),
            unclosed: std::mem::take(&mut self.unclosed),
        }
    }

    /// Finishes a fragment parse: the root is a new DocumentFragment holding the children of
    /// `fragment_root` (the `html` element the fragment parsing algorithm created), as step 17
    /// of the algorithm returns "the child nodes of root". A `fragment_root` of another sink is
    /// refused: the fragment is then empty.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let arena = kauri::Arena::new();
    /// let parsed = kauri::DomSink::new(&arena).finish_fragment(None);
    /// assert_eq!(parsed.root.kind(), kauri::NodeKind::DocumentFragment);
    /// ```
    pub fn finish_fragment(mut self, fragment_root: Option<&NodeHandle<'a>>) -> Parsed<'a> {
        self.take_finished_fragment(fragment_root)
    }

    /// [`DomSink::finish_fragment`] in place, as [`DomSink::take_finished`] is
    /// [`DomSink::finish`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let arena = kauri::Arena::new();
    /// let mut sink = kauri::DomSink::new(&arena);
    /// let parsed = sink.take_finished_fragment(None);
    /// assert_eq!(parsed.root.kind(), kauri::NodeKind::DocumentFragment);
    /// ```
    pub fn take_finished_fragment(&mut self, fragment_root: Option<&NodeHandle<'a>>) -> Parsed<'a> {
        let fragment = self.arena.new_node(NodeData::DocumentFragment);
        if let Some(root) = fragment_root.and_then(|h| self.own(h)) {
            while let Some(child) = root.first_child() {
                fragment.append(child);
            }
        }
        self.take_parsed(fragment)
    }

    /// Finishes a copy of the tree rooted at `source` (a Document or a DocumentFragment, in
    /// any arena): the copy's root is this sink's Document (with `source`'s quirks mode) or a
    /// new DocumentFragment. Source ranges are kept; `errors` become the copy's errors.
    pub(crate) fn finish_copy_of<'b>(
        self,
        source: &'b Node<'b>,
        errors: Vec<ParseError>,
    ) -> Parsed<'a> {
        let root = match &source.data {
            NodeData::Document(d) => {
                if let NodeData::Document(mine) = &self.document.data {
                    mine.quirks_mode.set(d.quirks_mode());
                }
                self.document
            }
            _ => self.arena.new_node(NodeData::DocumentFragment),
        };
        clone_children_into(self.arena, source, root, true);
        Parsed {
            root,
            errors,
            unclosed: Vec::new(),
        }
    }

    /// A new Text node holding `text`, which becomes the last text insertion.
    #[inline]
    fn new_text(&mut self, text: &str) -> &'a Node<'a> {
        let node = self.arena.new_text(text, None);
        self.last_text = Some(node);
        node
    }

    /// Appends `text` to this sink's `parent`, merging with a last-child Text node. (Inline:
    /// the usual case, a new Text node, is a short path.)
    #[inline]
    fn append_text(&mut self, parent: &'a Node<'a>, text: &str) {
        if self.selectedcontent.started() {
            self.append_text_noted(parent, text);
            return;
        }
        if let Some(last) = parent.last_child() {
            if let NodeData::Text(t) = &last.data {
                self.merge_text(last, t, text);
                return;
            }
        }
        self.append_new_text(parent, text);
    }

    /// `append_text` once the `selectedcontent` hooks have started: notes the insertion first.
    #[cold]
    #[inline(never)]
    fn append_text_noted(&mut self, parent: &'a Node<'a>, text: &str) {
        self.selectedcontent.child_inserted_into(parent);
        if let Some(last) = parent.last_child() {
            if let NodeData::Text(t) = &last.data {
                self.merge_text(last, t, text);
                return;
            }
        }
        self.append_new_text(parent, text);
    }

    /// Appends a new Text node holding `text` to `parent` (out of line, so that `append`
    /// itself makes no call on its usual paths and saves no registers).
    #[inline(never)]
    fn append_new_text(&mut self, parent: &'a Node<'a>, text: &str) {
        let node = self.new_text(text);
        parent.append_parentless(node);
    }

    /// Appends `text` to the text `t` of the Text node `last`, a node reachable from a node of
    /// this sink (the last child of `append_text`'s parent, the previous sibling of
    /// `insert_before`'s sibling), which becomes the last text insertion.
    #[inline(never)]
    fn merge_text(&mut self, last: &'a Node<'a>, t: &crate::node::Text, text: &str) {
        // SAFETY: `last` is reachable from a node of this sink, so it is a node of this
        // sink's arena (made by this sink, or by an editor of the same arena between
        // calls into a `DocumentInProgress`'s pipeline) and `self.arena.store` is its store;
        // no other thread can reach it while this sink runs (no sink is left in a `Document`,
        // and a `DocumentInProgress` runs its sink under `&mut self` and is not `Sync`).
        // Module documentation, points 1 and 2.
        unsafe { t.data.push(&self.arena.store, text) };
        self.last_text = Some(last);
    }

    /// Appends `node` to `parent` (both this sink's) when it is not the usual case of
    /// `append`: a node that moves, or one the `selectedcontent` hooks may have to see.
    #[cold]
    #[inline(never)]
    fn append_node(&mut self, parent: &'a Node<'a>, node: &'a Node<'a>) {
        if would_cycle(node, parent) {
            return;
        }
        if node.parent().is_some() {
            self.root_memo.set(None);
        }
        self.selectedcontent.child_inserted_into(parent);
        parent.append(node);
        self.selectedcontent.inserted(self.arena, node);
    }
}

/// Whether `name` is the `selected` attribute (in no namespace).
fn is_selected_attr(name: &kauri_tokenizer::AttrName) -> bool {
    name.ns == kauri_tokenizer::AttrNamespace::None && name.local == local_name!("selected")
}

/// Whether `node` is an HTML `selectedcontent` element.
#[inline]
fn is_selectedcontent(node: &Node<'_>) -> bool {
    match &node.data {
        NodeData::Element(e) => {
            e.name.local == local_name!("selectedcontent")
                && e.name.ns == kauri_tokenizer::Namespace::Html
        }
        _ => false,
    }
}

/// Whether inserting `node` into `parent` would make a node its own ancestor (the DOM would
/// throw): whether `parent` is `node` or one of its descendants. The arena tree stays a tree
/// only because every insertion asks this first (a [`TreeSink`] user may pass any two handles
/// of the sink).
///
/// The cost is what keeps parsing linear on deep trees. A node without children cannot be an
/// ancestor of anything, so the question only arises when an existing subtree moves, which the
/// tree builder only does in the adoption agency algorithm: it moves the furthest block (or
/// the chain of formatting element copies above it) under the common ancestor, and puts the
/// new formatting element, holding the furthest block's former children, under the furthest
/// block. There the new parent is deep in the tree (as deep as the input is long for
/// `<a><div>x` repeated), while the subtree that moves is the little content parsed since the
/// formatting element opened. So the answer is sought from both ends at once, one step on
/// each side in turn, and the first walk to finish decides: the walk up from `parent` ends at
/// a root (then `node` is not an ancestor of `parent`) or meets `node`; the walk over `node`'s
/// subtree ends (then `parent` is not in it) or meets `parent`. Each step is O(1) (the
/// subtree walk is [`Node::traverse`], no recursion), so the check costs O(min(depth of
/// `parent`, size of `node`'s subtree)): O(1) for every move of those families whatever their
/// depth, and never more than the plain walk up.
fn would_cycle<'a>(node: &'a Node<'a>, parent: &'a Node<'a>) -> bool {
    if node.same_node(parent) {
        return true;
    }
    if node.first_child().is_none() {
        return false;
    }
    let mut up = parent.ancestors();
    let mut down = node.traverse();
    loop {
        match up.next() {
            None => return false,
            Some(ancestor) if ancestor.same_node(node) => return true,
            Some(_) => {}
        }
        match down.next() {
            None => return false,
            Some(Edge::Open(descendant)) if descendant.same_node(parent) => return true,
            Some(_) => {}
        }
    }
}

impl<'a> TreeSink for DomSink<'a> {
    type Handle = NodeHandle<'a>;

    fn document(&mut self) -> NodeHandle<'a> {
        self.handle(self.document)
    }

    fn create_element(&mut self, name: QualName, attrs: DistinctAttrs<'_>) -> NodeHandle<'a> {
        // An option's selectedness starts as "has a selected attribute".
        let flag =
            name.is_html(&local_name!("option")) && attrs.iter().any(|a| is_selected_attr(&a.name));
        let attrs = self.arena.store.attr_list(attrs);
        let node = self.arena.new_element(name, attrs, flag, None);
        self.handle(node)
    }

    fn create_comment(&mut self, data: &str) -> NodeHandle<'a> {
        let node = self.arena.new_node(NodeData::Comment(Comment {
            data: self.arena.str(data),
        }));
        self.handle(node)
    }

    fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeHandle<'a> {
        self.marker_names.note(target, data);
        let node = self
            .arena
            .new_node(NodeData::ProcessingInstruction(ProcessingInstruction {
                target: self.arena.str(target),
                data: self.arena.str(data),
            }));
        self.handle(node)
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        let node = self.arena.new_node(NodeData::Doctype(Doctype::new_in(
            self.arena, name, public_id, system_id,
        )));
        self.document.append(node);
        self.last_doctype = Some(node);
    }

    #[inline]
    fn append(&mut self, parent: &NodeHandle<'a>, child: NodeOrText<'_, NodeHandle<'a>>) {
        let Some(parent) = self.own(parent) else {
            return;
        };
        match child {
            NodeOrText::Text(text) => self.append_text(parent, text),
            NodeOrText::Node(node) => {
                let Some(node) = self.own(&node) else {
                    return;
                };
                // The usual case, a new node: without a parent it has nothing to leave (and
                // clears no root memo), without children it is nobody's ancestor (no cycle
                // unless it is `parent`), and until a `selectedcontent` is inserted no hook
                // has anything to do. Everything else takes `append_node`.
                if node.parent().is_none()
                    && node.first_child().is_none()
                    && !node.same_node(parent)
                    && !self.selectedcontent.started()
                    && !is_selectedcontent(node)
                {
                    parent.append_parentless(node);
                } else {
                    self.append_node(parent, node);
                }
            }
        }
    }

    fn insert_before(&mut self, sibling: &NodeHandle<'a>, child: NodeOrText<'_, NodeHandle<'a>>) {
        let Some(sibling) = self.own(sibling) else {
            return;
        };
        let Some(parent) = sibling.parent() else {
            return;
        };
        match child {
            NodeOrText::Text(text) => {
                self.selectedcontent.child_inserted_into(parent);
                if let Some(prev) = sibling.prev_sibling() {
                    if let NodeData::Text(t) = &prev.data {
                        self.merge_text(prev, t, text);
                        return;
                    }
                }
                let node = self.new_text(text);
                sibling.insert_before(node);
            }
            NodeOrText::Node(node) => {
                let Some(node) = self.own(&node) else {
                    return;
                };
                if node.same_node(sibling) || would_cycle(node, parent) {
                    return;
                }
                if node.parent().is_some() {
                    self.root_memo.set(None);
                }
                self.selectedcontent.child_inserted_into(parent);
                sibling.insert_before(node);
                self.selectedcontent.inserted(self.arena, node);
            }
        }
    }

    fn has_parent(&self, node: &NodeHandle<'a>) -> bool {
        // `&self`: a refusal here is not counted.
        node.sink == self.id && node.node.parent().is_some()
    }

    fn detach(&mut self, node: &NodeHandle<'a>) {
        if let Some(node) = self.own(node) {
            self.root_memo.set(None);
            node.detach();
        }
    }

    fn reparent_children(&mut self, node: &NodeHandle<'a>, new_parent: &NodeHandle<'a>) {
        let (Some(node), Some(new_parent)) = (self.own(node), self.own(new_parent)) else {
            return;
        };
        if would_cycle(node, new_parent) {
            return;
        }
        if node.first_child().is_some() {
            self.selectedcontent.child_inserted_into(new_parent);
        }
        self.root_memo.set(None);
        while let Some(child) = node.first_child() {
            new_parent.append(child);
            if self.selectedcontent.started() {
                self.selectedcontent.inserted(self.arena, child);
            }
        }
    }

    fn template_contents(&mut self, template: &NodeHandle<'a>) -> NodeHandle<'a> {
        let Some(node) = self.own(template) else {
            return *template;
        };
        match node.as_element().and_then(|e| e.template_contents()) {
            Some(contents) => self.handle(contents),
            // Not a template: the tree builder never asks; answer with the node itself.
            None => *template,
        }
    }

    // The element's attribute map holds exactly the token's attributes (only `html` and `body`
    // get more, and they are never formatting elements), so the tree builder need not keep a
    // copy of every formatting element's attributes.
    fn keeps_element_attrs(&self) -> bool {
        true
    }

    fn element_attrs(&self, element: &NodeHandle<'a>) -> Vec<Attribute> {
        // `&self`: a refusal here is not counted.
        if element.sink != self.id {
            return Vec::new();
        }
        match element.node.as_element() {
            Some(e) => e.token_attribute_copies(),
            None => Vec::new(),
        }
    }

    fn add_attrs_if_missing(&mut self, element: &NodeHandle<'a>, attrs: DistinctAttrs<'_>) {
        let Some(e) = self.own(element).and_then(Node::as_element) else {
            return;
        };
        // The element's list followed by the missing attributes, as a new list (the old one
        // stays in the store: see the module documentation).
        let mut all = e.attribute_copies();
        let before = all.len();
        all.extend_from_slice(&attrs);
        if all.len() > before {
            // `dedup` keeps the first of duplicate names: the element's own values win.
            // (The element keeps its `is` value: the one it was created with.)
            let is_value = crate::store::IsValue::Kept(e.is_value());
            e.attrs.set(
                self.arena
                    .store
                    .attr_list_is(DistinctAttrs::dedup(&mut all), is_value),
            );
        }
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        if let NodeData::Document(d) = &self.document.data {
            d.quirks_mode.set(mode);
        }
    }

    fn parse_error(&mut self, error: ParseError) {
        if self.report_errors {
            self.errors.push(error);
        }
    }

    fn unclosed_element(&mut self, element: &NodeHandle<'a>) {
        let start_tag = self.own(element).and_then(|node| node.span());
        if let (Some(start_tag), Some(error)) = (start_tag, self.errors.len().checked_sub(1)) {
            if self.report_errors {
                self.unclosed.push(UnclosedElement { error, start_tag });
            }
        }
    }

    fn pop(&mut self, element: &NodeHandle<'a>) {
        if let Some(element) = self.own(element) {
            self.selectedcontent.popped(self.arena, element);
        }
    }

    fn attach_declarative_shadow_root(
        &mut self,
        host: &NodeHandle<'a>,
        init: &kauri_tree_builder::ShadowRootInit,
    ) -> Option<NodeHandle<'a>> {
        let host = self.own(host)?;
        let shadow = self.attach_a_shadow_root(host, init)?;
        Some(self.handle(shadow))
    }

    fn associate_form_owner(
        &mut self,
        element: &NodeHandle<'a>,
        form: &NodeHandle<'a>,
        location: &NodeHandle<'a>,
    ) {
        let (Some(element), Some(form), Some(location)) =
            (self.own(element), self.own(form), self.own(location))
        else {
            return;
        };
        self.associate_form(element, form, location);
    }

    fn prepare_content_patching(
        &mut self,
        scope: &NodeHandle<'a>,
        name: &str,
    ) -> Option<kauri_tree_builder::ContentPatch<NodeHandle<'a>>> {
        let scope = self.own(scope)?;
        self.prepare_patching(scope, name)
    }

    fn parent_node(&self, node: &NodeHandle<'a>) -> Option<NodeHandle<'a>> {
        // `&self`: a refusal here is not counted.
        if node.sink != self.id {
            return None;
        }
        node.node.parent().map(|parent| self.handle(parent))
    }

    fn wants_spans(&self) -> bool {
        self.spans
    }

    fn set_span(&mut self, node: &NodeHandle<'a>, span: Span) {
        let Some(node) = self.own(node) else {
            return;
        };
        // An empty range marks an element the parser implied (no tag in the input): it has no
        // source range.
        if span.start < span.end {
            node.update_spans(self.arena, |s| s.node = Some(span));
        }
    }

    fn set_text_span(&mut self, span: Span) {
        if let Some(text) = self.last_text {
            // `last_text` is a node this sink created (`new_text`) or reached from one of its
            // nodes (`append_text`, `insert_before`), so in its arena.
            text.update_spans(self.arena, |s| {
                s.node = Some(match s.node {
                    Some(old) => Span::new(old.start.min(span.start), old.end.max(span.end)),
                    None => span,
                })
            });
        }
    }

    fn set_doctype_span(&mut self, span: Span) {
        if let Some(doctype) = self.last_doctype {
            doctype.update_spans(self.arena, |s| s.node = Some(span));
        }
    }

    fn set_end_tag_span(&mut self, element: &NodeHandle<'a>, span: Span) {
        if let Some(element) = self.own(element).filter(|n| n.is_element()) {
            element.update_spans(self.arena, |s| s.end_tag = Some(span));
        }
    }
}

/// The memo [`DomSink`] keeps for tree roots (see `DomSink::tree_root`).
pub(crate) type RootMemo<'a> = Cell<Option<(&'a Node<'a>, &'a Node<'a>)>>;

#[cfg(test)]
mod sink_id_tests {
    use super::{next_sink_id, SINK_ID_BLOCK};
    use std::collections::HashSet;

    /// Ids stay distinct, and never 0, across threads and across each thread's blocks.
    #[test]
    fn sink_ids_are_distinct_across_threads_and_blocks() {
        let per_thread = 2 * SINK_ID_BLOCK as usize + 3;
        let threads: Vec<_> = (0..3)
            .map(|_| {
                std::thread::spawn(move || {
                    (0..per_thread).map(|_| next_sink_id()).collect::<Vec<_>>()
                })
            })
            .collect();
        let mut seen = HashSet::new();
        for thread in threads {
            for id in thread.join().unwrap() {
                assert_ne!(id, 0);
                assert!(seen.insert(id), "id {id} given twice");
            }
        }
        assert_eq!(seen.len(), 3 * per_thread);
    }
}
