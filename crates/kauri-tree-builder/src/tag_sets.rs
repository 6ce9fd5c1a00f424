//! Element categories the parser uses ("the stack of open elements", § the-stack-of-open-elements,
//! and § creating-and-inserting-nodes), as bit flags computed once per element when it is pushed
//! onto the stack.

use kauri_tokenizer::{local_name, Attribute, LocalName, Namespace};

/// The element is in the "special" category (§ the-stack-of-open-elements).
pub(crate) const SPECIAL: u16 = 1 << 0;
/// The element ends the default scope ("has an element in scope").
pub(crate) const SCOPE: u16 = 1 << 1;
/// The element ends list item scope (the default scope plus `ol`, `ul`).
pub(crate) const LIST_ITEM_SCOPE: u16 = 1 << 2;
/// The element ends button scope (the default scope plus `button`).
pub(crate) const BUTTON_SCOPE: u16 = 1 << 3;
/// The element ends table scope (`html`, `table`, `template`).
pub(crate) const TABLE_SCOPE: u16 = 1 << 4;
/// The element is an HTML integration point (§ parsing-main-inforeign).
pub(crate) const HTML_INTEGRATION_POINT: u16 = 1 << 5;
/// The element is a MathML text integration point (§ parsing-main-inforeign).
pub(crate) const MATHML_TEXT_INTEGRATION_POINT: u16 = 1 << 6;
/// "Generate implied end tags" pops the element (dd, dt, li, optgroup, option, p, rb, rp, rt,
/// rtc).
pub(crate) const IMPLIED_END: u16 = 1 << 7;
/// "Generate all implied end tags thoroughly" pops the element (the above plus caption,
/// colgroup, tbody, td, tfoot, th, thead, tr).
pub(crate) const IMPLIED_END_THOROUGH: u16 = 1 << 8;
/// The element is a MathML `annotation-xml` (for the `svg` start tag rule of the dispatcher).
pub(crate) const ANNOTATION_XML: u16 = 1 << 9;
/// An HTML element whose "in body" end tag rule, when the element is the current node, does
/// more than pop it: the formatting elements ([`is_formatting`], the adoption agency) and
/// [`closes_more_than_the_current_node`]'s names. Not a category of the
/// standard: it lets the usual end tag be told from the current node's entry alone.
pub(crate) const END_TAG_DOES_MORE: u16 = 1 << 10;
/// The HTML `template` element (whose children go into its template contents: "the
/// appropriate place for inserting a node" asks this of every target).
pub(crate) const TEMPLATE: u16 = 1 << 11;

/// The flags of an element with this namespace, local name and attributes.
pub(crate) fn element_flags(ns: Namespace, name: &LocalName, attrs: &[Attribute]) -> u16 {
    match ns {
        Namespace::Html => {
            let more = is_formatting(name) || closes_more_than_the_current_node(name);
            let template = *name == local_name!("template");
            html_flags(name)
                | if more { END_TAG_DOES_MORE } else { 0 }
                | if template { TEMPLATE } else { 0 }
        }
        Namespace::MathMl => match *name {
            local_name!("mi")
            | local_name!("mo")
            | local_name!("mn")
            | local_name!("ms")
            | local_name!("mtext") => SPECIAL | SCOPE_ALL | MATHML_TEXT_INTEGRATION_POINT,
            local_name!("annotation-xml") => {
                let encoding = attrs
                    .iter()
                    .find(|a| a.name.local == local_name!("encoding"))
                    .map(|a| a.value.as_str());
                let ip = match encoding {
                    Some(v)
                        if v.eq_ignore_ascii_case("text/html")
                            || v.eq_ignore_ascii_case("application/xhtml+xml") =>
                    {
                        HTML_INTEGRATION_POINT
                    }
                    _ => 0,
                };
                SPECIAL | SCOPE_ALL | ANNOTATION_XML | ip
            }
            _ => 0,
        },
        Namespace::Svg => match *name {
            local_name!("foreignObject") | local_name!("desc") | local_name!("title") => {
                SPECIAL | SCOPE_ALL | HTML_INTEGRATION_POINT
            }
            _ => 0,
        },
    }
}

/// Whether the element is in the "special" category (§ special), as the stack of open elements
/// sees it.
///
/// ```
/// use kauri_tokenizer::{local_name, Namespace};
/// use kauri_tree_builder::for_harness::is_special;
///
/// assert!(is_special(Namespace::Html, &local_name!("address")));
/// assert!(is_special(Namespace::Svg, &local_name!("foreignObject")));
/// assert!(!is_special(Namespace::Html, &local_name!("span")));
/// ```
pub fn is_special(ns: Namespace, name: &LocalName) -> bool {
    element_flags(ns, name, &[]) & SPECIAL != 0
}

