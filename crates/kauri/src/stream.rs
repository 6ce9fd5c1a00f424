//! The streaming parser: bytes (or text) as they arrive, with the standard's encoding sniffing
//! across chunks, and, for an embedder that runs scripts (`document.write`), pauses at scripts.
//!
//! The input stream (§ the-input-byte-stream, § the-insertion-point) is kept in three places:
//! bytes not yet sniffed (until the encoding is decided), decoded text not yet tokenized
//! ([`Pending`]: the input after the insertion point, and per script nesting level the rest of
//! the text a script wrote), and the tokenizer's own buffer (only the start of an unfinished
//! token).
//!
//! **Linear time.** Every input byte is decoded once, queued once (appended to a [`Pending`],
//! whose consumed front is dropped only once it is at least half of it) and tokenized once.
//! A parser that pauses at scripts hands its pending text to the tokenizer in pieces that
//! start at [`FIRST_PIECE`] bytes after each pause and double while no script pauses it: at a
//! pause the tokenizer gives back the rest of its piece (a copy of at most that piece), and
//! the piece is never longer than twice the text tokenized since the last pause plus
//! [`FIRST_PIECE`], so the copies add up to a bounded multiple of the input.

use kauri_dom::{
    ContextError, Document, DocumentInProgress, Driver, FragmentContext, Node, ParseOptions,
};
use kauri_encoding::{
    change_the_encoding, sniff, sniff_needs_more, EncodingDecision, SniffOptions, StreamDecoder,
    UnknownLabel, PRESCAN_LIMIT,
};
use kauri_tokenizer::{ErrorCode, LineCounter, ParseError};

/// What the parser needs from its embedder after a call: more input, or a script run.
///
/// ```
/// let mut parser = kauri::Parser::new(Default::default())?;
/// assert_eq!(parser.feed(b"<p>hello")?, kauri::Step::Ready);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The parser has parsed everything it was given up to the insertion point: feed more
    /// input (or [`Parser::end`] it), or, after a [`Parser::document_write`], let the script
    /// go on.
    Ready,
    /// The parser paused at a script (§ scriptEndTag; only a parser made with
    /// [`Parser::with_script_pauses`] does): the script element is
    /// [`Parser::script`]. Run it (it may read and edit the document with [`Parser::root`] and
    /// [`Parser::edit`], and write with [`Parser::document_write`]), then call
    /// [`Parser::resume`].
    Script,
}

/// A call the parser cannot honour in its state. Nothing changed.
///
/// ```
/// let mut parser = kauri::Parser::new(Default::default())?;
/// assert_eq!(parser.resume(), Err(kauri::StreamError::NotPaused));
/// # Ok::<(), kauri::UnknownLabel>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StreamError {
    /// Input after [`Parser::end`].
    Ended,
    /// [`Parser::document_write`] or [`Parser::resume`] while no script is running: the
    /// standard's `document.write` would then open a new document (`document.open`), which
    /// an embedder does by starting a new [`Parser`].
    NotPaused,
    /// Text ([`Parser::feed_str`]) after bytes ([`Parser::feed`]), or bytes after text.
    MixedInput,
    /// A panic unwound out of an earlier call (from the closure given to [`Parser::edit`], or
    /// from a bug in the parser): the parser's state is unknown, so it refuses every further
    /// call. [`Parser::finish`] still returns the tree as the panic left it.
    Poisoned,
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StreamError::Ended => "the input has already ended: start a new parser for more input",
            StreamError::NotPaused => {
                "the parser is not paused at a script: resume and document.write only while one runs"
            }
            StreamError::MixedInput => {
                "bytes and text cannot be fed to one parser: decode the bytes, or feed only bytes"
            }
            StreamError::Poisoned => {
                "a panic unwound out of an earlier call to this parser: finish it and start a new one"
            }
        })
    }
}

impl std::error::Error for StreamError {}

/// Where the input bytes are in the encoding sniffing.
enum Input {
    /// Nothing fed yet, or bytes waiting for enough of them to sniff
    /// ([`kauri_encoding::sniff_needs_more`]).
    Sniffing(Vec<u8>),
    /// The encoding is decided; `kept` holds every byte fed while a `<meta>` may still change
    /// a tentative encoding (a restart decodes them again).
    Bytes {
        decoder: StreamDecoder,
        decision: EncodingDecision,
        kept: Option<Vec<u8>>,
        /// The encoding is a provisional guess made at [`PRESCAN_LIMIT`] bytes, before the
        /// bytes the guess reads ([`kauri_encoding::GUESS_WINDOW`] past the first non-ASCII
        /// byte) were all there: once they are (or the input ends), the guess is made again,
        /// and the parse starts over if it differs ([`Parser::settle_guess`]).
        provisional: bool,
    },
    /// Text input ([`Parser::feed_str`]).
    Text,
}

/// The lines and columns of the tree builder's errors (it reports offsets only), counted
/// over a window of the text that ends where the tokenizer's input ends and starts where the
/// next token can start ([`Tokenizer::unfinished_from`]): the text is not kept once tokenized.
#[derive(Default)]
struct Positions {
    text: String,
    base: usize,
    lines: LineCounter,
    /// How many of the sink's errors were looked at.
    resolved: usize,
    /// Error index, line, column.
    fixes: Vec<(usize, u32, u32)>,
}

impl Positions {
    /// The position of `offset`, clamped into the window.
    fn position(&mut self, offset: usize) -> (u32, u32) {
        let mut at = offset.clamp(self.base, self.base + self.text.len()) - self.base;
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        self.lines
            .position_in(&self.text, self.base, self.base + at)
    }

