//! The tree builder: its state (§ parse-state), the tree construction dispatcher
//! (§ tree-construction) and the public API. The insertion modes live in [`crate::modes`], the
//! algorithms they share in [`helpers`] (insertion, implied end tags, reconstruct, reset the
//! insertion mode).

pub(crate) mod helpers;

use crate::formatting::ActiveFormatting;
use crate::sink::{ContentPatch, QuirksMode, TreeSink};
use crate::stack::Stack;
use crate::tag_sets::{
    element_flags, ANNOTATION_XML, HTML_INTEGRATION_POINT, MATHML_TEXT_INTEGRATION_POINT,
};
use kauri_encoding::Encoding;
use kauri_tokenizer::{
    local_name, Attribute, DistinctAttrs, ErrorCode, LocalName, Namespace, ParseError, QualName,
    Span, Tag, TagKind, TextState, Token, TokenSink, TokenSinkResult,
};

/// Options of the tree builder.
#[derive(Clone, Debug)]
pub struct TreeBuilderOptions {
    /// The scripting flag (§ other-parsing-state-flags): when true, `noscript` is parsed as raw
    /// text. Default true.
    pub scripting: bool,
    /// The document is an `iframe` `srcdoc` document (never quirks mode from a DOCTYPE).
    pub iframe_srcdoc: bool,
    /// The encoding is tentative: a `<meta charset>` in "in head" records an encoding change
    /// request (see [`TreeBuilder::encoding_change_request`]).
    pub encoding_tentative: bool,
    /// A resource limit (not part of the standard; `None`, the default, is no limit), as Blink
    /// applies it (`kMaximumHTMLParserDOMTreeDepth`, 512): when the node would be inserted
    /// into the stack of open elements' entry number `max_depth` or deeper (counting the
    /// `html` element as entry 0), it is inserted into entry `max_depth - 1` instead, so deeper
    /// content becomes siblings at the limit. Elements are still pushed on the stack of open
    /// elements, so insertion modes, scopes and end tags work as without the limit. A node
    /// placed by "the appropriate place for inserting a node" is never deeper than
    /// `max_depth + 1` (the `html` element is depth 1, its children 2, ...). Foster parenting
    /// is unchanged (it inserts beside a table, no deeper than the table). The adoption agency
    /// algorithm still appends its new formatting element to the furthest block and moves the
    /// block's children into it (as Blink does), so misnested formatting end tags can put
    /// content a few levels deeper. A `max_depth` of 0 acts as 1.
    pub max_depth: Option<usize>,
    /// The parser's "allow declarative shadow roots" flag (`§ parsing-main-inhead`, template
    /// start tag step 7.1): when true, `<template shadowrootmode=open|closed>` attaches a
    /// shadow root to the adjusted current node (through
    /// [`TreeSink::attach_declarative_shadow_root`]); when false it is an ordinary template.
    /// Default true, as for a document a browser navigates to; the fragment parsing algorithm
    /// runs with it false unless its caller asks (`innerHTML` versus `setHTMLUnsafe`).
    pub declarative_shadow_roots: bool,
    /// `<template for>` content patching (`§ parsing-main-inhead`, template start tag step 8,
    /// added to the standard in 2026). Default true, as the standard has no flag for it; false
    /// gives the pre-2026 tree, in which `<template for>` is an ordinary template.
    pub template_for: bool,
    /// Whether to report parse errors to the sink ([`TreeSink::parse_error`]), the tree
    /// builder's own and those the tokenizer reports to it. Default true. Set the tokenizer's
    /// [`TokenizerOptions::errors`](kauri_tokenizer::TokenizerOptions::errors) the same way:
    /// with both off, no error is looked for at all.
    ///
    /// ```
    /// use kauri_tokenizer::{QualName, Tokenizer, TokenizerOptions};
    /// use kauri_tree_builder::{NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOptions, TreeSink};
    ///
    /// /// Counts elements; must get no errors.
    /// #[derive(Default)]
    /// struct Count(usize);
    /// impl TreeSink for Count {
    ///     type Handle = usize;
    ///     fn document(&mut self) -> usize { 0 }
    ///     fn create_element(&mut self, _: QualName, _: kauri_tokenizer::DistinctAttrs<'_>) -> usize {
    ///         self.0 += 1;
    ///         self.0
    ///     }
    ///     fn create_comment(&mut self, _: &str) -> usize { 0 }
    ///     fn create_processing_instruction(&mut self, _: &str, _: &str) -> usize { 0 }
    ///     fn append_doctype_to_document(&mut self, _: &str, _: &str, _: &str) {}
    ///     fn append(&mut self, _: &usize, _: NodeOrText<'_, usize>) {}
    ///     fn insert_before(&mut self, _: &usize, _: NodeOrText<'_, usize>) {}
    ///     fn has_parent(&self, _: &usize) -> bool { true }
    ///     fn detach(&mut self, _: &usize) {}
    ///     fn reparent_children(&mut self, _: &usize, _: &usize) {}
    ///     fn template_contents(&mut self, t: &usize) -> usize { *t }
    ///     fn add_attrs_if_missing(&mut self, _: &usize, _: kauri_tokenizer::DistinctAttrs<'_>) {}
    ///     fn set_quirks_mode(&mut self, _: QuirksMode) {}
    ///     fn parse_error(&mut self, _: kauri_tokenizer::ParseError) { unreachable!() }
    /// }
    ///
    /// let builder = TreeBuilder::new(Count::default(), TreeBuilderOptions { errors: false, ..Default::default() });
    /// let mut tokenizer = Tokenizer::new(builder, TokenizerOptions { errors: false, ..Default::default() });
    /// tokenizer.feed("<p>a</b>\u{1}<br/><p>")?;
    /// tokenizer.end()?;
    /// assert_eq!(tokenizer.into_sink().into_sink().0, 6); // html, head, body, p, br, p
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub errors: bool,
}

