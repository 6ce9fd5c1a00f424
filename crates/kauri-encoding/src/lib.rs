//! Encoding sniffing and decoding for Kauri (§ the-input-byte-stream of the HTML standard, "The
//! input byte stream").
//!
//! An HTML document arrives as bytes. Before the tokenizer can see characters, the parser must
//! decide which encoding the bytes are in ([`sniff`], the standard's *encoding sniffing
//! algorithm*) and then decode them ([`StreamDecoder`], [`decode`]; [`decode_vec`] and
//! [`decode_in_place`] reuse an owned buffer that already is the text). The decision carries a
//! [`Confidence`]: when it is *tentative*, a `<meta>` that the tree builder meets later may still
//! change it ([`change_the_encoding`], § changing-the-encoding-while-parsing), which restarts the
//! parse once.
//!
//! # The decision order
//!
//! [`sniff`] takes the bytes available so far (give it at least the first 1,024 bytes, or the
//! whole document when it is shorter; the statistical guess improves with more) and
//! [`SniffOptions`], and tries, in this order:
//!
//! 1. **BOM** ([`EncodingSource::Bom`], certain): a UTF-8 (`EF BB BF`), UTF-16BE (`FE FF`) or
//!    UTF-16LE (`FF FE`) byte order mark. It beats everything, including an override; the decoder
//!    removes it.
//! 2. **Override** ([`EncodingSource::Override`], certain): [`SniffOptions::override_label`], the
//!    user's explicit choice. An unknown label is an error ([`UnknownLabel`]), reported even when
//!    a BOM makes the override moot.
//! 3. **Transport** ([`EncodingSource::Transport`], certain):
//!    [`SniffOptions::transport_label`], e.g. the `charset` parameter of a `Content-Type` header.
//!    An unknown label is ignored, as the standard says ("if ... it is supported").
//! 4. **Meta pre-scan** ([`EncodingSource::MetaPrescan`], tentative): [`prescan`] of the first
//!    1,024 bytes for `<meta charset>` or `<meta http-equiv="Content-Type" content="...">`. A UTF-16
//!    label there means UTF-8 and `x-user-defined` means windows-1252. It also recognises a
//!    UTF-16 `<?x` at the start and, failing everything else, an `<?xml ... encoding="...">`
//!    declaration.
//! 5. **Guess** ([`EncodingSource::Guess`], tentative): when the bytes contain non-ASCII bytes (or
//!    ISO-2022-JP escapes), the [`chardetng`] detector (the one Firefox uses) guesses from the
//!    bytes given (up to [`GUESS_WINDOW`] bytes past the first non-ASCII one). UTF-8 and ISO-2022-JP guesses are only accepted with
//!    [`SniffOptions::allow_utf8_guess`] (meant for local files: for network content the standard
//!    and Firefox refuse to let pages depend on UTF-8 detection). [`SniffOptions::tld_hint`] steers
//!    the detector. A guess the detector itself rates implausible is not used.
//! 6. **Default** ([`EncodingSource::Default`], tentative): [`SniffOptions::default_encoding`], else
//!    the usual legacy encoding for [`SniffOptions::tld_hint`] (e.g. Shift_JIS for `jp`), else
//!    windows-1252.
//!
//! Steps 6 and 7 of the standard (the encoding of a same-origin parent document; a remembered
//! encoding of the page) have no counterpart: a library parser has neither. Callers with such
//! knowledge can pass it as [`SniffOptions::default_encoding`].
//!
//! The two remaining sources are not produced by [`sniff`]: [`EncodingSource::MetaInTree`] is what
//! the parser reports after [`encoding_for_change`] restarted it, and [`EncodingSource::Unicode`]
//! (confidence [`Confidence::Irrelevant`]) describes input that was already text.
//!
//! # Following the standard when the declaration is wrong
//!
//! A declaration wins over what the bytes look like: UTF-8 bytes that declare
//! `<meta charset="gb2312">` are decoded as GBK (with whatever mojibake results), exactly like
//! browsers do; the guess only runs for documents with no usable declaration. Likewise a BOM wins
//! over a contradicting `<meta>` (and, in the tree builder, a `<meta>` never changes a UTF-16
//! decision). A `<meta>` beyond the first 1,024 bytes is not seen by the pre-scan; the tree
//! builder finds it and, while the confidence is tentative, [`encoding_for_change`] tells the
//! parser to restart with it.
//!
//! # Example
//!
//! ```
//! use kauri_encoding::{sniff, Confidence, EncodingSource, SniffOptions, StreamDecoder};
//!
//! let bytes = b"<!DOCTYPE html><meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4";
//! let decision = sniff(bytes, &SniffOptions::default()).unwrap();
//! assert_eq!(decision.encoding.name(), "KOI8-R");
//! assert_eq!(decision.source, EncodingSource::MetaPrescan);
//! assert_eq!(decision.confidence, Confidence::Tentative);
//!
//! // Decode in chunks of any size; split sequences are carried over.
//! let mut decoder = StreamDecoder::new(decision.encoding);
//! let mut text = String::new();
//! for chunk in bytes.chunks(3) {
//!     decoder.decode(chunk, false, &mut text);
//! }
//! decoder.decode(&[], true, &mut text);
//! assert!(text.ends_with("<p>Привет"));
//! ```
//!
//! # Restarting after a `<meta>` in the tree
//!
//! A parser built on this crate runs: `decision = sniff(bytes, opts)`; decode and parse with
//! `decision.encoding`, telling the tree builder whether `decision.is_tentative()`. When the
//! tree builder meets a `<meta>` in "in head" while tentative, it computes the declared encoding
//! ([`encoding_from_meta_attributes`]) and the parser asks [`change_the_encoding`] (or
//! [`encoding_for_change`] for a bare label): `Some(new)` means throw the document away and parse
//! the same bytes again with `EncodingDecision::meta_in_tree(new)` (certain, so this happens at
//! most once); `None` means keep going with the confidence now certain.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod change;
mod prescan;
mod stream;

