//! The library API: text, bytes (sniffing and the <meta> reparse), fragments, options.

use kauri::{Document, FragmentContext, ParseOptions, QuirksMode};

/// A parse that collects the parse errors ([`ParseOptions::errors`]).
fn parse_with_errors(html: &str) -> Document {
    kauri::parse_with_options(
        html,
        &ParseOptions {
            errors: true,
            ..Default::default()
        },
    )
}

#[test]
fn parse_text() {
    let doc = parse_with_errors("<!DOCTYPE html><p id=x>Hi <b>there</b>");
    assert_eq!(doc.quirks_mode(), QuirksMode::NoQuirks);
    assert_eq!(doc.encoding(), "UTF-8");
    assert!(doc.errors().is_empty());
    assert_eq!(doc.head().unwrap().children().count(), 0);
    assert_eq!(doc.body().unwrap().element_children().count(), 1);
    assert_eq!(doc.elements_by_tag_name("B").count(), 1);
    let p = doc.element_by_id("x").unwrap();
    assert_eq!(
        p.parent_element().unwrap().as_element().unwrap().name(),
        "body"
    );
    assert_eq!(p.own_text(), "Hi ");
    assert_eq!(p.element_ancestors().count(), 2);
    assert_eq!(p.text_content(), "Hi there");
    assert_eq!(p.as_element().unwrap().attr("id"), Some("x"));
    assert_eq!(
        doc.document_element().unwrap().as_element().unwrap().name(),
        "html"
    );
    assert_eq!(
        doc.to_html(),
        "<!DOCTYPE html><html><head></head><body><p id=\"x\">Hi <b>there</b></p></body></html>"
    );
}

#[test]
fn errors_have_positions() {
    let doc = parse_with_errors("<p>\n  </b>");
    assert!(kauri::parse("<p>\n  </b>").errors().is_empty());
    let codes: Vec<(&str, u32, u32)> = doc
        .errors()
        .iter()
        .map(|e| (e.code.as_str(), e.line, e.col))
        .collect();
    assert_eq!(codes[0].0, "missing-doctype");
    assert!(
        codes.iter().all(|&(_, line, col)| line >= 1 && col >= 1),
        "{codes:?}"
    );
    assert!(codes.iter().any(|&(_, line, _)| line == 2), "{codes:?}");
}

/// Tokenizer and tree construction errors count lines and columns the same way: CR LF, CR
/// and LF each end a line, and columns are UTF-16 code units (an emoji is two).
#[test]
fn every_error_counts_utf16_columns_and_crlf_cr_lf_lines() {
    let positions = |html: &str| -> Vec<(String, u32, u32)> {
        parse_with_errors(html)
            .errors()
            .iter()
            .map(|e| (e.code.to_string(), e.line, e.col))
            .collect()
    };
    // The issue's example: `</>` is a tokenizer error, `</x>` a tree construction one.
    assert_eq!(
        positions("<!DOCTYPE html>\u{1F600}</>\u{1F600}</x>"),
        [
            ("missing-end-tag-name".to_owned(), 1, 20),
            ("unexpected-end-tag".to_owned(), 1, 23)
        ]
    );
    // CR LF, a lone CR and astral characters before each kind of error.
    let html = "<!DOCTYPE html>\r\n\u{1F600}</>\r\u{1F600}\u{1F600}</x>\n\u{10000}<p/>\r\n</>";
    assert_eq!(
        positions(html),
        [
            ("missing-end-tag-name".to_owned(), 2, 5),
            ("unexpected-end-tag".to_owned(), 3, 5),
            (
                "non-void-html-element-start-tag-with-trailing-solidus".to_owned(),
                4,
                3
            ),
            ("missing-end-tag-name".to_owned(), 5, 3),
        ]
    );
    for e in parse_with_errors(html).errors() {
        assert_eq!((e.line, e.col), kauri::line_col(html, e.offset), "{e}");
    }
}

