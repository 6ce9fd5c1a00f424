//! DOM operations through the TreeSink interface, traversal, dumps, and deep trees.

use kauri_dom::{to_json, to_test_tree, Arena, Document, DomSink, Edge, JsonOptions, NodeHandle};
use kauri_tokenizer::{
    local_name, AttrName, AttrNamespace, Attribute, DistinctAttrs, LocalName, Namespace,
    ParseError, QualName,
};
use kauri_tree_builder::{NodeOrText, QuirksMode, TreeSink};

fn html<'a>(sink: &mut DomSink<'a>, name: &str) -> NodeHandle<'a> {
    sink.create_element(QualName::html(LocalName::from(name)), DistinctAttrs::EMPTY)
}

fn html_attrs<'a>(sink: &mut DomSink<'a>, name: &str, attrs: &[(&str, &str)]) -> NodeHandle<'a> {
    let mut attrs: Vec<Attribute> = attrs
        .iter()
        .map(|(n, v)| Attribute {
            name: AttrName::new(LocalName::from(*n)),
            value: v.to_string(),
        })
        .collect();
    sink.create_element(
        QualName::html(LocalName::from(name)),
        DistinctAttrs::dedup(&mut attrs),
    )
}

fn node<'a>(h: &NodeHandle<'a>) -> NodeOrText<'static, NodeHandle<'a>> {
    NodeOrText::Node(*h)
}

/// html > (head, body), returning (sink, body).
fn skeleton<'a>(arena: &'a Arena<'a>) -> (DomSink<'a>, NodeHandle<'a>) {
    let mut sink = DomSink::new(arena);
    let doc = sink.document();
    let h = html(&mut sink, "html");
    sink.append(&doc, node(&h));
    let head = html(&mut sink, "head");
    sink.append(&h, node(&head));
    let body = html(&mut sink, "body");
    sink.append(&h, node(&body));
    (sink, body)
}

#[test]
fn append_merges_adjacent_text() {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    sink.append(&body, NodeOrText::Text("a"));
    sink.append(&body, NodeOrText::Text("b"));
    let br = html(&mut sink, "br");
    sink.append(&body, node(&br));
    sink.append(&body, NodeOrText::Text("c"));
    let parsed = sink.finish();
    assert_eq!(
        to_test_tree(parsed.root),
        "| <html>\n|   <head>\n|   <body>\n|     \"ab\"\n|     <br>\n|     \"c\"\n"
    );
}

#[test]
fn insert_before_merges_with_previous_text_and_fosters() {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    sink.append(&body, NodeOrText::Text("x"));
    let table = html(&mut sink, "table");
    sink.append(&body, node(&table));
    // Foster parenting: text goes before the table and merges with "x".
    sink.insert_before(&table, NodeOrText::Text("y"));
    let b = html(&mut sink, "b");
    sink.insert_before(&table, node(&b));
    sink.insert_before(&table, NodeOrText::Text("z"));
    assert!(sink.has_parent(&table));
    let parsed = sink.finish();
    assert_eq!(
        to_test_tree(parsed.root),
        "| <html>\n|   <head>\n|   <body>\n|     \"xy\"\n|     <b>\n|     \"z\"\n|     <table>\n"
    );
}

#[test]
fn detach_reparent_and_first_last_links() {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    let p = html(&mut sink, "p");
    sink.append(&body, node(&p));
    for name in ["a", "b", "c"] {
        let e = html(&mut sink, name);
        sink.append(&p, node(&e));
    }
    let div = html(&mut sink, "div");
    sink.reparent_children(&p, &div);
    sink.append(&body, node(&div));
    sink.detach(&p);
    assert!(!sink.has_parent(&p));
    let parsed = sink.finish();
    assert_eq!(
        to_test_tree(parsed.root),
        "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       <a>\n|       <b>\n|       <c>\n"
    );
    let body = parsed
        .root
        .descendants()
        .find(|n| n.is_html_element(&local_name!("body")))
        .unwrap();
    let div = body.first_child().unwrap();
    assert!(body.last_child().unwrap().same_node(div));
    let names: Vec<&str> = div
        .children()
        .map(|c| c.as_element().unwrap().name())
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    let back: Vec<&str> = div
        .children()
        .rev()
        .map(|c| c.as_element().unwrap().name())
        .collect();
    assert_eq!(back, ["c", "b", "a"]);
    let b = div.children().nth(1).unwrap();
    assert_eq!(b.following_siblings().count(), 1);
    assert_eq!(b.preceding_siblings().count(), 1);
    assert_eq!(b.ancestors().count(), 4); // div, body, html, #document
}