pub use change::{change_the_encoding, encoding_for_change, encoding_from_meta_attributes};
pub use encoding_rs::Encoding;
pub use prescan::{extract_encoding_from_meta_content, prescan, PRESCAN_LIMIT};
pub use stream::{decode, decode_in_place, decode_vec, StreamDecoder};

use encoding_rs::{ISO_2022_JP, UTF_8, WINDOWS_1252};
use std::fmt;

/// How sure the parser is of the encoding (§ concept-encoding-confidence, "confidence").
///
/// ```
/// use kauri_encoding::{sniff, Confidence, SniffOptions};
/// let opts = SniffOptions::default();
/// // A byte order mark settles the encoding ...
/// assert_eq!(sniff(b"\xEF\xBB\xBF<p>hi", &opts)?.confidence, Confidence::Certain);
/// // ... a `<meta>` in the first bytes only makes it likely.
/// assert_eq!(sniff(b"<meta charset=utf-8><p>hi", &opts)?.confidence, Confidence::Tentative);
/// # Ok::<(), kauri_encoding::UnknownLabel>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// The encoding may still change if the tree builder meets a `<meta>` declaring another one.
    Tentative,
    /// The encoding is final (BOM, override, transport layer, or a restart after a `<meta>`).
    Certain,
    /// No decoding was involved: the input was already Unicode text.
    Irrelevant,
}

impl Confidence {
    /// `tentative`, `certain` or `irrelevant`.
    ///
    /// ```
    /// use kauri_encoding::{sniff, SniffOptions};
    /// let decision = sniff(b"<meta charset=koi8-r>", &SniffOptions::default())?;
    /// assert_eq!(decision.confidence.as_str(), "tentative");
    /// # Ok::<(), kauri_encoding::UnknownLabel>(())
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Tentative => "tentative",
            Confidence::Certain => "certain",
            Confidence::Irrelevant => "irrelevant",
        }
    }
}

