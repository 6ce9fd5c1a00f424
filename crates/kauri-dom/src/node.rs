//! Arena nodes: the node struct, its links and the data each kind of node carries.
//!
//! A node lives in an [`Arena`] and is referred to as `&'a Node<'a>`. Links (parent, first and
//! last child, previous and next sibling) are `Cell`s, so the tree is edited through shared
//! references in O(1) per link change. A node does not own its children: the arena owns every
//! node, and node data needs no `Drop`, so dropping a tree of any depth frees the arena's
//! chunks without visiting a node (see `crate::store`).
//!
//! The public API of a node is read-only. Trees are built by [`DomSink`](crate::DomSink) (the tree
//! builder's [`TreeSink`](kauri_tree_builder::TreeSink)); the link edits it uses are private to
//! this crate, and the [`Editor`](crate::Editor), which links nodes for callers, refuses nodes
//! of another arena ([`Arena::owns`]), so no caller can link nodes of two different arenas.

use std::cell::Cell;
use std::hash::BuildHasherDefault;
use std::mem::ManuallyDrop;

use kauri_tokenizer::{AttrName, AttrNamespace, LocalName, Namespace, QualName, Span};
use kauri_tree_builder::QuirksMode;

use crate::attrs::Attributes;
use crate::node_chunks::NodeChunks;
use crate::store::{ArenaStr, AttrList, Store, TextData};

/// The arena that owns the nodes of one or more trees, and everything they hold.
///
/// Nodes live in a typed arena; their texts, comments, attribute lists and values, and source
/// ranges live in a bump allocator beside it (see `crate::store`). All of it is freed at once,
/// in large chunks, when the arena is dropped: node data needs no `Drop`, so dropping a tree
/// never walks it. An edit ([`Editor`](crate::Editor)) stores new data here and leaves the
/// data it replaced in place, so an arena's memory only grows until the arena is dropped.
///
/// The arena gives no other access to its nodes, so a node can only be reached through a tree
/// it belongs to. It does know which nodes are its own ([`Arena::owns`]): the
/// [`Editor`](crate::Editor) refuses every other node.
///
/// ```
/// # use kauri_dom as kauri;
/// let arena = kauri::Arena::new();
/// let sink = kauri::DomSink::new(&arena);
/// let parsed = sink.finish();
/// assert!(parsed.root.first_child().is_none());
/// assert_eq!(arena.len(), 1); // the Document node
/// ```
pub struct Arena<'a> {
    /// The nodes, side by side in creation order (see `node_chunks.rs`), in a few chunks
    /// whose address ranges also answer [`Arena::owns`].
    nodes: NodeChunks<Node<'a>>,
    pub(crate) store: Store,
}

/// Nodes in an arena's first chunk. A comment-sized fragment's parse fits in 32 nodes (3 KB)
/// without a second chunk (which `Arena::owns` would look at too): the documents of a sanitizer's or
/// a template's usual input. Larger documents grow from there by doubling.
const NODES_FIRST_CHUNK: usize = 32;

impl<'a> Arena<'a> {
    /// An empty arena.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let arena = kauri::Arena::new();
    /// assert!(arena.is_empty());
    /// ```
    pub fn new() -> Arena<'a> {
        Arena {
            nodes: NodeChunks::with_capacity(NODES_FIRST_CHUNK),
            store: Store::default(),
        }
    }

    /// How many nodes the arena holds (including detached ones).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=x>a<b>b</b><!--c--></p>", &body, &Default::default()).root;
    /// assert_eq!(arena.len(), 8); // the sink's Document, html, the fragment and 5 nodes
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds no node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let arena = kauri::Arena::new();
    /// let _tree = kauri::DomSink::new(&arena).finish();
    /// assert!(!arena.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 0
    }

    /// Empties the arena for reuse: every node and everything the store holds is gone, and
    /// the memory of the largest chunk of each allocator is kept (see `crate::recycle`).
    /// Taking `&mut self` proves that no node of the arena is borrowed any more.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.store.clear();
    }

    /// The bytes the arena's allocators hold in chunks, used or not.
    pub(crate) fn allocated_bytes(&self) -> usize {
        self.nodes.allocated_bytes() + self.store.allocated_bytes()
    }

    /// A new detached node with this data and source ranges. (Inlined into its callers, which
    /// build `data` field by field: a call would read it back in 16-byte pieces while those
    /// narrower stores are still in flight, a store-forwarding stall on every node.)
    #[inline(always)]
    pub(crate) fn new_node_with_spans(
        &'a self,
        data: NodeData<'a>,
        spans: Option<Spans>,
    ) -> &'a Node<'a> {
        // Built in one piece with its spans, so that allocation writes it once.
        let spans = spans.map(|spans| self.store.alloc_spans(spans));
        self.nodes.alloc(Node::new(data, spans))
    }

    /// A new detached node with this data.
    pub(crate) fn new_node(&'a self, data: NodeData<'a>) -> &'a Node<'a> {
        self.nodes.alloc(Node::new(data, None))
    }

    /// Whether `node` is one of this arena's nodes (and not, say, a node of another arena
    /// handed to an [`Editor`](crate::Editor) of this one).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let (one, two) = (Arena::new(), Arena::new());
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&one, "<p>x", &body, &Default::default()).root;
    /// assert!(one.owns(root.first_child().unwrap()));
    /// assert!(!two.owns(root));
    /// ```
    pub fn owns(&self, node: &Node<'_>) -> bool {
        self.nodes.contains(std::ptr::from_ref(node).cast())
    }

    /// A new detached Text node.
    #[inline(always)]
    pub(crate) fn new_text(&'a self, text: &str, spans: Option<Spans>) -> &'a Node<'a> {
        let data = NodeData::Text(Text {
            data: self.store.text(text),
        });
        self.new_node_with_spans(data, spans)
    }

    /// A string of node data (a comment's, a doctype's, a processing instruction's) stored in
    /// this arena, for a node of this arena.
    pub(crate) fn str(&'a self, s: &str) -> ArenaStr {
        self.store.str(s)
    }

    /// A new detached element (and for an HTML `template`, its template contents). `flag` is
    /// the element's [`Element::flag`]; `attrs` is a list of this arena's store.
    #[inline]
    pub(crate) fn new_element(
        &'a self,
        name: QualName,
        attrs: Option<&'a AttrList<'a>>,
        flag: bool,
        spans: Option<Spans>,
    ) -> &'a Node<'a> {
        let template_contents = if name.is_html(&kauri_tokenizer::local_name!("template")) {
            Some(self.new_node(NodeData::DocumentFragment))
        } else {
            None
        };
        let data = NodeData::Element(Element {
            name: self.store.qual_name(name),
            attrs: Cell::new(attrs),
            flag: Cell::new(flag),
            associated: Cell::new(template_contents),
        });
        self.new_node_with_spans(data, spans)
    }
}

