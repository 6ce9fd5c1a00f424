//! [`NameSet`]: the set of names of one attribute list, for duplicate checks on lists too long
//! to scan pair by pair. The tokenizer uses it for "the complete attribute's name must be
//! compared to the other attributes on the same token" (§ attribute-name-state), and
//! [`DistinctAttrs`](super::DistinctAttrs) for the long lists it checks or deduplicates (lists
//! made anywhere but the tokenizer).
//!
//! Two open-addressing tables with linear probing, each one array of 64-bit words kept at most
//! three quarters full:
//! - names that are atoms of at most seven bytes, in no namespace: the slot holds the atom's
//!   word, and equal words are equal names, so a lookup is one hash, one memory access and one
//!   integer compare;
//! - every other name (a long name, a name in a namespace): the slot holds a 32-bit hash of the
//!   name and the index of the name in the caller's list, side by side, and a hash match is
//!   confirmed by the caller comparing the name at that index.
//!
//! A tag with hundreds of thousands of attributes makes a table larger than the caches, and
//! then each lookup is a cache miss: `std`'s `HashSet` costs two (control bytes, then the entry),
//! a table of words with the indices in a second array costs two for a long name; this costs one.
//! docs/performance.md gives the measurements (the `attributes` and `attributes-long` scaling
//! families).

use super::{hash_bytes, hash_word, AttrName, AttrNamespace, LocalName};

/// Names up to this length are atoms whose word identifies them (string_cache's inline limit).
const MAX_ATOM_WORD_LEN: usize = 7;

/// The table size a table starts with (a power of two).
const INITIAL_SLOTS: usize = 64;

/// A table larger than this is dropped, not zeroed, by [`NameSet::clear`], so one tag with a
/// huge attribute list does not make every later tag pay for clearing it.
const KEEP_SLOTS: usize = 1024;

/// How a [`NameSet`] finds a name: made with [`NameKey::of`], [`NameKey::of_long`] or
/// [`NameKey::of_attr`]. Equal names have equal keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameKey(Key);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    /// The word of an atom of at most seven bytes in no namespace: equal words, equal names.
    Atom(u64),
    /// A 32-bit hash of any other name, never 0: names with equal hashes may differ.
    Hashed(u32),
}

impl NameKey {
    /// The key of `name` in no namespace.
    #[inline]
    pub fn of(name: &LocalName) -> NameKey {
        match name.atom_word() {
            Some(word) if name.len() <= MAX_ATOM_WORD_LEN => NameKey(Key::Atom(word)),
            _ => NameKey::hashed(hash_bytes(name.as_bytes())),
        }
    }

    /// The key of a name in no namespace from its bytes, without making a [`LocalName`]: `Some`
    /// for a name longer than seven bytes, `None` for a shorter one, whose key is its atom's
    /// word ([`NameKey::of`]).
    #[inline]
    pub fn of_long(name: &str) -> Option<NameKey> {
        (name.len() > MAX_ATOM_WORD_LEN).then(|| NameKey::hashed(hash_bytes(name.as_bytes())))
    }

    /// The key of an attribute name: [`NameKey::of`] its local name in no namespace, a hash
    /// of namespace and local name otherwise.
    #[inline]
    pub fn of_attr(name: &AttrName) -> NameKey {
        let ns = match name.ns {
            AttrNamespace::None => return NameKey::of(&name.local),
            AttrNamespace::XLink => 1,
            AttrNamespace::Xml => 2,
            AttrNamespace::Xmlns => 3,
        };
        NameKey::hashed(hash_word(hash_bytes(name.local.as_bytes()) ^ ns))
    }

    /// A hashed key from a 64-bit hash: its top 32 bits (the best mixed), never 0.
    #[inline]
    fn hashed(hash: u64) -> NameKey {
        NameKey(Key::Hashed((hash >> 32) as u32 | 1))
    }
}

/// A set of names, each the name of an entry of a list the caller keeps and passes to the
/// lookups (a tag's attributes): see the module documentation (`names/name_set.rs`).
#[derive(Clone, Debug, Default)]
pub struct NameSet {
    /// Atom words (0: an empty slot; every atom word has one of its two low bits set).
    atoms: Table,
    /// `hash << 32 | index` (0: an empty slot; a hash is never 0).
    hashed: Table,
}

/// One open-addressing table of nonzero words.
#[derive(Clone, Debug, Default)]
struct Table {
    /// A power of two of slots, or none before the first insertion.
    slots: Vec<u64>,
    /// Occupied slots.
    len: usize,
}