/// Which step of the decision produced the encoding.
///
/// ```
/// use kauri_encoding::{sniff, EncodingSource, SniffOptions};
/// let page = b"<meta charset=koi8-r><p>hi";
/// let http = SniffOptions { transport_label: Some("iso-8859-2".into()), ..Default::default() };
/// assert_eq!(sniff(page, &http)?.source, EncodingSource::Transport);
/// assert_eq!(sniff(page, &SniffOptions::default())?.source, EncodingSource::MetaPrescan);
/// assert_eq!(sniff(b"<p>hi", &SniffOptions::default())?.source, EncodingSource::Default);
/// # Ok::<(), kauri_encoding::UnknownLabel>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodingSource {
    /// [`SniffOptions::override_label`]: the user's explicit choice.
    Override,
    /// A byte order mark at the start of the bytes.
    Bom,
    /// [`SniffOptions::transport_label`], e.g. from a `Content-Type` header.
    Transport,
    /// The `<meta>` pre-scan of the first 1,024 bytes ([`prescan`]), including the UTF-16 `<?x`
    /// and `<?xml encoding>` rules.
    MetaPrescan,
    /// A `<meta>` found by the tree builder while the encoding was tentative; the parse restarted
    /// with it (see [`encoding_for_change`]).
    MetaInTree,
    /// The statistical detector ([`chardetng`]).
    Guess,
    /// The default: [`SniffOptions::default_encoding`], the TLD's legacy encoding, or
    /// windows-1252.
    Default,
    /// The input was already Unicode text; nothing was decoded.
    Unicode,
}

impl EncodingSource {
    /// A short lowercase name for reports: `override`, `bom`, `transport`, `meta-prescan`,
    /// `meta-in-tree`, `guess`, `default` or `unicode`.
    ///
    /// ```
    /// use kauri_encoding::{sniff, SniffOptions};
    /// let d = sniff(b"<meta charset=koi8-r>", &SniffOptions::default())?;
    /// let (source, confidence) = (d.source.as_str(), d.confidence.as_str());
    /// let report = format!("{} ({source}, {confidence})", d.encoding.name());
    /// assert_eq!(report, "KOI8-R (meta-prescan, tentative)");
    /// # Ok::<(), kauri_encoding::UnknownLabel>(())
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            EncodingSource::Override => "override",
            EncodingSource::Bom => "bom",
            EncodingSource::Transport => "transport",
            EncodingSource::MetaPrescan => "meta-prescan",
            EncodingSource::MetaInTree => "meta-in-tree",
            EncodingSource::Guess => "guess",
            EncodingSource::Default => "default",
            EncodingSource::Unicode => "unicode",
        }
    }
}