impl Default for Arena<'_> {
    fn default() -> Self {
        Arena::new()
    }
}

/// A link to another node of the same arena.
pub(crate) type Link<'a> = Cell<Option<&'a Node<'a>>>;

/// One node of the document tree.
///
/// Navigation ([`parent`](Node::parent), [`children`](Node::children),
/// [`descendants`](Node::descendants), ...) and the node's data ([`data`](Node::data),
/// [`as_element`](Node::as_element), [`as_text`](Node::as_text), ...) are available on `&Node`.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<p>Hello <b>you</b></p>", &body, &Default::default()).root;
/// let p = root.first_child().unwrap();
/// assert_eq!(p.children().count(), 2);
/// assert_eq!(p.text_content(), "Hello you");
/// ```
pub struct Node<'a> {
    pub(crate) parent: Link<'a>,
    pub(crate) first_child: Link<'a>,
    pub(crate) last_child: Link<'a>,
    pub(crate) prev_sibling: Link<'a>,
    pub(crate) next_sibling: Link<'a>,
    /// Source ranges, in the arena's store, so that a node without them (locations off) pays
    /// one pointer. Set by the [`DomSink`](crate::DomSink) that created the node
    /// ([`Node::update_spans`]) or when the node is created.
    pub(crate) spans: Cell<Option<&'a Cell<Spans>>>,
    pub(crate) data: NodeData<'a>,
}

/// What a node is, with its kind-specific data.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Document, NodeData};
/// let doc = Document::new();
/// match doc.root().data() {
///     NodeData::Document(doc) => println!("a document in {:?}", doc.quirks_mode()),
///     NodeData::Element(el) => println!("<{}>", el.name()),
///     _ => {}
/// }
/// ```
pub enum NodeData<'a> {
    /// The Document node (the root of a parsed document).
    Document(DocumentData),
    /// A DocumentFragment: the root of a parsed fragment, or an HTML `template`'s contents.
    DocumentFragment,
    /// A DocumentType node.
    Doctype(Doctype),
    /// An element.
    Element(Element<'a>),
    /// A Text node.
    Text(Text),
    /// A Comment node.
    Comment(Comment),
    /// A ProcessingInstruction node (`<?target data>`, the 2026 standard).
    ProcessingInstruction(ProcessingInstruction),
    /// A ShadowRoot: a declarative shadow root the parser attached to its host (see
    /// [`Node::shadow_root`] and [`Node::host`]). Like a template's contents, it is not a child
    /// of its host.
    ShadowRoot(ShadowRoot<'a>),
}

/// The source ranges of a node (see [`Node::span`] and [`Node::end_tag_span`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Spans {
    pub(crate) node: Option<Span>,
    pub(crate) end_tag: Option<Span>,
}

/// The data of a Document node.
///
/// ```
/// # use kauri_dom as kauri;
/// let doc = kauri::Document::new();
/// let kauri::NodeData::Document(data) = doc.root().data() else { unreachable!() };
/// assert_eq!(data.quirks_mode(), doc.quirks_mode());
/// ```
pub struct DocumentData {
    pub(crate) quirks_mode: Cell<QuirksMode>,
}

impl DocumentData {
    /// The document's quirks mode, as the tree builder set it.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Document, NodeData, QuirksMode};
    /// let doc = Document::new();
    /// let NodeData::Document(data) = doc.root().data() else { unreachable!() };
    /// assert_eq!(data.quirks_mode(), QuirksMode::NoQuirks);
    /// ```
    pub fn quirks_mode(&self) -> QuirksMode {
        self.quirks_mode.get()
    }
}

/// A DocumentType node: `<!DOCTYPE name PUBLIC "public id" "system id">`. Missing values are
/// empty strings, as in the DOM.
pub struct Doctype {
    /// The name, public id and system id, one after the other, in the arena's store (one
    /// string and two offsets keep a node as small as an element).
    strings: ArenaStr,
    name_end: usize,
    public_id_end: usize,
}

