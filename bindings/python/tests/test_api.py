"""The Python API: parsing, nodes, attributes, selectors, serialization, lifetimes."""

import gc
import weakref

import pytest

import kauri


PAGE = (
    "<!DOCTYPE html><html lang=en><head><title> A  page </title></head>"
    "<body><p class='note big' id=first>Hello, <b>world</b>!<!-- c -->"
    "<?php echo 1 ?><svg viewBox='0 0 1 1'><a xlink:href='#s'/></svg></p>"
    "<ul><li><a href=/a>A</a><li><a href=/b>B</a></ul>"
)


def test_parse_str_gives_a_document() -> None:
    doc = kauri.parse(PAGE)
    assert isinstance(doc, kauri.Document)
    assert doc.encoding is None  # str input is already decoded
    assert doc.quirks_mode == "no-quirks"
    assert doc.title == "A page"
    assert not doc.is_fragment
    assert doc.root.kind == "document"
    assert doc.document_element.tag == "html"
    assert doc.head.tag == "head" and doc.body.tag == "body"
    assert doc.to_html().startswith('<!DOCTYPE html><html lang="en"><head><title> A  page </title>')


def test_quirks_mode() -> None:
    assert kauri.parse("<p>x").quirks_mode == "quirks"
    limited = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x">'
    assert kauri.parse(limited).quirks_mode == "limited-quirks"


def test_node_kinds_and_data() -> None:
    doc = kauri.parse(PAGE)
    doctype = doc.root.children[0]
    assert isinstance(doctype, kauri.Doctype)
    assert (doctype.kind, doctype.name, doctype.public_id, doctype.system_id) == ("doctype", "html", "", "")
    p = doc.select_one("p")
    kinds = [n.kind for n in p]
    assert kinds == ["text", "element", "text", "comment", "processing-instruction", "element"]
    text, b, bang, comment, pi, svg = p.children
    assert isinstance(text, kauri.Text) and text.data == "Hello, " and text.text == "Hello, "
    assert isinstance(b, kauri.Element) and b.tag == "b"
    assert isinstance(comment, kauri.Comment) and comment.data == " c "
    assert isinstance(pi, kauri.ProcessingInstruction)
    assert (pi.target, pi.data) == ("php", "echo 1 ")
    assert svg.namespace == "http://www.w3.org/2000/svg" and svg.tag == "svg"
    assert svg.attrs == {"viewBox": "0 0 1 1"}
    assert svg.children[0].attrs == {"xlink:href": "#s"}
    assert b.namespace == "http://www.w3.org/1999/xhtml"
    assert all(isinstance(n, kauri.Node) for n in p)


def test_navigation_and_identity() -> None:
    doc = kauri.parse(PAGE)
    p = doc.select_one("#first")
    b = doc.select_one("b")
    assert b.parent == p and p.parent == doc.body
    assert b.parent is not p  # a new object for the same node ...
    assert hash(b.parent) == hash(p)  # ... equal and hashing equal
    assert {p, doc.select("p")[0]} == {p}
    assert b != p and b != "b" and p != None  # noqa: E711
    assert b.previous_sibling.text == "Hello, " and b.next_sibling.text == "!"
    assert doc.root.parent is None
    assert list(p) == p.children and len(p) == 6 and len(b) == 1
    empty = doc.select_one("head").children[0].children[0]  # the title's text
    assert bool(kauri.parse("<br>").select_one("br"))  # no children, still true
    assert empty.kind == "text"
    tags = [n.tag for n in doc.body.descendants() if isinstance(n, kauri.Element)]
    assert tags[:3] == ["p", "b", "svg"]
    assert [n.kind for n in doc] == ["doctype", "element"]


def test_text_and_serialization() -> None:
    doc = kauri.parse(PAGE)
    p = doc.select_one("p")
    assert p.text == "Hello, world!"
    assert p.select_one("b").outer_html == "<b>world</b>"
    assert p.select_one("b").inner_html == "world"
    assert doc.select_one("ul").inner_html == '<li><a href="/a">A</a></li><li><a href="/b">B</a></li>'
    assert doc.readable_text() == "Hello, world!\n\nA\nB"
    assert doc.text == " A  page Hello, world!AB"


