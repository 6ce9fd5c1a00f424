//! `kauri._kauri`: the native half of the `kauri` Python package (PyO3).
//!
//! Parsing runs with the interpreter detached (the GIL released), so threads parse in
//! parallel. A parsed [`Document`] owns its arena; every node object holds a strong reference
//! to its document and the node's address in that arena (see `node.rs`), so no node outlives
//! the tree it points into.

// Every unsafe block argues its soundness in a `// SAFETY:` comment (docs/architecture.md lists
// the sites and the tests that reach them), as in kauri-dom and kauri-tokenizer.
#![deny(clippy::undocumented_unsafe_blocks, unsafe_op_in_unsafe_fn)]

use pyo3::exceptions::{PyTypeError, PyValueError};

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};

mod check;
mod document;
mod edit;
mod node;
mod sanitize;
mod str_storage;
mod stream;
mod text;
mod transcode;

pub(crate) use text::text_of;

/// Rust allocations of the extension (the trees) go through mimalloc; Python's own objects do
/// not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use document::{Document, ParseError};
use node::{Comment, Doctype, Element, Node, ProcessingInstruction, Text};

pyo3::create_exception!(
    kauri,
    KauriError,
    PyValueError,
    "Base class of the errors Kauri raises for bad input (a ValueError)."
);
pyo3::create_exception!(
    kauri,
    EncodingError,
    KauriError,
    "An encoding label that names no encoding of the WHATWG Encoding standard."
);
pyo3::create_exception!(
    kauri,
    SelectorError,
    KauriError,
    "A CSS selector Kauri cannot parse."
);
pyo3::create_exception!(
    kauri,
    FragmentContextError,
    KauriError,
    "A fragment context that names no element (for example \"\" or \"a b\")."
);
pyo3::create_exception!(
    kauri,
    SanitizerConfigError,
    KauriError,
    "A sanitizer config that is not a valid SanitizerConfig (the standard's TypeError)."
);
pyo3::create_exception!(
    kauri,
    OptionError,
    KauriError,
    "An option value Kauri cannot use: max_depth=0 or negative, encoding= or \
     transport_charset= with str input or with a fragment context."
);
pyo3::create_exception!(
    kauri,
    ParserStateError,
    KauriError,
    "A kauri.Parser call its state refuses: input after close(), str after bytes, two threads \
     feeding one parser, or a parser an earlier failure broke."
);
pyo3::create_exception!(
    kauri,
    EditError,
    KauriError,
    "An edit the DOM would refuse (an invalid attribute name, for example)."
);

/// The one table of defaults, `kauri::ParseOptions::default()` (the README's "Defaults"): the
/// keyword arguments of `parse`, `parse_fragment`, `Parser` and `check` default to its fields
/// (pyo3 evaluates a signature's default expression for each argument left out), and
/// `default_options()` gives it to Python.
///
/// Each signature also states its defaults as text, in its `text_signature` (pyo3 shows a
/// default that is not a literal as `...`, and `inspect.signature` and `help()` read that text)
/// and in `python/kauri/_kauri.pyi`; `tests/test_defaults.py` checks both against
/// `default_options()`, and that leaving a keyword out is passing its default.
pub(crate) static DEFAULT: std::sync::LazyLock<kauri::ParseOptions> =
    std::sync::LazyLock::new(kauri::ParseOptions::default);

/// A count of the table (`max_depth`, the limits) as the keyword arguments take it.
pub(crate) fn count(n: Option<usize>) -> Option<i64> {
    n.map(|n| i64::try_from(n).unwrap_or(i64::MAX))
}

/// `kauri.default_options()`: every parse option's name and default, a new dict each call.
#[pyfunction]
fn default_options(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    // Every field by name: a field added to `ParseOptions` does not compile here until it is
    // given to Python.
    let kauri::ParseOptions {
        scripting,
        encoding,
        transport_charset,
        allow_utf8_guess,
        locations,
        iframe_srcdoc,
        max_input_bytes,
        max_attributes,
        max_depth,
        declarative_shadow_roots,
        template_for,
        errors,
    } = DEFAULT.clone();
    let dict = PyDict::new(py);
    dict.set_item("encoding", encoding)?;
    dict.set_item("transport_charset", transport_charset)?;
    dict.set_item("scripting", scripting)?;
    dict.set_item("errors", errors)?;
    dict.set_item("locations", locations)?;
    dict.set_item("declarative_shadow_roots", declarative_shadow_roots)?;
    dict.set_item("max_depth", max_depth)?;
    dict.set_item("template_for", template_for)?;
    dict.set_item("max_input_bytes", max_input_bytes)?;
    dict.set_item("max_attributes", max_attributes)?;
    dict.set_item("allow_utf8_guess", allow_utf8_guess)?;
    dict.set_item("iframe_srcdoc", iframe_srcdoc)?;
    Ok(dict)
}

