//! Unlabelled documents in legacy encodings (`tests/fixtures/encoding/` at the workspace root):
//! each `NAME.txt` holds a few sentences (UTF-8) and `NAME.html` is that text wrapped in
//! [`PREFIX`] and [`SUFFIX`] and encoded in the encoding labelled `NAME`, with no declaration of
//! any kind. Sniffed as a local file (UTF-8 and ISO-2022-JP guesses allowed), each must come out
//! as its encoding and decode back to the text.
//!
//! `cargo test -p kauri-encoding --test fixtures -- --ignored` rewrites the `.html` files from
//! the `.txt` files.

mod common;

use common::{dir, NAMES};
use kauri_encoding::{decode, sniff, Confidence, Encoding, EncodingSource, SniffOptions};

/// The markup before the text. No `<meta>`, nothing but ASCII.
const PREFIX: &str = "<!DOCTYPE html><html><body><p>";
/// The markup after the text (no trailing newline, so the document's text is exactly the text).
const SUFFIX: &str = "</p></body></html>";

fn text(name: &str) -> String {
    std::fs::read_to_string(dir().join(format!("{name}.txt"))).unwrap()
}

fn encoding(name: &str) -> &'static Encoding {
    Encoding::for_label(name.as_bytes()).unwrap()
}

/// The document bytes for a fixture, encoded with encoding_rs.
fn encoded(name: &str) -> Vec<u8> {
    let document = format!("{PREFIX}{}{SUFFIX}", text(name));
    let (bytes, used, unmappable) = encoding(name).encode(&document);
    assert_eq!(used, encoding(name), "{name}");
    assert!(
        !unmappable,
        "{name}: the text has characters {name} cannot encode"
    );
    bytes.into_owned()
}

fn local_file() -> SniffOptions {
    SniffOptions {
        allow_utf8_guess: true,
        ..SniffOptions::default()
    }
}

#[test]
fn fixture_files_are_the_encoded_texts() {
    for name in NAMES {
        let file = std::fs::read(dir().join(format!("{name}.html"))).unwrap();
        assert_eq!(
            file,
            encoded(name),
            "{name}.html is stale: run the ignored test"
        );
    }
}

#[test]
fn unlabelled_documents_are_guessed_and_decode_to_their_text() {
    for name in NAMES {
        let bytes = std::fs::read(dir().join(format!("{name}.html"))).unwrap();
        let decision = sniff(&bytes, &local_file()).unwrap();
        assert_eq!(
            decision.encoding.name(),
            encoding(name).name(),
            "{name}: guessed {}",
            decision.encoding.name()
        );
        assert_eq!(decision.source, EncodingSource::Guess, "{name}");
        assert_eq!(decision.confidence, Confidence::Tentative, "{name}");
        let decoded = decode(&bytes, &decision);
        assert_eq!(decoded, format!("{PREFIX}{}{SUFFIX}", text(name)), "{name}");
    }
}

#[test]
fn network_documents_are_never_guessed_utf8_or_iso_2022_jp() {
    // Without `allow_utf8_guess` (content from the network), the detector's UTF-8 and
    // ISO-2022-JP answers are not used: the default decides.
    for name in ["utf-8", "iso-2022-jp"] {
        let bytes = std::fs::read(dir().join(format!("{name}.html"))).unwrap();
        let decision = sniff(&bytes, &SniffOptions::default()).unwrap();
        assert_eq!(decision.encoding.name(), "windows-1252", "{name}");
        assert_eq!(decision.source, EncodingSource::Default, "{name}");
    }
    // The legacy encodings are still guessed.
    for name in NAMES
        .iter()
        .filter(|n| !matches!(**n, "utf-8" | "iso-2022-jp"))
    {
        let bytes = std::fs::read(dir().join(format!("{name}.html"))).unwrap();
        let decision = sniff(&bytes, &SniffOptions::default()).unwrap();
        assert_eq!(decision.encoding, encoding(name), "{name}");
    }
}

#[test]
#[ignore = "rewrites tests/fixtures/encoding/*.html from the .txt files"]
fn regenerate_fixture_files() {
    for name in NAMES {
        std::fs::write(dir().join(format!("{name}.html")), encoded(name)).unwrap();
    }
}