impl Doctype {
    /// A doctype whose strings are stored in `arena`, for a node of `arena`.
    pub(crate) fn new_in<'a>(
        arena: &'a Arena<'a>,
        name: &str,
        public_id: &str,
        system_id: &str,
    ) -> Doctype {
        let strings = arena.str(&[name, public_id, system_id].concat());
        Doctype {
            strings,
            name_end: name.len(),
            public_id_end: name.len() + public_id.len(),
        }
    }

    /// The name (`html`), or `""`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, DomSink};
    /// use kauri_tree_builder::TreeSink;
    /// // `kauri::parse("<!DOCTYPE html PUBLIC ...>")` makes one; here a sink does.
    /// let arena = Arena::new();
    /// let mut sink = DomSink::new(&arena);
    /// sink.append_doctype_to_document("html", "-//W3C//DTD HTML 4.01//EN", "");
    /// let root = sink.finish().root;
    /// let doctype = root.first_child().unwrap().as_doctype().unwrap();
    /// assert_eq!(doctype.name(), "html");
    /// ```
    pub fn name(&self) -> &str {
        &self.strings.get()[..self.name_end]
    }
    /// The public identifier, or `""`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, DomSink};
    /// use kauri_tree_builder::TreeSink;
    /// // `kauri::parse("<!DOCTYPE html PUBLIC ...>")` makes one; here a sink does.
    /// let arena = Arena::new();
    /// let mut sink = DomSink::new(&arena);
    /// sink.append_doctype_to_document("html", "-//W3C//DTD HTML 4.01//EN", "");
    /// let root = sink.finish().root;
    /// let doctype = root.first_child().unwrap().as_doctype().unwrap();
    /// assert_eq!(doctype.public_id(), "-//W3C//DTD HTML 4.01//EN");
    /// ```
    pub fn public_id(&self) -> &str {
        &self.strings.get()[self.name_end..self.public_id_end]
    }
    /// The system identifier, or `""`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, DomSink};
    /// use kauri_tree_builder::TreeSink;
    /// // `kauri::parse("<!DOCTYPE html PUBLIC ...>")` makes one; here a sink does.
    /// let arena = Arena::new();
    /// let mut sink = DomSink::new(&arena);
    /// sink.append_doctype_to_document("html", "-//W3C//DTD HTML 4.01//EN", "");
    /// let root = sink.finish().root;
    /// let doctype = root.first_child().unwrap().as_doctype().unwrap();
    /// assert_eq!(doctype.system_id(), "");
    /// ```
    pub fn system_id(&self) -> &str {
        &self.strings.get()[self.public_id_end..]
    }
}

/// What [`Element::attrs`] gives for an element without attributes.
static EMPTY_ATTRIBUTES: Attributes = Attributes::with_hasher(BuildHasherDefault::new());

/// An element: qualified name, attributes in source order, and for an HTML `template` its
/// template contents.
// `repr(C)` keeps the name last, so the niche of its namespace byte is the element's last
// bytes: `NodeData` keeps its tag there and every other kind of node fits before it, which
// makes a node 8 bytes smaller than with a separate tag.
#[repr(C)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<a href=/x>x</a>", &body, &Default::default()).root;
/// let a = root.first_child().unwrap().as_element().unwrap();
/// assert_eq!((a.name(), a.attr("href")), ("a", Some("/x")));
/// ```
pub struct Element<'a> {
    /// The attributes, in source order, in the arena's store (none: no attributes). Set when
    /// the element is created, and replaced as a whole (never changed in place) by the
    /// [`DomSink`](crate::DomSink) that created the element (`add_attrs_if_missing`) and by
    /// the [`Editor`](crate::Editor); the list it replaces stays in the store, unchanged.
    pub(crate) attrs: Cell<Option<&'a AttrList<'a>>>,
    /// For an `option`: its selectedness. For a `selectedcontent`: its "disabled" state. Both
    /// exist for the `selectedcontent` hooks that run while parsing.
    pub(crate) flag: Cell<bool>,
    /// For an HTML `template`: its template contents (a DocumentFragment, set at creation).
    /// For a shadow host: its shadow root (a ShadowRoot node). For a form-associated element:
    /// its form owner (a `form` element). The three sets of elements are disjoint (a template
    /// is neither a valid shadow host nor form-associated, and no form-associated element is
    /// a valid shadow host), so one link serves all three and the node stays small; the
    /// kind of the node it points to says which it is (see `crate::shadow`).
    pub(crate) associated: Cell<Option<&'a Node<'a>>>,
    /// Never dropped: a long name's reference count is held by the arena's store (see
    /// `Store::qual_name`).
    pub(crate) name: ManuallyDrop<QualName>,
}

