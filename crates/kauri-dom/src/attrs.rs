//! An element's attribute map: an `IndexMap` in source order with a small, fast hasher.
//!
//! Keys are [`AttrName`]s (namespace + interned local name), so hashing one is hashing a
//! discriminant and a precomputed atom hash: a multiplicative hash (the "Fx" hash) is enough and
//! much cheaper than SipHash.

use std::hash::{BuildHasherDefault, Hasher};

use indexmap::IndexMap;
use kauri_tokenizer::AttrName;

/// An element's attributes, keyed by (namespace, local name), in source order.
pub type Attributes = IndexMap<AttrName, String, BuildHasherDefault<FxHasher>>;

/// Builds an attribute map with exact capacity; a later duplicate keeps the first value (the
/// tokenizer has already dropped duplicates of the same tag).
pub(crate) fn from_vec(attrs: Vec<kauri_tokenizer::Attribute>) -> Attributes {
    let mut map = Attributes::with_capacity_and_hasher(attrs.len(), Default::default());
    for attr in attrs {
        map.entry(attr.name).or_insert(attr.value);
    }
    map
}

/// The Fx hash (as used in rustc): `hash = (hash.rotate_left(5) ^ word) * K` per word.
#[derive(Clone, Copy, Default)]
pub struct FxHasher {
    hash: u64,
}

const K: u64 = 0xf135_7aea_2e62_a9c5;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}
