//! The tokenizer driver (§ tokenization): input buffering, the state loop, token emission, errors.
//!
//! The state machine works on the bytes of the buffered input. Every state consumes one character
//! at a time through [`Tokenizer::consume`] (which also performs the newline normalization of
//! § preprocessing-the-input-stream), except for the fast paths that take whole runs of ordinary
//! characters with `memchr`. When the buffer runs out before a state can decide (a CR that may be
//! followed by LF, `<!DOC` that may become `<!DOCTYPE`, `&no` that may become `&not;`), the state
//! returns without consuming anything and resumes when more input arrives, so any chunking gives
//! the same tokens, errors and positions.
//!
//! Text is passed on as slices of the input whenever it was not changed (no CR, NUL or character
//! reference in between); otherwise it is collected in a reused buffer.

mod atom_cache;
mod attribute_builder;
mod attribute_list;
mod attributes;
mod buffer;
mod char_ref;
mod comment;
mod data;
mod doctype;
mod emit;
mod ordinary_tag;
mod rawtext;
mod search;
mod special;
mod state;
mod stopped;
mod strings;

pub use state::State;
pub use stopped::TokenizerError;

use stopped::CallGuard;

use atom_cache::AtomCache;
use attribute_builder::AttributeBuilder;

use crate::names::LocalName;
use crate::sink::TokenSink;
use crate::token::{Doctype, Span, TagKind, Token};

/// Options for a new [`Tokenizer`].
#[derive(Clone, Debug)]
pub struct TokenizerOptions {
    /// Whether to report parse errors to the sink ([`TokenSink::parse_error`]). When false,
    /// the tokenizer skips the work of finding them and computing their positions. Default
    /// true. (A pipeline sets this from its own options: the tokenizer never asks its sink.)
    pub errors: bool,
    /// The state to start in (the data state unless a fragment or a test says otherwise).
    pub initial_state: State,
    /// "The tag name of the last start tag to have been emitted from this tokenizer", as a
    /// fragment parser or a test sets it (used for appropriate end tag tokens).
    pub last_start_tag: Option<LocalName>,
    /// A resource limit (not part of the standard; `None`, the default, is no limit): a tag
    /// keeps at most this many attributes. Once a tag has this many (distinct, kept)
    /// attributes, every further attribute is dropped, each with a parse error whose code is
    /// the Kauri-specific [`ErrorCode::TooManyAttributes`](crate::ErrorCode::TooManyAttributes) (reported where the dropped
    /// attribute's name ends). The kept attributes are the first ones in source order. A later attribute whose
    /// name repeats a kept one is still a `duplicate-attribute`; one whose name repeats a
    /// dropped one is counted as another attribute over the limit.
    pub max_attributes: Option<usize>,
}

impl Default for TokenizerOptions {
    fn default() -> Self {
        TokenizerOptions {
            errors: true,
            initial_state: State::default(),
            last_start_tag: None,
            max_attributes: None,
        }
    }
}

