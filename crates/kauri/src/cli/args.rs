//! The command line's arguments (clap derive).

use clap::{Args, Parser, Subcommand, ValueEnum};
use kauri::ParseOptions;
use kauri_tokenizer::State;

/// What every command's exit status means (shown by `--help`).
pub const EXIT_CODES: &str = "\
Exit status:
  0  success (malformed HTML is never an error: it parses; a selector matching nothing is success)
  1  kauri check only: parse errors were found
  2  bad usage or input that is not HTML's fault: unknown option, unreadable file, unknown
     encoding label, invalid fragment context, invalid CSS selector (one line on stderr)";

/// Kauri: a spec-exact HTML parser.
#[derive(Parser, Debug)]
#[command(name = "kauri", version, about, long_about = None, after_help = EXIT_CODES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse a document (or a fragment) and print its tree.
    #[command(after_help = PARSE_HELP)]
    Parse(ParseArgs),
    /// Print the elements matching a CSS selector, one per line (outer HTML, or --text).
    #[command(after_help = SELECT_HELP)]
    Select(SelectArgs),
    /// Tokenize a document and print its tokens (html5lib tokenizer-test format).
    #[command(after_help = TOKENIZE_HELP)]
    Tokenize(TokenizeArgs),
    /// Parse many pages (files, directories, WARC files) in parallel; print one JSON line per
    /// page (source, encoding, title, links, readable text, error count, --select matches).
    #[command(after_help = super::batch::BATCH_HELP)]
    Batch(super::batch::BatchArgs),
    /// Report every parse error of pages (files, directories, standard input) with a worded
    /// message, source range and extract; exit status 1 when there are any.
    #[command(after_help = super::check::CHECK_HELP)]
    Check(super::check::CheckArgs),
    /// Sanitize an HTML fragment with the HTML standard's sanitizer (setHTML) and print it.
    #[command(after_help = super::sanitize::SANITIZE_HELP)]
    Sanitize(super::sanitize::SanitizeArgs),
}

const PARSE_HELP: &str = "\
Output: --format tree is the html5lib tree-construction dump, indenting each node two spaces
per level up to 16 levels; a deeper line is indented as level 16 and starts with its depth in
brackets (`[17] <div>`), so that every format grows linearly with the input, however deep the
document. --format text is the readable text (as `kauri batch` gives it: no head, script or
style; block elements on their own lines); --format text-content is the DOM's textContent of
the document (every Text node, as is). --format html writes exactly the
serialization, with no newline after it, in the document's encoding (the one its <meta charset>
declares; characters that encoding cannot represent become &#N; references), so piping it into
`kauri parse --format html` prints the same bytes again. The other formats are UTF-8.

Examples:
  kauri parse page.html
  kauri parse --format json --errors --locations page.html
  kauri parse --format html --max-depth 512 < soup.html
  kauri parse --fragment tr --format html row.html      (also: svg, math, 'svg path', 'math mi')
  curl -s https://example.org/ | kauri parse --transport-charset utf-8 --format text

Exit status:
  0  success (malformed HTML is never an error: it parses)
  2  unreadable file, unknown encoding label, invalid fragment context or bad usage (one line
     on stderr)";

const TOKENIZE_HELP: &str = "\
Examples:
  kauri tokenize page.html
  kauri tokenize --initial-state 'RCDATA state' --last-start-tag textarea < body.txt

Exit status:
  0  success
  2  unreadable file, unknown state or bad usage (one line on stderr)";

const SELECT_HELP: &str = "\
Output: one record per matching element, in document order, each followed by a newline (with
-0/--null: a NUL byte instead). A record is the element's outer HTML (which has no newline
unless the source had one inside the element) or, with --text, its text content (which may
contain newlines: use --null or --json to split records safely). With --json a record is one
JSON object on one line: {\"namespace\",\"name\",\"attributes\":[{\"namespace\",\"name\",
\"value\"}],\"html\" (outer HTML),\"text\"}, plus \"span\" and \"end_tag_span\" (byte offsets
into the decoded input, when known) with --locations. Template contents and shadow trees are
not searched, as in querySelectorAll. A match inside 4 other matches is not printed (it is part
of the records of the matches around it; stderr says how many were left out), so that each part
of the input is printed at most 4 times (nested matches all printed whole would make the output
quadratic in the input).

Selectors: CSS Selectors Level 4 as Servo's selectors crate parses them: type, class, id,
attribute ([a=v] [a~=v] [a|=v] [a^=v] [a$=v] [a*=v], i and s flags), combinators, :not() :is()
:where() :has(), :nth-child(An+B of S) and the other structural pseudo-classes, :link
:any-link :checked :disabled :enabled :required :optional :defined. Pseudo-elements are errors.

