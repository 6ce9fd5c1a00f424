//! The html5lib serializer suite (`serializer/*.test`). Placeholder until the serializer lands.

use super::{file_name, files_with_suffix, FileResult, Suite};
use std::path::Path;

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "serializer",
        ..Suite::default()
    };
    for path in files_with_suffix(dir, ".test") {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let total = json["tests"].as_array().map_or(0, Vec::len);
        suite.files.push(FileResult {
            file: file_name(&path),
            passed: 0,
            total,
        });
    }
    suite
}
