//! The list of active formatting elements (§ the-list-of-active-formatting-elements).
//!
//! The list answers a few questions again and again: is there an `a` after the last marker
//! (and which), would a new element be the fourth equal one after the last marker (the Noah's
//! Ark clause), does the element with a given stack-entry id have an entry. On ordinary pages
//! it holds a handful of entries, and plain backward scans answer these faster than any index
//! could be kept up to date. Hostile input can make it as long as the input, though (thousands
//! of unclosed `<b id=N>`), and then every scan would make the parse quadratic.
//!
//! So the list has two modes. *Plain* (fewer than [`INDEX_AT`] entries): no bookkeeping beyond
//! the entries and the marker count; questions are answered by scanning. *Indexed* (entered
//! when the list reaches [`INDEX_AT`] entries, in one pass over it; left, again in one pass,
//! when it shrinks below [`UNINDEX_BELOW`], so that a list oscillating around the threshold
//! pays O(1) amortized per change): counts that make each question O(1) however long the list
//! grows, kept exact by every change. They are how many entries after each marker have a given
//! tag name, how many have a given name and no attributes, how many have a given name and
//! attribute set (by [`fingerprint`]; the Noah's Ark clause only scans when three could
//! match), and whether the element with a given stack-entry id has an entry at all. Counts are
//! per *segment* (the number of markers before an entry), so entries hidden behind a marker
//! never trigger a scan. Fingerprints are computed only in indexed mode: those of the entries
//! already in the list on the first push with attributes after the list was indexed, then that
//! of each new entry.

use kauri_tokenizer::names::layer_hash::{hash_word, NameHasher};
use kauri_tokenizer::names::BuildNameHasher;
use kauri_tokenizer::{local_name, Attribute, LocalName};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// The length at which the list builds its indexes (plain scans of up to this many entries
/// cost less than keeping the counts on ordinary pages).
pub(crate) const INDEX_AT: usize = 32;

/// The length below which an indexed list drops its indexes (half of [`INDEX_AT`], so that each
/// build or drop is paid for by at least [`INDEX_AT`] / 2 changes of the list).
pub(crate) const UNINDEX_BELOW: usize = INDEX_AT / 2;

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
        /// [`fingerprint`] of the name and the attribute set, once computed (only an indexed
        /// list computes it, and only for an entry with attributes), so that the Noah's Ark
        /// scan compares integers before it compares attributes.
        fingerprint: Option<u64>,
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
    /// Whether the list is indexed: `segments` and `listed` are exact (and `fingerprint_counts`
    /// too when it is `Some`). A plain list keeps `segments` empty, `listed` all false and
    /// `fingerprint_counts` `None`.
    indexed: bool,
    /// Per segment (index: the number of markers before it), entries per name; `None` for a
    /// segment that never held an entry, so that a marker costs a word, not 120 bytes of counts
    /// (nested templates or table cells push a marker each: `<template>x` repeated held 24% of
    /// its peak memory in empty counts).
    segments: Vec<Option<Box<SegmentCounts>>>,
    /// Element entries *with attributes* per (segment, fingerprint): built on the first push
    /// with attributes into an indexed list.
    fingerprint_counts: Option<Counts>,
    /// `listed[id]`: the element whose stack entry has this id has an entry in the list.
    listed: Vec<bool>,
}

