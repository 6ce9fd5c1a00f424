//! A page's URLs: its base URL (§ document-base-url, from the document's URL and its first
//! `<base href>`) and the URLs its attributes hold, parsed as the standard parses them
//! (§ encoding-parsing-a-url: the URL Standard's parser, with the document's encoding for the
//! query), by the `url` crate.

use kauri_dom::{Document, LocalName, Node};
use kauri_encoding::Encoding;
use url::Url;

/// The URLs of a parsed page: its base URL, and URLs resolved against it as the DOM resolves
/// them.
///
/// ```
/// let doc = kauri::parse(r#"<base href="/docs/"><a href="intro.html">i</a><a href="//cdn.example/x">x</a>"#);
/// let page = kauri::Url::parse("https://example.com/index.html").unwrap();
/// let urls = kauri::DocumentUrls::new(&doc, Some(page));
/// assert_eq!(urls.base().as_str(), "https://example.com/docs/");
/// assert_eq!(urls.links(&doc), ["https://example.com/docs/intro.html", "https://cdn.example/x"]);
/// ```
#[derive(Clone, Debug)]
pub struct DocumentUrls {
    base: Url,
    encoding: &'static Encoding,
}

impl DocumentUrls {
    /// The URLs of `doc`, a page at `document_url` (`None`: `about:blank`, the URL of a
    /// document made without one, against which only absolute URLs resolve). The base URL is
    /// the frozen base URL of the first `base` element with an `href` in tree order
    /// (§ set-the-frozen-base-url: its `href` parsed against the document's URL; a failure, a
    /// `data:` or a `javascript:` URL leaves the document's URL), else the document's URL
    /// (its fallback base URL).
    ///
    /// ```
    /// let page = kauri::Url::parse("https://example.com/a/b").ok();
    /// let doc = kauri::parse("<base href='javascript:x'><base href='/c/'>");
    /// // Only the first base with an href counts, and a javascript: URL is refused.
    /// assert_eq!(kauri::DocumentUrls::new(&doc, page).base().as_str(), "https://example.com/a/b");
    /// ```
    pub fn new(doc: &Document, document_url: Option<Url>) -> DocumentUrls {
        let encoding = Encoding::for_label(doc.encoding().as_bytes()).unwrap_or(encoding_rs_utf8());
        let fallback = document_url.unwrap_or_else(about_blank);
        let base_name = LocalName::from("base");
        let first_base_href = doc
            .root()
            .descendants()
            .filter(|n| n.is_html_element(&base_name))
            .find_map(|n| n.get_attribute("href"));
        let base = match first_base_href {
            Some(href) => match encoding_parse(href, &fallback, encoding) {
                Some(url) if !matches!(url.scheme(), "data" | "javascript") => url,
                _ => fallback,
            },
            None => fallback,
        };
        DocumentUrls { base, encoding }
    }

    /// The document's base URL.
    ///
    /// ```
    /// let doc = kauri::parse("<p>no base");
    /// let urls = kauri::DocumentUrls::new(&doc, None);
    /// assert_eq!(urls.base().as_str(), "about:blank");
    /// ```
    pub fn base(&self) -> &Url {
        &self.base
    }

    /// `url` parsed against the base URL (§ encoding-parsing-a-url), or `None` when it is not
    /// a valid URL there.
    ///
    /// ```
    /// let page = kauri::Url::parse("https://example.com/a/").ok();
    /// let urls = kauri::DocumentUrls::new(&kauri::parse(""), page);
    /// assert_eq!(urls.resolve("../b?q#f").unwrap().as_str(), "https://example.com/b?q#f");
    /// assert!(urls.resolve("https://exa mple.com/").is_none());
    /// ```
    pub fn resolve(&self, url: &str) -> Option<Url> {
        encoding_parse(url, &self.base, self.encoding)
    }

    /// The attribute `name` of `node` (`href`, `src`, ...) resolved against the base URL:
    /// `None` when the attribute is missing or not a valid URL.
    ///
    /// ```
    /// let doc = kauri::parse("<img src=' pic.png '>");
    /// let urls = kauri::DocumentUrls::new(&doc, kauri::Url::parse("http://h/p/").ok());
    /// let img = doc.select_first(&kauri::Selector::parse("img").unwrap()).unwrap();
    /// assert_eq!(urls.attribute(img, "src").unwrap().as_str(), "http://h/p/pic.png");
    /// ```
    pub fn attribute(&self, node: &Node<'_>, name: &str) -> Option<Url> {
        self.resolve(node.get_attribute(name)?)
    }

