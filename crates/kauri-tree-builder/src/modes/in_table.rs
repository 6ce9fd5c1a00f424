//! The "in table" insertion mode (§ parsing-main-intable).

use crate::sink::TreeSink;
use crate::stack::Scope;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in table" insertion mode (§ parsing-main-intable).
    pub(crate) fn in_table<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(_) | Token::NullCharacter
                if self.current_is_one_of(&[
                    local_name!("table"),
                    local_name!("tbody"),
                    local_name!("template"),
                    local_name!("tfoot"),
                    local_name!("thead"),
                    local_name!("tr"),
                ]) =>
            {
                self.pending_table_text.clear();
                self.original_mode = self.mode;
                self.mode = InsertionMode::InTableText;
                Flow::Reprocess(token)
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
            Token::Eof => self.in_body(Token::Eof),
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("caption")) => {
                    self.clear_stack_back_to_table_context();
                    self.active.push_marker();
                    self.insert_html_element(tag.name, tag.attrs);
                    self.mode = InsertionMode::InCaption;
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("colgroup")) => {
                    self.clear_stack_back_to_table_context();
                    self.insert_html_element(tag.name, tag.attrs);
                    self.mode = InsertionMode::InColumnGroup;
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("col")) => {
                    self.clear_stack_back_to_table_context();
                    self.insert_implied_html_element(local_name!("colgroup"));
                    self.mode = InsertionMode::InColumnGroup;
                    Flow::Reprocess(Token::Tag(tag))
                }
                (
                    TagKind::StartTag,
                    &(local_name!("tbody") | local_name!("tfoot") | local_name!("thead")),
                ) => {
                    self.clear_stack_back_to_table_context();
                    self.insert_html_element(tag.name, tag.attrs);
                    self.mode = InsertionMode::InTableBody;
                    Flow::Done
                }
                (
                    TagKind::StartTag,
                    &(local_name!("td") | local_name!("th") | local_name!("tr")),
                ) => {
                    self.clear_stack_back_to_table_context();
                    self.insert_implied_html_element(local_name!("tbody"));
                    self.mode = InsertionMode::InTableBody;
                    Flow::Reprocess(Token::Tag(tag))
                }
                (TagKind::StartTag, &local_name!("table")) => {
                    self.error(ErrorCode::NestedTable);
                    if !self.open.in_scope(&local_name!("table"), Scope::Table) {
                        return Flow::Done;
                    }
                    self.pop_until_popped(&local_name!("table"));
                    self.reset_insertion_mode();
                    Flow::Reprocess(Token::Tag(tag))
                }
                (TagKind::EndTag, &local_name!("table")) => {
                    if !self.open.in_scope(&local_name!("table"), Scope::Table) {
                        self.error(ErrorCode::UnexpectedEndTag);
                        return Flow::Done;
                    }
                    self.pop_until_popped(&local_name!("table"));
                    self.reset_insertion_mode();
                    Flow::Done
                }
                (
                    TagKind::EndTag,
                    &(local_name!("body")
                    | local_name!("caption")
                    | local_name!("col")
                    | local_name!("colgroup")
                    | local_name!("html")
                    | local_name!("tbody")
                    | local_name!("td")
                    | local_name!("tfoot")
                    | local_name!("th")
                    | local_name!("thead")
                    | local_name!("tr")),
                ) => {
                    self.error(ErrorCode::UnexpectedEndTag);
                    Flow::Done
                }
                (
                    TagKind::StartTag,
                    &(local_name!("style") | local_name!("script") | local_name!("template")),
                )
                | (TagKind::EndTag, &local_name!("template")) => self.in_head(Token::Tag(tag)),
                (TagKind::StartTag, &local_name!("input"))
                    if tag
                        .attr(&local_name!("type"))
                        .is_some_and(|t| t.eq_ignore_ascii_case("hidden")) =>
                {
                    self.error(ErrorCode::InputInTable);
                    self.insert_void_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("form")) => {
                    self.error(ErrorCode::FormInTable);
                    let in_template = self.parsing_template_contents();
                    if self.form.is_some() && !in_template {
                        return Flow::Done;
                    }
                    let form = self.insert_html_element(tag.name, tag.attrs);
                    if !in_template {
                        self.form = Some(form);
                    }
                    self.pop();
                    Flow::Done
                }
                _ => self.in_table_anything_else(Token::Tag(tag)),
            },
            token => self.in_table_anything_else(token),
        }
    }

    /// "In table", "anything else": process with "in body" with foster parenting enabled.
    fn in_table_anything_else<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            // One parse error per character: the standard's character tokens are single
            // characters (this happens when the current node is not a table element, so the
            // characters go into it, not through "in table text").
            Token::Characters(s) => {
                for _ in s.chars() {
                    self.error(ErrorCode::FosterParentingCharacter);
                }
            }
            _ => self.error(ErrorCode::FosterParenting),
        }
        self.with_foster_parenting(|tb| tb.in_body(token))
    }
}
