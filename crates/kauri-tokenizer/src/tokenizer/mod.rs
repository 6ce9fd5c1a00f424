//! The tokenizer driver (13.2.5): input buffering, the state loop, token emission, errors.
//!
//! Interim skeleton: the public API is final; the state machine lands in the next commit.

mod state;

pub use state::State;

use crate::names::LocalName;
use crate::sink::TokenSink;
use crate::token::{Span, Token};

/// Options for a new [`Tokenizer`].
#[derive(Clone, Debug, Default)]
pub struct TokenizerOptions {
    /// The state to start in (the data state unless a fragment or a test says otherwise).
    pub initial_state: State,
    /// "The tag name of the last start tag to have been emitted from this tokenizer", as a
    /// fragment parser or a test sets it (used for appropriate end tag tokens).
    pub last_start_tag: Option<LocalName>,
}

/// The HTML tokenizer: feed it text in chunks of any size, then call [`Tokenizer::end`].
pub struct Tokenizer<S: TokenSink> {
    sink: S,
    state: State,
    last_start_tag: Option<LocalName>,
    buf: String,
}

impl<S: TokenSink> Tokenizer<S> {
    /// A tokenizer that pushes tokens into `sink`.
    pub fn new(sink: S, opts: TokenizerOptions) -> Self {
        Tokenizer {
            sink,
            state: opts.initial_state,
            last_start_tag: opts.last_start_tag,
            buf: String::new(),
        }
    }

    /// Feeds the next chunk of input (any size, down to one character; a CR LF pair may be
    /// split across chunks).
    pub fn feed(&mut self, chunk: &str) {
        self.buf.push_str(chunk);
    }

    /// Ends the input: processes what is left and emits [`Token::Eof`].
    pub fn end(&mut self) {
        let _ = (&self.state, &self.last_start_tag);
        let len = self.buf.len();
        if len > 0 {
            self.sink
                .process_token(Token::Characters(&self.buf), Span::new(0, len));
        }
        self.sink.process_token(Token::Eof, Span::new(len, len));
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, mutably.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Consumes the tokenizer and returns the sink.
    pub fn into_sink(self) -> S {
        self.sink
    }
}
