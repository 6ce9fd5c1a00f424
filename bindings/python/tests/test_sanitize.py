"""kauri.sanitize and kauri.Sanitizer: the HTML standard's sanitizer from Python."""

import pytest

import kauri


def test_default_removes_script_handlers_and_javascript_urls():
    html = '<p onclick="x()">Hi <a href="javascript:y()">you</a><script>z()</script><img src=x onerror=alert(1)>'
    assert kauri.sanitize(html) == "<p>Hi <a>you</a></p>"


def test_template_svg_and_shadow_root_contents_are_sanitized():
    assert kauri.sanitize("<template><script>x()</script><img onerror=alert(1)></template>ok") == "ok"
    assert kauri.sanitize('<svg onload="alert(1)"><rect width=1 onerror=x></rect></svg>') == '<svg><rect width="1"></rect></svg>'
    permissive = {"elements": ["template", "img", "script"], "attributes": ["src", "onerror"]}
    assert (
        kauri.sanitize("<template><script>x()</script><img src=a onerror=alert(1)></template>", permissive)
        == '<template><img src="a"></template>'
    )


def test_config_dict_json_and_context():
    config = {"elements": ["p", {"name": "a", "attributes": ["href"]}], "comments": True}
    html = '<p>x<!--c--><a href="/y" rel=r>y</a><i>z</i></p>'
    assert kauri.sanitize(html, config) == '<p>x<!--c--><a href="/y">y</a></p>'
    assert kauri.sanitize(html, config='{"elements": ["p"]}') == "<p>x</p>"
    assert kauri.sanitize("<td>1<td>2", context="tr") == "<td>1</td><td>2</td>"
    assert kauri.sanitize("<rect width=1 onclick=x>", context="svg g") == '<rect width="1"></rect>'


def test_a_config_dict_passed_to_sanitize_drops_comments_unless_kept():
    assert kauri.sanitize("<!--c--><b>x</b>", {}) == "<b>x</b>"
    assert kauri.sanitize("<!--c--><b>x</b>", {"comments": True}) == "<!--c--><b>x</b>"


def test_sanitizer_class():
    s = kauri.Sanitizer({"removeElements": ["b"]})
    assert s.sanitize("<b>x</b><i onclick=f()>y</i>") == "<i>y</i>"
    assert s.sanitize_unsafe("<b>x</b><i onclick=f()>y</i>") == '<i onclick="f()">y</i>'
    # new Sanitizer({}) keeps comments; the safe method still removes script.
    keep = kauri.Sanitizer({})
    assert keep.sanitize("<!--c--><script>x</script>a") == "<!--c-->a"
    assert kauri.sanitize("<b onclick=x>b</b>", keep) == "<b>b</b>"
    assert kauri.Sanitizer().sanitize("<u>u</u><object></object>") == "<u>u</u>"


@pytest.mark.parametrize(
    "config, message",
    [
        ({"elements": ["div"], "removeElements": ["div"]}, "removeElements"),
        ({"elements": 1}, "must be an array"),
        ({"replaceWithChildrenElements": ["html"]}, "replaceWithChildrenElements"),
        ("{not json", "not JSON"),
    ],
)
def test_invalid_configs_raise(config, message):
    with pytest.raises(kauri.SanitizerConfigError, match=message):
        kauri.sanitize("x", config)
    with pytest.raises(kauri.SanitizerConfigError):
        kauri.Sanitizer(config)
    assert issubclass(kauri.SanitizerConfigError, ValueError)


def test_bad_context_and_config_type():
    with pytest.raises(kauri.FragmentContextError):
        kauri.sanitize("x", context="")
    with pytest.raises(kauri.SanitizerConfigError):
        kauri.sanitize("x", 42)


def test_output_is_a_fixpoint_under_a_permissive_config():
    config = {"elements": ["form", "math", "mtext", "mglyph", "style", "noscript", "img", "table", "p"], "attributes": ["src"]}
    for html in [
        "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
        "<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    ]:
        once = kauri.sanitize(html, config)
        assert kauri.sanitize(once, config) == once
        assert "onerror" not in once