Examples:
  kauri select 'div.note > a[href]' page.html
  kauri select --text 'h1, h2' < page.html
  kauri select --fragment tr 'td:nth-child(2)' row.html
  kauri select --json --locations 'a[href]' page.html
  kauri select --text -0 p page.html | xargs -0 -n1 echo

Exit status:
  0  success, also when nothing matches
  2  invalid selector, unreadable file, unknown encoding label, invalid fragment context or
     bad usage (one line on stderr)";

/// `kauri parse`.
#[derive(Args, Debug)]
pub struct ParseArgs {
    /// The input file, or - for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub input: String,
    /// Output: the html5lib tree dump, JSON, the HTML serialization, or the text content.
    #[arg(long, value_enum, default_value_t = Format::Tree)]
    pub format: Format,
    /// Parse a fragment in this context element: `td`, `svg path`, `math mi`.
    #[arg(long, value_name = "CONTEXT")]
    pub fragment: Option<String>,
    #[command(flatten)]
    pub parse: ParseFlags,
    /// Feed the input to the streaming parser (kauri::Parser) N bytes at a time, as bytes
    /// arriving from a network would (for testing; the output does not depend on N). Standard
    /// input is always streamed, in the pieces it arrives in, unless this is given.
    #[arg(long, value_name = "N", conflicts_with = "fragment",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub chunk_size: Option<u32>,
}

/// `kauri select`.
#[derive(Args, Debug)]
pub struct SelectArgs {
    /// The CSS selector (a comma-separated list): `div.note > a[href]`.
    #[arg(value_name = "SELECTOR")]
    pub selector: String,
    /// The input file, or - for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub input: String,
    /// Print each match's text content instead of its outer HTML.
    #[arg(long, conflicts_with = "json")]
    pub text: bool,
    /// Print each match as one line of JSON: name, attributes, outer HTML and text.
    #[arg(long)]
    pub json: bool,
    /// End each record with a NUL byte instead of a newline.
    #[arg(short = '0', long = "null")]
    pub null: bool,
    /// Parse a fragment in this context element: `td`, `svg path`, `math mi`.
    #[arg(long, value_name = "CONTEXT")]
    pub fragment: Option<String>,
    #[command(flatten)]
    pub parse: ParseFlags,
}

/// The parse options of `kauri parse` and `kauri select`: one flag per field of
/// `kauri::ParseOptions`. Every default is `ParseOptions::default()`'s (the one table the README's
/// "Defaults" lists): the on/off flags show it in `--help`, and a flag left out leaves its
/// field at the default.
#[derive(Args, Debug)]
pub struct ParseFlags {
    /// The scripting flag (`noscript` content is raw text when on).
    #[arg(long, value_enum, default_value_t = OnOff::from(ParseOptions::default().scripting))]
    pub scripting: OnOff,
    /// Decode with this WHATWG encoding label (no sniffing; confidence certain). Only a byte
    /// order mark beats it, as in the standard's sniffing algorithm.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// The transport layer's charset label (as from a Content-Type header).
    #[arg(long, value_name = "LABEL")]
    pub transport_charset: Option<String>,
    /// Let the statistical detector guess UTF-8 for unlabelled bytes, as browsers do for local
    /// files (off: a browser's behaviour on network content).
    #[arg(long, value_enum, default_value_t = OnOff::from(ParseOptions::default().allow_utf8_guess))]
    pub utf8_guess: OnOff,
    /// Also print the parse errors (JSON: an "errors" member; tree: an #errors section;
    /// html and text, and `select`: on stderr).
    #[arg(long)]
    pub errors: bool,
    /// Record source locations (JSON: "span" and "end_tag_span" byte ranges per node).
    #[arg(long)]
    pub locations: bool,
    /// Parse as an iframe srcdoc document (never quirks mode from the DOCTYPE).
    #[arg(long)]
    pub iframe_srcdoc: bool,
    /// The parser's "allow declarative shadow roots" flag: `<template shadowrootmode>` attaches
    /// a shadow root to its parent. Default: on for documents, off for fragments (innerHTML).
    #[arg(long, value_enum, value_name = "on|off")]
    pub shadow_roots: Option<OnOff>,
    /// `<template for>` content patching with `<?start>`/`<?end>`/`<?marker>` (2026).
    #[arg(long, value_enum, default_value_t = OnOff::from(ParseOptions::default().template_for))]
    pub template_for: OnOff,
    /// Parse only the first N bytes of the input (an input-truncated error marks the cut).
    #[arg(long, value_name = "N")]
    pub max_input_bytes: Option<u64>,
    /// Keep at most N attributes per tag (a too-many-attributes error for each one dropped).
    #[arg(long, value_name = "N")]
    pub max_attributes: Option<u32>,
    /// Limit the tree's depth as Blink does with 512: content that would be deeper goes into
    /// the deepest allowed element instead (see ParseOptions::max_depth).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_depth: Option<u32>,
}

