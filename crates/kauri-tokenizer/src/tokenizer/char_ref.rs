//! § character-reference-state to § numeric-character-reference-end-state: the character reference
//! states. The named table and its lookup are in `crate::char_ref`.

use super::Input::Char;
use super::{State, Tokenizer};
use crate::char_ref::{c1_replacement, longest_named_match, NamedMatch};
use crate::error::ErrorCode;
use crate::input::{is_noncharacter, is_reported_control};
use crate::sink::TokenSink;

/// Character reference codes above this are all treated alike (outside Unicode).
const CODE_LIMIT: u32 = 0x11_0000;

impl<S: TokenSink> Tokenizer<S> {
    /// Sets the return state and switches to the character reference state; the current input
    /// character is the `&`.
    pub(super) fn begin_character_reference(&mut self, return_state: State) {
        self.return_state = return_state;
        self.char_ref_start = self.abs(self.cur);
        self.state = State::CharacterReference;
    }

    /// "Flush code points consumed as a character reference" when they are the input itself
    /// (from the `&` to buffer index `end`): appended to the attribute value or emitted.
    fn flush_consumed_literally(&mut self, end: usize) {
        let start = self.char_ref_start - self.base;
        if self.return_state.is_attribute_value() {
            self.attr.value.push_str(&self.buf[start..end]);
        } else {
            self.push_text_range(start, end);
        }
    }

    /// "Flush code points consumed as a character reference" when they are the expansion.
    fn flush_expansion(&mut self, value: &str) {
        if self.return_state.is_attribute_value() {
            self.attr.value.push_str(value);
        } else {
            let (start, end) = (self.char_ref_start, self.abs(self.pos));
            self.push_text_str(value, start, end);
        }
    }

    /// Character reference state (§ character-reference-state).
    pub(super) fn character_reference_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if c.is_ascii_alphanumeric() => self.reconsume(State::NamedCharacterReference),
            Char('#') => self.state = State::NumericCharacterReference,
            _ => {
                self.flush_consumed_literally(self.cur);
                let state = self.return_state;
                self.reconsume(state);
            }
        }
        true
    }

    /// Named character reference state (§ named-character-reference-state).
    pub(super) fn named_character_reference_state(&mut self) -> bool {
        let found = longest_named_match(self.rest(), self.eof);
        let (len, value) = match found {
            NamedMatch::NeedMore => return false,
            NamedMatch::None => {
                self.flush_consumed_literally(self.pos);
                self.state = State::AmbiguousAmpersand;
                return true;
            }
            NamedMatch::Found { len, value } => (len, value),
        };
        let rest = self.rest();
        let last_is_semicolon = rest[len - 1] == b';';
        let next = rest.get(len).copied();
        if !last_is_semicolon && next.is_none() && !self.eof {
            return false;
        }
        self.pos += len;
        self.cur = self.pos - 1;
        let state = self.return_state;
        if state.is_attribute_value()
            && !last_is_semicolon
            && next.is_some_and(|b| b == b'=' || b.is_ascii_alphanumeric())
        {
            self.flush_consumed_literally(self.pos);
        } else {
            if !last_is_semicolon {
                let at = self.abs(self.pos);
                self.error_at(ErrorCode::MissingSemicolonAfterCharacterReference, at);
            }
            self.flush_expansion(value);
        }
        self.state = state;
        true
    }

    /// Ambiguous ampersand state (§ ambiguous-ampersand-state).
    pub(super) fn ambiguous_ampersand_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if c.is_ascii_alphanumeric() => {
                    if self.return_state.is_attribute_value() {
                        self.attr.value.push(c);
                    } else {
                        self.push_text_range(self.cur, self.pos);
                    }
                }
                Char(';') => {
                    self.error(ErrorCode::UnknownNamedCharacterReference);
                    let state = self.return_state;
                    self.reconsume(state);
                    return true;
                }
                _ => {
                    let state = self.return_state;
                    self.reconsume(state);
                    return true;
                }
            }
        }
    }

    /// Numeric character reference state (§ numeric-character-reference-state).
    pub(super) fn numeric_character_reference_state(&mut self) -> bool {
        self.char_ref_code = 0;
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('x' | 'X') => self.state = State::HexadecimalCharacterReferenceStart,
            Char(c) if c.is_ascii_digit() => self.reconsume(State::DecimalCharacterReference),
            _ => self.absence_of_digits(),
        }
        true
    }

    /// The anything-else case of the numeric and hexadecimal start states.
    fn absence_of_digits(&mut self) {
        self.error(ErrorCode::AbsenceOfDigitsInNumericCharacterReference);
        self.flush_consumed_literally(self.cur);
        let state = self.return_state;
        self.reconsume(state);
    }

    /// Hexadecimal character reference start state (§ hexadecimal-character-reference-start-state).
    pub(super) fn hexadecimal_character_reference_start_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if c.is_ascii_hexdigit() => {
                self.reconsume(State::HexadecimalCharacterReference)
            }
            _ => self.absence_of_digits(),
        }
        true
    }

    /// Hexadecimal character reference state (§ hexadecimal-character-reference-state, `radix` 16)
    /// and decimal character reference state (§ decimal-character-reference-state, `radix` 10).
    fn digits_character_reference(&mut self, radix: u32) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if c.is_digit(radix) => {
                    let digit = c.to_digit(radix).unwrap_or(0);
                    self.char_ref_code = self
                        .char_ref_code
                        .saturating_mul(radix)
                        .saturating_add(digit)
                        .min(CODE_LIMIT);
                }
                Char(';') => {
                    self.state = State::NumericCharacterReferenceEnd;
                    return true;
                }
                _ => {
                    self.error(ErrorCode::MissingSemicolonAfterCharacterReference);
                    self.reconsume(State::NumericCharacterReferenceEnd);
                    return true;
                }
            }
        }
    }

    /// Hexadecimal character reference state (§ hexadecimal-character-reference-state).
    pub(super) fn hexadecimal_character_reference_state(&mut self) -> bool {
        self.digits_character_reference(16)
    }

    /// Decimal character reference state (§ decimal-character-reference-state).
    pub(super) fn decimal_character_reference_state(&mut self) -> bool {
        self.digits_character_reference(10)
    }

    /// Numeric character reference end state (§ numeric-character-reference-end-state).
    pub(super) fn numeric_character_reference_end_state(&mut self) -> bool {
        // This state consumes nothing: its errors are at the next input character, after
        // that character's own input-stream error. Wait for it (unless the input has ended),
        // so the order does not depend on where a chunk ends.
        if self.rest().is_empty() && !self.eof {
            return false;
        }
        self.cur = self.pos;
        let code = self.char_ref_code;
        let c = match code {
            0 => {
                self.error(ErrorCode::NullCharacterReference);
                '\u{FFFD}'
            }
            0x11_0000.. => {
                self.error(ErrorCode::CharacterReferenceOutsideUnicodeRange);
                '\u{FFFD}'
            }
            0xD800..=0xDFFF => {
                self.error(ErrorCode::SurrogateCharacterReference);
                '\u{FFFD}'
            }
            _ => {
                if is_noncharacter(code) {
                    self.error(ErrorCode::NoncharacterCharacterReference);
                } else if code == 0x0D || is_reported_control(code) {
                    self.error(ErrorCode::ControlCharacterReference);
                }
                c1_replacement(code).unwrap_or_else(|| char::from_u32(code).unwrap_or('\u{FFFD}'))
            }
        };
        let mut utf8 = [0; 4];
        self.flush_expansion(c.encode_utf8(&mut utf8));
        self.state = self.return_state;
        true
    }
}
