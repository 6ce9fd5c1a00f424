//! The tree-construction suite (`tree-construction/*.dat`). Placeholder until the tree builder
//! lands: counts the runs (each case in both scripting modes unless it fixes one) and passes none.

use super::{file_name, files_with_suffix, FileResult, Suite};
use std::path::Path;

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "tree-construction",
        ..Suite::default()
    };
    for path in files_with_suffix(dir, ".dat") {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        // A case with #script-on / #script-off runs once, any other case in both modes.
        let body = format!("\n{text}");
        let total: usize = body
            .split("\n#data\n")
            .skip(1)
            .map(|case| {
                let fixed = case
                    .lines()
                    .any(|l| l == "#script-on" || l == "#script-off");
                if fixed {
                    1
                } else {
                    2
                }
            })
            .sum();
        suite.files.push(FileResult {
            file: file_name(&path),
            passed: 0,
            total,
        });
    }
    suite
}
