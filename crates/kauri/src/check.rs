//! A conformance checker's view of the parse errors: [`check`] and [`check_bytes`] give one
//! [`Report`] per parse error, worded for a person (the element or attribute named), with its
//! source range, the start tags of the elements it found unclosed, and a source extract.
//!
//! The parse is the ordinary one with errors and source locations on; everything a report
//! adds (names, ranges, extracts) is read back from the source afterwards, so a parse without
//! errors does no extra work. Tree construction errors sit at the start of the token they are
//! about: the tag's name and extent are read from the text there.

use kauri_dom::{Arena, Parsed};
use kauri_encoding::UnknownLabel;
use kauri_tokenizer::{ErrorCode, ErrorKind, LineCounter, ParseError};

use kauri_dom::{parse_document, parse_document_bytes_with_text, DecodedParse, ParseOptions};

use crate::tag_scan::{scan_tag, ScannedTag};

/// A line and column (1-based; columns count UTF-16 code units, as [`ParseError`]'s do) and
/// the byte offset they stand for.
///
/// ```
/// let reports = kauri::check("<!DOCTYPE html>\n<p>\u{e9}</b>");
/// let first = reports[0].range.first;
/// assert_eq!((first.line, first.col, first.offset), (2, 5, 21)); // the `<` of `</b>`
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in UTF-16 code units.
    pub col: u32,
    /// Byte offset into the checked text.
    pub offset: usize,
}

/// A range of the checked text: bytes `start..end`, and the positions of its first and last
/// characters (both inclusive, as the Nu Html Checker's `firstLine`/`lastColumn` are; an empty
/// range, at the end of the input, has `last == first`).
///
/// ```
/// let reports = kauri::check("<!DOCTYPE html><p>x</b>");
/// let range = reports[0].range; // `</b>`
/// assert_eq!((range.start, range.end), (19, 23));
/// assert_eq!((range.first.col, range.last.col), (20, 23));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceRange {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
    /// The position of the first character.
    pub first: Position,
    /// The position of the last character.
    pub last: Position,
}

/// Some source text around a range, with the range's place in it: `text[hilite_start..]`
/// begins with the range's text, `hilite_len` bytes long. It holds the whole range and up to
/// 40 characters of its line on either side.
///
/// ```
/// let reports = kauri::check("<!DOCTYPE html><p>one</b> two");
/// let extract = &reports[0].extract;
/// assert_eq!(extract.text, "<!DOCTYPE html><p>one</b> two");
/// assert_eq!(extract.highlighted(), "</b>");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extract {
    /// The text.
    pub text: String,
    /// Byte offset of the highlighted range in `text`.
    pub hilite_start: usize,
    /// Byte length of the highlighted range.
    pub hilite_len: usize,
}

impl Extract {
    /// The highlighted text: the range's.
    ///
    /// ```
    /// let reports = kauri::check("<!DOCTYPE html><a><a>");
    /// assert_eq!(reports[0].extract.highlighted(), "<a>");
    /// ```
    pub fn highlighted(&self) -> &str {
        &self.text[self.hilite_start..self.hilite_start + self.hilite_len]
    }

    /// `hilite_start` and `hilite_len` in UTF-16 code units, as the Nu Html Checker's JSON
    /// gives them (`hiliteStart`, `hiliteLength`).
    ///
    /// ```
    /// let reports = kauri::check("<!DOCTYPE html>\u{1F600}</b>");
    /// let extract = &reports[0].extract;
    /// assert_eq!((extract.hilite_start, extract.hilite_len), (19, 4));
    /// assert_eq!(extract.hilite_utf16(), (17, 4)); // the emoji is 2 units, 4 bytes
    /// ```
    pub fn hilite_utf16(&self) -> (usize, usize) {
        let units = |s: &str| s.encode_utf16().count();
        (
            units(&self.text[..self.hilite_start]),
            units(self.highlighted()),
        )
    }
}

