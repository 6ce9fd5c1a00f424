//! The list of active formatting elements (13.2.4.3).

use crate::stack::AtomHasher;
use kauri_tokenizer::{Attribute, LocalName};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// One entry: a marker, or a formatting element with the token it was created for.
#[derive(Clone, Debug)]
pub(crate) enum Entry<H> {
    /// A marker (pushed for `applet`, `object`, `marquee`, `template`, `td`, `th`, `caption`).
    Marker,
    /// A formatting element (always HTML).
    Element {
        /// The element.
        handle: H,
        /// Its stack entry's id ([`crate::stack::OpenElement::id`]).
        id: u32,
        /// Its tag name.
        name: LocalName,
        /// The attributes of the token it was created for (to recreate it).
        attrs: Vec<Attribute>,
        /// A hash of the name and the attribute set (order-independent), so the Noah's Ark
        /// scan compares integers before it compares attributes.
        fingerprint: u64,
    },
}

impl<H> Entry<H> {
    /// Points an element entry at a new element (recreated by the reconstruct step or the
    /// adoption agency algorithm), keeping its token.
    pub fn set_element(&mut self, new_handle: H, new_id: u32) {
        if let Entry::Element { handle, id, .. } = self {
            *handle = new_handle;
            *id = new_id;
        }
    }
}

/// The list of active formatting elements.
pub(crate) struct ActiveFormatting<H> {
    /// The entries. Read freely; add and remove only through the methods, which keep
    /// `fingerprint_counts` exact.
    pub entries: Vec<Entry<H>>,
    /// How many element entries (anywhere in the list) have each fingerprint. Fewer than
    /// three means the Noah's Ark clause cannot apply, so the scan is skipped.
    fingerprint_counts: HashMap<u64, u32, BuildHasherDefault<AtomHasher>>,
}

impl<H: Clone + PartialEq> ActiveFormatting<H> {
    pub fn new() -> Self {
        ActiveFormatting {
            entries: Vec::new(),
            fingerprint_counts: HashMap::default(),
        }
    }

    pub fn push_marker(&mut self) {
        self.entries.push(Entry::Marker);
    }

    /// "Push onto the list of active formatting elements", with the Noah's Ark clause: if there
    /// are already three elements after the last marker with the same tag name, namespace and
    /// attributes, the earliest of them is removed.
    pub fn push(&mut self, handle: H, id: u32, name: LocalName, attrs: Vec<Attribute>) {
        let fp = fingerprint(&name, &attrs);
        let mut matches = 0;
        let mut earliest = None;
        let possible = self.fingerprint_counts.get(&fp).copied().unwrap_or(0) >= 3;
        for (i, e) in self.entries.iter().enumerate().rev() {
            if !possible || matches == 3 {
                // No three entries share the fingerprint, or three matches were found: the
                // clause keeps at most three equal entries after a marker, so the third from
                // the end is the earliest.
                break;
            }
            match e {
                Entry::Marker => break,
                Entry::Element {
                    name: n,
                    attrs: a,
                    fingerprint: f,
                    ..
                } => {
                    if *f == fp && *n == name && same_attributes(a, &attrs) {
                        matches += 1;
                        earliest = Some(i);
                    }
                }
            }
        }
        if matches >= 3 {
            if let Some(i) = earliest {
                self.remove(i);
            }
        }
        *self.fingerprint_counts.entry(fp).or_insert(0) += 1;
        self.entries.push(Entry::Element {
            handle,
            id,
            name,
            attrs,
            fingerprint: fp,
        });
    }

    /// "Clear the list of active formatting elements up to the last marker".
    pub fn clear_to_last_marker(&mut self) {
        while let Some(e) = self.entries.pop() {
            match e {
                Entry::Marker => break,
                Entry::Element { fingerprint, .. } => self.uncount(fingerprint),
            }
        }
    }

    /// The index of the last element named `name` after the last marker.
    pub fn last_after_marker(&self, name: &LocalName) -> Option<usize> {
        for (i, e) in self.entries.iter().enumerate().rev() {
            match e {
                Entry::Marker => return None,
                Entry::Element { name: n, .. } if n == name => return Some(i),
                _ => {}
            }
        }
        None
    }

    /// The index of the entry for this element.
    pub fn position(&self, handle: &H) -> Option<usize> {
        self.entries
            .iter()
            .rposition(|e| matches!(e, Entry::Element { handle: h, .. } if h == handle))
    }

    /// Removes the entry for this element, if any.
    pub fn remove_handle(&mut self, handle: &H) {
        if let Some(i) = self.position(handle) {
            self.remove(i);
        }
    }

    /// Removes the entry at `i`.
    pub fn remove(&mut self, i: usize) -> Entry<H> {
        let e = self.entries.remove(i);
        if let Entry::Element { fingerprint, .. } = &e {
            self.uncount(*fingerprint);
        }
        e
    }

    /// Inserts an entry at `i`.
    pub fn insert(&mut self, i: usize, e: Entry<H>) {
        if let Entry::Element { fingerprint, .. } = &e {
            *self.fingerprint_counts.entry(*fingerprint).or_insert(0) += 1;
        }
        self.entries.insert(i, e);
    }

    fn uncount(&mut self, fingerprint: u64) {
        if let Some(c) = self.fingerprint_counts.get_mut(&fingerprint) {
            *c -= 1;
            if *c == 0 {
                self.fingerprint_counts.remove(&fingerprint);
            }
        }
    }
}

/// Whether two attribute lists hold the same attributes, in any order.
fn same_attributes(a: &[Attribute], b: &[Attribute]) -> bool {
    a.len() == b.len()
        && a.iter()
            .all(|x| b.iter().any(|y| y.name == x.name && y.value == x.value))
}

/// An order-independent hash of a tag name and its attributes (not cryptographic: equal
/// fingerprints are always confirmed by comparing the attributes).
pub(crate) fn fingerprint(name: &LocalName, attrs: &[Attribute]) -> u64 {
    let mut h = AtomHasher::default();
    name.hash(&mut h);
    let mut acc = h.finish();
    for a in attrs {
        let mut h = AtomHasher::default();
        a.name.hash(&mut h);
        h.write(a.value.as_bytes());
        acc = acc.wrapping_add(h.finish());
    }
    acc
}
