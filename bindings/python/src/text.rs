//! A page given as a Python `str`, as the UTF-8 text the parser reads, with the interpreter
//! detached for the work.
//!
//! CPython stores a `str` as one, two or four bytes per code point
//! ([`crate::str_storage`]). For an all-ASCII `str` those bytes are already UTF-8 and the
//! parser reads them in place. Otherwise CPython's own conversion (`PyUnicode_AsUTF8AndSize`)
//! would allocate a UTF-8 copy, keep it in the `str` for the `str`'s lifetime and run, one
//! code point at a time, with the interpreter attached. Where the code points can be read in
//! place, [`with_text`] transcodes them itself instead ([`crate::transcode`]): detached, into a
//! buffer each thread reuses from page to page.
//!
//! A lone surrogate (which a `str` can hold, and UTF-8 cannot) becomes U+FFFD.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::str_storage::{code_units, Units};
use crate::transcode::utf8_of;

/// The text of a str, with U+FFFD for each lone surrogate (which no HTML text can hold, and
/// UTF-8 cannot carry). An all-ASCII str is read in place; any other is transcoded into a new
/// `String` (or, where its code points cannot be read in place, CPython makes and keeps its
/// UTF-8 form).
pub(crate) fn text_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    if let Some(units) = code_units(s) {
        return Ok(Cow::Owned(utf8_of(units, &mut Vec::new()).to_owned()));
    }
    match utf8(s) {
        Some(text) => Ok(Cow::Borrowed(text)),
        None => {
            // Its code points, surrogates included, each becoming U+FFFD on its own.
            let utf32 = s.call_method1("encode", ("utf-32-le", "surrogatepass"))?;
            let bytes = utf32.cast::<PyBytes>()?.as_bytes();
            let units: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|unit| u32::from_le_bytes([unit[0], unit[1], unit[2], unit[3]]))
                .collect();
            Ok(Cow::Owned(
                utf8_of(Units::Four(&units), &mut Vec::new()).to_owned(),
            ))
        }
    }
}

/// CPython's UTF-8 form of `s` (`PyUnicode_AsUTF8AndSize`), or `None` when it holds a lone
/// surrogate.
#[cfg(not(feature = "abi3"))]
fn utf8<'a>(s: &'a Bound<'_, PyString>) -> Option<&'a str> {
    s.to_str().ok()
}

/// CPython's UTF-8 form of `s`, or `None` when it holds a lone surrogate. The stable ABI has
/// `PyUnicode_AsUTF8AndSize` from Python 3.10 on; CPython 3.9 exports it too (it is in its
/// full C API, with the same signature), so the abi3 build declares it itself rather than
/// copying every str into a bytes object.
#[cfg(feature = "abi3")]
fn utf8<'a>(s: &'a Bound<'_, PyString>) -> Option<&'a str> {
    // SAFETY: this is CPython's declaration, `const char *PyUnicode_AsUTF8AndSize(PyObject
    // *unicode, Py_ssize_t *size)` (`Include/unicodeobject.h`, limited API from 3.10;
    // `Include/cpython/unicodeobject.h` in 3.9, the same symbol and signature), with PyO3's
    // types for `PyObject` and `Py_ssize_t`, as `pyo3_ffi` declares it where the API has it.
    // The abi3 wheel loads only into CPython (PyPy, whose symbols differ, takes no abi3 wheel).
    unsafe extern "C" {
        fn PyUnicode_AsUTF8AndSize(
            unicode: *mut pyo3::ffi::PyObject,
            size: *mut pyo3::ffi::Py_ssize_t,
        ) -> *const std::ffi::c_char;
    }
    let mut size: pyo3::ffi::Py_ssize_t = 0;
    // SAFETY: `s` is a live str and the interpreter is attached (`Bound`); CPython returns
    // its UTF-8 form, which lives as long as the str (borrowed for `'a` through `s`), or NULL
    // with an exception set.
    let data = unsafe { PyUnicode_AsUTF8AndSize(s.as_ptr(), &mut size) };
    if data.is_null() {
        // A lone surrogate (UnicodeEncodeError): clear it, the caller falls back.
        drop(PyErr::take(s.py()));
        return None;
    }
    let len = usize::try_from(size).ok()?;
    // SAFETY: as above: `len` bytes of UTF-8 at `data`, alive and unchanged for `'a`.
    let bytes = unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) };
    std::str::from_utf8(bytes).ok()
}

/// Runs `f` on the text of `s`, with the interpreter detached.
pub(crate) fn with_text<R: Send>(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    f: impl FnOnce(&str) -> R + Send,
) -> PyResult<R> {
    if let Some(units) = code_units(s) {
        return Ok(py.detach(|| transcoded(units, f)));
    }
    let text = text_of(s)?;
    let text: &str = &text;
    Ok(py.detach(|| f(text)))
}

thread_local! {
    /// The UTF-8 buffer of this thread's last page, kept so that the next page does not
    /// fault in fresh memory: it holds as much as the largest page the thread parsed.
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `f` on the UTF-8 form of `units`, written into this thread's buffer.
fn transcoded<R>(units: Units<'_>, f: impl FnOnce(&str) -> R) -> R {
    BUFFER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffer) => f(utf8_of(units, &mut buffer)),
        // Not reached (parsing never re-enters Python), but a fresh buffer is always right.
        Err(_) => f(utf8_of(units, &mut Vec::new())),
    })
}
