//! The interface between the tree builder and the document it builds (normally the arena DOM).

use kauri_tokenizer::{Attribute, DistinctAttrs, ParseError, QualName, Span};

/// The document's quirks mode ("the initial insertion mode", § the-initial-insertion-mode).
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

/// A shadow root's mode (DOM `ShadowRootMode`): the `shadowrootmode` attribute's Open or
/// Closed state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShadowRootMode {
    /// `open`.
    Open,
    /// `closed`.
    Closed,
}

impl ShadowRootMode {
    /// The keyword: `open` or `closed`.
    ///
    /// ```
    /// assert_eq!(kauri_tree_builder::ShadowRootMode::Closed.as_str(), "closed");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ShadowRootMode::Open => "open",
            ShadowRootMode::Closed => "closed",
        }
    }
}

/// A shadow root's slot assignment mode (DOM `SlotAssignmentMode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SlotAssignmentMode {
    /// `named` (the default).
    #[default]
    Named,
    /// `manual` (`shadowrootslotassignment=manual`).
    Manual,
}

impl SlotAssignmentMode {
    /// The keyword: `named` or `manual`.
    ///
    /// ```
    /// assert_eq!(kauri_tree_builder::SlotAssignmentMode::default().as_str(), "named");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            SlotAssignmentMode::Named => "named",
            SlotAssignmentMode::Manual => "manual",
        }
    }
}

/// What the "in head" template start tag (`§ parsing-main-inhead`, step 7) passes to
/// "attach a shadow root", read from the template's attributes.
///
/// ```
/// use kauri_tree_builder::{ShadowRootInit, ShadowRootMode, SlotAssignmentMode};
/// let init = ShadowRootInit {
///     mode: ShadowRootMode::Open,
///     delegates_focus: false,
///     serializable: true,
///     slot_assignment: SlotAssignmentMode::Named,
///     clonable: false,
///     custom_element_registry_null: false,
/// };
/// assert_eq!(init.mode.as_str(), "open");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShadowRootInit {
    /// `shadowrootmode` (step 7.4).
    pub mode: ShadowRootMode,
    /// `shadowrootdelegatesfocus` is present (step 7.5).
    pub delegates_focus: bool,
    /// `shadowrootserializable` is present (step 7.6).
    pub serializable: bool,
    /// `shadowrootslotassignment` is in the Manual state (steps 7.7 and 7.8).
    pub slot_assignment: SlotAssignmentMode,
    /// `shadowrootclonable` is present (step 7.9).
    pub clonable: bool,
    /// `shadowrootcustomelementregistry` is present: the registry is null (step 7.11.1) and the
    /// shadow root's "keep custom element registry null" is set (step 7.11.7).
    pub custom_element_registry_null: bool,
}

