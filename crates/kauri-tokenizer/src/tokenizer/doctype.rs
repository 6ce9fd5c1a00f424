//! § doctype-state to § bogus-doctype-state: the DOCTYPE states.
//!
//! The public and system identifier states come in pairs that differ only in which identifier
//! they fill and in their error codes; each pair shares one function taking `public`.

use super::data::is_whitespace;
use super::Input::{Char, Eof};
use super::{State, Tokenizer};
use crate::error::ErrorCode;
use crate::sink::TokenSink;
use crate::token::Doctype;

impl<S: TokenSink> Tokenizer<S> {
    /// The EOF case shared by the DOCTYPE states: `eof-in-doctype`, set force-quirks, emit the
    /// DOCTYPE, emit EOF.
    fn eof_in_doctype(&mut self) -> bool {
        self.error(ErrorCode::EofInDoctype);
        self.doctype.force_quirks = true;
        self.emit_doctype();
        self.emit_eof()
    }

    /// The identifier a public/system state works on.
    fn doctype_identifier(&mut self, public: bool) -> &mut Option<String> {
        if public {
            &mut self.doctype.public_id
        } else {
            &mut self.doctype.system_id
        }
    }

    /// DOCTYPE state (§ doctype-state).
    pub(super) fn doctype_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if is_whitespace(c) => self.state = State::BeforeDoctypeName,
            Char('>') => self.reconsume(State::BeforeDoctypeName),
            Eof => {
                self.error(ErrorCode::EofInDoctype);
                self.doctype = Doctype {
                    force_quirks: true,
                    ..Doctype::default()
                };
                self.emit_doctype();
                return self.emit_eof();
            }
            Char(_) => {
                self.error(ErrorCode::MissingWhitespaceBeforeDoctypeName);
                self.reconsume(State::BeforeDoctypeName);
            }
        }
        true
    }

    /// Before DOCTYPE name state (§ before-doctype-name-state).
    pub(super) fn before_doctype_name_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            self.doctype = Doctype::default();
            match c {
                Char(c) if is_whitespace(c) => continue,
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.doctype.name = Some(String::from('\u{FFFD}'));
                    self.state = State::DoctypeName;
                }
                Char('>') => {
                    self.error(ErrorCode::MissingDoctypeName);
                    self.doctype.force_quirks = true;
                    self.state = State::Data;
                    self.emit_doctype();
                }
                Eof => {
                    self.error(ErrorCode::EofInDoctype);
                    self.doctype.force_quirks = true;
                    self.emit_doctype();
                    return self.emit_eof();
                }
                Char(c) => {
                    self.doctype.name = Some(String::from(c.to_ascii_lowercase()));
                    self.state = State::DoctypeName;
                }
            }
            return true;
        }
    }

    /// DOCTYPE name state (§ doctype-name-state).
    pub(super) fn doctype_name_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => {
                    self.state = State::AfterDoctypeName;
                    return true;
                }
                Char('>') => {
                    self.state = State::Data;
                    self.emit_doctype();
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.doctype
                        .name
                        .get_or_insert_with(String::new)
                        .push('\u{FFFD}');
                }
                Eof => return self.eof_in_doctype(),
                Char(c) => {
                    self.doctype
                        .name
                        .get_or_insert_with(String::new)
                        .push(c.to_ascii_lowercase());
                }
            }
        }
    }

    /// After DOCTYPE name state (§ after-doctype-name-state). Waits until six characters are
    /// available to compare with `PUBLIC` and `SYSTEM`.
    pub(super) fn after_doctype_name_state(&mut self) -> bool {
        loop {
            match self.rest().first() {
                Some(b'\t' | b'\n' | b'\x0C' | b' ' | b'\r' | b'>') | None => {}
                Some(_) => {
                    let public = self.lookahead(b"PUBLIC", true);
                    let system = self.lookahead(b"SYSTEM", true);
                    if public.is_none() || system.is_none() {
                        return false;
                    }
                    if public == Some(true) || system == Some(true) {
                        self.cur = self.pos + 5;
                        self.pos += 6;
                        self.state = if public == Some(true) {
                            State::AfterDoctypePublicKeyword
                        } else {
                            State::AfterDoctypeSystemKeyword
                        };
                        return true;
                    }
                }
            }
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => {}
                Char('>') => {
                    self.state = State::Data;
                    self.emit_doctype();
                    return true;
                }
                Eof => return self.eof_in_doctype(),
                Char(_) => {
                    self.error(ErrorCode::InvalidCharacterSequenceAfterDoctypeName);
                    self.doctype.force_quirks = true;
                    self.reconsume(State::BogusDoctype);
                    return true;
                }
            }
        }
    }

    /// After DOCTYPE public keyword state (§ after-doctype-public-keyword-state) and after DOCTYPE
    /// system keyword state (§ after-doctype-system-keyword-state).
    pub(super) fn after_doctype_keyword_state(&mut self, public: bool) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if is_whitespace(c) => {
                self.state = if public {
                    State::BeforeDoctypePublicIdentifier
                } else {
                    State::BeforeDoctypeSystemIdentifier
                };
            }
            Char(quote @ ('"' | '\'')) => {
                self.error(if public {
                    ErrorCode::MissingWhitespaceAfterDoctypePublicKeyword
                } else {
                    ErrorCode::MissingWhitespaceAfterDoctypeSystemKeyword
                });
                self.open_doctype_identifier(public, quote);
            }
            Char('>') => {
                self.missing_doctype_identifier(public);
            }
            Eof => return self.eof_in_doctype(),
            Char(_) => self.missing_quote_before_doctype_identifier(public),
        }
        true
    }

    /// Sets the identifier to the empty string and switches to its quoted state.
    fn open_doctype_identifier(&mut self, public: bool, quote: char) {
        *self.doctype_identifier(public) = Some(String::new());
        self.state = match (public, quote) {
            (true, '"') => State::DoctypePublicIdentifierDoubleQuoted,
            (true, _) => State::DoctypePublicIdentifierSingleQuoted,
            (false, '"') => State::DoctypeSystemIdentifierDoubleQuoted,
            (false, _) => State::DoctypeSystemIdentifierSingleQuoted,
        };
    }

    /// The `>` case: `missing-doctype-public/system-identifier`, force-quirks, emit.
    fn missing_doctype_identifier(&mut self, public: bool) {
        self.error(if public {
            ErrorCode::MissingDoctypePublicIdentifier
        } else {
            ErrorCode::MissingDoctypeSystemIdentifier
        });
        self.doctype.force_quirks = true;
        self.state = State::Data;
        self.emit_doctype();
    }

    /// The anything-else case: `missing-quote-before-doctype-public/system-identifier`,
    /// force-quirks, reconsume in the bogus DOCTYPE state.
    fn missing_quote_before_doctype_identifier(&mut self, public: bool) {
        self.error(if public {
            ErrorCode::MissingQuoteBeforeDoctypePublicIdentifier
        } else {
            ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier
        });
        self.doctype.force_quirks = true;
        self.reconsume(State::BogusDoctype);
    }

    /// Before DOCTYPE public identifier state (§ before-doctype-public-identifier-state) and before
    /// DOCTYPE system identifier state (§ before-doctype-system-identifier-state).
    pub(super) fn before_doctype_identifier_state(&mut self, public: bool) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => continue,
                Char(quote @ ('"' | '\'')) => self.open_doctype_identifier(public, quote),
                Char('>') => self.missing_doctype_identifier(public),
                Eof => return self.eof_in_doctype(),
                Char(_) => self.missing_quote_before_doctype_identifier(public),
            }
            return true;
        }
    }

    /// DOCTYPE public identifier (double/single-quoted) states
    /// (§ doctype-public-identifier-(double-quoted)-state,
    /// § doctype-public-identifier-(single-quoted)-state) and DOCTYPE system identifier
    /// (double/single-quoted) states (§ doctype-system-identifier-(double-quoted)-state,
    /// § doctype-system-identifier-(single-quoted)-state).
    pub(super) fn doctype_identifier_quoted_state(&mut self, public: bool, quote: char) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if c == quote => {
                    self.state = if public {
                        State::AfterDoctypePublicIdentifier
                    } else {
                        State::AfterDoctypeSystemIdentifier
                    };
                    return true;
                }
                Char('\0') => {
                    self.error(ErrorCode::UnexpectedNullCharacter);
                    self.doctype_identifier(public)
                        .get_or_insert_with(String::new)
                        .push('\u{FFFD}');
                }
                Char('>') => {
                    self.error(if public {
                        ErrorCode::AbruptDoctypePublicIdentifier
                    } else {
                        ErrorCode::AbruptDoctypeSystemIdentifier
                    });
                    self.doctype.force_quirks = true;
                    self.state = State::Data;
                    self.emit_doctype();
                    return true;
                }
                Eof => return self.eof_in_doctype(),
                Char(c) => self
                    .doctype_identifier(public)
                    .get_or_insert_with(String::new)
                    .push(c),
            }
        }
    }

    /// After DOCTYPE public identifier state (§ after-doctype-public-identifier-state).
    pub(super) fn after_doctype_public_identifier_state(&mut self) -> bool {
        let Some(c) = self.consume() else {
            return false;
        };
        match c {
            Char(c) if is_whitespace(c) => {
                self.state = State::BetweenDoctypePublicAndSystemIdentifiers
            }
            Char('>') => {
                self.state = State::Data;
                self.emit_doctype();
            }
            Char(quote @ ('"' | '\'')) => {
                self.error(ErrorCode::MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers);
                self.open_doctype_identifier(false, quote);
            }
            Eof => return self.eof_in_doctype(),
            Char(_) => self.missing_quote_before_doctype_identifier(false),
        }
        true
    }

    /// Between DOCTYPE public and system identifiers state
    /// (§ between-doctype-public-and-system-identifiers-state).
    pub(super) fn between_doctype_public_and_system_identifiers_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => continue,
                Char('>') => {
                    self.state = State::Data;
                    self.emit_doctype();
                }
                Char(quote @ ('"' | '\'')) => self.open_doctype_identifier(false, quote),
                Eof => return self.eof_in_doctype(),
                Char(_) => self.missing_quote_before_doctype_identifier(false),
            }
            return true;
        }
    }

    /// After DOCTYPE system identifier state (§ after-doctype-system-identifier-state).
    pub(super) fn after_doctype_system_identifier_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char(c) if is_whitespace(c) => continue,
                Char('>') => {
                    self.state = State::Data;
                    self.emit_doctype();
                }
                Eof => return self.eof_in_doctype(),
                Char(_) => {
                    self.error(ErrorCode::UnexpectedCharacterAfterDoctypeSystemIdentifier);
                    self.reconsume(State::BogusDoctype);
                }
            }
            return true;
        }
    }

    /// Bogus DOCTYPE state (§ bogus-doctype-state).
    pub(super) fn bogus_doctype_state(&mut self) -> bool {
        loop {
            let Some(c) = self.consume() else {
                return false;
            };
            match c {
                Char('>') => {
                    self.state = State::Data;
                    self.emit_doctype();
                    return true;
                }
                Char('\0') => self.error(ErrorCode::UnexpectedNullCharacter),
                Eof => {
                    self.emit_doctype();
                    return self.emit_eof();
                }
                Char(_) => {}
            }
        }
    }
}
