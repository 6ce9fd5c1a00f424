//! The one place the parsing pipeline is put together: text -> [`Tokenizer`] ([`TokenSink`]) ->
//! [`TreeBuilder`] ([`TreeSink`]) -> [`DomSink`]. Every parse builds it here: documents and
//! fragments ([`super::entry`]), the facade's streaming parser, [`Editor::set_inner_html`] and
//! the sanitizer. [`ParseOptions`] are handed *down*: the tokenizer's, the tree builder's and the
//! sink's options are all set from them in [`Driver`], and no layer asks the one above.
//!
//! [`TokenSink`]: kauri_tokenizer::TokenSink
//! [`TreeSink`]: kauri_tree_builder::TreeSink
//! [`Editor::set_inner_html`]: crate::Editor::set_inner_html

use kauri_encoding::Encoding;
use kauri_tokenizer::{fill_positions, ErrorCode, ParseError, State, Tokenizer, TokenizerOptions};
use kauri_tree_builder::{initial_tokenizer_state, TreeBuilder, TreeBuilderOptions, TreeSink};

use super::context::FragmentContext;
use super::options::ParseOptions;
use crate::in_progress::Pipeline;
use crate::node::Arena;
use crate::sink::{DomSink, NodeHandle, Parsed};

/// A tree sink that stands between the tree builder and a [`DomSink`]: it sees every call the
/// tree builder makes and passes on what it chooses to the `DomSink` inside. The sanitizer's
/// sanitize-while-parsing sink is one; [`Driver::run_filtered`] runs a parse through one.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Arena, DomSink, DomSinkFilter};
/// let arena = Arena::new();
/// let mut sink = DomSink::new(&arena); // a DomSink is the filter that passes everything on
/// let parsed = sink.dom_sink().take_finished();
/// assert_eq!(parsed.root.kind(), kauri::NodeKind::Document);
/// ```
pub trait DomSinkFilter<'a>: TreeSink<Handle = NodeHandle<'a>> {
    /// The `DomSink` inside, which the driver finishes in place once the parse is over (the
    /// tree builder and its sink stay where they were built: moving them out costs a
    /// comment-sized parse a copy of each).
    fn dom_sink(&mut self) -> &mut DomSink<'a>;
}

impl<'a> DomSinkFilter<'a> for DomSink<'a> {
    fn dom_sink(&mut self) -> &mut DomSink<'a> {
        self
    }
}

/// What a parse builds: a document, or a fragment for a context element
/// (§ html-fragment-parsing-algorithm).
#[derive(Clone, Copy, Debug)]
enum Target<'c> {
    /// A document. `encoding_tentative`: the input was decoded with a tentative encoding, so a
    /// `<meta>` may ask to change it (§ changing-the-encoding-while-parsing).
    Document {
        /// The confidence of the encoding is tentative.
        encoding_tentative: bool,
    },
    /// A fragment whose context element is this one.
    Fragment(&'c FragmentContext),
}

/// A parse's pipeline, configured from [`ParseOptions`] for a document or for a fragment in a
/// context element.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{Arena, Driver, FragmentContext, ParseOptions};
/// let arena = Arena::new();
/// let opts = ParseOptions { errors: true, ..Default::default() };
/// let tr: FragmentContext = "tr".parse()?;
/// let (parsed, _) = Driver::fragment(&opts, &tr).run(&arena, "<td>a</b>", false);
/// assert_eq!(parsed.root.inner_html(), "<td>a</td>");
/// assert_eq!(parsed.errors[0].code.as_str(), "unexpected-end-tag");
/// assert_eq!((parsed.errors[0].line, parsed.errors[0].col), (1, 6)); // the `</b>`
/// # Ok::<(), kauri::ContextError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Driver<'o> {
    opts: &'o ParseOptions,
    target: Target<'o>,
    script_pauses: bool,
    context_shadow_host: bool,
}

