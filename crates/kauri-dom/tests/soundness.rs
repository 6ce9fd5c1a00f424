//! Misuse of the sink interface from safe code is refused, never undefined behaviour (issue
//! 18): a sink only touches nodes it created, and its nodes cannot be read while it can still
//! change them. These tests run under Miri and AddressSanitizer in CI (`.ci/sanitizers`), which
//! report the use-after-free the first two used to reach.

use kauri_dom::{Arena, DomSink};
use kauri_tokenizer::{local_name, AttrName, Attribute, DistinctAttrs, LocalName, QualName};
use kauri_tokenizer::{Tokenizer, TokenizerOptions};
use kauri_tree_builder::{NodeOrText, TreeBuilder, TreeBuilderOptions, TreeSink};

fn attr(name: &str, value: &str) -> Attribute {
    Attribute {
        name: AttrName::new(LocalName::from(name)),
        value: value.to_owned(),
    }
}

/// The issue's first reproducer: a second sink over the same arena appends text to a node of a
/// finished tree, then grows it while a reader holds the text.
#[test]
fn a_second_sink_cannot_add_text_to_a_finished_tree() {
    let arena = Arena::new();
    let mut a = DomSink::new(&arena);
    let mut b = DomSink::new(&arena);
    let doc = a.document();
    let p = a.create_element(QualName::html(local_name!("p")), DistinctAttrs::EMPTY);
    a.append(&doc, NodeOrText::Node(p));
    a.append(&p, NodeOrText::Text("mine"));
    let tree = a.finish();
    let text: &str = tree
        .root
        .first_child()
        .unwrap()
        .first_child()
        .unwrap()
        .as_text()
        .unwrap();
    b.append(&p, NodeOrText::Text("hello"));
    b.append(&p, NodeOrText::Text(&"x".repeat(4096)));
    let bytes: Vec<u8> = text.bytes().collect();
    assert_eq!(bytes, b"mine");
    assert_eq!(b.refused(), 2);
    assert_eq!(tree.root.first_child().unwrap().children().count(), 1);
}

/// The issue's second reproducer: a second sink adds attributes to an element while a reader
/// iterates them.
#[test]
fn a_second_sink_cannot_add_attributes_while_they_are_read() {
    let arena = Arena::new();
    let mut a = DomSink::new(&arena);
    let mut b = DomSink::new(&arena);
    let doc = a.document();
    let body = a.create_element(
        QualName::html(local_name!("body")),
        DistinctAttrs::new(&[attr("id", "x")]).unwrap(),
    );
    a.append(&doc, NodeOrText::Node(body));
    let tree = a.finish();
    let element = tree.root.first_child().unwrap().as_element().unwrap();
    let mut seen = Vec::new();
    for (name, value) in element.attrs() {
        let many: Vec<Attribute> = (0..64).map(|i| attr(&format!("a{i}"), "v")).collect();
        b.add_attrs_if_missing(&body, DistinctAttrs::new(&many).unwrap());
        seen.push((name.local.to_string(), value.clone()));
    }
    assert_eq!(seen, [("id".to_owned(), "x".to_owned())]);
    assert_eq!(element.attrs().len(), 1);
    assert_eq!(b.refused(), 1);
}

/// The route through `TreeBuilder::sink_mut`: swap the builder's sink for a new one, finish
/// the old one and read its tree while the builder goes on with the handles it holds.
#[test]
fn a_sink_swapped_into_a_tree_builder_refuses_the_old_handles() {
    let arena = Arena::new();
    let builder = TreeBuilder::new(DomSink::new(&arena), TreeBuilderOptions::default());
    let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
    // The `<wbr>` ends the text token (character tokens wait for the next other token).
    tokenizer.feed("<p class=a>hello<wbr>").unwrap();
    let old = std::mem::replace(tokenizer.sink_mut().sink_mut(), DomSink::new(&arena));
    let tree = old.finish();
    let p = tree
        .root
        .descendants()
        .find(|n| n.is_html_element(&local_name!("p")));
    let p = p.unwrap();
    let text: &str = p.first_child().unwrap().as_text().unwrap();
    let classes: Vec<&str> = p.as_element().unwrap().classes().collect();
    tokenizer.feed(&"x".repeat(4096)).unwrap();
    tokenizer.feed("<body class=b>").unwrap();
    tokenizer.end().unwrap();
    assert_eq!(text, "hello");
    assert_eq!(classes, ["a"]);
    assert_eq!(p.as_element().unwrap().attrs().len(), 1);
    let new = tokenizer.into_sink().into_sink();
    assert!(new.refused() > 0);
    // The new sink's own tree holds only its own Document: every handle the builder had was
    // the old sink's.
    assert!(new.finish().root.first_child().is_none());
}

