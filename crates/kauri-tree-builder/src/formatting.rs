//! The list of active formatting elements (§ the-list-of-active-formatting-elements).
//!
//! Besides the entries, the list keeps counts that make its common questions O(1) however long
//! it grows on hostile input: how many entries after the last marker have a given tag name
//! ("is there an `a` after the last marker?"), how many have a given name and attribute set
//! (the Noah's Ark clause only scans when three could match), and whether the element with a
//! given stack-entry id has an entry at all. Counts are per *segment* (the number of markers
//! before an entry), so entries hidden behind a marker never trigger a scan.

use kauri_tokenizer::names::{hash_word, BuildNameHasher, NameHasher};
use kauri_tokenizer::{local_name, Attribute, LocalName};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

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
        /// The attributes of the token it was created for (to recreate it), or `None` when
        /// the sink gives them back ([`crate::TreeSink::element_attrs`]).
        attrs: Option<Vec<Attribute>>,
        /// The number of those attributes.
        attr_count: usize,
        /// A hash of the name and the attribute set (order-independent), so the Noah's Ark
        /// scan compares integers before it compares attributes.
        fingerprint: u64,
        /// The number of markers before this entry.
        segment: u32,
    },
}

impl<H> Entry<H> {
    /// Points an element entry at a new element (recreated by the reconstruct step or the
    /// adoption agency algorithm), keeping its token. Only for an entry that is not in the
    /// list (use [`ActiveFormatting::set_element`] for one that is).
    pub fn set_element(&mut self, new_handle: H, new_id: u32) {
        if let Entry::Element { handle, id, .. } = self {
            *handle = new_handle;
            *id = new_id;
        }
    }
}

type Counts = HashMap<u64, u32, BuildNameHasher>;

/// The formatting element names (the only names the list holds), plus a slot for any other.
const NAME_SLOTS: usize = 15;

/// The slot of a formatting element name.
#[inline]
fn name_slot(name: &LocalName) -> usize {
    match *name {
        local_name!("a") => 0,
        local_name!("b") => 1,
        local_name!("big") => 2,
        local_name!("code") => 3,
        local_name!("em") => 4,
        local_name!("font") => 5,
        local_name!("i") => 6,
        local_name!("nobr") => 7,
        local_name!("s") => 8,
        local_name!("small") => 9,
        local_name!("strike") => 10,
        local_name!("strong") => 11,
        local_name!("tt") => 12,
        local_name!("u") => 13,
        _ => 14,
    }
}

/// Entry counts of one segment (the entries between two markers), per name slot.
#[derive(Clone, Copy, Default)]
struct SegmentCounts {
    /// Element entries with this name.
    names: [u32; NAME_SLOTS],
    /// Element entries with this name and no attributes.
    bare: [u32; NAME_SLOTS],
}

/// The list of active formatting elements.
pub(crate) struct ActiveFormatting<H> {
    /// The entries. Read freely; change only through the methods, which keep the counts exact.
    pub entries: Vec<Entry<H>>,
    /// The number of markers in the list (the segment of a new entry).
    markers: u32,
    /// Per segment (index: the number of markers before it), entries per name.
    segments: Vec<SegmentCounts>,
    /// Element entries *with attributes* per (segment, fingerprint).
    fingerprint_counts: Counts,
    /// `listed[id]`: the element whose stack entry has this id has an entry in the list.
    listed: Vec<bool>,
}

/// The key of a (segment, fingerprint) or (segment, name) count.
#[inline]
fn key(segment: u32, x: u64) -> u64 {
    x ^ hash_word(u64::from(segment))
}

#[inline]
fn bump(counts: &mut Counts, key: u64) {
    *counts.entry(key).or_insert(0) += 1;
}

#[inline]
fn unbump(counts: &mut Counts, key: u64) {
    if let Some(c) = counts.get_mut(&key) {
        *c -= 1;
        if *c == 0 {
            counts.remove(&key);
        }
    }
}

impl<H: Clone + PartialEq> ActiveFormatting<H> {
    pub fn new() -> Self {
        ActiveFormatting {
            entries: Vec::new(),
            markers: 0,
            segments: vec![SegmentCounts::default()],
            fingerprint_counts: Counts::default(),
            listed: Vec::new(),
        }
    }

