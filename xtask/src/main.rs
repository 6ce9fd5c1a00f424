//! Project tasks, run as `cargo xtask <task>` (alias in `.cargo/config.toml`).
//!
//! - `cargo xtask bench [CORPUS]`: prints docs/performance.md's comparison tables (`compare
//!   report`: the parse, the whole-job rows, peak RSS).
//! - `cargo xtask conformance [--json] [--no-write]`: runs every conformance suite found in the
//!   test data (see `conformance::data_dir`), prints a pass/total table per suite and file, and
//!   writes `docs/conformance.md`.
//! - `cargo xtask entities [SOURCE]`: regenerates the named character reference table of the
//!   tokenizer from the suite's `tokenizer/namedEntities.test` (or SOURCE).
//! - `cargo xtask errors`: regenerates the parse error codes (`ErrorCode`: the enum, `ALL`,
//!   `as_str`, `kind`, `anchor`, `message`) from `crates/kauri-tokenizer/src/error_codes.tsv`.
//! - `cargo xtask public-api [CRATE]`: prints each library crate's public API (items, members,
//!   signatures, re-exports) from its rustdoc pages; a snapshot test keeps them.
#![forbid(unsafe_code)]

mod bench;
mod conformance;
mod entities;
mod errors;
mod public_api;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => bench::main(&args[1..]),
        Some("conformance") => conformance::main(&args[1..]),
        Some("entities") => entities::main(&args[1..]),
        Some("errors") => errors::main(&args[1..]),
        Some("public-api") => public_api::main(&args[1..]),
        _ => Err(
            "usage: cargo xtask <bench [CORPUS] | conformance [--json] [--no-write] | entities [SOURCE] | errors | public-api [CRATE]>"
                .to_string(),
        ),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::from(2)
        }
    }
}
