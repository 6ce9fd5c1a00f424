//! CSS selector queries through the public API (`Selector`, `select`, `select_first`,
//! `matches`, `closest`) on real-world-ish pages, HTML case rules, quirks mode, errors, and
//! deep trees.

use kauri::{Document, Node, Selector, SelectorError};

fn texts<'a>(nodes: impl Iterator<Item = &'a Node<'a>>) -> Vec<String> {
    nodes.map(|n| n.text_content().trim().to_owned()).collect()
}

fn select(doc: &Document, css: &str) -> Vec<String> {
    texts(doc.select(&Selector::parse(css).unwrap()))
}

fn names(doc: &Document, css: &str) -> Vec<String> {
    doc.select_str(css)
        .unwrap()
        .map(|n| n.as_element().unwrap().name().to_owned())
        .collect()
}

const BLOG: &str = r##"<!DOCTYPE html>
<html lang=en>
<head><title>Field notes</title>
<meta charset=utf-8><link rel=stylesheet href=/site.css></head>
<body>
<nav id=top><ul class="menu main">
  <li class=active><a href="/">Home</a>
  <li><a href="/archive/">Archive</a>
  <li><a href="https://example.org/about" rel="external nofollow">About</a>
  <li><a>Drafts</a>
</ul></nav>
<main>
  <article id=post-1 class="post featured" data-tags="rust html">
    <h2>Parsing <em>HTML</em></h2>
    <div class=note><a href="/spec">the spec</a> says <a>so</a></div>
    <p>First paragraph.
    <p class=lead>Second paragraph.
    <div class=note><p>Nested <a href="#fn1">note</a></div>
  </article>
  <article id=post-2 class=post lang=en-NZ>
    <h2>Trees</h2>
    <p>Only paragraph.
    <img src=a.png alt=""><img src=b.PNG>
  </article>
</main>
<form><fieldset disabled><legend><input name=l></legend><input name=f type=checkbox checked></fieldset>
<select><option>a<option selected>b<option disabled>c</select><textarea required></textarea></form>
<template><p class=lead>hidden</p></template>
<footer><p>&copy; 2026</p><p></p></footer>
</body></html>"##;

#[test]
fn the_issue_example_and_tree_order() {
    let doc = kauri::parse(BLOG);
    assert_eq!(select(&doc, "div.note > a[href]"), ["the spec"]);
    assert_eq!(select(&doc, "div.note a[href]"), ["the spec", "note"]);
    // A list matches each element once, in tree order (not grouped by selector).
    assert_eq!(
        select(&doc, "h2, .lead, nav a[rel]"),
        ["About", "Parsing HTML", "Second paragraph.", "Trees"]
    );
    assert_eq!(names(&doc, "article > *:first-child"), ["h2", "h2"]);
}

#[test]
fn attribute_operators() {
    let doc = kauri::parse(BLOG);
    assert_eq!(select(&doc, "a[href^='https:']"), ["About"]);
    assert_eq!(select(&doc, "a[href$='/']"), ["Home", "Archive"]);
    assert_eq!(select(&doc, "a[href*=chiv]"), ["Archive"]);
    assert_eq!(select(&doc, "a[rel~=nofollow]"), ["About"]);
    assert_eq!(select(&doc, "[lang|=en]").len(), 2); // html and the second article
    assert_eq!(
        select(&doc, "article[data-tags~=html] h2"),
        ["Parsing HTML"]
    );
    assert_eq!(doc.select_str("img[src$='.png' i]").unwrap().count(), 2);
    assert_eq!(doc.select_str("img[src$='.png' s]").unwrap().count(), 1);
    assert_eq!(doc.select_str("img[alt='']").unwrap().count(), 1);
    assert_eq!(select(&doc, "nav a:not([href])"), ["Drafts"]);
}

#[test]
fn level_4_pseudo_classes() {
    let doc = kauri::parse(BLOG);
    assert_eq!(select(&doc, "article:has(> .lead) > h2"), ["Parsing HTML"]);
    assert_eq!(select(&doc, "article:has(img) h2"), ["Trees"]);
    assert_eq!(select(&doc, "div:has(p) a"), ["note"]);
    assert_eq!(select(&doc, ":is(h2, footer) em"), ["HTML"]);
    assert_eq!(
        select(&doc, "main :where(p):not(.lead)"),
        ["First paragraph.", "Nested note", "Only paragraph."]
    );
    assert_eq!(
        select(&doc, "ul.menu > li:nth-child(odd)"),
        ["Home", "About"]
    );
    // Among the non-active items (Archive, About, Drafts), the even ones.
    assert_eq!(select(&doc, "li:nth-child(2n of :not(.active))"), ["About"]);
    assert_eq!(select(&doc, "li:nth-last-child(1)"), ["Drafts"]);
    assert_eq!(
        select(&doc, "#post-1 p:nth-of-type(2)"),
        ["Second paragraph."]
    );
    assert_eq!(
        select(&doc, "#post-1 > p:first-of-type"),
        ["First paragraph."]
    );
    assert_eq!(names(&doc, "footer :empty"), ["p"]);
    assert_eq!(names(&doc, ":root"), ["html"]);
    assert_eq!(
        select(&doc, "h2 ~ p"),
        ["First paragraph.", "Second paragraph.", "Only paragraph."]
    );
    assert_eq!(select(&doc, "h2 + p"), ["Only paragraph."]);
}

