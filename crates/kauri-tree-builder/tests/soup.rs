//! Tag soup: random sequences of the tags, text and markup the insertion modes treat
//! specially, in documents and in fragments with every kind of context. Bad input must never
//! panic. `TB_SOUP_ITERATIONS` raises the number of documents (default 3,000).

mod support;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const NAMES: &[&str] = &[
    "html",
    "head",
    "body",
    "frameset",
    "frame",
    "noframes",
    "title",
    "style",
    "script",
    "noscript",
    "template",
    "meta",
    "base",
    "link",
    "p",
    "div",
    "li",
    "dd",
    "dt",
    "ul",
    "ol",
    "h1",
    "h3",
    "pre",
    "listing",
    "form",
    "button",
    "a",
    "b",
    "i",
    "nobr",
    "font",
    "u",
    "applet",
    "marquee",
    "object",
    "table",
    "caption",
    "colgroup",
    "col",
    "tbody",
    "thead",
    "tfoot",
    "tr",
    "td",
    "th",
    "input",
    "hr",
    "img",
    "image",
    "br",
    "textarea",
    "xmp",
    "iframe",
    "noembed",
    "select",
    "option",
    "optgroup",
    "selectedcontent",
    "datalist",
    "keygen",
    "ruby",
    "rb",
    "rt",
    "rp",
    "rtc",
    "math",
    "mi",
    "mo",
    "mglyph",
    "malignmark",
    "annotation-xml",
    "svg",
    "foreignobject",
    "desc",
    "g",
    "path",
    "plaintext",
    "search",
    "main",
    "span",
    "em",
    "x-y",
    "sarcasm",
    "param",
    "source",
    "embed",
    "wbr",
];

const ATTRS: &[&str] = &[
    "",
    " id=a",
    " type=hidden",
    " color=red",
    " encoding=text/html",
    " selected",
    " xlink:href=x",
    " definitionurl=u",
    " viewbox='0 0 1 1'",
    " multiple",
    " shadowrootmode=open",
    " charset=utf-8",
    " for=x",
];

const OTHER: &[&str] = &[
    "text",
    " ",
    "\n",
    "\0",
    "&amp;",
    "<!-- c -->",
    "<!DOCTYPE html>",
    "<?pi data>",
    "<![CDATA[x]]>",
    "</",
    "<",
    "&",
    "\r\n",
];

fn soup(rng: &mut Rng) -> String {
    let mut s = String::new();
    let len = 1 + rng.next() % 40;
    for _ in 0..len {
        match rng.next() % 4 {
            0 => {
                s.push('<');
                s.push_str(rng.pick(NAMES));
                s.push_str(rng.pick(ATTRS));
                if rng.next().is_multiple_of(8) {
                    s.push('/');
                }
                s.push('>');
            }
            1 => {
                s.push_str("</");
                s.push_str(rng.pick(NAMES));
                s.push('>');
            }
            _ => s.push_str(rng.pick(OTHER)),
        }
    }
    s
}

#[test]
fn tag_soup_never_panics() {
    let iterations: usize = std::env::var("TB_SOUP_ITERATIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3_000);
    let contexts = [
        None,
        Some("body"),
        Some("table"),
        Some("tr"),
        Some("td"),
        Some("select"),
        Some("template"),
        Some("colgroup"),
        Some("frameset"),
        Some("html"),
        Some("head"),
        Some("textarea"),
        Some("form"),
        Some("svg svg"),
        Some("svg foreignObject"),
        Some("math math"),
        Some("math mi"),
        Some("math annotation-xml"),
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for i in 0..iterations {
        let input = soup(&mut rng);
        let context = contexts[i % contexts.len()];
        let scripting = i % 2 == 0;
        let result = std::panic::catch_unwind(|| {
            support::parse_and_dump(&input, context, scripting);
        });
        assert!(
            result.is_ok(),
            "panic on {input:?} (context {context:?}, scripting {scripting})"
        );
    }
}
