//! `cargo xtask errors`: generates the tokenizer's parse error codes
//! (`crates/kauri-tokenizer/src/error_code.rs`: the `ErrorCode` enum, `ALL`, `as_str`, `kind`,
//! `anchor` and `message`) from one table, `crates/kauri-tokenizer/src/error_codes.tsv`.
//!
//! The table has one row per code, in the enum's order: the standard's codes (§ parse-errors, in
//! the standard's order), then the tree construction errors (Kauri's codes), then Kauri's
//! resource limits. Its columns are tab-separated: the code as printed (`eof-in-tag`; the
//! variant name is its words capitalized, `EofInTag`), the kind (`standard`, `tree` or `limit`),
//! the standard's anchor, the worded message (a template, see `ErrorCode::message`) and the
//! rustdoc text. Lines starting with `#` are comments; the first other line is the header.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// The table, relative to the workspace root.
pub const SOURCE: &str = "crates/kauri-tokenizer/src/error_codes.tsv";
/// The generated module, relative to the workspace root.
pub const OUTPUT: &str = "crates/kauri-tokenizer/src/error_code.rs";

/// The placeholders a message may hold (filled by `kauri::check`).
const PLACEHOLDERS: [&str; 5] = ["{name}", "{tag}", "{attr}", "{char}", "{open}"];

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask errors (reads and writes fixed paths)".into());
    }
    let root = workspace_root();
    let out = generate(&read(&root.join(SOURCE))?)?;
    let path = root.join(OUTPUT);
    std::fs::write(&path, &out).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("wrote {} from {SOURCE}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// The workspace root: the parent of this crate's folder.
fn workspace_root() -> &'static Path {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest)
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// One row of the table.
struct Row<'a> {
    code: &'a str,
    variant: String,
    kind: &'a str,
    anchor: &'a str,
    message: &'a str,
    doc: &'a str,
}

/// Reads the table; checks every row (kinds in order, anchors, placeholders).
fn rows(tsv: &str) -> Result<Vec<Row<'_>>, String> {
    let mut lines = tsv
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
    match lines.next() {
        Some((_, "code\tkind\tanchor\tmessage\tdoc")) => {}
        other => return Err(format!("{SOURCE}: bad header {other:?}")),
    }
    let order = ["standard", "tree", "limit"];
    let mut last_kind = 0;
    let mut rows = Vec::new();
    for (i, line) in lines {
        let at = |what: String| format!("{SOURCE}:{}: {what}", i + 1);
        let cols: Vec<&str> = line.split('\t').collect();
        let [code, kind, anchor, message, doc] = cols[..] else {
            return Err(at(format!("{} columns, expected 5", cols.len())));
        };
        if code.is_empty() || !code.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
            return Err(at(format!("bad code {code:?}")));
        }
        let k = order
            .iter()
            .position(|o| *o == kind)
            .ok_or_else(|| at(format!("bad kind {kind:?}")))?;
        if k < last_kind {
            return Err(at(format!(
                "{kind} code after the {} codes",
                order[last_kind]
            )));
        }
        last_kind = k;
        if kind == "standard" && anchor != format!("parse-error-{code}") {
            return Err(at(format!(
                "a standard code's anchor is parse-error-{code}"
            )));
        }
        if kind == "tree" && anchor.is_empty() {
            return Err(at(
                "a tree construction code needs the standard's anchor".into()
            ));
        }
        if message.is_empty() || !message.ends_with('.') || doc.is_empty() {
            return Err(at("message and doc are sentences".into()));
        }
        let mut rest = message;
        while let Some(open) = rest.find('{') {
            let hole = &rest[open..rest[open..].find('}').map_or(rest.len(), |c| open + c + 1)];
            if !PLACEHOLDERS.contains(&hole) {
                return Err(at(format!("unknown placeholder {hole:?}")));
            }
            rest = &rest[open + hole.len()..];
        }
        let variant = code
            .split('-')
            .map(|w| w[..1].to_ascii_uppercase() + &w[1..])
            .collect();
        rows.push(Row {
            code,
            variant,
            kind,
            anchor,
            message,
            doc,
        });
    }
    let mut codes: Vec<&str> = rows.iter().map(|r| r.code).collect();
    codes.sort_unstable();
    if let Some(w) = codes.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("{SOURCE}: {} is listed twice", w[0]));
    }
    Ok(rows)
}

