//! The sanitizer's safety properties, over the corpus (`KAURI_CORPUS`) and the known mutation
//! XSS shapes, under the default config and permissive ones:
//!
//! * fixpoint: sanitizing the output again, in the same context, gives the same string;
//! * round trip: parsing the output in that context gives the tree that was serialized (no
//!   mutation XSS), compared node by node with the tree `sanitize_to_tree` returns.

use kauri_dom::{parse_fragment_for, FragmentContext, ParseOptions};
use kauri_dom::{Document, Node};
use kauri_sanitizer::Sanitizer;
use kauri_tokenizer::{LocalName, Namespace, QualName};

fn context(name: &str) -> QualName {
    match name.split_once(' ') {
        Some(("svg", local)) => QualName::new(Namespace::Svg, LocalName::from(local)),
        Some(("math", local)) => QualName::new(Namespace::MathMl, LocalName::from(local)),
        _ => QualName::html(LocalName::from(name)),
    }
}

/// The parse `setHTML` does (declarative shadow roots allowed, scripting on).
fn reparse(html: &str, ctx: &QualName) -> Document {
    let options = ParseOptions {
        declarative_shadow_roots: Some(true),
        ..Default::default()
    };
    let context = FragmentContext::element(ctx.clone(), Vec::new());
    parse_fragment_for(html, &context, &options)
}

/// The configs the properties must hold under: the default, everything the safe methods allow,
/// everything at all (unsafe), and ones that unwrap structure and let the mutation XSS
/// ingredients through.
fn sanitizers() -> Vec<(&'static str, Sanitizer, bool)> {
    let json = |text: &str| Sanitizer::from_json(text).expect(text);
    vec![
        ("default", Sanitizer::default(), true),
        (
            "{} safe",
            Sanitizer::for_safe_methods(Default::default()).unwrap(),
            true,
        ),
        ("{} unsafe", json("{}"), false),
        (
            "unwrap structure",
            json(
                r#"{"replaceWithChildrenElements": ["div", "span", "table", "tbody", "tr", "p", "form", "a", "li", "ul", "section", "b", "i", "font", "center"]}"#,
            ),
            true,
        ),
        (
            "mxss ingredients",
            json(
                r#"{"elements": ["div", "p", "form", "noscript", "style", "math", "mtext", "mglyph", "malignmark", "table", "td", "tr", "tbody", "svg", "title", "desc", "foreignObject", "img", "a", "select", "option", "textarea", "xmp", "template", "noembed", "iframe", "plaintext"], "attributes": ["id", "src", "href", "title"]}"#,
            ),
            true,
        ),
        (
            "mxss ingredients, unwrapped",
            json(
                r#"{"removeElements": ["script"], "replaceWithChildrenElements": ["table", "tbody", "tr", "td", "select", "p", "form", "mtext"]}"#,
            ),
            false,
        ),
    ]
}

fn sanitize(s: &Sanitizer, html: &str, ctx: &QualName, safe: bool) -> String {
    if safe {
        s.sanitize_for(html, ctx)
    } else {
        s.sanitize_unsafe_for(html, ctx)
    }
}

