"""A BeautifulSoup tree builder: ``import kauri.bs4``, then ``BeautifulSoup(markup, "kauri")``.

The soup is built from Kauri's tree, so it is the WHATWG standard's tree, and it is built the way
the ``html5lib`` builder builds its soup, so the two are equal wherever html5lib follows the
current standard:

* strings are plain ``NavigableString`` (as html5lib's builder makes them; the ``html.parser``
  and ``lxml`` builders make ``Script``/``Stylesheet`` strings), and whitespace is kept as it is;
* a ``template``'s contents are its children;
* attributes in a namespace (``xlink:href`` on SVG) are ``NamespacedAttribute`` keys after the
  others, and ``class`` and the other multi-valued attributes are lists;
* a doctype's missing public or system identifier is left out;
* scripting is off (``noscript`` content is markup), as in html5lib, and declarative shadow roots
  stay ``<template shadowrootmode>`` elements, as for the DOM's ``DOMParser`` (whose parses do not
  attach shadow roots), so the soup holds everything the markup says.

Where they differ, html5lib predates the standard's 2025-2026 changes (processing instructions,
the relaxed ``<select>`` parser and ``selectedcontent``, ``<template for>``); see
``bindings/python/tests/test_bs4.py``.

Importing this module registers the builder under the feature names ``"kauri"`` and
``"kauri-html5"``; it does not become the default builder for ``BeautifulSoup(markup)`` or for
features others provide (``"html5"``, ``"html"``).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, List, Optional, Tuple, Union

from bs4 import BeautifulSoup
from bs4.builder import HTMLTreeBuilder, builder_registry
from bs4.element import (
    Comment,
    Doctype,
    NamespacedAttribute,
    NavigableString,
    PageElement,
    ProcessingInstruction,
    Tag,
)

import kauri

__all__ = ["KauriTreeBuilder"]


class KauriTreeBuilder(HTMLTreeBuilder):
    """Builds a BeautifulSoup tree with Kauri (``BeautifulSoup(markup, "kauri")``)."""

    NAME = "kauri"
    ALTERNATE_NAMES = ["kauri-html5"]
    features = [NAME, *ALTERNATE_NAMES, "html", "html5", "permissive", "fast"]
    TRACKS_LINE_NUMBERS = False

    user_specified_encoding: Optional[str] = None

    def prepare_markup(  # type: ignore[override]
        self,
        markup: Union[str, bytes],
        user_specified_encoding: Optional[str] = None,
        document_declared_encoding: Optional[str] = None,
        exclude_encodings: Optional[Iterable[str]] = None,
    ) -> Iterator[Tuple[Union[str, bytes], Optional[str], Optional[str], bool]]:
        # Kauri sniffs the encoding itself (the standard's algorithm); `from_encoding` is
        # its override.
        self.user_specified_encoding = user_specified_encoding
        yield (markup, None, None, False)

    def feed(self, markup: Union[str, bytes]) -> None:  # type: ignore[override]
        soup = self.soup
        assert soup is not None
        if isinstance(markup, str):
            doc = kauri.parse(markup, scripting=False, declarative_shadow_roots=False)
            soup.original_encoding = None
        else:
            doc = kauri.parse(
                bytes(markup),
                encoding=self.user_specified_encoding,
                scripting=False,
                declarative_shadow_roots=False,
            )
            soup.original_encoding = doc.encoding.lower() if doc.encoding else None
        _build(soup, self, doc.root._events())

    def test_fragment_to_document(self, fragment: str) -> str:
        return "<html><head></head><body>%s</body></html>" % fragment


def _build(soup: BeautifulSoup, builder: KauriTreeBuilder, events: List[Tuple[Any, ...]]) -> None:
    """Links the soup's objects as BeautifulSoup's own parsing would (parent, contents,
    siblings, and the `next_element` chain in document order), from `Node._events`."""
    stack: List[Tag] = [soup]
    current: Tag = soup
    last: PageElement = soup
    for event in events:
        kind = event[0]
        if kind == 2:
            string: PageElement = NavigableString(event[1])
        elif kind == 0:
            _, name, namespace, attrs, namespaced = event
            if namespaced:
                for prefix, local, url, value in namespaced:
                    attrs[NamespacedAttribute(prefix, local, url)] = value
            tag = Tag(soup, builder, name, namespace, None, attrs or None, current, last)
            current.contents.append(tag)
            stack.append(tag)
            current = last = tag
            continue
        elif kind == 1:
            stack.pop()
            current = stack[-1]
            continue
        elif kind == 3:
            string = Comment(event[1])
        elif kind == 4:
            _, name, public_id, system_id = event
            string = Doctype.for_name_and_ids(name, public_id or None, system_id or None)
        else:
            _, target, data = event
            # BeautifulSoup writes a processing instruction as `<?` + its string + `>`; Kauri's
            # serializer writes `<?target data?>`.
            string = ProcessingInstruction(f"{target} {data}?")
        string.setup(current, last)
        current.contents.append(string)
        last = string
    soup._most_recent_element = last


def _register() -> None:
    """Registers the builder for its own names only: BeautifulSoup's registry puts the newest
    builder first for every feature it has, so it is moved behind the others for the shared
    ones (and for a lookup without features)."""
    builder_registry.register(KauriTreeBuilder)
    own = {KauriTreeBuilder.NAME, *KauriTreeBuilder.ALTERNATE_NAMES}
    for feature, builders in builder_registry.builders_for_feature.items():
        if feature not in own and builders and builders[0] is KauriTreeBuilder:
            builders.append(builders.pop(0))
    if builder_registry.builders[0] is KauriTreeBuilder:
        builder_registry.builders.append(builder_registry.builders.pop(0))


_register()
