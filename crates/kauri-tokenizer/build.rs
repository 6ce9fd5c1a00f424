//! Generates the static atom set for tag and attribute names (string_cache_codegen) and the
//! `local_name!` macro over it.
//!
//! The names come from `src/names/known_names.txt`: every HTML, SVG and MathML element name and
//! every attribute name the parser or the HTML standard treats specially, plus the common ones
//! seen on real pages. A name in the static set is a packed integer: creating it and comparing it
//! need no lock and no hashing.
//!
//! Two files are written to `OUT_DIR`:
//! - `name_atoms.rs`: string_cache_codegen's static set `NameAtom` and its `name_atom!` macro;
//! - `local_names.rs`: one `LocalName` constant per known name and the exported `local_name!`
//!   macro that names them, so `local_name!("div")` is a constant usable in `match` patterns.

use std::env;
use std::fmt::Write as _;
use std::path::Path;

/// The documentation of the generated `name_atom!` macro (string_cache_codegen writes it as a
/// `#[doc]` attribute).
const NAME_ATOM_DOC: &str = r#"The string_cache atom of a known tag or attribute name: a constant
made at compile time. Code that works with names wants [`local_name!`](crate::local_name), the
[`LocalName`](crate::LocalName) built on it.

```
use kauri_tokenizer::name_atom;
let atom = name_atom!("foreignObject");
assert_eq!(&*atom, "foreignObject");
assert_ne!(atom, name_atom!("foreignobject"));
```"#;

/// The documentation of the generated `local_name!` macro, as doc comment lines.
const LOCAL_NAME_DOC: &str = r#"/// The [`LocalName`] constant of a known tag or attribute name, usable in `match` patterns.
///
/// ```
/// use kauri_tokenizer::{local_name, LocalName};
/// let kind = |name: &LocalName| match *name {
///     local_name!("svg") | local_name!("math") => "foreign",
///     local_name!("div") | local_name!("p") => "html",
///     _ => "other",
/// };
/// assert_eq!(kind(&LocalName::from("svg")), "foreign");
/// assert_eq!(kind(&LocalName::from("my-widget")), "other");
/// assert_eq!(local_name!("div"), "div");
/// ```
"#;

fn main() {
    let list = include_str!("src/names/known_names.txt");
    let names: Vec<&str> = list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let out = env::var("OUT_DIR").unwrap();
    string_cache_codegen::AtomType::new("names::NameAtom", "name_atom!")
        .with_macro_doc(NAME_ATOM_DOC)
        .atoms(names.iter().copied())
        .write_to_file(&Path::new(&out).join("name_atoms.rs"))
        .unwrap();

    let mut consts = String::new();
    let mut arms = String::new();
    for name in &names {
        let ident: String = name
            .bytes()
            .map(|b| format!("_{b:02X}"))
            .collect::<Vec<_>>()
            .concat();
        writeln!(
            consts,
            "pub const LOCAL_NAME_{ident}: LocalName = LocalName::from_static_atom(name_atom!({name:?}));"
        )
        .unwrap();
        writeln!(
            arms,
            "    ({name:?}) => {{ $crate::names::LOCAL_NAME_{ident} }};"
        )
        .unwrap();
    }
    let code = format!(
        "{consts}\n{LOCAL_NAME_DOC}#[macro_export]\nmacro_rules! local_name {{\n{arms}}}\n"
    );
    std::fs::write(Path::new(&out).join("local_names.rs"), code).unwrap();
    println!("cargo:rerun-if-changed=src/names/known_names.txt");
    println!("cargo:rerun-if-changed=build.rs");
}
