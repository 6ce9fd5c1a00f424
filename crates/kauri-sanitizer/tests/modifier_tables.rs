//! The tables of WPT's `sanitizer-api/sanitizer-modifiers.html` and the modifier parts of
//! `sanitizer-config.html` as Rust tests: each WPT `test()` is one `#[test]`, each
//! `assert_true/false(s.method(...))` an `assert!`, and each `assert_config(s.get(), {...})`
//! a comparison of the members it names (as WPT's `assert_config` compares only those).
//!
//! Names are written as WPT writes them: `"p"` is the default namespace (HTML for an element,
//! null for an attribute), `"{ns}p"` names a namespace.

use kauri_sanitizer::{Sanitizer, SanitizerConfig, SanitizerElement, SanitizerName};

const NS: &str = "http://example.org/";
const HTML: &str = "http://www.w3.org/1999/xhtml";

fn new(json: &str) -> Sanitizer {
    Sanitizer::from_json(json).expect("a valid config")
}

/// `{name, namespace: NS}`.
fn in_ns(name: &str) -> SanitizerName {
    SanitizerName::with_namespace(name, Some(NS))
}

/// A name as WPT writes it: bare when in `default` namespace, `{ns}name` otherwise.
fn written(name: &SanitizerName, default: Option<&str>) -> String {
    match name.namespace_url() {
        ns if ns == default => name.name.clone(),
        Some(ns) => format!("{{{ns}}}{}", name.name),
        None => format!("{{null}}{}", name.name),
    }
}

fn list(names: &Option<Vec<SanitizerName>>, default: Option<&str>) -> Option<Vec<String>> {
    names
        .as_ref()
        .map(|names| names.iter().map(|n| written(n, default)).collect())
}

fn strings(items: &[&str]) -> Option<Vec<String>> {
    Some(items.iter().map(|s| s.to_string()).collect())
}

fn attributes(config: &SanitizerConfig) -> Option<Vec<String>> {
    list(&config.attributes, None)
}

fn remove_attributes(config: &SanitizerConfig) -> Option<Vec<String>> {
    list(&config.remove_attributes, None)
}

fn elements(config: &SanitizerConfig) -> Option<Vec<String>> {
    config.elements.as_ref().map(|elements| {
        elements
            .iter()
            .map(|e| written(&e.name, Some(HTML)))
            .collect()
    })
}

fn remove_elements(config: &SanitizerConfig) -> Option<Vec<String>> {
    list(&config.remove_elements, Some(HTML))
}

fn replace(config: &SanitizerConfig) -> Option<Vec<String>> {
    list(&config.replace_with_children_elements, Some(HTML))
}

/// The one `elements` entry's own lists: (`attributes`, `removeAttributes`).
type Own = (Option<Vec<String>>, Option<Vec<String>>);

fn own_lists(config: &SanitizerConfig, at: usize) -> Own {
    let element = &config.elements.as_ref().expect("elements")[at];
    (
        list(&element.attributes, None),
        list(&element.remove_attributes, None),
    )
}

