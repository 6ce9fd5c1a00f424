//! The arena DOM.
#![warn(missing_docs)]
