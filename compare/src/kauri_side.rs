//! Kauri: the full DOM through the library API, and the tokenizer alone into a no-op sink.

use kauri_tokenizer::{Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions};

/// Full DOM: `kauri::parse` (parse errors off, the default).
pub fn parse_dom(text: &str) {
    let document = kauri::parse(text);
    std::hint::black_box(&document);
}

/// Full DOM with the parse errors collected (`ParseOptions::errors`).
pub fn parse_dom_with_errors(text: &str) {
    let opts = kauri::ParseOptions {
        errors: true,
        ..Default::default()
    };
    let document = kauri::parse_with_options(text, &opts);
    std::hint::black_box(&document);
}

/// The tokenizer alone, into a sink that drops every token (and asks for no errors, as
/// html5ever's tokenizer computes none by default).
pub fn tokenize(text: &str) {
    let options = TokenizerOptions {
        errors: false,
        ..TokenizerOptions::default()
    };
    let mut tokenizer = Tokenizer::new(NoopTokenSink, options);
    tokenizer.feed(text).expect("a no-op sink never panics");
    tokenizer.end().expect("a no-op sink never panics");
}

struct NoopTokenSink;

impl TokenSink for NoopTokenSink {
    fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
        std::hint::black_box(&token);
        TokenSinkResult::Continue
    }
}
