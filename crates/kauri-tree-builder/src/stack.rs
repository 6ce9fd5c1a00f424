//! The stack of open elements (§ the-stack-of-open-elements) and the "has an element in scope"
//! checks.
//!
//! Each entry keeps the element's handle, namespace, local name and category flags, so the tree
//! builder never asks the sink for names. A count of open HTML elements per local name answers
//! "is there any `x` on the stack?" in O(1), so a stray end tag or a scope check for an element
//! that is not open costs nothing however deep the stack is.

use crate::tag_sets::{element_flags, BUTTON_SCOPE, LIST_ITEM_SCOPE, SCOPE, TABLE_SCOPE};
use kauri_tokenizer::names::BuildNameHasher;
use kauri_tokenizer::{Attribute, LocalName, Namespace};
use std::collections::HashMap;

/// One element on the stack of open elements.
#[derive(Clone, Debug)]
pub(crate) struct OpenElement<H> {
    /// The sink's handle.
    pub handle: H,
    /// The namespace.
    pub ns: Namespace,
    /// The local name.
    pub name: LocalName,
    /// The category flags ([`crate::tag_sets`]).
    pub flags: u16,
    /// A number unique to this entry, for the O(1) "is it still open?" check of the list of
    /// active formatting elements.
    pub id: u32,
    /// The index of this entry's name in the stack's open-element counts (see
    /// [`Stack::fresh`]): pushing and popping the entry count without looking the name up.
    count_slot: u32,
}

impl<H> OpenElement<H> {
    /// True when this is the HTML element `name`.
    #[inline]
    pub fn is_html(&self, name: &LocalName) -> bool {
        self.ns == Namespace::Html && self.name == *name
    }

    /// True when the element has any of the flags.
    #[inline]
    pub fn has(&self, flags: u16) -> bool {
        self.flags & flags != 0
    }
}

/// The kinds of scope (§ the-stack-of-open-elements). `select` scope no longer exists (2025).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// "has an element in scope".
    Default,
    /// "has an element in list item scope".
    ListItem,
    /// "has an element in button scope".
    Button,
    /// "has an element in table scope".
    Table,
}

impl Scope {
    fn boundary(self) -> u16 {
        match self {
            Scope::Default => SCOPE,
            Scope::ListItem => LIST_ITEM_SCOPE,
            Scope::Button => BUTTON_SCOPE,
            Scope::Table => TABLE_SCOPE,
        }
    }
}

/// The number of entries of [`Stack`]'s slot cache (a power of two).
const SLOT_CACHE: usize = 64;

/// The slot cache index of an atom word: its top bits after a multiplicative hash.
#[inline]
fn slot_cache_index(word: u64) -> usize {
    (word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_CACHE.trailing_zeros())) as usize
}

/// An element name's count slot and category flags ([`Stack::classify`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NameClass {
    /// The index of the name in the stack's open-element counts.
    slot: u32,
    /// The category flags ([`crate::tag_sets`]).
    flags: u16,
}

/// An entry of [`Stack`]'s slot cache.
#[derive(Clone, Copy)]
struct CachedName {
    /// The HTML name's atom word (0: the entry is empty).
    word: u64,
    class: NameClass,
}

impl CachedName {
    const EMPTY: CachedName = CachedName {
        word: 0,
        class: NameClass { slot: 0, flags: 0 },
    };
}

/// The stack of open elements. Index 0 is the topmost (the `html` element); the last entry
/// is the current node.
pub(crate) struct Stack<H> {
    items: Vec<OpenElement<H>>,
    /// `counts[slot]`: how many entries whose name has that slot are open. A name gets its
    /// slot the first time an entry is made for it ([`Stack::fresh`]) and keeps it (slots are
    /// bounded by the number of distinct names), so push and pop index this vector and only
    /// an entry's creation and the by-name queries look a name up.
    counts: Vec<u32>,
    /// The slots of HTML element names, keyed by the name's atom word (one integer per name),
    /// for every name that is an atom.
    html_slots: HashMap<u64, u32, BuildNameHasher>,
    /// A direct-mapped cache in front of `html_slots`: each name's slot and flags at the index
    /// [`slot_cache_index`] gives its atom word; an empty entry has word 0, which no atom has.
    /// `SLOT_CACHE` entries (a slice, so that a dropped stack can hand it on, see [`NameSlots`]).
    slot_cache: Box<[CachedName]>,
    /// The same for the names that are not atoms (long custom element names).
    long_html_slots: HashMap<LocalName, u32, BuildNameHasher>,
    /// The slots of SVG and MathML elements, per ASCII-lowercased local name (for end tags in
    /// foreign content, which compare lowercased names).
    foreign_slots: HashMap<LocalName, u32, BuildNameHasher>,
    /// `open_ids[id]`: whether the entry with that id is on the stack.
    open_ids: Vec<bool>,
}

