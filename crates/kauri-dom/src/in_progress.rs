//! [`DocumentInProgress`]: a document whose parser is still running (fed in pieces, paused at
//! scripts), owning its arena as a [`Document`] does.
//!
//! A streaming parser keeps its tokenizer, tree builder and [`DomSink`] between calls, and they
//! borrow the arena the nodes live in. This type owns both, with the arena lifetime erased to
//! `'static` inside, as [`Document`] does. Soundness rests on the facts of `document.rs` and:
//! 1. the pipeline is reached only through [`DocumentInProgress::with_pipeline`], whose closure
//!    works for every arena lifetime, so nothing borrowed from the arena leaves it except into
//!    the pipeline itself: the sink's handles are opaque (`sink.rs`, point 2), and a node
//!    reference the closure gets from the pipeline (the root `DomSink::take_finished` gives)
//!    cannot leave it either;
//! 2. the pipeline holds node references only (the stack of open elements, the sink's caches),
//!    never references into node data (texts, attribute maps), so an edit, which replaces node
//!    data, leaves nothing dangling in it;
//! 3. readers ([`DocumentInProgress::root`], [`DocumentInProgress::script`]) borrow `&self`,
//!    while the pipeline and the editor need `&mut self`, and the type is not `Sync` (only
//!    `Send`, as a whole): so while the sink writes node data (text merging), no reference
//!    that `root`, `script` or the editor gave out is alive, on this thread or another, and
//!    no other thread can reach the tree at all; the editor never runs beside the pipeline.
//!    With `sink.rs`'s point 1 (every node the sink merges into is a node of this arena, the
//!    editor's included), that is what `TextData::push` asks of its callers (`store.rs`: the
//!    store of the node's own arena, and no other thread using the node during the call);
//!    references on this thread inside `with_pipeline` are safe from the sink's writes
//!    (`sink.rs`, point 3);
//! 4. the arena is held as a raw pointer from `Box::leak` (moving a `Box` would assert
//!    unique access to the arena, which the pipeline's shared reference to it contradicts) and
//!    freed in `Drop` after the pipeline, or handed to the [`Document`] by `finish_with` once
//!    the pipeline is gone.

use std::mem::ManuallyDrop;
use std::ptr::NonNull;

use kauri_tokenizer::{ParseError, Tokenizer};
use kauri_tree_builder::{TreeBuilder, TreeSink};

use crate::document::Document;
use crate::edit::Editor;
use crate::node::{Arena, Node};
use crate::sink::DomSink;

/// The parsing pipeline of a [`DocumentInProgress`]: the tokenizer feeding the tree builder
/// feeding a [`DomSink`].
///
/// ```
/// # use kauri_dom as kauri;
/// fn fed(pipeline: &mut kauri::Pipeline<'_>) {
///     pipeline.feed("<p>");
/// }
/// ```
pub type Pipeline<'a> = Tokenizer<TreeBuilder<DomSink<'a>>>;

/// A document being parsed: the pipeline building it and the arena that owns its nodes.
/// Between calls into the pipeline the tree can be read ([`DocumentInProgress::root`]) and
/// edited ([`DocumentInProgress::edit`]), as a script run by a paused parser does.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::DocumentInProgress;
/// let mut doc = DocumentInProgress::new(|sink| {
///     kauri::Driver::document(&Default::default()).script_pauses(true).pipeline(sink)
/// });
/// doc.with_pipeline(|p| p.feed("<p>one<script>s()</script><p>two"))?;
/// assert!(doc.take_pending_script());
/// assert_eq!(doc.script().unwrap().text_content(), "s()");
/// doc.edit(|ed| {
///     let p = ed.root().elements_by_tag_name("p").next().unwrap();
///     ed.set_attribute(p, "id", "first")
/// })?;
/// doc.pop_script();
/// let rest = doc.with_pipeline(|p| p.take_paused_input())?.unwrap();
/// doc.with_pipeline(|p| {
///     p.feed(&rest)?;
///     p.end()
/// })?;
/// let doc = doc.finish();
/// assert_eq!(doc.body().unwrap().inner_html(), "<p id=\"first\">one<script>s()</script></p><p>two</p>");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct DocumentInProgress {
    /// Really `Pipeline<'arena>` (see the module documentation); dropped in `Drop`.
    pipeline: ManuallyDrop<Pipeline<'static>>,
    /// The Document node; really `&'arena Node<'arena>`.
    root: *const Node<'static>,
    /// The scripts the parser paused at and the embedder has not finished, innermost last.
    scripts: Vec<*const Node<'static>>,
    /// The scripting flag, for the editor's fragment parses (`set_inner_html`).
    scripting: bool,
    /// Owns every node: a `Box` turned into a pointer (fact 4), freed in `Drop` (or handed to
    /// the document `finish_with` makes).
    arena: NonNull<Arena<'static>>,
}

