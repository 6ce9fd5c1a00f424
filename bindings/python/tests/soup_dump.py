"""Helpers of the BeautifulSoup tests: a soup in the html5lib tests' tree format, and a
signature that holds everything a soup says (structure, classes, names, namespaces, attributes
and strings, in document order)."""

from __future__ import annotations

import re
from typing import Any

from bs4 import BeautifulSoup
from bs4.element import Comment, Doctype, NamespacedAttribute, NavigableString, ProcessingInstruction, Tag

PREFIXES = {
    "http://www.w3.org/2000/svg": "svg ",
    "http://www.w3.org/1998/Math/MathML": "math ",
}
DOCTYPE = re.compile(r'^(.*?)(?: PUBLIC "(.*?)"(?: "(.*)")?| SYSTEM "(.*)")?$', re.S)


def attr_display(name: str) -> str:
    if isinstance(name, NamespacedAttribute) and name.prefix and name.name:
        return f"{name.prefix} {name.name}"
    return str(name)


def tree_dump(soup: BeautifulSoup) -> str:
    """The soup as the html5lib tests print a document (a template's children under
    `content`, as html5lib's builder puts a template's contents in the template)."""
    lines: list[str] = []
    stack: list[tuple[Any, int]] = [(c, 0) for c in reversed(soup.contents)]
    while stack:
        node, depth = stack.pop()
        pad = "| " + "  " * depth
        if isinstance(node, Doctype):
            match = DOCTYPE.match(str(node))
            assert match is not None
            name, public, system, system_only = match.groups()
            if public is None and system_only is None:
                lines.append(f"{pad}<!DOCTYPE {name}>")
            else:
                lines.append(f'{pad}<!DOCTYPE {name} "{public or ""}" "{system or system_only or ""}">')
        elif isinstance(node, Comment):
            lines.append(f"{pad}<!-- {node} -->")
        elif isinstance(node, ProcessingInstruction):
            target, _, data = str(node).removesuffix("?").partition(" ")
            lines.append(f"{pad}<?{target} {data}?>")
        elif isinstance(node, NavigableString):
            lines.append(f'{pad}"{node}"')
        elif isinstance(node, Tag):
            lines.append(f"{pad}<{PREFIXES.get(node.namespace or '', '')}{node.name}>")
            attrs = sorted((attr_display(k), v) for k, v in node.attrs.items())
            for key, value in attrs:
                value = " ".join(value) if isinstance(value, list) else value
                lines.append(f'{pad}  {key}="{value}"')
            child_depth = depth + 1
            if node.name == "template" and node.namespace == "http://www.w3.org/1999/xhtml":
                lines.append(f"{pad}  content")
                child_depth += 1
            stack.extend((c, child_depth) for c in reversed(node.contents))
    return "\n".join(lines) + "\n"


def walk(soup: BeautifulSoup) -> list[Any]:
    """Every node under the soup in document order, from the `contents` lists."""
    out: list[Any] = []
    stack = list(reversed(soup.contents))
    while stack:
        node = stack.pop()
        out.append(node)
        if isinstance(node, Tag):
            stack.extend(reversed(node.contents))
    return out


def linked(soup: BeautifulSoup) -> bool:
    """Whether the soup's `next_element` chain (what `descendants` and `find_all` follow) and
    its sibling links agree with its `contents` lists."""
    nodes = walk(soup)
    if [id(n) for n in soup.descendants] != [id(n) for n in nodes]:
        return False
    for node in nodes:
        siblings = node.parent.contents
        i = next(j for j, s in enumerate(siblings) if s is node)
        before = siblings[i - 1] if i > 0 else None
        after = siblings[i + 1] if i + 1 < len(siblings) else None
        if node.previous_sibling is not before or node.next_sibling is not after:
            return False
    return True


def signature(soup: BeautifulSoup) -> list[tuple[Any, ...]]:
    """Every node of the soup in document order with its class, parent, name, namespace and
    attributes or text: two soups with equal signatures hold the same tree."""
    out: list[tuple[Any, ...]] = []
    for node in walk(soup):
        parent = (node.parent.name, id(node.parent) if node.parent is soup else None)
        if isinstance(node, Tag):
            attrs = [(type(k).__name__, attr_display(k), v) for k, v in node.attrs.items()]
            out.append(("Tag", parent[0], node.name, node.namespace, node.prefix, attrs, len(node.contents)))
        else:
            out.append((type(node).__name__, parent[0], str(node)))
    return out
