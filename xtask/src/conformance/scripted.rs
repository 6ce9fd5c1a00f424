//! The "scripted" suite: `tree-construction/scripted/*.dat`, the tree tests that need a
//! script engine. They run through `kauri::Parser` (its pauses at scripts,
//! `document_write`, `edit`, `resume`) with a tiny evaluator that understands exactly the
//! statement forms those files use, and nothing else (Kauri has no JavaScript engine):
//!
//! * `document.write(S)` and `document.writeln(S)`, where `S` is string literals (`"..."` or
//!   `'...'`, no escapes) joined with `+`;
//! * `document.getElementById(S).id = S`;
//! * `document.getElementsByTagName(S)[N].setAttribute(S, S)`;
//!
//! separated by `;` or line breaks. A script with anything else fails its case. A script
//! that writes a script runs it first (the parser's script nesting level), as the standard's
//! `document.write` does.

use super::{file_name, files_with_suffix, FileResult, Suite};
use kauri::{Parser, Step};
use kauri_testdata::dat::read_dat;
use std::path::Path;

/// The statements the evaluator runs.
#[derive(Debug, PartialEq)]
enum Statement {
    /// `document.write(text)` (`newline`: `document.writeln`).
    Write { text: String, newline: bool },
    /// `document.getElementById(id).id = new_id`.
    SetId { id: String, new_id: String },
    /// `document.getElementsByTagName(tag)[index].setAttribute(name, value)`.
    SetAttribute {
        tag: String,
        index: usize,
        name: String,
        value: String,
    },
}

/// The lexical pieces of the statements above.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Name(String),
    Str(String),
    Number(usize),
    Punct(char),
}

/// Splits `code` into pieces; `Err` on a character none of the statement forms has.
fn pieces(code: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut chars = code.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c.is_whitespace() && c != '\n' => {}
            '\n' => out.push(Piece::Punct(';')),
            '"' | '\'' => {
                let rest = &code[i + 1..];
                let end = rest
                    .find(c)
                    .ok_or_else(|| format!("unterminated string in {code:?}"))?;
                out.push(Piece::Str(rest[..end].to_owned()));
                for _ in 0..rest[..=end].chars().count() {
                    chars.next();
                }
            }
            '.' | '(' | ')' | '[' | ']' | '=' | '+' | ',' | ';' => out.push(Piece::Punct(c)),
            c if c.is_ascii_digit() => {
                let mut n = c.to_digit(10).unwrap_or(0) as usize;
                while let Some(&(_, d)) = chars.peek() {
                    let Some(digit) = d.to_digit(10) else { break };
                    n = n.saturating_mul(10).saturating_add(digit as usize);
                    chars.next();
                }
                out.push(Piece::Number(n));
            }
            c if c.is_ascii_alphabetic() => {
                let mut name = c.to_string();
                while let Some(&(_, d)) = chars.peek() {
                    if !d.is_ascii_alphanumeric() {
                        break;
                    }
                    name.push(d);
                    chars.next();
                }
                out.push(Piece::Name(name));
            }
            other => return Err(format!("unsupported character {other:?} in {code:?}")),
        }
    }
    Ok(out)
}

/// A cursor over the pieces of one script.
struct Reader {
    pieces: Vec<Piece>,
    at: usize,
}

impl Reader {
    fn next(&mut self) -> Option<Piece> {
        let piece = self.pieces.get(self.at).cloned();
        self.at += 1;
        piece
    }

    fn expect(&mut self, want: Piece) -> Result<(), String> {
        match self.next() {
            Some(got) if got == want => Ok(()),
            got => Err(format!("expected {want:?}, found {got:?}")),
        }
    }

    fn name(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Piece::Name(name)) => Ok(name),
            got => Err(format!("expected a name, found {got:?}")),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Piece::Str(s)) => Ok(s),
            got => Err(format!("expected a string literal, found {got:?}")),
        }
    }

    /// String literals joined with `+`.
    fn concatenation(&mut self) -> Result<String, String> {
        let mut text = self.string()?;
        while self.pieces.get(self.at) == Some(&Piece::Punct('+')) {
            self.at += 1;
            text.push_str(&self.string()?);
        }
        Ok(text)
    }

    /// One statement after `document.`.
    fn statement(&mut self) -> Result<Statement, String> {
        self.expect(Piece::Name("document".into()))?;
        self.expect(Piece::Punct('.'))?;
        let method = self.name()?;
        self.expect(Piece::Punct('('))?;
        match method.as_str() {
            "write" | "writeln" => {
                let text = self.concatenation()?;
                self.expect(Piece::Punct(')'))?;
                Ok(Statement::Write {
                    text,
                    newline: method == "writeln",
                })
            }
            "getElementById" => {
                let id = self.string()?;
                self.expect(Piece::Punct(')'))?;
                self.expect(Piece::Punct('.'))?;
                self.expect(Piece::Name("id".into()))?;
                self.expect(Piece::Punct('='))?;
                let new_id = self.string()?;
                Ok(Statement::SetId { id, new_id })
            }
            "getElementsByTagName" => {
                let tag = self.string()?;
                self.expect(Piece::Punct(')'))?;
                self.expect(Piece::Punct('['))?;
                let index = match self.next() {
                    Some(Piece::Number(n)) => n,
                    got => return Err(format!("expected an index, found {got:?}")),
                };
                self.expect(Piece::Punct(']'))?;
                self.expect(Piece::Punct('.'))?;
                self.expect(Piece::Name("setAttribute".into()))?;
                self.expect(Piece::Punct('('))?;
                let name = self.string()?;
                self.expect(Piece::Punct(','))?;
                let value = self.string()?;
                self.expect(Piece::Punct(')'))?;
                Ok(Statement::SetAttribute {
                    tag,
                    index,
                    name,
                    value,
                })
            }
            other => Err(format!("unsupported method document.{other}")),
        }
    }
}