/// The options shared by `parse` and `parse_fragment`, as Python passes them.
/// One keyword argument per field of `kauri::ParseOptions` (the README's "Defaults" table),
/// apart from the encodings, which only bytes take.
struct Flags {
    scripting: bool,
    errors: bool,
    locations: bool,
    declarative_shadow_roots: Option<bool>,
    max_depth: Option<usize>,
    template_for: bool,
    max_input_bytes: Option<usize>,
    max_attributes: Option<usize>,
    allow_utf8_guess: bool,
    iframe_srcdoc: bool,
}

impl Flags {
    fn options(&self) -> kauri::ParseOptions {
        kauri::ParseOptions {
            scripting: self.scripting,
            allow_utf8_guess: self.allow_utf8_guess,
            locations: self.locations,
            iframe_srcdoc: self.iframe_srcdoc,
            max_input_bytes: self.max_input_bytes,
            max_attributes: self.max_attributes,
            max_depth: self.max_depth,
            declarative_shadow_roots: self.declarative_shadow_roots,
            template_for: self.template_for,
            // Errors are collected only when asked for (no line/column work otherwise).
            errors: self.errors,
            // The encodings, which only bytes take, are the caller's to set.
            ..kauri::ParseOptions::default()
        }
    }
}

/// A resource limit given as a count (`max_input_bytes=`, `max_attributes=`), or `OptionError`
/// for a negative one.
pub(crate) fn limit(name: &str, value: Option<i64>) -> PyResult<Option<usize>> {
    match value {
        None => Ok(None),
        Some(n) if n >= 0 => Ok(Some(usize::try_from(n).unwrap_or(usize::MAX))),
        Some(n) => Err(OptionError::new_err(format!(
            "{name}={n}: give a count of at least 0, or None for no limit"
        ))),
    }
}

/// Checks that `label` names an encoding, for a clear error before parsing.
pub(crate) fn check_label(argument: &str, label: &Option<String>) -> PyResult<()> {
    match label {
        Some(label) if kauri::Encoding::for_label(label.trim().as_bytes()).is_none() => {
            Err(EncodingError::new_err(format!(
                "{argument}={label:?} is not an encoding label of the WHATWG Encoding standard \
                 (try \"utf-8\", \"windows-1252\", \"shift_jis\", ...)"
            )))
        }
        _ => Ok(()),
    }
}

pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_owned())
}

/// Parses a document from `str` (already decoded) or `bytes` (decoded after the standard's
/// encoding sniffing).
#[pyfunction]
#[pyo3(signature = (html, /, *, encoding=DEFAULT.encoding.clone(),
                    transport_charset=DEFAULT.transport_charset.clone(),
                    scripting=DEFAULT.scripting, errors=DEFAULT.errors,
                    locations=DEFAULT.locations,
                    declarative_shadow_roots=DEFAULT.declarative_shadow_roots,
                    max_depth=count(DEFAULT.max_depth), url=None,
                    template_for=DEFAULT.template_for,
                    max_input_bytes=count(DEFAULT.max_input_bytes),
                    max_attributes=count(DEFAULT.max_attributes),
                    allow_utf8_guess=DEFAULT.allow_utf8_guess,
                    iframe_srcdoc=DEFAULT.iframe_srcdoc),
       text_signature = "(html, /, *, encoding=None, transport_charset=None, scripting=True, \
                         errors=False, locations=False, declarative_shadow_roots=None, \
                         max_depth=None, url=None, template_for=True, max_input_bytes=None, \
                         max_attributes=None, allow_utf8_guess=True, iframe_srcdoc=False)")]
