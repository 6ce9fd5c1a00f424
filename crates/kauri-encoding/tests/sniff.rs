//! The encoding sniffing algorithm (§ determining-the-character-encoding): every step and every
//! source of the decision.

use kauri_encoding::{
    change_the_encoding, decode, encoding_for_change, encoding_from_meta_attributes,
    extract_encoding_from_meta_content, prescan, sniff, Confidence, Encoding, EncodingDecision,
    EncodingSource, SniffOptions, UnknownLabel,
};

fn enc(label: &str) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).unwrap()
}

fn sniff_default(bytes: &[u8]) -> EncodingDecision {
    sniff(bytes, &SniffOptions::default()).unwrap()
}

fn decision(encoding: &str, confidence: Confidence, source: EncodingSource) -> EncodingDecision {
    EncodingDecision {
        encoding: enc(encoding),
        confidence,
        source,
    }
}

fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect()
}

fn utf16be(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(|u| u.to_be_bytes()).collect()
}

// Step 1: the BOM.

#[test]
fn bom_utf8() {
    assert_eq!(
        sniff_default(b"\xEF\xBB\xBF<p>hi"),
        decision("utf-8", Confidence::Certain, EncodingSource::Bom)
    );
}

#[test]
fn bom_utf16le_and_be() {
    let mut le = vec![0xFF, 0xFE];
    le.extend(utf16le("<p>hi"));
    assert_eq!(
        sniff_default(&le),
        decision("utf-16le", Confidence::Certain, EncodingSource::Bom)
    );
    let mut be = vec![0xFE, 0xFF];
    be.extend(utf16be("<p>hi"));
    assert_eq!(
        sniff_default(&be),
        decision("utf-16be", Confidence::Certain, EncodingSource::Bom)
    );
}

#[test]
fn bom_beats_a_contradicting_meta() {
    let bytes = b"\xEF\xBB\xBF<meta charset=windows-1251><p>\xC3\xA9t\xC3\xA9";
    let d = sniff_default(bytes);
    assert_eq!(
        d,
        decision("utf-8", Confidence::Certain, EncodingSource::Bom)
    );
    // The decoder removes the BOM and decodes as UTF-8.
    assert_eq!(decode(bytes, &d), "<meta charset=windows-1251><p>été");
    // A certain decision is never changed by the tree builder: the caller does not even ask.
    assert!(!d.is_tentative());
}

#[test]
fn bom_beats_override_and_transport() {
    let opts = SniffOptions {
        override_label: Some("shift_jis".into()),
        transport_label: Some("euc-kr".into()),
        ..SniffOptions::default()
    };
    let d = sniff(b"\xEF\xBB\xBFabc", &opts).unwrap();
    assert_eq!(d.source, EncodingSource::Bom);
    assert_eq!(d.encoding, enc("utf-8"));
}

#[test]
fn partial_bom_is_no_bom() {
    assert_ne!(sniff_default(b"\xEF\xBB").source, EncodingSource::Bom);
    assert_ne!(sniff_default(b"\xFE").source, EncodingSource::Bom);
    assert_eq!(sniff_default(b"\xFF").encoding, enc("windows-1252"));
}

// Step 2: the override.

#[test]
fn override_is_certain_and_beats_transport_and_meta() {
    let opts = SniffOptions {
        override_label: Some(" Shift_JIS ".into()),
        transport_label: Some("utf-8".into()),
        ..SniffOptions::default()
    };
    assert_eq!(
        sniff(b"<meta charset=euc-kr>", &opts).unwrap(),
        decision("shift_jis", Confidence::Certain, EncodingSource::Override)
    );
}

#[test]
fn unknown_override_label_is_an_error() {
    let opts = SniffOptions {
        override_label: Some("klingon".into()),
        ..SniffOptions::default()
    };
    assert_eq!(sniff(b"<p>hi", &opts), Err(UnknownLabel("klingon".into())));
    // Reported even when a BOM would have decided.
    assert!(sniff(b"\xEF\xBB\xBF<p>hi", &opts).is_err());
    assert_eq!(
        UnknownLabel("klingon".into()).to_string(),
        "unknown encoding label \"klingon\""
    );
}

