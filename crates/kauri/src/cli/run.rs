//! Running `kauri parse` and `kauri tokenize`.

use std::fmt::Write as _;
use std::io::{Read, Write};

use kauri::{Document, ParseOptions};

use super::args::{Command, Format, OnOff, ParseArgs, TokenizeArgs};
use super::{Cli, Failure};

pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Parse(args) => parse(args),
        Command::Tokenize(args) => tokenize(args),
    }
}

/// Reads the whole input: a file, or standard input for `-`.
fn read_input(path: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure(format!("cannot read standard input: {e}")))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| Failure(format!("cannot read {path}: {e}")))?;
    }
    Ok(bytes)
}

/// Writes `out` to standard output (a closed pipe is not an error).
fn print(out: &str) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure(format!("cannot write the output: {e}"))),
    }
}

fn check_label(label: &Option<String>, option: &str) -> Result<(), Failure> {
    match label {
        Some(label) if kauri_encoding::encoding_for_label(label).is_none() => Err(Failure(
            format!("unknown encoding label {label:?} for {option}"),
        )),
        _ => Ok(()),
    }
}

/// Text for the fragment parser and the tokenizer: decoded with `label` when given, else as
/// UTF-8 (a UTF-8 BOM is dropped, invalid bytes become U+FFFD).
fn decode_text(bytes: &[u8], label: &Option<String>) -> String {
    let encoding = label
        .as_deref()
        .and_then(kauri_encoding::encoding_for_label)
        .unwrap_or(encoding_rs_utf8());
    encoding.decode_with_bom_removal(bytes).0.into_owned()
}

fn encoding_rs_utf8() -> &'static kauri_encoding::Encoding {
    kauri_encoding::Encoding::for_label(b"utf-8").expect("UTF-8 is a label")
}

fn parse(args: ParseArgs) -> Result<(), Failure> {
    check_label(&args.encoding, "--encoding")?;
    check_label(&args.transport_charset, "--transport-charset")?;
    let context = match &args.fragment {
        Some(context) => Some(
            context
                .parse::<kauri::FragmentContext>()
                .map_err(|e| Failure(e.to_string()))?,
        ),
        None => None,
    };
    let bytes = read_input(&args.input)?;
    let opts = ParseOptions {
        scripting: args.scripting == OnOff::On,
        encoding: args.encoding.clone(),
        transport_charset: args.transport_charset.clone(),
        // A file on disk: let the detector guess UTF-8, as browsers do for local files.
        allow_utf8_guess: true,
        locations: args.locations,
        iframe_srcdoc: false,
    };
    let doc = match &context {
        Some(context) => {
            let text = decode_text(&bytes, &args.encoding);
            let encoding =
                kauri_encoding::encoding_for_label(args.encoding.as_deref().unwrap_or("utf-8"))
                    .unwrap_or(encoding_rs_utf8());
            Document::build(|arena| kauri::parse_fragment_in(arena, &text, context, &opts))
                .with_encoding(encoding.name())
                .with_scripting(opts.scripting)
        }
        None => {
            kauri::parse_bytes_with_options(&bytes, &opts).map_err(|e| Failure(e.to_string()))?
        }
    };
    let mut out = match args.format {
        Format::Tree => doc.to_test_tree(),
        Format::Json => {
            let mut json = doc.to_json_with(args.errors, args.locations);
            json.push('\n');
            json
        }
        Format::Html => {
            let mut html = doc.to_html();
            html.push('\n');
            html
        }
        Format::Text => doc.text_content(),
    };
    if args.errors {
        match args.format {
            Format::Tree => {
                out.push_str("#errors\n");
                for e in doc.errors() {
                    let _ = writeln!(out, "({},{}): {}", e.line, e.col, e.code);
                }
            }
            Format::Json => {}
            Format::Html | Format::Text => {
                let mut err = String::new();
                for e in doc.errors() {
                    let _ = writeln!(err, "({},{}): {}", e.line, e.col, e.code);
                }
                let _ = std::io::stderr().write_all(err.as_bytes());
            }
        }
    }
    print(&out)
}

fn tokenize(args: TokenizeArgs) -> Result<(), Failure> {
    let bytes = read_input(&args.input)?;
    let text = decode_text(&bytes, &None);
    let mut json =
        kauri::tokenize::to_json(&text, args.initial_state, args.last_start_tag.as_deref());
    json.push('\n');
    print(&json)
}
