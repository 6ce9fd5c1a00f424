//! Character references (§ character-reference-state to § numeric-character-reference-end-state):
//! the named table lookup and the numeric replacement rules. The states themselves are in
//! `tokenizer/char_ref.rs`.

mod table;

use table::NAMED_REFERENCES;

/// The result of looking for the longest named character reference at the start of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NamedMatch {
    /// The input ends before the longest match is known (more input may extend it).
    NeedMore,
    /// No name of the table is a prefix of the input.
    None,
    /// The longest name that is a prefix of the input: its length in bytes and its expansion.
    Found {
        /// Length of the name (without `&`, with `;` if it has one).
        len: usize,
        /// The characters it stands for (one or two code points).
        value: &'static str,
    },
}

/// Finds the longest name of the named character reference table that the input (the text
/// after `&`) starts with. When `complete` is false and the input could still extend to a
/// longer name, or the character after the match is not available yet, returns
/// [`NamedMatch::NeedMore`].
///
/// The table is sorted by name bytes, so the names sharing the first k input bytes are one
/// range; each further byte narrows it by binary search (at most ~32 steps of log2(2231)).
pub(crate) fn longest_named_match(input: &[u8], complete: bool) -> NamedMatch {
    if let Some(found) = semicolon_terminated_match(input) {
        return found;
    }
    longest_named_match_by_bytes(input, complete)
}

/// The longest name in the table is 32 bytes (`CounterClockwiseContourIntegral;`).
const LONGEST_NAME: usize = 32;

/// The fast path of [`longest_named_match`]: when the input starts with alphanumerics and a
/// `;` and that whole run is a name of the table, it is the longest match (a name contains
/// `;` only as its last byte, so no longer name can start with it). Almost every reference
/// in real pages (`&amp;`, `&lt;`, `&nbsp;`, `&copy;`) is of this kind, and one binary search
/// over whole names (or a direct compare for the four commonest) replaces the byte-by-byte
/// narrowing. `None` when this path does not apply.
#[inline]
pub(crate) fn semicolon_terminated_match(input: &[u8]) -> Option<NamedMatch> {
    // The four that make up most references on real pages.
    match input {
        [b'a', b'm', b'p', b';', ..] => return Some(NamedMatch::Found { len: 4, value: "&" }),
        [b'l', b't', b';', ..] => return Some(NamedMatch::Found { len: 3, value: "<" }),
        [b'g', b't', b';', ..] => return Some(NamedMatch::Found { len: 3, value: ">" }),
        [b'q', b'u', b'o', b't', b';', ..] => {
            return Some(NamedMatch::Found {
                len: 5,
                value: "\"",
            })
        }
        _ => {}
    }
    let window = &input[..input.len().min(LONGEST_NAME)];
    let semicolon = window.iter().position(|&b| !b.is_ascii_alphanumeric())?;
    if window[semicolon] != b';' {
        return None;
    }
    let name = &window[..=semicolon];
    let index = NAMED_REFERENCES
        .binary_search_by(|(entry, _)| (*entry).cmp(name))
        .ok()?;
    Some(NamedMatch::Found {
        len: name.len(),
        value: NAMED_REFERENCES[index].1,
    })
}

