//! Token emission (§ tokenization: "emit the current ... token"): parse errors, character
//! tokens (kept as slices of the input while they can be), tags, comments, DOCTYPEs and
//! processing instructions, each passed to the sink in input order.

use super::{PendingText, Tokenizer};
use crate::error::{ErrorCode, ParseError};
use crate::names::{DistinctAttrs, LocalName};
use crate::sink::{TokenSink, TokenSinkResult};
use crate::token::{Doctype, Span, Tag, TagKind, Token};

impl<S: TokenSink> Tokenizer<S> {
    // ----- Errors -----

    /// Reports a parse error at the current input character (or at the end of the input).
    #[inline]
    pub(super) fn error(&mut self, code: ErrorCode) {
        if self.errors_on {
            let at = self.abs(self.cur);
            self.error_at(code, at);
        }
    }

    /// Reports a parse error at an absolute offset.
    pub(super) fn error_at(&mut self, code: ErrorCode, offset: usize) {
        if !self.errors_on {
            return;
        }
        // Keep errors and tokens in input order for the sink: the text before the error goes
        // first.
        self.flush_text();
        self.input
            .scan(&self.buf, self.base, offset + 1, &mut self.sink);
        let (line, col) = self.input.position(&self.buf, self.base, offset);
        self.sink.parse_error(ParseError {
            code,
            line,
            col,
            offset,
        });
    }

    // ----- Character tokens -----

    /// Queues input bytes `start..end` (buffer indices) as character tokens, unchanged.
    #[inline(always)]
    pub(super) fn push_text_range(&mut self, start: usize, end: usize) {
        if start >= end {
            return;
        }
        self.push_nonempty_text_range(start, end);
    }

    /// [`Tokenizer::push_text_range`] for a range known not to be empty (`start < end`).
    #[inline(always)]
    pub(super) fn push_nonempty_text_range(&mut self, start: usize, end: usize) {
        debug_assert!(start < end);
        if let PendingText::None = self.text {
            // The common case: the run starts a new character token, kept as a slice.
            // (Its span is made from `text_slice` when it is passed on or copied.)
            self.text = PendingText::Slice;
            self.text_slice = (start, end);
        } else {
            self.extend_text_range(start, end);
        }
    }

    /// [`Tokenizer::push_text_range`] when character tokens are already pending.
    #[inline(never)]
    pub(super) fn extend_text_range(&mut self, start: usize, end: usize) {
        match self.text {
            PendingText::Slice if self.text_slice.1 == start => {
                self.text_slice.1 = end;
                return;
            }
            PendingText::None | PendingText::Slice => {
                self.own_pending_text();
                self.strings.text_owned.push_str(&self.buf[start..end]);
            }
            PendingText::Owned => self.strings.text_owned.push_str(&self.buf[start..end]),
        }
        self.text_span.end = self.base + end;
    }

    /// Queues `s` as character tokens, standing for the input `start..end` (absolute).
    pub(super) fn push_text_str(&mut self, s: &str, start: usize, end: usize) {
        if s.is_empty() {
            return;
        }
        if let PendingText::None = self.text {
            self.text_span = Span::new(start, end);
        }
        self.own_pending_text();
        self.strings.text_owned.push_str(s);
        self.text_span.end = end.max(self.text_span.end);
    }

    /// Makes the pending characters [`PendingText::Owned`] (a copy of a pending slice; nothing
    /// when none are pending), so more can be appended.
    pub(super) fn own_pending_text(&mut self) {
        match self.text {
            PendingText::None => self.strings.text_owned.clear(),
            PendingText::Slice => {
                let text = Self::pending_slice(&self.buf, self.text_slice);
                self.strings.text_owned.clear();
                self.strings.text_owned.push_str(text);
                self.text_span = self.slice_span();
            }
            PendingText::Owned => return,
        }
        self.text = PendingText::Owned;
    }

    /// Emits the current input character as a character token (an LF from a CR is not in the
    /// input as such, so it is copied).
    #[inline]
    pub(super) fn emit_current_char(&mut self, c: char) {
        if c == '\n' && self.buf.as_bytes()[self.cur] == b'\r' {
            let (start, end) = (self.abs(self.cur), self.abs(self.pos));
            self.push_text_str("\n", start, end);
        } else {
            self.push_text_range(self.cur, self.pos);
        }
    }

