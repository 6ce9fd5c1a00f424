//! Running `kauri parse`, `kauri select` and `kauri tokenize`.

use std::io::{self, BufWriter, Read, Write};

use kauri::{Document, ParseOptions};

use super::args::{Command, Format, ParseArgs, SelectArgs, TokenizeArgs};
use super::output_encoding::EncodingWriter;
use super::{Cli, Failure};

/// Runs a command; returns the exit status (0, or 1 when `check` found parse errors).
pub fn run(cli: Cli) -> Result<i32, Failure> {
    match cli.command {
        Command::Parse(args) => parse(args).map(|()| 0),
        Command::Select(args) => select(args).map(|()| 0),
        Command::Tokenize(args) => tokenize(args).map(|()| 0),
        Command::Batch(args) => super::batch::batch(args).map(|()| 0),
        Command::Check(args) => super::check::check(args),
        Command::Sanitize(args) => super::sanitize::sanitize(args).map(|()| 0),
    }
}

/// Reads the whole input: a file, or standard input for `-`.
pub(super) fn read_input(path: &str) -> Result<Vec<u8>, Failure> {
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
pub(super) fn to_stdout(
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), Failure> {
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
        writeln!(out, "{e}")?;
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
    /// The options, from the command's `ParseFlags`.
    opts: ParseOptions,
}

/// `kauri parse` with the streaming parser: the input is fed `chunk` bytes at a time (or, with
/// no chunk size, in the pieces standard input delivers). The CLI runs no scripts, so its
/// parser does not pause at them ([`kauri::Parser::new`]).
fn load_streaming(input: Input<'_>, chunk: Option<usize>) -> Result<Document, Failure> {
    check_label(&input.opts.encoding, "--encoding")?;
    check_label(&input.opts.transport_charset, "--transport-charset")?;
    let mut reader: Box<dyn Read> = if input.path == "-" {
        Box::new(io::stdin().lock())
    } else {
        let file = std::fs::File::open(input.path)
            .map_err(|e| Failure(format!("cannot read {}: {e}", input.path)))?;
        // Small chunks come out of a buffer, not one system call each.
        Box::new(io::BufReader::with_capacity(STDIN_PIECE, file))
    };
    let mut parser = kauri::Parser::new(input.opts.clone()).map_err(|e| Failure(e.to_string()))?;
    let mut buffer = vec![0; chunk.unwrap_or(STDIN_PIECE)];
    loop {
        let filled = match chunk {
            // Exactly `chunk` bytes per feed (fewer only at the end).
            Some(_) => fill(&mut reader, &mut buffer),
            None => read_some(&mut reader, &mut buffer),
        }
        .map_err(|e| Failure(format!("cannot read {}: {e}", input.path)))?;
        if filled == 0 {
            break;
        }
        parser
            .feed(&buffer[..filled])
            .map_err(|e| Failure(e.to_string()))?;
    }
    Ok(parser.finish())
}

/// The most standard input is read at once when streaming it without `--chunk-size`.
const STDIN_PIECE: usize = 64 * 1024;

/// Reads until `buffer` is full or the input ends; how many bytes were read.
fn fill(reader: &mut dyn Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// One read (retried when interrupted); 0 at the end of the input.
fn read_some(reader: &mut dyn Read, buffer: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buffer) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            result => return result,
        }
    }
}

