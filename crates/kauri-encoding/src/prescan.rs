//! "Prescan a byte stream to determine its encoding"
//! (§ prescan-a-byte-stream-to-determine-its-encoding), with its helpers "get an attribute" and "get an XML encoding", and the "algorithm for
//! extracting a character encoding from a meta element"
//! (§ algorithm-for-extracting-a-character-encoding-from-a-meta-element), used by the prescan and,
//! through [`crate::encoding_from_meta_attributes`], by the tree builder's "in head" rules.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

/// The prescan's end condition: the standard encourages user agents to prescan only the first
/// 1,024 bytes, and Kauri does exactly that.
pub const PRESCAN_LIMIT: usize = 1024;

/// Runs "prescan a byte stream to determine its encoding" over the first [`PRESCAN_LIMIT`] bytes of
/// `bytes`.
///
/// Returns the encoding declared by the first usable `<meta charset>` or
/// `<meta http-equiv="content-type" content="...charset=...">`, with the standard's fix-ups applied
/// (a UTF-16 label in a `<meta>` means UTF-8, `x-user-defined` means windows-1252), or UTF-16LE/BE
/// for a document that starts with `<?x` in UTF-16. When the scan runs out of bytes (or reaches
/// the 1,024-byte end condition) without a result, the result of "get an XML encoding" over the
/// same bytes is returned (an `<?xml ... encoding="..."?>` declaration at the very start).
///
/// `None` means failure: nothing usable was declared in the scanned bytes.
pub fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    let input = &bytes[..bytes.len().min(PRESCAN_LIMIT)];
    match prescan_byte_stream(input) {
        Prescan::Encoding(encoding) => Some(encoding),
        Prescan::Aborted => get_an_xml_encoding(input),
    }
}

