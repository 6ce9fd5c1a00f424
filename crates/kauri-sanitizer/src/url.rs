//! "Contains a `javascript:` URL" (§ contains-a-javascript-url): whether the URL parser gives
//! an attribute value the `javascript` scheme.

/// Whether `value`, parsed by the basic URL parser without a base (§ concept-basic-url-parser),
/// has the scheme `javascript`. The parser first strips leading and trailing C0 controls and
/// spaces and removes every ASCII tab and newline; the scheme is an ASCII letter followed by
/// letters, digits, `+`, `-` and `.`, up to a `:`, compared ASCII case-insensitively. Without a
/// base, input with no scheme is a failure (not a `javascript:` URL).
///
/// One difference, on the safe side: the parser also fails on a `javascript://` URL whose
/// authority is not a valid host or port; such a value cannot navigate, and it is counted as a
/// `javascript:` URL here all the same.
pub(crate) fn contains_javascript_url(value: &str) -> bool {
    let trimmed = value.trim_matches(|c: char| c <= '\u{20}');
    let mut scheme = trimmed.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r'));
    let mut matched = 0;
    for expected in "javascript:".chars() {
        match scheme.next() {
            Some(c) if c.to_ascii_lowercase() == expected => matched += 1,
            _ => return false,
        }
    }
    matched == "javascript:".len()
}

#[cfg(test)]
mod tests {
    use super::contains_javascript_url;

    #[test]
    fn javascript_scheme_after_the_parsers_clean_up() {
        for yes in [
            "javascript:alert(1)",
            "  javascript:x",
            "\u{1}JaVaScRiPt:x",
            "java\nscript:x",
            "java\tscr\ript:",
            "javascript:",
        ] {
            assert!(contains_javascript_url(yes), "{yes:?}");
        }
        for no in [
            "http:evil.com",
            "javascript",
            "javascripts:x",
            "/javascript:x",
            "data:text/html,x",
            "java script:x",
            "\u{a0}javascript:x",
            "",
        ] {
            assert!(!contains_javascript_url(no), "{no:?}");
        }
    }
}