/// The HTML tokenizer: feed it text in chunks of any size, then call [`Tokenizer::end`].
///
/// ```
/// use kauri_tokenizer::{Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions};
///
/// #[derive(Default)]
/// struct Text(String);
/// impl TokenSink for Text {
///     fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
///         if let Token::Characters(text) = token {
///             self.0.push_str(text);
///         }
///         TokenSinkResult::Continue
///     }
/// }
///
/// let mut tokenizer = Tokenizer::new(Text::default(), TokenizerOptions::default());
/// tokenizer.feed("<p>fish &amp;")?;
/// tokenizer.feed(" chips\r")?;
/// tokenizer.feed("\n</p>")?;
/// tokenizer.end()?;
/// assert_eq!(tokenizer.sink().0, "fish & chips\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Tokenizer<S: TokenSink> {
    sink: S,
    state: State,
    return_state: State,
    /// [`TokenizerOptions::errors`].
    errors_on: bool,
    /// `end` was called: running out of input means EOF.
    eof: bool,
    /// The end-of-file token was emitted.
    done: bool,
    /// A call unwound (the sink panicked): every later call is refused (see `stopped.rs`).
    stopped: bool,
    /// The sink asked to pause ([`TokenSinkResult::Pause`](crate::TokenSinkResult::Pause)) and the input after that token
    /// was not taken yet ([`Tokenizer::take_paused_input`]).
    paused: bool,
    /// Whether a CR or a NULL was fed so far (until one is, text runs only need to stop at their
    /// own delimiters).
    cr_or_null: CrOrNull,

    // Input.
    /// Unconsumed input, plus whatever earlier input a suspended state may still refer to.
    buf: buffer::Buffer,
    /// Absolute offset of `buf[0]` in the input as fed.
    base: usize,
    /// Index in `buf` of the next input character.
    pos: usize,
    /// Index in `buf` of the current input character (the last one consumed).
    cur: usize,

    // Pending character tokens.
    text: PendingText,
    /// The buffer range of the pending characters when they are [`PendingText::Slice`].
    text_slice: (usize, usize),
    /// The span of the pending characters when they are [`PendingText::Owned`] (a slice's is
    /// made from `text_slice`).
    text_span: Span,

    // The current tag token.
    tag_kind: TagKind,
    self_closing: bool,
    /// The current tag's attributes and the attribute being built.
    attr: AttributeBuilder,
    /// Absolute offset of the `<` that started the current tag, comment, DOCTYPE or PI.
    token_start: usize,
    /// The name of the last start tag emitted, or the empty name before the first (no tag
    /// name is empty: an end tag name state starts with a letter). Not an `Option`: setting it
    /// after every start tag then has no discriminant to test and write.
    last_start_tag: LocalName,

    // Other tokens and buffers.
    /// The pending text when it was copied, the end tag states' name and temporary buffer,
    /// the current comment.
    strings: strings::Strings,
    doctype: Doctype,
    pi_data: String,
    char_ref_code: u32,
    /// Absolute offset of the `&` of the current character reference.
    char_ref_start: usize,

    // Errors.
    input: crate::input::InputChecker,
    /// Recently made name atoms.
    atoms: AtomCache,
}

/// Whether the input fed so far holds a CR or a NULL: the text runs' fast scans stop only at
/// their own delimiters until one does (a CR needs newline normalization, a NULL an error and a
/// replacement).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CrOrNull {
    /// Neither was fed.
    NotFed,
    /// At least one was.
    Fed,
}

/// Character tokens queued and not yet passed to the sink (a run of them is one
/// [`Token::Characters`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PendingText {
    /// None are queued.
    None,
    /// They are the input `buf[start..end]` for `(start, end)` = `Tokenizer::text_slice`,
    /// unchanged: passed to the sink without a copy.
    Slice,
    /// They differ from the input (a normalized newline, U+FFFD for NULL, a character
    /// reference, or runs that are not adjacent) and are in `Strings::text_owned`.
    Owned,
}

/// The next input character, as the standard's states see it: a character (already
/// newline-normalized), or the end of the input ("EOF" in the states' tables).
/// [`Tokenizer::consume`] gives `None` instead when the buffer ran out before the end: the state
/// must return `false` and wait for more input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Input {
    /// The next input character.
    Char(char),
    /// The end of the input.
    Eof,
}

impl<S: TokenSink> Tokenizer<S> {
    /// A tokenizer that pushes tokens into `sink`.
    pub fn new(sink: S, opts: TokenizerOptions) -> Self {
        let errors_on = opts.errors;
        Tokenizer {
            sink,
            state: opts.initial_state,
            return_state: State::Data,
            errors_on,
            eof: false,
            done: false,
            stopped: false,
            paused: false,
            cr_or_null: CrOrNull::NotFed,
            buf: buffer::Buffer::default(),
            base: 0,
            pos: 0,
            cur: 0,
            text: PendingText::None,
            text_slice: (0, 0),
            text_span: Span::default(),
            tag_kind: TagKind::StartTag,
            self_closing: false,
            attr: AttributeBuilder::new(opts.max_attributes),
            token_start: 0,
            last_start_tag: opts.last_start_tag.unwrap_or_default(),
            strings: strings::Strings::new(),
            doctype: Doctype::default(),
            pi_data: String::new(),
            char_ref_code: 0,
            char_ref_start: 0,
            input: crate::input::InputChecker::default(),
            atoms: AtomCache::new(),
        }
    }

