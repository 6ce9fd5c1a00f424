//! Parse errors: [`ParseError`] and the codes ([`ErrorCode`]) of every error Kauri reports.
//!
//! Three kinds of codes:
//!
//! - the standard's codes (§ parse-errors): the tokenizer's errors, and two that tree
//!   construction reports too (`unexpected-null-character`,
//!   `non-void-html-element-start-tag-with-trailing-solidus`);
//! - tree construction errors, which the standard does not name: Kauri's descriptive codes;
//! - Kauri's resource limits (not part of the standard).
//!
//! The codes come from one table, `error_codes.tsv` (code, kind, the standard's anchor, the
//! worded message, the documentation), through `cargo xtask errors`, which writes
//! `error_code.rs`.

use std::fmt;

pub use crate::error_code::ErrorCode;

/// A parse error: its code and where it happened.
///
/// `offset` is the byte offset into the input as fed (UTF-8, before newline normalization).
/// `line` and `col` are its 1-based line and column, counted by [`LineCounter`] for every
/// error alike: CR LF, CR and LF each end a line, and columns count UTF-16 code units (an emoji
/// is two), as the html5lib tokenizer tests do.
///
/// Where an error is: a tokenizer error is at the character that raised it (the end of the
/// input for an `eof-*` error); a tree construction error is at the start of the token it is
/// about (the `<` of a tag); a limit error is where the limit struck.
///
/// The tree builder only knows byte spans: its errors reach its sink with `line` and `col`
/// 0, and whoever has the input fills them in with [`fill_positions`] (the `kauri` crate does,
/// so its errors always have positions).
///
/// ```
/// use kauri_tokenizer::{ErrorCode, ParseError, Span, Token, TokenSink, TokenSinkResult};
/// use kauri_tokenizer::{Tokenizer, TokenizerOptions};
///
/// #[derive(Default)]
/// struct Errors(Vec<ParseError>);
/// impl TokenSink for Errors {
///     fn process_token(&mut self, _: Token<'_>, _: Span) -> TokenSinkResult {
///         TokenSinkResult::Continue
///     }
///     fn parse_error(&mut self, error: ParseError) {
///         self.0.push(error);
///     }
/// }
///
/// // "</>" after an emoji (two UTF-16 code units) on the second line.
/// let mut tokenizer = Tokenizer::new(Errors::default(), TokenizerOptions::default());
/// tokenizer.feed("<p>\r\n\u{1F600}</>")?;
/// tokenizer.end()?;
/// let error = tokenizer.sink().0[0];
/// assert_eq!(error.code, ErrorCode::MissingEndTagName);
/// assert_eq!((error.line, error.col, error.offset), (2, 5, 11));
/// assert_eq!(error.to_string(), "(2,5): missing-end-tag-name");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`LineCounter`]: crate::LineCounter
/// [`fill_positions`]: crate::fill_positions
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// What went wrong.
    pub code: ErrorCode,
    /// 1-based line (0 while a tree construction error waits for
    /// [`fill_positions`](crate::fill_positions)).
    pub line: u32,
    /// 1-based column, in UTF-16 code units (0 while the line is).
    pub col: u32,
    /// Byte offset into the input.
    pub offset: usize,
}

impl ParseError {
    /// An error at byte `offset` whose line and column are not counted yet (both 0; see
    /// [`fill_positions`](crate::fill_positions)).
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::{ErrorCode, ParseError};
    /// let error = ParseError::at(ErrorCode::UnexpectedEndTag, 7);
    /// assert_eq!((error.line, error.col, error.offset), (0, 0, 7));
    /// ```
    pub fn at(code: ErrorCode, offset: usize) -> ParseError {
        ParseError {
            code,
            line: 0,
            col: 0,
            offset,
        }
    }
}

/// `(line,col): code`, as `kauri parse --errors` prints it.
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{}): {}", self.line, self.col, self.code)
    }
}

/// Who defines an [`ErrorCode`] ([`ErrorCode::kind`]).
///
/// ```
/// # use kauri_tokenizer as kauri;
/// use kauri::{ErrorCode, ErrorKind};
/// let tree: Vec<ErrorCode> = ErrorCode::ALL
///     .into_iter()
///     .filter(|c| c.kind() == ErrorKind::TreeConstruction)
///     .collect();
/// assert!(tree.contains(&ErrorCode::NestedA));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// One of the standard's codes (§ parse-errors): the tokenizer's errors, and two that tree
    /// construction reports too.
    Standard,
    /// A tree construction error: the standard says "parse error" without a name, Kauri names
    /// one code per situation.
    TreeConstruction,
    /// One of Kauri's resource limits (not the standard's).
    Limit,
}

impl ErrorCode {
    /// Whether the standard defines this code (§ parse-errors). The tree construction codes
    /// and the limits are Kauri's.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::ErrorCode;
    /// assert!(ErrorCode::UnexpectedNullCharacter.is_standard());
    /// assert!(!ErrorCode::InputTruncated.is_standard());
    /// ```
    pub const fn is_standard(self) -> bool {
        matches!(self.kind(), ErrorKind::Standard)
    }