/// A handle's `Debug` output shows no text, which could still change while the sink is alive.
#[test]
fn a_handle_does_not_show_its_text() {
    let arena = Arena::new();
    let mut sink = DomSink::new(&arena);
    let p = sink.create_element(
        QualName::html(local_name!("p")),
        DistinctAttrs::new(&[attr("title", "t")]).unwrap(),
    );
    sink.append(&p, NodeOrText::Text("secret"));
    let doc = sink.document();
    assert_eq!(format!("{p:?}"), "NodeHandle(<html p>)");
    assert_eq!(format!("{doc:?}"), "NodeHandle(Document)");
}

/// Every other method refuses a handle of another sink too, and changes nothing.
#[test]
fn every_method_refuses_another_sinks_handles() {
    let arena = Arena::new();
    let mut a = DomSink::new(&arena).with_spans(true);
    let doc = a.document();
    let template = a.create_element(
        QualName::html(local_name!("template")),
        DistinctAttrs::EMPTY,
    );
    let div = a.create_element(
        QualName::html(local_name!("div")),
        DistinctAttrs::new(&[attr("id", "d")]).unwrap(),
    );
    a.append(&doc, NodeOrText::Node(div));
    a.append(&div, NodeOrText::Node(template));
    let mut b = DomSink::new(&arena).with_spans(true);
    let mine = b.create_element(QualName::html(local_name!("span")), DistinctAttrs::EMPTY);
    let b_doc = b.document();
    b.append(&b_doc, NodeOrText::Node(div));
    b.append(&mine, NodeOrText::Node(div));
    b.insert_before(&template, NodeOrText::Text("t"));
    b.insert_before(&template, NodeOrText::Node(mine));
    b.detach(&div);
    b.reparent_children(&div, &mine);
    b.reparent_children(&mine, &div);
    b.set_span(&div, kauri_tokenizer::Span::new(0, 5));
    b.set_end_tag_span(&div, kauri_tokenizer::Span::new(5, 11));
    b.pop(&div);
    assert_eq!(b.template_contents(&template), template);
    assert!(!b.has_parent(&div));
    assert!(b.element_attrs(&div).is_empty());
    assert_eq!(b.refused(), 11);
    let other = b.finish_fragment(Some(&div));
    assert!(other.root.first_child().is_none());
    let tree = a.finish();
    let div = tree.root.first_child().unwrap();
    assert_eq!(div.children().count(), 1);
    assert!(div.span().is_none() && div.end_tag_span().is_none());
    assert_eq!(
        div.parent().map(|p| p.kind()),
        Some(kauri_dom::NodeKind::Document)
    );
}

/// The tree builder's shadow-root, form-owner and `<template for>` calls refuse another sink's
/// handles as the others do: nothing is attached, associated, patched or given out.
#[test]
fn shadow_form_owner_and_patching_methods_refuse_another_sinks_handles() {
    use kauri_tree_builder::{ShadowRootInit, ShadowRootMode, SlotAssignmentMode};
    let arena = Arena::new();
    let mut a = DomSink::new(&arena);
    let doc = a.document();
    let div = a.create_element(QualName::html(local_name!("div")), DistinctAttrs::EMPTY);
    let form = a.create_element(QualName::html(local_name!("form")), DistinctAttrs::EMPTY);
    let input = a.create_element(QualName::html(local_name!("input")), DistinctAttrs::EMPTY);
    let start = a.create_processing_instruction("start", "name=\"r\"");
    a.append(&doc, NodeOrText::Node(div));
    a.append(&div, NodeOrText::Node(form));
    a.append(&div, NodeOrText::Node(start));
    a.append(&div, NodeOrText::Text("old"));
    let mut b = DomSink::new(&arena);
    let b_doc = b.document();
    b.create_processing_instruction("start", "name=\"r\"");
    let init = ShadowRootInit {
        mode: ShadowRootMode::Open,
        delegates_focus: false,
        serializable: false,
        slot_assignment: SlotAssignmentMode::Named,
        clonable: false,
        custom_element_registry_null: false,
    };
    assert!(b.attach_declarative_shadow_root(&div, &init).is_none());
    b.associate_form_owner(&input, &form, &div);
    b.associate_form_owner(&input, &form, &b_doc);
    assert!(b.prepare_content_patching(&doc, "r").is_none());
    assert!(b.parent_node(&div).is_none());
    // One refusal per foreign handle of a `&mut self` call (parent_node, a `&self` one, is
    // not counted, as for has_parent): 1 + 3 + 2 + 1.
    assert_eq!(b.refused(), 7);
    let (_, context) = b.finish_fragment_with_context(None, Some(&div));
    assert!(context.is_none());
    let tree = a.finish();
    let div = tree.root.first_child().unwrap();
    assert!(div.shadow_root().is_none());
    assert_eq!(div.text_content(), "old");
}