impl Default for TreeBuilderOptions {
    fn default() -> Self {
        TreeBuilderOptions {
            scripting: true,
            iframe_srcdoc: false,
            encoding_tentative: false,
            max_depth: None,
            declarative_shadow_roots: true,
            template_for: true,
            errors: true,
        }
    }
}

/// The insertion modes (§ the-insertion-mode). The 2025 standard removed "in select" and "in select
/// in table".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InsertionMode {
    Initial,
    BeforeHtml,
    BeforeHead,
    InHead,
    InHeadNoscript,
    AfterHead,
    InBody,
    Text,
    InTable,
    InTableText,
    InCaption,
    InColumnGroup,
    InTableBody,
    InRow,
    InCell,
    InTemplate,
    AfterBody,
    InFrameset,
    AfterFrameset,
    AfterAfterBody,
    AfterAfterFrameset,
}

/// What a mode function asks the dispatcher to do next.
pub(crate) enum Flow<'a> {
    /// The token has been handled.
    Done,
    /// Reprocess the token through the tree construction dispatcher (the insertion mode may
    /// have changed).
    Reprocess(Token<'a>),
    /// Reprocess the token according to the current insertion mode "in HTML content",
    /// bypassing the dispatcher (foreign content breakout and "any other end tag").
    ReprocessHtml(Token<'a>),
}

/// The fragment parsing algorithm's context element: its name and flags (it is never on the
/// stack, but it is the adjusted current node while only the `html` root is open).
pub(crate) struct Context {
    pub ns: Namespace,
    pub name: LocalName,
    pub flags: u16,
}

/// The HTML tree builder: a [`TokenSink`] that runs the insertion modes (§ tree-construction) and
/// builds a document through a [`TreeSink`].
///
/// Feed it to a `kauri_tokenizer::Tokenizer`; after the tokenizer's end, take the sink back
/// with [`TreeBuilder::into_sink`].
pub struct TreeBuilder<S: TreeSink> {
    pub(crate) sink: S,
    pub(crate) opts: TreeBuilderOptions,
    pub(crate) doc: S::Handle,
    pub(crate) mode: InsertionMode,
    pub(crate) original_mode: InsertionMode,
    pub(crate) template_modes: Vec<InsertionMode>,
    pub(crate) open: Stack<S::Handle>,
    pub(crate) active: ActiveFormatting<S::Handle>,
    pub(crate) head: Option<S::Handle>,
    pub(crate) form: Option<S::Handle>,
    pub(crate) frameset_ok: bool,
    pub(crate) foster_parenting: bool,
    /// `foster_parenting` or a depth limit ([`TreeBuilderOptions::max_depth`]): "the
    /// appropriate place for inserting a node" cannot take its usual answer without looking
    /// further (one test instead of two on every insertion).
    pub(crate) place_needs_checks: bool,
    pub(crate) pending_table_text: String,
    /// The source range of the pending table character tokens.
    pub(crate) pending_table_text_span: Span,
    pub(crate) ignore_lf: bool,
    pub(crate) context: Option<Context>,
    pub(crate) quirks: QuirksMode,
    pub(crate) encoding_change: Option<&'static Encoding>,
    pub(crate) switch_to: Option<TextState>,
    pub(crate) self_closing_unacked: bool,
    pub(crate) span: Span,
    pub(crate) spans: bool,
    /// With [`TreeBuilder::spans`]: the name of the current token when it is an end tag (an
    /// element it pops gets its span as end tag span).
    pub(crate) end_tag: Option<LocalName>,
    /// [`TreeSink::keeps_element_attrs`], asked once.
    pub(crate) sink_keeps_attrs: bool,
    /// [`TreeBuilderOptions::errors`].
    errors: bool,
    pub(crate) stopped: bool,
    fragment_root: Option<S::Handle>,
    /// The templates on the stack whose template contents is a shadow root or which have an
    /// insertion target (`<template for>`), by stack entry id.
    pub(crate) special_templates: Vec<SpecialTemplate<S::Handle>>,
    /// The fragment case: the context element's tag (kept only when declarative shadow roots
    /// are allowed, for a stand-in context element that can host one) and the stand-in.
    pub(crate) context_host: ContextHost<S::Handle>,
    /// [`TreeBuilder::with_script_pauses`]: a script end tag pauses the tokenizer.
    pause_at_scripts: bool,
    /// The script whose end tag paused the parser, until the embedder takes it
    /// ([`TreeBuilder::take_pending_script`]).
    pending_script: Option<S::Handle>,
}

impl<S: TreeSink> TreeBuilder<S> {
    /// A tree builder for a whole document.
    pub fn new(mut sink: S, opts: TreeBuilderOptions) -> Self {
        let doc = sink.document();
        let spans = sink.wants_spans();
        let sink_keeps_attrs = sink.keeps_element_attrs();
        let errors = opts.errors;
        let place_needs_checks = opts.max_depth.is_some();
        TreeBuilder {
            sink,
            opts,
            doc,
            mode: InsertionMode::Initial,
            original_mode: InsertionMode::Initial,
            template_modes: Vec::new(),
            open: Stack::new(),
            active: ActiveFormatting::new(),
            head: None,
            form: None,
            frameset_ok: true,
            foster_parenting: false,
            place_needs_checks,
            pending_table_text: String::new(),
            pending_table_text_span: Span::default(),
            ignore_lf: false,
            context: None,
            quirks: QuirksMode::NoQuirks,
            encoding_change: None,
            switch_to: None,
            self_closing_unacked: false,
            span: Span::default(),
            spans,
            end_tag: None,
            sink_keeps_attrs,
            errors,
            stopped: false,
            fragment_root: None,
            special_templates: Vec::new(),
            context_host: Default::default(),
            pause_at_scripts: false,
            pending_script: None,
        }
    }

    /// A tree builder for the HTML fragment parsing algorithm (§ html-fragment-parsing-algorithm)
    /// with the given context element (HTML, SVG or MathML). The fragment is the children of
    /// [`TreeBuilder::fragment_root`]. The caller sets the tokenizer's initial state from
    /// [`initial_tokenizer_state`] and leaves the tokenizer's last start tag **unset**: no start
    /// tag has been emitted by that tokenizer, so no end tag is "appropriate" and, for example,
    /// `<!-- </script> -->` in a `script` context stays text (tests4.dat).
    pub fn new_for_fragment(
        sink: S,
        context: QualName,
        context_attrs: &[Attribute],
        opts: TreeBuilderOptions,
    ) -> Self {
        let mut tb = TreeBuilder::new(sink, opts);
        tb.start_fragment(context, context_attrs);
        tb
    }

    /// [`TreeBuilder::new_for_fragment`] on a builder just made with [`TreeBuilder::new`] (in
    /// place, where a caller keeps a large builder without moving it): the fragment parsing
    /// algorithm's set-up for `context` (§ html-fragment-parsing-algorithm: the `html` root on
    /// the stack of open elements, "in template" on the stack of template insertion modes for a
    /// `template` context, the form element pointer, resetting the insertion mode). Call it
    /// once, before the first token.
    ///
    /// ```
    /// use kauri_tokenizer::{LocalName, QualName, Tokenizer, TokenizerOptions};
    /// use kauri_tree_builder::{NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOptions, TreeSink};
    ///
    /// /// Numbers the elements it makes.
    /// #[derive(Default)]
    /// struct Count(usize);
    /// impl TreeSink for Count {
    ///     type Handle = usize;
    ///     fn document(&mut self) -> usize { 0 }
    ///     fn create_element(&mut self, _: QualName, _: kauri_tokenizer::DistinctAttrs<'_>) -> usize {
    ///         self.0 += 1;
    ///         self.0
    ///     }
    ///     fn create_comment(&mut self, _: &str) -> usize { 0 }
    ///     fn create_processing_instruction(&mut self, _: &str, _: &str) -> usize { 0 }
    ///     fn append_doctype_to_document(&mut self, _: &str, _: &str, _: &str) {}
    ///     fn append(&mut self, _: &usize, _: NodeOrText<'_, usize>) {}
    ///     fn insert_before(&mut self, _: &usize, _: NodeOrText<'_, usize>) {}
    ///     fn has_parent(&self, _: &usize) -> bool { true }
    ///     fn detach(&mut self, _: &usize) {}
    ///     fn reparent_children(&mut self, _: &usize, _: &usize) {}
    ///     fn template_contents(&mut self, t: &usize) -> usize { *t }
    ///     fn add_attrs_if_missing(&mut self, _: &usize, _: kauri_tokenizer::DistinctAttrs<'_>) {}
    ///     fn set_quirks_mode(&mut self, _: QuirksMode) {}
    /// }
    ///
    /// let mut builder = TreeBuilder::new(Count::default(), TreeBuilderOptions::default());
    /// builder.start_fragment(QualName::html(LocalName::from("tr")), &[]);
    /// let mut tokenizer = Tokenizer::new(&mut builder, TokenizerOptions::default());
    /// tokenizer.feed("<td>a<td>b")?;
    /// tokenizer.end()?;
    /// drop(tokenizer);
    /// assert_eq!(builder.fragment_root(), Some(1)); // the html element
    /// assert_eq!(builder.sink().0, 3); // html, td, td
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start_fragment(&mut self, context: QualName, context_attrs: &[Attribute]) {
        let tb = self;
        // Step 5: a new `html` element, appended to the document, is the stack's only entry.
        let root = tb
            .sink
            .create_element(QualName::html(local_name!("html")), DistinctAttrs::EMPTY);
        let doc = tb.doc.clone();
        tb.sink
            .append(&doc, crate::sink::NodeOrText::Node(root.clone()));
        let class = tb.open.classify(Namespace::Html, &local_name!("html"), &[]);
        let entry = tb
            .open
            .fresh(root.clone(), Namespace::Html, local_name!("html"), class);
        tb.open.push(entry);
        tb.fragment_root = Some(root);
        let flags = element_flags(context.ns, &context.local, context_attrs);
        // A stand-in for the context element can host a declarative shadow root
        // (`§ parsing-main-inhead`, template start tag step 7.2).
        if tb.opts.declarative_shadow_roots {
            // (The attributes are added in place: a list made first and moved in is read back
            // while the stores that made it are in flight, which stalls every small parse.)
            let (_, attrs) = tb.context_host.tag.insert((context.clone(), Vec::new()));
            attrs.extend_from_slice(context_attrs);
        }
        // Step 7: a `template` context starts with "in template" on the template mode stack.
        if context.is_html(&local_name!("template")) {
            tb.template_modes.push(InsertionMode::InTemplate);
        }
        // The form element pointer: the nearest `form` among the context and its ancestors.
        // The context has no ancestors here, so only a `form` context sets it (to a detached
        // stand-in element).
        if context.is_html(&local_name!("form")) {
            let mut attrs = context_attrs.to_vec();
            let form = tb
                .sink
                .create_element(context.clone(), DistinctAttrs::dedup(&mut attrs));
            tb.form = Some(form);
        }
        tb.context = Some(Context {
            ns: context.ns,
            name: context.local,
            flags,
        });
        tb.reset_insertion_mode();
    }

    /// In the fragment case, the `html` root element whose children form the fragment.
    pub fn fragment_root(&self) -> Option<S::Handle> {
        self.fragment_root.clone()
    }

    /// The encoding declared by the first `<meta charset>` or `<meta http-equiv=content-type
    /// content=...>` processed with the "in head" rules while
    /// [`TreeBuilderOptions::encoding_tentative`] was set, as
    /// [`kauri_encoding::encoding_from_meta_attributes`] reads it (§ parsing-main-inhead; a
    /// `<meta>` whose label names no encoding is skipped, as the standard's "getting an encoding"
    /// fails for it). The caller runs "change the encoding"
    /// ([`kauri_encoding::change_the_encoding`]) with it and reparses if needed.
    pub fn encoding_change_request(&self) -> Option<&'static Encoding> {
        self.encoding_change
    }

    /// In the fragment case, the context element never hosts a declarative shadow root: a
    /// `<template shadowrootmode>` while only the `html` root is open stays an ordinary
    /// template of the fragment, as "attach a shadow root" failing leaves it
    /// (`§ parsing-main-inhead`, template start tag, step 7.11.2). This is `setHTMLUnsafe`
    /// and the sanitizer's parse in whatwg/html PR #12756 (sanitize while parsing, open), which
    /// parses into a fragment whose root is no element, and in Chromium 156 (WPT
    /// `sethtmlunsafe-toplevel-template-script`). Without it the standard's text of 2026
    /// applies: the adjusted current node, the context element, is the host.
    ///
    /// ```
    /// use kauri_tokenizer::{local_name, QualName};
    /// use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions, TreeSink};
    /// fn for_set_html_unsafe<S: TreeSink>(sink: S) -> TreeBuilder<S> {
    ///     let opts = TreeBuilderOptions { declarative_shadow_roots: true, ..Default::default() };
    ///     let mut builder =
    ///         TreeBuilder::new_for_fragment(sink, QualName::html(local_name!("div")), &[], opts);
    ///     builder.forbid_context_shadow_host();
    ///     builder
    /// }
    /// ```
    ///
    /// (It takes `&mut self` so that a driver can call it on the tree builder inside its
    /// tokenizer, without moving the tree builder again.)
    pub fn forbid_context_shadow_host(&mut self) {
        self.context_host.tag = None;
    }

    /// Makes the parser return control to its embedder at each script (for an engine that runs
    /// scripts): when the scripting flag is set and a `script` end tag has been processed (the
    /// "text" insertion mode's steps for `</script>`, § scriptEndTag, and an SVG `script` in
    /// foreign content, § scriptForeignEndTag), the tree builder keeps the script element for
    /// [`TreeBuilder::take_pending_script`] and answers the tokenizer with
    /// [`TokenSinkResult::Pause`]: the tokenizer stops right after the end tag, with the rest
    /// of its input unconsumed, so that what the script writes (`document.write`) can be
    /// tokenized first. The list of active formatting elements then keeps its own copy of each
    /// element's start tag attributes, as the standard says, since a script may change the
    /// element's (see [`TreeSink::keeps_element_attrs`]).
    ///
    /// `kauri::Parser` drives it (its docs show the whole loop); with any sink:
    ///
    /// ```
    /// use kauri_tree_builder::{TreeBuilder, TreeSink};
    /// fn for_an_engine<S: TreeSink>(builder: TreeBuilder<S>) -> TreeBuilder<S> {
    ///     builder.with_script_pauses()
    /// }
    /// ```
    pub fn with_script_pauses(mut self) -> Self {
        self.pause_at_scripts();
        self
    }

    /// [`TreeBuilder::with_script_pauses`] in place, before the first token.
    ///
    /// ```
    /// use kauri_tree_builder::{TreeBuilder, TreeSink};
    /// fn for_an_engine<S: TreeSink>(builder: &mut TreeBuilder<S>) {
    ///     builder.pause_at_scripts();
    /// }
    /// ```
    pub fn pause_at_scripts(&mut self) {
        self.pause_at_scripts = true;
        // Scripts may change attributes, and the list of active formatting elements works on
        // the token's attributes (recreating an element, the Noah's Ark clause): keep a copy
        // rather than asking the sink for the element's current ones.
        self.sink_keeps_attrs = false;
    }

    /// The script element whose end tag paused the parser (see
    /// [`TreeBuilder::with_script_pauses`]), once; `None` when there is none.
    ///
    /// ```
    /// use kauri_tree_builder::{TreeBuilder, TreeSink};
    /// fn paused_at<S: TreeSink>(builder: &mut TreeBuilder<S>) -> Option<S::Handle> {
    ///     builder.take_pending_script()
    /// }
    /// ```
    pub fn take_pending_script(&mut self) -> Option<S::Handle> {
        self.pending_script.take()
    }

    /// The input offset where the character tokens the "in table text" insertion mode holds
    /// start (§ parsing-main-intabletext): they are inserted, and their errors reported at that
    /// offset, when the next other token comes. `None` when it holds none. A streaming parser
    /// keeps the text from there on to count the errors' lines and columns.
    ///
    /// ```
    /// use kauri_tree_builder::{TreeBuilder, TreeSink};
    /// fn errors_wait_from<S: TreeSink>(builder: &TreeBuilder<S>) -> Option<usize> {
    ///     builder.pending_table_text_from()
    /// }
    /// ```
    pub fn pending_table_text_from(&self) -> Option<usize> {
        (!self.pending_table_text.is_empty()).then_some(self.pending_table_text_span.start)
    }

    /// A `script` end tag was processed for `script` (§ scriptEndTag): tells the sink, and
    /// with [`TreeBuilder::with_script_pauses`] keeps the script and pauses the parser.
    pub(crate) fn script_end_tag(&mut self, script: S::Handle) {
        self.sink.script_end_tag(&script);
        if self.pause_at_scripts && self.opts.scripting {
            self.pending_script = Some(script);
        }
    }

    /// The tree sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The tree sink, mutably. The handles the builder holds (its stack of open elements, its
    /// list of active formatting elements) came from this sink: a sink swapped in here gets
    /// handles it did not make, which it must refuse or treat as its own (kauri-dom's `DomSink`
    /// refuses them, so a swapped-out, finished tree never changes).
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Consumes the builder and returns the tree sink.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// Reports a tree construction parse error at the start of the current token (its line
    /// and column are left for `kauri_tokenizer::fill_positions`).
    #[inline]
    pub(crate) fn error(&mut self, code: ErrorCode) {
        if self.errors {
            self.sink.parse_error(ParseError::at(code, self.span.start));
        }
    }

    /// Reports a tree construction parse error about elements left open (as [`Self::error`]
    /// does), then names each of them to the sink ([`TreeSink::unclosed_element`]), outermost
    /// first: the entries of the stack of open elements from index `from` up that `unclosed`
    /// selects. Nothing is done when errors are off.
    #[cold]
    pub(crate) fn error_unclosed(
        &mut self,
        code: ErrorCode,
        from: usize,
        unclosed: fn(&crate::stack::OpenElement<S::Handle>) -> bool,
    ) {
        if !self.errors {
            return;
        }
        self.sink.parse_error(ParseError::at(code, self.span.start));
        let handles: Vec<S::Handle> = self
            .open
            .iter()
            .skip(from)
            .filter(|e| unclosed(e))
            .map(|e| e.handle.clone())
            .collect();
        for handle in &handles {
            self.sink.unclosed_element(handle);
        }
    }

    /// The adjusted current node (§ the-stack-of-open-elements): the context element when parsing a
    /// fragment and only the `html` root is open, otherwise the current node. As (namespace, name,
    /// flags).
    pub(crate) fn adjusted_current_node(&self) -> Option<(Namespace, &LocalName, u16)> {
        if self.open.len() == 1 {
            if let Some(ctx) = &self.context {
                return Some((ctx.ns, &ctx.name, ctx.flags));
            }
        }
        self.open.current().map(|e| (e.ns, &e.name, e.flags))
    }

    /// The tree construction dispatcher (§ tree-construction-dispatcher): each token goes to
    /// the current insertion mode or to the rules for foreign content, and again as long as a
    /// rule asks to reprocess it.
    ///
    /// Out of line: [`TokenSink::process_token`] sends the usual tokens (tags and text "in
    /// body" under an HTML current node) to their rules itself, without a whole token (see
    /// [`TreeBuilder::in_html_body`]); reprocessing continues out of line in
    /// [`TreeBuilder::reprocess`].
    #[inline(never)]
    fn dispatch(&mut self, token: Token<'_>) {
        if self.stopped {
            return;
        }
        let flow = if !self.use_html_rules(&token) {
            self.foreign_content(token)
        } else {
            self.process_in_mode(self.mode, token)
        };
        self.continue_with(flow);
    }

    /// The dispatcher's usual case, known before the token is looked at: parsing has not
    /// stopped, the adjusted current node is an HTML element (and not a fragment's `html` root,
    /// for which the context stands in), so the token goes to the current insertion mode, and
    /// that mode is "in body". [`TokenSink::process_token`] then hands the token's parts to the
    /// "in body" rules directly: what [`TreeBuilder::dispatch`] would do, with no copy of the
    /// whole token to memory.
    #[inline(always)]
    fn in_html_body(&self) -> bool {
        !self.stopped && self.mode == InsertionMode::InBody && self.current_is_html()
    }

    /// What the dispatcher does with a rule's [`Flow`]: nothing more when the token is done,
    /// otherwise the later rounds ([`TreeBuilder::reprocess`]).
    #[inline(always)]
    fn continue_with(&mut self, flow: Flow<'_>) {
        if let Flow::Done = flow {
            // `Done` owns nothing: forgetting it spares every token an out-of-line call to
            // `Flow`'s drop glue (the compiler does not see that the variant is known here).
            std::mem::forget(flow);
        } else {
            self.reprocess(flow);
        }
    }

    /// One round of the dispatcher: the insertion mode's rules or the rules for foreign
    /// content. `html_only` skips the foreign-content test (a rule said "process the token
    /// according to the current insertion mode").
    #[inline]
    fn dispatch_once<'a>(&mut self, token: Token<'a>, html_only: bool) -> Flow<'a> {
        if html_only || self.use_html_rules(&token) {
            self.process_in_mode(self.mode, token)
        } else {
            self.foreign_content(token)
        }
    }

    /// The dispatcher's later rounds, for as long as a rule asks to reprocess the token.
    #[inline(never)]
    fn reprocess(&mut self, mut flow: Flow<'_>) {
        loop {
            if self.stopped {
                return;
            }
            flow = match flow {
                Flow::Done => return,
                Flow::Reprocess(t) => self.dispatch_once(t, false),
                Flow::ReprocessHtml(t) => self.dispatch_once(t, true),
            };
        }
    }

    /// Whether the adjusted current node is an HTML element other than a fragment's `html`
    /// root (which the context element stands in for).
    #[inline]
    fn current_is_html(&self) -> bool {
        self.open.len() > 1 && self.open.current().is_some_and(|e| e.ns == Namespace::Html)
    }

    /// The end of a token: the unacknowledged self-closing flag error, and the tokenizer state
    /// switch a start tag asked for.
    #[inline]
    fn token_done(&mut self) -> TokenSinkResult {
        if self.self_closing_unacked {
            self.self_closing_unacked = false;
            self.error(ErrorCode::NonVoidHtmlElementStartTagWithTrailingSolidus);
        }
        // Tested before it is taken: `take` would store `None` back after every token.
        if self.switch_to.is_some() {
            if let Some(state) = self.switch_to.take() {
                return TokenSinkResult::SwitchTo(state);
            }
        }
        if self.pending_script.is_some() {
            TokenSinkResult::Pause
        } else {
            TokenSinkResult::Continue
        }
    }

    /// The dispatcher's conditions for "process the token according to the current insertion
    /// mode" rather than "the rules for parsing tokens in foreign content".
    #[inline]
    fn use_html_rules(&self, token: &Token<'_>) -> bool {
        // The common case first, without looking at the token: the current node is an HTML
        // element (and not a fragment's `html` root, for which the context stands in).
        if self.current_is_html() {
            return true;
        }
        self.use_html_rules_foreign(token)
    }

    /// [`TreeBuilder::use_html_rules`] when the adjusted current node may be foreign.
    fn use_html_rules_foreign(&self, token: &Token<'_>) -> bool {
        let Some((ns, name, flags)) = self.adjusted_current_node() else {
            return true;
        };
        if ns == Namespace::Html {
            return true;
        }
        let start_tag = match token {
            Token::Tag(t) if t.kind == TagKind::StartTag => Some(&t.name),
            _ => None,
        };
        let chars = matches!(token, Token::Characters(_) | Token::NullCharacter);
        if flags & MATHML_TEXT_INTEGRATION_POINT != 0 {
            if let Some(n) = start_tag {
                if *n != local_name!("mglyph") && *n != local_name!("malignmark") {
                    return true;
                }
            }
            if chars {
                return true;
            }
        }
        if flags & ANNOTATION_XML != 0
            && ns == Namespace::MathMl
            && *name == local_name!("annotation-xml")
            && start_tag == Some(&local_name!("svg"))
        {
            return true;
        }
        if flags & HTML_INTEGRATION_POINT != 0 && (start_tag.is_some() || chars) {
            return true;
        }
        matches!(token, Token::Eof)
    }

    /// Processes a token using the rules for the given insertion mode. Out of line: the
    /// dispatcher runs "in body", where nearly every token of an ordinary page goes, inline.
    #[inline(never)]
    pub(crate) fn process_in_mode<'a>(
        &mut self,
        mode: InsertionMode,
        token: Token<'a>,
    ) -> Flow<'a> {
        use InsertionMode::*;
        match mode {
            Initial => self.initial(token),
            BeforeHtml => self.before_html(token),
            BeforeHead => self.before_head(token),
            InHead => self.in_head(token),
            InHeadNoscript => self.in_head_noscript(token),
            AfterHead => self.after_head(token),
            InBody => self.in_body(token),
            Text => self.text(token),
            InTable => self.in_table(token),
            InTableText => self.in_table_text(token),
            InCaption => self.in_caption(token),
            InColumnGroup => self.in_column_group(token),
            InTableBody => self.in_table_body(token),
            InRow => self.in_row(token),
            InCell => self.in_cell(token),
            InTemplate => self.in_template(token),
            AfterBody => self.after_body(token),
            InFrameset => self.in_frameset(token),
            AfterFrameset => self.after_frameset(token),
            AfterAfterBody => self.after_after_body(token),
            AfterAfterFrameset => self.after_after_frameset(token),
        }
    }
}

