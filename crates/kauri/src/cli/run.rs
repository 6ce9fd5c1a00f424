//! Running `kauri parse`, `kauri select` and `kauri tokenize`.

use std::io::{self, BufWriter, Read, Write};

use kauri::{Document, ParseOptions};

use super::args::{Command, Format, OnOff, ParseArgs, SelectArgs, TokenizeArgs};
use super::{Cli, Failure};

pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Parse(args) => parse(args),
        Command::Select(args) => select(args),
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

/// Runs `write` on buffered standard output and flushes it (a closed pipe is not an error).
/// Output goes out as it is produced, so it is never held in memory whole.
fn to_stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
    let mut stdout = BufWriter::with_capacity(OUTPUT_BUFFER, io::stdout().lock());
    match write(&mut stdout).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure(format!("cannot write the output: {e}"))),
    }
}

/// The size of the standard output buffer.
const OUTPUT_BUFFER: usize = 64 * 1024;

/// One `(line,col): code` line per parse error.
fn write_errors(out: &mut dyn Write, doc: &Document) -> io::Result<()> {
    for e in doc.errors() {
        writeln!(out, "({},{}): {}", e.line, e.col, e.code)?;
    }
    Ok(())
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

/// What reading a document needs (shared by `parse` and `select`).
struct Input<'a> {
    path: &'a str,
    fragment: Option<&'a str>,
    encoding: Option<String>,
    transport_charset: Option<String>,
    scripting: bool,
    locations: bool,
    shadow_roots: Option<bool>,
    template_for: bool,
}

/// Checks the options, reads the input and parses it (a document, or a fragment in a context).
fn load(input: Input<'_>) -> Result<Document, Failure> {
    check_label(&input.encoding, "--encoding")?;
    check_label(&input.transport_charset, "--transport-charset")?;
    let context = match input.fragment {
        Some(context) => Some(
            context
                .parse::<kauri::FragmentContext>()
                .map_err(|e| Failure(e.to_string()))?,
        ),
        None => None,
    };
    let bytes = read_input(input.path)?;
    let opts = ParseOptions {
        scripting: input.scripting,
        encoding: input.encoding.clone(),
        transport_charset: input.transport_charset,
        // A file on disk: let the detector guess UTF-8, as browsers do for local files.
        allow_utf8_guess: true,
        locations: input.locations,
        iframe_srcdoc: false,
        declarative_shadow_roots: input.shadow_roots,
        template_for: input.template_for,
        ..ParseOptions::default()
    };
    match &context {
        Some(context) => {
            let text = decode_text(&bytes, &input.encoding);
            drop(bytes);
            let encoding =
                kauri_encoding::encoding_for_label(input.encoding.as_deref().unwrap_or("utf-8"))
                    .unwrap_or(encoding_rs_utf8());
            Ok(
                Document::build(|arena| kauri::parse_fragment_in(arena, &text, context, &opts))
                    .with_encoding(encoding.name())
                    .with_scripting(opts.scripting),
            )
        }
        // The bytes move into the parser: UTF-8 input becomes the text without a copy.
        None => kauri::parse_owned_bytes(bytes, &opts).map_err(|e| Failure(e.to_string())),
    }
}

fn parse(args: ParseArgs) -> Result<(), Failure> {
    let doc = load(Input {
        path: &args.input,
        fragment: args.fragment.as_deref(),
        encoding: args.encoding.clone(),
        transport_charset: args.transport_charset.clone(),
        scripting: args.scripting == OnOff::On,
        locations: args.locations,
        shadow_roots: args.shadow_roots.map(|s| s == OnOff::On),
        template_for: args.template_for == OnOff::On,
    })?;
    // Errors of the html and text formats go to standard error, before the output.
    if args.errors && matches!(args.format, Format::Html | Format::Text) {
        let mut stderr = BufWriter::new(io::stderr().lock());
        let _ = write_errors(&mut stderr, &doc).and_then(|()| stderr.flush());
    }
    to_stdout(|out| match args.format {
        Format::Tree => {
            doc.write_test_tree(&mut *out)?;
            if args.errors {
                out.write_all(b"#errors\n")?;
                write_errors(out, &doc)?;
            }
            Ok(())
        }
        Format::Json => {
            doc.write_json(&mut *out, args.errors, args.locations)?;
            out.write_all(b"\n")
        }
        Format::Html => {
            doc.write_html(&mut *out)?;
            out.write_all(b"\n")
        }
        Format::Text => doc.write_text_content(out),
    })
}

/// `kauri select`: one record per match, each followed by a newline.
fn select(args: SelectArgs) -> Result<(), Failure> {
    // The selector is checked before the input is read, so a typo fails fast.
    let selector = kauri::Selector::parse(&args.selector)
        .map_err(|e| Failure(format!("invalid selector {:?}: {e}", args.selector)))?;
    let scripting = args.scripting == OnOff::On;
    let doc = load(Input {
        path: &args.input,
        fragment: args.fragment.as_deref(),
        encoding: args.encoding.clone(),
        transport_charset: None,
        scripting,
        locations: false,
        shadow_roots: None,
        template_for: true,
    })?;
    let options = kauri_dom::serialize::html::SerializeOptions { scripting };
    to_stdout(|out| {
        for element in doc.select(&selector) {
            if args.text {
                out.write_all(element.text_content().as_bytes())?;
            } else {
                kauri_dom::serialize::html::write_outer(element, &options, &mut *out)?;
            }
            out.write_all(b"\n")?;
        }
        Ok(())
    })
}

fn tokenize(args: TokenizeArgs) -> Result<(), Failure> {
    let bytes = read_input(&args.input)?;
    let text = decode_text(&bytes, &None);
    drop(bytes);
    let json = kauri::tokenize::to_json(&text, args.initial_state, args.last_start_tag.as_deref());
    drop(text);
    to_stdout(|out| {
        out.write_all(json.as_bytes())?;
        out.write_all(b"\n")
    })
}
