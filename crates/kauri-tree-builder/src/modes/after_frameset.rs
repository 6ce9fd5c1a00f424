//! The "after frameset" insertion mode (§ parsing-main-afterframeset).

use crate::sink::TreeSink;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "after frameset" insertion mode (§ parsing-main-afterframeset).
    pub(crate) fn after_frameset<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
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
                self.stop_parsing();
                Flow::Done
            }
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (TagKind::EndTag, &local_name!("html")) => {
                    self.mode = InsertionMode::AfterAfterFrameset;
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("noframes")) => self.in_head(Token::Tag(tag)),
                _ => {
                    self.error(ErrorCode::UnexpectedTagAfterFrameset);
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
