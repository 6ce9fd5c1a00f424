//! Tokenizing to the html5lib tokenizer-test JSON shape (used by `kauri tokenize` and the
//! conformance runner). Filled in by the tokenizer work.