/// The outcome of the prescan steps proper.
enum Prescan {
    /// The steps returned an encoding.
    Encoding(&'static Encoding),
    /// The steps ran out of bytes (which includes reaching the end condition).
    Aborted,
}

/// ASCII whitespace as the prescan defines it (0x09, 0x0A, 0x0C, 0x0D, 0x20).
fn is_space(b: u8) -> bool {
    matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

/// The steps of "prescan a byte stream to determine its encoding" over `input` (already cut to
/// the end condition). Running out of bytes anywhere aborts.
fn prescan_byte_stream(input: &[u8]) -> Prescan {
    // Step 1: position points at the first byte.
    let mut position = 0usize;

    // Step 2: prescan for UTF-16 XML declarations ('<?x' in UTF-16LE or UTF-16BE).
    if input.starts_with(&[0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00]) {
        return Prescan::Encoding(UTF_16LE);
    }
    if input.starts_with(&[0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78]) {
        return Prescan::Encoding(UTF_16BE);
    }

    // Reused buffers for "get an attribute" (no allocation per attribute).
    let mut name = Vec::new();
    let mut value = Vec::new();

    // Step 3: loop.
    while position < input.len() {
        let rest = &input[position..];
        if rest.starts_with(b"<!--") {
            // Advance to the first '>' that ends a "-->" and comes after the '<' (the two '-' may
            // be the ones of "<!--").
            match memchr::memmem::find(&input[position + 2..], b"-->") {
                Some(offset) => position = position + 2 + offset + 2,
                None => return Prescan::Aborted,
            }
        } else if rest.len() >= 6
            && rest[0] == b'<'
            && rest[1..5].eq_ignore_ascii_case(b"meta")
            && matches!(rest[5], 0x09 | 0x0A | 0x0C | 0x0D | 0x20 | 0x2F)
        {
            // Meta step 1: point at the space or slash after "<meta".
            position += 5;
            // Meta steps 2-5. Only three attribute names matter, so "attribute list" is kept as
            // three flags: a repeated name of any other attribute has no effect either way.
            let mut seen_http_equiv = false;
            let mut seen_content = false;
            let mut seen_charset = false;
            let mut got_pragma = false;
            let mut need_pragma: Option<bool> = None;
            // None is "null"; Some(None) is failure (an unrecognised label).
            let mut charset: Option<Option<&'static Encoding>> = None;
            // Meta step 6: attributes.
            loop {
                match get_an_attribute(input, &mut position, &mut name, &mut value) {
                    GetAttribute::OutOfBytes => return Prescan::Aborted,
                    GetAttribute::None => break,
                    GetAttribute::Attribute => {}
                }
                // Meta steps 7-9.
                match name.as_slice() {
                    b"http-equiv" if !seen_http_equiv => {
                        seen_http_equiv = true;
                        if value == b"content-type" {
                            got_pragma = true;
                        }
                    }
                    b"content" if !seen_content => {
                        seen_content = true;
                        if let Some(encoding) = extract_from_meta_content(&value) {
                            if charset.is_none() {
                                charset = Some(Some(encoding));
                                need_pragma = Some(true);
                            }
                        }
                    }
                    b"charset" if !seen_charset => {
                        seen_charset = true;
                        charset = Some(Encoding::for_label(&value));
                        need_pragma = Some(false);
                    }
                    _ => {}
                }
                // Meta step 10: back to "attributes".
            }
            // Meta steps 11-16: processing.
            // Step 11: need pragma null; step 12: need pragma true without got pragma.
            let pragma_ok = match need_pragma {
                None => false,
                Some(true) => got_pragma,
                Some(false) => true,
            };
            // Step 13: a failed charset goes on to the next byte; steps 14-16 otherwise.
            if let (true, Some(Some(encoding))) = (pragma_ok, charset) {
                return Prescan::Encoding(meta_fixup(encoding));
            }
        } else if rest.len() >= 2
            && rest[0] == b'<'
            && (rest[1].is_ascii_alphabetic()
                || (rest[1] == b'/' && rest.len() >= 3 && rest[2].is_ascii_alphabetic()))
        {
            // A start or end tag: skip the tag name, then every attribute.
            match input[position + 1..]
                .iter()
                .position(|&b| is_space(b) || b == b'>')
            {
                Some(offset) => position = position + 1 + offset,
                None => return Prescan::Aborted,
            }
            loop {
                match get_an_attribute(input, &mut position, &mut name, &mut value) {
                    GetAttribute::OutOfBytes => return Prescan::Aborted,
                    GetAttribute::None => break,
                    GetAttribute::Attribute => {}
                }
            }
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            // Advance to the first '>' after the '<'.
            match memchr::memchr(b'>', &input[position + 1..]) {
                Some(offset) => position = position + 1 + offset,
                None => return Prescan::Aborted,
            }
        }
        // Any other byte: do nothing with it.

        // Step 4: next byte.
        position += 1;
    }
    Prescan::Aborted
}

/// Prescan steps 14 and 15, which are also steps 2 and 3 of "change the encoding"
/// ([`crate::change_the_encoding`]): a UTF-16 label in a `<meta>` means UTF-8 (the bytes were
/// evidently ASCII-compatible), and x-user-defined means windows-1252.
pub(crate) fn meta_fixup(encoding: &'static Encoding) -> &'static Encoding {
    if encoding == UTF_16BE || encoding == UTF_16LE {
        UTF_8
    } else if encoding == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        encoding
    }
}

/// The outcome of "get an attribute".
enum GetAttribute {
    /// An attribute was found; its lowercased name and value are in the buffers.
    Attribute,
    /// There isn't one (the byte at position is '>').
    None,
    /// The bytes ran out: the whole prescan aborts.
    OutOfBytes,
}

/// "Get an attribute" (§ determining-the-character-encoding): reads one attribute at `position`,
/// lowercasing ASCII letters in its name and value. Bytes outside ASCII are kept as they are (they
/// can never form a label).
fn get_an_attribute(
    input: &[u8],
    position: &mut usize,
    name: &mut Vec<u8>,
    value: &mut Vec<u8>,
) -> GetAttribute {
    name.clear();
    value.clear();
    let byte = |p: usize| input.get(p).copied();
    // Step 1: skip whitespace and slashes.
    loop {
        match byte(*position) {
            None => return GetAttribute::OutOfBytes,
            Some(b) if is_space(b) || b == b'/' => *position += 1,
            Some(_) => break,
        }
    }
    // Step 2: '>' means there isn't one.
    if byte(*position) == Some(b'>') {
        return GetAttribute::None;
    }
    // Steps 3-5: the attribute name.
    loop {
        let Some(b) = byte(*position) else {
            return GetAttribute::OutOfBytes;
        };
        match b {
            b'=' if !name.is_empty() => {
                *position += 1;
                break;
            }
            _ if is_space(b) => {
                // Steps 6-8: spaces, then '=' or the end of the attribute.
                loop {
                    match byte(*position) {
                        None => return GetAttribute::OutOfBytes,
                        Some(b) if is_space(b) => *position += 1,
                        Some(b'=') => break,
                        Some(_) => return GetAttribute::Attribute,
                    }
                }
                *position += 1;
                break;
            }
            b'/' | b'>' => return GetAttribute::Attribute,
            _ => {
                name.push(b.to_ascii_lowercase());
                *position += 1;
            }
        }
    }
    // Step 9: value; skip whitespace.
    loop {
        match byte(*position) {
            None => return GetAttribute::OutOfBytes,
            Some(b) if is_space(b) => *position += 1,
            Some(_) => break,
        }
    }
    // Step 10.
    match byte(*position) {
        None => return GetAttribute::OutOfBytes,
        Some(quote @ (b'"' | b'\'')) => loop {
            // Quote loop.
            *position += 1;
            match byte(*position) {
                None => return GetAttribute::OutOfBytes,
                Some(b) if b == quote => {
                    *position += 1;
                    return GetAttribute::Attribute;
                }
                Some(b) => value.push(b.to_ascii_lowercase()),
            }
        },
        Some(b'>') => return GetAttribute::Attribute,
        Some(b) => {
            value.push(b.to_ascii_lowercase());
            *position += 1;
        }
    }
    // Steps 11-12: the rest of an unquoted value.
    loop {
        match byte(*position) {
            None => return GetAttribute::OutOfBytes,
            Some(b) if is_space(b) || b == b'>' => return GetAttribute::Attribute,
            Some(b) => {
                value.push(b.to_ascii_lowercase());
                *position += 1;
            }
        }
    }
}

/// "Get an XML encoding" (§ determining-the-character-encoding): used when the prescan aborts;
/// looks for `<?xml ... encoding="label"` at the very start of `input`.
fn get_an_xml_encoding(input: &[u8]) -> Option<&'static Encoding> {
    // Steps 1-2.
    if !input.starts_with(b"<?xml") {
        return None;
    }
    // Step 3: the first '>'.
    let xml_declaration_end = memchr::memchr(b'>', input)?;
    // Steps 4-5: "encoding" before that '>'.
    let mut position =
        memchr::memmem::find(&input[..xml_declaration_end], b"encoding")? + b"encoding".len();
    // Step 6: skip bytes up to 0x20.
    while input.get(position).is_some_and(|&b| b <= 0x20) {
        position += 1;
    }
    // Steps 7-8.
    if input.get(position) != Some(&b'=') {
        return None;
    }
    position += 1;
    // Step 9.
    while input.get(position).is_some_and(|&b| b <= 0x20) {
        position += 1;
    }
    // Steps 10-12: the quote mark.
    let quote_mark = *input.get(position)?;
    if quote_mark != b'"' && quote_mark != b'\'' {
        return None;
    }
    position += 1;
    // Steps 13-14.
    let end = position + memchr::memchr(quote_mark, &input[position..])?;
    let potential_encoding = &input[position..end];
    // Step 15.
    if potential_encoding.iter().any(|&b| b <= 0x20) {
        return None;
    }
    // Steps 16-18. (Non-ASCII bytes never match a label, so byte-wise lookup is the same as
    // looking up the isomorphic decoding.)
    let encoding = Encoding::for_label(potential_encoding)?;
    if encoding == UTF_16BE || encoding == UTF_16LE {
        Some(UTF_8)
    } else {
        Some(encoding)
    }
}

/// The "algorithm for extracting a character encoding from a meta element"
/// (§ algorithm-for-extracting-a-character-encoding-from-a-meta-element), given the value of a `content` attribute such as `text/html; charset=Shift_JIS`.
///
/// Returns the encoding named after the first `charset=` (ASCII case-insensitive, whitespace
/// allowed around `=`, the value optionally quoted), or `None` when there is none, when a quote is
/// unmatched, or when the label is not a known encoding label. No UTF-16 or x-user-defined
/// fix-ups are applied here: the callers (prescan, [`crate::change_the_encoding`]) do that.
pub fn extract_encoding_from_meta_content(content: &str) -> Option<&'static Encoding> {
    extract_from_meta_content(content.as_bytes())
}