/// The general case of [`longest_named_match`]: narrows the table byte by byte.
fn longest_named_match_by_bytes(input: &[u8], complete: bool) -> NamedMatch {
    let mut lo = 0;
    let mut hi = NAMED_REFERENCES.len();
    let mut best: Option<(usize, &'static str)> = None;
    let mut k = 0;
    loop {
        let Some(&b) = input.get(k) else {
            if complete {
                break;
            }
            return NamedMatch::NeedMore;
        };
        // Entries in lo..hi all start with input[..k]; the one equal to it (if any) is first.
        let range = &NAMED_REFERENCES[lo..hi];
        let first = range.partition_point(|(name, _)| name.len() <= k || name[k] < b);
        let last = range.partition_point(|(name, _)| name.len() <= k || name[k] <= b);
        if first == last {
            break;
        }
        hi = lo + last;
        lo += first;
        k += 1;
        let (name, value) = NAMED_REFERENCES[lo];
        if name.len() == k {
            best = Some((k, value));
            if b == b';' {
                break;
            }
        }
    }
    match best {
        Some((len, value)) => NamedMatch::Found { len, value },
        None => NamedMatch::None,
    }
}

/// The numeric character reference end state's replacement table
/// (§ numeric-character-reference-end-state): the windows-1252 meaning of the C1 control code
/// points that have one.
pub(crate) fn c1_replacement(code: u32) -> Option<char> {
    let c = match code {
        0x80 => '\u{20AC}',
        0x82 => '\u{201A}',
        0x83 => '\u{0192}',
        0x84 => '\u{201E}',
        0x85 => '\u{2026}',
        0x86 => '\u{2020}',
        0x87 => '\u{2021}',
        0x88 => '\u{02C6}',
        0x89 => '\u{2030}',
        0x8A => '\u{0160}',
        0x8B => '\u{2039}',
        0x8C => '\u{0152}',
        0x8E => '\u{017D}',
        0x91 => '\u{2018}',
        0x92 => '\u{2019}',
        0x93 => '\u{201C}',
        0x94 => '\u{201D}',
        0x95 => '\u{2022}',
        0x96 => '\u{2013}',
        0x97 => '\u{2014}',
        0x98 => '\u{02DC}',
        0x99 => '\u{2122}',
        0x9A => '\u{0161}',
        0x9B => '\u{203A}',
        0x9C => '\u{0153}',
        0x9E => '\u{017E}',
        0x9F => '\u{0178}',
        _ => return None,
    };
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_complete() {
        assert_eq!(NAMED_REFERENCES.len(), 2231);
        assert!(NAMED_REFERENCES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn longest_match() {
        let found = |len, value| NamedMatch::Found { len, value };
        assert_eq!(longest_named_match(b"amp;x", true), found(4, "&"));
        assert_eq!(longest_named_match(b"ampx", true), found(3, "&"));
        assert_eq!(longest_named_match(b"notit;", true), found(3, "\u{ac}"));
        assert_eq!(longest_named_match(b"notin;", true), found(6, "\u{2209}"));
        assert_eq!(longest_named_match(b"zzz", true), NamedMatch::None);
        assert_eq!(longest_named_match(b"no", false), NamedMatch::NeedMore);
        assert_eq!(longest_named_match(b"no", true), NamedMatch::None);
        assert_eq!(longest_named_match(b"amp;", false), found(4, "&"));
        assert_eq!(longest_named_match(b"nbsp;x", false), found(5, "\u{a0}"));
        assert_eq!(
            longest_named_match(b"CounterClockwiseContourIntegral;", false),
            found(32, "\u{2233}")
        );
        assert_eq!(longest_named_match(b"ampere;", true), found(3, "&"));
        assert_eq!(
            longest_named_match(b"notanentity;", true),
            found(3, "\u{ac}")
        );
    }

    #[test]
    fn fast_path_agrees_with_the_byte_by_byte_search() {
        // Miri looks at every 89th name (both paths, every tail): 26 names of 3 to 24 bytes,
        // two of them legacy ones without a semicolon (`AElig`, `micro`).
        let step = if cfg!(miri) { 89 } else { 1 };
        for (name, _) in NAMED_REFERENCES.iter().step_by(step) {
            for tail in [&b""[..], b";", b"x", b"1;", b"=", b" "] {
                let mut input = name.to_vec();
                input.extend_from_slice(tail);
                for complete in [false, true] {
                    assert_eq!(
                        longest_named_match(&input, complete),
                        longest_named_match_by_bytes(&input, complete),
                        "{}",
                        String::from_utf8_lossy(&input)
                    );
                }
            }
        }
    }
}