    /// Feeds the next chunk of input (any size, down to one character; a CR LF pair may be
    /// split across chunks). Tokens that are complete are passed to the sink before this
    /// returns, except character tokens, which wait for the next other token (or the end):
    /// a run of text is one token however the input was split. Feeding after
    /// [`Tokenizer::end`] does nothing. Fails only when an earlier call unwound because the
    /// sink panicked ([`TokenizerError::SinkPanicked`]).
    pub fn feed(&mut self, chunk: &str) -> Result<(), TokenizerError> {
        let guard = CallGuard::start(self)?;
        guard.tokenizer.feed_in_place(chunk);
        guard.finish();
        Ok(())
    }

    /// [`Tokenizer::feed`] inside its call guard.
    fn feed_in_place(&mut self, chunk: &str) {
        if self.eof {
            return;
        }
        if self.cr_or_null == CrOrNull::NotFed
            && memchr::memchr2(b'\r', 0, chunk.as_bytes()).is_some()
        {
            self.cr_or_null = CrOrNull::Fed;
        }
        if self.buf.is_empty() {
            // Work on the chunk in place; `compact` keeps (copies) only what is unconsumed.
            // SAFETY: the loan ends before `chunk`'s borrow does, on every path: `compact`
            // below ends it when the call returns; if the sink panics out of `run` or
            // `compact`, the `CallGuard` of `feed` (which outlives this call and ends before
            // `feed` unwinds into its caller, who owns `chunk`) clears the buffer.
            unsafe { self.buf.lend(chunk) };
        } else {
            self.buf.push_str(chunk);
        }
        self.run();
        self.keep_pending_text();
        self.compact();
    }

    /// The end of a chunk: pending character tokens stay pending (copied out of the buffer,
    /// which is compacted), so that a run of text is one character token, with one span,
    /// however the input was split (the tree builder reports some errors at a character
    /// token's start).
    fn keep_pending_text(&mut self) {
        if let PendingText::Slice = self.text {
            self.own_pending_text();
        }
    }

    /// Like [`Tokenizer::feed`], but takes the chunk by value: when nothing is buffered (the
    /// usual case for a whole document decoded into a `String`), the tokenizer works on it
    /// directly instead of copying it.
    pub fn feed_string(&mut self, chunk: String) -> Result<(), TokenizerError> {
        let guard = CallGuard::start(self)?;
        let tokenizer = &mut *guard.tokenizer;
        if !tokenizer.buf.is_empty() || tokenizer.eof {
            tokenizer.feed_in_place(&chunk);
        } else {
            if tokenizer.cr_or_null == CrOrNull::NotFed
                && memchr::memchr2(b'\r', 0, chunk.as_bytes()).is_some()
            {
                tokenizer.cr_or_null = CrOrNull::Fed;
            }
            debug_assert_eq!(tokenizer.pos, 0);
            tokenizer.buf.set_owned(chunk);
            tokenizer.run();
            tokenizer.keep_pending_text();
            tokenizer.compact();
        }
        guard.finish();
        Ok(())
    }

    /// Ends the input: processes what is left and emits [`Token::Eof`]. Calling it again
    /// does nothing. Fails only when an earlier call unwound because the sink panicked
    /// ([`TokenizerError::SinkPanicked`]).
    pub fn end(&mut self) -> Result<(), TokenizerError> {
        let guard = CallGuard::start(self)?;
        let tokenizer = &mut *guard.tokenizer;
        if !tokenizer.eof {
            tokenizer.eof = true;
            tokenizer.run();
            tokenizer.flush_text();
            let end = tokenizer.buf.len();
            if tokenizer.errors_on {
                tokenizer.input.scan(
                    &tokenizer.buf,
                    tokenizer.base,
                    tokenizer.base + end,
                    &mut tokenizer.sink,
                );
            }
            let at = tokenizer.base + end;
            tokenizer.done = true;
            tokenizer.sink.process_token(Token::Eof, Span::new(at, at));
        }
        guard.finish();
        Ok(())
    }

