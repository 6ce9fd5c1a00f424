//! Text dumps of a tree: the html5lib tree-construction test format ([`to_test_tree`]) and the
//! JSON format of `kauri parse --format json` ([`to_json`]). Both walk the tree iteratively.
//!
//! Each also streams to an [`std::io::Write`] (through [`Chunked`]), so a large document's dump
//! need not be held in memory whole: see [`Document::write_test_tree`](crate::Document::write_test_tree)
//! and [`Document::write_json`](crate::Document::write_json).

mod json;
mod tree;

pub(crate) use json::stream_json;
pub use json::{json_attributes, json_string, to_json, write_json, JsonOptions};
pub(crate) use tree::stream_test_tree;
pub use tree::{to_test_tree, write_test_tree};

use std::io;

/// Moves a walk's output from its `String` buffer to an [`io::Write`] each time the buffer
/// holds [`Chunked::CHUNK`] bytes, so the output streams in pieces of about that size instead
/// of being built whole. The first write error stops the walk and is returned by
/// [`Chunked::finish`].
pub(crate) struct Chunked<'w> {
    writer: &'w mut dyn io::Write,
    error: Option<io::Error>,
}

impl<'w> Chunked<'w> {
    /// The buffer size at which the walk's output is written out.
    pub(crate) const CHUNK: usize = 32 * 1024;

    /// Streams to `writer`.
    pub(crate) fn new(writer: &'w mut dyn io::Write) -> Self {
        Chunked {
            writer,
            error: None,
        }
    }

    /// A buffer for the walk's output: empty, so a small output (one element of `kauri
    /// select`) allocates only what it needs; a large one grows it to a chunk once.
    pub(crate) fn buffer() -> String {
        String::new()
    }

    fn write(&mut self, buf: &mut String) -> bool {
        if self.error.is_some() {
            return false;
        }
        match self.writer.write_all(buf.as_bytes()) {
            Ok(()) => {
                buf.clear();
                true
            }
            Err(error) => {
                self.error = Some(error);
                false
            }
        }
    }

    /// Writes what is left in `buf`; the first write error, if any.
    pub(crate) fn finish(mut self, buf: &mut String) -> io::Result<()> {
        self.write(buf);
        match self.error.take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

/// Where a walk hands its buffer between steps.
pub(crate) trait Drain {
    /// Takes what it wants of `buf` (emptying it as far as it took). `false`: stop the walk.
    fn drain(&mut self, buf: &mut String) -> bool;
}

impl Drain for Chunked<'_> {
    /// Writes `buf` out (and empties it) when it is full. `false` once a write has failed.
    fn drain(&mut self, buf: &mut String) -> bool {
        if buf.len() >= Self::CHUNK {
            self.write(buf)
        } else {
            self.error.is_none()
        }
    }
}
