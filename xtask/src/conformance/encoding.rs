//! The html5lib encoding suite (`encoding/*.dat`).
//!
//! Each test is `#data` (the document's bytes; the newline before `#encoding` is not part of
//! them) and `#encoding` (the encoding a browser ends up with for those bytes, as a document with
//! no transport-layer information). The files are read as bytes: some tests hold raw non-ASCII
//! bytes or a BOM.
//!
//! The expected encoding is compared by label lookup (`Windows-1252` and `windows-1252` are the
//! same encoding). `chardet/` (a detector sample, no expectations) and `scripted/` (needs a
//! browser with script) are not run.

use super::{file_name, files_with_suffix, FileResult, Suite};
use kauri_encoding::Encoding;
use std::path::Path;

/// One test: the bytes and the expected encoding label.
struct Test {
    data: Vec<u8>,
    expected: String,
}

/// Splits an encoding `.dat` file into tests.
fn parse_tests(bytes: &[u8]) -> Vec<Test> {
    let mut tests = Vec::new();
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != b"#data" {
            i += 1;
            continue;
        }
        i += 1;
        let mut data: Vec<u8> = Vec::new();
        let mut first = true;
        while i < lines.len() && lines[i] != b"#encoding" {
            if !first {
                data.push(b'\n');
            }
            data.extend_from_slice(lines[i]);
            first = false;
            i += 1;
        }
        i += 1;
        let expected = lines
            .get(i)
            .map(|l| String::from_utf8_lossy(l).trim().to_string())
            .unwrap_or_default();
        tests.push(Test { data, expected });
    }
    tests
}

/// The encoding the whole parser settles on for `data` (`kauri::parse_bytes`, default options: no
/// transport layer, no override, no UTF-8 guess): the sniffing algorithm
/// (§ determining-the-character-encoding), then a `<meta>` the tree builder finds while the
/// confidence is tentative, which restarts the parse (§ changing-the-encoding-while-parsing).
/// Several tests put their `<meta>` past the pre-scan's 1,024 bytes on purpose.
fn encoding_for(data: &[u8]) -> Option<&'static Encoding> {
    Encoding::for_label(kauri::parse_bytes(data).encoding().as_bytes())
}

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "encoding",
        ..Suite::default()
    };
    for path in files_with_suffix(dir, ".dat") {
        let bytes = std::fs::read(&path).unwrap_or_default();
        let tests = parse_tests(&bytes);
        let mut passed = 0;
        for (index, test) in tests.iter().enumerate() {
            let got = encoding_for(&test.data);
            let expected = Encoding::for_label(test.expected.as_bytes());
            if expected.is_some() && expected == got {
                passed += 1;
            } else {
                suite.failures.push(format!(
                    "{} #{index}: expected {}, got {}\n{}",
                    file_name(&path),
                    test.expected,
                    got.map_or("(no encoding)", |e| e.name()),
                    String::from_utf8_lossy(&test.data[..test.data.len().min(300)])
                ));
            }
        }
        suite.files.push(FileResult {
            file: file_name(&path),
            passed,
            total: tests.len(),
        });
    }
    suite.notes.push(
        "encoding: `chardet/` (a detector sample without expectations) and `scripted/` (tests \
         that need a scripting browser) are not run."
            .to_string(),
    );
    suite
}
