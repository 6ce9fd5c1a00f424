//! Builds lexbor (C) from `../../shared/peers/lexbor` (or `$KAURI_LEXBOR_DIR`) the way
//! `../shared/peers/README.md` describes lexbor's own release build: every `.c` file of the modules
//! an HTML parse needs (`core`, `dom`, `ns`, `tag`, `html` and the POSIX port) and of its CSS
//! selectors engine (`css`, `selectors`), `-O2 -std=c99` (lexbor's CMake default,
//! `LEXBOR_OPTIMIZATION_LEVEL`), with `lexbor_jobs.c` (the whole-job rows of `compare jobs`).
//! `KAURI_LEXBOR_OPT=3` builds it with `-O3` instead (as vcpkg's lexbor port does), to quote both.
//! When the sources are absent, the benchmark is built without lexbor and says so when it runs.

use std::path::{Path, PathBuf};

const MODULES: [&str; 8] = [
    "core",
    "dom",
    "ns",
    "tag",
    "html",
    "css",
    "selectors",
    "ports/posix",
];

fn main() {
    println!("cargo:rustc-check-cfg=cfg(lexbor)");
    println!("cargo:rerun-if-env-changed=KAURI_LEXBOR_DIR");
    println!("cargo:rerun-if-env-changed=KAURI_LEXBOR_OPT");
    println!("cargo:rerun-if-changed=lexbor_jobs.c");
    let opt_level: u32 = match std::env::var("KAURI_LEXBOR_OPT").as_deref() {
        Err(_) | Ok("2") => 2,
        Ok("3") => 3,
        Ok(other) => panic!("KAURI_LEXBOR_OPT must be 2 or 3, not {other:?}"),
    };
    let manifest =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let root = std::env::var_os("KAURI_LEXBOR_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("../../shared/peers/lexbor"));
    let source = root.join("source");
    println!("cargo:rerun-if-changed={}", source.display());
    if !source.join("lexbor/html").is_dir() {
        println!(
            "cargo:warning=lexbor sources not found at {} (set KAURI_LEXBOR_DIR): building without lexbor",
            source.display()
        );
        return;
    }
    let mut files = Vec::new();
    for module in MODULES {
        collect_c_files(&source.join("lexbor").join(module), &mut files);
    }
    files.sort();
    files.push(manifest.join("lexbor_jobs.c"));
    cc::Build::new()
        .files(&files)
        .include(&source)
        .include(source.join("lexbor/ports/posix"))
        .define("LEXBOR_STATIC", None)
        .define("_POSIX_C_SOURCE", "199309L")
        .flag("-std=c99")
        .opt_level(opt_level)
        .warnings(false)
        .compile("lexbor");
    println!("cargo:rustc-cfg=lexbor");
    println!("cargo:rustc-env=KAURI_LEXBOR_OPT_LEVEL={opt_level}");
}

/// Every `.c` file under `dir`, recursively (an explicit stack: no recursion on folder depth).
fn collect_c_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "c") {
                out.push(path);
            }
        }
    }
}
