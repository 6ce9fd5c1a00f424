//! 13.2.5.69 to 13.2.5.76: the CDATA section states and the processing instruction states
//! (added to the standard in 2026).

use super::data::is_whitespace;
use super::{State, Tokenizer};
use crate::error::ErrorCode;
use crate::sink::TokenSink;

impl<S: TokenSink> Tokenizer<S> {
    /// 13.2.5.69 CDATA section state. U+0000 is emitted as a NULL character token.
    pub(super) fn cdata_section_state(&mut self) -> bool {
        loop {
            self.take_text_run(b']', b']');
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(']') => {
                    self.state = State::CdataSectionBracket;
                    return true;
                }
                None => {
                    self.error(ErrorCode::EofInCdata);
                    return self.emit_eof();
                }
                Some('\0') => self.emit_null(),
                Some(c) => self.emit_current_char(c),
            }
        }
    }

    /// 13.2.5.70 CDATA section bracket state.
    pub(super) fn cdata_section_bracket_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some(']') => self.state = State::CdataSectionEnd,
            _ => {
                let at = self.abs(self.cur);
                self.push_text_str("]", at - 1, at);
                self.reconsume(State::CdataSection);
            }
        }
        true
    }

    /// 13.2.5.71 CDATA section end state.
    pub(super) fn cdata_section_end_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some(']') => {
                let at = self.abs(self.cur);
                self.push_text_str("]", at - 1, at);
            }
            Some('>') => self.state = State::Data,
            _ => {
                let at = self.abs(self.cur);
                self.push_text_str("]]", at - 2, at);
                self.reconsume(State::CdataSection);
            }
        }
        true
    }

    /// "Convert the temporary buffer to a comment": a comment whose data is `?` followed by
    /// the temporary buffer.
    fn convert_temporary_buffer_to_comment(&mut self) {
        self.comment.clear();
        self.comment.push('?');
        self.comment.push_str(&self.temp);
    }

    /// 13.2.5.72 Processing instruction open state.
    pub(super) fn processing_instruction_open_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                self.reconsume(State::ProcessingInstructionTarget)
            }
            None => {
                self.error(ErrorCode::EofInProcessingInstruction);
                return self.emit_eof();
            }
            Some(_) => {
                self.error(ErrorCode::InvalidFirstCharacterOfProcessingInstructionTarget);
                self.convert_temporary_buffer_to_comment();
                self.reconsume(State::BogusComment);
            }
        }
        true
    }

    /// 13.2.5.73 Processing instruction target state.
    pub(super) fn processing_instruction_target_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(c) if is_whitespace(c) || c == '?' || c == '>' => {
                    if self.temp.eq_ignore_ascii_case("xml")
                        || self.temp.eq_ignore_ascii_case("xml-stylesheet")
                    {
                        self.error(ErrorCode::DisallowedProcessingInstructionTarget);
                        self.convert_temporary_buffer_to_comment();
                        self.reconsume(State::BogusComment);
                    } else {
                        self.pi_data.clear();
                        self.reconsume(State::AfterProcessingInstructionTarget);
                    }
                    return true;
                }
                Some(c) if c.is_ascii_alphanumeric() || c == '-' || c == '_' => self.temp.push(c),
                None => {
                    self.error(ErrorCode::EofInProcessingInstruction);
                    return self.emit_eof();
                }
                Some(_) => {
                    self.error(ErrorCode::InvalidProcessingInstructionTarget);
                    self.convert_temporary_buffer_to_comment();
                    self.reconsume(State::BogusComment);
                    return true;
                }
            }
        }
    }

    /// 13.2.5.74 After processing instruction target state.
    pub(super) fn after_processing_instruction_target_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some(c) if is_whitespace(c) => {}
                _ => {
                    self.reconsume(State::ProcessingInstructionData);
                    return true;
                }
            }
        }
    }

    /// 13.2.5.75 Processing instruction data state. (It has no U+0000 case: NULL is data.)
    pub(super) fn processing_instruction_data_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Some('?') => {
                    self.state = State::ProcessingInstructionQuestionable;
                    return true;
                }
                Some('>') => {
                    self.state = State::Data;
                    self.emit_processing_instruction();
                    return true;
                }
                None => {
                    self.error(ErrorCode::EofInProcessingInstruction);
                    return self.emit_eof();
                }
                Some(c) => self.pi_data.push(c),
            }
        }
    }

    /// 13.2.5.76 Processing instruction questionable state.
    pub(super) fn processing_instruction_questionable_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Some('>') => {
                self.state = State::Data;
                self.emit_processing_instruction();
            }
            None => {
                self.error(ErrorCode::EofInProcessingInstruction);
                return self.emit_eof();
            }
            Some(_) => {
                self.pi_data.push('?');
                self.reconsume(State::ProcessingInstructionData);
            }
        }
        true
    }
}
