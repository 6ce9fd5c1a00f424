//! The tree-construction suite (`tree-construction/*.dat`, the WPT copies of the html5lib
//! tree tests; the `scripted/` folder is skipped).
//!
//! Each case runs with scripting on and off, or only in the mode it fixes with `#script-on` /
//! `#script-off`. Documents go through `kauri::parse_with_options`, fragments
//! (`#document-fragment`) through `kauri::parse_fragment`; the tree dump is compared with
//! `#document` exactly (after normalizing the trailing newline). `#errors` counts are not
//! part of pass/fail (the WPT runner ignores them; several newer cases have empty or stale
//! error lists); mismatches are counted and reported as a note.

use super::{file_name, files_with_suffix, FileResult, Suite};
use std::path::Path;

/// One case of a `.dat` file.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Case {
    /// The input (`#data`, without the final newline).
    pub data: String,
    /// The number of lines under `#errors`. (`#new-errors` mostly restates tokenizer errors
    /// of `#errors` with the standard's codes, so it is not added.)
    pub errors: usize,
    /// The context element of `#document-fragment` (`td`, `svg path`, `math mi`).
    pub fragment: Option<String>,
    /// `Some(true)` for `#script-on`, `Some(false)` for `#script-off`.
    pub script: Option<bool>,
    /// The expected dump (`#document`), one line per node, with a final newline.
    pub document: String,
}

/// Reads the cases of a `.dat` file (the format of tree-construction/README.md, with the
/// optional `#description` sections skipped).
pub fn read_dat(text: &str) -> Vec<Case> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != "#data" {
            i += 1;
            continue;
        }
        i += 1;
        let mut case = Case::default();
        let mut data = Vec::new();
        while i < lines.len() && lines[i] != "#errors" {
            data.push(lines[i]);
            i += 1;
        }
        case.data = data.join("\n");
        // Sections between #errors and #document.
        let mut in_errors = false;
        while i < lines.len() && lines[i] != "#document" {
            match lines[i] {
                "#errors" => in_errors = true,
                "#new-errors" => in_errors = false,
                "#document-fragment" => {
                    in_errors = false;
                    i += 1;
                    case.fragment = lines.get(i).map(|s| s.to_string());
                }
                "#script-on" => {
                    in_errors = false;
                    case.script = Some(true);
                }
                "#script-off" => {
                    in_errors = false;
                    case.script = Some(false);
                }
                "" => {}
                _ if in_errors => case.errors += 1,
                _ => {}
            }
            i += 1;
        }
        i += 1;
        // The dump ends at a blank line before the next case (or its description) or at the
        // end of the file. Text nodes may contain blank lines, so only those count.
        let mut document = Vec::new();
        while i < lines.len() && lines[i] != "#data" {
            if lines[i].is_empty()
                && (i + 1 >= lines.len()
                    || lines[i + 1] == "#data"
                    || lines[i + 1].starts_with("#description"))
            {
                break;
            }
            document.push(lines[i]);
            i += 1;
        }
        case.document = document.join("\n");
        case.document.push('\n');
        cases.push(case);
    }
    cases
}

/// Parses a case's input in one scripting mode and returns the tree dump and the number of
/// parse errors.
fn run_case(case: &Case, scripting: bool) -> Result<(String, usize), String> {
    let opts = kauri::ParseOptions {
        scripting,
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
    fn reads_cases_with_fragments_scripts_and_descriptions() {
        let text = "#data\n<p>One\n#errors\n(1,3): expected-doctype-but-got-start-tag\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n\n#description\nA fragment\n#data\n<td>x\n#errors\n#document-fragment\ntr\n#script-off\n#document\n| <td>\n|   \"x\n\nyz\"\n";
        let cases = read_dat(text);
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].data, "<p>One");
        assert_eq!(cases[0].errors, 1);
        assert_eq!(cases[0].fragment, None);
        assert!(cases[0].document.ends_with("\"One\"\n"));
        assert_eq!(cases[1].fragment.as_deref(), Some("tr"));
        assert_eq!(cases[1].script, Some(false));
        assert_eq!(cases[1].document, "| <td>\n|   \"x\n\nyz\"\n");
    }

    #[test]
    fn every_tree_construction_case_passes() {
        let Ok(dir) = super::super::data_dir() else {
            eprintln!("no conformance data; skipped");
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