def test_select() -> None:
    doc = kauri.parse(PAGE)
    assert [a.get("href") for a in doc.select("ul a[href]")] == ["/a", "/b"]
    assert doc.links() == ["/a", "/b"]  # svg `a` elements are not HTML links
    assert [a.text for a in doc.select_one("ul").select("li > a")] == ["A", "B"]
    assert doc.select_one("table") is None
    assert doc.select("nothing") == []
    with pytest.raises(kauri.SelectorError, match=r"invalid CSS selector 'a\[\['|invalid CSS selector \"a\[\[\""):
        doc.select("a[[")
    with pytest.raises(ValueError):  # every kauri error is a ValueError
        doc.select_one(":::")
    with pytest.raises(TypeError):
        doc.select(3)  # type: ignore[arg-type]


def test_attrs_mapping_reads() -> None:
    p = kauri.parse(PAGE).select_one("p")
    attrs = p.attrs
    assert isinstance(attrs, kauri.Attrs)
    assert attrs["class"] == "note big" and attrs["id"] == "first"
    assert attrs["ID"] == "first"  # getAttribute lowercases on HTML elements
    assert list(attrs) == ["class", "id"] and len(attrs) == 2
    assert "id" in attrs and "href" not in attrs and 3 not in attrs
    assert attrs.get("href") is None and attrs.get("href", "-") == "-"
    assert dict(attrs) == {"class": "note big", "id": "first"}
    assert list(attrs.items()) == [("class", "note big"), ("id", "first")]
    assert p.get("class") == "note big" and p.get("nope", "d") == "d"
    with pytest.raises(KeyError):
        attrs["href"]


def test_attrs_mapping_edits() -> None:
    doc = kauri.parse("<a href=/x>x</a><svg><path d=M0></svg>")
    a = doc.select_one("a")
    a.attrs["rel"] = "nofollow"
    a.attrs["HREF"] = "/y"  # setAttribute: lowercased, replaces in place
    assert a.outer_html == '<a href="/y" rel="nofollow">x</a>'
    del a.attrs["href"]
    assert dict(a.attrs) == {"rel": "nofollow"}
    with pytest.raises(KeyError):
        del a.attrs["href"]
    a.attrs.update({"title": "t", "id": "i"})
    assert a.attrs.pop("title") == "t"
    assert a.attrs.setdefault("lang", "en") == "en"
    assert doc.body.inner_html.startswith('<a rel="nofollow" id="i" lang="en">x</a>')
    # Another object for the same element sees the edit.
    assert doc.select_one("a").attrs["id"] == "i"
    path = doc.select_one("path")
    path.attrs["viewBox"] = "v"  # kept as given on SVG elements
    assert path.outer_html == '<path d="M0" viewBox="v"></path>'
    with pytest.raises(kauri.EditError, match="not a valid element or attribute name"):
        a.attrs["bad name"] = "x"
    with pytest.raises(TypeError, match="attribute value must be str, not int"):
        a.attrs["n"] = 1  # type: ignore[assignment]
    with pytest.raises(TypeError, match="attribute name must be str"):
        a.attrs[None] = "x"  # type: ignore[index]
    a.attrs.clear()
    assert a.outer_html == "<a>x</a>"


def test_nodes_keep_their_document_alive() -> None:
    doc = kauri.parse("<p id=a>one<b>two</b></p>")
    ref = weakref.ref(doc)
    b = doc.select_one("b")
    text = b.children[0]
    attrs = doc.select_one("p").attrs
    del doc
    gc.collect()
    assert ref() is not None  # held by the nodes
    assert b.outer_html == "<b>two</b>" and text.data == "two" and attrs["id"] == "a"
    assert b.parent.parent.parent.parent.kind == "document"
    assert b.document is ref()
    del b, text, attrs
    gc.collect()
    assert ref() is None  # and freed after the last one


def test_removed_nodes_stay_readable() -> None:
    doc = kauri.parse("<p>a</p>")
    p = doc.select_one("p")
    p.attrs["x"] = "1"
    for _ in range(3):
        p.attrs["x"] = p.attrs["x"] + "1"
    assert p.attrs["x"] == "1111"


