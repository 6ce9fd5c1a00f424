//! The sanitizer suite: every WPT `sanitizer-api/*.sub.dat` (`$KAURI_WPT`, see
//! `../shared/wpt/PROVENANCE.md`), run as WPT's harness runs it.
//!
//! Each case's `#data` goes through `setHTML` or `setHTMLUnsafe` (the file's method, or the
//! case's `#method`) on a fresh `#document-fragment` element (`div` by default), with
//! `{sanitizer: JSON.parse(#config)}`: a config that is not JSON is `undefined` (the built-in
//! safe default for `setHTML`; for `setHTMLUnsafe` no sanitizer, which is the DOM edit
//! `Editor::set_html_unsafe` on an element of a new document); a config the standard rejects
//! must be expected (`#error`). The result's children are dumped in the harness's format and
//! compared with `#document`, attributes in any order (the harness compares with
//! `isEqualNode`), text nodes exactly as split, template contents included. `{{host}}` is
//! `web-platform.test`, as wptserve substitutes it.
//!
//! The inline tables of the `.html` pages run with the calls each page's script makes per table
//! ([`INLINE_TABLES`]): `setHTML` / `setHTMLUnsafe` on a `div`, and `Document.parseHTML` /
//! `parseHTMLUnsafe` (the facade's `parse_html` / `parse_html_unsafe`, the whole document
//! dumped). The pages' `ShadowRoot.setHTML` calls parse in the host's context, as the `div`
//! calls do, and are not run again; nor are the processing instruction page's `parseHTML`
//! calls, which wrap each case in a `div` and extend the config with `allowElement`.

use super::{file_name, files_with_suffix, FileResult, Suite};
use kauri::{Namespace, Node, NodeData, Sanitizer, SanitizerConfig};
use kauri_testdata::wpt::{read_testcases, TestCase};
use std::path::Path;

/// Cases whose WPT expectation Kauri does not follow, by file and `#data`, with the reason
/// and the standard's step.
const WPT_BUGS: &[(&str, &str, &str)] = &[
    (
        "sanitizer-processing-instructions.html",
        "<div><?unlisted-target data?></div>",
        PI_DATA,
    ),
    (
        "sanitizer-processing-instructions.html",
        "<div><?target data?></div>",
        PI_DATA,
    ),
];

/// The reason for the processing instruction cases whose `#document` is not in the dump format
/// (they fail in every browser: the harness's `build_node_tree` cannot read them).
const PI_DATA: &str = "a WPT data error, not a sanitizer question: the expected `#document` has a line that is not an html5lib dump line (the table's last case ends with the indentation before `</script>`, and `unsafe-only`/3 and `safe-only`/0 write `| <div><?target data?></div>` and `| <div></div>` on one line), which WPT's own `build_node_tree` cannot read, so the case fails in every browser (Chromium 156 too, PROVENANCE.md)";

/// The method a file's cases use when they name none (PROVENANCE.md's table).
fn default_method(file: &str) -> &'static str {
    match file {
        "sethtml-unsafety.sub.dat" | "sethtmlunsafe-toplevel-template-script.sub.dat" => {
            "setHTMLUnsafe"
        }
        _ => "setHTML",
    }
}

