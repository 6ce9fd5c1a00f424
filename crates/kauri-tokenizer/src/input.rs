//! The input stream (§ preprocessing-the-input-stream): the input-stream parse errors.
//!
//! Newline normalization itself happens as characters are consumed (`Tokenizer::consume`).
//! This module scans the input once, lazily, for the characters the standard makes parse
//! errors wherever they appear (`control-character-in-input-stream`,
//! `noncharacter-in-input-stream`; surrogates cannot occur in a Rust `str`), and keeps the
//! [`LineCounter`] that gives every tokenizer error its line and column. Both only run when
//! the sink wants errors, and both move forward, so each input byte is looked at once.

use crate::error::{ErrorCode, ParseError};
use crate::position::LineCounter;
use crate::sink::TokenSink;

/// Scans for input-stream errors and counts lines and columns.
#[derive(Debug, Default)]
pub(crate) struct InputChecker {
    /// Absolute offset up to which the input was scanned for input-stream errors.
    checked: usize,
    /// Lines and columns of the error positions.
    lines: LineCounter,
}

/// Whether `c` is a control character the standard reports (§ preprocessing-the-input-stream): a C0
/// control other than NULL and ASCII whitespace, or U+007F to U+009F.
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
        if i >= end {
            return;
        }
        // A block at a time: skipped whole when none of its bytes can start a reported
        // character (the usual case), else looked at byte by byte, once.
        loop {
            i += skip_blocks(&bytes[i..end]);
            if i + BLOCK > end {
                break;
            }
            self.scan_bytes(buf, base, i, i + BLOCK, sink);
            i += BLOCK;
        }
        self.scan_bytes(buf, base, i, end, sink);
        // `end` may fall inside a character: its continuation bytes start nothing.
        self.checked = base + end;
    }

    /// Reports the input-stream errors of the characters that start in `buf[from..to]`
    /// (`buf` holds the input from absolute offset `base`). Continuation bytes are never in
    /// [`MAY_START_REPORTED`], so each byte is looked at alone.
    fn scan_bytes<S: TokenSink>(
        &mut self,
        buf: &str,
        base: usize,
        from: usize,
        to: usize,
        sink: &mut S,
    ) {
        for (i, &b) in buf.as_bytes()[from..to].iter().enumerate() {
            if !MAY_START_REPORTED[b as usize] {
                continue;
            }
            let i = from + i;
            let c = if b < 0x80 {
                b as u32
            } else {
                buf.get(i..)
                    .and_then(|rest| rest.chars().next())
                    .map_or(0xFFFD, |c| c as u32)
            };
            if is_reported_control(c) {
                let code = ErrorCode::ControlCharacterInInputStream;
                self.report(code, buf, base, base + i, sink);
            } else if is_noncharacter(c) {
                let code = ErrorCode::NoncharacterInInputStream;
                self.report(code, buf, base, base + i, sink);
            }
        }
    }

    fn report<S: TokenSink>(
        &mut self,
        code: ErrorCode,
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

    /// The line and column of the character at absolute offset `offset`; `buf` holds the
    /// input from absolute offset `base` on.
    pub(crate) fn position(&mut self, buf: &str, base: usize, offset: usize) -> (u32, u32) {
        self.lines.position_in(buf, base, offset)
    }

    /// The tokenizer drops its input before absolute offset `new_base` (`buf` holds it from
    /// `base` on).
    pub(crate) fn drop_before(&mut self, buf: &str, base: usize, new_base: usize) {
        self.lines.drop_before(buf, base, new_base);
    }
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

/// The length of the leading whole blocks of `bytes` none of whose bytes can start a
/// reported character (see [`block_may_start_reported`]).
///
/// On x86-64 CPUs with AVX2 (nearly all in use), the same code compiled for AVX2: twice as
/// many bytes per vector compare as the SSE2 that every x86-64 CPU has.
fn skip_blocks(bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `skip_blocks_avx2` is safe code whose only requirement, as a function
        // compiled for AVX2, is a CPU with AVX2, which was just checked.
        return unsafe { skip_blocks_avx2(bytes) };
    }
    skip_blocks_portable(bytes)
}

/// [`skip_blocks_portable`] compiled for AVX2 (see [`skip_blocks`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn skip_blocks_avx2(bytes: &[u8]) -> usize {
    skip_blocks_portable(bytes)
}

/// See [`skip_blocks`]; inlined into each of its versions.
#[inline(always)]
fn skip_blocks_portable(bytes: &[u8]) -> usize {
    let (blocks, _) = bytes.as_chunks::<BLOCK>();
    // A plain loop: an iterator adapter (`position`) is a function of its own, compiled once
    // for both versions.
    let mut clean = 0;
    for block in blocks {
        if block_may_start_reported(block) {
            break;
        }
        clean += BLOCK;
    }
    clean
}