#[test]
fn attributes_keep_source_order_and_add_if_missing() {
    let arena = Arena::new();
    let mut sink = DomSink::new(&arena);
    let doc = sink.document();
    let h = html_attrs(&mut sink, "html", &[("z", "1"), ("a", "2")]);
    sink.append(&doc, node(&h));
    let more = [
        Attribute {
            name: AttrName::new(LocalName::from("a")),
            value: "ignored".into(),
        },
        Attribute {
            name: AttrName::new(LocalName::from("m")),
            value: "3".into(),
        },
    ];
    sink.add_attrs_if_missing(&h, DistinctAttrs::new(&more).unwrap());
    let parsed = sink.finish();
    let e = parsed.root.first_child().unwrap().as_element().unwrap();
    let order: Vec<(&str, &str)> = e
        .attrs()
        .iter()
        .map(|(k, v)| (&*k.local, v.as_str()))
        .collect();
    assert_eq!(order, [("z", "1"), ("a", "2"), ("m", "3")]);
    assert_eq!(e.attr("a"), Some("2"));
    // The dump sorts attributes by name.
    assert_eq!(
        to_test_tree(parsed.root),
        "| <html>\n|   a=\"2\"\n|   m=\"3\"\n|   z=\"1\"\n"
    );
}

#[test]
fn foreign_elements_and_attributes_dump_with_prefixes() {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    let svg_attrs = [
        Attribute {
            name: AttrName {
                ns: AttrNamespace::XLink,
                local: LocalName::from("href"),
            },
            value: "#a".into(),
        },
        Attribute {
            name: AttrName::new(LocalName::from("viewBox")),
            value: "0 0 1 1".into(),
        },
        Attribute {
            name: AttrName {
                ns: AttrNamespace::Xml,
                local: LocalName::from("lang"),
            },
            value: "en".into(),
        },
    ];
    let svg = sink.create_element(
        QualName::new(Namespace::Svg, local_name!("svg")),
        DistinctAttrs::new(&svg_attrs).unwrap(),
    );
    sink.append(&body, node(&svg));
    let mi = sink.create_element(
        QualName::new(Namespace::MathMl, LocalName::from("mi")),
        DistinctAttrs::EMPTY,
    );
    sink.append(&body, node(&mi));
    let parsed = sink.finish();
    let tree = to_test_tree(parsed.root);
    assert!(tree.contains(
        "|     <svg svg>\n|       viewBox=\"0 0 1 1\"\n|       xlink href=\"#a\"\n|       xml lang=\"en\"\n|     <math mi>\n"
    ), "{tree}");
    let json = to_json(parsed.root, &JsonOptions::default());
    assert!(
        json.contains(r##"{"namespace":"xlink","name":"href","value":"#a"}"##),
        "{json}"
    );
    assert!(json.contains(
        r#"{"type":"element","namespace":"math","name":"mi","attributes":[],"children":[]}"#
    ));
}

#[test]
fn doctype_comment_pi_and_template_contents() {
    let arena = Arena::new();
    let mut sink = DomSink::new(&arena);
    let doc = sink.document();
    sink.append_doctype_to_document("html", "", "");
    let c = sink.create_comment("hi");
    sink.append(&doc, node(&c));
    let h = html(&mut sink, "html");
    sink.append(&doc, node(&h));
    let t = html(&mut sink, "template");
    sink.append(&h, node(&t));
    let contents = sink.template_contents(&t);
    assert_ne!(contents, t);
    let pi = sink.create_processing_instruction("xml-ish", "a=\"b\"");
    sink.append(&contents, node(&pi));
    sink.append(&contents, NodeOrText::Text("in"));
    sink.set_quirks_mode(QuirksMode::LimitedQuirks);
    let parsed = sink.finish();
    assert_eq!(
        to_test_tree(parsed.root),
        "| <!DOCTYPE html>\n| <!-- hi -->\n| <html>\n|   <template>\n|     content\n|       <?xml-ish a=\"b\"?>\n|       \"in\"\n"
    );
    let json = to_json(parsed.root, &JsonOptions::default());
    assert_eq!(
        json,
        concat!(
            r#"{"type":"document","mode":"limited-quirks","encoding":"UTF-8","children":["#,
            r#"{"type":"doctype","name":"html","public_id":"","system_id":""},"#,
            r#"{"type":"comment","data":"hi"},"#,
            r#"{"type":"element","namespace":"html","name":"html","attributes":[],"children":["#,
            r#"{"type":"element","namespace":"html","name":"template","attributes":[],"children":[],"template_contents":["#,
            r#"{"type":"processing_instruction","target":"xml-ish","data":"a=\"b\""},{"type":"text","data":"in"}]}]}]}"#
        )
    );
    // Template contents are not children: text content skips them.
    assert_eq!(parsed.root.text_content(), "");
}

#[test]
fn doctype_with_ids_and_errors_in_json() {
    let arena = Arena::new();
    let mut sink = DomSink::new(&arena);
    sink.append_doctype_to_document("html", "-//W3C//DTD HTML 4.01//EN", "");
    sink.parse_error(ParseError {
        code: kauri_tokenizer::ErrorCode::EofInTag,
        line: 1,
        col: 5,
        offset: 4,
    });
    let parsed = sink.finish();
    assert_eq!(
        to_test_tree(parsed.root),
        "| <!DOCTYPE html \"-//W3C//DTD HTML 4.01//EN\" \"\">\n"
    );
    let json = to_json(
        parsed.root,
        &JsonOptions {
            encoding: Some("windows-1252"),
            errors: Some(&parsed.errors),
            locations: false,
        },
    );
    assert!(
        json.ends_with(r#"],"errors":[{"code":"eof-in-tag","line":1,"col":5}]}"#),
        "{json}"
    );
    assert!(json.contains(r#""encoding":"windows-1252""#));
}

#[test]
fn json_escapes_strings() {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    sink.append(&body, NodeOrText::Text("q\"b\\n\n\t\u{1}é"));
    let parsed = sink.finish();
    let json = to_json(parsed.root, &JsonOptions::default());
    assert!(
        json.contains(r#"{"type":"text","data":"q\"b\\n\n\t\u0001é"}"#),
        "{json}"
    );
}

#[test]
fn spans_when_asked() {
    let arena = Arena::new();
    let mut sink = DomSink::new(&arena).with_spans(true);
    assert!(sink.wants_spans());
    let doc = sink.document();
    let p = html(&mut sink, "p");
    sink.append(&doc, node(&p));
    sink.set_span(&p, kauri_tokenizer::Span::new(0, 3));
    sink.set_end_tag_span(&p, kauri_tokenizer::Span::new(5, 9));
    sink.append(&p, NodeOrText::Text("a"));
    sink.set_text_span(kauri_tokenizer::Span::new(3, 4));
    sink.append(&p, NodeOrText::Text("b"));
    sink.set_text_span(kauri_tokenizer::Span::new(4, 5));
    // An empty range marks an implied element: no span.
    let implied = html(&mut sink, "tbody");
    sink.append(&p, node(&implied));
    sink.set_span(&implied, kauri_tokenizer::Span::new(5, 5));
    let parsed = sink.finish();
    let json = to_json(
        parsed.root,
        &JsonOptions {
            locations: true,
            ..Default::default()
        },
    );
    assert!(
        json.contains(r#""span":{"start":0,"end":3},"end_tag_span":{"start":5,"end":9}"#),
        "{json}"
    );
    assert!(
        json.contains(r#"{"type":"text","data":"ab","span":{"start":3,"end":5}}"#),
        "{json}"
    );
    assert!(
        json.contains(r#""name":"tbody","attributes":[],"children":[]"#),
        "{json}"
    );
    assert!(!DomSink::new(&arena).wants_spans());
}

#[test]
fn queries() {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    let a = html_attrs(&mut sink, "div", &[("id", "one")]);
    sink.append(&body, node(&a));
    let b = html_attrs(&mut sink, "DIV", &[("id", "two")]);
    sink.append(&a, node(&b));
    sink.append(&b, NodeOrText::Text("t"));
    let parsed = sink.finish();
    let root = parsed.root;
    assert_eq!(root.elements_by_tag_name("div").count(), 2);
    assert_eq!(root.element_by_id("two").unwrap().text_content(), "t");
    assert!(root.element_by_id("three").is_none());
    let walk: Vec<String> = root
        .element_by_id("one")
        .unwrap()
        .traverse()
        .map(|e| match e {
            Edge::Open(n) => format!("+{n:?}"),
            Edge::Close(n) => format!("-{n:?}"),
        })
        .collect();
    assert_eq!(
        walk,
        [
            "+<html div>",
            "+<html DIV>",
            "+\"t\"",
            "-\"t\"",
            "-<html DIV>",
            "-<html div>"
        ]
    );
}

#[test]
fn document_owns_and_moves() {
    let doc = Document::build(|arena| {
        let (mut sink, body) = skeleton(arena);
        sink.append(&body, NodeOrText::Text("hello"));
        sink.finish()
    })
    .with_encoding("Shift_JIS");
    let doc = std::thread::spawn(move || doc).join().unwrap();
    assert_eq!(doc.text_content(), "hello");
    assert_eq!(doc.encoding(), "Shift_JIS");
    assert_eq!(doc.quirks_mode(), QuirksMode::NoQuirks);
    assert!(!doc.is_fragment());
    assert_eq!(
        doc.document_element().unwrap().as_element().unwrap().name(),
        "html"
    );
    let shared = &doc;
    std::thread::scope(|s| {
        let a = s.spawn(|| shared.to_test_tree());
        let b = s.spawn(|| shared.to_test_tree());
        assert_eq!(a.join().unwrap(), b.join().unwrap());
    });
}

#[test]
fn fragment_root_collects_children() {
    let doc = Document::build(|arena| {
        let mut sink = DomSink::new(arena);
        let root = html(&mut sink, "html");
        let td = html(&mut sink, "td");
        sink.append(&root, node(&td));
        sink.append(&root, NodeOrText::Text("x"));
        sink.finish_fragment(Some(&root))
    });
    assert!(doc.is_fragment());
    assert_eq!(doc.to_test_tree(), "| <td>\n| \"x\"\n");
    assert_eq!(
        doc.to_json(true),
        r#"{"type":"fragment","children":[{"type":"element","namespace":"html","name":"td","attributes":[],"children":[]},{"type":"text","data":"x"}],"errors":[]}"#
    );
}

#[test]
fn million_deep_tree_builds_walks_dumps_and_drops() {
    // Miri runs a smaller tree (the same code paths, in seconds rather than hours).
    const DEPTH: usize = if cfg!(miri) { 500 } else { 1_000_000 };
    let doc = Document::build(|arena| {
        let mut sink = DomSink::new(arena);
        let mut parent = sink.document();
        for _ in 0..DEPTH {
            let div = html(&mut sink, "div");
            sink.append(&parent, node(&div));
            parent = div;
        }
        sink.append(&parent, NodeOrText::Text("deep"));
        sink.finish()
    });
    let root = doc.root();
    assert_eq!(root.descendants().count(), DEPTH + 1);
    assert_eq!(root.traverse().count(), 2 * (DEPTH + 2));
    let leaf = root.descendants().last().unwrap();
    assert_eq!(leaf.ancestors().count(), DEPTH + 1);
    assert_eq!(doc.text_content(), "deep");
    // The html5lib dump indents two spaces per level, so its size is quadratic in the depth:
    // 1,000,000 levels would be 10^12 bytes. Dump a subtree 5,000 levels from the bottom (125
    // under Miri).
    let levels = DEPTH.min(5_000) / 4;
    let levels = if cfg!(miri) { levels } else { 5_000 };
    let mut sub = leaf;
    for _ in 0..levels {
        sub = sub.parent().unwrap();
    }
    let tree = kauri_dom::to_test_tree(sub);
    assert_eq!(tree.lines().count(), levels);
    let html = doc.to_html();
    assert_eq!(html.len(), DEPTH * "<div></div>".len() + "deep".len());
    let json = doc.to_json(false);
    assert!(json.ends_with(&format!("\"deep\"}}{}]}}", "]}".repeat(DEPTH))));
    drop(doc);
}

/// `<select><button><selectedcontent></button><option>X<option selected>Y` as the tree builder
/// drives it (webkit02.dat): the selected option's content is cloned when it is popped.
fn select_case(second_selected: bool, multiple: bool) -> String {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    let select = if multiple {
        html_attrs(&mut sink, "select", &[("multiple", "")])
    } else {
        html(&mut sink, "select")
    };
    sink.append(&body, node(&select));
    let button = html(&mut sink, "button");
    sink.append(&select, node(&button));
    let sc = html(&mut sink, "selectedcontent");
    sink.append(&button, node(&sc));
    sink.pop(&sc);
    sink.pop(&button);
    let x = html(&mut sink, "option");
    sink.append(&select, node(&x));
    sink.append(&x, NodeOrText::Text("X"));
    let i = html(&mut sink, "i");
    sink.append(&x, node(&i));
    sink.append(&i, NodeOrText::Text("i"));
    sink.pop(&i);
    sink.pop(&x);
    let y = if second_selected {
        html_attrs(&mut sink, "option", &[("selected", "")])
    } else {
        html(&mut sink, "option")
    };
    sink.append(&select, node(&y));
    sink.append(&y, NodeOrText::Text("Y"));
    sink.pop(&y);
    sink.pop(&select);
    let parsed = sink.finish();
    let sc = parsed
        .root
        .elements_by_tag_name("selectedcontent")
        .next()
        .unwrap();
    kauri_dom::to_test_tree(sc)
}

#[test]
fn selectedcontent_clones_the_selected_option_when_popped() {
    assert_eq!(select_case(false, false), "| \"X\"\n| <i>\n|   \"i\"\n");
    assert_eq!(select_case(true, false), "| \"Y\"\n");
    assert_eq!(select_case(true, true), "");
}

#[test]
fn selectedcontent_inserted_after_options_shows_the_selected_one() {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    let select = html(&mut sink, "select");
    sink.append(&body, node(&select));
    let a = html_attrs(&mut sink, "option", &[("disabled", "")]);
    sink.append(&select, node(&a));
    sink.append(&a, NodeOrText::Text("A"));
    sink.pop(&a);
    let b = html(&mut sink, "option");
    sink.append(&select, node(&b));
    sink.append(&b, NodeOrText::Text("B"));
    sink.pop(&b);
    let sc = html(&mut sink, "selectedcontent");
    sink.append(&select, node(&sc));
    // A second one is not the primary one and stays empty.
    let sc2 = html(&mut sink, "selectedcontent");
    sink.append(&select, node(&sc2));
    let parsed = sink.finish();
    let mut all = parsed.root.elements_by_tag_name("selectedcontent");
    assert_eq!(all.next().unwrap().text_content(), "B");
    assert_eq!(all.next().unwrap().text_content(), "");
}

#[test]
fn non_primary_selectedcontent_is_cleared() {
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    let select = html(&mut sink, "select");
    sink.append(&body, node(&select));
    let a = html(&mut sink, "option");
    sink.append(&select, node(&a));
    sink.append(&a, NodeOrText::Text("A"));
    sink.pop(&a);
    // First selectedcontent: shows A.
    let first = html(&mut sink, "selectedcontent");
    sink.append(&select, node(&first));
    // A second one, into which the parser puts text of its own.
    let second = html(&mut sink, "selectedcontent");
    sink.append(&select, node(&second));
    sink.append(&second, NodeOrText::Text("own"));
    // A third one inserted before the first becomes primary: the others are cleared.
    let third = html(&mut sink, "selectedcontent");
    sink.insert_before(&first, node(&third));
    let parsed = sink.finish();
    let texts: Vec<String> = parsed
        .root
        .elements_by_tag_name("selectedcontent")
        .map(|n| n.text_content())
        .collect();
    assert_eq!(texts, ["A", "", ""]);
}

#[test]
fn many_options_with_selectedcontent_stay_linear() {
    // 20,000 selected options: each insertion deselects the previous one in constant time.
    let arena = Arena::new();
    let (mut sink, body) = skeleton(&arena);
    let select = html(&mut sink, "select");
    sink.append(&body, node(&select));
    let sc = html(&mut sink, "selectedcontent");
    sink.append(&select, node(&sc));
    let count = if cfg!(miri) { 200 } else { 20_000 }; // smaller under Miri
    for i in 0..count {
        let o = html_attrs(&mut sink, "option", &[("selected", "")]);
        sink.append(&select, node(&o));
        sink.append(&o, NodeOrText::Text(&i.to_string()));
        sink.pop(&o);
    }
    let parsed = sink.finish();
    let sc = parsed
        .root
        .elements_by_tag_name("selectedcontent")
        .next()
        .unwrap();
    assert_eq!(sc.text_content(), (count - 1).to_string());
}
