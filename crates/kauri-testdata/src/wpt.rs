//! The test-case format of WPT's `html5lib-testcase-support.js` (`parse_html5lib_testcases`),
//! which the sanitizer tests use in `.sub.dat` files and inline `<script
//! type="html5lib-testcases">` blocks. It looks like html5lib's tree-construction format (see
//! [`crate::dat`]) but is read differently: any line starting with `#` opens a section named by
//! the rest of the line (`data`, `config`, `document`, `document-fragment`, `method`, `error`,
//! ...), the lines after it are joined with `\n`, and an empty line ends the case. So `#data`
//! can hold no empty line and ends without a newline, and an empty `#document` is an empty tree.
//!
//! ```
//! let cases = kauri_testdata::wpt::read_testcases("#data\n<p>x\n#config\n{}\n#document\n| <p>\n|   \"x\"\n\n#data\ny\n#document\n");
//! assert_eq!(cases.len(), 2);
//! assert_eq!(cases[0].get("config"), Some("{}"));
//! assert_eq!(cases[0].get("document"), Some("| <p>\n|   \"x\""));
//! assert_eq!(cases[1].get("document"), Some(""));
//! ```

/// One test case: its sections in file order, each with its text (lines joined with `\n`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestCase {
    /// `(section name, text)` pairs; a repeated section keeps only its last text, as the
    /// harness's dictionary does.
    pub sections: Vec<(String, String)>,
}

impl TestCase {
    /// The text of a section (`"data"`, `"document"`, ...), if the case has it.
    ///
    /// ```
    /// let case = &kauri_testdata::wpt::read_testcases("#data\na\n#method\nsetHTML")[0];
    /// assert_eq!((case.get("method"), case.get("config")), (Some("setHTML"), None));
    /// ```
    pub fn get(&self, section: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|(name, _)| name == section)
            .map(|(_, text)| text.as_str())
    }
}

/// Reads the test cases of `content` exactly as `parse_html5lib_testcases` does (lines before
/// any section are ignored; a case with no section is dropped).
///
/// ```
/// let cases = kauri_testdata::wpt::read_testcases("#data\na\n#data\nb\n\n\n#data\nc");
/// assert_eq!(cases.len(), 2);
/// assert_eq!(cases[0].get("data"), Some("b")); // the second #data replaced the first
/// ```
pub fn read_testcases(content: &str) -> Vec<TestCase> {
    let mut cases = Vec::new();
    let mut current: Vec<(String, Vec<&str>)> = Vec::new();
    let mut section: Option<usize> = None;
    let flush = |current: &mut Vec<(String, Vec<&str>)>, cases: &mut Vec<TestCase>| {
        if !current.is_empty() {
            let sections = current
                .drain(..)
                .map(|(name, lines)| (name, lines.join("\n")))
                .collect();
            cases.push(TestCase { sections });
        }
    };
    for line in content.split('\n') {
        if line.is_empty() {
            flush(&mut current, &mut cases);
            section = None;
        } else if let Some(name) = line.strip_prefix('#') {
            current.retain(|(existing, _)| existing != name);
            current.push((name.to_owned(), Vec::new()));
            section = Some(current.len() - 1);
        } else if let Some(i) = section {
            current[i].1.push(line);
        }
    }
    flush(&mut current, &mut cases);
    cases
}
