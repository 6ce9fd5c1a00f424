//! § bogus-comment-state to § comment-end-bang-state: the bogus comment state, the markup
//! declaration open state and the comment states.

use super::Input::{Char, Eof};
use super::{State, Tokenizer};
use crate::error::ErrorCode;
use crate::sink::TokenSink;
use memchr::memchr3;

impl<S: TokenSink> Tokenizer<S> {
    /// Bogus comment state (§ bogus-comment-state).
    pub(super) fn bogus_comment_state(&mut self) -> bool {
        loop {
            let rest = self.rest();
            let n = memchr3(b'>', 0, b'\r', rest).unwrap_or(rest.len());
            if n > 0 {
                self.strings
                    .comment
                    .push_str(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('>') => {
                    self.state = State::Data;
                    self.emit_comment();
                    return true;
                }
                Eof => {
                    self.emit_comment();
                    return self.emit_eof();
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.strings.comment.push('\u{FFFD}');
                }
                Char(c) => self.strings.comment.push(c),
            }
        }
    }

    /// Markup declaration open state (§ markup-declaration-open-state). Waits until the next
    /// characters decide between `--`, `DOCTYPE` (any case), `[CDATA[` and anything else.
    pub(super) fn markup_declaration_open_state(&mut self) -> bool {
        let dashes = self.lookahead(b"--", false);
        let doctype = self.lookahead(b"DOCTYPE", true);
        let cdata = self.lookahead(b"[CDATA[", false);
        if dashes.is_none() || doctype.is_none() || cdata.is_none() {
            return false;
        }
        if dashes == Some(true) {
            self.pos += 2;
            self.strings.comment.clear();
            self.state = State::CommentStart;
        } else if doctype == Some(true) {
            self.pos += 7;
            self.state = State::Doctype;
        } else if cdata == Some(true) {
            self.pos += 7;
            // The tree builder must have seen the text before the `<` (it can change the
            // adjusted current node, e.g. by reconstructing formatting elements).
            self.flush_text();
            if self.sink.adjusted_current_node_is_foreign() {
                self.state = State::CdataSection;
            } else {
                self.cur = self.pos - 1;
                self.error(ErrorCode::CdataInHtmlContent);
                self.strings.comment.clear();
                self.strings.comment.push_str("[CDATA[");
                self.state = State::BogusComment;
            }
        } else {
            let at = self.abs(self.pos);
            self.error_at(ErrorCode::IncorrectlyOpenedComment, at);
            self.strings.comment.clear();
            self.state = State::BogusComment;
        }
        true
    }

    /// Comment start state (§ comment-start-state).
    pub(super) fn comment_start_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => self.state = State::CommentStartDash,
            Char('>') => {
                self.error(ErrorCode::AbruptClosingOfEmptyComment);
                self.state = State::Data;
                self.emit_comment();
            }
            _ => self.reconsume(State::Comment),
        }
        true
    }

    /// Comment start dash state (§ comment-start-dash-state).
    pub(super) fn comment_start_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => self.state = State::CommentEnd,
            Char('>') => {
                self.error(ErrorCode::AbruptClosingOfEmptyComment);
                self.state = State::Data;
                self.emit_comment();
            }
            Eof => return self.eof_in_comment(),
            Char(_) => {
                self.strings.comment.push('-');
                self.reconsume(State::Comment);
            }
        }
        true
    }

    /// The EOF case shared by the comment states: `eof-in-comment`, emit the comment, emit EOF.
    fn eof_in_comment(&mut self) -> bool {
        self.error(ErrorCode::EofInComment);
        self.emit_comment();
        self.emit_eof()
    }

    /// Comment state (§ comment-state).
    pub(super) fn comment_state(&mut self) -> bool {
        loop {
            let n = self.run_length(b'<', b'-');
            if n > 0 {
                self.strings
                    .comment
                    .push_str(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('<') => {
                    self.strings.comment.push('<');
                    self.state = State::CommentLessThanSign;
                    return true;
                }
                Char('-') => {
                    self.state = State::CommentEndDash;
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.strings.comment.push('\u{FFFD}');
                }
                Eof => return self.eof_in_comment(),
                Char(c) => self.strings.comment.push(c),
            }
        }
    }

    /// Comment less-than sign state (§ comment-less-than-sign-state).
    pub(super) fn comment_less_than_sign_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('!') => {
                self.strings.comment.push('!');
                self.state = State::CommentLessThanSignBang;
            }
            Char('<') => self.strings.comment.push('<'),
            _ => self.reconsume(State::Comment),
        }
        true
    }

    /// Comment less-than sign bang state (§ comment-less-than-sign-bang-state).
    pub(super) fn comment_less_than_sign_bang_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => self.state = State::CommentLessThanSignBangDash,
            _ => self.reconsume(State::Comment),
        }
        true
    }

    /// Comment less-than sign bang dash state (§ comment-less-than-sign-bang-dash-state).
    pub(super) fn comment_less_than_sign_bang_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => self.state = State::CommentLessThanSignBangDashDash,
            _ => self.reconsume(State::CommentEndDash),
        }
        true
    }

    /// Comment less-than sign bang dash dash state (§ comment-less-than-sign-bang-dash-dash-state).
    pub(super) fn comment_less_than_sign_bang_dash_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('>') | Eof => self.reconsume(State::CommentEnd),
            Char(_) => {
                self.error(ErrorCode::NestedComment);
                self.reconsume(State::CommentEnd);
            }
        }
        true
    }

    /// Comment end dash state (§ comment-end-dash-state).
    pub(super) fn comment_end_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => self.state = State::CommentEnd,
            Eof => return self.eof_in_comment(),
            Char(_) => {
                self.strings.comment.push('-');
                self.reconsume(State::Comment);
            }
        }
        true
    }

    /// Comment end state (§ comment-end-state).
    pub(super) fn comment_end_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('>') => {
                self.state = State::Data;
                self.emit_comment();
            }
            Char('!') => self.state = State::CommentEndBang,
            Char('-') => self.strings.comment.push('-'),
            Eof => return self.eof_in_comment(),
            Char(_) => {
                self.strings.comment.push_str("--");
                self.reconsume(State::Comment);
            }
        }
        true
    }

    /// Comment end bang state (§ comment-end-bang-state).
    pub(super) fn comment_end_bang_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => {
                self.strings.comment.push_str("--!");
                self.state = State::CommentEndDash;
            }
            Char('>') => {
                self.error(ErrorCode::IncorrectlyClosedComment);
                self.state = State::Data;
                self.emit_comment();
            }
            Eof => return self.eof_in_comment(),
            Char(_) => {
                self.strings.comment.push_str("--!");
                self.reconsume(State::Comment);
            }
        }
        true
    }
}
