"""Random sanitizer cases for the browser differential test (see README.md).

Usage: python3 gen.py SEED COUNT OUT.json [--document] [--random-configs] [--more-contexts]

Each case is a short string of markup pieces (start tags with attributes from a list of
dangerous and ordinary ones, end tags, text, comments, processing instructions, CDATA, and a
few known mutation-XSS shapes), a context element, a config (None: the default sanitizer) and
whether the unsafe method (setHTMLUnsafe) is used. The same seed gives the same cases. With
`--document` every case's context is `#document`: `Document.parseHTML` / `parseHTMLUnsafe`.
With `--random-configs` each case gets a random config (elements with per-element attribute
lists, removals, replacements, flags; many are invalid) instead of one of the fixed ones.
With `--more-contexts` the context is one of 65 others (MORE_CONTEXTS).
"""
import json
import random
import sys

seed = int(sys.argv[1])
n = int(sys.argv[2])
rng = random.Random(seed)
TAGS = """a b i u s em strong small big code kbd p div span table tr td th tbody thead tfoot caption col colgroup
select option optgroup button selectedcontent template script style noscript iframe object embed img form input
textarea title svg math mi mo mn ms mtext mglyph malignmark annotation-xml foreignObject desc circle path g use animate
set image h1 h3 li ul ol dl dt dd pre listing plaintext xmp noembed noframes frameset body html head meta link base
marquee applet font nobr hr br wbr isindex keygen custom-el x-y data time details summary dialog search hgroup ruby rt
rp rb rtc area map source track video audio picture slot label fieldset legend output menu article section nav aside
main header footer address figure figcaption center blockquote q cite abbr dfn sub sup mark ins del bdi bdo
frame param basefont bgsound portal textpath clippath feimage script""".split()
ATTRS = ["onclick=alert(1)", "onerror=x()", "href=javascript:alert(1)", "href=' java\tscript:x'", "href=https://e.com/",
 "src=x", "src=javascript:x", "style=color:red", "class=c", "id=i", "title=t", "data-x=1", "data-Foo=2", "xlink:href=javascript:x",
 "xlink:href=#a", "formaction=javascript:x", "action=javascript:x", "srcdoc='<b>'", "shadowrootmode=open", "shadowrootmode=closed",
 "is=x-y", "lang=en", "dir=rtl", "xmlns=http://www.w3.org/2000/svg", "xml:lang=en", "onload=x", "value=v", "selected", "nonce=n",
 "popover", "alt=a", "width=1", "cx=5", "fill=red", "attributename=href", "to=javascript:x", "values=x", "from=javascript:y",
 "definitionURL=x", "encoding=text/html", "encoding=application/xhtml+xml", "cite=javascript:x", "ping=x", "target=_blank",
 "rel=noopener", "colspan=2", "type=hidden", "name=n", "for=f", "contenteditable", "tabindex=1", "hidden", "aria-label=x",
 "role=button", "color=red", "face=x", "size=3", "shadowrootdelegatesfocus", "shadowrootclonable", "shadowrootserializable",
 "for=x", "xmlns:xlink=http://www.w3.org/1999/xlink", "SRC=x", "OnClick=y", "data-=z", "data-a-b=c"]
TEXTS = ["x", "hello", "a&amp;b", "&lt;", "&", "&nbsp;", "\u00a0", " ", "\n", "text with <", "1 > 0", "&#0;", "\u0000",
 "\r\n", "&notin;", "javascript:x", "]]>", "--", "&quot;", "'"]
def tag():
    t = rng.choice(TAGS)
    if rng.random() < 0.1: t = t.upper()
    k = rng.choice([0,0,0,1,1,2,3])
    attrs = " ".join(rng.choice(ATTRS) for _ in range(k))
    return "<" + t + (" " + attrs if attrs else "") + (" /" if rng.random() < 0.05 else "") + ">"
def piece():
    r = rng.random()
    if r < 0.45: return tag()
    if r < 0.65: return "</" + rng.choice(TAGS) + ">"
    if r < 0.88: return rng.choice(TEXTS)
    if r < 0.93: return rng.choice(["<!--c-->", "<!-- a -- b -->", "<!-->", "<!---->", "<!--"])
    if r < 0.96: return rng.choice(["<?pi x?>", "<?target data>", "<![CDATA[x<y]]>", "<!doctype html>", "<!x>"])
    return rng.choice(["<svg><style>", "<math><mtext><table><mglyph><style>", "<noscript><style>", "<form><div></form>",
                       "<template shadowrootmode=open>", "<select><button><selectedcontent>", "</p>", "<p>", "<table><tr><td>"])