// Step 4: the transport layer.

#[test]
fn transport_label_is_certain_and_beats_meta() {
    let opts = SniffOptions {
        transport_label: Some("ISO-8859-2".into()),
        ..SniffOptions::default()
    };
    assert_eq!(
        sniff(b"<meta charset=utf-8>", &opts).unwrap(),
        decision("iso-8859-2", Confidence::Certain, EncodingSource::Transport)
    );
}

#[test]
fn unknown_transport_label_is_ignored() {
    let opts = SniffOptions {
        transport_label: Some("utf-9".into()),
        ..SniffOptions::default()
    };
    assert_eq!(
        sniff(b"<meta charset=euc-jp>", &opts).unwrap(),
        decision("euc-jp", Confidence::Tentative, EncodingSource::MetaPrescan)
    );
}

#[test]
fn transport_utf16_is_honoured() {
    // Unlike a <meta>, the transport layer can say UTF-16.
    let opts = SniffOptions {
        transport_label: Some("utf-16".into()),
        ..SniffOptions::default()
    };
    let bytes = utf16le("<p>hi");
    let d = sniff(&bytes, &opts).unwrap();
    assert_eq!(
        d,
        decision("utf-16le", Confidence::Certain, EncodingSource::Transport)
    );
    assert_eq!(decode(&bytes, &d), "<p>hi");
}

// Step 5: the <meta> pre-scan.

#[test]
fn meta_charset_is_tentative() {
    assert_eq!(
        sniff_default(b"<!DOCTYPE html><meta charset=\"ISO-8859-2\"><p>x"),
        decision(
            "iso-8859-2",
            Confidence::Tentative,
            EncodingSource::MetaPrescan
        )
    );
}

#[test]
fn meta_http_equiv_content_type() {
    assert_eq!(
        prescan(b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=euc-kr\">"),
        Some(enc("euc-kr"))
    );
    // The content attribute first, http-equiv after: still a pragma.
    assert_eq!(
        prescan(b"<META CONTENT='text/html;charset=Big5' HTTP-EQUIV='content-type'>"),
        Some(enc("big5"))
    );
    // Without http-equiv the content attribute does not count.
    assert_eq!(
        prescan(b"<meta content=\"text/html; charset=euc-kr\">"),
        None
    );
    // charset= wins over content= regardless of order.
    assert_eq!(
        prescan(
            b"<meta content=\"text/html; charset=euc-kr\" charset=gbk http-equiv=content-type>"
        ),
        Some(enc("gbk"))
    );
}

#[test]
fn meta_utf16_label_means_utf8() {
    for label in ["utf-16", "UTF-16LE", "utf-16be"] {
        let doc = format!("<meta charset={label}>");
        assert_eq!(prescan(doc.as_bytes()), Some(enc("utf-8")), "{label}");
    }
    assert_eq!(
        prescan(b"<meta http-equiv=content-type content='text/html; charset=utf-16'>"),
        Some(enc("utf-8"))
    );
}

#[test]
fn meta_x_user_defined_means_windows_1252() {
    assert_eq!(
        prescan(b"<meta charset=x-user-defined>"),
        Some(enc("windows-1252"))
    );
}

#[test]
fn meta_with_unknown_label_is_skipped() {
    assert_eq!(prescan(b"<meta charset=bogus>"), None);
    assert_eq!(
        prescan(b"<meta charset=bogus><meta charset=koi8-r>"),
        Some(enc("koi8-r"))
    );
}