/// [`extract_encoding_from_meta_content`] over bytes (the prescan's attribute values are bytes).
/// Only ASCII bytes are significant, so UTF-8 text and isomorphically decoded bytes agree.
fn extract_from_meta_content(s: &[u8]) -> Option<&'static Encoding> {
    // Step 1.
    let mut position = 0usize;
    loop {
        // Step 2 (loop): the next "charset", ASCII case-insensitively.
        let found = position + find_charset(&s[position..])?;
        let mut p = found + b"charset".len();
        // Step 3: skip ASCII whitespace.
        while s.get(p).is_some_and(|&b| is_space(b)) {
            p += 1;
        }
        // Step 4: no '=' means look again from just before that character.
        if s.get(p) != Some(&b'=') {
            position = p;
            continue;
        }
        p += 1;
        // Step 5.
        while s.get(p).is_some_and(|&b| is_space(b)) {
            p += 1;
        }
        // Step 6.
        return match s.get(p) {
            None => None,
            Some(&quote @ (b'"' | b'\'')) => {
                // A matched quote: the text up to the next one. An unmatched one: nothing.
                let start = p + 1;
                let end = start + memchr::memchr(quote, &s[start..])?;
                Encoding::for_label(&s[start..end])
            }
            Some(_) => {
                let end = s[p..]
                    .iter()
                    .position(|&b| is_space(b) || b == b';')
                    .map_or(s.len(), |offset| p + offset);
                Encoding::for_label(&s[p..end])
            }
        };
    }
}

/// The offset of the first ASCII case-insensitive "charset" in `s`.
fn find_charset(s: &[u8]) -> Option<usize> {
    const WORD: &[u8] = b"charset";
    if s.len() < WORD.len() {
        return None;
    }
    (0..=s.len() - WORD.len()).find(|&i| s[i..i + WORD.len()].eq_ignore_ascii_case(WORD))
}
