//! The HTML fragment parsing algorithm's driver (§ html-fragment-parsing-algorithm): the
//! tokenizer and tree builder into a [`DomSink`], for a context element. Kauri's facade
//! (`kauri::parse_fragment`) and [`Editor::set_inner_html`](crate::Editor::set_inner_html)
//! both run it.

use kauri_tokenizer::{Attribute, QualName, State, Tokenizer, TokenizerOptions};
use kauri_tree_builder::{initial_tokenizer_state, TreeBuilder, TreeBuilderOptions};

use crate::node::Arena;
use crate::sink::{DomSink, Parsed};

/// How [`parse_fragment`] parses.
#[derive(Clone, Debug)]
///
/// ```
/// use kauri_dom::{fragment::{parse_fragment, FragmentOptions}, Arena, LocalName, QualName};
/// let arena = Arena::new();
/// let div = QualName::html(LocalName::from("div"));
/// let opts = FragmentOptions { max_depth: Some(2), ..Default::default() };
/// let root = parse_fragment(&arena, "<b><i><u>x", &div, vec![], &opts).root;
/// // The stack's entry 2 and deeper (`html` is entry 0) go into entry 1, the `b`.
/// assert_eq!(root.inner_html(), "<b><i></i><u></u>x</b>");
/// ```
pub struct FragmentOptions {
    /// The scripting flag (with scripting enabled `noscript` content is raw text). Default
    /// `true`.
    pub scripting: bool,
    /// Record each node's source range. Default `false`.
    pub locations: bool,
    /// A tag keeps its first this many distinct attributes (see
    /// [`TokenizerOptions::max_attributes`]). Default `None`, no limit.
    pub max_attributes: Option<usize>,
    /// The depth limit of the stack of open elements (see
    /// [`TreeBuilderOptions::max_depth`]). Default `None`, no limit.
    pub max_depth: Option<usize>,
    /// The parser's "allow declarative shadow roots" flag. Default `false`, as for `innerHTML`.
    pub declarative_shadow_roots: bool,
    /// `<template for>` content patching (2026). Default `true`, as the standard has no flag.
    pub template_for: bool,
    /// Collect the parse errors (see [`DomSink::with_errors`]). Default `true`.
    pub errors: bool,
}

impl Default for FragmentOptions {
    fn default() -> Self {
        FragmentOptions {
            scripting: true,
            locations: false,
            max_attributes: None,
            max_depth: None,
            declarative_shadow_roots: false,
            template_for: true,
            errors: true,
        }
    }
}

/// Parses `html` as a fragment with a context element named `context` with `context_attrs`
/// (the attributes matter for a MathML `annotation-xml` context), into `arena`. The root of
/// the result is a DocumentFragment holding the fragment's nodes; the parse errors have byte
/// offsets but no line and column (`kauri::parse_fragment` fills those in).
///
/// ```
/// use kauri_dom::{fragment::{parse_fragment, FragmentOptions}, Arena, LocalName, QualName};
/// let arena = Arena::new();
/// let context = QualName::html(LocalName::from("tr"));
/// let parsed = parse_fragment(&arena, "<td>a<td>b", &context, vec![], &FragmentOptions::default());
/// assert_eq!(parsed.root.inner_html(), "<td>a</td><td>b</td>");
/// ```
pub fn parse_fragment<'a>(
    arena: &'a Arena<'a>,
    html: &str,
    context: &QualName,
    context_attrs: Vec<Attribute>,
    opts: &FragmentOptions,
) -> Parsed<'a> {
    let sink = DomSink::new(arena)
        .with_spans(opts.locations)
        .with_errors(opts.errors);
    let builder = TreeBuilder::new_for_fragment(
        sink,
        context.clone(),
        &context_attrs,
        TreeBuilderOptions {
            scripting: opts.scripting,
            max_depth: opts.max_depth,
            declarative_shadow_roots: opts.declarative_shadow_roots,
            template_for: opts.template_for,
            errors: opts.errors,
            ..TreeBuilderOptions::default()
        },
    );
    let initial_state = initial_tokenizer_state(context, opts.scripting)
        .map(State::from)
        .unwrap_or_default();
    let mut tokenizer = Tokenizer::new(
        builder,
        TokenizerOptions {
            errors: opts.errors,
            initial_state,
            last_start_tag: None,
            max_attributes: opts.max_attributes,
        },
    );
    // Neither call can be refused: only a call that unwinds (a sink panic) stops a tokenizer,
    // and that unwinding leaves this function too.
    let _ = tokenizer.feed(html);
    let _ = tokenizer.end();
    let builder = tokenizer.into_sink();
    let root = builder.fragment_root();
    builder.into_sink().finish_fragment(root.as_ref())
}
