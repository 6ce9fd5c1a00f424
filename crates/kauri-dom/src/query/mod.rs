//! Queries a scraper reaches for: CSS selectors ([`Selector`], [`Node::select`],
//! [`Document::select`], [`Node::matches`], [`Node::closest`]) and DOM-style attribute and
//! class checks ([`Node::get_attribute`], [`Node::has_class`]).
//!
//! Selectors are parsed and matched by Servo's `selectors` crate (with its `cssparser`
//! peer), the arena DOM implementing its `Element` trait; neither crate's types are part of
//! this API, so upgrading them is invisible to callers.
//!
//! [`Node::select`]: crate::Node::select
//! [`Document::select`]: crate::Document::select
//! [`Node::matches`]: crate::Node::matches
//! [`Node::closest`]: crate::Node::closest
//! [`Node::get_attribute`]: crate::Node::get_attribute
//! [`Node::has_class`]: crate::Node::has_class

mod css;
mod element;
pub(crate) mod element_list;
mod matching;
mod node_api;
pub(crate) use node_api::qualified_name_is;
mod selector;

pub use matching::Select;
pub use selector::{Selector, SelectorError};
