//! html5ever 0.40: with markup5ever_rcdom, with a sink that builds nothing, and its tokenizer alone.

use std::borrow::Cow;
use std::cell::{Cell, Ref, RefCell};

use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::tokenizer::{BufferQueue, Token, TokenSink, TokenSinkResult, Tokenizer};
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{Attribute, QualName};
use markup5ever_rcdom::RcDom;

/// Full DOM: html5ever's tree builder into markup5ever_rcdom.
pub fn parse_rcdom(text: &str) {
    let dom =
        html5ever::parse_document(RcDom::default(), Default::default()).one(StrTendril::from(text));
    std::hint::black_box(&dom);
}

/// Full DOM into markup5ever_rcdom, kept (for `compare rss`).
pub fn parse_rcdom_kept(text: &str) -> RcDom {
    html5ever::parse_document(RcDom::default(), Default::default()).one(StrTendril::from(text))
}

/// The number of nodes below the document (template contents not included, as Kauri's
/// `descendants`; for `compare rss`).
pub fn count_nodes(dom: &RcDom) -> usize {
    let mut stack = dom.document.children.borrow().clone();
    let mut count = 0;
    while let Some(node) = stack.pop() {
        count += 1;
        stack.extend(node.children.borrow().iter().cloned());
    }
    count
}

/// html5ever's tree builder into a sink that only hands out ids (names kept for `elem_name`).
pub fn parse_noop_sink(text: &str) {
    let sink = NoopSink {
        next_id: Cell::new(1),
        names: RefCell::new(Vec::new()),
    };
    let sink = html5ever::parse_document(sink, Default::default()).one(StrTendril::from(text));
    std::hint::black_box(sink.next_id.get());
}

/// html5ever's tokenizer alone, into a sink that drops every token.
pub fn tokenize(text: &str) {
    let input = BufferQueue::default();
    input.push_back(StrTendril::from(text));
    let tokenizer = Tokenizer::new(NoopTokenSink, Default::default());
    let _ = tokenizer.feed(&input);
    tokenizer.end();
}

struct NoopTokenSink;

impl TokenSink for NoopTokenSink {
    type Handle = ();

    fn process_token(&self, token: Token, _line_number: u64) -> TokenSinkResult<()> {
        std::hint::black_box(&token);
        TokenSinkResult::Continue
    }
}

/// Handles are indices; even ids are nodes, a template's contents is its id + 1.
struct NoopSink {
    next_id: Cell<usize>,
    names: RefCell<Vec<(usize, QualName)>>,
}

impl NoopSink {
    fn new_id(&self) -> usize {
        let id = self.next_id.get();
        self.next_id.set(id + 2);
        id
    }
}

impl TreeSink for NoopSink {
    type Handle = usize;
    type Output = Self;
    type ElemName<'a> = Ref<'a, QualName>;

    fn finish(self) -> Self {
        self
    }

    fn parse_error(&self, _msg: Cow<'static, str>) {}

    fn get_document(&self) -> usize {
        0
    }

    fn elem_name<'a>(&'a self, target: &'a usize) -> Ref<'a, QualName> {
        Ref::map(self.names.borrow(), |names| {
            let index = names
                .binary_search_by_key(target, |(id, _)| *id)
                .expect("not an element");
            &names[index].1
        })
    }

    fn create_element(
        &self,
        name: QualName,
        _attrs: Vec<Attribute>,
        _flags: ElementFlags,
    ) -> usize {
        let id = self.new_id();
        self.names.borrow_mut().push((id, name));
        id
    }

    fn create_comment(&self, _text: StrTendril) -> usize {
        self.new_id()
    }

    fn create_pi(&self, _target: StrTendril, _data: StrTendril) -> usize {
        self.new_id()
    }

    fn append(&self, _parent: &usize, _child: NodeOrText<usize>) {}

    fn append_based_on_parent_node(
        &self,
        _element: &usize,
        _prev: &usize,
        _child: NodeOrText<usize>,
    ) {
    }

    fn append_doctype_to_document(
        &self,
        _name: StrTendril,
        _public: StrTendril,
        _system: StrTendril,
    ) {
    }

    fn get_template_contents(&self, target: &usize) -> usize {
        target + 1
    }

    fn same_node(&self, x: &usize, y: &usize) -> bool {
        x == y
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, _sibling: &usize, _new_node: NodeOrText<usize>) {}

    fn add_attrs_if_missing(&self, _target: &usize, _attrs: Vec<Attribute>) {}

    fn remove_from_parent(&self, _target: &usize) {}

    fn reparent_children(&self, _node: &usize, _new_parent: &usize) {}
}
