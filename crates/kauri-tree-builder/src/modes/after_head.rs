//! The "after head" insertion mode (§ the-after-head-insertion-mode).

use crate::sink::TreeSink;
use crate::tag_sets::leading_ws;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, Namespace, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "after head" insertion mode (§ the-after-head-insertion-mode).
    pub(crate) fn after_head<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                let n = leading_ws(s);
                self.insert_characters(&s[..n]);
                if n == s.len() {
                    return Flow::Done;
                }
                self.after_head_anything_else();
                Flow::Reprocess(Token::Characters(&s[n..]))
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
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (TagKind::StartTag, &local_name!("body")) => {
                    self.insert_html_element(tag.name, tag.attrs);
                    self.frameset_ok = false;
                    self.mode = InsertionMode::InBody;
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("frameset")) => {
                    self.insert_html_element(tag.name, tag.attrs);
                    self.mode = InsertionMode::InFrameset;
                    Flow::Done
                }
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
                ) => {
                    self.error(ErrorCode::UnexpectedStartTagAfterHead);
                    let Some(head) = self.head.clone() else {
                        return self.in_head(Token::Tag(tag));
                    };
                    let class = self
                        .open
                        .classify(Namespace::Html, &local_name!("head"), &[]);
                    let entry =
                        self.open
                            .fresh(head.clone(), Namespace::Html, local_name!("head"), class);
                    self.open.push(entry);
                    let flow = self.in_head(Token::Tag(tag));
                    if let Some(i) = self.open.position(&head) {
                        self.remove_from_stack(i);
                    }
                    flow
                }
                (TagKind::EndTag, &local_name!("template")) => self.in_head(Token::Tag(tag)),
                (
                    TagKind::EndTag,
                    &(local_name!("body") | local_name!("html") | local_name!("br")),
                ) => {
                    self.after_head_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
                (TagKind::StartTag, &local_name!("head")) | (TagKind::EndTag, _) => {
                    self.error(ErrorCode::UnexpectedTag);
                    Flow::Done
                }
                _ => {
                    self.after_head_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
            },
            token => {
                self.after_head_anything_else();
                Flow::Reprocess(token)
            }
        }
    }

    fn after_head_anything_else(&mut self) {
        self.insert_implied_html_element(local_name!("body"));
        self.mode = InsertionMode::InBody;
        // 2026: frameset-ok is set back to "ok" when the body is inserted implicitly.
        self.frameset_ok = true;
    }
}
