//! Parses every file named on the command line (or every file in a named directory) into a DOM
//! and prints the total node count: a harness for `valgrind --tool=callgrind`.
//!
//! ```text
//! cargo run --release -p kauri --example parse_files -- ../shared/corpus
//! ```

use std::path::PathBuf;

fn main() {
    let mut files: Vec<PathBuf> = Vec::new();
    for arg in std::env::args_os().skip(1) {
        let path = PathBuf::from(arg);
        match std::fs::read_dir(&path) {
            Ok(dir) => {
                let mut entries: Vec<PathBuf> =
                    dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
                entries.sort();
                files.extend(entries);
            }
            Err(_) => files.push(path),
        }
    }
    let mut nodes = 0usize;
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        let parsed = kauri::parse(&text);
        nodes += parsed.root().descendants().count();
    }
    println!("{} files, {nodes} nodes", files.len());
}
