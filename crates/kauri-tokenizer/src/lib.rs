//! The WHATWG HTML tokenizer (section 13.2.5 of the HTML standard).
//!
//! [`Tokenizer`] takes text (already decoded to UTF-8) in chunks of any size and pushes
//! [`Token`]s into a [`TokenSink`]. The tree builder is such a sink; it can switch the tokenizer
//! to the RCDATA, RAWTEXT, script data or PLAINTEXT state through its return value.

#![warn(missing_docs)]

mod char_ref;
mod input;
pub mod names;
mod sink;
mod token;
mod tokenizer;

pub use names::{AttrName, AttrNamespace, Attribute, LocalName, Namespace, QualName};
pub use sink::{ParseError, TextState, TokenSink, TokenSinkResult};
pub use token::{Doctype, Span, Tag, TagKind, Token};
pub use tokenizer::{State, Tokenizer, TokenizerOptions};
