//! The tokenizer's cache of recently made name atoms ([`AtomCache`]): tag and attribute names
//! repeat, and a hit costs far less than interning the name again.

use std::cell::Cell;

use crate::names::{hash_bytes, hash_word, LocalName};

/// A small direct-mapped cache from names to atoms: most pages use a few dozen tag and
/// attribute names over and over, and a cache hit is much cheaper than interning the name
/// again. Names of up to 8 bytes (93% of attribute names, nearly all tag names) are keyed by
/// their bytes packed into one `u64` (zero-padded; names never contain NUL, the tokenizer
/// replaces it), so a hit is a multiply ([`hash_word`]), a shift and one integer compare. Longer
/// names hash their bytes ([`hash_bytes`]) and compare as strings.
///
/// A short name's key is its bytes as they are in the input, before ASCII case folding, and
/// its slot holds the atom of the folded name: a hit needs no folding (`DIV` and `div` take
/// two slots, each with the atom `div`). Empty slots have the key 0, which no name has.
pub(super) struct AtomCache {
    slots: AtomSlots,
}

/// The slots of an [`AtomCache`]: a key (a short name's packed bytes, unfolded, or
/// [`AtomCache::LONG`], or 0 for an empty slot) and the name (the empty name in an empty slot).
type AtomSlots = Vec<(u64, LocalName)>;

thread_local! {
    /// The slots of the last [`AtomCache`] dropped on this thread, for the next tokenizer: a
    /// small page would otherwise spend about as long filling and freeing the 512 slots as
    /// tokenizing, and the next page starts with the names the last one used. (A cached name
    /// is a value, the same whichever document it came from.)
    static SPARE_ATOM_SLOTS: Cell<Option<AtomSlots>> = const { Cell::new(None) };
}

impl Drop for AtomCache {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        if slots.len() == Self::SIZE {
            // (During thread teardown the slot may be gone: the slots are then just freed.)
            let _ = SPARE_ATOM_SLOTS.try_with(|spare| spare.set(Some(slots)));
        }
    }
}

impl AtomCache {
    const SIZE: usize = 512;
    /// `64 - log2(SIZE)`: the shift that turns a 64-bit hash into a slot index.
    const SHIFT: u32 = 55;
    /// Key of the slots that hold long names (no packed short name is all ones).
    const LONG: u64 = u64::MAX;

    pub(super) fn new() -> AtomCache {
        let spare = SPARE_ATOM_SLOTS.try_with(Cell::take).ok().flatten();
        AtomCache {
            slots: spare.unwrap_or_else(|| vec![(0, LocalName::default()); Self::SIZE]),
        }
    }

    /// The bytes of a name of at most 8 bytes as one little-endian word, zero-padded.
    #[inline]
    pub(super) fn pack(name: &[u8]) -> u64 {
        let mut word = [0u8; 8];
        word[..name.len()].copy_from_slice(name);
        u64::from_le_bytes(word)
    }

    /// The atom for `name`, which has no ASCII upper case letters (the tag name and
    /// attribute name states have folded them).
    #[inline]
    pub(super) fn get(&mut self, name: &str) -> LocalName {
        debug_assert!(!name.bytes().any(|b| b.is_ascii_uppercase()));
        let bytes = name.as_bytes();
        if bytes.len() <= 8 && !bytes.is_empty() {
            let key = Self::pack(bytes);
            let index = (hash_word(key) >> Self::SHIFT) as usize;
            let slot = &mut self.slots[index];
            // (A name of NUL bytes alone would have the key 0 of an empty slot.)
            if slot.0 == key && key != 0 {
                return slot.1.clone();
            }
            let atom = LocalName::from(name);
            *slot = (key, atom.clone());
            return atom;
        }
        self.get_long(name)
    }

    /// The atom for `raw` with ASCII upper case folded to lower case, as the tag name and
    /// attribute name states fold names.
    #[inline(always)]
    pub(super) fn get_folded(&mut self, buf: &str, start: usize, end: usize) -> LocalName {
        let bytes = buf.as_bytes();
        let len = end.wrapping_sub(start);
        if len.wrapping_sub(1) < 8 {
            // One unaligned load and a mask when eight bytes are there to read.
            let raw = match bytes.get(start..start + 8) {
                Some(word) => {
                    let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
                    word & (u64::MAX >> (64 - 8 * len))
                }
                None => Self::pack(bytes.get(start..end).unwrap_or_default()),
            };
            return self.get_folded_short(buf, start, end, raw);
        }
        let name = &buf[start..end];
        // (Most long names are in lower case already: no copy for them.)
        if name.bytes().any(|b| b.is_ascii_uppercase()) {
            self.get_long(&name.to_ascii_lowercase())
        } else {
            self.get_long(name)
        }
    }

    /// [`AtomCache::get_folded`] for a name `buf[start..end]` of one to eight bytes, given
    /// as `raw`: its bytes packed into a little-endian word, zero-padded (as [`AtomCache::pack`]
    /// packs them), not yet folded.
    #[inline(always)]
    pub(super) fn get_folded_short(
        &mut self,
        buf: &str,
        start: usize,
        end: usize,
        raw: u64,
    ) -> LocalName {
        debug_assert!((1..=8).contains(&end.wrapping_sub(start)));
        debug_assert_eq!(raw, Self::pack(&buf.as_bytes()[start..end]));
        // (Not 0: the first byte of a name is not NUL.)
        debug_assert_ne!(raw & 0xFF, 0);
        let index = (hash_word(raw) >> Self::SHIFT) as usize;
        if let Some((slot_key, atom)) = self.slots.get(index) {
            if *slot_key == raw {
                return atom.clone();
            }
        }
        self.miss_short(&buf[start..end], raw, index)
    }

