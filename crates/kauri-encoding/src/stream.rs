//! Streaming decoding to UTF-8 with encoding_rs (the Encoding standard's "decode").

use crate::EncodingDecision;
use encoding_rs::{CoderResult, Decoder, Encoding, UTF_8};

/// The size of the buffer [`StreamDecoder::decode`] decodes through (on the stack).
const SCRATCH: usize = 8 * 1024;

/// Chunks up to this many bytes are decoded straight into the output (see
/// [`StreamDecoder::decode`]).
const SMALL_CHUNK: usize = 256;

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
    /// The decoder holds nothing back (no partial sequence, no byte order mark being sniffed)
    /// and decodes to UTF-8 or with a single-byte encoding: see [`StreamDecoder::decode`].
    clean: bool,
}

impl StreamDecoder {
    /// A decoder for a stream in `encoding` (a BOM at the start of the stream still wins).
    pub fn new(encoding: &'static Encoding) -> Self {
        StreamDecoder {
            encoding,
            decoder: encoding.new_decoder(),
            had_errors: false,
            ended: false,
            clean: false,
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
            self.clean = false;
        }
        // The bytes are their own text (a streaming parser fed in small pieces spends most of
        // its time in the decoder otherwise), with nothing held back from the last chunk: the
        // decoder is left as it was, which is where it would be after these bytes.
        if let Some(text) = self.clean.then(|| self.verbatim(chunk)).flatten() {
            out.push_str(text);
            self.ended = last;
            return;
        }
        self.decode_with_decoder(chunk, last, out);
        // Past the start (the BOM sniffing) and after an ASCII byte, neither UTF-8 nor a
        // single-byte encoding holds anything back: an ASCII byte ends or breaks every
        // sequence, and no byte order mark has one.
        if let Some(&end) = chunk.last() {
            let encoding = self.decoder.encoding();
            self.clean = end < 0x80 && (encoding == UTF_8 || encoding.is_single_byte());
        }
    }