    /// Whether a call unwound because the sink panicked: the tokenizer then refuses every
    /// call that would read input ([`TokenizerError::SinkPanicked`]).
    ///
    /// ```
    /// # use kauri_tokenizer::{Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions};
    /// struct Ignore;
    /// impl TokenSink for Ignore {
    ///     fn process_token(&mut self, _: Token<'_>, _: Span) -> TokenSinkResult {
    ///         TokenSinkResult::Continue
    ///     }
    /// }
    /// let mut tokenizer = Tokenizer::new(Ignore, TokenizerOptions::default());
    /// tokenizer.feed("<p>")?;
    /// assert!(!tokenizer.is_stopped());
    /// # Ok::<(), kauri_tokenizer::TokenizerError>(())
    /// ```
    pub fn is_stopped(&self) -> bool {
        self.stopped
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

    /// Runs states until the input runs out (or the end-of-file token is due).
    fn run(&mut self) {
        while !self.done && !self.paused && self.step() {}
    }

    /// Whether the sink asked to pause ([`TokenSinkResult::Pause`](crate::TokenSinkResult::Pause)): the last `feed` stopped
    /// after that token and left the rest of its input unconsumed.
    ///
    /// ```
    /// # use kauri_tokenizer::{Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions};
    /// struct PauseAtTags;
    /// impl TokenSink for PauseAtTags {
    ///     fn process_token(&mut self, token: Token<'_>, _: Span) -> TokenSinkResult {
    ///         match token {
    ///             Token::Tag(_) => TokenSinkResult::Pause,
    ///             _ => TokenSinkResult::Continue,
    ///         }
    ///     }
    /// }
    /// let mut tokenizer = Tokenizer::new(PauseAtTags, TokenizerOptions::default());
    /// tokenizer.feed("a<b>c<d>e")?;
    /// assert!(tokenizer.is_paused());
    /// assert_eq!(tokenizer.take_paused_input().unwrap().as_deref(), Some("c<d>e"));
    /// assert!(!tokenizer.is_paused());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// After a pause ([`Tokenizer::is_paused`]): ends the pause and returns the input the
    /// last `feed` left unconsumed (everything after the token that paused). The caller feeds
    /// it again later, after whatever it inserts at this point (`document.write`, § the-insertion-point):
    /// offsets count on from where the pause left them. `None` when not paused.
    pub fn take_paused_input(&mut self) -> Result<Option<String>, TokenizerError> {
        if self.stopped {
            return Err(TokenizerError::SinkPanicked);
        }
        if !self.paused {
            return Ok(None);
        }
        self.paused = false;
        // A pause is only ever left by a `feed` that returned normally, whose `compact` ended
        // any loan: the buffer is owned text here.
        let rest = self.buf[self.pos..].to_owned();
        let keep = self.pos;
        self.buf.truncate(keep);
        Ok(Some(rest))
    }

    /// The earliest input offset a token not yet passed to the sink can start at (tokens,
    /// and so the tree builder's errors, never point before it): the current input offset
    /// between tokens, else the start of the pending character tokens or of the unfinished
    /// tag, comment, DOCTYPE or character reference.
    ///
    /// ```
    /// # use kauri_tokenizer::{Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions};
    /// struct Ignore;
    /// impl TokenSink for Ignore {
    ///     fn process_token(&mut self, _: Token<'_>, _: Span) -> TokenSinkResult {
    ///         TokenSinkResult::Continue
    ///     }
    /// }
    /// let mut tokenizer = Tokenizer::new(Ignore, TokenizerOptions::default());
    /// tokenizer.feed("<p>text<a hr")?;
    /// assert_eq!(tokenizer.unfinished_from(), 3); // "text" waits for the tag to end
    /// tokenizer.feed("ef=x>more")?;
    /// assert_eq!(tokenizer.unfinished_from(), 17);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unfinished_from(&self) -> usize {
        let here = match self.text {
            PendingText::None => self.abs(self.pos),
            PendingText::Slice => self.slice_span().start.min(self.abs(self.pos)),
            PendingText::Owned => self.text_span.start.min(self.abs(self.pos)),
        };
        match self.state {
            State::Data | State::Rcdata | State::Rawtext | State::ScriptData | State::Plaintext => {
                here
            }
            state if state.is_character_reference() => {
                here.min(self.token_start).min(self.char_ref_start)
            }
            _ => here.min(self.token_start),
        }
    }

