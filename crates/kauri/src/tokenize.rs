//! Tokenizing to the html5lib tokenizer-test JSON shape (used by `kauri tokenize` and the
//! conformance runner).
//!
//! The output is one JSON object:
//!
//! ```json
//! {"tokens":[["StartTag","a",{"href":"x"}],["Character","hi"]],
//!  "errors":[{"code":"eof-in-tag","line":1,"col":5}]}
//! ```
//!
//! Tokens use the html5lib format: `["StartTag", name, {attrs}]` (plus `true` when
//! self-closing), `["EndTag", name]`, `["Comment", data]`, `["Character", data]` (adjacent
//! character tokens coalesced; a NULL character token becomes `"\u0000"`),
//! `["DOCTYPE", name, public_id, system_id, correctness]` (`null` for missing values;
//! correctness is the negated force-quirks flag) and `["ProcessingInstruction", target, data]`.
//! The end-of-file token is not listed.

use kauri_tokenizer::{
    LocalName, ParseError, Span, State, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer,
    TokenizerOptions,
};
use std::fmt::Write as _;

/// Tokenizes `input` in one chunk, starting in `initial_state` with the given "last start tag"
/// (as the html5lib tests' `lastStartTag`), and returns the tokens and errors as JSON (see the
/// module documentation).
///
/// ```
/// use kauri::tokenize::to_json;
/// use kauri_tokenizer::State;
///
/// let json = to_json("<b>x</b>", State::Data, None);
/// assert_eq!(json, r#"{"tokens":[["StartTag","b",{}],["Character","x"],["EndTag","b"]],"errors":[]}"#);
/// ```
pub fn to_json(input: &str, initial_state: State, last_start_tag: Option<&str>) -> String {
    to_json_chunked(input, initial_state, last_start_tag, 0)
}

/// Like [`to_json`], but feeds the input `chunk_chars` characters at a time (0 means all at
/// once; 1 means one character per [`Tokenizer::feed`] call). The result must not depend on the
/// chunking.
///
/// ```
/// use kauri::tokenize::{to_json, to_json_chunked};
/// use kauri_tokenizer::State;
///
/// let input = "<a href=x>hi&amp;";
/// let one_char_at_a_time = to_json_chunked(input, State::Data, None, 1);
/// assert_eq!(one_char_at_a_time, to_json(input, State::Data, None));
/// assert_eq!(
///     one_char_at_a_time,
///     r#"{"tokens":[["StartTag","a",{"href":"x"}],["Character","hi&"]],"errors":[]}"#
/// );
/// ```
pub fn to_json_chunked(
    input: &str,
    initial_state: State,
    last_start_tag: Option<&str>,
    chunk_chars: usize,
) -> String {
    let options = TokenizerOptions {
        errors: true,
        initial_state,
        last_start_tag: last_start_tag.map(LocalName::from),
        max_attributes: None,
    };
    let mut tokenizer = Tokenizer::new(JsonSink::default(), options);
    if chunk_chars == 0 {
        let _ = tokenizer.feed(input);
    } else {
        let mut rest = input;
        while !rest.is_empty() {
            let cut = rest
                .char_indices()
                .nth(chunk_chars)
                .map_or(rest.len(), |(i, _)| i);
            let _ = tokenizer.feed(&rest[..cut]);
            rest = &rest[cut..];
        }
    }
    let _ = tokenizer.end();
    tokenizer.into_sink().finish()
}

/// Collects tokens and errors as JSON text.
#[derive(Default)]
struct JsonSink {
    tokens: String,
    count: usize,
    chars: String,
    errors: String,
}

impl JsonSink {
    fn start_token(&mut self) {
        if self.count > 0 {
            self.tokens.push(',');
        }
        self.count += 1;
    }

    fn flush_chars(&mut self) {
        if self.chars.is_empty() {
            return;
        }
        self.start_token();
        self.tokens.push_str("[\"Character\",");
        push_json_string(&mut self.tokens, &self.chars);
        self.tokens.push(']');
        self.chars.clear();
    }

    fn finish(mut self) -> String {
        self.flush_chars();
        format!(
            "{{\"tokens\":[{}],\"errors\":[{}]}}",
            self.tokens, self.errors
        )
    }
}

impl TokenSink for JsonSink {
    fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
        match token {
            Token::Characters(text) => {
                self.chars.push_str(text);
                return TokenSinkResult::Continue;
            }
            Token::NullCharacter => {
                self.chars.push('\0');
                return TokenSinkResult::Continue;
            }
            Token::Eof => {
                self.flush_chars();
                return TokenSinkResult::Continue;
            }
            _ => self.flush_chars(),
        }
        self.start_token();
        let out = &mut self.tokens;
        match token {
            Token::Tag(tag) => {
                let kind = match tag.kind {
                    TagKind::StartTag => "StartTag",
                    TagKind::EndTag => "EndTag",
                };
                let _ = write!(out, "[\"{kind}\",");
                push_json_string(out, &tag.name);
                if tag.kind == TagKind::StartTag {
                    out.push_str(",{");
                    for (i, attr) in tag.attrs.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        push_json_string(out, &attr.name.local);
                        out.push(':');
                        push_json_string(out, &attr.value);
                    }
                    out.push('}');
                    if tag.self_closing {
                        out.push_str(",true");
                    }
                }
                out.push(']');
            }
            Token::Comment(data) => {
                out.push_str("[\"Comment\",");
                push_json_string(out, data);
                out.push(']');
            }
            Token::Doctype(doctype) => {
                out.push_str("[\"DOCTYPE\",");
                for value in [&doctype.name, &doctype.public_id, &doctype.system_id] {
                    match value {
                        Some(s) => push_json_string(out, s),
                        None => out.push_str("null"),
                    }
                    out.push(',');
                }
                out.push_str(if doctype.force_quirks {
                    "false]"
                } else {
                    "true]"
                });
            }
            Token::ProcessingInstruction { target, data } => {
                out.push_str("[\"ProcessingInstruction\",");
                push_json_string(out, target);
                out.push(',');
                push_json_string(out, data);
                out.push(']');
            }
            Token::Characters(_) | Token::NullCharacter | Token::Eof => {}
        }
        TokenSinkResult::Continue
    }

    fn parse_error(&mut self, error: ParseError) {
        if !self.errors.is_empty() {
            self.errors.push(',');
        }
        self.errors.push_str("{\"code\":");
        push_json_string(&mut self.errors, error.code.as_str());
        let _ = write!(
            self.errors,
            ",\"line\":{},\"col\":{}}}",
            error.line, error.col
        );
    }
}

/// Appends `s` as a JSON string literal.
fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
