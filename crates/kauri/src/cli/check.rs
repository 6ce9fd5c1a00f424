//! `kauri check`: the parse errors of pages, worded for a person (`kauri::check`), as text with
//! an extract and a caret line, GNU-style lines, or the Nu Html Checker's JSON.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use kauri::{check_bytes, Checked, Extract, ParseOptions, Report, SourceRange};
use rayon::prelude::*;

use super::args::OnOff;
use super::batch::{expand, Source};
use super::Failure;

pub const CHECK_HELP: &str = "\
Reports every parse error of each page: the standard's code for tokenizer errors, Kauri's for
tree construction, a message naming the element or attribute, the source range, and for
elements left unclosed their start tags. Directories are walked (.html, .htm, .xhtml, .shtml)
and their pages checked on all cores; reports are printed in the order the inputs were given.

Formats:
  text  file:line:col: error: message [code], then the source extract with a caret line
        (coloured on a terminal unless NO_COLOR is set)
  gnu   file:line.col-line.col: error: message (the GNU coding standards' error format)
  json  the Nu Html Checker's JSON: {\"messages\":[{\"type\":\"error\",\"url\",\"firstLine\",
        \"firstColumn\",\"lastLine\",\"lastColumn\",\"message\",\"extract\",\"hiliteStart\",
        \"hiliteLength\",\"code\"}]}; lines and columns are 1-based, columns and highlight
        offsets in UTF-16 code units, as Nu gives them

An element left unclosed gets its own message, `Unclosed element “div”.`, at its start tag.

Examples:
  kauri check page.html
  kauri check --format gnu site/ | head
  kauri check --scripting off page.html      (noscript content checked as markup)
  curl -s https://example.org/ | kauri check --format json -

Exit status:
  0  no parse error
  1  parse errors were found
  2  bad usage, an unreadable file or an unknown encoding label (one line on stderr)";

/// `kauri check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Files, directories (walked), or - for standard input.
    #[arg(value_name = "FILES|DIRS|-", default_value = "-")]
    pub inputs: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    /// Print at most N errors in all (the exit status still says whether there were any).
    #[arg(long, value_name = "N")]
    pub max_errors: Option<usize>,
    /// Decode with this WHATWG encoding label (no sniffing; confidence certain).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// The scripting flag: with it off, `noscript` content is parsed as markup (and checked),
    /// as the Nu Html Checker does.
    #[arg(long, value_enum, default_value_t = OnOff::from(ParseOptions::default().scripting))]
    pub scripting: OnOff,
}

impl CheckArgs {
    /// The options every input is checked with: `ParseOptions::default()` with `--encoding`
    /// and `--scripting` (`kauri::check_bytes` turns errors and locations on itself).
    pub fn options(&self) -> ParseOptions {
        ParseOptions {
            encoding: self.encoding.clone(),
            scripting: self.scripting.into(),
            ..ParseOptions::default()
        }
    }
}

/// `kauri check --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Messages with the source extract and a caret line.
    Text,
    /// `file:line.col-line.col: error: message`.
    Gnu,
    /// The Nu Html Checker's JSON.
    Json,
}

/// One checked input: its name and reports, or why it could not be checked.
type Outcome = (String, Result<Checked, String>);

/// Runs `kauri check`; returns the exit status (0 clean, 1 errors found).
pub fn check(args: CheckArgs) -> Result<i32, Failure> {
    if let Some(label) = &args.encoding {
        if kauri_encoding::encoding_for_label(label).is_none() {
            return Err(Failure(format!(
                "unknown encoding label {label:?} for --encoding"
            )));
        }
    }
    let opts = args.options();
    let mut files: Vec<PathBuf> = Vec::new();
    let mut stdin = false;
    for input in &args.inputs {
        if input == "-" {
            stdin = true;
            continue;
        }
        let (mut sources, mut bad) = (Vec::new(), Vec::new());
        expand(input, &mut sources, &mut bad);
        if let Some(problem) = bad.into_iter().next() {
            return Err(Failure(problem));
        }
        for source in sources {
            match source {
                Source::Html(path) => files.push(path),
                Source::Warc(path) => {
                    return Err(Failure(format!(
                        "{}: WARC files are not checked (kauri batch reads them)",
                        path.display()
                    )))
                }
            }
        }
    }
    let mut outcomes: Vec<Outcome> = Vec::new();
    if stdin {
        let bytes = super::run::read_input("-")?;
        let checked = check_bytes(&bytes, &opts).map_err(|e| e.to_string());
        outcomes.push(("-".to_string(), checked));
    }
    outcomes.par_extend(files.par_iter().map(|path| {
        let name = path.display().to_string();
        let checked = std::fs::read(path)
            .map_err(|e| format!("cannot read {name}: {e}"))
            .and_then(|bytes| check_bytes(&bytes, &opts).map_err(|e| e.to_string()));
        (name, checked)
    }));
    let colour = args.format == CheckFormat::Text
        && io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none();
    let mut found = false;
    let mut budget = args.max_errors.unwrap_or(usize::MAX);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut json = String::new();
    let mut failure = None;
    for (name, checked) in &outcomes {
        let checked = match checked {
            Ok(checked) => checked,
            Err(e) => {
                failure.get_or_insert_with(|| e.clone());
                continue;
            }
        };
        found |= !checked.reports.is_empty();
        for report in &checked.reports {
            if budget == 0 {
                break;
            }
            budget -= 1;
            let written = match args.format {
                CheckFormat::Text => write_text(&mut out, name, report, colour),
                CheckFormat::Gnu => write_gnu(&mut out, name, report),
                CheckFormat::Json => {
                    push_json(&mut json, name, report);
                    Ok(())
                }
            };
            if let Err(e) = written {
                return write_failure(e);
            }
        }
    }
    if args.format == CheckFormat::Json {
        let result = writeln!(out, "{{\"messages\":[{json}]}}");
        if let Err(e) = result {
            return write_failure(e);
        }
    }
    if let Err(e) = out.flush() {
        return write_failure(e);
    }
    if let Some(e) = failure {
        return Err(Failure(e));
    }
    Ok(i32::from(found))
}