/// The inputs to [`sniff`] besides the bytes. `SniffOptions::default()` describes a document
/// from the network with no `Content-Type` charset and no hints: pre-scan, then guess (without
/// UTF-8), then windows-1252.
///
/// ```
/// use kauri_encoding::{sniff, SniffOptions};
/// // Nothing declared and nothing to guess from: windows-1252 ...
/// assert_eq!(sniff(b"<p>hi", &SniffOptions::default())?.encoding.name(), "windows-1252");
/// // ... or the legacy encoding of the domain the page came from.
/// let japanese = SniffOptions { tld_hint: Some("example.co.jp".into()), ..Default::default() };
/// assert_eq!(sniff(b"<p>hi", &japanese)?.encoding.name(), "Shift_JIS");
/// // The user's choice beats everything but a byte order mark.
/// let chosen = SniffOptions { override_label: Some("koi8-r".into()), ..Default::default() };
/// assert_eq!(sniff(b"<meta charset=utf-8>", &chosen)?.encoding.name(), "KOI8-R");
/// # Ok::<(), kauri_encoding::UnknownLabel>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SniffOptions {
    /// An encoding label the user chose explicitly (step 2). Only a BOM beats it. An unknown
    /// label makes [`sniff`] return [`UnknownLabel`].
    pub override_label: Option<String>,
    /// The encoding label the transport layer gave, e.g. the `charset` parameter of the HTTP
    /// `Content-Type` header (step 4). Unknown labels are ignored.
    pub transport_label: Option<String>,
    /// The top-level domain the document came from (`"jp"`, `"ru"`, or a host name such as
    /// `"example.co.jp"`, of which the last label is used). Steers the guess and chooses the
    /// default. Ignored when it is not ASCII.
    pub tld_hint: Option<String>,
    /// The encoding to use when nothing else decides (step 9); overrides the TLD's default.
    pub default_encoding: Option<&'static Encoding>,
    /// Accept UTF-8 and ISO-2022-JP guesses from the detector. Set this for local files (as
    /// Firefox does for `file:` URLs), not for network content.
    pub allow_utf8_guess: bool,
    /// Do not run the statistical detector at all (go from the pre-scan straight to the
    /// default).
    pub no_guess: bool,
}

/// What [`sniff`] decided: the encoding, the confidence and why.
///
/// ```
/// use kauri_encoding::{encoding_for_label, sniff, SniffOptions};
/// use kauri_encoding::{Confidence, EncodingDecision, EncodingSource};
/// let decision = sniff(b"\xEF\xBB\xBF<p>caf\xC3\xA9", &SniffOptions::default())?;
/// assert_eq!(
///     decision,
///     EncodingDecision {
///         encoding: encoding_for_label("utf-8").unwrap(),
///         confidence: Confidence::Certain,
///         source: EncodingSource::Bom,
///     }
/// );
/// # Ok::<(), kauri_encoding::UnknownLabel>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodingDecision {
    /// The encoding to decode with. Its WHATWG name is `encoding.name()`.
    pub encoding: &'static Encoding,
    /// Whether a `<meta>` found later may still change it.
    pub confidence: Confidence,
    /// Which step decided.
    pub source: EncodingSource,
}

impl EncodingDecision {
    /// The decision for input that is already Unicode text: UTF-8, confidence irrelevant.
    ///
    /// ```
    /// use kauri_encoding::{Confidence, EncodingDecision, EncodingSource};
    /// let text = EncodingDecision::unicode();
    /// assert_eq!(text.encoding.name(), "UTF-8");
    /// assert_eq!(text.confidence, Confidence::Irrelevant);
    /// assert_eq!(text.source, EncodingSource::Unicode);
    /// assert!(!text.is_tentative());
    /// ```
    pub fn unicode() -> Self {
        EncodingDecision {
            encoding: UTF_8,
            confidence: Confidence::Irrelevant,
            source: EncodingSource::Unicode,
        }
    }

    /// The decision after a restart caused by a `<meta>` the tree builder found
    /// (§ changing-the-encoding-while-parsing step 6): `encoding`, confidence certain.
    ///
    /// ```
    /// use kauri_encoding::{encoding_for_change, sniff, Confidence, EncodingDecision, SniffOptions};
    /// // The `<meta>` comes after the 1,024 bytes the pre-scan reads: windows-1252, tentative.
    /// let mut page = b"<!DOCTYPE html><title>Hi</title>".to_vec();
    /// page.resize(1024, b' ');
    /// page.extend_from_slice(b"<meta charset=koi8-r>");
    /// let first = sniff(&page, &SniffOptions::default())?;
    /// assert_eq!(first.encoding.name(), "windows-1252");
    /// assert!(first.is_tentative());
    /// // The tree builder meets the `<meta>`: restart the parse with its encoding, now certain.
    /// let new = encoding_for_change(first.encoding, "koi8-r").unwrap();
    /// let restart = EncodingDecision::meta_in_tree(new);
    /// assert_eq!(restart.encoding.name(), "KOI8-R");
    /// assert_eq!(restart.confidence, Confidence::Certain);
    /// # Ok::<(), kauri_encoding::UnknownLabel>(())
    /// ```
    pub fn meta_in_tree(encoding: &'static Encoding) -> Self {
        EncodingDecision {
            encoding,
            confidence: Confidence::Certain,
            source: EncodingSource::MetaInTree,
        }
    }

