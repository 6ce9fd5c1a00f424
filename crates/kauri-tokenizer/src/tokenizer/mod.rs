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

mod attribute_list;
mod attributes;
mod buffer;
mod char_ref;
mod comment;
mod data;
mod doctype;
mod ordinary_tag;
mod rawtext;
mod search;
mod special;
mod state;
mod stopped;

pub use state::State;
pub use stopped::TokenizerError;

use stopped::CallGuard;

use std::cell::Cell;

use attribute_list::AttributeList;

use crate::error::{ErrorCode, ParseError};
use crate::names::{hash_bytes, hash_word, DistinctAttrs, LocalName, NameKey, NameSet};
use crate::sink::{TokenSink, TokenSinkResult};
use crate::token::{Doctype, Span, Tag, TagKind, Token};

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
    /// the Kauri-specific [`ErrorCode::TooManyAttributes`] (reported where the dropped
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

/// Attribute lists longer than this use a hash set for the duplicate check.
const LINEAR_DUPLICATE_CHECK: usize = 12;

/// The current attribute's place in the tag's name set ([`Tokenizer::check_duplicate_attribute`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AttrKey {
    /// The tag's list is short and scanned: no set.
    None,
    /// Checked and kept: added under this key when it is finished.
    Checked(NameKey),
    /// Not checked yet: it becomes the pending attribute when it is finished
    /// ([`Tokenizer::resolve_pending_attribute`]).
    Deferred(NameKey),
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
    /// The sink asked to pause ([`TokenSinkResult::Pause`]) and the input after that token
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
    /// The pending characters when they are [`PendingText::Owned`].
    text_owned: String,
    text_span: Span,

    // The current tag token.
    tag_kind: TagKind,
    tag_name: String,
    self_closing: bool,
    /// The current tag's attributes, lent to the sink with the tag (see [`Tag::attrs`]).
    attrs: AttributeList,
    attr_name: String,
    attr_value: String,
    attr_active: bool,
    attr_duplicate: bool,
    attr_atom: Option<LocalName>,
    /// The current attribute's key in `attr_set`, once the tag uses the set.
    attr_key: AttrKey,
    attr_set: NameSet,
    /// A finished attribute whose duplicate check is deferred: its key and, when the check
    /// made it, its name; the name and value are in `pending_name` and `pending_value`.
    pending_attr: Option<(NameKey, Option<LocalName>)>,
    pending_name: String,
    pending_value: String,
    /// [`TokenizerOptions::max_attributes`].
    max_attributes: Option<usize>,
    /// Absolute offset of the `<` that started the current tag, comment, DOCTYPE or PI.
    token_start: usize,
    last_start_tag: Option<LocalName>,

    // Other tokens and buffers.
    temp: String,
    comment: String,
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

/// A small direct-mapped cache from names to atoms: most pages use a few dozen tag and
/// attribute names over and over, and a cache hit is much cheaper than interning the name
/// again. Names of up to 8 bytes (93% of attribute names, nearly all tag names) are keyed by
/// their bytes packed into one `u64` (zero-padded; names never contain NUL, the tokenizer
/// replaces it), so a hit is a multiply ([`hash_word`]), a shift and one integer compare. Longer
/// names hash their bytes ([`hash_bytes`]) and compare as strings.
struct AtomCache {
    slots: AtomSlots,
}

/// The slots of an [`AtomCache`]: a key (a short name's packed bytes, or [`AtomCache::LONG`])
/// and the name.
type AtomSlots = Vec<(u64, Option<LocalName>)>;

thread_local! {
    /// The slots of the last [`AtomCache`] dropped on this thread, for the next tokenizer: a
    /// small page would otherwise spend about as long filling and freeing the 512 slots as
    /// tokenizing, and the next page starts with the names the last one used. (A cached name
    /// is a value, the same whichever document it came from.)
    static SPARE_ATOM_SLOTS: Cell<Option<AtomSlots>> = const { Cell::new(None) };
}