#[allow(clippy::too_many_arguments)]
fn parse(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    encoding: Option<String>,
    transport_charset: Option<String>,
    scripting: bool,
    errors: bool,
    locations: bool,
    declarative_shadow_roots: Option<bool>,
    max_depth: Option<i64>,
    url: Option<&Bound<'_, PyAny>>,
    template_for: bool,
    max_input_bytes: Option<i64>,
    max_attributes: Option<i64>,
    allow_utf8_guess: bool,
    iframe_srcdoc: bool,
) -> PyResult<Py<Document>> {
    let url = document_url(url)?;
    let doc = parse_document(
        py,
        html,
        encoding,
        transport_charset,
        Flags {
            scripting,
            errors,
            locations,
            declarative_shadow_roots,
            max_depth: crate::max_depth(max_depth)?,
            template_for,
            max_input_bytes: limit("max_input_bytes", max_input_bytes)?,
            max_attributes: limit("max_attributes", max_attributes)?,
            allow_utf8_guess,
            iframe_srcdoc,
        },
    )?;
    doc.bind(py).borrow_mut().url = url;
    Ok(doc)
}

/// `url=`: an absolute URL, or `OptionError` saying what to pass.
fn document_url(url: Option<&Bound<'_, PyAny>>) -> PyResult<Option<kauri::Url>> {
    let Some(url) = url.filter(|u| !u.is_none()) else {
        return Ok(None);
    };
    let text = node::str_argument("url", url)?;
    kauri::Url::parse(&text).map(Some).map_err(|err| {
        OptionError::new_err(format!(
            "url={text:?} is not an absolute URL ({err}): pass the page's address, such as \
             \"https://example.com/page.html\""
        ))
    })
}

/// `parse` once its options are checked.
fn parse_document(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    encoding: Option<String>,
    transport_charset: Option<String>,
    flags: Flags,
) -> PyResult<Py<Document>> {
    let mut opts = flags.options();
    if let Ok(text) = html.cast::<PyString>() {
        if encoding.is_some() || transport_charset.is_some() {
            return Err(OptionError::new_err(
                "encoding= and transport_charset= apply to bytes; a str is already decoded \
                 (pass bytes, or leave them out)",
            ));
        }
        let locations = flags.locations;
        let (doc, source) = text::with_text(py, text, |text| {
            let doc = kauri::parse_with_options(text, &opts);
            (doc, locations.then(|| kauri::SourceText::from_text(text)))
        })?;
        let doc = Document::new_py(py, doc, None, flags.errors)?;
        doc.bind(py).borrow_mut().set_source(source);
        return Ok(doc);
    }
    check_label("encoding", &encoding)?;
    check_label("transport_charset", &transport_charset)?;
    opts.encoding = encoding;
    opts.transport_charset = transport_charset;
    // With locations, the source text (the bytes decoded again, with the way back to their
    // offsets) is made after the parse, detached too.
    let locations = flags.locations;
    let parse_bytes = |bytes: &[u8]| {
        let doc = kauri::parse_bytes_with_options(bytes, &opts)?;
        let source = locations.then(|| kauri::SourceText::from_bytes(bytes, &doc));
        Ok((doc, source))
    };
    let parsed: Result<_, kauri::UnknownLabel> = if let Ok(bytes) = html.cast::<PyBytes>() {
        let bytes: &[u8] = bytes.as_bytes();
        py.detach(|| parse_bytes(bytes))
    } else if let Ok(array) = html.cast::<PyByteArray>() {
        // A bytearray can change while the interpreter is detached: parse a copy.
        let bytes = array.to_vec();
        if locations {
            py.detach(|| parse_bytes(&bytes))
        } else {
            py.detach(|| kauri::parse_owned_bytes(bytes, &opts).map(|doc| (doc, None)))
        }
    } else {
        return Err(PyTypeError::new_err(format!(
            "parse() takes str or bytes, not {}",
            type_name(html)
        )));
    };
    let (doc, source) = parsed.map_err(|err| EncodingError::new_err(err.to_string()))?;
    let name = doc.encoding();
    let doc = Document::new_py(py, doc, Some(name), flags.errors)?;
    doc.bind(py).borrow_mut().set_source(source);
    Ok(doc)
}

/// `max_depth=` as the parser takes it, or `OptionError` for 0 and negative values.
pub(crate) fn max_depth(max_depth: Option<i64>) -> PyResult<Option<usize>> {
    match max_depth {
        None => Ok(None),
        Some(depth) if depth >= 1 => Ok(Some(usize::try_from(depth).unwrap_or(usize::MAX))),
        Some(depth) => Err(OptionError::new_err(format!(
            "max_depth={depth}: give the deepest element nesting to build, at least 1 (512, \
             say), or None for no limit"
        ))),
    }
}

