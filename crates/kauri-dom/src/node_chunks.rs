//! Where an [`Arena`](crate::Arena) puts its nodes: one after another, at rising addresses, in
//! chunks whose sizes double, and emptied for reuse without being freed (see `recycle.rs`).
//!
//! Rising addresses matter: a tree is built in document order, so a walk in tree order (text
//! extraction, serialization, selectors) mostly reads the nodes forwards through memory, the
//! direction CPUs prefetch best. A bump allocator that hands out memory downwards (as
//! `bumpalo` does) made those walks 10-20% slower.
//!
//! Each chunk is a `Vec` that is never pushed past its capacity, so it never reallocates and
//! a node never moves. Nodes need no `Drop` (asserted in `crate::store`), so emptying a chunk
//! or freeing it loses nothing.
//!
//! The chunks are in an `UnsafeCell`, not a `RefCell` (whose borrow flag cost four
//! instructions per node): `alloc` is the only method that changes them, and it holds its
//! `&mut` only for its own body, during which it runs no code that could reach `self` (the
//! value is moved in, `grow` only allocates); the other methods only read, through
//! [`NodeChunks::chunks`]. The cell makes the type `!Sync`, so only one thread at a time can
//! call these methods on a `&NodeChunks`, and none of them runs inside another: no `&mut`
//! is ever alive beside another reference to the chunks. (A [`Document`](crate::Document),
//! which is `Sync`, lends no access to its arena's allocator: it allocates only under
//! `Document::edit`, which takes `&mut self`.)

use std::cell::UnsafeCell;

/// The chunks of one arena's nodes.
pub(crate) struct NodeChunks<T> {
    chunks: UnsafeCell<Chunks<T>>,
}

struct Chunks<T> {
    /// The chunk new nodes go in, the largest.
    current: Vec<T>,
    /// The full chunks before it.
    rest: Vec<Vec<T>>,
}

impl<T> NodeChunks<T> {
    /// Chunks whose first holds `first` values.
    pub(crate) fn with_capacity(first: usize) -> NodeChunks<T> {
        NodeChunks {
            chunks: UnsafeCell::new(Chunks {
                current: Vec::with_capacity(first.max(1)),
                rest: Vec::new(),
            }),
        }
    }

    /// Stores `value` and returns it, at the address it keeps until the chunks are emptied or
    /// dropped.
    #[inline]
    pub(crate) fn alloc(&self, value: T) -> &T {
        // SAFETY: the only `&mut` to the chunks, alive for this body only, which calls nothing
        // that reaches `self` (see the module documentation), so no other reference to the
        // chunks is alive meanwhile.
        let chunks = unsafe { &mut *self.chunks.get() };
        if chunks.current.len() == chunks.current.capacity() {
            chunks.grow();
        }
        let len = chunks.current.len();
        // SAFETY: `len < capacity` (the chunk grew if it was full), so slot `len` is in the
        // chunk's buffer and unused: writing it and counting it in the length leaves the
        // `Vec` valid. The buffer never moves (nothing pushes past the capacity, which is the
        // only thing that would reallocate it) until `clear` (which takes `&mut self`, so no
        // reference handed out is alive) or drop. The pointer comes from `as_mut_ptr`, which
        // makes no reference to the values handed out before, and each slot is handed out
        // once; nothing writes a slot after this, so the shared reference stays valid.
        unsafe {
            let slot = chunks.current.as_mut_ptr().add(len);
            slot.write(value);
            chunks.current.set_len(len + 1);
            &*slot
        }
    }

    /// Whether `value` points to a value stored here: one of the chunks' used slots. (A
    /// chunk's values are adjacent, so its used slots are one address range; chunks double,
    /// so there are about 30 of them for a billion values.)
    pub(crate) fn contains(&self, value: *const T) -> bool {
        let chunks = self.chunks();
        let used = |chunk: &Vec<T>| chunk.as_ptr_range().contains(&value);
        used(&chunks.current) || chunks.rest.iter().any(used)
    }

    /// The chunks, to read.
    fn chunks(&self) -> &Chunks<T> {
        // SAFETY: only `alloc` writes the chunks, through a `&mut` alive for its body alone,
        // which never runs during a call of another method (see the module documentation);
        // the reference returned is tied to `&self`, and every caller drops it before it
        // returns, so it is never alive while `alloc` runs.
        unsafe { &*self.chunks.get() }
    }

    /// Empties the chunks: frees all but the current (largest) one, whose room is kept.
    pub(crate) fn clear(&mut self) {
        let chunks = self.chunks.get_mut();
        chunks.rest.clear();
        chunks.current.clear();
    }

    /// How many values are stored.
    pub(crate) fn len(&self) -> usize {
        let chunks = self.chunks();
        chunks.rest.iter().map(Vec::len).sum::<usize>() + chunks.current.len()
    }

    /// The bytes of the chunks, used or not.
    pub(crate) fn allocated_bytes(&self) -> usize {
        let chunks = self.chunks();
        let slots =
            chunks.rest.iter().map(Vec::capacity).sum::<usize>() + chunks.current.capacity();
        slots * std::mem::size_of::<T>()
    }
}

impl<T> Chunks<T> {
    /// A new current chunk, twice the size of the full one, which moves to `rest` (moving the
    /// `Vec` leaves its buffer, and the values in it, where they are).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let next = Vec::with_capacity(self.current.capacity().saturating_mul(2).max(1));
        let full = std::mem::replace(&mut self.current, next);
        self.rest.push(full);
    }
}

#[cfg(test)]
mod tests {
    use super::NodeChunks;

    #[test]
    fn values_keep_their_addresses_and_rise_within_a_chunk() {
        let chunks = NodeChunks::with_capacity(2);
        let mut seen: Vec<*const u64> = Vec::new();
        for i in 0..100u64 {
            let v = chunks.alloc(i);
            seen.push(v as *const u64);
        }
        assert_eq!(chunks.len(), 100);
        for (i, p) in seen.iter().enumerate() {
            // SAFETY: the values were never moved or freed: `chunks` is alive and not cleared.
            let value = unsafe { **p };
            assert_eq!(value, i as u64);
        }
        assert_eq!(seen[1] as usize, seen[0] as usize + 8);
    }

    #[test]
    fn contains_knows_its_values_in_every_chunk_and_no_others() {
        let (mine, other) = (NodeChunks::with_capacity(2), NodeChunks::with_capacity(2));
        let values: Vec<*const u64> = (0..40u64)
            .map(|i| std::ptr::from_ref(mine.alloc(i)))
            .collect();
        let foreign = std::ptr::from_ref(other.alloc(0u64));
        assert!(values.iter().all(|&v| mine.contains(v)));
        assert!(!mine.contains(foreign) && !other.contains(values[0]));
        let local = 7u64;
        assert!(!mine.contains(&local));
        let mut mine = mine;
        mine.clear();
        assert!(!values.iter().any(|&v| mine.contains(v)));
    }

    #[test]
    fn clear_keeps_the_largest_chunk() {
        let mut chunks = NodeChunks::with_capacity(2);
        for i in 0..10u32 {
            chunks.alloc(i);
        }
        let before = chunks.allocated_bytes();
        chunks.clear();
        assert_eq!(chunks.len(), 0);
        assert!(chunks.allocated_bytes() > 0 && chunks.allocated_bytes() < before);
        assert_eq!(*chunks.alloc(7), 7);
    }
}
