//! The config tables of WPT's `sanitizer-api/sanitizer-config.html` as Rust tests: the
//! constructor's flag defaults, the canonical form of names (§ canonicalize-a-sanitizer-name),
//! and every validity rule (§ sanitizerconfig-valid) with the inputs WPT expects a `TypeError`
//! for. The step numbers are the ones WPT's comments quote.

use kauri_sanitizer::{ConfigError, Sanitizer, SanitizerName, HTML_NAMESPACE};

/// `new Sanitizer(JSON.parse(json))`.
fn new(json: &str) -> Result<Sanitizer, ConfigError> {
    Sanitizer::from_json(json)
}

fn assert_type_error(json: &str) {
    assert!(new(json).is_err(), "expected a TypeError for {json}");
}

#[test]
fn flag_defaults() {
    let default = Sanitizer::default();
    let empty = new("{}").unwrap();
    assert_eq!(default.config().comments, Some(false));
    assert_eq!(empty.config().comments, Some(true));
    assert_eq!(
        new(r#"{"comments": false}"#).unwrap().config().comments,
        Some(false)
    );
    assert_eq!(default.config().data_attributes, Some(false));
    assert_eq!(
        new(r#"{"attributes": []}"#)
            .unwrap()
            .config()
            .data_attributes,
        Some(true)
    );
    assert_eq!(empty.config().data_attributes, None);
    assert_eq!(
        new(r#"{"removeAttributes": []}"#)
            .unwrap()
            .config()
            .data_attributes,
        None
    );
    assert_eq!(
        new(r#"{"attributes": [], "dataAttributes": false}"#)
            .unwrap()
            .config()
            .data_attributes,
        Some(false)
    );
    assert_eq!(default.config().javascript_urls, Some(false));
    assert_eq!(empty.config().javascript_urls, Some(true));
    assert_eq!(
        new(r#"{"javascriptURLs": false}"#)
            .unwrap()
            .config()
            .javascript_urls,
        Some(false)
    );
    assert_eq!(
        new(r#"{"javascriptURLs": null}"#)
            .unwrap()
            .config()
            .javascript_urls,
        Some(false)
    );
    // Unknown members are ignored; null is the empty dictionary.
    assert!(new(r#"{"testConfig": [1, 2, 3], "attr": ["test", "i", "am"]}"#).is_ok());
    assert!(new("null").is_ok());
}

fn canonical(name: &str, namespace: Option<&str>) -> SanitizerName {
    SanitizerName::with_namespace(name, namespace)
}

#[test]
fn normalization() {
    for key in ["elements", "removeElements", "replaceWithChildrenElements"] {
        for (given, expected) in [
            (r#""div""#, canonical("div", Some(HTML_NAMESPACE))),
            (r#"{"name": "b"}"#, canonical("b", Some(HTML_NAMESPACE))),
            (r#"{"name": "b", "namespace": null}"#, canonical("b", None)),
            (r#"{"name": "b", "namespace": ""}"#, canonical("b", None)),
            (
                r#"{"name": "bla", "namespace": "http://fantasy.org/namespace"}"#,
                canonical("bla", Some("http://fantasy.org/namespace")),
            ),
        ] {
            let s = new(&format!(r#"{{"{key}": [{given}]}}"#)).unwrap();
            let config = s.config();
            let name = match key {
                "elements" => {
                    let element = &config.elements.as_ref().unwrap()[0];
                    // The canonical form of elements always includes an empty removeAttributes.
                    assert_eq!(element.remove_attributes, Some(vec![]));
                    assert_eq!(element.attributes, None);
                    element.name.clone()
                }
                "removeElements" => config.remove_elements.as_ref().unwrap()[0].clone(),
                _ => config.replace_with_children_elements.as_ref().unwrap()[0].clone(),
            };
            assert_eq!(name, expected, "{key}: {given}");
        }
    }
    for key in ["attributes", "removeAttributes"] {
        for (given, expected) in [
            (r#""href""#, canonical("href", None)),
            (
                r#"{"name": "href", "namespace": null}"#,
                canonical("href", None),
            ),
            (
                r#"{"name": "href", "namespace": ""}"#,
                canonical("href", None),
            ),
            (
                r#"{"name": "href", "namespace": "https://www.w3.org/1999/xlink"}"#,
                canonical("href", Some("https://www.w3.org/1999/xlink")),
            ),
        ] {
            let s = new(&format!(r#"{{"{key}": [{given}]}}"#)).unwrap();
            let list = if key == "attributes" {
                s.config().attributes.clone()
            } else {
                s.config().remove_attributes.clone()
            };
            assert_eq!(list.unwrap(), vec![expected], "{key}: {given}");
        }
    }
    for key in ["processingInstructions", "removeProcessingInstructions"] {
        for given in [r#""target-1""#, r#"{"target": "target-1"}"#] {
            let s = new(&format!(r#"{{"{key}": [{given}]}}"#)).unwrap();
            let list = if key == "processingInstructions" {
                s.config().processing_instructions.clone()
            } else {
                s.config().remove_processing_instructions.clone()
            };
            assert_eq!(list.unwrap(), vec!["target-1".to_owned()], "{key}: {given}");
        }
    }
    // Per-element lists: only the one given exists.
    let s = new(r#"{"elements": [{"name": "div", "attributes": ["href", "src"]}]}"#).unwrap();
    let div = &s.config().elements.as_ref().unwrap()[0];
    assert_eq!(div.attributes.as_ref().map(Vec::len), Some(2));
    assert_eq!(div.remove_attributes, None);
}

/// The pairs WPT counts as the same name twice.
const DUPLICATE_NAMES: &[(&str, &str)] = &[
    (r#""""#, r#""""#),
    (r#""abc""#, r#""abc""#),
    (r#""data-xyz""#, r#""data-xyz""#),
    (r#""abc""#, r#"{"name": "abc"}"#),
    (
        r#"{"name": "abc", "namespace": "xyz"}"#,
        r#"{"name": "abc", "namespace": "xyz"}"#,
    ),
    (
        r#"{"name": "abc", "namespace": ""}"#,
        r#"{"name": "abc", "namespace": null}"#,
    ),
];

fn duplicate_element_names() -> Vec<(&'static str, &'static str)> {
    let mut names = DUPLICATE_NAMES.to_vec();
    names.push((
        r#""abc""#,
        r#"{"name": "abc", "namespace": "http://www.w3.org/1999/xhtml"}"#,
    ));
    names.push((
        r#"{"name": "abc"}"#,
        r#"{"name": "abc", "namespace": "http://www.w3.org/1999/xhtml"}"#,
    ));
    names
}

fn duplicate_attribute_names() -> Vec<(&'static str, &'static str)> {
    let mut names = DUPLICATE_NAMES.to_vec();
    names.push((r#""abc""#, r#"{"name": "abc", "namespace": null}"#));
    names.push((
        r#"{"name": "abc"}"#,
        r#"{"name": "abc", "namespace": null}"#,
    ));
    names
}

#[test]
fn validity_rules() {
    // 1, 2: elements or removeElements, attributes or removeAttributes, processingInstructions
    // or removeProcessingInstructions, not both.
    assert_type_error(r#"{"elements": [], "removeElements": []}"#);
    assert_type_error(r#"{"attributes": [], "removeAttributes": []}"#);
    assert_type_error(r#"{"processingInstructions": [], "removeProcessingInstructions": []}"#);
    // 4: no duplicates in any list.
    for (a, b) in duplicate_element_names() {
        for key in ["elements", "removeElements", "replaceWithChildrenElements"] {
            assert_type_error(&format!(r#"{{"{key}": [{a}, {b}]}}"#));
        }
        // 5, 6: elements / removeElements and replaceWithChildrenElements do not intersect.
        assert_type_error(&format!(
            r#"{{"elements": [{a}], "replaceWithChildrenElements": [{b}]}}"#
        ));
        assert_type_error(&format!(
            r#"{{"removeElements": [{a}], "replaceWithChildrenElements": [{b}]}}"#
        ));
    }
    for (a, b) in duplicate_attribute_names() {
        for key in ["attributes", "removeAttributes"] {
            assert_type_error(&format!(r#"{{"{key}": [{a}, {b}]}}"#));
        }
        // 7.1.1.1, 8.1.2: no duplicates in an element's lists.
        for global in ["attributes", "removeAttributes"] {
            for local in ["attributes", "removeAttributes"] {
                assert_type_error(&format!(
                    r#"{{"{global}": [], "elements": [{{"name": "div", "{local}": [{a}, {b}]}}]}}"#
                ));
            }
        }
        // 7.1.1.2: config[attributes] and element[attributes] do not intersect.
        assert_type_error(&format!(
            r#"{{"attributes": [{a}], "elements": [{{"name": "div", "attributes": [{b}]}}]}}"#
        ));
        // 8.1.3, 8.1.4: config[removeAttributes] and an element's lists do not intersect.
        for local in ["attributes", "removeAttributes"] {
            assert_type_error(&format!(
                r#"{{"removeAttributes": [{a}], "elements": [{{"name": "div", "{local}": [{b}]}}]}}"#
            ));
        }
    }
    for (a, b) in [
        (r#""""#, r#""""#),
        (r#""abc""#, r#""abc""#),
        (r#""data-xyz""#, r#""data-xyz""#),
        (r#""abc""#, r#"{"target": "abc"}"#),
        (r#"{"target": "abc"}"#, r#"{"target": "abc"}"#),
    ] {
        for key in ["processingInstructions", "removeProcessingInstructions"] {
            assert_type_error(&format!(r#"{{"{key}": [{a}, {b}]}}"#));
        }
    }
    // 11.1.1: the built-in non-replaceable elements.
    for element in [
        r#""html""#,
        r#"{"name": "html", "namespace": "http://www.w3.org/1999/xhtml"}"#,
        r#"{"name": "svg", "namespace": "http://www.w3.org/2000/svg"}"#,
        r#"{"name": "math", "namespace": "http://www.w3.org/1998/Math/MathML"}"#,
    ] {
        assert_type_error(&format!(
            r#"{{"replaceWithChildrenElements": [{element}]}}"#
        ));
    }
    assert!(new(r#"{"replaceWithChildrenElements": ["template"]}"#).is_ok());
    assert!(new(r#"{"replaceWithChildrenElements": [{"name": "template", "namespace": "http://www.w3.org/1999/xhtml"}]}"#).is_ok());
    // 7.1.1.3: element[removeAttributes] is a subset of config[attributes].
    assert_type_error(
        r#"{"attributes": ["class"], "elements": [{"name": "div", "removeAttributes": ["title"]}]}"#,
    );
    // 7.1.1.4, 7.2.1: no data- attribute listed while dataAttributes is true.
    assert_type_error(
        r#"{"attributes": [], "dataAttributes": true, "elements": [{"name": "div", "attributes": ["data-foo"]}]}"#,
    );
    assert_type_error(
        r#"{"attributes": [], "dataAttributes": true, "elements": [{"name": "div", "attributes": [{"name": "data-bar", "namespace": null}]}]}"#,
    );
    assert_type_error(r#"{"attributes": ["data-bar"], "dataAttributes": true}"#);
    assert_type_error(
        r#"{"attributes": [{"name": "data-foo", "namespace": null}], "dataAttributes": true}"#,
    );
    // 8.1.1: not both element lists with config[removeAttributes].
    assert_type_error(
        r#"{"removeAttributes": [], "elements": [{"name": "div", "attributes": [], "removeAttributes": []}]}"#,
    );
    // 8.2: no dataAttributes with removeAttributes.
    assert_type_error(r#"{"removeAttributes": [], "dataAttributes": true}"#);
    assert_type_error(r#"{"removeAttributes": [], "dataAttributes": false}"#);
    // And what is valid stays valid.
    assert!(new(
        r#"{"elements": [{"name": "div", "attributes": ["id", "title"]}], "attributes": []}"#
    )
    .is_ok());
    assert!(new(r#"{"elements": [{"name": "div", "removeAttributes": ["id", "title"]}], "attributes": ["id", "title"]}"#).is_ok());
}

/// WPT's `sanitizer-boolean-defaults.html`: how `comments`, `dataAttributes` and
/// `javascriptURLs` default for `new Sanitizer()`, `new Sanitizer(dict)` and a dictionary
/// passed to `setHTML` / `setHTMLUnsafe`, seen through what the methods keep. (The page's
/// `setHTMLUnsafe` calls without a sanitizer are a plain parse, not the sanitizer's.)
#[test]
fn boolean_defaults_through_set_html() {
    // `div.setHTMLUnsafe(probe, {sanitizer: dict})`: the dictionary as `new Sanitizer(dict)`.
    let unsafe_with = |probe: &str, dict: &str| new(dict).unwrap().sanitize_unsafe(probe);
    // `div.setHTML(probe, {sanitizer: dict})`: the dictionary as a safe method reads it.
    let safe_with = |probe: &str, dict: &str| {
        Sanitizer::from_json_for_safe_methods(dict)
            .unwrap()
            .sanitize(probe)
    };
    let default = Sanitizer::default();

    let comment = "<!--bla-->";
    let kept = |out: String| out.contains("<!--");
    assert!(!kept(default.sanitize(comment)));
    assert!(kept(unsafe_with(comment, "{}")));
    assert!(!kept(safe_with(comment, "{}")));
    assert!(kept(unsafe_with(comment, r#"{"comments": true}"#)));
    assert!(kept(safe_with(comment, r#"{"comments": true}"#)));
    assert!(!kept(unsafe_with(comment, r#"{"comments": false}"#)));
    assert!(!kept(safe_with(comment, r#"{"comments": false}"#)));

    let data = "<div data-foo='bar'>";
    let kept = |out: String| out.contains("data-foo");
    assert!(!kept(default.sanitize(data)));
    assert!(kept(unsafe_with(data, "{}")));
    assert!(kept(safe_with(data, "{}")));
    let on = r#"{"attributes": [], "dataAttributes": true}"#;
    assert!(kept(unsafe_with(data, on)));
    assert!(kept(safe_with(data, on)));
    let off = r#"{"attributes": [], "dataAttributes": false}"#;
    assert!(!kept(unsafe_with(data, off)));
    assert!(!kept(safe_with(data, off)));
    let unset = r#"{"attributes": []}"#;
    assert!(kept(unsafe_with(data, unset)));
    assert!(!kept(safe_with(data, unset)));

    let link = "<a href='javascript:alert(1)'>";
    let kept = |out: String| out.contains("javascript:");
    assert!(!kept(default.sanitize(link)));
    assert!(!kept(default.sanitize_unsafe(link)));
    assert!(kept(unsafe_with(link, "{}")));
    assert!(!kept(safe_with(link, "{}")));
    assert!(!kept(new("{}").unwrap().sanitize(link)));
    for (dict, unsafe_keeps) in [
        (r#"{"javascriptURLs": true}"#, true),
        (r#"{"javascriptURLs": false}"#, false),
    ] {
        assert_eq!(kept(unsafe_with(link, dict)), unsafe_keeps, "{dict}");
        assert!(!kept(safe_with(link, dict)), "{dict}");
        assert!(!kept(new(dict).unwrap().sanitize(link)), "{dict}");
    }
}
