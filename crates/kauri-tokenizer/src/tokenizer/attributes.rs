//! § before-attribute-name-state to § self-closing-start-tag-state: attribute names and values, and
//! the self-closing start tag state.

use super::data::is_whitespace;
use super::Input::{Char, Eof};
use super::{State, Tokenizer};
use crate::error::ErrorCode;
use crate::sink::TokenSink;

impl<S: TokenSink> Tokenizer<S> {
    /// Before attribute name state (§ before-attribute-name-state).
    pub(super) fn before_attribute_name_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => {}
                Char('/' | '>') | Eof => {
                    self.reconsume(State::AfterAttributeName);
                    return true;
                }
                Char('=') => {
                    self.error(ErrorCode::UnexpectedEqualsSignBeforeAttributeName);
                    self.start_attribute();
                    self.attr.name.push('=');
                    self.state = State::AttributeName;
                    return true;
                }
                Char(_) => {
                    self.start_attribute();
                    self.reconsume(State::AttributeName);
                    return true;
                }
            }
        }
    }

    /// Attribute name state (§ attribute-name-state).
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
                let from = self.attr.name.len();
                self.attr.name.push_str(&self.buf[self.pos..self.pos + n]);
                self.attr.name[from..].make_ascii_lowercase();
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) || c == '/' || c == '>' => {
                    self.check_duplicate_attribute();
                    self.reconsume(State::AfterAttributeName);
                    return true;
                }
                Eof => {
                    self.check_duplicate_attribute();
                    self.reconsume(State::AfterAttributeName);
                    return true;
                }
                Char('=') => {
                    self.check_duplicate_attribute();
                    self.state = State::BeforeAttributeValue;
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.attr.name.push('\u{FFFD}');
                }
                Char(c @ ('"' | '\'' | '<')) => {
                    self.error(ErrorCode::UnexpectedCharacterInAttributeName);
                    self.attr.name.push(c);
                }
                Char(c) => self.attr.name.push(c.to_ascii_lowercase()),
            }
        }
    }

    /// After attribute name state (§ after-attribute-name-state).
    pub(super) fn after_attribute_name_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => {}
                Char('/') => {
                    self.state = State::SelfClosingStartTag;
                    return true;
                }
                Char('=') => {
                    self.state = State::BeforeAttributeValue;
                    return true;
                }
                Char('>') => {
                    self.state = State::Data;
                    self.emit_tag();
                    return true;
                }
                Eof => {
                    self.error(ErrorCode::EofInTag);
                    return self.emit_eof();
                }
                Char(_) => {
                    self.start_attribute();
                    self.reconsume(State::AttributeName);
                    return true;
                }
            }
        }
    }

    /// Before attribute value state (§ before-attribute-value-state).
    pub(super) fn before_attribute_value_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => {}
                Char('"') => {
                    self.state = State::AttributeValueDoubleQuoted;
                    return true;
                }
                Char('\'') => {
                    self.state = State::AttributeValueSingleQuoted;
                    return true;
                }
                Char('>') => {
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

    /// Attribute value (double-quoted) state (§ attribute-value-(double-quoted)-state) and
    /// attribute value (single-quoted) state (§ attribute-value-(single-quoted)-state); `quote` is
    /// `"` or `'`.
    pub(super) fn attribute_value_quoted_state(&mut self, quote: u8) -> bool {
        loop {
            let n = self.run_length(quote, b'&');
            if n > 0 {
                self.attr.value.push_str(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if c as u32 == quote as u32 => {
                    self.state = State::AfterAttributeValueQuoted;
                    return true;
                }
                Char('&') => {
                    let state = self.state;
                    self.begin_character_reference(state);
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.attr.value.push('\u{FFFD}');
                }
                Eof => {
                    self.error(ErrorCode::EofInTag);
                    return self.emit_eof();
                }
                Char(c) => self.attr.value.push(c),
            }
        }
    }

    /// Attribute value (unquoted) state (§ attribute-value-(unquoted)-state).
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
                self.attr.value.push_str(&self.buf[self.pos..self.pos + n]);
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
                Char('&') => {
                    self.begin_character_reference(State::AttributeValueUnquoted);
                    return true;
                }
                Char('>') => {
                    self.state = State::Data;
                    self.emit_tag();
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.attr.value.push('\u{FFFD}');
                }
                Char(c @ ('"' | '\'' | '<' | '=' | '`')) => {
                    self.error(ErrorCode::UnexpectedCharacterInUnquotedAttributeValue);
                    self.attr.value.push(c);
                }
                Eof => {
                    self.error(ErrorCode::EofInTag);
                    return self.emit_eof();
                }
                Char(c) => self.attr.value.push(c),
            }
        }
    }

    /// After attribute value (quoted) state (§ after-attribute-value-(quoted)-state).
    pub(super) fn after_attribute_value_quoted_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if is_whitespace(c) => self.state = State::BeforeAttributeName,
            Char('/') => self.state = State::SelfClosingStartTag,
            Char('>') => {
                self.state = State::Data;
                self.emit_tag();
            }
            Eof => {
                self.error(ErrorCode::EofInTag);
                return self.emit_eof();
            }
            Char(_) => {
                self.error(ErrorCode::MissingWhitespaceBetweenAttributes);
                self.reconsume(State::BeforeAttributeName);
            }
        }
        true
    }

    /// Self-closing start tag state (§ self-closing-start-tag-state).
    pub(super) fn self_closing_start_tag_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('>') => {
                self.self_closing = true;
                self.state = State::Data;
                self.emit_tag();
            }
            Eof => {
                self.error(ErrorCode::EofInTag);
                return self.emit_eof();
            }
            Char(_) => {
                self.error(ErrorCode::UnexpectedSolidusInTag);
                self.reconsume(State::BeforeAttributeName);
            }
        }
        true
    }
}
