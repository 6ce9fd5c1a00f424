//! Declarative shadow roots, form owners and `<template for>` through the library API and the
//! CLI: the JSON members, getHTML() and its round trip, the options.

mod common;

use kauri::{parse, parse_fragment, parse_with_options, ParseOptions};
use kauri_dom::serialize::html::{get_html, GetHtmlOptions, SerializeOptions};
use kauri_dom::{JsonOptions, ShadowRootMode, SlotAssignmentMode};

fn cli(args: &[&str], stdin: &str) -> String {
    let out = common::kauri(args, stdin.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap()
}

/// The issue's "done when": a div with no children and a shadow root holding the p.
#[test]
fn cli_json_puts_the_p_in_the_divs_shadow_root() {
    let out = cli(
        &["parse", "--format", "json"],
        "<div><template shadowrootmode=open><p>x</template></div>",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let body = &v["children"][0]["children"][1];
    let div = &body["children"][0];
    assert_eq!(div["name"], "div");
    assert_eq!(div["children"], serde_json::json!([]));
    let shadow = &div["shadow_root"];
    assert_eq!(shadow["mode"], "open");
    assert_eq!(shadow["delegates_focus"], false);
    assert_eq!(shadow["serializable"], false);
    assert_eq!(shadow["clonable"], false);
    assert_eq!(shadow["slot_assignment"], "named");
    assert_eq!(shadow["children"][0]["name"], "p");
    assert_eq!(shadow["children"][0]["children"][0]["data"], "x");
}

#[test]
fn cli_shadow_roots_off_and_fragment_default() {
    let html = "<div><template shadowrootmode=open>x</template></div>";
    let on = cli(&["parse"], html);
    assert!(on.contains("#shadow-root (open)"), "{on}");
    let off = cli(&["parse", "--shadow-roots", "off"], html);
    assert!(
        off.contains("<template>") && !off.contains("#shadow-root"),
        "{off}"
    );
    let fragment = cli(&["parse", "--fragment", "body"], html);
    assert!(!fragment.contains("#shadow-root"), "{fragment}");
    let fragment_on = cli(
        &["parse", "--fragment", "body", "--shadow-roots", "on"],
        html,
    );
    assert!(fragment_on.contains("#shadow-root (open)"), "{fragment_on}");
    let patched = cli(
        &["parse", "--template-for", "off"],
        "<div><?marker name=\"m\"></div><template for=m>x</template>",
    );
    assert!(patched.contains("<?marker name=\"m\"?>"), "{patched}");
}

#[test]
fn every_shadow_root_attribute_reaches_the_dom_and_the_json() {
    let doc = parse(
        "<div><template shadowrootmode=closed shadowrootdelegatesfocus shadowrootserializable \
         shadowrootslotassignment=MANUAL shadowrootclonable shadowrootcustomelementregistry>x\
         </template></div>",
    );
    let div = doc.select_str("div").unwrap().next().unwrap();
    let shadow = div.shadow_root().unwrap();
    assert!(shadow.host().unwrap().same_node(div));
    assert_eq!(
        shadow.parent().map(|_| ()),
        None,
        "a shadow root has no parent"
    );
    let r = shadow.as_shadow_root().unwrap();
    assert_eq!(r.mode(), ShadowRootMode::Closed);
    assert!(r.delegates_focus() && r.serializable() && r.clonable());
    assert_eq!(r.slot_assignment(), SlotAssignmentMode::Manual);
    assert!(r.keep_custom_element_registry_null());
    assert!(r.is_declarative() && r.available_to_element_internals());
    let json = kauri_dom::to_json(doc.root(), &JsonOptions::default());
    assert!(
        json.contains(
            r#""shadow_root":{"mode":"closed","delegates_focus":true,"serializable":true,"clonable":true,"slot_assignment":"manual","children":[{"type":"text","data":"x"}]}"#
        ),
        "{json}"
    );
}

#[test]
fn traversal_and_selectors_stay_in_the_light_tree_unless_asked() {
    let doc = parse("<div id=h><template shadowrootmode=open><p class=in>x</p></template></div>");
    assert!(doc.select_str("p").unwrap().next().is_none());
    assert_eq!(
        doc.root().descendants().filter(|n| n.is_element()).count(),
        4
    );
    let host = doc.select_str("#h").unwrap().next().unwrap();
    let p = host
        .shadow_including_descendants()
        .find(|n| n.is_element())
        .unwrap();
    assert!(p.as_element().unwrap().has_class("in"));
    // Selectors run inside a shadow tree when asked from its root.
    assert!(host
        .shadow_root()
        .unwrap()
        .select_str("p.in")
        .unwrap()
        .next()
        .is_some());
}

#[test]
fn form_owner_api_and_json() {
    let doc = parse("<form></form><table><form><tr><td><input><input form=f>");
    let forms: Vec<_> = doc.select_str("form").unwrap().collect();
    let inputs: Vec<_> = doc.select_str("input").unwrap().collect();
    assert!(inputs[0].form_owner().unwrap().same_node(forms[1]));
    assert!(inputs[1].form_owner().is_none());
    let json = kauri_dom::to_json(doc.root(), &JsonOptions::default());
    assert!(
        json.contains(r#""name":"input","attributes":[],"form_owner":1,"#),
        "{json}"
    );
    // A fragment never associates (its fragment context element is non-null).
    let frag = parse_fragment("<form><input></form>", "body", &ParseOptions::default()).unwrap();
    assert!(frag
        .select_str("input")
        .unwrap()
        .next()
        .unwrap()
        .form_owner()
        .is_none());
}

/// getHTML() with serializable shadow roots writes each as `<template shadowrootmode>`, and
/// parsing that output again gives the same tree (shadow trees included).
#[test]
fn get_html_round_trip_keeps_shadow_trees() {
    let html = "<div><template shadowrootmode=open shadowrootserializable shadowrootdelegatesfocus>\
                <span><template shadowrootmode=closed shadowrootserializable \
                shadowrootslotassignment=manual shadowrootclonable>deep</template>s</span>\
                </template>light</div><p><template shadowrootmode=open>not serializable</template></p>";
    let doc = parse(html);
    let mut out = String::new();
    let options = GetHtmlOptions {
        serializable_shadow_roots: true,
        shadow_roots: &[],
    };
    get_html(doc.root(), &SerializeOptions::default(), &options, &mut out);
    assert_eq!(
        out,
        "<html><head></head><body><div><template shadowrootmode=\"open\" \
         shadowrootdelegatesfocus=\"\" shadowrootserializable=\"\"><span><template \
         shadowrootmode=\"closed\" shadowrootserializable=\"\" shadowrootslotassignment=\"manual\" \
         shadowrootclonable=\"\">deep</template>s</span></template>light</div><p></p></body></html>"
    );
    let again = parse(&out);
    // The non-serializable root was left out; everything else survives.
    let mut expected = doc.to_test_tree();
    expected = expected.replace(
        "|       #shadow-root (open)\n|         \"not serializable\"\n",
        "",
    );
    assert_eq!(again.to_test_tree(), expected);
    // Listing a root includes it even when it is not serializable.
    let p_root = doc
        .select_str("p")
        .unwrap()
        .next()
        .unwrap()
        .shadow_root()
        .unwrap();
    let mut listed = String::new();
    let options = GetHtmlOptions {
        serializable_shadow_roots: false,
        shadow_roots: &[p_root],
    };
    get_html(
        doc.root(),
        &SerializeOptions::default(),
        &options,
        &mut listed,
    );
    assert!(listed.contains("<p><template shadowrootmode=\"open\">not serializable</template></p>"));
    assert!(!listed.contains("deep"));
    // innerHTML/outerHTML never include shadow roots.
    assert_eq!(
        doc.select_str("div").unwrap().next().unwrap().inner_html(),
        "light"
    );
}

#[test]
fn a_copied_document_keeps_its_shadow_roots() {
    let doc = parse("<div><template shadowrootmode=open><b>x</b></template></div>");
    let copy = doc.clone();
    assert_eq!(copy.to_test_tree(), doc.to_test_tree());
    let div = copy.select_str("div").unwrap().next().unwrap();
    assert!(div.shadow_root().unwrap().host().unwrap().same_node(div));
}

#[test]
fn template_for_through_the_library() {
    let html = "<ul><?start name=\"list\"><li>Loading<?end></ul>\
                <template for=list><li>One<li>Two</template>";
    let doc = parse(html);
    assert_eq!(doc.select_str("li").unwrap().count(), 2);
    assert_eq!(
        doc.select_str("ul").unwrap().next().unwrap().text_content(),
        "OneTwo"
    );
    let opts = ParseOptions {
        template_for: false,
        ..Default::default()
    };
    let old = parse_with_options(html, &opts);
    assert_eq!(
        old.select_str("ul").unwrap().next().unwrap().text_content(),
        "Loading"
    );
}
