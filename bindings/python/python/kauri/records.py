"""One page to one record: the fields ``kauri batch`` writes, for map steps in Python (Dask,
Spark, Ray, multiprocessing). See ``docs/scale-out.md``.

>>> from kauri.records import page_record
>>> record = page_record(b"<title>T</title><a href=/x>x</a>", source="mem://1")
>>> record["title"], record["links"], record["text"]
('T', ['/x'], 'x')
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

import kauri

__all__ = ["page_record", "file_record"]


def page_record(
    html: Union[bytes, str],
    *,
    source: str,
    select: Optional[str] = None,
    scripting: bool = True,
    transport_charset: Optional[str] = None,
) -> Dict[str, Any]:
    """The record of one page, with ``kauri batch``'s fields and defaults: ``source``,
    ``encoding``, ``title``, ``links``, ``text`` (the readable text), ``errors`` (the parse
    error count) and, when ``select`` is given, ``matches`` (the outer HTML of each match).
    Bytes are sniffed as ``kauri batch`` sniffs files (scripting on, as in the CLI)."""
    if isinstance(html, str):
        doc = kauri.parse(html, scripting=scripting, errors=True)
        encoding = "UTF-8"
    else:
        doc = kauri.parse(html, scripting=scripting, errors=True, transport_charset=transport_charset)
        encoding = doc.encoding or "UTF-8"
    record: Dict[str, Any] = {
        "source": source,
        "encoding": encoding,
        "title": doc.title,
        "links": doc.links(),
        "text": doc.readable_text(),
        "errors": len(doc.errors),
    }
    if select is not None:
        record["matches"] = [element.outer_html for element in doc.select(select)]
    return record


def file_record(path: str, *, select: Optional[str] = None, scripting: bool = True) -> Dict[str, Any]:
    """``page_record`` of a file's bytes, with the path as ``source`` (as ``kauri batch``)."""
    with open(path, "rb") as f:
        data = f.read()
    return page_record(data, source=path, select=select, scripting=scripting)