    /// Counts the positions of the errors reported since the last call.
    fn resolve(&mut self, errors: &[ParseError]) {
        for (i, error) in errors.iter().enumerate().skip(self.resolved) {
            if error.line == 0 {
                let (line, col) = self.position(error.offset);
                self.fixes.push((i, line, col));
            }
        }
        self.resolved = errors.len();
    }

    /// Drops the text before `from`.
    fn drop_before(&mut self, from: usize) {
        if from <= self.base {
            return;
        }
        let cut = (from - self.base).min(self.text.len());
        self.lines
            .drop_before(&self.text, self.base, self.base + cut);
        self.text.drain(..cut);
        self.base += cut;
    }
}

/// The first piece of pending text the tokenizer gets after a pause (see the module
/// documentation): small, since the copy a pause makes is at most one piece.
const FIRST_PIECE: usize = 128;

/// Pending text at least this long is handed to the tokenizer as a string when it is all
/// given at once; shorter text is lent, and its string, kept, takes the next input without a
/// new allocation (small chunks would otherwise cost an allocation and a free each).
const TAKE_WHOLE: usize = 4096;

/// Text waiting for the tokenizer: the decoded input after the insertion point, or the rest of
/// a text a script wrote. Tokenized text is not removed at once: `start` moves past it, and the
/// front is dropped when text is appended and it is at least half of the string, so appending
/// and consuming cost amortized O(1) per byte.
#[derive(Default)]
struct Pending {
    text: String,
    /// Where the text not yet tokenized starts.
    start: usize,
    /// The length of the next piece for a parser that pauses at scripts.
    piece: usize,
}

impl Pending {
    fn new(text: String) -> Pending {
        Pending {
            text,
            start: 0,
            piece: FIRST_PIECE,
        }
    }

    fn is_empty(&self) -> bool {
        self.start == self.text.len()
    }

    /// The string to append decoded input to.
    fn appending(&mut self) -> &mut String {
        if self.is_empty() {
            self.text.clear();
            self.start = 0;
        } else if self.start >= self.text.len() / 2 {
            // Moves at most as many bytes as were consumed since the last drop.
            self.text.drain(..self.start);
            self.start = 0;
        }
        &mut self.text
    }

    /// The end of the next piece: all the text, or (`pieces`) at most about `self.piece`
    /// bytes, ending on a character boundary.
    fn piece_end(&self, pieces: bool) -> usize {
        if !pieces {
            return self.text.len();
        }
        let mut end = self
            .start
            .saturating_add(self.piece.max(FIRST_PIECE))
            .min(self.text.len());
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        end
    }

    /// The tokenizer paused in the piece that ended at `end` and gave back `rest`, the text
    /// after the pause: it becomes the front of the pending text again.
    fn give_back(&mut self, end: usize, rest: String) {
        self.piece = FIRST_PIECE;
        if rest.len() <= end && self.text[..end].ends_with(rest.as_str()) {
            self.start = end - rest.len();
        } else {
            // The tokenizer gave back more than the piece (text it held from before): put it
            // in front of the rest. Not expected, as a pause follows the end tag just read.
            self.text.replace_range(..end, &rest);
            self.start = 0;
        }
    }
}

/// How a run of the tokenizer over pending text ended.
#[derive(PartialEq, Eq)]
enum Ran {
    /// All of it was tokenized.
    Done,
    /// A script paused the parser; the rest waits in the pending text.
    Paused,
    /// A `<meta>` changed the encoding: the parse started over, the pending text is obsolete.
    Restarted,
}