    /// Runs one state; false when it has to wait for more input or reached the end.
    fn step(&mut self) -> bool {
        match self.state {
            State::Data => self.data_state(),
            State::Rcdata => self.rcdata_state(),
            State::Rawtext => self.rawtext_state(),
            State::ScriptData => self.script_data_state(),
            State::Plaintext => self.plaintext_state(),
            State::TagOpen => self.tag_open_state(),
            State::EndTagOpen => self.end_tag_open_state(),
            State::TagName => self.tag_name_state(),
            State::RcdataLessThanSign => self.rcdata_less_than_sign_state(),
            State::RcdataEndTagOpen => self.rcdata_end_tag_open_state(),
            State::RcdataEndTagName => self.rcdata_end_tag_name_state(),
            State::RawtextLessThanSign => self.rawtext_less_than_sign_state(),
            State::RawtextEndTagOpen => self.rawtext_end_tag_open_state(),
            State::RawtextEndTagName => self.rawtext_end_tag_name_state(),
            State::ScriptDataLessThanSign => self.script_data_less_than_sign_state(),
            State::ScriptDataEndTagOpen => self.script_data_end_tag_open_state(),
            State::ScriptDataEndTagName => self.script_data_end_tag_name_state(),
            State::ScriptDataEscapeStart => self.script_data_escape_start_state(),
            State::ScriptDataEscapeStartDash => self.script_data_escape_start_dash_state(),
            State::ScriptDataEscaped => self.script_data_escaped_state(),
            State::ScriptDataEscapedDash => self.script_data_escaped_dash_state(),
            State::ScriptDataEscapedDashDash => self.script_data_escaped_dash_dash_state(),
            State::ScriptDataEscapedLessThanSign => self.script_data_escaped_less_than_sign_state(),
            State::ScriptDataEscapedEndTagOpen => self.script_data_escaped_end_tag_open_state(),
            State::ScriptDataEscapedEndTagName => self.script_data_escaped_end_tag_name_state(),
            State::ScriptDataDoubleEscapeStart => self.script_data_double_escape_start_state(),
            State::ScriptDataDoubleEscaped => self.script_data_double_escaped_state(),
            State::ScriptDataDoubleEscapedDash => self.script_data_double_escaped_dash_state(),
            State::ScriptDataDoubleEscapedDashDash => {
                self.script_data_double_escaped_dash_dash_state()
            }
            State::ScriptDataDoubleEscapedLessThanSign => {
                self.script_data_double_escaped_less_than_sign_state()
            }
            State::ScriptDataDoubleEscapeEnd => self.script_data_double_escape_end_state(),
            State::BeforeAttributeName => self.before_attribute_name_state(),
            State::AttributeName => self.attribute_name_state(),
            State::AfterAttributeName => self.after_attribute_name_state(),
            State::BeforeAttributeValue => self.before_attribute_value_state(),
            State::AttributeValueDoubleQuoted => self.attribute_value_quoted_state(b'"'),
            State::AttributeValueSingleQuoted => self.attribute_value_quoted_state(b'\''),
            State::AttributeValueUnquoted => self.attribute_value_unquoted_state(),
            State::AfterAttributeValueQuoted => self.after_attribute_value_quoted_state(),
            State::SelfClosingStartTag => self.self_closing_start_tag_state(),
            State::BogusComment => self.bogus_comment_state(),
            State::MarkupDeclarationOpen => self.markup_declaration_open_state(),
            State::CommentStart => self.comment_start_state(),
            State::CommentStartDash => self.comment_start_dash_state(),
            State::Comment => self.comment_state(),
            State::CommentLessThanSign => self.comment_less_than_sign_state(),
            State::CommentLessThanSignBang => self.comment_less_than_sign_bang_state(),
            State::CommentLessThanSignBangDash => self.comment_less_than_sign_bang_dash_state(),
            State::CommentLessThanSignBangDashDash => {
                self.comment_less_than_sign_bang_dash_dash_state()
            }
            State::CommentEndDash => self.comment_end_dash_state(),
            State::CommentEnd => self.comment_end_state(),
            State::CommentEndBang => self.comment_end_bang_state(),
            State::Doctype => self.doctype_state(),
            State::BeforeDoctypeName => self.before_doctype_name_state(),
            State::DoctypeName => self.doctype_name_state(),
            State::AfterDoctypeName => self.after_doctype_name_state(),
            State::AfterDoctypePublicKeyword => self.after_doctype_keyword_state(true),
            State::BeforeDoctypePublicIdentifier => self.before_doctype_identifier_state(true),
            State::DoctypePublicIdentifierDoubleQuoted => {
                self.doctype_identifier_quoted_state(true, '"')
            }
            State::DoctypePublicIdentifierSingleQuoted => {
                self.doctype_identifier_quoted_state(true, '\'')
            }
            State::AfterDoctypePublicIdentifier => self.after_doctype_public_identifier_state(),
            State::BetweenDoctypePublicAndSystemIdentifiers => {
                self.between_doctype_public_and_system_identifiers_state()
            }
            State::AfterDoctypeSystemKeyword => self.after_doctype_keyword_state(false),
            State::BeforeDoctypeSystemIdentifier => self.before_doctype_identifier_state(false),
            State::DoctypeSystemIdentifierDoubleQuoted => {
                self.doctype_identifier_quoted_state(false, '"')
            }
            State::DoctypeSystemIdentifierSingleQuoted => {
                self.doctype_identifier_quoted_state(false, '\'')
            }
            State::AfterDoctypeSystemIdentifier => self.after_doctype_system_identifier_state(),
            State::BogusDoctype => self.bogus_doctype_state(),
            State::CdataSection => self.cdata_section_state(),
            State::CdataSectionBracket => self.cdata_section_bracket_state(),
            State::CdataSectionEnd => self.cdata_section_end_state(),
            State::ProcessingInstructionOpen => self.processing_instruction_open_state(),
            State::ProcessingInstructionTarget => self.processing_instruction_target_state(),
            State::AfterProcessingInstructionTarget => {
                self.after_processing_instruction_target_state()
            }
            State::ProcessingInstructionData => self.processing_instruction_data_state(),
            State::ProcessingInstructionQuestionable => {
                self.processing_instruction_questionable_state()
            }
            State::CharacterReference => self.character_reference_state(),
            State::NamedCharacterReference => self.named_character_reference_state(),
            State::AmbiguousAmpersand => self.ambiguous_ampersand_state(),
            State::NumericCharacterReference => self.numeric_character_reference_state(),
            State::HexadecimalCharacterReferenceStart => {
                self.hexadecimal_character_reference_start_state()
            }
            State::HexadecimalCharacterReference => self.hexadecimal_character_reference_state(),
            State::DecimalCharacterReference => self.decimal_character_reference_state(),
            State::NumericCharacterReferenceEnd => self.numeric_character_reference_end_state(),
        }
    }

