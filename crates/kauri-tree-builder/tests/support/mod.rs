//! A tiny test-only DOM implementing `TreeSink` and its html5lib tree dump (the `.dat` reader
//! is `kauri_testdata::dat`).
//! It does not implement the DOM's `selectedcontent` cloning, so cases that depend on it
//! are expected to differ here (the real DOM is tested through the facade).

#![allow(dead_code)]

use kauri_tokenizer::{
    AttrNamespace, Attribute, DistinctAttrs, Namespace, QualName, State, Tokenizer,
    TokenizerOptions,
};
use kauri_tree_builder::{
    initial_tokenizer_state, NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOptions, TreeSink,
};

#[derive(Debug)]
pub enum Kind {
    Document,
    Fragment,
    Doctype(String, String, String),
    Element(QualName, Vec<Attribute>, Option<usize>),
    Text(String),
    Comment(String),
    Pi(String, String),
}

#[derive(Debug)]
pub struct Node {
    pub kind: Kind,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
}

#[derive(Default)]
pub struct TestDom {
    pub nodes: Vec<Node>,
    pub quirks: Option<QuirksMode>,
    pub errors: usize,
}

impl TestDom {
    pub fn new() -> Self {
        let mut d = TestDom::default();
        d.nodes.push(Node {
            kind: Kind::Document,
            parent: None,
            children: Vec::new(),
        });
        d
    }

    fn add(&mut self, kind: Kind) -> usize {
        self.nodes.push(Node {
            kind,
            parent: None,
            children: Vec::new(),
        });
        self.nodes.len() - 1
    }

    fn text_child(&mut self, parent: usize, at: usize, text: &str) -> bool {
        if let Some(&c) = self.nodes[parent].children.get(at) {
            if let Kind::Text(t) = &mut self.nodes[c].kind {
                t.push_str(text);
                return true;
            }
        }
        false
    }

    fn insert_child(&mut self, parent: usize, index: usize, child: NodeOrText<'_, usize>) {
        match child {
            NodeOrText::Node(n) => {
                self.detach(&n);
                self.nodes[n].parent = Some(parent);
                self.nodes[parent].children.insert(index, n);
            }
            NodeOrText::Text(t) => {
                if index > 0 && self.text_child(parent, index - 1, t) {
                    return;
                }
                let n = self.add(Kind::Text(t.to_string()));
                self.nodes[n].parent = Some(parent);
                self.nodes[parent].children.insert(index, n);
            }
        }
    }

    pub fn dump_children(&self, node: usize, depth: usize, out: &mut String) {
        for &c in &self.nodes[node].children {
            self.dump(c, depth, out);
        }
    }

    fn dump(&self, node: usize, depth: usize, out: &mut String) {
        let indent = "  ".repeat(depth);
        match &self.nodes[node].kind {
            Kind::Document | Kind::Fragment => {}
            Kind::Doctype(n, p, s) => {
                if p.is_empty() && s.is_empty() {
                    out.push_str(&format!("| {indent}<!DOCTYPE {n}>\n"));
                } else {
                    out.push_str(&format!("| {indent}<!DOCTYPE {n} \"{p}\" \"{s}\">\n"));
                }
            }
            Kind::Text(t) => out.push_str(&format!("| {indent}\"{t}\"\n")),
            Kind::Comment(t) => out.push_str(&format!("| {indent}<!-- {t} -->\n")),
            Kind::Pi(t, d) => out.push_str(&format!("| {indent}<?{t} {d}?>\n")),
            Kind::Element(name, attrs, contents) => {
                let prefix = match name.ns {
                    Namespace::Html => "",
                    Namespace::Svg => "svg ",
                    Namespace::MathMl => "math ",
                };
                out.push_str(&format!("| {indent}<{prefix}{}>\n", &*name.local));
                let mut list: Vec<(String, &str)> = attrs
                    .iter()
                    .map(|a| {
                        let p = match a.name.ns {
                            AttrNamespace::None => "",
                            AttrNamespace::XLink => "xlink ",
                            AttrNamespace::Xml => "xml ",
                            AttrNamespace::Xmlns => "xmlns ",
                        };
                        (format!("{p}{}", &*a.name.local), a.value.as_str())
                    })
                    .collect();
                list.sort();
                for (n, v) in list {
                    out.push_str(&format!("| {indent}  {n}=\"{v}\"\n"));
                }
                if let Some(c) = contents {
                    out.push_str(&format!("| {indent}  content\n"));
                    self.dump_children(*c, depth + 2, out);
                }
                self.dump_children(node, depth + 1, out);
            }
        }
    }
}

impl TreeSink for TestDom {
    type Handle = usize;

    fn document(&mut self) -> usize {
        0
    }

    fn create_element(&mut self, name: QualName, attrs: DistinctAttrs<'_>) -> usize {
        let contents = if name.ns == Namespace::Html && &*name.local == "template" {
            Some(self.add(Kind::Fragment))
        } else {
            None
        };
        self.add(Kind::Element(name, attrs.to_vec(), contents))
    }

    fn create_comment(&mut self, data: &str) -> usize {
        self.add(Kind::Comment(data.to_string()))
    }

