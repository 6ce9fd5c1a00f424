//! Lines and columns: the one place where Kauri turns a byte offset into a position.
//!
//! Every position Kauri reports (a tokenizer error, a tree construction error, a limit error)
//! is counted by [`LineCounter`], whose docs give the rules (the html5lib tokenizer tests'
//! UTF-16 columns). Byte offsets (a [`ParseError`]'s `offset`, a [`Span`](crate::Span)) index
//! the UTF-8 text as it was fed, before newline normalization.

use crate::error::ParseError;

/// Turns byte offsets of one input into lines and columns: the one computation behind every
/// position Kauri reports.
///
/// - Lines are 1-based; a CR LF pair, a lone CR and a lone LF each end one line (the
///   standard's newline normalization, § preprocessing-the-input-stream, makes each of them one
///   LF).
/// - Columns are 1-based and count **UTF-16 code units** from the start of the line, as the
///   html5lib tokenizer tests do: a character outside the Basic Multilingual Plane (an emoji)
///   takes two columns, as in a JavaScript string.
/// - The position of an offset is that of the character starting there (or containing it);
///   the LF of a CR LF pair is at column 1 of the next line; the end of the input is one
///   column after the last character.
///
/// It is a cursor: asking for offsets in increasing order looks at each byte of the input
/// once; asking for an earlier offset counts back from the cursor (on the same line) or from
/// the start of that offset's line, and moves the cursor there.
///
/// ```
/// # use kauri_tokenizer as kauri;
/// use kauri::LineCounter;
///
/// // CR LF, CR and LF each end a line; U+1F600 is two UTF-16 code units.
/// let text = "a\r\nb\rc\n\u{1F600}x";
/// let mut lines = LineCounter::new();
/// assert_eq!(lines.position(text, 3), (2, 1)); // "b"
/// assert_eq!(lines.position(text, 5), (3, 1)); // "c"
/// assert_eq!(lines.position(text, 11), (4, 3)); // "x", after the emoji
/// assert_eq!(lines.position(text, 0), (1, 1)); // counting back works too
/// assert_eq!(lines.position(text, text.len()), (4, 4)); // the end of the input
/// ```
#[derive(Clone, Debug)]
pub struct LineCounter {
    /// Absolute offset of the cursor.
    off: usize,
    /// Line of the character at `off`.
    line: u32,
    /// Column of the character at `off`.
    col: u32,
    /// The byte before `off` is a CR (an LF at `off` ends no extra line).
    prev_cr: bool,
    /// Absolute offset of the first byte of the cursor's line (just after its line break).
    line_start: usize,
    /// The position of the start of the text the caller still holds (the tokenizer drops
    /// consumed input): `(offset, line, col, the byte before it is a CR)`.
    anchor: (usize, u32, u32, bool),
}

impl Default for LineCounter {
    fn default() -> Self {
        LineCounter::new()
    }
}

impl LineCounter {
    /// A counter at the start of the input (line 1, column 1).
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// assert_eq!(kauri::LineCounter::new().position("", 0), (1, 1));
    /// ```
    pub fn new() -> LineCounter {
        LineCounter {
            off: 0,
            line: 1,
            col: 1,
            prev_cr: false,
            line_start: 0,
            anchor: (0, 1, 1, false),
        }
    }

    /// The line and column of byte `offset` of `input` (the whole input, from its first
    /// byte). An offset past the end gives the end-of-input position; an offset inside a
    /// character gives that character's position.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// let mut lines = kauri::LineCounter::new();
    /// assert_eq!(lines.position("<p>\r\n\u{e9}t\u{e9}", 7), (2, 2));
    /// ```
    pub fn position(&mut self, input: &str, offset: usize) -> (u32, u32) {
        let mut offset = offset.min(input.len());
        while !input.is_char_boundary(offset) {
            offset -= 1;
        }
        self.position_in(input, 0, offset)
    }

