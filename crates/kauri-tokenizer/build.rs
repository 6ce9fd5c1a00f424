//! Generates the static atom set for tag and attribute names (string_cache_codegen).
//!
//! The names come from `src/names/known_names.txt`: every HTML, SVG and MathML element name and
//! every attribute name the parser or the HTML standard treats specially, plus the common ones
//! seen on real pages. A name in the static set is a packed integer: creating it and comparing it
//! need no lock and no hashing.

use std::env;
use std::path::Path;

fn main() {
    let list = include_str!("src/names/known_names.txt");
    let names = list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    string_cache_codegen::AtomType::new("names::LocalName", "local_name!")
        .atoms(names)
        .write_to_file(&Path::new(&env::var("OUT_DIR").unwrap()).join("local_names.rs"))
        .unwrap();
    println!("cargo:rerun-if-changed=src/names/known_names.txt");
}
