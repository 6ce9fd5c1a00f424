"""kauri.check(): the parse errors of a page as records a conformance checker reports."""

import pytest

import kauri


def test_a_clean_page_has_no_report() -> None:
    assert kauri.check("<!DOCTYPE html><title>t</title><p>fine") == []


def test_a_report_names_the_element_and_points_at_it() -> None:
    page = "<!DOCTYPE html>\n<p>caf\u00e9</b> x"
    [report] = kauri.check(page)
    assert isinstance(report, kauri.CheckReport)
    assert report.code == "unexpected-end-tag"
    assert report.message.startswith("Stray end tag \u201cb\u201d")
    assert (report.first_line, report.first_col, report.last_line, report.last_col) == (2, 8, 2, 11)
    # Byte offsets into the UTF-8 text: the "é" is two bytes.
    assert (report.start, report.end) == (24, 28)
    assert page.encode()[report.start:report.end] == b"</b>"
    # Extract indices are the str's.
    assert report.extract == "<p>caf\u00e9</b> x"
    assert report.extract[report.hilite_start:report.hilite_start + report.hilite_length] == "</b>"
    assert report.unclosed == []


def test_unclosed_elements_are_records_at_their_start_tags() -> None:
    reports = kauri.check("<!DOCTYPE html><div class=a><span>x")
    [eof] = reports
    assert eof.code == "eof-with-open-elements"
    assert "\u201cdiv\u201d, \u201cspan\u201d" in eof.message
    names = [u.message for u in eof.unclosed]
    assert names == ["Unclosed element \u201cdiv\u201d.", "Unclosed element \u201cspan\u201d."]
    div = eof.unclosed[0]
    assert div.extract[div.hilite_start:div.hilite_start + div.hilite_length] == "<div class=a>"
    assert (div.first_line, div.first_col) == (1, 16)


def test_bytes_are_sniffed_and_attributes_named() -> None:
    reports = kauri.check(b"<meta charset=windows-1252><p id=a id=b>caf\xe9")
    codes = [r.code for r in reports]
    assert codes == ["missing-doctype", "duplicate-attribute"]
    assert reports[1].message.startswith("Duplicate attribute \u201cid\u201d")
    assert kauri.check(bytearray(b"<!DOCTYPE html><p>ok")) == []


def test_scripting_decides_whether_noscript_content_is_checked() -> None:
    page = "<!DOCTYPE html><head><noscript><img></noscript></head>"
    assert [r.code for r in kauri.check(page, scripting=False)][:1] == [
        "unexpected-token-in-head-noscript"
    ]
    assert kauri.check(page) == []  # scripting on by default, as in Rust and the CLI


def test_bad_arguments_raise() -> None:
    with pytest.raises(TypeError):
        kauri.check(42)  # type: ignore[arg-type]
    with pytest.raises(kauri.EncodingError):
        kauri.check(b"<p>", encoding="no-such-label")
    with pytest.raises(ValueError):
        kauri.check("<p>", encoding="utf-8")