/// A streaming HTML parser: feed it bytes (or text) as they arrive, then
/// [`finish`](Parser::finish) it for the [`Document`]. The tree, encoding, quirks mode and
/// errors are the same as [`parse_bytes_with_options`](crate::parse_bytes_with_options) (or
/// [`parse_with_options`](crate::parse_with_options) for text) gives for the whole input,
/// however it is split.
///
/// **Encoding.** Bytes are kept unparsed until the encoding sniffing algorithm can decide
/// (§ determining-the-character-encoding, with Kauri's bounds: see
/// [`kauri_encoding::sniff_needs_more`]): a byte order mark, an override
/// ([`ParseOptions::encoding`]) or a known transport label
/// ([`ParseOptions::transport_charset`]; an unknown one is ignored, as the standard says)
/// decide at once; otherwise the `<meta>` pre-scan needs the first 1,024 bytes (the standard
/// suggests waiting for them). When it finds nothing, the statistical guess reads 64 KiB past
/// the first non-ASCII byte, or to the end of the input; the parser does not wait for them:
/// it parses from the 1,024th byte on with a provisional guess over the bytes it has, and when
/// the guess's bytes are there (or the input ends) guesses again; if that guess differs, it
/// starts over with it (the standard lets a parser whose encoding is tentative change it and
/// parse again, § changing-the-encoding-while-parsing). So at most 1,024 bytes are held back
/// unparsed, and the result is the whole-input parse's. Likewise, when the tree builder meets a
/// `<meta>` declaring another encoding while it is tentative, the parser starts over with the
/// bytes fed so far, which it keeps while that can happen. A restart drops the first tree (its
/// nodes stay in the arena) and what scripts did to it. Decoded text is dropped once tokenized.
///
/// **Memory.** What the parser holds beyond the tree is bounded only once the encoding is
/// certain: a byte order mark, an override, a known transport label or a `<meta>` that confirms
/// the encoding. Unlabelled input stays tentative, so its bytes are kept for a possible restart
/// until [`Parser::finish`]. An embedder that streams large documents should pass the HTTP
/// `Content-Type` charset as [`ParseOptions::transport_charset`]: the parser then decides at
/// the first byte and parses each chunk as it arrives.
///
/// ```
/// let mut parser = kauri::Parser::new(Default::default())?;
/// for chunk in [&b"<meta charset=shift_jis><p>\x82"[..], b"\xa0 and more"] {
///     parser.feed(chunk)?;
/// }
/// let doc = parser.finish();
/// assert_eq!((doc.encoding(), doc.text_content().as_str()), ("Shift_JIS", "\u{3042} and more"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// **Time.** Every pattern of calls is linear in the input: each byte is decoded once, queued
/// at most once and tokenized once, whatever the chunk sizes (one byte to megabytes) and
/// whether or not a parser that pauses at scripts is resumed. Chunks may be empty.
///
/// **Scripts.** [`Parser::new`] never pauses: scripts are inserted like any other element
/// (with [`ParseOptions::scripting`] deciding only how `noscript` is parsed), and the tree is
/// the one [`parse_bytes_with_options`](crate::parse_bytes_with_options) builds, whatever the
/// caller does with the returned [`Step`]s, which are all [`Step::Ready`]. An embedder that
/// runs scripts makes the parser with [`Parser::with_script_pauses`]: the parser then returns
/// [`Step::Script`] after each `script` end tag (§ scriptEndTag; also an SVG `script` in
/// foreign content). The embedder runs the script ([`Parser::script`] is the element): it
/// may read the tree ([`Parser::root`]), edit it ([`Parser::edit`]) and call
/// [`Parser::document_write`], whose text is tokenized at the insertion point, before the rest
/// of the input (a script in that text pauses again, one script nesting level deeper). Then
/// [`Parser::resume`] goes on.
///
/// Input fed while paused is decoded and queued (appending, amortized O(1) per byte), not
/// parsed: it is parsed when the last running script is resumed, or by [`Parser::finish`],
/// which treats scripts that were not resumed as run without effect. Memory then grows with
/// the queued input, as it must: the standard's parser does not look past a script before it
/// has run.
///
/// ```
/// let mut parser = kauri::Parser::with_script_pauses(Default::default())?;
/// let mut step = parser.feed_str("<p>1<script>w('2')</script><p>3")?;
/// while step == kauri::Step::Script {
///     let code = parser.script().unwrap().text_content();
///     let arg = code.trim_start_matches("w('").trim_end_matches("')").to_string();
///     parser.document_write(&format!("<b>{arg}</b>"))?;
///     step = parser.resume()?;
/// }
/// let doc = parser.finish();
/// assert_eq!(doc.body().unwrap().inner_html(), "<p>1<script>w('2')</script><b>2</b></p><p>3</p>");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// **Fragments.** [`Parser::fragment`] streams the fragment parsing algorithm for a context
/// element (as `innerHTML`, or the proposed `streamAppendHTML`): the same result as
/// [`parse_fragment`](crate::parse_fragment), however the text is split.
///
/// **Threads.** A `Parser` is [`Send`]: an async task can hold it across an `.await`
/// (`examples/async_streaming.rs` feeds it from a tokio `AsyncRead`).
///
/// **Bad calls** are refused with a [`StreamError`] and change nothing: input after
/// [`Parser::end`], [`Parser::document_write`] or [`Parser::resume`] while no script runs, text
/// after bytes. After a panic unwound out of a call (say, from the closure given to
/// [`Parser::edit`]), every call fails with [`StreamError::Poisoned`]; [`Parser::finish`] is
/// still safe. [`Parser::new`] fails only for an unknown [`ParseOptions::encoding`] label.
pub struct Parser {
    opts: ParseOptions,
    sniff: SniffOptions,
    input: Input,
    doc: DocumentInProgress,
    /// Decoded input not yet given to the tokenizer (it waits while a script runs).
    queue: Pending,
    /// For each running script, innermost last: the rest of the text a script wrote, when the
    /// script was in that text, or `None` for a script in the input (whose rest is `queue`).
    saved: Vec<Option<Pending>>,
    /// Whether the parser pauses at scripts ([`Parser::with_script_pauses`]).
    pauses: bool,
    /// The fragment parsing algorithm's context element ([`Parser::fragment`]).
    context: Option<FragmentContext>,
    /// A call is running: still set when a later call starts, a panic unwound out of it.
    busy: bool,
    /// [`Parser::end`] was called.
    ended: bool,
    /// The tokenizer's end was called.
    tokenizer_ended: bool,
    /// Input bytes (or text bytes) accepted, for [`ParseOptions::max_input_bytes`].
    accepted: usize,
    /// Input was cut by [`ParseOptions::max_input_bytes`].
    truncated: bool,
    /// Bytes of text given to the tokenizer.
    text_len: usize,
    /// While sniffing: the buffered length at which to ask again whether it can decide.
    next_sniff: usize,
    /// Error positions, when errors are collected ([`ParseOptions::errors`]).
    positions: Option<Positions>,
}

// `Parser: Send`, checked at compile time: an async task may hold one across an `.await`.
const _: fn() = || {
    fn assert_send<T: Send>() {}
    assert_send::<Parser>();
};

