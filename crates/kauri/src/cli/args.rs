//! The command line's arguments (clap derive).

use clap::{Args, Parser, Subcommand, ValueEnum};
use kauri_tokenizer::State;

/// Kauri: a spec-exact HTML parser.
#[derive(Parser, Debug)]
#[command(name = "kauri", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse a document (or a fragment) and print its tree.
    Parse(ParseArgs),
    /// Tokenize a document and print its tokens (html5lib tokenizer-test format).
    Tokenize(TokenizeArgs),
}

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
    /// The scripting flag.
    #[arg(long, value_enum, default_value_t = OnOff::On)]
    pub scripting: OnOff,
    /// Decode with this WHATWG encoding label (no sniffing; confidence certain). Only a byte
    /// order mark beats it, as in the standard's sniffing algorithm.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// The transport layer's charset label (as from a Content-Type header).
    #[arg(long, value_name = "LABEL")]
    pub transport_charset: Option<String>,
    /// Also print the parse errors (JSON: an "errors" member; tree: an #errors section;
    /// html and text: on stderr).
    #[arg(long)]
    pub errors: bool,
    /// Record source locations (JSON: "span" and "end_tag_span" byte ranges per node).
    #[arg(long)]
    pub locations: bool,
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
    /// The text content.
    Text,
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
