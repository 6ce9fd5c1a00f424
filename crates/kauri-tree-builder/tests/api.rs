//! The tree builder's public API and its calls into the TreeSink: pops, script end tags,
//! spans, the encoding change request, the fragment root.

mod support;

use kauri_tokenizer::{
    local_name, Namespace, QualName, Span, TextState, Tokenizer, TokenizerOptions,
};
use kauri_tree_builder::{
    initial_tokenizer_state, NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOptions, TreeSink,
};
use support::TestDom;

/// A sink that wraps the test DOM and records pops, script end tags and spans.
#[derive(Default)]
struct Recorder {
    dom: TestDom,
    popped: Vec<usize>,
    scripts: Vec<usize>,
    spans: Vec<(usize, Span)>,
    end_spans: Vec<(usize, Span)>,
    text_spans: Vec<Span>,
    doctype_spans: Vec<Span>,
}

impl TreeSink for Recorder {
    type Handle = usize;
    fn document(&mut self) -> usize {
        self.dom.document()
    }
    fn create_element(
        &mut self,
        name: QualName,
        attrs: kauri_tokenizer::DistinctAttrs<'_>,
    ) -> usize {
        self.dom.create_element(name, attrs)
    }
    fn create_comment(&mut self, data: &str) -> usize {
        self.dom.create_comment(data)
    }
    fn create_processing_instruction(&mut self, target: &str, data: &str) -> usize {
        self.dom.create_processing_instruction(target, data)
    }
    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str) {
        self.dom
            .append_doctype_to_document(name, public_id, system_id)
    }
    fn append(&mut self, parent: &usize, child: NodeOrText<'_, usize>) {
        self.dom.append(parent, child)
    }
    fn insert_before(&mut self, sibling: &usize, child: NodeOrText<'_, usize>) {
        self.dom.insert_before(sibling, child)
    }
    fn has_parent(&self, node: &usize) -> bool {
        self.dom.has_parent(node)
    }
    fn detach(&mut self, node: &usize) {
        self.dom.detach(node)
    }
    fn reparent_children(&mut self, node: &usize, new_parent: &usize) {
        self.dom.reparent_children(node, new_parent)
    }
    fn template_contents(&mut self, template: &usize) -> usize {
        self.dom.template_contents(template)
    }
    fn add_attrs_if_missing(&mut self, element: &usize, attrs: kauri_tokenizer::DistinctAttrs<'_>) {
        self.dom.add_attrs_if_missing(element, attrs)
    }
    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.dom.set_quirks_mode(mode)
    }
    fn pop(&mut self, element: &usize) {
        self.popped.push(*element);
    }
    fn script_end_tag(&mut self, script: &usize) {
        self.scripts.push(*script);
    }
    fn wants_spans(&self) -> bool {
        true
    }
    fn set_span(&mut self, node: &usize, span: Span) {
        self.spans.push((*node, span));
    }
    fn set_end_tag_span(&mut self, element: &usize, span: Span) {
        self.end_spans.push((*element, span));
    }
    fn set_text_span(&mut self, span: Span) {
        self.text_spans.push(span);
    }
    fn set_doctype_span(&mut self, span: Span) {
        self.doctype_spans.push(span);
    }
}

fn run(input: &str, opts: TreeBuilderOptions) -> TreeBuilder<Recorder> {
    let mut tok = Tokenizer::new(
        TreeBuilder::new(Recorder::default(), opts),
        TokenizerOptions::default(),
    );
    tok.feed(input).unwrap();
    tok.end().unwrap();
    tok.into_sink()
}

fn element_name(dom: &TestDom, h: usize) -> String {
    match &dom.nodes[h].kind {
        support::Kind::Element(q, _, _) => q.local.to_string(),
        _ => String::new(),
    }
}

#[test]
fn every_element_is_popped_once() {
    let tb = run(
        "<p><b>x<option>y</b><table><tr><td>z",
        TreeBuilderOptions::default(),
    );
    let rec = tb.into_sink();
    let elements = rec
        .dom
        .nodes
        .iter()
        .filter(|n| matches!(n.kind, support::Kind::Element(..)))
        .count();
    let mut popped = rec.popped.clone();
    popped.sort();
    popped.dedup();
    assert_eq!(
        popped.len(),
        rec.popped.len(),
        "an element was popped twice"
    );
    // The adoption agency's clones replace entries without a pop; everything else is popped.
    assert!(rec.popped.len() <= elements);
    let names: Vec<String> = rec
        .popped
        .iter()
        .map(|&h| element_name(&rec.dom, h))
        .collect();
    assert!(names.contains(&"option".to_string()));
    assert_eq!(names.last().map(String::as_str), Some("html"));
}