/// An element a parse error found unclosed: its name and its start tag.
///
/// ```
/// let reports = kauri::check("<!DOCTYPE html><div><span>x");
/// let names: Vec<&str> = reports[0].unclosed.iter().map(|u| u.name.as_str()).collect();
/// assert_eq!(names, ["div", "span"]);
/// assert_eq!(reports[0].unclosed[0].extract.highlighted(), "<div>");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unclosed {
    /// The element's name as written in its start tag, ASCII-lowercased.
    pub name: String,
    /// The start tag.
    pub start_tag: SourceRange,
    /// The source around the start tag.
    pub extract: Extract,
}

impl Unclosed {
    /// The message for the start tag, as the Nu Html Checker words it: `Unclosed element
    /// “div”.`
    ///
    /// ```
    /// let reports = kauri::check("<!DOCTYPE html><div>x");
    /// assert_eq!(reports[0].unclosed[0].message(), "Unclosed element “div”.");
    /// ```
    pub fn message(&self) -> String {
        format!("Unclosed element “{}”.", self.name)
    }
}

/// One parse error, for a person: the code, a worded message naming what it is about, the
/// source range, the elements it found unclosed, and an extract.
///
/// ```
/// let reports = kauri::check("<!DOCTYPE html><p>x</b>");
/// let report = &reports[0];
/// assert_eq!(report.code.as_str(), "unexpected-end-tag");
/// assert!(report.message.starts_with("Stray end tag “b”"));
/// assert_eq!(report.extract.highlighted(), "</b>");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The error's code: the standard's (tokenizer) or Kauri's (tree construction).
    pub code: ErrorCode,
    /// One sentence: what is wrong, what was expected, what the parser did.
    pub message: String,
    /// Where: the character that raised a tokenizer error, the whole tag (or character,
    /// DOCTYPE) a tree construction error is about; empty at the end of the input.
    pub range: SourceRange,
    /// The elements the error found unclosed (`eof-with-open-elements`,
    /// `end-tag-with-open-elements`, `eof-in-text`, `eof-in-template`, `eof-in-frameset`, and
    /// `unexpected-end-tag` for an end tag that closes elements opened after its element),
    /// outermost first, each with its start tag.
    pub unclosed: Vec<Unclosed>,
    /// The source around `range`.
    pub extract: Extract,
}

/// The reports of a checked byte input, with the encoding it was decoded with and the text.
///
/// ```
/// let checked = kauri::check_bytes(b"<meta charset=windows-1252><p>caf\xe9</b>", &Default::default())?;
/// assert_eq!(checked.encoding, "windows-1252");
/// assert!(checked.text.ends_with("caf\u{e9}</b>"));
/// assert_eq!(checked.reports.len(), 2); // missing-doctype, unexpected-end-tag
/// # Ok::<(), kauri::UnknownLabel>(())
/// ```
#[derive(Clone, Debug)]
pub struct Checked {
    /// The name of the encoding the bytes were decoded with.
    pub encoding: &'static str,
    /// The decoded text: the reports' offsets point into it.
    pub text: String,
    /// The reports, in input order.
    pub reports: Vec<Report>,
}

/// Checks a document given as text: one [`Report`] per parse error, in input order (by the
/// start of their ranges; the
/// standard's parse errors with Kauri's codes for tree construction; with
/// [`ParseOptions::max_input_bytes`], `input-truncated` too). An empty list means the document
/// parses without error.
///
/// ```
/// assert!(kauri::check("<!DOCTYPE html><title>t</title><p>ok").is_empty());
/// let reports = kauri::check("<p id=a id=b>");
/// let codes: Vec<&str> = reports.iter().map(|r| r.code.as_str()).collect();
/// assert_eq!(codes, ["missing-doctype", "duplicate-attribute"]);
/// assert_eq!(reports[1].extract.highlighted(), "id");
/// assert_eq!(reports[1].message, "Duplicate attribute “id”: an attribute may appear once per tag (the parser keeps the first and drops this one).");
/// ```
pub fn check(html: &str) -> Vec<Report> {
    check_with_options(html, &ParseOptions::default())
}

