"""``Element.attrs``: a live, mutable mapping over an element's attributes."""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from kauri._kauri import Element


class Attrs(MutableMapping[str, str]):
    """The attributes of an element, by qualified name (``href``, ``xlink:href``), in source
    order. Reads see the current tree; writes and deletions edit it (``element.attrs["rel"] =
    "nofollow"`` is the DOM's ``setAttribute``, so on an HTML element the name is lowercased).
    """

    __slots__ = ("_element",)

    def __init__(self, element: Element) -> None:
        self._element = element

    def __getitem__(self, name: str) -> str:
        if not isinstance(name, str):
            raise KeyError(name)
        value = self._element.get(name)
        if value is None:
            raise KeyError(name)
        return value

    def __setitem__(self, name: str, value: str) -> None:
        self._element._set_attr(name, value)

    def __delitem__(self, name: str) -> None:
        if not isinstance(name, str) or not self._element._remove_attr(name):
            raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, _ in self._element._attr_items()])

    def __len__(self) -> int:
        return len(self._element._attr_items())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._element.get(name) is not None

    def items(self):  # type: ignore[override]
        return self._element._attr_items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Attrs):
            return dict(self.items()) == dict(other.items())
        if isinstance(other, dict):
            return dict(self.items()) == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"Attrs({dict(self.items())!r})"


class ClassList:
    """The class list of an element (the DOM's ``classList``): a live, ordered set of the
    ``class`` attribute's tokens. ``add`` and ``remove`` take one or more tokens, ``toggle``
    returns whether the token is there afterwards; each edits the document. A token that is
    empty or holds whitespace raises ``kauri.EditError``.
    """

    __slots__ = ("_element",)

    def __init__(self, element: Element) -> None:
        self._element = element

    def add(self, *tokens: str) -> None:
        for token in tokens:
            self._element._add_class(token)

    def remove(self, *tokens: str) -> None:
        for token in tokens:
            self._element._remove_class(token)

    def toggle(self, token: str, force: Optional[bool] = None) -> bool:
        return self._element._toggle_class(token, force)

    def __contains__(self, token: object) -> bool:
        return isinstance(token, str) and token in self._element._classes()

    def __iter__(self) -> Iterator[str]:
        return iter(self._element._classes())

    def __len__(self) -> int:
        return len(self._element._classes())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ClassList):
            return self._element._classes() == other._element._classes()
        if isinstance(other, (list, tuple)):
            return self._element._classes() == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"ClassList({self._element._classes()!r})"
