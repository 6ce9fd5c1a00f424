//! The html5lib encoding suite (`encoding/*.dat`). Placeholder until sniffing lands.

use super::{file_name, files_with_suffix, FileResult, Suite};
use std::path::Path;

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "encoding",
        ..Suite::default()
    };
    for path in files_with_suffix(dir, ".dat") {
        let bytes = std::fs::read(&path).unwrap_or_default();
        let total = bytes
            .split(|&b| b == b'\n')
            .filter(|l| *l == b"#data")
            .count();
        suite.files.push(FileResult {
            file: file_name(&path),
            passed: 0,
            total,
        });
    }
    suite
}
