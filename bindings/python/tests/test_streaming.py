"""Streaming (`kauri.Parser`): pages fed in pieces give the document `kauri.parse` gives."""

import threading

import pytest

import kauri
from conftest import corpus_pages


def stream(data, size: int, **options) -> kauri.Document:
    parser = kauri.Parser(**options)
    for start in range(0, len(data), size):
        parser.feed(data[start : start + size])
    return parser.close()


def test_corpus_pages_stream_like_the_whole_page() -> None:
    pages = corpus_pages()
    for page in pages[::10]:
        data = page.read_bytes()
        whole = kauri.parse(data, errors=True, locations=True)
        expected = whole.to_json(errors=True, locations=True)
        for size in (1000, 64 * 1024):
            streamed = stream(data, size, errors=True, locations=True)
            assert streamed.encoding == whole.encoding, page.name
            assert streamed.to_json(errors=True, locations=True) == expected, (page.name, size)


def test_text_pieces_and_options() -> None:
    html = "<title>caf\u00e9</title><script>x()</script><noscript><p>n</noscript><p>after"
    for scripting in (False, True):
        whole = kauri.parse(html, scripting=scripting)
        streamed = stream(html, 3, scripting=scripting)
        assert streamed.to_test_tree() == whole.to_test_tree()
        assert streamed.encoding is None
    bytes_doc = stream("<p>caf\u00e9".encode("utf-8"), 1, transport_charset="utf-8")
    assert bytes_doc.encoding == "UTF-8" and bytes_doc.text == "caf\u00e9"
    assert stream(bytearray(b"<p>x"), 2).text == "x"


def test_fragments_stream_like_parse_fragment() -> None:
    html = "<td>a<td>b</td><tr><td>c" * 50
    for context in ("tr", "tbody", "div", "svg"):
        whole = kauri.parse_fragment(html, context, errors=True)
        for size in (1, 7, 1000):
            streamed = stream(html, size, context=context, errors=True)
            assert streamed.is_fragment and streamed.encoding is None
            assert streamed.to_json(errors=True) == whole.to_json(errors=True), (context, size)
        assert stream(html.encode(), 3, context=context).to_test_tree() == whole.to_test_tree()
    with pytest.raises(kauri.FragmentContextError):
        kauri.Parser(context="")
    with pytest.raises(ValueError, match="fragment"):
        kauri.Parser(context="td", encoding="utf-8")


def test_bad_calls() -> None:
    with pytest.raises(kauri.EncodingError):
        kauri.Parser(encoding="no-such-label")
    with pytest.raises(kauri.OptionError):
        kauri.Parser(max_depth=0)
    parser = kauri.Parser()
    parser.feed(b"")
    parser.feed(b"<p>")
    with pytest.raises(kauri.ParserStateError):
        parser.feed("<p>")  # str after bytes
    with pytest.raises(TypeError):
        parser.feed(3)
    assert len(parser.close().select("p")) == 1
    with pytest.raises(kauri.OptionError, match="apply to bytes"):
        kauri.Parser(transport_charset="utf-8").feed("<p>")
    with pytest.raises(kauri.ParserStateError, match="closed"):
        parser.feed(b"more")
    with pytest.raises(kauri.ParserStateError, match="closed"):
        parser.close()


def test_parsers_in_threads() -> None:
    data = corpus_pages()[0].read_bytes()
    expected = kauri.parse(data).to_test_tree()
    results: list[str] = []

    def work() -> None:
        results.append(stream(data, 4096).to_test_tree())

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [expected] * 4