    fn create_processing_instruction(&mut self, target: &str, data: &str) -> usize {
        self.add(Kind::Pi(target.to_string(), data.to_string()))
    }

    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        let n = self.add(Kind::Doctype(
            name.to_string(),
            public_id.to_string(),
            system_id.to_string(),
        ));
        self.append(&0, NodeOrText::Node(n));
    }

    fn append(&mut self, parent: &usize, child: NodeOrText<'_, usize>) {
        let len = self.nodes[*parent].children.len();
        self.insert_child(*parent, len, child);
    }

    fn insert_before(&mut self, sibling: &usize, child: NodeOrText<'_, usize>) {
        let parent = self.nodes[*sibling].parent.expect("sibling has a parent");
        if let NodeOrText::Node(n) = &child {
            self.detach(n);
        }
        let idx = self.nodes[parent]
            .children
            .iter()
            .position(|c| c == sibling)
            .unwrap();
        self.insert_child(parent, idx, child);
    }

    fn has_parent(&self, node: &usize) -> bool {
        self.nodes[*node].parent.is_some()
    }

    fn detach(&mut self, node: &usize) {
        if let Some(p) = self.nodes[*node].parent.take() {
            self.nodes[p].children.retain(|c| c != node);
        }
    }

    fn reparent_children(&mut self, node: &usize, new_parent: &usize) {
        let children = std::mem::take(&mut self.nodes[*node].children);
        for c in children {
            self.nodes[c].parent = Some(*new_parent);
            self.nodes[*new_parent].children.push(c);
        }
    }

    fn template_contents(&mut self, template: &usize) -> usize {
        match &self.nodes[*template].kind {
            Kind::Element(_, _, Some(c)) => *c,
            _ => panic!("not a template"),
        }
    }

    // The tree builder's tests run with the sink keeping formatting elements' attributes (the
    // facade's DOM exercises the other path).
    fn keeps_element_attrs(&self) -> bool {
        true
    }

    fn element_attrs(&self, element: &usize) -> Vec<Attribute> {
        match &self.nodes[*element].kind {
            Kind::Element(_, attrs, _) => attrs.clone(),
            _ => Vec::new(),
        }
    }

    fn add_attrs_if_missing(&mut self, element: &usize, attrs: DistinctAttrs<'_>) {
        if let Kind::Element(_, existing, _) = &mut self.nodes[*element].kind {
            for a in attrs {
                if !existing.iter().any(|e| e.name == a.name) {
                    existing.push(a.clone());
                }
            }
        }
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks = Some(mode);
    }

    fn parse_error(&mut self, _error: kauri_tokenizer::ParseError) {
        self.errors += 1;
    }
}

/// Parses a document or fragment and returns the dump.
pub fn parse_and_dump(input: &str, fragment: Option<&str>, scripting: bool) -> String {
    let opts = TreeBuilderOptions {
        scripting,
        ..TreeBuilderOptions::default()
    };
    let mut out = String::new();
    match fragment {
        None => {
            let tb = TreeBuilder::new(TestDom::new(), opts);
            let mut tok = Tokenizer::new(tb, TokenizerOptions::default());
            tok.feed(input).unwrap();
            tok.end().unwrap();
            let dom = tok.into_sink().into_sink();
            dom.dump_children(0, 0, &mut out);
        }
        Some(ctx) => {
            let (ns, local) = if let Some(l) = ctx.strip_prefix("svg ") {
                (Namespace::Svg, l)
            } else if let Some(l) = ctx.strip_prefix("math ") {
                (Namespace::MathMl, l)
            } else {
                (Namespace::Html, ctx)
            };
            let name = QualName::new(ns, local.into());
            let state = initial_tokenizer_state(&name, scripting);
            let tb = TreeBuilder::new_for_fragment(TestDom::new(), name.clone(), &[], opts);
            let topts = TokenizerOptions {
                initial_state: state.map(State::from).unwrap_or_default(),
                ..TokenizerOptions::default()
            };
            let mut tok = Tokenizer::new(tb, topts);
            tok.feed(input).unwrap();
            tok.end().unwrap();
            let tb = tok.into_sink();
            let root = tb.fragment_root().unwrap();
            let dom = tb.into_sink();
            dom.dump_children(root, 0, &mut out);
        }
    }
    out
}

/// The dump of a document parsed from `input`, without its `| <html>`, `|   <head>` and
/// `|   <body>` lines (the tests of the usual end tags' shortcuts).
pub fn body_dump(input: &str) -> String {
    let dump = parse_and_dump(input, None, false);
    let prefix = "| <html>\n|   <head>\n|   <body>\n";
    dump.strip_prefix(prefix)
        .unwrap_or_else(|| panic!("{input:?}: no html, head and body:\n{dump}"))
        .to_string()
}

/// Parses a document into the test DOM (no dump: the dump recurses on depth).
pub fn parse_document(input: &str) -> TestDom {
    let tb = TreeBuilder::new(TestDom::new(), TreeBuilderOptions::default());
    let mut tok = Tokenizer::new(tb, TokenizerOptions::default());
    tok.feed(input).unwrap();
    tok.end().unwrap();
    tok.into_sink().into_sink()
}
