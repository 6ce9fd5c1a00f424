//! The DOM-named editing methods of `Editor`: each method and each of its error cases.

use kauri_dom::{
    AttrName, AttrNamespace, Attribute, DistinctAttrs, Document, EditError, Editor, LocalName,
    Namespace, Node, QualName,
};

/// A document whose only child is a `body` element holding `html` (parsed in its context).
fn body_with(html: &str) -> Document {
    let mut doc = Document::new();
    doc.edit(|ed| {
        let body = ed.create_element("body")?;
        ed.append_child(ed.root(), body)?;
        ed.set_inner_html(body, html)
    })
    .unwrap();
    doc
}

fn body<'a>(ed: &Editor<'a>) -> &'a Node<'a> {
    ed.root().first_child().unwrap()
}

fn first<'a>(ed: &Editor<'a>, tag: &str) -> &'a Node<'a> {
    ed.root().elements_by_tag_name(tag).next().unwrap()
}

#[test]
fn set_attribute_replaces_or_appends() {
    let mut doc =
        body_with(r##"<a href="/x" rel="help" id=k>x</a><svg><a xlink:href="#s"/></svg>"##);
    doc.edit(|ed| {
        let a = first(ed, "a");
        ed.set_attribute(a, "REL", "nofollow").unwrap();
        ed.set_attribute(a, "target", "_blank").unwrap();
        ed.set_attribute(a, "href", "/y").unwrap();
        // The qualified name finds a namespaced attribute.
        let svg_a = ed.root().elements_by_tag_name("a").nth(1).unwrap();
        ed.set_attribute(svg_a, "xlink:href", "#t").unwrap();
        // Case is kept on a foreign element.
        ed.set_attribute(svg_a, "viewBox", "0 0 1 1").unwrap();
    });
    assert_eq!(
        doc.to_html(),
        r##"<body><a href="/y" rel="nofollow" id="k" target="_blank">x</a><svg><a xlink:href="#t" viewBox="0 0 1 1"></a></svg></body>"##
    );
    assert_eq!(
        doc.to_test_tree()
            .lines()
            .filter(|l| l.contains("xlink href"))
            .count(),
        1
    );
}

#[test]
fn attribute_errors() {
    let mut doc = body_with("<p>t</p>");
    doc.edit(|ed| {
        let p = first(ed, "p");
        let text = p.first_child().unwrap();
        for bad in ["", "a b", "a=b", "a/b", "a>", "a\0b"] {
            assert_eq!(
                ed.set_attribute(p, bad, "v"),
                Err(EditError::InvalidName),
                "{bad:?}"
            );
            assert_eq!(
                ed.toggle_attribute(p, bad, None),
                Err(EditError::InvalidName)
            );
        }
        assert_eq!(
            ed.set_attribute(text, "a", "v"),
            Err(EditError::NotAnElement)
        );
        assert_eq!(ed.remove_attribute(text, "a"), Err(EditError::NotAnElement));
        assert_eq!(
            ed.toggle_attribute(text, "a", None),
            Err(EditError::NotAnElement)
        );
        assert_eq!(ed.add_class(text, "a"), Err(EditError::NotAnElement));
        assert_eq!(ed.set_inner_html(text, "x"), Err(EditError::NotAnElement));
        assert_eq!(
            ed.set_inner_html(ed.root(), "x"),
            Err(EditError::NotAnElement)
        );
        let name = AttrName {
            ns: AttrNamespace::XLink,
            local: LocalName::from(""),
        };
        assert_eq!(
            ed.set_attribute_ns(p, name, "v"),
            Err(EditError::InvalidName)
        );
        // Removing an invalid or missing name is not an error: there is nothing to remove.
        assert_eq!(ed.remove_attribute(p, "a b"), Ok(false));
        assert_eq!(ed.remove_attribute(p, "title"), Ok(false));
    });
    assert_eq!(doc.to_html(), "<body><p>t</p></body>");
}

#[test]
fn remove_and_toggle_attribute() {
    let mut doc = body_with("<input type=checkbox checked id=c name=n>");
    doc.edit(|ed| {
        let input = first(ed, "input");
        assert_eq!(ed.remove_attribute(input, "ID"), Ok(true));
        assert_eq!(ed.toggle_attribute(input, "checked", None), Ok(false));
        assert_eq!(
            ed.toggle_attribute(input, "checked", Some(false)),
            Ok(false)
        );
        assert_eq!(ed.toggle_attribute(input, "disabled", Some(true)), Ok(true));
        assert_eq!(ed.toggle_attribute(input, "disabled", Some(true)), Ok(true));
        assert_eq!(ed.toggle_attribute(input, "required", None), Ok(true));
    });
    assert_eq!(
        doc.to_html(),
        r#"<body><input type="checkbox" name="n" disabled="" required=""></body>"#
    );
}

#[test]
fn set_attribute_ns_adds_and_replaces() {
    let mut doc = Document::new();
    doc.edit(|ed| {
        let svg = ed.create_element_ns(QualName::new(Namespace::Svg, LocalName::from("svg")));
        ed.append_child(ed.root(), svg).unwrap();
        let name = AttrName {
            ns: AttrNamespace::XLink,
            local: LocalName::from("href"),
        };
        ed.set_attribute_ns(svg, name.clone(), "#a").unwrap();
        ed.set_attribute_ns(svg, name, "#b").unwrap();
        assert_eq!(svg.get_attribute("xlink:href"), Some("#b"));
    });
    assert!(doc.to_test_tree().contains("xlink href=\"#b\""));
}

#[test]
fn class_list() {
    let mut doc = body_with(r#"<p class=" b  a b ">x</p><div>y</div>"#);
    doc.edit(|ed| {
        let p = first(ed, "p");
        let div = first(ed, "div");
        ed.add_class(p, "c").unwrap();
        assert_eq!(p.get_attribute("class"), Some("b a c"));
        ed.remove_class(p, "b").unwrap();
        assert_eq!(p.get_attribute("class"), Some("a c"));
        assert_eq!(ed.toggle_class(p, "a", None), Ok(false));
        assert_eq!(ed.toggle_class(p, "d", None), Ok(true));
        assert_eq!(ed.toggle_class(p, "d", Some(true)), Ok(true));
        assert_eq!(ed.toggle_class(p, "e", Some(false)), Ok(false));
        assert!(p.has_class("c") && p.has_class("d") && !p.has_class("a"));
        // No class attribute and nothing to add: none is created.
        ed.remove_class(div, "x").unwrap();
        assert_eq!(div.get_attribute("class"), None);
        assert_eq!(ed.toggle_class(div, "x", Some(false)), Ok(false));
        assert_eq!(div.get_attribute("class"), None);
        // The errors.
        assert_eq!(ed.add_class(p, ""), Err(EditError::EmptyToken));
        assert_eq!(ed.remove_class(p, "a b"), Err(EditError::InvalidToken));
        assert_eq!(ed.toggle_class(p, "\t", None), Err(EditError::InvalidToken));
    });
    assert_eq!(
        doc.to_html(),
        r#"<body><p class="c d">x</p><div>y</div></body>"#
    );
}

#[test]
fn create_nodes() {
    let mut doc = Document::new();
    doc.edit(|ed| {
        let div = ed.create_element("DiV").unwrap();
        assert_eq!(div.as_element().unwrap().name(), "div");
        assert_eq!(ed.create_element("").err(), Some(EditError::InvalidName));
        assert_eq!(ed.create_element("a b").err(), Some(EditError::InvalidName));
        assert_eq!(ed.create_element("1a").err(), Some(EditError::InvalidName));
        assert!(ed.create_element("my-element").is_ok());
        assert!(ed.create_element("_x.y").is_ok());
        assert!(ed.create_element("\u{e9}l\u{e9}ment").is_ok());
        ed.append_child(ed.root(), div).unwrap();
        ed.append_child(div, ed.create_text_node("<&>")).unwrap();
        ed.append_child(div, ed.create_comment("c")).unwrap();
        let template = ed.create_element("template").unwrap();
        assert!(template.as_element().unwrap().template_contents().is_some());
    });
    assert_eq!(doc.to_html(), "<div>&lt;&amp;&gt;<!--c--></div>");
}

#[test]
fn append_child_and_insert_before() {
    let mut doc = body_with("<ul><li>b</li><li>d</li></ul><p>p</p>");
    doc.edit(|ed| {
        let ul = first(ed, "ul");
        let li = |text: &str| {
            let li = ed.create_element("li").unwrap();
            ed.append_child(li, ed.create_text_node(text)).unwrap();
            li
        };
        ed.insert_before(ul, li("a"), ul.first_child()).unwrap();
        let d = ul.last_child().unwrap();
        ed.insert_before(ul, li("c"), Some(d)).unwrap();
        ed.insert_before(ul, li("e"), None).unwrap();
        // Inserting a node before itself leaves it where it is.
        ed.insert_before(ul, d, Some(d)).unwrap();
        // Moving: append an existing node.
        let p = first(ed, "p");
        ed.append_child(ul, p).unwrap();
        // A reference child of another parent.
        let other = ed.create_element("li").unwrap();
        assert_eq!(
            ed.insert_before(body(ed), other, Some(d)),
            Err(EditError::NotAChild)
        );
        // Into a node that has no children.
        let text = d.first_child().unwrap();
        assert_eq!(ed.append_child(text, other), Err(EditError::NotAParent));
        assert_eq!(
            ed.append_child(ed.create_comment("c"), other),
            Err(EditError::NotAParent)
        );
    });
    assert_eq!(
        doc.to_html(),
        "<body><ul><li>a</li><li>b</li><li>c</li><li>d</li><li>e</li><p>p</p></ul></body>"
    );
}

#[test]
fn a_document_keeps_its_shape() {
    let mut doc = Document::new();
    doc.edit(|ed| {
        let root = ed.root();
        let html = ed.create_element("html").unwrap();
        ed.append_child(root, html).unwrap();
        // Text, or a second element, cannot go into a Document.
        assert_eq!(
            ed.append_child(root, ed.create_text_node("x")),
            Err(EditError::Hierarchy)
        );
        let second = ed.create_element("html").unwrap();
        assert_eq!(ed.append_child(root, second), Err(EditError::Hierarchy));
        // Comments can go anywhere.
        ed.insert_before(root, ed.create_comment("c"), Some(html))
            .unwrap();
        // Replacing the element with another is fine (the one replaced does not count).
        ed.replace_with(html, second).unwrap();
        assert_eq!(
            ed.replace_with(second, ed.create_text_node("x")),
            Err(EditError::Hierarchy)
        );
        // A fragment with two elements, or with text.
        let div = ed.create_element("div").unwrap();
        ed.set_inner_html(
            div,
            "<template><a></a><b></b></template><template>t</template>",
        )
        .unwrap();
        let two = div
            .first_child()
            .unwrap()
            .as_element()
            .unwrap()
            .template_contents()
            .unwrap();
        let text = div
            .last_child()
            .unwrap()
            .as_element()
            .unwrap()
            .template_contents()
            .unwrap();
        assert_eq!(ed.append_child(root, two), Err(EditError::Hierarchy));
        assert_eq!(ed.append_child(root, text), Err(EditError::Hierarchy));
        // A fragment with one element replaces the document element.
        let one = ed.create_element("template").unwrap();
        let contents = one.as_element().unwrap().template_contents().unwrap();
        ed.append_child(contents, ed.create_element("html").unwrap())
            .unwrap();
        ed.replace_with(second, contents).unwrap();
        assert!(contents.first_child().is_none());
    });
    assert_eq!(doc.to_html(), "<!--c--><html></html>");
}

#[test]
fn doctypes_go_first_and_only_into_documents() {
    // The editor makes no doctypes (fragments drop them too): build the document with a sink.
    use kauri_tree_builder::{NodeOrText, TreeSink};
    let mut doc = Document::build(|arena| {
        let mut sink = kauri_dom::DomSink::new(arena);
        let d = sink.document();
        sink.append_doctype_to_document("html", "", "");
        let html = sink.create_element(
            QualName::html(LocalName::from("html")),
            DistinctAttrs::EMPTY,
        );
        sink.append(&d, NodeOrText::Node(html));
        sink.finish()
    });
    doc.edit(|ed| {
        let root = ed.root();
        let doctype = root.first_child().unwrap();
        let html = root.last_child().unwrap();
        // After the element, or a second one: refused.
        assert_eq!(ed.append_child(root, doctype), Err(EditError::Hierarchy));
        // Into an element: refused.
        assert_eq!(ed.append_child(html, doctype), Err(EditError::Hierarchy));
        // An element before the doctype: refused.
        let other = ed.create_element("p").unwrap();
        assert_eq!(
            ed.insert_before(root, other, Some(doctype)),
            Err(EditError::Hierarchy)
        );
        // Appending the doctype again: the Document has one already (itself), as the DOM
        // says.
        let comment = ed.create_comment("c");
        ed.replace_with(html, comment).unwrap();
        assert_eq!(ed.append_child(root, doctype), Err(EditError::Hierarchy));
        ed.remove(doctype);
        ed.append_child(root, doctype).unwrap();
        // An element before a doctype (here: before the comment the doctype follows).
        assert_eq!(
            ed.insert_before(root, html, Some(comment)),
            Err(EditError::Hierarchy)
        );
        ed.append_child(root, html).unwrap();
        // A doctype after the element.
        ed.remove(doctype);
        assert_eq!(ed.append_child(root, doctype), Err(EditError::Hierarchy));
        ed.insert_before(root, doctype, Some(html)).unwrap();
    });
    assert_eq!(doc.to_html(), "<!--c--><!DOCTYPE html><html></html>");
}

#[test]
fn remove_and_replace_with() {
    let mut doc = body_with("<p>a<b>b</b><i>i</i></p>");
    doc.edit(|ed| {
        let p = first(ed, "p");
        let b = first(ed, "b");
        let i = first(ed, "i");
        ed.remove(b);
        assert!(b.parent().is_none());
        // Removing a detached node does nothing.
        ed.remove(b);
        // The removed node can be inserted again.
        ed.replace_with(i, b).unwrap();
        assert!(i.parent().is_none());
        assert_eq!(ed.replace_with(i, b), Err(EditError::NoParent));
        // Replacing a node with itself changes nothing.
        ed.replace_with(b, b).unwrap();
        // A node cannot replace its own ancestor... (it would contain itself)
        let text = b.first_child().unwrap();
        assert_eq!(ed.replace_with(b, p), Err(EditError::Cycle));
        assert_eq!(ed.replace_with(text, ed.root()), Err(EditError::Cycle));
        assert_eq!(ed.replace_with(text, ed.create_text_node("B")), Ok(()));
    });
    assert_eq!(doc.to_html(), "<body><p>a<b>B</b></p></body>");
}

#[test]
fn replace_element_refuses_duplicate_attributes() {
    let mut doc = body_with("<b>x</b>");
    doc.edit(|ed| {
        let b = first(ed, "b");
        let attr = |name: &str, value: &str| Attribute {
            name: AttrName::new(LocalName::from(name)),
            value: value.into(),
        };
        let name = QualName::html(LocalName::from("strong"));
        assert_eq!(
            ed.replace_element(b, name.clone(), vec![attr("rel", "a"), attr("rel", "b")])
                .err(),
            Some(EditError::DuplicateAttribute)
        );
        // Nothing changed.
        assert!(b.parent().is_some());
        ed.replace_element(b, name, vec![attr("rel", "a")]).unwrap();
    });
    assert_eq!(doc.to_html(), r#"<body><strong rel="a">x</strong></body>"#);
}

#[test]
fn set_text_content_of_each_kind() {
    let mut doc = body_with("<p>a<b>b</b></p><!--c--><div>d</div>");
    doc.edit(|ed| {
        let p = first(ed, "p");
        ed.set_text_content(p, "x < y");
        assert_eq!(p.children().count(), 1);
        let text = p.first_child().unwrap();
        ed.set_text_content(text, "changed");
        assert!(text.parent().unwrap().same_node(p));
        let comment = p.next_sibling().unwrap();
        ed.set_text_content(comment, "new comment");
        assert!(comment.parent().is_none(), "a comment is replaced");
        let div = first(ed, "div");
        ed.set_text_content(div, "");
        assert!(div.first_child().is_none());
        // A Document: nothing changes.
        ed.set_text_content(ed.root(), "ignored");
        // Detached leaves are changed where they are.
        let lone = ed.create_comment("x");
        ed.set_text_content(lone, "y");
    });
    assert_eq!(
        doc.to_html(),
        "<body><p>changed</p><!--new comment--><div></div></body>"
    );
}

#[test]
fn set_inner_html_uses_the_element_as_context() {
    let mut doc = body_with("<table></table><template></template><select></select><p></p>");
    doc.edit(|ed| {
        ed.set_inner_html(first(ed, "table"), "<tr><td>1").unwrap();
        // A template's contents get the nodes.
        let template = first(ed, "template");
        ed.set_inner_html(template, "<td>t").unwrap();
        assert!(template.first_child().is_none());
        ed.set_inner_html(first(ed, "select"), "<option>o<option>p")
            .unwrap();
        let p = first(ed, "p");
        ed.set_inner_html(p, "old").unwrap();
        ed.set_inner_html(p, "<title>&amp;</title><template><b>in</b></template>")
            .unwrap();
        // A template parsed here cannot take its own parent into its contents.
        let parsed = p.last_child().unwrap();
        let contents = parsed.as_element().unwrap().template_contents().unwrap();
        assert_eq!(ed.append_child(contents, p), Err(EditError::Cycle));
    });
    assert_eq!(
        doc.to_html(),
        "<body><table><tbody><tr><td>1</td></tr></tbody></table><template><td>t</td></template>\
         <select><option>o</option><option>p</option></select><p><title>&amp;</title><template><b>in</b></template></p></body>"
    );
}

#[test]
fn set_inner_html_follows_the_scripting_flag_and_raw_text_contexts() {
    let mut doc = body_with("<noscript></noscript><script></script>");
    doc.edit(|ed| {
        ed.set_inner_html(first(ed, "noscript"), "<b>x</b>")
            .unwrap();
        ed.set_inner_html(first(ed, "script"), "if (a < b) {}")
            .unwrap();
    });
    assert!(doc
        .to_test_tree()
        .contains("<noscript>\n|     \"<b>x</b>\""));
    assert!(doc.to_test_tree().contains("\"if (a < b) {}\""));
}

#[test]
fn inner_and_outer_html_read_the_edited_tree() {
    let mut doc = body_with("<p id=a>x</p>");
    let (inner, outer) = doc.edit(|ed| {
        let p = first(ed, "p");
        ed.set_attribute(p, "id", "b").unwrap();
        ed.append_child(p, ed.create_element("br").unwrap())
            .unwrap();
        (p.inner_html(), p.outer_html())
    });
    assert_eq!(inner, "x<br>");
    assert_eq!(outer, r#"<p id="b">x<br></p>"#);
}
