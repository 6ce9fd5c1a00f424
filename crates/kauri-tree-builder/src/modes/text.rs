//! The "text" insertion mode (§ parsing-main-incdata).

use crate::sink::TreeSink;
use crate::tree_builder::{Flow, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, Tag, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "text" insertion mode (§ parsing-main-incdata).
    pub(crate) fn text<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_characters(s);
                Flow::Done
            }
            Token::NullCharacter => {
                self.insert_characters("\u{FFFD}");
                Flow::Done
            }
            Token::Eof => {
                let current = self.open.len().saturating_sub(1);
                self.error_unclosed(ErrorCode::EofInText, current, |_| true);
                self.pop();
                self.mode = self.original_mode;
                Flow::Reprocess(Token::Eof)
            }
            Token::Tag(Tag {
                kind: TagKind::EndTag,
                name,
                ..
            }) => {
                let popped = self.pop_entry();
                self.mode = self.original_mode;
                if let Some(e) = popped {
                    if name == local_name!("script") && e.is_html(&local_name!("script")) {
                        self.script_end_tag(e.handle);
                    }
                }
                Flow::Done
            }
            _ => Flow::Done,
        }
    }
}
