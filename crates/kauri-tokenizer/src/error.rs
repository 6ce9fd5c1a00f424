//! Parse errors: [`ParseError`] and the codes ([`ErrorCode`]) of every error Kauri reports.
//!
//! Three kinds of codes:
//!
//! - the standard's codes (§ parse-errors): the tokenizer's errors, and two that tree
//!   construction reports too (`unexpected-null-character`,
//!   `non-void-html-element-start-tag-with-trailing-solidus`);
//! - tree construction errors, which the standard does not name: Kauri's descriptive codes;
//! - Kauri's resource limits (not part of the standard).

use std::fmt;

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
    /// use kauri_tokenizer::{ErrorCode, ParseError};
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

/// The code of a parse error.
///
/// The standard's codes (§ parse-errors) come first, in the standard's order; then the tree
/// construction errors Kauri reports, which the standard does not name (one code per
/// situation, each documented below); then Kauri's resource limits. [`ErrorCode::as_str`]
/// (and `Display`) give the code as printed (`eof-in-tag`), [`str::parse`] reads it back.
///
/// ```
/// use kauri_tokenizer::ErrorCode;
///
/// assert_eq!(ErrorCode::EofInTag.as_str(), "eof-in-tag");
/// assert_eq!("nested-a".parse::<ErrorCode>(), Ok(ErrorCode::NestedA));
/// assert!(ErrorCode::EofInTag.is_standard());
/// assert!(!ErrorCode::NestedA.is_standard());
/// assert_eq!(ErrorCode::TooManyAttributes.to_string(), "too-many-attributes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorCode {
    // ----- The standard's codes (§ parse-errors) -----
    /// An empty comment closed abruptly: `<!-->` or `<!--->`.
    AbruptClosingOfEmptyComment,
    /// A `>` inside a DOCTYPE public identifier: `<!DOCTYPE html PUBLIC "foo>`.
    AbruptDoctypePublicIdentifier,
    /// A `>` inside a DOCTYPE system identifier.
    AbruptDoctypeSystemIdentifier,
    /// A numeric character reference without digits: `&#qux;`.
    AbsenceOfDigitsInNumericCharacterReference,
    /// `<![CDATA[` outside SVG or MathML content (it becomes a comment).
    CdataInHtmlContent,
    /// A numeric character reference beyond U+10FFFF.
    CharacterReferenceOutsideUnicodeRange,
    /// A control character (other than ASCII whitespace and NULL) in the input.
    ControlCharacterInInputStream,
    /// A numeric character reference to a control character (or to a CR).
    ControlCharacterReference,
    /// A processing instruction whose target is `xml` or `xml-stylesheet` (any case).
    DisallowedProcessingInstructionTarget,
    /// An attribute that repeats an earlier one's name in the same tag (it is dropped).
    DuplicateAttribute,
    /// An end tag with attributes.
    EndTagWithAttributes,
    /// An end tag with a `/` before its `>`: `</div/>`.
    EndTagWithTrailingSolidus,
    /// The input ends where a tag name is expected: `<` or `</` at the end.
    EofBeforeTagName,
    /// The input ends in a CDATA section.
    EofInCdata,
    /// The input ends in a comment.
    EofInComment,
    /// The input ends in a DOCTYPE.
    EofInDoctype,
    /// The input ends in a processing instruction.
    EofInProcessingInstruction,
    /// The input ends in comment-like text in a `script`: `<script><!-- foo`.
    EofInScriptHtmlCommentLikeText,
    /// The input ends in a start or end tag: `<div id=`.
    EofInTag,
    /// A comment closed by `--!>`.
    IncorrectlyClosedComment,
    /// `<!` not followed by `--`, `DOCTYPE` or `[CDATA[` (a bogus comment follows).
    IncorrectlyOpenedComment,
    /// Something other than `PUBLIC` or `SYSTEM` after a DOCTYPE name.
    InvalidCharacterSequenceAfterDoctypeName,
    /// A processing instruction target that does not start with an ASCII letter or `_`.
    InvalidFirstCharacterOfProcessingInstructionTarget,
    /// A tag name that does not start with an ASCII letter: `<42>`.
    InvalidFirstCharacterOfTagName,
    /// A processing instruction target with a character other than ASCII alphanumerics, `-`
    /// and `_`.
    InvalidProcessingInstructionTarget,
    /// A `>` where an attribute value is expected: `<div id=>`.
    MissingAttributeValue,
    /// A DOCTYPE without a name: `<!DOCTYPE>`.
    MissingDoctypeName,
    /// A `>` where the DOCTYPE public identifier is expected.
    MissingDoctypePublicIdentifier,
    /// A `>` where the DOCTYPE system identifier is expected.
    MissingDoctypeSystemIdentifier,
    /// `</>` (ignored).
    MissingEndTagName,
    /// A DOCTYPE public identifier without its opening quote.
    MissingQuoteBeforeDoctypePublicIdentifier,
    /// A DOCTYPE system identifier without its opening quote.
    MissingQuoteBeforeDoctypeSystemIdentifier,
    /// A character reference without its `;`: `&amp`.
    MissingSemicolonAfterCharacterReference,
    /// No whitespace between a DOCTYPE's `PUBLIC` keyword and its public identifier.
    MissingWhitespaceAfterDoctypePublicKeyword,
    /// No whitespace between a DOCTYPE's `SYSTEM` keyword and its system identifier.
    MissingWhitespaceAfterDoctypeSystemKeyword,
    /// No whitespace between `DOCTYPE` and the name.
    MissingWhitespaceBeforeDoctypeName,
    /// No whitespace between two attributes: `<div id="a"class="b">`.
    MissingWhitespaceBetweenAttributes,
    /// No whitespace between a DOCTYPE's public and system identifiers.
    MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers,
    /// `<!--` inside a comment.
    NestedComment,
    /// A numeric character reference to a noncharacter.
    NoncharacterCharacterReference,
    /// A noncharacter (U+FDD0 to U+FDEF, U+xFFFE, U+xFFFF) in the input.
    NoncharacterInInputStream,
    /// A start tag with `/>` for an HTML element that is not void: `<div/>` (reported by
    /// the tree builder, which knows whether the flag was acknowledged).
    NonVoidHtmlElementStartTagWithTrailingSolidus,
    /// A numeric character reference to U+0000.
    NullCharacterReference,
    /// A numeric character reference to a surrogate.
    SurrogateCharacterReference,
    /// A surrogate in the input. Kauri never reports it: its input is a Rust `str`, which
    /// cannot hold surrogates.
    SurrogateInInputStream,
    /// Something other than whitespace or `>` after a DOCTYPE system identifier.
    UnexpectedCharacterAfterDoctypeSystemIdentifier,
    /// A `"`, `'` or `<` in an attribute name.
    UnexpectedCharacterInAttributeName,
    /// A `"`, `'`, `<`, `=` or `` ` `` in an unquoted attribute value.
    UnexpectedCharacterInUnquotedAttributeValue,
    /// A `=` where an attribute name starts: `<div ="x">`.
    UnexpectedEqualsSignBeforeAttributeName,
    /// A U+0000 NULL in the input where the tokenizer reports it; the tree builder reports
    /// it too for the NULL character tokens it drops ("in body", "in table text", "in
    /// frameset", "after frameset", foreign content).
    UnexpectedNullCharacter,
    /// A `/` in a tag that is not followed by `>`: `<div / id=a>`.
    UnexpectedSolidusInTag,
    /// An ambiguous ampersand: `&` and alphanumerics and `;` that name no character.
    UnknownNamedCharacterReference,

    // ----- Tree construction (Kauri's codes) -----
    /// Adoption agency step 4.5: the formatting element an end tag closes is open but not
    /// in scope (`<b><table><td></b>`); the end tag is ignored.
    AdoptionAgencyFormattingElementNotInScope,
    /// Adoption agency step 4.4: the formatting element an end tag closes was closed
    /// already (it stays in the list of active formatting elements until then).
    AdoptionAgencyFormattingElementNotOpen,
    /// Adoption agency step 4.6: the formatting element an end tag closes is not the
    /// current node (`<b><i></b>`).
    AdoptionAgencyMisnested,
    /// "Initial": a DOCTYPE other than `<!DOCTYPE html>` (another name, a public identifier,
    /// or a system identifier other than `about:legacy-compat`).
    BadDoctype,
    /// "In body": `</br>` (treated as `<br>`).
    EndTagBr,
    /// "In body": `</body>` or `</html>` while an element other than `dd`, `dt`, `li`,
    /// `optgroup`, `option`, `p`, `rb`, `rp`, `rt`, `rtc`, `tbody`, `td`, `tfoot`, `th`,
    /// `thead`, `tr`, `body` or `html` is still open.
    EndTagWithOpenElements,
    /// "In frameset": the input ends while a `frameset` other than the root is open.
    EofInFrameset,
    /// "In template": the input ends while a `template` is open.
    EofInTemplate,
    /// "Text": the input ends inside a `script`, `style`, `textarea`, `title` or other text
    /// element.
    EofInText,
    /// "In body": the input ends while an element other than those listed for
    /// [`ErrorCode::EndTagWithOpenElements`] is open.
    EofWithOpenElements,
    /// "In table": a `<form>` start tag.
    FormInTable,
    /// "In table": a token other than character tokens that "in table" does not handle,
    /// processed "in body" with foster parenting.
    FosterParenting,
    /// "In table" and "in table text": a character that is not whitespace where a table
    /// expects none (one error per character; it is foster parented).
    FosterParentingCharacter,
    /// "In body": `<hr>` inside a `select` while an `option` or `optgroup` is in scope.
    HrInOption,
    /// "In body": `<image>` (treated as `<img>`).
    ImageStartTag,
    /// "In body": `<input>` while a `select` is in scope (it closes the `select`), or in a
    /// `select` fragment (ignored).
    InputInSelect,
    /// "In table": `<input type=hidden>` (inserted in the table, popped at once).
    InputInTable,
    /// "In body": `<rb>` or `<rtc>` where the current node is not `ruby` after generating
    /// implied end tags, or `<rp>` or `<rt>` where it is not `rtc` or `ruby`.
    MisnestedRuby,
    /// "Initial": the first token is not a DOCTYPE (outside `iframe` `srcdoc` documents).
    MissingDoctype,
    /// "In body": `<a>` while an `a` is in the list of active formatting elements.
    NestedA,
    /// "In body": `<button>` while a `button` is in scope.
    NestedButton,
    /// "In body": `<form>` while the form element pointer is set (ignored).
    NestedForm,
    /// "In body": `<h1>` to `<h6>` while the current node is a heading (it is closed).
    NestedHeading,
    /// "In body": `<nobr>` while a `nobr` is in scope.
    NestedNobr,
    /// "In body": `<optgroup>` inside a `select` while an `option` or `optgroup` is in scope.
    NestedOptgroup,
    /// "In body": `<option>` inside a `select` while an `option` is in scope.
    NestedOption,
    /// "In body": `<select>` while a `select` is in scope (it closes it), or in a `select`
    /// fragment (ignored).
    NestedSelect,
    /// "In table": `<table>` (it closes the open table and is reprocessed).
    NestedTable,
    /// "In body": `<body>` (its new attributes go to the `body` element).
    UnexpectedBodyStartTag,
    /// "In cell", "close the cell": the current node is not `td` or `th` after generating
    /// implied end tags.
    UnexpectedCellEnd,
    /// "In table body": `<td>` or `<th>` (a `tr` is implied).
    UnexpectedCellInTableBody,
    /// "In column group": a character that is not whitespace when the current node is not
    /// a `colgroup` (one error per character; ignored).
    UnexpectedCharacterInColumnGroup,
    /// "After body" and "after after body": characters that are not whitespace (processed
    /// "in body").
    UnexpectedCharactersAfterBody,
    /// "After frameset" and "after after frameset": a character that is not whitespace (one
    /// error per character; ignored).
    UnexpectedCharactersAfterFrameset,
    /// "In frameset": a character that is not whitespace (one error per character; ignored).
    UnexpectedCharactersInFrameset,
    /// A DOCTYPE anywhere after the "initial" insertion mode (ignored).
    UnexpectedDoctype,
    /// An end tag that is ignored, or that closes elements other than the current node: an
    /// end tag for an element that is not in the relevant scope, `</p>` with no `p` open
    /// (an empty `p` is inserted), an end tag whose element is open but not current, an end
    /// tag the insertion mode does not accept (`</caption>` "in table", `</html>` after the
    /// body of a fragment).
    UnexpectedEndTag,
    /// Foreign content: an end tag whose name is not the current node's (ASCII
    /// case-insensitively).
    UnexpectedEndTagInForeignContent,
    /// "In body": `<frameset>` (it replaces the `body` only while the frameset-ok flag is
    /// set).
    UnexpectedFramesetStartTag,
    /// Foreign content: a start tag that breaks out of SVG or MathML (`b`, `div`, `p`,
    /// `table`, ..., and `font` with `color`, `face` or `size`).
    UnexpectedHtmlElementInForeignContent,
    /// "In body" (and the modes that process it so): `<html>` (its new attributes go to the
    /// root).
    UnexpectedHtmlStartTag,
    /// "In body": `<li>`, `<dd>` or `<dt>` that closes an earlier one which is not the
    /// current node after generating implied end tags.
    UnexpectedListItem,
    /// "Close a p element": the current node is not `p` after generating implied end tags.
    UnexpectedOpenElementClosingP,
    /// A start tag the insertion mode ignores: `<caption>`, `<col>`, `<colgroup>`,
    /// `<frame>`, `<head>`, `<tbody>`, `<td>`, `<tfoot>`, `<th>`, `<thead>` or `<tr>` "in
    /// body", a table part "in cell" with no cell in table scope.
    UnexpectedStartTag,
    /// "After head": `<base>`, `<link>`, `<meta>`, `<script>`, `<style>`, `<template>`,
    /// `<title>` and the like (the `head` is reopened for them).
    UnexpectedStartTagAfterHead,
    /// A tag the insertion mode ignores: `<head>` or an unexpected end tag "in head", "in
    /// head noscript" and "after head"; table parts "in table body" and "in row" with no
    /// matching element in table scope.
    UnexpectedTag,
    /// "After frameset" and "after after frameset": a tag other than `<html>`, `</html>` and
    /// `<noframes>` (ignored).
    UnexpectedTagAfterFrameset,
    /// "In frameset": a tag other than `<html>`, `<frameset>`, `</frameset>`, `<frame>` and
    /// `<noframes>` (ignored).
    UnexpectedTagInFrameset,
    /// "After body" and "after after body": a tag, DOCTYPE-less token or end of input
    /// that sends the parser back "in body".
    UnexpectedTokenAfterBody,
    /// "After frameset": a token other than those it handles (ignored).
    UnexpectedTokenAfterFrameset,
    /// "In column group": a token other than those it handles when the current node is not
    /// a `colgroup` (ignored).
    UnexpectedTokenInColumnGroup,
    /// "In head noscript": a token other than those it handles (the `noscript` is closed and
    /// the token reprocessed "in head").
    UnexpectedTokenInHeadNoscript,

    // ----- Resource limits (Kauri's, not the standard's) -----
    /// An attribute dropped because its tag already has the maximum number of attributes
    /// (`TokenizerOptions::max_attributes`); reported where the dropped attribute's name
    /// ends.
    TooManyAttributes,
    /// The input was cut at the maximum input size (`kauri::ParseOptions::max_input_bytes`);
    /// reported at the end of the parsed input.
    InputTruncated,
}

