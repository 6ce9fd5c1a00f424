//! Scanning one tag of the source again, as the tokenizer scanned it, for what the tree does
//! not keep: where the tag ends (`kauri check`'s excerpts) and where each attribute is (source
//! locations of attributes). The tokenizer's tag states (§ tag-open-state to
//! § self-closing-start-tag-state), without the token: a tag's text is short, and only tags a
//! caller asks about are scanned.

use std::ops::Range;

/// A tag found at an offset of the text.
pub(crate) struct ScannedTag {
    /// The tag name, ASCII-lowercased.
    pub(crate) name: String,
    /// `</name`.
    pub(crate) end_tag: bool,
    /// One past the `>` that ends the tag, or the end of the text.
    pub(crate) end: usize,
    /// The attributes, in source order, duplicates included (the tree keeps the first).
    pub(crate) attributes: Vec<ScannedAttribute>,
}

/// One attribute of a scanned tag.
pub(crate) struct ScannedAttribute {
    /// The name as written.
    pub(crate) name: Range<usize>,
    /// The whole attribute: the name through the value (and its closing quote).
    pub(crate) range: Range<usize>,
}

fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The tag starting at `at` (`<name` or `</name`), or `None` when no tag starts there.
pub(crate) fn scan_tag(text: &str, at: usize) -> Option<ScannedTag> {
    let bytes = text.as_bytes();
    let rest = bytes.get(at..)?;
    let (end_tag, name_start) = match rest {
        [b'<', b'/', c, ..] if c.is_ascii_alphabetic() => (true, at + 2),
        [b'<', c, ..] if c.is_ascii_alphabetic() => (false, at + 1),
        _ => return None,
    };
    // § tag-name-state.
    let mut i = name_start;
    while i < bytes.len() && !is_space(bytes[i]) && bytes[i] != b'/' && bytes[i] != b'>' {
        i += 1;
    }
    let name = text[name_start..i].to_ascii_lowercase();
    let mut attributes = Vec::new();
    let done = |i: usize, attributes: Vec<ScannedAttribute>| ScannedTag {
        name: name.clone(),
        end_tag,
        end: i,
        attributes,
    };
    loop {
        // § before-attribute-name-state (and the self-closing start tag state's `/`).
        while i < bytes.len() && (is_space(bytes[i]) || bytes[i] == b'/') {
            if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'>') {
                return Some(done(i + 2, attributes));
            }
            i += 1;
        }
        match bytes.get(i) {
            None => return Some(done(bytes.len(), attributes)),
            Some(b'>') => return Some(done(i + 1, attributes)),
            _ => {}
        }
        // § attribute-name-state: a leading `=` is part of the name.
        let start = i;
        i += 1;
        while i < bytes.len() && !matches!(bytes[i], b'/' | b'>' | b'=') && !is_space(bytes[i]) {
            i += 1;
        }
        let name_range = start..i;
        // § after-attribute-name-state.
        let mut j = i;
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        if bytes.get(j) != Some(&b'=') {
            attributes.push(ScannedAttribute {
                name: name_range.clone(),
                range: name_range,
            });
            i = j;
            continue;
        }
        // § before-attribute-value-state.
        i = j + 1;
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        let end = match bytes.get(i) {
            Some(&quote @ (b'"' | b'\'')) => bytes[i + 1..]
                .iter()
                .position(|&c| c == quote)
                .map_or(bytes.len(), |p| i + 1 + p + 1),
            // `>`: a missing value; the tag ends there.
            Some(b'>') | None => i,
            // § attribute-value-(unquoted)-state.
            Some(_) => {
                let mut k = i;
                while k < bytes.len() && !is_space(bytes[k]) && bytes[k] != b'>' {
                    k += 1;
                }
                k
            }
        };
        let end = if end > i || bytes.get(i) != Some(&b'>') {
            end
        } else {
            j + 1
        };
        attributes.push(ScannedAttribute {
            name: name_range,
            range: start..end,
        });
        i = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(tag: &str) -> Vec<(&str, &str)> {
        let scanned = scan_tag(tag, 0).unwrap();
        assert_eq!(scanned.end, tag.len(), "{tag}");
        scanned
            .attributes
            .iter()
            .map(|a| (&tag[a.name.clone()], &tag[a.range.clone()]))
            .collect()
    }

    #[test]
    fn attributes_as_the_tokenizer_reads_them() {
        assert_eq!(
            attrs("<a href=\"x>y\" CLASS = 'k' hidden data-x=1>"),
            [
                ("href", "href=\"x>y\""),
                ("CLASS", "CLASS = 'k'"),
                ("hidden", "hidden"),
                ("data-x", "data-x=1")
            ]
        );
        assert_eq!(attrs("<p =a b/c>"), [("=a", "=a"), ("b", "b"), ("c", "c")]);
        assert_eq!(attrs("<br/>"), []);
        assert_eq!(attrs("<img src=a/>"), [("src", "src=a/")]);
        assert_eq!(attrs("<i a='1'b=2>"), [("a", "a='1'"), ("b", "b=2")]);
        assert_eq!(attrs("<i a=>"), [("a", "a=")]);
        assert_eq!(
            scan_tag("</div x>", 0).map(|t| (t.end_tag, t.name, t.end)),
            Some((true, "div".into(), 8))
        );
        assert!(scan_tag("< p>", 0).is_none());
    }
}
