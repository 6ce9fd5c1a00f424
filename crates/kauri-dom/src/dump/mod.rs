//! Text dumps of a tree: the html5lib tree-construction test format ([`to_test_tree`]) and the
//! JSON format of `kauri parse --format json` ([`to_json`]). Both walk the tree iteratively.

mod json;
mod tree;

pub use json::{to_json, write_json, JsonOptions};
pub use tree::{to_test_tree, write_test_tree};
