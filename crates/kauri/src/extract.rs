//! What page-processing tools take from every page: the title ([`title`]) and the links
//! ([`links`]). `kauri batch` and the Python package's `Document.title` / `Document.links()`
//! both use these, so the fields mean the same everywhere.

use kauri_dom::{Document, LocalName, Node};

/// The document's title as the DOM's `document.title` getter gives it
/// (§ document.title): the child text content of the first HTML `title` element in tree
/// order, with ASCII whitespace stripped and collapsed; `""` when there is none.
///
/// ```
/// let doc = kauri::parse("<title>\n  Kauri:   a parser </title><p>x");
/// assert_eq!(kauri::title(&doc), "Kauri: a parser");
/// assert_eq!(kauri::title(&kauri::parse("<svg><title>no</title></svg>")), "");
/// ```
pub fn title(doc: &Document) -> String {
    let name = LocalName::from("title");
    let Some(element) = doc.root().descendants().find(|n| n.is_html_element(&name)) else {
        return String::new();
    };
    let mut words = Vec::new();
    for text in element.children().filter_map(Node::as_text) {
        words.extend(text.split_ascii_whitespace());
    }
    words.join(" ")
}

/// The `href` of every HTML `a` and `area` element that has one, in document order, as written
/// in the page (not resolved against a base URL).
///
/// ```
/// let doc = kauri::parse(r#"<a href="/a">A</a><a name=x>no href</a><map><area href=b.html></map>"#);
/// assert_eq!(kauri::links(&doc), ["/a", "b.html"]);
/// ```
pub fn links(doc: &Document) -> Vec<&str> {
    let (a, area) = (LocalName::from("a"), LocalName::from("area"));
    doc.root()
        .descendants()
        .filter(|n| n.is_html_element(&a) || n.is_html_element(&area))
        .filter_map(|n| n.get_attribute("href"))
        .collect()
}