impl<S: TreeSink> TokenSink for TreeBuilder<S> {
    fn process_token(&mut self, mut token: Token<'_>, span: Span) -> TokenSinkResult {
        self.span = span;
        if self.ignore_lf {
            // After a `pre`, `listing` or `textarea` start tag: "If the next token is a U+000A
            // LINE FEED (LF) character token, then ignore that token and move on to the next
            // one".
            self.ignore_lf = false;
            if let Token::Characters(s) = &mut token {
                match s.strip_prefix('\n') {
                    Some("") => return TokenSinkResult::Continue,
                    Some(rest) => *s = rest,
                    None => {}
                }
            }
        }
        // The token is taken apart, field by field, rather than moved whole: a whole copy
        // reads the word that holds its variant and a tag's flags with one wide load, which
        // the processor cannot forward from the tokenizer's byte-wide stores and so waits for
        // them to reach the cache, on every token. In the usual case (`in_html_body`) the
        // parts go straight to the "in body" rules; otherwise the token is put together again
        // for the dispatcher.
        match token {
            Token::Tag(Tag {
                kind,
                name,
                self_closing,
                attrs,
            }) => {
                self.self_closing_unacked = kind == TagKind::StartTag && self_closing;
                if self.spans {
                    self.end_tag = (kind == TagKind::EndTag).then(|| name.clone());
                }
                if self.in_html_body() {
                    let flow = match kind {
                        TagKind::StartTag => self.in_body_start_tag(name, attrs, self_closing),
                        TagKind::EndTag => {
                            if self.in_body_end_tag_of_current_node(&name) {
                                Flow::Done
                            } else {
                                self.in_body_end_tag(name, attrs, self_closing)
                            }
                        }
                    };
                    self.continue_with(flow);
                } else {
                    self.dispatch(Token::Tag(Tag {
                        kind,
                        name,
                        self_closing,
                        attrs,
                    }));
                }
            }
            Token::Characters(text) => {
                if self.spans {
                    self.end_tag = None;
                }
                if self.in_html_body() {
                    self.in_body_characters(text);
                } else {
                    self.dispatch(Token::Characters(text));
                }
            }
            other => {
                if self.spans {
                    self.end_tag = None;
                }
                self.dispatch(other);
            }
        }
        self.token_done()
    }

