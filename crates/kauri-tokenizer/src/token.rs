//! The tokens the tokenizer emits (13.2.5 of the standard, plus the 2026 processing instruction).

use crate::names::{Attribute, LocalName};

/// A byte range of the tokenizer's input: `start..end`, in bytes of the UTF-8 text as fed
/// (before newline normalization).
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

/// A start or end tag token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Start or end tag.
    pub kind: TagKind,
    /// The tag name, lowercased.
    pub name: LocalName,
    /// The self-closing flag (`<br/>`).
    pub self_closing: bool,
    /// Attributes in source order; duplicates already dropped (with a `duplicate-attribute` error).
    pub attrs: Vec<Attribute>,
}

impl Tag {
    /// The value of the first attribute with this local name (no namespace), if any.
    pub fn attr(&self, name: &LocalName) -> Option<&str> {
        self.attrs
            .iter()
            .find(|a| a.name.local == *name)
            .map(|a| a.value.as_str())
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
    Doctype(Doctype),
    /// A start or end tag.
    Tag(Tag),
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