#[test]
fn bytes_are_sniffed_and_meta_reparses() {
    // A <meta> after non-ASCII bytes: the guess is tentative, the tree builder's <meta>
    // changes it, and the document is parsed again with the declared encoding.
    let mut bytes = b"<title>\xe9</title><meta charset=iso-8859-7><p>\xe1".to_vec();
    bytes.extend(std::iter::repeat_n(b' ', 2000));
    let doc = kauri::parse_bytes(&bytes);
    assert_eq!(doc.encoding(), "ISO-8859-7");
    assert!(
        doc.text_content().starts_with("\u{3b9}\u{3b1}"),
        "{:?}",
        doc.text_content()
    );
    // A BOM wins.
    assert_eq!(
        kauri::parse_bytes(b"\xef\xbb\xbf<p>\xc3\xa9").text_content(),
        "\u{e9}"
    );
    // An override label, and a bad one.
    let opts = ParseOptions {
        encoding: Some("windows-1251".into()),
        ..Default::default()
    };
    assert_eq!(
        kauri::parse_bytes_with_options(b"<p>\xc0", &opts)
            .unwrap()
            .text_content(),
        "\u{410}"
    );
    let bad = ParseOptions {
        encoding: Some("nope".into()),
        ..Default::default()
    };
    assert!(kauri::parse_bytes_with_options(b"<p>", &bad).is_err());
    // The transport charset.
    let opts = ParseOptions {
        transport_charset: Some("koi8-r".into()),
        ..Default::default()
    };
    let doc = kauri::parse_bytes_with_options(b"<p>\xc1", &opts).unwrap();
    assert_eq!(doc.encoding(), "KOI8-R");
}

#[test]
fn fragments() {
    let doc = kauri::parse_fragment("<tr><td>x", "table", &Default::default()).unwrap();
    assert!(doc.is_fragment());
    assert_eq!(
        doc.to_test_tree(),
        "| <tbody>\n|   <tr>\n|     <td>\n|       \"x\"\n"
    );
    let doc = kauri::parse_fragment("<circle/>", "svg svg", &Default::default()).unwrap();
    assert_eq!(doc.to_test_tree(), "| <svg circle>\n");
    let doc = kauri::parse_fragment("<mi>x", "math math", &Default::default()).unwrap();
    assert_eq!(doc.to_test_tree(), "| <math mi>\n|   \"x\"\n");
    let doc = kauri::parse_fragment("</title>x", "title", &Default::default()).unwrap();
    assert_eq!(doc.to_test_tree(), "| \"</title>x\"\n");
    for bad in ["", " ", "svg ", "math ", "a b", "p>"] {
        assert!(
            kauri::parse_fragment("x", bad, &Default::default()).is_err(),
            "{bad:?}"
        );
    }
    assert_eq!(FragmentContext::html("TD"), "td".parse().unwrap());
}

#[test]
fn arena_entry_points() {
    let arena = kauri::Arena::new();
    let parsed = kauri::parse_document(&arena, "<p>a", &Default::default());
    assert_eq!(parsed.root.text_content(), "a");
    let (parsed, encoding) =
        kauri::parse_document_bytes(&arena, b"<meta charset=gbk><p>x", &Default::default())
            .unwrap();
    assert_eq!(encoding.name(), "GBK");
    assert_eq!(parsed.root.text_content(), "x");
    let ctx: FragmentContext = "tr".parse().unwrap();
    let parsed = kauri::parse_fragment_in(&arena, "<td>y", &ctx, &Default::default());
    assert_eq!(kauri::to_test_tree(parsed.root), "| <td>\n|   \"y\"\n");
}

