"""URLs: the document's URL (`parse(url=...)`), its base URL from `<base href>`, resolved
attributes and `links(absolute=True)`, as the HTML and URL standards resolve them."""

import pytest

import kauri

PAGE = "https://example.com/news/today.html"


def test_without_a_base_the_document_url_is_the_base() -> None:
    doc = kauri.parse("<a href=story.html>s</a>", url=PAGE)
    assert doc.url == PAGE and doc.base_url == PAGE
    assert doc.links(absolute=True) == ["https://example.com/news/story.html"]
    assert doc.links() == ["story.html"]  # as written


def test_base_href() -> None:
    doc = kauri.parse(
        "<head><base target=_top><base href=/archive/><base href=/ignored/></head>"
        "<a href=a.html>a</a><a href=../b.html>b</a><img src=c.png>",
        url=PAGE,
    )
    # The first base element with an href counts; it is resolved against the document's URL.
    assert doc.base_url == "https://example.com/archive/"
    assert doc.links(absolute=True) == ["https://example.com/archive/a.html", "https://example.com/b.html"]
    assert doc.select_one("img").resolve_url("src") == "https://example.com/archive/c.png"
    assert doc.select_one("img").resolve_url("alt") is None
    # A javascript: or unparsable base is no base.
    assert kauri.parse("<base href='javascript:alert(1)'>", url=PAGE).base_url == PAGE
    assert kauri.parse("<base href='http://[oops'>", url=PAGE).base_url == PAGE


def test_relative_protocol_relative_and_invalid_urls() -> None:
    doc = kauri.parse(
        "<a href='//cdn.example.org/lib.js'>1</a><a href='?q=1#top'>2</a>"
        "<a href=' \n/trimmed '>3</a><a href='http://exa mple.com/'>4</a><a href='https://'>5</a>",
        url=PAGE,
    )
    assert doc.links(absolute=True) == [
        "https://cdn.example.org/lib.js",
        "https://example.com/news/today.html?q=1#top",
        "https://example.com/trimmed",
        "http://exa mple.com/",  # not a valid URL: kept as written, as the DOM's href getter does
        "https://",
    ]
    assert [a.resolve_url("href") for a in doc.select("a")][3:] == [None, None]
    assert doc.resolve_url("other/page") == "https://example.com/news/other/page"
    assert doc.resolve_url("http://[::1") is None


def test_the_query_is_encoded_in_the_page_encoding() -> None:
    html = "<meta charset=windows-1252><a href='/caf\xe9?q=caf\xe9'>x</a>".encode("windows-1252")
    doc = kauri.parse(html, url="http://h/")
    assert doc.links(absolute=True) == ["http://h/caf%C3%A9?q=caf%E9"]


def test_no_url_and_bad_urls() -> None:
    doc = kauri.parse("<a href=rel>r</a><a href=https://abs/>a</a>")
    assert doc.url is None and doc.base_url == "about:blank"
    assert doc.links(absolute=True) == ["rel", "https://abs/"]
    with pytest.raises(kauri.OptionError, match="not an absolute URL"):
        kauri.parse("x", url="/relative")


def test_edits_change_the_base() -> None:
    doc = kauri.parse("<a href=x>x</a>", url=PAGE)
    assert doc.links(absolute=True) == ["https://example.com/news/x"]
    doc.head.append(doc.create_element("base", {"href": "https://other.example/"}))
    assert doc.base_url == "https://other.example/"
    assert doc.links(absolute=True) == ["https://other.example/x"]
