//! The "in caption" insertion mode (§ parsing-main-incaption).

use crate::sink::TreeSink;
use crate::stack::Scope;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{local_name, ErrorCode, TagKind, Token};

impl<S: TreeSink> TreeBuilder<S> {
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
}