/// [`check`] with options (scripting, `iframe srcdoc`, limits; errors and locations are
/// always on).
///
/// ```
/// let opts = kauri::ParseOptions { iframe_srcdoc: true, ..Default::default() };
/// assert!(kauri::check_with_options("<p>no doctype needed", &opts).is_empty());
/// ```
pub fn check_with_options(html: &str, opts: &ParseOptions) -> Vec<Report> {
    let opts = checking(opts);
    let (html, _) = opts.limit_text(html);
    let arena = Arena::new();
    let parsed = parse_document(&arena, html, &opts);
    reports(html, &parsed)
}

/// Checks a document given as bytes, decoded as [`crate::parse_bytes_with_options`] decodes
/// them (sniffing, `<meta>` restarts). Fails only when [`ParseOptions::encoding`] is not an
/// encoding label.
///
/// ```
/// let checked = kauri::check_bytes(b"<!DOCTYPE html><p>ok", &Default::default())?;
/// assert!(checked.reports.is_empty());
/// # Ok::<(), kauri::UnknownLabel>(())
/// ```
pub fn check_bytes(bytes: &[u8], opts: &ParseOptions) -> Result<Checked, UnknownLabel> {
    let opts = checking(opts);
    let arena = Arena::new();
    let DecodedParse {
        parsed,
        encoding,
        text,
    } = parse_document_bytes_with_text(&arena, bytes, &opts)?;
    let reports = reports(&text, &parsed);
    Ok(Checked {
        encoding: encoding.name(),
        text,
        reports,
    })
}

/// `opts` with errors and locations on (the start tags of unclosed elements need them).
fn checking(opts: &ParseOptions) -> ParseOptions {
    ParseOptions {
        errors: true,
        locations: true,
        ..opts.clone()
    }
}

/// The reports of a parse of `text`.
fn reports(text: &str, parsed: &Parsed<'_>) -> Vec<Report> {
    let mut lines = LineCounter::new();
    let mut unclosed = parsed.unclosed.iter().peekable();
    let mut out = Vec::with_capacity(parsed.errors.len());
    for (i, error) in parsed.errors.iter().enumerate() {
        let mut elements = Vec::new();
        while let Some(u) = unclosed.next_if(|u| u.error <= i) {
            if u.error == i {
                let end = floor_char_boundary(text, u.start_tag.end.min(text.len()));
                let start_tag = (floor_char_boundary(text, u.start_tag.start.min(end)), end);
                elements.push(Unclosed {
                    name: scan_tag(text, start_tag.0).map_or_else(String::new, |t| t.name),
                    start_tag: range(text, &mut lines, start_tag),
                    extract: extract(text, start_tag),
                });
            }
        }
        out.push(report(text, &mut lines, error, elements));
    }
    // In input order (a tokenizer error inside a tag comes before the tree construction
    // errors of that tag, though reported after them).
    out.sort_by_key(|r| r.range.start);
    out
}

/// One error's report.
fn report(
    text: &str,
    lines: &mut LineCounter,
    error: &ParseError,
    unclosed: Vec<Unclosed>,
) -> Report {
    let at = floor_char_boundary(text, error.offset.min(text.len()));
    let tag = scan_tag(text, at);
    let span = match (error.code.kind(), &tag) {
        // Reported where the attribute's name ends: the name is the range.
        _ if matches!(
            error.code,
            ErrorCode::DuplicateAttribute | ErrorCode::TooManyAttributes
        ) =>
        {
            (attribute_name_start(text, at), at)
        }
        (ErrorKind::Standard, _)
            if error.code != ErrorCode::NonVoidHtmlElementStartTagWithTrailingSolidus =>
        {
            (at, next_char(text, at))
        }
        (_, Some(tag)) => (at, tag.end),
        (_, None) if text[at..].starts_with("<!") => (at, markup_declaration_end(text, at)),
        (_, None) => (at, next_char(text, at)),
    };
    Report {
        code: error.code,
        message: message(error.code, text, at, tag.as_ref(), &unclosed),
        range: range(text, lines, span),
        unclosed,
        extract: extract(text, span),
    }
}

