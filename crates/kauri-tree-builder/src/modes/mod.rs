//! The insertion modes (§ parsing-main-inhtml), one function each, named after the standard.

mod after;
mod in_body;
mod in_table;
mod initial_and_head;
