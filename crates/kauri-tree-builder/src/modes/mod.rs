//! The insertion modes (13.2.6.4), one function each, named after the standard.

mod after;
mod in_body;
mod in_table;
mod initial_and_head;