    /// The `href` of every HTML `a` and `area` element that has one (as [`crate::links`]),
    /// resolved as the DOM's `href` getter resolves it: the URL, or the attribute's value as
    /// written when it is not a valid URL (§ dom-hyperlink-href).
    ///
    /// ```
    /// let doc = kauri::parse("<a href=/x>x</a><a href='http://[bad'>bad</a>");
    /// let urls = kauri::DocumentUrls::new(&doc, kauri::Url::parse("https://h/").ok());
    /// assert_eq!(urls.links(&doc), ["https://h/x", "http://[bad"]);
    /// ```
    pub fn links(&self, doc: &Document) -> Vec<String> {
        crate::links(doc)
            .into_iter()
            .map(|href| match self.resolve(href) {
                Some(url) => url.into(),
                None => href.to_owned(),
            })
            .collect()
    }
}

fn about_blank() -> Url {
    match Url::parse("about:blank") {
        Ok(url) => url,
        Err(_) => unreachable!("about:blank is a valid URL"),
    }
}

fn encoding_rs_utf8() -> &'static Encoding {
    kauri_encoding::encoding_for_label("utf-8").unwrap_or_else(|| unreachable!("UTF-8 exists"))
}

/// § encoding-parsing-a-url: the URL parser with `base` and the document's encoding, which
/// percent-encodes the query in that encoding (its output encoding: UTF-8 for UTF-16).
fn encoding_parse(url: &str, base: &Url, encoding: &'static Encoding) -> Option<Url> {
    let encode = query_encoder(move |query| encoding.encode(query).0);
    let options = Url::options().base_url(Some(base));
    let options = if encoding == encoding_rs_utf8() {
        options
    } else {
        options.encoding_override(Some(&encode))
    };
    options.parse(url).ok()
}

/// `f` as the higher-ranked function `Url::options().encoding_override` takes (a closure's
/// return type does not borrow from its argument unless told so).
fn query_encoder<F: for<'q> Fn(&'q str) -> std::borrow::Cow<'q, [u8]>>(f: F) -> F {
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(html: &str, page: &str) -> DocumentUrls {
        DocumentUrls::new(&crate::parse(html), Url::parse(page).ok())
    }

    #[test]
    fn base_elements() {
        // The first base with an href, parsed against the document's URL (not another base).
        let u = urls(
            "<base target=x><base href=a/><base href=/b/>",
            "http://h/p/q",
        );
        assert_eq!(u.base().as_str(), "http://h/p/a/");
        // An invalid or data: base leaves the document's URL.
        assert_eq!(
            urls("<base href='http://[x'>", "http://h/p")
                .base()
                .as_str(),
            "http://h/p"
        );
        assert_eq!(
            urls("<base href='data:,x'>", "http://h/p").base().as_str(),
            "http://h/p"
        );
        // A base in template contents or in SVG is no base.
        let u = urls(
            "<template><base href=/t/></template><svg><base href=/s/></svg>",
            "http://h/p",
        );
        assert_eq!(u.base().as_str(), "http://h/p");
    }

    #[test]
    fn relative_protocol_relative_and_invalid() {
        let u = urls("", "https://h/a/b");
        assert_eq!(u.resolve("c").unwrap().as_str(), "https://h/a/c");
        assert_eq!(u.resolve("//cdn/x").unwrap().as_str(), "https://cdn/x");
        assert_eq!(u.resolve(" \t/x\n ").unwrap().as_str(), "https://h/x");
        assert!(u.resolve("http://").is_none());
        assert!(u.resolve("//[::1").is_none());
    }

    #[test]
    fn the_query_is_encoded_in_the_document_encoding() {
        let doc = crate::parse_bytes(b"<meta charset=windows-1252>");
        let u = DocumentUrls::new(&doc, Url::parse("http://h/").ok());
        assert_eq!(
            u.resolve("/\u{e9}?\u{e9}").unwrap().as_str(),
            "http://h/%C3%A9?%E9"
        );
        let u = urls("", "http://h/");
        assert_eq!(u.resolve("/?\u{e9}").unwrap().as_str(), "http://h/?%C3%A9");
    }
}