impl<'a> Element<'a> {
    /// The qualified name (namespace and local name).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<svg></svg>", &body, &Default::default()).root;
    /// use kauri::Namespace;
    /// let svg = root.first_child().unwrap().as_element().unwrap();
    /// assert_eq!(svg.qual_name(), &QualName::new(Namespace::Svg, LocalName::from("svg")));
    /// ```
    pub fn qual_name(&self) -> &QualName {
        &self.name
    }
    /// The local name as an atom (`local_name!("div")`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p></p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap().as_element().unwrap();
    /// assert_eq!(p.local_name(), &LocalName::from("p"));
    /// ```
    pub fn local_name(&self) -> &LocalName {
        &self.name.local
    }
    /// The local name as a string.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<svg><foreignObject/></svg>", &body, &Default::default()).root;
    /// let f = root.first_child().unwrap().first_child().unwrap().as_element().unwrap();
    /// assert_eq!(f.name(), "foreignObject");
    /// ```
    pub fn name(&self) -> &str {
        &self.name.local
    }
    /// The namespace.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<math></math>", &body, &Default::default()).root;
    /// let math = root.first_child().unwrap().as_element().unwrap();
    /// assert_eq!(math.namespace(), kauri::Namespace::MathMl);
    /// ```
    pub fn namespace(&self) -> Namespace {
        self.name.ns
    }
    /// True for the HTML element with this local name.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap().as_element().unwrap();
    /// assert!(p.is_html(&LocalName::from("p")));
    /// ```
    pub fn is_html(&self, local: &LocalName) -> bool {
        self.name.is_html(local)
    }
    /// All attributes, in source order, keyed by (namespace, local name).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<a href=/x id=k>x</a>", &body, &Default::default()).root;
    /// let a = root.first_child().unwrap().as_element().unwrap();
    /// let names: Vec<&str> = a.attrs().keys().map(|name| &*name.local).collect();
    /// assert_eq!(names, ["href", "id"]);
    /// ```
    ///
    /// The map is built on the first call (from the list the element keeps in its arena) and
    /// kept until the arena is dropped; [`Element::attr`], [`Element::attributes`] and the
    /// serializers read the list and never build it.
    pub fn attrs(&self) -> &Attributes {
        match self.attrs.get() {
            Some(list) => list.map(),
            None => &EMPTY_ATTRIBUTES,
        }
    }
    /// The attributes in source order, as (name, value) pairs, without building the map of
    /// [`Element::attrs`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<a href=/x id=k>x</a>", &body, &Default::default()).root;
    /// let a = root.first_child().unwrap().as_element().unwrap();
    /// let pairs: Vec<(&str, &str)> = a.attributes().map(|(name, value)| (&*name.local, value)).collect();
    /// assert_eq!(pairs, [("href", "/x"), ("id", "k")]);
    /// ```
    pub fn attributes(&self) -> impl ExactSizeIterator<Item = (&AttrName, &str)> + Clone {
        self.attr_list().iter().map(|a| (&*a.name, a.value()))
    }
    /// The attributes as owned [`Attribute`](kauri_tokenizer::Attribute)s, in order (for
    /// clones and attribute merges).
    pub(crate) fn attribute_copies(&self) -> Vec<kauri_tokenizer::Attribute> {
        owned_copies(self.attr_list())
    }

    /// The attributes of the token the element was created for, as owned
    /// [`Attribute`](kauri_tokenizer::Attribute)s, in order: its attributes, unless a sink
    /// filtered them at creation and kept them for the tree builder
    /// ([`DomSink::create_element_retaining`](crate::DomSink::create_element_retaining)).
    /// (The tree builder's [`element_attrs`](kauri_tree_builder::TreeSink::element_attrs).)
    pub(crate) fn token_attribute_copies(&self) -> Vec<kauri_tokenizer::Attribute> {
        owned_copies(self.attrs.get().map_or(&[], |list| list.token_attrs()))
    }
    /// The element's `is` value (§ concept-element-is-value of the DOM standard): the value
    /// of the `is` attribute it was created with, which later changes to its attributes do not
    /// change. The HTML serialization writes it as an `is` attribute when the element no longer
    /// has one, so a customized built-in element stays one through a serialize-parse round
    /// trip.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::parse_fragment("<p is=super-p title=t>x</p>", "div", &Default::default())?;
    /// let p = doc.root().first_child().unwrap();
    /// assert_eq!(p.as_element().unwrap().is_value(), Some("super-p"));
    /// // Removing the attribute leaves the value, and the serialization writes it back.
    /// doc.edit(|ed| {
    ///     let p = ed.root().first_child().unwrap();
    ///     assert_eq!(ed.remove_attribute(p, "is"), Ok(true));
    ///     assert_eq!(ed.remove_attribute(p, "title"), Ok(true));
    /// });
    /// let p = doc.root().first_child().unwrap();
    /// assert_eq!(p.as_element().unwrap().attrs().len(), 0);
    /// assert_eq!(p.as_element().unwrap().is_value(), Some("super-p"));
    /// assert_eq!(doc.to_html(), r#"<p is="super-p">x</p>"#);
    /// # Ok::<(), kauri::ContextError>(())
    /// ```
    pub fn is_value(&self) -> Option<&'a str> {
        self.attrs.get().and_then(|list| list.is_value())
    }

    /// The `is` value the HTML serialization writes before the attributes: the element's
    /// [`is_value`](Element::is_value) when it has no `is` attribute any more (none while it
    /// has one: the attribute is written as any other).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::parse_fragment("<p is=super-p>x</p>", "div", &Default::default())?;
    /// let p = doc.root().first_child().unwrap();
    /// assert_eq!(p.as_element().unwrap().is_value_to_serialize(), None);
    /// let removed = doc.edit(|ed| ed.remove_attribute(ed.root().first_child().unwrap(), "is"));
    /// assert_eq!(removed, Ok(true));
    /// let p = doc.root().first_child().unwrap();
    /// assert_eq!(p.as_element().unwrap().is_value_to_serialize(), Some("super-p"));
    /// # Ok::<(), kauri::ContextError>(())
    /// ```
    #[inline]
    pub fn is_value_to_serialize(&self) -> Option<&'a str> {
        self.attrs
            .get()
            .and_then(|list| list.is_value_to_serialize())
    }

    /// The attribute list (empty for none).
    pub(crate) fn attr_list(&self) -> &[crate::store::Attr<'a>] {
        self.attrs.get().map_or(&[], |list| list.items)
    }
    /// The value of the attribute in no namespace with this local name.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<a href=/x>x</a>", &body, &Default::default()).root;
    /// let a = root.first_child().unwrap().as_element().unwrap();
    /// assert_eq!(a.attr("href"), Some("/x"));
    /// assert_eq!(a.attr("title"), None);
    /// ```
    pub fn attr(&self, local: &str) -> Option<&str> {
        self.attr_ns(AttrNamespace::None, local)
    }
    /// The value of the attribute with this namespace and local name (`xlink`, `href`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, r##"<svg><a xlink:href="#s"/></svg>"##, &body, &Default::default()).root;
    /// let a = root.first_child().unwrap().first_child().unwrap().as_element().unwrap();
    /// assert_eq!(a.attr_ns(kauri::AttrNamespace::XLink, "href"), Some("#s"));
    /// ```
    pub fn attr_ns(&self, ns: AttrNamespace, local: &str) -> Option<&str> {
        self.attr_list()
            .iter()
            .find(|a| a.name.ns == ns && &*a.name.local == local)
            .map(|a| a.value())
    }
    /// The value of the attribute with this name.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p title=t>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap().as_element().unwrap();
    /// let title = kauri::AttrName::new(LocalName::from("title"));
    /// assert_eq!(p.attr_by_name(&title), Some("t"));
    /// ```
    pub fn attr_by_name(&self, name: &AttrName) -> Option<&str> {
        self.attr_list()
            .iter()
            .find(|a| *a.name == *name)
            .map(|a| a.value())
    }
    /// Whether the element has an attribute in no namespace with this local name.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<input disabled>", &body, &Default::default()).root;
    /// let input = root.first_child().unwrap().as_element().unwrap();
    /// assert!(input.has_attr("disabled") && !input.has_attr("checked"));
    /// ```
    pub fn has_attr(&self, local: &str) -> bool {
        self.attr(local).is_some()
    }
    /// The `id` attribute.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=intro>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap().as_element().unwrap();
    /// assert_eq!(p.id(), Some("intro"));
    /// ```
    pub fn id(&self) -> Option<&str> {
        self.attr("id")
    }
    /// The classes: the `class` attribute split on ASCII whitespace.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p class=' a  b\tc '>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap().as_element().unwrap();
    /// assert_eq!(p.classes().collect::<Vec<_>>(), ["a", "b", "c"]);
    /// assert!(p.has_class("b") && !p.has_class("d"));
    /// ```
    pub fn classes(&self) -> impl Iterator<Item = &str> + Clone {
        self.attr("class")
            .unwrap_or("")
            .split([' ', '\t', '\n', '\x0C', '\r'])
            .filter(|c| !c.is_empty())
    }
    /// Whether the `class` attribute lists this class (case-sensitive, as in no-quirks mode).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p class='a b'>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap().as_element().unwrap();
    /// assert!(p.has_class("b") && !p.has_class("a b"));
    /// ```
    pub fn has_class(&self, class: &str) -> bool {
        self.classes().any(|c| c == class)
    }
    /// For an HTML `template`: its template contents (a DocumentFragment node).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<template><li>x</template>", &body, &Default::default()).root;
    /// let template = root.first_child().unwrap();
    /// let contents = template.as_element().unwrap().template_contents().unwrap();
    /// assert!(template.first_child().is_none()); // the contents are not children
    /// assert_eq!(contents.inner_html(), "<li>x</li>");
    /// ```
    pub fn template_contents(&self) -> Option<&'a Node<'a>> {
        let linked = self.associated.get()?;
        matches!(linked.data, NodeData::DocumentFragment).then_some(linked)
    }
}