impl Drop for AtomCache {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        if slots.len() == Self::SIZE {
            // (During thread teardown the slot may be gone: the slots are then just freed.)
            let _ = SPARE_ATOM_SLOTS.try_with(|spare| spare.set(Some(slots)));
        }
    }
}

impl AtomCache {
    const SIZE: usize = 512;
    /// `64 - log2(SIZE)`: the shift that turns a 64-bit hash into a slot index.
    const SHIFT: u32 = 55;
    /// Key of the slots that hold long names (no packed short name is all ones).
    const LONG: u64 = u64::MAX;

    fn new() -> AtomCache {
        let spare = SPARE_ATOM_SLOTS.try_with(Cell::take).ok().flatten();
        AtomCache {
            slots: spare.unwrap_or_else(|| vec![(0, None); Self::SIZE]),
        }
    }

    /// The bytes of a name of at most 8 bytes as one little-endian word, zero-padded.
    #[inline]
    fn pack(name: &[u8]) -> u64 {
        let mut word = [0u8; 8];
        word[..name.len()].copy_from_slice(name);
        u64::from_le_bytes(word)
    }

    /// The atom for `name`.
    #[inline]
    fn get(&mut self, name: &str) -> LocalName {
        let bytes = name.as_bytes();
        if bytes.len() <= 8 && !bytes.is_empty() {
            let key = Self::pack(bytes);
            let index = (hash_word(key) >> Self::SHIFT) as usize;
            let slot = &mut self.slots[index];
            if slot.0 == key {
                if let Some(atom) = &slot.1 {
                    return atom.clone();
                }
            }
            let atom = LocalName::from(name);
            *slot = (key, Some(atom.clone()));
            return atom;
        }
        self.get_long(name)
    }

    /// The atom for `raw` with ASCII upper case folded to lower case, as the tag name and
    /// attribute name states fold names.
    #[inline(always)]
    fn get_folded(&mut self, buf: &str, start: usize, end: usize) -> LocalName {
        let bytes = buf.as_bytes();
        let len = end.wrapping_sub(start);
        if len.wrapping_sub(1) < 8 {
            // One unaligned load and a mask when eight bytes are there to read.
            let mut key = match bytes.get(start..start + 8) {
                Some(word) => {
                    let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
                    word & (u64::MAX >> (64 - 8 * len))
                }
                None => Self::pack(bytes.get(start..end).unwrap_or_default()),
            };
            // Fold A-Z in all eight lanes at once: a lane gets 0x20 where its byte is in
            // 0x41..=0x5A (the zero padding and non-ASCII bytes stay as they are).
            let high = 0x8080_8080_8080_8080u64;
            let low7 = key & !high;
            let ge_a = low7.wrapping_add(0x3F3F_3F3F_3F3F_3F3F) & high;
            let gt_z = low7.wrapping_add(0x2525_2525_2525_2525) & high;
            let upper = ge_a & !gt_z & !(key & high);
            key |= upper >> 2;
            let index = (hash_word(key) >> Self::SHIFT) as usize;
            if let Some((slot_key, Some(atom))) = self.slots.get(index) {
                if *slot_key == key {
                    return atom.clone();
                }
            }
            return self.miss_short(&buf[start..end], key, index);
        }
        self.get_long(&buf[start..end].to_ascii_lowercase())
    }

    /// [`AtomCache::get_folded`] for a short name that is not in its slot.
    #[cold]
    #[inline(never)]
    fn miss_short(&mut self, raw: &str, key: u64, index: usize) -> LocalName {
        let atom = LocalName::from(&*raw.to_ascii_lowercase());
        self.slots[index] = (key, Some(atom.clone()));
        atom
    }