/// Parses a fragment with the standard's fragment parsing algorithm (what `innerHTML` does)
/// in the context element `context` (`"td"`, `"svg path"`, `"math mi"`).
#[pyfunction]
#[pyo3(signature = (html, /, context=None, *, scripting=DEFAULT.scripting,
                    errors=DEFAULT.errors, locations=DEFAULT.locations,
                    declarative_shadow_roots=DEFAULT.declarative_shadow_roots,
                    max_depth=count(DEFAULT.max_depth), template_for=DEFAULT.template_for,
                    max_input_bytes=count(DEFAULT.max_input_bytes),
                    max_attributes=count(DEFAULT.max_attributes)),
       text_signature = "(html, /, context=None, *, scripting=True, errors=False, \
                         locations=False, declarative_shadow_roots=None, max_depth=None, \
                         template_for=True, max_input_bytes=None, max_attributes=None)")]
#[allow(clippy::too_many_arguments)]
fn parse_fragment(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    context: Option<&Bound<'_, PyAny>>,
    scripting: bool,
    errors: bool,
    locations: bool,
    declarative_shadow_roots: Option<bool>,
    max_depth: Option<i64>,
    template_for: bool,
    max_input_bytes: Option<i64>,
    max_attributes: Option<i64>,
) -> PyResult<Py<Document>> {
    let Ok(text) = html.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "parse_fragment() takes the fragment as str, not {}",
            type_name(html)
        )));
    };
    let context = match context {
        Some(context) => context.clone(),
        None => PyString::new(py, "body").into_any(),
    };
    let Ok(context) = context.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "parse_fragment() takes the context as str (a tag name such as \"td\"), not {}",
            type_name(&context)
        )));
    };
    let max_depth = crate::max_depth(max_depth)?;
    let flags = Flags {
        scripting,
        errors,
        locations,
        declarative_shadow_roots,
        max_depth,
        template_for,
        max_input_bytes: limit("max_input_bytes", max_input_bytes)?,
        max_attributes: limit("max_attributes", max_attributes)?,
        // Document-only fields: a fragment is never an iframe srcdoc document, and its text
        // is already decoded.
        allow_utf8_guess: DEFAULT.allow_utf8_guess,
        iframe_srcdoc: DEFAULT.iframe_srcdoc,
    };
    let opts = flags.options();
    let context = context.to_string_lossy();
    let context: kauri::FragmentContext = context
        .parse()
        .map_err(|err: kauri::ContextError| FragmentContextError::new_err(err.to_string()))?;
    let locations = flags.locations;
    let (doc, source) = text::with_text(py, text, |text| {
        let doc =
            kauri::Document::build(|arena| kauri::parse_fragment_in(arena, text, &context, &opts))
                .with_scripting(opts.scripting);
        (doc, locations.then(|| kauri::SourceText::from_text(text)))
    })?;
    let doc = Document::new_py(py, doc, None, flags.errors)?;
    doc.bind(py).borrow_mut().set_source(source);
    Ok(doc)
}

/// The module `kauri._kauri`; `kauri/__init__.py` re-exports it.
#[pymodule]
fn _kauri(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    str_storage::init(py);
    m.add("_STR_IN_PLACE", str_storage::in_place())?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(parse_fragment, m)?)?;
    m.add_function(wrap_pyfunction!(default_options, m)?)?;
    m.add_function(wrap_pyfunction!(check::check, m)?)?;
    m.add_class::<check::CheckReport>()?;
    m.add_class::<Document>()?;
    m.add_class::<stream::Parser>()?;
    m.add_class::<ParseError>()?;
    m.add_class::<document::Location>()?;
    m.add_class::<Node>()?;
    m.add_class::<Element>()?;
    m.add_class::<Text>()?;
    m.add_class::<Comment>()?;
    m.add_class::<Doctype>()?;
    m.add_class::<ProcessingInstruction>()?;
    m.add("KauriError", py.get_type::<KauriError>())?;
    m.add("EncodingError", py.get_type::<EncodingError>())?;
    m.add("SelectorError", py.get_type::<SelectorError>())?;
    m.add(
        "FragmentContextError",
        py.get_type::<FragmentContextError>(),
    )?;
    m.add("EditError", py.get_type::<EditError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("ParserStateError", py.get_type::<ParserStateError>())?;
    m.add_function(wrap_pyfunction!(sanitize::sanitize, m)?)?;
    m.add_class::<sanitize::Sanitizer>()?;
    m.add(
        "SanitizerConfigError",
        py.get_type::<SanitizerConfigError>(),
    )?;
    Ok(())
}
