//! "Changing the encoding while parsing" (§ changing-the-encoding-while-parsing): what the tree
//! builder does when it meets a `<meta>` that declares an encoding while the confidence is still
//! tentative.

use crate::prescan::{extract_encoding_from_meta_content, meta_fixup};
use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};

/// The encoding a `<meta>` element declares, as the "in head" insertion mode reads it
/// (§ parsing-main-inhead, "A start tag whose tag name is "meta""): the `charset` attribute if
/// getting an encoding from its value succeeds; otherwise, if `http-equiv` is an ASCII
/// case-insensitive match for `Content-Type` and there is a `content` attribute, the result of
/// [`extract_encoding_from_meta_content`] on it.
///
/// Pass the attribute values (or `None` for absent attributes). The tree builder calls this for
/// each `<meta>` it inserts while the confidence is tentative
/// (`kauri_tree_builder::TreeBuilder::encoding_change_request` holds the first result), and the
/// parser then runs [`change_the_encoding`] with it.
pub fn encoding_from_meta_attributes(
    charset: Option<&str>,
    http_equiv: Option<&str>,
    content: Option<&str>,
) -> Option<&'static Encoding> {
    if let Some(encoding) = charset.and_then(|label| Encoding::for_label(label.as_bytes())) {
        return Some(encoding);
    }
    match (http_equiv, content) {
        (Some(http_equiv), Some(content)) if http_equiv.eq_ignore_ascii_case("content-type") => {
            extract_encoding_from_meta_content(content)
        }
        _ => None,
    }
}

/// "Change the encoding" (§ changing-the-encoding-while-parsing) from `current` (the encoding the
/// input is being decoded with) to `new` (declared by a `<meta>` found by the tree builder).
///
/// Returns `Some(encoding)` when the parse must restart from the first byte, decoding with
/// `encoding` and with confidence certain (step 6; Kauri never switches decoders on the fly, the
/// optional step 5). Returns `None` when no change is needed; the caller then sets the confidence
/// to certain and carries on (steps 1 and 4). In order:
///
/// 1. if `current` is UTF-16BE/LE, the new encoding is ignored;
/// 2. a UTF-16BE/LE `new` becomes UTF-8;
/// 3. an x-user-defined `new` becomes windows-1252;
/// 4. if `new` is then `current`, there is nothing to do.
///
/// The caller must only call this while the confidence is tentative, and restarts at most once:
/// after a restart the confidence is certain, so later `<meta>`s are ignored.
pub fn change_the_encoding(
    current: &'static Encoding,
    new: &'static Encoding,
) -> Option<&'static Encoding> {
    // Step 1.
    if current == UTF_16BE || current == UTF_16LE {
        return None;
    }
    // Steps 2 and 3 (the pre-scan's fix-ups for a `<meta>` label).
    let new = meta_fixup(new);
    // Step 4.
    if new == current {
        return None;
    }
    // Step 6: restart with the new encoding.
    Some(new)
}

/// [`change_the_encoding`] for a label (the value of a `<meta charset>` attribute): `None` when
/// the label is not a known encoding label (getting an encoding fails, so the `<meta>` is
/// ignored) or when no change is needed; otherwise the encoding to restart the parse with.
pub fn encoding_for_change(current: &'static Encoding, label: &str) -> Option<&'static Encoding> {
    change_the_encoding(current, Encoding::for_label(label.as_bytes())?)
}