/// The name tables of a [`Stack`] that outlive it: which count slot each element name has and
/// its cached flags, the counts themselves (zeroed) and the id table (emptied). A name's slot
/// and an HTML name's flags are values, the same whichever document the name came from.
struct NameSlots {
    counts: Vec<u32>,
    html_slots: HashMap<u64, u32, BuildNameHasher>,
    slot_cache: Box<[CachedName]>,
    long_html_slots: HashMap<LocalName, u32, BuildNameHasher>,
    foreign_slots: HashMap<LocalName, u32, BuildNameHasher>,
    open_ids: Vec<bool>,
}

/// A dropped stack's name tables are kept for the next one only while they hold at most this
/// many names (so a thread that once parsed many custom element names does not keep them).
const SPARE_NAME_LIMIT: usize = 256;

thread_local! {
    /// The name tables of the last [`Stack`] dropped on this thread, for the next parser: a
    /// small fragment (a comment-sized `setHTML`) would otherwise spend more on making,
    /// growing and freeing these tables than on building its tree.
    static SPARE_NAME_SLOTS: std::cell::Cell<Option<NameSlots>> =
        const { std::cell::Cell::new(None) };
}

impl<H> Drop for Stack<H> {
    fn drop(&mut self) {
        if self.counts.len() > SPARE_NAME_LIMIT || self.open_ids.capacity() > 4 * SPARE_NAME_LIMIT {
            return;
        }
        let spare = NameSlots {
            counts: std::mem::take(&mut self.counts),
            html_slots: std::mem::take(&mut self.html_slots),
            slot_cache: std::mem::take(&mut self.slot_cache),
            long_html_slots: std::mem::take(&mut self.long_html_slots),
            foreign_slots: std::mem::take(&mut self.foreign_slots),
            open_ids: std::mem::take(&mut self.open_ids),
        };
        // (During thread teardown the slot may be gone: the tables are then just freed.)
        let _ = SPARE_NAME_SLOTS.try_with(|slot| slot.set(Some(spare)));
    }
}

impl<H: Clone + PartialEq> Stack<H> {
    /// An empty stack, with the name tables the last stack dropped on this thread left (see
    /// [`SPARE_NAME_SLOTS`]), their counts zeroed.
    pub fn new() -> Self {
        let spare = SPARE_NAME_SLOTS
            .try_with(std::cell::Cell::take)
            .ok()
            .flatten();
        let names = match spare {
            Some(mut names) => {
                names.counts.fill(0);
                names.open_ids.clear();
                names
            }
            None => NameSlots {
                counts: Vec::new(),
                html_slots: HashMap::default(),
                slot_cache: vec![CachedName::EMPTY; SLOT_CACHE].into_boxed_slice(),
                long_html_slots: HashMap::default(),
                foreign_slots: HashMap::default(),
                open_ids: Vec::new(),
            },
        };
        Stack {
            // Room for a small page's or fragment's nesting from the start: growing from
            // empty cost a small parse three reallocations.
            items: Vec::with_capacity(16),
            counts: names.counts,
            html_slots: names.html_slots,
            slot_cache: names.slot_cache,
            long_html_slots: names.long_html_slots,
            foreign_slots: names.foreign_slots,
            open_ids: names.open_ids,
        }
    }

    /// What [`Stack::fresh`] needs to know about an element named `name` in `ns` with the
    /// attributes `attrs`: its count slot (a new one for a new name) and its category flags
    /// ([`element_flags`]). Called before the element is created, while the caller still has
    /// the attributes.
    ///
    /// An HTML element's flags depend on its name alone, so for an HTML name that is an atom
    /// both come from the slot cache after the first element of that name.
    ///
    /// Inline (every element asks it): the usual answer, a slot cache hit, is a multiply and a
    /// compare; the rest is [`Stack::classify_uncached`].
    #[inline(always)]
    pub fn classify(&mut self, ns: Namespace, name: &LocalName, attrs: &[Attribute]) -> NameClass {
        if ns == Namespace::Html {
            if let Some(word) = name.atom_word() {
                let cached = &self.slot_cache[slot_cache_index(word)];
                if cached.word == word {
                    return cached.class;
                }
            }
        }
        self.classify_uncached(ns, name, attrs)
    }

