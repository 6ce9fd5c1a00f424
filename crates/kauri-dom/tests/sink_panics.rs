//! A sink may panic anywhere (issue 28): the whole pipeline, tokenizer -> tree builder ->
//! [`DomSink`], with a panic injected at the k-th callback of either sink interface
//! (`TokenSink` between the tokenizer and the tree builder, `TreeSink` between the tree builder
//! and the DOM sink), for every k, over documents and fragments, paused at scripts and resumed,
//! with errors and source locations on and off. The caller catches the panic and then calls
//! every public method of the tokenizer, the tree builder and the DOM sink, finishes the tree and
//! reads all of it. CI runs this file under Miri (the small inputs) and AddressSanitizer (the
//! corpus pages too): a dangling chunk, node or text is reported there.

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

/// The payload of an injected panic (the quiet hook recognizes it).
struct Injected;

fn quiet_injected_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if info.payload().downcast_ref::<Injected>().is_none() {
                default(info);
            }
        }));
    });
}

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
    fn wants_errors(&self) -> bool {
        self.inner.wants_errors()
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
    fn wants_errors(&self) -> bool {
        self.inner.wants_errors()
    }
}

type Pipeline<'a> = Tokenizer<PanickyTokens<'a>>;

/// One way of running the pipeline.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// `None`: a document; else a fragment in this HTML context element.
    context: Option<&'static str>,
    /// Piece size in bytes (rounded up to a character boundary); `usize::MAX` is whole.
    piece: usize,
    /// Pause at each script end tag and resume by feeding the paused input back.
    script_pauses: bool,
    errors: bool,
    locations: bool,
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
            initial_state,
            ..TokenizerOptions::default()
        },
    )
}

