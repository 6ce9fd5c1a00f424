//! lexbor 3.1.0 (C), built by `build.rs`: a full-DOM parse timed like Kauri's (create + parse,
//! then destroy), as `../shared/peers/README.md` describes.

use std::ffi::c_void;

extern "C" {
    fn lxb_html_document_destroy(document: *mut c_void) -> *mut c_void;
}

/// Full DOM: `lxb_html_document_create`, the scripting flag set (as Kauri's and html5ever's
/// defaults have it), `lxb_html_document_parse`, `lxb_html_document_destroy`.
pub fn parse_dom(text: &str) {
    let document = LexborDocument::parse(text);
    std::hint::black_box(&document);
}

extern "C" {
    fn kc_selectors_create(
        texts: *const *const u8,
        lens: *const usize,
        count: usize,
    ) -> *mut c_void;
    fn kc_selectors_count(selectors: *mut c_void, index: usize, document: *mut c_void) -> usize;
    fn kc_serialize_len(document: *mut c_void) -> usize;
    fn kc_text_len(document: *mut c_void) -> usize;
    fn kc_parse_fragment(html: *const u8, len: usize) -> usize;
    fn kc_document_parse(html: *const u8, len: usize) -> *mut c_void;
}

/// A parsed lexbor document, destroyed on drop (for the rows of `compare jobs` and `compare rss`).
pub struct LexborDocument(*mut c_void);

impl LexborDocument {
    /// `lxb_html_document_create`, the scripting flag set, `lxb_html_document_parse`.
    pub fn parse(text: &str) -> Self {
        // SAFETY: `text` is valid for `text.len()` bytes for the whole call, and lexbor copies
        // what it keeps.
        let document = unsafe { kc_document_parse(text.as_ptr(), text.len()) };
        assert!(
            !document.is_null(),
            "lxb_html_document_create or lxb_html_document_parse failed"
        );
        LexborDocument(document)
    }

    /// The length of the document's serialization (lexbor's serializer into a new buffer).
    pub fn serialize_len(&self) -> usize {
        // SAFETY: `self.0` is a live parsed document; the helper only reads it.
        unsafe { kc_serialize_len(self.0) }
    }

    /// The length of the document element's text content (made and freed).
    pub fn text_len(&self) -> usize {
        // SAFETY: `self.0` is a live parsed document; the text is freed by the helper.
        unsafe { kc_text_len(self.0) }
    }
}

impl Drop for LexborDocument {
    fn drop(&mut self) {
        // SAFETY: the document was created by `parse`, is destroyed once, here.
        unsafe { lxb_html_document_destroy(self.0) };
    }
}

/// lexbor's CSS parser and selectors engine with a list of selectors parsed once. (Never freed:
/// one per run.)
pub struct LexborSelectors(*mut c_void);

impl LexborSelectors {
    /// Parses every selector of `selectors`; panics if lexbor rejects one.
    pub fn new(selectors: &[&str]) -> Self {
        let texts: Vec<*const u8> = selectors.iter().map(|s| s.as_ptr()).collect();
        let lens: Vec<usize> = selectors.iter().map(|s| s.len()).collect();
        // SAFETY: `texts[i]` points at `lens[i]` readable bytes for the whole call; lexbor copies
        // what it keeps.
        let handle = unsafe { kc_selectors_create(texts.as_ptr(), lens.as_ptr(), texts.len()) };
        assert!(!handle.is_null(), "lexbor did not parse the selectors");
        LexborSelectors(handle)
    }

    /// The number of elements of `document` that selector `index` matches.
    pub fn count(&self, index: usize, document: &LexborDocument) -> usize {
        // SAFETY: both handles are live; `index` is below the count given to `new` (the caller
        // indexes the same list).
        unsafe { kc_selectors_count(self.0, index, document.0) }
    }
}

/// A fragment parse in a `body` context with a new document, destroyed after; returns the number
/// of top-level nodes.
pub fn parse_fragment(text: &str) -> usize {
    // SAFETY: `text` is readable for `text.len()` bytes for the whole call.
    unsafe { kc_parse_fragment(text.as_ptr(), text.len()) }
}