/// Whether any byte of `block` is in [`MAY_START_REPORTED`], written as plain comparisons
/// over a fixed-size block so that the compiler turns it into vector compares (SSE2 on
/// x86-64, NEON on AArch64). Three questions, each asked only when the cheaper one before
/// could not say no: ASCII text, with its line breaks and indents, is skipped by the first
/// two; other text (or a block with a form feed) is answered by the exact third.
#[inline(always)]
fn block_may_start_reported(block: &[u8; BLOCK]) -> bool {
    // First the cheap question: is every byte printable ASCII (0x20 to 0x7E)?
    let mut odd = 0u8;
    for &b in block {
        odd |= ((b as i8) < 0x20 || b == 0x7F) as u8;
    }
    if odd == 0 {
        return false;
    }
    // Then: is every such byte a tab, LF or CR (most HTML has a line break or an indent in
    // every few blocks, and is ASCII)? Bytes over 0x7F go on to the exact test.
    let mut odd = 0u8;
    for &b in block {
        odd |=
            ((((b as i8) < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r')) | (b == 0x7F)) as u8;
    }
    if odd == 0 {
        return false;
    }
    let mut any = 0u8;
    for &b in block {
        // Non-short-circuit operators only, so that the loop body has no branches.
        let control =
            (b.wrapping_sub(1) < 0x1F) & (b != b'\t') & (b != b'\n') & (b != 0x0C) & (b != b'\r');
        any |= (control | (b == 0x7F) | (b == 0xC2) | (b == 0xEF) | (b >= 0xF0)) as u8;
    }
    any != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::TokenSinkResult;
    use crate::token::{Span, Token};

    /// Collects the errors.
    #[derive(Default)]
    struct Errors(Vec<ParseError>);

    impl TokenSink for Errors {
        fn process_token(&mut self, _: Token<'_>, _: Span) -> TokenSinkResult {
            TokenSinkResult::Continue
        }
        fn parse_error(&mut self, error: ParseError) {
            self.0.push(error);
        }
    }

    /// The input-stream errors of `text`, character by character (the definition).
    fn naive(text: &str) -> Vec<(ErrorCode, usize)> {
        let mut errors = Vec::new();
        for (i, c) in text.char_indices() {
            if is_reported_control(c as u32) {
                errors.push((ErrorCode::ControlCharacterInInputStream, i));
            } else if is_noncharacter(c as u32) {
                errors.push((ErrorCode::NoncharacterInInputStream, i));
            }
        }
        errors
    }

    #[test]
    fn scan_in_any_pieces_reports_what_the_definition_does() {
        // Every reported character and its harmless neighbours (tab, LF, CR, form feed, NULL,
        // U+00A0, U+FFFD, U+10000, U+1FFFD), at every offset around a block boundary.
        let specials = [
            "\u{1}",
            "\u{8}",
            "\u{B}",
            "\u{E}",
            "\u{1F}",
            "\u{7F}",
            "\u{80}",
            "\u{9F}",
            "\u{FDD0}",
            "\u{FDEF}",
            "\u{FFFE}",
            "\u{FFFF}",
            "\u{1FFFE}",
            "\u{10FFFF}",
            "\t",
            "\n",
            "\r",
            "\u{C}",
            "\0",
            "\u{A0}",
            "\u{FFFD}",
            "\u{10000}",
            "\u{1FFFD}",
        ];
        // Under Miri (slow), the offsets next to the block boundaries only, and each special at
        // two of them, in turn (every such offset still has several specials).
        let near_boundaries: Vec<usize> = (0..2 * BLOCK + 3)
            .filter(|at| (at + 1) % BLOCK < 3)
            .collect();
        for (i, special) in specials.iter().enumerate() {
            let offsets = (0..2 * BLOCK + 3).filter(|at| {
                !cfg!(miri)
                    || [i, i + 3]
                        .map(|k| near_boundaries[k % near_boundaries.len()])
                        .contains(at)
            });
            for at in offsets {
                let text = format!("{}{special}{}x\u{1}", "a".repeat(at), "\u{e9}".repeat(at));
                let expected = naive(&text);
                // The version for this CPU skips what the portable one does.
                let bytes = text.as_bytes();
                for from in [0, 1, BLOCK - 1] {
                    let rest = &bytes[from.min(bytes.len())..];
                    assert_eq!(skip_blocks(rest), skip_blocks_portable(rest));
                }
                // At once, and in pieces that end anywhere (even inside a character).
                for step in [text.len(), 1, 5, BLOCK - 1, BLOCK + 3] {
                    let mut checker = InputChecker::default();
                    let mut sink = Errors::default();
                    let mut upto = 0;
                    while upto < text.len() {
                        upto = (upto + step).min(text.len());
                        checker.scan(&text, 0, upto, &mut sink);
                    }
                    let got: Vec<_> = sink.0.iter().map(|e| (e.code, e.offset)).collect();
                    assert_eq!(got, expected, "{special:?} at {at}, step {step}");
                }
            }
        }
        // A window of the input (the tokenizer dropped what it consumed).
        let text = "ab\u{1}cd\u{FFFF}ef\u{7F}";
        let mut checker = InputChecker::default();
        let mut sink = Errors::default();
        checker.scan(text, 0, 3, &mut sink);
        checker.scan(&text[3..], 3, text.len(), &mut sink);
        let got: Vec<_> = sink.0.iter().map(|e| (e.code, e.offset)).collect();
        assert_eq!(got, naive(text));
    }

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

    /// The AVX2 versions of this scan and of the line counter (`position.rs`) are taken when
    /// the CPU has AVX2. Under Miri, which reports the target's features, `.ci/sanitizers`
    /// runs the tokenizer's tests once with AVX2 enabled: this checks that the dispatch then
    /// takes the AVX2 path, so the unsafe calls are reached.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn avx2_is_detected_when_enabled() {
        if cfg!(target_feature = "avx2") {
            assert!(std::arch::is_x86_feature_detected!("avx2"));
        }
        let text = "a\u{1}b".repeat(40);
        let mut checker = InputChecker::default();
        let mut sink = Errors::default();
        checker.scan(&text, 0, text.len(), &mut sink);
        assert_eq!(sink.0.len(), 40);
    }
}
