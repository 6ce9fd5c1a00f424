//! A custom [`TreeSink`]: instead of building a DOM, count the elements the tree builder creates,
//! by name, and the deepest nesting. The tokenizer and the tree builder run exactly as for
//! `kauri::parse`; only the sink differs.
//!
//! ```text
//! cargo run -p kauri --example count_elements -- page.html
//! echo '<p>a<p>b<table><td>c' | cargo run -p kauri --example count_elements
//! ```

use std::collections::BTreeMap;
use std::io::Read;

use kauri_tokenizer::{DistinctAttrs, QualName, Tokenizer, TokenizerOptions};
use kauri_tree_builder::{NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOptions, TreeSink};

/// Nodes are indices into `parents`; an element's depth is its parent's depth plus one.
#[derive(Default)]
struct CountElements {
    /// Per node: its parent (usize::MAX for none) and its name (None for non-elements).
    parents: Vec<usize>,
    depth: Vec<usize>,
    counts: BTreeMap<String, usize>,
    max_depth: usize,
    errors: usize,
    /// `script` elements whose end tag was processed: where an engine would run them.
    scripts_ready: usize,
}

impl CountElements {
    fn new_node(&mut self) -> usize {
        self.parents.push(usize::MAX);
        self.depth.push(0);
        self.parents.len() - 1
    }

    fn set_parent(&mut self, node: usize, parent: usize) {
        self.parents[node] = parent;
        // Depth is recorded when a node is inserted; nodes moved later (the adoption agency)
        // keep their first depth, which is enough for a statistic.
        self.depth[node] = self.depth[parent] + 1;
        self.max_depth = self.max_depth.max(self.depth[node]);
    }
}

impl TreeSink for CountElements {
    type Handle = usize;

    fn document(&mut self) -> usize {
        if self.parents.is_empty() {
            self.new_node();
        }
        0
    }

    fn create_element(&mut self, name: QualName, _attrs: DistinctAttrs<'_>) -> usize {
        let key = match name.ns {
            kauri_tokenizer::Namespace::Html => name.local.to_string(),
            ns => format!("{} {}", ns.short_name(), &*name.local),
        };
        *self.counts.entry(key).or_default() += 1;
        self.new_node()
    }

    fn create_comment(&mut self, _data: &str) -> usize {
        self.new_node()
    }

    fn create_processing_instruction(&mut self, _target: &str, _data: &str) -> usize {
        self.new_node()
    }

    fn append_doctype_to_document(&mut self, _name: &str, _public: &str, _system: &str) {}

    fn append(&mut self, parent: &usize, child: NodeOrText<'_, usize>) {
        if let NodeOrText::Node(child) = child {
            self.set_parent(child, *parent);
        }
    }

    fn insert_before(&mut self, sibling: &usize, child: NodeOrText<'_, usize>) {
        let parent = self.parents[*sibling];
        if let (NodeOrText::Node(child), true) = (child, parent != usize::MAX) {
            self.set_parent(child, parent);
        }
    }

    fn has_parent(&self, node: &usize) -> bool {
        self.parents[*node] != usize::MAX
    }

    fn detach(&mut self, node: &usize) {
        self.parents[*node] = usize::MAX;
    }

    fn reparent_children(&mut self, node: &usize, new_parent: &usize) {
        for i in 0..self.parents.len() {
            if self.parents[i] == *node {
                self.set_parent(i, *new_parent);
            }
        }
    }

    fn template_contents(&mut self, template: &usize) -> usize {
        // Count template contents as children of the template.
        *template
    }

    fn add_attrs_if_missing(&mut self, _element: &usize, _attrs: DistinctAttrs<'_>) {}

    fn set_quirks_mode(&mut self, _mode: QuirksMode) {}

    /// The script hook: the tree builder calls this when a `script` end tag has been processed
    /// (§ parsing-main-incdata, "text" mode), the moment a browser would prepare and run the
    /// script. Kauri runs no JavaScript; this sink only counts.
    fn script_end_tag(&mut self, _script: &Self::Handle) {
        self.scripts_ready += 1;
    }

    fn parse_error(&mut self, _error: kauri_tokenizer::ParseError) {
        self.errors += 1;
    }
}

fn main() {
    let mut input = String::new();
    match std::env::args().nth(1) {
        Some(path) => {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| {
                eprintln!("count_elements: cannot read {path}: {e}");
                std::process::exit(2);
            });
            input = String::from_utf8_lossy(&bytes).into_owned();
        }
        None => {
            std::io::stdin()
                .read_to_string(&mut input)
                .unwrap_or_else(|e| {
                    eprintln!("count_elements: cannot read standard input: {e}");
                    std::process::exit(2);
                });
        }
    }
    let builder = TreeBuilder::new(CountElements::default(), TreeBuilderOptions::default());
    let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
    tokenizer.feed(&input).unwrap();
    tokenizer.end().unwrap();
    let counts = tokenizer.into_sink().into_sink();
    for (name, count) in &counts.counts {
        println!("{count:>8} {name}");
    }
    let total: usize = counts.counts.values().sum();
    println!(
        "{total:>8} elements, deepest nesting {}, {} parse errors, {} scripts ready to run",
        counts.max_depth, counts.errors, counts.scripts_ready
    );
}