    /// [`LineCounter::position`] for a text `buf` that holds the input from absolute offset
    /// `base` on (`offset >= base`, on a character boundary of `buf`). `base` only grows
    /// from one call to the next, and the counter has seen every line break before `base`
    /// ([`LineCounter::drop_before`] records them): a caller that receives its input in
    /// pieces keeps only the text from `base` on.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// let mut lines = kauri::LineCounter::new();
    /// let text = "a\nbc\nd";
    /// lines.drop_before(text, 0, 3); // the caller keeps "c\nd", from offset 3
    /// assert_eq!(lines.position_in(&text[3..], 3, 5), (3, 1));
    /// assert_eq!(lines.position_in(&text[3..], 3, 3), (2, 2));
    /// ```
    pub fn position_in(&mut self, buf: &str, base: usize, offset: usize) -> (u32, u32) {
        if offset >= self.off {
            self.advance(buf, base, offset);
            return (self.line, self.col);
        }
        let bytes = buf.as_bytes();
        let target = offset.max(base) - base;
        let cursor = (self.off - base).min(bytes.len());
        let prev_cr = match target.checked_sub(1) {
            Some(before) => bytes[before] == b'\r',
            None => self.anchor.3,
        };
        if offset >= self.line_start {
            // On the cursor's line: count back.
            let back = utf16_len(&bytes[target.min(cursor)..cursor]);
            self.col = self.col.saturating_sub(back).max(1);
        } else {
            // On an earlier line: its number from the line breaks in between, its column from
            // its start (in `buf`, or the anchor's line when it started before `buf`).
            self.line = self
                .line
                .saturating_sub(line_breaks(&bytes[target..cursor], prev_cr))
                .max(1);
            (self.col, self.line_start) = match memchr::memrchr2(b'\n', b'\r', &bytes[..target]) {
                Some(i) => (1 + utf16_len(&bytes[i + 1..target]), base + i + 1),
                None => {
                    let (anchor_off, _, anchor_col, _) = self.anchor;
                    let from = anchor_off.max(base) - base;
                    let col = anchor_col + utf16_len(&bytes[from.min(target)..target]);
                    (col, anchor_off.max(base))
                }
            };
        }
        // The cursor moves back too, so that asking again for this offset (many tree
        // construction errors share one token's start) costs nothing.
        self.off = base + target;
        self.prev_cr = prev_cr;
        (self.line, self.col)
    }

    /// Moves the cursor forward to absolute offset `target` (nothing when it is not ahead).
    pub(crate) fn advance(&mut self, buf: &str, base: usize, target: usize) {
        if target <= self.off {
            return;
        }
        let bytes = buf.as_bytes();
        let start = self.off.max(base) - base;
        let end = (target - base).min(bytes.len());
        let range = &bytes[start.min(end)..end];
        match memchr::memrchr2(b'\n', b'\r', range) {
            Some(last) => {
                self.line = self.line.saturating_add(line_breaks(range, self.prev_cr));
                self.col = 1 + utf16_len(&range[last + 1..]);
                self.line_start = base + start + last + 1;
            }
            None => self.col += utf16_len(range),
        }
        if let Some(&b) = range.last() {
            self.prev_cr = b == b'\r';
        }
        self.off = target;
    }

    /// Records that the caller drops its text before absolute offset `base` (the tokenizer
    /// compacting its buffer): the cursor moves up to `base` if it is behind, and the position
    /// of `base` becomes the anchor for offsets whose line started before it. `buf` still
    /// holds the text from `old_base` on. See [`LineCounter::position_in`].
    pub fn drop_before(&mut self, buf: &str, old_base: usize, base: usize) {
        if base <= self.anchor.0 {
            return;
        }
        self.advance(buf, old_base, base);
        let (line, col) = self.position_in(buf, old_base, base);
        let before = base.checked_sub(old_base + 1);
        let prev_cr = before.and_then(|i| buf.as_bytes().get(i)) == Some(&b'\r');
        self.anchor = (base, line, col, prev_cr);
    }
}

/// The number of lines `bytes` ends: each CR, and each LF not right after a CR
/// (`prev_cr`: the byte before `bytes` is a CR).
///
/// Counted, not searched line by line: one vectorized pass counts the LFs and the CRs
/// ([`count_lf_cr`]); only text with a CR (most has none) then looks for CR LF pairs, from its
/// first CR on. A long range costs a fraction of an instruction per byte.
fn line_breaks(bytes: &[u8], prev_cr: bool) -> u32 {
    let (lf, cr) = count_lf_cr(bytes);
    let mut lf_after_cr = usize::from(prev_cr && bytes.first() == Some(&b'\n'));
    if cr > 0 {
        let first = memchr::memchr(b'\r', bytes).unwrap_or(bytes.len());
        let rest = &bytes[first..];
        lf_after_cr += rest
            .iter()
            .zip(rest.get(1..).unwrap_or_default())
            .filter(|&(&a, &b)| a == b'\r' && b == b'\n')
            .count();
    }
    u32::try_from(lf + cr - lf_after_cr).unwrap_or(u32::MAX)
}

/// The number of LFs and the number of CRs in `bytes`.
///
/// On x86-64 CPUs with AVX2 (nearly all in use), the same code compiled for AVX2: twice as
/// many bytes per vector compare as the SSE2 that every x86-64 CPU has.
fn count_lf_cr(bytes: &[u8]) -> (usize, usize) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `count_lf_cr_avx2` is safe code whose only requirement, as a function
        // compiled for AVX2, is a CPU with AVX2, which was just checked.
        return unsafe { count_lf_cr_avx2(bytes) };
    }
    count_lf_cr_portable(bytes)
}

