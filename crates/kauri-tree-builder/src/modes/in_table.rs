//! § parsing-main-intable to § parsing-main-intd: "in table", "in table text", "in caption", "in
//! column group", "in table body", "in row" and "in cell".

use crate::sink::TreeSink;
use crate::stack::Scope;
use crate::tag_sets::{all_ws, is_ws, leading_ws};
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

    /// The steps shared by `</caption>` and the tags that close a caption implicitly. Returns
    /// false when no caption is in table scope (the token is ignored).
    fn close_caption(&mut self) -> bool {
        if !self.open.in_scope(&local_name!("caption"), Scope::Table) {
            self.error(ErrorCode::UnexpectedEndTag);
            return false;
        }
        self.generate_implied_end_tags(None);
        if !self.open.current_is(&local_name!("caption")) {
            self.error(ErrorCode::UnexpectedEndTag);
        }
        self.pop_until_popped(&local_name!("caption"));
        self.active.clear_to_last_marker();
        self.mode = InsertionMode::InTable;
        true
    }

    /// The "in caption" insertion mode (§ parsing-main-incaption).
    pub(crate) fn in_caption<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::EndTag, &local_name!("caption")) => {
                    self.close_caption();
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
                )
                | (TagKind::EndTag, &local_name!("table")) => {
                    if self.close_caption() {
                        Flow::Reprocess(Token::Tag(tag))
                    } else {
                        Flow::Done
                    }
                }
                (
                    TagKind::EndTag,
                    &(local_name!("body")
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
                _ => self.in_body(Token::Tag(tag)),
            },
            token => self.in_body(token),
        }
    }

    /// The "in column group" insertion mode (§ parsing-main-incolgroup).
    pub(crate) fn in_column_group<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                let n = leading_ws(s);
                self.insert_characters(&s[..n]);
                if n == s.len() {
                    return Flow::Done;
                }
                self.in_column_group_anything_else(Token::Characters(&s[n..]))
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
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (TagKind::StartTag, &local_name!("col")) => {
                    self.insert_void_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::EndTag, &local_name!("colgroup")) => {
                    if !self.open.current_is(&local_name!("colgroup")) {
                        self.error(ErrorCode::UnexpectedEndTag);
                        return Flow::Done;
                    }
                    self.pop();
                    self.mode = InsertionMode::InTable;
                    Flow::Done
                }
                (TagKind::EndTag, &local_name!("col")) => {
                    self.error(ErrorCode::UnexpectedEndTag);
                    Flow::Done
                }
                (TagKind::StartTag | TagKind::EndTag, &local_name!("template")) => {
                    self.in_head(Token::Tag(tag))
                }
                _ => self.in_column_group_anything_else(Token::Tag(tag)),
            },
            token => self.in_column_group_anything_else(token),
        }
    }

    fn in_column_group_anything_else<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        if !self.open.current_is(&local_name!("colgroup")) {
            // Ignored: one parse error per character token, as for any other token. Each
            // character is its own token, so whitespace after an ignored character is still
            // inserted by the mode's first rule.
            match token {
                Token::Characters(s) => {
                    let mut whitespace = String::new();
                    for c in s.chars() {
                        if c.is_ascii() && is_ws(c as u8) {
                            whitespace.push(c);
                        } else {
                            self.error(ErrorCode::UnexpectedCharacterInColumnGroup);
                        }
                    }
                    if !whitespace.is_empty() {
                        self.insert_characters(&whitespace);
                    }
                }
                _ => self.error(ErrorCode::UnexpectedTokenInColumnGroup),
            }
            return Flow::Done;
        }
        self.pop();
        self.mode = InsertionMode::InTable;
        Flow::Reprocess(token)
    }

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
}
