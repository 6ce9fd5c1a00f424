//! The storage an [`Arena`](crate::Arena) keeps beside its nodes: texts, comments, doctype and
//! processing-instruction strings, attribute lists and values, and source ranges, in one bump
//! allocator; long names and the maps of [`Element::attrs`](crate::Element::attrs) in lists
//! the store owns.
//!
//! Nothing in the bump allocator is ever dropped (it frees its chunks, whole, when the store
//! is dropped), so only data without drop glue goes there, and a node holds nothing that
//! needs dropping either (asserted below): dropping a tree frees the node
//! arena's and the store's chunks and never walks the tree. The two kinds of data that do own
//! heap memory are owned by lists of the store, freed in one flat loop each:
//! * a long name (a [`LocalName`] that is not an atom owns a reference-counted string): the
//!   node (or attribute) holds the name, never dropped, and the store a bitwise copy of it,
//!   which owns its reference (see [`Store::local_name`] and [`Store::take_reference`]);
//! * the map of `Element::attrs`, built on its first call (see [`AttrList::map`]).
//!
//! Data is never changed in place once something may read it: an edit stores new data and
//! points the node at it, and the old data stays in the store, unchanged, until the store is
//! dropped. So a `&str` or `&Attributes` read from a node stays valid for as long as the
//! arena, whatever happens to the node; the price is that an arena's memory only grows. The
//! one write into existing storage is text merging ([`TextData::push`]), which only writes
//! bytes past the end of the text that no reader can see.

use std::alloc::Layout;
use std::cell::{Cell, RefCell};
use std::mem::ManuallyDrop;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use kauri_tokenizer::{
    local_name, AttrName, AttrNamespace, Attribute, DistinctAttrs, LocalName, QualName,
};

use crate::attrs::Attributes;
use crate::node::{Node, Spans};

