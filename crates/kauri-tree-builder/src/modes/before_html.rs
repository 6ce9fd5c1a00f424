//! The "before html" insertion mode (§ the-before-html-insertion-mode).

use crate::sink::{NodeOrText, TreeSink};
use crate::tag_sets::leading_ws;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{
    local_name, DistinctAttrs, ErrorCode, Namespace, QualName, Tag, TagKind, Token,
};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "before html" insertion mode (§ the-before-html-insertion-mode).
    pub(crate) fn before_html<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Doctype(_) => {
                self.error(ErrorCode::UnexpectedDoctype);
                Flow::Done
            }
            Token::Comment(_) | Token::ProcessingInstruction { .. } => {
                let doc = self.doc.clone();
                self.append_comment_or_pi_to(&doc, &token);
                Flow::Done
            }
            Token::Characters(s) => {
                let n = leading_ws(s);
                if n == s.len() {
                    return Flow::Done;
                }
                self.implied(|tb| tb.insert_html_root(DistinctAttrs::EMPTY));
                Flow::Reprocess(Token::Characters(&s[n..]))
            }
            Token::Tag(Tag {
                kind: TagKind::StartTag,
                name: local_name!("html"),
                attrs,
                ..
            }) => {
                self.insert_html_root(attrs);
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
                self.implied(|tb| tb.insert_html_root(DistinctAttrs::EMPTY));
                Flow::Reprocess(token)
            }
        }
    }

    /// Creates the `html` element, appends it to the Document and pushes it.
    fn insert_html_root(&mut self, attrs: DistinctAttrs<'_>) {
        let class = self
            .open
            .classify(Namespace::Html, &local_name!("html"), &attrs);
        let h = self
            .sink
            .create_element(QualName::html(local_name!("html")), attrs);
        self.set_span(&h);
        let doc = self.doc.clone();
        self.sink.append(&doc, NodeOrText::Node(h.clone()));
        let entry = self
            .open
            .fresh(h, Namespace::Html, local_name!("html"), class);
        self.open.push(entry);
        self.mode = InsertionMode::BeforeHead;
    }
}