/// A Text node.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "x &lt; y", &body, &Default::default()).root;
/// let kauri::NodeData::Text(text) = root.first_child().unwrap().data() else { unreachable!() };
/// assert_eq!(text.data(), "x < y");
/// ```
pub struct Text {
    /// The string, in the arena's store. Grows in place (adjacent text merging, by the
    /// [`DomSink`](crate::DomSink) that created the node) or is replaced as a whole (by the
    /// [`Editor`](crate::Editor)); see `TextData`.
    pub(crate) data: TextData,
}

impl Text {
    /// The text.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "a&amp;b", &body, &Default::default()).root;
    /// let kauri::NodeData::Text(text) = root.first_child().unwrap().data() else { unreachable!() };
    /// assert_eq!(text.data(), "a&b");
    /// ```
    pub fn data(&self) -> &str {
        self.data.get()
    }
}

/// A Comment node.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<!--c-->", &body, &Default::default()).root;
/// let kauri::NodeData::Comment(c) = root.first_child().unwrap().data() else { unreachable!() };
/// assert_eq!(c.data(), "c");
/// ```
pub struct Comment {
    pub(crate) data: ArenaStr,
}

impl Comment {
    /// The comment's data (what is between `<!--` and `-->`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<!-- note -->", &body, &Default::default()).root;
    /// let kauri::NodeData::Comment(comment) = root.first_child().unwrap().data() else { unreachable!() };
    /// assert_eq!(comment.data(), " note ");
    /// ```
    pub fn data(&self) -> &str {
        self.data.get()
    }
}

/// A ProcessingInstruction node.
pub struct ProcessingInstruction {
    pub(crate) target: ArenaStr,
    pub(crate) data: ArenaStr,
}

impl ProcessingInstruction {
    /// The target (case preserved).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, DomSink};
    /// use kauri_tree_builder::{NodeOrText, TreeSink};
    /// // The parser makes one from `<?xml-stylesheet href=a.css?>` (the 2026 standard).
    /// let arena = Arena::new();
    /// let mut sink = DomSink::new(&arena);
    /// let document = sink.document();
    /// let pi = sink.create_processing_instruction("xml-stylesheet", "href=a.css");
    /// sink.append(&document, NodeOrText::Node(pi));
    /// let root = sink.finish().root;
    /// let pi = root.first_child().unwrap().as_processing_instruction().unwrap();
    /// assert_eq!(pi.target(), "xml-stylesheet");
    /// ```
    pub fn target(&self) -> &str {
        self.target.get()
    }
    /// The data.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, DomSink};
    /// use kauri_tree_builder::{NodeOrText, TreeSink};
    /// // The parser makes one from `<?xml-stylesheet href=a.css?>` (the 2026 standard).
    /// let arena = Arena::new();
    /// let mut sink = DomSink::new(&arena);
    /// let document = sink.document();
    /// let pi = sink.create_processing_instruction("xml-stylesheet", "href=a.css");
    /// sink.append(&document, NodeOrText::Node(pi));
    /// let root = sink.finish().root;
    /// let pi = root.first_child().unwrap().as_processing_instruction().unwrap();
    /// assert_eq!(pi.data(), "href=a.css");
    /// ```
    pub fn data(&self) -> &str {
        self.data.get()
    }
}