/// Nodes are freed with their arena's chunks, without running a destructor: a node type that
/// needed dropping would leak, so this fails to compile if one ever does.
const _: () = assert!(!std::mem::needs_drop::<Node<'static>>());

/// The same for what goes in the bump allocator, which never drops anything.
const _: () =
    assert!(!std::mem::needs_drop::<Attr<'static>>() && !std::mem::needs_drop::<Cell<Spans>>());

/// See the module documentation.
pub(crate) struct Store {
    /// Strings, attribute lists and source ranges. Only data without drop glue goes in (see
    /// the assertions above; an [`AttrList`] holds a `OnceLock` of a reference, whose drop
    /// does nothing).
    bump: bumpalo::Bump,
    /// The long names whose bitwise copies nodes and attributes hold (see
    /// [`Store::local_name`]): each one the only owner of its reference.
    names: RefCell<Vec<LocalName>>,
    /// The maps [`AttrList::map`] built, in an allocation of their own that the store owns
    /// (from `Box::leak`, freed by `Drop`): attribute lists point to it, and a pointer
    /// into the store itself would not survive a move of the `Box` that holds the arena
    /// (moving a `Box` asserts that nothing else points into it).
    maps: NonNull<Maps>,
}

/// The maps of [`Element::attrs`](crate::Element::attrs), behind a lock because a shared
/// `Document` is `Sync`: two threads may read the attributes of two elements at once.
///
/// The arena is made on the first map kept: most documents never build one, and making it
/// allocates its first chunk.
pub(crate) struct Maps {
    arena: Mutex<Option<typed_arena::Arena<Attributes>>>,
    /// Set when a map is kept, so that [`Store::clear`] takes the lock only when there is
    /// something to drop (a locked instruction costs a small parse's whole set-up a few
    /// percent). Relaxed is enough: `clear` has the store exclusively, which orders it after
    /// every `keep`.
    kept: AtomicBool,
}

impl Default for Store {
    fn default() -> Store {
        Store {
            bump: bumpalo::Bump::new(),
            names: RefCell::new(Vec::new()),
            maps: NonNull::from(Box::leak(Box::new(Maps {
                arena: Mutex::default(),
                kept: AtomicBool::new(false),
            }))),
        }
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        // SAFETY: `maps` came from `Box::leak` in `Store::default` and is freed only here,
        // once; the references to it that attribute lists hold live in this store's arena,
        // which is not used after the store is dropped.
        drop(unsafe { Box::from_raw(self.maps.as_ptr()) });
    }
}

impl Store {
    /// Empties the store for reuse ([`Arena::clear`](crate::Arena)): releases the long names and
    /// drops the maps it owns, and keeps the largest chunk of the bump allocator. Taking
    /// `&mut self` proves that nothing borrowed from the store is alive.
    pub(crate) fn clear(&mut self) {
        self.names.get_mut().clear();
        // The maps' references, in attribute lists of the bump allocator, are unreachable now.
        let maps = self.maps();
        if maps.kept.load(Ordering::Relaxed) {
            *maps.arena.lock().unwrap_or_else(PoisonError::into_inner) = None;
            maps.kept.store(false, Ordering::Relaxed);
        }
        self.bump.reset();
    }

    /// The bytes the bump allocator holds in chunks, used or not.
    pub(crate) fn allocated_bytes(&self) -> usize {
        self.bump.allocated_bytes()
    }

    /// The maps, for as long as the store lives.
    fn maps(&self) -> &Maps {
        // SAFETY: `maps` is valid from `Store::default` until `Drop`, which cannot run while
        // `self` is borrowed; it is only ever used by shared reference.
        unsafe { self.maps.as_ref() }
    }

    /// Stores `spans`.
    pub(crate) fn alloc_spans(&self, spans: Spans) -> &Cell<Spans> {
        self.bump.alloc(Cell::new(spans))
    }

    /// A copy of `s` in the bump allocator. A string of up to 32 bytes (a text run between
    /// tags, most attribute values) is copied inline, in two overlapping loads and stores of
    /// the widest of 16, 8, 4 or 1 bytes that fits, instead of a call to `memcpy`; a longer
    /// one by `memcpy`.
    #[inline(always)]
    fn copy_str(&self, s: &str) -> &str {
        let len = s.len();
        if len > 32 {
            return self.bump.alloc_str(s);
        }
        let layout = Layout::array::<u8>(len).unwrap_or_else(|_| capacity_overflow());
        let dst = self.bump.alloc_layout(layout).as_ptr();
        let src = s.as_ptr();
        // SAFETY: `dst` is a fresh block of `len` bytes from the bump allocator (valid for
        // writes, this copy's alone), `src` the `len` bytes of `s` (another allocation). Every
        // load and store below stays inside `[0, len)`: the first covers `[0, w)` and the
        // second `[len - w, len)` for a width `w <= len` (16, 8 or 4), which together are all
        // of `[0, len)` as `len < 2 * w`, the last `len < 4` case reads and writes bytes 0,
        // `len / 2` and `len - 1`. Unaligned accesses are used throughout. So `dst[..len]` is
        // a copy of `s`, which is UTF-8, and the block lives as long as the store.
        unsafe {
            if len >= 16 {
                let (a, b) = (
                    src.cast::<u128>().read_unaligned(),
                    src.add(len - 16).cast::<u128>().read_unaligned(),
                );
                dst.cast::<u128>().write_unaligned(a);
                dst.add(len - 16).cast::<u128>().write_unaligned(b);
            } else if len >= 8 {
                let (a, b) = (
                    src.cast::<u64>().read_unaligned(),
                    src.add(len - 8).cast::<u64>().read_unaligned(),
                );
                dst.cast::<u64>().write_unaligned(a);
                dst.add(len - 8).cast::<u64>().write_unaligned(b);
            } else if len >= 4 {
                let (a, b) = (
                    src.cast::<u32>().read_unaligned(),
                    src.add(len - 4).cast::<u32>().read_unaligned(),
                );
                dst.cast::<u32>().write_unaligned(a);
                dst.add(len - 4).cast::<u32>().write_unaligned(b);
            } else if len > 0 {
                let (a, m, b) = (*src, *src.add(len / 2), *src.add(len - 1));
                *dst = a;
                *dst.add(len / 2) = m;
                *dst.add(len - 1) = b;
            }
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(dst, len))
        }
    }

    /// Stores a string that never changes.
    pub(crate) fn str(&self, s: &str) -> ArenaStr {
        let stored = self.copy_str(s);
        ArenaStr {
            ptr: NonNull::from(stored).cast(),
            len: s.len(),
        }
    }

    /// Stores the text of a new Text node (with no room to grow: most texts never do).
    #[inline(always)]
    pub(crate) fn text(&self, s: &str) -> TextData {
        let stored = self.copy_str(s);
        TextData {
            ptr: Cell::new(NonNull::from(stored).cast()),
            len: Cell::new(s.len()),
            cap: Cell::new(s.len()),
        }
    }

    /// `name`, as a bitwise copy that must never be dropped (the store owns the original).
    ///
    /// A static or inline atom owns nothing, so it is returned as it is. Any other name (a
    /// long name, or a dynamic atom) owns one reference to shared memory: the store keeps the name, and with it that reference, until it is
    /// dropped; the copy uses the string through the reference the store holds. Cloning the
    /// copy takes a reference of its own, as cloning the original would.
    #[inline]
    pub(crate) fn local_name(&self, name: LocalName) -> ManuallyDrop<LocalName> {
        if name.owns_no_memory() {
            // A static or inline atom owns no memory: not dropping it loses nothing.
            return ManuallyDrop::new(name);
        }
        self.keep_long_name(name)
    }

    /// [`Store::local_name`] for a long name (kept out of line: most names are atoms).
    #[cold]
    #[inline(never)]
    fn keep_long_name(&self, name: LocalName) -> ManuallyDrop<LocalName> {
        let name = ManuallyDrop::new(name);
        // SAFETY: `name` is returned in a `ManuallyDrop`, which the callers never drop (they
        // put it in a node or an attribute of this store's arena).
        unsafe { self.take_reference(&name) };
        name
    }

    /// Takes over the reference to a shared string that `name` (a long name) owns: the store
    /// keeps a bitwise copy of `name`, and drops it, releasing the reference, when the store
    /// is dropped.
    ///
    /// # Safety
    /// `name` must never be dropped, nor be taken over again, and may be used only while the
    /// store lives (in a node or an attribute of this store's arena, which are not used after
    /// the store is dropped).
    #[cold]
    #[inline(never)]
    unsafe fn take_reference(&self, name: &LocalName) {
        // SAFETY: `name` is valid. The bitwise copy moves into `names`, which owns it (and the
        // one reference that `name` owned) until the store is dropped; the caller never drops
        // `name` nor has it taken over again, so the reference is released exactly once, by
        // the store, and after the last use of `name`.
        let owned = unsafe { std::ptr::read(name) };
        self.names.borrow_mut().push(owned);
    }

    /// [`Store::local_name`] for an element's name.
    pub(crate) fn qual_name(&self, name: QualName) -> ManuallyDrop<QualName> {
        let local = ManuallyDrop::into_inner(self.local_name(name.local));
        ManuallyDrop::new(QualName { ns: name.ns, local })
    }

    /// Stores the attribute list of a new element (none when it is empty): its `is` value is
    /// its `is` attribute's.
    #[inline]
    pub(crate) fn attr_list(&self, attrs: DistinctAttrs<'_>) -> Option<&AttrList<'_>> {
        let attrs = attrs.as_slice();
        if attrs.is_empty() {
            return None;
        }
        Some(self.bump.alloc(AttrList {
            items: self.attr_copies(attrs),
            replaced: None,
            map: OnceLock::new(),
            maps: self.maps(),
        }))
    }

    /// A list of the attributes of `attrs` that `keep` keeps (`keep` sees each once, in
    /// order): [`Store::attr_list`] when it keeps them all, else a replacing list that keeps
    /// the `is` value of all of `attrs`, as [`Store::attr_list_retained`] makes of a list
    /// that was stored whole. With `keep_token_attrs`, such a list also keeps all of `attrs`
    /// ([`AttrList::token_attrs`]).
    pub(crate) fn attr_list_retaining(
        &self,
        attrs: DistinctAttrs<'_>,
        keep_token_attrs: bool,
        mut keep: impl FnMut(&Attribute) -> bool,
    ) -> Option<&AttrList<'_>> {
        let all = attrs.as_slice();
        let Some(first) = all.iter().position(|a| !keep(a)) else {
            return self.attr_list(attrs);
        };
        let is_value = all
            .iter()
            .find(|a| is_the_is_attribute(&a.name))
            .map(|a| &*a.value);
        let token_attrs: &[Attr<'_>] = if keep_token_attrs {
            self.attr_copies(all)
        } else {
            &[]
        };
        // (The values are allocated after the vector's room, which it never outgrows.)
        let mut kept = bumpalo::collections::Vec::with_capacity_in(all.len() - 1, &self.bump);
        for (i, a) in all.iter().enumerate() {
            if i < first || (i > first && keep(a)) {
                kept.push(match token_attrs.get(i) {
                    // (Shares the copy's value.)
                    Some(copy) => Attr {
                        name: self.attr_name(&copy.name),
                        value: copy.value,
                    },
                    None => self.attr(a),
                });
            }
        }
        if kept.is_empty() && is_value.is_none() && token_attrs.is_empty() {
            return None;
        }
        Some(self.replacing_list(kept.into_bump_slice(), is_value, token_attrs))
    }

    /// Copies of `attrs` in the store. (Allocating the values while the slice is being filled
    /// is fine: the bump allocator hands out the slice's room first.)
    #[inline]
    fn attr_copies(&self, attrs: &[Attribute]) -> &[Attr<'_>] {
        self.bump
            .alloc_slice_fill_with(attrs.len(), |i| self.attr(&attrs[i]))
    }

    /// Stores an attribute list with the `is` value `is_value` says (none when the list is
    /// empty and there is no `is` value to keep).
    pub(crate) fn attr_list_is<'s>(
        &'s self,
        attrs: DistinctAttrs<'_>,
        is_value: IsValue<'_>,
    ) -> Option<&'s AttrList<'s>> {
        let is_value = match is_value {
            IsValue::FromAttributes => return self.attr_list(attrs),
            IsValue::Kept(is_value) => is_value,
        };
        let attrs = attrs.as_slice();
        if attrs.is_empty() && is_value.is_none() {
            return None;
        }
        Some(self.replacing_list(self.attr_copies(attrs), is_value, &[]))
    }

    /// A list of `items` in the store that replaces another list of its element (or is a
    /// clone's), keeping the element's `is` value `is_value` (copied into the store unless
    /// one of `items` holds it) and `token_attrs` (see [`AttrList::token_attrs`]).
    fn replacing_list<'s>(
        &'s self,
        items: &'s [Attr<'s>],
        is_value: Option<&str>,
        token_attrs: &'s [Attr<'s>],
    ) -> &'s AttrList<'s> {
        // (A value of this store is shared, not copied: its strings are never changed.)
        let is_value = is_value.map(|v| match items.iter().find(|a| a.value == v) {
            Some(a) => a.value,
            None => &*self.bump.alloc_str(v),
        });
        self.bump.alloc(AttrList {
            items,
            replaced: Some(&*self.bump.alloc(Replaced {
                is_value,
                token_attrs,
            })),
            map: OnceLock::new(),
            maps: self.maps(),
        })
    }

    /// A list of the attributes of `items` (a list of this store's) that `keep` keeps, in
    /// order: what [`Editor::retain_attributes`](crate::Editor) stores, without building a
    /// map. `keep` gets each attribute's index, once. The values are shared with `items`
    /// (strings of this store are never changed or freed before it is); the names are copied
    /// as [`Store::attr`] copies them.
    pub(crate) fn attr_list_retained<'s>(
        &'s self,
        items: &[Attr<'s>],
        is_value: Option<&'s str>,
        mut keep: impl FnMut(usize, &Attr<'s>) -> bool,
    ) -> Option<&'s AttrList<'s>> {
        let mut kept = bumpalo::collections::Vec::with_capacity_in(items.len(), &self.bump);
        for (i, a) in items.iter().enumerate() {
            if keep(i, a) {
                kept.push(Attr {
                    name: self.attr_name(&a.name),
                    value: a.value,
                });
            }
        }
        if kept.is_empty() && is_value.is_none() {
            return None;
        }
        Some(self.replacing_list(kept.into_bump_slice(), is_value, &[]))
    }

    /// A copy of `attr` in the store.
    #[inline]
    fn attr(&self, attr: &Attribute) -> Attr<'_> {
        let value = self.copy_str(&attr.value);
        Attr {
            value,
            name: self.attr_name(&attr.name),
        }
    }

    /// A copy of `name` for an attribute of this store, never to be dropped: the store holds
    /// a long name's reference. (Both kinds of name are copied bitwise, and only a long name's
    /// reference is taken out of line, so that the usual case writes the attribute straight
    /// into its slot: a clone, whose two kinds of result meet, went through the stack.)
    #[inline]
    fn attr_name(&self, name: &AttrName) -> ManuallyDrop<AttrName> {
        if !name.local.owns_no_memory() {
            self.keep_reference(&name.local);
        }
        // SAFETY: a bitwise copy of `name`, never dropped (it is returned in a `ManuallyDrop`,
        // which the callers put in an attribute of this store's arena, not used after the
        // store is dropped). A static or inline atom owns no memory, so the copy is as good as
        // a clone; the copy of any other name (a long name's string, a dynamic atom) shares
        // memory of which the store now holds a reference of its own (`keep_reference`) until
        // it is dropped, whatever becomes of `name`. (The namespace is a plain enum.)
        ManuallyDrop::new(unsafe { std::ptr::read(name) })
    }

    /// Keeps a reference to the memory of `name` (a long name's string, or a dynamic atom)
    /// until the store is dropped (out of line: most names are static or inline atoms).
    #[cold]
    #[inline(never)]
    fn keep_reference(&self, name: &LocalName) {
        self.names.borrow_mut().push(name.clone());
    }

    /// An attribute list from a map (the [`Editor`](crate::Editor)'s setters), whose
    /// [`AttrList::map`] is that map, with the `is` value `is_value` says.
    pub(crate) fn attr_list_from_map(
        &self,
        map: Attributes,
        is_value: IsValue<'_>,
    ) -> Option<&AttrList<'_>> {
        let mut attrs: Vec<Attribute> = map
            .iter()
            .map(|(name, value)| Attribute {
                name: name.clone(),
                value: value.clone(),
            })
            .collect();
        // A map's names are distinct: `dedup` only checks.
        let list = self.attr_list_is(DistinctAttrs::dedup(&mut attrs), is_value)?;
        let map = self.maps().keep(map);
        // A new list: nothing has read it yet, so its map is unset.
        let _ = list.map.set(map);
        Some(list)
    }
}

