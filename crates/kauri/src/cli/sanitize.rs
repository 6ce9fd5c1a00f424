//! `kauri sanitize`: the HTML standard's sanitizer on a fragment (`element.setHTML`), printing
//! the serialization of the result.

use std::io::Write;

use clap::Args;
use kauri::{FragmentContext, Sanitizer};

use super::run::{read_input, to_stdout};
use super::Failure;

pub const SANITIZE_HELP: &str = "\
Parses the input as the children of a --context element (default div), sanitizes it with the
HTML standard's sanitizer, and prints the serialization, with no newline after it. The output
parses back, in the same context, to exactly the tree that was serialized, so sanitizing it
again prints it unchanged.

Without --config the built-in safe default configuration applies. --config takes a
SanitizerConfig dictionary as JSON (inline, or a file holding it), as setHTML takes it:
comments, processing instructions and data-* attributes are dropped unless it keeps them.
Whatever the config says, script, iframe, object, embed, frame, SVG script and use, event
handler attributes (onclick, ...) and javascript: URLs are removed, unless --unsafe is given
(setHTMLUnsafe: the config applies as written; with no config nothing is removed).

Examples:
  kauri sanitize comment.html
  echo '<p onclick=x>Hi<script>x()</script>' | kauri sanitize
  kauri sanitize --config '{\"elements\": [\"p\", \"b\", {\"name\": \"a\", \"attributes\": [\"href\"]}]}' post.html
  kauri sanitize --config policy.json --context td cell.html

Exit status:
  0  success
  2  unreadable file, invalid config (one line saying what is wrong), invalid context or bad
     usage (one line on stderr)";

/// `kauri sanitize [FILE|-] [--config JSON-or-FILE] [--context TAG] [--unsafe]`.
#[derive(Args, Debug)]
pub struct SanitizeArgs {
    /// The HTML fragment to sanitize (`-` or nothing: standard input), read as UTF-8.
    #[arg(default_value = "-")]
    pub input: String,
    /// A SanitizerConfig as JSON, or a file holding it (a value starting with `{` or `"` is
    /// JSON). Default: the built-in safe default configuration.
    #[arg(long)]
    pub config: Option<String>,
    /// The context element: an HTML tag name, or `svg NAME` / `math NAME`. Default `div`.
    #[arg(long, default_value = "div")]
    pub context: String,
    /// setHTMLUnsafe: apply the config as written, without removing what runs script.
    #[arg(long = "unsafe")]
    pub unsafe_: bool,
}

/// The config's JSON text: the value itself, or the file it names.
fn config_text(value: &str) -> Result<String, Failure> {
    let trimmed = value.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('"') || trimmed == "null" {
        return Ok(value.to_owned());
    }
    std::fs::read_to_string(value).map_err(|e| {
        Failure(format!(
            "cannot read the config file {value}: {e} (or give the JSON itself)"
        ))
    })
}

pub fn sanitize(args: SanitizeArgs) -> Result<(), Failure> {
    let context: FragmentContext = args
        .context
        .parse()
        .map_err(|e: kauri::ContextError| Failure(e.to_string()))?;
    let sanitizer = match (&args.config, args.unsafe_) {
        (None, false) => Sanitizer::default(),
        // setHTMLUnsafe without a sanitizer keeps everything: the empty config, as
        // `new Sanitizer({})` reads it.
        (None, true) => Sanitizer::from_json("{}").map_err(|e| Failure(e.to_string()))?,
        (Some(value), unsafe_) => {
            let json = config_text(value)?;
            let parsed = if unsafe_ {
                Sanitizer::from_json(&json)
            } else {
                Sanitizer::from_json_for_safe_methods(&json)
            };
            parsed.map_err(|e| Failure(e.to_string()))?
        }
    };
    let bytes = read_input(&args.input)?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let html = String::from_utf8_lossy(bytes);
    let out = if args.unsafe_ {
        sanitizer.sanitize_unsafe_for(&html, context.name())
    } else {
        sanitizer.sanitize_for(&html, context.name())
    };
    to_stdout(|w: &mut dyn Write| w.write_all(out.as_bytes()))
}
