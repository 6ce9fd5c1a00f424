//! The "in cell" insertion mode (§ parsing-main-intd).

use crate::sink::TreeSink;
use crate::stack::Scope;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in cell" insertion mode (§ parsing-main-intd).
    pub(crate) fn in_cell<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        let Token::Tag(tag) = token else {
            return self.in_body(token);
        };
        match (tag.kind, &tag.name) {
            (TagKind::EndTag, &(local_name!("td") | local_name!("th"))) => {
                if !self.open.in_scope(&tag.name, Scope::Table) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.generate_implied_end_tags(None);
                if !self.open.current_is(&tag.name) {
                    self.error(ErrorCode::UnexpectedEndTag);
                }
                self.pop_until_popped(&tag.name);
                self.active.clear_to_last_marker();
                self.mode = InsertionMode::InRow;
                Flow::Done
            }
            (
                TagKind::StartTag,
                &(local_name!("caption")
                | local_name!("col")
                | local_name!("colgroup")
                | local_name!("tbody")
                | local_name!("td")
                | local_name!("tfoot")
                | local_name!("th")
                | local_name!("thead")
                | local_name!("tr")),
            ) => {
                // The standard asserts a td or th is in table scope here.
                if !self
                    .open
                    .any_in_scope(Scope::Table, &[local_name!("td"), local_name!("th")])
                {
                    self.error(ErrorCode::UnexpectedStartTag);
                    return Flow::Done;
                }
                self.close_the_cell();
                Flow::Reprocess(Token::Tag(tag))
            }
            (
                TagKind::EndTag,
                &(local_name!("body")
                | local_name!("caption")
                | local_name!("col")
                | local_name!("colgroup")
                | local_name!("html")),
            ) => {
                self.error(ErrorCode::UnexpectedEndTag);
                Flow::Done
            }
            (
                TagKind::EndTag,
                &(local_name!("table")
                | local_name!("tbody")
                | local_name!("tfoot")
                | local_name!("thead")
                | local_name!("tr")),
            ) => {
                if !self.open.in_scope(&tag.name, Scope::Table) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.close_the_cell();
                Flow::Reprocess(Token::Tag(tag))
            }
            _ => self.in_body(Token::Tag(tag)),
        }
    }

    /// "Close the cell" (§ parsing-main-intd).
    fn close_the_cell(&mut self) {
        self.generate_implied_end_tags(None);
        if !self.current_is_one_of(&[local_name!("td"), local_name!("th")]) {
            self.error(ErrorCode::UnexpectedCellEnd);
        }
        self.pop_until_popped_any(|n| matches!(*n, local_name!("td") | local_name!("th")));
        self.active.clear_to_last_marker();
        self.mode = InsertionMode::InRow;
    }
}