#[test]
fn static_html_pseudo_classes() {
    let doc = kauri::parse(BLOG);
    assert_eq!(
        select(&doc, "a:link"),
        ["Home", "Archive", "About", "the spec", "note"]
    );
    assert_eq!(select(&doc, "a:any-link").len(), 5);
    assert!(select(&doc, "a:visited, a:hover, a:focus, :target").is_empty());
    assert_eq!(select(&doc, "option:checked"), ["b"]);
    assert_eq!(doc.select_str("input:checked").unwrap().count(), 1);
    // The input in the disabled fieldset's first legend is not disabled; the other one is.
    let disabled: Vec<_> = doc
        .select_str("input:disabled")
        .unwrap()
        .filter_map(|n| n.get_attribute("name"))
        .collect();
    assert_eq!(disabled, ["f"]);
    assert_eq!(select(&doc, "option:disabled"), ["c"]);
    assert_eq!(names(&doc, ":required"), ["textarea"]);
    assert_eq!(names(&doc, "select:optional"), ["select"]);
    assert_eq!(names(&doc, "fieldset:disabled"), ["fieldset"]);
    let custom = kauri::parse("<my-widget></my-widget><div></div>");
    assert_eq!(names(&custom, "body > :not(:defined)"), ["my-widget"]);
}

#[test]
fn template_contents_are_not_searched() {
    let doc = kauri::parse(BLOG);
    assert!(!select(&doc, ".lead").contains(&"hidden".to_owned()));
    let template = doc
        .select_first(&Selector::parse("template").unwrap())
        .unwrap();
    let contents = template.as_element().unwrap().template_contents().unwrap();
    assert_eq!(texts(contents.select_str(".lead").unwrap()), ["hidden"]);
}

#[test]
fn html_case_rules() {
    let doc = kauri::parse(
        "<!DOCTYPE html><DIV Class=Box ID=Main><INPUT TYPE=CheckBox>\
         <svg viewBox='0 0 1 1'><foreignObject/><clipPath/></svg></DIV>",
    );
    // HTML element and attribute names: ASCII case-insensitive.
    assert_eq!(names(&doc, "DIV"), ["div"]);
    assert_eq!(names(&doc, "div[CLASS]"), ["div"]);
    // Class and id values: case-sensitive in no-quirks mode.
    assert!(names(&doc, ".box, #main").is_empty());
    assert_eq!(names(&doc, ".Box#Main"), ["div"]);
    // The `type` attribute's value is one HTML compares case-insensitively.
    assert_eq!(names(&doc, "input[type=checkbox]"), ["input"]);
    // SVG names keep their case.
    assert_eq!(names(&doc, "foreignObject"), ["foreignObject"]);
    assert!(names(&doc, "foreignobject").is_empty());
    assert_eq!(names(&doc, "svg[viewBox]"), ["svg"]);
    assert!(names(&doc, "svg[viewbox]").is_empty());
    // Lists: every subject a type selector (elements of other names are passed over before
    // matching), and one subject that is not.
    assert_eq!(names(&doc, "clipPath, DIV, p"), ["div", "clipPath"]);
    assert!(names(&doc, "clippath, svg > p").is_empty());
    assert_eq!(names(&doc, "clipPath, .Box"), ["div", "clipPath"]);
    assert_eq!(names(&doc, "svg > :is(clipPath)"), ["clipPath"]);
    let svg = doc.select_str("svg").unwrap().next().unwrap();
    let clip = svg.children().nth(1).unwrap();
    assert!(clip.matches(&Selector::parse("svg > clipPath").unwrap()));
    assert!(!clip.matches(&Selector::parse("svg > clippath").unwrap()));
    // Predefined namespace prefixes.
    assert_eq!(names(&doc, "svg|*"), ["svg", "foreignObject", "clipPath"]);
    assert_eq!(names(&doc, "html|input"), ["input"]);
}

