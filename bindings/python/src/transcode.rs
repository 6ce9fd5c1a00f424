//! The UTF-8 form of a `str`'s code points as CPython stores them ([`Units`]): the copy the
//! parser reads when a page is given as a non-ASCII `str`.
//!
//! Pages are nearly all ASCII, markup above all, even when their text is not: over the
//! corpus, 93% to 100% of the 16-code-point blocks of every non-ASCII page are ASCII. So
//! [`utf8_of`] checks 16 code points at a time and narrows an all-ASCII block to 16 bytes in
//! a few vector instructions (SSE2, which every x86-64 CPU has; plain Rust elsewhere); only
//! the other blocks are encoded one code point at a time. Over the corpus's 72 non-ASCII
//! pages (39 MB of UCS-4 and 28 MB of UCS-2 code points) that runs at the speed memory
//! delivers the code points.
//!
//! A surrogate code point (a `str` can hold one; UTF-8 cannot) becomes U+FFFD, one for each:
//! in a `str`, two surrogates in a row are two code points, never a pair.

use crate::str_storage::Units;

/// Code points per block.
const BLOCK: usize = 16;

/// The UTF-8 form of `units`, written at the start of `buffer` (grown as needed, never
/// shrunk: a thread reuses it from page to page).
pub(crate) fn utf8_of<'b>(units: Units<'_>, buffer: &'b mut Vec<u8>) -> &'b str {
    let len = match units {
        Units::One(units) => encode(units, buffer, ascii_block_u8),
        Units::Two(units) => encode(units, buffer, ascii_block_u16),
        Units::Four(units) => encode(units, buffer, ascii_block_u32),
    };
    let bytes = &buffer[..len];
    debug_assert!(std::str::from_utf8(bytes).is_ok());
    // SAFETY: `encode` wrote `buffer[..len]` as whole UTF-8 sequences and nothing else: an
    // ASCII block only after its check found every code point below 0x80 (the SSE2 check is
    // tested against plain Rust at every position and boundary value in this file's tests),
    // every other code point through `char::encode_utf8`, and both advance `pos` by exactly
    // what they wrote. (Checking again with `from_utf8` cost 2% of a str's parse in a
    // profile of the corpus.)
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

/// Writes the UTF-8 form of `units` at the start of `buffer`; returns its length in bytes.
/// `ascii_block` narrows a block to bytes when all of it is ASCII.
fn encode<U: Copy + Into<u32>>(
    units: &[U],
    buffer: &mut Vec<u8>,
    ascii_block: fn(&[U; BLOCK]) -> Option<[u8; BLOCK]>,
) -> usize {
    // Room for the whole page if it is ASCII, and then some; a block never needs more than
    // four bytes per code point, and the buffer doubles when less than that is left.
    let room = units.len() + units.len() / 4 + 4 * BLOCK;
    if buffer.len() < room {
        buffer.resize(room, 0);
    }
    let mut pos = 0;
    let mut blocks = units.chunks_exact(BLOCK);
    for block in &mut blocks {
        if buffer.len() < pos + 4 * BLOCK {
            buffer.resize(2 * buffer.len(), 0);
        }
        let block: &[U; BLOCK] = match block.try_into() {
            Ok(block) => block,
            Err(_) => unreachable!("chunks_exact gives blocks of BLOCK code points"),
        };
        match ascii_block(block) {
            Some(bytes) => {
                buffer[pos..pos + BLOCK].copy_from_slice(&bytes);
                pos += BLOCK;
            }
            None => pos = encode_one_by_one(block, buffer, pos),
        }
    }
    let rest = blocks.remainder();
    if buffer.len() < pos + 4 * rest.len() {
        buffer.resize(pos + 4 * rest.len(), 0);
    }
    encode_one_by_one(rest, buffer, pos)
}

/// Writes the code points of `units` at `buffer[pos..]` (which has room for four bytes
/// each); returns the new end.
#[cold]
#[inline(never)]
fn encode_one_by_one<U: Copy + Into<u32>>(units: &[U], buffer: &mut [u8], mut pos: usize) -> usize {
    for &unit in units {
        let c = char::from_u32(unit.into()).unwrap_or(char::REPLACEMENT_CHARACTER);
        pos += c.encode_utf8(&mut buffer[pos..]).len();
    }
    pos
}

/// A block of Latin-1 code points as bytes, if all are ASCII.
fn ascii_block_u8(block: &[u8; BLOCK]) -> Option<[u8; BLOCK]> {
    block.is_ascii().then_some(*block)
}

/// A block of UCS-2 code points as bytes, if all are ASCII.
fn ascii_block_u16(block: &[u16; BLOCK]) -> Option<[u8; BLOCK]> {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe { sse2::ascii_block_u16(block) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        portable_ascii_block(block)
    }
}

/// A block of UCS-4 code points as bytes, if all are ASCII.
fn ascii_block_u32(block: &[u32; BLOCK]) -> Option<[u8; BLOCK]> {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe { sse2::ascii_block_u32(block) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        portable_ascii_block(block)
    }
}

/// The same as the SSE2 blocks, in plain Rust (for other targets, and to test them against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn portable_ascii_block<U: Copy + Into<u32>>(block: &[U; BLOCK]) -> Option<[u8; BLOCK]> {
    if block.iter().fold(0, |acc, &unit| acc | unit.into()) >= 0x80 {
        return None;
    }
    Some(std::array::from_fn(|i| block[i].into() as u8))
}