#[test]
fn utf8_bytes_declared_gb2312_follow_the_declaration() {
    // The standard trusts the declaration over the bytes: the document is decoded as GBK
    // (gb2312 is a label of GBK) even though the bytes are valid UTF-8. Browsers do the same.
    let text = "Grüße, café, naïve";
    let mut bytes = b"<meta charset=gb2312><p>".to_vec();
    bytes.extend_from_slice(text.as_bytes());
    let d = sniff(
        &bytes,
        &SniffOptions {
            allow_utf8_guess: true,
            ..SniffOptions::default()
        },
    )
    .unwrap();
    assert_eq!(
        d,
        decision("gbk", Confidence::Tentative, EncodingSource::MetaPrescan)
    );
    let decoded = decode(&bytes, &d);
    assert!(
        !decoded.contains(text),
        "decoded as GBK, not UTF-8: {decoded}"
    );
}

#[test]
fn meta_in_comments_and_tags_is_not_seen() {
    assert_eq!(prescan(b"<!-- <meta charset=euc-jp> -->"), None);
    assert_eq!(prescan(b"<!--><meta charset=euc-jp>"), Some(enc("euc-jp")));
    assert_eq!(prescan(b"<div title='<meta charset=euc-jp>'>"), None);
    assert_eq!(prescan(b"<!DOCTYPE <meta charset=euc-jp>>"), None);
    assert_eq!(prescan(b"<metal charset=euc-jp>"), None);
    // Script content is not special to the pre-scan.
    assert_eq!(
        prescan(b"<script>x='<meta charset=euc-jp>'</script>"),
        Some(enc("euc-jp"))
    );
}

#[test]
fn prescan_stops_at_1024_bytes() {
    let mut bytes = vec![b' '; 1010];
    bytes.extend_from_slice(b"<meta charset=euc-jp>");
    // The tag ends after byte 1,024: the scan reaches its end condition inside it.
    assert_eq!(prescan(&bytes), None);
    let mut bytes = vec![b' '; 1002];
    bytes.extend_from_slice(b"<meta charset=koi8-r>");
    assert_eq!(bytes.len(), 1023);
    assert_eq!(prescan(&bytes), Some(enc("koi8-r")));
}

#[test]
fn xml_declaration() {
    assert_eq!(
        sniff_default(b"<?xml version=\"1.0\" encoding=\"ISO-8859-2\"?><p>x"),
        decision(
            "iso-8859-2",
            Confidence::Tentative,
            EncodingSource::MetaPrescan
        )
    );
    assert_eq!(
        prescan(b"<?xml version='1.0' encoding = 'utf-16'?>"),
        Some(enc("utf-8"))
    );
    assert_eq!(prescan(b"<?xml version=\"1.0\"?><p>"), None);
    assert_eq!(prescan(b" <?xml encoding='koi8-r'?>"), None);
    assert_eq!(prescan(b"<?xml encoding=\"koi8 r\"?>"), None);
}

// UTF-16 without a BOM.

#[test]
fn utf16_without_bom_is_not_detected_from_markup() {
    // Nothing in the standard detects UTF-16 from ordinary markup: without a BOM, an XML
    // declaration or a transport label, the bytes fall through to the default.
    let bytes = utf16le("<!DOCTYPE html><meta charset=utf-16><p>hello");
    let d = sniff_default(&bytes);
    assert_eq!(
        d,
        decision(
            "windows-1252",
            Confidence::Tentative,
            EncodingSource::Default
        )
    );
}

#[test]
fn utf16_without_bom_with_xml_declaration() {
    let le = utf16le("<?xml version=\"1.0\"?><p>hello");
    let d = sniff_default(&le);
    assert_eq!(
        d,
        decision(
            "utf-16le",
            Confidence::Tentative,
            EncodingSource::MetaPrescan
        )
    );
    assert_eq!(decode(&le, &d), "<?xml version=\"1.0\"?><p>hello");
    let be = utf16be("<?xml version=\"1.0\"?><p>hello");
    assert_eq!(sniff_default(&be).encoding, enc("utf-16be"));
    // A UTF-16 document ignores <meta>s in the tree.
    assert_eq!(encoding_for_change(d.encoding, "windows-1251"), None);
}

