//! The parse entry points: text, bytes and fragments, into an owned [`Document`] or an arena.

use kauri_dom::fragment::{parse_fragment as parse_fragment_into, FragmentOptions};
use kauri_dom::{Arena, Document, DomSink, Parsed};
use kauri_encoding::{Encoding, EncodingDecision, SniffOptions, UnknownLabel};
use kauri_tokenizer::{fill_positions, ErrorCode, ParseError, Tokenizer, TokenizerOptions};
use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};

use crate::fragment::{ContextError, FragmentContext};
use crate::options::ParseOptions;

/// Parses a document from text with the default options.
///
/// ```
/// let doc = kauri::parse("<title>T</title><p>x");
/// assert_eq!(doc.to_test_tree(), "| <html>\n|   <head>\n|     <title>\n|       \"T\"\n|   <body>\n|     <p>\n|       \"x\"\n");
/// assert_eq!(doc.encoding(), "UTF-8");
/// ```
pub fn parse(html: &str) -> Document {
    parse_with_options(html, &ParseOptions::default())
}

/// Parses a document from text. The encoding options are ignored (the text is already
/// decoded); [`Document::encoding`] is `"UTF-8"`.
pub fn parse_with_options(html: &str, opts: &ParseOptions) -> Document {
    Document::build(|arena| parse_document(arena, html, opts)).with_scripting(opts.scripting)
}

/// Parses a document from bytes with the default options: the encoding is sniffed
/// (§ the-input-byte-stream) and [`Document::encoding`] names it.
///
/// ```
/// let doc = kauri::parse_bytes(b"<meta charset=shift_jis><p>\x82\xa0");
/// assert_eq!(doc.encoding(), "Shift_JIS");
/// assert_eq!(doc.text_content(), "\u{3042}");
/// ```
pub fn parse_bytes(bytes: &[u8]) -> Document {
    // Without an override label, sniffing cannot fail.
    parse_bytes_with_options(bytes, &ParseOptions::default())
        .unwrap_or_else(|_| parse_with_options("", &ParseOptions::default()))
}

/// Parses a document from bytes. Fails only when [`ParseOptions::encoding`] is not an encoding
/// label.
///
/// When the encoding was only a tentative guess and the tree builder meets a `<meta>` declaring
/// another one, the standard's "change the encoding" (§ changing-the-encoding-while-parsing)
/// restarts the parse: the bytes are decoded again with the declared encoding (confidence certain)
/// and parsed once more. The first tree is discarded (its nodes stay in the arena until the
/// document is dropped).
pub fn parse_bytes_with_options(
    bytes: &[u8],
    opts: &ParseOptions,
) -> Result<Document, UnknownLabel> {
    build_from_bytes(|arena| parse_document_bytes(arena, bytes, opts), opts)
}

/// Parses a document from bytes the caller hands over, like [`parse_bytes_with_options`] but
/// with less memory: bytes that are already the text (UTF-8, or ASCII in an ASCII-compatible
/// encoding) become the text without a copy, and bytes that must be decoded are dropped as soon
/// as the encoding is certain. Fails only when [`ParseOptions::encoding`] is not an encoding
/// label.
///
/// ```
/// let bytes = "<meta charset=utf-8><p>café".as_bytes().to_vec();
/// let doc = kauri::parse_owned_bytes(bytes, &Default::default()).unwrap();
/// assert_eq!((doc.text_content().as_str(), doc.encoding()), ("café", "UTF-8"));
/// let sjis = kauri::parse_owned_bytes(b"<meta charset=shift_jis><p>\x82\xa0".to_vec(), &Default::default());
/// assert_eq!(sjis.unwrap().text_content(), "\u{3042}");
/// ```
pub fn parse_owned_bytes(bytes: Vec<u8>, opts: &ParseOptions) -> Result<Document, UnknownLabel> {
    build_from_bytes(|arena| parse_document_owned_bytes(arena, bytes, opts), opts)
}

