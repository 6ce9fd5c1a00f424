//! An element's attribute map: an `IndexMap` in source order with a small, fast hasher.
//!
//! Keys are [`AttrName`]s (namespace + interned local name), so hashing one is hashing a
//! discriminant and an atom's word: the names' own hash (`kauri_tokenizer`'s `NameHasher`,
//! a multiplicative "Fx" hash) is enough and much cheaper than SipHash.

use indexmap::IndexMap;
use kauri_tokenizer::names::BuildNameHasher;
use kauri_tokenizer::AttrName;

/// An element's attributes, keyed by (namespace, local name), in source order.
pub type Attributes = IndexMap<AttrName, String, BuildNameHasher>;

/// Builds an attribute map with exact capacity; a later duplicate keeps the first value (the
/// tokenizer has already dropped duplicates of the same tag).
pub(crate) fn from_vec(attrs: Vec<kauri_tokenizer::Attribute>) -> Attributes {
    let mut map = Attributes::with_capacity_and_hasher(attrs.len(), Default::default());
    for attr in attrs {
        map.entry(attr.name).or_insert(attr.value);
    }
    map
}
