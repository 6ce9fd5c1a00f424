//! Panic injection (issue 28): the whole pipeline, tokenizer -> tree builder -> [`DomSink`],
//! with a panic injected at the k-th callback of either sink interface (`TokenSink` between the
//! tokenizer and the tree builder, `TreeSink` between the tree builder and the DOM sink). The
//! caller catches the panic and then calls every public method of the tokenizer, the tree
//! builder and the DOM sink, finishes the tree and reads all of it.
//!
//! [`drive`] runs one plan with a panic at one callback; `tests/sink_panics.rs` runs every k over
//! small documents and fragments (under Miri in CI) and sampled k over the corpus (under
//! AddressSanitizer), and the `sink_panics` fuzz target ([`crate::targets::sink_panics`]) runs
//! arbitrary sequences of feeds, pauses, resumes and panics.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

use kauri_dom::{Arena, DomSink, Edge, NodeHandle, Parsed};
use kauri_tokenizer::{
    Attribute, DistinctAttrs, LocalName, ParseError, QualName, Span, State, Token, TokenSink,
    TokenSinkResult, Tokenizer, TokenizerError, TokenizerOptions,
};
use kauri_tree_builder::{
    initial_tokenizer_state, ContentPatch, NodeOrText, QuirksMode, ShadowRootInit, TreeBuilder,
    TreeBuilderOptions, TreeSink,
};

use kauri_testdata::panics::panic_points;
pub use kauri_testdata::panics::{quiet_injected_panics, Injected};

/// Counts the callbacks of both sink interfaces and panics at the k-th (0: never), counting
/// from when `k` is set (after the pipeline is built: building it calls the sink too).
#[derive(Default)]
struct Counter {
    k: Cell<usize>,
    calls: Cell<usize>,
}

impl Counter {
    fn tick(&self) {
        self.calls.set(self.calls.get() + 1);
        if self.calls.get() == self.k.get() {
            std::panic::panic_any(Injected);
        }
    }
}

/// A `TreeSink` that ticks the counter, then does what the [`DomSink`] inside does.
struct PanickyTree<'a> {
    inner: DomSink<'a>,
    counter: Rc<Counter>,
}

impl<'a> TreeSink for PanickyTree<'a> {
    type Handle = NodeHandle<'a>;