#[test]
fn script_end_tag_is_reported_after_the_pop() {
    let tb = run(
        "<script>a()</script><svg><script>b()</script></svg>",
        TreeBuilderOptions::default(),
    );
    let rec = tb.into_sink();
    assert_eq!(rec.scripts.len(), 2);
    for s in &rec.scripts {
        assert_eq!(element_name(&rec.dom, *s), "script");
        assert!(rec.popped.contains(s));
    }
}

#[test]
fn spans_cover_start_and_end_tags() {
    let input = "<div id=a>text</div>";
    let tb = run(input, TreeBuilderOptions::default());
    let rec = tb.into_sink();
    let div = rec
        .spans
        .iter()
        .find(|(h, _)| element_name(&rec.dom, *h) == "div")
        .expect("div has a span");
    assert_eq!(&input[div.1.start..div.1.end], "<div id=a>");
    let end = rec
        .end_spans
        .iter()
        .find(|(h, _)| *h == div.0)
        .expect("div has an end tag span");
    assert_eq!(&input[end.1.start..end.1.end], "</div>");
}

/// Each element's end tag span is set once, when the end tag with its name closes it (pops it
/// or removes it from the stack), whatever rule closed it; `</body>` and `</html>` record it
/// without a pop. Elements closed by another tag get none.
#[test]
fn end_tag_spans_are_set_by_whatever_closes_the_element() {
    let input = "<!DOCTYPE html><p>a</p><h1>b</h1><b>c</b><i>d<div>e</i></div><ul><li>f<li>g</ul>\
                 <form>h</form><table><caption>i<td>j</td></table><svg><foreignObject>k\
                 </foreignobject></svg><textarea>l</textarea></br></body></html>";
    let rec = run(input, TreeBuilderOptions::default()).into_sink();
    let end_tags = |name: &str| -> Vec<&str> {
        rec.end_spans
            .iter()
            .filter(|(h, _)| element_name(&rec.dom, *h) == name)
            .map(|(_, s)| &input[s.start..s.end])
            .collect()
    };
    // Popped by "close a p element", the heading rule, the adoption agency (no furthest
    // block; and removed from the stack with one), "in body" and "in cell" rules.
    assert_eq!(end_tags("p"), ["</p>"]);
    assert_eq!(end_tags("h1"), ["</h1>"]);
    assert_eq!(end_tags("b"), ["</b>"]);
    // `</i>` closes both the `i` it removes from the stack and the copy it makes inside the
    // `div` (popped in its second round).
    assert_eq!(end_tags("i"), ["</i>", "</i>"]);
    assert_eq!(end_tags("div"), ["</div>"]);
    assert_eq!(end_tags("ul"), ["</ul>"]);
    assert_eq!(end_tags("form"), ["</form>"]);
    assert_eq!(end_tags("td"), ["</td>"]);
    assert_eq!(end_tags("table"), ["</table>"]);
    assert_eq!(end_tags("foreignObject"), ["</foreignobject>"]);
    assert_eq!(end_tags("svg"), ["</svg>"]);
    assert_eq!(end_tags("textarea"), ["</textarea>"]);
    assert_eq!(end_tags("body"), ["</body>"]);
    assert_eq!(end_tags("html"), ["</html>"]);
    // Closed by other tags: the first `li` by `<li>`, the second by `</ul>`, the caption by
    // `<td>`. `</br>` is a `<br>` that closes itself (as in parse5).
    assert!(end_tags("li").is_empty());
    assert!(end_tags("caption").is_empty());
    assert_eq!(end_tags("br"), ["</br>"]);
    let mut elements: Vec<usize> = rec.end_spans.iter().map(|(h, _)| *h).collect();
    elements.sort_unstable();
    elements.dedup();
    assert_eq!(elements.len(), rec.end_spans.len(), "one end tag span each");
}

#[test]
fn spans_cover_text_doctype_and_table_text() {
    let input = "<!DOCTYPE html><table>x&amp;y<tr>";
    let rec = run(input, TreeBuilderOptions::default()).into_sink();
    assert_eq!(rec.doctype_spans.len(), 1);
    let d = rec.doctype_spans[0];
    assert_eq!(&input[d.start..d.end], "<!DOCTYPE html>");
    // Foster-parented table text: one range from the first to the last character token.
    let t = rec.text_spans.last().expect("a text span");
    assert_eq!(&input[t.start..t.end], "x&amp;y");
}