/// [`count_lf_cr_portable`] compiled for AVX2 (see [`count_lf_cr`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn count_lf_cr_avx2(bytes: &[u8]) -> (usize, usize) {
    count_lf_cr_portable(bytes)
}

/// See [`count_lf_cr`]; inlined into each of its versions. Plain loops over fixed-size blocks,
/// which the compiler turns into vector compares: per-lane byte counters, added up before
/// they can overflow (every 255 blocks).
#[inline(always)]
fn count_lf_cr_portable(bytes: &[u8]) -> (usize, usize) {
    const LANES: usize = 32;
    let (blocks, tail) = bytes.as_chunks::<LANES>();
    let (mut lf, mut cr) = (0, 0);
    for group in blocks.chunks(usize::from(u8::MAX)) {
        let mut lf_lanes = [0u8; LANES];
        let mut cr_lanes = [0u8; LANES];
        for block in group {
            for k in 0..LANES {
                lf_lanes[k] += u8::from(block[k] == b'\n');
                cr_lanes[k] += u8::from(block[k] == b'\r');
            }
        }
        for k in 0..LANES {
            lf += usize::from(lf_lanes[k]);
            cr += usize::from(cr_lanes[k]);
        }
    }
    for &b in tail {
        lf += usize::from(b == b'\n');
        cr += usize::from(b == b'\r');
    }
    (lf, cr)
}

/// The number of UTF-16 code units of the UTF-8 text `bytes`: one per character, two for a
/// character outside the Basic Multilingual Plane (four-byte sequences).
#[inline]
fn utf16_len(bytes: &[u8]) -> u32 {
    bytes
        .iter()
        .map(|&b| u32::from((b & 0xC0) != 0x80) + u32::from(b >= 0xF0))
        .sum()
}

/// The line and column of byte `offset` of `input` (see [`LineCounter`]). For many offsets
/// of one input, use one [`LineCounter`].
///
/// ```
/// # use kauri_tokenizer as kauri;
/// assert_eq!(kauri::line_col("a\r\n\u{1F600}b", 7), (2, 3));
/// ```
pub fn line_col(input: &str, offset: usize) -> (u32, u32) {
    LineCounter::new().position(input, offset)
}

