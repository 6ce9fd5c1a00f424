//! The "in table text" insertion mode (§ parsing-main-intabletext).

use crate::sink::TreeSink;
use crate::tag_sets::all_ws;
use crate::tree_builder::{Flow, TreeBuilder};
use kauri_tokenizer::{ErrorCode, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in table text" insertion mode (§ parsing-main-intabletext).
    pub(crate) fn in_table_text<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::NullCharacter => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                Flow::Done
            }
            Token::Characters(s) => {
                if self.pending_table_text.is_empty() {
                    self.pending_table_text_span = self.span;
                } else {
                    self.pending_table_text_span.end = self.span.end;
                }
                self.pending_table_text.push_str(s);
                Flow::Done
            }
            token => {
                let pending = std::mem::take(&mut self.pending_table_text);
                // The characters are inserted with their own source range.
                let token_span = std::mem::replace(&mut self.span, self.pending_table_text_span);
                if !all_ws(&pending) {
                    // Processed as "in table", "anything else".
                    // "Anything else" in "in table" is a parse error for each character.
                    for _ in pending.chars() {
                        self.error(ErrorCode::FosterParentingCharacter);
                    }
                    self.with_foster_parenting(|tb| tb.in_body(Token::Characters(&pending)));
                } else {
                    self.insert_characters(&pending);
                }
                self.span = token_span;
                self.pending_table_text = pending;
                self.pending_table_text.clear();
                self.mode = self.original_mode;
                Flow::Reprocess(token)
            }
        }
    }
}
