//! `cargo xtask public-api [CRATE]`: each library crate's public items, read from its rustdoc
//! pages (`cargo doc --no-deps`, the stable toolchain's HTML: no nightly JSON needed), one line
//! per item and per inherent member with its signature. The snapshot test below keeps one
//! listing per crate under `src/snapshots/`, so every change to a public API shows up in review
//! (update with `INSTA_UPDATE=always cargo test -p xtask public_api`).
//!
//! What is listed: every item of the crate's "all items" page (structs, enums, functions,
//! traits, macros, type aliases, constants) under its path; each one's declaration; the
//! members of its inherent `impl` blocks, its fields and variants, and a trait's methods; and
//! each module's re-exports (the facade's `pub use kauri_dom::*` among them). Trait
//! implementations (`Clone`, `Debug`, ...) and auto traits are left out.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use kauri::{Document, Node};

/// The library crates whose APIs are listed, in layer order.
pub const CRATES: &[&str] = &[
    "kauri-encoding",
    "kauri-tokenizer",
    "kauri-tree-builder",
    "kauri-dom",
    "kauri-sanitizer",
    "kauri",
];

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let crates: Vec<&str> = match args.first() {
        Some(name) => vec![name.as_str()],
        None => CRATES.to_vec(),
    };
    let doc = build_docs(&crates)?;
    for name in crates {
        println!("{}", listing(&doc, name)?);
    }
    Ok(ExitCode::SUCCESS)
}

/// The workspace's target directory (`CARGO_TARGET_DIR` or `target/` beside `xtask/`).
fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"),
    }
}

/// Runs `cargo doc --no-deps` for `crates` (with the flags of CI's documentation gate, so that
/// after the gate it has nothing to do) and returns the documentation directory.
pub fn build_docs(crates: &[&str]) -> Result<PathBuf, String> {
    let target = target_dir();
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["doc", "--no-deps", "--quiet", "--target-dir"])
        .arg(&target)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .env("RUSTDOCFLAGS", "-D warnings");
    for name in crates {
        cmd.args(["-p", name]);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run cargo doc: {e}"))?;
    if !status.success() {
        return Err(format!(
            "cargo doc failed ({status}): fix the documentation warnings first"
        ));
    }
    Ok(target.join("doc"))
}

/// Parses one rustdoc page.
fn page(path: &Path) -> Result<Document, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(kauri::parse_bytes(&bytes))
}

/// A node's text with runs of whitespace made one space.
fn text(node: &Node<'_>) -> String {
    node.text_content()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `node` lies inside the page's trait-implementation lists.
fn in_trait_impls(node: &Node<'_>) -> bool {
    node.ancestors().any(|a| {
        matches!(
            a.get_attribute("id"),
            Some(
                "trait-implementations-list"
                    | "synthetic-implementations-list"
                    | "blanket-implementations-list"
            )
        )
    })
}

/// The member lines of the page of one item of `kind`: its declaration, then each field, variant and inherent
/// or trait-declared member with its signature.
fn members(doc: &Document, kind: &str) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    // A function's, alias's, constant's or macro's declaration is its signature; a struct's,
    // enum's or trait's members are listed one by one below.
    if matches!(kind, "fn" | "type" | "constant" | "static" | "macro") {
        for decl in doc.select_str("pre.item-decl").map_err(|e| e.to_string())? {
            lines.push(format!("  decl {}", text(decl)));
        }
    }
    for node in doc.select_str("[id]").map_err(|e| e.to_string())? {
        let id = node.get_attribute("id").unwrap_or_default();
        let kind = id.split('.').next().unwrap_or_default();
        if !matches!(
            kind,
            "method"
                | "tymethod"
                | "structfield"
                | "variant"
                | "associatedconstant"
                | "associatedtype"
        ) || in_trait_impls(node)
        {
            continue;
        }
        // A member's signature is its code header (methods, constants) or its own text
        // (fields and variants are one line of code).
        let header = node
            .select_str(".code-header")
            .map_err(|e| e.to_string())?
            .next();
        let signature = match header {
            Some(h) => text(h),
            None => text(node).trim_start_matches('§').trim().to_string(),
        };
        lines.push(format!("  {kind} {signature}"));
    }
    Ok(lines)
}

/// The public API listing of crate `name` from the documentation under `doc`.
pub fn listing(doc: &Path, name: &str) -> Result<String, String> {
    let dir = doc.join(name.replace('-', "_"));
    let krate = name.replace('-', "_");
    let mut out = vec![format!("# {name}")];
    // Re-exports, from the crate root's and every module's index page.
    let mut indexes = vec![dir.join("index.html")];
    let all = page(&dir.join("all.html"))?;
    let mut items = Vec::new();
    for a in all
        .select_str("ul.all-items a")
        .map_err(|e| e.to_string())?
    {
        let href = a.get_attribute("href").unwrap_or_default().to_string();
        let file = href.rsplit('/').next().unwrap_or_default();
        let kind = file.split('.').next().unwrap_or_default().to_string();
        items.push((kind, text(a), href));
    }
    items.sort();
    for (kind, path, href) in &items {
        if let Some((module, _)) = href.rsplit_once('/') {
            let index = dir.join(module).join("index.html");
            if !indexes.contains(&index) {
                indexes.push(index);
            }
        }
        out.push(format!("{kind} {krate}::{path}"));
        out.extend(members(&page(&dir.join(href))?, kind)?);
    }
    let mut reexports = Vec::new();
    for index in &indexes {
        let doc = page(index)?;
        // The re-exports section is the item table that follows the `reexports` heading.
        let heading = doc
            .select_str("#reexports")
            .map_err(|e| e.to_string())?
            .next();
        let Some(heading) = heading else { continue };
        let table = heading
            .following_siblings()
            .find(|n| n.as_element().is_some());
        if let Some(table) = table {
            for code in table.select_str("code").map_err(|e| e.to_string())? {
                reexports.push(text(code));
            }
        }
    }
    reexports.sort();
    out.extend(reexports.into_iter().map(|r| format!("reexport {r}")));
    Ok(out.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One snapshot per crate: a public API change fails here until the snapshot is updated
    /// (and so reviewed) with it.
    #[test]
    fn public_api_snapshots() {
        let doc = build_docs(CRATES).unwrap();
        for name in CRATES {
            let listing = listing(&doc, name).unwrap();
            assert!(listing.lines().count() > 3, "{name}: no items found");
            insta::assert_snapshot!(format!("public_api_{name}"), listing);
        }
    }
}