impl ParseFlags {
    /// The `kauri::ParseOptions` these flags give: `ParseOptions::default()` with each flag
    /// given in place of its field's default.
    pub fn options(&self) -> ParseOptions {
        let mut opts = ParseOptions {
            // clap fills these in with the table's defaults when they are not given.
            scripting: self.scripting.into(),
            allow_utf8_guess: self.utf8_guess.into(),
            template_for: self.template_for.into(),
            ..ParseOptions::default()
        };
        // Switches (given or not: they can only turn on, so their default must be off, which
        // `tests::every_field_has_a_flag_that_moves_it_off_its_default` checks) and values
        // (none when not given).
        opts.errors |= self.errors;
        opts.locations |= self.locations;
        opts.iframe_srcdoc |= self.iframe_srcdoc;
        if let Some(label) = &self.encoding {
            opts.encoding = Some(label.clone());
        }
        if let Some(label) = &self.transport_charset {
            opts.transport_charset = Some(label.clone());
        }
        if let Some(on) = self.shadow_roots {
            opts.declarative_shadow_roots = Some(on.into());
        }
        if let Some(n) = self.max_input_bytes {
            opts.max_input_bytes = Some(usize::try_from(n).unwrap_or(usize::MAX));
        }
        if let Some(n) = self.max_attributes {
            opts.max_attributes = Some(n as usize);
        }
        if let Some(n) = self.max_depth {
            opts.max_depth = Some(n as usize);
        }
        opts
    }
}

/// `kauri tokenize`.
#[derive(Args, Debug)]
pub struct TokenizeArgs {
    /// The input file, or - for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub input: String,
    /// Output format (JSON only).
    #[arg(long, value_enum, default_value_t = TokenFormat::Json)]
    pub format: TokenFormat,
    /// The state to start in: "Data state", "PLAINTEXT state", "RCDATA state",
    /// "RAWTEXT state", "Script data state" or "CDATA section state".
    #[arg(long, value_name = "STATE", value_parser = parse_state, default_value = "Data state")]
    pub initial_state: State,
    /// The tag name of the last start tag (for appropriate end tags in RCDATA and the like).
    #[arg(long, value_name = "NAME")]
    pub last_start_tag: Option<String>,
}

fn parse_state(name: &str) -> Result<State, String> {
    State::from_test_name(name).ok_or_else(|| {
        "expected one of \"Data state\", \"PLAINTEXT state\", \"RCDATA state\", \
         \"RAWTEXT state\", \"Script data state\", \"CDATA section state\""
            .to_owned()
    })
}

/// `kauri parse --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The html5lib tree-construction dump.
    Tree,
    /// One JSON object.
    Json,
    /// The HTML serialization.
    Html,
    /// The readable text (as `kauri batch` gives it).
    Text,
    /// The DOM's textContent: every Text node's data, as is.
    TextContent,
}

/// `kauri tokenize --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TokenFormat {
    /// `{"tokens":[...],"errors":[...]}`.
    Json,
}

/// `on` or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    /// Enabled.
    On,
    /// Disabled.
    Off,
}

impl From<bool> for OnOff {
    fn from(on: bool) -> OnOff {
        if on {
            OnOff::On
        } else {
            OnOff::Off
        }
    }
}

impl From<OnOff> for bool {
    fn from(on_off: OnOff) -> bool {
        on_off == OnOff::On
    }
}

#[cfg(test)]
mod tests {
    //! The CLI's defaults are `ParseOptions::default()`'s, field for field (the one table; the
    //! README's "Defaults"), and every field has a flag that moves it off its default.

    use super::{Cli, Command, ParseFlags};
    use clap::Parser;
    use kauri::ParseOptions;

    fn command(args: &[&str]) -> Command {
        let argv = std::iter::once("kauri").chain(args.iter().copied());
        Cli::try_parse_from(argv)
            .unwrap_or_else(|err| panic!("{args:?}: {err}"))
            .command
    }

    fn parse_flags(args: &[&str]) -> ParseFlags {
        let argv: Vec<&str> = std::iter::once("parse")
            .chain(args.iter().copied())
            .collect();
        match command(&argv) {
            Command::Parse(parse) => parse.parse,
            other => panic!("{other:?}"),
        }
    }

