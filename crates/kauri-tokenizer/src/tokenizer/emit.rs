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
        if let PendingText::None = self.text {
            // The common case: the run starts a new character token, kept as a slice.
            self.text = PendingText::Slice;
            self.text_slice = (start, end);
            self.text_span = Span::new(self.base + start, self.base + end);
        } else {
            self.extend_text_range(start, end);
        }
    }

    /// [`Tokenizer::push_text_range`] when character tokens are already pending.
    #[inline(never)]
    pub(super) fn extend_text_range(&mut self, start: usize, end: usize) {
        match self.text {
            PendingText::Slice if self.text_slice.1 == start => self.text_slice.1 = end,
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
                let (start, end) = self.text_slice;
                self.strings.text_owned.clear();
                self.strings.text_owned.push_str(&self.buf[start..end]);
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

    /// [`Tokenizer::flush_text`] when character tokens are pending.
    #[inline(never)]
    fn flush_pending_text(&mut self) {
        let span = self.text_span;
        let result = match self.text {
            PendingText::None => return,
            PendingText::Slice => {
                let (start, end) = self.text_slice;
                self.sink
                    .process_token(Token::Characters(&self.buf[start..end]), span)
            }
            PendingText::Owned => self
                .sink
                .process_token(Token::Characters(&self.strings.text_owned), span),
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

    /// Applies what the sink returned.
    #[inline]
    pub(super) fn sink_result(&mut self, result: TokenSinkResult) {
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