    fn document(&mut self) -> Self::Handle {
        self.counter.tick();
        self.inner.document()
    }
    fn create_element(&mut self, name: QualName, attrs: DistinctAttrs<'_>) -> Self::Handle {
        self.counter.tick();
        self.inner.create_element(name, attrs)
    }
    fn create_comment(&mut self, data: &str) -> Self::Handle {
        self.counter.tick();
        self.inner.create_comment(data)
    }
    fn create_processing_instruction(&mut self, target: &str, data: &str) -> Self::Handle {
        self.counter.tick();
        self.inner.create_processing_instruction(target, data)
    }
    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        self.counter.tick();
        self.inner
            .append_doctype_to_document(name, public_id, system_id)
    }
    fn append(&mut self, parent: &Self::Handle, child: NodeOrText<'_, Self::Handle>) {
        self.counter.tick();
        self.inner.append(parent, child)
    }
    fn insert_before(&mut self, sibling: &Self::Handle, child: NodeOrText<'_, Self::Handle>) {
        self.counter.tick();
        self.inner.insert_before(sibling, child)
    }
    fn has_parent(&self, node: &Self::Handle) -> bool {
        self.counter.tick();
        self.inner.has_parent(node)
    }
    fn detach(&mut self, node: &Self::Handle) {
        self.counter.tick();
        self.inner.detach(node)
    }
    fn reparent_children(&mut self, node: &Self::Handle, new_parent: &Self::Handle) {
        self.counter.tick();
        self.inner.reparent_children(node, new_parent)
    }
    fn template_contents(&mut self, template: &Self::Handle) -> Self::Handle {
        self.counter.tick();
        self.inner.template_contents(template)
    }
    fn add_attrs_if_missing(&mut self, element: &Self::Handle, attrs: DistinctAttrs<'_>) {
        self.counter.tick();
        self.inner.add_attrs_if_missing(element, attrs)
    }
    fn keeps_element_attrs(&self) -> bool {
        self.inner.keeps_element_attrs()
    }
    fn element_attrs(&self, element: &Self::Handle) -> Vec<Attribute> {
        self.counter.tick();
        self.inner.element_attrs(element)
    }
    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.counter.tick();
        self.inner.set_quirks_mode(mode)
    }
    fn parse_error(&mut self, error: ParseError) {
        self.counter.tick();
        self.inner.parse_error(error)
    }
    fn attach_declarative_shadow_root(
        &mut self,
        host: &Self::Handle,
        init: &ShadowRootInit,
    ) -> Option<Self::Handle> {
        self.counter.tick();
        self.inner.attach_declarative_shadow_root(host, init)
    }
    fn associate_form_owner(
        &mut self,
        element: &Self::Handle,
        form: &Self::Handle,
        location: &Self::Handle,
    ) {
        self.counter.tick();
        self.inner.associate_form_owner(element, form, location)
    }
    fn prepare_content_patching(
        &mut self,
        scope: &Self::Handle,
        name: &str,
    ) -> Option<ContentPatch<Self::Handle>> {
        self.counter.tick();
        self.inner.prepare_content_patching(scope, name)
    }
    fn parent_node(&self, node: &Self::Handle) -> Option<Self::Handle> {
        self.counter.tick();
        self.inner.parent_node(node)
    }
    fn pop(&mut self, element: &Self::Handle) {
        self.counter.tick();
        self.inner.pop(element)
    }
    fn script_end_tag(&mut self, script: &Self::Handle) {
        self.counter.tick();
        self.inner.script_end_tag(script)
    }
    fn wants_spans(&self) -> bool {
        self.inner.wants_spans()
    }
    fn set_span(&mut self, node: &Self::Handle, span: Span) {
        self.counter.tick();
        self.inner.set_span(node, span)
    }
    fn set_end_tag_span(&mut self, element: &Self::Handle, span: Span) {
        self.counter.tick();
        self.inner.set_end_tag_span(element, span)
    }
    fn set_text_span(&mut self, span: Span) {
        self.counter.tick();
        self.inner.set_text_span(span)
    }
    fn set_doctype_span(&mut self, span: Span) {
        self.counter.tick();
        self.inner.set_doctype_span(span)
    }
}

/// A `TokenSink` that ticks the counter, then passes the token to the tree builder inside.
struct PanickyTokens<'a> {
    inner: TreeBuilder<PanickyTree<'a>>,
    counter: Rc<Counter>,
}

impl TokenSink for PanickyTokens<'_> {
    fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult {
        self.counter.tick();
        self.inner.process_token(token, span)
    }
    fn parse_error(&mut self, error: ParseError) {
        self.counter.tick();
        self.inner.parse_error(error)
    }
}

type Pipeline<'a> = Tokenizer<PanickyTokens<'a>>;

/// One way of running the pipeline.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// `None`: a document; else a fragment in this HTML context element.
    pub context: Option<&'static str>,
    /// Piece size in bytes (rounded up to a character boundary); `usize::MAX` is whole.
    pub piece: usize,
    /// Pause at each script end tag and resume by feeding the paused input back.
    pub script_pauses: bool,
    pub errors: bool,
    pub locations: bool,
}

fn pipeline<'a>(arena: &'a Arena<'a>, plan: Plan, counter: &Rc<Counter>) -> Pipeline<'a> {
    let sink = PanickyTree {
        inner: DomSink::new(arena)
            .with_errors(plan.errors)
            .with_spans(plan.locations),
        counter: counter.clone(),
    };
    let opts = TreeBuilderOptions {
        declarative_shadow_roots: true,
        template_for: true,
        errors: plan.errors,
        ..TreeBuilderOptions::default()
    };
    let (builder, initial_state) = match plan.context {
        None => (TreeBuilder::new(sink, opts), State::Data),
        Some(name) => {
            let context = QualName::html(LocalName::from(name));
            let state = initial_tokenizer_state(&context, opts.scripting)
                .map(State::from)
                .unwrap_or_default();
            (
                TreeBuilder::new_for_fragment(sink, context, &[], opts),
                state,
            )
        }
    };
    let builder = if plan.script_pauses {
        builder.with_script_pauses()
    } else {
        builder
    };
    let tokens = PanickyTokens {
        inner: builder,
        counter: counter.clone(),
    };
    Tokenizer::new(
        tokens,
        TokenizerOptions {
            errors: plan.errors,
            initial_state,
            ..TokenizerOptions::default()
        },
    )
}

