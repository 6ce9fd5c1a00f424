//! `kauri check` and `kauri::check_bytes`: every report on every corpus page has a range inside
//! the page whose text is the extract's highlight; the JSON output has the Nu Html Checker's
//! field types; exit statuses 0, 1 and 2.

mod common;

use common::kauri;

use kauri::ParseOptions;
use serde_json::Value;

/// The options `kauri check` uses for files (a UTF-8 guess for local files, as browsers do).
fn file_options() -> ParseOptions {
    ParseOptions {
        allow_utf8_guess: true,
        ..ParseOptions::default()
    }
}

/// The byte offset of a 1-based line and column (UTF-16 units) in `text`, counted from the
/// definition (CR LF, CR and LF each end a line), independently of the library's counter.
fn offset_of(text: &str, line: u64, col: u64) -> Option<usize> {
    let (mut l, mut c) = (1u64, 1u64);
    let mut chars = text.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        if (l, c) == (line, col) {
            return Some(i);
        }
        match ch {
            '\r' => {
                if let Some((_, '\n')) = chars.peek() {
                    chars.next();
                }
                (l, c) = (l + 1, 1);
            }
            '\n' => (l, c) = (l + 1, 1),
            _ => c += ch.len_utf16() as u64,
        }
    }
    ((l, c) == (line, col)).then_some(text.len())
}

/// The first `units` UTF-16 code units of `s`, as a byte length.
fn utf16_prefix(s: &str, units: u64) -> Option<usize> {
    let mut n = 0u64;
    for (i, ch) in s.char_indices() {
        if n == units {
            return Some(i);
        }
        n += ch.len_utf16() as u64;
    }
    (n == units).then_some(s.len())
}

#[test]
fn every_corpus_report_points_into_its_page() {
    let Some(_) = kauri_testdata::corpus_or_skip("every_corpus_report_points_into_its_page") else {
        return;
    };
    let pages = kauri_testdata::corpus_pages().unwrap();
    let (mut reports, mut unclosed) = (0, 0);
    for page in &pages {
        let bytes = std::fs::read(page).unwrap();
        let checked = kauri::check_bytes(&bytes, &file_options()).unwrap();
        let text = &checked.text;
        let mut ranges = Vec::new();
        for report in &checked.reports {
            ranges.push((report.range, &report.extract));
            for u in &report.unclosed {
                assert_eq!(text[u.start_tag.start..].get(..1), Some("<"), "{page:?}");
                ranges.push((u.start_tag, &u.extract));
                unclosed += 1;
            }
            reports += 1;
        }
        for (range, extract) in ranges {
            assert!(
                range.start <= range.end && range.end <= text.len(),
                "{page:?} {range:?}"
            );
            assert_eq!(
                extract.highlighted(),
                &text[range.start..range.end],
                "{page:?}"
            );
            let first = offset_of(text, range.first.line.into(), range.first.col.into());
            assert_eq!(first, Some(range.start), "{page:?} {range:?}");
        }
    }
    assert!(
        reports > 100 && unclosed > 10,
        "{reports} reports, {unclosed} unclosed"
    );
}

/// The messages of `kauri check --format json`, with Nu's field types checked.
fn nu_messages(stdout: &[u8]) -> Vec<Value> {
    let json: Value = serde_json::from_slice(stdout).expect("one JSON document");
    let messages = json["messages"]
        .as_array()
        .expect("a messages array")
        .clone();
    for m in &messages {
        let obj = m.as_object().expect("messages are objects");
        let ty = m["type"].as_str().expect("type is a string");
        assert!(["error", "info", "non-document-error"].contains(&ty), "{m}");
        if let Some(sub) = obj.get("subType") {
            assert!(
                ["fatal", "warning", "io", "schema", "internal"].contains(&sub.as_str().unwrap())
            );
        }
        for key in ["firstLine", "firstColumn", "lastLine", "lastColumn"] {
            assert!(m[key].as_u64().is_some_and(|n| n >= 1), "{key} in {m}");
        }
        for key in ["hiliteStart", "hiliteLength"] {
            assert!(m[key].is_u64(), "{key} in {m}");
        }
        for key in ["message", "extract", "url"] {
            assert!(m[key].is_string(), "{key} in {m}");
        }
        assert!(m["message"].as_str().unwrap().ends_with('.'), "{m}");
    }
    messages
}

#[test]
fn json_output_on_the_corpus_has_nu_field_types_and_exact_extracts() {
    let Some(dir) = kauri_testdata::corpus_or_skip("json_output_has_nu_field_types") else {
        return;
    };
    let out = kauri(&["check", "--format", "json", dir.to_str().unwrap()], b"");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let messages = nu_messages(&out.stdout);
    let mut texts = std::collections::HashMap::new();
    for m in &messages {
        let url = m["url"].as_str().unwrap();
        let path = url.strip_prefix("file://").expect("a file URL");
        let text = texts.entry(path.to_string()).or_insert_with(|| {
            let bytes = std::fs::read(path).unwrap();
            kauri::check_bytes(&bytes, &file_options()).unwrap().text
        });
        let line = |k: &str| m[k].as_u64().unwrap();
        let start = offset_of(text, line("firstLine"), line("firstColumn")).expect("first");
        let last = offset_of(text, line("lastLine"), line("lastColumn")).expect("last");
        assert!(start <= last && last <= text.len(), "{m}");
        // The highlight is the text from the first to the last character, inclusive.
        let extract = m["extract"].as_str().unwrap();
        let from = utf16_prefix(extract, line("hiliteStart")).expect("hiliteStart");
        let len = utf16_prefix(&extract[from..], line("hiliteLength")).expect("hiliteLength");
        let highlighted = &extract[from..from + len];
        assert!(text[start..].starts_with(highlighted), "{m}");
        if !highlighted.is_empty() {
            let end = last + text[last..].chars().next().map_or(0, char::len_utf8);
            assert_eq!(highlighted, &text[start..end], "{m}");
        }
    }
    assert!(messages.len() > 100, "{} messages", messages.len());
}

