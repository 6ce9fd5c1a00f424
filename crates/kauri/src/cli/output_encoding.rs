//! `kauri parse --format html` in the document's encoding.
//!
//! The serialization of a document whose encoding is not UTF-8 still carries its `<meta
//! charset>`, so UTF-8 output would be decoded with the declared encoding when parsed again and
//! come back as different text. Encoding the output as a browser's "save page" does (characters
//! the encoding cannot represent become decimal character references, the HTML form of the
//! WHATWG encoder's replacement) makes `kauri parse --format html | kauri parse --format html`
//! print the same bytes again.

use std::io::{self, Write};

use kauri_encoding::Encoding;

/// An [`io::Write`] that takes UTF-8 and writes it to `inner` in `encoding`, streaming: a
/// character split between two writes is held back until its last byte arrives.
pub struct EncodingWriter<'w> {
    inner: &'w mut dyn Write,
    encoder: encoding_rs::Encoder,
    /// The start of a UTF-8 sequence cut off at the end of the previous write (at most 3 bytes).
    pending: Vec<u8>,
    buffer: Vec<u8>,
}

impl<'w> EncodingWriter<'w> {
    /// A writer into `inner` in `encoding`'s output encoding (UTF-16 and replacement output as
    /// UTF-8, as the standard's "get an output encoding" says).
    pub fn new(inner: &'w mut dyn Write, encoding: &'static Encoding) -> EncodingWriter<'w> {
        EncodingWriter {
            inner,
            encoder: encoding.output_encoding().new_encoder(),
            pending: Vec::new(),
            buffer: vec![0; 16 * 1024],
        }
    }

    /// Encodes `text` (complete UTF-8) and writes it out.
    fn encode(&mut self, text: &str, last: bool) -> io::Result<()> {
        let mut rest = text;
        loop {
            let (result, read, written, _) =
                self.encoder.encode_from_utf8(rest, &mut self.buffer, last);
            self.inner.write_all(&self.buffer[..written])?;
            rest = &rest[read..];
            if let encoding_rs::CoderResult::InputEmpty = result {
                return Ok(());
            }
        }
    }

    /// Ends the encoder's output (ISO-2022-JP may need to switch back to ASCII).
    pub fn finish(mut self) -> io::Result<()> {
        let pending = std::mem::take(&mut self.pending);
        let tail = String::from_utf8_lossy(&pending).into_owned();
        self.encode(&tail, true)?;
        self.inner.flush()
    }
}

impl Write for EncodingWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut data = std::mem::take(&mut self.pending);
        data.extend_from_slice(bytes);
        let complete = match std::str::from_utf8(&data) {
            Ok(_) => data.len(),
            // An incomplete sequence at the end waits for the next write; anything else is not
            // what the serializer writes, and becomes U+FFFD.
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => data.len(),
        };
        let text = String::from_utf8_lossy(&data[..complete]).into_owned();
        self.pending = data[complete..].to_vec();
        self.encode(&text, false)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `text` through an [`EncodingWriter`] in pieces of `piece` bytes.
    fn encode_in_pieces(text: &str, encoding: &'static Encoding, piece: usize) -> Vec<u8> {
        let mut out = Vec::new();
        let mut writer = EncodingWriter::new(&mut out, encoding);
        for chunk in text.as_bytes().chunks(piece) {
            writer.write_all(chunk).unwrap();
        }
        writer.finish().unwrap();
        out
    }

    #[test]
    fn characters_split_between_writes_are_encoded_whole() {
        let text = "<p>\u{3042}\u{3044} caf\u{e9} \u{1f600}</p>";
        let whole = encode_in_pieces(text, encoding_rs::SHIFT_JIS, text.len());
        assert_eq!(whole, b"<p>\x82\xa0\x82\xa2 caf&#233; &#128512;</p>");
        for piece in 1..8 {
            assert_eq!(encode_in_pieces(text, encoding_rs::SHIFT_JIS, piece), whole);
        }
        // ISO-2022-JP ends in ASCII.
        let jis = encode_in_pieces("\u{3042}", encoding_rs::ISO_2022_JP, 1);
        assert_eq!(jis, b"\x1b$B$\"\x1b(B");
    }
}