impl ErrorCode {
    /// Every code, in declaration order (the standard's, then tree construction's, then the
    /// limits).
    ///
    /// ```
    /// use kauri_tokenizer::ErrorCode;
    /// assert_eq!(ErrorCode::ALL[0], ErrorCode::AbruptClosingOfEmptyComment);
    /// assert!(ErrorCode::ALL.contains(&ErrorCode::InputTruncated));
    /// ```
    pub const ALL: [ErrorCode; 106] = {
        use ErrorCode::*;
        [
            AbruptClosingOfEmptyComment,
            AbruptDoctypePublicIdentifier,
            AbruptDoctypeSystemIdentifier,
            AbsenceOfDigitsInNumericCharacterReference,
            CdataInHtmlContent,
            CharacterReferenceOutsideUnicodeRange,
            ControlCharacterInInputStream,
            ControlCharacterReference,
            DisallowedProcessingInstructionTarget,
            DuplicateAttribute,
            EndTagWithAttributes,
            EndTagWithTrailingSolidus,
            EofBeforeTagName,
            EofInCdata,
            EofInComment,
            EofInDoctype,
            EofInProcessingInstruction,
            EofInScriptHtmlCommentLikeText,
            EofInTag,
            IncorrectlyClosedComment,
            IncorrectlyOpenedComment,
            InvalidCharacterSequenceAfterDoctypeName,
            InvalidFirstCharacterOfProcessingInstructionTarget,
            InvalidFirstCharacterOfTagName,
            InvalidProcessingInstructionTarget,
            MissingAttributeValue,
            MissingDoctypeName,
            MissingDoctypePublicIdentifier,
            MissingDoctypeSystemIdentifier,
            MissingEndTagName,
            MissingQuoteBeforeDoctypePublicIdentifier,
            MissingQuoteBeforeDoctypeSystemIdentifier,
            MissingSemicolonAfterCharacterReference,
            MissingWhitespaceAfterDoctypePublicKeyword,
            MissingWhitespaceAfterDoctypeSystemKeyword,
            MissingWhitespaceBeforeDoctypeName,
            MissingWhitespaceBetweenAttributes,
            MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers,
            NestedComment,
            NoncharacterCharacterReference,
            NoncharacterInInputStream,
            NonVoidHtmlElementStartTagWithTrailingSolidus,
            NullCharacterReference,
            SurrogateCharacterReference,
            SurrogateInInputStream,
            UnexpectedCharacterAfterDoctypeSystemIdentifier,
            UnexpectedCharacterInAttributeName,
            UnexpectedCharacterInUnquotedAttributeValue,
            UnexpectedEqualsSignBeforeAttributeName,
            UnexpectedNullCharacter,
            UnexpectedSolidusInTag,
            UnknownNamedCharacterReference,
            AdoptionAgencyFormattingElementNotInScope,
            AdoptionAgencyFormattingElementNotOpen,
            AdoptionAgencyMisnested,
            BadDoctype,
            EndTagBr,
            EndTagWithOpenElements,
            EofInFrameset,
            EofInTemplate,
            EofInText,
            EofWithOpenElements,
            FormInTable,
            FosterParenting,
            FosterParentingCharacter,
            HrInOption,
            ImageStartTag,
            InputInSelect,
            InputInTable,
            MisnestedRuby,
            MissingDoctype,
            NestedA,
            NestedButton,
            NestedForm,
            NestedHeading,
            NestedNobr,
            NestedOptgroup,
            NestedOption,
            NestedSelect,
            NestedTable,
            UnexpectedBodyStartTag,
            UnexpectedCellEnd,
            UnexpectedCellInTableBody,
            UnexpectedCharacterInColumnGroup,
            UnexpectedCharactersAfterBody,
            UnexpectedCharactersAfterFrameset,
            UnexpectedCharactersInFrameset,
            UnexpectedDoctype,
            UnexpectedEndTag,
            UnexpectedEndTagInForeignContent,
            UnexpectedFramesetStartTag,
            UnexpectedHtmlElementInForeignContent,
            UnexpectedHtmlStartTag,
            UnexpectedListItem,
            UnexpectedOpenElementClosingP,
            UnexpectedStartTag,
            UnexpectedStartTagAfterHead,
            UnexpectedTag,
            UnexpectedTagAfterFrameset,
            UnexpectedTagInFrameset,
            UnexpectedTokenAfterBody,
            UnexpectedTokenAfterFrameset,
            UnexpectedTokenInColumnGroup,
            UnexpectedTokenInHeadNoscript,
            TooManyAttributes,
            InputTruncated,
        ]
    };

