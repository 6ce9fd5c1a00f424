//! The html5lib tokenizer suite (`tokenizer/*.test`). Placeholder until the tokenizer lands:
//! counts the runs (each test once per initial state) and passes none.

use super::{file_name, files_with_suffix, FileResult, Suite};
use std::path::Path;

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "tokenizer",
        ..Suite::default()
    };
    for path in files_with_suffix(dir, ".test") {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let total = json["tests"]
            .as_array()
            .map(|tests| {
                tests
                    .iter()
                    .map(|t| t["initialStates"].as_array().map_or(1, Vec::len))
                    .sum()
            })
            .unwrap_or(0);
        suite.files.push(FileResult {
            file: file_name(&path),
            passed: 0,
            total,
        });
    }
    suite
}