CONTEXTS = ["div"]*10 + ["body", "table", "tbody", "tr", "td", "select", "template", "ul", "pre", "p", "svg:svg", "math:math", "svg:foreignObject", "textarea", "script", "style", "option", "html"]
# More context elements (`--more-contexts`): table parts, raw text and void elements, foreign
# integration points, form-associated and obsolete elements.
MORE_CONTEXTS = ["head", "frameset", "colgroup", "caption", "tfoot", "thead", "th", "optgroup", "object",
                 "iframe", "noembed", "noframes", "xmp", "plaintext", "title", "a", "b", "button", "form",
                 "li", "dl", "dd", "h1", "menu", "ruby", "rt", "svg:g", "svg:desc", "svg:title", "svg:text",
                 "math:mi", "math:mtext", "math:annotation-xml", "math:ms", "selectedcontent", "frame",
                 "img", "br", "input", "hr", "slot", "dialog", "details", "summary", "label", "fieldset",
                 "legend", "canvas", "video", "audio", "picture", "map", "area", "custom-el", "x-y",
                 "listing", "noscript", "nobr", "marquee", "applet", "image", "keygen", "table", "body",
                 "html"]
CONFIGS = [None]*8 + [
  {}, {"removeElements": ["b", "div"]}, {"replaceWithChildrenElements": ["p", "span", "b"]},
  {"elements": ["p", "b", "i", "a", "div", "table", "tr", "td", "tbody", "template", "svg", "style", "noscript", "select", "option", "math", "mtext", "mglyph"], "attributes": ["href", "title", "onclick", "src", "shadowrootmode"]},
  {"comments": True, "dataAttributes": True},
  {"removeAttributes": ["id", "class"], "comments": True},
  {"elements": [{"name": "a", "attributes": ["href"]}, "b", {"name": "svg", "namespace": "http://www.w3.org/2000/svg"}, {"name": "use", "namespace": "http://www.w3.org/2000/svg", "attributes": [{"name": "href", "namespace": "http://www.w3.org/1999/xlink"}]}]},
  {"processingInstructions": ["target", "pi"], "comments": True},
  {"javascriptURLs": True, "attributes": ["href", "src", "action"]},
]
document = "--document" in sys.argv[4:]
random_configs = "--random-configs" in sys.argv[4:]
more_contexts = "--more-contexts" in sys.argv[4:]
ENAMES = ["a","b","i","p","div","span","table","tr","td","tbody","template","svg","style","noscript","select","option","math","mtext","mglyph","img","script","iframe","form","input","use","circle","animate","set","foreignObject","title","desc","li","ul","em","strong","button","selectedcontent","object","embed","textarea","xmp"]
ANAMES = ["href","title","onclick","src","shadowrootmode","id","class","style","data-x","xlink:href","action","formaction","is","lang","onerror","to","from","values","attributename","cite","width","fill"]
SVG = "http://www.w3.org/2000/svg"
def random_config():
    """A random config dictionary (None: the default), valid or not."""
    if rng.random() < 0.25: return None
    c = {}
    mode = rng.random()
    if mode < 0.5:
        els = []
        for n in rng.sample(ENAMES, rng.randint(1, 12)):
            if rng.random() < 0.3:
                e = {"name": n}
                if n in ("svg","circle","use","animate","set","foreignObject","title","desc") and rng.random()<0.6: e["namespace"]=SVG
                if rng.random()<0.5: e["attributes"]=rng.sample(ANAMES, rng.randint(0,4))
                elif rng.random()<0.5: e["removeAttributes"]=rng.sample(ANAMES, rng.randint(0,3))
                els.append(e)
            else:
                els.append(n)
        c["elements"]=els
    elif mode < 0.8:
        c["removeElements"]=rng.sample(ENAMES, rng.randint(0,6))
    if rng.random()<0.3: c["replaceWithChildrenElements"]=rng.sample(ENAMES, rng.randint(0,4))
    r=rng.random()
    if r<0.4: c["attributes"]=rng.sample(ANAMES, rng.randint(0,8))
    elif r<0.7: c["removeAttributes"]=rng.sample(ANAMES, rng.randint(0,4))
    for k in ("comments","dataAttributes","javascriptURLs"):
        if rng.random()<0.3: c[k]=rng.random()<0.5
    return c


cases = []
for i in range(n):
    html = "".join(piece() for _ in range(rng.randint(1, 12)))
    context = rng.choice(MORE_CONTEXTS if more_contexts else CONTEXTS)
    config = random_config() if random_configs else rng.choice(CONFIGS)
    cases.append({"html": html, "context": "#document" if document else context,
                  "config": config, "unsafe": rng.random() < 0.15})
# The configs once, the cases pointing to them by index (-1: the default sanitizer).
configs = []
compact = []
for c in cases:
    if c["config"] is None:
        index = -1
    else:
        if c["config"] not in configs:
            configs.append(c["config"])
        index = configs.index(c["config"])
    compact.append([c["html"], c["context"], index, c["unsafe"]])
with open(sys.argv[3], "w") as out:
    flags = (" --document" if document else "") + (" --random-configs" if random_configs else "")
    flags += " --more-contexts" if more_contexts else ""
    json.dump({"generator": f"compare/browser/gen.py {seed} {n}{flags}", "configs": configs, "cases": compact},
              out, ensure_ascii=False)