/// The blocks with SSE2: OR the code points together, test the bits above ASCII, and narrow
/// with the saturating packs (exact, since every value is below 0x80).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
        _mm_packs_epi32, _mm_packus_epi16, _mm_set1_epi16, _mm_set1_epi32, _mm_setzero_si128,
        _mm_storeu_si128,
    };

    use super::BLOCK;

    #[target_feature(enable = "sse2")]
    pub(super) fn ascii_block_u16(block: &[u16; BLOCK]) -> Option<[u8; BLOCK]> {
        let [low, high] = [0, 8].map(|at| load(&block[at..at + 8]));
        let above_ascii = _mm_and_si128(_mm_or_si128(low, high), _mm_set1_epi16(!0x7F));
        if !all_zero(above_ascii) {
            return None;
        }
        Some(store(_mm_packus_epi16(low, high)))
    }

    #[target_feature(enable = "sse2")]
    pub(super) fn ascii_block_u32(block: &[u32; BLOCK]) -> Option<[u8; BLOCK]> {
        let [a, b, c, d] = [0, 4, 8, 12].map(|at| load(&block[at..at + 4]));
        let or = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
        if !all_zero(_mm_and_si128(or, _mm_set1_epi32(!0x7F))) {
            return None;
        }
        Some(store(_mm_packus_epi16(
            _mm_packs_epi32(a, b),
            _mm_packs_epi32(c, d),
        )))
    }

    /// The 16 bytes of `units` (8 `u16` or 4 `u32`) as a vector.
    #[target_feature(enable = "sse2")]
    fn load<U>(units: &[U]) -> __m128i {
        assert_eq!(std::mem::size_of_val(units), 16);
        // SAFETY: `units` is 16 bytes of initialized memory (asserted above; the callers
        // pass constant ranges, so the assertion folds away), and `_mm_loadu_si128` reads
        // 16 bytes with no alignment requirement.
        unsafe { _mm_loadu_si128(units.as_ptr().cast()) }
    }

    /// The 16 bytes of `v`.
    #[target_feature(enable = "sse2")]
    fn store(v: __m128i) -> [u8; 16] {
        let mut bytes = [0u8; 16];
        // SAFETY: `bytes` is 16 writable bytes; `_mm_storeu_si128` writes 16 bytes with no
        // alignment requirement.
        unsafe { _mm_storeu_si128(bytes.as_mut_ptr().cast(), v) };
        bytes
    }

    #[target_feature(enable = "sse2")]
    fn all_zero(v: __m128i) -> bool {
        _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) == 0xFFFF
    }
}

