//! `cargo xtask conformance`: runs the html5lib / WPT conformance suites and reports pass/total.
//!
//! Each suite lives in its own module and returns a [`Suite`]: per-file counts plus notes
//! (for example the tokenizer tests whose upstream expectations predate the 2026 standard).
//! A suite that cannot run yet still reports its full total, with 0 passed.

mod encoding;
mod sanitizer;
mod scripted;
mod serializer;
mod shadow_dom;
mod token_stream;
mod tokenizer;
mod tree_construction;

pub use kauri_testdata::{files_with_suffix, workspace_root};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The result of one test file.
#[derive(Debug, Default)]
pub struct FileResult {
    /// The file name relative to the suite folder.
    pub file: String,
    /// Runs that passed.
    pub passed: usize,
    /// All runs.
    pub total: usize,
}

/// The result of one suite.
#[derive(Debug, Default)]
pub struct Suite {
    /// `tokenizer`, `tree-construction`, `scripted`, `encoding`, `serializer`, `shadow-dom`
    /// or `template-for`.
    pub name: &'static str,
    /// One entry per file, sorted by name.
    pub files: Vec<FileResult>,
    /// Markdown paragraphs for docs/conformance.md (exceptions, with counts and reasons).
    pub notes: Vec<String>,
    /// Descriptions of failing runs (printed with `--verbose`).
    pub failures: Vec<String>,
}

impl Suite {
    /// Passed runs over all files.
    pub fn passed(&self) -> usize {
        self.files.iter().map(|f| f.passed).sum()
    }

    /// All runs over all files.
    pub fn total(&self) -> usize {
        self.files.iter().map(|f| f.total).sum()
    }
}

/// Where the test data is ([`kauri_testdata::html5lib_tests_dir`]).
pub fn data_dir() -> Result<PathBuf, String> {
    kauri_testdata::html5lib_tests_dir().map_err(|e| e.to_string())
}

