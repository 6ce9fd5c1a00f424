//! The "shadow-dom" and "template-for" suites: Kauri's own tree tests for declarative shadow
//! roots, form owners and `<template for>`, written from the standard's steps (the standard's
//! own tests for them are JavaScript tests, and the html5lib format has no shadow roots). The
//! files are `crates/kauri-tree-builder/tests/data/shadow-dom.dat` and `template-for.dat`.
//!
//! The format is html5lib's `.dat` (`tree-construction/README.md`) with these additions:
//!
//! * every case starts with a `#description` section that cites the step it checks (a `§`
//!   anchor of the standard); a case without one fails;
//! * a shadow root is a line `#shadow-root (open)` or `#shadow-root (closed)` at the depth of
//!   its host's children, after the host's attributes, with its children one level deeper
//!   (what `kauri parse --format tree` prints); in a fragment whose context element hosts a
//!   shadow root, that root's line comes first, at depth 0;
//! * a form-associated element the parser associated with a form has a line
//!   `form-owner=N` (N: the form's index among the document's `form` elements, tree order,
//!   as `--format json`'s `form_owner`) after its attributes;
//! * optional sections between `#errors` and `#document`: `#shadow-roots-on` /
//!   `#shadow-roots-off` (the parser's "allow declarative shadow roots"; default: on for
//!   documents, off for fragments) and `#template-for-off`.
//!
//! Each case runs with scripting on and off unless it has `#script-on` / `#script-off`.

use super::{FileResult, Suite};
use kauri_dom::{Node, NodeData};
use kauri_testdata::dat::read_dat;
use std::path::Path;

/// One case: the html5lib fields plus the additions above.
struct Case {
    description: String,
    shadow_roots: Option<bool>,
    template_for: bool,
    inner: kauri_testdata::dat::Case,
}

/// Splits a file into cases: each starts with its `#description` section.
fn read_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for block in text.split("#description\n").filter(|b| b.contains("#data")) {
        let description = block.split("#data").next().unwrap_or("").trim().to_owned();
        for (i, inner) in read_dat(block).into_iter().enumerate() {
            // The sections between #errors and #document.
            let sections = block
                .split_once("\n#errors\n")
                .and_then(|(_, rest)| rest.split_once("\n#document\n"))
                .map(|(s, _)| s.to_owned())
                .unwrap_or_default();
            let has = |name: &str| sections.lines().any(|l| l == name);
            cases.push(Case {
                // A second case in one block has no description of its own.
                description: if i == 0 {
                    description.clone()
                } else {
                    String::new()
                },
                shadow_roots: if has("#shadow-roots-on") {
                    Some(true)
                } else if has("#shadow-roots-off") {
                    Some(false)
                } else {
                    None
                },
                template_for: !has("#template-for-off"),
                inner,
            });
        }
    }
    cases
}

/// Appends the extended dump of `root`'s children, `depth` levels in (the DOM's tree dump,
/// `kauri_dom::to_test_tree`, plus `form-owner=N` lines; iterative).
fn dump(root: &Node<'_>, forms: &[&Node<'_>], depth: usize, out: &mut String) {
    enum Item<'n, 'a> {
        Node(&'n Node<'a>, usize),
        Line(String, usize),
        Children(&'n Node<'a>, usize),
    }
    let mut stack = vec![Item::Children(root, depth)];
    while let Some(item) = stack.pop() {
        let (node, depth) = match item {
            Item::Line(line, depth) => {
                push_line(out, &line, depth);
                continue;
            }
            Item::Children(parent, depth) => {
                stack.extend(parent.children().rev().map(|c| Item::Node(c, depth)));
                continue;
            }
            Item::Node(node, depth) => (node, depth),
        };
        match node.data() {
            NodeData::Element(e) => {
                // The element line and its attributes, as the DOM's dump writes them.
                let one = kauri_dom::to_test_tree(single(node).root());
                for line in one.lines() {
                    // The copy's own (empty) `content` line is left out: the real one follows.
                    if (line.starts_with("|   ") && line != "|   content")
                        || line.starts_with("| <")
                    {
                        push_line(out, line.strip_prefix("| ").unwrap_or(line), depth);
                    }
                }
                stack.push(Item::Children(node, depth + 1));
                if let Some(shadow) = node.shadow_root() {
                    stack.push(Item::Children(shadow, depth + 2));
                    let mode = shadow.as_shadow_root().map_or("", |r| r.mode().as_str());
                    stack.push(Item::Line(format!("#shadow-root ({mode})"), depth + 1));
                }
                if let Some(contents) = e.template_contents() {
                    stack.push(Item::Children(contents, depth + 2));
                    stack.push(Item::Line("content".to_owned(), depth + 1));
                }
                if let Some(form) = node.form_owner() {
                    let index = forms.iter().position(|f| f.same_node(form));
                    let n = index.map_or("detached".to_owned(), |n| n.to_string());
                    stack.push(Item::Line(format!("form-owner={n}"), depth + 1));
                }
            }
            _ => {
                let one = kauri_dom::to_test_tree(single(node).root());
                let text = one
                    .strip_prefix("| ")
                    .unwrap_or(&one)
                    .trim_end_matches('\n');
                push_line(out, text, depth);
            }
        }
    }
}