    /// [`AtomCache::get`] for names longer than 8 bytes (and the empty name).
    #[cold]
    #[inline(never)]
    fn get_long(&mut self, name: &str) -> LocalName {
        let slot = &mut self.slots[(hash_bytes(name.as_bytes()) >> Self::SHIFT) as usize];
        match &slot.1 {
            Some(atom) if slot.0 == Self::LONG && **atom == *name => atom.clone(),
            _ => {
                let atom = LocalName::from(name);
                *slot = (Self::LONG, Some(atom.clone()));
                atom
            }
        }
    }
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
    /// reference, or runs that are not adjacent) and are in `Tokenizer::text_owned`.
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
            text_owned: String::new(),
            text_span: Span::default(),
            tag_kind: TagKind::StartTag,
            tag_name: String::new(),
            self_closing: false,
            attrs: AttributeList::default(),
            attr_name: String::new(),
            attr_value: String::new(),
            attr_active: false,
            attr_duplicate: false,
            attr_atom: None,
            attr_key: AttrKey::None,
            attr_set: NameSet::new(),
            pending_attr: None,
            pending_name: String::new(),
            pending_value: String::new(),
            max_attributes: opts.max_attributes,
            token_start: 0,
            last_start_tag: opts.last_start_tag,
            temp: String::new(),
            comment: String::new(),
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

    /// Whether the sink asked to pause ([`TokenSinkResult::Pause`]): the last `feed` stopped
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
            PendingText::Slice | PendingText::Owned => self.text_span.start.min(self.abs(self.pos)),
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

    // ----- Errors -----

    /// Reports a parse error at the current input character (or at the end of the input).
    #[inline]
    fn error(&mut self, code: ErrorCode) {
        if self.errors_on {
            let at = self.abs(self.cur);
            self.error_at(code, at);
        }
    }

    /// Reports a parse error at an absolute offset.
    fn error_at(&mut self, code: ErrorCode, offset: usize) {
        if !self.errors_on {
            return;
        }
        // Keep errors and tokens in input order for the sink: the text before the error goes
        // first.
        self.flush_text();
        self.input
            .scan(&self.buf, self.base, offset + 1, &mut self.sink);
        let (line, col) = self.input.position(&self.buf, self.base, offset);
        self.sink.parse_error(ParseError {
            code,
            line,
            col,
            offset,
        });
    }

    // ----- Character tokens -----

    /// Queues input bytes `start..end` (buffer indices) as character tokens, unchanged.
    #[inline(always)]
    fn push_text_range(&mut self, start: usize, end: usize) {
        if start >= end {
            return;
        }
        if let PendingText::None = self.text {
            // The common case: the run starts a new character token, kept as a slice.
            self.text = PendingText::Slice;
            self.text_slice = (start, end);
            self.text_span = Span::new(self.base + start, self.base + end);
        } else {
            self.extend_text_range(start, end);
        }
    }

    /// [`Tokenizer::push_text_range`] when character tokens are already pending.
    #[inline(never)]
    fn extend_text_range(&mut self, start: usize, end: usize) {
        match self.text {
            PendingText::Slice if self.text_slice.1 == start => self.text_slice.1 = end,
            PendingText::None | PendingText::Slice => {
                self.own_pending_text();
                self.text_owned.push_str(&self.buf[start..end]);
            }
            PendingText::Owned => self.text_owned.push_str(&self.buf[start..end]),
        }
        self.text_span.end = self.base + end;
    }

    /// Queues `s` as character tokens, standing for the input `start..end` (absolute).
    fn push_text_str(&mut self, s: &str, start: usize, end: usize) {
        if s.is_empty() {
            return;
        }
        if let PendingText::None = self.text {
            self.text_span = Span::new(start, end);
        }
        self.own_pending_text();
        self.text_owned.push_str(s);
        self.text_span.end = end.max(self.text_span.end);
    }