    /// Whether this is one of Kauri's resource limit errors (`too-many-attributes`,
    /// `input-truncated`).
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::ErrorCode;
    /// assert!(ErrorCode::TooManyAttributes.is_limit());
    /// assert!(!ErrorCode::NestedA.is_limit());
    /// ```
    pub const fn is_limit(self) -> bool {
        matches!(self.kind(), ErrorKind::Limit)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The string is not one of the codes ([`ErrorCode`]'s `FromStr`).
///
/// ```
/// # use kauri_tokenizer as kauri;
/// assert!("no-such-code".parse::<kauri::ErrorCode>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownErrorCode(pub String);

impl fmt::Display for UnknownErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown parse error code {:?}", self.0)
    }
}

impl std::error::Error for UnknownErrorCode {}

impl std::str::FromStr for ErrorCode {
    type Err = UnknownErrorCode;

    fn from_str(s: &str) -> Result<ErrorCode, UnknownErrorCode> {
        ErrorCode::ALL
            .iter()
            .copied()
            .find(|code| code.as_str() == s)
            .ok_or_else(|| UnknownErrorCode(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    /// The codes of the standard's parse error table (§ parse-errors), as of the 2026
    /// standard (with processing instructions; `unexpected-question-mark-instead-of-tag-name`
    /// is gone since `<?` starts one).
    const STANDARD: [&str; 52] = [
        "abrupt-closing-of-empty-comment",
        "abrupt-doctype-public-identifier",
        "abrupt-doctype-system-identifier",
        "absence-of-digits-in-numeric-character-reference",
        "cdata-in-html-content",
        "character-reference-outside-unicode-range",
        "control-character-in-input-stream",
        "control-character-reference",
        "disallowed-processing-instruction-target",
        "duplicate-attribute",
        "end-tag-with-attributes",
        "end-tag-with-trailing-solidus",
        "eof-before-tag-name",
        "eof-in-cdata",
        "eof-in-comment",
        "eof-in-doctype",
        "eof-in-processing-instruction",
        "eof-in-script-html-comment-like-text",
        "eof-in-tag",
        "incorrectly-closed-comment",
        "incorrectly-opened-comment",
        "invalid-character-sequence-after-doctype-name",
        "invalid-first-character-of-processing-instruction-target",
        "invalid-first-character-of-tag-name",
        "invalid-processing-instruction-target",
        "missing-attribute-value",
        "missing-doctype-name",
        "missing-doctype-public-identifier",
        "missing-doctype-system-identifier",
        "missing-end-tag-name",
        "missing-quote-before-doctype-public-identifier",
        "missing-quote-before-doctype-system-identifier",
        "missing-semicolon-after-character-reference",
        "missing-whitespace-after-doctype-public-keyword",
        "missing-whitespace-after-doctype-system-keyword",
        "missing-whitespace-before-doctype-name",
        "missing-whitespace-between-attributes",
        "missing-whitespace-between-doctype-public-and-system-identifiers",
        "nested-comment",
        "noncharacter-character-reference",
        "noncharacter-in-input-stream",
        "non-void-html-element-start-tag-with-trailing-solidus",
        "null-character-reference",
        "surrogate-character-reference",
        "surrogate-in-input-stream",
        "unexpected-character-after-doctype-system-identifier",
        "unexpected-character-in-attribute-name",
        "unexpected-character-in-unquoted-attribute-value",
        "unexpected-equals-sign-before-attribute-name",
        "unexpected-null-character",
        "unexpected-solidus-in-tag",
        "unknown-named-character-reference",
    ];

    #[test]
    fn every_standard_code_has_a_variant() {
        for code in STANDARD {
            let variant: ErrorCode = code.parse().unwrap_or_else(|e| panic!("{e}"));
            assert!(variant.is_standard(), "{code}");
            assert_eq!(variant.as_str(), code);
        }
        // And only those are marked standard, in the standard's order.
        let marked: Vec<&str> = ErrorCode::ALL
            .iter()
            .filter(|c| c.is_standard())
            .map(|c| c.as_str())
            .collect();
        assert_eq!(marked, STANDARD);
    }

    #[test]
    fn all_lists_every_variant_once_in_order() {
        // Variants have consecutive discriminants from 0, so `ALL[i] as usize == i` for every
        // `i` and a last entry equal to the last variant mean that ALL misses none.
        for (i, code) in ErrorCode::ALL.iter().enumerate() {
            assert_eq!(*code as usize, i, "{code:?}");
            assert_eq!(code.as_str().parse::<ErrorCode>(), Ok(*code));
        }
        assert_eq!(
            ErrorCode::ALL.last(),
            Some(&ErrorCode::InputTruncated),
            "InputTruncated is the last variant"
        );
        let mut strings: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        strings.sort_unstable();
        strings.dedup();
        assert_eq!(strings.len(), ErrorCode::ALL.len(), "codes are distinct");
    }
}
