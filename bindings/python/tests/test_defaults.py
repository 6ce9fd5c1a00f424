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