    /// Makes the pending characters [`PendingText::Owned`] (a copy of a pending slice; nothing
    /// when none are pending), so more can be appended.
    fn own_pending_text(&mut self) {
        match self.text {
            PendingText::None => self.text_owned.clear(),
            PendingText::Slice => {
                let (start, end) = self.text_slice;
                self.text_owned.clear();
                self.text_owned.push_str(&self.buf[start..end]);
            }
            PendingText::Owned => return,
        }
        self.text = PendingText::Owned;
    }

    /// Emits the current input character as a character token (an LF from a CR is not in the
    /// input as such, so it is copied).
    #[inline]
    fn emit_current_char(&mut self, c: char) {
        if c == '\n' && self.buf.as_bytes()[self.cur] == b'\r' {
            let (start, end) = (self.abs(self.cur), self.abs(self.pos));
            self.push_text_str("\n", start, end);
        } else {
            self.push_text_range(self.cur, self.pos);
        }
    }

    /// Emits a character the input does not hold as such (U+FFFD for NULL, `]` of `]]`).
    fn emit_char(&mut self, c: char) {
        let mut utf8 = [0; 4];
        let (start, end) = (self.abs(self.cur), self.abs(self.pos));
        self.push_text_str(c.encode_utf8(&mut utf8), start, end);
    }

    /// Passes queued character tokens to the sink.
    fn flush_text(&mut self) {
        let span = self.text_span;
        let result = match self.text {
            PendingText::None => return,
            PendingText::Slice => {
                let (start, end) = self.text_slice;
                self.sink
                    .process_token(Token::Characters(&self.buf[start..end]), span)
            }
            PendingText::Owned => self
                .sink
                .process_token(Token::Characters(&self.text_owned), span),
        };
        self.text = PendingText::None;
        self.sink_result(result);
    }

    /// Emits a U+0000 NULL character token (data and CDATA section states).
    fn emit_null(&mut self) {
        self.flush_text();
        let span = Span::new(self.abs(self.cur), self.abs(self.pos));
        let result = self.sink.process_token(Token::NullCharacter, span);
        self.sink_result(result);
    }

    /// Applies what the sink returned.
    #[inline]
    fn sink_result(&mut self, result: TokenSinkResult) {
        match result {
            TokenSinkResult::Continue => {}
            TokenSinkResult::SwitchTo(state) => self.state = state.into(),
            TokenSinkResult::Pause => self.paused = true,
        }
    }

    /// The span of the token being finished: from its `<` to the end of the current character.
    fn token_span(&self) -> Span {
        Span::new(self.token_start, self.abs(self.pos))
    }

    /// Marks the end of the input: "emit an end-of-file token" (done by [`Tokenizer::end`]).
    fn emit_eof(&mut self) -> bool {
        self.done = true;
        false
    }

    // ----- Tags -----

    /// "Create a new start/end tag token".
    fn new_tag(&mut self, kind: TagKind) {
        self.tag_kind = kind;
        self.tag_name.clear();
        self.self_closing = false;
        self.attrs.clear();
        if !self.attr_set.is_empty() {
            self.attr_set.clear();
        }
        self.attr_active = false;
        self.pending_attr = None;
    }

    /// "Start a new attribute in the current tag token".
    fn start_attribute(&mut self) {
        self.finish_attribute();
        self.attr_name.clear();
        self.attr_value.clear();
        self.attr_active = true;
        self.attr_duplicate = false;
        self.attr_atom = None;
        self.attr_key = AttrKey::None;
    }

