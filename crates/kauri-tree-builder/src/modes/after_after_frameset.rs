//! The "after after frameset" insertion mode (§ the-after-after-frameset-insertion-mode).

use crate::sink::TreeSink;
use crate::tag_sets::is_ws;
use crate::tree_builder::{Flow, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, Tag, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "after after frameset" insertion mode (§ the-after-after-frameset-insertion-mode).
    pub(crate) fn after_after_frameset<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Comment(_) | Token::ProcessingInstruction { .. } => {
                let doc = self.doc.clone();
                self.append_comment_or_pi_to(&doc, &token);
                Flow::Done
            }
            Token::Doctype(_) => self.in_body(token),
            Token::Characters(s) => {
                // Whitespace goes through "in body"; every other character is ignored.
                if s.bytes().all(is_ws) {
                    return self.in_body(Token::Characters(s));
                }
                for _ in s.bytes().filter(|&b| !is_ws(b) && (b & 0xC0) != 0x80) {
                    self.error(ErrorCode::UnexpectedCharactersAfterFrameset);
                }
                let ws: String = s
                    .chars()
                    .filter(|&c| c.is_ascii() && is_ws(c as u8))
                    .collect();
                if !ws.is_empty() {
                    self.in_body(Token::Characters(&ws));
                }
                Flow::Done
            }
            Token::Tag(Tag {
                kind: TagKind::StartTag,
                name: local_name!("html"),
                ..
            }) => self.in_body(token),
            Token::Tag(Tag {
                kind: TagKind::StartTag,
                name: local_name!("noframes"),
                ..
            }) => self.in_head(token),
            Token::Eof => {
                self.stop_parsing();
                Flow::Done
            }
            _ => {
                self.error(ErrorCode::UnexpectedTokenAfterFrameset);
                Flow::Done
            }
        }
    }
}
