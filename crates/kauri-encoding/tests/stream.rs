//! Streaming decoding: chunks of any size decode exactly like one buffer; malformed bytes become
//! U+FFFD; a BOM is handled as the sniffer handles it.

mod common;

use kauri_encoding::{
    decode, decode_in_place, decode_vec, sniff, Encoding, EncodingDecision, SniffOptions,
    StreamDecoder,
};

fn enc(label: &str) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).unwrap()
}

/// Decodes `bytes` in chunks of `size` bytes.
fn chunked(encoding: &'static Encoding, bytes: &[u8], size: usize) -> String {
    let mut decoder = StreamDecoder::new(encoding);
    let mut out = String::new();
    for chunk in bytes.chunks(size) {
        decoder.decode(chunk, false, &mut out);
    }
    decoder.decode(&[], true, &mut out);
    out
}

/// Decodes `bytes` in one call.
fn whole(encoding: &'static Encoding, bytes: &[u8]) -> String {
    let mut decoder = StreamDecoder::new(encoding);
    let mut out = String::new();
    decoder.decode(bytes, true, &mut out);
    out
}

/// Byte samples: every fixture document, plus malformed and BOM-carrying inputs.
fn samples() -> Vec<(&'static Encoding, Vec<u8>)> {
    let mut samples = Vec::new();
    for &name in common::NAMES {
        let bytes = std::fs::read(common::dir().join(format!("{name}.html"))).unwrap();
        samples.push((enc(name), bytes));
    }
    // Malformed UTF-8: a lone continuation byte, a truncated 3-byte sequence, an overlong form, a
    // surrogate, and a truncated sequence at the very end.
    samples.push((
        enc("utf-8"),
        b"a\x80b\xE2\x82c\xC0\xAFd\xED\xA0\x80e\xF0\x9F\x98".to_vec(),
    ));
    // Malformed Shift_JIS and EUC-KR (lead bytes without valid trails).
    samples.push((enc("shift_jis"), b"x\x81\x20y\x82\xFFz\x81".to_vec()));
    samples.push((enc("euc-kr"), b"\xB0\xA1\xB0\x20\xFF\xB0".to_vec()));
    // ISO-2022-JP with escapes and a broken one.
    samples.push((enc("iso-2022-jp"), b"a\x1B$B$\"\x1B(Bb\x1B$Zc\x1B".to_vec()));
    // UTF-16 with BOMs, an unpaired surrogate and an odd trailing byte.
    samples.push((
        enc("utf-16le"),
        b"\xFF\xFEa\x00\x3D\xD8\x00\xDEb\x00\x00\xD8c\x00d".to_vec(),
    ));
    samples.push((enc("windows-1252"), b"\xFE\xFF\x00a\x00b".to_vec()));
    samples.push((enc("windows-1252"), b"\xEF\xBB\xBFa\xC3\xA9".to_vec()));
    // A byte order mark after the start is text; ASCII after a partial sequence; GB18030's
    // four-byte sequences, whose second and fourth bytes are ASCII digits.
    samples.push((
        enc("utf-8"),
        b"ab\xEF\xBB\xBFc\xC3\xA9d\xE2\x82e\xC3f".to_vec(),
    ));
    samples.push((enc("windows-1252"), b"ab\xEF\xBB\xBFc\xFEd".to_vec()));
    samples.push((enc("gb18030"), b"a\x81\x30\x81\x30b\x81\x30c\x81d".to_vec()));
    samples
}

#[test]
fn one_byte_chunks_equal_one_buffer() {
    for (encoding, bytes) in samples() {
        assert_eq!(
            chunked(encoding, &bytes, 1),
            whole(encoding, &bytes),
            "{}",
            encoding.name()
        );
    }
}

#[test]
fn every_chunk_size_equals_one_buffer() {
    for (encoding, bytes) in samples() {
        let expected = whole(encoding, &bytes);
        for size in 2..=9 {
            assert_eq!(
                chunked(encoding, &bytes, size),
                expected,
                "{} / {size}",
                encoding.name()
            );
        }
    }
}

#[test]
fn malformed_bytes_become_replacement_characters() {
    let out = whole(enc("utf-8"), b"a\x80b\xE2\x82c\xF0\x9F\x98");
    assert_eq!(out, "a\u{FFFD}b\u{FFFD}c\u{FFFD}");
    let mut decoder = StreamDecoder::new(enc("utf-8"));
    let mut out = String::new();
    decoder.decode(b"ok", false, &mut out);
    assert!(!decoder.had_errors());
    decoder.decode(b"\xFF", true, &mut out);
    assert!(decoder.had_errors());
    assert_eq!(out, "ok\u{FFFD}");
}

#[test]
fn truncated_sequence_waits_for_the_next_chunk() {
    // "é" split across two chunks: nothing is emitted for the first half.
    let mut decoder = StreamDecoder::new(enc("utf-8"));
    let mut out = String::new();
    decoder.decode(b"caf\xC3", false, &mut out);
    assert_eq!(out, "caf");
    decoder.decode(b"\xA9", true, &mut out);
    assert_eq!(out, "café");
    // Shift_JIS: 日 is 0x93 0xFA.
    let mut decoder = StreamDecoder::new(enc("shift_jis"));
    let mut out = String::new();
    decoder.decode(b"\x93", false, &mut out);
    decoder.decode(b"\xFA", true, &mut out);
    assert_eq!(out, "日");
}

