//! A straight-line path for ordinary tags, taken from the data state (§ data-state) right after its
//! `<`: `<name>`, `<name attr attr=value attr="value" attr='value' ...>`, `<name/>` and `</name>`,
//! with no NULL or CR inside, no character reference other than `&name;` in a quoted value, and
//! nothing that is a parse error.
//!
//! It does exactly what the tag open, end tag open, tag name, attribute and self-closing start tag
//! states (§ tag-open-state to § self-closing-start-tag-state) would do for such a tag, without
//! going through the state loop one character at a time: names are folded and looked up as atoms
//! straight from the input, values are copied once into the tag's reused attribute slots
//! (`attribute_list.rs`). It looks ahead on a local cursor and changes nothing but those slots
//! until the closing `>` is found; for anything else (a parse error, a character reference, a
//! duplicate attribute, the end of the buffered input) it gives up, empties the slots, and the
//! states handle the tag from its `<` as usual. So tokens, errors and positions are the
//! same with or without it.

use super::attribute_builder::LINEAR_DUPLICATE_CHECK;
use super::{CrOrNull, Tokenizer};
use crate::char_ref::{semicolon_terminated_match, NamedMatch};
use crate::sink::TokenSink;
use crate::token::TagKind;
use crate::State;

/// ASCII whitespace (tab, LF, FF, space).
const WS: u8 = 1;
/// Ends a tag name: whitespace, `/`, `>`, NULL, CR.
const TAG_NAME_END: u8 = 2;
/// Ends (or makes an error in) an attribute name: whitespace, `/`, `>`, `=`, NULL, CR, `"`,
/// `'`, `<`.
const ATTR_NAME_END: u8 = 4;
/// Ends (or makes an error in) an unquoted attribute value: whitespace, `&`, `>`, NULL, CR,
/// `"`, `'`, `<`, `=`, `` ` ``.
const UNQUOTED_END: u8 = 8;

/// Byte classes for the ordinary tag path.
static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let ws = [b'\t', b'\n', 0x0C, b' '];
    let mut i = 0;
    while i < ws.len() {
        table[ws[i] as usize] = WS | TAG_NAME_END | ATTR_NAME_END | UNQUOTED_END;
        i += 1;
    }
    table[b'/' as usize] |= TAG_NAME_END | ATTR_NAME_END;
    table[b'>' as usize] |= TAG_NAME_END | ATTR_NAME_END | UNQUOTED_END;
    table[0] |= TAG_NAME_END | ATTR_NAME_END | UNQUOTED_END;
    table[b'\r' as usize] |= WS | TAG_NAME_END | ATTR_NAME_END | UNQUOTED_END;
    table[b'=' as usize] |= ATTR_NAME_END | UNQUOTED_END;
    table[b'"' as usize] |= ATTR_NAME_END | UNQUOTED_END;
    table[b'\'' as usize] |= ATTR_NAME_END | UNQUOTED_END;
    table[b'<' as usize] |= ATTR_NAME_END | UNQUOTED_END;
    table[b'&' as usize] |= UNQUOTED_END;
    table[b'`' as usize] |= UNQUOTED_END;
    table
};

/// The first index at or after `p` whose byte is not of class `class`.
#[inline]
fn skip(bytes: &[u8], mut p: usize, class: u8) -> usize {
    while p < bytes.len() && CLASS[bytes[p] as usize] & class != 0 {
        p += 1;
    }
    p
}

/// The first index at or after `p` (whose byte is `b`) whose byte is not whitespace (of class
/// [`WS`]), with its byte, or `None` at the end of `bytes`.
#[inline(always)]
fn skip_whitespace(bytes: &[u8], p: usize, b: u8) -> Option<(usize, u8)> {
    if CLASS[usize::from(b)] & WS == 0 {
        return Some((p, b));
    }
    let p = skip(bytes, p + 1, WS);
    bytes.get(p).map(|&b| (p, b))
}

/// The first index at or after `p` whose byte is of class `class` (or the end).
#[inline]
fn until(bytes: &[u8], mut p: usize, class: u8) -> usize {
    // Eight bytes at a time while eight are left: one bounds check per eight.
    while let Some(chunk) = bytes.get(p..).and_then(<[u8]>::first_chunk::<8>) {
        for (k, &c) in chunk.iter().enumerate() {
            if CLASS[c as usize] & class != 0 {
                return p + k;
            }
        }
        p += 8;
    }
    while p < bytes.len() && CLASS[bytes[p] as usize] & class == 0 {
        p += 1;
    }
    p
}

/// The bytes below 0x40 that end a tag name (all of [`TAG_NAME_END`]), as a bit set.
const TAG_NAME_DELIMS: u64 = delims(&[b'\t', b'\n', 0x0C, b' ', b'/', b'>', 0, b'\r']);
/// The same for an attribute name (all of [`ATTR_NAME_END`]).
const ATTR_NAME_DELIMS: u64 = TAG_NAME_DELIMS | delims(b"=\"'<");