#[cfg(test)]
mod tests {
    use super::{ascii_block_u16, ascii_block_u32, portable_ascii_block, utf8_of, BLOCK};
    use crate::str_storage::Units;

    #[test]
    fn transcodes_every_width_like_std() {
        let text = "plain ascii that is longer than sixteen, é ü, ☃ ✓, 𝄞 and 😀 ".repeat(9);
        let mut buffer = Vec::new();
        let wide: Vec<u32> = text.chars().map(u32::from).collect();
        assert_eq!(utf8_of(Units::Four(&wide), &mut buffer), text);
        let utf16: Vec<u16> = text.encode_utf16().collect();
        // (UCS-2 holds no pairs; the astral characters come out as U+FFFD twice each.)
        let expected: String = char::decode_utf16(utf16.iter().copied())
            .flat_map(|c| match c {
                Ok(c) if c.len_utf16() == 1 => vec![c],
                Ok(_) => vec![char::REPLACEMENT_CHARACTER; 2],
                Err(_) => vec![char::REPLACEMENT_CHARACTER],
            })
            .collect();
        assert_eq!(utf8_of(Units::Two(&utf16), &mut buffer), expected);
        let latin: Vec<u8> = "ascii ascii ascii ascii é"
            .chars()
            .map(|c| c as u8)
            .collect();
        assert_eq!(
            utf8_of(Units::One(&latin), &mut buffer),
            "ascii ascii ascii ascii é"
        );
        // Lone surrogates, one U+FFFD each, in a buffer left longer by an earlier page.
        assert_eq!(
            utf8_of(Units::Two(&[0x61, 0xD83D, 0xDE00, 0x62]), &mut buffer),
            "a\u{FFFD}\u{FFFD}b"
        );
        assert_eq!(
            utf8_of(Units::Four(&[0x61, 0xDFFF, 0x62]), &mut buffer),
            "a\u{FFFD}b"
        );
        // Text that needs three or four bytes per code point outgrows the first guess.
        let snowmen: Vec<u16> = "☃".repeat(1000).encode_utf16().collect();
        assert_eq!(
            utf8_of(Units::Two(&snowmen), &mut Vec::new()),
            "☃".repeat(1000)
        );
        let clefs: Vec<u32> = "𝄞".repeat(1000).chars().map(u32::from).collect();
        assert_eq!(
            utf8_of(Units::Four(&clefs), &mut Vec::new()),
            "𝄞".repeat(1000)
        );
        let accents: Vec<u8> = vec![0xE9; 1000];
        assert_eq!(
            utf8_of(Units::One(&accents), &mut Vec::new()),
            "é".repeat(1000)
        );
    }

    #[test]
    fn vector_blocks_agree_with_plain_rust() {
        // Every position holding each value on either side of the ASCII boundary.
        for at in 0..BLOCK {
            for value in [0, 0x41, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF] {
                let mut two = [0x61u16; BLOCK];
                two[at] = value;
                assert_eq!(ascii_block_u16(&two), portable_ascii_block(&two));
                let mut four = [0x61u32; BLOCK];
                four[at] = u32::from(value);
                assert_eq!(ascii_block_u32(&four), portable_ascii_block(&four));
                for big in [0x1_0000, 0x10_FFFF, 0x8000_0000, u32::MAX] {
                    four[at] = big;
                    assert_eq!(ascii_block_u32(&four), None);
                }
            }
        }
        let ascending: [u32; BLOCK] = std::array::from_fn(|i| 0x61 + i as u32);
        assert_eq!(
            ascii_block_u32(&ascending),
            Some(std::array::from_fn(|i| 0x61 + i as u8))
        );
    }
}
