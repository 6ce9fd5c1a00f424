//! The "before head" insertion mode (§ the-before-head-insertion-mode).

use crate::sink::TreeSink;
use crate::tag_sets::leading_ws;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, DistinctAttrs, ErrorCode, Tag, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "before head" insertion mode (§ the-before-head-insertion-mode).
    pub(crate) fn before_head<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                let n = leading_ws(s);
                if n == s.len() {
                    return Flow::Done;
                }
                self.implied(|tb| tb.insert_head(DistinctAttrs::EMPTY));
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
            Token::Tag(Tag {
                kind: TagKind::StartTag,
                name: local_name!("html"),
                ..
            }) => self.in_body(token),
            Token::Tag(Tag {
                kind: TagKind::StartTag,
                name: local_name!("head"),
                attrs,
                ..
            }) => {
                self.insert_head(attrs);
                Flow::Done
            }
            Token::Tag(Tag {
                kind: TagKind::EndTag,
                ref name,
                ..
            }) if !matches!(
                *name,
                local_name!("head") | local_name!("body") | local_name!("html") | local_name!("br")
            ) =>
            {
                self.error(ErrorCode::UnexpectedEndTag);
                Flow::Done
            }
            token => {
                self.implied(|tb| tb.insert_head(DistinctAttrs::EMPTY));
                Flow::Reprocess(token)
            }
        }
    }

    fn insert_head(&mut self, attrs: DistinctAttrs<'_>) {
        let h = self.insert_html_element(local_name!("head"), attrs);
        self.head = Some(h);
        self.mode = InsertionMode::InHead;
    }
}
