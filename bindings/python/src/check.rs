//! `kauri.check()`: the parse errors of a page as a conformance checker reports them
//! (`kauri::check`), one `CheckReport` record per error.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::{check_label, text_of, type_name, EncodingError, DEFAULT};

/// One report of `kauri.check()`: the error's `code`, a worded `message`, its range (`start`
/// and `end` byte offsets into the decoded text; `first_line`, `first_col`, `last_line`,
/// `last_col` of its first and last characters, 1-based, columns in UTF-16 code units), the
/// source `extract` with the range at `extract[hilite_start:hilite_start + hilite_length]`
/// (indices of the Python str), and `unclosed`: for an error that found elements unclosed, one
/// record per element, at its start tag (message `Unclosed element “div”.`).
#[pyclass(module = "kauri", frozen, get_all)]
pub struct CheckReport {
    code: &'static str,
    message: String,
    start: usize,
    end: usize,
    first_line: u32,
    first_col: u32,
    last_line: u32,
    last_col: u32,
    extract: String,
    hilite_start: usize,
    hilite_length: usize,
    unclosed: Vec<Py<CheckReport>>,
}

#[pymethods]
impl CheckReport {
    fn __repr__(&self) -> String {
        format!(
            "<kauri.CheckReport {} {}:{} {:?}>",
            self.code, self.first_line, self.first_col, self.message
        )
    }
}

/// A record for a range, its message and extract.
fn record(
    py: Python<'_>,
    code: kauri::ErrorCode,
    message: String,
    range: &kauri::SourceRange,
    extract: &kauri::Extract,
    unclosed: Vec<Py<CheckReport>>,
) -> PyResult<Py<CheckReport>> {
    let chars = |s: &str| s.chars().count();
    Py::new(
        py,
        CheckReport {
            code: code.as_str(),
            message,
            start: range.start,
            end: range.end,
            first_line: range.first.line,
            first_col: range.first.col,
            last_line: range.last.line,
            last_col: range.last.col,
            extract: extract.text.clone(),
            hilite_start: chars(&extract.text[..extract.hilite_start]),
            hilite_length: chars(extract.highlighted()),
            unclosed,
        },
    )
}

/// Checks a page: one `CheckReport` per parse error, in input order; an empty list when the
/// page parses without error. `str` is used as it is; `bytes` are decoded after the standard's
/// encoding sniffing (`encoding` overrides it). `scripting` is the parser's scripting flag
/// (on by default, as in `parse()`: `noscript` content is raw text; pass `scripting=False` to
/// check it as markup).
#[pyfunction]
#[pyo3(signature = (html, /, *, encoding=DEFAULT.encoding.clone(), scripting=DEFAULT.scripting),
       text_signature = "(html, /, *, encoding=None, scripting=True)")]
pub fn check(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    encoding: Option<String>,
    scripting: bool,
) -> PyResult<Vec<Py<CheckReport>>> {
    let mut opts = kauri::ParseOptions {
        scripting,
        ..kauri::ParseOptions::default()
    };
    let reports = if let Ok(text) = html.cast::<PyString>() {
        if encoding.is_some() {
            return Err(crate::OptionError::new_err(
                "encoding= applies to bytes; a str is already decoded (pass bytes, or leave it out)",
            ));
        }
        let text = text_of(text)?;
        let text: &str = &text;
        py.detach(|| kauri::check_with_options(text, &opts))
    } else {
        check_label("encoding", &encoding)?;
        opts.encoding = encoding;
        let checked = if let Ok(bytes) = html.cast::<PyBytes>() {
            let bytes: &[u8] = bytes.as_bytes();
            py.detach(|| kauri::check_bytes(bytes, &opts))
        } else if let Ok(array) = html.cast::<PyByteArray>() {
            // A bytearray can change while the interpreter is detached: check a copy.
            let bytes = array.to_vec();
            py.detach(|| kauri::check_bytes(&bytes, &opts))
        } else {
            return Err(PyTypeError::new_err(format!(
                "check() takes str or bytes, not {}",
                type_name(html)
            )));
        };
        checked
            .map_err(|err| EncodingError::new_err(err.to_string()))?
            .reports
    };
    reports
        .iter()
        .map(|report| {
            let unclosed = report
                .unclosed
                .iter()
                .map(|u| {
                    record(
                        py,
                        report.code,
                        u.message(),
                        &u.start_tag,
                        &u.extract,
                        Vec::new(),
                    )
                })
                .collect::<PyResult<Vec<_>>>()?;
            record(
                py,
                report.code,
                report.message.clone(),
                &report.range,
                &report.extract,
                unclosed,
            )
        })
        .collect()
}