/// Feeds `input` as `plan` says, panicking at callback `k` (0: never). Returns the number of
/// callbacks and whether the panic happened; either way finishes the tree and reads all of it.
pub fn drive(input: &str, plan: Plan, k: usize) -> (usize, bool) {
    run(plan, k, |tokenizer| {
        let mut rest = input;
        while !rest.is_empty() {
            let mut cut = plan.piece.min(rest.len());
            while !rest.is_char_boundary(cut) {
                cut += 1;
            }
            // A fresh allocation, freed as soon as the call returns or unwinds.
            let piece = rest[..cut].to_owned();
            rest = &rest[cut..];
            tokenizer.feed(&piece).expect("not stopped");
            drop(piece);
            while tokenizer.is_paused() {
                let _script = tokenizer.sink_mut().inner.take_pending_script();
                let paused = tokenizer.take_paused_input().expect("not stopped").unwrap();
                tokenizer.feed_string(paused).expect("not stopped");
            }
        }
        tokenizer.end().expect("not stopped");
    })
}

/// Builds the pipeline for `plan`, runs `calls` on it with a panic at callback `k` (0: never),
/// checks every public method after a panic, finishes the tree and reads all of it. Returns the
/// number of callbacks and whether the panic happened.
fn run<F>(plan: Plan, k: usize, calls: F) -> (usize, bool)
where
    F: for<'a> FnOnce(&mut Pipeline<'a>),
{
    let counter = Rc::new(Counter::default());
    let arena = Arena::new();
    let mut tokenizer = pipeline(&arena, plan, &counter);
    counter.calls.set(0);
    counter.k.set(k);
    let outcome = catch_unwind(AssertUnwindSafe(|| calls(&mut tokenizer)));
    let panicked = match outcome {
        Ok(()) => false,
        Err(payload) if payload.downcast_ref::<Injected>().is_some() => true,
        // A real failure (an assertion of `calls`): report it.
        Err(payload) => std::panic::resume_unwind(payload),
    };
    if panicked {
        every_method_after_a_panic(&mut tokenizer, &counter);
    }
    // No callback may panic from here on.
    let calls = counter.calls.get();
    counter.k.set(0);
    let builder = tokenizer.into_sink().inner;
    let fragment_root = builder.fragment_root();
    let dom = builder.into_sink().inner;
    let _ = (dom.errors().len(), dom.refused());
    let parsed = match plan.context {
        None => dom.finish(),
        Some(_) => dom.finish_fragment(fragment_root.as_ref()),
    };
    read_everything(&parsed);
    (calls, panicked)
}

