"""``kauri.to_lxml``: Kauri's tree as lxml's, for XPath. It must be the tree lxml's own
``html5parser`` (html5lib with lxml's builder) makes wherever html5lib follows the standard,
which on the corpus is every page once both read the same text (test_bs4.py establishes it
for the soups; here both parsers get the same str, with scripting off as html5lib has it)."""

from __future__ import annotations

import codecs
import warnings

import pytest
from lxml import etree as lxml_etree  # a test requirement (tests/requirements.txt)
from lxml.html import html5parser

import kauri
from conftest import corpus_pages


def lxml_html5parser(text: str):
    """lxml's html5parser tree of `text` (HTML elements without a namespace, as to_lxml)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # html5lib's DataLossWarning for coerced names
        return html5parser.HTMLParser(namespaceHTMLElements=False).parse(text)


def canonical(tree) -> bytes:
    """The doctype and the canonical XML of a tree (C14N orders attributes, so only what the
    tree holds counts, not the order lxml stored attributes in)."""
    return tree.docinfo.doctype.encode() + lxml_etree.tostring(tree, method="c14n")


def test_xpath_on_kauri_tree() -> None:
    doc = kauri.parse(
        "<!DOCTYPE html><!--top--><title>T</title><p class=x xml:lang=en>a <a href=/1>one</a>"
        "<svg viewBox='0 0 1 1'><a xlink:href=#s>s</a></svg> tail<!--a--b-->\x0c"
        "<template><li>in</template><table><td>cell</table>"
    )
    root = kauri.to_lxml(doc)
    assert root.tag == "html" and root.getroottree().docinfo.doctype == "<!DOCTYPE html>"
    assert root.xpath("//a/@href") == ["/1"]
    svg = "{http://www.w3.org/2000/svg}"
    assert [a.get("{http://www.w3.org/1999/xlink}href") for a in root.iter(svg + "a")] == ["#s"]
    assert root.xpath("string(//title)") == "T"
    assert root.xpath("//td/text()") == ["cell"] and root.xpath("//tbody/tr/td")
    assert root.xpath("//template/li/text()") == ["in"]  # template contents as children
    p = root.find(".//p")
    assert p.get("xmlU0003Alang") == "en"  # html5lib's coercion of a non-XML name
    assert [c.text for c in root.getroottree().getroot().itersiblings(preceding=True)] == ["top"]
    assert [c.text for c in p.xpath("comment()")] == ["a- -b"]
    # html5lib does not give template contents as the standard does; the rest is the same.
    without = doc.to_html().replace("<template><li>in</li></template>", "")
    again = kauri.to_lxml(kauri.parse(without, scripting=False)).getroottree()
    assert canonical(again) == canonical(lxml_html5parser(without))


def test_fragments_become_lists() -> None:
    nodes = kauri.to_lxml(kauri.parse_fragment("lead <b>bold</b> tail <i>it</i>"))
    assert nodes[0] == "lead "
    assert [n.tag for n in nodes[1:]] == ["b", "i"] and nodes[1].tail == " tail "


def test_to_lxml_takes_a_document() -> None:
    with pytest.raises(TypeError, match="takes a kauri.Document"):
        kauri.to_lxml("<p>")  # type: ignore[arg-type]


def test_corpus_trees_equal_lxml_html5parser() -> None:
    pages = corpus_pages()[::2]  # every second page keeps CI fast (html5lib is slow)
    for page in pages:
        data = page.read_bytes()
        encoding = kauri.parse(data).encoding or "utf-8"
        codec = codecs.lookup({"gbk": "gb18030"}.get(encoding.lower(), encoding)).name
        text = data.decode(codec, "replace")
        ours = kauri.to_lxml(kauri.parse(text, scripting=False)).getroottree()
        assert canonical(ours) == canonical(lxml_html5parser(text)), page.name