/// Bytes below 0x40 as a bit set (bit `b` for byte `b`).
const fn delims(bytes: &[u8]) -> u64 {
    let mut set = 0;
    let mut i = 0;
    while i < bytes.len() {
        assert!(bytes[i] < 0x40);
        set |= 1 << bytes[i];
        i += 1;
    }
    set
}

/// Eight times the index of the first byte of `word` (in memory order, little-endian) that is
/// in `delims`, a set of bytes below 0x40, or `None`. Letters and non-ASCII bytes are at or
/// above 0x40, so a name's bytes are flagged only where a digit, `-`, `.`, `:` or the like
/// is, and only those are looked at one by one.
#[inline(always)]
fn first_delimiter(word: u64, delims: u64) -> Option<u32> {
    // The high bit of each byte below 0x40: bits 7 and 6 both clear. (`word << 1` moves each
    // byte's bit 6 to its bit 7; what crosses from the byte below lands in bit 0.)
    let mut below = !(word | (word << 1)) & 0x8080_8080_8080_8080;
    while below != 0 {
        let shift = below.trailing_zeros() - 7;
        if (delims >> ((word >> shift) & 0x3F)) & 1 != 0 {
            return Some(shift);
        }
        below &= below - 1;
    }
    None
}

/// The end of the name that starts at `start`: the first index at or after `start` whose
/// byte is in `delims` (the bytes of class `class`, all below 0x40), or the end of `bytes`.
/// With it, when the name is one to eight bytes long and eight bytes could be read at
/// `start`, the name's bytes as a zero-padded little-endian word (see
/// [`AtomCache::get_folded_short`](super::atom_cache::AtomCache::get_folded_short)).
#[inline(always)]
fn name_end(bytes: &[u8], start: usize, delims: u64, class: u8) -> (usize, Option<u64>) {
    let Some(chunk) = bytes.get(start..).and_then(<[u8]>::first_chunk::<8>) else {
        return (until(bytes, start, class), None);
    };
    let first = u64::from_le_bytes(*chunk);
    if let Some(shift) = first_delimiter(first, delims) {
        let raw = first & ((1u64 << shift) - 1);
        return (start + (shift / 8) as usize, (shift != 0).then_some(raw));
    }
    // The first eight bytes are all in the name.
    let mut p = start + 8;
    while let Some(chunk) = bytes.get(p..).and_then(<[u8]>::first_chunk::<8>) {
        if let Some(shift) = first_delimiter(u64::from_le_bytes(*chunk), delims) {
            let end = p + (shift / 8) as usize;
            return (end, (end == start + 8).then_some(first));
        }
        p += 8;
    }
    let end = until(bytes, p, class);
    (end, (end == start + 8).then_some(first))
}

impl<S: TokenSink> Tokenizer<S> {
    /// Tokenizes an ordinary tag whose `<` was just consumed in the data state (see the module
    /// documentation). True when the tag was emitted; false, with nothing changed, when the
    /// states have to handle it.
    #[inline]
    pub(super) fn ordinary_tag(&mut self) -> bool {
        let bytes = self.buf.as_bytes();
        let mut p = self.pos;
        let kind = if bytes.get(p) == Some(&b'/') {
            p += 1;
            TagKind::EndTag
        } else {
            TagKind::StartTag
        };
        if !bytes.get(p).is_some_and(u8::is_ascii_alphabetic) {
            return false;
        }
        self.ordinary_tag_from(p, kind)
    }

