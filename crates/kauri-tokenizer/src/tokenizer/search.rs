//! The byte search the text runs and quoted attribute values start with: the next of two
//! delimiter bytes (`<` or `&` in the data state, the quote or `&` in a value).
//!
//! Most runs are short (the whitespace between two tags, a class name, a short URL), and for
//! them a call into `memchr` (a dispatch through a function pointer, then a vector loop set up
//! for long inputs) costs more than the search itself. So the first few words of eight bytes
//! are looked at here, one `u64` at a time, and `memchr` takes over only past them. How many
//! pays depends on the run:
//! * the data state's text: one word. Callgrind over the corpus counts about 1% fewer
//!   instructions for a whole parse than with `memchr2` alone, and about 1.5% fewer than with
//!   two words.
//! * a quoted attribute value: four words. Values are longer (24 bytes on average over the
//!   corpus; 35% end within the first word, 73% within three, 84% within four) and a value's
//!   search has no other work to share the call with: four words count about 0.7% fewer
//!   instructions than one, and more than four gain nothing.
//!
//! (docs/performance.md says how to count: `examples/parse_drop` under callgrind.)

/// `0x01` in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a word.
const HIGHS: u64 = 0x8080_8080_8080_8080;
/// How many leading words the data state searches here before `memchr` takes over.
pub(super) const DATA_WORDS: usize = 1;
/// The same for a quoted attribute value.
pub(super) const VALUE_WORDS: usize = 4;

/// A word whose lowest set bit is the high bit of the first byte of `word` (in memory order,
/// little-endian) that equals `byte`, or 0 when none does. (Bytes after the first match may
/// be flagged wrongly, by the borrow of the subtraction; the first one never is.)
#[inline(always)]
fn matches(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The index of the first `a` or `b` in `hay`, if there is one: the first `WORDS` words (of
/// eight bytes) are looked at here, the rest by `memchr`.
#[inline(always)]
pub(super) fn find2<const WORDS: usize>(a: u8, b: u8, hay: &[u8]) -> Option<usize> {
    let look = 8 * WORDS;
    if let Some(head) = hay.get(..look) {
        // The usual case, all the words there: no bounds check per word.
        for (k, chunk) in head.as_chunks::<8>().0.iter().enumerate() {
            let word = u64::from_le_bytes(*chunk);
            let m = matches(word, a) | matches(word, b);
            if m != 0 {
                return Some(8 * k + (m.trailing_zeros() / 8) as usize);
            }
        }
        return memchr::memchr2(a, b, hay.get(look..)?).map(|p| look + p);
    }
    // Near the end of the input: the whole words left, then one byte at a time.
    let mut i = 0;
    while let Some(chunk) = hay.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let word = u64::from_le_bytes(*chunk);
        let m = matches(word, a) | matches(word, b);
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    hay.get(i..)?
        .iter()
        .position(|&c| c == a || c == b)
        .map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_of_two_bytes_at_every_position_and_length_like_a_plain_search() {
        // Every length across the words looked at here and into the `memchr` part, for the
        // data state's count of words and a value's. Under Miri (the sanitizer job), lengths
        // up to 20 (past the data state's one word, into a value's third) with two delimiter
        // pairs: the full sweep takes many minutes there.
        let (lengths, pairs) = if cfg!(miri) {
            (20, 2)
        } else {
            (8 * VALUE_WORDS + 16, 4)
        };
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
                        find2::<DATA_WORDS>(a, b, &hay),
                        expected,
                        "len {len}, at {at}, {a:#x}/{b:#x}"
                    );
                    assert_eq!(
                        find2::<VALUE_WORDS>(a, b, &hay),
                        expected,
                        "len {len}, at {at}, {a:#x}/{b:#x} (value)"
                    );
                }
            }
        }
    }
}
