"""The defaults are one table (README, "Defaults"): Python's default parse gives the tree that
Rust's and the CLI's give (crates/kauri/tests/defaults.rs checks those against the same dump)."""

import kauri

NOSCRIPT = "<noscript><p>x</noscript>"
# Scripting is on by default everywhere: the noscript content is raw text.
NOSCRIPT_TREE = '| <html>\n|   <head>\n|     <noscript>\n|       "<p>x"\n|   <body>\n'


def test_default_parse_gives_the_rust_and_cli_tree() -> None:
    doc = kauri.parse(NOSCRIPT)
    assert doc.select_one("noscript p") is None
    assert doc.to_test_tree() == NOSCRIPT_TREE
    assert kauri.parse(NOSCRIPT.encode()).to_test_tree() == NOSCRIPT_TREE


def test_default_streaming_parser_agrees() -> None:
    parser = kauri.Parser()
    parser.feed(NOSCRIPT)
    assert parser.close().to_test_tree() == NOSCRIPT_TREE


def test_every_parse_option_is_a_keyword() -> None:
    """Each field of Rust's ParseOptions is a keyword of kauri.parse, with its effect."""
    # max_input_bytes: the first N bytes (an input-truncated error marks the cut).
    doc = kauri.parse("<p>abcdef", max_input_bytes=5, errors=True)
    assert doc.text == "ab"
    assert doc.errors[-1].code == "input-truncated"
    # max_attributes: the first N attributes of each tag.
    p = kauri.parse("<p a=1 b=2 c=3>", max_attributes=2).select_one("p")
    assert sorted(p.attrs) == ["a", "b"]
    # iframe_srcdoc: never quirks mode, so a table closes the p.
    quirks = kauri.parse("<p><table>").to_test_tree()
    srcdoc = kauri.parse("<p><table>", iframe_srcdoc=True).to_test_tree()
    assert quirks != srcdoc
    assert kauri.parse("<p><table>", iframe_srcdoc=True).select_one("p table") is None
    # template_for: off gives the pre-2026 tree.
    html = '<div><?start name="n">old<?end></div><template for=n>new</template>'
    assert kauri.parse(html).select_one("div").text == "new"
    assert kauri.parse(html, template_for=False).select_one("div").text == "old"
    # allow_utf8_guess: off decodes unlabelled UTF-8 bytes as a legacy encoding.
    page = "<p>caf\u00e9 \u65e5\u672c\u8a9e".encode()
    assert kauri.parse(page).encoding == "UTF-8"
    assert kauri.parse(page, allow_utf8_guess=False).encoding != "UTF-8"
    # The same keywords on fragments and the streaming parser.
    frag = kauri.parse_fragment("<p a=1 b=2>", "div", max_attributes=1)
    assert sorted(frag.select_one("p").attrs) == ["a"]
    parser = kauri.Parser(max_input_bytes=5)
    parser.feed("<p>abcdef")
    assert parser.close().text == "ab"


def test_bad_limits_raise_option_errors() -> None:
    for kwargs in ({"max_input_bytes": -1}, {"max_attributes": -2}):
        try:
            kauri.parse("<p>", **kwargs)
        except kauri.OptionError as err:
            assert "at least 0" in str(err)
        else:
            raise AssertionError(f"{kwargs} accepted")
