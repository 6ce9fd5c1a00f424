//! "Escaping a string" (§ serialising-html-fragments of the HTML standard, the end of "Serializing
//! HTML fragments").
//!
//! 1. `&` becomes `&amp;`;
//! 2. U+00A0 NO-BREAK SPACE becomes `&nbsp;`;
//! 3. `<` becomes `&lt;`;
//! 4. `>` becomes `&gt;`;
//! 5. in *attribute mode* only, `"` becomes `&quot;`.
//!
//! Since the 2025 revision of the standard `<` and `>` are escaped in attribute mode too.
//!
//! The scan works on bytes: every byte that starts a replacement (`&`, `<`, `>`, `"`, and
//! 0xC2, the first byte of U+00A0 in UTF-8) is found eight bytes at a time with "has a zero
//! byte" word tests (three a mode: `<` and `>` share one, and so do `&` and `"`), then told
//! apart with a 256-entry table, and the runs in between are copied as whole slices.

/// What a byte means to the escaper.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Copied as is.
    Plain,
    /// Always replaced (`&`, `<`, `>`), or the lead byte of U+00A0.
    Special,
    /// `"`: replaced in attribute mode only.
    Quote,
    /// `'`: replaced only when the token-stream serializer quotes with `'`.
    Apostrophe,
}

const fn classes() -> [Class; 256] {
    let mut table = [Class::Plain; 256];
    table[b'&' as usize] = Class::Special;
    table[b'<' as usize] = Class::Special;
    table[b'>' as usize] = Class::Special;
    table[0xC2] = Class::Special;
    table[b'"' as usize] = Class::Quote;
    table[b'\'' as usize] = Class::Apostrophe;
    table
}

static CLASSES: [Class; 256] = classes();

/// Which quote character, if any, the escaped text will be wrapped in.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::serialize::{escape, EscapeMode};
///
/// let mut out = String::new();
/// escape("it's", EscapeMode::SingleQuoted, &mut out);
/// assert_eq!(out, "it&#39;s");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EscapeMode {
    /// Text content: `&`, NBSP, `<`, `>`.
    Text,
    /// An attribute value in `"…"` (the standard's *attribute mode*): also `"` → `&quot;`.
    DoubleQuoted,
    /// An attribute value in `'…'` (token-stream serializer only): also `'` → `&#39;`.
    SingleQuoted,
}

/// Appends `text` to `out`, escaped as the standard's "escaping a string" in `mode`.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::serialize::{escape, EscapeMode};
///
/// let mut out = String::new();
/// escape("a < b & \"c\"", EscapeMode::Text, &mut out);
/// assert_eq!(out, "a &lt; b &amp; \"c\"");
/// out.clear();
/// escape("say \"hi\"", EscapeMode::DoubleQuoted, &mut out);
/// assert_eq!(out, "say &quot;hi&quot;");
/// ```
pub fn escape(text: &str, mode: EscapeMode, out: &mut String) {
    // One scan per mode, so that each tests a word for its own bytes only.
    match mode {
        EscapeMode::Text => escape_with(text, mode, out, |word| {
            ampersands(word) | angle_brackets(word) | no_break_space_leads(word)
        }),
        EscapeMode::DoubleQuoted => escape_with(text, mode, out, |word| {
            ampersands_and_quotes(word) | angle_brackets(word) | no_break_space_leads(word)
        }),
        EscapeMode::SingleQuoted => escape_with(text, mode, out, |word| {
            ampersands(word)
                | angle_brackets(word)
                | no_break_space_leads(word)
                | zero_bytes(word ^ repeated(b'\''))
        }),
    }
}

/// [`escape`] with `may_start_replacement`, a mask of the bytes of a word (little-endian) that
/// may start a replacement in `mode`, whose lowest set bit is the high bit of the first such
/// byte (the bits above it may also mark bytes that are not: only the lowest one is exact).
#[inline(always)]
fn escape_with(
    text: &str,
    mode: EscapeMode,
    out: &mut String,
    may_start_replacement: impl Fn(u64) -> u64,
) {
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while let Some(rest) = bytes.get(i..).filter(|rest| !rest.is_empty()) {
        // Eight bytes at a time up to the first that may start a replacement (the last few
        // in one word too, zeros after them: a zero byte starts none).
        let word = match rest.get(..8) {
            Some(eight) => u64::from_le_bytes(eight.try_into().expect("eight bytes")),
            None => short_word(rest),
        };
        let found = may_start_replacement(word);
        if found == 0 {
            i += 8;
            continue;
        }
        i += (found.trailing_zeros() / 8) as usize;
        let b = bytes[i];
        let replacement = match CLASSES[b as usize] {
            Class::Plain => None,
            Class::Special => match b {
                b'&' => Some("&amp;"),
                b'<' => Some("&lt;"),
                b'>' => Some("&gt;"),
                // 0xC2 leads U+0080..=U+00BF; only U+00A0 is replaced.
                _ if bytes.get(i + 1) == Some(&0xA0) => Some("&nbsp;"),
                _ => None,
            },
            Class::Quote if mode == EscapeMode::DoubleQuoted => Some("&quot;"),
            Class::Apostrophe if mode == EscapeMode::SingleQuoted => Some("&#39;"),
            Class::Quote | Class::Apostrophe => None,
        };
        match replacement {
            Some(entity) => {
                out.push_str(&text[start..i]);
                out.push_str(entity);
                // U+00A0 is two bytes long; everything else one.
                i += if b == 0xC2 { 2 } else { 1 };
                start = i;
            }
            None => i += 1,
        }
    }
    out.push_str(&text[start..]);
}

