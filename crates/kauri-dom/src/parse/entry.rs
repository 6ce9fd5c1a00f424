//! The parse entry points: text, bytes and fragments, into an owned [`Document`] or an arena.
//! Each one runs the pipeline through [`Driver`].

use std::borrow::Cow;

use kauri_encoding::{Encoding, EncodingDecision, UnknownLabel};

use super::context::{ContextError, FragmentContext};
use super::driver::Driver;
use super::options::ParseOptions;
use crate::document::Document;
use crate::node::Arena;
use crate::sink::{DomSink, Parsed};

/// Parses a document from text with the default options.
///
/// ```
/// # use kauri_dom as kauri;
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
/// # use kauri_dom as kauri;
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
/// # use kauri_dom as kauri;
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
/// # use kauri_dom as kauri;
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
    Ok(parse_fragment_for(html, &context, opts))
}

/// [`parse_fragment`] with a typed context element.
///
/// ```
/// # use kauri_dom as kauri;
/// let td = kauri::FragmentContext::html("td");
/// let frag = kauri::parse_fragment_for("<p>a", &td, &Default::default());
/// assert_eq!(frag.root().inner_html(), "<p>a</p>");
/// ```
pub fn parse_fragment_for(html: &str, context: &FragmentContext, opts: &ParseOptions) -> Document {
    Document::build(|arena| parse_fragment_in(arena, html, context, opts))
        .with_scripting(opts.scripting)
}

/// Parses a document from text into `arena` (comrak-style: the tree borrows the arena).
///
/// ```
/// # use kauri_dom as kauri;
/// let arena = kauri::Arena::new();
/// let parsed = kauri::parse_document(&arena, "<p>hi", &Default::default());
/// assert_eq!(parsed.root.text_content(), "hi");
/// ```
pub fn parse_document<'a>(arena: &'a Arena<'a>, html: &str, opts: &ParseOptions) -> Parsed<'a> {
    let (html, truncated) = opts.limit_text(html);
    Driver::document(opts).run(arena, html, truncated).0
}

/// Parses a fragment into `arena`; the root is a DocumentFragment.
///
/// ```
/// # use kauri_dom as kauri;
/// let arena = kauri::Arena::new();
/// let tr = kauri::FragmentContext::html("tr");
/// let parsed = kauri::parse_fragment_in(&arena, "<td>a", &tr, &Default::default());
/// assert_eq!(parsed.root.inner_html(), "<td>a</td>");
/// ```
pub fn parse_fragment_in<'a>(
    arena: &'a Arena<'a>,
    html: &str,
    context: &FragmentContext,
    opts: &ParseOptions,
) -> Parsed<'a> {
    let (html, truncated) = opts.limit_text(html);
    Driver::fragment(opts, context)
        .run(arena, html, truncated)
        .0
}

/// Parses a document from bytes into `arena`; returns the tree and the encoding used. Fails
/// only when [`ParseOptions::encoding`] is not an encoding label. See
/// [`parse_bytes_with_options`] for the reparse on a `<meta>` encoding change.
///
/// ```
/// # use kauri_dom as kauri;
/// let arena = kauri::Arena::new();
/// let bytes = b"<meta charset=shift_jis><p>\x82\xa0";
/// let (parsed, encoding) = kauri::parse_document_bytes(&arena, bytes, &Default::default())?;
/// assert_eq!((parsed.root.text_content().as_str(), encoding.name()), ("\u{3042}", "Shift_JIS"));
/// # Ok::<(), kauri::UnknownLabel>(())
/// ```
pub fn parse_document_bytes<'a>(
    arena: &'a Arena<'a>,
    bytes: &[u8],
    opts: &ParseOptions,
) -> Result<(Parsed<'a>, &'static Encoding), UnknownLabel> {
    decode_and_parse(arena, Cow::Borrowed(bytes), opts).map(|d| (d.parsed, d.encoding))
}

/// [`parse_document_bytes`] for bytes the caller hands over (see [`parse_owned_bytes`]): the
/// bytes become the text without a copy when they already are the text, and are dropped before
/// the parse when they must be decoded and the encoding is certain. They are kept only while a
/// `<meta>` may still change a tentative encoding and the text is a decoded copy.
///
/// ```
/// # use kauri_dom as kauri;
/// let arena = kauri::Arena::new();
/// let bytes = "<p>caf\u{e9}".as_bytes().to_vec();
/// let (parsed, encoding) = kauri::parse_document_owned_bytes(&arena, bytes, &Default::default())?;
/// assert_eq!((parsed.root.text_content().as_str(), encoding.name()), ("caf\u{e9}", "UTF-8"));
/// # Ok::<(), kauri::UnknownLabel>(())
/// ```
pub fn parse_document_owned_bytes<'a>(
    arena: &'a Arena<'a>,
    bytes: Vec<u8>,
    opts: &ParseOptions,
) -> Result<(Parsed<'a>, &'static Encoding), UnknownLabel> {
    decode_and_parse(arena, Cow::Owned(bytes), opts).map(|d| (d.parsed, d.encoding))
}

