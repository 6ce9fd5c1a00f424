//! WHATWG HTML tree construction (§ tree-construction of the HTML standard).
//!
//! The [`TreeBuilder`] is a [`kauri_tokenizer::TokenSink`]: it receives tokens, runs the
//! insertion modes, and drives a [`TreeSink`] that builds the actual document.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod adoption_agency;
mod foreign;
mod foreign_tables;
mod form_owner;
mod formatting;
mod modes;
mod shadow;
mod sink;
mod stack;
mod tag_sets;
mod template_for;
mod tree_builder;

pub use sink::{
    ContentPatch, NodeOrText, QuirksMode, ShadowRootInit, ShadowRootMode, SlotAssignmentMode,
    TreeSink,
};

/// The tree builder's element categories (§ special, § has-an-element-in-scope, and the
/// foreign-content break-out list), for the fuzz harness's tree checks. Not a user API: it may
/// change in any release.
#[doc(hidden)]
pub mod for_harness {
    pub use crate::foreign::breaks_out_of_foreign_content;
    pub use crate::tag_sets::{is_scope_boundary, is_special};
}
pub use tag_sets::is_formatting;
pub use tree_builder::{initial_tokenizer_state, TreeBuilder, TreeBuilderOptions};