/// Runs one case: the dump of the context element's children, or `Err` with the error name
/// (`TypeError`) when the config is rejected.
fn run_case(
    case: &TestCase,
    method: &str,
    config_override: Option<&str>,
) -> Result<Vec<String>, String> {
    let data = case
        .get("data")
        .unwrap_or_default()
        .replace("{{host}}", HOST);
    // (safe, a whole document: `Document.parseHTML` / `parseHTMLUnsafe`)
    let (safe, document) = match case.get("method").unwrap_or(method) {
        "setHTML" => (true, false),
        "setHTMLUnsafe" => (false, false),
        "parseHTML" => (true, true),
        "parseHTMLUnsafe" => (false, true),
        other => return Err(format!("unknown #method {other}")),
    };
    let context_name = case.get("document-fragment").unwrap_or("div");
    let context: kauri::FragmentContext = context_name
        .parse()
        .map_err(|e| format!("bad context: {e}"))?;
    let context = context.name().clone();
    // `JSON.parse` failing (or no `#config`) leaves the sanitizer undefined.
    let config = config_override
        .or(case.get("config"))
        .map(SanitizerConfig::from_json)
        .and_then(|parsed| match parsed {
            Err(kauri::ConfigError::Json(_)) => None,
            other => Some(other),
        });
    let preset = config_override
        .or(case.get("config"))
        .is_some_and(|json| json.trim() == "\"default\"");
    let sanitizer = match config {
        _ if preset => Some(Sanitizer::default()),
        None if safe => Some(Sanitizer::default()),
        None => None,
        Some(Err(_)) => return Err("TypeError".into()),
        Some(Ok(config)) => Some(
            if safe {
                Sanitizer::for_safe_methods(config)
            } else {
                Sanitizer::new(config)
            }
            .map_err(|_| "TypeError".to_string())?,
        ),
    };
    let doc = match (&sanitizer, safe) {
        _ if document => match (&sanitizer, safe) {
            (Some(s), true) => kauri::parse_html(&data, s),
            _ => kauri::parse_html_unsafe(&data, sanitizer.as_ref()),
        },
        (Some(s), true) => s.set_html(&data, &context),
        (Some(s), false) => s.set_html_unsafe(&data, &context),
        // `setHTMLUnsafe` without a sanitizer: the DOM edit.
        (None, _) => {
            let mut doc = kauri::Document::new();
            doc.edit(|ed| {
                let element = ed.create_element(context_name)?;
                ed.append_child(ed.root(), element)?;
                ed.set_html_unsafe(element, &data)
            })
            .map_err(|e| e.to_string())?;
            let mut lines = Vec::new();
            if let Some(element) = doc.root().first_child() {
                dump_children(element, 0, &mut lines);
            }
            return Ok(lines);
        }
    };
    let mut lines = Vec::new();
    dump_children(doc.root(), 0, &mut lines);
    Ok(lines)
}

const HOST: &str = "web-platform.test";

/// One call a page's script makes per case: the method and the config passed instead of the
/// case's own (`None`: `JSON.parse(#config)`, absent meaning no options); a method ending in
/// `?` runs only for the cases that have a `#config`.
type InlineRun = (&'static str, Option<&'static str>);

/// A table of a page (the `id` of its script element, `*` for every table) and its calls.
type TableRuns = (&'static str, &'static [InlineRun]);

/// The `.html` files whose inline `<script type="html5lib-testcases">` tables run here, each
/// with the calls its script makes per case, by table (`id` of the script element; `*`: every
/// table of the page).
const INLINE_TABLES: &[(&str, &[TableRuns])] = &[
    (
        "sanitizer-basic-filtering.html",
        &[("*", &[("setHTML", None), ("setHTMLUnsafe", None)])],
    ),
    (
        "sanitizer-javascript-url.html",
        &[("*", &[("setHTML", Some("{}"))])],
    ),
    (
        "sanitizer-in-noahs-ark.html",
        &[("*", &[("setHTML", None), ("setHTMLUnsafe?", None)])],
    ),
    (
        "sanitizer-processing-instructions.html",
        &[
            ("agnostic", &[("setHTMLUnsafe", None), ("setHTML", None)]),
            ("unsafe-only", &[("setHTMLUnsafe", None)]),
            ("safe-only", &[("setHTML", None)]),
        ],
    ),
    (
        "sanitizer-duplicate-html-body.html",
        &[
            ("safe", &[("parseHTML", None)]),
            ("unsafe", &[("parseHTMLUnsafe", None)]),
            ("fragment", &[("setHTML", None)]),
        ],
    ),
    (
        "sanitizer-parseHTML.html",
        &[
            ("all", &[("parseHTML", None), ("parseHTMLUnsafe", None)]),
            ("safe", &[("parseHTML", None)]),
            ("unsafe", &[("parseHTMLUnsafe", None)]),
            (
                "document",
                &[("parseHTMLUnsafe", Some("{}")), ("parseHTML", Some("{}"))],
            ),
        ],
    ),
];