    /// [`Stack::classify`] when the name is not in the slot cache.
    #[inline(never)]
    fn classify_uncached(
        &mut self,
        ns: Namespace,
        name: &LocalName,
        attrs: &[Attribute],
    ) -> NameClass {
        if ns == Namespace::Html {
            if let Some(word) = name.atom_word() {
                return self.classify_html_atom(word, name);
            }
        }
        let next = self.counts.len() as u32;
        let slot = if ns == Namespace::Html {
            self.long_html_slot(name, next)
        } else {
            *self
                .foreign_slots
                .entry(name.to_ascii_lowercase())
                .or_insert(next)
        };
        if slot == next {
            self.counts.push(0);
        }
        NameClass {
            slot,
            flags: element_flags(ns, name, attrs),
        }
    }

    /// [`Stack::classify`] for an HTML name that is an atom and is not in the slot cache.
    #[inline(never)]
    fn classify_html_atom(&mut self, word: u64, name: &LocalName) -> NameClass {
        let next = self.counts.len() as u32;
        let slot = *self.html_slots.entry(word).or_insert(next);
        if slot == next {
            self.counts.push(0);
        }
        let class = NameClass {
            slot,
            flags: element_flags(Namespace::Html, name, &[]),
        };
        self.slot_cache[slot_cache_index(word)] = CachedName { word, class };
        class
    }

    /// A new entry (not yet pushed) with a fresh id, for an element whose name `classify`
    /// gave `class`.
    pub fn fresh(
        &mut self,
        handle: H,
        ns: Namespace,
        name: LocalName,
        class: NameClass,
    ) -> OpenElement<H> {
        let id = self.open_ids.len() as u32;
        self.open_ids.push(false);
        OpenElement {
            handle,
            ns,
            name,
            flags: class.flags,
            id,
            count_slot: class.slot,
        }
    }

    /// [`Stack::fresh`] and [`Stack::push`] in one, for an element whose name `classify` gave
    /// `class`: the entry is written straight into the stack, marked open and counted.
    #[inline]
    pub fn push_fresh(&mut self, handle: H, ns: Namespace, name: LocalName, class: NameClass) {
        let id = self.open_ids.len() as u32;
        self.open_ids.push(true);
        if let Some(c) = self.counts.get_mut(class.slot as usize) {
            *c += 1;
        }
        self.items.reserve(1);
        self.items.push(OpenElement {
            handle,
            ns,
            name,
            flags: class.flags,
            id,
            count_slot: class.slot,
        });
    }

    /// The count slot of an HTML name that is not an atom (kept out of the hot path).
    #[cold]
    #[inline(never)]
    fn long_html_slot(&mut self, name: &LocalName, next: u32) -> u32 {
        *self.long_html_slots.entry(name.clone()).or_insert(next)
    }

