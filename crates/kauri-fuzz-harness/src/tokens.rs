//! A token sink that records everything the tokenizer reports, for comparing a whole-input run
//! with a chunked one, and helpers to run the tokenizer either way.
//!
//! The sink behaves like a small tree builder so that every tokenizer state is reachable: after
//! a start tag for an RCDATA, RAWTEXT, script or PLAINTEXT element it switches the tokenizer to
//! that state, and inside `<svg>` / `<math>` it reports a foreign adjusted current node (so
//! `<![CDATA[` sections are recognized). Both depend only on the token stream, so they are the
//! same however the input is chunked.

use std::fmt::Write as _;

use kauri_tokenizer::{
    LocalName, ParseError, Span, State, TagKind, TextState, Token, TokenSink, TokenSinkResult,
    Tokenizer, TokenizerOptions,
};

/// Records tokens (adjacent character tokens coalesced, with their spans merged) with their
/// spans, and parse errors, as text.
///
/// Tokens and errors are kept apart: the tokenizer reports the input-stream errors
/// (`control-character-in-input-stream`, `noncharacter-in-input-stream`) when it scans ahead,
/// so where they fall *between* tokens depends on the chunking (see docs/robustness.md).
/// Each sequence on its own must not.
#[derive(Default)]
pub struct Recorder {
    /// One line per token, in the order reported.
    pub log: String,
    /// One line per parse error, in the order reported.
    pub errors: String,
    chars: String,
    chars_span: Option<Span>,
    foreign_depth: usize,
    /// Whether to switch to text states after the matching start tags.
    pub switch_states: bool,
    /// Whether to tell the tokenizer that no errors are wanted (`TokenizerOptions::errors`),
    /// which lets it skip looking for them and changes how it checks long attribute lists.
    pub quiet: bool,
}

impl Recorder {
    fn flush_chars(&mut self) {
        if let Some(span) = self.chars_span.take() {
            let _ = writeln!(
                self.log,
                "Characters {:?} @{}..{}",
                self.chars, span.start, span.end
            );
            self.chars.clear();
        }
    }

    fn push_chars(&mut self, text: &str, span: Span) {
        self.chars.push_str(text);
        self.chars_span = Some(match self.chars_span {
            Some(prev) => Span::new(prev.start, span.end),
            None => span,
        });
    }

    /// The token log (with any pending characters flushed), then the errors.
    pub fn finish(mut self) -> String {
        self.flush_chars();
        self.log.push_str("--- errors\n");
        self.log.push_str(&self.errors);
        self.log
    }
}

impl TokenSink for Recorder {
    fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult {
        match token {
            Token::Characters(text) => {
                self.push_chars(text, span);
                return TokenSinkResult::Continue;
            }
            Token::NullCharacter => {
                self.push_chars("\0", span);
                return TokenSinkResult::Continue;
            }
            _ => self.flush_chars(),
        }
        let _ = writeln!(self.log, "{token:?} @{}..{}", span.start, span.end);
        if let Token::Tag(tag) = &token {
            match (tag.kind, &*tag.name) {
                (TagKind::StartTag, "svg" | "math") if !tag.self_closing => self.foreign_depth += 1,
                (TagKind::EndTag, "svg" | "math") => {
                    self.foreign_depth = self.foreign_depth.saturating_sub(1)
                }
                _ => {}
            }
            if self.switch_states && tag.kind == TagKind::StartTag && self.foreign_depth == 0 {
                let state = match &*tag.name {
                    "title" | "textarea" => Some(TextState::Rcdata),
                    "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => {
                        Some(TextState::Rawtext)
                    }
                    "script" => Some(TextState::ScriptData),
                    "plaintext" => Some(TextState::Plaintext),
                    _ => None,
                };
                if let Some(state) = state {
                    return TokenSinkResult::SwitchTo(state);
                }
            }
        }
        TokenSinkResult::Continue
    }

    fn parse_error(&mut self, error: ParseError) {
        assert!(
            !self.quiet,
            "an error was reported to a sink that wants none: {error:?}"
        );
        let _ = writeln!(self.errors, "{error:?}");
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.foreign_depth > 0
    }
}

/// The initial states a tokenizer run can start in (those the html5lib tests use).
pub const INITIAL_STATES: &[State] = &[
    State::Data,
    State::Rcdata,
    State::Rawtext,
    State::ScriptData,
    State::Plaintext,
    State::CdataSection,
];

/// "Last start tag" values for appropriate end tags.
pub const LAST_START_TAGS: &[Option<&str>] = &[None, Some("title"), Some("script"), Some("style")];

/// How one tokenizer run is set up, from one control byte.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The initial state.
    pub state: State,
    /// The last start tag.
    pub last_start_tag: Option<&'static str>,
    /// Whether the sink switches to text states.
    pub switch_states: bool,
}

impl Setup {
    /// Decodes a control byte.
    pub fn from_byte(byte: u8) -> Setup {
        Setup {
            state: INITIAL_STATES[(byte & 7) as usize % INITIAL_STATES.len()],
            last_start_tag: LAST_START_TAGS[((byte >> 3) & 3) as usize],
            switch_states: byte & 0x20 != 0,
        }
    }

    fn tokenizer(&self, quiet: bool) -> Tokenizer<Recorder> {
        Tokenizer::new(
            Recorder {
                switch_states: self.switch_states,
                quiet,
                ..Recorder::default()
            },
            TokenizerOptions {
                errors: !quiet,
                initial_state: self.state,
                last_start_tag: self.last_start_tag.map(LocalName::from),
                ..TokenizerOptions::default()
            },
        )
    }
}

/// Tokenizes `input` in one piece and returns the log.
pub fn tokenize_whole(input: &str, setup: Setup) -> String {
    recorded(&[input], setup, false).finish()
}

/// Tokenizes `input` in one piece and returns the token log alone, for a sink that wants
/// errors or (`quiet`) one that does not: the two must be equal.
pub fn tokens_whole(input: &str, setup: Setup, quiet: bool) -> String {
    let mut recorder = recorded(&[input], setup, quiet);
    recorder.flush_chars();
    recorder.log
}

/// Tokenizes `input` fed in the given pieces (which must concatenate to the input; empty pieces
/// allowed) and returns the log.
pub fn tokenize_pieces(pieces: &[&str], setup: Setup) -> String {
    recorded(pieces, setup, false).finish()
}

/// The recorder after tokenizing the input fed in `pieces`.
fn recorded(pieces: &[&str], setup: Setup, quiet: bool) -> Recorder {
    let mut tokenizer = setup.tokenizer(quiet);
    for piece in pieces {
        let _ = tokenizer.feed(piece);
    }
    let _ = tokenizer.end();
    tokenizer.into_sink()
}

/// Splits `input` at the given byte offsets (each moved down to a character boundary, then
/// sorted; offsets past the end are clamped).
pub fn split_at_offsets<'s>(input: &'s str, offsets: &[usize]) -> Vec<&'s str> {
    let mut cuts: Vec<usize> = offsets
        .iter()
        .map(|&o| {
            let mut o = o.min(input.len());
            while !input.is_char_boundary(o) {
                o -= 1;
            }
            o
        })
        .collect();
    cuts.sort_unstable();
    let mut pieces = Vec::with_capacity(cuts.len() + 1);
    let mut start = 0;
    for cut in cuts {
        pieces.push(&input[start..cut]);
        start = cut;
    }
    pieces.push(&input[start..]);
    pieces
}
