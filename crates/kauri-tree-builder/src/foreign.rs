//! The rules for parsing tokens in foreign content (§ parsing-main-inforeign).

use crate::foreign_tables::{adjust_svg_tag_name, adjusted_foreign_attributes};
use crate::sink::TreeSink;
use crate::tag_sets::{all_ws, HTML_INTEGRATION_POINT, MATHML_TEXT_INTEGRATION_POINT};
use crate::tree_builder::{Flow, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, LocalName, Namespace, Tag, TagKind, Token};

/// Whether a start tag named `name`, with attributes named `attr_names`, breaks out of foreign
/// content ("b", "big", ..., "var"; `font` only with a `color`, `face` or `size` attribute;
/// § parsing-main-inforeign).
///
/// ```
/// use kauri_tokenizer::{local_name, LocalName};
/// use kauri_tree_builder::for_harness::breaks_out_of_foreign_content;
///
/// assert!(breaks_out_of_foreign_content(&local_name!("p"), std::iter::empty()));
/// assert!(!breaks_out_of_foreign_content(&local_name!("font"), std::iter::empty()));
/// let color = LocalName::from("color");
/// assert!(breaks_out_of_foreign_content(&local_name!("font"), [&color].into_iter()));
/// ```
#[inline]
pub fn breaks_out_of_foreign_content<'n>(
    name: &LocalName,
    mut attr_names: impl Iterator<Item = &'n LocalName>,
) -> bool {
    match *name {
        local_name!("b")
        | local_name!("big")
        | local_name!("blockquote")
        | local_name!("body")
        | local_name!("br")
        | local_name!("center")
        | local_name!("code")
        | local_name!("dd")
        | local_name!("div")
        | local_name!("dl")
        | local_name!("dt")
        | local_name!("em")
        | local_name!("embed")
        | local_name!("h1")
        | local_name!("h2")
        | local_name!("h3")
        | local_name!("h4")
        | local_name!("h5")
        | local_name!("h6")
        | local_name!("head")
        | local_name!("hr")
        | local_name!("i")
        | local_name!("img")
        | local_name!("li")
        | local_name!("listing")
        | local_name!("menu")
        | local_name!("meta")
        | local_name!("nobr")
        | local_name!("ol")
        | local_name!("p")
        | local_name!("pre")
        | local_name!("ruby")
        | local_name!("s")
        | local_name!("small")
        | local_name!("span")
        | local_name!("strong")
        | local_name!("strike")
        | local_name!("sub")
        | local_name!("sup")
        | local_name!("table")
        | local_name!("tt")
        | local_name!("u")
        | local_name!("ul")
        | local_name!("var") => true,
        local_name!("font") => attr_names.any(|a| {
            matches!(
                *a,
                local_name!("color") | local_name!("face") | local_name!("size")
            )
        }),
        _ => false,
    }
}

