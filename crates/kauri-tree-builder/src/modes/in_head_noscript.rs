//! The "in head noscript" insertion mode (§ parsing-main-inheadnoscript).

use crate::sink::TreeSink;
use crate::tag_sets::leading_ws;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in head noscript" insertion mode (§ parsing-main-inheadnoscript).
    pub(crate) fn in_head_noscript<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Doctype(_) => {
                self.error(ErrorCode::UnexpectedDoctype);
                Flow::Done
            }
            Token::Characters(s) => {
                let n = leading_ws(s);
                if n > 0 {
                    self.in_head(Token::Characters(&s[..n]));
                }
                if n == s.len() {
                    return Flow::Done;
                }
                self.in_head_noscript_anything_else();
                Flow::Reprocess(Token::Characters(&s[n..]))
            }
            Token::Comment(_) | Token::ProcessingInstruction { .. } => self.in_head(token),
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (TagKind::EndTag, &local_name!("noscript")) => {
                    self.pop();
                    self.mode = InsertionMode::InHead;
                    Flow::Done
                }
                (
                    TagKind::StartTag,
                    &(local_name!("basefont")
                    | local_name!("bgsound")
                    | local_name!("link")
                    | local_name!("meta")
                    | local_name!("noframes")
                    | local_name!("style")),
                ) => self.in_head(Token::Tag(tag)),
                (TagKind::EndTag, &local_name!("br")) => {
                    self.in_head_noscript_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
                (TagKind::StartTag, &(local_name!("head") | local_name!("noscript")))
                | (TagKind::EndTag, _) => {
                    self.error(ErrorCode::UnexpectedTag);
                    Flow::Done
                }
                _ => {
                    self.in_head_noscript_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
            },
            token => {
                self.in_head_noscript_anything_else();
                Flow::Reprocess(token)
            }
        }
    }

    fn in_head_noscript_anything_else(&mut self) {
        self.error(ErrorCode::UnexpectedTokenInHeadNoscript);
        self.pop();
        self.mode = InsertionMode::InHead;
    }
}