impl Maps {
    /// Keeps `map` until the store is dropped.
    fn keep(&self, map: Attributes) -> &Attributes {
        let mut maps = self.arena.lock().unwrap_or_else(PoisonError::into_inner);
        let kept: *const Attributes = maps.get_or_insert_with(typed_arena::Arena::new).alloc(map);
        self.kept.store(true, Ordering::Relaxed);
        drop(maps);
        // SAFETY: `kept` points to a map in the typed arena, which never moves or drops an
        // element before the arena itself is dropped. The `Option` holding it is only filled
        // here, and emptied only by `Store::clear` or dropped with the store, both of which
        // need the store exclusively: that is after the borrow of `self` this reference is
        // tied to ends. The map is never written again
        // (the arena hands out no other reference to it).
        unsafe { &*kept }
    }
}

/// The `is` value (§ concept-element-is-value of the DOM standard) of a new [`AttrList`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum IsValue<'v> {
    /// The list of a new element: its `is` attribute, if any, is the value ("create an
    /// element for a token").
    FromAttributes,
    /// A list that replaces another list of the same element, or a clone's: the element's `is`
    /// value, which no change of its attributes changes.
    Kept(Option<&'v str>),
}

/// What an [`AttrList`] that is not its element's creation list keeps of the creation.
#[derive(Clone, Copy)]
pub(crate) struct Replaced<'a> {
    /// The element's `is` value (§ concept-element-is-value of the DOM standard), set when the
    /// element was created and never changed, whatever happens to the `is` attribute
    /// afterwards.
    is_value: Option<&'a str>,
    /// The attributes of the token the element was created for, when a sink filtered them as
    /// it created the element and the tree builder may ask for them back
    /// ([`DomSink::create_element_retaining`](crate::DomSink::create_element_retaining));
    /// empty otherwise.
    token_attrs: &'a [Attr<'a>],
}