// Step 8: the guess.

#[test]
fn guess_needs_non_ascii() {
    // Pure ASCII gives the detector nothing: the default decides.
    assert_eq!(
        sniff_default(b"<p>plain ASCII"),
        decision(
            "windows-1252",
            Confidence::Tentative,
            EncodingSource::Default
        )
    );
}

#[test]
fn guess_is_tentative() {
    let text = "Съешь же ещё этих мягких французских булок, да выпей чаю. Это очень вкусно.";
    let (bytes, _, _) = enc("windows-1251").encode(text);
    let d = sniff_default(&bytes);
    assert_eq!(
        d,
        decision("windows-1251", Confidence::Tentative, EncodingSource::Guess)
    );
    assert_eq!(decode(&bytes, &d), text);
}

#[test]
fn utf8_guess_only_when_allowed() {
    let bytes = "<p>Ελληνικά κείμενα και ελληνικές λέξεις".as_bytes();
    assert_eq!(
        sniff_default(bytes),
        decision(
            "windows-1252",
            Confidence::Tentative,
            EncodingSource::Default
        )
    );
    let local = SniffOptions {
        allow_utf8_guess: true,
        ..SniffOptions::default()
    };
    assert_eq!(
        sniff(bytes, &local).unwrap(),
        decision("utf-8", Confidence::Tentative, EncodingSource::Guess)
    );
    // A declared UTF-8 needs no guess.
    assert_eq!(
        sniff_default(b"<meta charset=utf-8><p>\xCE\xB1").source,
        EncodingSource::MetaPrescan
    );
}

#[test]
fn no_guess_goes_to_the_default() {
    let (bytes, _, _) = enc("windows-1251").encode("Привет, как дела? Всё хорошо, спасибо.");
    let opts = SniffOptions {
        no_guess: true,
        ..SniffOptions::default()
    };
    assert_eq!(
        sniff(&bytes, &opts).unwrap(),
        decision(
            "windows-1252",
            Confidence::Tentative,
            EncodingSource::Default
        )
    );
}

// Step 9: the default.

#[test]
fn default_is_windows_1252() {
    assert_eq!(
        sniff_default(b""),
        decision(
            "windows-1252",
            Confidence::Tentative,
            EncodingSource::Default
        )
    );
}

#[test]
fn default_from_tld_hint() {
    for (hint, expected) in [
        ("jp", "shift_jis"),
        ("www.example.co.jp", "shift_jis"),
        ("RU", "windows-1251"),
        ("cn", "gbk"),
        ("tw", "big5"),
        ("kr", "euc-kr"),
        ("com", "windows-1252"),
        ("example.org.", "windows-1252"),
    ] {
        let opts = SniffOptions {
            tld_hint: Some(hint.into()),
            ..SniffOptions::default()
        };
        let d = sniff(b"<p>ascii", &opts).unwrap();
        assert_eq!(d.encoding, enc(expected), "{hint}");
        assert_eq!(d.source, EncodingSource::Default, "{hint}");
    }
}

#[test]
fn unusable_tld_hint_does_not_panic() {
    for hint in ["", ".", "例え.テスト", "bücher.de.", "a..b", " "] {
        let opts = SniffOptions {
            tld_hint: Some(hint.into()),
            ..SniffOptions::default()
        };
        let d = sniff("<p>ä".as_bytes(), &opts).unwrap();
        assert_eq!(d.confidence, Confidence::Tentative, "{hint}");
    }
}

#[test]
fn default_encoding_option_wins_over_tld() {
    let opts = SniffOptions {
        tld_hint: Some("jp".into()),
        default_encoding: Some(enc("utf-8")),
        ..SniffOptions::default()
    };
    assert_eq!(
        sniff(b"<p>ascii", &opts).unwrap(),
        decision("utf-8", Confidence::Tentative, EncodingSource::Default)
    );
}

// § changing-the-encoding-while-parsing: a <meta> found by the tree builder (after the first 1,024
// bytes).