    /// Whether the confidence is tentative (so a `<meta>` in the tree may still change it).
    ///
    /// ```
    /// use kauri_encoding::{sniff, SniffOptions};
    /// let opts = SniffOptions::default();
    /// assert!(sniff(b"<meta charset=gbk>", &opts)?.is_tentative());
    /// assert!(!sniff(b"\xFE\xFF\0<", &opts)?.is_tentative()); // a UTF-16BE byte order mark
    /// # Ok::<(), kauri_encoding::UnknownLabel>(())
    /// ```
    pub fn is_tentative(&self) -> bool {
        self.confidence == Confidence::Tentative
    }
}

/// An encoding label that names no encoding of the Encoding standard.
///
/// ```
/// use kauri_encoding::{sniff, SniffOptions, UnknownLabel};
/// let opts = SniffOptions { override_label: Some("latin-9000".into()), ..Default::default() };
/// let err = sniff(b"<p>hi", &opts).unwrap_err();
/// assert_eq!(err, UnknownLabel("latin-9000".into()));
/// assert_eq!(err.to_string(), r#"unknown encoding label "latin-9000""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLabel(pub String);

impl fmt::Display for UnknownLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown encoding label {:?}", self.0)
    }
}

impl std::error::Error for UnknownLabel {}

/// Looks up an encoding label the way the Encoding standard's "get an encoding" does (ASCII
/// case-insensitive, surrounding ASCII whitespace ignored). `None` for unknown labels.
///
/// ```
/// use kauri_encoding::encoding_for_label;
/// assert_eq!(encoding_for_label(" Latin1 ").map(|e| e.name()), Some("windows-1252"));
/// assert_eq!(encoding_for_label("utf8").map(|e| e.name()), Some("UTF-8"));
/// assert_eq!(encoding_for_label("latin-9000"), None);
/// ```
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label(label.as_bytes())
}

