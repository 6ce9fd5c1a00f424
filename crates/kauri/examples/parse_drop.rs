//! Parses each file named on the command line and drops the Document, inside one function that
//! callgrind can count alone: the harness behind docs/performance.md's instructions per byte.
//!
//! ```text
//! cargo build --release -p kauri --example parse_drop
//! valgrind --tool=callgrind --toggle-collect='*parse_and_drop*' \
//!     target/release/examples/parse_drop ../shared/corpus/*.html
//! ```
//!
//! With `KAURI_ERRORS` set, parse errors are collected (`ParseOptions::errors`).

/// One parse and drop: the only code callgrind counts with `--toggle-collect`.
#[inline(never)]
fn parse_and_drop(text: &str, opts: &kauri::ParseOptions) {
    drop(std::hint::black_box(kauri::parse_with_options(text, opts)));
}

fn main() -> std::io::Result<()> {
    let opts = kauri::ParseOptions {
        errors: std::env::var_os("KAURI_ERRORS").is_some(),
        ..kauri::ParseOptions::default()
    };
    // Read first, so that reading is not counted.
    let mut texts = Vec::new();
    for path in std::env::args_os().skip(1) {
        texts.push(std::fs::read_to_string(path)?);
    }
    for text in &texts {
        parse_and_drop(text, &opts);
    }
    println!("{} files parsed", texts.len());
    Ok(())
}