/// The key of a (segment, fingerprint) count. The counts' map hashes a key with one multiply
/// and takes a slot from the product's low bits, which depend only on the key's low bits; a
/// fingerprint (a sum of products) is well mixed in its high bits only, so they are rotated
/// down. Without that, the fingerprints of `<b id=N>` for N = 0, 1, 2, ... crowd into a few
/// slots and each count costs a probe sequence as long as the list.
#[inline]
fn key(segment: u32, x: u64) -> u64 {
    (x ^ hash_word(u64::from(segment))).rotate_left(32)
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
            indexed: false,
            segments: Vec::new(),
            fingerprint_counts: None,
            listed: Vec::new(),
        }
    }

    pub fn push_marker(&mut self) {
        self.entries.push(Entry::Marker);
        self.markers += 1;
        if self.indexed {
            self.segments.push(None);
        } else {
            self.grown();
        }
    }

    /// "Push onto the list of active formatting elements", with the Noah's Ark clause: if there
    /// are already three elements after the last marker with the same tag name, namespace and
    /// attributes, the earliest of them is removed.
    ///
    /// `token` gives the attributes of the token the element was created for; `fetch` gives
    /// the attributes of an element whose entry keeps none (the sink has them).
    ///
    /// The usual case is inline: a plain list with no element after its last marker (most
    /// formatting elements open while no other is), where the clause cannot apply and no
    /// fingerprint is kept. The rest is [`ActiveFormatting::push_after_elements`]. Always
    /// inline: with `#[inline]` the compiler kept it out of line, a call per formatting start
    /// tag.
    #[inline(always)]
    pub fn push(
        &mut self,
        handle: H,
        id: u32,
        name: LocalName,
        token: TokenAttrs<'_>,
        fetch: impl Fn(&H) -> Vec<Attribute>,
    ) {
        if self.indexed || matches!(self.entries.last(), Some(Entry::Element { .. })) {
            self.push_after_elements(handle, id, name, token, fetch);
            return;
        }
        let count = token.attrs.len();
        let attrs = (token.keep && count > 0).then(|| token.attrs.to_vec());
        self.entries.reserve(1);
        self.entries.push(Entry::Element {
            handle,
            id,
            name,
            attrs,
            attr_count: count,
            fingerprint: None,
            segment: self.markers,
        });
        self.grown();
    }

    /// [`ActiveFormatting::push`] into an indexed list or after an element entry.
    #[inline(never)]
    fn push_after_elements(
        &mut self,
        handle: H,
        id: u32,
        name: LocalName,
        token: TokenAttrs<'_>,
        fetch: impl Fn(&H) -> Vec<Attribute>,
    ) {
        let mine = token.attrs;
        let count = mine.len();
        let segment = self.markers;
        let mut fp = None;
        if self.indexed && count > 0 {
            if self.fingerprint_counts.is_none() {
                self.build_fingerprint_counts(&fetch);
            }
            fp = Some(fingerprint(&name, mine));
        }
        if let Some(i) = self.earliest_of_three(&name, mine, fp, &fetch) {
            self.remove(i);
        }
        let attrs = (token.keep && count > 0).then(|| mine.to_vec());
        let e = Entry::Element {
            handle,
            id,
            name,
            attrs,
            attr_count: count,
            fingerprint: fp,
            segment,
        };
        if self.indexed {
            self.count(&e);
            self.entries.push(e);
        } else {
            self.entries.push(e);
            self.grown();
        }
    }

    /// The Noah's Ark clause's question: the index of the earliest of three elements after the
    /// last marker with tag name `name` and attributes `mine` (`fp`, their fingerprint, when
    /// the list is indexed), if there are three.
    fn earliest_of_three(
        &self,
        name: &LocalName,
        mine: &[Attribute],
        fp: Option<u64>,
        fetch: &impl Fn(&H) -> Vec<Attribute>,
    ) -> Option<usize> {
        let count = mine.len();
        // Fewer than three entries of this segment with this name and no attributes (or this
        // fingerprint, or, in a plain list, this name and attribute count): the clause cannot
        // apply, and no attributes need fetching.
        let possible = if self.indexed {
            let segment = self.markers;
            match fp {
                None => self
                    .segment(segment)
                    .is_some_and(|c| c.bare[name_slot(name)] >= 3),
                Some(fp) => self
                    .fingerprint_counts
                    .as_ref()
                    .and_then(|counts| counts.get(&key(segment, fp)))
                    .is_some_and(|&c| c >= 3),
            }
        } else {
            let mut candidates = 0;
            for e in self.entries.iter().rev() {
                match e {
                    Entry::Marker => break,
                    Entry::Element {
                        name: n,
                        attr_count: c,
                        ..
                    } => {
                        if n == name && *c == count {
                            candidates += 1;
                        }
                    }
                }
            }
            candidates >= 3
        };
        if !possible {
            return None;
        }
        // Scan back to the marker, comparing the fingerprint (when known), then the name and
        // the attribute count, and only then the attributes.
        let mut matches = 0;
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
                    if n != name || *c != count {
                        continue;
                    }
                    if let (Some(f), Some(fp)) = (f, fp) {
                        if *f != fp {
                            continue;
                        }
                    }
                    let same = count == 0
                        || match a {
                            Some(a) => same_attributes(a, mine),
                            None => same_attributes(&fetch(h), mine),
                        };
                    if same {
                        matches += 1;
                        if matches == 3 {
                            // The clause keeps at most three equal entries after a marker, so
                            // the third from the end is the earliest.
                            return Some(i);
                        }
                    }
                }
            }
        }
        None
    }

    /// "Clear the list of active formatting elements up to the last marker".
    pub fn clear_to_last_marker(&mut self) {
        while let Some(e) = self.entries.pop() {
            match e {
                Entry::Marker => {
                    self.markers -= 1;
                    if self.indexed {
                        self.segments.pop();
                    }
                    break;
                }
                e => {
                    if self.indexed {
                        self.uncount(&e);
                    }
                }
            }
        }
        if self.indexed {
            self.shrunk();
        }
    }

    /// The index of the last element named `name` after the last marker.
    #[inline]
    pub fn last_after_marker(&self, name: &LocalName) -> Option<usize> {
        if self.indexed
            && self
                .segment(self.markers)
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

    /// The index of the entry for the element whose stack entry has id `id` (in an indexed
    /// list, O(1) when it has none).
    pub fn position(&self, id: u32) -> Option<usize> {
        if self.indexed && !self.listed.get(id as usize).copied().unwrap_or(false) {
            return None;
        }
        self.entries
            .iter()
            .rposition(|e| matches!(e, Entry::Element { id: x, .. } if *x == id))
    }

    /// Whether the element with this stack-entry id has an entry.
    #[inline]
    pub fn is_listed(&self, id: u32) -> bool {
        if self.indexed {
            self.listed.get(id as usize).copied().unwrap_or(false)
        } else {
            // From the end: the entry asked about is usually one of the last.
            self.entries
                .iter()
                .rev()
                .any(|e| matches!(e, Entry::Element { id: x, .. } if *x == id))
        }
    }

    /// Removes the entry for this element, if any.
    pub fn remove_element(&mut self, id: u32) {
        if let Some(i) = self.position(id) {
            self.remove(i);
        }
    }

    /// Removes the last entry, an element's (the adoption agency's usual case). The same as
    /// `remove(len - 1)`, without returning the entry. Inline (the adoption agency's usual
    /// case calls it once per formatting end tag); a long, indexed list is out of line.
    /// An unindexed list drops the entry where it lies (`truncate`) instead of moving it out
    /// first: `pop` copies all 88 bytes to the stack for the drop.
    #[inline]
    pub fn remove_last(&mut self) {
        if self.indexed {
            self.remove_last_indexed();
            return;
        }
        let Some(e) = self.entries.last() else {
            return;
        };
        if let Entry::Marker = e {
            self.markers -= 1;
        }
        self.entries.truncate(self.entries.len() - 1);
    }

    /// [`ActiveFormatting::remove_last`] for an indexed list (a long one).
    #[inline(never)]
    fn remove_last_indexed(&mut self) {
        let Some(e) = self.entries.pop() else {
            return;
        };
        match &e {
            Entry::Marker => {
                self.markers -= 1;
                self.segments.pop();
            }
            e => self.uncount(e),
        }
        self.shrunk();
    }

    /// Removes the entry at `i`.
    pub fn remove(&mut self, i: usize) -> Entry<H> {
        let e = self.entries.remove(i);
        match &e {
            Entry::Marker => {
                self.markers -= 1;
                if self.indexed {
                    self.segments.pop();
                }
            }
            e => {
                if self.indexed {
                    self.uncount(e);
                }
            }
        }
        if self.indexed {
            self.shrunk();
        }
        e
    }

    /// Inserts an element entry at `i` (an insertion point after the last marker).
    pub fn insert(&mut self, i: usize, e: Entry<H>) {
        if self.indexed {
            self.count(&e);
        }
        self.entries.insert(i, e);
        self.grown();
    }

    /// After the list gained an entry: a plain list of [`INDEX_AT`] entries builds its indexes.
    #[inline]
    fn grown(&mut self) {
        if !self.indexed && self.entries.len() >= INDEX_AT {
            self.build_indexes();
        }
    }

    /// Points the element entry at `i` at a new element (recreated by the reconstruct step or
    /// the adoption agency algorithm), keeping its token.
    pub fn set_element(&mut self, i: usize, new_handle: H, new_id: u32) {
        if self.indexed {
            if let Entry::Element { id, .. } = &self.entries[i] {
                let old = *id;
                self.set_listed(old, false);
            }
            self.set_listed(new_id, true);
        }
        self.entries[i].set_element(new_handle, new_id);
    }

    /// Indexes the list (plain until now) in one pass over its entries. Fingerprints wait for
    /// the next push with attributes ([`ActiveFormatting::build_fingerprint_counts`]).
    fn build_indexes(&mut self) {
        self.indexed = true;
        self.segments.clear();
        self.segments.resize(self.markers as usize + 1, None);
        self.fingerprint_counts = None;
        let entries = std::mem::take(&mut self.entries);
        for e in &entries {
            self.count(e);
        }
        self.entries = entries;
    }

    /// Computes the fingerprint of every entry with attributes that has none yet, and counts
    /// them per (segment, fingerprint), in one pass (indexed list only).
    fn build_fingerprint_counts(&mut self, fetch: &impl Fn(&H) -> Vec<Attribute>) {
        let mut counts = Counts::default();
        for e in &mut self.entries {
            if let Entry::Element {
                handle,
                name,
                attrs,
                attr_count,
                fingerprint: f,
                segment,
                ..
            } = e
            {
                if *attr_count == 0 {
                    continue;
                }
                let fp = match (*f, attrs) {
                    (Some(fp), _) => fp,
                    (None, Some(a)) => fingerprint(name, a),
                    (None, None) => fingerprint(name, &fetch(handle)),
                };
                *f = Some(fp);
                bump(&mut counts, key(*segment, fp));
            }
        }
        self.fingerprint_counts = Some(counts);
    }

    /// After an indexed list lost entries: shorter than [`UNINDEX_BELOW`], it drops its indexes
    /// (in one pass over its entries) and becomes plain.
    fn shrunk(&mut self) {
        if self.entries.len() >= UNINDEX_BELOW {
            return;
        }
        self.indexed = false;
        for e in &self.entries {
            if let Entry::Element { id, .. } = e {
                if let Some(on) = self.listed.get_mut(*id as usize) {
                    *on = false;
                }
            }
        }
        self.segments.clear();
        // Dropped rather than cleared: clearing costs as much as the map's largest size.
        self.fingerprint_counts = None;
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

    /// Adds an element entry to the counts (indexed list only).
    fn count(&mut self, e: &Entry<H>) {
        self.adjust_counts(e, true);
    }

    /// Removes an element entry from the counts (indexed list only).
    fn uncount(&mut self, e: &Entry<H>) {
        self.adjust_counts(e, false);
    }

    /// [`ActiveFormatting::count`] (`add`) or [`ActiveFormatting::uncount`].
    fn adjust_counts(&mut self, e: &Entry<H>, add: bool) {
        if let Entry::Element {
            fingerprint,
            segment,
            name,
            id,
            attr_count,
            ..
        } = e
        {
            let step = |c: &mut u32| *c = if add { *c + 1 } else { c.saturating_sub(1) };
            let slot = name_slot(name);
            let counts = self.segment_mut(*segment);
            step(&mut counts.names[slot]);
            if *attr_count == 0 {
                step(&mut counts.bare[slot]);
            } else if let Some(fp_counts) = &mut self.fingerprint_counts {
                match fingerprint {
                    Some(fp) if add => bump(fp_counts, key(*segment, *fp)),
                    Some(fp) => unbump(fp_counts, key(*segment, *fp)),
                    // Not computed (never happens: an entry leaves an indexed list and comes
                    // back only within one step of the adoption agency algorithm): the next
                    // push with attributes counts again.
                    None => self.fingerprint_counts = None,
                }
            }
            self.set_listed(*id, add);
        }
    }

    /// The counts of a segment, if it ever held an entry.
    #[inline]
    fn segment(&self, segment: u32) -> Option<&SegmentCounts> {
        self.segments.get(segment as usize)?.as_deref()
    }

    /// The counts of a segment, mutably (segments are created as markers are pushed, their
    /// counts when they get their first entry).
    #[inline]
    fn segment_mut(&mut self, segment: u32) -> &mut SegmentCounts {
        let i = segment as usize;
        if i >= self.segments.len() {
            self.segments.resize(i + 1, None);
        }
        self.segments[i].get_or_insert_with(Box::default)
    }
}

/// The attributes of a formatting element's token, as [`ActiveFormatting::push`] takes them.
pub(crate) struct TokenAttrs<'a> {
    /// The attributes.
    pub attrs: &'a [Attribute],
    /// Whether the entry keeps a copy of them (false when the sink gives them back).
    pub keep: bool,
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
fn fingerprint(name: &LocalName, attrs: &[Attribute]) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use kauri_tokenizer::AttrName;

    /// An entry of the list as the standard describes it (plain scans only, no counts).
    #[derive(Clone, Debug, PartialEq)]
    enum Model {
        Marker,
        Element {
            handle: u32,
            id: u32,
            name: LocalName,
            attrs: Vec<Attribute>,
        },
    }

    /// A small xorshift generator (the tests need no crate for randomness).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    fn attr(name: &str, value: &str) -> Attribute {
        Attribute {
            name: AttrName::new(LocalName::from(name)),
            value: value.to_string(),
        }
    }

    /// Attribute sets that the Noah's Ark clause must tell apart (or not: the last two are the
    /// same set in another order).
    fn attribute_sets() -> Vec<Vec<Attribute>> {
        vec![
            vec![],
            vec![attr("id", "1")],
            vec![attr("id", "2")],
            vec![attr("class", "x"), attr("id", "1")],
            vec![attr("id", "1"), attr("class", "x")],
        ]
    }

    fn sorted(attrs: &[Attribute]) -> Vec<(String, String)> {
        let mut v: Vec<_> = attrs
            .iter()
            .map(|a| (a.name.local.to_string(), a.value.clone()))
            .collect();
        v.sort();
        v
    }

    /// "Push onto the list of active formatting elements" on the model, word for word.
    fn model_push(model: &mut Vec<Model>, entry: Model) {
        let Model::Element { name, attrs, .. } = &entry else {
            unreachable!("an element entry")
        };
        let start = model
            .iter()
            .rposition(|e| *e == Model::Marker)
            .map_or(0, |i| i + 1);
        let same: Vec<usize> = (start..model.len())
            .filter(|&i| match &model[i] {
                Model::Element {
                    name: n, attrs: a, ..
                } => n == name && sorted(a) == sorted(attrs),
                Model::Marker => false,
            })
            .collect();
        if same.len() >= 3 {
            model.remove(same[0]);
        }
        model.push(entry);
    }

    fn as_model(list: &ActiveFormatting<u32>, sink: &HashMap<u32, Vec<Attribute>>) -> Vec<Model> {
        list.entries
            .iter()
            .map(|e| match e {
                Entry::Marker => Model::Marker,
                Entry::Element {
                    handle,
                    id,
                    name,
                    attrs,
                    ..
                } => Model::Element {
                    handle: *handle,
                    id: *id,
                    name: name.clone(),
                    attrs: attrs.clone().unwrap_or_else(|| sink[handle].clone()),
                },
            })
            .collect()
    }

    /// The indexes of an indexed list are exactly those a fresh build gives; a plain list has
    /// none.
    fn check_indexes(list: &ActiveFormatting<u32>) {
        let markers = list
            .entries
            .iter()
            .filter(|e| matches!(e, Entry::Marker))
            .count();
        assert_eq!(list.markers as usize, markers);
        if !list.indexed {
            assert!(list.segments.is_empty());
            assert!(list.fingerprint_counts.is_none());
            assert!(list.listed.iter().all(|on| !on));
            return;
        }
        let mut names = vec![[0u32; NAME_SLOTS]; markers + 1];
        let mut bare = vec![[0u32; NAME_SLOTS]; markers + 1];
        let mut fingerprints = Counts::default();
        let mut listed = 0;
        for e in &list.entries {
            if let Entry::Element {
                id,
                name,
                attr_count,
                fingerprint,
                segment,
                ..
            } = e
            {
                let s = *segment as usize;
                names[s][name_slot(name)] += 1;
                if *attr_count == 0 {
                    bare[s][name_slot(name)] += 1;
                } else if list.fingerprint_counts.is_some() {
                    bump(&mut fingerprints, key(*segment, fingerprint.unwrap()));
                }
                assert!(list.listed[*id as usize]);
                listed += 1;
            }
        }
        assert_eq!(list.listed.iter().filter(|on| **on).count(), listed);
        assert_eq!(list.segments.len(), markers + 1);
        for (s, counts) in list.segments.iter().enumerate() {
            let zero = SegmentCounts::default();
            let counts = counts.as_deref().unwrap_or(&zero);
            assert_eq!(counts.names, names[s]);
            assert_eq!(counts.bare, bare[s]);
        }
        if let Some(counts) = &list.fingerprint_counts {
            assert_eq!(*counts, fingerprints);
        }
    }

    /// Random pushes, markers, clears, removals and adoption-agency-like moves, the list
    /// growing past [`INDEX_AT`] and shrinking below [`UNINDEX_BELOW`] again and again: after
    /// every step the list holds what the model holds, answers every question as the model
    /// does, and its indexes are exact.
    fn indexed_and_plain_lists_agree(seed: u64, keep: bool) {
        let names: Vec<LocalName> = ["a", "b", "font", "nobr"]
            .iter()
            .map(|n| LocalName::from(*n))
            .collect();
        let sets = attribute_sets();
        let mut rng = Rng(seed);
        let mut list = ActiveFormatting::<u32>::new();
        let mut model: Vec<Model> = Vec::new();
        let mut sink: HashMap<u32, Vec<Attribute>> = HashMap::new();
        let mut next = 0u32;
        let mut growing = true;
        let (mut built, mut dropped) = (0, 0);
        for _ in 0..4000 {
            let was_indexed = list.indexed;
            if model.len() > 2 * INDEX_AT {
                growing = false;
            } else if model.len() < UNINDEX_BELOW / 2 {
                growing = true;
            }
            let roll = rng.below(100);
            let after_marker = model
                .iter()
                .rposition(|e| *e == Model::Marker)
                .map_or(0, |i| i + 1);
            let elements_after: Vec<usize> = (after_marker..model.len()).collect();
            if roll < 4 {
                list.push_marker();
                model.push(Model::Marker);
            } else if roll < if growing { 80 } else { 30 } {
                let name = names[rng.below(names.len())].clone();
                let attrs = sets[rng.below(sets.len())].clone();
                let (handle, id) = (next, next);
                next += 1;
                sink.insert(handle, attrs.clone());
                let token = TokenAttrs {
                    attrs: &attrs,
                    keep,
                };
                list.push(handle, id, name.clone(), token, |h| sink[h].clone());
                model_push(
                    &mut model,
                    Model::Element {
                        handle,
                        id,
                        name,
                        attrs,
                    },
                );
            } else if roll < 34 {
                list.clear_to_last_marker();
                while let Some(e) = model.pop() {
                    if e == Model::Marker {
                        break;
                    }
                }
            } else if roll < 70 {
                // Remove an element by id (sometimes one that has no entry).
                let ids: Vec<u32> = model
                    .iter()
                    .filter_map(|e| match e {
                        Model::Element { id, .. } => Some(*id),
                        Model::Marker => None,
                    })
                    .collect();
                let id = if ids.is_empty() || rng.below(10) == 0 {
                    rng.below(next as usize + 1) as u32
                } else {
                    ids[rng.below(ids.len())]
                };
                list.remove_element(id);
                if let Some(i) = model
                    .iter()
                    .rposition(|e| matches!(e, Model::Element { id: x, .. } if *x == id))
                {
                    model.remove(i);
                }
            } else if roll < 85 && !elements_after.is_empty() {
                // The adoption agency's step 4.20: take an element out, point it at a new
                // element, insert it back after the last marker.
                let i = elements_after[rng.below(elements_after.len())];
                let mut e = list.remove(i);
                let Model::Element {
                    handle,
                    name,
                    attrs,
                    ..
                } = model.remove(i)
                else {
                    unreachable!("an element entry")
                };
                let (new_handle, new_id) = (next, next);
                next += 1;
                sink.insert(new_handle, sink[&handle].clone());
                e.set_element(new_handle, new_id);
                let at = after_marker + rng.below(model.len() - after_marker + 1);
                list.insert(at, e);
                model.insert(
                    at,
                    Model::Element {
                        handle: new_handle,
                        id: new_id,
                        name,
                        attrs,
                    },
                );
            } else if !elements_after.is_empty() {
                // The reconstruct step: point an entry at a new element.
                let i = elements_after[rng.below(elements_after.len())];
                let (new_handle, new_id) = (next, next);
                next += 1;
                if let Model::Element { handle, id, .. } = &mut model[i] {
                    sink.insert(new_handle, sink[handle].clone());
                    *handle = new_handle;
                    *id = new_id;
                }
                list.set_element(i, new_handle, new_id);
            }
            match (was_indexed, list.indexed) {
                (false, true) => built += 1,
                (true, false) => dropped += 1,
                _ => {}
            }
            assert_eq!(as_model(&list, &sink), model);
            check_indexes(&list);
            for name in &names {
                let expected = model[after_marker_of(&model)..]
                    .iter()
                    .rposition(|e| matches!(e, Model::Element { name: n, .. } if n == name))
                    .map(|i| i + after_marker_of(&model));
                assert_eq!(list.last_after_marker(name), expected, "{name}");
            }
            for id in next.saturating_sub(2 * INDEX_AT as u32)..=next {
                let expected = model
                    .iter()
                    .rposition(|e| matches!(e, Model::Element { id: x, .. } if *x == id));
                assert_eq!(list.position(id), expected);
                assert_eq!(list.is_listed(id), expected.is_some());
            }
        }
        assert!(
            built >= 3 && dropped >= 3,
            "built {built}, dropped {dropped}"
        );
    }

    /// The index just after the model's last marker (0 without one).
    fn after_marker_of(model: &[Model]) -> usize {
        model
            .iter()
            .rposition(|e| *e == Model::Marker)
            .map_or(0, |i| i + 1)
    }

    #[test]
    fn indexed_and_plain_lists_agree_with_kept_attributes() {
        for seed in [1u64, 2, 3] {
            indexed_and_plain_lists_agree(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), true);
        }
    }

    #[test]
    fn indexed_and_plain_lists_agree_with_attributes_from_the_sink() {
        for seed in [4u64, 5, 6] {
            indexed_and_plain_lists_agree(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), false);
        }
    }
}
