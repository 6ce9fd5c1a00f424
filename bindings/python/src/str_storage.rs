//! How CPython stores a `str` (PEP 393): one, two or four bytes per code point, right after
//! the object's header. [`code_units`] reads them in place, so that the parser's UTF-8 text
//! can be made without CPython's own conversion (which allocates a copy, keeps it in the
//! `str` for the `str`'s lifetime, and runs with the interpreter attached).
//!
//! A build for one Python version reads them with the C API's own accessors
//! (`PyUnicode_KIND`, `PyUnicode_DATA`). The stable-ABI (abi3) build cannot use those: the
//! limited API hides the layout. On the CPython versions whose layout is known (3.9 to 3.14,
//! 64-bit) it reads the header itself, after [`init`] has checked, on strings of every
//! width, that what it reads agrees with the limited API (`PyUnicode_GetLength`,
//! `PyUnicode_ReadChar`); on any other interpreter, or if the check fails, [`code_units`]
//! says `None` and the caller takes CPython's conversion.

#[cfg(not(feature = "abi3"))]
use pyo3::prelude::*;
#[cfg(not(feature = "abi3"))]
use pyo3::types::PyString;

/// The code points of a `str` that is not all ASCII, as CPython stores them.
pub(crate) enum Units<'s> {
    /// Latin-1: every code point below U+0100, at least one above U+007F.
    One(&'s [u8]),
    /// UCS-2: every code point below U+10000 (lone surrogates included).
    Two(&'s [u16]),
    /// UCS-4.
    Four(&'s [u32]),
}

/// The code points of `s` as stored, or `None` for an all-ASCII `str` (whose bytes are
/// already UTF-8: CPython hands them out in place) and wherever the layout is not known.
#[cfg(not(feature = "abi3"))]
pub(crate) fn code_units<'s>(s: &'s Bound<'_, PyString>) -> Option<Units<'s>> {
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

/// Nothing to check: a build for one Python version reads the layout its headers describe.
#[cfg(not(feature = "abi3"))]
pub(crate) fn init(_py: Python<'_>) {}

/// Whether [`code_units`] reads strings in place in this process (always, in a build for one
/// Python version). The module exports it as `_kauri._STR_IN_PLACE` for its tests.
#[cfg(not(feature = "abi3"))]
pub(crate) fn in_place() -> bool {
    true
}

#[cfg(feature = "abi3")]
pub(crate) use abi3::{code_units, in_place, init};

#[cfg(feature = "abi3")]
mod abi3 {
    use std::sync::OnceLock;

    use pyo3::ffi;
    use pyo3::prelude::*;
    use pyo3::types::PyString;

    use super::Units;

    /// Where a compact, non-ASCII `str` keeps its code points: the size of CPython's
    /// `PyCompactUnicodeObject`. `None`: not known here, or the check at [`init`] failed.
    static COMPACT_DATA: OnceLock<Option<usize>> = OnceLock::new();

    const WORD: usize = std::mem::size_of::<usize>();
    /// `PyASCIIObject.length`: after `PyObject_HEAD` (`ob_refcnt`, `ob_type`).
    const LENGTH: usize = 2 * WORD;
    /// `PyASCIIObject.state`, a 32-bit bit field: after `length` and `hash`.
    const STATE: usize = LENGTH + 2 * WORD;
    // The bits of `state`, the same from 3.9 to 3.14: `interned:2, kind:3, compact:1,
    // ascii:1`.
    const KIND_SHIFT: u32 = 2;
    const COMPACT_BIT: u32 = 1 << 5;
    const ASCII_BIT: u32 = 1 << 6;

    /// The size of `PyCompactUnicodeObject` in the CPython `minor` (3.x) of a 64-bit build,
    /// from its `Include/cpython/unicodeobject.h`: the `state` word padded to a pointer, then
    /// (3.9 to 3.11) `wchar_t *wstr`, then `utf8_length` and `char *utf8`, then (3.9 to 3.11)
    /// `wstr_length`. `None` for versions whose layout this file does not know.
    fn compact_data_offset(minor: u8) -> Option<usize> {
        if WORD != 8 {
            return None;
        }
        match minor {
            9..=11 => Some(STATE + WORD + WORD + 2 * WORD + WORD),
            12..=14 => Some(STATE + WORD + 2 * WORD),
            _ => None,
        }
    }

    /// Finds the layout of the running interpreter and checks it, once per process. Called
    /// when the module is imported.
    pub(crate) fn init(py: Python<'_>) {
        COMPACT_DATA.get_or_init(|| detect(py));
    }

    /// Whether [`code_units`] reads strings in place in this process: [`init`] found a
    /// known layout and checked it.
    pub(crate) fn in_place() -> bool {
        matches!(COMPACT_DATA.get(), Some(Some(_)))
    }

    fn detect(py: Python<'_>) -> Option<usize> {
        let implementation = py
            .import("sys")
            .and_then(|sys| sys.getattr("implementation"))
            .and_then(|imp| imp.getattr("name"))
            .and_then(|name| name.extract::<String>())
            .ok()?;
        let version = py.version_info();
        if implementation != "cpython" || version.major != 3 {
            return None;
        }
        let offset = compact_data_offset(version.minor)?;
        // What the header says must match the limited API on a string of every width; strings
        // made here are compact, as every `str` CPython makes from text is.
        let samples = [
            "caf\u{e9} cr\u{e8}me br\u{fb}l\u{e9}e, in Latin-1",
            "\u{201c}quoted\u{201d} \u{2013} two bytes \u{2603} each",
            "four bytes: \u{1d11e} \u{1f600} and \u{e9}",
        ];
        for (sample, kind) in samples.iter().zip([1, 2, 4]) {
            let s = PyString::new(py, sample);
            if !agrees(&s, offset, kind, sample) {
                return None;
            }
        }
        Some(offset)
    }

    /// Whether reading `s` at `offset` gives `expected`'s code points, `kind` bytes each.
    fn agrees(s: &Bound<'_, PyString>, offset: usize, kind: u32, expected: &str) -> bool {
        let Some(units) = read(s, offset) else {
            return false;
        };
        let got: Vec<u32> = match (units, kind) {
            (Units::One(units), 1) => units.iter().map(|&u| u32::from(u)).collect(),
            (Units::Two(units), 2) => units.iter().map(|&u| u32::from(u)).collect(),
            (Units::Four(units), 4) => units.to_vec(),
            _ => return false,
        };
        let chars: Vec<u32> = expected.chars().map(u32::from).collect();
        got == chars
            && got.iter().enumerate().all(|(index, &unit)| {
                // SAFETY: `s` is a live str, `index` is below its length (checked in `read`).
                let by_api =
                    unsafe { ffi::PyUnicode_ReadChar(s.as_ptr(), index as ffi::Py_ssize_t) };
                by_api == unit
            })
    }

    /// The code points of `s` as stored (see the module's documentation), or `None`.
    pub(crate) fn code_units<'s>(s: &'s Bound<'_, PyString>) -> Option<Units<'s>> {
        read(s, (*COMPACT_DATA.get()?)?)
    }

    fn read<'s>(s: &'s Bound<'_, PyString>, offset: usize) -> Option<Units<'s>> {
        let ptr = s.as_ptr().cast::<u8>();
        // SAFETY: `offset` is the size of `PyCompactUnicodeObject` in the running CPython
        // (`compact_data_offset`, checked against the limited API in `detect` before any
        // other string is read this way). Every `str` object is at least a `PyASCIIObject`,
        // so its `state` word (at `STATE`, 4-byte aligned) can be read. Only a compact
        // (`compact` set), non-ASCII (`ascii` clear) str is read further: that is a
        // `PyCompactUnicodeObject` whose `length` code points of `kind` bytes each follow it
        // in the same allocation (PEP 393; CPython aligns them to 4 bytes). A `str` never
        // changes after creation, and `s` keeps it alive for `'s`, so the slice may be read
        // for `'s` from any thread.
        unsafe {
            let state = ptr.add(STATE).cast::<u32>().read();
            if state & COMPACT_BIT == 0 || state & ASCII_BIT != 0 {
                return None;
            }
            let len = ptr.add(LENGTH).cast::<ffi::Py_ssize_t>().read();
            // The limited API's length must agree, or the layout is not what was checked.
            if len != ffi::PyUnicode_GetLength(s.as_ptr()) {
                return None;
            }
            let len = usize::try_from(len).ok()?;
            let data = ptr.add(offset);
            Some(match (state >> KIND_SHIFT) & 0b111 {
                1 => Units::One(std::slice::from_raw_parts(data, len)),
                2 => Units::Two(std::slice::from_raw_parts(data.cast(), len)),
                4 => Units::Four(std::slice::from_raw_parts(data.cast(), len)),
                _ => return None,
            })
        }
    }
}
