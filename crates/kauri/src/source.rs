//! Where a node came from: its [`Span`] (byte offsets into the decoded text the parser read)
//! as offsets into the original input and as lines and columns.
//!
//! For text input the decoded text is the input. For byte input it is the bytes decoded with
//! the encoding the parse settled on ([`Document::encoding`]); [`SourceText::from_bytes`]
//! decodes them again, byte by byte, and keeps a map from decoded offsets back to byte offsets
//! (a Shift_JIS character is two bytes in the page and three in the text). Lines and columns
//! are counted by [`LineCounter`], as every parse error's are: 1-based, columns in UTF-16 code
//! units, CR LF one line break.

use kauri_dom::{Document, Node, Span};
use kauri_encoding::Encoding;
use kauri_tokenizer::LineCounter;

use crate::tag_scan::scan_tag;

/// The text a parse read, and the way back from its offsets to the original input's.
///
/// ```
/// let page = b"<meta charset=shift_jis><p>\x82\xa0\x82\xa2</p>\n<b>x</b>";
/// let doc = kauri::parse_bytes_with_options(page, &kauri::ParseOptions { locations: true, ..Default::default() }).unwrap();
/// let source = kauri::SourceText::from_bytes(page, &doc);
/// let b = doc.select_first(&kauri::Selector::parse("b").unwrap()).unwrap();
/// let at = source.locate(&mut kauri::LineCounter::new(), b.span().unwrap());
/// assert_eq!((at.start, at.end), (36, 39)); // `<b>` in the original bytes
/// assert_eq!(&page[at.start..at.end], b"<b>");
/// assert_eq!((at.line, at.col), (2, 1));
/// ```
#[derive(Clone, Debug)]
pub struct SourceText {
    text: String,
    /// `(decoded offset, input offset)` at each character where the difference between the
    /// two changes (none for text input): in between, both advance together.
    anchors: Vec<(usize, usize)>,
    /// The input's length in bytes (the end of the text maps there).
    input_len: usize,
}

/// A source range: byte offsets into the original input, and the line and column of its start
/// and end (see the module documentation for the units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// Offset of the first byte in the original input.
    pub start: usize,
    /// Offset one past the last byte in the original input.
    pub end: usize,
    /// Line of the start (1-based).
    pub line: u32,
    /// Column of the start (1-based, UTF-16 code units).
    pub col: u32,
    /// Line of the end.
    pub end_line: u32,
    /// Column of the end.
    pub end_col: u32,
}

impl SourceText {
    /// The source of a parse of `text` (offsets into the input are offsets into `text`).
    ///
    /// ```
    /// let source = kauri::SourceText::from_text("<p>\r\nx");
    /// assert_eq!(source.input_offset(5), 5);
    /// ```
    pub fn from_text(text: &str) -> SourceText {
        SourceText {
            text: text.to_owned(),
            anchors: Vec::new(),
            input_len: text.len(),
        }
    }

    /// The source of `doc`, parsed from `bytes`: the bytes decoded again with the document's
    /// encoding (a byte order mark still wins and is skipped, as the parse skipped it).
    ///
    /// ```
    /// let page = b"\xEF\xBB\xBF<p>caf\xC3\xA9</p>";
    /// let doc = kauri::parse_bytes(page);
    /// let source = kauri::SourceText::from_bytes(page, &doc);
    /// assert_eq!(source.text(), "<p>caf\u{e9}</p>");
    /// assert_eq!(source.input_offset(0), 3); // after the BOM
    /// assert_eq!(source.input_offset(source.text().len()), page.len());
    /// ```
    pub fn from_bytes(bytes: &[u8], doc: &Document) -> SourceText {
        let named = Encoding::for_label(doc.encoding().as_bytes());
        let (encoding, bom) = match Encoding::for_bom(bytes) {
            Some((encoding, bom)) => (encoding, bom),
            None => (named.unwrap_or(encoding_rs_utf8()), 0),
        };
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let mut text = String::with_capacity(bytes.len());
        let mut anchors = Vec::new();
        // Input offset minus decoded offset since the last anchor.
        let mut delta: isize = bom as isize;
        if bom > 0 {
            anchors.push((0, bom));
        }
        // Where the sequence being decoded started in the input.
        let mut sequence_start = bom;
        let rest = &bytes[bom..];
        for (i, byte) in rest.iter().enumerate() {
            let at = bom + i;
            let before = text.len();
            let last = i + 1 == rest.len();
            decode_into(&mut decoder, std::slice::from_ref(byte), last, &mut text);
            for (k, (offset, _)) in text[before..].char_indices().enumerate() {
                let decoded = before + offset;
                // The first character starts where its sequence did; any other one this byte
                // produced (after a malformed sequence) starts at the byte.
                let input = if k == 0 { sequence_start } else { at };
                let d = input as isize - decoded as isize;
                if d != delta {
                    anchors.push((decoded, input));
                    delta = d;
                }
            }
            if text.len() > before {
                sequence_start = at + 1;
            }
        }
        if rest.is_empty() {
            decode_into(&mut decoder, &[], true, &mut text);
        }
        SourceText {
            text,
            anchors,
            input_len: bytes.len(),
        }
    }

