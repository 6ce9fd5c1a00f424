//! Kauri: a spec-exact, fast HTML parser.
#![warn(missing_docs)]

pub mod tokenize;
