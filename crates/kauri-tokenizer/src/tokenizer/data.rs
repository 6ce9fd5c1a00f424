//! § data-state to § tag-name-state: the data, RCDATA, RAWTEXT, script data and PLAINTEXT states,
//! and the tag open, end tag open and tag name states.

use super::Input::{Char, Eof};
use super::{State, Tokenizer};
use crate::char_ref::{semicolon_terminated_match, NamedMatch};
use crate::error::ErrorCode;
use crate::sink::TokenSink;
use crate::token::TagKind;
use memchr::memchr2;

/// ASCII whitespace as the tokenizer means it: tab, LF, FF, space (CR is gone by then).
#[inline]
pub(super) fn is_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | ' ')
}

impl<S: TokenSink> Tokenizer<S> {
    /// Queues the run of input bytes up to the next `a`, `b`, CR or NULL as character tokens.
    #[inline]
    pub(super) fn take_text_run(&mut self, a: u8, b: u8) {
        let n = self.run_length(a, b);
        if n > 0 {
            let start = self.pos;
            self.push_nonempty_text_range(start, start + n);
            self.pos += n;
        }
    }

    /// Data state (§ data-state).
    pub(super) fn data_state(&mut self) -> bool {
        loop {
            self.take_text_run(b'<', b'&');
            // The run ends at `<`, `&`, CR, NULL or the end of the buffered input; a `<` (the
            // usual case) is consumed here at once, the rest by `consume`.
            let c = if self.buf.as_bytes().get(self.pos) == Some(&b'<') {
                self.cur = self.pos;
                self.pos += 1;
                Char('<')
            } else {
                let Some(c) = self.consume() else {
                    return false;
                };
                c
            };
            match c {
                Char('&') => {
                    // The common `&name;` reference at once; what the character reference
                    // states would do for it (no error, the expansion as character tokens).
                    if let Some(NamedMatch::Found { len, value }) =
                        semicolon_terminated_match(self.rest())
                    {
                        let start = self.abs(self.cur);
                        self.pos += len;
                        self.cur = self.pos - 1;
                        let end = self.abs(self.pos);
                        self.push_text_str(value, start, end);
                        continue;
                    }
                    self.begin_character_reference(State::Data);
                    return true;
                }
                Char('<') => {
                    self.token_start = self.abs(self.cur);
                    if self.ordinary_tag() {
                        if self.state != State::Data || self.paused {
                            return true;
                        }
                        continue;
                    }
                    self.state = State::TagOpen;
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.emit_null();
                }
                Eof => return self.emit_eof(),
                Char(c) => self.emit_current_char(c),
            }
        }
    }

    /// RCDATA state (§ rcdata-state).
    pub(super) fn rcdata_state(&mut self) -> bool {
        loop {
            self.take_text_run(b'<', b'&');
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('&') => {
                    self.begin_character_reference(State::Rcdata);
                    return true;
                }
                Char('<') => {
                    self.token_start = self.abs(self.cur);
                    self.state = State::RcdataLessThanSign;
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.emit_char('\u{FFFD}');
                }
                Eof => return self.emit_eof(),
                Char(c) => self.emit_current_char(c),
            }
        }
    }

    /// RAWTEXT state (§ rawtext-state) and script data state (§ script-data-state) (the same but
    /// for the state the `<` leads to).
    fn raw_text_like_state(&mut self, less_than_sign: State) -> bool {
        loop {
            self.take_text_run(b'<', b'<');
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('<') => {
                    self.token_start = self.abs(self.cur);
                    self.state = less_than_sign;
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.emit_char('\u{FFFD}');
                }
                Eof => return self.emit_eof(),
                Char(c) => self.emit_current_char(c),
            }
        }
    }

    /// RAWTEXT state (§ rawtext-state).
    pub(super) fn rawtext_state(&mut self) -> bool {
        self.raw_text_like_state(State::RawtextLessThanSign)
    }

    /// Script data state (§ script-data-state).
    pub(super) fn script_data_state(&mut self) -> bool {
        self.raw_text_like_state(State::ScriptDataLessThanSign)
    }

    /// PLAINTEXT state (§ plaintext-state).
    pub(super) fn plaintext_state(&mut self) -> bool {
        loop {
            let rest = self.rest();
            let n = memchr2(b'\r', 0, rest).unwrap_or(rest.len());
            if n > 0 {
                let start = self.pos;
                self.push_text_range(start, start + n);
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.emit_char('\u{FFFD}');
                }
                Eof => return self.emit_eof(),
                Char(c) => self.emit_current_char(c),
            }
        }
    }

    /// Emits the `<` at `token_start` as a character token.
    pub(super) fn emit_less_than_sign(&mut self) {
        let start = self.token_start - self.base;
        self.push_text_range(start, start + 1);
    }

    /// Tag open state (§ tag-open-state).
    pub(super) fn tag_open_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('!') => self.state = State::MarkupDeclarationOpen,
            Char('/') => self.state = State::EndTagOpen,
            Char(c) if c.is_ascii_alphabetic() => {
                self.new_tag(TagKind::StartTag);
                self.reconsume(State::TagName);
            }
            Char('?') => {
                self.strings.temp.clear();
                self.state = State::ProcessingInstructionOpen;
            }
            Eof => {
                self.error(ErrorCode::EofBeforeTagName);
                self.emit_less_than_sign();
                return self.emit_eof();
            }
            Char(_) => {
                self.error(ErrorCode::InvalidFirstCharacterOfTagName);
                self.emit_less_than_sign();
                self.reconsume(State::Data);
            }
        }
        true
    }

    /// End tag open state (§ end-tag-open-state).
    pub(super) fn end_tag_open_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if c.is_ascii_alphabetic() => {
                self.new_tag(TagKind::EndTag);
                self.reconsume(State::TagName);
            }
            Char('>') => {
                self.error(ErrorCode::MissingEndTagName);
                self.state = State::Data;
            }
            Eof => {
                self.error(ErrorCode::EofBeforeTagName);
                let start = self.token_start - self.base;
                self.push_text_range(start, start + 2);
                return self.emit_eof();
            }
            Char(_) => {
                self.error(ErrorCode::InvalidFirstCharacterOfTagName);
                self.strings.comment.clear();
                self.reconsume(State::BogusComment);
            }
        }
        true
    }

    /// Tag name state (§ tag-name-state).
    pub(super) fn tag_name_state(&mut self) -> bool {
        loop {
            let rest = self.rest();
            let n = rest
                .iter()
                .position(|&b| {
                    matches!(b, b'\t' | b'\n' | b'\x0C' | b' ' | b'/' | b'>' | 0 | b'\r')
                })
                .unwrap_or(rest.len());
            if n > 0 {
                let from = self.strings.tag_name.len();
                self.strings
                    .tag_name
                    .push_str(&self.buf[self.pos..self.pos + n]);
                self.strings.tag_name[from..].make_ascii_lowercase();
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => {
                    self.state = State::BeforeAttributeName;
                    return true;
                }
                Char('/') => {
                    self.state = State::SelfClosingStartTag;
                    return true;
                }
                Char('>') => {
                    self.state = State::Data;
                    self.emit_tag();
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.strings.tag_name.push('\u{FFFD}');
                }
                Eof => {
                    self.error(ErrorCode::EofInTag);
                    return self.emit_eof();
                }
                Char(c) => self.strings.tag_name.push(c.to_ascii_lowercase()),
            }
        }
    }
}