    /// The code as printed: `eof-in-tag`.
    ///
    /// ```
    /// use kauri_tokenizer::ErrorCode;
    /// assert_eq!(ErrorCode::UnexpectedEndTag.as_str(), "unexpected-end-tag");
    /// ```
    pub const fn as_str(self) -> &'static str {
        use ErrorCode::*;
        match self {
            AbruptClosingOfEmptyComment => "abrupt-closing-of-empty-comment",
            AbruptDoctypePublicIdentifier => "abrupt-doctype-public-identifier",
            AbruptDoctypeSystemIdentifier => "abrupt-doctype-system-identifier",
            AbsenceOfDigitsInNumericCharacterReference => {
                "absence-of-digits-in-numeric-character-reference"
            }
            CdataInHtmlContent => "cdata-in-html-content",
            CharacterReferenceOutsideUnicodeRange => "character-reference-outside-unicode-range",
            ControlCharacterInInputStream => "control-character-in-input-stream",
            ControlCharacterReference => "control-character-reference",
            DisallowedProcessingInstructionTarget => "disallowed-processing-instruction-target",
            DuplicateAttribute => "duplicate-attribute",
            EndTagWithAttributes => "end-tag-with-attributes",
            EndTagWithTrailingSolidus => "end-tag-with-trailing-solidus",
            EofBeforeTagName => "eof-before-tag-name",
            EofInCdata => "eof-in-cdata",
            EofInComment => "eof-in-comment",
            EofInDoctype => "eof-in-doctype",
            EofInProcessingInstruction => "eof-in-processing-instruction",
            EofInScriptHtmlCommentLikeText => "eof-in-script-html-comment-like-text",
            EofInTag => "eof-in-tag",
            IncorrectlyClosedComment => "incorrectly-closed-comment",
            IncorrectlyOpenedComment => "incorrectly-opened-comment",
            InvalidCharacterSequenceAfterDoctypeName => {
                "invalid-character-sequence-after-doctype-name"
            }
            InvalidFirstCharacterOfProcessingInstructionTarget => {
                "invalid-first-character-of-processing-instruction-target"
            }
            InvalidFirstCharacterOfTagName => "invalid-first-character-of-tag-name",
            InvalidProcessingInstructionTarget => "invalid-processing-instruction-target",
            MissingAttributeValue => "missing-attribute-value",
            MissingDoctypeName => "missing-doctype-name",
            MissingDoctypePublicIdentifier => "missing-doctype-public-identifier",
            MissingDoctypeSystemIdentifier => "missing-doctype-system-identifier",
            MissingEndTagName => "missing-end-tag-name",
            MissingQuoteBeforeDoctypePublicIdentifier => {
                "missing-quote-before-doctype-public-identifier"
            }
            MissingQuoteBeforeDoctypeSystemIdentifier => {
                "missing-quote-before-doctype-system-identifier"
            }
            MissingSemicolonAfterCharacterReference => {
                "missing-semicolon-after-character-reference"
            }
            MissingWhitespaceAfterDoctypePublicKeyword => {
                "missing-whitespace-after-doctype-public-keyword"
            }
            MissingWhitespaceAfterDoctypeSystemKeyword => {
                "missing-whitespace-after-doctype-system-keyword"
            }
            MissingWhitespaceBeforeDoctypeName => "missing-whitespace-before-doctype-name",
            MissingWhitespaceBetweenAttributes => "missing-whitespace-between-attributes",
            MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers => {
                "missing-whitespace-between-doctype-public-and-system-identifiers"
            }
            NestedComment => "nested-comment",
            NoncharacterCharacterReference => "noncharacter-character-reference",
            NoncharacterInInputStream => "noncharacter-in-input-stream",
            NonVoidHtmlElementStartTagWithTrailingSolidus => {
                "non-void-html-element-start-tag-with-trailing-solidus"
            }
            NullCharacterReference => "null-character-reference",
            SurrogateCharacterReference => "surrogate-character-reference",
            SurrogateInInputStream => "surrogate-in-input-stream",
            UnexpectedCharacterAfterDoctypeSystemIdentifier => {
                "unexpected-character-after-doctype-system-identifier"
            }
            UnexpectedCharacterInAttributeName => "unexpected-character-in-attribute-name",
            UnexpectedCharacterInUnquotedAttributeValue => {
                "unexpected-character-in-unquoted-attribute-value"
            }
            UnexpectedEqualsSignBeforeAttributeName => {
                "unexpected-equals-sign-before-attribute-name"
            }
            UnexpectedNullCharacter => "unexpected-null-character",
            UnexpectedSolidusInTag => "unexpected-solidus-in-tag",
            UnknownNamedCharacterReference => "unknown-named-character-reference",
            AdoptionAgencyFormattingElementNotInScope => {
                "adoption-agency-formatting-element-not-in-scope"
            }
            AdoptionAgencyFormattingElementNotOpen => "adoption-agency-formatting-element-not-open",
            AdoptionAgencyMisnested => "adoption-agency-misnested",
            BadDoctype => "bad-doctype",
            EndTagBr => "end-tag-br",
            EndTagWithOpenElements => "end-tag-with-open-elements",
            EofInFrameset => "eof-in-frameset",
            EofInTemplate => "eof-in-template",
            EofInText => "eof-in-text",
            EofWithOpenElements => "eof-with-open-elements",
            FormInTable => "form-in-table",
            FosterParenting => "foster-parenting",
            FosterParentingCharacter => "foster-parenting-character",
            HrInOption => "hr-in-option",
            ImageStartTag => "image-start-tag",
            InputInSelect => "input-in-select",
            InputInTable => "input-in-table",
            MisnestedRuby => "misnested-ruby",
            MissingDoctype => "missing-doctype",
            NestedA => "nested-a",
            NestedButton => "nested-button",
            NestedForm => "nested-form",
            NestedHeading => "nested-heading",
            NestedNobr => "nested-nobr",
            NestedOptgroup => "nested-optgroup",
            NestedOption => "nested-option",
            NestedSelect => "nested-select",
            NestedTable => "nested-table",
            UnexpectedBodyStartTag => "unexpected-body-start-tag",
            UnexpectedCellEnd => "unexpected-cell-end",
            UnexpectedCellInTableBody => "unexpected-cell-in-table-body",
            UnexpectedCharacterInColumnGroup => "unexpected-character-in-column-group",
            UnexpectedCharactersAfterBody => "unexpected-characters-after-body",
            UnexpectedCharactersAfterFrameset => "unexpected-characters-after-frameset",
            UnexpectedCharactersInFrameset => "unexpected-characters-in-frameset",
            UnexpectedDoctype => "unexpected-doctype",
            UnexpectedEndTag => "unexpected-end-tag",
            UnexpectedEndTagInForeignContent => "unexpected-end-tag-in-foreign-content",
            UnexpectedFramesetStartTag => "unexpected-frameset-start-tag",
            UnexpectedHtmlElementInForeignContent => "unexpected-html-element-in-foreign-content",
            UnexpectedHtmlStartTag => "unexpected-html-start-tag",
            UnexpectedListItem => "unexpected-list-item",
            UnexpectedOpenElementClosingP => "unexpected-open-element-closing-p",
            UnexpectedStartTag => "unexpected-start-tag",
            UnexpectedStartTagAfterHead => "unexpected-start-tag-after-head",
            UnexpectedTag => "unexpected-tag",
            UnexpectedTagAfterFrameset => "unexpected-tag-after-frameset",
            UnexpectedTagInFrameset => "unexpected-tag-in-frameset",
            UnexpectedTokenAfterBody => "unexpected-token-after-body",
            UnexpectedTokenAfterFrameset => "unexpected-token-after-frameset",
            UnexpectedTokenInColumnGroup => "unexpected-token-in-column-group",
            UnexpectedTokenInHeadNoscript => "unexpected-token-in-head-noscript",
            TooManyAttributes => "too-many-attributes",
            InputTruncated => "input-truncated",
        }
    }

    /// Whether the standard defines this code (§ parse-errors). The tree construction codes
    /// and the limits are Kauri's.
    ///
    /// ```
    /// use kauri_tokenizer::ErrorCode;
    /// assert!(ErrorCode::UnexpectedNullCharacter.is_standard());
    /// assert!(!ErrorCode::InputTruncated.is_standard());
    /// ```
    pub const fn is_standard(self) -> bool {
        (self as usize) <= (ErrorCode::UnknownNamedCharacterReference as usize)
    }

    /// Whether this is one of Kauri's resource limit errors (`too-many-attributes`,
    /// `input-truncated`).
    ///
    /// ```
    /// use kauri_tokenizer::ErrorCode;
    /// assert!(ErrorCode::TooManyAttributes.is_limit());
    /// assert!(!ErrorCode::NestedA.is_limit());
    /// ```
    pub const fn is_limit(self) -> bool {
        (self as usize) >= (ErrorCode::TooManyAttributes as usize)
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
/// assert!("no-such-code".parse::<kauri_tokenizer::ErrorCode>().is_err());
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
