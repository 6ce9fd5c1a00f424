"""Fragment parsing (`kauri.parse_fragment`), as `innerHTML` does it."""

import kauri


def test_table_row_fragment() -> None:
    frag = kauri.parse_fragment("<tr><td>1<td>2", "tbody")
    assert frag.is_fragment and frag.root.kind == "fragment"
    assert frag.to_html() == "<tr><td>1</td><td>2</td></tr>"
    assert [td.text for td in frag.select("td")] == ["1", "2"]
    assert frag.encoding is None


def test_context_matters() -> None:
    assert kauri.parse_fragment("<tr><td>1<td>2", "div").to_html() == "12"
    assert kauri.parse_fragment("<td>a<td>b", context="tr").to_test_tree() == '| <td>\n|   "a"\n| <td>\n|   "b"\n'


def test_default_context_is_body() -> None:
    frag = kauri.parse_fragment("<p>a<p>b")
    assert [n.tag for n in frag.root] == ["p", "p"]


def test_foreign_contexts() -> None:
    frag = kauri.parse_fragment("<path/><foreignObject><p>x</p></foreignObject>", "svg")
    path, fo = frag.root.children
    assert path.namespace == "http://www.w3.org/2000/svg" and fo.tag == "foreignObject"
    assert fo.children[0].namespace == "http://www.w3.org/1999/xhtml"
    frag = kauri.parse_fragment("<mi>x</mi>", "math math")
    assert frag.root.children[0].namespace == "http://www.w3.org/1998/Math/MathML"


def test_fragment_errors_and_flags() -> None:
    frag = kauri.parse_fragment("<p>x</b>", "div", errors=True)
    assert [e.code for e in frag.errors] == ["unexpected-end-tag"]
    assert kauri.parse_fragment("<noscript><p>x", "div").select_one("p") is None
    assert kauri.parse_fragment("<noscript><p>x", "div", scripting=False).select_one("p") is not None


def test_template_contents() -> None:
    doc = kauri.parse("<template><li>x</li></template>")
    template = doc.select_one("template")
    assert template.children == []  # the standard's tree: contents are not children
    contents = template.template_contents
    assert contents.kind == "fragment" and contents.children[0].tag == "li"
    assert doc.select_one("p") is None and doc.select_one("div") is None
    assert kauri.parse("<p>").select_one("p").template_contents is None