/// One attribute of an [`AttrList`].
pub(crate) struct Attr<'a> {
    /// Never dropped: a long name's reference is held by the store (see
    /// [`Store::local_name`]).
    pub(crate) name: ManuallyDrop<AttrName>,
    value: &'a str,
}

impl<'a> Attr<'a> {
    /// The value.
    pub(crate) fn value(&self) -> &'a str {
        self.value
    }
}

/// An element's attributes in source order, in an arena's store.
pub(crate) struct AttrList<'a> {
    pub(crate) items: &'a [Attr<'a>],
    /// For a list that replaced another list of its element (an edit, or attributes added to
    /// `html` or `body`), a clone's, or a list a sink filtered at creation: what it keeps of
    /// the element's creation. None for the list an element was created with. (A pointer, to
    /// keep every list smaller.)
    replaced: Option<&'a Replaced<'a>>,
    /// The map of [`Element::attrs`](crate::Element::attrs), built on the first call.
    map: OnceLock<&'a Attributes>,
    /// The maps of the store the list is in, which keep the map.
    maps: &'a Maps,
}

impl<'a> AttrList<'a> {
    /// The element's `is` value: the value of the `is` attribute (in no namespace) it was
    /// created with, if any ("create an element for a token" passes it to "create an
    /// element").
    pub(crate) fn is_value(&self) -> Option<&'a str> {
        match self.replaced {
            Some(replaced) => replaced.is_value,
            None => self.own_is_attribute(),
        }
    }

    /// The attributes of the token the element was created for: the list's own, unless a sink
    /// filtered them at creation and kept them ([`Store::attr_list_retaining`]).
    pub(crate) fn token_attrs(&self) -> &'a [Attr<'a>] {
        match self.replaced {
            Some(replaced) if !replaced.token_attrs.is_empty() => replaced.token_attrs,
            _ => self.items,
        }
    }

    /// The value of this list's own `is` attribute (in no namespace).
    fn own_is_attribute(&self) -> Option<&'a str> {
        self.items
            .iter()
            .find(|a| is_the_is_attribute(&a.name))
            .map(|a| a.value)
    }

    /// The `is` value the HTML fragment serialization algorithm writes before the attributes
    /// (§ serialising-html-fragments: "if current node's is value is not null, and the element
    /// does not have an is attribute in its attribute list"): only a replacing list can have
    /// lost the attribute its element was created with.
    #[inline]
    pub(crate) fn is_value_to_serialize(&self) -> Option<&'a str> {
        match self.replaced {
            Some(&Replaced {
                is_value: Some(value),
                ..
            }) if self.own_is_attribute().is_none() => Some(value),
            _ => None,
        }
    }

    /// The attributes as a map, built on the first call (by one thread, the others waiting)
    /// and kept by the store.
    pub(crate) fn map(&self) -> &'a Attributes {
        self.map.get_or_init(|| {
            let mut map =
                Attributes::with_capacity_and_hasher(self.items.len(), Default::default());
            for a in self.items {
                map.entry((*a.name).clone())
                    .or_insert_with(|| a.value.to_owned());
            }
            self.maps.keep(map)
        })
    }
}

