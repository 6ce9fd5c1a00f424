"""Kauri: a spec-exact, fast HTML parser (the WHATWG HTML standard's tree, at native speed).

>>> import kauri
>>> doc = kauri.parse("<title>Hi</title><p class=note>Hello, <b>world</b>!")
>>> doc.title
'Hi'
>>> [p.text for p in doc.select("p.note")]
['Hello, world!']

Parsing releases the GIL, so threads parse in parallel. ``import kauri.bs4`` registers the
``"kauri"`` BeautifulSoup tree builder.
"""

from kauri._kauri import (
    CheckReport,
    Comment,
    Doctype,
    Document,
    EditError,
    Element,
    EncodingError,
    FragmentContextError,
    KauriError,
    Location,
    Node,
    OptionError,
    ParseError,
    Parser,
    ParserStateError,
    ProcessingInstruction,
    Sanitizer,
    SanitizerConfigError,
    SelectorError,
    Text,
    parse,
    parse_fragment,
    check,
    default_options,
    sanitize,
)
from kauri._attrs import Attrs, ClassList
from kauri._lxml import to_lxml

__all__ = [
    "Attrs",
    "ClassList",
    "CheckReport",
    "Comment",
    "Doctype",
    "Document",
    "EditError",
    "Element",
    "EncodingError",
    "FragmentContextError",
    "KauriError",
    "Location",
    "Node",
    "OptionError",
    "ParseError",
    "Parser",
    "ParserStateError",
    "ProcessingInstruction",
    "Sanitizer",
    "SanitizerConfigError",
    "SelectorError",
    "Text",
    "parse",
    "parse_fragment",
    "check",
    "default_options",
    "sanitize",
    "to_lxml",
]
