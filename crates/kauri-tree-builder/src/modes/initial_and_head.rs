//! § the-initial-insertion-mode to § the-after-head-insertion-mode: "initial", "before html",
//! "before head", "in head", "in head noscript" and "after head".

use crate::sink::{NodeOrText, QuirksMode, TreeSink};
use crate::tag_sets::leading_ws;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_encoding::encoding_from_meta_attributes;
use kauri_tokenizer::{
    local_name, DistinctAttrs, Doctype, ErrorCode, Namespace, QualName, Tag, TagKind, TextState,
    Token,
};

/// Public identifiers that start one of these put the document in quirks mode.
const QUIRKY_PUBLIC_PREFIXES: &[&str] = &[
    "+//silmaril//dtd html pro v0r11 19970101//",
    "-//as//dtd html 3.0 aswedit + extensions//",
    "-//advasoft ltd//dtd html 3.0 aswedit + extensions//",
    "-//ietf//dtd html 2.0 level 1//",
    "-//ietf//dtd html 2.0 level 2//",
    "-//ietf//dtd html 2.0 strict level 1//",
    "-//ietf//dtd html 2.0 strict level 2//",
    "-//ietf//dtd html 2.0 strict//",
    "-//ietf//dtd html 2.0//",
    "-//ietf//dtd html 2.1e//",
    "-//ietf//dtd html 3.0//",
    "-//ietf//dtd html 3.2 final//",
    "-//ietf//dtd html 3.2//",
    "-//ietf//dtd html 3//",
    "-//ietf//dtd html level 0//",
    "-//ietf//dtd html level 1//",
    "-//ietf//dtd html level 2//",
    "-//ietf//dtd html level 3//",
    "-//ietf//dtd html strict level 0//",
    "-//ietf//dtd html strict level 1//",
    "-//ietf//dtd html strict level 2//",
    "-//ietf//dtd html strict level 3//",
    "-//ietf//dtd html strict//",
    "-//ietf//dtd html//",
    "-//metrius//dtd metrius presentational//",
    "-//microsoft//dtd internet explorer 2.0 html strict//",
    "-//microsoft//dtd internet explorer 2.0 html//",
    "-//microsoft//dtd internet explorer 2.0 tables//",
    "-//microsoft//dtd internet explorer 3.0 html strict//",
    "-//microsoft//dtd internet explorer 3.0 html//",
    "-//microsoft//dtd internet explorer 3.0 tables//",
    "-//netscape comm. corp.//dtd html//",
    "-//netscape comm. corp.//dtd strict html//",
    "-//o'reilly and associates//dtd html 2.0//",
    "-//o'reilly and associates//dtd html extended 1.0//",
    "-//o'reilly and associates//dtd html extended relaxed 1.0//",
    "-//sq//dtd html 2.0 hotmetal + extensions//",
    "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
    "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
    "-//spyglass//dtd html 2.0 extended//",
    "-//sun microsystems corp.//dtd hotjava html//",
    "-//sun microsystems corp.//dtd hotjava strict html//",
    "-//w3c//dtd html 3 1995-03-24//",
    "-//w3c//dtd html 3.2 draft//",
    "-//w3c//dtd html 3.2 final//",
    "-//w3c//dtd html 3.2//",
    "-//w3c//dtd html 3.2s draft//",
    "-//w3c//dtd html 4.0 frameset//",
    "-//w3c//dtd html 4.0 transitional//",
    "-//w3c//dtd html experimental 19960712//",
    "-//w3c//dtd html experimental 970421//",
    "-//w3c//dtd w3 html//",
    "-//w3o//dtd w3 html 3.0//",
    "-//webtechs//dtd mozilla html 2.0//",
    "-//webtechs//dtd mozilla html//",
];