    /// `key` (a packed name) with ASCII upper case folded to lower case in all eight lanes at
    /// once: a lane gets 0x20 where its byte is in 0x41..=0x5A (the zero padding and
    /// non-ASCII bytes stay as they are).
    #[inline]
    fn fold(key: u64) -> u64 {
        let high = 0x8080_8080_8080_8080u64;
        let low7 = key & !high;
        let ge_a = low7.wrapping_add(0x3F3F_3F3F_3F3F_3F3F) & high;
        let gt_z = low7.wrapping_add(0x2525_2525_2525_2525) & high;
        let upper = ge_a & !gt_z & !(key & high);
        key | (upper >> 2)
    }

    /// [`AtomCache::get_folded`] for a short name that is not in its slot. Its neighbour slot
    /// (`index ^ 1`, in the same cache line) holds the last name evicted from this one: two
    /// names a page uses that hash to one slot (`class` and `style` do) then take turns in
    /// it, instead of interning each other out on every use. `key` is the packed name as it
    /// is in `raw`, not folded.
    #[cold]
    #[inline(never)]
    pub(super) fn miss_short(&mut self, raw: &str, key: u64, index: usize) -> LocalName {
        let victim = index ^ 1;
        if self.slots[victim].0 == key {
            let atom = self.slots[victim].1.clone();
            self.slots.swap(index, victim);
            return atom;
        }
        // The name folded to lower case (only ASCII bytes change, so it is UTF-8).
        let bytes = Self::fold(key).to_le_bytes();
        let atom = match std::str::from_utf8(&bytes[..raw.len()]) {
            Ok(folded) => LocalName::from(folded),
            Err(_) => LocalName::from(&*raw.to_ascii_lowercase()),
        };
        let evicted = std::mem::replace(&mut self.slots[index], (key, atom.clone()));
        self.slots[victim] = evicted;
        atom
    }

    /// [`AtomCache::get`] for names longer than 8 bytes (and the empty name).
    #[cold]
    #[inline(never)]
    pub(super) fn get_long(&mut self, name: &str) -> LocalName {
        let slot = &mut self.slots[(hash_bytes(name.as_bytes()) >> Self::SHIFT) as usize];
        if slot.0 == Self::LONG && *slot.1 == *name {
            slot.1.clone()
        } else {
            let atom = LocalName::from(name);
            *slot = (Self::LONG, atom.clone());
            atom
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot_of(name: &str) -> usize {
        (hash_word(AtomCache::pack(name.as_bytes())) >> AtomCache::SHIFT) as usize
    }

    #[test]
    fn names_sharing_a_slot_take_turns_and_stay_correct() {
        // Find names that hash to one slot, and names that hash to its neighbour.
        // (Made as they are looked at: under Miri, making all 4,000 took most of the test.)
        let names = || (0..4000).map(|i| format!("n{i}"));
        let target = slot_of("n0");
        let same: Vec<String> = names().filter(|n| slot_of(n) == target).take(3).collect();
        let neighbour = names()
            .find(|n| slot_of(n) == target ^ 1)
            .expect("some name hashes to the neighbour slot");
        assert!(same.len() == 3, "three names share a slot");
        let mut cache = AtomCache::new();
        for round in 0..3 {
            for name in same.iter().map(String::as_str).chain([neighbour.as_str()]) {
                let upper = name.to_ascii_uppercase();
                let atom = cache.get_folded(&upper, 0, upper.len());
                assert_eq!(&*atom, name, "round {round}");
                assert_eq!(
                    &*cache.get_folded(name, 0, name.len()),
                    name,
                    "round {round}"
                );
                assert_eq!(&*cache.get(name), name, "round {round}");
            }
        }
    }

    #[test]
    fn a_non_ascii_name_folds_only_ascii() {
        let mut cache = AtomCache::new();
        let raw = "ÉA";
        assert_eq!(&*cache.get_folded(raw, 0, raw.len()), "Éa");
        assert_eq!(&*cache.get_folded(raw, 0, raw.len()), "Éa");
    }

    #[test]
    fn every_spelling_of_a_name_gets_the_folded_atom() {
        // Keys are the unfolded bytes: each spelling has its slot, all with the folded atom,
        // whichever spelling came first; and the slow path's `get` agrees.
        let mut cache = AtomCache::new();
        for round in 0..2 {
            for raw in [
                "DiV",
                "div",
                "DIV",
                "dIv",
                "ID",
                "id",
                "Data-X1",
                "DATAX1éA",
                "é",
            ] {
                let folded = raw.to_ascii_lowercase();
                let atom = cache.get_folded(raw, 0, raw.len());
                assert_eq!(&*atom, folded, "{raw}, round {round}");
                assert_eq!(cache.get(&folded), atom, "{raw}, round {round}");
            }
        }
    }
}