#[test]
fn allow_attribute_with_global_attributes() {
    let mut s = new(r#"{"attributes": []}"#);
    assert!(s.allow_attribute("id"));
    assert_eq!(attributes(&s.get()), strings(&["id"]));
    assert!(!s.allow_attribute(SanitizerName::with_namespace("id", None)));
    assert_eq!(attributes(&s.get()), strings(&["id"]));
    assert!(s.allow_attribute(in_ns("id")));
    assert_eq!(
        attributes(&s.get()),
        strings(&["id", "{http://example.org/}id"])
    );
}

#[test]
fn allow_attribute_with_global_remove_attributes() {
    let mut s = new(r#"{"removeAttributes": ["title"]}"#);
    assert!(!s.allow_attribute("id"));
    assert_eq!(remove_attributes(&s.get()), strings(&["title"]));
    assert!(!s.allow_attribute(in_ns("title")));
    assert_eq!(remove_attributes(&s.get()), strings(&["title"]));
    assert!(s.allow_attribute("title"));
    assert_eq!(remove_attributes(&s.get()), strings(&[]));
}

#[test]
fn allow_attribute_with_global_attributes_and_elements() {
    let mut s = new(
        r#"{"attributes": [], "elements": [{"name": "id", "attributes": ["href", {"name": "title", "namespace": "http://example.org/"}]}]}"#,
    );
    assert!(s.allow_attribute("class"));
    assert_eq!(attributes(&s.get()), strings(&["class"]));
    assert!(!s.allow_attribute("class"));
    assert!(s.allow_attribute("title"));
    assert_eq!(attributes(&s.get()), strings(&["class", "title"]));
    assert_eq!(
        own_lists(&s.get(), 0).0,
        strings(&["href", "{http://example.org/}title"])
    );
    assert!(s.allow_attribute(in_ns("title")));
    assert_eq!(
        attributes(&s.get()),
        strings(&["class", "title", "{http://example.org/}title"])
    );
    assert_eq!(own_lists(&s.get(), 0).0, strings(&["href"]));
    assert!(!s.allow_attribute(in_ns("title")));
    assert_eq!(own_lists(&s.get(), 0).0, strings(&["href"]));
}

#[test]
fn allow_attribute_with_global_remove_attributes_and_element_lists() {
    for own in [
        r#"{"name": "div", "attributes": ["href"]}"#,
        r#"{"name": "div", "removeAttributes": ["href"]}"#,
    ] {
        let mut s = new(&format!(
            r#"{{"removeAttributes": ["id"], "elements": [{own}]}}"#
        ));
        let elements_before = s.get().elements;
        assert!(!s.allow_attribute("class"));
        assert_eq!(remove_attributes(&s.get()), strings(&["id"]));
        assert!(s.allow_attribute("id"));
        assert_eq!(remove_attributes(&s.get()), strings(&[]));
        assert!(!s.allow_attribute("href"));
        assert!(!s.allow_attribute("title"));
        assert_eq!(remove_attributes(&s.get()), strings(&[]));
        assert_eq!(s.get().elements, elements_before, "{own}");
    }
}

#[test]
fn remove_attribute_with_global_attributes() {
    let mut s = new(r#"{"attributes": ["id"]}"#);
    assert!(!s.remove_attribute("title"));
    assert!(!s.remove_attribute(in_ns("id")));
    assert_eq!(attributes(&s.get()), strings(&["id"]));
    assert!(s.remove_attribute("id"));
    assert_eq!(attributes(&s.get()), strings(&[]));
}

#[test]
fn remove_attribute_with_global_remove_attributes() {
    let mut s = new(r#"{"removeAttributes": ["id"]}"#);
    assert!(s.remove_attribute("title"));
    assert_eq!(remove_attributes(&s.get()), strings(&["id", "title"]));
    assert!(s.remove_attribute(in_ns("id")));
    let expected = strings(&["id", "title", "{http://example.org/}id"]);
    assert_eq!(remove_attributes(&s.get()), expected);
    assert!(!s.remove_attribute("id"));
    assert_eq!(remove_attributes(&s.get()), expected);
}

#[test]
fn remove_attribute_with_global_attributes_and_elements() {
    let mut s = new(
        r#"{"attributes": ["id", "title"], "elements": [{"name": "div", "attributes": ["class", "dir"], "removeAttributes": ["title"]}]}"#,
    );
    assert!(s.remove_attribute("dir"));
    assert_eq!(attributes(&s.get()), strings(&["id", "title"]));
    assert_eq!(
        own_lists(&s.get(), 0),
        (strings(&["class"]), strings(&["title"]))
    );
    assert!(s.remove_attribute("id"));
    assert_eq!(attributes(&s.get()), strings(&["title"]));
    assert!(!s.remove_attribute("id"));
    assert!(s.remove_attribute("title"));
    assert_eq!(attributes(&s.get()), strings(&[]));
    assert_eq!(own_lists(&s.get(), 0), (strings(&["class"]), strings(&[])));
    assert!(s.remove_attribute("class"));
    assert_eq!(own_lists(&s.get(), 0), (strings(&[]), strings(&[])));
}

#[test]
fn remove_attribute_with_global_remove_attributes_and_element_lists() {
    let mut s = new(
        r#"{"removeAttributes": ["title"], "elements": [{"name": "div", "attributes": ["class"]}]}"#,
    );
    assert!(!s.remove_attribute(SanitizerName::with_namespace("title", None)));
    assert!(s.remove_attribute("dir"));
    assert_eq!(remove_attributes(&s.get()), strings(&["dir", "title"]));
    assert_eq!(own_lists(&s.get(), 0), (strings(&["class"]), None));
    assert!(s.remove_attribute("class"));
    assert_eq!(
        remove_attributes(&s.get()),
        strings(&["class", "dir", "title"])
    );
    assert_eq!(own_lists(&s.get(), 0), (strings(&[]), None));

    let mut s = new(
        r#"{"removeAttributes": ["title"], "elements": [{"name": "div", "removeAttributes": ["id"]}]}"#,
    );
    assert!(!s.remove_attribute(SanitizerName::with_namespace("title", None)));
    assert!(s.remove_attribute("dir"));
    assert_eq!(own_lists(&s.get(), 0), (None, strings(&["id"])));
    assert!(s.remove_attribute("id"));
    assert_eq!(
        remove_attributes(&s.get()),
        strings(&["dir", "id", "title"])
    );
    assert_eq!(own_lists(&s.get(), 0), (None, strings(&[])));
}

#[test]
fn remove_element_with_global_elements() {
    let mut s = new(
        r#"{"elements": ["p", {"name": "p", "namespace": "http://example.org/"}], "replaceWithChildrenElements": ["b"]}"#,
    );
    assert!(!s.remove_element("span"));
    assert_eq!(
        elements(&s.get()),
        strings(&["{http://example.org/}p", "p"])
    );
    assert_eq!(replace(&s.get()), strings(&["b"]));
    assert!(s.remove_element("b"));
    assert_eq!(replace(&s.get()), strings(&[]));
    assert!(s.remove_element("p"));
    assert_eq!(elements(&s.get()), strings(&["{http://example.org/}p"]));
    assert!(s.remove_element(in_ns("p")));
    assert_eq!(elements(&s.get()), strings(&[]));
}

#[test]
fn remove_element_with_global_remove_elements() {
    let mut s = new(
        r#"{"removeElements": ["p", {"name": "p", "namespace": "http://example.org/"}], "replaceWithChildrenElements": ["b"]}"#,
    );
    assert!(!s.remove_element("p"));
    assert!(!s.remove_element(in_ns("p")));
    assert_eq!(
        remove_elements(&s.get()),
        strings(&["{http://example.org/}p", "p"])
    );
    assert!(s.remove_element("span"));
    assert_eq!(
        remove_elements(&s.get()),
        strings(&["{http://example.org/}p", "p", "span"])
    );
    assert!(s.remove_element("b"));
    assert_eq!(
        remove_elements(&s.get()),
        strings(&["{http://example.org/}p", "b", "p", "span"])
    );
    assert_eq!(replace(&s.get()), strings(&[]));
}

#[test]
fn replace_element_with_children_with_global_lists() {
    for (list, read) in [
        (
            "elements",
            elements as fn(&SanitizerConfig) -> Option<Vec<String>>,
        ),
        ("removeElements", remove_elements),
    ] {
        let mut s = new(&format!(
            r#"{{"replaceWithChildrenElements": ["a"], "{list}": ["b"]}}"#
        ));
        assert!(!s.replace_element_with_children("a"));
        assert_eq!(replace(&s.get()), strings(&["a"]));
        assert_eq!(read(&s.get()), strings(&["b"]));
        assert!(s.replace_element_with_children("span"));
        assert_eq!(replace(&s.get()), strings(&["a", "span"]));
        assert!(s.replace_element_with_children("b"));
        assert_eq!(replace(&s.get()), strings(&["a", "b", "span"]));
        assert_eq!(read(&s.get()), strings(&[]), "{list}");
    }
}

#[test]
fn allow_element_with_global_elements() {
    let mut s = new(r#"{"elements": ["a"], "replaceWithChildrenElements": ["b"]}"#);
    assert!(!s.allow_element("a"));
    assert_eq!(elements(&s.get()), strings(&["a"]));
    assert!(s.allow_element(in_ns("a")));
    assert_eq!(
        elements(&s.get()),
        strings(&["{http://example.org/}a", "a"])
    );
    assert_eq!(replace(&s.get()), strings(&["b"]));
    assert!(s.allow_element("b"));
    assert_eq!(
        elements(&s.get()),
        strings(&["{http://example.org/}a", "a", "b"])
    );
    assert_eq!(replace(&s.get()), strings(&[]));
}

#[test]
fn allow_element_with_global_remove_elements() {
    let mut s = new(r#"{"removeElements": ["a"], "replaceWithChildrenElements": ["b"]}"#);
    assert!(!s.allow_element("span"));
    assert!(!s.allow_element(in_ns("a")));
    assert_eq!(remove_elements(&s.get()), strings(&["a"]));
    assert!(s.allow_element("b"));
    assert_eq!(replace(&s.get()), strings(&[]));
    // An element with its own attribute lists cannot be allowed with removeElements.
    assert!(!s.allow_element(SanitizerElement::from("a").with_attributes(["dir"])));
    assert!(!s.allow_element(SanitizerElement::from("a").with_remove_attributes(["dir"])));
    assert!(!s.allow_element(
        SanitizerElement::from("a")
            .with_attributes(["title"])
            .with_remove_attributes(["dir"])
    ));
    assert_eq!(remove_elements(&s.get()), strings(&["a"]));
    assert!(s.allow_element(SanitizerElement::from("a").with_remove_attributes([])));
    assert_eq!(remove_elements(&s.get()), strings(&[]));
    assert_eq!(replace(&s.get()), strings(&[]));
}

/// `{name: "p", attributes, removeAttributes}`.
fn p(attributes: Option<&[&str]>, remove: Option<&[&str]>) -> SanitizerElement {
    SanitizerElement {
        name: "p".into(),
        attributes: attributes.map(|a| a.iter().map(|&n| n.into()).collect()),
        remove_attributes: remove.map(|a| a.iter().map(|&n| n.into()).collect()),
    }
}

#[test]
fn allow_element_with_global_elements_and_attributes() {
    let mut s = new(r#"{"elements": [], "attributes": ["id"]}"#);
    let own = |s: &Sanitizer| own_lists(&s.get(), 0);
    assert!(s.allow_element(p(Some(&["id", "title"]), None)));
    assert_eq!(own(&s), (strings(&["title"]), None));
    assert!(!s.allow_element(p(Some(&["id", "title"]), None)));
    assert!(s.allow_element(p(None, Some(&["id", "class"]))));
    assert_eq!(own(&s), (None, strings(&["id"])));
    assert!(!s.allow_element(p(None, Some(&["id", "class"]))));
    let both = p(Some(&["id", "dir"]), Some(&["id", "lang"]));
    assert!(s.allow_element(both.clone()));
    assert_eq!(own(&s), (strings(&["dir"]), strings(&["id"])));
    assert!(!s.allow_element(both));
    assert!(s.allow_element(p(None, None)));
    assert_eq!(own(&s), (None, strings(&[])));
    assert!(!s.allow_element("p"));
    assert_eq!(own(&s), (None, strings(&[])));
    // Duplicates go.
    assert!(s.allow_element(p(Some(&["dir", "dir"]), None)));
    assert_eq!(own(&s), (strings(&["dir"]), None));
    assert!(s.allow_element(p(None, Some(&["id", "id"]))));
    assert_eq!(own(&s), (None, strings(&["id"])));
    assert!(s.allow_element(p(Some(&["dir", "dir"]), Some(&["id", "id"]))));
    assert_eq!(own(&s), (strings(&["dir"]), strings(&["id"])));
    assert_eq!(s.get().elements.map(|e| e.len()), Some(1));
}

#[test]
fn allow_element_with_global_elements_and_remove_attributes() {
    let mut s = new(r#"{"elements": [], "removeAttributes": ["id"]}"#);
    let own = |s: &Sanitizer| own_lists(&s.get(), 0);
    assert!(s.allow_element(p(Some(&["id", "title"]), None)));
    assert_eq!(own(&s), (strings(&["title"]), None));
    assert!(!s.allow_element(p(Some(&["id", "title"]), None)));
    assert!(s.allow_element(p(None, Some(&["id", "class"]))));
    assert_eq!(own(&s), (None, strings(&["class"])));
    assert!(!s.allow_element(p(None, Some(&["id", "class"]))));
    let both = p(Some(&["id", "dir", "lang"]), Some(&["id", "lang"]));
    assert!(s.allow_element(both.clone()));
    assert_eq!(own(&s), (strings(&["dir"]), None));
    assert!(!s.allow_element(both));
    assert!(s.allow_element(p(None, None)));
    assert_eq!(own(&s), (None, strings(&[])));
    assert!(!s.allow_element("p"));
}

#[test]
fn replace_element_with_children_refuses_non_replaceable_elements() {
    for name in [
        SanitizerName::from("html"),
        SanitizerName::with_namespace("html", Some(HTML)),
        SanitizerName::with_namespace("svg", Some("http://www.w3.org/2000/svg")),
        SanitizerName::with_namespace("math", Some("http://www.w3.org/1998/Math/MathML")),
    ] {
        let mut s = Sanitizer::default();
        assert!(!s.replace_element_with_children(name.clone()), "{name}");
        assert_eq!(replace(&s.get()), None);
    }
    let mut s = Sanitizer::default();
    assert!(s.replace_element_with_children("template"));
    assert_eq!(replace(&s.get()), strings(&["template"]));
}

#[test]
fn flag_setters() {
    let mut s = Sanitizer::default();
    assert!(!s.set_javascript_urls(false));
    assert_eq!(s.get().javascript_urls, Some(false));
    assert!(s.set_javascript_urls(true));
    assert!(!s.set_javascript_urls(true));
    assert_eq!(s.get().javascript_urls, Some(true));
    assert!(s.set_javascript_urls(false));
    assert_eq!(s.get().javascript_urls, Some(false));

    let mut s = Sanitizer::default();
    assert!(!s.set_comments(false));
    assert!(s.set_comments(true));
    assert!(!s.set_comments(true));
    assert_eq!(s.get().comments, Some(true));
    assert!(s.set_comments(false));
    assert_eq!(s.get().comments, Some(false));

    let mut s = new(r#"{"attributes": []}"#);
    assert!(!s.set_data_attributes(true));
    assert!(s.set_data_attributes(false));
    assert_eq!(
        (s.get().data_attributes, attributes(&s.get())),
        (Some(false), strings(&[]))
    );
    assert!(!s.set_data_attributes(false));
    assert!(s.set_data_attributes(true));
    assert_eq!(s.get().data_attributes, Some(true));
    // sanitizer-config.html: the default config's flag can be turned on and off.
    let mut s = Sanitizer::default();
    assert!(s.set_data_attributes(true));
    assert_eq!(s.get().data_attributes, Some(true));
    assert!(s.set_data_attributes(false));
    assert_eq!(s.get().data_attributes, Some(false));
}

/// sanitizer-config.html's "Test elements addition / removal / replacewithchildren".
#[test]
fn element_lists_through_the_modifiers() {
    let mut s = new(r#"{"removeElements": ["div", "p"]}"#);
    s.remove_element("bla");
    assert_eq!(s.get().remove_elements.map(|l| l.len()), Some(3));
    s.replace_element_with_children(SanitizerName::from("div"));
    assert_eq!(s.get().remove_elements.map(|l| l.len()), Some(2));
    s.allow_element(SanitizerName::with_namespace("p", Some(HTML)));
    assert_eq!(remove_elements(&s.get()), strings(&["bla"]));

    let mut s = new(r#"{"replaceWithChildrenElements": ["div", "p"]}"#);
    s.replace_element_with_children("bla");
    assert_eq!(replace(&s.get()).map(|l| l.len()), Some(3));
    s.allow_element("div");
    assert_eq!(replace(&s.get()).map(|l| l.len()), Some(2));
    s.remove_element(SanitizerName::with_namespace("p", Some(HTML)));
    assert_eq!(replace(&s.get()), strings(&["bla"]));
}

/// sanitizer-config.html's processing instruction and attribute list tests.
#[test]
fn processing_instruction_and_attribute_lists_through_the_modifiers() {
    let mut s = new(r#"{"processingInstructions": ["target-1", "target-2"]}"#);
    assert!(s.allow_processing_instruction("target-3"));
    assert!(!s.remove_processing_instruction("target-4"));
    assert!(s.remove_processing_instruction("target-1"));
    assert!(s.remove_processing_instruction("target-2"));
    assert_eq!(
        s.get().processing_instructions,
        Some(vec!["target-3".to_owned()])
    );

    let mut s = new(r#"{"removeProcessingInstructions": ["target-1", "target-2"]}"#);
    assert!(s.remove_processing_instruction("target-3"));
    assert!(s.allow_processing_instruction("target-1"));
    assert!(s.allow_processing_instruction("target-2"));
    assert_eq!(
        s.get().remove_processing_instructions,
        Some(vec!["target-3".to_owned()])
    );

    let mut s = new(r#"{"attributes": ["href", "src"]}"#);
    s.allow_attribute("id");
    assert_eq!(attributes(&s.get()).map(|l| l.len()), Some(3));
    s.remove_attribute(SanitizerName::with_namespace(
        "href",
        Some("https://www.w3.org/1999/xlink"),
    ));
    assert_eq!(attributes(&s.get()).map(|l| l.len()), Some(3));
    s.remove_attribute("href");
    s.remove_attribute(SanitizerName::with_namespace("src", None));
    assert_eq!(attributes(&s.get()), strings(&["id"]));
}

/// The modifiers change what the sanitizer does, and `removeUnsafe` makes the unsafe methods
/// safe.
#[test]
fn modifiers_take_effect() {
    let mut s = new(r#"{"elements": ["p"], "attributes": []}"#);
    assert_eq!(s.sanitize_unsafe("<p id=x>a<b>b</b></p>"), "<p>a</p>");
    s.allow_element("b");
    s.allow_attribute("id");
    assert_eq!(
        s.sanitize_unsafe("<p id=x>a<b>b</b></p>"),
        r#"<p id="x">a<b>b</b></p>"#
    );
    s.replace_element_with_children("b");
    assert_eq!(
        s.sanitize_unsafe("<p id=x>a<b>b</b></p>"),
        r#"<p id="x">ab</p>"#
    );
    let mut everything = new("{}");
    assert_eq!(
        everything.sanitize_unsafe("<i onclick=f()>i</i><script>f()</script>"),
        r#"<i onclick="f()">i</i><script>f()</script>"#
    );
    assert!(everything.remove_unsafe());
    assert_eq!(
        everything.sanitize_unsafe("<i onclick=f()>i</i><script>f()</script>"),
        "<i>i</i>"
    );
}