/// The kind of a node, without its data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Document, NodeKind};
/// assert_eq!(Document::new().root().kind(), NodeKind::Document);
/// ```
pub enum NodeKind {
    /// A Document.
    Document,
    /// A DocumentFragment.
    DocumentFragment,
    /// A DocumentType.
    Doctype,
    /// An Element.
    Element,
    /// A Text node.
    Text,
    /// A Comment.
    Comment,
    /// A ProcessingInstruction.
    ProcessingInstruction,
    /// A ShadowRoot.
    ShadowRoot,
}

impl<'a> Node<'a> {
    /// A detached node with this data and these source ranges (given before it is allocated,
    /// so nothing can read them).
    #[inline]
    pub(crate) fn new(data: NodeData<'a>, spans: Option<&'a Cell<Spans>>) -> Node<'a> {
        Node {
            parent: Cell::new(None),
            first_child: Cell::new(None),
            last_child: Cell::new(None),
            prev_sibling: Cell::new(None),
            next_sibling: Cell::new(None),
            spans: Cell::new(spans),
            data,
        }
    }

    /// The node's data.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
    /// assert!(matches!(root.data(), kauri::NodeData::DocumentFragment));
    /// assert!(matches!(root.first_child().unwrap().data(), kauri::NodeData::Element(_)));
    /// ```
    pub fn data(&self) -> &NodeData<'a> {
        &self.data
    }

    /// The node's kind.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>x</p><!--c-->", &body, &Default::default()).root;
    /// use kauri::NodeKind;
    /// let kinds: Vec<NodeKind> = root.descendants().map(|n| n.kind()).collect();
    /// assert_eq!(kinds, [NodeKind::Element, NodeKind::Text, NodeKind::Comment]);
    /// ```
    pub fn kind(&self) -> NodeKind {
        match self.data {
            NodeData::Document(_) => NodeKind::Document,
            NodeData::DocumentFragment => NodeKind::DocumentFragment,
            NodeData::Doctype(_) => NodeKind::Doctype,
            NodeData::Element(_) => NodeKind::Element,
            NodeData::Text(_) => NodeKind::Text,
            NodeData::Comment(_) => NodeKind::Comment,
            NodeData::ProcessingInstruction(_) => NodeKind::ProcessingInstruction,
            NodeData::ShadowRoot(_) => NodeKind::ShadowRoot,
        }
    }

    /// The element data, if this is an element.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert_eq!(p.as_element().map(|e| e.name()), Some("p"));
    /// assert!(p.first_child().unwrap().as_element().is_none());
    /// ```
    pub fn as_element(&self) -> Option<&Element<'a>> {
        match &self.data {
            NodeData::Element(e) => Some(e),
            _ => None,
        }
    }

    /// The text, if this is a Text node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert_eq!(p.first_child().unwrap().as_text(), Some("x"));
    /// assert_eq!(p.as_text(), None);
    /// ```
    pub fn as_text(&self) -> Option<&str> {
        match &self.data {
            NodeData::Text(t) => Some(t.data()),
            _ => None,
        }
    }

    /// The comment data, if this is a Comment node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<!--c-->", &body, &Default::default()).root;
    /// assert_eq!(root.first_child().unwrap().as_comment(), Some("c"));
    /// ```
    pub fn as_comment(&self) -> Option<&str> {
        match &self.data {
            NodeData::Comment(c) => Some(c.data()),
            _ => None,
        }
    }

    /// The doctype data, if this is a DocumentType node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::Document::new();
    /// assert!(doc.root().as_doctype().is_none()); // `kauri::parse("<!DOCTYPE html>")` has one
    /// ```
    pub fn as_doctype(&self) -> Option<&Doctype> {
        match &self.data {
            NodeData::Doctype(d) => Some(d),
            _ => None,
        }
    }

    /// The processing instruction, if this is one.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::Document::new();
    /// assert!(doc.root().as_processing_instruction().is_none());
    /// ```
    pub fn as_processing_instruction(&self) -> Option<&ProcessingInstruction> {
        match &self.data {
            NodeData::ProcessingInstruction(p) => Some(p),
            _ => None,
        }
    }

    /// True for an element.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert!(p.is_element() && !p.first_child().unwrap().is_element());
    /// ```
    pub fn is_element(&self) -> bool {
        matches!(self.data, NodeData::Element(_))
    }

    /// True for a Text node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert!(p.first_child().unwrap().is_text() && !p.is_text());
    /// ```
    pub fn is_text(&self) -> bool {
        matches!(self.data, NodeData::Text(_))
    }

    /// True for the HTML element with this local name.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<a>x</a><svg><a/></svg>", &body, &Default::default()).root;
    /// let a = LocalName::from("a");
    /// assert_eq!(root.descendants().filter(|n| n.is_html_element(&a)).count(), 1);
    /// ```
    pub fn is_html_element(&self, local: &LocalName) -> bool {
        match &self.data {
            NodeData::Element(e) => e.name.is_html(local),
            _ => false,
        }
    }

    /// The source range of this node (an element's start tag; a whole comment, doctype or PI),
    /// when locations were recorded. Elements the parser implied have none.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let opts = ParseOptions { locations: true, ..Default::default() };
    /// let root = parse_fragment_in(&arena, "x<div>y</div>", &body, &opts).root;
    /// let div = root.last_child().unwrap();
    /// assert_eq!(div.span().map(|s| (s.start, s.end)), Some((1, 6))); // `<div>`
    /// assert_eq!(div.end_tag_span().map(|s| (s.start, s.end)), Some((7, 13))); // `</div>`
    /// ```
    pub fn span(&self) -> Option<Span> {
        self.spans_ref().and_then(|s| s.node)
    }

    /// The source range of an element's end tag, when locations were recorded and the end tag
    /// was in the input.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let opts = ParseOptions { locations: true, ..Default::default() };
    /// let root = parse_fragment_in(&arena, "<div>x</div><div>y", &body, &opts).root;
    /// let ends: Vec<bool> = root.children().map(|d| d.end_tag_span().is_some()).collect();
    /// assert_eq!(ends, [true, false]); // the second `</div>` is not in the input
    /// ```
    pub fn end_tag_span(&self) -> Option<Span> {
        self.spans_ref().and_then(|s| s.end_tag)
    }

    fn spans_ref(&self) -> Option<Spans> {
        self.spans.get().map(Cell::get)
    }

    /// Changes the node's spans (the [`DomSink`](crate::DomSink) that created the node),
    /// storing them in `arena` the first time.
    pub(crate) fn update_spans(&self, arena: &'a Arena<'a>, f: impl FnOnce(&mut Spans)) {
        let cell = match self.spans.get() {
            Some(cell) => cell,
            None => {
                let cell = arena.store.alloc_spans(Spans::default());
                self.spans.set(Some(cell));
                cell
            }
        };
        let mut spans = cell.get();
        f(&mut spans);
        cell.set(spans);
    }

    /// The parent node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=x>a<b>b</b><!--c--></p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert!(p.first_child().unwrap().parent().unwrap().same_node(p));
    /// assert!(root.parent().is_none());
    /// ```
    pub fn parent(&self) -> Option<&'a Node<'a>> {
        self.parent.get()
    }

    /// The first child.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=x>a<b>b</b><!--c--></p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert_eq!(p.first_child().unwrap().as_text(), Some("a"));
    /// ```
    pub fn first_child(&self) -> Option<&'a Node<'a>> {
        self.first_child.get()
    }

    /// The last child.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=x>a<b>b</b><!--c--></p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert_eq!(p.last_child().unwrap().as_comment(), Some("c"));
    /// ```
    pub fn last_child(&self) -> Option<&'a Node<'a>> {
        self.last_child.get()
    }

    /// The previous sibling.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=x>a<b>b</b><!--c--></p>", &body, &Default::default()).root;
    /// let comment = root.first_child().unwrap().last_child().unwrap();
    /// assert_eq!(comment.prev_sibling().unwrap().text_content(), "b");
    /// ```
    pub fn prev_sibling(&self) -> Option<&'a Node<'a>> {
        self.prev_sibling.get()
    }

    /// The next sibling.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=x>a<b>b</b><!--c--></p>", &body, &Default::default()).root;
    /// let a = root.first_child().unwrap().first_child().unwrap();
    /// assert_eq!(a.next_sibling().unwrap().text_content(), "b");
    /// assert!(root.first_child().unwrap().next_sibling().is_none());
    /// ```
    pub fn next_sibling(&self) -> Option<&'a Node<'a>> {
        self.next_sibling.get()
    }

    /// Whether `self` and `other` are the same node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=x>a<b>b</b><!--c--></p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert!(p.same_node(root.element_by_id("x").unwrap()));
    /// assert!(!p.same_node(root));
    /// ```
    pub fn same_node(&self, other: &Node<'_>) -> bool {
        std::ptr::eq(
            self as *const Node<'_> as *const u8,
            other as *const Node<'_> as *const u8,
        )
    }

    // ---- link edits (crate-private: only the sink builds trees) ----
    //
    // A node without a parent has no siblings either: a new node has no links, `detach` clears
    // all three, `append` gives the node a parent, and `insert_before` does nothing beside a
    // node without a parent. So a node without a parent has nothing to be detached from.

    /// Removes the node from its parent and siblings (DOM "remove", without hooks).
    pub(crate) fn detach(&self) {
        let parent = self.parent.take();
        let prev = self.prev_sibling.take();
        let next = self.next_sibling.take();
        if let Some(next) = next {
            next.prev_sibling.set(prev);
        } else if let Some(parent) = parent {
            parent.last_child.set(prev);
        }
        if let Some(prev) = prev {
            prev.next_sibling.set(next);
        } else if let Some(parent) = parent {
            parent.first_child.set(next);
        }
    }

    /// Appends `child` (detached first) as the last child of `self`.
    #[inline]
    pub(crate) fn append(&'a self, child: &'a Node<'a>) {
        if child.parent.get().is_some() {
            child.detach();
        }
        self.append_parentless(child);
    }

    /// Appends `child`, which has no parent (and so no siblings), as the last child of `self`.
    #[inline]
    pub(crate) fn append_parentless(&'a self, child: &'a Node<'a>) {
        debug_assert!(
            child.parent.get().is_none()
                && child.prev_sibling.get().is_none()
                && child.next_sibling.get().is_none()
        );
        child.parent.set(Some(self));
        if let Some(last) = self.last_child.get() {
            child.prev_sibling.set(Some(last));
            last.next_sibling.set(Some(child));
        } else {
            self.first_child.set(Some(child));
        }
        self.last_child.set(Some(child));
    }

    /// Inserts `new_sibling` (detached first) just before `self`, in `self`'s parent. Does
    /// nothing when `self` has no parent (so that a node without a parent never gets a
    /// sibling; every caller passes a node with one).
    pub(crate) fn insert_before(&'a self, new_sibling: &'a Node<'a>) {
        let Some(parent) = self.parent.get() else {
            return;
        };
        new_sibling.detach();
        new_sibling.parent.set(Some(parent));
        new_sibling.next_sibling.set(Some(self));
        if let Some(prev) = self.prev_sibling.take() {
            new_sibling.prev_sibling.set(Some(prev));
            prev.next_sibling.set(Some(new_sibling));
        } else {
            parent.first_child.set(Some(new_sibling));
        }
        self.prev_sibling.set(Some(new_sibling));
    }
}

