//! § rcdata-less-than-sign-state to § script-data-double-escape-end-state: the less-than sign and
//! end tag states of RCDATA, RAWTEXT and script data, and the script data escape states.
//!
//! The RCDATA, RAWTEXT and script data (escaped) families differ only in the state they fall
//! back to, so each family shares one function that takes that state.

use super::data::is_whitespace;
use super::Input::{Char, Eof};
use super::{State, Tokenizer};
use crate::error::ErrorCode;
use crate::sink::TokenSink;
use crate::token::TagKind;

impl<S: TokenSink> Tokenizer<S> {
    /// Emits `</` and the temporary buffer (exactly the input from the `<` to the current
    /// character) as character tokens.
    fn emit_less_than_solidus_and_temp(&mut self) {
        let start = self.token_start - self.base;
        let end = self.cur;
        self.push_text_range(start, end);
    }

    /// RCDATA / RAWTEXT / script data less-than sign state (§ rcdata-less-than-sign-state,
    /// § rawtext-less-than-sign-state, § script-data-less-than-sign-state), `/` and anything-else
    /// cases.
    fn text_less_than_sign(&mut self, text: State, end_tag_open: State) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('/') => {
                self.strings.temp.clear();
                self.state = end_tag_open;
            }
            _ => {
                self.emit_less_than_sign();
                self.reconsume(text);
            }
        }
        true
    }

    /// § rcdata-end-tag-open-state / § rawtext-end-tag-open-state /
    /// § script-data-end-tag-open-state / § script-data-escaped-end-tag-open-state: the end tag
    /// open states.
    fn text_end_tag_open(&mut self, text: State, end_tag_name: State) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if c.is_ascii_alphabetic() => {
                self.new_tag(TagKind::EndTag);
                self.reconsume(end_tag_name);
            }
            _ => {
                self.emit_less_than_solidus_and_temp();
                self.reconsume(text);
            }
        }
        true
    }

    /// § rcdata-end-tag-name-state / § rawtext-end-tag-name-state /
    /// § script-data-end-tag-name-state / § script-data-escaped-end-tag-name-state: the end tag
    /// name states.
    fn text_end_tag_name(&mut self, text: State) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) && self.is_appropriate_end_tag() => {
                    self.state = State::BeforeAttributeName;
                    return true;
                }
                Char('/') if self.is_appropriate_end_tag() => {
                    self.state = State::SelfClosingStartTag;
                    return true;
                }
                Char('>') if self.is_appropriate_end_tag() => {
                    self.state = State::Data;
                    self.emit_tag();
                    return true;
                }
                Char(c) if c.is_ascii_alphabetic() => {
                    self.strings.tag_name.push(c.to_ascii_lowercase());
                    self.strings.temp.push(c);
                }
                _ => {
                    self.emit_less_than_solidus_and_temp();
                    self.reconsume(text);
                    return true;
                }
            }
        }
    }

    /// RCDATA less-than sign state (§ rcdata-less-than-sign-state).
    pub(super) fn rcdata_less_than_sign_state(&mut self) -> bool {
        self.text_less_than_sign(State::Rcdata, State::RcdataEndTagOpen)
    }

    /// RCDATA end tag open state (§ rcdata-end-tag-open-state).
    pub(super) fn rcdata_end_tag_open_state(&mut self) -> bool {
        self.text_end_tag_open(State::Rcdata, State::RcdataEndTagName)
    }

    /// RCDATA end tag name state (§ rcdata-end-tag-name-state).
    pub(super) fn rcdata_end_tag_name_state(&mut self) -> bool {
        self.text_end_tag_name(State::Rcdata)
    }

    /// RAWTEXT less-than sign state (§ rawtext-less-than-sign-state).
    pub(super) fn rawtext_less_than_sign_state(&mut self) -> bool {
        self.text_less_than_sign(State::Rawtext, State::RawtextEndTagOpen)
    }

    /// RAWTEXT end tag open state (§ rawtext-end-tag-open-state).
    pub(super) fn rawtext_end_tag_open_state(&mut self) -> bool {
        self.text_end_tag_open(State::Rawtext, State::RawtextEndTagName)
    }

    /// RAWTEXT end tag name state (§ rawtext-end-tag-name-state).
    pub(super) fn rawtext_end_tag_name_state(&mut self) -> bool {
        self.text_end_tag_name(State::Rawtext)
    }

    /// Script data less-than sign state (§ script-data-less-than-sign-state).
    pub(super) fn script_data_less_than_sign_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('/') => {
                self.strings.temp.clear();
                self.state = State::ScriptDataEndTagOpen;
            }
            Char('!') => {
                self.state = State::ScriptDataEscapeStart;
                let start = self.token_start - self.base;
                self.push_text_range(start, self.pos);
            }
            _ => {
                self.emit_less_than_sign();
                self.reconsume(State::ScriptData);
            }
        }
        true
    }

    /// Script data end tag open state (§ script-data-end-tag-open-state).
    pub(super) fn script_data_end_tag_open_state(&mut self) -> bool {
        self.text_end_tag_open(State::ScriptData, State::ScriptDataEndTagName)
    }

    /// Script data end tag name state (§ script-data-end-tag-name-state).
    pub(super) fn script_data_end_tag_name_state(&mut self) -> bool {
        self.text_end_tag_name(State::ScriptData)
    }

    /// Script data escape start state (§ script-data-escape-start-state).
    pub(super) fn script_data_escape_start_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => {
                self.state = State::ScriptDataEscapeStartDash;
                self.emit_current_char('-');
            }
            _ => self.reconsume(State::ScriptData),
        }
        true
    }

    /// Script data escape start dash state (§ script-data-escape-start-dash-state).
    pub(super) fn script_data_escape_start_dash_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => {
                self.state = State::ScriptDataEscapedDashDash;
                self.emit_current_char('-');
            }
            _ => self.reconsume(State::ScriptData),
        }
        true
    }

    /// Script data escaped state (§ script-data-escaped-state).
    pub(super) fn script_data_escaped_state(&mut self) -> bool {
        loop {
            self.take_text_run(b'-', b'<');
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('-') => {
                    self.state = State::ScriptDataEscapedDash;
                    self.emit_current_char('-');
                    return true;
                }
                Char('<') => {
                    self.token_start = self.abs(self.cur);
                    self.state = State::ScriptDataEscapedLessThanSign;
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.emit_char('\u{FFFD}');
                }
                Eof => {
                    self.error(ErrorCode::EofInScriptHtmlCommentLikeText);
                    return self.emit_eof();
                }
                Char(c) => self.emit_current_char(c),
            }
        }
    }

    /// Script data escaped dash state (§ script-data-escaped-dash-state) and script data escaped
    /// dash dash state (§ script-data-escaped-dash-dash-state, `dash_dash`), which differ in `-`
    /// and `>`.
    fn script_data_escaped_dash_like(&mut self, dash_dash: bool) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => {
                self.state = State::ScriptDataEscapedDashDash;
                self.emit_current_char('-');
            }
            Char('<') => {
                self.token_start = self.abs(self.cur);
                self.state = State::ScriptDataEscapedLessThanSign;
            }
            Char('>') if dash_dash => {
                self.state = State::ScriptData;
                self.emit_current_char('>');
            }
            Char('\0') => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.state = State::ScriptDataEscaped;
                self.emit_char('\u{FFFD}');
            }
            Eof => {
                self.error(ErrorCode::EofInScriptHtmlCommentLikeText);
                return self.emit_eof();
            }
            Char(c) => {
                self.state = State::ScriptDataEscaped;
                self.emit_current_char(c);
            }
        }
        true
    }

    /// Script data escaped dash state (§ script-data-escaped-dash-state).
    pub(super) fn script_data_escaped_dash_state(&mut self) -> bool {
        self.script_data_escaped_dash_like(false)
    }

    /// Script data escaped dash dash state (§ script-data-escaped-dash-dash-state).
    pub(super) fn script_data_escaped_dash_dash_state(&mut self) -> bool {
        self.script_data_escaped_dash_like(true)
    }

    /// Script data escaped less-than sign state (§ script-data-escaped-less-than-sign-state).
    pub(super) fn script_data_escaped_less_than_sign_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('/') => {
                self.strings.temp.clear();
                self.state = State::ScriptDataEscapedEndTagOpen;
            }
            Char(c) if c.is_ascii_alphabetic() => {
                self.strings.temp.clear();
                self.emit_less_than_sign();
                self.reconsume(State::ScriptDataDoubleEscapeStart);
            }
            _ => {
                self.emit_less_than_sign();
                self.reconsume(State::ScriptDataEscaped);
            }
        }
        true
    }

    /// Script data escaped end tag open state (§ script-data-escaped-end-tag-open-state).
    pub(super) fn script_data_escaped_end_tag_open_state(&mut self) -> bool {
        self.text_end_tag_open(State::ScriptDataEscaped, State::ScriptDataEscapedEndTagName)
    }

    /// Script data escaped end tag name state (§ script-data-escaped-end-tag-name-state).
    pub(super) fn script_data_escaped_end_tag_name_state(&mut self) -> bool {
        self.text_end_tag_name(State::ScriptDataEscaped)
    }

    /// Script data double escape start state (§ script-data-double-escape-start-state) and script
    /// data double escape end state (§ script-data-double-escape-end-state): the same steps with
    /// the two outcomes swapped.
    fn script_data_double_escape_boundary(&mut self, is_script: State, otherwise: State) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) || c == '/' || c == '>' => {
                    self.state = if self.strings.temp == "script" {
                        is_script
                    } else {
                        otherwise
                    };
                    self.emit_current_char(c);
                    return true;
                }
                Char(c) if c.is_ascii_alphabetic() => {
                    self.strings.temp.push(c.to_ascii_lowercase());
                    self.emit_current_char(c);
                }
                _ => {
                    self.reconsume(otherwise);
                    return true;
                }
            }
        }
    }

    /// Script data double escape start state (§ script-data-double-escape-start-state).
    pub(super) fn script_data_double_escape_start_state(&mut self) -> bool {
        self.script_data_double_escape_boundary(
            State::ScriptDataDoubleEscaped,
            State::ScriptDataEscaped,
        )
    }

    /// Script data double escaped state (§ script-data-double-escaped-state).
    pub(super) fn script_data_double_escaped_state(&mut self) -> bool {
        loop {
            self.take_text_run(b'-', b'<');
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('-') => {
                    self.state = State::ScriptDataDoubleEscapedDash;
                    self.emit_current_char('-');
                    return true;
                }
                Char('<') => {
                    self.state = State::ScriptDataDoubleEscapedLessThanSign;
                    self.emit_current_char('<');
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.emit_char('\u{FFFD}');
                }
                Eof => {
                    self.error(ErrorCode::EofInScriptHtmlCommentLikeText);
                    return self.emit_eof();
                }
                Char(c) => self.emit_current_char(c),
            }
        }
    }

    /// Script data double escaped dash state (§ script-data-double-escaped-dash-state) and script
    /// data double escaped dash dash state (`dash_dash`).
    fn script_data_double_escaped_dash_like(&mut self, dash_dash: bool) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('-') => {
                self.state = State::ScriptDataDoubleEscapedDashDash;
                self.emit_current_char('-');
            }
            Char('<') => {
                self.state = State::ScriptDataDoubleEscapedLessThanSign;
                self.emit_current_char('<');
            }
            Char('>') if dash_dash => {
                self.state = State::ScriptData;
                self.emit_current_char('>');
            }
            Char('\0') => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.state = State::ScriptDataDoubleEscaped;
                self.emit_char('\u{FFFD}');
            }
            Eof => {
                self.error(ErrorCode::EofInScriptHtmlCommentLikeText);
                return self.emit_eof();
            }
            Char(c) => {
                self.state = State::ScriptDataDoubleEscaped;
                self.emit_current_char(c);
            }
        }
        true
    }

    /// Script data double escaped dash state (§ script-data-double-escaped-dash-state).
    pub(super) fn script_data_double_escaped_dash_state(&mut self) -> bool {
        self.script_data_double_escaped_dash_like(false)
    }

    /// Script data double escaped dash dash state (§ script-data-double-escaped-dash-dash-state).
    pub(super) fn script_data_double_escaped_dash_dash_state(&mut self) -> bool {
        self.script_data_double_escaped_dash_like(true)
    }

    /// Script data double escaped less-than sign state
    /// (§ script-data-double-escaped-less-than-sign-state).
    pub(super) fn script_data_double_escaped_less_than_sign_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('/') => {
                self.strings.temp.clear();
                self.state = State::ScriptDataDoubleEscapeEnd;
                self.emit_current_char('/');
            }
            _ => self.reconsume(State::ScriptDataDoubleEscaped),
        }
        true
    }

    /// Script data double escape end state (§ script-data-double-escape-end-state).
    pub(super) fn script_data_double_escape_end_state(&mut self) -> bool {
        self.script_data_double_escape_boundary(
            State::ScriptDataEscaped,
            State::ScriptDataDoubleEscaped,
        )
    }
}