def test_errors() -> None:
    doc = kauri.parse("<p>one\n<p>two</b>", errors=True)
    codes = [e.code for e in doc.errors]
    assert codes == ["missing-doctype", "unexpected-end-tag"]
    stray = doc.errors[1]
    assert (stray.line, stray.col, stray.offset) == (2, 7, 13)
    code, line, col = stray  # unpacks as (code, line, col)
    assert (code, line, col) == ("unexpected-end-tag", 2, 7)
    assert stray == ("unexpected-end-tag", 2, 7)
    assert stray[0] == "unexpected-end-tag" and stray[-1] == 7 and len(stray) == 3
    assert str(stray) == "(2,7): unexpected-end-tag"
    assert "unexpected-end-tag" in repr(stray)
    assert kauri.parse("<p>one\n<p>two</b>").errors == []  # kept only with errors=True


def test_locations() -> None:
    doc = kauri.parse("x<div>y</div>", locations=True)
    assert doc.select_one("div").span == (1, 6)
    assert kauri.parse("x<div>y</div>").select_one("div").span is None


def test_scripting_flag() -> None:
    html = "<body><noscript><p>x</p></noscript>"
    # Scripting is on by default, as in Rust and the CLI (the README's defaults table).
    assert kauri.parse(html).select_one("noscript p") is None
    assert kauri.parse(html, scripting=False).select_one("noscript p") is not None


def test_encodings() -> None:
    doc = kauri.parse(b"<meta charset=shift_jis><p>\x82\xa0")
    assert (doc.encoding, doc.select_one("p").text) == ("Shift_JIS", "\u3042")
    doc = kauri.parse(b"<p>\xf0\xd2\xc9\xd7\xc5\xd4", transport_charset="koi8-r")
    assert (doc.encoding, doc.select_one("p").text) == ("KOI8-R", "Привет")
    doc = kauri.parse(b"<meta charset=utf-8><p>\xe9", encoding="windows-1252")
    assert (doc.encoding, doc.select_one("p").text) == ("windows-1252", "é")
    doc = kauri.parse(b"\xef\xbb\xbf<p>caf\xc3\xa9", encoding="windows-1252")
    assert (doc.encoding, doc.select_one("p").text) == ("UTF-8", "café")  # a BOM wins
    doc = kauri.parse(bytearray("<p>café".encode()))
    assert (doc.encoding, doc.select_one("p").text) == ("UTF-8", "café")
    assert kauri.parse(" <p>Ü".encode("utf-8")).encoding == "UTF-8"
    # A str with a lone surrogate: U+FFFD, as no HTML text can hold one.
    assert kauri.parse("<p>a\ud800b").select_one("p").text == "a\ufffdb"


def test_str_of_every_width_parses_as_its_utf8() -> None:
    """CPython stores a str with 1, 2 or 4 bytes per code point; the package reads them in
    place (src/str_storage.rs) and transcodes them itself (src/transcode.rs), in blocks of
    16 code points: every width, block boundary and kind of text gives the tree of the UTF-8
    bytes."""
    import sys

    import kauri._kauri as native

    if sys.implementation.name == "cpython" and (3, 9) <= sys.version_info[:2] <= (3, 14):
        assert native._STR_IN_PLACE, "the str layout check failed on a CPython it knows"
    texts = ["caf\u00e9 cr\u00e8me", "\u201cquoted\u201d \u2603", "clef \U0001d11e \U0001f600"]
    for text in texts:
        for pad in range(0, 40, 3):
            html = "<p title='" + "a" * pad + text + "'>" + ("x" * pad + text) * 5
            doc = kauri.parse(html)
            assert doc.to_html() == kauri.parse(html.encode("utf-8")).to_html()
            assert doc.select_one("p").text == ("x" * pad + text) * 5
    # Lone surrogates in every width: one U+FFFD each, never paired.
    assert kauri.parse("<p>\ud83d\ude00\u00e9").select_one("p").text == "\ufffd\ufffd\u00e9"
    assert kauri.parse("<p>\ud83d\ude00\U0001f600").select_one("p").text == (
        "\ufffd\ufffd\U0001f600"
    )
    # A str subclass is stored apart from its header (a "legacy" str): still the same text.

    class Page(str):
        pass

    assert kauri.parse(Page("<p>caf\u00e9 \u2603")).select_one("p").text == "caf\u00e9 \u2603"
    assert kauri.parse(Page("<p>\ud83d\ude00")).select_one("p").text == "\ufffd\ufffd"