impl<'o> Driver<'o> {
    /// A document parse with `opts` (encoding certain, no script pauses).
    pub fn document(opts: &'o ParseOptions) -> Driver<'o> {
        Driver {
            opts,
            target: Target::Document {
                encoding_tentative: false,
            },
            script_pauses: false,
            context_shadow_host: true,
        }
    }

    /// A fragment parse with `opts`, for the context element `context`.
    pub fn fragment(opts: &'o ParseOptions, context: &'o FragmentContext) -> Driver<'o> {
        Driver {
            opts,
            target: Target::Fragment(context),
            script_pauses: false,
            context_shadow_host: true,
        }
    }

    /// For a document: whether the input's encoding is tentative (a `<meta>` may then ask for a
    /// restart, which [`Driver::run`] reports). No effect on a fragment.
    pub fn encoding_tentative(mut self, tentative: bool) -> Driver<'o> {
        if let Target::Document { encoding_tentative } = &mut self.target {
            *encoding_tentative = tentative;
        }
        self
    }

    /// Whether the tree builder pauses after each parser-inserted `</script>` (for an engine
    /// that runs scripts: see `DocumentInProgress`). Default `false`.
    pub fn script_pauses(mut self, pauses: bool) -> Driver<'o> {
        self.script_pauses = pauses;
        self
    }

    /// For a fragment: whether the context element can host a declarative shadow root (a
    /// top-level `<template shadowrootmode>`). Default `true`, the standard's text of 2026;
    /// `false` keeps such a template in the fragment, as `setHTMLUnsafe` and the sanitizer
    /// parse in whatwg/html PR #12756 and Chromium 156
    /// ([`kauri_tree_builder::TreeBuilder::forbid_context_shadow_host`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, Driver, FragmentContext, ParseOptions};
    /// let arena = Arena::new();
    /// let opts = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
    /// let div: FragmentContext = "div".parse()?;
    /// let html = "<template shadowrootmode=open>in</template>";
    /// let (kept, _) = Driver::fragment(&opts, &div).context_shadow_host(false).run(&arena, html, false);
    /// assert_eq!(kept.root.inner_html(), r#"<template shadowrootmode="open">in</template>"#);
    /// let (hosted, _) = Driver::fragment(&opts, &div).run(&arena, html, false);
    /// assert_eq!(hosted.root.inner_html(), "");
    /// # Ok::<(), kauri::ContextError>(())
    /// ```
    pub fn context_shadow_host(mut self, hosts: bool) -> Driver<'o> {
        self.context_shadow_host = hosts;
        self
    }

    /// The tokenizer's options: the errors switch and the attribute limit from the parse
    /// options; a fragment starts in the state its context element calls for
    /// (§ html-fragment-parsing-algorithm, step "set the state of the HTML parser's
    /// tokenization stage").
    pub fn tokenizer_options(&self) -> TokenizerOptions {
        let initial_state = match self.target {
            Target::Document { .. } => State::default(),
            Target::Fragment(context) => {
                initial_tokenizer_state(context.name(), self.opts.scripting)
                    .map(State::from)
                    .unwrap_or_default()
            }
        };
        TokenizerOptions {
            errors: self.opts.errors,
            initial_state,
            last_start_tag: None,
            max_attributes: self.opts.max_attributes,
        }
    }

    /// The tree builder's options. "Allow declarative shadow roots" defaults to on for a
    /// document and off for a fragment (as for `innerHTML`); a fragment is never an `iframe`
    /// `srcdoc` document and never changes its encoding.
    pub fn tree_builder_options(&self) -> TreeBuilderOptions {
        let opts = self.opts;
        let (document, encoding_tentative) = match self.target {
            Target::Document { encoding_tentative } => (true, encoding_tentative),
            Target::Fragment(_) => (false, false),
        };
        TreeBuilderOptions {
            scripting: opts.scripting,
            iframe_srcdoc: document && opts.iframe_srcdoc,
            encoding_tentative,
            max_depth: opts.max_depth,
            declarative_shadow_roots: opts.declarative_shadow_roots.unwrap_or(document),
            template_for: opts.template_for,
            errors: opts.errors,
        }
    }

    /// The pipeline around `sink`: a tokenizer feeding a tree builder feeding `sink` (which
    /// records spans and errors as the options say).
    pub fn pipeline<'a>(&self, sink: DomSink<'a>) -> Pipeline<'a> {
        let mut builder = TreeBuilder::new(
            self.configured_sink(sink, |sink| sink),
            self.tree_builder_options(),
        );
        self.set_up(&mut builder);
        Tokenizer::new(builder, self.tokenizer_options())
    }

    /// `sink` recording spans and errors as the options say, inside `filter`.
    fn configured_sink<'a, F: DomSinkFilter<'a>>(
        &self,
        sink: DomSink<'a>,
        filter: impl FnOnce(DomSink<'a>) -> F,
    ) -> F {
        filter(
            sink.with_spans(self.opts.locations)
                .with_errors(self.opts.errors),
        )
    }

    /// What is set on a tree builder made with [`TreeBuilder::new`] before it gets a token: the
    /// fragment parsing algorithm's start for a fragment, the context shadow host rule and
    /// script pauses (in place: the builder is large, and each move of it is a copy).
    fn set_up<F: TreeSink>(&self, builder: &mut TreeBuilder<F>) {
        if let Target::Fragment(context) = self.target {
            builder.start_fragment(context.name().clone(), context.attrs());
        }
        if !self.context_shadow_host {
            builder.forbid_context_shadow_host();
        }
        if self.script_pauses {
            builder.pause_at_scripts();
        }
    }

    /// Parses all of `html` into `arena`: the tree (a Document, or for a fragment a
    /// DocumentFragment holding the fragment's nodes), its errors with line and column, and the
    /// encoding a `<meta>` asked to restart with (only when the encoding was tentative).
    /// `truncated`: the input was cut by [`ParseOptions::max_input_bytes`], which adds an
    /// [`ErrorCode::InputTruncated`] error at its end.
    pub fn run<'a>(
        &self,
        arena: &'a Arena<'a>,
        html: &str,
        truncated: bool,
    ) -> (Parsed<'a>, Option<&'static Encoding>) {
        self.run_filtered(arena, html, truncated, |sink| sink)
    }

    /// [`Driver::run`] with `filter(sink)` between the tree builder and the [`DomSink`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{Arena, Driver, ParseOptions};
    /// let arena = Arena::new();
    /// let opts = ParseOptions::default();
    /// let (parsed, _) = Driver::document(&opts).run_filtered(&arena, "<p>x", false, |sink| sink);
    /// assert_eq!(parsed.root.inner_html(), "<html><head></head><body><p>x</p></body></html>");
    /// ```
    pub fn run_filtered<'a, F: DomSinkFilter<'a>>(
        &self,
        arena: &'a Arena<'a>,
        html: &str,
        truncated: bool,
        filter: impl FnOnce(DomSink<'a>) -> F,
    ) -> (Parsed<'a>, Option<&'static Encoding>) {
        // The tokenizer borrows the builder, which stays where it is built: a comment-sized
        // parse would otherwise spend a tenth of its time copying the two into and out of
        // each other.
        let mut builder = TreeBuilder::new(
            self.configured_sink(DomSink::new(arena), filter),
            self.tree_builder_options(),
        );
        self.set_up(&mut builder);
        {
            let mut tokenizer = Tokenizer::new(&mut builder, self.tokenizer_options());
            // Neither call can be refused: only a call that unwinds (a sink panic) stops a
            // tokenizer, and that unwinding leaves this function too.
            let _ = tokenizer.feed(html);
            let _ = tokenizer.end();
        }
        let change = builder.encoding_change_request();
        let mut parsed = match self.target {
            Target::Document { .. } => builder.sink_mut().dom_sink().take_finished(),
            Target::Fragment(_) => {
                let root = builder.fragment_root();
                builder
                    .sink_mut()
                    .dom_sink()
                    .take_finished_fragment(root.as_ref())
            }
        };
        self.finish_errors(html, truncated, &mut parsed.errors);
        (parsed, change)
    }

    /// Completes the errors of a parse of `html`: the truncation error when the input was cut,
    /// then every error's line and column (one pass over the text).
    fn finish_errors(&self, html: &str, truncated: bool, errors: &mut Vec<ParseError>) {
        if truncated && self.opts.errors {
            errors.push(ParseError::at(ErrorCode::InputTruncated, html.len()));
        }
        fill_positions(html, errors);
    }
}