impl Parser {
    /// A parser with `opts`. Fails only when [`ParseOptions::encoding`] is not an encoding
    /// label (an unknown [`ParseOptions::transport_charset`] is ignored, as the standard says).
    ///
    /// ```
    /// let opts = kauri::ParseOptions { encoding: Some("no-such".into()), ..Default::default() };
    /// assert!(kauri::Parser::new(opts).is_err());
    /// let opts = kauri::ParseOptions { transport_charset: Some("no-such".into()), ..Default::default() };
    /// assert!(kauri::Parser::new(opts).is_ok());
    /// ```
    pub fn new(opts: ParseOptions) -> Result<Parser, UnknownLabel> {
        Parser::start(opts, false, None)
    }

    /// A parser with `opts` that pauses at scripts (see [`Parser`]): [`Step::Script`] after
    /// each script end tag, until [`Parser::resume`]. Fails only when
    /// [`ParseOptions::encoding`] is not an encoding label.
    ///
    /// ```
    /// let mut parser = kauri::Parser::with_script_pauses(Default::default())?;
    /// assert_eq!(parser.feed_str("<script>run()</script><p>later")?, kauri::Step::Script);
    /// assert_eq!(parser.root().text_content(), "run()");
    /// assert_eq!(parser.resume()?, kauri::Step::Ready);
    /// assert_eq!(parser.finish().root().text_content(), "run()later");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_script_pauses(opts: ParseOptions) -> Result<Parser, UnknownLabel> {
        Parser::start(opts, true, None)
    }

    /// A parser for the fragment parsing algorithm (§ html-fragment-parsing-algorithm) with
    /// the context element `context` (named as for [`parse_fragment`](crate::parse_fragment):
    /// `td`, `svg path`, `math mi`): feed it text ([`Parser::feed_str`]) or bytes
    /// ([`Parser::feed`], decoded as UTF-8 unless a byte order mark says otherwise; the mark
    /// is removed, as the Encoding standard's "decode" does) in any chunks, and [`Parser::finish`] gives the Document whose
    /// root is the DocumentFragment, as [`parse_fragment`](crate::parse_fragment) gives for
    /// the whole text. A fragment parser never pauses at scripts (the fragment parsing
    /// algorithm marks them "already started"), and [`ParseOptions`]' encoding fields are not
    /// used. Fails when `context` names no element.
    ///
    /// ```
    /// let mut parser = kauri::Parser::fragment("tr", Default::default())?;
    /// for piece in ["<td>a", "<td", ">b"] {
    ///     parser.feed_str(piece)?;
    /// }
    /// assert_eq!(parser.finish().root().inner_html(), "<td>a</td><td>b</td>");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fragment(context: &str, opts: ParseOptions) -> Result<Parser, ContextError> {
        let context: FragmentContext = context.parse()?;
        let opts = ParseOptions {
            encoding: None,
            transport_charset: None,
            ..opts
        };
        Parser::start(opts, false, Some(context)).map_err(|label| ContextError(label.0))
    }

    fn start(
        opts: ParseOptions,
        pauses: bool,
        context: Option<FragmentContext>,
    ) -> Result<Parser, UnknownLabel> {
        if let Some(label) = &opts.encoding {
            if kauri_encoding::encoding_for_label(label).is_none() {
                return Err(UnknownLabel(label.clone()));
            }
        }
        let sniff = opts.sniff_options();
        let doc = new_document(&opts, false, pauses, context.as_ref());
        let positions = opts.errors.then(Positions::default);
        Ok(Parser {
            opts,
            sniff,
            input: Input::Sniffing(Vec::new()),
            doc,
            queue: Pending::default(),
            saved: Vec::new(),
            pauses,
            context,
            busy: false,
            ended: false,
            tokenizer_ended: false,
            accepted: 0,
            truncated: false,
            text_len: 0,
            next_sniff: 0,
            positions,
        })
    }

    /// Starts a call: fails when an earlier one did not return (a panic unwound out of it).
    fn enter(&mut self) -> Result<(), StreamError> {
        if self.busy {
            return Err(StreamError::Poisoned);
        }
        self.busy = true;
        Ok(())
    }

    /// Ends a call started with [`Parser::enter`], passing its result through.
    fn leave<T>(&mut self, result: T) -> T {
        self.busy = false;
        result
    }

    /// Feeds the next bytes of the input (any split, down to single bytes, or none). A parser
    /// made with [`Parser::with_script_pauses`] returns [`Step::Script`] when it paused at a
    /// script, and while paused queues the bytes (see [`Parser`]); [`Parser::new`]'s returns
    /// [`Step::Ready`]. Fails after [`Parser::end`], after [`Parser::feed_str`], or after a
    /// panic ([`StreamError::Poisoned`]).
    ///
    /// ```
    /// let mut parser = kauri::Parser::new(Default::default())?;
    /// for byte in "<title>café</title>".bytes() {
    ///     parser.feed(&[byte])?;
    /// }
    /// assert_eq!(parser.finish().text_content(), "café");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn feed(&mut self, bytes: &[u8]) -> Result<Step, StreamError> {
        self.enter()?;
        let result = self.feed_bytes(bytes);
        self.leave(result)
    }

    fn feed_bytes(&mut self, bytes: &[u8]) -> Result<Step, StreamError> {
        if self.ended {
            return Err(StreamError::Ended);
        }
        if matches!(self.input, Input::Text) {
            return Err(StreamError::MixedInput);
        }
        if self.context.is_some() && matches!(self.input, Input::Sniffing(_)) {
            // A fragment's bytes are UTF-8.
            let decision = EncodingDecision::unicode();
            self.input = Input::Bytes {
                decoder: StreamDecoder::for_decision(&decision),
                decision,
                kept: None,
                provisional: false,
            };
        }
        let bytes = self.limit(bytes, bytes.len());
        match &mut self.input {
            Input::Sniffing(buffer) => {
                buffer.extend_from_slice(bytes);
                // Past the pre-scan's bytes the check reads them all: it runs again only once
                // they have doubled, so that feeding in small chunks stays linear. Deciding
                // later than possible changes nothing but when parsing starts.
                if buffer.len() >= self.next_sniff && sniff_needs_more(buffer, &self.sniff) {
                    if buffer.len() >= PRESCAN_LIMIT {
                        // Only the guess waits: parse with a provisional one meanwhile.
                        self.next_sniff = buffer.len() * 2;
                        self.decide(true);
                    }
                } else if buffer.len() >= self.next_sniff {
                    self.decide(false);
                }
            }
            Input::Bytes { decoder, kept, .. } => {
                decoder.decode(bytes, false, self.queue.appending());
                if let Some(kept) = kept {
                    kept.extend_from_slice(bytes);
                }
            }
            Input::Text => {}
        }
        Ok(self.run_input())
    }

    /// Feeds the next piece of already decoded text (the document's encoding is then
    /// `"UTF-8"`, as for [`parse`](crate::parse); a parser given neither text nor bytes
    /// parses an empty byte stream). Fails after [`Parser::end`] or after [`Parser::feed`].
    ///
    /// ```
    /// let mut parser = kauri::Parser::new(Default::default())?;
    /// parser.feed_str("<p>caf")?;
    /// parser.feed_str("é")?;
    /// assert_eq!(parser.finish().text_content(), "café");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn feed_str(&mut self, text: &str) -> Result<Step, StreamError> {
        self.enter()?;
        let result = self.feed_text(text);
        self.leave(result)
    }

    fn feed_text(&mut self, text: &str) -> Result<Step, StreamError> {
        if self.ended {
            return Err(StreamError::Ended);
        }
        match &self.input {
            Input::Sniffing(buffer) if buffer.is_empty() && self.accepted == 0 => {
                self.input = Input::Text;
                self.doc = self.new_document(false);
            }
            Input::Text => {}
            _ => return Err(StreamError::MixedInput),
        }
        let mut end = text.len();
        if let Some(max) = self.opts.max_input_bytes {
            end = end.min(max.saturating_sub(self.accepted));
            while !text.is_char_boundary(end) {
                end -= 1;
            }
        }
        let text = self.limit(text.as_bytes(), end);
        // `limit` cut at `end`, a character boundary of `text`.
        self.queue
            .appending()
            .push_str(std::str::from_utf8(text).unwrap_or_default());
        Ok(self.run_input())
    }

    /// Ends the input: the parser parses what is left (and may still pause at a script in
    /// it). Fails when called twice.
    ///
    /// ```
    /// let mut parser = kauri::Parser::new(Default::default())?;
    /// parser.feed(b"<p>x")?;
    /// assert_eq!(parser.end()?, kauri::Step::Ready);
    /// assert_eq!(parser.feed(b"more"), Err(kauri::StreamError::Ended));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&mut self) -> Result<Step, StreamError> {
        self.enter()?;
        let result = self.end_input();
        self.leave(result)
    }

    fn end_input(&mut self) -> Result<Step, StreamError> {
        if self.ended {
            return Err(StreamError::Ended);
        }
        self.ended = true;
        if let Input::Sniffing(_) = self.input {
            if self.context.is_some() {
                // A fragment parser given nothing parses no text.
                self.input = Input::Text;
            } else {
                self.decide(false);
            }
        }
        if let Input::Bytes { decoder, .. } = &mut self.input {
            decoder.decode(&[], true, self.queue.appending());
        }
        Ok(self.run_input())
    }

    /// The innermost script the parser paused at and the embedder has not finished
    /// ([`Parser::resume`]); `None` when no script runs.
    ///
    /// ```
    /// let mut parser = kauri::Parser::with_script_pauses(Default::default())?;
    /// parser.feed_str("<script>go()</script>")?;
    /// assert_eq!(parser.script().unwrap().text_content(), "go()");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn script(&self) -> Option<&Node<'_>> {
        self.doc.script()
    }

    /// The script nesting level (§ script-nesting-level): how many scripts the parser paused
    /// at are running (one inside another when a script writes a script).
    ///
    /// ```
    /// let mut parser = kauri::Parser::with_script_pauses(Default::default())?;
    /// parser.feed_str("<script>a()</script>")?;
    /// assert_eq!(parser.script_nesting_level(), 1);
    /// parser.document_write("<script>b()</script>")?;
    /// assert_eq!(parser.script_nesting_level(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn script_nesting_level(&self) -> usize {
        self.doc.scripts_running()
    }

    /// `document.write(text)` from the running script (§ dom-document-write): inserts `text`
    /// at the insertion point and tokenizes it, before the rest of the input. Returns
    /// [`Step::Script`] when a script in `text` paused the parser (run it and
    /// [`Parser::resume`]; the rest of `text` follows), else [`Step::Ready`]. Fails with
    /// [`StreamError::NotPaused`] when no script runs.
    ///
    /// ```
    /// let mut parser = kauri::Parser::with_script_pauses(Default::default())?;
    /// assert_eq!(parser.document_write("<p>"), Err(kauri::StreamError::NotPaused));
    /// parser.feed_str("<script>s</script>!")?;
    /// parser.document_write("<b>written")?;
    /// parser.resume()?;
    /// assert_eq!(parser.finish().body().unwrap().inner_html(), "<b>written!</b>");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn document_write(&mut self, text: &str) -> Result<Step, StreamError> {
        self.enter()?;
        let result = self.write(text.to_owned());
        self.leave(result)
    }

    /// `document.write` of `text` at the insertion point, while a script runs.
    fn write(&mut self, text: String) -> Result<Step, StreamError> {
        if self.doc.scripts_running() == 0 {
            return Err(StreamError::NotPaused);
        }
        Ok(self.tokenize_written(Pending::new(text)))
    }

    /// `document.writeln(text)` (§ dom-document-writeln): [`Parser::document_write`] of `text`
    /// and a line feed.
    ///
    /// ```
    /// let mut parser = kauri::Parser::with_script_pauses(Default::default())?;
    /// parser.feed_str("<pre><script>s</script></pre>")?;
    /// parser.document_writeln("x")?;
    /// parser.resume()?;
    /// assert_eq!(parser.finish().select_str("pre").unwrap().next().unwrap().text_content(), "sx\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn document_writeln(&mut self, text: &str) -> Result<Step, StreamError> {
        self.enter()?;
        let mut line = String::with_capacity(text.len() + 1);
        line.push_str(text);
        line.push('\n');
        let result = self.write(line);
        self.leave(result)
    }

    /// `document.close()` (§ dom-document-close) as it touches this parser: nothing. The
    /// standard only closes a script-created parser (one `document.open` made); an embedder
    /// makes that with a new [`Parser`] fed with [`Parser::feed_str`] and closes it with
    /// [`Parser::end`].
    ///
    /// ```
    /// let mut parser = kauri::Parser::new(Default::default())?;
    /// parser.feed(b"<p>x")?;
    /// parser.document_close();
    /// assert!(parser.feed(b"y").is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn document_close(&mut self) {}

    /// The innermost running script is finished: parsing goes on with what followed it (the
    /// rest of the text a script wrote, or the input). Fails with [`StreamError::NotPaused`]
    /// when no script runs. See [`Parser`] for the loop.
    ///
    /// ```
    /// let mut parser = kauri::Parser::with_script_pauses(Default::default())?;
    /// assert_eq!(parser.feed_str("<script></script><script></script>")?, kauri::Step::Script);
    /// assert_eq!(parser.resume()?, kauri::Step::Script);
    /// assert_eq!(parser.resume()?, kauri::Step::Ready);
    /// assert_eq!(parser.resume(), Err(kauri::StreamError::NotPaused));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume(&mut self) -> Result<Step, StreamError> {
        self.enter()?;
        let result = self.resume_script();
        self.leave(result)
    }

    fn resume_script(&mut self) -> Result<Step, StreamError> {
        if self.doc.scripts_running() == 0 {
            return Err(StreamError::NotPaused);
        }
        self.doc.pop_script();
        match self.saved.pop().flatten() {
            // The script was in a written text: its rest comes next (the level below waits).
            Some(written) => Ok(self.tokenize_written(written)),
            // The script was in the input (its level's text is the queue).
            None => Ok(self.run_input()),
        }
    }

    /// The document as parsed so far (its Document node).
    ///
    /// ```
    /// let mut parser = kauri::Parser::new(Default::default())?;
    /// parser.feed_str("<p id=a>x<script></script>")?;
    /// assert!(parser.root().select_first(&kauri::Selector::parse("#a")?).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn root(&self) -> &Node<'_> {
        self.doc.root()
    }

    /// Edits the document as parsed so far, as [`Document::edit`] does (a script's DOM
    /// calls). The parser goes on with the elements it holds open (which the edit may have
    /// moved), and with the attributes a start tag had where the standard says so (the list
    /// of active formatting elements).
    ///
    /// ```
    /// let mut parser = kauri::Parser::with_script_pauses(Default::default())?;
    /// parser.feed_str("<div id=A><script></script>")?;
    /// parser.edit(|ed| {
    ///     let div = ed.root().elements_by_tag_name("div").next().unwrap();
    ///     ed.set_attribute(div, "id", "B")
    /// })??;
    /// parser.resume()?;
    /// assert_eq!(parser.finish().body().unwrap().inner_html(), "<div id=\"B\"><script></script></div>");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Fails only with [`StreamError::Poisoned`], without calling `f`, after a panic; a panic
    /// in `f` poisons the parser (the tree may be half edited).
    pub fn edit<R, F>(&mut self, f: F) -> Result<R, StreamError>
    where
        F: for<'a> FnOnce(&kauri_dom::Editor<'a>) -> R,
    {
        self.enter()?;
        let result = self.doc.edit(f);
        Ok(self.leave(result))
    }

    /// The name of the encoding in use (`"UTF-8"` for text), or `None` while the bytes fed
    /// so far cannot decide it yet. Before the guess over unlabelled bytes is settled (see
    /// [`Parser`]), this is the provisional guess.
    ///
    /// ```
    /// let mut parser = kauri::Parser::new(Default::default())?;
    /// parser.feed(b"<p>")?;
    /// assert_eq!(parser.encoding(), None); // a <meta> may follow
    /// parser.feed(&[b' '; 1024])?;
    /// assert_eq!(parser.encoding(), Some("windows-1252")); // provisional: all ASCII so far
    /// parser.feed("\u{444}\u{44b}\u{432}".repeat(30).as_bytes())?;
    /// parser.end()?; // the guess reads the UTF-8 bytes: the parse starts over
    /// assert_eq!(parser.encoding(), Some("UTF-8"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encoding(&self) -> Option<&'static str> {
        match &self.input {
            Input::Sniffing(_) => None,
            Input::Bytes { decision, .. } => Some(decision.encoding.name()),
            Input::Text => Some("UTF-8"),
        }
    }

    /// Ends the input if [`Parser::end`] was not called, runs the parser to the end (scripts
    /// still waiting count as run, without effect) and returns the document.
    ///
    /// ```
    /// let mut parser = kauri::Parser::new(Default::default())?;
    /// parser.feed(b"<title>T</title><script>x()</script><p>after")?;
    /// let doc = parser.finish();
    /// assert_eq!(doc.body().unwrap().text_content(), "after");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// After a panic ([`StreamError::Poisoned`]) it parses nothing more and returns the tree
    /// as the panic left it.
    pub fn finish(mut self) -> Document {
        if !self.busy {
            if !self.ended {
                // Cannot fail: the input has not ended.
                let _ = self.end();
            }
            while self.doc.scripts_running() > 0 {
                let _ = self.resume();
            }
            self.run_input();
        }
        let encoding = self.encoding().unwrap_or("UTF-8");
        let Parser {
            doc,
            positions,
            truncated,
            text_len,
            opts,
            ..
        } = self;
        let mut positions = positions.unwrap_or_default();
        let truncation = (truncated && opts.errors).then(|| {
            let (line, col) = positions.position(text_len);
            ParseError {
                code: ErrorCode::InputTruncated,
                line,
                col,
                offset: text_len,
            }
        });
        doc.finish_with(|errors| {
            for &(i, line, col) in &positions.fixes {
                if let Some(error) = errors.get_mut(i) {
                    (error.line, error.col) = (line, col);
                }
            }
            errors.extend(truncation);
        })
        .with_encoding(encoding)
        .with_scripting(opts.scripting)
    }

    /// The part of `bytes[..end]` within [`ParseOptions::max_input_bytes`].
    fn limit<'b>(&mut self, bytes: &'b [u8], end: usize) -> &'b [u8] {
        let mut end = end.min(bytes.len());
        if let Some(max) = self.opts.max_input_bytes {
            let room = max.saturating_sub(self.accepted);
            if end > room || bytes.len() > end {
                self.truncated = true;
            }
            end = end.min(room);
        }
        self.accepted += end;
        &bytes[..end]
    }

    /// Sniffs the bytes buffered so far (enough of them, or all there will be; or, when
    /// `provisional`, the [`PRESCAN_LIMIT`] bytes the pre-scan found nothing in) and decodes
    /// them into the queue.
    fn decide(&mut self, provisional: bool) {
        let Input::Sniffing(bytes) = &mut self.input else {
            return;
        };
        let bytes = std::mem::take(bytes);
        // The override was checked in `new`, so sniffing cannot fail; the fallback keeps the
        // types honest.
        let decision = sniff(&bytes, &self.sniff).unwrap_or_else(|_| EncodingDecision::unicode());
        let mut decoder = StreamDecoder::for_decision(&decision);
        decoder.decode(&bytes, false, self.queue.appending());
        let tentative = decision.is_tentative();
        self.doc = self.new_document(tentative);
        self.input = Input::Bytes {
            decoder,
            decision,
            kept: tentative.then_some(bytes),
            provisional,
        };
    }

    /// After a provisional guess ([`Parser::decide`]): once the bytes the guess reads are
    /// all there (checked when the kept bytes have doubled since the last look, so that small
    /// chunks stay linear) or the input has ended, guesses again over them, as the whole-input
    /// parse does; with another encoding, starts over with it (still tentative: a `<meta>`
    /// may change it), as the standard lets a user agent do while the confidence is tentative
    /// (§ changing-the-encoding-while-parsing). Called only while no script runs.
    fn settle_guess(&mut self) {
        let Input::Bytes {
            decision,
            kept: Some(kept),
            provisional: provisional @ true,
            ..
        } = &mut self.input
        else {
            return;
        };
        if !self.ended {
            if kept.len() < self.next_sniff {
                return;
            }
            if sniff_needs_more(kept, &self.sniff) {
                self.next_sniff = kept.len() * 2;
                return;
            }
        }
        *provisional = false;
        let settled = sniff(kept, &self.sniff).unwrap_or_else(|_| EncodingDecision::unicode());
        if settled.encoding == decision.encoding {
            *decision = settled;
            return;
        }
        let bytes = std::mem::take(kept);
        self.start_over(settled, bytes);
    }

    /// Tokenizes the queued input while no script runs; ends the tokenizer once the input
    /// has ended and is all tokenized.
    fn run_input(&mut self) -> Step {
        if self.doc.scripts_running() > 0 {
            return Step::Script;
        }
        if matches!(self.input, Input::Sniffing(_)) {
            return Step::Ready;
        }
        // Not while a script runs: a restart would drop the tree it is working on.
        self.settle_guess();
        loop {
            let mut queue = std::mem::take(&mut self.queue);
            match self.tokenize(&mut queue) {
                Ran::Done => {
                    self.queue = queue;
                    break;
                }
                Ran::Paused => {
                    self.queue = queue;
                    self.saved.push(None);
                    return Step::Script;
                }
                // The restart queued the input again, decoded with the new encoding.
                Ran::Restarted => {}
            }
        }
        if self.ended && !self.tokenizer_ended {
            self.tokenizer_ended = true;
            let _ = self.doc.with_pipeline(|p| p.end());
            self.after_tokenizing();
        }
        Step::Ready
    }

    /// Tokenizes what a script wrote (or the rest of it after a script in it, at
    /// [`Parser::resume`]) at the insertion point.
    fn tokenize_written(&mut self, mut written: Pending) -> Step {
        match self.tokenize(&mut written) {
            Ran::Done => Step::Ready,
            Ran::Paused => {
                self.saved.push(Some(written));
                Step::Script
            }
            Ran::Restarted => self.run_input(),
        }
    }

    /// Gives `pending` to the tokenizer at the insertion point, all at once, or in pieces when
    /// the parser pauses at scripts (see the module documentation), until it is all tokenized
    /// or a script pauses the parser (the rest stays in `pending`).
    fn tokenize(&mut self, pending: &mut Pending) -> Ran {
        while !pending.is_empty() {
            let end = pending.piece_end(self.pauses);
            let piece = &pending.text[pending.start..end];
            self.text_len += piece.len();
            if let Some(positions) = &mut self.positions {
                positions.text.push_str(piece);
            }
            if pending.start == 0 && end == pending.text.len() && end >= TAKE_WHOLE {
                // All of it: the tokenizer takes the string itself (no copy).
                let text = std::mem::take(&mut pending.text);
                // Refused only after a call unwound (a sink panic), which poisons the parser.
                let _ = self.doc.with_pipeline(|p| p.feed_string(text));
            } else {
                let _ = self.doc.with_pipeline(|p| p.feed(piece));
                pending.start = end;
            }
            if self.restart_for_encoding() {
                return Ran::Restarted;
            }
            let rest = self
                .doc
                .with_pipeline(|p| p.take_paused_input())
                .unwrap_or(None);
            match rest {
                Some(rest) => {
                    self.text_len = self.text_len.saturating_sub(rest.len());
                    if let Some(positions) = &mut self.positions {
                        let keep = positions.text.len().saturating_sub(rest.len());
                        positions.text.truncate(keep);
                    }
                    if pending.text.is_empty() {
                        // The tokenizer had the whole string: the rest is the pending text.
                        *pending = Pending::new(rest);
                    } else {
                        pending.give_back(end, rest);
                    }
                }
                None => pending.piece = pending.piece.max(FIRST_PIECE).saturating_mul(2),
            }
            self.after_tokenizing();
            // (A pause without a script does not happen; the loop would go on with the rest.)
            if self.doc.take_pending_script() {
                return Ran::Paused;
            }
        }
        Ran::Done
    }

    /// Resolves the positions of new errors and drops the text no future token needs.
    fn after_tokenizing(&mut self) {
        let Some(positions) = &mut self.positions else {
            return;
        };
        positions.resolve(self.doc.errors());
        let from = self.doc.with_pipeline(|p| {
            let tokens = p.unfinished_from();
            p.sink()
                .pending_table_text_from()
                .map_or(tokens, |t| t.min(tokens))
        });
        positions.drop_before(from);
    }

    /// "Change the encoding" (§ changing-the-encoding-while-parsing) when the tree builder met
    /// a `<meta>` while the encoding was tentative: with another encoding, starts over with
    /// the bytes fed so far decoded with it (confidence certain; true); with the same one,
    /// the confidence becomes certain and the kept bytes are dropped.
    fn restart_for_encoding(&mut self) -> bool {
        let Input::Bytes { decision, kept, .. } = &mut self.input else {
            return false;
        };
        if kept.is_none() {
            return false;
        }
        let Some(declared) = self
            .doc
            .with_pipeline(|p| p.sink().encoding_change_request())
        else {
            return false;
        };
        let Some(new) = change_the_encoding(decision.encoding, declared) else {
            *kept = None;
            decision.confidence = kauri_encoding::Confidence::Certain;
            return false;
        };
        let bytes = kept.take().unwrap_or_default();
        self.start_over(EncodingDecision::meta_in_tree(new), bytes);
        true
    }

    /// Starts the parse over with the bytes fed so far decoded with `decision`'s encoding
    /// (kept for another restart while it is tentative). The first tree is dropped.
    fn start_over(&mut self, decision: EncodingDecision, bytes: Vec<u8>) {
        let mut decoder = StreamDecoder::for_decision(&decision);
        self.queue = Pending::default();
        decoder.decode(&bytes, self.ended, self.queue.appending());
        let tentative = decision.is_tentative();
        self.input = Input::Bytes {
            decoder,
            decision,
            kept: tentative.then_some(bytes),
            provisional: false,
        };
        self.doc = self.new_document(tentative);
        self.saved.clear();
        self.text_len = 0;
        self.tokenizer_ended = false;
        self.positions = self.opts.errors.then(Positions::default);
    }

    /// A new document in progress with the parser's options.
    fn new_document(&self, encoding_tentative: bool) -> DocumentInProgress {
        new_document(
            &self.opts,
            encoding_tentative,
            self.pauses,
            self.context.as_ref(),
        )
    }
}

/// A new document in progress with the options' pipeline ([`Driver`]): for a document, or for
/// the fragment parsing algorithm with `context` (§ html-fragment-parsing-algorithm).
fn new_document(
    opts: &ParseOptions,
    encoding_tentative: bool,
    pauses: bool,
    context: Option<&FragmentContext>,
) -> DocumentInProgress {
    let driver = match context {
        Some(context) => Driver::fragment(opts, context),
        None => Driver::document(opts).encoding_tentative(encoding_tentative),
    }
    .script_pauses(pauses);
    DocumentInProgress::new(|sink| driver.pipeline(sink)).with_scripting(opts.scripting)
}