    // ----- Input -----

    /// Consumes the next input character, normalizing CR and CR LF to LF
    /// (§ preprocessing-the-input-stream).
    #[inline]
    fn consume(&mut self) -> Option<Input> {
        let bytes = self.buf.as_bytes();
        let Some(&b) = bytes.get(self.pos) else {
            if self.eof {
                self.cur = self.pos;
                return Some(Input::Eof);
            }
            return None;
        };
        self.cur = self.pos;
        if b < 0x80 {
            if b == b'\r' {
                match bytes.get(self.pos + 1) {
                    Some(b'\n') => self.pos += 2,
                    Some(_) => self.pos += 1,
                    None if self.eof => self.pos += 1,
                    None => return None,
                }
                return Some(Input::Char('\n'));
            }
            self.pos += 1;
            return Some(Input::Char(b as char));
        }
        let c = self.buf[self.pos..].chars().next().unwrap_or('\u{FFFD}');
        self.pos += c.len_utf8();
        Some(Input::Char(c))
    }

    /// "Reconsume in the X state": the current input character is the next one again.
    #[inline]
    fn reconsume(&mut self, state: State) {
        self.pos = self.cur;
        self.state = state;
    }

    /// The absolute offset of a buffer index.
    #[inline]
    fn abs(&self, index: usize) -> usize {
        self.base + index
    }