/// The encoding sniffing algorithm (§ determining-the-character-encoding) over the bytes available
/// so far; see the crate documentation for the order of the steps.
///
/// Errors only when [`SniffOptions::override_label`] is not a known label.
///
/// ```
/// use kauri_encoding::{sniff, Confidence, EncodingSource, SniffOptions};
/// // A `Content-Type: text/html; charset=iso-8859-2` header beats the page's `<meta>` ...
/// let http = SniffOptions { transport_label: Some("iso-8859-2".into()), ..Default::default() };
/// let d = sniff(b"<meta charset=koi8-r><p>\xB1", &http)?;
/// assert_eq!(d.encoding.name(), "ISO-8859-2");
/// assert_eq!((d.confidence, d.source), (Confidence::Certain, EncodingSource::Transport));
/// // ... and a byte order mark beats the header.
/// let d = sniff(b"\xEF\xBB\xBF<p>", &http)?;
/// assert_eq!((d.encoding.name(), d.source), ("UTF-8", EncodingSource::Bom));
/// # Ok::<(), kauri_encoding::UnknownLabel>(())
/// ```
pub fn sniff(bytes: &[u8], opts: &SniffOptions) -> Result<EncodingDecision, UnknownLabel> {
    let decided = |encoding, confidence, source| {
        Ok(EncodingDecision {
            encoding,
            confidence,
            source,
        })
    };
    // The override is validated first, so that a bad label is reported whatever the bytes are.
    let override_encoding = match &opts.override_label {
        Some(label) => Some(encoding_for_label(label).ok_or_else(|| UnknownLabel(label.clone()))?),
        None => None,
    };
    // Step 1: BOM sniffing.
    if let Some((encoding, _)) = Encoding::for_bom(bytes) {
        return decided(encoding, Confidence::Certain, EncodingSource::Bom);
    }
    // Step 2: the user's override.
    if let Some(encoding) = override_encoding {
        return decided(encoding, Confidence::Certain, EncodingSource::Override);
    }
    // Step 3 (waiting for more bytes) is the caller's business. Step 4: the transport layer.
    if let Some(encoding) = opts.transport_label.as_deref().and_then(encoding_for_label) {
        return decided(encoding, Confidence::Certain, EncodingSource::Transport);
    }
    // Step 5: the pre-scan.
    if let Some(encoding) = prescan(bytes) {
        return decided(encoding, Confidence::Tentative, EncodingSource::MetaPrescan);
    }
    // Steps 6 and 7 do not apply to a library (no parent document, no history). Step 8: guess.
    let tld = opts.tld_hint.as_deref().and_then(tld_label);
    if !opts.no_guess {
        if let Some(encoding) = guess(bytes, tld.as_deref(), opts.allow_utf8_guess) {
            return decided(encoding, Confidence::Tentative, EncodingSource::Guess);
        }
    }
    // Step 9: the default.
    let encoding = match (opts.default_encoding, tld.as_deref()) {
        (Some(encoding), _) => encoding,
        (None, Some(tld)) => {
            // With no bytes fed, the detector answers with the TLD's legacy encoding.
            chardetng::EncodingDetector::new().guess(Some(tld), false)
        }
        (None, None) => WINDOWS_1252,
    };
    decided(encoding, Confidence::Tentative, EncodingSource::Default)
}

/// Whether [`sniff`] over `bytes`, the first bytes of a stream that goes on, could decide
/// otherwise once more bytes arrive: the standard's step 3 ("wait for more bytes", with Kauri's
/// bounds). A streaming parser calls it as bytes arrive and sniffs as soon as it says `false`,
/// or at the end of the stream; the decision is then the one [`sniff`] makes over the whole
/// stream, however it was split.
///
/// More bytes are needed while `bytes` may still be the start of a byte order mark; then, with
/// no override and no known transport label, until the [`PRESCAN_LIMIT`] bytes the pre-scan
/// reads are there; then, when the pre-scan found nothing and the guess may run, until the
/// [`GUESS_WINDOW`] bytes past the first non-ASCII byte are there (all-ASCII bytes give the
/// detector nothing, so they wait for a non-ASCII byte or the end).
///
/// Only the guess can wait past [`PRESCAN_LIMIT`] bytes, and it need not hold the parse back:
/// the standard lets a parser start with a tentative encoding and change it later
/// (§ changing-the-encoding-while-parsing). `kauri::Parser` parses from the
/// [`PRESCAN_LIMIT`]th byte on with a provisional [`sniff`] of the bytes it has, and sniffs
/// again once this says `false` (or at the end), starting over if the encoding differs.
///
/// ```
/// use kauri_encoding::{sniff_needs_more, SniffOptions};
/// let opts = SniffOptions::default();
/// assert!(sniff_needs_more(b"\xEF\xBB", &opts)); // maybe a UTF-8 BOM
/// assert!(!sniff_needs_more(b"\xEF\xBB\xBF<p>", &opts));
/// assert!(sniff_needs_more(b"<p>short", &opts)); // a <meta> may follow
/// let mut page = b"<meta charset=koi8-r>".to_vec();
/// page.resize(1024, b' ');
/// assert!(!sniff_needs_more(&page, &opts));
/// let transport = SniffOptions { transport_label: Some("utf-8".into()), ..Default::default() };
/// assert!(!sniff_needs_more(b"<p>", &transport));
/// ```
pub fn sniff_needs_more(bytes: &[u8], opts: &SniffOptions) -> bool {
    let bom_prefix = |bom: &[u8]| bytes.len() < bom.len() && bom.starts_with(bytes);
    if bom_prefix(b"\xEF\xBB\xBF") || bom_prefix(b"\xFE\xFF") || bom_prefix(b"\xFF\xFE") {
        return true;
    }
    if Encoding::for_bom(bytes).is_some() || opts.override_label.is_some() {
        return false;
    }
    if opts
        .transport_label
        .as_deref()
        .and_then(encoding_for_label)
        .is_some()
    {
        return false;
    }
    if bytes.len() < PRESCAN_LIMIT {
        return true;
    }
    if opts.no_guess || prescan(bytes).is_some() {
        return false;
    }
    // The guess reads up to `GUESS_WINDOW` bytes past the first non-ASCII byte, and tells
    // the detector whether they are the last ones: so strictly more than that.
    match bytes.iter().position(|&b| b >= 0x80 || b == 0x1B) {
        Some(first) => bytes.len() <= first.saturating_add(GUESS_WINDOW),
        None => true,
    }
}

