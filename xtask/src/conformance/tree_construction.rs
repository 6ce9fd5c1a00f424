//! The tree-construction suite (`tree-construction/*.dat`, the WPT copies of the html5lib
//! tree tests; the `scripted/` folder is the "scripted" suite, `scripted.rs`).
//!
//! Each case runs with scripting on and off, or only in the mode it fixes with `#script-on` /
//! `#script-off`. Documents go through `kauri::parse_with_options`, fragments
//! (`#document-fragment`) through `kauri::parse_fragment`; the tree dump is compared with
//! `#document` exactly (after normalizing the trailing newline). `#errors` counts are not
//! part of pass/fail (the WPT runner ignores them; several newer cases have empty or stale
//! error lists); mismatches are counted and reported as a note.

use super::{file_name, files_with_suffix, FileResult, Suite};
use kauri_testdata::dat::{read_dat, Case};
use std::path::Path;

/// Parses a case's input in one scripting mode and returns the tree dump and the number of
/// parse errors.
fn run_case(case: &Case, scripting: bool) -> Result<(String, usize), String> {
    let opts = kauri::ParseOptions {
        scripting,
        errors: true,
        ..kauri::ParseOptions::default()
    };
    let doc = match &case.fragment {
        None => kauri::parse_with_options(&case.data, &opts),
        Some(context) => kauri::parse_fragment(&case.data, context, &opts)
            .map_err(|e| format!("parse_fragment failed: {e:?}"))?,
    };
    Ok((doc.to_test_tree(), doc.errors().len()))
}

/// Strips the trailing newlines, so a dump with or without a final newline compares equal.
fn normalized(s: &str) -> &str {
    s.trim_end_matches('\n')
}

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "tree-construction",
        ..Suite::default()
    };
    let mut error_count_mismatches = 0;
    let mut mismatches_with_empty_errors = 0;
    let mut runs = 0;
    for path in files_with_suffix(dir, ".dat") {
        let file = file_name(&path);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut result = FileResult {
            file: file.clone(),
            passed: 0,
            total: 0,
        };
        for case in read_dat(&text) {
            let modes: &[bool] = match case.script {
                Some(true) => &[true],
                Some(false) => &[false],
                None => &[true, false],
            };
            for &scripting in modes {
                result.total += 1;
                runs += 1;
                let outcome = std::panic::catch_unwind(|| run_case(&case, scripting))
                    .unwrap_or_else(|_| Err("panicked".to_string()));
                match outcome {
                    Ok((got, errors)) if normalized(&got) == normalized(&case.document) => {
                        result.passed += 1;
                        if errors != case.errors {
                            error_count_mismatches += 1;
                            if case.errors == 0 {
                                mismatches_with_empty_errors += 1;
                            }
                        }
                    }
                    Ok((got, _)) => suite.failures.push(format!(
                        "{file} (scripting {}{})\ninput:\n{}\nexpected:\n{}got:\n{}",
                        if scripting { "on" } else { "off" },
                        case.fragment
                            .as_deref()
                            .map(|c| format!(", fragment context {c}"))
                            .unwrap_or_default(),
                        case.data,
                        case.document,
                        got
                    )),
                    Err(e) => suite.failures.push(format!(
                        "{file} (scripting {}): {e}\ninput:\n{}",
                        if scripting { "on" } else { "off" },
                        case.data
                    )),
                }
            }
        }
        suite.files.push(result);
    }
    suite.notes.push(format!(
        "Trees are compared exactly; `#errors` counts are not part of pass/fail (the WPT runner \
         ignores them, and several newer cases have empty or stale error lists). Of the {runs} \
         runs, {error_count_mismatches} passing runs report a different number of parse errors \
         than their `#errors` section lists (`#new-errors` restates tokenizer errors with the \
         standard's codes and is not added); {mismatches_with_empty_errors} of those are cases \
         whose `#errors` section is empty (all of processing-instructions.dat). Information \
         only."
    ));
    suite
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tree_construction_case_passes() {
        let Some(dir) =
            kauri_testdata::html5lib_tests_or_skip("every_tree_construction_case_passes")
        else {
            return;
        };
        let suite = run(&dir.join("tree-construction"));
        assert_eq!(
            suite.passed(),
            suite.total(),
            "failures:\n{}",
            suite.failures.join("\n")
        );
    }
}
