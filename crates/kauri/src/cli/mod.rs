//! The `kauri` command line.
//!
//! ```text
//! kauri parse [FILE|-] [--format tree|json|html|text] [--fragment CONTEXT] [--scripting on|off]
//!             [--encoding LABEL] [--transport-charset LABEL] [--errors] [--locations]
//!             [--max-depth N] [--shadow-roots on|off] [--template-for on|off]
//! kauri select SELECTOR [FILE|-] [--text | --json [--locations]] [-0|--null] [--fragment CONTEXT]
//!              [--encoding LABEL] [--scripting on|off] [--max-depth N]
//! kauri tokenize [FILE|-] --format json [--initial-state STATE] [--last-start-tag NAME]
//! kauri batch [INPUT...] [--list FILE] [--jobs N] [--select SELECTOR] [--output FILE]
//!             [--scripting on|off] [--quiet]
//! kauri check [FILES|DIRS|-] [--format text|gnu|json] [--max-errors N] [--encoding LABEL]
//!             [--scripting on|off]
//! kauri sanitize [FILE|-] [--config JSON-or-FILE] [--context TAG] [--unsafe]
//! ```
//!
//! Exit status 0 on success (malformed HTML always parses; `check`: 1 when it found parse
//! errors), 2 for bad usage or input that is
//! not HTML's fault (an unreadable file, an unknown encoding label, an invalid fragment
//! context, an invalid CSS selector, an invalid sanitizer config), with one line on stderr.

mod args;
mod batch;
mod check;
mod output_encoding;
mod run;
mod sanitize;
mod warc;

use std::io::Write;

use clap::Parser;

pub use args::Cli;

/// A failure to report: one line on stderr and exit status 2.
pub struct Failure(pub String);

/// Runs the command line; returns the exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return report_clap_error(err),
    };
    let result = run::run(cli);
    match result {
        Ok(status) => status,
        Err(Failure(message)) => {
            let _ = writeln!(std::io::stderr(), "kauri: {message}");
            2
        }
    }
}

/// Help and version go to stdout with status 0; every other argument error is one line on
/// stderr with status 2.
fn report_clap_error(err: clap::Error) -> i32 {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = write!(std::io::stdout(), "{err}");
            0
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            let _ = writeln!(
                std::io::stderr(),
                "kauri: a command is required: parse, select, tokenize, batch, check or sanitize (see kauri --help)"
            );
            2
        }
        _ => {
            let rendered = err.to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            let _ = writeln!(std::io::stderr(), "kauri: {first}");
            2
        }
    }
}