impl std::fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.data {
            NodeData::Document(_) => f.write_str("#document"),
            NodeData::DocumentFragment => f.write_str("#document-fragment"),
            NodeData::Doctype(d) => write!(f, "<!DOCTYPE {}>", d.name()),
            NodeData::Element(e) => write!(f, "<{} {}>", e.name.ns.short_name(), e.name.local),
            NodeData::Text(t) => write!(f, "{:?}", t.data()),
            NodeData::Comment(c) => write!(f, "<!--{}-->", c.data()),
            NodeData::ProcessingInstruction(p) => write!(f, "<?{} {}?>", p.target(), p.data()),
            NodeData::ShadowRoot(r) => write!(f, "#shadow-root ({})", r.mode().as_str()),
        }
    }
}

/// The data of a ShadowRoot node (DOM `ShadowRoot`).
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
/// let (arena, body) = (Arena::new(), FragmentContext::html("body"));
/// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
/// let html = "<div><template shadowrootmode=closed shadowrootclonable>x</template></div>";
/// let doc = parse_fragment_in(&arena, html, &body, &options).root;
/// let div = doc.select_str("div").unwrap().next().unwrap();
/// let root = div.shadow_root().unwrap().as_shadow_root().unwrap();
/// assert_eq!(root.mode(), kauri::ShadowRootMode::Closed);
/// assert!(root.clonable() && !root.serializable() && root.is_declarative());
/// assert!(root.host().same_node(div));
/// ```
pub struct ShadowRoot<'a> {
    pub(crate) host: &'a Node<'a>,
    pub(crate) mode: kauri_tree_builder::ShadowRootMode,
    pub(crate) slot_assignment: kauri_tree_builder::SlotAssignmentMode,
    pub(crate) delegates_focus: bool,
    pub(crate) serializable: bool,
    pub(crate) clonable: bool,
    pub(crate) declarative: bool,
    pub(crate) available_to_element_internals: bool,
    pub(crate) keep_custom_element_registry_null: bool,
}

