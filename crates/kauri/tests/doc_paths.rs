//! Every example a `kauri` user sees uses `kauri::` paths (issue 29, "copyable examples").
//!
//! `kauri` re-exports all of `kauri_dom` (`pub use kauri_dom::*`), so the documentation of the
//! DOM's items (and the sanitizer's) is what a `kauri` user reads on the `kauri` pages. An example there that names
//! `kauri_dom::` fails with E0433 when pasted into a project that depends on `kauri`. The DOM's
//! examples are written with `kauri::` paths and a hidden `# use kauri_dom as kauri;` line (the
//! DOM crate cannot depend on the facade above it); this test reads the DOM crate's sources and
//! fails on any documentation line that shows `kauri_dom::` to the reader.

use std::fs;
use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The documentation lines (`///`, `//!`) of `source` that a reader sees and that name
/// `crate_path` (`kauri_dom::`), with their line numbers. A hidden example line (`# ...`) is not
/// shown; an intra-doc link target (`](kauri_dom::...)`) is not shown either.
fn shown_paths(source: &str, crate_path: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let trimmed = line.trim_start();
        let doc = trimmed
            .strip_prefix("///")
            .or_else(|| trimmed.strip_prefix("//!"));
        let Some(doc) = doc else { continue };
        let doc = doc.strip_prefix(' ').unwrap_or(doc);
        if doc.starts_with("# ") || doc == "#" {
            continue;
        }
        // Drop link targets: `[text](kauri_dom::Item)` shows only `text`.
        let mut shown = String::new();
        let mut rest = doc;
        while let Some(at) = rest.find("](") {
            shown.push_str(&rest[..at + 1]);
            rest = &rest[at + 2..];
            rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
        }
        shown.push_str(rest);
        if shown.contains(crate_path) {
            found.push((i + 1, line.to_owned()));
        }
    }
    found
}

/// The crates `kauri` re-exports whole, and the paths their documentation must not show.
const REEXPORTED: &[(&str, &[&str])] = &[
    ("kauri-dom", &["kauri_dom::"]),
    (
        "kauri-sanitizer",
        &["kauri_sanitizer::", "kauri_dom::", "kauri_tokenizer::"],
    ),
];

#[test]
fn the_reexported_docs_show_kauri_paths() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut bad = Vec::new();
    for (name, paths) in REEXPORTED {
        let src = crates.join(name).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        assert!(
            files.len() > 3,
            "{name}'s sources not found at {}",
            src.display()
        );
        for file in &files {
            let source = fs::read_to_string(file).unwrap();
            for path in *paths {
                for (line, text) in shown_paths(&source, path) {
                    bad.push(format!("{}:{line}: {}", file.display(), text.trim()));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "documentation a kauri user reads names another crate's path (write kauri:: with a \
         hidden `# use kauri_dom as kauri;` line, or in kauri-sanitizer \
         `# mod kauri {{ pub use kauri_dom::*; pub use kauri_sanitizer::*; }}`):\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_check_sees_what_a_reader_sees() {
    let source = "/// ```\n/// # use kauri_dom as kauri;\n/// let a = kauri_dom::Arena::new();\n/// ```\n\
                  /// See [`Arena`](kauri_dom::Arena).\n//! `kauri_dom::parse`\nlet x = kauri_dom::parse;\n";
    let found: Vec<usize> = shown_paths(source, "kauri_dom::")
        .into_iter()
        .map(|(l, _)| l)
        .collect();
    assert_eq!(found, [3, 6]);
}