    fn parse_error(&mut self, error: ParseError) {
        if self.errors {
            self.sink.parse_error(error);
        }
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.adjusted_current_node()
            .is_some_and(|(ns, _, _)| ns != Namespace::Html)
    }
}

/// The tokenizer state for the fragment parsing algorithm, step 4: RCDATA for `title` and
/// `textarea`, RAWTEXT for `style`, `xmp`, `iframe`, `noembed`, `noframes` (and `noscript`
/// when scripting is enabled), script data for `script`, PLAINTEXT for `plaintext`, `None` (the
/// data state) otherwise. Only HTML context elements switch the state.
pub fn initial_tokenizer_state(context: &QualName, scripting: bool) -> Option<TextState> {
    if context.ns != Namespace::Html {
        return None;
    }
    match context.local {
        local_name!("title") | local_name!("textarea") => Some(TextState::Rcdata),
        local_name!("style")
        | local_name!("xmp")
        | local_name!("iframe")
        | local_name!("noembed")
        | local_name!("noframes") => Some(TextState::Rawtext),
        local_name!("noscript") if scripting => Some(TextState::Rawtext),
        local_name!("script") => Some(TextState::ScriptData),
        local_name!("plaintext") => Some(TextState::Plaintext),
        _ => None,
    }
}

/// The fragment case: the context element can be the declarative shadow host (it is the
/// adjusted current node while only the `html` root is open). The context element is not a
/// node of the tree being built, so the tree builder creates a stand-in element for it the
/// first time it hosts a shadow root; [`TreeBuilder::fragment_context_element`] gives it back.
pub(crate) struct ContextHost<H> {
    /// The context element's name and attributes (kept only while declarative shadow roots
    /// are allowed).
    pub(crate) tag: Option<(QualName, Vec<Attribute>)>,
    /// The stand-in, once created.
    pub(crate) element: Option<H>,
}

impl<H> Default for ContextHost<H> {
    fn default() -> Self {
        ContextHost {
            tag: None,
            element: None,
        }
    }
}

/// A `template` on the stack of open elements whose template contents is a declarative
/// shadow root, or which has an insertion target.
pub(crate) struct SpecialTemplate<H> {
    /// The template's stack entry id.
    pub(crate) id: u32,
    /// The template contents, when it is not the template's own DocumentFragment (a shadow
    /// root, `§ parsing-main-inhead` template start tag step 7.11.6).
    pub(crate) contents: Option<H>,
    /// The insertion target, insertion start marker and insertion end marker.
    pub(crate) patch: Option<ContentPatch<H>>,
}
