"""Editing the tree from Python: creating, inserting, removing, replacing and unwrapping nodes,
the text and HTML setters, attributes and the class list, and node objects that outlive their
neighbours. `.ci/python` runs this file under `python -X dev` (Python's own debug checks)."""

import gc

import pytest

import kauri

from conftest import corpus_pages


def body_html(doc: kauri.Document) -> str:
    return doc.body.inner_html


def test_create_and_append() -> None:
    doc = kauri.parse("<p>a</p>")
    div = doc.create_element("DIV", {"class": "box", "data-n": "1"})
    assert isinstance(div, kauri.Element) and div.tag == "div" and div.parent is None
    div.append("text ", doc.create_element("b"), doc.create_comment(" c "))
    doc.body.append(div)
    assert body_html(doc) == '<p>a</p><div class="box" data-n="1">text <b></b><!-- c --></div>'
    text = doc.create_text_node("<&>")
    assert isinstance(text, kauri.Text)
    doc.body.prepend(text)
    assert body_html(doc).startswith("&lt;&amp;&gt;<p>a</p>")
    # Attribute pairs work as a mapping does.
    a = doc.create_element("a", [("href", "/x"), ("rel", "next")])
    assert a.outer_html == '<a href="/x" rel="next"></a>'


def test_insert_before_and_after() -> None:
    doc = kauri.parse("<ul><li>b</li></ul>")
    b = doc.select_one("li")
    a, c = doc.create_element("li"), doc.create_element("li")
    a.text, c.text = "a", "c"
    b.insert_before(a)
    b.insert_after(c, "tail")
    assert doc.select_one("ul").inner_html == "<li>a</li><li>b</li><li>c</li>tail"
    # Moving: an inserted node leaves its old place.
    b.insert_after(a)
    assert doc.select_one("ul").inner_html == "<li>b</li><li>a</li><li>c</li>tail"
    # A detached node has no siblings to insert beside: nothing happens, as in the DOM.
    lone = doc.create_element("p")
    lone.insert_after("x")
    assert lone.next_sibling is None


def test_remove_replace_unwrap() -> None:
    doc = kauri.parse("<p>one <b>two</b> <i>three</i></p>")
    p = doc.select_one("p")
    p.select_one("b").unwrap()
    assert p.inner_html == "one two <i>three</i>"
    i = p.select_one("i")
    em = doc.create_element("em")
    i.replace_with(em)
    em.append(*i.children)
    assert p.inner_html == "one two <em>three</em>"
    assert i.parent is None and i.children == []
    em.replace_with("x", doc.create_element("br"), "y")
    assert p.inner_html == "one two x<br>y"
    p.remove()
    assert doc.body.inner_html == "" and p.parent is None
    # A removed node is still a node: it reads, and it can be inserted again.
    assert p.outer_html == "<p>one two x<br>y</p>"
    doc.body.append(p)
    assert doc.body.inner_html == "<p>one two x<br>y</p>"
    with pytest.raises(kauri.EditError, match="insert the node into the tree first"):
        doc.create_element("b").unwrap()


def test_text_setter() -> None:
    doc = kauri.parse("<!--c--><p>old <b>bold</b></p>")
    p = doc.select_one("p")
    p.text = "new & <plain>"
    assert p.outer_html == "<p>new &amp; &lt;plain&gt;</p>"
    p.children[0].text = "changed"
    assert p.text == "changed"
    comment = doc.root.children[0]
    assert comment.kind == "comment"
    comment.text = "d"
    assert doc.to_html().startswith("<!--d-->")
    p.text = ""
    assert p.children == []
    with pytest.raises(TypeError, match="text must be str"):
        p.text = 3


def test_inner_and_outer_html_setters() -> None:
    doc = kauri.parse("<table><tr><td>1</td></tr></table><div><span>x</span></div>")
    tr = doc.select_one("tr")
    tr.inner_html = "<td>a<td>b"
    assert tr.outer_html == "<tr><td>a</td><td>b</td></tr>"
    span = doc.select_one("span")
    span.outer_html = "<i>1</i>2<b>3</b>"
    assert doc.select_one("div").inner_html == "<i>1</i>2<b>3</b>"
    # outer_html parses in the parent's context: cells in a row.
    doc.select_one("td").outer_html = "<td>z</td>"
    assert tr.inner_html == "<td>z</td><td>b</td>"
    with pytest.raises(kauri.EditError, match="document_element.inner_html"):
        doc.document_element.outer_html = "<html>"
    with pytest.raises(kauri.EditError, match="call this on an Element"):
        doc.select_one("i").children[0].inner_html = "x"


def test_set_html_goes_through_the_sanitizer() -> None:
    doc = kauri.parse("<div id=a></div><div id=b></div><p><span>old</span></p>")
    a, b = doc.select("div")
    dirty = "<b onclick=x()>ok</b><script>alert(1)</script><a href=javascript:x>l</a>"
    a.set_html(dirty)  # the built-in safe default
    assert a.inner_html == "<b>ok</b><a>l</a>"
    b.set_html(dirty, sanitizer={"elements": ["b"]})
    assert b.inner_html == "<b>ok</b>"  # what the config does not allow goes, content too
    b.set_html_unsafe(dirty, sanitizer=kauri.Sanitizer({"removeElements": ["a"]}))
    assert b.inner_html == '<b onclick="x()">ok</b><script>alert(1)</script>'
    b.set_html_unsafe("<i>plain</i>")
    assert b.inner_html == "<i>plain</i>"
    doc.select_one("span").set_outer_html("<em onmouseover=x>new</em><script>y</script>")
    assert doc.select_one("p").inner_html == "<em>new</em>"
    with pytest.raises(kauri.SanitizerConfigError):
        a.set_html("x", sanitizer={"elements": 3})