/// A write error: a closed pipe ends the output quietly (errors were found when there was
/// output), anything else is a failure.
fn write_failure(e: io::Error) -> Result<i32, Failure> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(1)
    } else {
        Err(Failure(format!("cannot write the output: {e}")))
    }
}

/// `file:line.col-line.col: error: message`, and one line per unclosed element.
fn write_gnu(out: &mut dyn Write, name: &str, report: &Report) -> io::Result<()> {
    let gnu = |out: &mut dyn Write, range: &SourceRange, message: &str| {
        writeln!(
            out,
            "{name}:{}.{}-{}.{}: error: {message}",
            range.first.line, range.first.col, range.last.line, range.last.col
        )
    };
    gnu(out, &report.range, &report.message)?;
    for unclosed in &report.unclosed {
        gnu(out, &unclosed.start_tag, &unclosed.message())?;
    }
    Ok(())
}

/// `file:line:col: error: message [code]`, the extract and its caret line; then each
/// unclosed element's start tag as a note.
fn write_text(out: &mut dyn Write, name: &str, report: &Report, colour: bool) -> io::Result<()> {
    let (bold, red, cyan, reset) = if colour {
        ("\x1b[1m", "\x1b[1;31m", "\x1b[1;36m", "\x1b[0m")
    } else {
        ("", "", "", "")
    };
    let first = report.range.first;
    writeln!(
        out,
        "{bold}{name}:{}:{}:{reset} {red}error:{reset} {bold}{}{reset} [{}]",
        first.line, first.col, report.message, report.code
    )?;
    write_extract(out, &report.extract, red, reset)?;
    for unclosed in &report.unclosed {
        let first = unclosed.start_tag.first;
        writeln!(
            out,
            "{bold}{name}:{}:{}:{reset} {cyan}note:{reset} {}",
            first.line,
            first.col,
            unclosed.message()
        )?;
        write_extract(out, &unclosed.extract, cyan, reset)?;
    }
    Ok(())
}

/// The extract, line by line, each line followed by carets under its highlighted part (a
/// single caret for an empty range). Control characters print as spaces.
fn write_extract(out: &mut dyn Write, extract: &Extract, on: &str, off: &str) -> io::Result<()> {
    let (hl_start, hl_end) = (
        extract.hilite_start,
        extract.hilite_start + extract.hilite_len,
    );
    let mut line_start = 0;
    let text = &extract.text;
    let lines = text.split_inclusive(['\n', '\r']);
    for line in lines {
        let line_end = line_start + line.len();
        let shown: String = line
            .trim_end_matches(['\n', '\r'])
            .chars()
            .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
            .collect();
        writeln!(out, "    {shown}")?;
        let mut carets = String::new();
        let mut any = false;
        for (i, c) in line.trim_end_matches(['\n', '\r']).char_indices() {
            let at = line_start + i;
            if at >= hl_start && at < hl_end {
                carets.push('^');
                any = true;
            } else if at < hl_start {
                carets.push(if c == '\t' { '\t' } else { ' ' });
            }
        }
        let empty_here = hl_start == hl_end && hl_start >= line_start && hl_start <= line_end;
        if empty_here {
            carets.push('^');
            any = true;
        }
        if any {
            writeln!(out, "    {on}{}{off}", carets.trim_end())?;
        }
        line_start = line_end;
    }
    if text.is_empty() {
        writeln!(out, "    {on}^{off}")?;
    }
    Ok(())
}

/// Appends the report's messages (and one per unclosed element) to the JSON `messages` list.
fn push_json(json: &mut String, name: &str, report: &Report) {
    let url = if name == "-" {
        "-".to_string()
    } else {
        file_url(name)
    };
    let mut message = |range: &SourceRange, text: &str, extract: &Extract| {
        if !json.is_empty() {
            json.push(',');
        }
        json.push_str("{\"type\":\"error\",\"url\":");
        kauri_dom::json_string(json, &url);
        let (hilite_start, hilite_len) = extract.hilite_utf16();
        json.push_str(&format!(
            ",\"firstLine\":{},\"firstColumn\":{},\"lastLine\":{},\"lastColumn\":{},\"message\":",
            range.first.line, range.first.col, range.last.line, range.last.col
        ));
        kauri_dom::json_string(json, text);
        json.push_str(",\"extract\":");
        kauri_dom::json_string(json, &extract.text);
        json.push_str(&format!(
            ",\"hiliteStart\":{hilite_start},\"hiliteLength\":{hilite_len},\"code\":\"{}\"}}",
            report.code
        ));
    };
    message(&report.range, &report.message, &report.extract);
    for unclosed in &report.unclosed {
        message(&unclosed.start_tag, &unclosed.message(), &unclosed.extract);
    }
}

/// A `file:` URL for a path (absolute when the current directory is known).
fn file_url(name: &str) -> String {
    let path = std::path::Path::new(name);
    let absolute = std::env::current_dir()
        .map(|dir| dir.join(path))
        .unwrap_or_else(|_| path.to_path_buf());
    format!("file://{}", absolute.display())
}
