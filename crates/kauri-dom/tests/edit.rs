//! Structural edits through `Document::edit`.

use kauri_dom::{Document, DomSink, EditError, NodeHandle};
use kauri_tokenizer::{AttrName, Attribute, LocalName, QualName};
use kauri_tree_builder::{NodeOrText, TreeSink};

fn html<'a>(sink: &mut DomSink<'a>, name: &str) -> NodeHandle<'a> {
    sink.create_element(
        QualName::html(LocalName::from(name)),
        kauri_tokenizer::DistinctAttrs::EMPTY,
    )
}

/// `<div><p>a<b>b</b></p><template><i>t</i></template></div>` as a document's only child.
fn doc() -> Document {
    Document::build(|arena| {
        let mut sink = DomSink::new(arena);
        let d = sink.document();
        let div = html(&mut sink, "div");
        sink.append(&d, NodeOrText::Node(div));
        let p = html(&mut sink, "p");
        sink.append(&div, NodeOrText::Node(p));
        sink.append(&p, NodeOrText::Text("a"));
        let b = html(&mut sink, "b");
        sink.append(&p, NodeOrText::Node(b));
        sink.append(&b, NodeOrText::Text("b"));
        let t = html(&mut sink, "template");
        sink.append(&div, NodeOrText::Node(t));
        let contents = sink.template_contents(&t);
        let i = html(&mut sink, "i");
        sink.append(&contents, NodeOrText::Node(i));
        sink.append(&i, NodeOrText::Text("t"));
        sink.finish()
    })
}

fn name(s: &str) -> QualName {
    QualName::html(LocalName::from(s))
}

#[test]
fn append_insert_remove_replace() {
    let mut d = doc();
    d.edit(|ed| {
        let div = ed.root().first_child().unwrap();
        let p = div.first_child().unwrap();
        let b = p.last_child().unwrap();
        // Move <b> before the <p>.
        ed.insert_before(div, b, Some(p)).unwrap();
        // Replace the text "a" with "A".
        ed.replace_with_text(p.first_child().unwrap(), "A").unwrap();
        // Append a new <span>x</span> to the <p>.
        let span = ed.create_element("span").unwrap();
        ed.append_child(span, ed.create_text_node("x")).unwrap();
        ed.append_child(p, span).unwrap();
        // A comment at the end of the div.
        ed.append_child(div, ed.create_comment("c")).unwrap();
    });
    assert_eq!(
        d.to_test_tree(),
        "| <div>\n|   <b>\n|     \"b\"\n|   <p>\n|     \"A\"\n|     <span>\n|       \"x\"\n|   <template>\n|     content\n|       <i>\n|         \"t\"\n|   <!-- c -->\n"
    );
    d.edit(|ed| {
        let div = ed.root().first_child().unwrap();
        let b = div.first_child().unwrap();
        ed.remove(b);
        let p = div.first_child().unwrap();
        ed.unwrap(p).unwrap();
    });
    assert_eq!(
        d.to_test_tree(),
        "| <div>\n|   \"A\"\n|   <span>\n|     \"x\"\n|   <template>\n|     content\n|       <i>\n|         \"t\"\n|   <!-- c -->\n"
    );
}

#[test]
fn replace_element_changes_name_and_attributes() {
    let mut d = doc();
    d.edit(|ed| {
        let div = ed.root().first_child().unwrap();
        let attrs = vec![Attribute {
            name: AttrName::new(LocalName::from("class")),
            value: "x".into(),
        }];
        let section = ed.replace_element(div, name("section"), attrs).unwrap();
        assert!(section.parent().unwrap().same_node(ed.root()));
        let t = section.last_child().unwrap();
        // Templates keep their contents when replaced.
        ed.replace_element(t, name("template"), vec![]).unwrap();
    });
    let tree = d.to_test_tree();
    assert!(
        tree.starts_with("| <section>\n|   class=\"x\"\n|   <p>\n"),
        "{tree}"
    );
    assert!(
        tree.ends_with("|   <template>\n|     content\n|       <i>\n|         \"t\"\n"),
        "{tree}"
    );
}

#[test]
fn edits_that_would_break_the_tree_are_refused() {
    let mut d = doc();
    d.edit(|ed| {
        let root = ed.root();
        let div = root.first_child().unwrap();
        let p = div.first_child().unwrap();
        let text = p.first_child().unwrap();
        assert_eq!(ed.append_child(p, div), Err(EditError::Cycle));
        assert_eq!(ed.append_child(div, div), Err(EditError::Cycle));
        assert_eq!(
            ed.append_child(text, ed.create_text_node("x")),
            Err(EditError::NotAParent)
        );
        // The DOM checks for a cycle first: the Document is an ancestor of `div`.
        assert_eq!(ed.append_child(div, root), Err(EditError::Cycle));
        let detached = ed.create_element("div").unwrap();
        assert_eq!(
            ed.append_child(detached, root),
            Err(EditError::DocumentNode)
        );
        let lone = ed.create_text_node("lone");
        assert_eq!(
            ed.replace_with(lone, ed.create_text_node("y")),
            Err(EditError::NoParent)
        );
        assert_eq!(ed.unwrap(lone), Err(EditError::NoParent));
        // A template cannot go into its own contents, even after being detached first.
        let template = div.last_child().unwrap();
        let contents = template.as_element().unwrap().template_contents().unwrap();
        assert_eq!(ed.append_child(contents, template), Err(EditError::Cycle));
        assert_eq!(ed.append_child(contents, div), Err(EditError::Cycle));
        ed.remove(template);
        assert_eq!(ed.append_child(contents, template), Err(EditError::Cycle));
        let i = contents.first_child().unwrap();
        assert_eq!(ed.append_child(i, template), Err(EditError::Cycle));
        // A template created in this session too.
        let t2 = ed.create_element("template").unwrap();
        let c2 = t2.as_element().unwrap().template_contents().unwrap();
        assert_eq!(ed.append_child(c2, t2), Err(EditError::Cycle));
        ed.append_child(c2, ed.create_text_node("ok")).unwrap();
        ed.append_child(div, t2).unwrap();
    });
    assert!(d
        .to_test_tree()
        .ends_with("|   <template>\n|     content\n|       \"ok\"\n"));
}

#[test]
fn fragments_insert_their_children() {
    let mut d = doc();
    d.edit(|ed| {
        let div = ed.root().first_child().unwrap();
        let template = div.last_child().unwrap();
        let contents = template.as_element().unwrap().template_contents().unwrap();
        // Appending the contents fragment moves its children out, as the DOM does.
        ed.append_child(div, contents).unwrap();
        assert!(contents.first_child().is_none());
    });
    assert!(d
        .to_test_tree()
        .ends_with("|   <template>\n|     content\n|   <i>\n|     \"t\"\n"));
}

#[test]
fn edit_returns_owned_results() {
    let mut d = doc();
    let count = d.edit(|ed| ed.root().descendants().count());
    assert_eq!(count, 6);
}

#[test]
fn clone_is_deep_and_independent() {
    let mut original = doc();
    let copy = original.clone();
    assert_eq!(copy.to_test_tree(), original.to_test_tree());
    assert_eq!(copy.quirks_mode(), original.quirks_mode());
    original.edit(|ed| {
        let div = ed.root().first_child().unwrap();
        ed.remove(div);
    });
    assert_eq!(original.to_test_tree(), "");
    assert!(copy.to_test_tree().contains("content\n|       <i>\n"));
}
