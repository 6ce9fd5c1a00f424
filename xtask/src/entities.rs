//! `cargo xtask entities`: generates the tokenizer's named character reference table.
//! (Written by the tokenizer work; see crates/kauri-tokenizer.)

use std::process::ExitCode;

pub fn main(_args: &[String]) -> Result<ExitCode, String> {
    Err("entities: not written yet".to_string())
}
