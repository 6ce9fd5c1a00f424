//! Encoding sniffing and decoding (13.2.3 of the HTML standard).
#![warn(missing_docs)]
