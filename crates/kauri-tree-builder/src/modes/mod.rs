//! The insertion modes (§ parsing-main-inhtml), one file and one function each, named after
//! the standard, in the order the standard lists them.

mod after_after_body;
mod after_after_frameset;
mod after_body;
mod after_frameset;
mod after_head;
mod before_head;
mod before_html;
mod in_body;
mod in_caption;
mod in_cell;
mod in_column_group;
mod in_frameset;
mod in_head;
mod in_head_noscript;
mod in_row;
mod in_table;
mod in_table_body;
mod in_table_text;
mod in_template;
mod initial;
mod text;
