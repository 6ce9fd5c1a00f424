"""Source locations (parse(..., locations=True)): byte offsets into the original input, and
lines and columns counted as parse errors count them, for elements, end tags and text."""

import kauri


def test_shift_jis_page_gives_the_original_byte_offsets() -> None:
    text = "<!DOCTYPE html><meta charset=shift_jis><title>日本語</title>\n<p class=x>あいう<b>えお</b></p>"
    page = text.encode("shift_jis")
    doc = kauri.parse(page, locations=True)
    assert doc.encoding == "Shift_JIS"
    b = doc.select_one("b")
    loc = b.location
    assert page[loc.start : loc.end] == b"<b>"
    assert (loc.line, loc.col) == (2, 15)  # after <p class=x> and three characters
    end = b.end_tag_location
    assert page[end.start : end.end] == b"</b>"
    (text_node,) = b.children
    assert page[text_node.location.start : text_node.location.end].decode("shift_jis") == "えお"
    # The decoded offsets (span) differ: each of these characters is 3 bytes in UTF-8, 2 here.
    assert b.span != (loc.start, loc.end)
    title = doc.select_one("title")
    assert page[title.location.start : title.end_tag_location.end].decode("shift_jis") == "<title>日本語</title>"
    p = doc.select_one("p")
    attr = p.attribute_location("class")
    assert page[attr.start : attr.end] == b"class=x" and (attr.line, attr.col) == (2, 4)
    assert p.attribute_location("id") is None
    # Every element with a start tag in the input maps back to it.
    for element in doc.select("*"):
        if element.location is not None:
            raw = page[element.location.start : element.location.end].decode("shift_jis")
            assert raw.lower().startswith("<" + element.tag), (raw, element.tag)


def test_str_input_lines_and_columns() -> None:
    text = "<p>one\r\ntwo <i>\U0001F600<b>x</b></i>\n<!--c-->"
    doc = kauri.parse(text, locations=True)
    b = doc.select_one("b")
    assert (b.location.line, b.location.col) == (2, 10)  # "two <i>", then the emoji: two columns
    utf8 = text.encode("utf-8")
    assert utf8[b.location.start : b.location.end] == b"<b>"
    implied = doc.body
    assert implied.location is None  # the parser made it, no tag in the input
    comment = doc.select_one("p").children[-1]
    assert comment.kind == "comment" and (comment.location.line, comment.location.col) == (3, 1)
    assert repr(b.location).startswith("Location(start=")


def test_without_locations_there_are_none() -> None:
    doc = kauri.parse("<p>x")
    assert doc.select_one("p").location is None and doc.select_one("p").end_tag_location is None


def test_locations_match_parse_error_positions() -> None:
    text = "<p>\r\n\U0001F600 <b>x</i>"
    doc = kauri.parse(text, locations=True, errors=True)
    stray = [e for e in doc.errors if e.code == "unexpected-end-tag"]
    assert stray, doc.errors
    b = doc.select_one("b")
    # `</i>` comes 4 columns after `<b>` starts, on the same line, in the errors' units.
    assert (stray[0].line, stray[0].col) == (b.location.line, b.location.col + 4)


def test_fragment_locations() -> None:
    doc = kauri.parse_fragment("<td>a</td><td>\u00e9<i>b</i>", "tr", locations=True)
    i = doc.select_one("i")
    assert (i.location.line, i.location.col) == (1, 16)
    assert "<td>a</td><td>\u00e9<i>b</i>".encode()[i.location.start : i.location.end] == b"<i>"


def test_attribute_locations() -> None:
    text = "<svg viewBox='0 0 1 1'><a XLINK:href=#s>x</a></svg><p id=a ID=b title = \"t>\" hidden>"
    doc = kauri.parse(text, locations=True)
    utf8 = text.encode()
    svg = doc.select_one("svg")
    assert utf8[svg.attribute_location("viewBox").start : svg.attribute_location("viewBox").end] == b"viewBox='0 0 1 1'"
    a = svg.select_one("a")
    loc = a.attribute_location("xlink:href")
    assert utf8[loc.start : loc.end] == b"XLINK:href=#s"
    p = doc.select_one("p")
    assert p.get("id") == "a"
    loc = p.attribute_location("id")
    assert utf8[loc.start : loc.end] == b"id=a"  # the first one, which the element has
    loc = p.attribute_location("title")
    assert utf8[loc.start : loc.end] == b'title = "t>"'
    loc = p.attribute_location("hidden")
    assert utf8[loc.start : loc.end] == b"hidden" and loc.col == text.index("hidden") + 1


def test_streamed_pages_have_locations_too() -> None:
    page = "<meta charset=shift_jis><p>あい</p>\n<b title=t>え</b>".encode("shift_jis")
    parser = kauri.Parser(locations=True)
    for i in range(0, len(page), 5):
        parser.feed(page[i : i + 5])
    doc = parser.close()
    b = doc.select_one("b")
    assert page[b.location.start : b.location.end] == b"<b title=t>"
    assert (b.location.line, b.location.col) == (2, 1)
    title = b.attribute_location("title")
    assert page[title.start : title.end] == b"title=t"
    parser = kauri.Parser(locations=True)
    parser.feed("<p>x</p>")
    parser.feed("<i>y</i>")
    i = parser.close().select_one("i")
    assert (i.location.start, i.location.col) == (8, 9)
    assert kauri.Parser().close().root.location is None