/// A string in an arena's store that never changes (a comment's data, a doctype's name, ...):
/// in effect a `&'arena str`, with the lifetime erased so that the public node data types keep
/// none. Only a [`Store`] makes one, and it only ever goes in a node of that store's arena, so
/// the string outlives every borrow of the node it is read through.
pub(crate) struct ArenaStr {
    ptr: NonNull<u8>,
    len: usize,
}

// SAFETY: an `ArenaStr` is a shared reference to bytes that never change, like a `&str`,
// which is `Send` and `Sync`; the arena that owns the bytes moves as a whole with its nodes
// (see `Document`).
unsafe impl Send for ArenaStr {}
// SAFETY: as for `Send`: only reads go through an `&ArenaStr`.
unsafe impl Sync for ArenaStr {}

impl ArenaStr {
    /// The string.
    pub(crate) fn get(&self) -> &str {
        // SAFETY: `ptr` and `len` are those of a `&str` the store allocated (`Store::str`),
        // never written since; the store lives as long as the arena of the node holding
        // `self` (see the type's documentation), so as long as this borrow.
        unsafe {
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(self.ptr.as_ptr(), self.len))
        }
    }
}

/// A Text node's string in an arena's store: `len` bytes of UTF-8 at `ptr`, in a block of
/// `cap` bytes that belongs to this text alone.
///
/// Readers see `ptr[..len]`, which is never written again: merging adjacent text
/// ([`TextData::push`]) writes the bytes past `len` (which nobody reads) when they fit, or
/// moves the text to a new block twice as large (so merges take linear time in all); an edit
/// ([`TextData::replace`]) points the text at a new block. Either way the old bytes stay in the
/// store unchanged, so a `&str` read before stays valid.
pub(crate) struct TextData {
    ptr: Cell<NonNull<u8>>,
    len: Cell<usize>,
    cap: Cell<usize>,
}

