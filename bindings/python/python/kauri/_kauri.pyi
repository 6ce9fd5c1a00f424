"""Type stubs of the native module ``kauri._kauri`` (re-exported by ``kauri``)."""

from typing import Dict, Iterable, Iterator, List, Literal, Mapping, Optional, Union

from kauri._attrs import Attrs, ClassList

QuirksMode = Literal["no-quirks", "quirks", "limited-quirks"]
NodeKind = Literal[
    "element",
    "text",
    "comment",
    "doctype",
    "processing-instruction",
    "document",
    "fragment",
    "shadow-root",
]

class KauriError(ValueError):
    """Base class of the errors Kauri raises for bad input (a ValueError)."""

class EncodingError(KauriError):
    """An encoding label that names no encoding of the WHATWG Encoding standard."""

class SelectorError(KauriError):
    """A CSS selector Kauri cannot parse."""

class FragmentContextError(KauriError):
    """A fragment context that names no element."""

class OptionError(KauriError):
    """An option value Kauri cannot use: ``max_depth`` below 1, ``encoding=`` or
    ``transport_charset=`` with str input or with a fragment context."""

class ParserStateError(KauriError):
    """A ``Parser`` call its state refuses: input after ``close()``, str after bytes, two
    threads feeding one parser, or a parser an earlier failure broke."""

class EditError(KauriError):
    """An edit the DOM would refuse (an invalid attribute name, for example)."""

def parse(
    html: Union[str, bytes, bytearray],
    /,
    *,
    encoding: Optional[str] = None,
    transport_charset: Optional[str] = None,
    scripting: bool = True,
    errors: bool = False,
    locations: bool = False,
    declarative_shadow_roots: Optional[bool] = None,
    max_depth: Optional[int] = None,
    url: Optional[str] = None,
    template_for: bool = True,
    max_input_bytes: Optional[int] = None,
    max_attributes: Optional[int] = None,
    allow_utf8_guess: bool = True,
    iframe_srcdoc: bool = False,
) -> Document:
    """Parses a page. ``url`` is the page's address: the base of its relative URLs
    (``Document.base_url``, ``links(absolute=True)``, ``resolve_url``). ``str`` is used as it is; ``bytes`` are decoded after the standard's
    encoding sniffing (a BOM, then ``encoding``, then ``transport_charset``, then a ``<meta>``
    charset, then a guess). ``errors=True`` keeps the parse errors in ``Document.errors``;
    ``locations=True`` records each node's ``span``. The other keywords are the fields of
    Rust's ``ParseOptions`` with the same names and defaults (README, "Defaults").
    Releases the GIL while parsing.

    Raises ``TypeError`` for other input types, ``OptionError`` when ``encoding`` or
    ``transport_charset`` is given with ``str`` input, ``EncodingError`` for an unknown label.
    """

def parse_fragment(
    html: str,
    /,
    context: str = "body",
    *,
    scripting: bool = True,
    errors: bool = False,
    locations: bool = False,
    declarative_shadow_roots: Optional[bool] = None,
    max_depth: Optional[int] = None,
    template_for: bool = True,
    max_input_bytes: Optional[int] = None,
    max_attributes: Optional[int] = None,
) -> Document:
    """Parses a fragment as ``innerHTML`` does, in the context element ``context`` (``"td"``,
    ``"svg path"``, ``"math mi"``). The document's ``root`` is a fragment node. Raises
    ``FragmentContextError`` for a context that names no element."""

def default_options() -> Dict[str, Union[bool, int, str, None]]:
    """Every parse option's name and default value: Rust's ``ParseOptions::default()``, the
    one table (README, "Defaults") that the keyword arguments of ``parse``, ``parse_fragment``,
    ``Parser`` and ``check`` default to. A new dict each call."""

class Parser:
    """A streaming parser, for a page read in pieces (an httpx or aiohttp response body, a
    socket): ``feed`` each piece as it arrives, then ``close`` for the ``Document``, the same
    one ``parse`` gives for the whole input however it is split (scripts never pause it). The
    keyword arguments are ``parse``'s. With ``context`` (``"td"``, ``"svg path"``) it parses a
    fragment, as ``parse_fragment`` does (bytes are UTF-8). Each ``feed`` releases the GIL
    while it parses.

    Raises ``EncodingError`` for an unknown label, ``FragmentContextError`` for a context that
    names no element, ``OptionError`` when ``max_depth`` is below 1 or labels come with a context."""

    def __init__(
        self,
        *,
        context: Optional[str] = None,
        encoding: Optional[str] = None,
        transport_charset: Optional[str] = None,
        scripting: bool = True,
        errors: bool = False,
        locations: bool = False,
        declarative_shadow_roots: Optional[bool] = None,
        max_depth: Optional[int] = None,
        template_for: bool = True,
        max_input_bytes: Optional[int] = None,
        max_attributes: Optional[int] = None,
        allow_utf8_guess: bool = True,
        iframe_srcdoc: bool = False,
    ) -> None: ...
    def feed(self, piece: Union[str, bytes, bytearray], /) -> None:
        """Parses the next piece: ``bytes`` (the encoding is sniffed across pieces) or ``str``,
        the same kind for every piece. Raises ``TypeError`` for another type;
        ``ParserStateError`` for a change of kind, after ``close`` or while another thread
        feeds the parser; ``OptionError`` for a ``str`` when ``encoding`` or
        ``transport_charset`` was given."""
    def close(self) -> Document:
        """Ends the input and returns the document; the parser takes no more input."""

