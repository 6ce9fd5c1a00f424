//! References into node data taken before a setter stay valid after it (see
//! `edit_data.rs`: the old data stays in the store). Small enough for Miri:
//! `cargo +nightly miri test -p kauri-dom --test edit_data_miri`.

use kauri_dom::Document;

#[test]
fn references_taken_before_a_setter_stay_valid() {
    let mut doc = Document::new();
    doc.edit(|ed| {
        let p = ed.create_element("p").unwrap();
        ed.append_child(ed.root(), p).unwrap();
        ed.set_attribute(p, "class", "old").unwrap();
        ed.set_attribute(p, "id", "x").unwrap();
        let text = ed.create_text_node("before");
        ed.append_child(p, text).unwrap();

        let old_class: &str = p.get_attribute("class").unwrap();
        let old_map = p.as_element().unwrap().attrs();
        let old_text: &str = text.as_text().unwrap();
        // Many swaps, so the document stores many new lists and texts.
        for i in 0..20 {
            ed.set_attribute(p, "class", &format!("new{i}")).unwrap();
            ed.set_text_content(text, &format!("after{i}"));
        }
        ed.remove_attribute(p, "id").unwrap();
        ed.add_class(p, "more").unwrap();
        // The old references still read the old values...
        assert_eq!(old_class, "old");
        assert_eq!(old_map.len(), 2);
        assert_eq!(old_text, "before");
        // ...and new reads see the new ones.
        assert_eq!(p.get_attribute("class"), Some("new19 more"));
        assert_eq!(p.get_attribute("id"), None);
        assert_eq!(text.as_text(), Some("after19"));
    });
    assert_eq!(doc.to_html(), r#"<p class="new19 more">after19</p>"#);
}

#[test]
fn attributes_from_a_pending_store_are_swapped_too() {
    // Parsed attributes start out unindexed; the setter indexes them first.
    let mut doc = Document::new();
    doc.edit(|ed| {
        let div = ed.create_element("div").unwrap();
        ed.append_child(ed.root(), div).unwrap();
        ed.set_inner_html(div, "<a href=/x title=t>link</a>")
            .unwrap();
        let a = div.first_child().unwrap();
        let href = a.get_attribute("href").unwrap();
        ed.set_attribute(a, "href", "/y").unwrap();
        assert_eq!(href, "/x");
        assert_eq!(a.get_attribute("href"), Some("/y"));
    });
    assert_eq!(
        doc.to_html(),
        r#"<div><a href="/y" title="t">link</a></div>"#
    );
}
