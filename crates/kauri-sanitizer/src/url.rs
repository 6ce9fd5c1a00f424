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
///
/// The scheme is ASCII, so the check reads bytes: a byte of a non-ASCII character never
/// matches, and the trailing C0 controls and spaces the parser strips can only come after a
/// scheme that matched, or stand where one fails to.
pub(crate) fn contains_javascript_url(value: &str) -> bool {
    let start = value.bytes().position(|b| b > b' ').unwrap_or(value.len());
    let mut scheme = value.as_bytes()[start..]
        .iter()
        .filter(|&&b| !matches!(b, b'\t' | b'\n' | b'\r'));
    b"javascript:".iter().all(|&expected| {
        scheme
            .next()
            .is_some_and(|b| b.to_ascii_lowercase() == expected)
    })
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