/// A chain of `depth` nested `div`s under `parent`, each also holding `width` empty `span`s;
/// returns the chain, outermost first.
fn chain<'a>(
    sink: &mut DomSink<'a>,
    parent: &kauri_dom::NodeHandle<'a>,
    depth: usize,
    width: usize,
) -> Vec<kauri_dom::NodeHandle<'a>> {
    let mut nodes = Vec::new();
    let mut at = *parent;
    for _ in 0..depth {
        let div = sink.create_element(QualName::html(local_name!("div")), DistinctAttrs::EMPTY);
        sink.append(&at, NodeOrText::Node(div));
        for _ in 0..width {
            let span =
                sink.create_element(QualName::html(local_name!("span")), DistinctAttrs::EMPTY);
            sink.append(&div, NodeOrText::Node(span));
        }
        nodes.push(div);
        at = div;
    }
    nodes
}

/// The nesting depth of every element of the finished tree, in tree order (a cycle would never
/// finish this walk).
fn depths(root: &kauri_dom::Node<'_>) -> Vec<usize> {
    root.descendants()
        .filter(|n| n.is_element())
        .map(|n| n.ancestors().count())
        .collect()
}

/// `append`, `insert_before` and `reparent_children` refuse to make a node its own ancestor,
/// whichever of the two walks of the cycle check (up from the new parent, over the moving
/// subtree) finishes first: a deep new parent under a small subtree, a shallow one under a
/// large subtree, and the node itself. Nothing moves; a refusal for a cycle is not a refusal
/// for a foreign handle.
#[test]
fn no_insertion_makes_a_node_its_own_ancestor() {
    let arena = Arena::new();
    let mut sink = DomSink::new(&arena);
    let doc = sink.document();
    let html = sink.create_element(QualName::html(local_name!("html")), DistinctAttrs::EMPTY);
    sink.append(&doc, NodeOrText::Node(html));
    // Deep and narrow: the walk up from the last div is long, the subtree of the first small
    // at each step; and shallow under a wide subtree.
    let deep = chain(&mut sink, &html, 300, 0);
    let wide = chain(&mut sink, &html, 3, 500);
    let (first, last) = (deep[0], deep[deep.len() - 1]);
    sink.append(&last, NodeOrText::Node(first));
    sink.append(&deep[1], NodeOrText::Node(first));
    sink.append(&wide[2], NodeOrText::Node(wide[0]));
    sink.append(&wide[1], NodeOrText::Node(wide[0]));
    sink.append(&first, NodeOrText::Node(first));
    // insert_before: the sibling's parent is the new parent.
    let deep_leaf = sink.create_element(QualName::html(local_name!("i")), DistinctAttrs::EMPTY);
    sink.append(&last, NodeOrText::Node(deep_leaf));
    sink.insert_before(&deep_leaf, NodeOrText::Node(first));
    sink.insert_before(&deep[5], NodeOrText::Node(deep[2]));
    sink.insert_before(&wide[2], NodeOrText::Node(wide[0]));
    // reparent_children: the children of a node into its own subtree, or into itself.
    sink.reparent_children(&first, &last);
    sink.reparent_children(&wide[0], &wide[2]);
    sink.reparent_children(&first, &first);
    assert_eq!(sink.refused(), 0);
    // Moves that are no cycle still happen, whichever walk ends first: a node with a subtree
    // under a deep node of another branch, and a deep subtree under a shallow node.
    sink.append(&last, NodeOrText::Node(wide[2]));
    sink.append(&html, NodeOrText::Node(deep[100]));
    let tree = sink.finish();
    let html = tree.root.first_child().unwrap();
    let got = depths(tree.root);
    assert_eq!(got.len(), 1 + 300 + 1 + 3 + 1500);
    // html, then the first 100 divs of the deep chain where they were, one level apart.
    let expected: Vec<usize> = (1..=101).collect();
    assert_eq!(&got[..101], &expected[..]);
    let children: Vec<_> = html.children().collect();
    assert_eq!(children.len(), 3);
    // The wide chain is whole: its 3 divs and their 500 spans each (wide[2] has moved).
    assert_eq!(children[1].descendants().count(), 1 + 500 + 500);
    // deep[100] now hangs off html with deep[101..300], the `i`, wide[2] and its spans.
    assert_eq!(children[2].descendants().count(), 199 + 1 + 1 + 500);
}
/// A node of another arena is refused by the editor: leaked so that it lives as long as the
/// edit (the route the audit found), it can neither be linked in nor changed.
#[test]
fn the_editor_refuses_nodes_of_another_arena() {
    use kauri_dom::{parse_fragment_in, Document, EditError, Editor, FragmentContext, Node};

    /// Makes a fragment in `arena` (which outlives the edit) and tries it on the editor.
    fn try_foreign<'a>(ed: &Editor<'a>, arena: &'a Arena<'a>) -> Vec<Result<(), EditError>> {
        let body = FragmentContext::html("body");
        let parsed = parse_fragment_in(arena, "<p>x</p>t", &body, &Default::default());
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