/// The result of "prepare content patching" for a `<template for>`: the template's insertion
/// target, insertion start marker and insertion end marker.
///
/// ```
/// // For `<div><?marker name="m"></div>`: the div is the target, the PI both markers.
/// let patch = kauri_tree_builder::ContentPatch { target: "div", start: "pi", end: Some("pi") };
/// assert_eq!(patch.end, Some(patch.start));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentPatch<Handle> {
    /// The insertion target: the start marker's parent (an element or a DocumentFragment).
    pub target: Handle,
    /// The insertion start marker (a `<?start>` or `<?marker>` processing instruction).
    pub start: Handle,
    /// The insertion end marker: the matching `<?end>`, the `<?marker>` itself, or `None` when
    /// a `<?start>` has no matching `<?end>`.
    pub end: Option<Handle>,
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
    /// template contents (a DocumentFragment, see [`TreeSink::template_contents`]). The
    /// attributes are lent for the call (most come straight from the tokenizer, which reuses
    /// their storage for the next tag): a sink copies what it keeps.
    fn create_element(&mut self, name: QualName, attrs: DistinctAttrs<'_>) -> Self::Handle;

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
    fn add_attrs_if_missing(&mut self, element: &Self::Handle, attrs: DistinctAttrs<'_>);

    /// Whether [`TreeSink::element_attrs`] gives back the attributes of the elements this sink
    /// creates. When true, the tree builder keeps no copy of a formatting element's attributes for
    /// the list of active formatting elements (§ the-list-of-active-formatting-elements): it asks
    /// the sink when it recreates the element or compares attribute sets (the Noah's Ark clause).
    /// The default is false (the tree builder keeps a copy).
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
    /// Only called when the tree builder's [`TreeBuilderOptions::errors`](crate::TreeBuilderOptions::errors) is true.
    fn parse_error(&mut self, error: ParseError) {
        let _ = error;
    }

    /// Names an element that the parse error just reported found open where the standard
    /// wants it closed (`eof-with-open-elements`, `end-tag-with-open-elements`, `eof-in-text`,
    /// `eof-in-template`, `eof-in-frameset`, and `unexpected-end-tag` for an end tag "in body"
    /// that closes elements opened after its element): called right after [`TreeSink::parse_error`],
    /// once per such element, outermost first, so that a checker can point at its start tag.
    /// Only called when [`TreeBuilderOptions::errors`](crate::TreeBuilderOptions::errors) is true. The default ignores it.
    ///
    /// ```
    /// use kauri_tree_builder::TreeSink;
    /// fn name_it<S: TreeSink>(sink: &mut S, element: &S::Handle) {
    ///     sink.unclosed_element(element); // after sink.parse_error(..)
    /// }
    /// ```
    fn unclosed_element(&mut self, element: &Self::Handle) {
        let _ = element;
    }

    /// Runs the DOM side of the "in head" template start tag's declarative shadow root steps
    /// (`§ parsing-main-inhead`, steps 7.10 and 7.11) for `host` (the adjusted current node)
    /// and returns the new shadow root, which the tree builder then uses as the template's
    /// template contents (step 7.11.6). Returns `None` when `host` is already a shadow host
    /// (step 7.10) or "attach a shadow root" throws (step 7.11.2: `host` is not in the HTML
    /// namespace or its local name is not a valid shadow host name); the tree builder then
    /// inserts the template as an ordinary one. On success the sink marks the shadow root
    /// declarative and available to element internals (steps 7.11.4, 7.11.5) and keeps its
    /// registry null when [`ShadowRootInit::custom_element_registry_null`] is set (7.11.7).
    ///
    /// Called only when the parser's "allow declarative shadow roots" flag is set
    /// ([`crate::TreeBuilderOptions::declarative_shadow_roots`]). The default returns `None`:
    /// a document without shadow roots, where every template stays ordinary.
    fn attach_declarative_shadow_root(
        &mut self,
        host: &Self::Handle,
        init: &ShadowRootInit,
    ) -> Option<Self::Handle> {
        let _ = (host, init);
        None
    }

    /// "Associate" `element` with `form` (`§ creating-and-inserting-nodes`, "create an element
    /// for a token", step 15), if `location` is in the same tree as `form`. Called right after
    /// [`TreeSink::create_element`], before the element is inserted, when the parser-side
    /// conditions hold: `element` is a form-associated element (`button`, `fieldset`,
    /// `input`, `object`, `output`, `select`, `textarea`, `img`), the form element pointer is
    /// `form`, the parser is not parsing template contents and not parsing a fragment, and
    /// the element is not a listed element with a `form` attribute. `location` is the
    /// intended parent, or a child of it when the element will be inserted before that child
    /// (either way a node of the intended parent's tree). The default does nothing: a
    /// document without form owners.
    fn associate_form_owner(
        &mut self,
        element: &Self::Handle,
        form: &Self::Handle,
        location: &Self::Handle,
    ) {
        let _ = (element, form, location);
    }

    /// "Prepare content patching" for a `<template for=name>` (HTML scripting chapter; the
    /// "in head" template start tag, step 8.5): "find markers" in `scope` (a `<?start
    /// name=...>` with its matching `<?end>`, or a `<?marker name=...>`), remove the nodes
    /// between the start and end markers, and return the template's insertion target and
    /// markers; `None` (the algorithm's false) when `name` is empty or no marker is found.
    /// The default returns `None`: a document in which no marker can be found, where every
    /// `<template for>` stays in the tree as the standard's failure path leaves it.
    fn prepare_content_patching(
        &mut self,
        scope: &Self::Handle,
        name: &str,
    ) -> Option<ContentPatch<Self::Handle>> {
        let _ = (scope, name);
        None
    }

    /// The parent of `node`, if it has one. Only called for the nodes of a `<template for>`:
    /// its markers (after [`TreeSink::prepare_content_patching`] returned them) and the
    /// sibling before which a template would be inserted, to find the patching scope. The
    /// default returns `None`, which is only right for a sink whose
    /// [`TreeSink::prepare_content_patching`] never succeeds.
    fn parent_node(&self, node: &Self::Handle) -> Option<Self::Handle> {
        let _ = node;
        None
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
