//! The set of attribute names of the current tag, for the duplicate-attribute check
//! (§ attribute-name-state: "the complete attribute's name must be compared to the other attributes
//! on the same token") once a tag has too many attributes for a linear scan.
//!
//! Open addressing with linear probing over one array of 64-bit words, kept at most three
//! quarters full. An atom name is its own packed word (equal words, equal names), so a lookup is
//! one hash, one memory access and one integer compare; the attribute index beside it is read
//! only to confirm a long (non-atom) name, whose word is a hash of its bytes. A tag with hundreds of thousands of
//! attributes makes the table larger than the caches, and then each lookup is a cache miss:
//! `std`'s `HashSet` costs two (control bytes, then the entry) and hashes with SipHash; this
//! costs one. Measured on the `attributes` scaling family (8 MB, 430,000 names twice):
//! see docs/performance.md.

use crate::names::{hash_bytes, hash_word, Attribute, LocalName};

/// The attribute names of one tag.
pub(crate) struct AttrNames {
    /// 0 for an empty slot; otherwise an atom's word (low two bits `01` or `10`) or a long
    /// name's 64-bit hash with the low two bits set to `11`.
    words: Vec<u64>,
    /// For each slot holding a long name, the index in the tag's attribute list of that name.
    /// Written and read for long names only: the zeroed allocation of an all-atom table is
    /// never touched, so it costs neither page faults nor cache misses.
    index: Vec<u32>,
    /// Occupied slots.
    len: usize,
}

/// Names up to this length are atoms whose word identifies them (string_cache's inline limit).
const MAX_ATOM_WORD_LEN: usize = 7;

/// The table size a set starts with (a power of two).
const INITIAL_SLOTS: usize = 64;

/// A table larger than this is dropped, not zeroed, when the next tag starts, so one tag with a
/// huge attribute list does not make every later tag pay for clearing it.
const KEEP_SLOTS: usize = 1024;

impl AttrNames {
    /// An empty set that has not allocated.
    pub(crate) fn new() -> AttrNames {
        AttrNames {
            words: Vec::new(),
            index: Vec::new(),
            len: 0,
        }
    }

    /// True when no name has been added since the last [`AttrNames::clear`].
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets every name.
    pub(crate) fn clear(&mut self) {
        if self.words.len() > KEEP_SLOTS {
            *self = AttrNames::new();
        } else {
            self.words.fill(0);
            self.len = 0;
        }
    }

    /// The slot word of `name`. A name of at most seven bytes is an atom (static or inline,
    /// one representation per name), so its atom word identifies it; a longer name's word is
    /// [`AttrNames::long_word`] of its bytes, so the tokenizer can look a long name up before
    /// (or without) making a [`LocalName`] of it.
    #[inline]
    pub(crate) fn word(name: &LocalName) -> u64 {
        match name.atom_word() {
            Some(word) if name.len() <= MAX_ATOM_WORD_LEN => word,
            _ => Self::long_word(name),
        }
    }

    /// The slot word of a name longer than seven bytes: [`hash_bytes`] of its bytes, low bits
    /// `11`.
    #[inline]
    pub(crate) fn long_word(name: &str) -> u64 {
        hash_bytes(name.as_bytes()) | 0b11
    }

    /// The first slot to probe for `word` in a table of `slots` slots (a power of two).
    #[inline]
    fn home(word: u64, slots: usize) -> usize {
        (hash_word(word) >> (64 - slots.trailing_zeros())) as usize
    }

    /// True when the set holds the name `name` whose slot word is `word`; `attrs` is the tag's
    /// attribute list the indices refer to.
    pub(crate) fn contains(&self, word: u64, name: &str, attrs: &[Attribute]) -> bool {
        if self.len == 0 {
            return false;
        }
        let is_atom = word & 0b11 != 0b11;
        let mask = self.words.len() - 1;
        let mut slot = Self::home(word, self.words.len());
        loop {
            match self.words[slot] {
                0 => return false,
                w if w == word => {
                    if is_atom {
                        return true;
                    }
                    // A long name: the hash matched; compare the names.
                    let i = self.index[slot] as usize;
                    if attrs.get(i).is_some_and(|a| *a.name.local == *name) {
                        return true;
                    }
                }
                _ => {}
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Adds `name`, the name of `attrs[i]` (the caller has checked it is not there yet).
    pub(crate) fn insert(&mut self, name: &LocalName, i: usize) {
        if (self.len + 1) * 4 > self.words.len() * 3 {
            self.grow();
        }
        self.place(Self::word(name), i as u32);
        self.len += 1;
    }

    /// Puts `word` in the first empty slot of its probe sequence.
    #[inline]
    fn place(&mut self, word: u64, i: u32) {
        let mask = self.words.len() - 1;
        let mut slot = Self::home(word, self.words.len());
        while self.words[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        self.words[slot] = word;
        if word & 0b11 == 0b11 {
            self.index[slot] = i;
        }
    }

    /// Doubles the table (or allocates the first one) and re-inserts every word.
    fn grow(&mut self) {
        let slots = (self.words.len() * 2).max(INITIAL_SLOTS);
        let old_words = std::mem::replace(&mut self.words, vec![0; slots]);
        let old_index = std::mem::replace(&mut self.index, vec![0; slots]);
        for (slot, word) in old_words.into_iter().enumerate() {
            if word != 0 {
                let i = if word & 0b11 == 0b11 {
                    old_index[slot]
                } else {
                    0
                };
                self.place(word, i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::AttrName;

    fn attr(name: &str) -> Attribute {
        Attribute {
            name: AttrName::new(LocalName::from(name)),
            value: String::new(),
        }
    }

    #[test]
    fn finds_short_known_and_long_names_through_growth() {
        let mut attrs: Vec<Attribute> = Vec::new();
        let mut set = AttrNames::new();
        let names: Vec<String> = (0..5000)
            .map(|i| match i % 3 {
                0 => format!("a{i}"),
                1 => format!("data-long-attribute-{i}"),
                _ if i % 2 == 0 => "href".to_string(),
                _ => "class".to_string(),
            })
            .collect();
        for name in &names {
            let local = LocalName::from(name.as_str());
            if set.contains(AttrNames::word(&local), name, &attrs) {
                continue;
            }
            set.insert(&local, attrs.len());
            attrs.push(attr(name));
        }
        let has = |set: &AttrNames, attrs: &[Attribute], name: &str| {
            let by_atom = set.contains(AttrNames::word(&LocalName::from(name)), name, attrs);
            if name.len() > 7 {
                // A long name is found from its bytes alone, without a LocalName.
                assert_eq!(
                    set.contains(AttrNames::long_word(name), name, attrs),
                    by_atom
                );
            }
            by_atom
        };
        for name in &names {
            assert!(has(&set, &attrs, name), "{name}");
        }
        for missing in [
            "a5001",
            "data-long-attribute-5001",
            "style",
            "b",
            "onmouseover",
        ] {
            assert!(!has(&set, &attrs, missing), "{missing}");
        }
        set.clear();
        assert!(set.is_empty());
        assert!(!has(&set, &attrs, "a0"));
        set.insert(&LocalName::from("a0"), 0);
        assert!(has(&set, &attrs, "a0"));
    }
}
