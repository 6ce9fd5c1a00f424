//! The one fast hash for names, used by every layer: the tokenizer's atom cache and duplicate
//! attribute check, the tree builder's per-name counts on the stack of open elements and the list
//! of active formatting elements, the DOM's attribute maps and its selectors' ancestor filters.
//!
//! A name is hashed as 64-bit words: an atom as its one packed word ([`LocalName`]'s `Hash`), a
//! longer name as its bytes read eight at a time. Each word is mixed in with the "Fx" step
//! (`hash = (hash.rotate_left(5) ^ word) * K`, as rustc's `FxHasher`): one rotate, one xor and
//! one multiply a word, far cheaper than SipHash, which guards against hash flooding that a
//! name table does not need to fear (every table here either is bounded or compares the keys it
//! finds). The top bits of a product are its best mixed, so tables that pick a slot from a hash
//! take the top bits ([`hash_word`]`(word) >> (64 - log2(slots))`).
//!
//! [`LocalName`]: crate::LocalName

use std::hash::{BuildHasherDefault, Hasher};

/// The multiplier of the mixing step: 2^64 divided by the golden ratio, the constant of
/// Fibonacci hashing, which spreads consecutive and packed-byte words well over the top bits.
const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// A [`Hasher`] for names and for keys made of names and small integers (see the
/// module documentation, `names/hash.rs`).
///
/// ```
/// use std::collections::HashMap;
/// use kauri_tokenizer::names::BuildNameHasher;
/// use kauri_tokenizer::LocalName;
///
/// let mut counts: HashMap<LocalName, u32, BuildNameHasher> = HashMap::default();
/// *counts.entry(LocalName::from("div")).or_default() += 1;
/// *counts.entry(LocalName::from("div")).or_default() += 1;
/// assert_eq!(counts[&LocalName::from("div")], 2);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NameHasher {
    hash: u64,
}

/// Builds [`NameHasher`]s, for `HashMap<K, V, BuildNameHasher>` and `IndexMap`.
///
/// ```
/// use std::collections::HashSet;
/// use kauri_tokenizer::names::BuildNameHasher;
///
/// let mut seen: HashSet<u64, BuildNameHasher> = HashSet::default();
/// assert!(seen.insert(7));
/// assert!(!seen.insert(7));
/// ```
pub type BuildNameHasher = BuildHasherDefault<NameHasher>;

impl NameHasher {
    /// Mixes one word in.
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for NameHasher {
    /// The bytes as little-endian words, the last one zero-padded.
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
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
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

/// The hash of one word (an atom's word, or a short name's bytes packed into one): what a
/// [`NameHasher`] that was given only `word` finishes with. Take the top bits for a slot index.
///
/// ```
/// use kauri_tokenizer::names::layer_hash::hash_word;
///
/// let slot = |word: u64| (hash_word(word) >> (64 - 9)) as usize; // a 512-slot table
/// assert!(slot(u64::from_le_bytes(*b"div\0\0\0\0\0")) < 512);
/// assert_eq!(hash_word(42), hash_word(42));
/// ```
#[inline]
pub fn hash_word(word: u64) -> u64 {
    let mut hasher = NameHasher::default();
    hasher.add(word);
    hasher.hash
}

/// The hash of a name's bytes (for names that are not atoms): what a [`NameHasher`] finishes
/// with after `write(bytes)`.
///
/// ```
/// use kauri_tokenizer::names::layer_hash::hash_bytes;
///
/// assert_eq!(hash_bytes(b"data-long-name"), hash_bytes(b"data-long-name"));
/// assert_ne!(hash_bytes(b"data-long-name"), hash_bytes(b"data-long-nam3"));
/// ```
#[inline]
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut hasher = NameHasher::default();
    hasher.write(bytes);
    hasher.finish()
}

/// [`hash_bytes`] folded to 32 bits (both halves count), for tables that keep 32-bit hashes
/// (a [`LocalName`](crate::LocalName)'s `get_hash`, the selectors' ancestor filters).
///
/// ```
/// use kauri_tokenizer::names::layer_hash::{hash_bytes, hash_bytes_u32};
///
/// let h = hash_bytes(b"my-custom-element");
/// assert_eq!(hash_bytes_u32(b"my-custom-element"), (h ^ (h >> 32)) as u32);
/// ```
#[inline]
pub fn hash_bytes_u32(bytes: &[u8]) -> u32 {
    let hash = hash_bytes(bytes);
    (hash ^ (hash >> 32)) as u32
}