/// The bytes of `rest` (fewer than eight, at least one) as a little-endian word, zeros after
/// them: two loads that may overlap (the bytes they share land in the same place), not a byte
/// at a time.
#[inline(always)]
fn short_word(rest: &[u8]) -> u64 {
    let len = rest.len();
    if len >= 4 {
        let low = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
        let high = u32::from_le_bytes([rest[len - 4], rest[len - 3], rest[len - 2], rest[len - 1]]);
        u64::from(low) | u64::from(high) << (8 * (len - 4))
    } else if len >= 2 {
        let low = u16::from_le_bytes([rest[0], rest[1]]);
        let high = u16::from_le_bytes([rest[len - 2], rest[len - 1]]);
        u64::from(low) | u64::from(high) << (8 * (len - 2))
    } else {
        rest.first().copied().map_or(0, u64::from)
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;

/// `byte` in each of the eight bytes of a word.
#[inline(always)]
const fn repeated(byte: u8) -> u64 {
    ONES * byte as u64
}

/// The classic "has a zero byte" test: the high bit of each zero byte of `x` (exact up to the
/// first one; a borrow can mark a byte above it that is not zero).
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x & repeated(0x80)
}

/// The `&` bytes.
#[inline(always)]
fn ampersands(word: u64) -> u64 {
    zero_bytes(word ^ repeated(b'&'))
}

/// The `&` (0x26) and `"` (0x22) bytes, in one test: they are the two bytes that bit 2 set
/// makes 0x26.
#[inline(always)]
fn ampersands_and_quotes(word: u64) -> u64 {
    zero_bytes((word | repeated(0x04)) ^ repeated(b'&'))
}

/// The `<` (0x3C) and `>` (0x3E) bytes, in one test: they are the two bytes that bit 1 set
/// makes 0x3E.
#[inline(always)]
fn angle_brackets(word: u64) -> u64 {
    zero_bytes((word | repeated(0x02)) ^ repeated(b'>'))
}

/// The 0xC2 bytes (the first byte of U+00A0 in UTF-8).
#[inline(always)]
fn no_break_space_leads(word: u64) -> u64 {
    zero_bytes(word ^ repeated(0xC2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, mode: EscapeMode) -> String {
        let mut out = String::new();
        escape(text, mode, &mut out);
        out
    }

    #[test]
    fn text_mode() {
        assert_eq!(
            run("a<b>c&d\"e'f", EscapeMode::Text),
            "a&lt;b&gt;c&amp;d\"e'f"
        );
        assert_eq!(
            run("x\u{a0}y\u{80}\u{bf}é", EscapeMode::Text),
            "x&nbsp;y\u{80}\u{bf}é"
        );
        assert_eq!(run("", EscapeMode::Text), "");
        assert_eq!(run("plain", EscapeMode::Text), "plain");
    }

    #[test]
    fn attribute_modes() {
        assert_eq!(
            run("a<b>\"c'\u{a0}&", EscapeMode::DoubleQuoted),
            "a&lt;b&gt;&quot;c'&nbsp;&amp;"
        );
        assert_eq!(run("\"c'", EscapeMode::SingleQuoted), "\"c&#39;");
    }

    /// The standard's steps one character at a time, to check the word-at-a-time scan.
    fn by_character(text: &str, mode: EscapeMode) -> String {
        text.chars()
            .map(|c| match c {
                '&' => "&amp;".to_owned(),
                '\u{a0}' => "&nbsp;".to_owned(),
                '<' => "&lt;".to_owned(),
                '>' => "&gt;".to_owned(),
                '"' if mode == EscapeMode::DoubleQuoted => "&quot;".to_owned(),
                '\'' if mode == EscapeMode::SingleQuoted => "&#39;".to_owned(),
                c => c.to_string(),
            })
            .collect()
    }

    #[test]
    fn every_position_in_and_across_words() {
        let specials: &[&str] = if cfg!(miri) {
            &["&", "\u{a0}", "x"] // fewer under Miri
        } else {
            &[
                "&", "<", ">", "\"", "'", "\u{a0}", "\u{80}", "\u{bf}", "é", "x",
            ]
        };
        let longest = if cfg!(miri) { 8 } else { 20 };
        for mode in [
            EscapeMode::Text,
            EscapeMode::DoubleQuoted,
            EscapeMode::SingleQuoted,
        ] {
            for len in 0..longest {
                for at in 0..=len {
                    for (i, &special) in specials.iter().enumerate() {
                        // Under Miri, one second special per first one, in turn.
                        let seconds = if cfg!(miri) {
                            &specials[(i + len + at) % specials.len()..][..1]
                        } else {
                            specials
                        };
                        for &second in seconds {
                            let text = format!(
                                "{}{special}{}{second}",
                                "a".repeat(at),
                                "b".repeat(len - at)
                            );
                            assert_eq!(run(&text, mode), by_character(&text, mode), "{text:?}");
                        }
                    }
                }
            }
        }
    }
}