/// The file name of a path, as a String.
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let mut json = false;
    let mut write = true;
    let mut verbose = false;
    let mut own_only = false;
    for arg in args {
        match arg.as_str() {
            "--json" => json = true,
            "--no-write" => write = false,
            "--verbose" | "-v" => verbose = true,
            // Only Kauri's own suites (shadow-dom, template-for), which need no shared data;
            // nothing is written.
            "--own" => {
                own_only = true;
                write = false;
            }
            other => return Err(format!("conformance: unknown option {other}")),
        }
    }
    let suites = if own_only {
        run_own()
    } else {
        let dir = data_dir()?;
        // Without CI a missing WPT folder leaves the sanitizer suite reported as not run; under
        // CI it is an error, as missing data is for every test.
        if kauri_testdata::missing_data_fails() {
            kauri_testdata::wpt_dir().map_err(|e| {
                format!(
                    "the sanitizer suite's data: {e}. CI is set, so missing data is a failure \
                     (README.md, \"Two commands\", says what ../shared must hold)"
                )
            })?;
        }
        run_all(&dir)
    };
    if verbose {
        for suite in &suites {
            for failure in &suite.failures {
                eprintln!("[{}] {failure}\n", suite.name);
            }
        }
    }
    if json {
        println!("{}", to_json(&suites));
    } else {
        print!("{}", table(&suites));
    }
    if write {
        let path = workspace_root().join("docs/conformance.md");
        std::fs::write(&path, markdown(&suites)).map_err(|e| format!("{}: {e}", path.display()))?;
        if !json {
            println!("wrote {}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs every suite over the data in `dir`.
pub fn run_all(dir: &Path) -> Vec<Suite> {
    vec![
        tokenizer::run(&dir.join("tokenizer")),
        tree_construction::run(&dir.join("tree-construction")),
        scripted::run(&dir.join("tree-construction/scripted")),
        encoding::run(&dir.join("encoding")),
        serializer::run(&dir.join("serializer")),
        run_sanitizer(),
    ]
    .into_iter()
    .chain(run_own())
    .collect()
}

/// The sanitizer suite over WPT's `sanitizer-api/` (`$KAURI_WPT`, else `../shared/wpt`); without
/// the data it reports nothing run and says why.
fn run_sanitizer() -> Suite {
    match kauri_testdata::wpt_dir() {
        Ok(dir) => sanitizer::run(&dir.join("sanitizer-api")),
        Err(error) => Suite {
            name: "sanitizer",
            notes: vec![format!("Not run: {error}.")],
            ..Suite::default()
        },
    }
}

/// Runs Kauri's own suites (their data is in the repository).
pub fn run_own() -> Vec<Suite> {
    vec![
        shadow_dom::run("shadow-dom", &own_data().join("shadow-dom.dat")),
        shadow_dom::run("template-for", &own_data().join("template-for.dat")),
    ]
}

/// Kauri's own tree tests (declarative shadow roots, form owners, `<template for>`).
fn own_data() -> PathBuf {
    workspace_root().join("crates/kauri-tree-builder/tests/data")
}

fn to_json(suites: &[Suite]) -> String {
    let mut map = serde_json::Map::new();
    for suite in suites {
        map.insert(
            suite.name.to_string(),
            serde_json::json!({"passed": suite.passed(), "total": suite.total()}),
        );
    }
    serde_json::json!({ "suites": map }).to_string()
}

fn table(suites: &[Suite]) -> String {
    let mut out = String::new();
    for suite in suites {
        let _ = writeln!(
            out,
            "{:<48} {:>6}/{:<6}",
            suite.name,
            suite.passed(),
            suite.total()
        );
        for file in &suite.files {
            let mark = if file.passed == file.total { ' ' } else { '*' };
            let _ = writeln!(
                out,
                "  {mark}{:<45} {:>6}/{:<6}",
                file.file, file.passed, file.total
            );
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{:<18} {:>8} {:>8}", "suite", "passed", "total");
    for suite in suites {
        let _ = writeln!(
            out,
            "{:<18} {:>8} {:>8}",
            suite.name,
            suite.passed(),
            suite.total()
        );
    }
    out
}

fn markdown(suites: &[Suite]) -> String {
    let mut out = String::from(
        "# Conformance\n\nGenerated by `cargo xtask conformance` from the suites in `../shared/html5lib-tests` \
         (html5lib-tests for tokenizer, encoding and serializer; WPT `html/syntax/parsing/resources` for tree \
         construction). Do not edit by hand.\n\n| suite | passed | total |\n|---|---:|---:|\n",
    );
    for suite in suites {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            suite.name,
            suite.passed(),
            suite.total()
        );
    }
    for suite in suites {
        let _ = writeln!(
            out,
            "\n## {}\n\n| file | passed | total |\n|---|---:|---:|",
            suite.name
        );
        for file in &suite.files {
            let _ = writeln!(out, "| {} | {} | {} |", file.file, file.passed, file.total);
        }
        for note in &suite.notes {
            let _ = writeln!(out, "\n{note}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// Pins the per-file pass/total table and the suites' notes: a regression in any suite file
    /// (or in the one-character-at-a-time tokenizer run) shows up as a snapshot diff
    /// (`cargo insta review` to accept an intended change).
    #[test]
    fn per_file_results() {
        let Some(dir) = kauri_testdata::html5lib_tests_or_skip("per_file_results") else {
            return;
        };
        let suites = super::run_all(&dir);
        insta::assert_snapshot!("per_file_results", super::table(&suites));
        // The notes carry the counts that are not in the table (the tokenizer suite fed one
        // character at a time, the `<?` runs checked against the 2026 standard, ...).
        let notes: Vec<&str> = suites
            .iter()
            .flat_map(|s| s.notes.iter().map(String::as_str))
            .collect();
        insta::assert_snapshot!("notes", notes.join("\n\n"));
    }
}
