//! The interface between the tree builder and the document it builds (normally the arena DOM).

use kauri_tokenizer::{Attribute, ParseError, QualName, Span};

/// The document's quirks mode (13.2.6.4.1 "the initial insertion mode").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum QuirksMode {
    /// "no-quirks" mode.
    #[default]
    NoQuirks,
    /// "limited-quirks" mode.
    LimitedQuirks,
    /// "quirks" mode.
    Quirks,
}

impl QuirksMode {
    /// The name used by the JSON output: `no-quirks`, `limited-quirks` or `quirks`.
    pub fn as_str(self) -> &'static str {
        match self {
            QuirksMode::NoQuirks => "no-quirks",
            QuirksMode::LimitedQuirks => "limited-quirks",
            QuirksMode::Quirks => "quirks",
        }
    }
}

/// A child to insert: a node the sink created, or text to add (merged into an adjacent text
/// node when the previous sibling at that place is text, as the standard's "insert a character").
#[derive(Debug)]
pub enum NodeOrText<'a, Handle> {
    /// An existing node.
    Node(Handle),
    /// Text.
    Text(&'a str),
}

/// Builds the document the tree builder describes. Handles are opaque to the tree builder;
/// it only stores, clones and passes them back.
///
/// The tree builder keeps element names and flags on its own stack, so the sink is never asked
/// for them on a hot path.
pub trait TreeSink {
    /// A reference to a node of the document being built.
    type Handle: Clone + PartialEq;

    /// The Document node.
    fn document(&mut self) -> Self::Handle;

    /// Creates an element (not yet inserted). For an HTML `template` the sink also creates its
    /// template contents (a DocumentFragment, see [`TreeSink::template_contents`]).
    fn create_element(&mut self, name: QualName, attrs: Vec<Attribute>) -> Self::Handle;

    /// Creates a comment node.
    fn create_comment(&mut self, data: &str) -> Self::Handle;

    /// Creates a processing instruction node.
    fn create_processing_instruction(&mut self, target: &str, data: &str) -> Self::Handle;

    /// Appends a DocumentType node to the Document.
    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str);

    /// Appends `child` as the last child of `parent` (text merges with a last-child text node).
    fn append(&mut self, parent: &Self::Handle, child: NodeOrText<'_, Self::Handle>);

    /// Inserts `child` just before `sibling`, in `sibling`'s parent (foster parenting; text
    /// merges with a text node right before `sibling`).
    fn insert_before(&mut self, sibling: &Self::Handle, child: NodeOrText<'_, Self::Handle>);

    /// Whether the node has a parent (foster parenting asks this of the `table`).
    fn has_parent(&self, node: &Self::Handle) -> bool;

    /// Removes the node from its parent, if it has one.
    fn detach(&mut self, node: &Self::Handle);

    /// Moves all children of `node` to the end of `new_parent`'s children, in order
    /// (the adoption agency algorithm, step 4.17).
    fn reparent_children(&mut self, node: &Self::Handle, new_parent: &Self::Handle);

    /// The template contents (a DocumentFragment) of an HTML `template` element.
    fn template_contents(&mut self, template: &Self::Handle) -> Self::Handle;

    /// Adds each attribute the element does not have yet (`<html>`/`<body>` start tags in body).
    fn add_attrs_if_missing(&mut self, element: &Self::Handle, attrs: Vec<Attribute>);

    /// Whether [`TreeSink::element_attrs`] gives back the attributes of the elements this sink
    /// creates. When true, the tree builder keeps no copy of a formatting element's
    /// attributes for the list of active formatting elements (13.2.4.3): it asks the sink
    /// when it recreates the element or compares attribute sets (the Noah's Ark clause). The
    /// default is false (the tree builder keeps a copy).
    fn keeps_element_attrs(&self) -> bool {
        false
    }

    /// The attributes of an element this sink created, in order: those given to
    /// [`TreeSink::create_element`] (only `html` and `body` ever get more, through
    /// [`TreeSink::add_attrs_if_missing`], and those are never formatting elements). Only
    /// called when [`TreeSink::keeps_element_attrs`] is true. The default returns none.
    fn element_attrs(&self, element: &Self::Handle) -> Vec<Attribute> {
        let _ = element;
        Vec::new()
    }

    /// Sets the Document's quirks mode.
    fn set_quirks_mode(&mut self, mode: QuirksMode);

    /// Reports a parse error (tokenizer and tree construction errors alike, in input order).
    fn parse_error(&mut self, error: ParseError) {
        let _ = error;
    }

    /// An element was popped off the stack of open elements. The DOM uses this for the
    /// 2025 `selectedcontent` rule ("maybe clone an option into selectedcontent" when an
    /// `option` is popped). Every pop is reported, including "pop all the nodes" when
    /// parsing stops; the standard's "remove from the stack of open elements" steps are not
    /// pops and are not reported (`</form>`, the `head` pushed back in "after head", the `a`
    /// removed after a nested `<a>`, and the adoption agency algorithm's removals). The
    /// default does nothing.
    fn pop(&mut self, element: &Self::Handle) {
        let _ = element;
    }

    /// A `script` end tag was processed for this element ("in text" mode). An embedding engine
    /// would run the script here; Kauri runs no JavaScript. The default does nothing.
    ///
    /// `crates/kauri/examples/count_elements.rs` implements it (it counts the scripts that
    /// became ready to run): `echo '<script>a()</script>' | cargo run -p kauri --example count_elements`.
    fn script_end_tag(&mut self, script: &Self::Handle) {
        let _ = script;
    }

    /// Whether the sink records source locations. When false the tree builder never calls
    /// [`TreeSink::set_span`] or [`TreeSink::set_end_tag_span`].
    fn wants_spans(&self) -> bool {
        false
    }

    /// Records the source range of a node: an element's start tag, or a whole text, comment,
    /// doctype or PI node (for text merged from several tokens, the range grows).
    fn set_span(&mut self, node: &Self::Handle, span: Span) {
        let _ = (node, span);
    }

    /// Records the source range of an element's end tag.
    fn set_end_tag_span(&mut self, element: &Self::Handle, span: Span) {
        let _ = (element, span);
    }

    /// Records the source range of the characters the previous [`TreeSink::append`] or
    /// [`TreeSink::insert_before`] of a [`NodeOrText::Text`] inserted (into a new text node,
    /// or merged into the text node before the insertion point, whose range then grows).
    /// The range is that of the character tokens the text came from. Only called when
    /// [`TreeSink::wants_spans`] is true. The default does nothing.
    fn set_text_span(&mut self, span: Span) {
        let _ = span;
    }

    /// Records the source range of the DocumentType node the previous
    /// [`TreeSink::append_doctype_to_document`] created. Only called when
    /// [`TreeSink::wants_spans`] is true. The default does nothing.
    fn set_doctype_span(&mut self, span: Span) {
        let _ = span;
    }
}