/// The test-tree dump of a fragment's children (template contents included), without shadow
/// roots: a string never carries them (`innerHTML`), so they are not part of what is
/// serialized.
fn dump(root: &Node<'_>) -> String {
    let full = kauri_dom::to_test_tree(root);
    let mut out = String::new();
    let mut skip_deeper_than: Option<usize> = None;
    let mut skipping = false;
    for line in full.lines() {
        // A text node's data may hold newlines: a line not starting with `|` continues the
        // node of the line before.
        if !line.starts_with('|') {
            if !skipping {
                out.push_str(line);
                out.push('\n');
            }
            continue;
        }
        let indent = line.len() - line.trim_start_matches(['|', ' ']).len();
        skipping = false;
        if let Some(depth) = skip_deeper_than {
            if indent > depth {
                skipping = true;
                continue;
            }
            skip_deeper_than = None;
        }
        if line
            .trim_start_matches(['|', ' '])
            .starts_with("#shadow-root")
        {
            skip_deeper_than = Some(indent);
            skipping = true;
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// [`dump`] without `is` attributes, which [`is_values`] compares: an element whose `is`
/// attribute the sanitizer removed keeps its `is` value, which the serialization writes as an
/// `is` attribute (§ serialising-html-fragments), so the re-parse has the attribute and the
/// same `is` value.
fn dump_without_is(root: &Node<'_>) -> String {
    let mut out = String::new();
    let mut in_is_value = false;
    for line in dump(root).lines() {
        if line.starts_with('|') {
            in_is_value = line.trim_start_matches(['|', ' ']).starts_with("is=\"");
        }
        // (A value with a newline goes on over the lines that do not start with `|`.)
        if !in_is_value {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The `is` value of each element under `root`, in tree order.
fn is_values(root: &Node<'_>) -> Vec<Option<String>> {
    root.descendants()
        .filter_map(|node| node.as_element())
        .map(|element| element.is_value().map(str::to_owned))
        .collect()
}

/// The distinct inputs of html5lib-tests' tree-construction suite (`None`, after saying so,
/// where the data may be missing: see `kauri_testdata::html5lib_tests_or_skip`).
fn tree_construction_inputs(test: &str) -> Option<Vec<String>> {
    let dir = kauri_testdata::html5lib_tests_or_skip(test)?;
    let files = kauri_testdata::files_with_suffix(&dir.join("tree-construction"), ".dat");
    let mut inputs: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).expect("read a .dat file");
            kauri_testdata::dat::read_dat(&text)
        })
        .map(|case| case.data)
        .collect();
    inputs.sort();
    inputs.dedup();
    Some(inputs)
}

/// Fails with every failure's description, when there are any.
fn assert_no_failures(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Checks both properties for one input; returns a description of the first failure.
fn check(name: &str, s: &Sanitizer, safe: bool, html: &str, ctx: &QualName) -> Result<(), String> {
    let out = sanitize(s, html, ctx, safe);
    let again = sanitize(s, &out, ctx, safe);
    if again != out {
        return Err(format!(
            "{name}: not a fixpoint\n out:   {out:.300}\n again: {again:.300}"
        ));
    }
    let tree = if safe {
        s.sanitize_to_tree(html, ctx)
    } else {
        // The unsafe string's tree: the string parses back to it (checked below) and
        // sanitizing it again changes nothing (checked above).
        reparse(&out, ctx)
    };
    let reparsed = reparse(&out, ctx);
    if dump_without_is(reparsed.root()) != dump_without_is(tree.root())
        || is_values(reparsed.root()) != is_values(tree.root())
    {
        return Err(format!(
            "{name}: re-parsing the output gives another tree\n out: {out:.300}"
        ));
    }
    // The context's innerHTML: literal text in a raw text context (scripting is on).
    let raw = ctx.ns == Namespace::Html
        && (kauri_dom::serialize::is_raw_text_element(&ctx.local)
            || ctx.local.as_ref() == "noscript");
    let serialized = if raw {
        reparsed
            .root()
            .children()
            .filter_map(|c| c.as_text())
            .collect()
    } else {
        // The sanitizer writes a carriage return as `&#13;` where `innerHTML` writes it as it
        // is (and the next parse reads a line feed).
        reparsed.root().inner_html().replace('\r', "&#13;")
    };
    if serialized != out {
        return Err(format!("{name}: the re-parsed tree serializes differently"));
    }
    Ok(())
}

/// What would run script in a tree parsed from a safe method's output: a `script` element, an
/// `on*` attribute in the event handler list, or a `javascript:` href.
fn runs_script(doc: &Document) -> bool {
    doc.root().descendants().any(|node| {
        node.as_element().is_some_and(|e| {
            e.local_name().as_ref() == "script"
                || e.attributes().any(|(name, value)| {
                    ["onerror", "onload", "onclick", "onfocus"].contains(&name.local.as_ref())
                        || value
                            .trim_start()
                            .to_ascii_lowercase()
                            .starts_with("javascript:")
                })
        })
    })
}

/// The standard's tree for `shape` (`setHTML`, or `setHTMLUnsafe` for an unsafe config)
/// written out and parsed again, and whether that differs from the tree.
fn spec_tree_reparsed(s: &Sanitizer, safe: bool, shape: &str, ctx: &QualName) -> (Document, bool) {
    let tree = if safe {
        s.set_html(shape, ctx)
    } else {
        s.set_html_unsafe(shape, ctx)
    };
    let reparsed = reparse(&tree.root().inner_html(), ctx);
    let differs = dump(reparsed.root()) != dump(tree.root());
    (reparsed, differs)
}

#[test]
fn mutation_xss_shapes_round_trip_under_permissive_configs() {
    let shapes = [
        // `<style>` in `<noscript>` (raw text with scripting on, markup with it off).
        r#"<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>"#,
        r#"<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>"#,
        // `<mglyph>` / `<malignmark>` in MathML text integration points.
        r#"<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>"#,
        r#"<math><mtext><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">"#,
        r#"<math><mtext><table><malignmark><style><img src onerror=alert(1)>"#,
        // Misnested `<form>` (DOMPurify 2.0.17's bypass).
        r#"<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>"#,
        r#"<form id=a><div></form><form id=b><p>x</p></form>"#,
        // Namespace confusion through svg/p breakouts and raw text.
        r#"<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">"#,
        r#"<svg><p><style><img src=x onerror=alert(1)></style></p></svg>"#,
        r#"<math><style><img src=x onerror=alert(1)></style></math>"#,
        r#"<select><template><style><img src=x onerror=alert(1)></style></template></select>"#,
        r#"<table><tr><td><xmp></td></xmp><img src=x onerror=alert(1)>"#,
        r#"<div><template shadowrootmode=open><img src=x onerror=alert(1)></template></div>"#,
        r#"<template><template shadowrootmode=open><style></template><img onerror=alert(1) src></style></template>"#,
        // `pre` / `listing` drop a newline after the start tag, which serializing does not
        // write back: a text that starts with one after a removal must not skip the check.
        "<pre>\n\nx</pre>",
        "<pre><img src=x>\nx</pre>",
        "<listing><!--c-->\n\ny</listing>",
        "<pre><b>\n</b>x\n</pre>",
    ];
    // How many of these the standard's tree alone would not survive re-parsing (the repair's
    // work): the shapes must exercise it.
    let mut mutating = 0;
    // Of those, the safe-method runs whose re-parsed markup would run script (the mutation XSS
    // of browsers' setHTML).
    let mut script_after_reparse = 0;
    let mut script_configs = std::collections::BTreeSet::new();
    for (name, s, safe) in sanitizers() {
        for ctx in [
            "div", "td", "svg svg", "math mi", "template", "textarea", "noscript",
        ] {
            let ctx = context(ctx);
            for shape in shapes {
                let (spec_reparsed, mutates) = spec_tree_reparsed(&s, safe, shape, &ctx);
                if mutates {
                    mutating += 1;
                    if safe && runs_script(&spec_reparsed) {
                        script_after_reparse += 1;
                        script_configs.insert(name);
                    }
                }
                if let Err(e) = check(name, &s, safe, shape, &ctx) {
                    panic!("{e}\n input: {shape}\n context: {ctx:?}");
                }
                if safe {
                    let out = s.sanitize_for(shape, &ctx);
                    assert!(
                        !runs_script(&reparse(&out, &ctx)),
                        "{name}: {shape} -> {out}"
                    );
                }
            }
        }
    }
    assert!(
        mutating > 10,
        "only {mutating} (config, context, shape) runs mutate on re-parse"
    );
    assert!(
        script_after_reparse > 0,
        "no shape turns into script on re-parse"
    );
    eprintln!(
        "{mutating} runs where the standard's tree would mutate on re-parse, \
         {script_after_reparse} of them (safe methods) into markup that runs script, under {script_configs:?}"
    );
}

/// The adoption agency algorithm, with a furthest block, moves that block to the common
/// ancestor (§ adoption-agency-algorithm, steps 4.15 to 4.19), which can nest elements that
/// markup never nests: `<h3><a><h3><a>` leaves an `h3` child of an `h3` (found by the
/// `sanitize` fuzz target). Every element in these is one the re-parse check may otherwise
/// trust, so they must not skip it.
#[test]
fn adoption_agency_moves_do_not_skip_the_reparse_check() {
    let shapes = [
        "<h3><a><h3><a>",
        "<h1><b><h2><b>x",
        "<h2><i>a<h4>b</i>c",
        "<p>Unclosed <b>bold <i>italic</p><p>next paragraph</b> still going",
        "<li><b><div><li>x</b>y",
        "<dt><em><div><dd>x</em>",
        "<a><h5><a>x</a></h5>",
    ];
    let mut unstable_trees = 0;
    for (name, s, safe) in sanitizers() {
        for ctx in ["div", "body"] {
            let ctx = context(ctx);
            for shape in shapes {
                if spec_tree_reparsed(&s, safe, shape, &ctx).1 {
                    unstable_trees += 1;
                }
                if let Err(e) = check(name, &s, safe, shape, &ctx) {
                    panic!("{e}\n input: {shape}\n context: {ctx:?}");
                }
            }
        }
    }
    // The shapes must include trees that would not survive re-parsing unchecked.
    assert!(
        unstable_trees >= 4,
        "only {unstable_trees} runs give a tree that re-parses differently"
    );
}

#[test]
fn corpus_output_is_a_fixpoint_and_round_trips() {
    let Some(_) = kauri_testdata::corpus_or_skip("corpus_output_is_a_fixpoint_and_round_trips")
    else {
        return;
    };
    let pages = kauri_testdata::corpus_pages().expect("corpus");
    assert!(
        pages.len() >= 100,
        "expected the 101 corpus pages, found {}",
        pages.len()
    );
    let div = context("div");
    let sanitizers = sanitizers();
    let mut failures = Vec::new();
    for page in &pages {
        let bytes = std::fs::read(page).expect("read page");
        let html = String::from_utf8_lossy(&bytes);
        for (name, s, safe) in &sanitizers {
            if let Err(e) = check(name, s, *safe, &html, &div) {
                failures.push(format!("{}: {e}", page.display()));
            }
        }
    }
    assert_no_failures(&failures);
}

#[test]
fn default_removes_script_and_handlers_in_templates_svg_and_shadow_roots() {
    let s = Sanitizer::default();
    let div = context("div");
    // Template contents: the default has no `template`, so all of it goes.
    assert_eq!(
        s.sanitize("<template><script>x()</script><img src=a onerror=alert(1)></template>ok"),
        "ok"
    );
    // SVG: the element stays, the handler and the script go.
    assert_eq!(
        s.sanitize(r#"<svg onload="alert(1)"><script>x()</script><rect onerror="alert(1)" width=1></rect></svg>"#),
        r#"<svg><rect width="1"></rect></svg>"#
    );
    // A declarative shadow root: sanitized where it is (and never serialized by innerHTML).
    let tree = s.set_html(
        r#"<div><template shadowrootmode=open><p onclick=x()>in<script>x()</script></p></template>out</div>"#,
        &div,
    );
    let host = tree.root().first_child().unwrap();
    let shadow = host.shadow_root().expect("the shadow root is kept");
    assert_eq!(shadow.inner_html(), "<p>in</p>");

    // With a config that allows templates, images and even script, the safe methods still
    // remove the script and the handler inside template contents and shadow roots.
    let permissive = Sanitizer::from_json(
        r#"{"elements": ["template", "img", "script", "div", "svg", {"name": "svg", "namespace": "http://www.w3.org/2000/svg"}, {"name": "image", "namespace": "http://www.w3.org/2000/svg"}], "attributes": ["src", "onerror", "onload", "shadowrootmode", "href"]}"#,
    )
    .unwrap();
    assert_eq!(
        permissive
            .sanitize("<template><script>x()</script><img src=a onerror=alert(1)></template>"),
        r#"<template><img src="a"></template>"#
    );
    assert_eq!(
        permissive
            .sanitize(r#"<svg onload=alert(1)><image href=x onerror=alert(1)></image></svg>"#),
        r#"<svg><image href="x"></image></svg>"#
    );
    let tree = permissive.set_html(
        r#"<div><template shadowrootmode=open><img src=a onerror=alert(1)><script>x()</script></template></div>"#,
        &div,
    );
    let shadow = tree.root().first_child().unwrap().shadow_root().unwrap();
    assert_eq!(shadow.inner_html(), r#"<img src="a">"#);
    // The unsafe method applies the config as given.
    assert_eq!(
        permissive.sanitize_unsafe(
            "<template><script>x()</script><img src=a onerror=alert(1)></template>"
        ),
        r#"<template><script>x()</script><img src="a" onerror="alert(1)"></template>"#
    );
}

/// A carriage return from `&#13;` stays in the sanitized tree (the repair loop once removed
/// the text: its serialization writes the CR as it is and re-parses as LF, which the loop
/// took for a difference); the string re-parses to the same tree with the line feed, and
/// sanitizing that string gives it again (the fuzz target `sanitize` found the case).
#[test]
fn carriage_return_references_keep_their_text() {
    let s = Sanitizer::default();
    for ctx in ["div", "body", "p", "textarea"] {
        let ctx = context(ctx);
        for html in [
            "a&#13;b",
            "<p title='x&#13;y'>a&#13;&#10;b</p>",
            "x<!--c\r-->&#13;",
            "<svg><style>&#13;</style></svg>",
        ] {
            let tree = s.sanitize_to_tree(html, &ctx);
            let text = tree.root().text_content();
            assert!(
                text.contains('\r') || !html.contains("&#13;b"),
                "{html}: {text:?}"
            );
            assert!(
                text.contains('a') || !html.contains('a'),
                "{html}: the text went: {text:?}"
            );
            // The string writes each carriage return as `&#13;`, so it parses back to the
            // very tree, and sanitizing it again changes nothing.
            let out = s.sanitize_for(html, &ctx);
            assert!(!out.contains('\r'), "{html} -> {out:?}");
            let reparsed = reparse(&out, &ctx);
            assert_eq!(
                dump(reparsed.root()),
                dump(tree.root()),
                "{html} -> {out:?}"
            );
            assert_eq!(s.sanitize_for(&out, &ctx), out, "{html}");
        }
    }
}

/// Every input of html5lib-tests' tree construction suite (`KAURI_HTML5LIB_TESTS`), the
/// parser's hostile cases (foster parenting, misnested tables and formatting, foreign
/// content), through every config, in a `div` context: the output is a fixpoint and parses
/// back to its tree. This covers the inputs for which the re-parse check is skipped
/// (`round_trip::is_stable`: tables without foster parenting, text alone) as much as those
/// it repairs.
#[test]
fn tree_construction_inputs_are_fixpoints_and_round_trip() {
    let Some(inputs) =
        tree_construction_inputs("tree_construction_inputs_are_fixpoints_and_round_trip")
    else {
        return;
    };
    assert!(
        inputs.len() > 1500,
        "expected the suite's inputs, found {}",
        inputs.len()
    );
    let div = context("div");
    let sanitizers = sanitizers();
    let mut failures = Vec::new();
    for html in &inputs {
        for (name, s, safe) in &sanitizers {
            if let Err(e) = check(name, s, *safe, html, &div) {
                failures.push(format!("{html:?}: {e}"));
            }
        }
    }
    assert_no_failures(&failures);
}

/// The sanitizing sink filters a kept element's attributes as it creates the element, and
/// "sanitize core" then runs only when the parser added attributes later: the tree it leaves
/// must be one that the whole walk (`Sanitizer::sanitize_document`, which trusts nothing)
/// leaves unchanged, shadow roots, template contents and `is` values included. Over the
/// tree-construction inputs and the corpus, under every config of [`sanitizers`] and ones
/// whose attribute rules are per element, data attributes and `javascript:` URLs.
#[test]
fn the_sinks_tree_is_one_the_whole_walk_leaves_unchanged() {
    let test = "the_sinks_tree_is_one_the_whole_walk_leaves_unchanged";
    let (Some(mut inputs), Some(_)) = (
        tree_construction_inputs(test),
        kauri_testdata::corpus_or_skip(test),
    ) else {
        return;
    };
    for page in kauri_testdata::corpus_pages().expect("corpus") {
        let bytes = std::fs::read(page).expect("read page");
        inputs.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    // Attributes that only some configs keep, on formatting elements (the list of active
    // formatting elements recreates and compares them by their tokens' attributes), with
    // `is` values and in the places the parser adds attributes to.
    inputs.extend(
        [
            r#"<a href="javascript:x" title=t onclick=y>1<p>2</a>3"#,
            r#"<b is=x-b onclick=1><b onclick=2><b onclick=3><b onclick=4>x</b></b></b></b>"#,
            r#"<b title=1 data-x=1><b title=1 data-x=2><b title=1><b title=1><p>y"#,
            r#"<html onload=x lang=en><body onclick=y><html title=t><body data-a=1 onclick=z>"#,
            r#"<select><button><selectedcontent></selectedcontent></button><option selected id=o onclick=x><b title=t onclick=y>b</b></option></select>"#,
            r#"<svg><a href="javascript:x" xlink:href="javascript:y"></a><animate attributeName=href to="javascript:z"/><set attributeName="xlink:href"/></svg>"#,
            r#"<math><mi href="javascript:x" xlink:href="javascript:y">m</mi></math>"#,
            r#"<template><i is=x-i onclick=x title=t>t</i></template><div><template shadowrootmode=open><u onclick=x title=y>s</u></template></div>"#,
            r#"<form action="javascript:x"><button formaction="javascript:y" id=b>b</button></form>"#,
        ]
        .map(String::from),
    );
    let json = |text: &str| Sanitizer::from_json(text).expect(text);
    let mut configs = sanitizers();
    configs.push((
        "per-element attributes",
        json(
            r#"{"elements": [{"name": "a", "attributes": ["href"]}, {"name": "b", "removeAttributes": ["title"]}, "i", "p", "u", "div", "select", "option", "button", "selectedcontent", "template", "form", {"name": "svg", "namespace": "http://www.w3.org/2000/svg"}, {"name": "a", "namespace": "http://www.w3.org/2000/svg", "attributes": [{"name": "href", "namespace": "http://www.w3.org/1999/xlink"}]}, {"name": "animate", "namespace": "http://www.w3.org/2000/svg", "attributes": ["attributeName", "to"]}, {"name": "math", "namespace": "http://www.w3.org/1998/Math/MathML"}, {"name": "mi", "namespace": "http://www.w3.org/1998/Math/MathML", "attributes": ["href"]}], "attributes": ["title", "id", "lang"], "dataAttributes": true}"#,
        ),
        true,
    ));
    configs.push((
        "javascript URLs kept",
        json(r#"{"removeAttributes": ["onclick"], "javascriptURLs": true}"#),
        false,
    ));
    let div = context("div");
    let mut failures = Vec::new();
    for html in &inputs {
        for (name, s, safe) in &configs {
            let mut tree = if *safe {
                s.set_html(html, &div)
            } else {
                s.set_html_unsafe(html, &div)
            };
            let before = (kauri_dom::to_test_tree(tree.root()), is_values(tree.root()));
            s.sanitize_document(&mut tree, *safe);
            let after = (kauri_dom::to_test_tree(tree.root()), is_values(tree.root()));
            if before != after {
                failures.push(format!(
                    "{name}: {html:?}\nsink:\n{}\nwhole walk:\n{}",
                    before.0, after.0
                ));
            }
        }
    }
    assert!(
        inputs.len() > 1600,
        "expected the suite's inputs and the corpus, found {}",
        inputs.len()
    );
    assert_no_failures(&failures);
}

/// Where every element is kept, sanitizing while parsing and sanitizing the parsed tree give
/// the same tree: the attributes the sink drops at creation are still the token's where the
/// list of active formatting elements compares elements (the Noah's Ark clause) and recreates
/// them (its reconstruction, the adoption agency algorithm). Were the kept attributes used,
/// four `<b>` that differ only in a dropped `onclick` would count as equal.
#[test]
fn dropped_attributes_still_tell_formatting_elements_apart() {
    let inputs = [
        "<p><b onclick=1><b onclick=2><b onclick=3><b onclick=4>x</p>y",
        "<p><b title=a onclick=1><b title=a onclick=2><b title=a onclick=3><b title=a onclick=4>x</p>y",
        "<p><i onclick=1><i onclick=2><i onclick=3><i onclick=4><i onclick=5>x<table><td>x</table>y</p>z",
        r#"<a href="javascript:1">a<a href="javascript:2">b<a href="javascript:3">c"#,
        r#"<a href="javascript:x" title=t>1<p>2</a>3"#,
        "<p><u is=x-u onclick=1><u is=x-u onclick=2><u is=x-u onclick=3><u is=x-u onclick=4>x</p>z",
    ];
    let s = Sanitizer::default();
    let div = context("div");
    for html in inputs {
        let while_parsing = s.set_html(html, &div);
        let mut after_parsing = reparse(html, &div);
        s.sanitize_document(&mut after_parsing, true);
        assert_eq!(
            kauri_dom::to_test_tree(while_parsing.root()),
            kauri_dom::to_test_tree(after_parsing.root()),
            "{html}"
        );
        assert_eq!(
            is_values(while_parsing.root()),
            is_values(after_parsing.root()),
            "{html}"
        );
    }
}
