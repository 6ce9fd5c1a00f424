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


def test_readme_defaults_table_names_every_keyword_with_its_default() -> None:
    """The README's Defaults table, Python column: every `name=value` it gives is a keyword of
    `kauri.parse` with that default, and every parse option of `kauri.parse` is in it."""
    import inspect
    import re
    from pathlib import Path

    readme = Path(__file__).resolve().parents[3] / "README.md"
    lines = readme.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| what | default | Rust"))
    table = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        table.append(line)
    python_column = [row.split(" | ")[-1] for row in table]
    given = dict(re.findall(r"`(\w+)=(\w+)`", " ".join(python_column)))
    signature = inspect.signature(kauri.parse).parameters
    assert given, "no `name=value` found in the README's Defaults table"
    for name, value in given.items():
        assert name in signature, f"README names {name}=, which kauri.parse does not take"
        assert repr(signature[name].default) == value, (name, signature[name].default, value)
    # Every keyword that maps onto ParseOptions (all but the document's URL) is in the table.
    options = {name for name, p in signature.items() if p.kind == p.KEYWORD_ONLY} - {"url"}
    assert options == set(given), sorted(options ^ set(given))