    /// `chunk` as text when it decodes to itself in the decoder's encoding (nothing held
    /// back): valid UTF-8 in UTF-8, ASCII in a single-byte encoding.
    fn verbatim<'c>(&self, chunk: &'c [u8]) -> Option<&'c str> {
        let encoding = self.decoder.encoding();
        if encoding != UTF_8 && !(encoding.is_single_byte() && chunk.is_ascii()) {
            return None;
        }
        std::str::from_utf8(chunk).ok()
    }

    /// [`StreamDecoder::decode`] through encoding_rs's decoder.
    fn decode_with_decoder(&mut self, chunk: &[u8], last: bool, out: &mut String) {
        if chunk.len() <= SMALL_CHUNK {
            // A small chunk (a streaming parser's): decode straight into `out`, whose spare
            // capacity this reserves is small, instead of clearing the whole scratch buffer.
            let mut src = chunk;
            loop {
                let room = self
                    .decoder
                    .max_utf8_buffer_length(src.len())
                    .unwrap_or(SMALL_CHUNK * 4)
                    .max(4);
                out.reserve(room);
                let (result, read, had_errors) = self.decoder.decode_to_string(src, out, last);
                self.had_errors |= had_errors;
                src = &src[read..];
                match result {
                    CoderResult::InputEmpty => break,
                    CoderResult::OutputFull => continue,
                }
            }
            self.ended = last;
            return;
        }
        // encoding_rs writes into a buffer it is given in full, and touches every page of it
        // (the spare capacity of a `String` handed to `decode_to_string` included), so a large
        // reservation would cost its whole size in resident memory. Decoding through a small
        // scratch buffer and appending what was written lets `out` grow only by what it holds.
        let mut scratch = [0u8; SCRATCH];
        let scratch = match std::str::from_utf8_mut(&mut scratch) {
            Ok(scratch) => scratch,
            Err(_) => unreachable!("zero bytes are UTF-8"),
        };
        let mut src = chunk;
        loop {
            let (result, read, written, had_errors) =
                self.decoder.decode_to_str(src, scratch, last);
            self.had_errors |= had_errors;
            out.push_str(&scratch[..written]);
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
///
/// The text's capacity stays close to its length: bytes that are already the text (valid UTF-8
/// in UTF-8, or ASCII in an ASCII-compatible encoding) are copied once, and anything else is
/// decoded into a buffer that grows with the text rather than to the worst case up front.
pub fn decode(bytes: &[u8], decision: &EncodingDecision) -> String {
    let (encoding, bom) = bom_split(bytes, decision.encoding);
    let rest = &bytes[bom..];
    if encoding == UTF_8 || (encoding.is_ascii_compatible() && rest.is_ascii()) {
        if let Ok(text) = std::str::from_utf8(rest) {
            return text.to_owned();
        }
    }
    decode_without_bom(encoding, rest)
}

/// Decodes a whole buffer like [`decode`], reusing `bytes` as the text (no copy) when they are
/// already the text: valid UTF-8 decoded as UTF-8 (a UTF-8 BOM is removed in place), or ASCII in
/// an ASCII-compatible encoding. Otherwise the bytes are decoded and dropped.
///
/// ```
/// use kauri_encoding::{decode_vec, Encoding, EncodingDecision};
/// let utf8 = EncodingDecision::meta_in_tree(Encoding::for_label(b"utf-8").unwrap());
/// let bytes = b"\xEF\xBB\xBFcaf\xC3\xA9".to_vec();
/// let start = bytes.as_ptr();
/// let text = decode_vec(bytes, &utf8);
/// assert_eq!((text.as_str(), text.as_ptr()), ("café", start));
/// let latin1 = EncodingDecision::meta_in_tree(Encoding::for_label(b"latin1").unwrap());
/// assert_eq!(decode_vec(b"caf\xE9".to_vec(), &latin1), "café");
/// ```
pub fn decode_vec(bytes: Vec<u8>, decision: &EncodingDecision) -> String {
    match decode_in_place(bytes, decision) {
        Ok(text) => text,
        Err(bytes) => decode(&bytes, decision),
    }
}

/// The bytes as the decoded text without a copy, when they are already that text (see
/// [`decode_vec`]); otherwise `Err` with the bytes untouched. A parser that may have to restart
/// with another encoding (a tentative decision) uses this: on `Ok` the original bytes are
/// `text.into_bytes()` again (there is no BOM, or the decision would be certain), and on `Err`
/// it keeps the bytes and decodes a copy with [`decode`].
///
/// ```
/// use kauri_encoding::{decode_in_place, Encoding, EncodingDecision};
/// let sjis = EncodingDecision::meta_in_tree(Encoding::for_label(b"shift_jis").unwrap());
/// assert_eq!(decode_in_place(b"<p>ascii".to_vec(), &sjis).unwrap(), "<p>ascii");
/// assert_eq!(decode_in_place(b"<p>\x82\xa0".to_vec(), &sjis).unwrap_err(), b"<p>\x82\xa0");
/// ```
pub fn decode_in_place(mut bytes: Vec<u8>, decision: &EncodingDecision) -> Result<String, Vec<u8>> {
    let (encoding, bom) = bom_split(&bytes, decision.encoding);
    if bom == 0 {
        // The common case: one validation pass, and the bytes come back untouched on failure.
        if encoding == UTF_8 || (encoding.is_ascii_compatible() && bytes.is_ascii()) {
            return String::from_utf8(bytes).map_err(|e| e.into_bytes());
        }
        return Err(bytes);
    }
    if !is_verbatim(encoding, &bytes[bom..]) {
        return Err(bytes);
    }
    bytes.drain(..bom);
    // Valid UTF-8 was just checked, so this is `Ok`; the error arm only hands the bytes back.
    String::from_utf8(bytes).map_err(|e| e.into_bytes())
}

/// The encoding to decode with (a BOM's, else `encoding`) and the length of the BOM.
fn bom_split(bytes: &[u8], encoding: &'static Encoding) -> (&'static Encoding, usize) {
    Encoding::for_bom(bytes).unwrap_or((encoding, 0))
}

/// Whether decoding `bytes` (after any BOM) with `encoding` gives the bytes themselves.
fn is_verbatim(encoding: &'static Encoding, bytes: &[u8]) -> bool {
    if encoding == UTF_8 {
        std::str::from_utf8(bytes).is_ok()
    } else {
        encoding.is_ascii_compatible() && bytes.is_ascii()
    }
}

/// Decodes `bytes` (a BOM already removed) with `encoding`, without BOM sniffing.
fn decode_without_bom(encoding: &'static Encoding, bytes: &[u8]) -> String {
    let mut decoder = StreamDecoder {
        encoding,
        decoder: encoding.new_decoder_without_bom_handling(),
        had_errors: false,
        ended: false,
        clean: false,
    };
    // The usual text is about as long as its bytes; the buffer grows if it is longer.
    let mut out = String::with_capacity(bytes.len());
    decoder.decode(bytes, true, &mut out);
    out
}