    /// Emits a character the input does not hold as such (U+FFFD for NULL, `]` of `]]`).
    pub(super) fn emit_char(&mut self, c: char) {
        let mut utf8 = [0; 4];
        let (start, end) = (self.abs(self.cur), self.abs(self.pos));
        self.push_text_str(c.encode_utf8(&mut utf8), start, end);
    }

    /// Passes queued character tokens to the sink. (Inline: before a tag there is often no
    /// text, and then the call is not made.)
    #[inline(always)]
    pub(super) fn flush_text(&mut self) {
        if !matches!(self.text, PendingText::None) {
            self.flush_pending_text();
        }
    }

    /// The pending [`PendingText::Slice`] text: `buf[start..end]` for `(start, end)` =
    /// `text_slice`. An associated function, so that the sink or `strings.text_owned` can be
    /// borrowed mutably beside the result. A checked slice: an unchecked one saved about 14
    /// instructions per text run, but its bounds rest on `token_start` being a `<` of the
    /// buffer, which a tokenizer started in a tag state (`TokenizerOptions::initial_state`,
    /// public) breaks: its `<` text then starts at 0 of an empty or non-ASCII buffer.
    #[inline(always)]
    fn pending_slice(buf: &str, text_slice: (usize, usize)) -> &str {
        let (start, end) = text_slice;
        &buf[start..end]
    }

    /// The span of the pending [`PendingText::Slice`] text (`text_span` stands for
    /// [`PendingText::Owned`] text only).
    #[inline(always)]
    pub(super) fn slice_span(&self) -> Span {
        let (start, end) = self.text_slice;
        Span::new(self.base + start, self.base + end)
    }

    /// [`Tokenizer::flush_text`] when character tokens are pending.
    #[inline(never)]
    fn flush_pending_text(&mut self) {
        let result = match self.text {
            PendingText::None => return,
            PendingText::Slice => {
                let span = self.slice_span();
                let text = Self::pending_slice(&self.buf, self.text_slice);
                self.sink.process_token(Token::Characters(text), span)
            }
            PendingText::Owned => self
                .sink
                .process_token(Token::Characters(&self.strings.text_owned), self.text_span),
        };
        self.text = PendingText::None;
        self.sink_result(result);
    }

    /// Emits a U+0000 NULL character token (data and CDATA section states).
    pub(super) fn emit_null(&mut self) {
        self.flush_text();
        let span = Span::new(self.abs(self.cur), self.abs(self.pos));
        let result = self.sink.process_token(Token::NullCharacter, span);
        self.sink_result(result);
    }

    /// Applies what the sink returned. (Inline: nearly always `Continue`, which is tested
    /// for alone, with the rest out of line.)
    #[inline(always)]
    pub(super) fn sink_result(&mut self, result: TokenSinkResult) {
        if result != TokenSinkResult::Continue {
            self.apply_sink_result(result);
        }
    }

    /// [`Tokenizer::sink_result`] for an answer other than `Continue`.
    #[cold]
    #[inline(never)]
    fn apply_sink_result(&mut self, result: TokenSinkResult) {
        match result {
            TokenSinkResult::Continue => {}
            TokenSinkResult::SwitchTo(state) => self.state = state.into(),
            TokenSinkResult::Pause => self.paused = true,
        }
    }

    /// The span of the token being finished: from its `<` to the end of the current character.
    pub(super) fn token_span(&self) -> Span {
        Span::new(self.token_start, self.abs(self.pos))
    }

    /// Marks the end of the input: "emit an end-of-file token" (done by [`Tokenizer::end`]).
    pub(super) fn emit_eof(&mut self) -> bool {
        self.done = true;
        false
    }

    // ----- Tags -----

    /// "Create a new start/end tag token".
    pub(super) fn new_tag(&mut self, kind: TagKind) {
        self.tag_kind = kind;
        self.strings.tag_name.clear();
        self.self_closing = false;
        self.attr.new_tag();
    }

    /// "Emit the current tag token".
    pub(super) fn emit_tag(&mut self) {
        self.finish_attribute();
        self.resolve_pending_attribute();
        let name = self.atoms.get(&self.strings.tag_name);
        if self.tag_kind == TagKind::EndTag {
            if !self.attr.list.is_empty() {
                self.error(ErrorCode::EndTagWithAttributes);
            }
            if self.self_closing {
                self.error(ErrorCode::EndTagWithTrailingSolidus);
            }
        } else {
            self.last_start_tag = name.clone();
        }
        self.emit_tag_token(self.tag_kind, name, self.self_closing);
    }