/// `node` alone (without children) in a new document, so the DOM's dump writes just its line
/// and attributes.
fn single(node: &Node<'_>) -> kauri_dom::Document {
    kauri_dom::Document::build(|arena| {
        use kauri_tree_builder::{NodeOrText, TreeSink};
        let mut sink = kauri_dom::DomSink::new(arena);
        let doc = sink.document();
        let copy = match node.data() {
            NodeData::Element(e) => {
                let mut attrs: Vec<kauri_tokenizer::Attribute> = e
                    .attrs()
                    .iter()
                    .map(|(name, value)| kauri_tokenizer::Attribute {
                        name: name.clone(),
                        value: value.clone(),
                    })
                    .collect();
                Some(NodeOrText::Node(sink.create_element(
                    e.qual_name().clone(),
                    kauri_tokenizer::DistinctAttrs::dedup(&mut attrs),
                )))
            }
            NodeData::Text(t) => Some(NodeOrText::Text(t.data())),
            NodeData::Comment(c) => Some(NodeOrText::Node(sink.create_comment(c.data()))),
            NodeData::ProcessingInstruction(p) => Some(NodeOrText::Node(
                sink.create_processing_instruction(p.target(), p.data()),
            )),
            _ => None,
        };
        if let Some(copy) = copy {
            sink.append(&doc, copy);
        }
        sink.finish()
    })
}

/// Writes `line` (without its `| `) at `depth`.
fn push_line(out: &mut String, line: &str, depth: usize) {
    out.push_str("| ");
    out.push_str(&"  ".repeat(depth));
    out.push_str(line);
    out.push('\n');
}

/// The document's `form` elements in tree order.
fn forms_of<'a>(root: &'a Node<'a>) -> Vec<&'a Node<'a>> {
    root.descendants()
        .filter(|n| n.is_html_element(&kauri_tokenizer::local_name!("form")))
        .collect()
}

/// Parses a case in one scripting mode and returns the extended dump.
fn run_case(case: &Case, scripting: bool) -> Result<String, String> {
    let data = &case.inner.data;
    let opts = kauri::ParseOptions {
        scripting,
        declarative_shadow_roots: case.shadow_roots,
        template_for: case.template_for,
        ..kauri::ParseOptions::default()
    };
    let mut out = String::new();
    match &case.inner.fragment {
        None => {
            let doc = kauri::parse_with_options(data, &opts);
            let forms = forms_of(doc.root());
            dump(doc.root(), &forms, 0, &mut out);
        }
        Some(context) => {
            let context: kauri::FragmentContext = context.parse().map_err(|e| format!("{e:?}"))?;
            let arena = kauri_dom::Arena::new();
            let builder = kauri_tree_builder::TreeBuilder::new_for_fragment(
                kauri_dom::DomSink::new(&arena),
                context.name().clone(),
                &[],
                kauri_tree_builder::TreeBuilderOptions {
                    scripting,
                    declarative_shadow_roots: case.shadow_roots.unwrap_or(false),
                    template_for: case.template_for,
                    ..Default::default()
                },
            );
            let initial_state =
                kauri_tree_builder::initial_tokenizer_state(context.name(), scripting)
                    .map(kauri_tokenizer::State::from)
                    .unwrap_or_default();
            let mut tokenizer = kauri_tokenizer::Tokenizer::new(
                builder,
                kauri_tokenizer::TokenizerOptions {
                    initial_state,
                    last_start_tag: None,
                    ..Default::default()
                },
            );
            tokenizer.feed(data).unwrap();
            tokenizer.end().unwrap();
            let builder = tokenizer.into_sink();
            let (root, host) = (builder.fragment_root(), builder.fragment_context_element());
            let (parsed, host) = builder
                .into_sink()
                .finish_fragment_with_context(root.as_ref(), host.as_ref());
            if let Some(shadow) = host.and_then(|h| h.shadow_root()) {
                let mode = shadow.as_shadow_root().map_or("", |r| r.mode().as_str());
                push_line(&mut out, &format!("#shadow-root ({mode})"), 0);
                dump(shadow, &[], 1, &mut out);
            }
            dump(parsed.root, &[], 0, &mut out);
        }
    }
    Ok(out)
}

