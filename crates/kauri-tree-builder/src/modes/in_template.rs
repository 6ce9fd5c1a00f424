//! The "in template" insertion mode (§ parsing-main-intemplate).

use crate::sink::TreeSink;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, Tag, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in template" insertion mode (§ parsing-main-intemplate).
    pub(crate) fn in_template<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(_)
            | Token::NullCharacter
            | Token::Comment(_)
            | Token::ProcessingInstruction { .. }
            | Token::Doctype(_) => self.in_body(token),
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (
                    TagKind::StartTag,
                    &(local_name!("base")
                    | local_name!("basefont")
                    | local_name!("bgsound")
                    | local_name!("link")
                    | local_name!("meta")
                    | local_name!("noframes")
                    | local_name!("script")
                    | local_name!("style")
                    | local_name!("template")
                    | local_name!("title")),
                )
                | (TagKind::EndTag, &local_name!("template")) => self.in_head(Token::Tag(tag)),
                (
                    TagKind::StartTag,
                    &(local_name!("caption")
                    | local_name!("colgroup")
                    | local_name!("tbody")
                    | local_name!("tfoot")
                    | local_name!("thead")),
                ) => self.switch_template_mode(InsertionMode::InTable, tag),
                (TagKind::StartTag, &local_name!("col")) => {
                    self.switch_template_mode(InsertionMode::InColumnGroup, tag)
                }
                (TagKind::StartTag, &local_name!("tr")) => {
                    self.switch_template_mode(InsertionMode::InTableBody, tag)
                }
                (TagKind::StartTag, &(local_name!("td") | local_name!("th"))) => {
                    self.switch_template_mode(InsertionMode::InRow, tag)
                }
                (TagKind::StartTag, _) => self.switch_template_mode(InsertionMode::InBody, tag),
                (TagKind::EndTag, _) => {
                    self.error(ErrorCode::UnexpectedEndTag);
                    Flow::Done
                }
            },
            Token::Eof => {
                if !self.template_on_stack() {
                    // The fragment case: stop parsing.
                    self.stop_parsing();
                    return Flow::Done;
                }
                // The elements from the last `template` up are left open.
                let from = (0..self.open.len())
                    .rev()
                    .find(|&i| self.open.get(i).is_html(&local_name!("template")))
                    .unwrap_or(0);
                self.error_unclosed(ErrorCode::EofInTemplate, from, |_| true);
                self.pop_until_popped(&local_name!("template"));
                // The end-of-file path keeps a `<template for>`'s markers in the tree.
                self.forget_closed_templates();
                self.active.clear_to_last_marker();
                self.template_modes.pop();
                self.reset_insertion_mode();
                Flow::Reprocess(Token::Eof)
            }
        }
    }

    /// Pops the current template insertion mode, pushes `mode`, switches to it and reprocesses.
    fn switch_template_mode<'a>(&mut self, mode: InsertionMode, tag: Tag<'a>) -> Flow<'a> {
        self.template_modes.pop();
        self.template_modes.push(mode);
        self.mode = mode;
        Flow::Reprocess(Token::Tag(tag))
    }
}