    /// The decoded text (what the parser read; spans are offsets into it).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The offset into the original input of the character at `offset` of the text (the end
    /// of the text maps to the end of the input).
    ///
    /// ```
    /// let page = b"<meta charset=shift_jis>\x82\xa0<b>";
    /// let doc = kauri::parse_bytes(page);
    /// let source = kauri::SourceText::from_bytes(page, &doc);
    /// let b = source.text().find("<b>").unwrap();
    /// assert_eq!((b, source.input_offset(b)), (27, 26));
    /// ```
    pub fn input_offset(&self, offset: usize) -> usize {
        if offset >= self.text.len() {
            return self.input_len;
        }
        match self
            .anchors
            .partition_point(|&(decoded, _)| decoded <= offset)
        {
            0 => offset,
            i => {
                let (decoded, input) = self.anchors[i - 1];
                input + (offset - decoded)
            }
        }
    }

    /// The location of `span` (a node's [`span`](kauri_dom::Node::span) or
    /// [`end_tag_span`](kauri_dom::Node::end_tag_span)). `lines` counts the lines: one
    /// counter for many calls is fastest when the spans come in document order.
    ///
    /// ```
    /// let text = "<p>a\r\n<b>\u{1F600}</b>";
    /// let doc = kauri::parse_with_options(text, &kauri::ParseOptions { locations: true, ..Default::default() });
    /// let source = kauri::SourceText::from_text(text);
    /// let b = doc.select_first(&kauri::Selector::parse("b").unwrap()).unwrap();
    /// let mut lines = kauri::LineCounter::new();
    /// let end = source.locate(&mut lines, b.end_tag_span().unwrap());
    /// assert_eq!((end.line, end.col, end.end_col), (2, 6, 10)); // the emoji is two columns
    /// ```
    pub fn locate(&self, lines: &mut LineCounter, span: Span) -> Location {
        let (line, col) = lines.position(&self.text, span.start);
        let (end_line, end_col) = lines.position(&self.text, span.end);
        Location {
            start: self.input_offset(span.start),
            end: self.input_offset(span.end),
            line,
            col,
            end_line,
            end_col,
        }
    }
}

impl SourceText {
    /// The source range of the attribute `name` (its qualified name, `href`, `xlink:href`;
    /// ASCII case-insensitive) of `element`: from its name through its value, as written in
    /// the element's start tag. `None` when the element has no start tag in the source or the
    /// tag no such attribute. Of an attribute written twice, the first is the one the element
    /// has (§ attribute-name-state).
    ///
    /// ```
    /// let text = "<p>\n<a  class=k HREF = '/x'>";
    /// let doc = kauri::parse_with_options(text, &kauri::ParseOptions { locations: true, ..Default::default() });
    /// let source = kauri::SourceText::from_text(text);
    /// let a = doc.select_first(&kauri::Selector::parse("a").unwrap()).unwrap();
    /// let span = source.attribute_span(a, "href").unwrap();
    /// assert_eq!(&text[span.start..span.end], "HREF = '/x'");
    /// let at = source.locate(&mut kauri::LineCounter::new(), span);
    /// assert_eq!((at.line, at.col), (2, 13));
    /// ```
    pub fn attribute_span(&self, element: &Node<'_>, name: &str) -> Option<Span> {
        element.as_element()?;
        let tag = scan_tag(&self.text, element.span()?.start)?;
        tag.attributes
            .iter()
            .find(|a| self.text[a.name.clone()].eq_ignore_ascii_case(name))
            .map(|a| Span::new(a.range.start, a.range.end))
    }
}

fn encoding_rs_utf8() -> &'static Encoding {
    kauri_encoding::encoding_for_label("utf-8").unwrap_or_else(|| unreachable!("UTF-8 exists"))
}

/// Decodes `bytes` onto the end of `text`.
fn decode_into(decoder: &mut encoding_rs::Decoder, bytes: &[u8], last: bool, text: &mut String) {
    let mut bytes = bytes;
    loop {
        text.reserve(
            decoder
                .max_utf8_buffer_length(bytes.len())
                .unwrap_or(16)
                .max(16),
        );
        let (result, read, _) = decoder.decode_to_string(bytes, text, last);
        bytes = &bytes[read..];
        if matches!(result, encoding_rs::CoderResult::InputEmpty) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(bytes: &[u8]) {
        let doc = crate::parse_bytes(bytes);
        let source = SourceText::from_bytes(bytes, &doc);
        assert_eq!(source.text(), doc_text(bytes, &doc));
        // Every character's input offset starts a sequence that decodes to it.
        for (offset, c) in source.text().char_indices() {
            let at = source.input_offset(offset);
            let next = source.input_offset(offset + c.len_utf8());
            assert!(
                at < next || c == '\u{FFFD}',
                "{c:?} at {offset}: {at}..{next}"
            );
        }
    }

    fn doc_text(bytes: &[u8], doc: &Document) -> String {
        let encoding = Encoding::for_label(doc.encoding().as_bytes()).unwrap();
        encoding.decode(bytes).0.into_owned()
    }

    #[test]
    fn multi_byte_and_malformed_input() {
        check(b"<meta charset=shift_jis><p>\x82\xa0a\x82b\xff<b>");
        check(b"<meta charset=utf-8><p>\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xc3<b>");
        check(b"\xff\xfe<\x00p\x00>\x00\xe9\x00");
        check(b"");
    }

    #[test]
    fn shift_jis_offsets() {
        let page = b"<meta charset=shift_jis>\x82\xa0\x82\xa2<i>";
        let doc = crate::parse_bytes(page);
        let source = SourceText::from_bytes(page, &doc);
        let i = source.text().find("<i>").unwrap();
        assert_eq!(i, 24 + 6);
        assert_eq!(source.input_offset(i), 28);
        assert_eq!(source.input_offset(24 + 3), 26); // the second character
    }
}