#[test]
fn quirks_mode_classes_and_ids_fold_case() {
    let quirks = kauri::parse("<p class=Intro id=First>q");
    assert_eq!(quirks.quirks_mode(), kauri::QuirksMode::Quirks);
    assert_eq!(select(&quirks, ".intro"), ["q"]);
    assert_eq!(select(&quirks, "#first"), ["q"]);
    let standards = kauri::parse("<!DOCTYPE html><p class=Intro id=First>q");
    assert!(select(&standards, ".intro, #first").is_empty());
    assert_eq!(select(&standards, ".Intro"), ["q"]);
}

#[test]
fn queries_from_an_element() {
    let doc = kauri::parse(BLOG);
    let nav = doc.element_by_id("top").unwrap();
    let ul = nav.select_first(&Selector::parse("ul").unwrap()).unwrap();
    // `:scope` is the element queried.
    assert_eq!(texts(ul.select_str(":scope > li").unwrap()).len(), 4);
    assert!(ul.select_str(":scope > a").unwrap().next().is_none());
    // As in querySelectorAll, ancestors above the element still count.
    assert_eq!(
        texts(ul.select_str("body nav li.active a").unwrap()),
        ["Home"]
    );
    // The element itself is not among its descendants.
    assert!(ul.select_str("ul").unwrap().next().is_none());
    let a = doc
        .select_first(&Selector::parse("a[href='#fn1']").unwrap())
        .unwrap();
    assert!(a.matches(&Selector::parse("article.featured a").unwrap()));
    assert!(!a.matches(&Selector::parse("nav a").unwrap()));
    let article = a.closest(&Selector::parse("article").unwrap()).unwrap();
    assert_eq!(article.get_attribute("id"), Some("post-1"));
    assert!(a
        .closest(&Selector::parse("a").unwrap())
        .unwrap()
        .same_node(a));
    assert!(a.closest(&Selector::parse("table").unwrap()).is_none());
    // Non-elements never match.
    let text = a.first_child().unwrap();
    assert!(!text.matches(&Selector::parse("*").unwrap()));
}

#[test]
fn fragments() {
    let frag = kauri::parse_fragment("<td class=x>1<td>2", "tr", &Default::default()).unwrap();
    assert_eq!(select(&frag, "td:not(.x)"), ["2"]);
    // A fragment has no root element.
    assert!(select(&frag, ":root").is_empty());
}

#[test]
fn invalid_selectors_are_errors() {
    for css in [
        "",
        "div >",
        "> p",
        "p::before",
        "a:hoverr",
        "..x",
        "svg|",
        "foo|a",
        "p:nth-child(x)",
        ":has()",
        "a,",
        "#",
    ] {
        let err: SelectorError = Selector::parse(css).expect_err(css);
        let text = err.to_string();
        assert!(!text.is_empty() && !text.contains('\n'), "{css:?}: {text}");
        assert!(err.column() >= 1, "{css:?}");
    }
    let err = Selector::parse("a:hoverr").unwrap_err();
    assert_eq!(err.message(), "unsupported pseudo-class or pseudo-element");
    assert_eq!((err.line(), err.column()), (1, 9));
    // Usable with `?` into boxed errors (owned, Send + Sync + 'static).
    fn parse_boxed(css: &str) -> Result<Selector, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Selector::parse(css)?)
    }
    assert!(parse_boxed("p[=").is_err());
    // As in CSS, the end of the input closes open blocks.
    assert_eq!(Selector::parse("a[href").unwrap().to_string(), "a[href]");
}

#[test]
fn deeply_nested_selectors_are_an_error_not_a_crash() {
    let deep = ":is(".repeat(10_000) + "p" + &")".repeat(10_000);
    assert!(Selector::parse(&deep).is_err());
    let deep = ":not(".repeat(20) + "p" + &")".repeat(20);
    assert!(Selector::parse(&deep).is_ok());
    let brackets = "[".repeat(100_000);
    assert!(Selector::parse(&brackets).is_err());
}

#[test]
fn selector_display_and_traits() {
    let s: Selector = "div.note>a[href]".parse().unwrap();
    assert_eq!(s.to_string(), "div.note > a[href]");
    assert_eq!(format!("{s:?}"), "Selector(\"div.note > a[href]\")");
    fn send_sync<T: Send + Sync + Clone + 'static>(_: &T) {}
    send_sync(&s);
    let shared = std::sync::Arc::new(kauri::parse(BLOG));
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let (doc, s) = (shared.clone(), s.clone());
            std::thread::spawn(move || doc.select(&s).count())
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), 1);
    }
}