/// Sets `line` and `col` of every error whose `line` is 0 from its `offset` into `input`.
///
/// The tree builder reports its errors with line 0 and column 0: it sees tokens and their byte
/// spans, not the text. Whoever holds the whole input (the `kauri` crate does, for every
/// parse) fills them in here, counted as the tokenizer counts its own errors.
///
/// ```
/// use kauri_tokenizer::{fill_positions, ErrorCode, ParseError};
///
/// let input = "<p>\n\u{1F600}</x>";
/// let mut errors = [ParseError::at(ErrorCode::UnexpectedEndTag, 8)];
/// fill_positions(input, &mut errors);
/// assert_eq!((errors[0].line, errors[0].col), (2, 3));
/// ```
pub fn fill_positions(input: &str, errors: &mut [ParseError]) {
    let mut lines = LineCounter::new();
    for error in errors.iter_mut().filter(|e| e.line == 0) {
        (error.line, error.col) = lines.position(input, error.offset);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line and column of each offset, counted naively (the definition in the module docs).
    fn naive(input: &str, offset: usize) -> (u32, u32) {
        let (mut line, mut col) = (1u32, 1u32);
        let mut prev_cr = false;
        for (i, c) in input.char_indices() {
            if i >= offset {
                break;
            }
            match c {
                '\r' => {
                    line += 1;
                    col = 1;
                }
                '\n' if prev_cr => {}
                '\n' => {
                    line += 1;
                    col = 1;
                }
                c => col += c.len_utf16() as u32,
            }
            prev_cr = c == '\r';
        }
        (line, col)
    }

    #[test]
    fn long_text_counts_as_the_definition() {
        // Longer than 255 blocks of 32 bytes (the per-lane counters are added up in between),
        // line breaks of every kind at pseudo-random places, a CR LF pair across blocks.
        let pieces = ["a", "\r", "\n", "\r\n", "\u{e9}", "\u{1F600}", "<p>"];
        let mut text = String::new();
        let mut seed = 12345u32;
        while text.len() < 9000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            text.push_str(pieces[(seed >> 16) as usize % pieces.len()]);
        }
        // (Miri, slow, takes two offsets besides the fixed ones; each walk of the definition
        // over the text is thousands of characters there.)
        let n = if cfg!(miri) { 2 } else { 60 };
        let offsets = (0..n)
            .map(|k| k * text.len() / n)
            .chain([31, 32, 33, text.len()]);
        let mut forward = LineCounter::new();
        for offset in offsets.filter(|&o| text.is_char_boundary(o)) {
            let expected = naive(&text, offset);
            assert_eq!(forward.position(&text, offset), expected, "{offset}");
            assert_eq!(line_col(&text, offset), expected, "{offset}");
        }
        let bytes = text.as_bytes();
        // The definition's counts: one pass over the text, less those before `from`.
        let count = |bytes: &[u8]| {
            let lf = bytes.iter().filter(|&&b| b == b'\n').count();
            (lf, bytes.iter().filter(|&&b| b == b'\r').count())
        };
        let all = count(bytes);
        for from in [0, 1, 31] {
            let before = count(&bytes[..from]);
            let (lf, cr) = (all.0 - before.0, all.1 - before.1);
            assert_eq!(count_lf_cr(&bytes[from..]), (lf, cr));
            assert_eq!(count_lf_cr_portable(&bytes[from..]), (lf, cr));
        }
        // Every lane of every block a line break: the lane counters must not overflow.
        let breaks = "\n\r".repeat(16 * 300 + 3);
        assert_eq!(count_lf_cr(breaks.as_bytes()), (16 * 300 + 3, 16 * 300 + 3));
        // The first LF, a CR LF pair for each further repeat, the last CR (Miri leaves out the
        // definition's walk over the 9,606 characters, which agrees).
        let lines = u32::try_from(breaks.len() / 2 + 1).unwrap();
        if !cfg!(miri) {
            assert_eq!(naive(&breaks, breaks.len()).0 - 1, lines);
        }
        assert_eq!(line_breaks(breaks.as_bytes(), false), lines);
    }

    #[test]
    fn astral_characters_crlf_and_cr() {
        let s = "ab\r\ncd\re\n\u{1F600}x\u{e9}\r\n\r\r\n\u{10FFFF}";
        let mut forward = LineCounter::new();
        let mut backward = LineCounter::new();
        let mut boundaries: Vec<usize> = s.char_indices().map(|(i, _)| i).collect();
        boundaries.push(s.len());
        for &i in &boundaries {
            assert_eq!(forward.position(s, i), naive(s, i), "forward {i}");
        }
        backward.position(s, s.len());
        for &i in boundaries.iter().rev() {
            assert_eq!(backward.position(s, i), naive(s, i), "backward {i}");
        }
        assert_eq!(line_col(s, 13), (4, 3));
        assert_eq!(line_col(s, 100), naive(s, s.len()));
        // Inside the emoji: the emoji's position.
        assert_eq!(line_col(s, 11), (4, 1));
    }

    #[test]
    fn any_order_and_buffer_windows_agree_with_the_definition() {
        let s = "x\r\n\u{1F600}\ry\n\n\u{e9}\u{1F600}z\r\r\nw";
        let boundaries: Vec<usize> = (0..=s.len()).filter(|&i| s.is_char_boundary(i)).collect();
        // Miri takes every fifth boundary (the loops below are of the fourth and fifth degree).
        let boundaries: Vec<usize> = boundaries
            .iter()
            .copied()
            .step_by(if cfg!(miri) { 5 } else { 1 })
            .collect();
        // Every sequence of three queries (the cursor moves back and forth).
        for &a in &boundaries {
            for &b in &boundaries {
                for &c in &boundaries {
                    let mut lines = LineCounter::new();
                    assert_eq!(lines.position(s, a), naive(s, a));
                    assert_eq!(lines.position(s, b), naive(s, b), "{a} then {b}");
                    assert_eq!(lines.position(s, c), naive(s, c), "{a}, {b} then {c}");
                }
            }
        }
        // A window of the text, as the tokenizer holds it after dropping consumed input.
        for &base in &boundaries {
            for &a in boundaries.iter().filter(|&&a| a >= base) {
                for &b in boundaries.iter().filter(|&&b| b >= base) {
                    let mut lines = LineCounter::new();
                    lines.advance(s, 0, a);
                    lines.drop_before(s, 0, base);
                    let window = &s[base..];
                    let got = lines.position_in(window, base, b);
                    assert_eq!(got, naive(s, b), "{base} {a} {b}");
                    // A second window further on.
                    for &next in boundaries.iter().filter(|&&n| n >= b) {
                        let mut again = lines.clone();
                        again.drop_before(window, base, next);
                        for c in [next, s.len()] {
                            let got = again.clone().position_in(&s[next..], next, c);
                            assert_eq!(got, naive(s, c), "{base} {a} {b} {next} {c}");
                        }
                    }
                }
            }
        }
    }
}