/// ASCII case-insensitive "starts with".
fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// The quirks mode a DOCTYPE token selects (§ the-initial-insertion-mode), for a document that is
/// not an iframe srcdoc document.
fn doctype_quirks_mode(d: &Doctype) -> QuirksMode {
    if d.force_quirks || d.name.as_deref() != Some("html") {
        return QuirksMode::Quirks;
    }
    let public = d.public_id.as_deref();
    let system = d.system_id.as_deref();
    if let Some(p) = public {
        if p.eq_ignore_ascii_case("-//W3O//DTD W3 HTML Strict 3.0//EN//")
            || p.eq_ignore_ascii_case("-/W3C/DTD HTML 4.0 Transitional/EN")
            || p.eq_ignore_ascii_case("HTML")
            || QUIRKY_PUBLIC_PREFIXES.iter().any(|q| starts_with_ci(p, q))
        {
            return QuirksMode::Quirks;
        }
    }
    if system.is_some_and(|s| {
        s.eq_ignore_ascii_case("http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")
    }) {
        return QuirksMode::Quirks;
    }
    // 2026: an empty system identifier counts as missing.
    let system_missing = system.is_none_or(str::is_empty);
    if let Some(p) = public {
        let html401 = starts_with_ci(p, "-//W3C//DTD HTML 4.01 Frameset//")
            || starts_with_ci(p, "-//W3C//DTD HTML 4.01 Transitional//");
        if html401 && system_missing {
            return QuirksMode::Quirks;
        }
        if starts_with_ci(p, "-//W3C//DTD XHTML 1.0 Frameset//")
            || starts_with_ci(p, "-//W3C//DTD XHTML 1.0 Transitional//")
        {
            return QuirksMode::LimitedQuirks;
        }
        if html401 && !system_missing {
            return QuirksMode::LimitedQuirks;
        }
    }
    QuirksMode::NoQuirks
}