#[test]
fn meta_after_1024_bytes_is_found_by_the_tree_builder() {
    let mut bytes = b"<!DOCTYPE html><!-- ".to_vec();
    bytes.extend(std::iter::repeat_n(b'x', 2000));
    bytes.extend_from_slice(b" --><meta charset=iso-8859-2><p>caf&eacute;");
    // The pre-scan cannot see it...
    let first = sniff_default(&bytes);
    assert_eq!(first.source, EncodingSource::Default);
    assert!(first.is_tentative());
    // ...so the tree builder meets it while the confidence is tentative, and the parse restarts.
    let new = encoding_for_change(first.encoding, "iso-8859-2").unwrap();
    assert_eq!(new, enc("iso-8859-2"));
    let second = EncodingDecision::meta_in_tree(new);
    assert_eq!(
        second,
        decision(
            "iso-8859-2",
            Confidence::Certain,
            EncodingSource::MetaInTree
        )
    );
    assert!(decode(&bytes, &second).ends_with("<p>caf&eacute;"));
    // After the restart the confidence is certain: a later <meta> is not even considered.
    assert!(!second.is_tentative());
}

#[test]
fn change_the_encoding_steps() {
    let w1252 = enc("windows-1252");
    // Step 1: a UTF-16 document ignores the new encoding.
    assert_eq!(change_the_encoding(enc("utf-16le"), enc("shift_jis")), None);
    assert_eq!(encoding_for_change(enc("utf-16be"), "utf-8"), None);
    // Step 2: UTF-16 becomes UTF-8.
    assert_eq!(encoding_for_change(w1252, "utf-16"), Some(enc("utf-8")));
    assert_eq!(encoding_for_change(w1252, "UTF-16BE"), Some(enc("utf-8")));
    // Step 3: x-user-defined becomes windows-1252, which here is no change.
    assert_eq!(encoding_for_change(w1252, "x-user-defined"), None);
    assert_eq!(
        encoding_for_change(enc("utf-8"), "x-user-defined"),
        Some(w1252)
    );
    // Step 4: the same encoding (under any label) is no change.
    assert_eq!(encoding_for_change(w1252, "latin1"), None);
    assert_eq!(encoding_for_change(w1252, " ISO-8859-1 "), None);
    // Step 6: anything else restarts.
    assert_eq!(encoding_for_change(w1252, "sjis"), Some(enc("shift_jis")));
    // An unknown label is ignored.
    assert_eq!(encoding_for_change(w1252, "bogus"), None);
    assert_eq!(encoding_for_change(w1252, ""), None);
}

#[test]
fn meta_attributes_as_the_tree_builder_reads_them() {
    assert_eq!(
        encoding_from_meta_attributes(Some("euc-jp"), None, None),
        Some(enc("euc-jp"))
    );
    // An unknown charset falls back to http-equiv + content.
    assert_eq!(
        encoding_from_meta_attributes(
            Some("bogus"),
            Some("Content-Type"),
            Some("text/html; charset=koi8-r")
        ),
        Some(enc("koi8-r"))
    );
    assert_eq!(
        encoding_from_meta_attributes(None, Some("refresh"), Some("text/html; charset=koi8-r")),
        None
    );
    assert_eq!(
        encoding_from_meta_attributes(None, None, Some("text/html; charset=koi8-r")),
        None
    );
    assert_eq!(encoding_from_meta_attributes(None, None, None), None);
}

// 2.4: extracting a character encoding from a meta element.

