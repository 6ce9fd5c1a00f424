//! The "in body" insertion mode (§ parsing-main-inbody).

use crate::foreign_tables::adjusted_foreign_attributes;
use crate::sink::{QuirksMode, TreeSink};
use crate::stack::Scope;
use crate::tag_sets::{
    all_ws, is_formatting, is_heading, may_be_open_when_body_ends, END_TAG_DOES_MORE, HEADINGS,
    SPECIAL,
};
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{
    local_name, DistinctAttrs, ErrorCode, LocalName, Namespace, Tag, TagKind, TextState, Token,
};

impl<S: TreeSink> TreeBuilder<S> {
    /// The "in body" insertion mode (§ parsing-main-inbody). Small enough to inline into the
    /// dispatcher: text stays inline, tags and the rare tokens are calls.
    #[inline(always)]
    pub(crate) fn in_body<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::NullCharacter => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                Flow::Done
            }
            Token::Characters(s) => {
                self.in_body_characters(s);
                // The token owns nothing (its text is borrowed): forgetting it spares the
                // hot path an out-of-line call to `Token`'s drop glue, whose address-taking
                // would also keep the token in memory through every inlined caller.
                std::mem::forget(token);
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
            Token::Eof => self.in_body_eof(),
            Token::Tag(Tag {
                kind,
                name,
                self_closing,
                attrs,
            }) => match kind {
                TagKind::StartTag => self.in_body_start_tag(name, attrs, self_closing),
                TagKind::EndTag => self.in_body_end_tag(name, attrs, self_closing),
            },
        }
    }

    /// "In body", an end-of-file token.
    #[cold]
    fn in_body_eof<'a>(&mut self) -> Flow<'a> {
        if !self.template_modes.is_empty() {
            return self.in_template(Token::Eof);
        }
        if self.open.iter().any(may_not_be_open_when_body_ends) {
            self.error_unclosed(
                ErrorCode::EofWithOpenElements,
                0,
                may_not_be_open_when_body_ends,
            );
        }
        self.stop_parsing();
        Flow::Done
    }

    /// "In body", character tokens other than U+0000 (a run of them).
    #[inline(always)]
    pub(crate) fn in_body_characters(&mut self, s: &str) {
        self.reconstruct_active_formatting_elements();
        self.insert_characters(s);
        if self.frameset_ok && !all_ws(s) {
            self.frameset_ok = false;
        }
    }

    #[inline(never)]
    pub(crate) fn in_body_start_tag<'a>(
        &mut self,
        name: LocalName,
        attrs: DistinctAttrs<'a>,
        self_closing: bool,
    ) -> Flow<'a> {
        // The start tag token, in its parts (passed in registers: a whole `Tag` would be
        // copied to memory for the call and read back here); put together again only where a
        // rule hands the token on.
        match name {
            local_name!("html") => {
                self.error(ErrorCode::UnexpectedHtmlStartTag);
                if !self.template_on_stack() {
                    let root = self.open.get(0).handle.clone();
                    self.sink.add_attrs_if_missing(&root, attrs);
                }
            }
            local_name!("base")
            | local_name!("basefont")
            | local_name!("bgsound")
            | local_name!("link")
            | local_name!("meta")
            | local_name!("noframes")
            | local_name!("script")
            | local_name!("style")
            | local_name!("template")
            | local_name!("title") => {
                return self.in_head(Token::Tag(Tag {
                    kind: TagKind::StartTag,
                    name,
                    self_closing,
                    attrs,
                }))
            }
            local_name!("body") => {
                self.error(ErrorCode::UnexpectedBodyStartTag);
                if self.open.len() == 1
                    || !self.open.get(1).is_html(&local_name!("body"))
                    || self.template_on_stack()
                {
                    return Flow::Done;
                }
                self.frameset_ok = false;
                let body = self.open.get(1).handle.clone();
                self.sink.add_attrs_if_missing(&body, attrs);
            }
            local_name!("frameset") => {
                self.error(ErrorCode::UnexpectedFramesetStartTag);
                if self.open.len() == 1 || !self.open.get(1).is_html(&local_name!("body")) {
                    return Flow::Done;
                }
                if !self.frameset_ok {
                    return Flow::Done;
                }
                let body = self.open.get(1).handle.clone();
                self.sink.detach(&body);
                self.pop_to_len(1);
                self.insert_html_element(name, attrs);
                self.mode = InsertionMode::InFrameset;
            }
            local_name!("address")
            | local_name!("article")
            | local_name!("aside")
            | local_name!("blockquote")
            | local_name!("center")
            | local_name!("details")
            | local_name!("dialog")
            | local_name!("dir")
            | local_name!("div")
            | local_name!("dl")
            | local_name!("fieldset")
            | local_name!("figcaption")
            | local_name!("figure")
            | local_name!("footer")
            | local_name!("header")
            | local_name!("hgroup")
            | local_name!("main")
            | local_name!("menu")
            | local_name!("nav")
            | local_name!("ol")
            | local_name!("p")
            | local_name!("search")
            | local_name!("section")
            | local_name!("summary")
            | local_name!("ul") => {
                self.close_p_if_in_button_scope();
                self.insert_html_element(name, attrs);
            }
            // HEADINGS, as patterns: a guard here splits the dispatch match and costs 3% of
            // the instructions of a parse.
            local_name!("h1")
            | local_name!("h2")
            | local_name!("h3")
            | local_name!("h4")
            | local_name!("h5")
            | local_name!("h6") => {
                self.close_p_if_in_button_scope();
                if self
                    .open
                    .current()
                    .is_some_and(|e| e.ns == Namespace::Html && is_heading(&e.name))
                {
                    self.error(ErrorCode::NestedHeading);
                    self.pop();
                }
                self.insert_html_element(name, attrs);
            }
            local_name!("pre") | local_name!("listing") => {
                self.close_p_if_in_button_scope();
                self.insert_html_element(name, attrs);
                self.ignore_lf = true;
                self.frameset_ok = false;
            }
            local_name!("form") => {
                let in_template = self.parsing_template_contents();
                if self.form.is_some() && !in_template {
                    self.error(ErrorCode::NestedForm);
                    return Flow::Done;
                }
                self.close_p_if_in_button_scope();
                let form = self.insert_html_element(name, attrs);
                if !in_template {
                    self.form = Some(form);
                }
            }
            local_name!("li") => {
                self.frameset_ok = false;
                self.close_list_item(&[local_name!("li")]);
                self.close_p_if_in_button_scope();
                self.insert_html_element(name, attrs);
            }
            local_name!("dd") | local_name!("dt") => {
                self.frameset_ok = false;
                self.close_list_item(&[local_name!("dd"), local_name!("dt")]);
                self.close_p_if_in_button_scope();
                self.insert_html_element(name, attrs);
            }
            local_name!("plaintext") => {
                self.close_p_if_in_button_scope();
                self.insert_html_element(name, attrs);
                self.switch_to = Some(TextState::Plaintext);
            }
            local_name!("button") => {
                if self.open.in_scope(&local_name!("button"), Scope::Default) {
                    self.error(ErrorCode::NestedButton);
                    self.generate_implied_end_tags(None);
                    self.pop_until_popped(&local_name!("button"));
                }
                self.reconstruct_active_formatting_elements();
                self.insert_html_element(name, attrs);
                self.frameset_ok = false;
            }
            local_name!("a") => {
                // (`name` is `a`: a reference to it, not to a temporary `local_name!("a")`,
                // which would be dropped through a call on every `a` start tag.)
                if let Some(i) = self.active.last_after_marker(&name) {
                    self.error(ErrorCode::NestedA);
                    let (handle, id) = match &self.active.entries[i] {
                        crate::formatting::Entry::Element { handle, id, .. } => {
                            (handle.clone(), *id)
                        }
                        crate::formatting::Entry::Marker => unreachable!(),
                    };
                    self.adoption_agency(&local_name!("a"));
                    self.active.remove_element(id);
                    // Usually the adoption agency has removed it: the entry id says so in O(1),
                    // without a scan of the stack (as deep as the input for `<a><div>x`).
                    if let Some(j) = self.open.position_of(id, &handle) {
                        self.remove_from_stack(j);
                    }
                }
                self.reconstruct_active_formatting_elements();
                self.insert_formatting_element(name, attrs);
            }
            local_name!("b")
            | local_name!("big")
            | local_name!("code")
            | local_name!("em")
            | local_name!("font")
            | local_name!("i")
            | local_name!("s")
            | local_name!("small")
            | local_name!("strike")
            | local_name!("strong")
            | local_name!("tt")
            | local_name!("u") => {
                self.reconstruct_active_formatting_elements();
                self.insert_formatting_element(name, attrs);
            }
            local_name!("nobr") => {
                self.reconstruct_active_formatting_elements();
                if self.open.in_scope(&local_name!("nobr"), Scope::Default) {
                    self.error(ErrorCode::NestedNobr);
                    self.adoption_agency(&local_name!("nobr"));
                    self.reconstruct_active_formatting_elements();
                }
                self.insert_formatting_element(name, attrs);
            }
            local_name!("applet") | local_name!("marquee") | local_name!("object") => {
                self.reconstruct_active_formatting_elements();
                self.insert_html_element(name, attrs);
                self.active.push_marker();
                self.frameset_ok = false;
            }
            local_name!("table") => {
                if self.quirks != QuirksMode::Quirks {
                    self.close_p_if_in_button_scope();
                }
                self.insert_html_element(name, attrs);
                self.frameset_ok = false;
                self.mode = InsertionMode::InTable;
            }
            local_name!("area")
            | local_name!("br")
            | local_name!("embed")
            | local_name!("img")
            | local_name!("keygen")
            | local_name!("wbr") => {
                self.reconstruct_active_formatting_elements();
                self.insert_void_element(name, attrs);
                self.frameset_ok = false;
            }
            local_name!("input") => {
                if self.context_is(&local_name!("select")) {
                    self.error(ErrorCode::InputInSelect);
                    return Flow::Done;
                }
                if self.open.in_scope(&local_name!("select"), Scope::Default) {
                    self.error(ErrorCode::InputInSelect);
                    self.pop_until_popped(&local_name!("select"));
                }
                self.reconstruct_active_formatting_elements();
                let hidden = attrs
                    .value(&local_name!("type"))
                    .is_some_and(|t| t.eq_ignore_ascii_case("hidden"));
                self.insert_void_element(name, attrs);
                if !hidden {
                    self.frameset_ok = false;
                }
            }
            local_name!("param") | local_name!("source") | local_name!("track") => {
                self.insert_void_element(name, attrs);
            }
            local_name!("hr") => {
                self.close_p_if_in_button_scope();
                if self.open.in_scope(&local_name!("select"), Scope::Default) {
                    self.generate_implied_end_tags(None);
                    if self.open.in_scope(&local_name!("option"), Scope::Default)
                        || self.open.in_scope(&local_name!("optgroup"), Scope::Default)
                    {
                        self.error(ErrorCode::HrInOption);
                    }
                }
                self.insert_void_element(name, attrs);
                self.frameset_ok = false;
            }
            local_name!("image") => {
                self.error(ErrorCode::ImageStartTag);
                return Flow::Reprocess(Token::Tag(Tag {
                    kind: TagKind::StartTag,
                    name: local_name!("img"),
                    self_closing,
                    attrs,
                }));
            }
            local_name!("textarea") => {
                self.insert_html_element(name, attrs);
                self.ignore_lf = true;
                self.switch_to = Some(TextState::Rcdata);
                self.original_mode = self.mode;
                self.frameset_ok = false;
                self.mode = InsertionMode::Text;
            }
            local_name!("xmp") => {
                self.close_p_if_in_button_scope();
                self.reconstruct_active_formatting_elements();
                self.frameset_ok = false;
                self.parse_text_element(name, attrs, TextState::Rawtext);
            }
            local_name!("iframe") => {
                self.frameset_ok = false;
                self.parse_text_element(name, attrs, TextState::Rawtext);
            }
            local_name!("noembed") => {
                self.parse_text_element(name, attrs, TextState::Rawtext);
            }
            local_name!("noscript") if self.opts.scripting => {
                self.parse_text_element(name, attrs, TextState::Rawtext);
            }
            local_name!("select") => {
                if self.context_is(&local_name!("select")) {
                    self.error(ErrorCode::NestedSelect);
                    return Flow::Done;
                }
                if self.open.in_scope(&local_name!("select"), Scope::Default) {
                    self.error(ErrorCode::NestedSelect);
                    self.pop_until_popped(&local_name!("select"));
                    return Flow::Done;
                }
                self.reconstruct_active_formatting_elements();
                self.insert_html_element(name, attrs);
                self.frameset_ok = false;
            }
            local_name!("option") => {
                if self.open.in_scope(&local_name!("select"), Scope::Default) {
                    self.generate_implied_end_tags(Some(&local_name!("optgroup")));
                    if self.open.in_scope(&local_name!("option"), Scope::Default) {
                        self.error(ErrorCode::NestedOption);
                    }
                } else if self.open.current_is(&local_name!("option")) {
                    self.pop();
                }
                self.reconstruct_active_formatting_elements();
                self.insert_html_element(name, attrs);
            }
            local_name!("optgroup") => {
                if self.open.in_scope(&local_name!("select"), Scope::Default) {
                    self.generate_implied_end_tags(None);
                    if self.open.in_scope(&local_name!("option"), Scope::Default)
                        || self.open.in_scope(&local_name!("optgroup"), Scope::Default)
                    {
                        self.error(ErrorCode::NestedOptgroup);
                    }
                } else if self.open.current_is(&local_name!("option")) {
                    self.pop();
                }
                self.reconstruct_active_formatting_elements();
                self.insert_html_element(name, attrs);
            }
            local_name!("rb") | local_name!("rtc") => {
                if self.open.in_scope(&local_name!("ruby"), Scope::Default) {
                    self.generate_implied_end_tags(None);
                    if !self.open.current_is(&local_name!("ruby")) {
                        self.error(ErrorCode::MisnestedRuby);
                    }
                }
                self.insert_html_element(name, attrs);
            }
            local_name!("rp") | local_name!("rt") => {
                if self.open.in_scope(&local_name!("ruby"), Scope::Default) {
                    self.generate_implied_end_tags(Some(&local_name!("rtc")));
                    if !self.current_is_one_of(&[local_name!("rtc"), local_name!("ruby")]) {
                        self.error(ErrorCode::MisnestedRuby);
                    }
                }
                self.insert_html_element(name, attrs);
            }
            local_name!("math") => {
                self.reconstruct_active_formatting_elements();
                let mut attrs = adjusted_foreign_attributes(Namespace::MathMl, attrs);
                self.insert_element(Namespace::MathMl, name, attrs.distinct());
                if self_closing {
                    self.pop();
                    self.self_closing_unacked = false;
                }
            }
            local_name!("svg") => {
                self.reconstruct_active_formatting_elements();
                let mut attrs = adjusted_foreign_attributes(Namespace::Svg, attrs);
                self.insert_element(Namespace::Svg, name, attrs.distinct());
                if self_closing {
                    self.pop();
                    self.self_closing_unacked = false;
                }
            }
            local_name!("caption")
            | local_name!("col")
            | local_name!("colgroup")
            | local_name!("frame")
            | local_name!("head")
            | local_name!("tbody")
            | local_name!("td")
            | local_name!("tfoot")
            | local_name!("th")
            | local_name!("thead")
            | local_name!("tr") => {
                self.error(ErrorCode::UnexpectedStartTag);
            }
            _ => {
                self.reconstruct_active_formatting_elements();
                self.insert_html_element(name, attrs);
            }
        }
        Flow::Done
    }

    /// The loop of the `li`, `dd` and `dt` start tags: close an open item of the same kind
    /// unless a special element (other than `address`, `div`, `p`) comes first.
    fn close_list_item(&mut self, names: &[LocalName]) {
        for i in (0..self.open.len()).rev() {
            let e = self.open.get(i);
            if e.ns == Namespace::Html && names.contains(&e.name) {
                let name = e.name.clone();
                self.generate_implied_end_tags(Some(&name));
                if !self.open.current_is(&name) {
                    self.error(ErrorCode::UnexpectedListItem);
                }
                self.pop_until_popped(&name);
                return;
            }
            if e.has(SPECIAL)
                && !(e.ns == Namespace::Html
                    && matches!(
                        e.name,
                        local_name!("address") | local_name!("div") | local_name!("p")
                    ))
            {
                return;
            }
        }
    }

    /// "In body", an end tag, when its element is the current node and its rule then only
    /// pops it (the case [`TreeBuilder::in_body_end_tag`] answers first: not a
    /// formatting element's end tag, not one of `closes_more_than_the_current_node`'s names,
    /// which the current node's `END_TAG_DOES_MORE` flag says): pops it and returns true.
    /// Also the adoption agency's usual case ([`TreeBuilder::adoption_agency`]'s shortcut):
    /// the current node has the end tag's name and the last entry of the list of active
    /// formatting elements is its entry, so it is a formatting element (only those have
    /// entries) and the tag's rule runs the adoption agency algorithm, which pops it and
    /// removes the entry ([`TreeBuilder::pop_current_with_its_entry`]). Otherwise returns false and does nothing. Inline, so that the usual
    /// end tag costs no call.
    #[inline(always)]
    pub(crate) fn in_body_end_tag_of_current_node(&mut self, name: &LocalName) -> bool {
        let Some(cur) = self.open.current() else {
            return false;
        };
        if cur.ns != Namespace::Html || cur.name != *name {
            return false;
        }
        if !cur.has(END_TAG_DOES_MORE) {
            self.pop();
            return true;
        }
        self.pop_current_with_its_entry()
    }

    #[inline(never)]
    pub(crate) fn in_body_end_tag<'a>(
        &mut self,
        name: LocalName,
        attrs: DistinctAttrs<'a>,
        self_closing: bool,
    ) -> Flow<'a> {
        // The end tag token, in its parts (see `in_body_start_tag`).
        //
        // The usual end tag closes the current node: `in_body_end_tag_of_current_node` (which
        // the dispatcher also asks inline, before the call). For every end tag rule below
        // except those `closes_more_than_the_current_node` names, that is all the rule then
        // does: the current node is in every kind of scope, "generate implied end tags" (with
        // or without the exception) stops at once because the current node has the tag name,
        // no parse error is reported because the current node has the tag name, and "pop
        // until an element with the tag name has been popped" pops it alone. For a formatting
        // element's end tag it is the adoption agency's usual case.
        if self.in_body_end_tag_of_current_node(&name) {
            return Flow::Done;
        }
        // "An end tag whose tag name is one of: "a", "b", "big", "code", "em", "font", "i",
        // "nobr", "s", "small", "strike", "strong", "tt", "u"": run the adoption agency
        // algorithm.
        if is_formatting(&name) {
            self.adoption_agency(&name);
            return Flow::Done;
        }
        match name {
            local_name!("template") => {
                return self.in_head(Token::Tag(Tag {
                    kind: TagKind::EndTag,
                    name,
                    self_closing,
                    attrs,
                }))
            }
            local_name!("body") | local_name!("html") => {
                if !self.open.in_scope(&local_name!("body"), Scope::Default) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                if self.open.iter().any(may_not_be_open_when_body_ends) {
                    self.error_unclosed(
                        ErrorCode::EndTagWithOpenElements,
                        0,
                        may_not_be_open_when_body_ends,
                    );
                }
                // The `body` element stays on the stack: its end tag is recorded here.
                let body = self.open.get(1).handle.clone();
                self.set_end_tag_span(&body);
                self.mode = InsertionMode::AfterBody;
                if name == local_name!("html") {
                    return Flow::Reprocess(Token::Tag(Tag {
                        kind: TagKind::EndTag,
                        name,
                        self_closing,
                        attrs,
                    }));
                }
            }
            local_name!("address")
            | local_name!("article")
            | local_name!("aside")
            | local_name!("blockquote")
            | local_name!("button")
            | local_name!("center")
            | local_name!("details")
            | local_name!("dialog")
            | local_name!("dir")
            | local_name!("div")
            | local_name!("dl")
            | local_name!("fieldset")
            | local_name!("figcaption")
            | local_name!("figure")
            | local_name!("footer")
            | local_name!("header")
            | local_name!("hgroup")
            | local_name!("listing")
            | local_name!("main")
            | local_name!("menu")
            | local_name!("nav")
            | local_name!("ol")
            | local_name!("pre")
            | local_name!("search")
            | local_name!("section")
            | local_name!("select")
            | local_name!("summary")
            | local_name!("ul") => {
                if !self.open.in_scope(&name, Scope::Default) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.generate_implied_end_tags(None);
                self.close_element_named(&name);
            }
            local_name!("form") => {
                if !self.parsing_template_contents() {
                    let node = self.form.take();
                    let Some(node) = node.filter(|n| self.open.handle_in_scope(n)) else {
                        self.error(ErrorCode::UnexpectedEndTag);
                        return Flow::Done;
                    };
                    self.generate_implied_end_tags(None);
                    if self.open.current().is_none_or(|c| c.handle != node) {
                        self.error(ErrorCode::UnexpectedEndTag);
                    }
                    if let Some(i) = self.open.position(&node) {
                        self.remove_from_stack(i);
                    }
                } else {
                    if !self.open.in_scope(&local_name!("form"), Scope::Default) {
                        self.error(ErrorCode::UnexpectedEndTag);
                        return Flow::Done;
                    }
                    self.generate_implied_end_tags(None);
                    self.close_element_named(&local_name!("form"));
                }
            }
            local_name!("p") => {
                if !self.open.in_scope(&local_name!("p"), Scope::Button) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    self.insert_implied_html_element(local_name!("p"));
                }
                self.close_p_element();
            }
            local_name!("li") => {
                if !self.open.in_scope(&local_name!("li"), Scope::ListItem) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.generate_implied_end_tags(Some(&local_name!("li")));
                self.close_element_named(&local_name!("li"));
            }
            local_name!("dd") | local_name!("dt") => {
                if !self.open.in_scope(&name, Scope::Default) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.generate_implied_end_tags(Some(&name));
                self.close_element_named(&name);
            }
            // HEADINGS, as patterns: a guard here splits the dispatch match and costs 3% of
            // the instructions of a parse.
            local_name!("h1")
            | local_name!("h2")
            | local_name!("h3")
            | local_name!("h4")
            | local_name!("h5")
            | local_name!("h6") => {
                if !self.open.any_in_scope(Scope::Default, &HEADINGS) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.generate_implied_end_tags(None);
                if !self.open.current_is(&name) {
                    self.error(ErrorCode::UnexpectedEndTag);
                }
                self.pop_until_popped_any(is_heading);
            }
            // The formatting elements' end tags (the adoption agency) are handled above.
            local_name!("applet") | local_name!("marquee") | local_name!("object") => {
                if !self.open.in_scope(&name, Scope::Default) {
                    self.error(ErrorCode::UnexpectedEndTag);
                    return Flow::Done;
                }
                self.generate_implied_end_tags(None);
                self.close_element_named(&name);
                self.active.clear_to_last_marker();
            }
            local_name!("br") => {
                self.error(ErrorCode::EndTagBr);
                self.reconstruct_active_formatting_elements();
                self.insert_void_element(local_name!("br"), DistinctAttrs::EMPTY);
                self.frameset_ok = false;
            }
            _ => self.any_other_end_tag(&name),
        }
        Flow::Done
    }

    /// Parse error if the current node is not `name`; then pop until `name` has been popped.
    fn close_element_named(&mut self, name: &LocalName) {
        if !self.open.current_is(name) {
            // The elements above the last `name` are closed without their end tags.
            let from = self
                .open
                .position_html(name)
                .map_or(self.open.len(), |i| i + 1);
            self.error_unclosed(ErrorCode::UnexpectedEndTag, from, |_| true);
        }
        self.pop_until_popped(name);
    }

    /// "In body", "any other end tag".
    pub(crate) fn any_other_end_tag(&mut self, name: &LocalName) {
        if !self.open.contains_html(name) {
            // No such element is open: the loop below would stop at a special element (the
            // `html` root at the latest) and ignore the token.
            self.error(ErrorCode::UnexpectedEndTag);
            return;
        }
        for i in (0..self.open.len()).rev() {
            let e = self.open.get(i);
            if e.is_html(name) {
                self.generate_implied_end_tags(Some(name));
                if self.open.len() - 1 != i {
                    self.error_unclosed(ErrorCode::UnexpectedEndTag, i + 1, |_| true);
                }
                self.pop_to_len(i);
                return;
            }
            if e.has(SPECIAL) {
                self.error(ErrorCode::UnexpectedEndTag);
                return;
            }
        }
    }
}

/// An open element that makes the end of the body a parse error: one not in the list of
/// [`may_be_open_when_body_ends`] (§ parsing-main-inbody, the end-of-file token and the `body`
/// and `html` end tags).
fn may_not_be_open_when_body_ends<H>(e: &crate::stack::OpenElement<H>) -> bool {
    !(e.ns == Namespace::Html && may_be_open_when_body_ends(&e.name))
}