/// A [`Document`] from a bytes parse into its arena, with the encoding the parse used.
fn build_from_bytes<F>(parse: F, opts: &ParseOptions) -> Result<Document, UnknownLabel>
where
    F: for<'a> FnOnce(&'a Arena<'a>) -> Result<(Parsed<'a>, &'static Encoding), UnknownLabel>,
{
    let mut encoding: &'static Encoding =
        kauri_encoding::Encoding::for_label(b"utf-8").expect("utf-8");
    let mut failure = None;
    let doc = Document::build(|arena| match parse(arena) {
        Ok((parsed, used)) => {
            encoding = used;
            parsed
        }
        Err(err) => {
            failure = Some(err);
            DomSink::new(arena).finish()
        }
    });
    match failure {
        Some(err) => Err(err),
        None => Ok(doc
            .with_encoding(encoding.name())
            .with_scripting(opts.scripting)),
    }
}

/// Parses a fragment with the HTML fragment parsing algorithm (§ html-fragment-parsing-algorithm).
/// `context` names the context element as the html5lib tests do: `td`, `svg path`, `math mi`. The
/// document's root is a DocumentFragment holding the fragment's nodes.
///
/// ```
/// let frag = kauri::parse_fragment("<td>a<td>b", "tr", &Default::default()).unwrap();
/// assert_eq!(frag.to_test_tree(), "| <td>\n|   \"a\"\n| <td>\n|   \"b\"\n");
/// assert!(kauri::parse_fragment("x", "", &Default::default()).is_err());
/// ```
pub fn parse_fragment(
    html: &str,
    context: &str,
    opts: &ParseOptions,
) -> Result<Document, ContextError> {
    let context: FragmentContext = context.parse()?;
    Ok(
        Document::build(|arena| parse_fragment_in(arena, html, &context, opts))
            .with_scripting(opts.scripting),
    )
}

/// Parses a document from text into `arena` (comrak-style: the tree borrows the arena).
///
/// ```
/// let arena = kauri::Arena::new();
/// let parsed = kauri::parse_document(&arena, "<p>hi", &Default::default());
/// assert_eq!(parsed.root.text_content(), "hi");
/// ```
pub fn parse_document<'a>(arena: &'a Arena<'a>, html: &str, opts: &ParseOptions) -> Parsed<'a> {
    let (html, truncated) = opts.limit_text(html);
    run_document(arena, html, opts, false, truncated).0
}

/// Parses a document from bytes into `arena`; returns the tree and the encoding used. Fails
/// only when [`ParseOptions::encoding`] is not an encoding label. See
/// [`parse_bytes_with_options`] for the reparse on a `<meta>` encoding change.
pub fn parse_document_bytes<'a>(
    arena: &'a Arena<'a>,
    bytes: &[u8],
    opts: &ParseOptions,
) -> Result<(Parsed<'a>, &'static Encoding), UnknownLabel> {
    parse_document_bytes_keeping_text(arena, bytes, opts).map(|(parsed, used, _)| (parsed, used))
}

/// [`parse_document_bytes`], also giving the text the tree was parsed from (the decoded
/// input, after a restart the second decoding): the text the errors' offsets point into.
pub(crate) fn parse_document_bytes_keeping_text<'a>(
    arena: &'a Arena<'a>,
    bytes: &[u8],
    opts: &ParseOptions,
) -> Result<(Parsed<'a>, &'static Encoding, String), UnknownLabel> {
    let (bytes, truncated) = opts.limit_bytes(bytes);
    let decision = kauri_encoding::sniff(bytes, &sniff_options(opts))?;
    let text = kauri_encoding::decode(bytes, &decision);
    let (parsed, change) = run_document(arena, &text, opts, decision.is_tentative(), truncated);
    match restart_encoding(decision.encoding, change) {
        Some(new) => {
            drop(text);
            let text = kauri_encoding::decode(bytes, &EncodingDecision::meta_in_tree(new));
            let parsed = run_document(arena, &text, opts, false, truncated).0;
            Ok((parsed, new, text))
        }
        None => Ok((parsed, decision.encoding, text)),
    }
}

