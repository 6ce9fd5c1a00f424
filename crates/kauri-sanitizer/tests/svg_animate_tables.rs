//! WPT's `sanitizer-api/sanitizer-svg-animate.html` as a Rust test: which SVG `<set
//! attributeName>` the safe and unsafe methods keep (§ built-in-animating-url-attributes-list:
//! the safe methods remove an `attributeName` that names `href`, with any one namespace
//! prefix, since a later `xmlns:` declaration can bind a prefix to XLink). Whether a kept
//! animation then runs is the browser's, not the sanitizer's, and is not checked here.

use kauri_sanitizer::Sanitizer;

/// The page's config, as `setHTML` / `setHTMLUnsafe` take it (a dictionary).
const CONFIG: &str = r#"{
    "elements": [
        {"name": "svg", "namespace": "http://www.w3.org/2000/svg"},
        {"name": "a", "namespace": "http://www.w3.org/2000/svg"},
        {"name": "set", "namespace": "http://www.w3.org/2000/svg"}
    ],
    "attributes": ["href", "hreflang", "xlink:href", "xmlns:zlink", "attributeName", "to", "begin"]
}"#;

#[test]
fn animations_of_href() {
    let safe = Sanitizer::from_json_for_safe_methods(CONFIG).unwrap();
    let unsafe_ = Sanitizer::from_json(CONFIG).unwrap();
    // (case, setHTML keeps attributeName, setHTMLUnsafe keeps it)
    for (case, safe_keeps, unsafe_keeps) in [
        (
            r#"<svg><a href="about:blank"><set attributeName="href" to="https://example.org/" begin="0s">"#,
            false,
            true,
        ),
        (
            r#"<svg ><a href="about:blank"><set attributeName="xlink:href" to="https://example.org/" begin="0s">"#,
            false,
            true,
        ),
        (
            r#"<svg><a href="about:blank" hreflang="en"><set attributeName="hreflang" to="https://example.org/" begin="0s">"#,
            true,
            true,
        ),
        (
            r#"<svg><a href="about:blank"><set attributeName="xref" to="https://example.org/" begin="0s">"#,
            true,
            true,
        ),
        (
            r#"<svg><a href="about:blank"><set attributeName="ylink:href" to="https://example.org/" begin="0s">"#,
            false,
            true,
        ),
        (
            r#"<svg><a xmlns:zlink="https://www.w3.org/1999/xlink" href="about:blank"><set attributeName="zlink:href" to="https://example.org/" begin="0s">"#,
            false,
            true,
        ),
        (
            r#"<svg xmlns:zlink="https://www.w3.org/1999/xlink"><a href="about:blank"><set attributeName="zlink:href" to="https://example.org/" begin="0s">"#,
            false,
            true,
        ),
        (
            r#"<svg><a xmlns:zlink="https://www.w3.org/1999/xlink" xlink:href="about:blank"><set attributeName="zlink:href" to="https://example.org/" begin="0s">"#,
            false,
            true,
        ),
        (
            r#"<svg xmlns:zlink="https://www.w3.org/1999/xlink"><a xlink:href="about:blank"><set attributeName="zlink:href" to="https://example.org/" begin="0s">"#,
            false,
            true,
        ),
        (
            r#"<svg><a href="about:blank"><set attributeName="xlink:href:x" to="https://example.org/" begin="0s">"#,
            true,
            true,
        ),
        (
            r#"<svg xmlns:xlink="http://www.w3.org/1999/xlink"><a id="foo"><set attributeName="xlink:href:x" to="javascript:alert()" begin="0s"></set></a></svg>"#,
            true,
            true,
        ),
    ] {
        let keeps = |out: String| {
            assert!(out.contains("<set"), "{out}");
            out.contains("attributeName=")
        };
        assert_eq!(keeps(safe.sanitize(case)), safe_keeps, "setHTML {case}");
        assert_eq!(
            keeps(unsafe_.sanitize_unsafe(case)),
            unsafe_keeps,
            "setHTMLUnsafe {case}"
        );
    }
}