#[test]
fn implied_elements_get_empty_spans_and_reconstructed_ones_none() {
    let input = "x<p><b>y<p>z";
    let rec = run(input, TreeBuilderOptions::default()).into_sink();
    let spans_of = |name: &str| -> Vec<Span> {
        rec.spans
            .iter()
            .filter(|(h, _)| element_name(&rec.dom, *h) == name)
            .map(|(_, s)| *s)
            .collect()
    };
    // html, head and body are implied by the "x" at offset 0.
    for name in ["html", "head", "body"] {
        assert_eq!(spans_of(name), vec![Span::new(0, 0)], "{name}");
    }
    // Two `b` elements exist (the second reconstructed in the second `p`); only the first
    // came from a tag.
    let b_count = rec
        .dom
        .nodes
        .iter()
        .filter(|n| matches!(&n.kind, support::Kind::Element(q, _, _) if &*q.local == "b"))
        .count();
    assert_eq!(b_count, 2);
    assert_eq!(spans_of("b"), vec![Span::new(4, 7)]);
}

#[test]
fn encoding_change_request_takes_the_first_meta_that_names_an_encoding() {
    let tentative = TreeBuilderOptions {
        encoding_tentative: true,
        ..TreeBuilderOptions::default()
    };
    let tb = run(
        "<meta charset=bogus><meta charset='windows-1251'><meta charset=utf-8>",
        tentative.clone(),
    );
    assert_eq!(
        tb.encoding_change_request().map(|e| e.name()),
        Some("windows-1251")
    );
    let tb = run(
        "<meta http-equiv=Content-Type content='text/html; charset=\"koi8-r\"'>",
        tentative.clone(),
    );
    assert_eq!(
        tb.encoding_change_request().map(|e| e.name()),
        Some("KOI8-R")
    );
    let tb = run("<meta content='text/html; charset=koi8-r'>", tentative);
    assert_eq!(tb.encoding_change_request(), None);
    let tb = run("<meta charset=koi8-r>", TreeBuilderOptions::default());
    assert_eq!(tb.encoding_change_request(), None);
}

#[test]
fn fragment_root_holds_the_fragment() {
    let ctx = QualName::html(local_name!("tr"));
    let tb = TreeBuilder::new_for_fragment(TestDom::new(), ctx, &[], TreeBuilderOptions::default());
    let mut tok = Tokenizer::new(tb, TokenizerOptions::default());
    tok.feed("<td>a<td>b").unwrap();
    tok.end().unwrap();
    let tb = tok.into_sink();
    let root = tb.fragment_root().expect("fragment root");
    let dom = tb.into_sink();
    let mut out = String::new();
    dom.dump_children(root, 0, &mut out);
    assert_eq!(out, "| <td>\n|   \"a\"\n| <td>\n|   \"b\"\n");
}

#[test]
fn initial_tokenizer_states_for_fragments() {
    let html = |n| QualName::html(n);
    assert_eq!(
        initial_tokenizer_state(&html(local_name!("title")), true),
        Some(TextState::Rcdata)
    );
    assert_eq!(
        initial_tokenizer_state(&html(local_name!("textarea")), false),
        Some(TextState::Rcdata)
    );
    assert_eq!(
        initial_tokenizer_state(&html(local_name!("xmp")), true),
        Some(TextState::Rawtext)
    );
    assert_eq!(
        initial_tokenizer_state(&html(local_name!("noscript")), true),
        Some(TextState::Rawtext)
    );
    assert_eq!(
        initial_tokenizer_state(&html(local_name!("noscript")), false),
        None
    );
    assert_eq!(
        initial_tokenizer_state(&html(local_name!("script")), true),
        Some(TextState::ScriptData)
    );
    assert_eq!(
        initial_tokenizer_state(&html(local_name!("plaintext")), true),
        Some(TextState::Plaintext)
    );
    assert_eq!(
        initial_tokenizer_state(&html(local_name!("div")), true),
        None
    );
    assert_eq!(
        initial_tokenizer_state(&QualName::new(Namespace::Svg, local_name!("title")), true),
        None
    );
}

#[test]
fn quirks_mode_from_doctype() {
    let quirks = |input: &str| {
        run(input, TreeBuilderOptions::default())
            .into_sink()
            .dom
            .quirks
    };
    assert_eq!(quirks("<!DOCTYPE html>"), Some(QuirksMode::NoQuirks));
    assert_eq!(quirks("<p>"), Some(QuirksMode::Quirks));
    assert_eq!(
        quirks("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\" \"\">"),
        Some(QuirksMode::Quirks),
        "2026: an empty system identifier counts as missing"
    );
    assert_eq!(
        quirks("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\" \"x\">"),
        Some(QuirksMode::LimitedQuirks)
    );
    assert_eq!(
        quirks("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\">"),
        Some(QuirksMode::NoQuirks)
    );
    let srcdoc = TreeBuilderOptions {
        iframe_srcdoc: true,
        ..TreeBuilderOptions::default()
    };
    assert_eq!(run("<p>", srcdoc).into_sink().dom.quirks, None);
}
