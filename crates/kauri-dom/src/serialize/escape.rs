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
//! 0xC2, the first byte of U+00A0 in UTF-8) is found with a 256-entry table, and the runs in
//! between are copied as whole slices, so there is no per-character work beyond one table load.

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
    let bytes = text.as_bytes();
    // The quote that this mode escapes (a byte no text holds when there is none).
    let quote = match mode {
        EscapeMode::Text => b'&',
        EscapeMode::DoubleQuoted => b'"',
        EscapeMode::SingleQuoted => b'\'',
    };
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Eight bytes at a time up to the first that may start a replacement.
        if let Some(word) = bytes.get(i..i + 8) {
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            let found = may_start_replacement(word, quote);
            if found == 0 {
                i += 8;
                continue;
            }
            i += (found.trailing_zeros() / 8) as usize;
        }
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

/// The bytes of `word` (little-endian) that are `&`, `<`, `>`, 0xC2 or `quote`, as a mask
/// whose lowest set bit is the high bit of the first such byte (the bits above it may also
/// mark bytes that are not: only the lowest one is exact). Each test is the classic "has a
/// zero byte" of `word` XOR the byte repeated: four operations a byte value, for eight bytes.
#[inline]
fn may_start_replacement(word: u64, quote: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let is = |b: u8| zero_byte(word ^ (ONES * u64::from(b)));
    is(b'&') | is(b'<') | is(b'>') | is(0xC2) | is(quote)
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
                    for &special in specials {
                        for &second in specials {
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
