//! The tree-construction test format (`tree-construction/*.dat`, described in the suite's
//! README): cases of `#data`, `#errors`, optional `#new-errors`, `#document-fragment`,
//! `#script-on` / `#script-off`, and `#document`, with optional `#description` sections.
//!
//! ```
//! let cases = kauri_testdata::dat::read_dat("#data\n<p>x\n#errors\n#document\n| <html>\n");
//! assert_eq!(cases[0].data, "<p>x");
//! assert_eq!(cases[0].document, "| <html>\n");
//! ```

/// One case of a `.dat` file.
///
/// ```
/// let text = "#data\n<td>x\n#errors\n#document-fragment\ntr\n#document\n| <td>\n|   \"x\"\n";
/// let case = &kauri_testdata::dat::read_dat(text)[0];
/// assert_eq!(case.fragment.as_deref(), Some("tr"));
/// assert_eq!(case.script, None);
/// ```
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
    /// The expected dump (`#document`), one line per node, with one final newline.
    pub document: String,
}

/// Reads the cases of a `.dat` file (the format of tree-construction/README.md, with the
/// optional `#description` sections skipped).
///
/// ```
/// let text = "#data\na\n#errors\n(1,1): expected-doctype-but-got-chars\n#script-on\n#document\n| <html>\n\n#data\nb\n#errors\n#document\n| <html>\n";
/// let cases = kauri_testdata::dat::read_dat(text);
/// assert_eq!(cases.len(), 2);
/// assert_eq!((cases[0].errors, cases[0].script), (1, Some(true)));
/// assert_eq!(cases[1].data, "b");
/// ```
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
        // Blank lines at the end of the file are not part of the dump (its last line never is
        // blank: a text node's closing quote ends it).
        case.document = document.join("\n").trim_end_matches('\n').to_owned();
        case.document.push('\n');
        cases.push(case);
    }
    cases
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
}