    /// Leaving the attribute name state: the duplicate-attribute check (§ attribute-name-state:
    /// "the complete attribute's name must be compared to the other attributes on the same
    /// token; if there is already an attribute on the token with the exact same name, then
    /// this is a duplicate-attribute parse error and the new attribute must be removed from
    /// the token").
    ///
    /// Short lists are scanned. Longer ones use `attr_set`; when errors are off, the lookup of
    /// an attribute is deferred until the next attribute's name ends (or the tag is emitted),
    /// and its slot of the set is prefetched now: on a tag with hundreds of thousands of
    /// attributes the set outgrows the caches, and the slot arrives while the value and the
    /// next name are tokenized instead of stalling here. The attributes kept are the same
    /// either way. (With errors on, a deferred `duplicate-attribute` error would be reported
    /// after errors found later in the input, so the check is made at once.)
    fn check_duplicate_attribute(&mut self) {
        self.attr_key = AttrKey::None;
        if self.attrs.len() < LINEAR_DUPLICATE_CHECK {
            // (No attribute is pending: only a tag that uses the set defers.)
            let name = self.atoms.get(&self.attr_name);
            let duplicate = self.attrs.as_slice().iter().any(|a| a.name.local == name);
            self.decide_attribute(duplicate, Some(name));
            return;
        }
        if self.attr_set.is_empty() {
            for (i, a) in self.attrs.as_slice().iter().enumerate() {
                self.attr_set.insert(NameKey::of(&a.name.local), i);
            }
        }
        // A long name is looked up by its bytes: a duplicate never becomes a LocalName.
        let (key, atom) = match NameKey::of_long(&self.attr_name) {
            Some(key) => (key, None),
            None => {
                let name = self.atoms.get(&self.attr_name);
                (NameKey::of(&name), Some(name))
            }
        };
        if !self.errors_on {
            self.attr_set.prefetch(key);
            self.resolve_pending_attribute();
            self.attr_atom = atom;
            self.attr_key = AttrKey::Deferred(key);
            return;
        }
        self.attr_key = AttrKey::Checked(key);
        let duplicate = self.tag_has_attribute(key, &self.attr_name);
        self.decide_attribute(duplicate, atom);
    }

    /// Whether the current tag has an attribute named `name`, whose key is `key`, by a lookup
    /// in `attr_set` (which then holds every attribute of the tag).
    fn tag_has_attribute(&self, key: NameKey, name: &str) -> bool {
        let attrs = self.attrs.as_slice();
        self.attr_set.contains(key, |i| {
            attrs.get(i).is_some_and(|a| *a.name.local == *name)
        })
    }

    /// The verdict of the duplicate-attribute check on the current attribute: a duplicate
    /// (or an attribute over the limit) is reported and will be dropped.
    fn decide_attribute(&mut self, duplicate: bool, atom: Option<LocalName>) {
        if self.attribute_kept(duplicate) {
            // `None` (a long name) is made into a LocalName when the attribute is finished.
            self.attr_atom = atom;
        } else {
            self.attr_duplicate = true;
        }
    }

    /// Whether an attribute found to be a `duplicate` (or not) is kept, given the attributes
    /// the tag has: a duplicate is a parse error, and so (not in the standard: the resource
    /// limit of [`TokenizerOptions::max_attributes`]) is an attribute past the limit, which
    /// is dropped like a duplicate.
    fn attribute_kept(&mut self, duplicate: bool) -> bool {
        if duplicate {
            self.error(ErrorCode::DuplicateAttribute);
            false
        } else if self.attribute_limit_reached() {
            self.error(ErrorCode::TooManyAttributes);
            false
        } else {
            true
        }
    }

    /// The current tag already holds [`TokenizerOptions::max_attributes`] attributes.
    #[inline]
    fn attribute_limit_reached(&self) -> bool {
        self.max_attributes
            .is_some_and(|max| self.attrs.len() >= max)
    }