    fn on_off(on: bool) -> &'static str {
        if on {
            "on"
        } else {
            "off"
        }
    }

    #[test]
    fn no_flags_give_the_default_options() {
        assert_eq!(parse_flags(&[]).options(), ParseOptions::default());
        let Command::Select(select) = command(&["select", "p"]) else {
            panic!("not select")
        };
        assert_eq!(select.parse.options(), ParseOptions::default());
        let Command::Check(check) = command(&["check"]) else {
            panic!("not check")
        };
        assert_eq!(check.options(), ParseOptions::default());
        // `kauri batch` collects errors (each record counts them); the rest is the default.
        let Command::Batch(batch) = command(&["batch"]) else {
            panic!("not batch")
        };
        let expected = ParseOptions {
            errors: true,
            ..ParseOptions::default()
        };
        assert_eq!(batch.options(), expected);
    }

    #[test]
    fn every_field_has_a_flag_that_moves_it_off_its_default() {
        let d = ParseOptions::default();
        // Every field by name: a field added to ParseOptions does not compile here until it
        // has a flag and a case below.
        let ParseOptions {
            scripting,
            encoding: _,
            transport_charset: _,
            allow_utf8_guess,
            locations,
            iframe_srcdoc,
            max_input_bytes: _,
            max_attributes: _,
            max_depth: _,
            declarative_shadow_roots,
            template_for,
            errors,
        } = d.clone();
        let shadow_roots = !declarative_shadow_roots.unwrap_or(true);
        // The default options with one field changed.
        let with = |change: &dyn Fn(&mut ParseOptions)| {
            let mut opts = d.clone();
            change(&mut opts);
            opts
        };
        let cases = [
            (
                vec!["--scripting", on_off(!scripting)],
                with(&|o| o.scripting = !scripting),
            ),
            (
                vec!["--encoding", "koi8-r"],
                with(&|o| o.encoding = Some("koi8-r".into())),
            ),
            (
                vec!["--transport-charset", "shift_jis"],
                with(&|o| o.transport_charset = Some("shift_jis".into())),
            ),
            (
                vec!["--utf8-guess", on_off(!allow_utf8_guess)],
                with(&|o| o.allow_utf8_guess = !allow_utf8_guess),
            ),
            // The switches can only turn on: their defaults must be off.
            (vec!["--locations"], with(&|o| o.locations = !locations)),
            (
                vec!["--iframe-srcdoc"],
                with(&|o| o.iframe_srcdoc = !iframe_srcdoc),
            ),
            (vec!["--errors"], with(&|o| o.errors = !errors)),
            (
                vec!["--max-input-bytes", "7"],
                with(&|o| o.max_input_bytes = Some(7)),
            ),
            (
                vec!["--max-attributes", "3"],
                with(&|o| o.max_attributes = Some(3)),
            ),
            (vec!["--max-depth", "9"], with(&|o| o.max_depth = Some(9))),
            (
                vec!["--shadow-roots", on_off(shadow_roots)],
                with(&|o| o.declarative_shadow_roots = Some(shadow_roots)),
            ),
            (
                vec!["--template-for", on_off(!template_for)],
                with(&|o| o.template_for = !template_for),
            ),
        ];
        for (args, expected) in cases {
            assert_ne!(expected, d, "{args:?} gives the default");
            assert_eq!(parse_flags(&args).options(), expected, "{args:?}");
        }
    }

    /// A line of `--help` that starts a flag's entry (`      --scripting <SCRIPTING>`), not a
    /// possible value's (`          - on: Enabled`).
    fn is_flag_line(line: &str) -> bool {
        let text = line.trim_start();
        text.starts_with('-') && line.len() - text.len() <= 6
    }

    #[test]
    fn help_shows_the_defaults_of_the_table() {
        let d = ParseOptions::default();
        let help = match Cli::try_parse_from(["kauri", "parse", "--help"]) {
            Err(err) => err.to_string(),
            Ok(cli) => panic!("{cli:?}"),
        };
        for (flag, on) in [
            ("--scripting", d.scripting),
            ("--utf8-guess", d.allow_utf8_guess),
            ("--template-for", d.template_for),
        ] {
            // The flag's entry: its line and the lines up to the next flag's.
            let mut lines = help
                .lines()
                .skip_while(|line| !line.trim_start().starts_with(flag));
            let first = lines
                .next()
                .unwrap_or_else(|| panic!("{flag} not in {help}"));
            let entry: Vec<&str> = std::iter::once(first)
                .chain(lines.take_while(|line| !is_flag_line(line)))
                .collect();
            let shown = format!("[default: {}]", on_off(on));
            assert!(
                entry.iter().any(|line| line.trim() == shown),
                "{flag}: {shown} not in {entry:?}"
            );
        }
    }
}
