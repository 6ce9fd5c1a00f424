"""``kauri.to_lxml``: Kauri's tree as an lxml tree, for XPath and the lxml ecosystem.

lxml is an optional dependency (``pip install lxml``, or the ``lxml`` extra). The tree is the
one ``lxml.html.html5parser`` (html5lib's builder, ``namespaceHTMLElements=False``) makes,
built from Kauri's standard tree instead of html5lib's:

- HTML elements have plain tags (``//a`` finds links), SVG and MathML elements ``{namespace}``
  tags; ``xlink:``, ``xml:`` and ``xmlns`` attributes are in their namespaces;
- a ``template``'s contents are its children;
- what XML cannot hold is coerced as html5lib coerces it: a character that cannot be in an XML
  name becomes ``U`` and five hex digits (``xml:lang`` on an HTML element is
  ``xmlU0003Alang``), U+000C in text becomes a space, ``--`` in a comment ``- -`` and a comment
  ending in ``-`` gets a space; other characters XML 1.0 forbids in text become U+FFFD.
"""

from __future__ import annotations

import re
from typing import Any, List, Union

from kauri._kauri import Document

HTML = "http://www.w3.org/1999/xhtml"

# XML 1.0's NameStartChar and NameChar (fifth edition), which lxml checks names against.
_NAME_START = (
    ":A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
_NAME = _NAME_START + r"\-.0-9\u00b7\u0300-\u036f\u203f-\u2040"
_VALID_NAME = re.compile(f"[{_NAME_START}][{_NAME}]*$".replace(":", ""))
_BAD_FIRST = re.compile(f"[^{_NAME_START}]".replace(":", ""))
_BAD_REST = re.compile(f"[^{_NAME}]".replace(":", ""))
# What XML 1.0 text cannot hold (besides U+000C, which becomes a space).
_BAD_TEXT = re.compile("[\x00-\x08\x0b\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _name(name: str) -> str:
    """`name` as an XML name without a colon (lxml's check), html5lib's way."""
    if _VALID_NAME.match(name):
        return name
    first = _BAD_FIRST.sub(lambda m: "U%05X" % ord(m.group()), name[:1])
    rest = _BAD_REST.sub(lambda m: "U%05X" % ord(m.group()), name[1:])
    return first + rest


def _text(data: str) -> str:
    data = data.replace("\x0c", " ")
    return _BAD_TEXT.sub("\ufffd", data) if _BAD_TEXT.search(data) else data


def _comment(data: str) -> str:
    data = _text(data)
    while "--" in data:
        data = data.replace("--", "- -")
    return data + " " if data.endswith("-") else data


def top_elements(top: List[Any]) -> List[Any]:
    """The elements among the top-level nodes (not text, comments or PIs)."""
    return [n for n in top if not isinstance(n, str) and isinstance(n.tag, str)]


def _root_after_doctype(etree: Any, doctype: Any, tag: str) -> Any:
    """A root element named `tag` in a tree with the doctype `(name, public_id, system_id)`:
    lxml sets a doctype only by parsing one, so parse a stand-in and rename its element (as
    html5lib's lxml builder does). A doctype lxml cannot parse is left out."""
    name, public_id, system_id = doctype
    text = f"<!DOCTYPE {_name(name)}"
    if public_id or system_id:
        public = re.sub(r"[^\x20\x0d\x0aa-zA-Z0-9\-'()+,./:=?;!*#@$_%]", lambda m: "U%05X" % ord(m.group()), public_id)
        text += f' PUBLIC "{public}" '
        if system_id:
            system = system_id.replace("'", "U00027") if '"' in system_id else system_id
            text += f'"{system}"' if "'" in system else f"'{system}'"
        else:
            text += "''"
    text += "><x/>"
    try:
        root = etree.fromstring(text)
    except etree.XMLSyntaxError:
        return etree.Element(tag)
    root.tag = tag
    return root


def to_lxml(doc: Document) -> Union[Any, List[Any]]:
    """The document as an lxml tree: for a page, its root element (``getroottree()`` gives
    the tree, with the doctype and the comments around the root); for a fragment
    (``parse_fragment``), a list of its top-level nodes, a leading text first as a ``str``,
    as ``lxml.html.fragments_fromstring`` gives them.

    >>> import kauri
    >>> root = kauri.to_lxml(kauri.parse("<p>a <a href=/x>link</a>"))
    >>> root.xpath("//a/@href")
    ['/x']
    """
    try:
        from lxml import etree
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ImportError("kauri.to_lxml needs lxml: pip install lxml") from err
    if not isinstance(doc, Document):
        raise TypeError(f"to_lxml() takes a kauri.Document, not {type(doc).__name__}")

    top: List[Any] = []  # the top-level nodes, in order (a leading str for fragment text)
    stack: List[Any] = []
    doctype = None

    def add_text(data: str) -> None:
        data = _text(data)
        if stack:
            parent = stack[-1]
            if len(parent):
                last = parent[-1]
                last.tail = (last.tail or "") + data
            else:
                parent.text = (parent.text or "") + data
        elif top and not isinstance(top[-1], str):
            top[-1].tail = (top[-1].tail or "") + data
        elif top:
            top[-1] += data
        else:
            top.append(data)

    def add(node: Any) -> None:
        if stack:
            stack[-1].append(node)
        else:
            top.append(node)

    for event in doc.root._events():
        kind = event[0]
        if kind == 0:
            _, tag, namespace, attrs, namespaced = event
            tag = _name(tag) if namespace == HTML else f"{{{namespace}}}{_name(tag)}"
            if doctype is not None and not stack and not top_elements(top):
                element = _root_after_doctype(etree, doctype, tag)
            else:
                element = etree.Element(tag)
            for name, value in attrs.items():
                element.set(_name(name), _text(value))
            for _prefix, local, ns, value in namespaced or ():
                element.set(f"{{{ns}}}{_name(local)}", _text(value))
            add(element)
            stack.append(element)
        elif kind == 1:
            stack.pop()
        elif kind == 2:
            add_text(event[1])
        elif kind == 3:
            add(etree.Comment(_comment(event[1])))
        elif kind == 4:
            doctype = event[1:]
        elif kind == 5:
            add(etree.ProcessingInstruction(_name(event[1]), _text(event[2])))

    if doc.is_fragment:
        return top
    roots = top_elements(top)
    if not roots:
        raise ValueError("the document has no root element")  # not reached: parse makes <html>
    root = roots[0]
    index = top.index(root)
    for node in top[:index]:
        root.addprevious(node)
    for node in reversed(top[index + 1 :]):
        root.addnext(node)
    return root
