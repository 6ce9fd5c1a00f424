//! Tokenizes the given HTML files into a sink that drops the tokens, for profiling:
//! `valgrind --tool=callgrind --toggle-collect='*tokenize_page*' target/release/examples/tokenize_files FILES...`
//! counts the tokenizer's instructions alone (file reading excluded). Set `KAURI_ERRORS=1` to
//! have the sink ask for parse errors. Prints the bytes and tokens seen.

use kauri_tokenizer::{
    ParseError, Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions,
};
use std::hint::black_box;

struct NoopSink {
    tokens: usize,
}

impl TokenSink for NoopSink {
    fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
        black_box(&token);
        self.tokens += 1;
        TokenSinkResult::Continue
    }
    fn parse_error(&mut self, error: ParseError) {
        black_box(error);
    }
}

/// One page, one tokenizer: the function callgrind is told to count.
#[inline(never)]
fn tokenize_page(text: &str, errors: bool) -> usize {
    let options = TokenizerOptions {
        errors,
        ..TokenizerOptions::default()
    };
    let mut tokenizer = Tokenizer::new(NoopSink { tokens: 0 }, options);
    tokenizer.feed(text).unwrap();
    tokenizer.end().unwrap();
    tokenizer.into_sink().tokens
}

fn main() {
    let errors = std::env::var_os("KAURI_ERRORS").is_some_and(|v| v == "1");
    let mut bytes = 0;
    let mut tokens = 0;
    for path in std::env::args().skip(1) {
        let Ok(raw) = std::fs::read(&path) else {
            eprintln!("cannot read {path}");
            continue;
        };
        let text = String::from_utf8_lossy(&raw).into_owned();
        bytes += text.len();
        tokens += tokenize_page(black_box(&text), errors);
    }
    println!("{bytes} bytes, {tokens} tokens");
}