def test_attributes_and_class_list() -> None:
    doc = kauri.parse("<p class='a  b a'>x</p>")
    p = doc.select_one("p")
    assert list(p.class_list) == ["a", "b"] and "b" in p.class_list and len(p.class_list) == 2
    p.class_list.add("c", "a")
    p.class_list.remove("b")
    assert p.get("class") == "a c"
    assert p.class_list.toggle("d") is True and p.class_list.toggle("d") is False
    assert p.class_list.toggle("a", force=True) is True
    with pytest.raises(kauri.EditError, match="one class name at a time"):
        p.class_list.add("two words")
    p.attrs["DATA-X"] = "1"
    assert p.attrs["data-x"] == "1"
    assert p.toggle_attribute("hidden") is True and "hidden" in p.attrs
    assert p.toggle_attribute("hidden", force=True) is True
    assert p.toggle_attribute("hidden") is False and "hidden" not in p.attrs
    del p.attrs["data-x"]
    assert p.outer_html == '<p class="a c">x</p>'
    with pytest.raises(kauri.EditError, match="use a name without whitespace"):
        p.attrs["a b"] = "x"


def test_refused_edits_say_what_to_do() -> None:
    doc = kauri.parse("<p>x</p>")
    p = doc.select_one("p")
    with pytest.raises(kauri.EditError, match="outside its own subtree"):
        p.append(doc.body)
    with pytest.raises(kauri.EditError, match="insert into an element"):
        p.children[0].append("y")
    with pytest.raises(kauri.EditError, match="at most one doctype and one element"):
        doc.root.append(doc.create_element("p"))
    other = kauri.parse("<i>i</i>").select_one("i")
    with pytest.raises(kauri.EditError, match="another document"):
        p.append(other)
    with pytest.raises(TypeError, match="takes kauri nodes or str, not int"):
        p.append(1)
    with pytest.raises(kauri.EditError, match="invalid|valid element"):
        doc.create_element("a b")
    # A refused edit with several nodes checks them all before changing anything.
    with pytest.raises(TypeError):
        p.append("kept?", 2)
    assert p.inner_html == "x"


def test_nodes_stay_valid_after_their_neighbours_go() -> None:
    doc = kauri.parse("<div><p>a</p><p>b<b>c</b></p></div>")
    div = doc.select_one("div")
    first, second = div.children
    bold = second.select_one("b")
    text = bold.children[0]
    div.remove()
    second.remove()
    del div
    gc.collect()
    assert first.next_sibling is None and first.parent.parent is None
    assert bold.parent == second and text.text == "c"
    # Edits of detached subtrees work, and what is read is the current tree.
    text.text = "changed"
    assert second.outer_html == "<p>b<b>changed</b></p>"
    doc.body.append(second)
    assert doc.body.inner_html == "<p>b<b>changed</b></p>"
    # The document outlives the Python reference to it while its nodes live.
    del doc
    gc.collect()
    assert bold.document.body.inner_html == "<p>b<b>changed</b></p>"


def strip_active_content(doc: kauri.Document) -> None:
    """The new user's sanitizer task: remove every script and style element and every on*
    attribute, template contents included."""
    roots = [doc.root]
    while roots:
        root = roots.pop()
        for element in root.select("script, style"):
            element.remove()
        for element in root.select("*"):
            for name in [n for n in element.attrs if n.lower().startswith("on")]:
                del element.attrs[name]
            if element.template_contents is not None:
                roots.append(element.template_contents)


def test_the_sanitizer_task() -> None:
    doc = kauri.parse(
        "<head><style>p{}</style><script>a()</script></head>"
        "<body onload=go()><p onclick='x()' class=k>text<script>b()</script></p>"
        "<template><style>q{}</style><b onmouseover=y()>t</b>"
        "<template><script>c()</script><i ONCLICK=z>deep</i></template></template>"
        "<svg><script>d()</script><a onfocus=w()>s</a></svg>"
    )
    strip_active_content(doc)
    assert doc.to_html() == (
        "<html><head></head><body><p class=\"k\">text</p>"
        "<template><b>t</b><template><i>deep</i></template></template>"
        "<svg><a>s</a></svg></body></html>"
    )


def test_the_sanitizer_task_on_the_corpus() -> None:
    for page in corpus_pages()[::10]:
        doc = kauri.parse(page.read_bytes())
        strip_active_content(doc)
        # Re-parse what was serialized and look everywhere, template contents included.
        again = kauri.parse(doc.to_html())
        roots = [again.root]
        while roots:
            root = roots.pop()
            assert root.select("script, style") == [], page.name
            for element in root.select("*"):
                assert not any(n.lower().startswith("on") for n in element.attrs), page.name
                if element.template_contents is not None:
                    roots.append(element.template_contents)
