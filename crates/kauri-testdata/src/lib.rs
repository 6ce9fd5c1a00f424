//! Test support shared by the crates' tests, benchmarks and `cargo xtask conformance`: where the
//! conformance data and the corpus are ([`html5lib_tests_dir`], [`corpus_dir`]), the sorted
//! files of a folder ([`files_with_suffix`]), and the one reader of the tree-construction `.dat`
//! format ([`dat::read_dat`]).
//!
//! The data is never part of the repository (see `html5lib-tests/README.md`). A test that needs
//! it asks with [`html5lib_tests_or_skip`] or [`corpus_or_skip`]: when the data is missing it
//! writes a visible `SKIPPED` line with what to set (past the test harness's output capture)
//! and returns `None`, and when the `CI` environment variable is set it fails instead, since a
//! test that passed in CI without its data would prove nothing.
//!
//! ```
//! use kauri_testdata::{html5lib_tests_dir, DataError};
//!
//! match html5lib_tests_dir() {
//!     Ok(dir) => assert!(dir.join("tokenizer").is_dir()),
//!     Err(error) => assert!(error.to_string().contains("KAURI_HTML5LIB_TESTS")),
//! }
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod dat;
pub mod panics;
pub mod wpt;

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a data folder could not be found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataError {
    /// The environment variable names a folder that is not there (or lacks the expected
    /// subfolder).
    NotInVariable {
        /// The variable (`KAURI_HTML5LIB_TESTS`, `KAURI_CORPUS` or `KAURI_WPT`).
        variable: &'static str,
        /// The folder it names, made absolute against the workspace root.
        dir: PathBuf,
    },
    /// The variable is unset and none of the default places holds the data.
    NotFound {
        /// The variable that would name the folder.
        variable: &'static str,
        /// The places looked at, in order.
        tried: Vec<PathBuf>,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::NotInVariable { variable, dir } => {
                write!(f, "{variable}={} does not hold the data", dir.display())
            }
            DataError::NotFound { variable, tried } => {
                write!(f, "no data found (set {variable}); looked in")?;
                for dir in tried {
                    write!(f, " {}", dir.display())?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for DataError {}

/// The workspace root (two levels above this crate).
///
/// ```
/// assert!(kauri_testdata::workspace_root().join("Cargo.toml").is_file());
/// ```
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .and_then(Path::parent)
        .unwrap_or(manifest)
        .to_path_buf()
}

/// A folder named by `variable` (relative names are taken from the workspace root), else the
/// first of `defaults` (relative to the workspace root); a candidate counts when `marker` is a
/// folder inside it.
fn locate(variable: &'static str, defaults: &[&str], marker: &str) -> Result<PathBuf, DataError> {
    let root = workspace_root();
    // (The marker is a subfolder, or a file such as the corpus's `MANIFEST.tsv`.)
    let holds_data = |dir: &Path| dir.join(marker).exists();
    if let Some(dir) = std::env::var_os(variable) {
        let dir = root.join(dir);
        return if holds_data(&dir) {
            Ok(dir)
        } else {
            Err(DataError::NotInVariable { variable, dir })
        };
    }
    let tried: Vec<PathBuf> = defaults.iter().map(|d| root.join(d)).collect();
    match tried.iter().find(|dir| holds_data(dir)) {
        Some(dir) => Ok(dir.clone()),
        None => Err(DataError::NotFound { variable, tried }),
    }
}

/// The html5lib / WPT conformance data: `$KAURI_HTML5LIB_TESTS`, else `html5lib-tests/` when it
/// holds a `tokenizer/` folder, else `../shared/html5lib-tests` (both relative to the workspace
/// root). The folder holds `tokenizer/`, `tree-construction/`, `encoding/` and `serializer/`.
///
/// ```
/// if let Ok(dir) = kauri_testdata::html5lib_tests_dir() {
///     assert!(dir.join("tree-construction").is_dir());
/// }
/// ```
pub fn html5lib_tests_dir() -> Result<PathBuf, DataError> {
    locate(
        "KAURI_HTML5LIB_TESTS",
        &["html5lib-tests", "../shared/html5lib-tests"],
        "tokenizer",
    )
}

/// The corpus of saved web pages: `$KAURI_CORPUS`, else `../shared/corpus` (relative to the
/// workspace root); a folder counts as the corpus when it holds its `MANIFEST.tsv`.
///
/// ```
/// if let Ok(dir) = kauri_testdata::corpus_dir() {
///     assert!(dir.is_dir());
/// }
/// ```
pub fn corpus_dir() -> Result<PathBuf, DataError> {
    locate("KAURI_CORPUS", &["../shared/corpus"], "MANIFEST.tsv")
}

/// The web-platform-tests data (`sanitizer-api/`, see `../shared/wpt/PROVENANCE.md`):
/// `$KAURI_WPT`, else `../shared/wpt` (relative to the workspace root).
///
/// ```
/// if let Ok(dir) = kauri_testdata::wpt_dir() {
///     assert!(dir.join("sanitizer-api").is_dir());
/// }
/// ```
pub fn wpt_dir() -> Result<PathBuf, DataError> {
    locate("KAURI_WPT", &["../shared/wpt"], "sanitizer-api")
}

/// The files in `dir` whose names end with `suffix`, sorted by path; empty when `dir` cannot be
/// read.
///
/// ```
/// let root = kauri_testdata::workspace_root();
/// let manifests = kauri_testdata::files_with_suffix(&root, ".toml");
/// assert!(manifests.iter().any(|p| p.ends_with("Cargo.toml")));
/// ```
pub fn files_with_suffix(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.to_string_lossy().ends_with(suffix))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The corpus pages (`.html` and `.htm` files of [`corpus_dir`]), sorted by path.
///
/// ```
/// if let Ok(pages) = kauri_testdata::corpus_pages() {
///     assert!(pages.iter().all(|p| p.extension().is_some()));
/// }
/// ```
pub fn corpus_pages() -> Result<Vec<PathBuf>, DataError> {
    let dir = corpus_dir()?;
    let mut pages = files_with_suffix(&dir, ".html");
    pages.extend(files_with_suffix(&dir, ".htm"));
    pages.sort();
    Ok(pages)
}

/// Whether missing data must fail the test: the `CI` environment variable is set to anything but
/// the empty string, `0` or `false` (how CI services and `.ci/run` mark their runs).
///
/// ```
/// // Without `CI` in the environment a missing folder only skips.
/// let _strict: bool = kauri_testdata::missing_data_fails();
/// ```
pub fn missing_data_fails() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

/// The answer of a `*_or_skip` lookup: the folder, or `None` after a visible skip line, or a
/// failure under CI.
fn or_skip(test: &str, found: Result<PathBuf, DataError>) -> Option<PathBuf> {
    match found {
        Ok(dir) => Some(dir),
        Err(error) if missing_data_fails() => {
            panic!("{test}: {error}. CI is set, so missing test data is a failure (README.md, \"Two commands\", says what ../shared must hold)")
        }
        Err(error) => {
            // Straight to the process's stderr: `eprintln!` would be captured by the test
            // harness and shown only for failing tests, hiding the skip.
            let line = format!("SKIPPED {test}: {error}\n");
            let _ = std::io::stderr().lock().write_all(line.as_bytes());
            None
        }
    }
}

/// [`html5lib_tests_dir`] for a test: the folder, or `None` after writing
/// `SKIPPED <test>: <what to set>` to stderr (visible in `cargo test` output); under CI
/// ([`missing_data_fails`]) a missing folder panics with that message instead.
///
/// ```
/// if let Some(dir) = kauri_testdata::html5lib_tests_or_skip("doc_example") {
///     assert!(dir.join("tokenizer").is_dir());
/// }
/// ```
pub fn html5lib_tests_or_skip(test: &str) -> Option<PathBuf> {
    or_skip(test, html5lib_tests_dir())
}

/// [`wpt_dir`] for a test: the folder, or `None` after writing `SKIPPED <test>: <what to
/// set>` to stderr; under CI ([`missing_data_fails`]) a missing folder panics instead.
///
/// ```
/// if let Some(dir) = kauri_testdata::wpt_or_skip("doc_example") {
///     assert!(dir.join("sanitizer-api").is_dir());
/// }
/// ```
pub fn wpt_or_skip(test: &str) -> Option<PathBuf> {
    or_skip(test, wpt_dir())
}

/// [`corpus_dir`] for a test: the folder, or `None` after writing `SKIPPED <test>: <what to
/// set>` to stderr; under CI ([`missing_data_fails`]) a missing folder panics instead.
///
/// ```
/// if let Some(dir) = kauri_testdata::corpus_or_skip("doc_example") {
///     assert!(dir.is_dir());
/// }
/// ```
pub fn corpus_or_skip(test: &str) -> Option<PathBuf> {
    or_skip(test, corpus_dir())
}
