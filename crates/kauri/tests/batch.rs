//! `kauri batch`: inputs (files, directories, lists, WARC files plain and gzipped), the JSON
//! lines, parallel runs giving the same output, and bad inputs reported and skipped.

mod common;

use common::kauri;

use std::io::Write;
use std::path::PathBuf;

use flate2::write::GzEncoder;

/// Runs `kauri batch` expecting status 0; returns the JSON lines and stderr.
fn batch(args: &[&str], stdin: &[u8]) -> (Vec<serde_json::Value>, String) {
    batch_exiting(args, stdin, 0)
}

/// Runs `kauri batch` expecting `status` (2 when an input was skipped as unreadable); returns
/// the JSON lines and stderr.
fn batch_exiting(args: &[&str], stdin: &[u8], status: i32) -> (Vec<serde_json::Value>, String) {
    let mut all = vec!["batch"];
    all.extend_from_slice(args);
    let out = kauri(&all, stdin);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(status), "{args:?}: {stderr}");
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (lines, stderr)
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kauri-batch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fixtures() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures").to_owned()
}

#[test]
fn a_directory_gives_one_line_per_page_in_name_order() {
    let (lines, stderr) = batch(&[&fixtures(), "--jobs", "1"], b"");
    let mut expected: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .map(|p| p.display().to_string())
        .collect();
    expected.sort();
    // `encoding/` is a subdirectory: its pages come after the top-level ones.
    let top: Vec<String> = lines
        .iter()
        .map(|l| l["source"].as_str().unwrap().to_owned())
        .filter(|s| !s.contains("/encoding/"))
        .collect();
    let expected: Vec<String> = expected.into_iter().map(|p| p.replace("//", "/")).collect();
    assert_eq!(
        top.iter().map(|s| s.replace("//", "/")).collect::<Vec<_>>(),
        expected
    );
    assert!(lines.len() > top.len(), "the encoding/ pages are included");
    for line in &lines {
        let mut fields: Vec<&str> = line
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        fields.sort_unstable();
        assert_eq!(
            fields,
            ["encoding", "errors", "links", "source", "text", "title"],
            "{line}"
        );
    }
    assert!(
        stderr.contains(&format!("{} pages", lines.len())),
        "{stderr}"
    );
    // The same lines on two threads.
    let (parallel, _) = batch(&[&fixtures(), "--jobs", "2"], b"");
    assert_eq!(parallel, lines);
}