#[test]
fn exit_status_is_0_clean_1_errors_2_bad_usage() {
    let clean = kauri(&["check", "-"], b"<!DOCTYPE html><title>t</title><p>fine");
    assert_eq!(clean.status.code(), Some(0));
    assert!(clean.stdout.is_empty());
    let dirty = kauri(&["check", "-"], b"<!DOCTYPE html><p>x</b>");
    assert_eq!(dirty.status.code(), Some(1));
    let text = String::from_utf8(dirty.stdout).unwrap();
    assert!(
        text.starts_with("-:1:20: error: Stray end tag “b”"),
        "{text}"
    );
    assert!(
        text.contains(
            "[unexpected-end-tag]\n    <!DOCTYPE html><p>x</b>\n                       ^^^^\n"
        ),
        "{text}"
    );
    for bad in [
        &["check", "--format", "xml", "-"][..],
        &["check", "--no-such-option"],
        &["check", "/no/such/file.html"],
        &["check", "--encoding", "no-such-label", "-"],
    ] {
        let out = kauri(bad, b"<p>");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(
            String::from_utf8(out.stderr)
                .unwrap()
                .starts_with("kauri: "),
            "{bad:?}"
        );
    }
}

#[test]
fn gnu_format_max_errors_and_unclosed_elements() {
    let page = b"<!DOCTYPE html>\n<div>\n<span>x</p>";
    let out = kauri(&["check", "--format", "gnu", "-"], page);
    assert_eq!(out.status.code(), Some(1));
    let lines = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0].starts_with("-:3.8-3.11: error: Stray end tag “p”"),
        "{lines:?}"
    );
    assert!(lines[1]
        .starts_with("-:3.12-3.12: error: End of file with unclosed elements (“div”, “span”)"));
    assert_eq!(lines[2], "-:2.1-2.5: error: Unclosed element “div”.");
    assert_eq!(lines[3], "-:3.1-3.6: error: Unclosed element “span”.");
    let out = kauri(
        &["check", "--format", "gnu", "--max-errors", "1", "-"],
        page,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1);
    // JSON: the unclosed elements are messages of their own, as Nu reports them.
    let out = kauri(&["check", "--format", "json", "-"], page);
    let messages = nu_messages(&out.stdout);
    let texts: Vec<&str> = messages
        .iter()
        .map(|m| m["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts[2..],
        ["Unclosed element “div”.", "Unclosed element “span”."]
    );
    assert_eq!(messages[3]["extract"], "<span>x</p>");
    assert_eq!(
        (
            messages[3]["hiliteStart"].as_u64(),
            messages[3]["hiliteLength"].as_u64()
        ),
        (Some(0), Some(6))
    );
}

#[test]
fn directories_are_walked_and_reported_in_order() {
    let dir = std::env::temp_dir().join(format!("kauri-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("a.html"), "<!DOCTYPE html><p>ok").unwrap();
    std::fs::write(dir.join("b.html"), "<p>no doctype").unwrap();
    std::fs::write(dir.join("sub/c.htm"), "<!DOCTYPE html></x>").unwrap();
    std::fs::write(dir.join("notes.txt"), "</x>").unwrap();
    let out = kauri(&["check", "--format", "gnu", dir.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let files: Vec<&str> = text.lines().map(|l| l.split(':').next().unwrap()).collect();
    let name = |f: &str| dir.join(f).display().to_string();
    assert_eq!(files, [name("b.html"), name("sub/c.htm")]);
    let clean = kauri(&["check", dir.join("a.html").to_str().unwrap()], b"");
    assert_eq!(clean.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every document input of the html5lib tree-construction suite checks without panicking; each
/// report's range is inside the input with its text as the extract's highlight, and there is
/// one report per parse error of the ordinary parse.
#[test]
fn html5lib_inputs_give_one_report_per_error_inside_the_input() {
    let Some(dir) = kauri_testdata::html5lib_tests_or_skip("html5lib_inputs_check") else {
        return;
    };
    let mut checked = 0;
    for file in kauri_testdata::files_with_suffix(&dir.join("tree-construction"), ".dat") {
        let text = std::fs::read_to_string(&file).unwrap();
        for case in kauri_testdata::dat::read_dat(&text) {
            if case.fragment.is_some() {
                continue;
            }
            let opts = ParseOptions {
                scripting: case.script != Some(false),
                ..ParseOptions::default()
            };
            let html = case.data.as_str();
            let reports = kauri::check_with_options(html, &opts);
            let errors = kauri::parse_with_options(
                html,
                &ParseOptions {
                    errors: true,
                    ..opts.clone()
                },
            )
            .errors()
            .len();
            assert_eq!(reports.len(), errors, "{html:?}");
            for report in &reports {
                let mut ranges = vec![(report.range, &report.extract)];
                ranges.extend(report.unclosed.iter().map(|u| (u.start_tag, &u.extract)));
                for (range, extract) in ranges {
                    assert!(
                        range.start <= range.end && range.end <= html.len(),
                        "{html:?}"
                    );
                    assert_eq!(
                        extract.highlighted(),
                        &html[range.start..range.end],
                        "{html:?}"
                    );
                }
                assert!(
                    !report.message.contains('{'),
                    "{html:?}: {}",
                    report.message
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} inputs");
}
