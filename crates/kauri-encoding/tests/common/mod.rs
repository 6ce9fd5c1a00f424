//! What the encoding tests share: the legacy-encoding fixture documents
//! (`tests/fixtures/encoding/` at the workspace root).

use std::path::PathBuf;

/// The fixture names: each is the WHATWG label of its encoding (`NAME.txt`, `NAME.html`).
pub const NAMES: &[&str] = &[
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "big5",
    "gbk",
    "euc-kr",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "utf-8",
];

/// The folder of the fixture documents.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/encoding")
}