    /// [`Tokenizer::ordinary_tag`] from the first letter of the name at `p`.
    fn ordinary_tag_from(&mut self, name_start: usize, kind: TagKind) -> bool {
        let bytes = self.buf.as_bytes();
        // Tag name state (§ tag-name-state).
        let (mut p, raw) = name_end(bytes, name_start, TAG_NAME_DELIMS, TAG_NAME_END);
        let Some(&b) = bytes.get(p) else {
            return false;
        };
        if b == 0 || b == b'\r' {
            return false;
        }
        let name = match raw {
            Some(raw) => self.atoms.get_folded_short(&self.buf, name_start, p, raw),
            None => self.atoms.get_folded(&self.buf, name_start, p),
        };
        let bytes = self.buf.as_bytes();
        let mut self_closing = false;
        debug_assert!(self.attr.list.is_empty());
        // `b` is the byte at `p` throughout: each state starts from the byte the last one
        // stopped at, without reading it again.
        let mut b = b;
        loop {
            // (The usual end of a tag, tested before the whitespace class.)
            if b == b'>' {
                break;
            }
            // Before attribute name state (§ before-attribute-name-state).
            let Some((q, c)) = skip_whitespace(bytes, p, b) else {
                return self.give_up();
            };
            (p, b) = (q, c);
            match b {
                b'>' => break,
                b'/' => {
                    // Self-closing start tag state (§ self-closing-start-tag-state; an error on an
                    // end tag).
                    if kind == TagKind::EndTag || bytes.get(p + 1) != Some(&b'>') {
                        return self.give_up();
                    }
                    self_closing = true;
                    p += 1;
                    break;
                }
                b'\r' | b'=' => return self.give_up(),
                _ => {}
            }
            // (At the attribute limit the slow path drops the attribute and reports it.)
            if kind == TagKind::EndTag
                || self.attr.list.len() >= LINEAR_DUPLICATE_CHECK
                || self.attribute_limit_reached()
            {
                return self.give_up();
            }
            // Attribute name state (§ attribute-name-state). (Its first character cannot be
            // whitespace, `/`, `>` or `=` here; NULL, quotes and `<` are errors anywhere in the
            // name.)
            let attr_start = p;
            let raw;
            (p, raw) = name_end(bytes, p, ATTR_NAME_DELIMS, ATTR_NAME_END);
            let Some(&c) = bytes.get(p) else {
                return self.give_up();
            };
            b = c;
            if p == attr_start || matches!(b, 0 | b'\r' | b'"' | b'\'' | b'<') {
                return self.give_up();
            }
            let local = match raw {
                Some(raw) => self.atoms.get_folded_short(&self.buf, attr_start, p, raw),
                None => self.atoms.get_folded(&self.buf, attr_start, p),
            };
            if self
                .attr
                .list
                .as_slice()
                .iter()
                .any(|a| a.name.local == local)
            {
                return self.give_up();
            }
            let bytes = self.buf.as_bytes();
            // After attribute name state (§ after-attribute-name-state).
            let Some((q, c)) = skip_whitespace(bytes, p, b) else {
                return self.give_up();
            };
            (p, b) = (q, c);
            // The value is written straight into the tag's attribute list (a reused string);
            // giving up empties the list.
            let value = self.attr.list.push(local);
            if b == b'=' {
                // Before attribute value state (§ before-attribute-value-state).
                let Some((q, c)) = bytes
                    .get(p + 1)
                    .and_then(|&c| skip_whitespace(bytes, p + 1, c))
                else {
                    return self.give_up();
                };
                (p, b) = (q, c);
                match b {
                    b'"' | b'\'' => {
                        // Attribute value (quoted) states (§ attribute-value-(double-quoted)-state,
                        // § attribute-value-(single-quoted)-state).
                        let Some(close) = quoted_value(&self.buf, self.cr_or_null, p + 1, b, value)
                        else {
                            return self.give_up();
                        };
                        p = close + 1;
                        // After attribute value (quoted) state
                        // (§ after-attribute-value-(quoted)-state).
                        match bytes.get(p) {
                            Some(&c @ (b'\t' | b'\n' | 0x0C | b' ' | b'/' | b'>')) => b = c,
                            _ => return self.give_up(),
                        }
                    }
                    b'>' => return self.give_up(),
                    _ => {
                        // Attribute value (unquoted) state (§ attribute-value-(unquoted)-state).
                        let value_start = p;
                        p = until(bytes, p, UNQUOTED_END);
                        match bytes.get(p) {
                            Some(&c @ (b'\t' | b'\n' | 0x0C | b' ' | b'>')) => b = c,
                            _ => return self.give_up(),
                        }
                        value.push_str(&self.buf[value_start..p]);
                    }
                }
            }
        }
        // `p` is at the closing `>`.
        self.cur = p;
        self.pos = p + 1;
        if kind == TagKind::StartTag {
            self.last_start_tag = name.clone();
        }
        self.state = State::Data;
        self.emit_tag_token(kind, name, self_closing);
        true
    }

    /// Drops what the ordinary tag path built so far; the states take over.
    #[cold]
    fn give_up(&mut self) -> bool {
        self.attr.list.clear();
        false
    }
}

/// Writes the value of a quoted attribute that starts at `start` (after the quote) into
/// `value` (empty), `buf` being the tokenizer's buffer and `cr_or_null` what it has seen, and
/// returns the index of its closing quote, or `None` when the states have to handle it: a NULL
/// or CR inside, a character reference other than `&name;` with a name of the table (those
/// expand the same wherever they appear, so they are decoded here), or no closing quote in the
/// buffer.
///
/// The usual value (no CR or NULL fed yet, no `&` before the closing quote) is handled here,
/// inline; any other goes to [`quoted_value_slow`].
#[inline(always)]
fn quoted_value(
    buf: &str,
    cr_or_null: CrOrNull,
    start: usize,
    quote: u8,
    value: &mut String,
) -> Option<usize> {
    if cr_or_null == CrOrNull::NotFed {
        let rest = buf.get(start..)?;
        let n =
            super::search::find2::<{ super::search::VALUE_WORDS }>(quote, b'&', rest.as_bytes())?;
        if rest.as_bytes().get(n) == Some(&quote) {
            value.push_str(rest.get(..n)?);
            return Some(start + n);
        }
    }
    quoted_value_slow(buf, cr_or_null, start, quote, value)
}

