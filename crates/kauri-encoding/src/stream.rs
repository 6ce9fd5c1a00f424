//! Streaming decoding to UTF-8 with encoding_rs (the Encoding standard's "decode").

use crate::EncodingDecision;
use encoding_rs::{CoderResult, Decoder, Encoding};

/// Decodes a byte stream, chunk by chunk, to UTF-8.
///
/// This is the Encoding standard's "decode" algorithm: a byte order mark at the start of the
/// stream selects its encoding and is removed (so it agrees with [`crate::sniff`], which gives a
/// BOM the first word), otherwise the stream is decoded with the encoding given to
/// [`StreamDecoder::new`]. Malformed byte sequences become U+FFFD; no byte is ever lost or
/// decoded twice. Chunks may split multi-byte sequences anywhere: feeding 1-byte chunks produces
/// exactly the same text as feeding the whole buffer at once.
pub struct StreamDecoder {
    /// The encoding the decoder was created with (used again after a stream ends).
    encoding: &'static Encoding,
    /// encoding_rs's incremental decoder.
    decoder: Decoder,
    /// Whether any malformed sequence was replaced by U+FFFD.
    had_errors: bool,
    /// Whether the last call ended the stream (the next call starts a new one).
    ended: bool,
}

impl StreamDecoder {
    /// A decoder for a stream in `encoding` (a BOM at the start of the stream still wins).
    pub fn new(encoding: &'static Encoding) -> Self {
        StreamDecoder {
            encoding,
            decoder: encoding.new_decoder(),
            had_errors: false,
            ended: false,
        }
    }

    /// A decoder for the encoding of an [`EncodingDecision`] (see [`crate::sniff`]).
    pub fn for_decision(decision: &EncodingDecision) -> Self {
        Self::new(decision.encoding)
    }

    /// Decodes `chunk` and appends the text to `out`. Set `last` on the final chunk (which may
    /// be empty): an incomplete sequence at the end of the stream then becomes U+FFFD.
    ///
    /// After a call with `last` set, the decoder starts over: the next call begins a new stream
    /// (with BOM sniffing again).
    pub fn decode(&mut self, chunk: &[u8], last: bool, out: &mut String) {
        if self.ended {
            self.decoder = self.encoding.new_decoder();
            self.had_errors = false;
            self.ended = false;
        }
        let mut src = chunk;
        loop {
            let needed = self
                .decoder
                .max_utf8_buffer_length(src.len())
                .unwrap_or(src.len().saturating_add(64));
            out.reserve(needed);
            let (result, read, had_errors) = self.decoder.decode_to_string(src, out, last);
            self.had_errors |= had_errors;
            src = &src[read..];
            match result {
                CoderResult::InputEmpty => break,
                CoderResult::OutputFull => continue,
            }
        }
        self.ended = last;
    }

    /// The encoding in use: the one given to [`StreamDecoder::new`], or the one a BOM selected
    /// once the BOM has been seen (still reported after the stream's last chunk).
    pub fn encoding(&self) -> &'static Encoding {
        self.decoder.encoding()
    }

    /// Whether any malformed byte sequence of the current (or just ended) stream has been
    /// replaced by U+FFFD.
    pub fn had_errors(&self) -> bool {
        self.had_errors
    }
}

/// Decodes a whole buffer with the encoding of `decision` (a BOM at the start still wins and is
/// removed). Malformed byte sequences become U+FFFD.
pub fn decode(bytes: &[u8], decision: &EncodingDecision) -> String {
    let mut out = String::new();
    StreamDecoder::for_decision(decision).decode(bytes, true, &mut out);
    out
}
