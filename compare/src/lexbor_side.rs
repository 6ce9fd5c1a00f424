//! lexbor 3.1.0 (C), built by `build.rs`: a full-DOM parse timed like Kauri's (create + parse,
//! then destroy), as `../shared/peers/README.md` describes.

use std::ffi::c_void;

#[allow(non_camel_case_types)]
type lxb_status_t = u32;

extern "C" {
    fn lxb_html_document_create() -> *mut c_void;
    fn lxb_html_document_parse(document: *mut c_void, html: *const u8, size: usize)
        -> lxb_status_t;
    fn lxb_html_document_destroy(document: *mut c_void) -> *mut c_void;
}

/// lexbor's `LXB_STATUS_OK`.
const LXB_STATUS_OK: lxb_status_t = 0;

/// Full DOM: `lxb_html_document_create`, `lxb_html_document_parse`, `lxb_html_document_destroy`.
pub fn parse_dom(text: &str) {
    // SAFETY: `lxb_html_document_create` takes no arguments and returns a new document or null.
    let document = unsafe { lxb_html_document_create() };
    assert!(
        !document.is_null(),
        "lxb_html_document_create failed (out of memory)"
    );
    // SAFETY: `document` is the live document created above; `text` is valid for `text.len()`
    // bytes for the whole call, and lexbor copies what it keeps.
    let status = unsafe { lxb_html_document_parse(document, text.as_ptr(), text.len()) };
    assert_eq!(status, LXB_STATUS_OK, "lxb_html_document_parse failed");
    std::hint::black_box(document);
    // SAFETY: `document` was created above, is destroyed once, and is not used afterwards.
    unsafe { lxb_html_document_destroy(document) };
}
