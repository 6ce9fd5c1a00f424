//! 13.2.5.32 to 13.2.5.40: attribute names and values, and the self-closing start tag state.

use super::data::is_whitespace;
use super::{State, Tokenizer};
use crate::error::ErrorCode;
use crate::sink::TokenSink;

impl<S: TokenSink> Tokenizer<S> {
    /// 13.2.5.32 Before attribute name state.
    pub(super) fn before_attribute_name_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(c) if is_whitespace(c) => {}
                Some('/' | '>') | None => {
                    self.reconsume(State::AfterAttributeName);
                    return true;
                }
                Some('=') => {
                    self.error(ErrorCode::UnexpectedEqualsSignBeforeAttributeName);
                    self.start_attribute();
                    self.attr_name.push('=');
                    self.state = State::AttributeName;
                    return true;
                }
                Some(_) => {
                    self.start_attribute();
                    self.reconsume(State::AttributeName);
                    return true;
                }
            }
        }
    }

    /// 13.2.5.33 Attribute name state.
    pub(super) fn attribute_name_state(&mut self) -> bool {
        loop {
            let rest = self.rest();
            let n = rest
                .iter()
                .position(|&b| {
                    matches!(
                        b,
                        b'\t'
                            | b'\n'
                            | b'\x0C'
                            | b' '
                            | b'/'
                            | b'>'
                            | b'='
                            | 0
                            | b'\r'
                            | b'"'
                            | b'\''
                            | b'<'
                    )
                })
                .unwrap_or(rest.len());
            if n > 0 {
                let from = self.attr_name.len();
                self.attr_name.push_str(&self.buf[self.pos..self.pos + n]);
                self.attr_name[from..].make_ascii_lowercase();
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(c) if is_whitespace(c) || c == '/' || c == '>' => {
                    self.check_duplicate_attribute();
                    self.reconsume(State::AfterAttributeName);
                    return true;
                }
                None => {
                    self.check_duplicate_attribute();
                    self.reconsume(State::AfterAttributeName);
                    return true;
                }
                Some('=') => {
                    self.check_duplicate_attribute();
                    self.state = State::BeforeAttributeValue;
                    return true;
                }
                Some('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.attr_name.push('\u{FFFD}');
                }
                Some(c @ ('"' | '\'' | '<')) => {
                    self.error(ErrorCode::UnexpectedCharacterInAttributeName);
                    self.attr_name.push(c);
                }
                Some(c) => self.attr_name.push(c.to_ascii_lowercase()),
            }
        }
    }

    /// 13.2.5.34 After attribute name state.
    pub(super) fn after_attribute_name_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(c) if is_whitespace(c) => {}
                Some('/') => {
                    self.state = State::SelfClosingStartTag;
                    return true;
                }
                Some('=') => {
                    self.state = State::BeforeAttributeValue;
                    return true;
                }
                Some('>') => {
                    self.state = State::Data;
                    self.emit_tag();
                    return true;
                }
                None => {
                    self.error(ErrorCode::EofInTag);
                    return self.emit_eof();
                }
                Some(_) => {
                    self.start_attribute();
                    self.reconsume(State::AttributeName);
                    return true;
                }
            }
        }
    }

    /// 13.2.5.35 Before attribute value state.
    pub(super) fn before_attribute_value_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(c) if is_whitespace(c) => {}
                Some('"') => {
                    self.state = State::AttributeValueDoubleQuoted;
                    return true;
                }
                Some('\'') => {
                    self.state = State::AttributeValueSingleQuoted;
                    return true;
                }
                Some('>') => {
                    self.error(ErrorCode::MissingAttributeValue);
                    self.state = State::Data;
                    self.emit_tag();
                    return true;
                }
                _ => {
                    self.reconsume(State::AttributeValueUnquoted);
                    return true;
                }
            }
        }
    }

    /// 13.2.5.36 Attribute value (double-quoted) state and 13.2.5.37 attribute value
    /// (single-quoted) state; `quote` is `"` or `'`.
    pub(super) fn attribute_value_quoted_state(&mut self, quote: u8) -> bool {
        loop {
            let n = self.run_length(quote, b'&');
            if n > 0 {
                self.attr_value.push_str(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(c) if c as u32 == quote as u32 => {
                    self.state = State::AfterAttributeValueQuoted;
                    return true;
                }
                Some('&') => {
                    let state = self.state;
                    self.begin_character_reference(state);
                    return true;
                }
                Some('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.attr_value.push('\u{FFFD}');
                }
                None => {
                    self.error(ErrorCode::EofInTag);
                    return self.emit_eof();
                }
                Some(c) => self.attr_value.push(c),
            }
        }
    }

    /// 13.2.5.38 Attribute value (unquoted) state.
    pub(super) fn attribute_value_unquoted_state(&mut self) -> bool {
        loop {
            let rest = self.rest();
            let n = rest
                .iter()
                .position(|&b| {
                    matches!(
                        b,
                        b'\t'
                            | b'\n'
                            | b'\x0C'
                            | b' '
                            | b'&'
                            | b'>'
                            | 0
                            | b'\r'
                            | b'"'
                            | b'\''
                            | b'<'
                            | b'='
                            | b'`'
                    )
                })
                .unwrap_or(rest.len());
            if n > 0 {
                self.attr_value.push_str(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(c) if is_whitespace(c) => {
                    self.state = State::BeforeAttributeName;
                    return true;
                }
                Some('&') => {
                    self.begin_character_reference(State::AttributeValueUnquoted);
                    return true;
                }
                Some('>') => {
                    self.state = State::Data;
                    self.emit_tag();
                    return true;
                }
                Some('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.attr_value.push('\u{FFFD}');
                }
                Some(c @ ('"' | '\'' | '<' | '=' | '`')) => {
                    self.error(ErrorCode::UnexpectedCharacterInUnquotedAttributeValue);
                    self.attr_value.push(c);
                }
                None => {
                    self.error(ErrorCode::EofInTag);
                    return self.emit_eof();
                }
                Some(c) => self.attr_value.push(c),
            }
        }
    }

    /// 13.2.5.39 After attribute value (quoted) state.
    pub(super) fn after_attribute_value_quoted_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some(c) if is_whitespace(c) => self.state = State::BeforeAttributeName,
            Some('/') => self.state = State::SelfClosingStartTag,
            Some('>') => {
                self.state = State::Data;
                self.emit_tag();
            }
            None => {
                self.error(ErrorCode::EofInTag);
                return self.emit_eof();
            }
            Some(_) => {
                self.error(ErrorCode::MissingWhitespaceBetweenAttributes);
                self.reconsume(State::BeforeAttributeName);
            }
        }
        true
    }

    /// 13.2.5.40 Self-closing start tag state.
    pub(super) fn self_closing_start_tag_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('>') => {
                self.self_closing = true;
                self.state = State::Data;
                self.emit_tag();
            }
            None => {
                self.error(ErrorCode::EofInTag);
                return self.emit_eof();
            }
            Some(_) => {
                self.error(ErrorCode::UnexpectedSolidusInTag);
                self.reconsume(State::BeforeAttributeName);
            }
        }
        true
    }
}