impl<S: TreeSink> TreeBuilder<S> {
    /// The "initial" insertion mode (§ the-initial-insertion-mode).
    pub(crate) fn initial<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                let n = leading_ws(s);
                if n == s.len() {
                    return Flow::Done;
                }
                self.initial_anything_else();
                Flow::Reprocess(Token::Characters(&s[n..]))
            }
            Token::Comment(_) | Token::ProcessingInstruction { .. } => {
                let doc = self.doc.clone();
                self.append_comment_or_pi_to(&doc, &token);
                Flow::Done
            }
            Token::Doctype(d) => {
                let name = d.name.as_deref();
                let legacy = d.system_id.as_deref() == Some("about:legacy-compat");
                if name != Some("html")
                    || d.public_id.is_some()
                    || (d.system_id.is_some() && !legacy)
                {
                    self.error(ErrorCode::BadDoctype);
                }
                self.sink.append_doctype_to_document(
                    name.unwrap_or(""),
                    d.public_id.as_deref().unwrap_or(""),
                    d.system_id.as_deref().unwrap_or(""),
                );
                if self.spans {
                    self.sink.set_doctype_span(self.span);
                }
                if !self.opts.iframe_srcdoc {
                    self.quirks = doctype_quirks_mode(d);
                    self.sink.set_quirks_mode(self.quirks);
                }
                self.mode = InsertionMode::BeforeHtml;
                Flow::Done
            }
            token => {
                self.initial_anything_else();
                Flow::Reprocess(token)
            }
        }
    }

    fn initial_anything_else(&mut self) {
        if !self.opts.iframe_srcdoc {
            self.error(ErrorCode::MissingDoctype);
            self.quirks = QuirksMode::Quirks;
            self.sink.set_quirks_mode(QuirksMode::Quirks);
        }
        self.mode = InsertionMode::BeforeHtml;
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

    /// The "in head" insertion mode (§ parsing-main-inhead).
    pub(crate) fn in_head<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                let n = leading_ws(s);
                self.insert_characters(&s[..n]);
                if n == s.len() {
                    return Flow::Done;
                }
                self.in_head_anything_else();
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
                (
                    TagKind::StartTag,
                    &(local_name!("base")
                    | local_name!("basefont")
                    | local_name!("bgsound")
                    | local_name!("link")),
                ) => {
                    self.insert_void_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("meta")) => {
                    if self.opts.encoding_tentative && self.encoding_change.is_none() {
                        // The first `<meta>` that declares an encoding is the one that changes
                        // it (or makes the confidence certain); labels that name no encoding
                        // are skipped, as "getting an encoding" fails for them.
                        self.encoding_change = encoding_from_meta_attributes(
                            tag.attr(&local_name!("charset")),
                            tag.attr(&local_name!("http-equiv")),
                            tag.attr(&local_name!("content")),
                        );
                    }
                    self.insert_void_element(tag.name, tag.attrs);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("title")) => {
                    self.parse_text_element(tag.name, tag.attrs, TextState::Rcdata);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("noscript")) if self.opts.scripting => {
                    self.parse_text_element(tag.name, tag.attrs, TextState::Rawtext);
                    Flow::Done
                }
                (TagKind::StartTag, &(local_name!("noframes") | local_name!("style"))) => {
                    self.parse_text_element(tag.name, tag.attrs, TextState::Rawtext);
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("noscript")) => {
                    self.insert_html_element(tag.name, tag.attrs);
                    self.mode = InsertionMode::InHeadNoscript;
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("script")) => {
                    self.parse_text_element(tag.name, tag.attrs, TextState::ScriptData);
                    Flow::Done
                }
                (TagKind::EndTag, &local_name!("head")) => {
                    self.pop();
                    self.mode = InsertionMode::AfterHead;
                    Flow::Done
                }
                (
                    TagKind::EndTag,
                    &(local_name!("body") | local_name!("html") | local_name!("br")),
                ) => {
                    self.in_head_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
                (TagKind::StartTag, &local_name!("template")) => {
                    self.in_head_template_start_tag(tag);
                    Flow::Done
                }
                (TagKind::EndTag, &local_name!("template")) => {
                    self.in_head_template_end_tag();
                    Flow::Done
                }
                (TagKind::StartTag, &local_name!("head")) | (TagKind::EndTag, _) => {
                    self.error(ErrorCode::UnexpectedTag);
                    Flow::Done
                }
                _ => {
                    self.in_head_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
            },
            token => {
                self.in_head_anything_else();
                Flow::Reprocess(token)
            }
        }
    }

    fn in_head_anything_else(&mut self) {
        self.pop();
        self.mode = InsertionMode::AfterHead;
    }

    /// The "in head noscript" insertion mode (§ parsing-main-inheadnoscript).
    pub(crate) fn in_head_noscript<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Doctype(_) => {
                self.error(ErrorCode::UnexpectedDoctype);
                Flow::Done
            }
            Token::Characters(s) => {
                let n = leading_ws(s);
                if n > 0 {
                    self.in_head(Token::Characters(&s[..n]));
                }
                if n == s.len() {
                    return Flow::Done;
                }
                self.in_head_noscript_anything_else();
                Flow::Reprocess(Token::Characters(&s[n..]))
            }
            Token::Comment(_) | Token::ProcessingInstruction { .. } => self.in_head(token),
            Token::Tag(tag) => match (tag.kind, &tag.name) {
                (TagKind::StartTag, &local_name!("html")) => self.in_body(Token::Tag(tag)),
                (TagKind::EndTag, &local_name!("noscript")) => {
                    self.pop();
                    self.mode = InsertionMode::InHead;
                    Flow::Done
                }
                (
                    TagKind::StartTag,
                    &(local_name!("basefont")
                    | local_name!("bgsound")
                    | local_name!("link")
                    | local_name!("meta")
                    | local_name!("noframes")
                    | local_name!("style")),
                ) => self.in_head(Token::Tag(tag)),
                (TagKind::EndTag, &local_name!("br")) => {
                    self.in_head_noscript_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
                (TagKind::StartTag, &(local_name!("head") | local_name!("noscript")))
                | (TagKind::EndTag, _) => {
                    self.error(ErrorCode::UnexpectedTag);
                    Flow::Done
                }
                _ => {
                    self.in_head_noscript_anything_else();
                    Flow::Reprocess(Token::Tag(tag))
                }
            },
            token => {
                self.in_head_noscript_anything_else();
                Flow::Reprocess(token)
            }
        }
    }

    fn in_head_noscript_anything_else(&mut self) {
        self.error(ErrorCode::UnexpectedTokenInHeadNoscript);
        self.pop();
        self.mode = InsertionMode::InHead;
    }

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