impl TextData {
    /// The text.
    pub(crate) fn get(&self) -> &str {
        // SAFETY: `ptr[..len]` is initialized UTF-8 (`Store::text`, `push` and `replace`
        // only ever set `ptr` and `len` to cover UTF-8 they wrote) in the store of the arena
        // that owns the node holding `self` (their contract), which lives as long as that
        // node's borrows; those bytes are never written again (see the type's documentation).
        unsafe {
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(
                self.ptr.get().as_ptr(),
                self.len.get(),
            ))
        }
    }

    /// Appends `text` (adjacent text merging).
    ///
    /// # Safety
    /// `store` must be the store of the arena that owns the node holding `self`, and no other
    /// thread may use the node during the call.
    pub(crate) unsafe fn push(&self, store: &Store, text: &str) {
        let (len, cap) = (self.len.get(), self.cap.get());
        let new_len = len
            .checked_add(text.len())
            .unwrap_or_else(|| capacity_overflow());
        if new_len > cap {
            // Twice the room each time, so that a text merged from many pieces is copied a
            // logarithmic number of times, not once per piece.
            let new_cap = new_len.max(cap.saturating_mul(2)).max(32);
            let layout = Layout::array::<u8>(new_cap).unwrap_or_else(|_| capacity_overflow());
            let block = store.bump.alloc_layout(layout);
            // SAFETY: `block` is a fresh block of `new_cap >= len` bytes; `ptr[..len]` is the
            // current text (see `get`), in another block.
            unsafe { std::ptr::copy_nonoverlapping(self.ptr.get().as_ptr(), block.as_ptr(), len) };
            self.ptr.set(block);
            self.cap.set(new_cap);
        }
        // SAFETY: `ptr[len..new_len]` lies in this text's block (`new_len <= cap`), which is
        // this text's alone, and past `len`, so no reader has a reference to it (readers see
        // `ptr[..len]` only); `ptr` came from the store's allocation of the whole block, so it
        // may write there; `text` is another allocation. The caller's contract keeps other
        // threads away, and `store` the arena's, so the block lives as long as the node.
        unsafe {
            std::ptr::copy_nonoverlapping(
                text.as_ptr(),
                self.ptr.get().as_ptr().add(len),
                text.len(),
            )
        };
        // `ptr[..new_len]` is the old text followed by `text`: UTF-8.
        self.len.set(new_len);
    }

    /// Replaces the text (the [`Editor`](crate::Editor)); the old string stays in the store.
    ///
    /// # Safety
    /// As for [`TextData::push`].
    pub(crate) unsafe fn replace(&self, store: &Store, text: &str) {
        let new = store.text(text);
        self.ptr.set(new.ptr.get());
        self.len.set(new.len.get());
        self.cap.set(new.cap.get());
    }
}