// SAFETY: as for `Document` (see `document.rs`): every node, and every string and list a node
// points to, lives in the arena this value owns, and every pointer into the arena (the root,
// the script stack, the pipeline's node references) is held by this value, so they all move
// to another thread together; nothing else refers to the arena (fact 4). The pipeline's other
// state is owned data (strings, atoms, which are `Send`). Not `Sync`: the pipeline is not
// meant to be shared.
unsafe impl Send for DocumentInProgress {}

impl Drop for DocumentInProgress {
    fn drop(&mut self) {
        // SAFETY: the pipeline is dropped once, here (`finish_with` does not drop `self`);
        // then nothing refers to the arena any more, which came from `Box::leak` and is
        // given back (to this thread's spare arenas, or freed) once (fact 4).
        unsafe {
            ManuallyDrop::drop(&mut self.pipeline);
            crate::recycle::give_back(Box::from_raw(self.arena.as_ptr()));
        }
    }
}

impl DocumentInProgress {
    /// A new document: `start` gets the sink that builds it (in a new arena) and returns the
    /// pipeline around it.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::DocumentInProgress::new(|sink| kauri::Driver::document(&Default::default()).pipeline(sink));
    /// assert!(doc.root().first_child().is_none());
    /// ```
    pub fn new<F>(start: F) -> DocumentInProgress
    where
        F: for<'a> FnOnce(DomSink<'a>) -> Pipeline<'a>,
    {
        let arena = NonNull::from(Box::leak(crate::recycle::take()));
        // SAFETY: the arena stays where it is until `Drop` (or the document `finish_with`
        // makes) frees it, after the pipeline, the only holder of this reference, is gone
        // (fact 4). If `start` panics, the arena leaks, which is safe.
        let arena_ref: &'static Arena<'static> = unsafe { arena.as_ref() };
        let mut sink = DomSink::new(arena_ref);
        let document = sink.document();
        let root: *const Node<'static> = sink
            .own(&document)
            .expect("a new sink owns the Document node it made");
        let pipeline = start(sink);
        DocumentInProgress {
            pipeline: ManuallyDrop::new(pipeline),
            root,
            scripts: Vec::new(),
            scripting: true,
            arena,
        }
    }

    /// Sets the scripting flag the editor's fragment parses use
    /// ([`Editor::set_inner_html`]); default true, as for [`Document`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::DocumentInProgress::new(|sink| kauri::Driver::document(&Default::default()).pipeline(sink))
    ///     .with_scripting(false);
    /// assert!(!doc.finish().scripting());
    /// ```
    pub fn with_scripting(mut self, scripting: bool) -> DocumentInProgress {
        self.scripting = scripting;
        self
    }

    /// Runs `f` on the pipeline (feed it, end it, ask it questions). `f` works for every arena
    /// lifetime, so nothing borrowed from the arena leaves it.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::DocumentInProgress::new(|sink| kauri::Driver::document(&Default::default()).pipeline(sink));
    /// doc.with_pipeline(|p| p.feed("<title>x</title>"))?;
    /// assert_eq!(doc.root().text_content(), "x");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_pipeline<R, F>(&mut self, f: F) -> R
    where
        F: for<'a> FnOnce(&mut Pipeline<'a>) -> R,
    {
        let pipeline: *mut Pipeline<'static> = &mut *self.pipeline;
        // SAFETY: only the lifetime changes (same type otherwise, same layout); the pipeline
        // really borrows `self.arena`, which outlives this call, and `f`, being generic over
        // the lifetime, cannot keep anything borrowed from it (fact 1).
        f(unsafe { &mut *pipeline.cast::<Pipeline<'_>>() })
    }

    /// The Document node of the tree built so far.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::DocumentInProgress::new(|sink| kauri::Driver::document(&Default::default()).pipeline(sink));
    /// assert_eq!(doc.root().kind(), kauri::NodeKind::Document);
    /// ```
    pub fn root(&self) -> &Node<'_> {
        // SAFETY: the root lives in `self.arena`, which lives as long as `self`; the lifetime
        // is shortened to the borrow of `self`, during which the pipeline cannot run (fact 3).
        unsafe { &*self.root.cast::<Node<'_>>() }
    }

    /// Moves the script the tree builder paused at (see
    /// `kauri_tree_builder::TreeBuilder::take_pending_script`) onto the stack of scripts being
    /// run, which [`DocumentInProgress::script`] reads; false when the tree builder has none.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::DocumentInProgress::new(|sink| {
    ///     kauri::Driver::document(&Default::default()).script_pauses(true).pipeline(sink)
    /// });
    /// doc.with_pipeline(|p| p.feed("<script>a</script>"))?;
    /// assert!(doc.take_pending_script());
    /// assert!(!doc.take_pending_script());
    /// assert_eq!(doc.scripts_running(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_pending_script(&mut self) -> bool {
        let Some(handle) = self.pipeline.sink_mut().take_pending_script() else {
            return false;
        };
        match self.pipeline.sink_mut().sink_mut().own(&handle) {
            Some(node) => {
                self.scripts.push(node);
                true
            }
            None => false,
        }
    }

    /// The innermost script the parser paused at that the embedder has not finished running
    /// ([`DocumentInProgress::pop_script`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::DocumentInProgress::new(|sink| {
    ///     kauri::Driver::document(&Default::default()).script_pauses(true).pipeline(sink)
    /// });
    /// assert!(doc.script().is_none());
    /// doc.with_pipeline(|p| p.feed("<script>a</script>"))?;
    /// doc.take_pending_script();
    /// assert_eq!(doc.script().unwrap().text_content(), "a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn script(&self) -> Option<&Node<'_>> {
        let script = *self.scripts.last()?;
        // SAFETY: as for `root`: a node of `self.arena`, borrowed for the borrow of `self`.
        Some(unsafe { &*script.cast::<Node<'_>>() })
    }

    /// How many scripts the parser paused at are still running (the script nesting level).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let doc = kauri::DocumentInProgress::new(|sink| kauri::Driver::document(&Default::default()).pipeline(sink));
    /// assert_eq!(doc.scripts_running(), 0);
    /// ```
    pub fn scripts_running(&self) -> usize {
        self.scripts.len()
    }

    /// The innermost running script is finished.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::DocumentInProgress::new(|sink| {
    ///     kauri::Driver::document(&Default::default()).script_pauses(true).pipeline(sink)
    /// });
    /// doc.with_pipeline(|p| p.feed("<script>a</script>"))?;
    /// doc.take_pending_script();
    /// doc.pop_script();
    /// assert_eq!(doc.scripts_running(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pop_script(&mut self) {
        self.scripts.pop();
    }

    /// Edits the tree as [`Document::edit`] does, between calls into the pipeline. The tree
    /// builder goes on with the nodes it holds (its stack of open elements may hold elements
    /// the edit moved or removed, as in a browser).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::DocumentInProgress::new(|sink| {
    ///     kauri::Driver::document(&Default::default()).script_pauses(true).pipeline(sink)
    /// });
    /// doc.with_pipeline(|p| p.feed("<div>a"))?;
    /// doc.edit(|ed| {
    ///     let div = ed.root().elements_by_tag_name("div").next().unwrap();
    ///     ed.set_attribute(div, "id", "x")
    /// })?;
    /// doc.with_pipeline(|p| { p.feed("b")?; p.end() })?;
    /// assert_eq!(doc.finish().body().unwrap().inner_html(), "<div id=\"x\">ab</div>");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edit<R, F>(&mut self, f: F) -> R
    where
        F: for<'a> FnOnce(&Editor<'a>) -> R,
    {
        let arena: *const Arena<'static> = self.arena.as_ptr();
        // SAFETY: as in `Document::edit`: `self` is mutably borrowed for the whole call, so
        // neither a reader nor the pipeline looks while the editor changes links and replaces
        // node data, and the pipeline holds no reference into node data (fact 2); `f` works
        // for every `'a`, so no reference made from these leaves the call.
        let (arena, root) =
            unsafe { (&*arena.cast::<Arena<'_>>(), &*self.root.cast::<Node<'_>>()) };
        // The form owner check's memo of tree roots may be out of date after the edit: forget
        // it first, so that it is gone even when `f` panics.
        self.pipeline.sink_mut().sink_mut().root_memo.set(None);
        f(&Editor::new(arena, root, self.scripting))
    }

    /// Ends the parse: the document, with the parse errors the sink collected passed through
    /// `errors` first (to fill in positions, say). End the pipeline's input before
    /// (`Tokenizer::end`), or the document is what was parsed so far.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { errors: true, ..Default::default() };
    /// let mut doc = kauri::DocumentInProgress::new(|sink| kauri::Driver::document(&opts).pipeline(sink));
    /// doc.with_pipeline(|p| { p.feed("<p>x")?; p.end() })?;
    /// let doc = doc.finish_with(|errors| errors.retain(|e| e.code.as_str() != "missing-doctype"));
    /// assert_eq!((doc.to_html().as_str(), doc.errors().len()), ("<html><head></head><body><p>x</p></body></html>", 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish_with<F>(self, errors: F) -> Document
    where
        F: FnOnce(&mut Vec<ParseError>),
    {
        let mut this = ManuallyDrop::new(self);
        // SAFETY: `this` is never dropped, so the pipeline is taken out once, and the arena is
        // turned back into its `Box` once, after the pipeline is finished (fact 4): the
        // document then owns it.
        let pipeline = unsafe { ManuallyDrop::take(&mut this.pipeline) };
        let builder = pipeline.into_sink();
        // A fragment parse (`TreeBuilder::new_for_fragment`) ends with its DocumentFragment.
        let mut parsed = match builder.fragment_root() {
            Some(root) => builder.into_sink().finish_fragment(Some(&root)),
            None => builder.into_sink().finish(),
        };
        errors(&mut parsed.errors);
        let root: *const Node<'static> = parsed.root;
        // `this` is not dropped: free the script stack here.
        drop(std::mem::take(&mut this.scripts));
        // SAFETY: `this.arena` came from `Box::leak` in `new` and becomes a `Box` again only
        // here (`this` is never dropped, so `Drop` does not free it too); the pipeline, the
        // only other holder of a reference to the arena, was consumed above (fact 4), and
        // `root` points into the arena's node chunks, not into the box (`document.rs`).
        let arena = unsafe { Box::from_raw(this.arena.as_ptr()) };
        Document::from_arena(arena, root, parsed.errors).with_scripting(this.scripting)
    }

    /// [`DocumentInProgress::finish_with`] with the errors as the sink collected them.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { errors: true, ..Default::default() };
    /// let mut doc = kauri::DocumentInProgress::new(|sink| kauri::Driver::document(&opts).pipeline(sink));
    /// doc.with_pipeline(|p| { p.feed("<p>x")?; p.end() })?;
    /// assert_eq!(doc.finish().errors()[0].code.as_str(), "missing-doctype");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish(self) -> Document {
        self.finish_with(|_| {})
    }

    /// The parse errors reported so far.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let opts = kauri::ParseOptions { errors: true, ..Default::default() };
    /// let mut doc = kauri::DocumentInProgress::new(|sink| kauri::Driver::document(&opts).pipeline(sink));
    /// doc.with_pipeline(|p| p.feed("<p>x</b>"))?;
    /// assert_eq!(doc.errors().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn errors(&self) -> &[ParseError] {
        self.pipeline.sink().sink().errors()
    }
}
