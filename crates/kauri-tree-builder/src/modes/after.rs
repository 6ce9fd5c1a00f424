//! The "in template" insertion mode (§ parsing-main-intemplate) and the modes after it: "after
//! body" (§ parsing-main-afterbody), "in frameset" (§ parsing-main-inframeset), "after frameset"
//! (§ parsing-main-afterframeset), "after after body" (§ the-after-after-body-insertion-mode) and
//! "after after frameset" (§ the-after-after-frameset-insertion-mode).

use crate::sink::TreeSink;
use crate::tag_sets::{is_ws, leading_ws};
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
    fn insert_whitespace_only(&mut self, s: &str) {
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

    /// The "in frameset" insertion mode (§ parsing-main-inframeset).
    pub(crate) fn in_frameset<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_whitespace_only(s);
                Flow::Done
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
            Token::Eof => {
                if self.open.len() > 1 {
                    let current = self.open.len() - 1;
                    self.error_unclosed(ErrorCode::EofInFrameset, current, |_| true);
                }
                self.stop_parsing();
                Flow::Done
            }
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (TagKind::StartTag, &local_name!("frameset")) => {
                    self.insert_html_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::EndTag, &local_name!("frameset")) => {
                    if self.open.len() == 1 {
                        self.error(ErrorCode::UnexpectedEndTag);
                        return Flow::Done;
                    }
                    self.pop();
                    if self.context.is_none() && !self.open.current_is(&local_name!("frameset")) {
                        self.mode = InsertionMode::AfterFrameset;
                    }
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("frame")) => {
                    self.insert_void_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("noframes")) => self.in_head(Token::Tag(tag)),
                _ => {
                    self.error(ErrorCode::UnexpectedTagInFrameset);
                    Flow::Done
                }
            },
            Token::NullCharacter => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                Flow::Done
            }
        }
    }

    /// The "after frameset" insertion mode (§ parsing-main-afterframeset).
    pub(crate) fn after_frameset<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_whitespace_only(s);
                Flow::Done
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
            Token::Eof => {
                self.stop_parsing();
                Flow::Done
            }
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (TagKind::EndTag, &local_name!("html")) => {
                    self.mode = InsertionMode::AfterAfterFrameset;
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("noframes")) => self.in_head(Token::Tag(tag)),
                _ => {
                    self.error(ErrorCode::UnexpectedTagAfterFrameset);
                    Flow::Done
                }
            },
            Token::NullCharacter => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                Flow::Done
            }
        }
    }

    /// The "after after body" insertion mode (§ the-after-after-body-insertion-mode).
    pub(crate) fn after_after_body<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Comment(_) | Token::ProcessingInstruction { .. } => {
                let doc = self.doc.clone();
                self.append_comment_or_pi_to(&doc, &token);
                Flow::Done
            }
            Token::Doctype(_) => self.in_body(token),
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
            Token::Tag(Tag {
                kind: TagKind::StartTag,
                name: local_name!("html"),
                ..
            }) => self.in_body(token),
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