class ParseError:
    """A parse error: the standard's ``code``, ``line`` and ``col`` (1-based; columns in UTF-16
    code units) and the byte ``offset`` in the decoded text. Unpacks as ``(code, line, col)``."""

    @property
    def code(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def col(self) -> int: ...
    @property
    def offset(self) -> int: ...
    def __iter__(self) -> Iterator[Union[str, int]]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Union[str, int]: ...

class CheckReport:
    """One report of ``check()``: ``code``, a worded ``message``, the range (``start`` and
    ``end`` byte offsets into the decoded text; ``first_line``, ``first_col``, ``last_line``,
    ``last_col``, 1-based, columns in UTF-16 code units), the source ``extract`` with the range
    at ``extract[hilite_start:hilite_start + hilite_length]``, and ``unclosed``: one record per
    element the error found unclosed, at its start tag."""

    @property
    def code(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def first_line(self) -> int: ...
    @property
    def first_col(self) -> int: ...
    @property
    def last_line(self) -> int: ...
    @property
    def last_col(self) -> int: ...
    @property
    def extract(self) -> str: ...
    @property
    def hilite_start(self) -> int: ...
    @property
    def hilite_length(self) -> int: ...
    @property
    def unclosed(self) -> List["CheckReport"]: ...

def check(
    html: Union[str, bytes, bytearray],
    /,
    *,
    encoding: Optional[str] = None,
    scripting: bool = True,
) -> List[CheckReport]:
    """Checks a page: one ``CheckReport`` per parse error, in input order (empty when the page
    parses without error), as ``kauri check`` prints them."""
    ...

class Document:
    """A parsed document or fragment. Its nodes keep it alive."""

    @property
    def root(self) -> Node: ...
    @property
    def encoding(self) -> Optional[str]: ...
    @property
    def quirks_mode(self) -> QuirksMode: ...
    @property
    def is_fragment(self) -> bool: ...
    @property
    def errors(self) -> list[ParseError]: ...
    @property
    def document_element(self) -> Optional[Element]: ...
    @property
    def head(self) -> Optional[Element]: ...
    @property
    def body(self) -> Optional[Element]: ...
    @property
    def title(self) -> str: ...
    def links(self, *, absolute: bool = False) -> list[str]: ...
    @property
    def url(self) -> Optional[str]: ...
    @property
    def base_url(self) -> str: ...
    def resolve_url(self, url: str) -> Optional[str]: ...
    @property
    def text(self) -> str: ...
    def select(self, css: str) -> list[Element]: ...
    def select_one(self, css: str) -> Optional[Element]: ...
    def readable_text(self) -> str: ...
    def to_html(self) -> str: ...
    def to_test_tree(self) -> str: ...
    def to_json(self, *, errors: bool = False, locations: bool = False) -> str: ...
    def create_element(
        self,
        tag: str,
        attrs: Optional[Union[Mapping[str, str], Iterable[tuple[str, str]]]] = None,
    ) -> Element:
        """A new element, not yet in the tree (``createElement``: the tag is lowercased).
        Raises ``EditError`` for an invalid name."""
    def create_text_node(self, data: str) -> Text: ...
    def create_comment(self, data: str) -> Comment: ...
    def __iter__(self) -> Iterator[Node]: ...

SanitizerArg = Optional[Union["Sanitizer", dict, str]]

class Location:
    """Where a node is in the page (``locations=True``): ``start``/``end`` are byte offsets
    into the original input (the bytes given to ``parse``, or a str's UTF-8 form); ``line``,
    ``col``, ``end_line``, ``end_col`` count as parse errors do (1-based, UTF-16 columns)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def col(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def end_col(self) -> int: ...

class Node:
    """A node. ``==`` and ``hash`` go by node identity; iterating gives the children."""

    @property
    def kind(self) -> NodeKind: ...
    @property
    def document(self) -> Document: ...
    @property
    def parent(self) -> Optional[Node]: ...
    @property
    def children(self) -> list[Node]: ...
    @property
    def next_sibling(self) -> Optional[Node]: ...
    @property
    def previous_sibling(self) -> Optional[Node]: ...
    def descendants(self) -> list[Node]: ...
    @property
    def text(self) -> str: ...
    @text.setter
    def text(self, value: str) -> None: ...
    @property
    def span(self) -> Optional[tuple[int, int]]: ...
    @property
    def location(self) -> Optional[Location]: ...
    @property
    def inner_html(self) -> str: ...
    @inner_html.setter
    def inner_html(self, html: str) -> None: ...
    @property
    def outer_html(self) -> str: ...
    @outer_html.setter
    def outer_html(self, html: str) -> None: ...
    def append(self, *nodes: Union[Node, str]) -> None: ...
    def prepend(self, *nodes: Union[Node, str]) -> None: ...
    def insert_before(self, *nodes: Union[Node, str]) -> None: ...
    def insert_after(self, *nodes: Union[Node, str]) -> None: ...
    def replace_with(self, *nodes: Union[Node, str]) -> None: ...
    def remove(self) -> None: ...
    def unwrap(self) -> None: ...
    def select(self, css: str) -> list[Element]: ...
    def select_one(self, css: str) -> Optional[Element]: ...
    def readable_text(self) -> str: ...
    def __iter__(self) -> Iterator[Node]: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def _events(self) -> list[tuple]: ...

class Element(Node):
    @property
    def tag(self) -> str: ...
    @property
    def namespace(self) -> str: ...
    @property
    def attrs(self) -> Attrs: ...
    def get(self, name: str, default: Optional[str] = None) -> Optional[str]: ...
    @property
    def template_contents(self) -> Optional[Node]: ...
    @property
    def shadow_root(self) -> Optional[Node]: ...
    def _attr_items(self) -> list[tuple[str, str]]: ...
    def _set_attr(self, name: str, value: str) -> None: ...
    def _remove_attr(self, name: str) -> bool: ...
    @property
    def end_tag_location(self) -> Optional[Location]: ...
    def attribute_location(self, name: str) -> Optional[Location]: ...
    def resolve_url(self, name: str) -> Optional[str]:
        """The attribute ``name`` resolved against the base URL (``None``: missing or invalid)."""
    def toggle_attribute(self, name: str, force: Optional[bool] = None) -> bool: ...
    @property
    def class_list(self) -> ClassList: ...
    def _classes(self) -> list[str]: ...
    def _add_class(self, token: str) -> None: ...
    def _remove_class(self, token: str) -> None: ...
    def _toggle_class(self, token: str, force: Optional[bool] = None) -> bool: ...
    def set_html(self, html: str, /, sanitizer: SanitizerArg = None) -> None:
        """``setHTML``: sanitized (the safe default when ``sanitizer`` is ``None``)."""
    def set_html_unsafe(self, html: str, /, sanitizer: SanitizerArg = None) -> None: ...
    def set_outer_html(self, html: str, /, sanitizer: SanitizerArg = None) -> None: ...

class Text(Node):
    @property
    def data(self) -> str: ...

class Comment(Node):
    @property
    def data(self) -> str: ...

class Doctype(Node):
    @property
    def name(self) -> str: ...
    @property
    def public_id(self) -> str: ...
    @property
    def system_id(self) -> str: ...

class ProcessingInstruction(Node):
    @property
    def target(self) -> str: ...
    @property
    def data(self) -> str: ...


class SanitizerConfigError(KauriError):
    """A sanitizer config that is not a valid ``SanitizerConfig`` (the standard's TypeError)."""

class Sanitizer:
    """A sanitizer made from a ``SanitizerConfig`` dict (or its JSON text), as
    ``new Sanitizer(config)`` makes one; ``None`` is the built-in safe default configuration.
    Raises ``SanitizerConfigError`` for an invalid config."""

    def __init__(self, config: Optional[Union[dict, str]] = None) -> None: ...
    def sanitize(self, html: str, /, context: str = "div") -> str:
        """``setHTML``: script, event handlers and ``javascript:`` URLs removed whatever the
        config allows; the serialization of the result."""
    def sanitize_unsafe(self, html: str, /, context: str = "div") -> str:
        """``setHTMLUnsafe``: the config applied as written; the serialization."""

def sanitize(
    html: str,
    /,
    config: Optional[Union[dict, str, Sanitizer]] = None,
    context: str = "div",
) -> str:
    """Sanitizes ``html`` as the children of a ``context`` element with the HTML standard's
    sanitizer (``element.setHTML``) and returns the serialization, which parses back to the
    same tree. ``config=None`` is the built-in safe default configuration; a dict is a
    ``SanitizerConfig`` as ``setHTML`` takes it."""
