//! The "in table body" insertion mode (§ parsing-main-intbody).

use crate::sink::TreeSink;
use crate::stack::Scope;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in table body" insertion mode (§ parsing-main-intbody).
    pub(crate) fn in_table_body<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        let Token::Tag(tag) = token else {
            return self.in_table(token);
        };
        match (tag.kind, &tag.name) {
            (TagKind::StartTag, &local_name!("tr")) => {
                self.clear_stack_back_to_table_body_context();
                self.insert_html_element(tag.name, tag.attrs);
                self.mode = InsertionMode::InRow;
                Flow::Done
            }
            (TagKind::StartTag, &(local_name!("th") | local_name!("td"))) => {
                self.error(ErrorCode::UnexpectedCellInTableBody);
                self.clear_stack_back_to_table_body_context();
                self.insert_implied_html_element(local_name!("tr"));
                self.mode = InsertionMode::InRow;
                Flow::Reprocess(Token::Tag(tag))
            }
            (
                TagKind::EndTag,
                &(local_name!("tbody") | local_name!("tfoot") | local_name!("thead")),
            ) => {
                if !self.open.in_scope(&tag.name, Scope::Table) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.clear_stack_back_to_table_body_context();
                self.pop();
                self.mode = InsertionMode::InTable;
                Flow::Done
            }
            (
                TagKind::StartTag,
                &(local_name!("caption")
                | local_name!("col")
                | local_name!("colgroup")
                | local_name!("tbody")
                | local_name!("tfoot")
                | local_name!("thead")),
            )
            | (TagKind::EndTag, &local_name!("table")) => {
                if !self.open.any_in_scope(
                    Scope::Table,
                    &[
                        local_name!("tbody"),
                        local_name!("thead"),
                        local_name!("tfoot"),
                    ],
                ) {
                    self.error(ErrorCode::UnexpectedTag);
                    return Flow::Done;
                }
                self.clear_stack_back_to_table_body_context();
                self.pop();
                self.mode = InsertionMode::InTable;
                Flow::Reprocess(Token::Tag(tag))
            }
            (
                TagKind::EndTag,
                &(local_name!("body")
                | local_name!("caption")
                | local_name!("col")
                | local_name!("colgroup")
                | local_name!("html")
                | local_name!("td")
                | local_name!("th")
                | local_name!("tr")),
            ) => {
                self.error(ErrorCode::UnexpectedEndTag);
                Flow::Done
            }
            _ => self.in_table(Token::Tag(tag)),
        }
    }
}