impl<S: TreeSink> TreeBuilder<S> {
    /// The rules for parsing tokens in foreign content (§ parsing-main-inforeign).
    pub(crate) fn foreign_content<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::NullCharacter => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.insert_characters("\u{FFFD}");
                Flow::Done
            }
            Token::Characters(s) => {
                self.insert_characters(s);
                if self.frameset_ok && !all_ws(s) {
                    self.frameset_ok = false;
                }
                Flow::Done
            }
            Token::Comment(data) => {
                self.insert_comment(data);
                Flow::Done
            }
            Token::ProcessingInstruction { target, data } => {
                self.insert_processing_instruction(target, data);
                Flow::Done
            }
            Token::Doctype(_) => {
                self.error(ErrorCode::UnexpectedDoctype);
                Flow::Done
            }
            Token::Tag(tag) => {
                let breakout = match tag.kind {
                    TagKind::StartTag => breaks_out_of_foreign_content(
                        &tag.name,
                        tag.attrs.iter().map(|a| &a.name.local),
                    ),
                    TagKind::EndTag => {
                        matches!(tag.name, local_name!("br") | local_name!("p"))
                    }
                };
                if breakout {
                    self.error(ErrorCode::UnexpectedHtmlElementInForeignContent);
                    while let Some(cur) = self.open.current() {
                        if cur.ns == Namespace::Html
                            || cur.has(MATHML_TEXT_INTEGRATION_POINT | HTML_INTEGRATION_POINT)
                        {
                            break;
                        }
                        self.pop();
                    }
                    return Flow::ReprocessHtml(Token::Tag(tag));
                }
                match tag.kind {
                    TagKind::StartTag => self.foreign_start_tag(tag),
                    TagKind::EndTag => self.foreign_end_tag(tag),
                }
            }
            // The dispatcher sends end-of-file to the insertion mode.
            Token::Eof => Flow::Done,
        }
    }

    /// "Any other start tag" in foreign content.
    fn foreign_start_tag<'a>(&mut self, tag: Tag<'a>) -> Flow<'a> {
        let ns = self
            .adjusted_current_node()
            .map_or(Namespace::Html, |(ns, _, _)| ns);
        let mut name = tag.name;
        if ns == Namespace::Svg {
            if let Some(adjusted) = adjust_svg_tag_name(&name) {
                name = adjusted;
            }
        }
        let mut adjusted = adjusted_foreign_attributes(ns, tag.attrs);
        let is_svg_script = ns == Namespace::Svg && name == local_name!("script");
        self.insert_element(ns, name, adjusted.distinct());
        if tag.self_closing {
            // Acknowledge the flag and pop; a self-closing SVG `script` acts as its end tag.
            self.self_closing_unacked = false;
            if let Some(e) = self.pop_entry() {
                if is_svg_script {
                    self.script_end_tag(e.handle);
                }
            }
        }
        Flow::Done
    }

    /// End tags in foreign content: `</script>` in SVG, and "any other end tag".
    fn foreign_end_tag<'a>(&mut self, tag: Tag<'a>) -> Flow<'a> {
        if tag.name == local_name!("script") {
            if let Some(cur) = self.open.current() {
                if cur.ns == Namespace::Svg && cur.name == local_name!("script") {
                    let e = self.pop_entry().expect("current node exists");
                    self.script_end_tag(e.handle);
                    return Flow::Done;
                }
            }
        }
        // 1. node := the current node.
        let mut i = self.open.len() - 1;
        // 2. If node's tag name, in ASCII lowercase, is not the token's: parse error.
        if !eq_lowercase(&self.open.get(i).name, &tag.name) {
            self.error(ErrorCode::UnexpectedEndTagInForeignContent);
        }
        if !self.open.contains_foreign_lowercase(&tag.name) {
            // No open foreign element has this name, so the loop below would walk down to
            // the first HTML element (the `html` root at the latest) and hand the token to
            // the insertion mode, or return at once when the current node is the root.
            return if i == 0 {
                Flow::Done
            } else {
                Flow::ReprocessHtml(Token::Tag(tag))
            };
        }
        loop {
            // 3. Loop: if node is the topmost element, return.
            if i == 0 {
                return Flow::Done;
            }
            // 4. If node's lowercased tag name is the token's: pop until node is popped.
            if eq_lowercase(&self.open.get(i).name, &tag.name) {
                self.pop_to_len(i);
                return Flow::Done;
            }
            // 5. node := the previous entry.
            i -= 1;
            // 6. If node is not an HTML element, loop.
            if self.open.get(i).ns != Namespace::Html {
                continue;
            }
            // 7. Otherwise, process the token with the current insertion mode's rules.
            return Flow::ReprocessHtml(Token::Tag(tag));
        }
    }
}

/// Whether an element's name, in ASCII lowercase, equals a (lowercase) end tag name.
fn eq_lowercase(element: &kauri_tokenizer::LocalName, tag: &kauri_tokenizer::LocalName) -> bool {
    element == tag || element.eq_ignore_ascii_case(tag)
}
