"""The defaults are one table (README, "Defaults"), Rust's `ParseOptions::default()`: Python's
default parse gives the tree that Rust's and the CLI's give (crates/kauri/tests/defaults.rs
checks those against the same dump), and every keyword's default, as it runs, as
`inspect.signature` shows it and as the type stub states it, is that table's
(`kauri.default_options()`), for every option (the CLI's: `cli::args::tests` in crates/kauri)."""

import ast
import inspect
from pathlib import Path
from typing import Any, Callable, Dict

import kauri

STUB = Path(__file__).resolve().parents[1] / "python" / "kauri" / "_kauri.pyi"

# The parse options each callable takes as keywords (the rest of ParseOptions does not apply:
# a fragment's text is already decoded and it is never an iframe srcdoc document; check turns
# errors and locations on itself).
DOCUMENT_OPTIONS = {
    "encoding",
    "transport_charset",
    "scripting",
    "errors",
    "locations",
    "declarative_shadow_roots",
    "max_depth",
    "template_for",
    "max_input_bytes",
    "max_attributes",
    "allow_utf8_guess",
    "iframe_srcdoc",
}
FRAGMENT_OPTIONS = DOCUMENT_OPTIONS - {
    "encoding",
    "transport_charset",
    "allow_utf8_guess",
    "iframe_srcdoc",
}
TAKES: Dict[str, set] = {
    "parse": DOCUMENT_OPTIONS,
    "parse_fragment": FRAGMENT_OPTIONS,
    "Parser": DOCUMENT_OPTIONS,
    "check": {"encoding", "scripting"},
}
CALLABLES: Dict[str, Callable[..., Any]] = {
    "parse": kauri.parse,
    "parse_fragment": kauri.parse_fragment,
    "Parser": kauri.Parser,
    "check": kauri.check,
}


def same(a: object, b: object) -> bool:
    """Equal and of one type (so that True is not 1)."""
    return type(a) is type(b) and a == b


def test_default_options_are_every_parse_option() -> None:
    defaults = kauri.default_options()
    assert set(defaults) == DOCUMENT_OPTIONS, sorted(set(defaults) ^ DOCUMENT_OPTIONS)
    # A new dict each call: changing one changes no default.
    defaults["scripting"] = not defaults["scripting"]
    assert kauri.default_options() != defaults
    # Scripting on, as NOSCRIPT_TREE has it.
    assert kauri.default_options()["scripting"] is True


def test_signature_defaults_are_the_rust_defaults() -> None:
    defaults = kauri.default_options()
    for name, function in CALLABLES.items():
        parameters = inspect.signature(function).parameters
        options = {p for p in parameters if p in defaults}
        assert options == TAKES[name], (name, sorted(options ^ TAKES[name]))
        for option in options:
            shown = parameters[option].default
            assert same(shown, defaults[option]), (name, option, shown, defaults[option])


def stub_defaults() -> Dict[str, Dict[str, object]]:
    """Each callable's keyword defaults as `_kauri.pyi` states them."""
    module = ast.parse(STUB.read_text(encoding="utf-8"))
    functions: Dict[str, ast.FunctionDef] = {}
    for node in module.body:
        if isinstance(node, ast.FunctionDef):
            functions[node.name] = node
        elif isinstance(node, ast.ClassDef) and node.name == "Parser":
            init = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
            functions["Parser"] = init[0]
    found: Dict[str, Dict[str, object]] = {}
    for name in CALLABLES:
        args = functions[name].args
        positional = args.posonlyargs + args.args
        pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults))
        pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
        found[name] = {arg.arg: ast.literal_eval(default) for arg, default in pairs}
    return found


def test_stub_states_the_rust_defaults() -> None:
    defaults = kauri.default_options()
    for name, stated in stub_defaults().items():
        options = {p for p in stated if p in defaults}
        assert options == TAKES[name], (name, sorted(options ^ TAKES[name]))
        for option in options:
            assert same(stated[option], defaults[option]), (
                name,
                option,
                stated[option],
                defaults[option],
            )


def test_leaving_a_keyword_out_is_passing_its_default() -> None:
    """The defaults the callables run with (not only those they show) are the table's."""
    defaults = kauri.default_options()
    html = (
        "<!DOCTYPE html><p>caf\u00e9<noscript><p>x</noscript><table><p>"
        '<div><template shadowrootmode=open>s</template></div>'
        '<div><?start name="n">old<?end></div><template for=n>new</template>'
    )

    def seen(doc: "kauri.Document") -> object:
        p = doc.select_one("p")
        return (doc.to_test_tree(), [tuple(e) for e in doc.errors], p.span, doc.encoding)

    for source in (html, html.encode()):
        assert seen(kauri.parse(source)) == seen(kauri.parse(source, **defaults))
        parser, explicit = kauri.Parser(), kauri.Parser(**defaults)
        parser.feed(source)
        explicit.feed(source)
        assert seen(parser.close()) == seen(explicit.close())
    fragment = {k: v for k, v in defaults.items() if k in FRAGMENT_OPTIONS}
    assert seen(kauri.parse_fragment(html, "div")) == seen(
        kauri.parse_fragment(html, "div", **fragment)
    )
    check = {k: defaults[k] for k in TAKES["check"]}
    codes = [r.code for r in kauri.check(html)]
    assert codes and codes == [r.code for r in kauri.check(html, **check)]

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