    /// Whether the entry with this id is on the stack.
    #[inline]
    pub fn is_open(&self, id: u32) -> bool {
        self.open_ids.get(id as usize).copied().unwrap_or(false)
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    #[inline]
    pub fn get(&self, i: usize) -> &OpenElement<H> {
        &self.items[i]
    }

    /// The current node (the bottommost entry), if any.
    #[inline]
    pub fn current(&self) -> Option<&OpenElement<H>> {
        self.items.last()
    }

    /// True when the current node is the HTML element `name`.
    #[inline]
    pub fn current_is(&self, name: &LocalName) -> bool {
        self.items.last().is_some_and(|e| e.is_html(name))
    }

    #[inline]
    fn count_add(&mut self, e: &OpenElement<H>) {
        if let Some(o) = self.open_ids.get_mut(e.id as usize) {
            *o = true;
        }
        if let Some(c) = self.counts.get_mut(e.count_slot as usize) {
            *c += 1;
        }
    }

    #[inline]
    fn count_sub(&mut self, e: &OpenElement<H>) {
        if let Some(o) = self.open_ids.get_mut(e.id as usize) {
            *o = false;
        }
        if let Some(c) = self.counts.get_mut(e.count_slot as usize) {
            *c = c.saturating_sub(1);
        }
    }

    /// The count in `slot` (0 for none).
    #[inline]
    fn count(&self, slot: Option<u32>) -> u32 {
        slot.and_then(|slot| self.counts.get(slot as usize))
            .copied()
            .unwrap_or(0)
    }

    /// [`Stack::html_count`] for a name that is not an atom.
    #[cold]
    #[inline(never)]
    fn long_count(&self, name: &LocalName) -> u32 {
        self.count(self.long_html_slots.get(name).copied())
    }

    pub fn push(&mut self, e: OpenElement<H>) {
        self.count_add(&e);
        self.items.push(e);
    }

    /// Removes the current node. The caller tells the sink ([`crate::TreeSink::pop`]).
    pub fn pop(&mut self) -> Option<OpenElement<H>> {
        let e = self.items.pop()?;
        self.count_sub(&e);
        Some(e)
    }

    /// Removes the entry at `i` (not a pop: the sink is not told).
    pub fn remove(&mut self, i: usize) -> OpenElement<H> {
        let e = self.items.remove(i);
        self.count_sub(&e);
        e
    }

    /// Inserts an entry at `i`.
    pub fn insert(&mut self, i: usize, e: OpenElement<H>) {
        self.count_add(&e);
        self.items.insert(i, e);
    }

    /// Replaces the entry at `i`.
    pub fn replace(&mut self, i: usize, e: OpenElement<H>) {
        let old = std::mem::replace(&mut self.items[i], e);
        self.count_sub(&old);
        let new = self.items[i].clone();
        self.count_add(&new);
    }

    /// How many HTML elements named `name` are open. Inline everywhere: the rules ask it for
    /// constant names, whose slot cache index is then a constant too.
    #[inline(always)]
    pub fn html_count(&self, name: &LocalName) -> u32 {
        match name.atom_word() {
            Some(word) => {
                let cached = &self.slot_cache[slot_cache_index(word)];
                if cached.word == word {
                    return self.count(Some(cached.class.slot));
                }
                self.count(self.html_slots.get(&word).copied())
            }
            None => self.long_count(name),
        }
    }

    /// Whether an SVG or MathML element whose lowercased local name is `name` is open.
    #[inline]
    pub fn contains_foreign_lowercase(&self, name: &LocalName) -> bool {
        self.count(self.foreign_slots.get(name).copied()) > 0
    }

    /// Whether an HTML element named `name` is on the stack.
    #[inline(always)]
    pub fn contains_html(&self, name: &LocalName) -> bool {
        self.html_count(name) > 0
    }

    /// The index of the bottommost (nearest the current node) entry with this handle.
    pub fn position(&self, handle: &H) -> Option<usize> {
        self.items.iter().rposition(|e| e.handle == *handle)
    }

    /// [`Stack::position`] for the entry with this id and handle: `None` at once when that
    /// entry is not open.
    pub fn position_of(&self, id: u32, handle: &H) -> Option<usize> {
        if !self.is_open(id) {
            return None;
        }
        self.items
            .iter()
            .rposition(|e| e.id == id && e.handle == *handle)
    }

    /// The index of the bottommost HTML element named `name`.
    pub fn position_html(&self, name: &LocalName) -> Option<usize> {
        if !self.contains_html(name) {
            return None;
        }
        self.items.iter().rposition(|e| e.is_html(name))
    }

    /// "Has an element in the specific scope": an HTML element named `name`. The count test
    /// is inline (usually no such element is open); the scan is
    /// [`Stack::in_scope_scan`].
    #[inline(always)]
    pub fn in_scope(&self, name: &LocalName, scope: Scope) -> bool {
        self.contains_html(name) && self.in_scope_scan(name, scope)
    }

    /// [`Stack::in_scope`] when an HTML element named `name` is open.
    fn in_scope_scan(&self, name: &LocalName, scope: Scope) -> bool {
        let boundary = scope.boundary();
        for e in self.items.iter().rev() {
            if e.is_html(name) {
                return true;
            }
            if e.has(boundary) {
                return false;
            }
        }
        false
    }

    /// "Has an element in the specific scope" for any of the HTML elements `names`.
    pub fn any_in_scope(&self, scope: Scope, names: &[LocalName]) -> bool {
        if !names.iter().any(|n| self.contains_html(n)) {
            return false;
        }
        let boundary = scope.boundary();
        for e in self.items.iter().rev() {
            if e.ns == Namespace::Html && names.contains(&e.name) {
                return true;
            }
            if e.has(boundary) {
                return false;
            }
        }
        false
    }

    /// "Has an element in scope" for this very element.
    pub fn handle_in_scope(&self, handle: &H) -> bool {
        for e in self.items.iter().rev() {
            if e.handle == *handle {
                return true;
            }
            if e.has(SCOPE) {
                return false;
            }
        }
        false
    }

    pub fn iter(&self) -> std::slice::Iter<'_, OpenElement<H>> {
        self.items.iter()
    }
}