/// Whether the element bounds "has an element in scope" (§ has-an-element-in-scope: `applet`,
/// `caption`, `html`, `table`, `td`, `th`, `marquee`, `object`, `select`, `template`, MathML
/// `mi`, `mo`, `mn`, `ms`, `mtext`, `annotation-xml`, SVG `foreignObject`, `desc`, `title`).
///
/// ```
/// use kauri_tokenizer::{local_name, Namespace};
/// use kauri_tree_builder::for_harness::is_scope_boundary;
///
/// assert!(is_scope_boundary(Namespace::Html, &local_name!("td")));
/// assert!(!is_scope_boundary(Namespace::Html, &local_name!("div")));
/// ```
pub fn is_scope_boundary(ns: Namespace, name: &LocalName) -> bool {
    element_flags(ns, name, &[]) & SCOPE != 0
}

/// Default scope boundaries also bound list item scope and button scope.
const SCOPE_ALL: u16 = SCOPE | LIST_ITEM_SCOPE | BUTTON_SCOPE;

fn html_flags(name: &LocalName) -> u16 {
    match *name {
        // Default scope boundaries (2025: `select` added).
        local_name!("applet")
        | local_name!("caption")
        | local_name!("marquee")
        | local_name!("object")
        | local_name!("select")
        | local_name!("td")
        | local_name!("th") => {
            let implied = match *name {
                local_name!("caption") | local_name!("td") | local_name!("th") => {
                    IMPLIED_END_THOROUGH
                }
                _ => 0,
            };
            SPECIAL | SCOPE_ALL | implied
        }
        local_name!("html") | local_name!("table") | local_name!("template") => {
            SPECIAL | SCOPE_ALL | TABLE_SCOPE
        }
        local_name!("ol") | local_name!("ul") => SPECIAL | LIST_ITEM_SCOPE,
        local_name!("button") => SPECIAL | BUTTON_SCOPE,
        local_name!("dd") | local_name!("dt") | local_name!("li") | local_name!("p") => {
            SPECIAL | IMPLIED_END | IMPLIED_END_THOROUGH
        }
        local_name!("optgroup")
        | local_name!("option")
        | local_name!("rb")
        | local_name!("rp")
        | local_name!("rt")
        | local_name!("rtc") => IMPLIED_END | IMPLIED_END_THOROUGH,
        local_name!("colgroup")
        | local_name!("tbody")
        | local_name!("tfoot")
        | local_name!("thead")
        | local_name!("tr") => SPECIAL | IMPLIED_END_THOROUGH,
        local_name!("address")
        | local_name!("area")
        | local_name!("article")
        | local_name!("aside")
        | local_name!("base")
        | local_name!("basefont")
        | local_name!("bgsound")
        | local_name!("blockquote")
        | local_name!("body")
        | local_name!("br")
        | local_name!("center")
        | local_name!("col")
        | local_name!("details")
        | local_name!("dir")
        | local_name!("div")
        | local_name!("dl")
        | local_name!("embed")
        | local_name!("fieldset")
        | local_name!("figcaption")
        | local_name!("figure")
        | local_name!("footer")
        | local_name!("form")
        | local_name!("frame")
        | local_name!("frameset")
        | local_name!("h1")
        | local_name!("h2")
        | local_name!("h3")
        | local_name!("h4")
        | local_name!("h5")
        | local_name!("h6")
        | local_name!("head")
        | local_name!("header")
        | local_name!("hgroup")
        | local_name!("hr")
        | local_name!("iframe")
        | local_name!("img")
        | local_name!("input")
        | local_name!("keygen")
        | local_name!("link")
        | local_name!("listing")
        | local_name!("main")
        | local_name!("menu")
        | local_name!("meta")
        | local_name!("nav")
        | local_name!("noembed")
        | local_name!("noframes")
        | local_name!("noscript")
        | local_name!("param")
        | local_name!("plaintext")
        | local_name!("pre")
        | local_name!("script")
        | local_name!("search")
        | local_name!("section")
        | local_name!("source")
        | local_name!("style")
        | local_name!("summary")
        | local_name!("textarea")
        | local_name!("title")
        | local_name!("track")
        | local_name!("wbr")
        | local_name!("xmp") => SPECIAL,
        _ => 0,
    }
}