    pub fn push_marker(&mut self) {
        self.entries.push(Entry::Marker);
        self.markers += 1;
        self.segments.push(SegmentCounts::default());
    }

    /// "Push onto the list of active formatting elements", with the Noah's Ark clause: if there
    /// are already three elements after the last marker with the same tag name, namespace and
    /// attributes, the earliest of them is removed.
    ///
    /// `token` describes the attributes of the token the element was created for; `fetch`
    /// gives the attributes of an element whose entry keeps none (the sink has them).
    pub fn push(
        &mut self,
        handle: H,
        id: u32,
        name: LocalName,
        token: TokenAttrs,
        fetch: impl Fn(&H) -> Vec<Attribute>,
    ) {
        let TokenAttrs {
            kept,
            count,
            fingerprint: fp,
        } = token;
        let segment = self.markers;
        // Fewer than three entries of this segment with this name and no attributes (or this
        // fingerprint): the clause cannot apply. Otherwise scan back to the marker, comparing
        // the fingerprint, then the name and the attribute count, and only then the attributes.
        let possible = if count == 0 {
            self.segments
                .get(segment as usize)
                .is_some_and(|c| c.bare[name_slot(&name)] >= 3)
        } else {
            self.fingerprint_counts
                .get(&key(segment, fp))
                .is_some_and(|&c| c >= 3)
        };
        if possible {
            let mine = match &kept {
                Some(a) => a.clone(),
                None => fetch(&handle),
            };
            let mut matches = 0;
            let mut earliest = None;
            for (i, e) in self.entries.iter().enumerate().rev() {
                match e {
                    Entry::Marker => break,
                    Entry::Element {
                        handle: h,
                        name: n,
                        attrs: a,
                        attr_count: c,
                        fingerprint: f,
                        ..
                    } => {
                        if *f == fp && *n == name && *c == count {
                            let same = match a {
                                Some(a) => same_attributes(a, &mine),
                                None => same_attributes(&fetch(h), &mine),
                            };
                            if same {
                                matches += 1;
                                earliest = Some(i);
                                if matches == 3 {
                                    // The clause keeps at most three equal entries after a
                                    // marker, so the third from the end is the earliest.
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            if matches >= 3 {
                if let Some(i) = earliest {
                    self.remove(i);
                }
            }
        }
        self.insert(
            self.entries.len(),
            Entry::Element {
                handle,
                id,
                name,
                attrs: kept,
                attr_count: count,
                fingerprint: fp,
                segment,
            },
        );
    }

    /// "Clear the list of active formatting elements up to the last marker".
    pub fn clear_to_last_marker(&mut self) {
        while let Some(e) = self.entries.pop() {
            match e {
                Entry::Marker => {
                    self.markers -= 1;
                    self.segments.pop();
                    break;
                }
                e => self.uncount(&e),
            }
        }
    }

    /// The index of the last element named `name` after the last marker.
    pub fn last_after_marker(&self, name: &LocalName) -> Option<usize> {
        if self
            .segments
            .get(self.markers as usize)
            .is_none_or(|c| c.names[name_slot(name)] == 0)
        {
            return None;
        }
        for (i, e) in self.entries.iter().enumerate().rev() {
            match e {
                Entry::Marker => return None,
                Entry::Element { name: n, .. } if n == name => return Some(i),
                _ => {}
            }
        }
        None
    }

    /// The index of the entry for the element whose stack entry has id `id` (O(1) when it has
    /// none).
    pub fn position(&self, id: u32) -> Option<usize> {
        if !self.is_listed(id) {
            return None;
        }
        self.entries
            .iter()
            .rposition(|e| matches!(e, Entry::Element { id: x, .. } if *x == id))
    }

    /// Whether the element with this stack-entry id has an entry.
    #[inline]
    pub fn is_listed(&self, id: u32) -> bool {
        self.listed.get(id as usize).copied().unwrap_or(false)
    }

    /// Removes the entry for this element, if any.
    pub fn remove_element(&mut self, id: u32) {
        if let Some(i) = self.position(id) {
            self.remove(i);
        }
    }

    /// Removes the entry at `i`.
    pub fn remove(&mut self, i: usize) -> Entry<H> {
        let e = self.entries.remove(i);
        match &e {
            Entry::Marker => {
                self.markers -= 1;
                self.segments.pop();
            }
            e => self.uncount(e),
        }
        e
    }

    /// Inserts an element entry at `i` (an insertion point after the last marker).
    pub fn insert(&mut self, i: usize, e: Entry<H>) {
        if let Entry::Element {
            fingerprint,
            segment,
            name,
            id,
            attr_count,
            ..
        } = &e
        {
            let slot = name_slot(name);
            let counts = self.segment_mut(*segment);
            counts.names[slot] += 1;
            if *attr_count == 0 {
                counts.bare[slot] += 1;
            } else {
                bump(&mut self.fingerprint_counts, key(*segment, *fingerprint));
            }
            self.set_listed(*id, true);
        }
        self.entries.insert(i, e);
    }

    /// Points the element entry at `i` at a new element (recreated by the reconstruct step or
    /// the adoption agency algorithm), keeping its token.
    pub fn set_element(&mut self, i: usize, new_handle: H, new_id: u32) {
        if let Entry::Element { id, .. } = &self.entries[i] {
            let old = *id;
            self.set_listed(old, false);
        }
        self.entries[i].set_element(new_handle, new_id);
        self.set_listed(new_id, true);
    }

    fn set_listed(&mut self, id: u32, on: bool) {
        let i = id as usize;
        if i >= self.listed.len() {
            if !on {
                return;
            }
            self.listed.resize(i + 1, false);
        }
        self.listed[i] = on;
    }

    fn uncount(&mut self, e: &Entry<H>) {
        if let Entry::Element {
            fingerprint,
            segment,
            name,
            id,
            attr_count,
            ..
        } = e
        {
            let slot = name_slot(name);
            let counts = self.segment_mut(*segment);
            counts.names[slot] = counts.names[slot].saturating_sub(1);
            if *attr_count == 0 {
                counts.bare[slot] = counts.bare[slot].saturating_sub(1);
            } else {
                unbump(&mut self.fingerprint_counts, key(*segment, *fingerprint));
            }
            let id = *id;
            self.set_listed(id, false);
        }
    }

    /// The counts of a segment, mutably (segments are created as markers are pushed).
    #[inline]
    fn segment_mut(&mut self, segment: u32) -> &mut SegmentCounts {
        let i = segment as usize;
        if i >= self.segments.len() {
            self.segments.resize(i + 1, SegmentCounts::default());
        }
        &mut self.segments[i]
    }
}

/// What the list keeps of a formatting element's token attributes.
pub(crate) struct TokenAttrs {
    /// A copy of the attributes, or `None` when the sink gives them back.
    pub kept: Option<Vec<Attribute>>,
    /// The number of attributes.
    pub count: usize,
    /// [`fingerprint`] of the name and attributes (0 without attributes).
    pub fingerprint: u64,
}

/// Whether two attribute lists hold the same attributes, in any order. Names are unique within
/// a list (the tokenizer drops duplicates), so long lists are compared sorted by name: linear
/// after sorting, never quadratic.
fn same_attributes(a: &[Attribute], b: &[Attribute]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.len() <= 8 {
        return a
            .iter()
            .all(|x| b.iter().any(|y| y.name == x.name && y.value == x.value));
    }
    fn sorted(list: &[Attribute]) -> Vec<&Attribute> {
        let mut v: Vec<&Attribute> = list.iter().collect();
        v.sort_unstable_by(|x, y| (x.name.ns, &x.name.local).cmp(&(y.name.ns, &y.name.local)));
        v
    }
    sorted(a)
        .iter()
        .zip(sorted(b).iter())
        .all(|(x, y)| x.name == y.name && x.value == y.value)
}

/// An order-independent hash of a tag name and its attributes (not cryptographic: equal
/// fingerprints are always confirmed by comparing the attributes).
pub(crate) fn fingerprint(name: &LocalName, attrs: &[Attribute]) -> u64 {
    let mut h = NameHasher::default();
    name.hash(&mut h);
    let mut acc = h.finish();
    for a in attrs {
        let mut h = NameHasher::default();
        a.name.hash(&mut h);
        h.write(a.value.as_bytes());
        acc = acc.wrapping_add(h.finish());
    }
    acc
}