/// A document parsed from bytes, with the encoding used and the decoded text the tree was
/// parsed from: the text the errors' offsets and the nodes' spans point into.
pub struct DecodedParse<'a> {
    /// The tree and its errors.
    pub parsed: Parsed<'a>,
    /// The encoding the bytes were decoded with (after a restart, the declared one).
    pub encoding: &'static Encoding,
    /// The decoded text (after a restart, the second decoding).
    pub text: String,
}

/// [`parse_document_bytes`], also giving the decoded text the tree was parsed from.
///
/// ```
/// # use kauri_dom as kauri;
/// let arena = kauri::Arena::new();
/// let d = kauri::parse_document_bytes_with_text(&arena, b"<p>\x82\xa0", &kauri::ParseOptions {
///     encoding: Some("shift_jis".into()),
///     ..Default::default()
/// })?;
/// assert_eq!(d.text, "<p>\u{3042}");
/// # Ok::<(), kauri::UnknownLabel>(())
/// ```
pub fn parse_document_bytes_with_text<'a>(
    arena: &'a Arena<'a>,
    bytes: &[u8],
    opts: &ParseOptions,
) -> Result<DecodedParse<'a>, UnknownLabel> {
    decode_and_parse(arena, Cow::Borrowed(bytes), opts)
}

/// The one bytes path (§ the-input-byte-stream): cut the bytes to the input limit, sniff the
/// encoding, decode (in place when the caller handed the bytes over and they already are the
/// text), parse, and restart once with the declared encoding when the tree builder asks
/// (§ changing-the-encoding-while-parsing). Bytes that must be decoded are kept only while a
/// restart may still need them.
fn decode_and_parse<'a>(
    arena: &'a Arena<'a>,
    bytes: Cow<'_, [u8]>,
    opts: &ParseOptions,
) -> Result<DecodedParse<'a>, UnknownLabel> {
    let (bytes, truncated) = match bytes {
        Cow::Borrowed(b) => {
            let (b, truncated) = opts.limit_bytes(b);
            (Cow::Borrowed(b), truncated)
        }
        Cow::Owned(mut b) => {
            let truncated = opts.max_input_bytes.is_some_and(|max| b.len() > max);
            if let Some(max) = opts.max_input_bytes {
                b.truncate(max);
            }
            (Cow::Owned(b), truncated)
        }
    };
    let decision = kauri_encoding::sniff(&bytes, &opts.sniff_options())?;
    let tentative = decision.is_tentative();
    // `kept`: the original bytes, when the text is a copy and a restart may still need them.
    let (text, kept): (String, Option<Cow<'_, [u8]>>) = match bytes {
        Cow::Borrowed(b) => (kauri_encoding::decode(b, &decision), Some(Cow::Borrowed(b))),
        Cow::Owned(b) => match kauri_encoding::decode_in_place(b, &decision) {
            Ok(text) => (text, None),
            Err(b) => {
                let text = kauri_encoding::decode(&b, &decision);
                (text, tentative.then_some(Cow::Owned(b)))
            }
        },
    };
    let driver = Driver::document(opts).encoding_tentative(tentative);
    let (parsed, change) = driver.run(arena, &text, truncated);
    let (parsed, encoding, text) = match restart_encoding(decision.encoding, change) {
        Some(new) => {
            // A restart only follows a tentative decision, so there was no BOM: text decoded in
            // place holds exactly the original bytes.
            let again = EncodingDecision::meta_in_tree(new);
            let text = match kept {
                Some(Cow::Borrowed(b)) => kauri_encoding::decode(b, &again),
                Some(Cow::Owned(b)) => kauri_encoding::decode_vec(b, &again),
                None => kauri_encoding::decode_vec(text.into_bytes(), &again),
            };
            let parsed = Driver::document(opts).run(arena, &text, truncated).0;
            (parsed, new, text)
        }
        None => (parsed, decision.encoding, text),
    };
    Ok(DecodedParse {
        parsed,
        encoding,
        text,
    })
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
        // The default guesses UTF-8 for unlabelled bytes (the restarts below start from that
        // guess); a browser on network content does not.
        let network = ParseOptions {
            allow_utf8_guess: false,
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
        let options = [
            &ParseOptions::default(),
            &network,
            &certain,
            &cut,
            &bad_label,
        ];
        for (i, bytes) in inputs.iter().enumerate() {
            // Under Miri (slow: the restarts parse 1,100 bytes twice), one set of options per
            // input, in turn, and the default (which guesses) for every restart (inputs 8 on);
            // every set of options is used.
            let picked = options
                .iter()
                .enumerate()
                .filter(|&(k, _)| !cfg!(miri) || k == i % options.len() || (k == 0 && i >= 8));
            for (_, opts) in picked {
                same_as_borrowed(bytes, opts);
            }
        }
        // The restart did happen.
        let doc =
            parse_owned_bytes(late("shift_jis", b"<p>\x82\xa0"), &ParseOptions::default()).unwrap();
        assert_eq!(
            (doc.encoding(), doc.body().unwrap().text_content().as_str()),
            ("Shift_JIS", "\u{3042}")
        );
    }
}
