//! The "after after body" insertion mode (§ the-after-after-body-insertion-mode).

use crate::sink::TreeSink;
use crate::tag_sets::leading_ws;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, Tag, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "after after body" insertion mode (§ the-after-after-body-insertion-mode).
    pub(crate) fn after_after_body<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Comment(_) | Token::ProcessingInstruction { .. } => {
                let doc = self.doc.clone();
                self.append_comment_or_pi_to(&doc, &token);
                Flow::Done
            }
            Token::Doctype(_) => self.in_body(token),
            Token::Characters(s) => {
                let n = leading_ws(s);
                if n > 0 {
                    self.in_body(Token::Characters(&s[..n]));
                }
                if n == s.len() {
                    return Flow::Done;
                }
                self.error(ErrorCode::UnexpectedCharactersAfterBody);
                self.mode = InsertionMode::InBody;
                Flow::Reprocess(Token::Characters(&s[n..]))
            }
            Token::Tag(Tag {
                kind: TagKind::StartTag,
                name: local_name!("html"),
                ..
            }) => self.in_body(token),
            Token::Eof => {
                self.stop_parsing();
                Flow::Done
            }
            token => {
                self.error(ErrorCode::UnexpectedTokenAfterBody);
                self.mode = InsertionMode::InBody;
                Flow::Reprocess(token)
            }
        }
    }
}