#[test]
fn fields_and_select() {
    let dir = scratch("fields");
    let page = dir.join("page.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><title> A \n page</title><h1>Head</h1><p>One <a href=/x>two</a>\
         <script>no()</script><map><area href=y.html></map></b>",
    )
    .unwrap();
    let path = page.display().to_string();
    let out = kauri(&["batch", &path, "--select", "a, h1", "-q"], b"");
    assert!(out.stderr.is_empty(), "--quiet: no summary");
    let raw = String::from_utf8(out.stdout).unwrap();
    // The fields in this order, on one line.
    let order = [
        "source", "encoding", "title", "links", "text", "errors", "matches",
    ];
    let at: Vec<usize> = order
        .iter()
        .map(|f| raw.find(&format!("\"{f}\":")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{raw}");
    assert_eq!(raw.lines().count(), 1);
    let lines: Vec<serde_json::Value> = vec![serde_json::from_str(raw.trim_end()).unwrap()];
    let line = &lines[0];
    assert_eq!(line["source"], path.as_str());
    assert_eq!(line["encoding"], "windows-1252"); // ASCII only, no label: the standard's default
    assert_eq!(line["title"], "A page");
    assert_eq!(line["links"], serde_json::json!(["/x", "y.html"]));
    assert_eq!(line["text"], "Head\n\nOne two");
    assert_eq!(line["errors"], 1);
    assert_eq!(
        line["matches"],
        serde_json::json!(["<h1>Head</h1>", "<a href=\"/x\">two</a>"])
    );
    // --output, --list from standard input, a missing path reported and skipped (and the
    // exit status says so).
    let out = dir.join("out.jsonl");
    let list = format!("{path}\n\n{}/missing.html\n", dir.display());
    let (stdout, stderr) = batch_exiting(
        &["--list", "-", "-o", &out.display().to_string()],
        list.as_bytes(),
        2,
    );
    assert!(stdout.is_empty());
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.lines().count(), 1);
    assert!(
        stderr.contains("missing.html: no such file or directory"),
        "{stderr}"
    );
    assert!(stderr.contains("1 skipped as unreadable"), "{stderr}");
    assert!(
        stderr.ends_with("kauri: 1 input could not be read (reported above as skipped); the other pages were written\n"),
        "{stderr}"
    );
    // A missing input alone.
    let (stdout, stderr) = batch_exiting(&["/nonexistent/kauri-input"], b"", 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("no such file or directory"), "{stderr}");
}

#[test]
fn usage_errors() {
    for args in [
        &["batch"][..],
        &["batch", ".", "--select", "a[["],
        &["batch", ".", "--jobs", "0"],
    ] {
        let out = kauri(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    }
}

/// A WARC record with these headers and block.
fn record(kind: &str, uri: &str, block: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\nContent-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    out.extend_from_slice(block);
    out.extend_from_slice(b"\r\n\r\n");
    out
}

fn response(headers: &str, body: &[u8]) -> Vec<u8> {
    let mut out = format!("HTTP/1.1 200 OK\r\n{headers}\r\n").into_bytes();
    out.extend_from_slice(body);
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// The records of a small crawl, each a gzip member when `gzipped` (as crawlers write them).
fn crawl(gzipped: bool) -> Vec<u8> {
    let records = [
        record("warcinfo", "", b"software: test\r\n"),
        record("request", "http://a.test/", b"GET / HTTP/1.1\r\n\r\n"),
        record(
            "response",
            "http://a.test/",
            &response(
                "Content-Type: text/html; charset=koi8-r\r\n",
                b"<title>\xf0\xd2\xc9\xd7\xc5\xd4</title><a href=/b>b</a>",
            ),
        ),
        record(
            "response",
            "http://a.test/logo.png",
            &response("Content-Type: image/png\r\n", b"\x89PNG"),
        ),
        b"this is not a WARC record\r\n\r\n".to_vec(),
        record(
            "response",
            "http://a.test/chunked",
            &response(
                "Content-Type: text/html\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n",
                &{
                    let body = gzip(b"<p>chunked and gzipped");
                    let mut chunked = format!("{:x}\r\n", body.len()).into_bytes();
                    chunked.extend_from_slice(&body);
                    chunked.extend_from_slice(b"\r\n0\r\n\r\n");
                    chunked
                },
            ),
        ),
        record(
            "response",
            "http://a.test/br",
            &response("Content-Type: text/html\r\nContent-Encoding: br\r\n", b"xx"),
        ),
        record("resource", "file:///page.html", b"<p>a resource"),
        // The last record is cut short.
        b"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 999\r\n\r\nHTTP/1.1 200".to_vec(),
    ];
    if gzipped {
        records.iter().flat_map(|r| gzip(r)).collect()
    } else {
        records.concat()
    }
}

#[test]
fn warc_files_plain_and_gzipped() {
    let dir = scratch("warc");
    for (name, gzipped) in [("crawl.warc", false), ("crawl.warc.gz", true)] {
        let path = dir.join(name);
        std::fs::write(&path, crawl(gzipped)).unwrap();
        let path = path.display().to_string();
        // Three bad records: reported, skipped, and exit status 2.
        let (lines, stderr) = batch_exiting(&[&path, "--jobs", "2"], b"", 2);
        let sources: Vec<&str> = lines
            .iter()
            .map(|l| l["source"].as_str().unwrap())
            .collect();
        assert_eq!(
            sources,
            [
                "http://a.test/",
                "http://a.test/chunked",
                "file:///page.html"
            ],
            "{name}: {stderr}"
        );
        assert_eq!(lines[0]["encoding"], "KOI8-R");
        assert_eq!(lines[0]["title"], "Привет");
        assert_eq!(lines[0]["links"], serde_json::json!(["/b"]));
        assert_eq!(lines[1]["text"], "chunked and gzipped");
        assert_eq!(lines[2]["text"], "a resource");
        assert!(
            stderr.contains("expected a WARC/1.x version line"),
            "{name}: {stderr}"
        );
        assert!(
            stderr.contains("unsupported Content-Encoding \"br\""),
            "{name}: {stderr}"
        );
        assert!(
            stderr.contains("the file ends inside its content"),
            "{name}: {stderr}"
        );
        assert!(stderr.contains("3 pages"), "{name}: {stderr}");
        assert!(
            stderr.contains("3 skipped as unreadable"),
            "{name}: {stderr}"
        );
    }
}
