//! The tables of WPT's `sanitizer-api/sanitizer-names.html` as Rust tests: namespaced element
//! and attribute names in configs, mixed-case SVG names, and names that match nothing because
//! configs are never case-folded. Each runs `setHTML` as the page does (`div.setHTML` or
//! `template.setHTML` with `{sanitizer: config}`, a dictionary for the safe method).

use kauri_sanitizer::Sanitizer;
use kauri_tokenizer::{LocalName, QualName};

const SVG: &str = r#""http://www.w3.org/2000/svg""#;
const MATHML: &str = r#""http://www.w3.org/1998/Math/MathML""#;
const XLINK: &str = r#""http://www.w3.org/1999/xlink""#;

/// `context.setHTML(probe, {sanitizer: JSON.parse(config)})`, serialized.
fn set_html(config: &str, context: &str, probe: &str) -> String {
    let sanitizer = Sanitizer::from_json_for_safe_methods(config).expect("a valid config");
    sanitizer.sanitize_for(probe, &QualName::html(LocalName::from(context)))
}

#[test]
fn namespaced_elements() {
    for (element, probe, expected) in [
        (r#""p""#.to_owned(), "<p>Hello</p>", "<p>Hello</p>"),
        (r#""svg""#.to_owned(), "<svg>Hello</svg>", ""),
        (
            format!(r#"{{"name": "svg", "namespace": {SVG}}}"#),
            "<svg>Hello</svg>",
            "<svg>Hello</svg>",
        ),
        (r#""math""#.to_owned(), "<math>Hello</math>", ""),
        (
            format!(r#"{{"name": "math", "namespace": {SVG}}}"#),
            "<math>Hello</math>",
            "",
        ),
        (
            format!(r#"{{"name": "math", "namespace": {MATHML}}}"#),
            "<math>Hello</math>",
            "<math>Hello</math>",
        ),
    ] {
        let config = format!(r#"{{"elements": [{element}]}}"#);
        assert_eq!(set_html(&config, "div", probe), expected, "{config}");
    }
}

#[test]
fn namespaced_attributes() {
    for (attribute, probe, expected) in [
        (
            r#"{"name": "style"}"#.to_owned(),
            r#"<p style="bla"></p>"#,
            None,
        ),
        (
            r#"{"name": "href"}"#.to_owned(),
            r#"<p href="bla"></p>"#,
            None,
        ),
        // In HTML content "xlink:href" is an attribute of that name in no namespace.
        (
            r#"{"name": "xlink:href"}"#.to_owned(),
            r#"<p xlink:href="bla"></p>"#,
            None,
        ),
        (
            format!(r#"{{"name": "href", "namespace": {XLINK}}}"#),
            r#"<p xlink:href="bla"></p>"#,
            Some("<p></p>"),
        ),
        (
            format!(r#"{{"name": "href", "namespace": {XLINK}}}"#),
            "<p href='bla'></p>",
            Some("<p></p>"),
        ),
        (
            r#"{"name": "href"}"#.to_owned(),
            "<p xlink:href='bla'></p>",
            Some("<p></p>"),
        ),
        // In foreign content it is `href` in the XLink namespace.
        (
            r#"{"name": "xlink:href"}"#.to_owned(),
            r#"<svg xlink:href="bla"></svg>"#,
            Some("<svg></svg>"),
        ),
        (
            format!(r#"{{"name": "href", "namespace": {XLINK}}}"#),
            r#"<svg xlink:href="bla"></svg>"#,
            None,
        ),
        (
            format!(r#"{{"name": "href", "namespace": {XLINK}}}"#),
            "<svg href='bla'></svg>",
            Some("<svg></svg>"),
        ),
        (
            r#"{"name": "href"}"#.to_owned(),
            "<svg xlink:href='bla'></svg>",
            Some("<svg></svg>"),
        ),
    ] {
        let config = format!(
            r#"{{"attributes": [{attribute}], "elements": ["p", {{"name": "svg", "namespace": {SVG}}}]}}"#
        );
        assert_eq!(
            set_html(&config, "template", probe),
            expected.unwrap_or(probe),
            "{config} {probe}"
        );
    }
}

#[test]
fn namespaced_attribute_inside_svg() {
    let probe = r#"<svg><a xlink:href="bla"></a></svg>"#;
    let config = format!(
        r#"{{"elements": [{{"name": "svg", "namespace": {SVG}}}, {{"name": "a", "namespace": {SVG}, "attributes": [{{"name": "href", "namespace": {XLINK}}}]}}]}}"#
    );
    assert_eq!(set_html(&config, "template", probe), probe);
}

#[test]
fn mixed_case_element_names() {
    for name in ["feBlend", "feColorMatrix", "textPath"] {
        let config = format!(
            r#"{{"elements": [{{"name": "svg", "namespace": {SVG}}}, {{"name": "{name}", "namespace": {SVG}}}]}}"#
        );
        let probe = format!("<{name}></{name}>");
        assert_eq!(
            set_html(&config, "template", &format!("<svg>{probe}</svg>")),
            format!("<svg>{probe}</svg>")
        );
    }
}

#[test]
fn names_are_not_case_folded() {
    for (name, probe) in [
        ("DIV", "<div>text</div>"),
        ("feblend", "<svg><feBlend></feBlend></svg>"),
        ("FEBLEND", "<svg><feBlend></feBlend></svg>"),
    ] {
        let config = format!(
            r#"{{"elements": [{{"name": "svg", "namespace": {SVG}}}, {{"name": "{name}", "namespace": {SVG}}}, {{"name": "{name}"}}]}}"#
        );
        let out = set_html(&config, "div", probe);
        assert!(
            !out.contains("<div") && !out.contains("<feBlend"),
            "{name}: {out}"
        );
    }
    for (name, kept) in [("viewBox", true), ("viewbox", false), ("VIEWBOX", false)] {
        let config = format!(
            r#"{{"elements": [{{"name": "svg", "namespace": {SVG}}}, {{"name": "marker", "namespace": {SVG}}}], "attributes": ["{name}"]}}"#
        );
        let out = set_html(
            &config,
            "div",
            r#"<svg><marker viewbox="0 0 1 1"></marker></svg>"#,
        );
        let expected = if kept {
            r#"<svg><marker viewBox="0 0 1 1"></marker></svg>"#
        } else {
            "<svg><marker></marker></svg>"
        };
        assert_eq!(out, expected, "{name}");
    }
}

#[test]
fn default_config_keeps_case_adjusted_svg_attributes() {
    let out = Sanitizer::default()
        .sanitize(r#"<svg><marker viewbox="0 0 1 1" refx="1" markerwidth="2"></marker></svg>"#);
    assert!(out.contains("<marker"), "{out}");
    for attribute in [r#"viewBox="0 0 1 1""#, r#"refX="1""#, r#"markerWidth="2""#] {
        assert!(out.contains(attribute), "{attribute} in {out}");
    }
}
