//! The "after body" insertion mode (§ parsing-main-afterbody).

use crate::sink::TreeSink;
use crate::tag_sets::{is_ws, leading_ws};
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, Tag, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "after body" insertion mode (§ parsing-main-afterbody).
    pub(crate) fn after_body<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
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
            Token::Comment(_) | Token::ProcessingInstruction { .. } => {
                let html = self.open.get(0).handle.clone();
                self.append_comment_or_pi_to(&html, &token);
                Flow::Done
            }
            Token::Doctype(_) => {
                self.error(ErrorCode::UnexpectedDoctype);
                Flow::Done
            }
            Token::Tag(Tag {
                kind: TagKind::StartTag,
                name: local_name!("html"),
                ..
            }) => self.in_body(token),
            Token::Tag(Tag {
                kind: TagKind::EndTag,
                name: local_name!("html"),
                ..
            }) => {
                if self.context.is_some() {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                // The `html` element stays on the stack: its end tag is recorded here.
                let html = self.open.get(0).handle.clone();
                self.set_end_tag_span(&html);
                self.mode = InsertionMode::AfterAfterBody;
                Flow::Done
            }
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

    /// Inserts only the whitespace characters of a run (the others are parse errors and
    /// ignored), as "in frameset" and "after frameset" do.
    pub(super) fn insert_whitespace_only(&mut self, s: &str) {
        if s.bytes().all(is_ws) {
            self.insert_characters(s);
            return;
        }
        for _ in s.bytes().filter(|&b| !is_ws(b) && (b & 0xC0) != 0x80) {
            self.error(ErrorCode::UnexpectedCharactersInFrameset);
        }
        let ws: String = s
            .chars()
            .filter(|&c| c.is_ascii() && is_ws(c as u8))
            .collect();
        self.insert_characters(&ws);
    }
}