    /// Passes a finished tag token, with the attributes in `self.attr.list`, to the sink (after
    /// the pending text); the attributes are lent for the call and recycled after it.
    #[inline(always)]
    pub(super) fn emit_tag_token(&mut self, kind: TagKind, name: LocalName, self_closing: bool) {
        self.flush_text();
        let span = self.token_span();
        let tag = Tag {
            kind,
            name,
            self_closing,
            attrs: DistinctAttrs::from_tokenizer(self.attr.list.as_slice()),
        };
        let result = self.sink.process_token(Token::Tag(tag), span);
        self.attr.list.clear();
        self.sink_result(result);
    }

    /// "An appropriate end tag token": its name is that of the last start tag emitted.
    pub(super) fn is_appropriate_end_tag(&self) -> bool {
        // (The empty name: no start tag yet.)
        !self.last_start_tag.is_empty() && *self.last_start_tag == *self.strings.tag_name
    }

    // ----- Comments, DOCTYPEs, PIs -----

    /// "Emit the current comment token".
    pub(super) fn emit_comment(&mut self) {
        self.flush_text();
        let span = self.token_span();
        let result = self
            .sink
            .process_token(Token::Comment(&self.strings.comment), span);
        self.sink_result(result);
    }

    /// "Emit the current DOCTYPE token".
    pub(super) fn emit_doctype(&mut self) {
        self.flush_text();
        let span = self.token_span();
        let result = self.sink.process_token(Token::Doctype(&self.doctype), span);
        self.doctype = Doctype::default();
        self.sink_result(result);
    }

    /// "Emit the current processing instruction token" (target in the temporary buffer).
    pub(super) fn emit_processing_instruction(&mut self) {
        self.flush_text();
        let span = self.token_span();
        let result = self.sink.process_token(
            Token::ProcessingInstruction {
                target: &self.strings.temp,
                data: &self.pi_data,
            },
            span,
        );
        self.sink_result(result);
    }
}

#[cfg(test)]
mod tests {
    use crate::sink::{TextState, TokenSink, TokenSinkResult};
    use crate::token::{Span, Token};
    use crate::{Tokenizer, TokenizerOptions};

    /// Records each character token with its span, and switches to RAWTEXT after `<style>`.
    #[derive(Default)]
    struct Texts(Vec<(String, Span)>);

    impl TokenSink for Texts {
        fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult {
            match token {
                Token::Characters(s) => self.0.push((s.to_owned(), span)),
                Token::Tag(tag) if &*tag.name == "style" => {
                    return TokenSinkResult::SwitchTo(TextState::Rawtext)
                }
                _ => {}
            }
            TokenSinkResult::Continue
        }
    }

    const INPUT: &str = "é<b>ü€x</b>日本&amp;😀\r\nz<é <style>a</sty>ü</style>q</ &c\u{10FFFF}</";

    fn tokens(chunks: &[&str], owned: bool) -> Vec<(String, Span)> {
        let mut tokenizer = Tokenizer::new(Texts::default(), TokenizerOptions::default());
        for chunk in chunks {
            if owned {
                tokenizer.feed_string((*chunk).to_owned()).unwrap();
            } else {
                tokenizer.feed(chunk).unwrap();
            }
        }
        tokenizer.end().unwrap();
        tokenizer.into_sink().0
    }

    /// Text runs passed on as slices of the buffer (`pending_slice`), from every kind of
    /// start and end (`<`, `&`, CR, a non-ASCII character, a `<` or `</` given back as
    /// text, the end of a chunk), whole or split at every char boundary.
    #[test]
    fn text_slices_are_the_input_for_any_chunking() {
        let whole = tokens(&[INPUT], false);
        let text: Vec<&str> = whole.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(
            text,
            [
                "é",
                "ü€x",
                "日本&😀\nz",
                "<é ",
                "a</sty>ü",
                "q</ &c\u{10FFFF}</"
            ]
        );
        assert_eq!(whole[0].1, Span::new(0, 2));
        assert_eq!(tokens(&[INPUT], true), whole);
        for (at, _) in INPUT.char_indices().skip(1) {
            let chunks = [&INPUT[..at], &INPUT[at..]];
            assert_eq!(tokens(&chunks, false), whole, "split at {at}");
            assert_eq!(tokens(&chunks, true), whole, "split at {at}");
        }
    }
}
