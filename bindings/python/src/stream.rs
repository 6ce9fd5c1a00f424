//! `kauri.Parser`: the streaming parser, for pages read in pieces (an httpx or aiohttp
//! response body, a socket): `feed` each piece as it arrives, then `close` for the Document.
//! Each `feed` parses with the interpreter detached (the GIL released).

use std::sync::{Mutex, MutexGuard, TryLockError};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::document::Document;
use crate::{
    check_label, count, text_of, type_name, EncodingError, Flags, FragmentContextError,
    OptionError, ParserStateError, DEFAULT,
};

/// A streaming parser: the same Document as `kauri.parse` of the whole input (or, with
/// `context`, as `kauri.parse_fragment`), however it is split. It never pauses at scripts.
#[pyclass(module = "kauri")]
pub struct Parser {
    /// The Rust parser and its input kind, behind a lock: Python objects may be shared
    /// between threads (free-threaded Python too), and a parser is fed by one at a time.
    state: Mutex<State>,
    keep_errors: bool,
    /// `encoding=` or `transport_charset=` was given: the input must be bytes.
    labels: bool,
    /// A fragment parser (`context=`).
    fragment: bool,
}

struct State {
    /// `None` once closed.
    parser: Option<kauri::Parser>,
    /// Whether the input is bytes (the document then reports its encoding); `None` before
    /// the first piece.
    bytes: Option<bool>,
    /// With `locations=True`: the input so far (a str's as UTF-8), for the source locations
    /// the document gives once closed (see `kauri::SourceText`).
    input: Option<Vec<u8>>,
}

impl Parser {
    /// The state. Never waits: a thread waiting here would hold the GIL that the thread
    /// parsing (detached) needs back to return.
    fn lock(&self) -> PyResult<MutexGuard<'_, State>> {
        self.state.try_lock().map_err(|err| match err {
            TryLockError::WouldBlock => ParserStateError::new_err(
                "another thread is feeding this parser: feed one parser from one thread at a time",
            ),
            TryLockError::Poisoned(_) => ParserStateError::new_err(
                "an earlier call failed inside the parser: make a new kauri.Parser",
            ),
        })
    }

    /// The state, for a piece of input of the kind `bytes` (str or bytes, which cannot
    /// change).
    fn state(&self, bytes: bool) -> PyResult<MutexGuard<'_, State>> {
        if self.labels && !bytes {
            return Err(OptionError::new_err(
                "encoding= and transport_charset= apply to bytes; a str is already decoded \
                 (feed bytes, or leave them out)",
            ));
        }
        let mut state = self.lock()?;
        match state.bytes {
            Some(was) if was != bytes => {
                return Err(ParserStateError::new_err(
                    "feed() takes either str or bytes for one parser, not both: decode the bytes \
                     first, or feed only bytes",
                ))
            }
            _ => state.bytes = Some(bytes),
        }
        if state.parser.is_none() {
            return Err(closed());
        }
        Ok(state)
    }
}

fn closed() -> PyErr {
    ParserStateError::new_err("the parser is closed: make a new kauri.Parser for more input")
}

fn stream_error(err: kauri::StreamError) -> PyErr {
    ParserStateError::new_err(err.to_string())
}