/// Runs one suite file.
pub fn run(name: &'static str, path: &Path) -> Suite {
    let mut suite = Suite {
        name,
        ..Suite::default()
    };
    let file = super::file_name(path);
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut result = FileResult {
        file: file.clone(),
        passed: 0,
        total: 0,
    };
    let cases = read_cases(&text);
    if cases.is_empty() {
        // Missing data is a failure, never a pass.
        result.total = 1;
        suite
            .failures
            .push(format!("{file}: no cases read from {}", path.display()));
    }
    for case in &cases {
        let modes: &[bool] = match case.inner.script {
            Some(true) => &[true],
            Some(false) => &[false],
            None => &[true, false],
        };
        for &scripting in modes {
            result.total += 1;
            if !case.description.contains('§') {
                suite.failures.push(format!(
                    "{file}: no `#description` citing a step (`§ anchor`)\ninput:\n{}",
                    case.inner.data
                ));
                continue;
            }
            let outcome = std::panic::catch_unwind(|| run_case(case, scripting))
                .unwrap_or_else(|_| Err("panicked".to_string()));
            match outcome {
                Ok(got) if got.trim_end() == case.inner.document.trim_end() => result.passed += 1,
                Ok(got) => suite.failures.push(format!(
                    "{file} (scripting {}): {}\ninput:\n{}\nexpected:\n{}got:\n{}",
                    if scripting { "on" } else { "off" },
                    case.description,
                    case.inner.data,
                    case.inner.document,
                    got
                )),
                Err(e) => suite
                    .failures
                    .push(format!("{file}: {e}\ninput:\n{}", case.inner.data)),
            }
        }
    }
    suite.files.push(result);
    suite.notes.push(format!(
        "Kauri's own cases, written from the standard's steps (each cites the step it checks in \
         its `#description`): `{}`. The `.dat` format is extended with `#shadow-root (open|closed)` \
         lines, `form-owner=N` lines and the `#shadow-roots-on|off` and `#template-for-off` \
         sections (see `xtask/src/conformance/shadow_dom.rs`).",
        path.strip_prefix(super::workspace_root())
            .unwrap_or(path)
            .display()
    ));
    suite
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_descriptions_and_sections() {
        let text = "#description\n§ a step\n#data\n<p>\n#errors\n#shadow-roots-off\n#template-for-off\n#document\n| <p>\n\n#description\n§ b\n#data\nx\n#errors\n#document-fragment\ndiv\n#shadow-roots-on\n#document\n| \"x\"\n";
        let cases = read_cases(text);
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].description, "§ a step");
        assert_eq!(cases[0].shadow_roots, Some(false));
        assert!(!cases[0].template_for);
        assert_eq!(cases[1].inner.fragment.as_deref(), Some("div"));
        assert_eq!(cases[1].shadow_roots, Some(true));
        assert!(cases[1].template_for);
    }

    /// The data is in the repository, so this never skips: both suites pass in full, and each
    /// has at least the number of cases the issue asks for.
    #[test]
    fn every_own_case_passes() {
        for suite in super::super::run_own() {
            assert_eq!(
                suite.passed(),
                suite.total(),
                "{}: {}",
                suite.name,
                suite.failures.join("\n")
            );
            let min_runs = if suite.name == "shadow-dom" { 80 } else { 50 };
            assert!(
                suite.total() >= min_runs,
                "{}: {}",
                suite.name,
                suite.total()
            );
        }
    }
}