/// How many bytes past the first non-ASCII byte (or ISO-2022-JP escape) the detector sees.
///
/// chardetng runs at a few megabytes per second, so feeding it a whole large document would cost
/// more than parsing it; 64 KiB of non-ASCII text is far more than it needs to decide.
pub const GUESS_WINDOW: usize = 64 * 1024;

/// Step 8 with chardetng: `None` when the bytes give the detector nothing to go on (all ASCII
/// with no ISO-2022-JP escapes), when it rates its own guess implausible, or when the guess is
/// UTF-8 or ISO-2022-JP and those are not allowed.
fn guess(bytes: &[u8], tld: Option<&[u8]>, allow_utf8: bool) -> Option<&'static Encoding> {
    // The first byte that is not plain ASCII text: nothing before it tells encodings apart.
    let first = bytes.iter().position(|&b| b >= 0x80 || b == 0x1B)?;
    // Valid UTF-8 with non-ASCII bytes is exactly when chardetng answers UTF-8 (its UTF-8
    // candidate is the strict WHATWG decoder); checking it directly is much faster. A sequence
    // cut off by the end of the bytes is allowed: they may be a prefix of a longer stream.
    let end = bytes.len().min(first.saturating_add(GUESS_WINDOW));
    if bytes[first] >= 0x80 {
        // Within the window, like the detector: so the answer never depends on bytes past it
        // (a streaming parser decides as soon as it has them, see `sniff_needs_more`).
        let valid = match std::str::from_utf8(&bytes[first..end]) {
            Ok(_) => true,
            Err(error) => error.error_len().is_none(),
        };
        if valid {
            return allow_utf8.then_some(UTF_8);
        }
    }
    let mut detector = chardetng::EncodingDetector::new();
    let non_ascii = detector.feed(&bytes[..end], end == bytes.len());
    // Asked with UTF-8 allowed, so that "valid UTF-8" is visible even when it is not accepted
    // (chardetng would otherwise answer with the TLD default, which is step 9's business).
    let (encoding, plausible) = detector.guess_assess(tld, true);
    if encoding == UTF_8 || encoding == ISO_2022_JP {
        return allow_utf8.then_some(encoding);
    }
    (non_ascii && plausible).then_some(encoding)
}

/// The rightmost DNS label of a TLD or host name hint, lowercased, in the form chardetng requires
/// (ASCII, no period). `None` when there is no usable label.
fn tld_label(hint: &str) -> Option<Vec<u8>> {
    let label = hint.trim().trim_end_matches('.').rsplit('.').next()?;
    if label.is_empty() || !label.is_ascii() {
        return None;
    }
    Some(label.to_ascii_lowercase().into_bytes())
}