#[test]
fn bom_is_removed_and_selects_the_encoding() {
    // Consistent with sniff: the BOM decides, whatever encoding the decoder was made for.
    let bytes = b"\xEF\xBB\xBFcaf\xC3\xA9";
    let d = sniff(bytes, &SniffOptions::default()).unwrap();
    assert_eq!(decode(bytes, &d), "café");
    let mut decoder = StreamDecoder::new(enc("windows-1252"));
    let mut out = String::new();
    for b in bytes {
        decoder.decode(std::slice::from_ref(b), false, &mut out);
    }
    decoder.decode(&[], true, &mut out);
    assert_eq!(out, "café");
    assert_eq!(decoder.encoding(), enc("utf-8"));
    // A UTF-16BE BOM split over two chunks.
    let mut decoder = StreamDecoder::new(enc("windows-1252"));
    let mut out = String::new();
    decoder.decode(b"\xFE", false, &mut out);
    decoder.decode(b"\xFF\x00h\x00i", true, &mut out);
    assert_eq!(out, "hi");
    // No BOM: the given encoding is used and the bytes are kept.
    let mut out = String::new();
    StreamDecoder::new(enc("windows-1252")).decode(b"\xEF\xBBx", true, &mut out);
    assert_eq!(out, "ï»x");
}

#[test]
fn decoder_starts_over_after_last() {
    let mut decoder = StreamDecoder::new(enc("utf-8"));
    let mut out = String::new();
    decoder.decode(b"one\xC3", true, &mut out);
    decoder.decode(b"\xEF\xBB\xBFtwo", true, &mut out);
    assert_eq!(out, "one\u{FFFD}two");
}

#[test]
fn large_chunks() {
    let text = "日本語のテキスト。".repeat(10_000);
    let (bytes, _, _) = enc("euc-jp").encode(&text);
    let d = EncodingDecision {
        encoding: enc("euc-jp"),
        confidence: kauri_encoding::Confidence::Certain,
        source: kauri_encoding::EncodingSource::Override,
    };
    assert_eq!(decode(&bytes, &d), text);
    assert_eq!(chunked(enc("euc-jp"), &bytes, 4093), text);
}

fn certain(encoding: &'static Encoding) -> EncodingDecision {
    EncodingDecision::meta_in_tree(encoding)
}

#[test]
fn owned_decoding_equals_borrowed_decoding() {
    let mut samples = samples();
    samples.push((enc("utf-8"), b"\xEF\xBB\xBFplain ascii".to_vec()));
    samples.push((enc("shift_jis"), b"<p>plain ascii".to_vec()));
    samples.push((enc("iso-2022-jp"), b"<p>plain ascii".to_vec()));
    samples.push((enc("utf-16le"), b"<p>plain ascii".to_vec()));
    samples.push((enc("replacement"), b"<p>plain ascii".to_vec()));
    for (encoding, bytes) in samples {
        let d = certain(encoding);
        let expected = decode(&bytes, &d);
        // encoding_rs's own whole-buffer decode (BOM sniffing, replacement) is the reference.
        assert_eq!(expected, encoding.decode(&bytes).0, "{}", encoding.name());
        assert_eq!(whole(encoding, &bytes), expected, "{}", encoding.name());
        assert_eq!(
            decode_vec(bytes.clone(), &d),
            expected,
            "{}",
            encoding.name()
        );
        match decode_in_place(bytes.clone(), &d) {
            Ok(text) => assert_eq!(text, expected, "{}", encoding.name()),
            Err(back) => assert_eq!(back, bytes, "{}", encoding.name()),
        }
    }
}

#[test]
fn text_that_is_its_bytes_is_not_copied() {
    let bytes = "<p>déjà vu".as_bytes().to_vec();
    let start = bytes.as_ptr();
    let text = decode_in_place(bytes, &certain(enc("utf-8"))).unwrap();
    assert_eq!((text.as_str(), text.as_ptr()), ("<p>déjà vu", start));
    // ASCII in an ASCII-compatible legacy encoding is its own text too.
    let text = decode_in_place(b"<p>x".to_vec(), &certain(enc("windows-1252"))).unwrap();
    assert_eq!(text, "<p>x");
    // Not in ISO-2022-JP (not ASCII-compatible), nor for UTF-16, nor for non-ASCII legacy bytes.
    for (label, bytes) in [
        ("iso-2022-jp", &b"<p>x"[..]),
        ("utf-16le", b"<\x00p\x00"),
        ("windows-1252", b"caf\xE9"),
        ("utf-8", b"caf\xE9"),
    ] {
        assert_eq!(
            decode_in_place(bytes.to_vec(), &certain(enc(label))).unwrap_err(),
            bytes
        );
    }
}

#[test]
fn decoded_text_does_not_reserve_the_worst_case() {
    // Windows-1252 could triple in UTF-8; mostly ASCII text should not get three times its size.
    let mut bytes = b"<p>caf\xE9 ".repeat(20_000);
    bytes.extend_from_slice(b"end");
    let text = decode(&bytes, &certain(enc("windows-1252")));
    assert_eq!(text.len(), bytes.len() + 20_000);
    assert!(text.capacity() < 2 * text.len(), "{}", text.capacity());
    let valid = "é".repeat(50_000);
    assert_eq!(
        decode(valid.as_bytes(), &certain(enc("utf-8"))).capacity(),
        valid.len()
    );
}
