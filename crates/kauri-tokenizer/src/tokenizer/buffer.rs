//! The input the states work on: the unconsumed part of earlier chunks plus the current one.
//!
//! A whole document usually arrives in one [`Tokenizer::feed`](super::Tokenizer::feed) call,
//! and copying it into a buffer first would cost a pass over every byte (and a second copy of
//! the document in memory). So when nothing is left over from earlier chunks, the buffer
//! *lends* the caller's chunk for the duration of the call: the states read it in place, and
//! before `feed` returns only the unconsumed tail (the start of an unfinished token, usually a
//! few bytes or nothing) is copied into the owned string. Chunks that arrive while something
//! is left over are appended to the owned string as before.

use std::ops::Deref;

/// Owned text, or a lent chunk (see the module documentation).
pub(super) struct Buffer {
    owned: String,
    /// The text the states see: the lent chunk during a `feed` call that lent one, else the
    /// contents of `owned` (refreshed after every change to it). Kept as a pointer and a
    /// length so that reading the buffer is one slice construction, without a branch.
    ptr: *const u8,
    len: usize,
    /// Whether `ptr` is a lent chunk (then `owned` is empty and unused).
    lent: bool,
}

impl Default for Buffer {
    fn default() -> Self {
        let owned = String::new();
        Buffer {
            ptr: owned.as_ptr(),
            len: 0,
            owned,
            lent: false,
        }
    }
}

impl Buffer {
    /// Points the view at `owned` again after a change to it.
    fn view_owned(&mut self) {
        self.lent = false;
        self.ptr = self.owned.as_ptr();
        self.len = self.owned.len();
    }

    /// Whether the buffer holds no text.
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets everything and ends a loan (the `CallGuard` of a call the sink panicked out of).
    pub(super) fn clear(&mut self) {
        self.owned.clear();
        self.view_owned();
    }

    /// Uses `chunk` in place until [`Buffer::drop_front`] ends the loan.
    ///
    /// # Safety
    /// The buffer keeps a pointer to `chunk` past this call. The caller must end the loan, with
    /// [`Buffer::drop_front`] or [`Buffer::clear`], before `chunk`'s borrow ends, on every path
    /// out, unwinding included (`Tokenizer::feed` does it with its `CallGuard`).
    pub(super) unsafe fn lend(&mut self, chunk: &str) {
        debug_assert!(self.is_empty() && !self.lent);
        self.lent = true;
        self.ptr = chunk.as_ptr();
        self.len = chunk.len();
    }

    /// Appends a chunk to the owned text (nothing may be lent).
    pub(super) fn push_str(&mut self, chunk: &str) {
        debug_assert!(!self.lent);
        self.owned.push_str(chunk);
        self.view_owned();
    }

    /// Takes an owned chunk as the whole buffer (the buffer must be empty).
    pub(super) fn set_owned(&mut self, chunk: String) {
        debug_assert!(self.is_empty() && !self.lent);
        self.owned = chunk;
        self.view_owned();
    }

    /// Keeps only the first `len` bytes (a character boundary; nothing may be lent).
    pub(super) fn truncate(&mut self, len: usize) {
        debug_assert!(!self.lent);
        self.owned.truncate(len);
        self.view_owned();
    }

    /// Drops the first `keep` bytes (a character boundary) and ends a loan: what is left of a
    /// lent chunk is copied into the owned string.
    pub(super) fn drop_front(&mut self, keep: usize) {
        if self.lent {
            let rest = self[keep..].to_owned();
            self.owned = rest;
            self.view_owned();
        } else if keep > 0 {
            self.owned.drain(..keep);
            self.view_owned();
        }
    }
}

impl Deref for Buffer {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        // SAFETY: `ptr` and `len` always describe valid UTF-8 that is alive: either the heap
        // text of `owned` (re-read after every change to `owned`; moving the `String` does not
        // move its text), or a chunk lent by `lend` from a `&str`, whose loan `lend`'s contract
        // ends (`drop_front` or `clear`) before the chunk's borrow ends, whether the `feed`
        // call that lent it returns or unwinds.
        unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(self.ptr, self.len)) }
    }
}

// SAFETY: the buffer owns its text or borrows a shared `&str` for the duration of one `feed`
// call (which holds `&mut Tokenizer` throughout); both are `Send` and `Sync`.
unsafe impl Send for Buffer {}
// SAFETY: `&Buffer` only reads (`Deref`; every change takes `&mut self`) a `String`'s text or a
// lent `&str`, both `Sync`; a loan lasts within one `feed` call, which holds `&mut Tokenizer`.
unsafe impl Sync for Buffer {}