#[test]
fn has_on_a_very_deep_tree_does_not_overflow() {
    // The selectors crate searches a `:has()` subtree recursively; Kauri grows the stack for
    // it. 200,000 levels in a test thread's 2 MiB stack. (Each candidate anchor searches its
    // own subtree, so the anchor is pinned by id first: `div:has(span)` alone would search
    // 200,000 nested subtrees.)
    let depth = 200_000;
    let html = "<div id=top>".to_owned() + &"<div>".repeat(depth) + "<span>leaf</span>";
    let doc = kauri::parse(&html);
    let s = Selector::parse("#top:has(span)").unwrap();
    assert_eq!(doc.select(&s).count(), 1);
    let s = Selector::parse("#top:has(b)").unwrap();
    assert_eq!(doc.select(&s).count(), 0);
    let top = doc.element_by_id("top").unwrap();
    assert!(top.matches(&Selector::parse("div:has(> div)").unwrap()));
    assert!(top.matches(&Selector::parse("div:has(div span)").unwrap()));
    // An anchor above the element matched, and `closest` from the leaf up 200,000 levels.
    let span = doc.select_first(&Selector::parse("span").unwrap()).unwrap();
    assert!(span.matches(&Selector::parse("#top:has(> div) span").unwrap()));
    let found = span
        .closest(&Selector::parse("#top:has(span)").unwrap())
        .unwrap();
    assert!(found.same_node(top));
    // Without :has, matching only looks up and sideways; the walk is iterative.
    assert_eq!(names(&doc, "div > span"), ["span"]);
}

/// The selectors of `compare jobs`' `select` row, and a few with long and foreign names.
const CORPUS_SELECTORS: &[&str] = &[
    "a[href]",
    "div p",
    "ul > li",
    "img[alt]",
    "a[href^=\"https\"]",
    "h1, h2, h3",
    "p:first-child",
    "li:nth-child(2n+1)",
    "tr > td:last-child",
    ":not(div) > span",
    "div:has(> a)",
    ":nth-child(2n+1 of .x)",
    "svg path, math mi",
    "*",
    "foreignObject, clipPath, lineargradient",
    "my-custom-element, span.x",
];

/// `Document::select` reads the document's list of elements, `Node::select` on its root walks
/// the tree: on every corpus page they find the same nodes in the same order.
#[test]
fn document_select_agrees_with_the_tree_walk_on_the_corpus() {
    let Some(_) = kauri_testdata::corpus_or_skip("document_select_agrees_with_the_tree_walk")
    else {
        return;
    };
    let pages = kauri_testdata::corpus_pages().unwrap();
    assert!(!pages.is_empty());
    let selectors: Vec<Selector> = CORPUS_SELECTORS
        .iter()
        .map(|css| Selector::parse(css).unwrap())
        .collect();
    let mut found = 0;
    for page in &pages {
        let text = String::from_utf8_lossy(&std::fs::read(page).unwrap()).into_owned();
        let doc = kauri::parse(&text);
        // Before the first `select`, `select_first` walks the tree; after it, it reads the list.
        let early: Vec<_> = selectors
            .iter()
            .map(|s| doc.select_first(s).map(|n| n as *const Node<'_>))
            .collect();
        for (css, selector) in CORPUS_SELECTORS.iter().zip(&selectors) {
            let listed: Vec<*const Node<'_>> =
                doc.select(selector).map(|n| n as *const _).collect();
            let walked: Vec<*const Node<'_>> =
                doc.root().select(selector).map(|n| n as *const _).collect();
            assert_eq!(listed, walked, "{css} on {}", page.display());
            assert_eq!(
                doc.select_first(selector).map(|n| n as *const _),
                walked.first().copied()
            );
            found += listed.len();
        }
        let late: Vec<_> = selectors
            .iter()
            .map(|s| doc.select_first(s).map(|n| n as *const Node<'_>))
            .collect();
        assert_eq!(early, late, "select_first on {}", page.display());
    }
    assert!(found > 100_000, "{found} matches over the corpus");
}

/// The list of elements follows the tree: template contents stay out, an edit is seen by
/// the next query, and a fragment's elements are listed as well as a page's.
#[test]
fn document_select_follows_edits_and_leaves_template_contents_out() {
    let mut doc = kauri::parse("<template><p>in</p></template><p>out</p><table>x<tr><td>c</table>");
    assert_eq!(select(&doc, "p"), ["out"]);
    // Foster parenting and the implied elements are in the tree as the walk sees them.
    assert_eq!(names(&doc, "body *"), ["p", "table", "tbody", "tr", "td"]);
    assert_eq!(names(&doc, "head > template"), ["template"]);
    doc.edit(|ed| {
        let p = ed.create_element("p")?;
        let body = ed.root().select_str("body").unwrap().next().unwrap();
        ed.insert_before(body, p, body.first_child())?;
        ed.set_text_content(p, "new");
        Ok::<(), kauri::EditError>(())
    })
    .unwrap();
    assert_eq!(select(&doc, "p"), ["new", "out"]);
    let fragment =
        kauri::parse_fragment("<b>1</b><i><b>2</b></i>", "div", &Default::default()).unwrap();
    assert_eq!(select(&fragment, "b"), ["1", "2"]);
}