/// The `id` (or `""`) and text of each `<script type="html5lib-testcases">` (or
/// `type="html5lib-tests"`) element of a test page.
fn inline_groups(html: &str) -> Vec<(&str, &str)> {
    let mut groups = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script") {
        let tag = &rest[start..];
        let Some(tag_end) = tag.find('>') else { break };
        let open_tag = &tag[..tag_end];
        let id = open_tag
            .split_once("id=\"")
            .and_then(|(_, rest)| rest.split('"').next())
            .unwrap_or_default();
        let body = &tag[tag_end + 1..];
        let is_table = open_tag.contains("type=\"html5lib-testcases\"")
            || open_tag.contains("type=\"html5lib-tests\"");
        if !is_table {
            // Another script, or `<script>` in prose: look on after the tag.
            rest = body;
            continue;
        }
        let Some(end) = body.find("</script>") else {
            break;
        };
        groups.push((id, &body[..end]));
        rest = &body[end..];
    }
    groups
}

/// The children of `node` in the harness's `#document` format, attributes sorted.
fn push_children<'a>(
    stack: &mut Vec<(usize, &'a Node<'a>, bool)>,
    parent: &'a Node<'a>,
    depth: usize,
) {
    let children: Vec<_> = parent.children().collect();
    for child in children.into_iter().rev() {
        stack.push((depth, child, false));
    }
}

fn dump_children<'a>(root: &'a Node<'a>, depth: usize, out: &mut Vec<String>) {
    // (depth, node) in tree order; template contents as a `content` line.
    let mut stack: Vec<(usize, &'a Node<'a>, bool)> = Vec::new();
    let push = push_children;
    push(&mut stack, root, depth);
    while let Some((depth, node, is_contents)) = stack.pop() {
        let pad = "  ".repeat(depth);
        if is_contents {
            out.push(format!("| {pad}content"));
            push(&mut stack, node, depth + 1);
            continue;
        }
        match node.data() {
            NodeData::Element(e) => {
                let prefix = match e.namespace() {
                    Namespace::Html => "",
                    Namespace::Svg => "svg ",
                    Namespace::MathMl => "math ",
                };
                out.push(format!("| {pad}<{prefix}{}>", e.local_name()));
                let mut attrs: Vec<String> = e
                    .attributes()
                    .map(|(name, value)| {
                        let prefix = name
                            .ns
                            .prefix()
                            .map(|p| format!("{p} "))
                            .unwrap_or_default();
                        format!("| {pad}  {prefix}{}=\"{value}\"", name.local)
                    })
                    .collect();
                attrs.sort();
                out.extend(attrs);
                // Children first in the stack order means contents come after them; a parsed
                // template has no children, so put the contents right after the attributes.
                push(&mut stack, node, depth + 1);
                if let Some(contents) = e.template_contents() {
                    stack.push((depth + 1, contents, true));
                }
            }
            NodeData::Text(t) => out.push(format!("| {pad}\"{}\"", t.data())),
            NodeData::Comment(c) => out.push(format!("| {pad}<!--{}-->", c.data())),
            NodeData::ProcessingInstruction(pi) => {
                let data = if pi.data().is_empty() {
                    String::new()
                } else {
                    format!(" {}", pi.data())
                };
                out.push(format!("| {pad}<?{}{data}?>", pi.target()));
            }
            // A DOM doctype always has both identifiers (maybe empty), as the harness's
            // `createDocumentType` makes them.
            NodeData::Doctype(d) => out.push(format!(
                "| {pad}<!DOCTYPE {} \"{}\" \"{}\">",
                d.name(),
                d.public_id(),
                d.system_id()
            )),
            _ => {}
        }
    }
}

