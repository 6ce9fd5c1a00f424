//! The byte search the text runs and quoted attribute values start with: the next of two
//! delimiter bytes (`<` or `&` in the data state, the quote or `&` in a value).
//!
//! Most runs are short (the whitespace between two tags, a class name, a short URL), and for
//! them a call into `memchr` (a dispatch through a function pointer, then a vector loop set up
//! for long inputs) costs more than the search itself. So the first eight bytes are looked at
//! here, in one `u64`, and `memchr` takes over only past them. (Measured over the corpus with
//! callgrind: 633.3 M instructions with `memchr2` alone, 627.1 M with one word first, 636.8 M
//! with two.)

/// `0x01` in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a word.
const HIGHS: u64 = 0x8080_8080_8080_8080;
/// How many leading bytes are searched here before `memchr` takes over (a multiple of 8).
const SHORT: usize = 8;

/// A word whose lowest set bit is the high bit of the first byte of `word` (in memory order,
/// little-endian) that equals `byte`, or 0 when none does. (Bytes after the first match may
/// be flagged wrongly, by the borrow of the subtraction; the first one never is.)
#[inline(always)]
fn matches(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The index of the first `a` or `b` in `hay`, if there is one.
#[inline(always)]
pub(super) fn find2(a: u8, b: u8, hay: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < SHORT {
        let Some(chunk) = hay.get(i..).and_then(<[u8]>::first_chunk::<8>) else {
            // Fewer than eight bytes left: one at a time.
            return hay
                .get(i..)?
                .iter()
                .position(|&c| c == a || c == b)
                .map(|p| i + p);
        };
        let word = u64::from_le_bytes(*chunk);
        let m = matches(word, a) | matches(word, b);
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    memchr::memchr2(a, b, hay.get(i..)?).map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_of_two_bytes_at_every_position_and_length_like_a_plain_search() {
        // Under Miri (the sanitizer job), every length across the one-word look and into the
        // `memchr` part, with two delimiter pairs: the full sweep takes many minutes there.
        let (lengths, pairs) = if cfg!(miri) { (20, 2) } else { (48, 4) };
        let all_pairs = [(b'<', b'&'), (b'"', b'&'), (0x80, 0xFF), (0, 1)];
        for len in 0..lengths {
            for at in 0..=len {
                for &(a, b) in &all_pairs[..pairs] {
                    // A haystack of bytes near the delimiters (their neighbours, and the
                    // delimiters' borrow-prone predecessors) with one delimiter at `at`.
                    let filler = [
                        a.wrapping_sub(1),
                        a.wrapping_add(1),
                        b.wrapping_add(1),
                        b'x',
                    ];
                    let mut hay: Vec<u8> = (0..len).map(|i| filler[i % filler.len()]).collect();
                    let hay = if at < len {
                        hay[at] = if at % 2 == 0 { a } else { b };
                        // A second delimiter later must not be found first.
                        if at + 1 < len {
                            hay[at + 1] = a;
                        }
                        hay
                    } else {
                        hay
                    };
                    let expected = hay.iter().position(|&c| c == a || c == b);
                    assert_eq!(
                        find2(a, b, &hay),
                        expected,
                        "len {len}, at {at}, {a:#x}/{b:#x}"
                    );
                }
            }
        }
    }
}
