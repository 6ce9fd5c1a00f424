//! § cdata-section-state to § processing-instruction-questionable-state: the CDATA section states
//! and the processing instruction states (added to the standard in 2026).

use super::data::is_whitespace;
use super::Input::{Char, Eof};
use super::{State, Tokenizer};
use crate::error::ErrorCode;
use crate::sink::TokenSink;

impl<S: TokenSink> Tokenizer<S> {
    /// CDATA section state (§ cdata-section-state). U+0000 is emitted as a NULL character token.
    pub(super) fn cdata_section_state(&mut self) -> bool {
        loop {
            self.take_text_run(b']', b']');
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(']') => {
                    self.state = State::CdataSectionBracket;
                    return true;
                }
                Eof => {
                    self.error(ErrorCode::EofInCdata);
                    return self.emit_eof();
                }
                Char('\0') => self.emit_null(),
                Char(c) => self.emit_current_char(c),
            }
        }
    }

    /// CDATA section bracket state (§ cdata-section-bracket-state).
    pub(super) fn cdata_section_bracket_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(']') => self.state = State::CdataSectionEnd,
            _ => {
                let at = self.abs(self.cur);
                self.push_text_str("]", at - 1, at);
                self.reconsume(State::CdataSection);
            }
        }
        true
    }

    /// CDATA section end state (§ cdata-section-end-state).
    pub(super) fn cdata_section_end_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(']') => {
                let at = self.abs(self.cur);
                self.push_text_str("]", at - 1, at);
            }
            Char('>') => self.state = State::Data,
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
        self.strings.comment.clear();
        self.strings.comment.push('?');
        self.strings.comment.push_str(&self.strings.temp);
    }

    /// Processing instruction open state (§ processing-instruction-open-state).
    pub(super) fn processing_instruction_open_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if c.is_ascii_alphabetic() || c == '_' => {
                self.reconsume(State::ProcessingInstructionTarget)
            }
            Eof => {
                self.error(ErrorCode::EofInProcessingInstruction);
                return self.emit_eof();
            }
            Char(_) => {
                self.error(ErrorCode::InvalidFirstCharacterOfProcessingInstructionTarget);
                self.convert_temporary_buffer_to_comment();
                self.reconsume(State::BogusComment);
            }
        }
        true
    }

    /// Processing instruction target state (§ processing-instruction-target-state).
    pub(super) fn processing_instruction_target_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) || c == '?' || c == '>' => {
                    if self.strings.temp.eq_ignore_ascii_case("xml")
                        || self.strings.temp.eq_ignore_ascii_case("xml-stylesheet")
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
                Char(c) if c.is_ascii_alphanumeric() || c == '-' || c == '_' => {
                    self.strings.temp.push(c)
                }
                Eof => {
                    self.error(ErrorCode::EofInProcessingInstruction);
                    return self.emit_eof();
                }
                Char(_) => {
                    self.error(ErrorCode::InvalidProcessingInstructionTarget);
                    self.convert_temporary_buffer_to_comment();
                    self.reconsume(State::BogusComment);
                    return true;
                }
            }
        }
    }

    /// After processing instruction target state (§ after-processing-instruction-target-state).
    pub(super) fn after_processing_instruction_target_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => {}
                _ => {
                    self.reconsume(State::ProcessingInstructionData);
                    return true;
                }
            }
        }
    }

    /// Processing instruction data state (§ processing-instruction-data-state). (It has no U+0000
    /// case: NULL is data.)
    pub(super) fn processing_instruction_data_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('?') => {
                    self.state = State::ProcessingInstructionQuestionable;
                    return true;
                }
                Char('>') => {
                    self.state = State::Data;
                    self.emit_processing_instruction();
                    return true;
                }
                Eof => {
                    self.error(ErrorCode::EofInProcessingInstruction);
                    return self.emit_eof();
                }
                Char(c) => self.pi_data.push(c),
            }
        }
    }

    /// Processing instruction questionable state (§ processing-instruction-questionable-state).
    pub(super) fn processing_instruction_questionable_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char('>') => {
                self.state = State::Data;
                self.emit_processing_instruction();
            }
            Eof => {
                self.error(ErrorCode::EofInProcessingInstruction);
                return self.emit_eof();
            }
            Char(_) => {
                self.pi_data.push('?');
                self.reconsume(State::ProcessingInstructionData);
            }
        }
        true
    }
}