/// [`parse_document_bytes`] for bytes the caller hands over (see [`parse_owned_bytes`]): the
/// bytes become the text without a copy when they already are the text, and are dropped before
/// the parse when they must be decoded and the encoding is certain. They are kept only while a
/// `<meta>` may still change a tentative encoding and the text is a decoded copy.
pub fn parse_document_owned_bytes<'a>(
    arena: &'a Arena<'a>,
    mut bytes: Vec<u8>,
    opts: &ParseOptions,
) -> Result<(Parsed<'a>, &'static Encoding), UnknownLabel> {
    let truncated = match opts.max_input_bytes {
        Some(max) if bytes.len() > max => {
            bytes.truncate(max);
            true
        }
        _ => false,
    };
    let decision = kauri_encoding::sniff(&bytes, &sniff_options(opts))?;
    let tentative = decision.is_tentative();
    // `kept`: the original bytes, when the text is a copy and a restart may still need them.
    let (text, kept) = match kauri_encoding::decode_in_place(bytes, &decision) {
        Ok(text) => (text, None),
        Err(bytes) if tentative => (kauri_encoding::decode(&bytes, &decision), Some(bytes)),
        Err(bytes) => (kauri_encoding::decode(&bytes, &decision), None),
    };
    let (parsed, change) = run_document(arena, &text, opts, tentative, truncated);
    match restart_encoding(decision.encoding, change) {
        Some(new) => {
            // A restart only follows a tentative decision, so there was no BOM: text decoded in
            // place holds exactly the original bytes.
            let bytes = kept.unwrap_or_else(|| text.into_bytes());
            let text = kauri_encoding::decode_vec(bytes, &EncodingDecision::meta_in_tree(new));
            Ok((run_document(arena, &text, opts, false, truncated).0, new))
        }
        None => Ok((parsed, decision.encoding)),
    }
}

/// The sniffing inputs of `opts`.
pub(crate) fn sniff_options(opts: &ParseOptions) -> SniffOptions {
    SniffOptions {
        override_label: opts.encoding.clone(),
        transport_label: opts.transport_charset.clone(),
        allow_utf8_guess: opts.allow_utf8_guess,
        ..SniffOptions::default()
    }
}

/// "change the encoding" (§ changing-the-encoding-while-parsing): the encoding to restart the parse
/// with, when the tree builder met a `<meta>` (while the encoding was tentative) declaring another
/// one.
fn restart_encoding(
    current: &'static Encoding,
    change: Option<&'static Encoding>,
) -> Option<&'static Encoding> {
    kauri_encoding::change_the_encoding(current, change?)
}

/// Parses a fragment into `arena`; the root is a DocumentFragment.
pub fn parse_fragment_in<'a>(
    arena: &'a Arena<'a>,
    html: &str,
    context: &FragmentContext,
    opts: &ParseOptions,
) -> Parsed<'a> {
    let (html, truncated) = opts.limit_text(html);
    let fragment_options = FragmentOptions {
        scripting: opts.scripting,
        locations: opts.locations,
        max_attributes: opts.max_attributes,
        max_depth: opts.max_depth,
        // Fragments default to "allow declarative shadow roots" false (`innerHTML`).
        declarative_shadow_roots: opts.declarative_shadow_roots.unwrap_or(false),
        template_for: opts.template_for,
        errors: opts.errors,
    };
    let mut parsed =
        parse_fragment_into(arena, html, context.name(), Vec::new(), &fragment_options);
    report_truncation(html, truncated && opts.errors, &mut parsed.errors);
    fill_positions(html, &mut parsed.errors);
    parsed
}

pub(crate) fn tree_builder_options(
    opts: &ParseOptions,
    encoding_tentative: bool,
) -> TreeBuilderOptions {
    TreeBuilderOptions {
        scripting: opts.scripting,
        iframe_srcdoc: opts.iframe_srcdoc,
        encoding_tentative,
        max_depth: opts.max_depth,
        declarative_shadow_roots: opts.declarative_shadow_roots.unwrap_or(true),
        template_for: opts.template_for,
        errors: opts.errors,
    }
}

/// The tokenizer's options for `opts` (a document's: the data state; a fragment parse sets the
/// initial state). `errors` is handed down here, as to the tree builder and the DOM sink: no
/// layer asks the one above what it wants.
pub(crate) fn tokenizer_options(opts: &ParseOptions) -> TokenizerOptions {
    TokenizerOptions {
        errors: opts.errors,
        max_attributes: opts.max_attributes,
        ..TokenizerOptions::default()
    }
}

/// Appends the [`ErrorCode::InputTruncated`] error at the end of `html` when the input was cut
/// by [`ParseOptions::max_input_bytes`].
fn report_truncation(html: &str, truncated: bool, errors: &mut Vec<ParseError>) {
    if truncated {
        errors.push(ParseError::at(ErrorCode::InputTruncated, html.len()));
    }
}

