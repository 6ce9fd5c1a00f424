//! The `kauri` command line: every option, format and exit status of the CLI contract.

mod common;

use common::kauri;

use std::io::Write;
use std::process::{Command, Stdio};

fn ok(args: &[&str], stdin: &[u8]) -> String {
    String::from_utf8(ok_bytes(args, stdin)).unwrap()
}

/// Exit status 0: the output's bytes (in the document's encoding for `--format html`).
fn ok_bytes(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let out = kauri(args, stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Exit status 2 and exactly one line on stderr.
fn usage_error(args: &[&str], stdin: &[u8]) -> String {
    let out = kauri(args, stdin);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    assert!(out.stdout.is_empty());
    err
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn parse_json_follows_the_contract() {
    let v = json(&ok(&["parse", "-", "--format", "json"], b"<p>hi"));
    assert_eq!(v["type"], "document");
    assert_eq!(v["mode"], "quirks");
    assert!(v["encoding"].is_string());
    assert!(v.get("errors").is_none());
    let html = &v["children"][0];
    assert_eq!(html["type"], "element");
    assert_eq!(html["namespace"], "html");
    assert_eq!(html["name"], "html");
    let p = &html["children"][1]["children"][0];
    assert_eq!(p["name"], "p");
    assert_eq!(
        p["children"][0],
        serde_json::json!({"type": "text", "data": "hi"})
    );
}

#[test]
fn parse_json_node_kinds() {
    let input = b"<!DOCTYPE html><!--c--><svg xlink:href=x><?pi data></svg><template>t</template>";
    let text = ok(&["parse", "--format", "json"], input);
    let v = json(&text);
    assert_eq!(v["mode"], "no-quirks");
    assert_eq!(
        v["children"][0],
        serde_json::json!({"type": "doctype", "name": "html", "public_id": "", "system_id": ""})
    );
    assert_eq!(
        v["children"][1],
        serde_json::json!({"type": "comment", "data": "c"})
    );
    assert!(
        text.contains(r#"{"namespace":"xlink","name":"href","value":"x"}"#),
        "{text}"
    );
    assert!(
        text.contains(r#"{"type":"processing_instruction","target":"pi","data":"data"}"#),
        "{text}"
    );
    assert!(
        text.contains(r#""template_contents":[{"type":"text","data":"t"}]"#),
        "{text}"
    );
}

#[test]
fn parse_json_errors_and_locations() {
    let v = json(&ok(&["parse", "--format", "json", "--errors"], b"<p>a</b>"));
    let errors = v["errors"].as_array().unwrap();
    assert!(!errors.is_empty());
    for e in errors {
        assert!(
            e["code"].is_string() && e["line"].is_u64() && e["col"].is_u64(),
            "{e}"
        );
    }
    let v = json(&ok(
        &["parse", "--format", "json", "--locations"],
        b"<div>a</div><!--c-->",
    ));
    let body = &v["children"][0]["children"][1];
    let div = &body["children"][0];
    assert_eq!(div["span"], serde_json::json!({"start": 0, "end": 5}));
    assert_eq!(
        div["end_tag_span"],
        serde_json::json!({"start": 6, "end": 12})
    );
    assert_eq!(
        body["children"][1]["span"],
        serde_json::json!({"start": 12, "end": 20})
    );
    // Without --locations there are no spans.
    let plain = ok(&["parse", "--format", "json"], b"<div>a</div>");
    assert!(!plain.contains("span"));
}

#[test]
fn parse_tree_is_the_default_format() {
    let tree = ok(&["parse"], b"<p>One<p>Two");
    assert_eq!(
        tree,
        "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n|     <p>\n|       \"Two\"\n"
    );
    assert_eq!(
        ok(&["parse", "-", "--format", "tree"], b"<p>One<p>Two"),
        tree
    );
    let with_errors = ok(&["parse", "--errors"], b"<p>One<p>Two");
    assert!(with_errors.starts_with(&tree));
    assert!(with_errors.contains("#errors\n(1,1): "), "{with_errors}");
}

#[test]
fn parse_html_and_text() {
    assert_eq!(
        ok(&["parse", "--format", "html"], b"<p title='a\"b'>x &amp; y"),
        "<html><head></head><body><p title=\"a&quot;b\">x &amp; y</p></body></html>"
    );
    assert_eq!(
        ok(
            &["parse", "--format", "text-content"],
            b"<title>T</title><p>a<b>b</b>"
        ),
        "Tab"
    );
    // Errors of the html and text formats go to stderr.
    let out = kauri(&["parse", "--format", "text-content", "--errors"], b"<p>x");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing-doctype"));
}

#[test]
fn parse_from_a_file() {
    let dir = std::env::temp_dir().join(format!("kauri-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("page.html");
    std::fs::write(&file, b"<title>File</title>").unwrap();
    let out = ok(
        &["parse", file.to_str().unwrap(), "--format", "text-content"],
        b"",
    );
    assert_eq!(out, "File");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn parse_fragment_contexts() {
    assert_eq!(
        ok(&["parse", "--fragment", "td", "--format", "json"], b"<p>x"),
        "{\"type\":\"fragment\",\"children\":[{\"type\":\"element\",\"namespace\":\"html\",\"name\":\"p\",\"attributes\":[],\"children\":[{\"type\":\"text\",\"data\":\"x\"}]}]}\n"
    );
    assert_eq!(
        ok(&["parse", "--fragment", "tr"], b"<td>a"),
        "| <td>\n|   \"a\"\n"
    );
    // In an SVG context, <path> stays SVG; in a MathML mi, <b> is HTML.
    assert_eq!(
        ok(&["parse", "--fragment", "svg svg"], b"<path/>"),
        "| <svg path>\n"
    );
    assert_eq!(
        ok(&["parse", "--fragment", "math mi"], b"<b>x"),
        "| <b>\n|   \"x\"\n"
    );
    assert_eq!(
        ok(&["parse", "--fragment", "textarea"], b"<b>x"),
        "| \"<b>x\"\n"
    );
    // A bare `svg` or `math` is the foreign root element, as `svg svg` and `math math`.
    for (short, long) in [("svg", "svg svg"), ("math", "math math")] {
        let input = b"<path/><mi>x</mi><b>y";
        assert_eq!(
            ok(&["parse", "--fragment", short], input),
            ok(&["parse", "--fragment", long], input)
        );
    }
    assert_eq!(
        ok(&["parse", "--fragment", "svg"], b"<path/>"),
        "| <svg path>\n"
    );
}

#[test]
fn parse_html_output_is_in_the_documents_encoding() {
    let page = b"<meta charset=shift_jis><p>\x82\xa0 &#x1F600;";
    let html = ok_bytes(&["parse", "--format", "html"], page);
    assert_eq!(
        html,
        b"<html><head><meta charset=\"shift_jis\"></head><body><p>\x82\xa0 &#128512;</p></body></html>"
    );
    // Parsed again, it gives the same document and the same bytes.
    assert_eq!(ok_bytes(&["parse", "--format", "html"], &html), html);
    assert_eq!(
        ok(&["parse", "--format", "text-content"], &html),
        "\u{3042} \u{1F600}"
    );
}

#[test]
fn parse_max_depth() {
    let deep = "<div>".repeat(10);
    assert_eq!(
        ok(
            &["parse", "--max-depth", "3", "--format", "html"],
            deep.as_bytes()
        ),
        // `html` is entry 0 and `body` entry 1: every div after the first goes into entry 2.
        format!(
            "<html><head></head><body><div>{}</div></body></html>",
            "<div></div>".repeat(9)
        )
    );
    assert!(usage_error(&["parse", "--max-depth", "0"], b"").contains("--max-depth"));
}

#[test]
fn parse_scripting_flag() {
    let on = ok(
        &["parse", "--scripting", "on"],
        b"<noscript><p>x</p></noscript>",
    );
    let off = ok(
        &["parse", "--scripting", "off"],
        b"<noscript><p>x</p></noscript>",
    );
    assert!(on.contains("\"<p>x</p>\""), "{on}");
    assert!(off.contains("<p>"), "{off}");
    assert_eq!(ok(&["parse"], b"<noscript><p>x</p></noscript>"), on);
}

#[test]
fn parse_encodings() {
    // --encoding: no sniffing, the label decides (and the JSON names the encoding).
    let v = json(&ok(
        &["parse", "--format", "json", "--encoding", "shift_jis"],
        b"<p>\x82\xa0",
    ));
    assert_eq!(v["encoding"], "Shift_JIS");
    assert!(serde_json::to_string(&v).unwrap().contains("\u{3042}"));
    // A <meta> decides when nothing else does.
    let v = json(&ok(
        &["parse", "--format", "json"],
        b"<meta charset=koi8-r><p>\xc1",
    ));
    assert_eq!(v["encoding"], "KOI8-R");
    // The transport charset beats <meta>; the override beats both.
    let v = json(&ok(
        &[
            "parse",
            "--format",
            "json",
            "--transport-charset",
            "iso-8859-2",
        ],
        b"<meta charset=koi8-r><p>x",
    ));
    assert_eq!(v["encoding"], "ISO-8859-2");
    let v = json(&ok(
        &[
            "parse",
            "--format",
            "json",
            "--transport-charset",
            "iso-8859-2",
            "--encoding",
            "euc-kr",
        ],
        b"<meta charset=koi8-r><p>x",
    ));
    assert_eq!(v["encoding"], "EUC-KR");
    // A BOM beats everything.
    let v = json(&ok(
        &["parse", "--format", "json", "--encoding", "euc-kr"],
        b"\xef\xbb\xbf<p>x",
    ));
    assert_eq!(v["encoding"], "UTF-8");
}

#[test]
fn malformed_html_always_parses() {
    for input in [
        &b"<"[..],
        b"</",
        b"<!",
        b"<?",
        b"\xff\xfe\x00",
        b"<table><tr><td></p></table>",
        b"",
    ] {
        ok(&["parse"], input);
        ok(&["parse", "--format", "json", "--errors"], input);
    }
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    usage_error(&[], b"");
    usage_error(&["frobnicate"], b"");
    usage_error(&["parse", "--format", "xml"], b"");
    usage_error(&["parse", "--scripting", "maybe"], b"");
    usage_error(&["parse", "--no-such-option"], b"");
    let err = usage_error(&["parse", "--encoding", "no-such-label"], b"<p>");
    assert!(err.contains("no-such-label"));
    usage_error(&["parse", "--transport-charset", "no-such-label"], b"<p>");
    let err = usage_error(&["parse", "/no/such/file.html"], b"");
    assert!(err.contains("/no/such/file.html"));
    usage_error(&["parse", "--fragment", ""], b"x");
    usage_error(&["parse", "--fragment", "svg "], b"x");
    usage_error(&["parse", "--fragment", "a b"], b"x");
    usage_error(&["tokenize", "--initial-state", "Bogus state"], b"");
    usage_error(&["tokenize", "--format", "tree"], b"");
    usage_error(&["tokenize", "/no/such/file.html"], b"");
}

#[test]
fn help_and_version_exit_0() {
    assert!(ok(&["--help"], b"").contains("parse"));
    assert!(ok(&["parse", "--help"], b"").contains("--fragment"));
    assert!(ok(&["--version"], b"").starts_with("kauri "));
}

#[test]
fn tokenize_json() {
    let out = ok(
        &["tokenize", "-", "--format", "json"],
        b"<a href=x>hi</a><?pi d>",
    );
    assert_eq!(
        out,
        "{\"tokens\":[[\"StartTag\",\"a\",{\"href\":\"x\"}],[\"Character\",\"hi\"],[\"EndTag\",\"a\"],[\"ProcessingInstruction\",\"pi\",\"d\"]],\"errors\":[]}\n"
    );
    assert_eq!(
        ok(&["tokenize"], b"<br/>"),
        "{\"tokens\":[[\"StartTag\",\"br\",{},true]],\"errors\":[]}\n"
    );
    let v = json(&ok(&["tokenize"], b"<!DOCTYPE html><!--c-->"));
    assert_eq!(
        v["tokens"][0],
        serde_json::json!(["DOCTYPE", "html", null, null, true])
    );
    assert_eq!(v["tokens"][1], serde_json::json!(["Comment", "c"]));
    let v = json(&ok(&["tokenize"], b"<p"));
    assert_eq!(v["errors"][0]["code"], "eof-in-tag");
    assert!(v["errors"][0]["line"].is_u64() && v["errors"][0]["col"].is_u64());
}

#[test]
fn tokenize_initial_states() {
    let rcdata = ok(
        &[
            "tokenize",
            "--initial-state",
            "RCDATA state",
            "--last-start-tag",
            "title",
        ],
        b"<b>&amp;</title>",
    );
    assert_eq!(
        rcdata,
        "{\"tokens\":[[\"Character\",\"<b>&\"],[\"EndTag\",\"title\"]],\"errors\":[]}\n"
    );
    // Without the last start tag, no end tag is appropriate.
    let no_last = ok(
        &["tokenize", "--initial-state", "RCDATA state"],
        b"x</title>",
    );
    assert_eq!(
        no_last,
        "{\"tokens\":[[\"Character\",\"x</title>\"]],\"errors\":[]}\n"
    );
    for state in [
        "Data state",
        "PLAINTEXT state",
        "RAWTEXT state",
        "Script data state",
        "CDATA section state",
    ] {
        ok(&["tokenize", "--initial-state", state], b"<b>x]]>");
    }
    let plaintext = ok(&["tokenize", "--initial-state", "PLAINTEXT state"], b"<b>x");
    assert_eq!(
        plaintext,
        "{\"tokens\":[[\"Character\",\"<b>x\"]],\"errors\":[]}\n"
    );
}

// ---- kauri select ----

#[test]
fn select_prints_outer_html_one_match_per_line() {
    let page = br#"<!DOCTYPE html><div class=note><a href="/x">X &amp; y</a> <a>no href</a></div>
<div class=other><a href="/z">Z</a></div><p>two
lines</p>"#;
    let out = ok(&["select", "div.note > a[href]"], page);
    assert_eq!(out, "<a href=\"/x\">X &amp; y</a>\n");
    let out = ok(&["select", "a[href]", "-"], page);
    assert_eq!(out, "<a href=\"/x\">X &amp; y</a>\n<a href=\"/z\">Z</a>\n");
    // Text records: the text content, which may hold newlines; one record per match.
    let out = ok(&["select", "--text", "a[href], p"], page);
    assert_eq!(out, "X & y\nZ\ntwo\nlines\n");
    // Nothing matched: no output, success.
    assert_eq!(ok(&["select", "table"], page), "");
    // -0 / --null: records end with NUL, so text with newlines splits safely.
    assert_eq!(
        ok(&["select", "--text", "-0", "a[href], p"], page),
        "X & y\0Z\0two\nlines\0"
    );
    assert_eq!(ok(&["select", "--null", "p"], page), "<p>two\nlines</p>\0");
}

#[test]
fn select_json_records() {
    let page = b"<div id=d><p class=\"a b\">Hi<br>there</p>\n<svg><a xlink:href=#x>l</a></svg>";
    let out = ok(&["select", "--json", "p, a"], page);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let p = json(lines[0]);
    assert_eq!(p["namespace"], "html");
    assert_eq!(p["name"], "p");
    assert_eq!(p["attributes"][0]["name"], "class");
    assert_eq!(p["attributes"][0]["value"], "a b");
    assert_eq!(p["html"], "<p class=\"a b\">Hi<br>there</p>");
    assert_eq!(p["text"], "Hithere");
    assert!(p.get("span").is_none());
    let a = json(lines[1]);
    assert_eq!((&a["namespace"], &a["name"]), (&"svg".into(), &"a".into()));
    assert_eq!(a["attributes"][0]["namespace"], "xlink");
    // --locations adds the source span, a byte range of the decoded input.
    let out = ok(&["select", "--json", "--locations", "p"], page);
    let p = json(out.trim_end());
    let (start, end) = (
        p["span"]["start"].as_u64().unwrap(),
        p["span"]["end"].as_u64().unwrap(),
    );
    assert_eq!(&page[start as usize..end as usize], b"<p class=\"a b\">");
    // --text and --json exclude each other.
    usage_error(&["select", "--json", "--text", "p"], page);
    // The parse flags are `kauri parse`'s (one per ParseOptions field): --locations alone
    // records spans that only --json prints; --errors prints the parse errors on stderr.
    let out = ok(&["select", "--locations", "p"], page);
    assert!(out.starts_with("<p class=\"a b\">"), "{out}");
    let run = kauri(&["select", "--errors", "--max-attributes", "0", "p"], page);
    assert_eq!(run.status.code(), Some(0));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(stderr.contains("too-many-attributes"), "{stderr}");
}

/// `kauri parse --format html page | kauri parse --format html` prints the first output again,
/// for every corpus page (the serialization is written with nothing after it).
#[test]
fn html_output_is_a_fixpoint_on_the_corpus() {
    if kauri_testdata::corpus_or_skip("html_output_is_a_fixpoint_on_the_corpus").is_none() {
        return;
    }
    let pages = kauri_testdata::corpus_pages().expect("the corpus was just found");
    assert!(pages.len() >= 100, "{} corpus pages", pages.len());
    for page in &pages {
        let first = ok_bytes(&["parse", "--format", "html", page.to_str().unwrap()], b"");
        let second = ok_bytes(&["parse", "--format", "html"], &first);
        assert!(first == second, "not a fixpoint: {}", page.display());
    }
}

#[test]
fn select_invalid_selector_exits_2_with_one_line() {
    for selector in ["p:", "div >", "a::before", "[", ":nope", "p\nq{"] {
        let err = usage_error(&["select", selector, "-"], b"<p>x");
        assert!(err.starts_with("kauri: invalid selector"), "{err}");
    }
    let err = usage_error(&["select", "a:hoverr"], b"");
    assert_eq!(
        err,
        "kauri: invalid selector \"a:hoverr\": unsupported pseudo-class or pseudo-element at column 9\n"
    );
    // The other usage errors of select.
    usage_error(&["select"], b"");
    usage_error(&["select", "p", "/no/such/file.html"], b"");
    usage_error(&["select", "p", "--encoding", "nope"], b"");
    usage_error(&["select", "p", "--fragment", ""], b"");
}

#[test]
fn select_fragment_and_encoding() {
    let out = ok(
        &["select", "--fragment", "tr", "td:nth-child(2)"],
        b"<td>1<td>2<td>3",
    );
    assert_eq!(out, "<td>2</td>\n");
    let out = ok(
        &["select", "--text", "--encoding", "windows-1252", "p"],
        b"<p>caf\xe9",
    );
    assert_eq!(out, "caf\u{e9}\n");
}

#[test]
fn select_on_a_fixture() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/misnested-formatting.html"
    );
    // The adoption agency splits the misnested `b`/`i` and `a`/`div`: selectors see the tree
    // the parser built, not the source.
    assert_eq!(ok(&["select", "p > b", fixture], b""), "<b>2<i>3</i></b>\n");
    assert_eq!(
        ok(&["select", "a[href=x]", fixture], b""),
        "<a href=\"x\">one</a>\n<a href=\"x\">two</a>\n"
    );
    assert_eq!(ok(&["select", "--text", "div", fixture], b""), "twothree\n");
    assert_eq!(ok(&["select", "--text", "i", fixture], b""), "3\n4\n");
}

#[test]
fn select_on_a_corpus_page() {
    let Some(dir) = kauri_testdata::corpus_or_skip("select_on_a_corpus_page") else {
        return;
    };
    let page = dir.join("readability--bbc-1.html");
    let page = page.to_str().unwrap();
    assert_eq!(
        // This saved page has markup before its `<title>`, so the parser puts it in `body`.
        ok(&["select", "--text", "body > title", page], b""),
        "Obama admits US gun laws are his 'biggest frustration' - BBC News\n"
    );
    assert_eq!(
        ok(&["select", "meta[property='og:title']", page], b""),
        "<meta property=\"og:title\" content=\"Obama admits US gun laws are his 'biggest frustration' - BBC News\">\n"
    );
    // Every link record is one `a` element with an href, and there is one per such element
    // in the tree (counted here by walking the library's DOM).
    let links = ok(&["select", "a[href]", page], b"");
    let doc = kauri::parse_bytes(&std::fs::read(page).unwrap());
    let expected = doc
        .elements_by_tag_name("a")
        .filter(|a| a.get_attribute("href").is_some())
        .count();
    assert!(expected > 100, "{expected}");
    let records: Vec<&str> = links.lines().filter(|l| l.starts_with("<a ")).collect();
    assert_eq!(records.len(), expected);
    assert!(records.iter().all(|r| r.contains("href=")));
}

#[test]
fn help_documents_select_and_exit_codes() {
    let top = ok(&["--help"], b"");
    assert!(
        top.contains("select") && top.contains("Exit status:"),
        "{top}"
    );
    let help = ok(&["select", "--help"], b"");
    for word in [
        "SELECTOR",
        "--text",
        "--fragment",
        "--encoding",
        "Exit status:",
        "one record",
    ] {
        assert!(help.contains(word), "{word}: {help}");
    }
}

/// A document larger than the CLI's output pieces (tens of kilobytes), with every kind of node.
fn large_document() -> Vec<u8> {
    let mut html = String::from("<!DOCTYPE html><meta charset=utf-8><title>big</title>");
    for i in 0..3000 {
        html.push_str(&format!(
            "<div id=d{i} class='a b'><p>caf\u{e9} & <b>{i}</b><!-- c{i} -->\
             <template><i>t</i></template><svg viewBox='0 0 1 1'><path d=M0/></svg>\
             <script>if (a < b) {{}}</script><table><td>x</table></div>\n"
        ));
    }
    html.into_bytes()
}

#[test]
fn streamed_output_equals_the_library_strings() {
    let bytes = large_document();
    let opts = kauri::ParseOptions {
        allow_utf8_guess: true,
        errors: true,
        ..Default::default()
    };
    let doc = kauri::parse_bytes_with_options(&bytes, &opts).unwrap();
    let errors: String = doc
        .errors()
        .iter()
        .map(|e| format!("({},{}): {}\n", e.line, e.col, e.code))
        .collect();
    assert!(!errors.is_empty());
    let tree = ok(&["parse", "-", "--errors"], &bytes);
    assert!(tree.len() > 1_000_000, "{}", tree.len());
    assert_eq!(tree, format!("{}#errors\n{errors}", doc.to_test_tree()));
    let json = ok(
        &["parse", "-", "--format", "json", "--errors", "--locations"],
        &bytes,
    );
    let with_locations = kauri::ParseOptions {
        locations: true,
        ..opts.clone()
    };
    let located = kauri::parse_bytes_with_options(&bytes, &with_locations).unwrap();
    assert_eq!(json, format!("{}\n", located.to_json_with(true, true)));
    assert_eq!(
        ok(&["parse", "-", "--format", "html"], &bytes),
        doc.to_html()
    );
    assert_eq!(
        ok(&["parse", "-", "--format", "text-content"], &bytes),
        doc.text_content()
    );
    // Errors of the html and text formats go to standard error.
    let out = kauri(
        &["parse", "-", "--format", "text-content", "--errors"],
        &bytes,
    );
    assert_eq!(String::from_utf8(out.stderr).unwrap(), errors);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), doc.text_content());
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kauri"))
        .args(["parse", "-", "--format", "html"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kauri");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&large_document()).unwrap();
    drop(stdin);
    // Read nothing: the output is far larger than a pipe buffer, so the writes fail.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn parse_chunk_size_does_not_change_the_output() {
    let mut page = b"<!DOCTYPE html><title>t</title>".to_vec();
    page.extend_from_slice(&[b' '; 1100]);
    page.extend_from_slice(b"<meta charset=shift_jis><p>\x82\xa0<script>x()</script><b>1</p>2");
    let whole = ok(
        &["parse", "--format", "json", "--errors", "--locations"],
        &page,
    );
    assert!(whole.contains("Shift_JIS"), "{whole}");
    let dir = std::env::temp_dir().join(format!("kauri-chunk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("page.html");
    std::fs::write(&file, &page).unwrap();
    let path = file.to_str().unwrap();
    for n in ["1", "3", "1024", "4096"] {
        let args = [
            "parse",
            path,
            "--format",
            "json",
            "--errors",
            "--locations",
            "--chunk-size",
            n,
        ];
        assert_eq!(ok(&args, b""), whole, "--chunk-size {n}");
    }
    let from_file = ok(
        &["parse", path, "--format", "json", "--errors", "--locations"],
        b"",
    );
    assert_eq!(from_file, whole);
    std::fs::remove_dir_all(&dir).unwrap();
    usage_error(&["parse", "--chunk-size", "0"], b"");
    usage_error(&["parse", "--chunk-size", "4", "--fragment", "td"], b"");
}

/// `--format text` is the readable text, as `kauri batch` gives it; `--format text-content` is
/// the DOM's textContent (issue 29: one name, one meaning).
#[test]
fn parse_text_is_the_readable_text_and_text_content_the_dom_one() {
    let html = b"<title>T</title><style>s{}</style><p>a<br>b</p><div>c</div>";
    assert_eq!(ok(&["parse", "--format", "text"], html), "a\nb\n\nc\n");
    assert_eq!(ok(&["parse", "--format", "text-content"], html), "Ts{}abc");
    let doc = kauri::parse(std::str::from_utf8(html).unwrap());
    assert_eq!(
        ok(&["parse", "--format", "text"], html),
        format!("{}\n", doc.readable_text())
    );
}

/// An invalid fragment context exits 2 (a tag name starts with an ASCII letter).
#[test]
fn parse_invalid_fragment_context_exits_2() {
    for context in ["1bad", "", "svg 9", "a b"] {
        let message = usage_error(&["parse", "--fragment", context], b"<p>x");
        assert!(
            message.contains("invalid fragment context"),
            "{context:?}: {message}"
        );
    }
}

/// Every format is linear in the input's size however deep the tree: the tree dump indents at
/// most 16 levels and prints the depth past that; `select` prints a match only when fewer than
/// 4 matches enclose it.
#[test]
fn deep_documents_print_linearly() {
    let depth = 20_000;
    let html = "<div>".repeat(depth);
    let tree = ok(&["parse", "--format", "tree"], html.as_bytes());
    // html at depth 0, body at 1, then the divs: the deepest is at depth + 1.
    assert!(
        tree.contains("|                                 [17] <div>\n"),
        "{}",
        &tree[..400]
    );
    assert!(tree.ends_with(&format!("[{}] <div>\n", depth + 1)));
    assert!(tree.len() < 60 * (depth + 3), "{} bytes", tree.len());
    let out = kauri(&["select", "div"], html.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 4);
    assert!(
        stdout.len() < 4 * 11 * depth + 100,
        "{} bytes",
        stdout.len()
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&format!(
            "{} matches inside 4 enclosing matches not printed",
            depth - 4
        )),
        "{stderr}"
    );
    // Shallow nesting is printed whole, every match.
    let nested = ok(
        &["select", "li"],
        b"<ul><li>a<ul><li>b<ul><li>c</ul></ul></ul>",
    );
    assert_eq!(
        nested,
        "<li>a<ul><li>b<ul><li>c</li></ul></li></ul></li>\n<li>b<ul><li>c</li></ul></li>\n<li>c</li>\n"
    );
}

/// Each parse flag sets its `ParseOptions` field: the same input gives what the library gives
/// with that field set (one driver for Rust and the CLI).
#[test]
fn parse_flags_map_onto_parse_options() {
    let tree = |args: &[&str], input: &[u8]| ok(&[&["parse"], args].concat(), input);
    let lib = |html: &[u8], opts: kauri::ParseOptions| {
        let doc = kauri::parse_bytes_with_options(html, &opts).unwrap();
        doc.to_test_tree()
    };
    // --max-input-bytes: the first N bytes.
    let html = b"<p>abcdef";
    let cut = kauri::ParseOptions {
        max_input_bytes: Some(5),
        ..Default::default()
    };
    assert_eq!(tree(&["--max-input-bytes", "5", "-"], html), lib(html, cut));
    // --iframe-srcdoc: no quirks mode without a DOCTYPE.
    let html = b"<p><table>";
    let srcdoc = kauri::ParseOptions {
        iframe_srcdoc: true,
        ..Default::default()
    };
    let out = tree(&["--iframe-srcdoc", "-"], html);
    assert_eq!(out, lib(html, srcdoc));
    assert_ne!(
        out,
        tree(&["-"], html),
        "quirks mode puts the table inside the p"
    );
    // --max-attributes: the first N attributes.
    let html = b"<p a=1 b=2 c=3>";
    let two = kauri::ParseOptions {
        max_attributes: Some(2),
        ..Default::default()
    };
    assert_eq!(tree(&["--max-attributes", "2", "-"], html), lib(html, two));
    assert!(!tree(&["--max-attributes", "2", "-"], html).contains("c=\"3\""));
    // --utf8-guess off: unlabelled UTF-8 is decoded as a legacy encoding, as the library does
    // with allow_utf8_guess false.
    let html = "<p>caf\u{e9} \u{65e5}\u{672c}\u{8a9e}".as_bytes();
    let network = kauri::ParseOptions {
        allow_utf8_guess: false,
        ..Default::default()
    };
    let out = tree(&["--utf8-guess", "off", "-"], html);
    assert_eq!(out, lib(html, network));
    assert!(!out.contains('\u{65e5}'), "{out}");
}
