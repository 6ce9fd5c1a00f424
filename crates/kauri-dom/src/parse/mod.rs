//! Parsing into this crate's DOM: [`ParseOptions`], the one [`Driver`] that puts the pipeline
//! together (encoding sniffing -> tokenizer -> tree builder -> [`DomSink`](crate::DomSink)), and
//! the entry points for documents (text, bytes) and fragments.

mod context;
mod driver;
mod entry;
mod options;

pub use context::{ContextError, FragmentContext};
pub use driver::{DomSinkFilter, Driver};
pub use entry::{
    parse, parse_bytes, parse_bytes_with_options, parse_document, parse_document_bytes,
    parse_document_bytes_with_text, parse_document_owned_bytes, parse_fragment, parse_fragment_for,
    parse_fragment_in, parse_owned_bytes, parse_with_options, DecodedParse,
};
pub use options::ParseOptions;
