//! The input stream (13.2.3.5): the input-stream parse errors and error positions.
//!
//! Newline normalization itself happens as characters are consumed (`Tokenizer::consume`).
//! This module scans the input once, lazily, for the characters the standard makes parse
//! errors wherever they appear (`control-character-in-input-stream`,
//! `noncharacter-in-input-stream`; surrogates cannot occur in a Rust `str`), and turns byte
//! offsets into the 1-based line and column of an error. Both only run when the sink wants
//! errors, and both only move forward, so each input byte is looked at once.

use crate::sink::{ParseError, TokenSink};

/// Scans for input-stream errors and tracks line/column positions.
#[derive(Debug)]
pub(crate) struct InputChecker {
    /// Absolute offset up to which the input was scanned for input-stream errors.
    checked: usize,
    /// Absolute offset of the position cursor.
    off: usize,
    /// Line of the character at `off`.
    line: u32,
    /// Column of the character at `off`.
    col: u32,
    /// The byte before `off` was a CR (an LF right after it ends no extra line).
    prev_cr: bool,
}

impl Default for InputChecker {
    fn default() -> Self {
        InputChecker {
            checked: 0,
            off: 0,
            line: 1,
            col: 1,
            prev_cr: false,
        }
    }
}

/// Whether `c` is a control character the standard reports (13.2.3.5): a C0 control other
/// than NULL and ASCII whitespace, or U+007F to U+009F.
#[inline]
pub(crate) fn is_reported_control(c: u32) -> bool {
    matches!(c, 0x01..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F..=0x9F)
}

/// Whether `c` is a noncharacter (U+FDD0 to U+FDEF, or U+xFFFE / U+xFFFF).
#[inline]
pub(crate) fn is_noncharacter(c: u32) -> bool {
    matches!(c, 0xFDD0..=0xFDEF) || (c & 0xFFFE) == 0xFFFE
}

impl InputChecker {
    /// Reports the input-stream errors of every character that starts before `upto` and was
    /// not scanned yet. `buf` holds the input from absolute offset `base`.
    pub(crate) fn scan<S: TokenSink>(&mut self, buf: &str, base: usize, upto: usize, sink: &mut S) {
        let bytes = buf.as_bytes();
        let end = upto.saturating_sub(base).min(bytes.len());
        let mut i = self.checked.max(base) - base;
        while i < end {
            // Skip a block at a time while none of its bytes can start a reported character.
            if let Some(block) = bytes.get(i..i + BLOCK) {
                if i + BLOCK <= end && !block_may_start_reported(block) {
                    i += BLOCK;
                    continue;
                }
            }
            let b = bytes[i];
            if !MAY_START_REPORTED[b as usize] {
                i += 1;
                continue;
            }
            let c = if b < 0x80 {
                b as u32
            } else {
                buf.get(i..)
                    .and_then(|rest| rest.chars().next())
                    .map_or(0xFFFD, |c| c as u32)
            };
            if is_reported_control(c) {
                self.report(
                    "control-character-in-input-stream",
                    buf,
                    base,
                    base + i,
                    sink,
                );
            } else if is_noncharacter(c) {
                self.report("noncharacter-in-input-stream", buf, base, base + i, sink);
            }
            i += utf8_len(b);
        }
        self.checked = self.checked.max(base + i);
    }

    fn report<S: TokenSink>(
        &mut self,
        code: &'static str,
        buf: &str,
        base: usize,
        offset: usize,
        sink: &mut S,
    ) {
        let (line, col) = self.position(buf, base, offset);
        sink.parse_error(ParseError {
            code,
            line,
            col,
            offset,
        });
    }

    /// The 1-based line and column of the character at absolute offset `offset`. A CR, an
    /// LF and a CR LF pair each end a line; columns count UTF-16 code units.
    pub(crate) fn position(&mut self, buf: &str, base: usize, offset: usize) -> (u32, u32) {
        if offset >= self.off {
            self.advance_cursor(buf, base, offset);
            return (self.line, self.col);
        }
        // Behind the cursor (rare): count back on the same line.
        let bytes = buf.as_bytes();
        let from = offset.max(base) - base;
        let to = (self.off - base).min(bytes.len());
        let back = utf16_len(&bytes[from.min(to)..to]);
        (self.line, self.col.saturating_sub(back).max(1))
    }

    /// Moves the position cursor forward to absolute offset `target`.
    pub(crate) fn advance_cursor(&mut self, buf: &str, base: usize, target: usize) {
        if target <= self.off {
            return;
        }
        let bytes = buf.as_bytes();
        let start = self.off.max(base) - base;
        let end = (target - base).min(bytes.len());
        let range = &bytes[start.min(end)..end];
        let mut line_start = 0;
        let mut any_newline = false;
        for i in memchr::memchr2_iter(b'\n', b'\r', range) {
            let after_cr = if i == 0 {
                self.prev_cr
            } else {
                range[i - 1] == b'\r'
            };
            if range[i] == b'\r' || !after_cr {
                self.line += 1;
            }
            any_newline = true;
            line_start = i + 1;
        }
        if any_newline {
            self.col = 1;
        }
        self.col += utf16_len(&range[line_start..]);
        if !range.is_empty() {
            self.prev_cr = range[range.len() - 1] == b'\r';
        }
        self.off = target;
    }
}

