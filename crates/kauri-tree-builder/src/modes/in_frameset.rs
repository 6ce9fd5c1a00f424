//! The "in frameset" insertion mode (§ parsing-main-inframeset).

use crate::sink::TreeSink;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in frameset" insertion mode (§ parsing-main-inframeset).
    pub(crate) fn in_frameset<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_whitespace_only(s);
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
            Token::Eof => {
                if self.open.len() > 1 {
                    let current = self.open.len() - 1;
                    self.error_unclosed(ErrorCode::EofInFrameset, current, |_| true);
                }
                self.stop_parsing();
                Flow::Done
            }
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (TagKind::StartTag, &local_name!("frameset")) => {
                    self.insert_html_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::EndTag, &local_name!("frameset")) => {
                    if self.open.len() == 1 {
                        self.error(ErrorCode::UnexpectedEndTag);
                        return Flow::Done;
                    }
                    self.pop();
                    if self.context.is_none() && !self.open.current_is(&local_name!("frameset")) {
                        self.mode = InsertionMode::AfterFrameset;
                    }
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("frame")) => {
                    self.insert_void_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("noframes")) => self.in_head(Token::Tag(tag)),
                _ => {
                    self.error(ErrorCode::UnexpectedTagInFrameset);
                    Flow::Done
                }
            },
            Token::NullCharacter => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                Flow::Done
            }
        }
    }
}