impl<'a> ShadowRoot<'a> {
    /// The shadow host (the element the root is attached to).
    pub fn host(&self) -> &'a Node<'a> {
        self.host
    }
    /// The mode: open or closed.
    pub fn mode(&self) -> kauri_tree_builder::ShadowRootMode {
        self.mode
    }
    /// "delegates focus" (`shadowrootdelegatesfocus`).
    pub fn delegates_focus(&self) -> bool {
        self.delegates_focus
    }
    /// "serializable" (`shadowrootserializable`): `getHTML` with serializable shadow roots
    /// writes it ([`GetHtmlOptions::serializable_shadow_roots`](crate::serialize::html::GetHtmlOptions::serializable_shadow_roots)).
    pub fn serializable(&self) -> bool {
        self.serializable
    }
    /// "clonable" (`shadowrootclonable`).
    pub fn clonable(&self) -> bool {
        self.clonable
    }
    /// The slot assignment mode (`shadowrootslotassignment`).
    pub fn slot_assignment(&self) -> kauri_tree_builder::SlotAssignmentMode {
        self.slot_assignment
    }
    /// "declarative": true for a root the parser attached.
    pub fn is_declarative(&self) -> bool {
        self.declarative
    }
    /// "available to element internals": true for a root the parser attached.
    pub fn available_to_element_internals(&self) -> bool {
        self.available_to_element_internals
    }
    /// "keep custom element registry null" (`shadowrootcustomelementregistry`): the root's
    /// custom element registry is null rather than the document's.
    pub fn keep_custom_element_registry_null(&self) -> bool {
        self.keep_custom_element_registry_null
    }
}

/// Owned copies of attributes of a store, in order.
fn owned_copies(attrs: &[crate::store::Attr<'_>]) -> Vec<kauri_tokenizer::Attribute> {
    attrs
        .iter()
        .map(|a| kauri_tokenizer::Attribute {
            name: (*a.name).clone(),
            value: a.value().to_owned(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_node_kind_tag_takes_no_room() {
        assert_eq!(
            std::mem::size_of::<NodeData<'_>>(),
            std::mem::size_of::<Element<'_>>()
        );
    }

    #[test]
    fn attribute_store_is_one_word() {
        // Every node in the arena is as large as an element, so an element's attribute store
        // stays small: one pointer to a list in the arena's store.
        assert_eq!(std::mem::size_of::<Option<&AttrList<'_>>>(), 8);
    }

    #[test]
    fn attributes_added_to_an_element_without_any() {
        let doc = crate::test_support::parse_document("<html><body><html lang=en><body class=b>");
        let html = doc.root().first_child().unwrap().as_element().unwrap();
        assert_eq!(html.attr("lang"), Some("en"));
        let body = doc.root().first_child().unwrap().last_child().unwrap();
        assert_eq!(body.as_element().unwrap().attr("class"), Some("b"));
        let head = doc.root().first_child().unwrap().first_child().unwrap();
        assert!(head.as_element().unwrap().attrs().is_empty());
    }
}
