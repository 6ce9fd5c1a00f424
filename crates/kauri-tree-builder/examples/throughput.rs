//! Measures tree construction throughput on a file: the tokenizer alone (into a sink that
//! drops tokens) against tokenizer + tree builder (into a sink that builds nothing), so the
//! difference is the tree builder's own cost.
//!
//! `cargo run --release -p kauri-tree-builder --example throughput -- page.html [iterations] [tok|tb]`

use kauri_tokenizer::{
    DistinctAttrs, QualName, Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions,
};
use kauri_tree_builder::{NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOptions, TreeSink};
use std::time::Instant;

/// Drops every token.
struct Drop;
impl TokenSink for Drop {
    fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
        std::hint::black_box(&token);
        TokenSinkResult::Continue
    }
}

/// Builds nothing: handles are counters; only parentage is tracked (foster parenting asks).
#[derive(Default)]
struct Null {
    next: u32,
    has_parent: Vec<bool>,
}
impl TreeSink for Null {
    type Handle = u32;
    fn document(&mut self) -> u32 {
        self.has_parent.push(false);
        0
    }
    fn create_element(&mut self, _name: QualName, attrs: DistinctAttrs<'_>) -> u32 {
        std::hint::black_box(attrs);
        self.next += 1;
        self.has_parent.push(false);
        self.next
    }
    fn create_comment(&mut self, _data: &str) -> u32 {
        self.create_element(
            QualName::html(kauri_tokenizer::local_name!("div")),
            DistinctAttrs::EMPTY,
        )
    }
    fn create_processing_instruction(&mut self, _t: &str, _d: &str) -> u32 {
        self.create_element(
            QualName::html(kauri_tokenizer::local_name!("div")),
            DistinctAttrs::EMPTY,
        )
    }
    fn append_doctype_to_document(&mut self, _n: &str, _p: &str, _s: &str) {}
    fn append(&mut self, _parent: &u32, child: NodeOrText<'_, u32>) {
        if let NodeOrText::Node(n) = child {
            self.has_parent[n as usize] = true;
        }
    }
    fn insert_before(&mut self, _sibling: &u32, child: NodeOrText<'_, u32>) {
        if let NodeOrText::Node(n) = child {
            self.has_parent[n as usize] = true;
        }
    }
    fn has_parent(&self, node: &u32) -> bool {
        self.has_parent[*node as usize]
    }
    fn detach(&mut self, node: &u32) {
        self.has_parent[*node as usize] = false;
    }
    fn reparent_children(&mut self, _node: &u32, _new_parent: &u32) {}
    fn template_contents(&mut self, template: &u32) -> u32 {
        *template
    }
    fn add_attrs_if_missing(&mut self, _element: &u32, _attrs: DistinctAttrs<'_>) {}
    fn set_quirks_mode(&mut self, _mode: QuirksMode) {}
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: throughput FILE [ITERATIONS]");
    let iterations: usize = args.next().map_or(20, |n| n.parse().expect("a number"));
    // "tok" or "tb" runs only one side (for `perf stat`); anything else runs both.
    let only = args.next().unwrap_or_default();
    let html = std::fs::read_to_string(&path).expect("readable UTF-8 file");
    let mb = html.len() as f64 * iterations as f64 / 1e6;

    let start = Instant::now();
    for _ in 0..if only == "tb" { 0 } else { iterations } {
        let mut tok = Tokenizer::new(Drop, TokenizerOptions::default());
        tok.feed(&html).unwrap();
        tok.end().unwrap();
    }
    let tokenize = start.elapsed().as_secs_f64();

    let start = Instant::now();
    for _ in 0..if only == "tok" { 0 } else { iterations } {
        let tb = TreeBuilder::new(Null::default(), TreeBuilderOptions::default());
        let mut tok = Tokenizer::new(tb, TokenizerOptions::default());
        tok.feed(&html).unwrap();
        tok.end().unwrap();
        std::hint::black_box(tok.into_sink().into_sink().next);
    }
    let both = start.elapsed().as_secs_f64();
    println!(
        "{path}: {} bytes x {iterations}\n  tokenizer alone:        {:8.1} MB/s\n  tokenizer+tree builder: {:8.1} MB/s\n  tree builder share:     {:8.1}%",
        html.len(),
        mb / tokenize,
        mb / both,
        100.0 * (both - tokenize) / both
    );
}