/// The statements of a script.
fn statements(code: &str) -> Result<Vec<Statement>, String> {
    let mut reader = Reader {
        pieces: pieces(code)?,
        at: 0,
    };
    let mut out = Vec::new();
    while reader.at < reader.pieces.len() {
        if reader.pieces[reader.at] == Piece::Punct(';') {
            reader.at += 1;
            continue;
        }
        out.push(reader.statement()?);
    }
    Ok(out)
}

/// Deepest script nesting the evaluator follows (the suite needs 2).
const MAX_NESTING: usize = 16;

/// Runs the script the parser paused at (and, through its writes, the scripts they hold).
fn run_script(parser: &mut Parser, depth: usize) -> Result<(), String> {
    if depth > MAX_NESTING {
        return Err("scripts nested too deeply".into());
    }
    let code = parser
        .script()
        .map(|s| s.text_content())
        .ok_or("no script to run")?;
    for statement in statements(&code)? {
        match statement {
            Statement::Write { text, newline } => {
                let written = if newline {
                    parser.document_writeln(&text)
                } else {
                    parser.document_write(&text)
                };
                let mut step = written.map_err(|e| e.to_string())?;
                while step == Step::Script {
                    run_script(parser, depth + 1)?;
                    step = parser.resume().map_err(|e| e.to_string())?;
                }
            }
            Statement::SetId { id, new_id } => parser
                .edit(|ed| {
                    let element = ed
                        .root()
                        .descendants()
                        .find(|n| n.get_attribute("id") == Some(id.as_str()));
                    match element {
                        Some(element) => ed
                            .set_attribute(element, "id", &new_id)
                            .map_err(|e| e.to_string()),
                        None => Err(format!("no element with id {id:?}")),
                    }
                })
                .map_err(|e| e.to_string())??,
            Statement::SetAttribute {
                tag,
                index,
                name,
                value,
            } => parser
                .edit(|ed| match ed.root().elements_by_tag_name(&tag).nth(index) {
                    Some(element) => ed
                        .set_attribute(element, &name, &value)
                        .map_err(|e| e.to_string()),
                    None => Err(format!("no {tag} element number {index}")),
                })
                .map_err(|e| e.to_string())??,
        }
    }
    Ok(())
}

/// Parses `data` with scripting on, running its scripts; the tree dump.
fn run_case(data: &str) -> Result<String, String> {
    let mut parser =
        Parser::with_script_pauses(kauri::ParseOptions::default()).map_err(|e| e.to_string())?;
    let mut step = parser.feed_str(data).map_err(|e| e.to_string())?;
    loop {
        while step == Step::Script {
            run_script(&mut parser, 1)?;
            step = parser.resume().map_err(|e| e.to_string())?;
        }
        match parser.end() {
            Ok(Step::Script) => step = Step::Script,
            _ => break,
        }
    }
    Ok(parser.finish().to_test_tree())
}

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "scripted",
        ..Suite::default()
    };
    for path in files_with_suffix(dir, ".dat") {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut result = FileResult {
            file: file_name(&path),
            passed: 0,
            total: 0,
        };
        for case in read_dat(&text) {
            result.total += 1;
            let expected = case.document.trim_end_matches('\n');
            match run_case(&case.data) {
                Ok(tree) if tree.trim_end_matches('\n') == expected => result.passed += 1,
                Ok(tree) => suite.failures.push(format!(
                    "{}: {:?}\nexpected:\n{expected}\ngot:\n{tree}",
                    result.file, case.data
                )),
                Err(e) => suite
                    .failures
                    .push(format!("{}: {:?}: {e}", result.file, case.data)),
            }
        }
        suite.files.push(result);
    }
    suite.notes.push(
        "scripted: `tree-construction/scripted/` runs through `kauri::Parser`, which pauses at \
         each script (`Step::Script`), with a test-only evaluator of exactly the statement forms \
         these files use (`document.write` of string literals joined with `+`, \
         `document.getElementById(..).id = ..`, `document.getElementsByTagName(..)[n].setAttribute(..)`; \
         see `xtask/src/conformance/scripted.rs`). Kauri has no JavaScript engine."
            .to_owned(),
    );
    suite
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statement_forms() {
        assert_eq!(
            statements("document.write(\"<b>\"+ '2')").unwrap(),
            [Statement::Write {
                text: "<b>2".into(),
                newline: false
            }]
        );
        assert_eq!(
            statements("document.getElementsByTagName(\"font\")[2].setAttribute(\"size\", \"5\");")
                .unwrap(),
            [Statement::SetAttribute {
                tag: "font".into(),
                index: 2,
                name: "size".into(),
                value: "5".into()
            }]
        );
        assert!(statements("alert(1)").is_err());
        assert!(statements("document.write(x)").is_err());
    }
}
