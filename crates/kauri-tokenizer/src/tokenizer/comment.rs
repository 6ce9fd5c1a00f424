//! 13.2.5.41 to 13.2.5.52: the bogus comment state, the markup declaration open state and the
//! comment states.

use super::{State, Tokenizer};
use crate::error::ErrorCode;
use crate::sink::TokenSink;
use memchr::memchr3;

impl<S: TokenSink> Tokenizer<S> {
    /// 13.2.5.41 Bogus comment state.
    pub(super) fn bogus_comment_state(&mut self) -> bool {
        loop {
            let rest = self.rest();
            let n = memchr3(b'>', 0, b'\r', rest).unwrap_or(rest.len());
            if n > 0 {
                self.comment.push_str(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some('>') => {
                    self.state = State::Data;
                    self.emit_comment();
                    return true;
                }
                None => {
                    self.emit_comment();
                    return self.emit_eof();
                }
                Some('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.comment.push('\u{FFFD}');
                }
                Some(c) => self.comment.push(c),
            }
        }
    }

    /// 13.2.5.42 Markup declaration open state. Waits until the next characters decide
    /// between `--`, `DOCTYPE` (any case), `[CDATA[` and anything else.
    pub(super) fn markup_declaration_open_state(&mut self) -> bool {
        let dashes = self.lookahead(b"--", false);
        let doctype = self.lookahead(b"DOCTYPE", true);
        let cdata = self.lookahead(b"[CDATA[", false);
        if dashes.is_none() || doctype.is_none() || cdata.is_none() {
            return false;
        }
        if dashes == Some(true) {
            self.pos += 2;
            self.comment.clear();
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
                self.comment.clear();
                self.comment.push_str("[CDATA[");
                self.state = State::BogusComment;
            }
        } else {
            let at = self.abs(self.pos);
            self.error_at(ErrorCode::IncorrectlyOpenedComment, at);
            self.comment.clear();
            self.state = State::BogusComment;
        }
        true
    }

    /// 13.2.5.43 Comment start state.
    pub(super) fn comment_start_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('-') => self.state = State::CommentStartDash,
            Some('>') => {
                self.error(ErrorCode::AbruptClosingOfEmptyComment);
                self.state = State::Data;
                self.emit_comment();
            }
            _ => self.reconsume(State::Comment),
        }
        true
    }

    /// 13.2.5.44 Comment start dash state.
    pub(super) fn comment_start_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('-') => self.state = State::CommentEnd,
            Some('>') => {
                self.error(ErrorCode::AbruptClosingOfEmptyComment);
                self.state = State::Data;
                self.emit_comment();
            }
            None => return self.eof_in_comment(),
            Some(_) => {
                self.comment.push('-');
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

    /// 13.2.5.45 Comment state.
    pub(super) fn comment_state(&mut self) -> bool {
        loop {
            let n = self.run_length(b'<', b'-');
            if n > 0 {
                self.comment.push_str(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some('<') => {
                    self.comment.push('<');
                    self.state = State::CommentLessThanSign;
                    return true;
                }
                Some('-') => {
                    self.state = State::CommentEndDash;
                    return true;
                }
                Some('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.comment.push('\u{FFFD}');
                }
                None => return self.eof_in_comment(),
                Some(c) => self.comment.push(c),
            }
        }
    }

    /// 13.2.5.46 Comment less-than sign state.
    pub(super) fn comment_less_than_sign_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('!') => {
                self.comment.push('!');
                self.state = State::CommentLessThanSignBang;
            }
            Some('<') => self.comment.push('<'),
            _ => self.reconsume(State::Comment),
        }
        true
    }

    /// 13.2.5.47 Comment less-than sign bang state.
    pub(super) fn comment_less_than_sign_bang_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('-') => self.state = State::CommentLessThanSignBangDash,
            _ => self.reconsume(State::Comment),
        }
        true
    }

    /// 13.2.5.48 Comment less-than sign bang dash state.
    pub(super) fn comment_less_than_sign_bang_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('-') => self.state = State::CommentLessThanSignBangDashDash,
            _ => self.reconsume(State::CommentEndDash),
        }
        true
    }

    /// 13.2.5.49 Comment less-than sign bang dash dash state.
    pub(super) fn comment_less_than_sign_bang_dash_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('>') | None => self.reconsume(State::CommentEnd),
            Some(_) => {
                self.error(ErrorCode::NestedComment);
                self.reconsume(State::CommentEnd);
            }
        }
        true
    }

    /// 13.2.5.50 Comment end dash state.
    pub(super) fn comment_end_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('-') => self.state = State::CommentEnd,
            None => return self.eof_in_comment(),
            Some(_) => {
                self.comment.push('-');
                self.reconsume(State::Comment);
            }
        }
        true
    }

    /// 13.2.5.51 Comment end state.
    pub(super) fn comment_end_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('>') => {
                self.state = State::Data;
                self.emit_comment();
            }
            Some('!') => self.state = State::CommentEndBang,
            Some('-') => self.comment.push('-'),
            None => return self.eof_in_comment(),
            Some(_) => {
                self.comment.push_str("--");
                self.reconsume(State::Comment);
            }
        }
        true
    }

    /// 13.2.5.52 Comment end bang state.
    pub(super) fn comment_end_bang_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('-') => {
                self.comment.push_str("--!");
                self.state = State::CommentEndDash;
            }
            Some('>') => {
                self.error(ErrorCode::IncorrectlyClosedComment);
                self.state = State::Data;
                self.emit_comment();
            }
            None => return self.eof_in_comment(),
            Some(_) => {
                self.comment.push_str("--!");
                self.reconsume(State::Comment);
            }
        }
        true
    }
}
