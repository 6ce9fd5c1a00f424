//! The tokenizer's states (§ data-state to § numeric-character-reference-end-state of the
//! standard), named as the standard names them.

use crate::sink::TextState;

/// One state of the tokenization state machine (§ tokenization). The variant names are the
/// standard's state names without the trailing "state"; the comment on each gives its section
/// number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum State {
    /// Data state (§ data-state).
    #[default]
    Data,
    /// RCDATA state (§ rcdata-state).
    Rcdata,
    /// RAWTEXT state (§ rawtext-state).
    Rawtext,
    /// Script data state (§ script-data-state).
    ScriptData,
    /// PLAINTEXT state (§ plaintext-state).
    Plaintext,
    /// Tag open state (§ tag-open-state).
    TagOpen,
    /// End tag open state (§ end-tag-open-state).
    EndTagOpen,
    /// Tag name state (§ tag-name-state).
    TagName,
    /// RCDATA less-than sign state (§ rcdata-less-than-sign-state).
    RcdataLessThanSign,
    /// RCDATA end tag open state (§ rcdata-end-tag-open-state).
    RcdataEndTagOpen,
    /// RCDATA end tag name state (§ rcdata-end-tag-name-state).
    RcdataEndTagName,
    /// RAWTEXT less-than sign state (§ rawtext-less-than-sign-state).
    RawtextLessThanSign,
    /// RAWTEXT end tag open state (§ rawtext-end-tag-open-state).
    RawtextEndTagOpen,
    /// RAWTEXT end tag name state (§ rawtext-end-tag-name-state).
    RawtextEndTagName,
    /// Script data less-than sign state (§ script-data-less-than-sign-state).
    ScriptDataLessThanSign,
    /// Script data end tag open state (§ script-data-end-tag-open-state).
    ScriptDataEndTagOpen,
    /// Script data end tag name state (§ script-data-end-tag-name-state).
    ScriptDataEndTagName,
    /// Script data escape start state (§ script-data-escape-start-state).
    ScriptDataEscapeStart,
    /// Script data escape start dash state (§ script-data-escape-start-dash-state).
    ScriptDataEscapeStartDash,
    /// Script data escaped state (§ script-data-escaped-state).
    ScriptDataEscaped,
    /// Script data escaped dash state (§ script-data-escaped-dash-state).
    ScriptDataEscapedDash,
    /// Script data escaped dash dash state (§ script-data-escaped-dash-dash-state).
    ScriptDataEscapedDashDash,
    /// Script data escaped less-than sign state (§ script-data-escaped-less-than-sign-state).
    ScriptDataEscapedLessThanSign,
    /// Script data escaped end tag open state (§ script-data-escaped-end-tag-open-state).
    ScriptDataEscapedEndTagOpen,
    /// Script data escaped end tag name state (§ script-data-escaped-end-tag-name-state).
    ScriptDataEscapedEndTagName,
    /// Script data double escape start state (§ script-data-double-escape-start-state).
    ScriptDataDoubleEscapeStart,
    /// Script data double escaped state (§ script-data-double-escaped-state).
    ScriptDataDoubleEscaped,
    /// Script data double escaped dash state (§ script-data-double-escaped-dash-state).
    ScriptDataDoubleEscapedDash,
    /// Script data double escaped dash dash state (§ script-data-double-escaped-dash-dash-state).
    ScriptDataDoubleEscapedDashDash,
    /// Script data double escaped less-than sign state
    /// (§ script-data-double-escaped-less-than-sign-state).
    ScriptDataDoubleEscapedLessThanSign,
    /// Script data double escape end state (§ script-data-double-escape-end-state).
    ScriptDataDoubleEscapeEnd,
    /// Before attribute name state (§ before-attribute-name-state).
    BeforeAttributeName,
    /// Attribute name state (§ attribute-name-state).
    AttributeName,
    /// After attribute name state (§ after-attribute-name-state).
    AfterAttributeName,
    /// Before attribute value state (§ before-attribute-value-state).
    BeforeAttributeValue,
    /// Attribute value (double-quoted) state (§ attribute-value-(double-quoted)-state).
    AttributeValueDoubleQuoted,
    /// Attribute value (single-quoted) state (§ attribute-value-(single-quoted)-state).
    AttributeValueSingleQuoted,
    /// Attribute value (unquoted) state (§ attribute-value-(unquoted)-state).
    AttributeValueUnquoted,
    /// After attribute value (quoted) state (§ after-attribute-value-(quoted)-state).
    AfterAttributeValueQuoted,
    /// Self-closing start tag state (§ self-closing-start-tag-state).
    SelfClosingStartTag,
    /// Bogus comment state (§ bogus-comment-state).
    BogusComment,
    /// Markup declaration open state (§ markup-declaration-open-state).
    MarkupDeclarationOpen,
    /// Comment start state (§ comment-start-state).
    CommentStart,
    /// Comment start dash state (§ comment-start-dash-state).
    CommentStartDash,
    /// Comment state (§ comment-state).
    Comment,
    /// Comment less-than sign state (§ comment-less-than-sign-state).
    CommentLessThanSign,
    /// Comment less-than sign bang state (§ comment-less-than-sign-bang-state).
    CommentLessThanSignBang,
    /// Comment less-than sign bang dash state (§ comment-less-than-sign-bang-dash-state).
    CommentLessThanSignBangDash,
    /// Comment less-than sign bang dash dash state (§ comment-less-than-sign-bang-dash-dash-state).
    CommentLessThanSignBangDashDash,
    /// Comment end dash state (§ comment-end-dash-state).
    CommentEndDash,
    /// Comment end state (§ comment-end-state).
    CommentEnd,
    /// Comment end bang state (§ comment-end-bang-state).
    CommentEndBang,
    /// DOCTYPE state (§ doctype-state).
    Doctype,
    /// Before DOCTYPE name state (§ before-doctype-name-state).
    BeforeDoctypeName,
    /// DOCTYPE name state (§ doctype-name-state).
    DoctypeName,
    /// After DOCTYPE name state (§ after-doctype-name-state).
    AfterDoctypeName,
    /// After DOCTYPE public keyword state (§ after-doctype-public-keyword-state).
    AfterDoctypePublicKeyword,
    /// Before DOCTYPE public identifier state (§ before-doctype-public-identifier-state).
    BeforeDoctypePublicIdentifier,
    /// DOCTYPE public identifier (double-quoted) state
    /// (§ doctype-public-identifier-(double-quoted)-state).
    DoctypePublicIdentifierDoubleQuoted,
    /// DOCTYPE public identifier (single-quoted) state
    /// (§ doctype-public-identifier-(single-quoted)-state).
    DoctypePublicIdentifierSingleQuoted,
    /// After DOCTYPE public identifier state (§ after-doctype-public-identifier-state).
    AfterDoctypePublicIdentifier,
    /// Between DOCTYPE public and system identifiers state
    /// (§ between-doctype-public-and-system-identifiers-state).
    BetweenDoctypePublicAndSystemIdentifiers,
    /// After DOCTYPE system keyword state (§ after-doctype-system-keyword-state).
    AfterDoctypeSystemKeyword,
    /// Before DOCTYPE system identifier state (§ before-doctype-system-identifier-state).
    BeforeDoctypeSystemIdentifier,
    /// DOCTYPE system identifier (double-quoted) state
    /// (§ doctype-system-identifier-(double-quoted)-state).
    DoctypeSystemIdentifierDoubleQuoted,
    /// DOCTYPE system identifier (single-quoted) state
    /// (§ doctype-system-identifier-(single-quoted)-state).
    DoctypeSystemIdentifierSingleQuoted,
    /// After DOCTYPE system identifier state (§ after-doctype-system-identifier-state).
    AfterDoctypeSystemIdentifier,
    /// Bogus DOCTYPE state (§ bogus-doctype-state).
    BogusDoctype,
    /// CDATA section state (§ cdata-section-state).
    CdataSection,
    /// CDATA section bracket state (§ cdata-section-bracket-state).
    CdataSectionBracket,
    /// CDATA section end state (§ cdata-section-end-state).
    CdataSectionEnd,
    /// Processing instruction open state (2026) (§ processing-instruction-open-state).
    ProcessingInstructionOpen,
    /// Processing instruction target state (2026) (§ processing-instruction-target-state).
    ProcessingInstructionTarget,
    /// After processing instruction target state (2026)
    /// (§ after-processing-instruction-target-state).
    AfterProcessingInstructionTarget,
    /// Processing instruction data state (2026) (§ processing-instruction-data-state).
    ProcessingInstructionData,
    /// Processing instruction questionable state (2026)
    /// (§ processing-instruction-questionable-state).
    ProcessingInstructionQuestionable,
    /// Character reference state (§ character-reference-state).
    CharacterReference,
    /// Named character reference state (§ named-character-reference-state).
    NamedCharacterReference,
    /// Ambiguous ampersand state (§ ambiguous-ampersand-state).
    AmbiguousAmpersand,
    /// Numeric character reference state (§ numeric-character-reference-state).
    NumericCharacterReference,
    /// Hexadecimal character reference start state (§ hexadecimal-character-reference-start-state).
    HexadecimalCharacterReferenceStart,
    /// Hexadecimal character reference state (§ hexadecimal-character-reference-state).
    HexadecimalCharacterReference,
    /// Decimal character reference state (§ decimal-character-reference-state).
    DecimalCharacterReference,
    /// Numeric character reference end state (§ numeric-character-reference-end-state).
    NumericCharacterReferenceEnd,
}

