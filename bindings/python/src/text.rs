//! A page given as a Python `str`, as the UTF-8 text the parser reads, with the interpreter
//! detached for the work.
//!
//! CPython stores a `str` as one, two or four bytes per code point. For an all-ASCII `str`
//! those bytes are already UTF-8 and the parser reads them in place. Otherwise CPython's own
//! conversion (`PyUnicode_AsUTF8AndSize`) would allocate a UTF-8 copy, keep it in the `str`
//! for the `str`'s lifetime and run with the interpreter attached; with the full C API
//! (a build for one Python version) [`with_text`] transcodes the code points itself instead,
//! detached, into a buffer each thread reuses from page to page. The stable-ABI (abi3) build
//! cannot see how a `str` is stored and takes CPython's conversion.
//!
//! A lone surrogate (which a `str` can hold, and UTF-8 cannot) becomes U+FFFD, as
//! [`crate::text_of`] makes it.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The text of a str, with U+FFFD for each lone surrogate (which no HTML text can hold, and
/// UTF-8 cannot carry). An all-ASCII str is read in place; otherwise CPython makes (and keeps
/// in the str) its UTF-8 form.
pub(crate) fn text_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    match utf8(s) {
        Some(text) => Ok(Cow::Borrowed(text)),
        None => {
            let utf16 = s.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
            let bytes = utf16.cast::<PyBytes>()?.as_bytes();
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
                .collect();
            Ok(Cow::Owned(String::from_utf16_lossy(&units)))
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
    #[cfg(not(feature = "abi3"))]
    {
        if let Some(units) = code_units(s) {
            return Ok(py.detach(|| transcoded(units, f)));
        }
    }
    let text = crate::text_of(s)?;
    let text: &str = &text;
    Ok(py.detach(|| f(text)))
}

/// The code points of a `str` that is not all ASCII, as CPython stores them.
#[cfg(not(feature = "abi3"))]
enum Units<'s> {
    One(&'s [u8]),
    Two(&'s [u16]),
    Four(&'s [u32]),
}

#[cfg(not(feature = "abi3"))]
fn code_units<'s>(s: &'s Bound<'_, PyString>) -> Option<Units<'s>> {
    use pyo3::ffi;
    let ptr = s.as_ptr();
    // SAFETY: `ptr` is a live `str` (borrowed for `'s` through `s`); these read its header as
    // the C API's macros do. A `str` never changes after creation, and `s` keeps it alive for
    // `'s`, so its code points may be read for `'s`, from any thread.
    unsafe {
        if ffi::PyUnicode_IS_ASCII(ptr) != 0 {
            return None;
        }
        let len = usize::try_from(ffi::PyUnicode_GET_LENGTH(ptr)).ok()?;
        let data = ffi::PyUnicode_DATA(ptr);
        Some(match ffi::PyUnicode_KIND(ptr) {
            ffi::PyUnicode_1BYTE_KIND => Units::One(std::slice::from_raw_parts(data.cast(), len)),
            ffi::PyUnicode_2BYTE_KIND => Units::Two(std::slice::from_raw_parts(data.cast(), len)),
            ffi::PyUnicode_4BYTE_KIND => Units::Four(std::slice::from_raw_parts(data.cast(), len)),
            _ => return None,
        })
    }
}

#[cfg(not(feature = "abi3"))]
thread_local! {
    /// The UTF-8 buffer of this thread's last page, kept so that the next page does not
    /// fault in fresh memory: it holds as much as the largest page the thread parsed.
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `f` on the UTF-8 form of `units`, written into this thread's buffer.
#[cfg(not(feature = "abi3"))]
fn transcoded<R>(units: Units<'_>, f: impl FnOnce(&str) -> R) -> R {
    let run = |buffer: &mut Vec<u8>| {
        buffer.clear();
        match units {
            Units::One(units) => encode(units, buffer),
            Units::Two(units) => encode(units, buffer),
            Units::Four(units) => encode(units, buffer),
        }
        match std::str::from_utf8(buffer) {
            Ok(text) => f(text),
            Err(_) => unreachable!("encode writes UTF-8"),
        }
    };
    BUFFER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffer) => run(&mut buffer),
        // Not reached (parsing never re-enters Python), but a fresh buffer is always right.
        Err(_) => run(&mut Vec::new()),
    })
}

#[cfg(not(feature = "abi3"))]
/// Appends the UTF-8 form of the code points `units` to `out`, U+FFFD for a surrogate. Runs
/// of 16 ASCII code points are copied as bytes.
fn encode<U: Copy + Into<u32>>(units: &[U], out: &mut Vec<u8>) {
    out.reserve(units.len() + units.len() / 4);
    let mut rest = units;
    while !rest.is_empty() {
        let (chunk, after) = rest.split_at(rest.len().min(16));
        if chunk.len() == 16 && chunk.iter().fold(0, |acc, &u| acc | u.into()) < 0x80 {
            out.extend(chunk.iter().map(|&u| u.into() as u8));
        } else {
            for &u in chunk {
                push_code_point(u.into(), out);
            }
        }
        rest = after;
    }
}

#[cfg(not(feature = "abi3"))]
fn push_code_point(c: u32, out: &mut Vec<u8>) {
    match c {
        0..0x80 => out.push(c as u8),
        0x80..0x800 => out.extend([0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8]),
        0xD800..0xE000 => out.extend("\u{FFFD}".as_bytes()),
        0x800..0x10000 => out.extend([
            0xE0 | (c >> 12) as u8,
            0x80 | ((c >> 6) & 0x3F) as u8,
            0x80 | (c & 0x3F) as u8,
        ]),
        _ => match char::from_u32(c) {
            Some(ch) => out.extend(ch.encode_utf8(&mut [0; 4]).as_bytes()),
            None => out.extend("\u{FFFD}".as_bytes()),
        },
    }
}

#[cfg(all(test, not(feature = "abi3")))]
mod tests {
    use super::encode;

    #[test]
    fn encodes_every_width_like_std() {
        let text = "plain ascii that is longer than sixteen, é ü, ☃ ✓, 𝄞 and 😀 ".repeat(3);
        let wide: Vec<u32> = text.chars().map(u32::from).collect();
        let mut out = Vec::new();
        encode(&wide, &mut out);
        assert_eq!(out, text.as_bytes());
        let latin: Vec<u8> = "ascii ascii ascii ascii é"
            .chars()
            .map(|c| c as u8)
            .collect();
        out.clear();
        encode(&latin, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "ascii ascii ascii ascii é");
        out = Vec::new();
        encode(&[0x61u16, 0xD800, 0x62], &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "a\u{FFFD}b");
    }
}