impl Table {
    /// The slot to start probing at for a key whose hash is `hash`.
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The first slot from `home` on, in probe order, that is empty or for which `stop` holds
    /// (the table always has an empty slot, being at most three quarters full).
    #[inline]
    fn probe(&self, home: usize, mut stop: impl FnMut(u64) -> bool) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = home;
        loop {
            match self.slots[slot] {
                0 => return slot,
                word if stop(word) => return slot,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Makes room for one more word: doubles the table (or allocates the first one) when it
    /// would pass three quarters full, re-inserting every word with `rehash` giving its hash.
    fn reserve_one(&mut self, rehash: impl Fn(u64) -> u64) {
        if (self.len + 1) * 4 <= self.slots.len() * 3 {
            return;
        }
        let size = (self.slots.len() * 2).max(INITIAL_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        for word in old.into_iter().filter(|&w| w != 0) {
            let slot = self.probe(self.home(rehash(word)), |_| false);
            self.slots[slot] = word;
        }
    }

    /// Forgets every word, keeping a small table's memory.
    fn clear(&mut self) {
        if self.slots.len() > KEEP_SLOTS {
            *self = Table::default();
        } else {
            self.slots.fill(0);
            self.len = 0;
        }
    }
}

/// The hash an atom word is placed by.
#[inline]
fn atom_hash(word: u64) -> u64 {
    hash_word(word)
}

/// The hash a hashed slot is placed by: its 32-bit hash, in the top bits.
#[inline]
fn hashed_slot_hash(slot: u64) -> u64 {
    slot & !u64::from(u32::MAX)
}

impl NameSet {
    /// An empty set that has not allocated.
    pub fn new() -> NameSet {
        NameSet::default()
    }

    /// True when no name has been added since the set was made or cleared.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.atoms.len == 0 && self.hashed.len == 0
    }

    /// Forgets every name (a small set keeps its memory for the next list).
    pub fn clear(&mut self) {
        self.atoms.clear();
        self.hashed.clear();
    }

    /// True when the set holds the name whose key is `key`. `same(i)` says whether entry `i`
    /// of the caller's list (an index given to [`NameSet::insert`]) is that name; it is asked
    /// only for names that are not short atoms, and only on a hash match.
    #[inline]
    pub fn contains(&self, key: NameKey, same: impl FnMut(usize) -> bool) -> bool {
        self.find(key, same).1
    }

    /// Starts loading the slot where a lookup of `key` begins into the cache, without waiting
    /// for it: a caller that knows a key some time before it looks it up calls this first, so
    /// a set larger than the caches does not stall the lookup. Only a hint; it changes no
    /// result.
    #[inline]
    pub fn prefetch(&self, key: NameKey) {
        let (table, hash) = match key.0 {
            Key::Atom(word) => (&self.atoms, atom_hash(word)),
            Key::Hashed(hash) => (&self.hashed, u64::from(hash) << 32),
        };
        if let Some(slot) = table.slots.get(table.home(hash)) {
            crate::prefetch(slot);
        }
    }

    /// Adds the name whose key is `key`, entry `i` of the caller's list, which the caller
    /// knows is not in the set. (`i` is kept in 32 bits: a list has fewer than 2^32 entries.)
    pub fn insert(&mut self, key: NameKey, i: usize) {
        self.reserve_one(key);
        let (slot, _) = self.find(key, |_| false);
        self.place(key, slot, i);
    }

    /// Adds the name whose key is `key`, entry `i` of the caller's list, unless the set holds
    /// it already (`same` as for [`NameSet::contains`]). True when it was added.
    pub fn insert_if_absent(
        &mut self,
        key: NameKey,
        i: usize,
        same: impl FnMut(usize) -> bool,
    ) -> bool {
        self.reserve_one(key);
        match self.find(key, same) {
            (_, true) => false,
            (slot, false) => {
                self.place(key, slot, i);
                true
            }
        }
    }

    /// The slot of `key`'s name, and whether it holds it (otherwise it is the empty slot
    /// the name would go in).
    #[inline]
    fn find(&self, key: NameKey, mut same: impl FnMut(usize) -> bool) -> (usize, bool) {
        match key.0 {
            Key::Atom(word) => {
                let table = &self.atoms;
                if table.slots.is_empty() {
                    return (0, false);
                }
                let slot = table.probe(table.home(atom_hash(word)), |w| w == word);
                (slot, table.slots[slot] != 0)
            }
            Key::Hashed(hash) => {
                let table = &self.hashed;
                if table.slots.is_empty() {
                    return (0, false);
                }
                let hash = u64::from(hash) << 32;
                let slot = table.probe(table.home(hash), |w| {
                    hashed_slot_hash(w) == hash && same(w as u32 as usize)
                });
                (slot, table.slots[slot] != 0)
            }
        }
    }

    /// Grows the table `key` goes in, if one more name would make it too full.
    fn reserve_one(&mut self, key: NameKey) {
        match key.0 {
            Key::Atom(_) => self.atoms.reserve_one(atom_hash),
            Key::Hashed(_) => self.hashed.reserve_one(hashed_slot_hash),
        }
    }

    /// Writes `key`'s name, entry `i`, into the empty `slot` of its table.
    #[inline]
    fn place(&mut self, key: NameKey, slot: usize, i: usize) {
        debug_assert!(u32::try_from(i).is_ok(), "list index {i} over 32 bits");
        let (table, word) = match key.0 {
            Key::Atom(word) => (&mut self.atoms, word),
            Key::Hashed(hash) => (&mut self.hashed, u64::from(hash) << 32 | i as u32 as u64),
        };
        table.slots[slot] = word;
        table.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `same` for a lookup of `name` in `list`.
    fn same<'a>(list: &'a [&str], name: &'a str) -> impl FnMut(usize) -> bool + 'a {
        move |j| list[j] == name
    }

    #[test]
    fn finds_short_known_and_long_names_through_growth() {
        // Miri runs 400 names (still three growths of the set).
        let names: Vec<String> = (0..if cfg!(miri) { 400 } else { 5000 })
            .map(|i| match i % 3 {
                0 => format!("a{i}"),
                1 => format!("data-long-attribute-{i}"),
                _ if i % 2 == 0 => "href".to_string(),
                _ => "class".to_string(),
            })
            .collect();
        let mut list: Vec<&str> = Vec::new();
        let mut set = NameSet::new();
        for name in &names {
            let key = NameKey::of(&LocalName::from(name.as_str()));
            if set.contains(key, same(&list, name)) {
                continue;
            }
            set.insert(key, list.len());
            list.push(name);
        }
        let has = |set: &NameSet, list: &[&str], name: &str| {
            let key = NameKey::of(&LocalName::from(name));
            let found = set.contains(key, same(list, name));
            if let Some(long) = NameKey::of_long(name) {
                // A long name is found from its bytes alone, without a LocalName.
                assert_eq!(set.contains(long, same(list, name)), found);
            }
            found
        };
        for name in &names {
            assert!(has(&set, &list, name), "{name}");
        }
        for missing in [
            "a5001",
            "data-long-attribute-5001",
            "style",
            "b",
            "onmouseover",
        ] {
            assert!(!has(&set, &list, missing), "{missing}");
        }
        set.clear();
        assert!(set.is_empty());
        assert!(!has(&set, &list, "a0"));
        set.insert(NameKey::of(&LocalName::from("a0")), 0);
        assert!(has(&set, &list, "a0"));
    }

    /// Equal 32-bit hashes do not make different names equal: `same` decides.
    #[test]
    fn a_hash_match_is_confirmed_by_the_caller() {
        let mut set = NameSet::new();
        let key = NameKey::of_long("data-long-attribute").unwrap_or(NameKey(Key::Hashed(1)));
        assert!(set.insert_if_absent(key, 0, |_| unreachable!("empty set")));
        // The same key for another name (as if its hash collided): added, as a second entry.
        assert!(set.insert_if_absent(key, 1, |j| j == 5));
        assert!(!set.insert_if_absent(key, 2, |j| j == 1));
        assert!(set.contains(key, |j| j == 0));
        assert!(!set.contains(key, |j| j == 7));
    }

    #[test]
    fn namespaced_names_are_distinct_from_plain_ones() {
        let plain = AttrName::new(LocalName::from("href"));
        let xlink = AttrName {
            ns: AttrNamespace::XLink,
            local: LocalName::from("href"),
        };
        let list = [plain.clone(), xlink.clone()];
        let mut set = NameSet::new();
        for (i, name) in list.iter().enumerate() {
            assert!(set.insert_if_absent(NameKey::of_attr(name), i, |j| list[j] == *name));
        }
        for name in &list {
            assert!(!set.insert_if_absent(NameKey::of_attr(name), 9, |j| list[j] == *name));
        }
    }

    #[test]
    fn name_key_of_long() {
        use crate::LocalName;

        let long = "data-long-attribute";
        assert_eq!(
            NameKey::of_long(long),
            Some(NameKey::of(&LocalName::from(long)))
        );
        assert_eq!(NameKey::of_long("href"), None); // a short name's key is its atom's
    }

    #[test]
    fn name_key_of_attr() {
        use crate::{AttrName, AttrNamespace, LocalName};

        let href = AttrName::new(LocalName::from("href"));
        let xlink_href = AttrName {
            ns: AttrNamespace::XLink,
            local: LocalName::from("href"),
        };
        assert_eq!(
            NameKey::of_attr(&href),
            NameKey::of(&LocalName::from("href"))
        );
        assert_ne!(NameKey::of_attr(&href), NameKey::of_attr(&xlink_href));
    }

    #[test]
    fn name_set_insert_and_contains() {
        let names = [
            "id",
            "data-first-long-name",
            "class",
            "data-second-long-name",
        ];
        let mut set = NameSet::new();
        for (i, name) in names.iter().enumerate() {
            let key = NameKey::of(&(*name).into());
            // `same(j)`: is entry j of the list the name looked up? Asked only on a hash match.
            assert!(set.insert_if_absent(key, i, |j| names[j] == *name));
        }
        let key = NameKey::of_long("data-second-long-name").unwrap();
        assert!(set.contains(key, |j| names[j] == "data-second-long-name"));
        assert!(!set.contains(NameKey::of(&"title".into()), |_| false));
    }

    #[test]
    fn name_set_prefetch() {
        let mut set = NameSet::new();
        let key = NameKey::of_long("data-long-attribute").unwrap();
        set.prefetch(key); // (an empty set: nothing to load)
        set.insert(key, 0);
        set.prefetch(key);
        assert!(set.contains(key, |i| i == 0));
    }
}