    /// The unconsumed bytes.
    #[inline]
    fn rest(&self) -> &[u8] {
        &self.buf.as_bytes()[self.pos..]
    }

    /// The length of the run of unconsumed bytes before the next `a`, `b`, CR or NULL.
    #[inline]
    fn run_length(&self, a: u8, b: u8) -> usize {
        let rest = self.rest();
        if self.cr_or_null == CrOrNull::NotFed {
            return search::find2::<{ search::DATA_WORDS }>(a, b, rest).unwrap_or(rest.len());
        }
        let n = memchr::memchr3(a, b, b'\r', rest).unwrap_or(rest.len());
        memchr::memchr(0, &rest[..n]).unwrap_or(n)
    }

    /// Checks whether the next input characters match `word` (ASCII, case-insensitively when
    /// `ignore_case`). `None`: not decidable yet (the buffer ends inside a possible match).
    fn lookahead(&self, word: &[u8], ignore_case: bool) -> Option<bool> {
        let rest = self.rest();
        let n = rest.len().min(word.len());
        let same = if ignore_case {
            rest[..n].eq_ignore_ascii_case(&word[..n])
        } else {
            rest[..n] == word[..n]
        };
        if !same {
            Some(false)
        } else if n == word.len() {
            Some(true)
        } else if self.eof {
            Some(false)
        } else {
            None
        }
    }

    /// Drops the input no state can refer to any more.
    fn compact(&mut self) {
        let keep = self.keep_from().min(self.pos);
        if self.errors_on {
            let upto = self.abs(self.pos);
            self.input.scan(&self.buf, self.base, upto, &mut self.sink);
            self.input.drop_before(&self.buf, self.base, self.abs(keep));
        }
        self.buf.drop_front(keep);
        if keep > 0 {
            self.base += keep;
            self.pos -= keep;
            self.cur = self.cur.saturating_sub(keep);
        }
    }

    /// The first buffer index the current state may still need: the `<` of a tag in the
    /// RCDATA/RAWTEXT/script end tag states (re-emitted as text when the tag is not
    /// appropriate) or the `&` of a character reference.
    fn keep_from(&self) -> usize {
        let token = self.token_start.saturating_sub(self.base);
        match self.state {
            State::TagOpen
            | State::EndTagOpen
            | State::RcdataLessThanSign
            | State::RcdataEndTagOpen
            | State::RcdataEndTagName
            | State::RawtextLessThanSign
            | State::RawtextEndTagOpen
            | State::RawtextEndTagName
            | State::ScriptDataLessThanSign
            | State::ScriptDataEndTagOpen
            | State::ScriptDataEndTagName
            | State::ScriptDataEscapedLessThanSign
            | State::ScriptDataEscapedEndTagOpen
            | State::ScriptDataEscapedEndTagName => token,
            state if state.is_character_reference() => {
                self.char_ref_start.saturating_sub(self.base)
            }
            _ => self.pos,
        }
    }
}