/// [`quoted_value`] for a value with an `&` (a character reference or not), or once a CR or
/// NULL was fed.
#[inline(never)]
fn quoted_value_slow(
    buf: &str,
    cr_or_null: CrOrNull,
    start: usize,
    quote: u8,
    value: &mut String,
) -> Option<usize> {
    let bytes = buf.as_bytes();
    let mut from = start;
    loop {
        let rest = &bytes[from..];
        let n = if cr_or_null == CrOrNull::NotFed {
            super::search::find2::<{ super::search::VALUE_WORDS }>(quote, b'&', rest)
        } else {
            memchr::memchr3(quote, b'&', b'\r', rest)
                .filter(|&n| memchr::memchr(0, &rest[..n]).is_none())
        }?;
        let at = from + n;
        if bytes[at] == quote {
            value.push_str(&buf[from..at]);
            return Some(at);
        }
        if bytes[at] != b'&' {
            return None;
        }
        let Some(NamedMatch::Found {
            len,
            value: expansion,
        }) = semicolon_terminated_match(&bytes[at + 1..])
        else {
            return None;
        };
        value.push_str(&buf[from..at]);
        value.push_str(expansion);
        from = at + 1 + len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenizer::atom_cache::AtomCache;

    #[test]
    fn until_finds_the_first_byte_of_the_class_at_every_position_and_start() {
        // Across the eight-byte steps and the byte-at-a-time tail.
        for len in 0..20 {
            for at in 0..=len {
                let mut bytes = vec![b'a'; len];
                if at < len {
                    bytes[at] = b'=';
                }
                for start in 0..=len {
                    let expected = (start..len)
                        .find(|&i| CLASS[bytes[i] as usize] & ATTR_NAME_END != 0)
                        .unwrap_or(len);
                    assert_eq!(
                        until(&bytes, start, ATTR_NAME_END),
                        expected,
                        "len {len}, at {at}, start {start}"
                    );
                }
            }
        }
    }

    #[test]
    fn name_end_finds_what_until_finds_and_packs_short_names() {
        // Names of every length across the first word, the following words and the
        // byte-at-a-time tail, with bytes below 0x40 that are not delimiters (digits, `-`, `:`)
        // and non-ASCII bytes in them, ended by each kind of delimiter or by the end.
        let name_bytes = b"aZ9-:.\xC3\xA9q";
        let enders: &[&[u8]] = &[
            b"", b">", b" ", b"/", b"=", b"\"", b"<", b"\0", b"\r", b"\t",
        ];
        let lengths = if cfg!(miri) { 0..12 } else { 0..27 };
        for lead in 0..3 {
            for len in lengths.clone() {
                for ender in enders {
                    for tail in 0..10 {
                        let mut bytes = vec![b'x'; lead];
                        bytes
                            .extend((0..len).map(|i| name_bytes[(i * 5 + len) % name_bytes.len()]));
                        bytes.extend_from_slice(ender);
                        bytes.extend(std::iter::repeat_n(b'y', tail));
                        for (delims, class) in [
                            (TAG_NAME_DELIMS, TAG_NAME_END),
                            (ATTR_NAME_DELIMS, ATTR_NAME_END),
                        ] {
                            let expected = until(&bytes, lead, class);
                            let (end, raw) = name_end(&bytes, lead, delims, class);
                            assert_eq!(end, expected, "{bytes:?} from {lead}");
                            if let Some(raw) = raw {
                                assert!((1..=8).contains(&(end - lead)), "{bytes:?}");
                                assert_eq!(raw, AtomCache::pack(&bytes[lead..end]), "{bytes:?}");
                            } else {
                                assert!(
                                    end - lead > 8 || end == lead || bytes.len() < lead + 8,
                                    "{bytes:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_delimiter_sets_are_the_classes_below_0x40() {
        for b in 0..0x40u8 {
            let class = CLASS[usize::from(b)];
            assert_eq!(
                TAG_NAME_DELIMS >> b & 1 != 0,
                class & TAG_NAME_END != 0,
                "{b:#x}"
            );
            assert_eq!(
                ATTR_NAME_DELIMS >> b & 1 != 0,
                class & ATTR_NAME_END != 0,
                "{b:#x}"
            );
        }
        for b in 0x40..=0xFFu8 {
            assert_eq!(
                CLASS[usize::from(b)] & (TAG_NAME_END | ATTR_NAME_END),
                0,
                "{b:#x}"
            );
        }
    }
}