#[cold]
fn capacity_overflow() -> ! {
    panic!("text longer than the address space")
}

/// Whether `name` is the `is` attribute (in no namespace), which gives an element its `is`
/// value when it is created.
fn is_the_is_attribute(name: &AttrName) -> bool {
    name.ns == AttrNamespace::None && name.local == local_name!("is")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_of_every_short_length_are_copied_whole() {
        // Every length through the inline copy's cases (0, 1-3, 4-7, 8-15, 16-32) and past
        // them (memcpy), ASCII and multi-byte, each stored three ways between other
        // allocations and all read back at the end.
        let store = Store::default();
        let ascii: String = ('!'..='~').collect();
        let wide = "aé€😀".repeat(4);
        let mut sources: Vec<&str> = (0..=40).map(|len| &ascii[..len]).collect();
        sources.extend((0..=wide.len()).filter_map(|len| wide.get(..len)));
        sources.extend((0..=wide.len()).filter_map(|start| wide.get(start..)));
        let mut kept = Vec::new();
        for s in &sources {
            let _other = store.alloc_spans(Spans::default());
            kept.push((*s, store.copy_str(s), store.str(s), store.text(s)));
        }
        for (want, copied, stored, text) in &kept {
            assert_eq!((*copied, stored.get(), text.get()), (*want, *want, *want));
        }
        assert!(sources.len() > 60);
    }

    #[test]
    fn merged_text_survives_interleaved_allocations_and_growth() {
        let store = Store::default();
        let a = store.text("a");
        let b = store.text("b");
        let first = a.get();
        let mut expected_a = String::from("a");
        let mut expected_b = String::from("b");
        for i in 0..200 {
            let piece = format!("<{i}é>");
            // SAFETY: both texts belong to `store`; one thread.
            unsafe { a.push(&store, &piece) };
            expected_a.push_str(&piece);
            // Another allocation between two merges of the same text.
            let _ = store.str("x");
            if i % 3 == 0 {
                // SAFETY: as above.
                unsafe { b.push(&store, "ü") };
                expected_b.push('ü');
            }
        }
        assert_eq!(a.get(), expected_a);
        assert_eq!(b.get(), expected_b);
        // A string read before the merges still reads its old value.
        assert_eq!(first, "a");
    }

    #[test]
    fn replaced_text_keeps_old_readers_valid() {
        let store = Store::default();
        let t = store.text("before");
        let old = t.get();
        // SAFETY: the text belongs to `store`; one thread.
        unsafe { t.replace(&store, "after") };
        // SAFETY: as above.
        unsafe { t.push(&store, "!") };
        assert_eq!((old, t.get()), ("before", "after!"));
    }

    #[test]
    fn long_names_are_released_once_by_the_store() {
        let long = LocalName::from("a-very-long-custom-element-name");
        assert!(long.atom_word().is_none());
        let kept;
        {
            let store = Store::default();
            let copy = store.local_name(long.clone());
            let name = store.qual_name(QualName::html(long.clone()));
            // A clone taken through a copy owns its own reference.
            kept = (*copy).clone();
            assert_eq!(&*name.local, "a-very-long-custom-element-name");
            let mut attrs = vec![
                Attribute {
                    name: AttrName::new(long.clone()),
                    value: "v".into(),
                },
                Attribute {
                    name: AttrName::new(long.clone()),
                    value: "second".into(),
                },
            ];
            let list = store.attr_list(DistinctAttrs::dedup(&mut attrs)).unwrap();
            assert_eq!(list.items.len(), 1);
            assert_eq!(list.map().len(), 1);
            assert_eq!(list.items[0].value(), "v");
        }
        // The store is gone; the names it released are still whole in their other owners
        // (Miri checks the reference counts: a double release is a use after free, a
        // missing one a leak).
        assert_eq!(&*kept, &*long);
    }

    #[test]
    fn attribute_maps_and_texts_survive_moves_of_the_document() {
        // Moving a `Box` (the document's arena) asserts that nothing points into it: lists
        // and texts must only point to the store's separate allocations (Miri checks).
        let doc = crate::test_support::parse_document("<p id=a class=b>x<!--c-->");
        let moved = std::thread::spawn(move || doc).join().unwrap();
        let p = moved
            .root()
            .descendants()
            .find(|n| n.is_html_element(&LocalName::from("p")))
            .unwrap();
        let e = p.as_element().unwrap();
        assert_eq!(e.attrs().len(), 2);
        let again = Box::new(moved);
        let p = again
            .root()
            .descendants()
            .find(|n| n.is_html_element(&LocalName::from("p")))
            .unwrap();
        assert_eq!(p.as_element().unwrap().attrs()[1], "b");
        assert_eq!(p.text_content(), "x");
    }

    #[test]
    fn long_attribute_names_outlive_the_token_and_are_released_once() {
        // A long name (not an atom) is a reference-counted string: each attribute's copy is a
        // bitwise one that shares a reference the store holds (Miri checks that the string
        // outlives the token and is released exactly once).
        let store = Store::default();
        let long = LocalName::from("data-a-long-attribute-name");
        assert!(long.atom_word().is_none());
        let mut attrs = vec![
            Attribute {
                name: AttrName::new(long.clone()),
                value: "v1".to_owned(),
            },
            Attribute {
                name: AttrName::new(LocalName::from("id")),
                value: String::new(),
            },
        ];
        let first = store.attr_list(DistinctAttrs::dedup(&mut attrs)).unwrap();
        let second = store.attr_list(DistinctAttrs::dedup(&mut attrs)).unwrap();
        drop(attrs);
        drop(long);
        for list in [first, second] {
            assert_eq!(&*list.items[0].name.local, "data-a-long-attribute-name");
            assert_eq!(list.items[0].value(), "v1");
            assert_eq!(&*list.items[1].name.local, "id");
            assert_eq!(list.items[1].value(), "");
        }
        let cloned = (*first.items[0].name).clone();
        assert_eq!(first.map().get(&cloned).map(String::as_str), Some("v1"));
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "string_cache's dynamic atoms cast integers to pointers, which Miri rejects; \
                  AddressSanitizer runs this test (.ci/sanitizers)"
    )]
    fn dynamic_atom_names_outlive_the_token() {
        // `LocalName::from_static_atom` (public, hidden: the generated constants use it) takes
        // any atom, a dynamic (reference-counted) one too: such a name owns memory like a long
        // name, so the store must keep a reference of its own for an attribute's copy and for
        // an element's. Two different names, so that neither part keeps the other's alive.
        // (AddressSanitizer finds a read of a freed atom here: Miri cannot run string_cache's
        // dynamic atoms.)
        let dynamic = |text: &str| {
            let name = LocalName::from_static_atom(kauri_tokenizer::names::NameAtom::from(text));
            assert!(!name.owns_no_memory());
            name
        };
        let (for_attr, for_element) = ("a-dynamic-attribute-name", "a-dynamic-element-name");
        let store = Store::default();
        let mut attrs = vec![Attribute {
            name: AttrName::new(dynamic(for_attr)),
            value: "v".to_owned(),
        }];
        let list = store.attr_list(DistinctAttrs::dedup(&mut attrs)).unwrap();
        drop(attrs);
        let element = store.local_name(dynamic(for_element));
        // Other atoms made and freed meanwhile, so that freed memory is reused.
        for i in 0..64 {
            drop(dynamic(&format!("another-dynamic-name-{i}")));
        }
        assert_eq!(&*list.items[0].name.local, for_attr);
        assert_eq!(list.items[0].value(), "v");
        assert_eq!(&**element, for_element);
    }

    #[test]
    fn many_duplicate_attributes_keep_the_first_value() {
        let store = Store::default();
        let mut attrs: Vec<Attribute> = (0..40)
            .map(|i| Attribute {
                name: AttrName::new(LocalName::from(format!("a{}", i % 20))),
                value: i.to_string(),
            })
            .collect();
        let list = store.attr_list(DistinctAttrs::dedup(&mut attrs)).unwrap();
        assert_eq!(list.items.len(), 20);
        assert!(list
            .items
            .iter()
            .enumerate()
            .all(|(i, a)| a.value() == i.to_string()));
    }
}