/// The number of UTF-16 code units of the UTF-8 text `bytes` (columns count those, as the
/// html5lib tests do: a supplementary character is two).
#[inline]
fn utf16_len(bytes: &[u8]) -> u32 {
    bytes
        .iter()
        .map(|&b| u32::from((b & 0xC0) != 0x80) + u32::from(b >= 0xF0))
        .sum()
}

/// The bytes that can start a character the input-stream check reports: C0 controls other than
/// NULL and whitespace, U+007F, the lead byte of U+0080 to U+00BF (C1 controls), of U+F000 to
/// U+FFFF (noncharacters U+FDD0.., U+FFFE, U+FFFF) and of supplementary characters (U+xFFFE,
/// U+xFFFF). Continuation bytes are never in the set, so the scan can step byte by byte.
static MAY_START_REPORTED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 1;
    while b < 0x20 {
        table[b] = !matches!(b, 0x09 | 0x0A | 0x0C | 0x0D);
        b += 1;
    }
    table[0x7F] = true;
    table[0xC2] = true;
    table[0xEF] = true;
    let mut b = 0xF0;
    while b <= 0xF4 {
        table[b] = true;
        b += 1;
    }
    table
};

/// The block size of the fast skip in [`InputChecker::scan`].
const BLOCK: usize = 32;

/// Whether any byte of `block` is in [`MAY_START_REPORTED`], written as plain comparisons
/// over a fixed-size block so that the compiler turns it into vector compares (SSE2 on
/// x86-64, NEON on AArch64): the common ASCII or CJK run is skipped 32 bytes at a time.
#[inline(always)]
fn block_may_start_reported(block: &[u8]) -> bool {
    // First the cheap question: is every byte printable ASCII (0x20 to 0x7E)?
    let mut odd = 0u8;
    for &b in &block[..BLOCK] {
        odd |= ((b as i8) < 0x20 || b == 0x7F) as u8;
    }
    if odd == 0 {
        return false;
    }
    let mut any = 0u8;
    for &b in &block[..BLOCK] {
        // Non-short-circuit operators only, so that the loop body has no branches.
        let control =
            (b.wrapping_sub(1) < 0x1F) & (b != b'\t') & (b != b'\n') & (b != 0x0C) & (b != b'\r');
        any |= (control | (b == 0x7F) | (b == 0xC2) | (b == 0xEF) | (b >= 0xF0)) as u8;
    }
    any != 0
}

/// The length of the UTF-8 sequence that starts with `b`.
#[inline]
fn utf8_len(b: u8) -> usize {
    match b {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// The 1-based line and column of byte `offset` of `input`, counted as the tokenizer counts
/// them for its errors (CR, LF and CR LF each end a line; columns are UTF-16 code units, as
/// in the html5lib tests). For errors reported with an offset only (for example tree
/// construction errors, which carry the offset of their token's span): the caller that has the
/// whole input can turn them into positions. Offsets past the end give the end-of-input
/// position; an offset inside a character counts from that character's start.
pub fn line_col(input: &str, offset: usize) -> (u32, u32) {
    let mut checker = InputChecker::default();
    let mut end = offset.min(input.len());
    while !input.is_char_boundary(end) {
        end -= 1;
    }
    checker.advance_cursor(input, 0, end);
    (checker.line, checker.col)
}

#[cfg(test)]
mod tests {
    use super::line_col;

    #[test]
    fn block_check_matches_the_table() {
        // 0xF5 to 0xFF never occur in UTF-8; the block check may flag them.
        for b in 0..=0xF4u8 {
            for lane in [0, 7, 31] {
                let mut block = [b'a'; super::BLOCK];
                block[lane] = b;
                assert_eq!(
                    super::block_may_start_reported(&block),
                    super::MAY_START_REPORTED[b as usize],
                    "{b:#x}"
                );
            }
        }
    }

    #[test]
    fn line_col_counts_like_the_tokenizer() {
        let s = "ab\r\ncd\re\n\u{1F600}x";
        assert_eq!(line_col(s, 0), (1, 1));
        assert_eq!(line_col(s, 2), (1, 3));
        assert_eq!(line_col(s, 4), (2, 1));
        assert_eq!(line_col(s, 7), (3, 1));
        assert_eq!(line_col(s, 13), (4, 3));
        assert_eq!(line_col(s, 100), (4, 4));
    }
}