#[test]
fn locations() {
    let opts = ParseOptions {
        locations: true,
        ..Default::default()
    };
    let doc = kauri::parse_with_options("<div class=a>x</div>", &opts);
    let div = doc.root().elements_by_tag_name("div").next().unwrap();
    assert_eq!(div.span().map(|s| (s.start, s.end)), Some((0, 13)));
    assert_eq!(div.end_tag_span().map(|s| (s.start, s.end)), Some((14, 20)));
    // Implied elements have no range; text and doctype nodes do.
    let doc = kauri::parse_with_options("<!DOCTYPE html><p>a&amp;b</p>", &opts);
    let html = doc.document_element().unwrap();
    assert!(html.span().is_none());
    let doctype = doc.root().first_child().unwrap();
    assert_eq!(doctype.span().map(|s| (s.start, s.end)), Some((0, 15)));
    let text = doc.root().descendants().find(|n| n.is_text()).unwrap();
    assert_eq!(text.as_text(), Some("a&b"));
    assert_eq!(text.span().map(|s| (s.start, s.end)), Some((18, 25)));
    let plain = kauri::parse("<div>x</div>");
    assert!(plain
        .root()
        .elements_by_tag_name("div")
        .next()
        .unwrap()
        .span()
        .is_none());
}

#[test]
fn scripting_option() {
    let off = ParseOptions {
        scripting: false,
        ..Default::default()
    };
    let doc = kauri::parse_with_options("<noscript><b>x</b></noscript>", &off);
    assert_eq!(doc.root().elements_by_tag_name("b").count(), 1);
    assert!(!doc.scripting());
    let doc = kauri::parse("<noscript><b>x</b></noscript>");
    assert_eq!(doc.root().elements_by_tag_name("b").count(), 0);
}

#[test]
fn document_is_send_sync_static() {
    fn check<T: Send + Sync + 'static>(_: &T) {}
    let doc: Document = kauri::parse("<p>x");
    check(&doc);
    let handle = std::thread::spawn(move || doc.to_test_tree());
    assert!(handle.join().unwrap().contains("\"x\""));
}

#[test]
fn hostile_selects_parse_in_linear_time() {
    let mut html = String::from("<select><button><selectedcontent></selectedcontent></button>");
    for _ in 0..20_000 {
        html.push_str("<option selected>x<selectedcontent></selectedcontent>");
    }
    let doc = kauri::parse(&html);
    assert_eq!(doc.root().elements_by_tag_name("option").count(), 20_000);
    let mut html = String::from("<select><selectedcontent></selectedcontent>");
    for _ in 0..20_000 {
        html.push_str("<option disabled>x");
    }
    assert_eq!(
        kauri::parse(&html)
            .root()
            .elements_by_tag_name("option")
            .count(),
        20_000
    );
}

#[test]
fn long_unknown_names_behave_like_atoms() {
    // Names longer than seven bytes that are not in the static set are strings of their own
    // (not string_cache atoms): duplicates, case folding, end tags and selectors still treat
    // equal names as equal.
    let mut html = String::from("<my-custom-element Data-Long-Name=first");
    for i in 0..20 {
        html.push_str(&format!(" data-attribute-{i}=v{i} a{i}=w"));
    }
    html.push_str(
        " DATA-LONG-NAME=second data-attribute-3=again a3=again>text</MY-CUSTOM-ELEMENT>",
    );
    html.push_str("<p>after");
    let doc = parse_with_errors(&html);
    let element = doc
        .elements_by_tag_name("my-custom-element")
        .next()
        .unwrap();
    let data = element.as_element().unwrap();
    assert_eq!(data.attr("data-long-name"), Some("first"));
    assert_eq!(data.attr("data-attribute-3"), Some("v3"));
    assert_eq!(data.attr("a3"), Some("w"));
    assert_eq!(data.attrs().len(), 41);
    let duplicates = doc
        .errors()
        .iter()
        .filter(|e| e.code == kauri::ErrorCode::DuplicateAttribute)
        .count();
    assert_eq!(duplicates, 3);
    // The end tag closed the element: the <p> is its sibling.
    assert_eq!(element.text_content(), "text");
    assert_eq!(
        element.next_sibling().unwrap().as_element().unwrap().name(),
        "p"
    );
    let selected = doc
        .select_str("my-custom-element[data-attribute-19=v19]")
        .unwrap();
    assert_eq!(selected.count(), 1);
}