impl State {
    /// The state named by an html5lib tokenizer test's `initialStates` entry (`"Data state"`,
    /// `"PLAINTEXT state"`, `"RCDATA state"`, `"RAWTEXT state"`, `"Script data state"`,
    /// `"CDATA section state"`), or `None` for any other name.
    pub fn from_test_name(name: &str) -> Option<State> {
        match name {
            "Data state" => Some(State::Data),
            "PLAINTEXT state" => Some(State::Plaintext),
            "RCDATA state" => Some(State::Rcdata),
            "RAWTEXT state" => Some(State::Rawtext),
            "Script data state" => Some(State::ScriptData),
            "CDATA section state" => Some(State::CdataSection),
            _ => None,
        }
    }

    /// Whether this is one of the character reference states (§ character-reference-state to
    /// § numeric-character-reference-end-state), which read past the start of the reference.
    pub(crate) fn is_character_reference(self) -> bool {
        matches!(
            self,
            State::CharacterReference
                | State::NamedCharacterReference
                | State::AmbiguousAmpersand
                | State::NumericCharacterReference
                | State::HexadecimalCharacterReferenceStart
                | State::HexadecimalCharacterReference
                | State::DecimalCharacterReference
                | State::NumericCharacterReferenceEnd
        )
    }

    /// Whether the return state is one of the attribute value states, which makes a character
    /// reference "consumed as part of an attribute" (§ character-reference-state and following).
    #[allow(dead_code)]
    pub(crate) fn is_attribute_value(self) -> bool {
        matches!(
            self,
            State::AttributeValueDoubleQuoted
                | State::AttributeValueSingleQuoted
                | State::AttributeValueUnquoted
        )
    }
}

impl From<TextState> for State {
    fn from(state: TextState) -> State {
        match state {
            TextState::Rcdata => State::Rcdata,
            TextState::Rawtext => State::Rawtext,
            TextState::ScriptData => State::ScriptData,
            TextState::Plaintext => State::Plaintext,
        }
    }
}