/// `text` as `///` lines of at most 100 columns, indented by `indent`.
fn doc_lines(out: &mut String, indent: &str, text: &str) {
    let width = 100 - indent.len() - 4;
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            let _ = writeln!(out, "{indent}/// {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    let _ = writeln!(out, "{indent}/// {line}");
}

/// A Rust string literal for `s`.
fn literal(s: &str) -> String {
    format!("{s:?}")
}

/// A generated method: its name, its documentation, and each row's value.
type Method = (&'static str, &'static str, fn(&Row) -> String);

/// The generated module's text.
pub fn generate(tsv: &str) -> Result<String, String> {
    let rows = rows(tsv)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The parse error codes: {} codes.\n//!\n\
         //! GENERATED by `cargo xtask errors` (xtask/src/errors.rs) from `error_codes.tsv`, the one\n\
         //! table of code, kind, the standard's anchor, message and documentation. Do not edit by hand:\n\
         //! edit the table and run `cargo xtask errors`.\n",
        rows.len()
    );
    out.push_str(ENUM_DOC);
    out.push_str(
        "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         #[non_exhaustive]\npub enum ErrorCode {\n",
    );
    let mut kind = "";
    for row in &rows {
        if row.kind != kind {
            kind = row.kind;
            let heading = match kind {
                "standard" => "The standard's codes (§ parse-errors)",
                "tree" => "Tree construction (Kauri's codes)",
                _ => "Resource limits (Kauri's, not the standard's)",
            };
            let _ = writeln!(out, "    // ----- {heading} -----");
        }
        doc_lines(&mut out, "    ", row.doc);
        let _ = writeln!(out, "    {},", row.variant);
    }
    out.push_str("}\n\nimpl ErrorCode {\n");
    out.push_str(ALL_DOC);
    let _ = writeln!(out, "    pub const ALL: [ErrorCode; {}] = [", rows.len());
    for row in &rows {
        let _ = writeln!(out, "        ErrorCode::{},", row.variant);
    }
    out.push_str("    ];\n\n");
    let methods: [Method; 4] = [
        ("as_str", AS_STR_DOC, |r| literal(r.code)),
        ("kind", KIND_DOC, |r| {
            match r.kind {
                "standard" => "ErrorKind::Standard",
                "tree" => "ErrorKind::TreeConstruction",
                _ => "ErrorKind::Limit",
            }
            .to_string()
        }),
        ("anchor", ANCHOR_DOC, |r| literal(r.anchor)),
        ("message", MESSAGE_DOC, |r| literal(r.message)),
    ];
    for (i, (name, doc, value)) in methods.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(doc);
        let ty = if *name == "kind" {
            "ErrorKind"
        } else {
            "&'static str"
        };
        let _ = writeln!(
            out,
            "    pub const fn {name}(self) -> {ty} {{\n        match self {{"
        );
        for row in &rows {
            let _ = writeln!(
                out,
                "            ErrorCode::{} => {},",
                row.variant,
                value(row)
            );
        }
        out.push_str("        }\n    }\n");
    }
    out.push_str("}\n");
    Ok(out)
}

const ENUM_DOC: &str = "use crate::error::ErrorKind;

/// The code of a parse error.
///
/// The standard's codes (§ parse-errors) come first, in the standard's order; then the tree
/// construction errors Kauri reports, which the standard does not name (one code per
/// situation, each documented below); then Kauri's resource limits. [`ErrorCode::as_str`]
/// (and `Display`) give the code as printed (`eof-in-tag`), [`str::parse`] reads it back;
/// [`ErrorCode::message`] words it, [`ErrorCode::anchor`] points into the standard.
///
/// ```
/// # use kauri_tokenizer as kauri;
/// use kauri::ErrorCode;
///
/// assert_eq!(ErrorCode::EofInTag.as_str(), \"eof-in-tag\");
/// assert_eq!(\"nested-a\".parse::<ErrorCode>(), Ok(ErrorCode::NestedA));
/// assert!(ErrorCode::EofInTag.is_standard());
/// assert!(!ErrorCode::NestedA.is_standard());
/// assert_eq!(ErrorCode::TooManyAttributes.to_string(), \"too-many-attributes\");
/// ```
";