#[pymethods]
impl Parser {
    #[new]
    #[pyo3(signature = (*, context=None, encoding=DEFAULT.encoding.clone(),
                        transport_charset=DEFAULT.transport_charset.clone(),
                        scripting=DEFAULT.scripting, errors=DEFAULT.errors,
                        locations=DEFAULT.locations,
                        declarative_shadow_roots=DEFAULT.declarative_shadow_roots,
                        max_depth=count(DEFAULT.max_depth), template_for=DEFAULT.template_for,
                        max_input_bytes=count(DEFAULT.max_input_bytes),
                        max_attributes=count(DEFAULT.max_attributes),
                        allow_utf8_guess=DEFAULT.allow_utf8_guess,
                        iframe_srcdoc=DEFAULT.iframe_srcdoc),
           text_signature = "(*, context=None, encoding=None, transport_charset=None, \
                             scripting=True, errors=False, locations=False, \
                             declarative_shadow_roots=None, max_depth=None, template_for=True, \
                             max_input_bytes=None, max_attributes=None, allow_utf8_guess=True, \
                             iframe_srcdoc=False)")]
    #[allow(clippy::too_many_arguments)]
    fn new(
        context: Option<String>,
        encoding: Option<String>,
        transport_charset: Option<String>,
        scripting: bool,
        errors: bool,
        locations: bool,
        declarative_shadow_roots: Option<bool>,
        max_depth: Option<i64>,
        template_for: bool,
        max_input_bytes: Option<i64>,
        max_attributes: Option<i64>,
        allow_utf8_guess: bool,
        iframe_srcdoc: bool,
    ) -> PyResult<Parser> {
        check_label("encoding", &encoding)?;
        check_label("transport_charset", &transport_charset)?;
        let max_depth = crate::max_depth(max_depth)?;
        let flags = Flags {
            scripting,
            errors,
            locations,
            declarative_shadow_roots,
            max_depth,
            template_for,
            max_input_bytes: crate::limit("max_input_bytes", max_input_bytes)?,
            max_attributes: crate::limit("max_attributes", max_attributes)?,
            allow_utf8_guess,
            iframe_srcdoc,
        };
        let labels = encoding.is_some() || transport_charset.is_some();
        if labels && context.is_some() {
            return Err(OptionError::new_err(
                "encoding= and transport_charset= do not apply to a fragment (context=), whose \
                 bytes are UTF-8",
            ));
        }
        let opts = kauri::ParseOptions {
            encoding,
            transport_charset,
            ..flags.options()
        };
        let inner = match &context {
            Some(context) => kauri::Parser::fragment(context, opts)
                .map_err(|err| FragmentContextError::new_err(err.to_string()))?,
            None => {
                kauri::Parser::new(opts).map_err(|err| EncodingError::new_err(err.to_string()))?
            }
        };
        Ok(Parser {
            state: Mutex::new(State {
                parser: Some(inner),
                bytes: None,
                input: locations.then(Vec::new),
            }),
            keep_errors: errors,
            labels,
            fragment: context.is_some(),
        })
    }

    /// Parses the next piece of the input: `bytes` (or `bytearray`; encoding sniffed across
    /// pieces) or `str` (already decoded), the same kind for every piece.
    fn feed(&self, py: Python<'_>, piece: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(text) = piece.cast::<PyString>() {
            let text = text_of(text)?;
            let text: &str = &text;
            let mut state = self.state(false)?;
            if let Some(input) = state.input.as_mut() {
                input.extend_from_slice(text.as_bytes());
            }
            let parser = state.parser.as_mut().ok_or_else(closed)?;
            py.detach(|| parser.feed_str(text)).map_err(stream_error)?;
        } else if let Ok(bytes) = piece.cast::<PyBytes>() {
            let bytes: &[u8] = bytes.as_bytes();
            let mut state = self.state(true)?;
            if let Some(input) = state.input.as_mut() {
                input.extend_from_slice(bytes);
            }
            let parser = state.parser.as_mut().ok_or_else(closed)?;
            py.detach(|| parser.feed(bytes)).map_err(stream_error)?;
        } else if let Ok(array) = piece.cast::<PyByteArray>() {
            // A bytearray can change while the interpreter is detached: parse a copy.
            let bytes = array.to_vec();
            let mut state = self.state(true)?;
            if let Some(input) = state.input.as_mut() {
                input.extend_from_slice(&bytes);
            }
            let parser = state.parser.as_mut().ok_or_else(closed)?;
            py.detach(|| parser.feed(&bytes)).map_err(stream_error)?;
        } else {
            return Err(PyTypeError::new_err(format!(
                "feed() takes str or bytes, not {}",
                type_name(piece)
            )));
        }
        Ok(())
    }

    /// Ends the input and returns the Document. The parser takes no more input after it.
    fn close(&self, py: Python<'_>) -> PyResult<Py<Document>> {
        let (parser, bytes, input) = {
            let mut state = self.lock()?;
            let parser = state.parser.take().ok_or_else(closed)?;
            (parser, state.bytes, state.input.take())
        };
        // Bytes map back through the document's encoding (UTF-8 for a fragment).
        let decoded = bytes == Some(true);
        let (doc, source) = py.detach(|| {
            let doc = parser.finish();
            let source = input.map(|input| {
                if decoded {
                    kauri::SourceText::from_bytes(&input, &doc)
                } else {
                    kauri::SourceText::from_text(&String::from_utf8_lossy(&input))
                }
            });
            (doc, source)
        });
        // As for `kauri.parse` and `kauri.parse_fragment`: only a document's bytes have one.
        let encoding = (bytes != Some(false) && !self.fragment).then(|| doc.encoding());
        let doc = Document::new_py(py, doc, encoding, self.keep_errors)?;
        doc.bind(py).borrow_mut().set_source(source);
        Ok(doc)
    }
}
