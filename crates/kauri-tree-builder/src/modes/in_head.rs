//! The "in head" insertion mode (§ parsing-main-inhead).

use crate::sink::TreeSink;
use crate::tag_sets::leading_ws;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_encoding::encoding_from_meta_attributes;
use kauri_tokenizer::{local_name, ErrorCode, TagKind, TextState, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in head" insertion mode (§ parsing-main-inhead).
    pub(crate) fn in_head<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                let n = leading_ws(s);
                self.insert_characters(&s[..n]);
                if n == s.len() {
                    return Flow::Done;
                }
                self.in_head_anything_else();
                Flow::Reprocess(Token::Characters(&s[n..]))
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
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (
                    TagKind::StartTag,
                    &(local_name!("base")
                    | local_name!("basefont")
                    | local_name!("bgsound")
                    | local_name!("link")),
                ) => {
                    self.insert_void_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("meta")) => {
                    if self.opts.encoding_tentative && self.encoding_change.is_none() {
                        // The first `<meta>` that declares an encoding is the one that changes
                        // it (or makes the confidence certain); labels that name no encoding
                        // are skipped, as "getting an encoding" fails for them.
                        self.encoding_change = encoding_from_meta_attributes(
                            tag.attr(&local_name!("charset")),
                            tag.attr(&local_name!("http-equiv")),
                            tag.attr(&local_name!("content")),
                        );
                    }
                    self.insert_void_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("title")) => {
                    self.parse_text_element(tag.name, tag.attrs, TextState::Rcdata);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("noscript")) if self.opts.scripting => {
                    self.parse_text_element(tag.name, tag.attrs, TextState::Rawtext);
                    Flow::Done
                }
                (TagKind::StartTag, &(local_name!("noframes") | local_name!("style"))) => {
                    self.parse_text_element(tag.name, tag.attrs, TextState::Rawtext);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("noscript")) => {
                    self.insert_html_element(tag.name, tag.attrs);
                    self.mode = InsertionMode::InHeadNoscript;
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("script")) => {
                    self.parse_text_element(tag.name, tag.attrs, TextState::ScriptData);
                    Flow::Done
                }
                (TagKind::EndTag, &local_name!("head")) => {
                    self.pop();
                    self.mode = InsertionMode::AfterHead;
                    Flow::Done
                }
                (
                    TagKind::EndTag,
                    &(local_name!("body") | local_name!("html") | local_name!("br")),
                ) => {
                    self.in_head_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
                (TagKind::StartTag, &local_name!("template")) => {
                    self.in_head_template_start_tag(tag);
                    Flow::Done
                }
                (TagKind::EndTag, &local_name!("template")) => {
                    self.in_head_template_end_tag();
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("head")) | (TagKind::EndTag, _) => {
                    self.error(ErrorCode::UnexpectedTag);
                    Flow::Done
                }
                _ => {
                    self.in_head_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
            },
            token => {
                self.in_head_anything_else();
                Flow::Reprocess(token)
            }
        }
    }

    fn in_head_anything_else(&mut self) {
        self.pop();
        self.mode = InsertionMode::AfterHead;
    }
}