/// The message of `code`, its placeholders filled from the source (see
/// [`ErrorCode::message`]).
fn message(
    code: ErrorCode,
    text: &str,
    at: usize,
    tag: Option<&ScannedTag>,
    unclosed: &[Unclosed],
) -> String {
    let template = code.message();
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        match &rest[open + 1..open + close] {
            "name" => out.push_str(tag.map_or("?", |t| t.name.as_str())),
            "tag" => match tag {
                Some(t) if t.end_tag => out.push_str(&format!("End tag “{}”", t.name)),
                Some(t) => out.push_str(&format!("Start tag “{}”", t.name)),
                None => out.push_str("This token"),
            },
            "attr" => out.push_str(attribute_name_at(text, at)),
            "char" => out.push_str(&describe_char(text[at..].chars().next())),
            "open" => {
                let names: Vec<String> = unclosed
                    .iter()
                    .take(OPEN_NAMES)
                    .map(|u| format!("“{}”", u.name))
                    .collect();
                if names.is_empty() {
                    out.push_str("open elements");
                } else {
                    out.push_str(&names.join(", "));
                }
                if unclosed.len() > OPEN_NAMES {
                    out.push_str(&format!(" and {} more", unclosed.len() - OPEN_NAMES));
                }
            }
            other => {
                out.push('{');
                out.push_str(other);
                out.push('}');
            }
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// How many unclosed elements `{open}` names (the reports list them all).
const OPEN_NAMES: usize = 6;

/// `“x” (U+0078)`, or `U+0001` for a character that does not print.
fn describe_char(c: Option<char>) -> String {
    match c {
        Some(c) if c.is_control() || c.is_whitespace() => format!("U+{:04X}", u32::from(c)),
        Some(c) => format!("“{c}” (U+{:04X})", u32::from(c)),
        None => "(end of file)".to_string(),
    }
}

/// The end of a `<!...>` markup declaration (a DOCTYPE) at `at`: one past its `>`.
fn markup_declaration_end(text: &str, at: usize) -> usize {
    text[at..].find('>').map_or(text.len(), |p| at + p + 1)
}

/// The start of the attribute name that ends at `at` (where the tokenizer reports
/// `duplicate-attribute`): after the last whitespace or `/` before it.
fn attribute_name_start(text: &str, at: usize) -> usize {
    text[..at]
        .rfind(|c: char| c.is_ascii_whitespace() || c == '/')
        .map_or(at, |p| p + 1)
}

/// The attribute name that ends at `at`.
fn attribute_name_at(text: &str, at: usize) -> &str {
    &text[attribute_name_start(text, at)..at]
}

/// One past the character at `at` (`at` itself at the end of the text).
fn next_char(text: &str, at: usize) -> usize {
    text[at..].chars().next().map_or(at, |c| at + c.len_utf8())
}

/// The largest character boundary at or before `at`.
fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The largest character boundary before `at` (`at` when it is 0).
fn prev_char(text: &str, at: usize) -> usize {
    text[..at].char_indices().next_back().map_or(at, |(i, _)| i)
}

/// The [`SourceRange`] of bytes `start..end`.
fn range(text: &str, lines: &mut LineCounter, (start, end): (usize, usize)) -> SourceRange {
    let position = |lines: &mut LineCounter, offset: usize| {
        let (line, col) = lines.position(text, offset);
        Position { line, col, offset }
    };
    let first = position(lines, start);
    let last = if end > start {
        position(lines, prev_char(text, end))
    } else {
        first
    };
    SourceRange {
        start,
        end,
        first,
        last,
    }
}

/// How many characters of context an extract keeps on each side of its range.
const CONTEXT: usize = 40;

/// The extract of bytes `start..end`: the range and up to [`CONTEXT`] characters of its
/// first and last lines around it.
fn extract(text: &str, (start, end): (usize, usize)) -> Extract {
    let before = text[..start]
        .char_indices()
        .rev()
        .take(CONTEXT)
        .take_while(|&(_, c)| c != '\n' && c != '\r')
        .last()
        .map_or(start, |(i, _)| i);
    let after = text[end..]
        .char_indices()
        .take(CONTEXT)
        .take_while(|&(_, c)| c != '\n' && c != '\r')
        .last()
        .map_or(end, |(i, c)| end + i + c.len_utf8());
    Extract {
        text: text[before..after].to_string(),
        hilite_start: start - before,
        hilite_len: end - start,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_scanned_as_the_tokenizer_does() {
        let end = |s: &str| scan_tag(s, 0).map(|t| (t.name, t.end_tag, t.end));
        assert_eq!(end("<DIV class=x>y"), Some(("div".into(), false, 13)));
        assert_eq!(end("<a title='>' b>"), Some(("a".into(), false, 15)));
        assert_eq!(end("<a title = \">\">"), Some(("a".into(), false, 15)));
        assert_eq!(end("<a b=x'y>z"), Some(("a".into(), false, 9)));
        assert_eq!(end("<a '>"), Some(("a".into(), false, 5)));
        assert_eq!(end("</p\n>"), Some(("p".into(), true, 5)));
        assert_eq!(end("<p"), Some(("p".into(), false, 2)));
        assert_eq!(end("<3"), None);
        assert_eq!(end("</>"), None);
    }

    #[test]
    fn every_placeholder_is_filled() {
        let pages = [
            "<p id=a id=b>\u{1}<div><b><i></b></div></p><table>x<tr><td>a</table></body>",
            "<!DOCTYPE html><svg><p></svg><frameset><a><a><h1><h2></h2>\u{0}<li><li></br><image>",
            "<html><head></head><noscript></noscript><base><title>x",
        ];
        for page in pages {
            for report in check(page) {
                assert!(!report.message.contains('{'), "{page}: {}", report.message);
                assert!(!report.message.contains('?'), "{page}: {}", report.message);
            }
        }
    }

    #[test]
    fn unclosed_elements_point_at_their_start_tags() {
        let reports = check("<!DOCTYPE html><body><div class=a>\n<section><p>x</body>");
        let report = &reports[0];
        assert_eq!(report.code, ErrorCode::EndTagWithOpenElements);
        assert_eq!(
            report.message,
            "End tag “body” seen while elements are unclosed (“div”, “section”): close them before it."
        );
        let starts: Vec<(&str, u32, u32)> = report
            .unclosed
            .iter()
            .map(|u| {
                (
                    u.extract.highlighted(),
                    u.start_tag.first.line,
                    u.start_tag.first.col,
                )
            })
            .collect();
        assert_eq!(starts, [("<div class=a>", 1, 22), ("<section>", 2, 1)]);
        let eof = check("<!DOCTYPE html><title>x");
        assert_eq!(eof[0].code, ErrorCode::EofInText);
        assert_eq!(eof[0].unclosed[0].name, "title");
        assert_eq!(eof[0].range.start, eof[0].range.end);
    }

    #[test]
    fn extracts_stop_at_line_breaks_and_keep_the_range() {
        let text = "first line\n  <p>x</b> and more\nlast";
        let reports = check(text);
        let stray = reports
            .iter()
            .find(|r| r.code == ErrorCode::UnexpectedEndTag)
            .unwrap();
        assert_eq!(stray.extract.text, "  <p>x</b> and more");
        assert_eq!(stray.extract.highlighted(), "</b>");
        assert_eq!((stray.range.first.line, stray.range.first.col), (2, 7));
        assert_eq!((stray.range.last.line, stray.range.last.col), (2, 10));
    }
}