/// The fuzz target's body: arbitrary sequences of feeds (lent or owned pieces), resumes (the
/// paused input fed back, or dropped), ends and a panic at a fuzzed callback, on a document or a
/// fragment. The first byte picks the plan, the next two the callback that panics (0: none);
/// then each step is an operation byte (and, for a feed, a length byte and that many bytes of
/// input, decoded lossily). Every call must succeed until the injected panic and be refused
/// after it.
pub fn fuzz_sequence(data: &[u8]) {
    quiet_injected_panics();
    let [flags, k_high, k_low, ops @ ..] = data else {
        return;
    };
    let plan = Plan {
        context: match flags & 3 {
            0 | 1 => None,
            2 => Some("td"),
            _ => Some("template"),
        },
        piece: usize::MAX,
        script_pauses: flags & 4 != 0,
        errors: flags & 8 != 0,
        locations: flags & 16 != 0,
    };
    let k = usize::from(u16::from_be_bytes([*k_high, *k_low]));
    run(plan, k, |tokenizer| {
        let mut ops = ops;
        while let [op, rest @ ..] = ops {
            ops = rest;
            match op % 5 {
                0 | 1 => {
                    let [len, rest @ ..] = ops else { break };
                    let len = usize::from(*len).min(rest.len());
                    let piece = String::from_utf8_lossy(&rest[..len]).into_owned();
                    ops = &rest[len..];
                    if op % 5 == 0 {
                        tokenizer.feed(&piece).expect("not stopped");
                    } else {
                        tokenizer.feed_string(piece).expect("not stopped");
                    }
                }
                2 => {
                    let _script = tokenizer.sink_mut().inner.take_pending_script();
                    if let Some(paused) = tokenizer.take_paused_input().expect("not stopped") {
                        tokenizer.feed(&paused).expect("not stopped");
                    }
                }
                3 => {
                    // Resuming without feeding the paused input back (an embedder that drops
                    // the rest of a page).
                    let _ = tokenizer.take_paused_input().expect("not stopped");
                }
                _ => tokenizer.end().expect("not stopped"),
            }
        }
        tokenizer.end().expect("not stopped");
    });
}

/// After a panic: the tokenizer refuses input; every other public method of the tokenizer,
/// the tree builder and the DOM sink still answers (the tree builder's state is whatever the
/// panic left, which is memory-safe however unfinished).
fn every_method_after_a_panic(tokenizer: &mut Pipeline<'_>, counter: &Counter) {
    let calls = counter.calls.get();
    assert!(tokenizer.is_stopped());
    assert!(!tokenizer.is_paused());
    assert_eq!(tokenizer.feed("<p>x"), Err(TokenizerError::SinkPanicked));
    assert_eq!(
        tokenizer.feed_string("<b>y".to_owned()),
        Err(TokenizerError::SinkPanicked)
    );
    assert_eq!(
        tokenizer.take_paused_input(),
        Err(TokenizerError::SinkPanicked)
    );
    assert_eq!(tokenizer.end(), Err(TokenizerError::SinkPanicked));
    let _ = tokenizer.unfinished_from();
    assert_eq!(counter.calls.get(), calls, "a refused call reached a sink");
    // The tree builder.
    let builder = &mut tokenizer.sink_mut().inner;
    let _ = builder.fragment_root();
    let _ = builder.encoding_change_request();
    let _ = builder.take_pending_script();
    let _ = builder.pending_table_text_from();
    let _ = builder.sink().inner.errors().len();
    // The DOM sink, through the tree builder.
    let dom = &mut builder.sink_mut().inner;
    let _ = (dom.errors().len(), dom.refused());
    let document = dom.document();
    let _ = dom.has_parent(&document);
}

/// Reads every node of the tree: names, attributes, texts, spans, serialization.
fn read_everything(parsed: &Parsed<'_>) {
    let mut bytes = 0usize;
    for edge in parsed.root.traverse() {
        if let Edge::Open(node) = edge {
            if let Some(element) = node.as_element() {
                bytes += element.name().len();
                for (name, value) in element.attrs() {
                    bytes += name.local.len() + value.len();
                }
                if let Some(contents) = element.template_contents() {
                    bytes += contents.inner_html().len();
                }
            }
            if let Some(text) = node.as_text() {
                bytes += text.len();
            }
            let _ = node.span();
        }
    }
    bytes += parsed.root.inner_html().len();
    assert!(bytes > 0 || parsed.root.first_child().is_none());
}

/// Runs `input` with every plan, panicking at every callback in turn, or (`sampled`) at that
/// many callbacks spread over the run plus the first two and the last.
pub fn panic_at_each_callback(input: &str, plans: &[Plan], sampled: Option<usize>) {
    quiet_injected_panics();
    for &plan in plans {
        let (total, panicked) = drive(input, plan, 0);
        assert!(!panicked);
        assert!(total > 0);
        for k in panic_points(total, sampled) {
            let (_, panicked) = drive(input, plan, k);
            assert!(panicked, "{plan:?}: no panic at callback {k} of {total}");
        }
    }
}
