//! The tokens the tokenizer emits (§ tokenization of the standard, plus the 2026 processing
//! instruction).

use crate::names::{DistinctAttrs, LocalName};

/// A source location: a byte range `start..end` of the tokenizer's input, in bytes of the UTF-8
/// text as fed (before newline normalization), so `&input[span.start..span.end]` is the
/// token's source. Byte offsets are the one unit of source ranges, as for
/// [`ParseError::offset`](crate::ParseError::offset); a [`LineCounter`](crate::LineCounter)
/// (or [`line_col`](crate::line_col)) turns an offset into the line and UTF-16 column every
/// error is reported with.
///
/// ```
/// use kauri_tokenizer::{line_col, Span, Token, TokenSink, TokenSinkResult, Tokenizer};
///
/// #[derive(Default)]
/// struct Spans(Vec<Span>);
/// impl TokenSink for Spans {
///     fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult {
///         if let Token::Tag(_) = token {
///             self.0.push(span);
///         }
///         TokenSinkResult::Continue
///     }
/// }
///
/// let input = "\u{1F600}\r\n\u{1F600}<b>x</b>";
/// let mut tokenizer = Tokenizer::new(Spans::default(), Default::default());
/// tokenizer.feed(input)?;
/// tokenizer.end()?;
/// let end_tag = tokenizer.sink().0[1];
/// assert_eq!(&input[end_tag.start..end_tag.end], "</b>");
/// assert_eq!((end_tag.start, end_tag.end), (14, 18));
/// assert_eq!(line_col(input, end_tag.start), (2, 7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// Whether a tag token is a start tag or an end tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagKind {
    /// `<name ...>`
    StartTag,
    /// `</name ...>`
    EndTag,
}

/// A start or end tag token. Its attributes are lent by the tokenizer for the
/// [`TokenSink::process_token`](crate::TokenSink::process_token) call (the tokenizer reuses
/// their storage for the next tag); a sink that keeps them copies them.
///
/// ```
/// use kauri_tokenizer::{Attribute, Tag, Token, TokenSink, TokenSinkResult, Tokenizer, Span};
///
/// #[derive(Default)]
/// struct Links(Vec<String>);
/// impl TokenSink for Links {
///     fn process_token(&mut self, token: Token<'_>, _: Span) -> TokenSinkResult {
///         if let Token::Tag(tag) = token {
///             if let Some(href) = tag.attr(&"href".into()) {
///                 self.0.push(href.to_string());
///             }
///         }
///         TokenSinkResult::Continue
///     }
/// }
///
/// let mut tokenizer = Tokenizer::new(Links::default(), Default::default());
/// tokenizer.feed(r#"<a href="/one">1</a> <a class=x href=/two>2</a>"#)?;
/// tokenizer.end()?;
/// assert_eq!(tokenizer.sink().0, ["/one", "/two"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    /// Start or end tag.
    pub kind: TagKind,
    /// The tag name, lowercased.
    pub name: LocalName,
    /// The self-closing flag (`<br/>`).
    pub self_closing: bool,
    /// Attributes in source order; duplicates already dropped (with a `duplicate-attribute` error).
    pub attrs: DistinctAttrs<'a>,
}

impl Tag<'_> {
    /// The value of the first attribute with this local name (no namespace), if any.
    pub fn attr(&self, name: &LocalName) -> Option<&str> {
        self.attrs.value(name)
    }
}

/// A DOCTYPE token. Missing identifiers are `None` (which differs from the empty string).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Doctype {
    /// The name, lowercased; `None` when missing.
    pub name: Option<String>,
    /// The public identifier; `None` when missing.
    pub public_id: Option<String>,
    /// The system identifier; `None` when missing.
    pub system_id: Option<String>,
    /// The force-quirks flag.
    pub force_quirks: bool,
}

/// One token. Strings borrow from the tokenizer's buffers and are valid for the call only.
#[derive(Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// A DOCTYPE.
    Doctype(&'a Doctype),
    /// A start or end tag.
    Tag(Tag<'a>),
    /// A comment, with its data.
    Comment(&'a str),
    /// A processing instruction `<?target data>` (the 2026 standard).
    ProcessingInstruction {
        /// The target, case preserved.
        target: &'a str,
        /// The data.
        data: &'a str,
    },
    /// A run of character tokens. Never contains U+0000 (see [`Token::NullCharacter`]) and is
    /// never empty. Consecutive runs may be emitted for one stretch of text.
    Characters(&'a str),
    /// A U+0000 NULL character token, as the data and CDATA section states emit it.
    NullCharacter,
    /// The end-of-file token.
    Eof,
}