#[test]
fn extracting_from_meta_content() {
    let cases: &[(&str, Option<&str>)] = &[
        ("text/html; charset=utf-8", Some("utf-8")),
        ("text/html;charset=UTF-8", Some("utf-8")),
        ("text/html; CHARSET = \"koi8-r\"", Some("koi8-r")),
        ("text/html; charset='euc-jp'; foo", Some("euc-jp")),
        ("text/html; charset=euc-jp;foo", Some("euc-jp")),
        ("text/html; charset=euc-jp foo", Some("euc-jp")),
        ("text/html; charset='euc-jp", None),
        ("text/html; charset=\"euc-jp", None),
        ("text/html; charset=", None),
        ("text/html; charset", None),
        ("text/html", None),
        ("charsetcharset=big5", Some("big5")),
        ("charset charset=gbk", Some("gbk")),
        ("text/html; charset=bogus", None),
        ("text/html; charset=\" gbk \"", Some("gbk")),
        ("é charset=gbk", Some("gbk")),
    ];
    for (content, expected) in cases {
        assert_eq!(
            extract_encoding_from_meta_content(content),
            expected.map(enc),
            "{content}"
        );
    }
}

#[test]
fn irrelevant_confidence_for_text_input() {
    let d = EncodingDecision::unicode();
    assert_eq!(d.confidence, Confidence::Irrelevant);
    assert_eq!(d.source, EncodingSource::Unicode);
    assert_eq!(d.encoding, enc("utf-8"));
    assert!(!d.is_tentative());
}

#[test]
fn source_names() {
    assert_eq!(EncodingSource::MetaPrescan.as_str(), "meta-prescan");
    assert_eq!(EncodingSource::Bom.as_str(), "bom");
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A small deterministic generator over bytes biased towards markup.
    let alphabet =
        b"<>!-/?=\"' \t\nmetaMETAcharsetCHARSEThttp-equivcontent;xml\x00\x80\xEF\xBB\xBF\xFF\xFE";
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    for len in 0..400usize {
        for _ in 0..8 {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            let d = sniff_default(&bytes);
            let _ = decode(&bytes, &d);
            let _ = prescan(&bytes);
            if let Ok(s) = std::str::from_utf8(&bytes) {
                let _ = extract_encoding_from_meta_content(s);
            }
        }
    }
}

#[test]
fn guess_window_starts_at_the_first_non_ascii_byte() {
    // 200 KiB of ASCII markup, then Russian text: the detector still sees the text.
    let mut bytes = "<div class=x>ascii</div>\n".repeat(8200).into_bytes();
    let text = "Мы долго гуляли по старому городу и разговаривали о жизни. ".repeat(3000);
    let (encoded, _, _) = enc("windows-1251").encode(&text);
    bytes.extend_from_slice(&encoded);
    let d = sniff_default(&bytes);
    assert_eq!(
        d,
        decision("windows-1251", Confidence::Tentative, EncodingSource::Guess)
    );
}

#[test]
fn utf8_cut_off_at_the_end_is_still_utf8() {
    // The bytes may be a prefix of a stream: a sequence cut by the end does not rule out UTF-8.
    let local = SniffOptions {
        allow_utf8_guess: true,
        ..SniffOptions::default()
    };
    let bytes = "<p>Ελληνικά".as_bytes();
    let cut = &bytes[..bytes.len() - 1];
    assert_eq!(sniff(cut, &local).unwrap().encoding, enc("utf-8"));
    // A malformed sequence in the middle does.
    let mut bad = bytes.to_vec();
    bad.insert(5, 0xFF);
    assert_ne!(sniff(&bad, &local).unwrap().encoding, enc("utf-8"));
}

#[test]
fn replacement_labels_select_the_replacement_encoding() {
    // "iso-2022-kr" is a label of the replacement encoding: getting an encoding returns it, and
    // neither the pre-scan nor the tree builder's rules exclude it, so the whole document decodes
    // to a single U+FFFD (as in browsers, which guards against encodings they do not support).
    let bytes = b"<meta charset=iso-2022-kr><p>hi";
    let d = sniff_default(bytes);
    assert_eq!(d.encoding.name(), "replacement");
    assert_eq!(d.source, EncodingSource::MetaPrescan);
    assert_eq!(decode(bytes, &d), "\u{FFFD}");
    assert_eq!(Confidence::Certain.as_str(), "certain");
}