    /// Adds the finished attribute to the tag unless it was a duplicate (or over the limit);
    /// an attribute whose check is deferred becomes the pending one.
    fn finish_attribute(&mut self) {
        if !self.attr_active {
            return;
        }
        self.attr_active = false;
        if self.attr_duplicate {
            return;
        }
        let key = std::mem::replace(&mut self.attr_key, AttrKey::None);
        if let AttrKey::Deferred(key) = key {
            // (Normally none is pending: the check resolved it.)
            self.resolve_pending_attribute();
            std::mem::swap(&mut self.attr_name, &mut self.pending_name);
            std::mem::swap(&mut self.attr_value, &mut self.pending_value);
            self.pending_attr = Some((key, self.attr_atom.take()));
            return;
        }
        let local = match self.attr_atom.take() {
            Some(atom) => atom,
            None => self.atoms.get(&self.attr_name),
        };
        if let AttrKey::Checked(key) = key {
            self.attr_set.insert(key, self.attrs.len());
        }
        // The value moves into the list by a swap; the next attribute starts with the
        // slot's old string, which `push` has emptied.
        std::mem::swap(self.attrs.push(local), &mut self.attr_value);
    }

    /// Makes the deferred duplicate-attribute check of the pending attribute, if there is
    /// one, and adds it to the tag unless it is a duplicate (or over the limit). Called when
    /// the next attribute's name ends, before an attribute is finished and when the tag is
    /// emitted, so the tag's attributes stay in source order.
    fn resolve_pending_attribute(&mut self) {
        let Some((key, atom)) = self.pending_attr.take() else {
            return;
        };
        let duplicate = self.tag_has_attribute(key, &self.pending_name);
        if !self.attribute_kept(duplicate) {
            return;
        }
        let local = match atom {
            Some(atom) => atom,
            None => self.atoms.get(&self.pending_name),
        };
        self.attr_set.insert(key, self.attrs.len());
        std::mem::swap(self.attrs.push(local), &mut self.pending_value);
    }

    /// "Emit the current tag token".
    fn emit_tag(&mut self) {
        self.finish_attribute();
        self.resolve_pending_attribute();
        let name = self.atoms.get(&self.tag_name);
        if self.tag_kind == TagKind::EndTag {
            if !self.attrs.is_empty() {
                self.error(ErrorCode::EndTagWithAttributes);
            }
            if self.self_closing {
                self.error(ErrorCode::EndTagWithTrailingSolidus);
            }
        } else {
            self.last_start_tag = Some(name.clone());
        }
        self.emit_tag_token(self.tag_kind, name, self.self_closing);
    }

    /// Passes a finished tag token, with the attributes in `self.attrs`, to the sink (after
    /// the pending text); the attributes are lent for the call and recycled after it.
    #[inline]
    fn emit_tag_token(&mut self, kind: TagKind, name: LocalName, self_closing: bool) {
        self.flush_text();
        let span = self.token_span();
        let tag = Tag {
            kind,
            name,
            self_closing,
            attrs: DistinctAttrs::from_tokenizer(self.attrs.as_slice()),
        };
        let result = self.sink.process_token(Token::Tag(tag), span);
        self.attrs.clear();
        self.sink_result(result);
    }

    /// "An appropriate end tag token": its name is that of the last start tag emitted.
    fn is_appropriate_end_tag(&self) -> bool {
        match &self.last_start_tag {
            Some(name) => **name == *self.tag_name,
            None => false,
        }
    }

    // ----- Comments, DOCTYPEs, PIs -----

    /// "Emit the current comment token".
    fn emit_comment(&mut self) {
        self.flush_text();
        let span = self.token_span();
        let result = self.sink.process_token(Token::Comment(&self.comment), span);
        self.sink_result(result);
    }

    /// "Emit the current DOCTYPE token".
    fn emit_doctype(&mut self) {
        self.flush_text();
        let span = self.token_span();
        let result = self.sink.process_token(Token::Doctype(&self.doctype), span);
        self.doctype = Doctype::default();
        self.sink_result(result);
    }

    /// "Emit the current processing instruction token" (target in the temporary buffer).
    fn emit_processing_instruction(&mut self) {
        self.flush_text();
        let span = self.token_span();
        let result = self.sink.process_token(
            Token::ProcessingInstruction {
                target: &self.temp,
                data: &self.pi_data,
            },
            span,
        );
        self.sink_result(result);
    }
}
