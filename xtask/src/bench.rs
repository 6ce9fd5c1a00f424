//! `cargo xtask bench [CORPUS]`: prints docs/performance.md's comparison tables (the parse
//! against lexbor and html5ever, the whole-job rows, the peak RSS table) by running `compare
//! report` over the corpus (`KAURI_CORPUS`, else `../shared/corpus`). The numbers are ratios
//! measured in one process with the parsers taking turns; see docs/performance.md, "Method".

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let corpus = match args.first() {
        Some(dir) => PathBuf::from(dir),
        None => std::env::var_os("KAURI_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("../shared/corpus")),
    };
    if !corpus.is_dir() {
        return Err(format!(
            "no corpus at {}: pass its directory or set KAURI_CORPUS",
            corpus.display()
        ));
    }
    let status = Command::new(env!("CARGO"))
        .args(["run", "--release", "--manifest-path"])
        .arg(root.join("compare/Cargo.toml"))
        .args(["--", "report"])
        .arg(&corpus)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    Ok(if status.success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
