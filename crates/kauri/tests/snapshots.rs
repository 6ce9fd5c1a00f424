//! Snapshot tests of the project's own cases: each `tests/fixtures/*.html` (at the workspace
//! root) is parsed and its html5lib tree dump and parse errors are compared with the stored
//! snapshot in `tests/snapshots/`. A file named `fragment-CONTEXT.html` is parsed as a fragment
//! in that context element (`fragment-tr.html`: context `tr`).
//!
//! Review changes with `cargo insta review` (or rerun with `INSTA_UPDATE=always` and read the
//! diff): a snapshot is a claim about what the standard requires.

use std::fmt::Write as _;
use std::path::PathBuf;

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn render(name: &str, html: &str) -> String {
    let opts = kauri::ParseOptions {
        errors: true,
        ..Default::default()
    };
    let doc = match name.strip_prefix("fragment-") {
        Some(context) => {
            kauri::parse_fragment(html, context, &opts).unwrap_or_else(|e| panic!("{name}: {e}"))
        }
        None => kauri::parse_with_options(html, &opts),
    };
    let mut out = String::new();
    if !doc.is_fragment() {
        let _ = writeln!(out, "mode: {}", doc.quirks_mode().as_str());
    }
    out.push_str("#document\n");
    out.push_str(&doc.to_test_tree());
    out.push_str("#errors\n");
    for e in doc.errors() {
        let _ = writeln!(out, "({},{}): {}", e.line, e.col, e.code);
    }
    out
}

#[test]
fn fixtures() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .expect("tests/fixtures")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "expected the fixtures in {:?}",
        fixtures_dir()
    );
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let html = std::fs::read_to_string(&path).unwrap();
        insta::with_settings!({ description => html.clone(), omit_expression => true }, {
            insta::assert_snapshot!(name.clone(), render(&name, &html));
        });
    }
}