/// Checks the options, reads the input and parses it (a document, or a fragment in a context).
fn load(input: Input<'_>) -> Result<Document, Failure> {
    check_label(&input.opts.encoding, "--encoding")?;
    check_label(&input.opts.transport_charset, "--transport-charset")?;
    let context = match input.fragment {
        Some(context) => Some(
            context
                .parse::<kauri::FragmentContext>()
                .map_err(|e| Failure(e.to_string()))?,
        ),
        None => None,
    };
    let bytes = read_input(input.path)?;
    let opts = input.opts;
    match &context {
        Some(context) => {
            let text = decode_text(&bytes, &opts.encoding);
            drop(bytes);
            let encoding =
                kauri_encoding::encoding_for_label(opts.encoding.as_deref().unwrap_or("utf-8"))
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
    let opts = args.parse.options();
    let (errors, locations) = (opts.errors, opts.locations);
    let input = Input {
        path: &args.input,
        fragment: args.fragment.as_deref(),
        opts,
    };
    let streamed = args.fragment.is_none() && (args.chunk_size.is_some() || args.input == "-");
    let doc = if streamed {
        load_streaming(input, args.chunk_size.map(|n| n as usize))?
    } else {
        load(input)?
    };
    // Errors of the html and text formats go to standard error, before the output.
    if errors
        && matches!(
            args.format,
            Format::Html | Format::Text | Format::TextContent
        )
    {
        let mut stderr = BufWriter::new(io::stderr().lock());
        let _ = write_errors(&mut stderr, &doc).and_then(|()| stderr.flush());
    }
    to_stdout(|out| match args.format {
        Format::Tree => {
            doc.write_test_tree_limited(&mut *out, TREE_INDENT_LIMIT)?;
            if errors {
                out.write_all(b"#errors\n")?;
                write_errors(out, &doc)?;
            }
            Ok(())
        }
        Format::Json => {
            doc.write_json(&mut *out, errors, locations)?;
            out.write_all(b"\n")
        }
        // Exactly the serialization, in the document's encoding (which its `<meta charset>`
        // declares), so that parsing the output again gives the same document.
        Format::Html => match kauri::Encoding::for_label(doc.encoding().as_bytes()) {
            Some(encoding) if encoding.output_encoding() != encoding_rs::UTF_8 => {
                let mut encoded = EncodingWriter::new(out, encoding);
                doc.write_html(&mut encoded)?;
                encoded.finish()
            }
            _ => doc.write_html(&mut *out),
        },
        Format::Text => {
            out.write_all(doc.readable_text().as_bytes())?;
            out.write_all(b"\n")
        }
        Format::TextContent => doc.write_text_content(out),
    })
}

/// The most levels `--format tree` indents (see `Document::write_test_tree_limited`).
const TREE_INDENT_LIMIT: usize = 16;

/// `kauri select` prints a match only when fewer than this many matches enclose it, so that
/// each input byte is printed at most this many times.
const NESTED_MATCHES_PRINTED: usize = 4;

/// `kauri select`: one record per match, each followed by a newline.
fn select(args: SelectArgs) -> Result<(), Failure> {
    // The selector is checked before the input is read, so a typo fails fast.
    let selector = kauri::Selector::parse(&args.selector)
        .map_err(|e| Failure(format!("invalid selector {:?}: {e}", args.selector)))?;
    let opts = args.parse.options();
    let (scripting, errors, locations) = (opts.scripting, opts.errors, opts.locations);
    let doc = load(Input {
        path: &args.input,
        fragment: args.fragment.as_deref(),
        opts,
    })?;
    if errors {
        let mut stderr = BufWriter::new(io::stderr().lock());
        let _ = write_errors(&mut stderr, &doc).and_then(|()| stderr.flush());
    }
    let options = kauri_dom::serialize::html::SerializeOptions { scripting };
    let end: &[u8] = if args.null { b"\0" } else { b"\n" };
    let mut record = String::new();
    let mut left_out = 0u64;
    to_stdout(|out| {
        // The matches in document order, and a walk beside them that counts the matches
        // enclosing each one (asking each element `matches` would look at its ancestors).
        let mut matches = doc.select(&selector).peekable();
        let mut path_matched: Vec<bool> = Vec::new();
        let mut enclosing = 0;
        for edge in doc.root().traverse() {
            if matches.peek().is_none() {
                break;
            }
            let element = match edge {
                kauri::Edge::Open(node) if node.as_element().is_some() => {
                    let matched = matches.peek().is_some_and(|m| m.same_node(node));
                    if matched {
                        matches.next();
                    }
                    path_matched.push(matched);
                    if !matched {
                        continue;
                    }
                    enclosing += 1;
                    if enclosing > NESTED_MATCHES_PRINTED {
                        left_out += 1;
                        continue;
                    }
                    node
                }
                kauri::Edge::Close(node) if node.as_element().is_some() => {
                    if path_matched.pop() == Some(true) {
                        enclosing -= 1;
                    }
                    continue;
                }
                _ => continue,
            };
            if args.json {
                record.clear();
                json_record(&mut record, element, &options, locations);
                out.write_all(record.as_bytes())?;
            } else if args.text {
                out.write_all(element.text_content().as_bytes())?;
            } else {
                kauri_dom::serialize::html::write_outer(element, &options, &mut *out)?;
            }
            out.write_all(end)?;
        }
        Ok(())
    })?;
    if left_out > 0 {
        eprintln!(
            "kauri select: {left_out} match{} inside {NESTED_MATCHES_PRINTED} enclosing matches \
             not printed (each is in the records of the matches around it)",
            if left_out == 1 { "" } else { "es" }
        );
    }
    Ok(())
}

/// `kauri select --json`: one match as a one-line JSON object (no raw newline can occur: every
/// string goes through [`kauri_dom::json_string`], which escapes control characters).
fn json_record(
    out: &mut String,
    element: &kauri::Node<'_>,
    options: &kauri_dom::serialize::html::SerializeOptions,
    locations: bool,
) {
    use kauri_dom::json_string;
    use std::fmt::Write as _;
    let Some(e) = element.as_element() else {
        return;
    };
    out.push_str("{\"namespace\":\"");
    out.push_str(e.namespace().short_name());
    out.push_str("\",\"name\":");
    json_string(out, e.name());
    out.push_str(",\"attributes\":");
    kauri_dom::json_attributes(out, e.attrs());
    out.push_str(",\"html\":");
    let mut html = String::new();
    kauri_dom::serialize::html::serialize_outer(element, options, &mut html);
    json_string(out, &html);
    out.push_str(",\"text\":");
    json_string(out, &element.text_content());
    if locations {
        for (key, span) in [
            ("span", element.span()),
            ("end_tag_span", element.end_tag_span()),
        ] {
            if let Some(span) = span {
                let _ = write!(
                    out,
                    ",\"{key}\":{{\"start\":{},\"end\":{}}}",
                    span.start, span.end
                );
            }
        }
    }
    out.push('}');
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