/// The expected `#document` with each element's attribute lines sorted.
fn expected_lines(document: &str) -> Vec<String> {
    let document = document.replace("{{host}}", HOST);
    // The harness reads a line's depth as the number of steps `i < spaces / 2` takes, so an
    // odd indentation (a slip in some WPT data) counts as the next level.
    let mut lines: Vec<String> = document
        .split('\n')
        .filter(|l| !l.is_empty())
        .map(|line| match line.strip_prefix("| ") {
            Some(rest) => {
                let content = rest.trim_start_matches(' ');
                let level = (rest.len() - content.len()).div_ceil(2);
                format!("| {}{content}", "  ".repeat(level))
            }
            None => line.to_owned(),
        })
        .collect();
    let is_attr = |line: &str| {
        let rest = line.trim_start_matches("| ").trim_start();
        !rest.starts_with('<')
            && !rest.starts_with('"')
            && rest != "content"
            && rest.contains("=\"")
    };
    let mut i = 0;
    while i < lines.len() {
        if is_attr(&lines[i]) {
            let start = i;
            while i < lines.len() && is_attr(&lines[i]) {
                i += 1;
            }
            lines[start..i].sort();
        } else {
            i += 1;
        }
    }
    lines
}

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "sanitizer",
        ..Suite::default()
    };
    let mut listed = Vec::new();
    for path in files_with_suffix(dir, ".sub.dat") {
        let file = file_name(&path);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut result = FileResult {
            file: file.clone(),
            ..FileResult::default()
        };
        for (index, case) in read_testcases(&text).iter().enumerate() {
            result.total += 1;
            let data = case.get("data").unwrap_or_default();
            let outcome = run_case(case, default_method(&file), None);
            let passed = match (&outcome, case.get("error")) {
                (Err(name), Some(expected)) => name == expected,
                (Ok(lines), None) => *lines == expected_lines(case.get("document").unwrap_or("")),
                _ => false,
            };
            if passed {
                result.passed += 1;
                continue;
            }
            if let Some((_, _, why)) = WPT_BUGS.iter().find(|(f, d, _)| *f == file && *d == data) {
                listed.push(format!("- `{file}` #{index} `{data}`: {why}"));
            }
            suite.failures.push(format!(
                "{file} #{index} {data:?} config {:?}\n  expected: {:?}\n  actual:   {:?}",
                case.get("config"),
                case.get("error")
                    .map(|e| vec![e.to_owned()])
                    .unwrap_or_else(|| expected_lines(case.get("document").unwrap_or(""))),
                outcome
            ));
        }
        suite.files.push(result);
    }
    for (file, tables) in INLINE_TABLES {
        let text = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
        let mut result = FileResult {
            file: file.to_string(),
            ..FileResult::default()
        };
        for (group, block) in inline_groups(&text) {
            let Some((_, runs)) = tables.iter().find(|(id, _)| *id == "*" || *id == group) else {
                continue;
            };
            for (index, case) in read_testcases(block).iter().enumerate() {
                for (method, config) in *runs {
                    // `NAME?`: only for the cases with a `#config`.
                    let method = match method.strip_suffix('?') {
                        Some(_) if case.get("config").is_none() => continue,
                        Some(name) => name,
                        None => method,
                    };
                    result.total += 1;
                    let outcome = run_case(case, method, *config);
                    let expected = expected_lines(case.get("document").unwrap_or(""));
                    let passed = match (&outcome, case.get("error")) {
                        (Err(name), Some(error)) => name == error,
                        (Ok(lines), None) => *lines == expected,
                        _ => false,
                    };
                    if passed {
                        result.passed += 1;
                    } else {
                        let data = case.get("data").unwrap_or_default();
                        if let Some((_, _, why)) =
                            WPT_BUGS.iter().find(|(f, d, _)| f == file && *d == data)
                        {
                            listed.push(format!(
                                "- `{file}` {group}/{index} {method} `{data}`: {why}"
                            ));
                        }
                        suite.failures.push(format!(
                            "{file} {group}/{index} {method} {:?}\n  expected: {expected:?}\n  actual:   {outcome:?}",
                            case.get("data")
                        ));
                    }
                }
            }
        }
        suite.files.push(result);
    }
    if !listed.is_empty() {
        suite.notes.push(format!(
            "WPT cases Kauri does not follow ({}), each with its reason:\n\n{}",
            listed.len(),
            listed.join("\n")
        ));
    }
    suite
}