const ALL_DOC: &str =
    "    /// Every code, in declaration order (the standard's, then tree construction's, then the
    /// limits).
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::ErrorCode;
    /// assert_eq!(ErrorCode::ALL[0], ErrorCode::AbruptClosingOfEmptyComment);
    /// assert!(ErrorCode::ALL.contains(&ErrorCode::InputTruncated));
    /// ```
";

const AS_STR_DOC: &str = "    /// The code as printed: `eof-in-tag`.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::ErrorCode;
    /// assert_eq!(ErrorCode::UnexpectedEndTag.as_str(), \"unexpected-end-tag\");
    /// ```
";

const KIND_DOC: &str =
    "    /// Who defines the code: the standard, Kauri's tree construction, or Kauri's limits.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::{ErrorCode, ErrorKind};
    /// assert_eq!(ErrorCode::EofInTag.kind(), ErrorKind::Standard);
    /// assert_eq!(ErrorCode::NestedA.kind(), ErrorKind::TreeConstruction);
    /// assert_eq!(ErrorCode::InputTruncated.kind(), ErrorKind::Limit);
    /// ```
";

const ANCHOR_DOC: &str =
    "    /// The anchor of the standard's text for this error in the parsing chapter
    /// (`https://html.spec.whatwg.org/multipage/parsing.html#` + anchor): the error's entry in
    /// § parse-errors for the standard's codes, the insertion mode or algorithm that reports it
    /// for tree construction codes; empty for the limits, which the standard does not have.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::ErrorCode;
    /// assert_eq!(ErrorCode::EofInTag.anchor(), \"parse-error-eof-in-tag\");
    /// assert_eq!(ErrorCode::NestedA.anchor(), \"parsing-main-inbody\");
    /// assert_eq!(ErrorCode::InputTruncated.anchor(), \"\");
    /// ```
";

const MESSAGE_DOC: &str = "    /// The worded message, as a template: one sentence saying what is wrong, what was
    /// expected and, where useful, what the parser did. Placeholders name what the error is
    /// about, and `kauri::check` fills them from the source: `{name}` the tag's name, `{tag}`
    /// the tag as written (`<p>`, `</p>`), `{attr}` an attribute's name, `{char}` the
    /// character, `{open}` the unclosed elements.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::ErrorCode;
    /// assert_eq!(
    ///     ErrorCode::NestedA.message(),
    ///     \"Start tag “a” while an “a” is open: links cannot nest (the parser closes the open “a”).\"
    /// );
    /// assert!(ErrorCode::UnexpectedEndTag.message().contains(\"{name}\"));
    /// ```
";

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated module is the table's: `cargo xtask errors` was run after the last edit.
    #[test]
    fn generated_module_is_up_to_date() {
        let root = workspace_root();
        let tsv = read(&root.join(SOURCE)).unwrap();
        let generated = generate(&tsv).unwrap_or_else(|e| panic!("{e}"));
        let on_disk = read(&root.join(OUTPUT)).unwrap();
        assert!(
            generated == on_disk,
            "{OUTPUT} is not what {SOURCE} generates: run `cargo xtask errors`"
        );
    }

    #[test]
    fn bad_tables_are_refused() {
        let header = "code\tkind\tanchor\tmessage\tdoc\n";
        let bad = [
            "eof-in-tag\tstandard\twrong\tM.\tD.\n",
            "nested-a\ttree\tparsing-main-inbody\tM {nope}.\tD.\n",
            "x\tlimit\t\tM.\tD.\nnested-a\ttree\tparsing-main-inbody\tM.\tD.\n",
            "x\tlimit\t\tM.\tD.\nx\tlimit\t\tM.\tD.\n",
            "x\tlimit\t\tM.\n",
        ];
        for rows in bad {
            assert!(generate(&format!("{header}{rows}")).is_err(), "{rows}");
        }
        let good = generate(&format!(
            "{header}nested-a\ttree\tparsing-main-inbody\tM {{name}}.\tD.\n"
        ));
        assert!(good
            .unwrap()
            .contains("ErrorCode::NestedA => \"M {name}.\","));
    }
}