/// Tokenizes and builds a document; returns the tree and the tree builder's encoding change
/// request (only made when `encoding_tentative`). `truncated`: the input was cut by
/// [`ParseOptions::max_input_bytes`].
fn run_document<'a>(
    arena: &'a Arena<'a>,
    html: &str,
    opts: &ParseOptions,
    encoding_tentative: bool,
    truncated: bool,
) -> (Parsed<'a>, Option<&'static Encoding>) {
    let sink = DomSink::new(arena)
        .with_spans(opts.locations)
        .with_errors(opts.errors);
    let builder = TreeBuilder::new(sink, tree_builder_options(opts, encoding_tentative));
    let mut tokenizer = Tokenizer::new(builder, tokenizer_options(opts));
    let _ = tokenizer.feed(html);
    let _ = tokenizer.end();
    let builder = tokenizer.into_sink();
    let change = builder.encoding_change_request();
    let mut parsed = builder.into_sink().finish();
    report_truncation(html, truncated && opts.errors, &mut parsed.errors);
    fill_positions(html, &mut parsed.errors);
    (parsed, change)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The owned-bytes parse gives what the borrowed one gives: tree, errors, encoding.
    fn same_as_borrowed(bytes: &[u8], opts: &ParseOptions) {
        let borrowed = parse_bytes_with_options(bytes, opts);
        let owned = parse_owned_bytes(bytes.to_vec(), opts);
        match (borrowed, owned) {
            (Ok(b), Ok(o)) => {
                assert_eq!(o.to_json(true), b.to_json(true), "{bytes:?}");
                assert_eq!(o.encoding(), b.encoding(), "{bytes:?}");
            }
            (Err(b), Err(o)) => assert_eq!(o, b),
            (b, o) => panic!("{bytes:?}: {:?} / {:?}", b.map(|_| ()), o.map(|_| ())),
        }
    }

    #[test]
    fn owned_bytes_parse_like_borrowed_bytes() {
        // A `<meta>` past the pre-scan's 1,024 bytes makes the tree builder restart the parse.
        let late = |charset: &str, body: &[u8]| {
            let mut bytes = format!("<!-- {} -->", "x".repeat(1100)).into_bytes();
            bytes.extend_from_slice(format!("<meta charset={charset}>").as_bytes());
            bytes.extend_from_slice(body);
            bytes
        };
        let inputs: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"<p>plain ascii".to_vec(),
            "<meta charset=utf-8><p>caf\u{e9}".as_bytes().to_vec(),
            b"\xEF\xBB\xBF<p>caf\xC3\xA9".to_vec(),
            b"\xFF\xFE<\x00p\x00>\x00x\x00".to_vec(),
            b"<p>caf\xE9 (windows-1252)".to_vec(),
            b"<p>bad \xC3 utf-8 \xFF".to_vec(),
            b"<meta charset=shift_jis><p>\x82\xa0".to_vec(),
            // Restarts: from a guess over ASCII bytes (text decoded in place) and over
            // non-ASCII bytes (a decoded copy, the bytes kept for the restart).
            late("shift_jis", b"<p>ascii only"),
            late("shift_jis", b"<p>\x82\xa0"),
            late("koi8-r", b"<p>\xF0\xD2\xC9\xD7\xC5\xD4"),
            late("utf-8", "<p>caf\u{e9}".as_bytes()),
        ];
        let guess = ParseOptions {
            allow_utf8_guess: true,
            ..ParseOptions::default()
        };
        let certain = ParseOptions {
            encoding: Some("windows-1251".into()),
            ..ParseOptions::default()
        };
        let cut = ParseOptions {
            max_input_bytes: Some(5),
            ..ParseOptions::default()
        };
        let bad_label = ParseOptions {
            encoding: Some("no-such-encoding".into()),
            ..ParseOptions::default()
        };
        for bytes in &inputs {
            for opts in [&ParseOptions::default(), &guess, &certain, &cut, &bad_label] {
                same_as_borrowed(bytes, opts);
            }
        }
        // The restart did happen.
        let doc = parse_owned_bytes(late("shift_jis", b"<p>\x82\xa0"), &guess).unwrap();
        assert_eq!(
            (doc.encoding(), doc.body().unwrap().text_content().as_str()),
            ("Shift_JIS", "\u{3042}")
        );
    }
}
