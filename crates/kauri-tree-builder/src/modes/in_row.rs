//! The "in row" insertion mode (§ parsing-main-intr).

use crate::sink::TreeSink;
use crate::stack::Scope;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in row" insertion mode (§ parsing-main-intr).
    pub(crate) fn in_row<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        let Token::Tag(tag) = token else {
            return self.in_table(token);
        };
        match (tag.kind, &tag.name) {
            (TagKind::StartTag, &(local_name!("th") | local_name!("td"))) => {
                self.clear_stack_back_to_table_row_context();
                self.insert_html_element(tag.name, tag.attrs);
                self.mode = InsertionMode::InCell;
                self.active.push_marker();
                Flow::Done
            }
            (TagKind::EndTag, &local_name!("tr")) => {
                if !self.open.in_scope(&local_name!("tr"), Scope::Table) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.clear_stack_back_to_table_row_context();
                self.pop();
                self.mode = InsertionMode::InTableBody;
                Flow::Done
            }
            (
                TagKind::StartTag,
                &(local_name!("caption")
                | local_name!("col")
                | local_name!("colgroup")
                | local_name!("tbody")
                | local_name!("tfoot")
                | local_name!("thead")
                | local_name!("tr")),
            )
            | (TagKind::EndTag, &local_name!("table")) => {
                if !self.open.in_scope(&local_name!("tr"), Scope::Table) {
                    self.error(ErrorCode::UnexpectedTag);
                    return Flow::Done;
                }
                self.clear_stack_back_to_table_row_context();
                self.pop();
                self.mode = InsertionMode::InTableBody;
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
                if !self.open.in_scope(&local_name!("tr"), Scope::Table) {
                    return Flow::Done;
                }
                self.clear_stack_back_to_table_row_context();
                self.pop();
                self.mode = InsertionMode::InTableBody;
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
                | local_name!("th")),
            ) => {
                self.error(ErrorCode::UnexpectedEndTag);
                Flow::Done
            }
            _ => self.in_table(Token::Tag(tag)),
        }
    }
}
