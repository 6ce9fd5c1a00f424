//! The "in column group" insertion mode (§ parsing-main-incolgroup).

use crate::sink::TreeSink;
use crate::tag_sets::{is_ws, leading_ws};
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
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
}