def test_bad_input_raises_clear_exceptions() -> None:
    with pytest.raises(TypeError, match="parse\\(\\) takes str or bytes, not int"):
        kauri.parse(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not NoneType"):
        kauri.parse(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        kauri.parse("x", scripting="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        kauri.parse("x", nonsense=True)  # type: ignore[call-arg]
    with pytest.raises(kauri.EncodingError, match="not an encoding label") as info:
        kauri.parse(b"x", encoding="no-such-encoding")
    assert isinstance(info.value, ValueError) and isinstance(info.value, kauri.KauriError)
    with pytest.raises(kauri.EncodingError, match="transport_charset"):
        kauri.parse(b"x", transport_charset="bogus")
    with pytest.raises(kauri.OptionError, match="apply to bytes"):
        kauri.parse("x", encoding="utf-8")
    with pytest.raises(kauri.OptionError, match="max_depth=0: give the deepest"):
        kauri.parse("x", max_depth=0)
    with pytest.raises(kauri.OptionError, match="at least 1"):
        kauri.parse("x", max_depth=-1)
    with pytest.raises(kauri.FragmentContextError, match="invalid fragment context"):
        kauri.parse_fragment("x", "")
    with pytest.raises(kauri.FragmentContextError):
        kauri.parse_fragment("x", "a b")
    with pytest.raises(TypeError, match="takes the fragment as str"):
        kauri.parse_fragment(b"x", "td")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes the context as str"):
        kauri.parse_fragment("x", 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        kauri.Node()  # no constructor: nodes come from documents


def test_max_depth() -> None:
    doc = kauri.parse("<div>" * 100, max_depth=10)
    depth = 0
    node = doc.root
    while node.children:
        node = node.children[-1]
        depth += 1
    assert depth <= 11


def test_deep_input_does_not_crash() -> None:
    doc = kauri.parse("<div>" * 100_000 + "x")
    assert doc.body.text == "x"
    assert len(doc.root._events()) > 200_000
    assert doc.to_html().endswith("x" + "</div>" * 100_000 + "</body></html>")
    node = doc.body
    for _ in range(100_000):
        node = node.children[0]
    assert node.parent.parent.tag == "div" and node.text == "x"


BAD_VALUES = [
    (lambda: kauri.parse("x", max_depth=0), kauri.OptionError, "at least 1"),
    (lambda: kauri.parse_fragment("x", max_depth=-5), kauri.OptionError, "None for no limit"),
    (lambda: kauri.Parser(max_depth=0), kauri.OptionError, "at least 1"),
    (lambda: kauri.parse("x", encoding="utf-8"), kauri.OptionError, "pass bytes, or leave"),
    (lambda: kauri.parse("x", transport_charset="utf-8"), kauri.OptionError, "pass bytes"),
    (lambda: kauri.check("x", encoding="utf-8"), kauri.OptionError, "pass bytes"),
    (lambda: kauri.Parser(context="td", encoding="utf-8"), kauri.OptionError, "UTF-8"),
    (lambda: kauri.parse(b"x", encoding="nope"), kauri.EncodingError, 'try "utf-8"'),
    (lambda: kauri.parse_fragment("x", "a b"), kauri.FragmentContextError, "expected a tag name"),
    (lambda: kauri.parse("x").select("p["), kauri.SelectorError, "invalid CSS selector"),
    (lambda: kauri.sanitize("x", {"elements": 1}), kauri.SanitizerConfigError, "must be an array"),
    (lambda: kauri.parse("x").create_element(""), kauri.EditError, "starting with a letter"),
]


@pytest.mark.parametrize("call, error, hint", BAD_VALUES)
def test_every_bad_value_is_a_kauri_error_that_says_what_to_do(call, error, hint) -> None:
    with pytest.raises(error, match=hint) as info:
        call()
    assert isinstance(info.value, kauri.KauriError) and isinstance(info.value, ValueError)
    assert len(str(info.value)) > 20


def test_parser_state_errors() -> None:
    parser = kauri.Parser()
    parser.feed(b"<p>")
    with pytest.raises(kauri.ParserStateError, match="decode the bytes first"):
        parser.feed("x")
    parser.close()
    with pytest.raises(kauri.ParserStateError, match="make a new kauri.Parser"):
        parser.feed(b"x")
    assert issubclass(kauri.ParserStateError, kauri.KauriError)