/// The heading elements `h1` to `h6`, as "in body" names them ("an element whose tag name is one
/// of "h1", "h2", "h3", "h4", "h5", "h6"", § parsing-main-inbody). A `static`, not a `const`: a
/// `const` array of atoms is built and dropped at every use.
pub(crate) static HEADINGS: [LocalName; 6] = [
    local_name!("h1"),
    local_name!("h2"),
    local_name!("h3"),
    local_name!("h4"),
    local_name!("h5"),
    local_name!("h6"),
];

/// Whether `name` is an HTML element of the "formatting" category (§ formatting): the
/// elements the list of active formatting elements holds and the adoption agency algorithm
/// closes. Only these are ever asked for through [`TreeSink::element_attrs`](crate::TreeSink).
///
/// ```
/// use kauri_tokenizer::LocalName;
/// assert!(kauri_tree_builder::is_formatting(&LocalName::from("nobr")));
/// assert!(!kauri_tree_builder::is_formatting(&LocalName::from("span")));
/// ```
#[inline]
pub fn is_formatting(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("a")
            | local_name!("b")
            | local_name!("big")
            | local_name!("code")
            | local_name!("em")
            | local_name!("font")
            | local_name!("i")
            | local_name!("nobr")
            | local_name!("s")
            | local_name!("small")
            | local_name!("strike")
            | local_name!("strong")
            | local_name!("tt")
            | local_name!("u")
    )
}

/// The end tags whose "in body" rule does more than pop the current node when the current
/// node is the HTML element with their tag name (see `TreeBuilder::in_body_end_tag`):
/// `template` (the "in head" rule), `body` and `html` (switch to "after body"), `form` (the
/// form element pointer), `applet`, `marquee` and `object` (clear the list of active
/// formatting elements up to the last marker) and `br` (a void element: never the current
/// node, listed for clarity). (The formatting elements' end tags, which run the adoption
/// agency algorithm, are dispatched before this test.)
pub(crate) fn closes_more_than_the_current_node(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("template")
            | local_name!("body")
            | local_name!("html")
            | local_name!("form")
            | local_name!("applet")
            | local_name!("marquee")
            | local_name!("object")
            | local_name!("br")
    )
}

/// Whether `name` is one of [`HEADINGS`] (written as patterns, which compile to integer
/// compares; `HEADINGS.contains` is an out-of-line loop, 0.7% of the instructions of a page
/// with many headings; the test `is_heading_is_headings` keeps the two forms equal).
#[inline]
pub(crate) fn is_heading(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("h1")
            | local_name!("h2")
            | local_name!("h3")
            | local_name!("h4")
            | local_name!("h5")
            | local_name!("h6")
    )
}

/// The elements that may still be open when the body ends without a parse error: "a dd
/// element, a dt element, an li element, an optgroup element, an option element, a p element, an
/// rb element, an rp element, an rt element, an rtc element, a tbody element, a td element, a
/// tfoot element, a th element, a thead element, a tr element, the body element, or the html
/// element" (§ parsing-main-inbody, the end-of-file token and the `body` and `html` end tags).
/// HTML elements only.
pub(crate) fn may_be_open_when_body_ends(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("dd")
            | local_name!("dt")
            | local_name!("li")
            | local_name!("optgroup")
            | local_name!("option")
            | local_name!("p")
            | local_name!("rb")
            | local_name!("rp")
            | local_name!("rt")
            | local_name!("rtc")
            | local_name!("tbody")
            | local_name!("td")
            | local_name!("tfoot")
            | local_name!("th")
            | local_name!("thead")
            | local_name!("tr")
            | local_name!("body")
            | local_name!("html")
    )
}

/// ASCII whitespace as the tree builder sees it: tab, LF, FF, CR, space.
#[inline]
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The length in bytes of the leading whitespace of `s`.
#[inline]
pub(crate) fn leading_ws(s: &str) -> usize {
    s.bytes().take_while(|&b| is_ws(b)).count()
}

/// Whether `s` is all whitespace.
#[inline]
pub(crate) fn all_ws(s: &str) -> bool {
    s.bytes().all(is_ws)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_heading_is_headings() {
        for name in &HEADINGS {
            assert!(is_heading(name), "{name}");
        }
        for name in ["h0", "h7", "hgroup", "header", "p", "H1"] {
            assert!(!is_heading(&LocalName::from(name)), "{name}");
        }
    }
}