/// Feeds `input` as `plan` says, panicking at callback `k` (0: never). Returns the number of
/// callbacks and whether the panic happened; either way finishes the tree and reads all of it.
fn drive(input: &str, plan: Plan, k: usize) -> (usize, bool) {
    let counter = Rc::new(Counter::default());
    let arena = Arena::new();
    let mut tokenizer = pipeline(&arena, plan, &counter);
    counter.calls.set(0);
    counter.k.set(k);
    let run = catch_unwind(AssertUnwindSafe(|| {
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
    }));
    let panicked = run.is_err();
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

fn panic_at_each_callback(input: &str, plans: &[Plan], sampled: Option<usize>) {
    quiet_injected_panics();
    for &plan in plans {
        let (total, panicked) = drive(input, plan, 0);
        assert!(!panicked);
        assert!(total > 0);
        let ks: Vec<usize> = match sampled {
            None => (1..=total).collect(),
            Some(n) => {
                let mut ks: Vec<usize> = (0..n).map(|i| 1 + i * total / n).collect();
                ks.extend([1, 2, total]);
                ks.sort_unstable();
                ks.dedup();
                ks
            }
        };
        for k in ks {
            let (_, panicked) = drive(input, plan, k);
            assert!(panicked, "{plan:?}: no panic at callback {k} of {total}");
        }
    }
}

/// Small documents reaching text merging, the adoption agency, foster parenting, templates,
/// a declarative shadow root, `<template for>`, scripts (pauses), forms, foreign content and
/// the errors of each.
const INPUTS: &[&str] = &[
    "<!DOCTYPE html><p>a<b>b<i>c</p>d</i>e<script>w()</script>f\0g",
    "<table><tr><td>x</td>y<form id=f><input form=f></table><template><script>s</script><img onerror=x></template>",
    "<div><template shadowrootmode=open><slot></slot>t</template>u</div><svg><path/><foreignObject><p>z</svg><math><mi>q",
    "<select><option>1<option selected>2</select><textarea>&lt;a</textarea><?pi x?>",
];

fn plans(miri: bool) -> Vec<Plan> {
    let mut plans = Vec::new();
    let contexts: &[Option<&'static str>] = &[None, Some("td"), Some("template")];
    let pieces: &[usize] = if miri {
        &[usize::MAX]
    } else {
        &[usize::MAX, 1, 5, 64]
    };
    for (i, &context) in contexts.iter().enumerate() {
        for &piece in pieces {
            for errors in [true, false] {
                plans.push(Plan {
                    context,
                    piece,
                    script_pauses: context.is_none() && (piece != 1 || !errors),
                    errors,
                    locations: (i + piece % 7) % 2 == 0,
                });
            }
        }
    }
    if miri {
        // Miri's share: every context, errors on and off, whole input.
        plans.retain(|p| p.context.is_none() || p.errors);
    }
    plans
}

#[test]
fn a_panic_at_any_sink_callback_leaves_everything_usable() {
    let inputs = if cfg!(miri) { &INPUTS[..2] } else { INPUTS };
    let plans = plans(cfg!(miri));
    for input in inputs {
        panic_at_each_callback(input, &plans, None);
    }
}

/// A node of another arena is refused by the editor: leaked so that it lives as long as the
/// edit (the route the audit found), it can neither be linked in nor changed.
#[test]
fn the_editor_refuses_nodes_of_another_arena() {
    use kauri_dom::{fragment::parse_fragment, Document, EditError, Editor, Node};

    /// Makes a fragment in `arena` (which outlives the edit) and tries it on the editor.
    fn try_foreign<'a>(ed: &Editor<'a>, arena: &'a Arena<'a>) -> Vec<Result<(), EditError>> {
        let body = QualName::html(LocalName::from("body"));
        let parsed = parse_fragment(arena, "<p>x</p>t", &body, vec![], &Default::default());
        let p: &'a Node<'a> = parsed.root.first_child().unwrap();
        let text: &'a Node<'a> = parsed.root.last_child().unwrap();
        let mine = ed.create_element("div").unwrap();
        ed.append_child(ed.root(), mine).unwrap();
        ed.set_text_content(text, "changed");
        ed.remove(p);
        vec![
            ed.append_child(mine, p),
            ed.append_child(p, mine),
            ed.insert_before(mine, text, None),
            ed.replace_with(mine, p),
            ed.set_attribute(p, "id", "x"),
            ed.add_class(p, "c"),
            ed.set_inner_html(p, "<b>y"),
            ed.unwrap(p),
            ed.replace_with_text(p, "z").map(|_| ()),
        ]
    }

    let mut doc = Document::new();
    let arena: *mut Arena<'static> = Box::into_raw(Box::new(Arena::new()));
    let results = doc.edit(|ed| {
        // SAFETY: the arena lives until the `Box::from_raw` below, after the edit; the
        // lifetime given to it here is the editor's, which ends with the closure.
        let foreign: &Arena<'_> = unsafe { &*arena.cast::<Arena<'_>>() };
        try_foreign(ed, foreign)
    });
    assert!(
        results.iter().all(|r| *r == Err(EditError::OtherArena)),
        "{results:?}"
    );
    assert_eq!(doc.to_html(), "<div></div>");
    // SAFETY: from `Box::into_raw` above; no reference to it is left (the edit is over).
    let arena = unsafe { Box::from_raw(arena) };
    assert_eq!(arena.len(), 6); // the sink's Document, html, the fragment, p, its text, "t"
}

/// The corpus pages, whole and in 4 KB pieces, paused at scripts, errors and locations on: a
/// panic at 16 callbacks spread over each page (AddressSanitizer runs this in CI).
#[test]
fn a_panic_anywhere_in_a_corpus_page_leaves_everything_usable() {
    if cfg!(miri) {
        return; // The small inputs above are Miri's share.
    }
    let Some(dir) = kauri_testdata::corpus_or_skip(
        "a_panic_anywhere_in_a_corpus_page_leaves_everything_usable",
    ) else {
        return;
    };
    let pages = kauri_testdata::files_with_suffix(&dir, ".html");
    assert!(!pages.is_empty(), "no pages in {}", dir.display());
    let plan = Plan {
        context: None,
        piece: 4096,
        script_pauses: true,
        errors: true,
        locations: true,
    };
    for page in pages {
        let bytes = std::fs::read(&page).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        panic_at_each_callback(&text, &[plan], Some(16));
    }
}
