//! The sanitized string of a fragment that is plain text, without parsing it.
//!
//! In a `div` or `body` context (where the fragment parsing algorithm starts "in body",
//! `§ html-fragment-parsing-algorithm`), input with no `<`, `&`, NUL or CR tokenizes to
//! character tokens only: the data state (`§ data-state`) only leaves for `<` and `&` and
//! treats NUL specially, and the input stream's preprocessing only changes CR. "In body"
//! inserts each character (after reconstructing the active formatting elements, of which there
//! are none), so the fragment is one Text node holding the input, or nothing for "". The
//! sanitizer never removes text, and the Text node's serialization (`§ serialising-html-
//! fragments`, its parent being no raw text element) escapes it. Most comments are such text.

use kauri_dom::serialize::{escape, EscapeMode};
use kauri_tokenizer::{local_name, Namespace, QualName};

/// The sanitized serialization of `html` in `context`, when `html` is plain text and the
/// context one of those above; `None` when it must be parsed.
pub(crate) fn sanitized(html: &str, context: &QualName) -> Option<String> {
    let in_body_context = context.ns == Namespace::Html
        && matches!(context.local, local_name!("div") | local_name!("body"));
    if !in_body_context
        || html
            .bytes()
            .any(|b| matches!(b, b'<' | b'&' | b'\0' | b'\r'))
    {
        return None;
    }
    let mut out = String::with_capacity(html.len() + 16);
    escape(html, EscapeMode::Text, &mut out);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sanitizer;
    use kauri_tokenizer::LocalName;

    #[test]
    fn plain_text_gives_what_the_parse_gives() {
        let pieces = [
            "", "x", " ", "\n", "\t\x0c", ">", "\u{a0}", "é", "💥", "\u{feff}", "\u{fffe}",
            "\u{1}", "\u{7f}", "\u{85}", "\"'", "=", "/", "text", "--", "]]>", "?", "!", "`",
        ];
        let sanitizer = Sanitizer::default();
        let lax = Sanitizer::from_json(r#"{"removeElements": []}"#).expect("valid config");
        let contexts = [
            "div", "body", "p", "span", "table", "textarea", "title", "style",
        ];
        let mut compared = 0;
        for a in pieces {
            for b in pieces {
                for c in ["", "x y", ">>"] {
                    let html = format!("{a}{c}{b}");
                    for name in contexts {
                        let context = QualName::html(LocalName::from(name));
                        let Some(fast) = sanitized(&html, &context) else {
                            assert!(!matches!(name, "div" | "body"), "{html:?} in {name}");
                            continue;
                        };
                        assert!(matches!(name, "div" | "body"));
                        for (s, safe) in [(&sanitizer, true), (&sanitizer, false), (&lax, true)] {
                            let parsed = s.sanitize_parsed_to_string(&html, &context, safe);
                            assert_eq!(fast, parsed, "{html:?} in {name}");
                        }
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 2 * pieces.len() * pieces.len());
        for html in ["<b>", "&amp;", "a\0b", "a\r\nb", "x<"] {
            let div = QualName::html(local_name!("div"));
            assert_eq!(sanitized(html, &div), None, "{html:?}");
        }
    }
}
