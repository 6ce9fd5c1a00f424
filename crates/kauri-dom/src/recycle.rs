//! Arenas kept for reuse, a few per thread: what makes a small parse cheap to set up.
//!
//! A comment-sized parse (a sanitizer's input, a template's fragment) spends a good part of
//! its time getting memory for its arena and giving it back: a box, the first chunk of nodes,
//! the first chunk of strings, the list of attribute maps. So a [`Document`](crate::Document)
//! that is dropped gives its arena back here, emptied ([`Arena::clear`]: its nodes and data
//! are gone, the memory of its largest chunks stays), and the next document built on the same
//! thread takes it instead of a new one. A sanitizer's parse and its re-parse check hold two
//! documents at once, so a thread keeps up to [`SPARES_PER_THREAD`] arenas.
//!
//! Only small arenas are kept, so that a thread that once parsed a large page does not hold on
//! to its memory: an arena whose chunks hold more than [`LARGEST_KEPT`] bytes is freed as
//! before. A thread keeps at most `SPARES_PER_THREAD * LARGEST_KEPT` bytes (128 KB), freed
//! when the thread ends.

use std::cell::RefCell;

use crate::node::Arena;

/// How many emptied arenas one thread keeps.
const SPARES_PER_THREAD: usize = 2;

/// The largest arena kept, in bytes of chunks (used or not) before it is emptied.
const LARGEST_KEPT: usize = 64 * 1024;

thread_local! {
    // Boxed: a document holds its arena in a box (its nodes must not move), and the box is
    // reused with the arena.
    #[allow(clippy::vec_box)]
    static SPARES: RefCell<Vec<Box<Arena<'static>>>> = const { RefCell::new(Vec::new()) };
}

/// An empty arena: one this thread kept, or a new one.
pub(crate) fn take() -> Box<Arena<'static>> {
    // (`try_with` fails only while the thread's locals are being destroyed.)
    SPARES
        .try_with(|spares| spares.borrow_mut().pop())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Takes back the arena of a document that is being dropped: emptied and kept if it is small
/// and the thread has room, else freed. Owning the box proves that nothing borrows the arena.
pub(crate) fn give_back(mut arena: Box<Arena<'static>>) {
    if arena.allocated_bytes() > LARGEST_KEPT {
        return;
    }
    arena.clear();
    // If the thread's locals are gone, or it keeps enough, the arena is dropped here.
    let _ = SPARES.try_with(move |spares| {
        let mut spares = spares.borrow_mut();
        if spares.len() < SPARES_PER_THREAD {
            spares.push(arena);
        }
    });
}

#[cfg(test)]
mod tests {
    use crate::{parse_fragment, Document, DomSink, ParseOptions};

    #[test]
    fn a_kept_arena_holds_nothing_of_the_document_that_had_it() {
        let opts = ParseOptions::default();
        let first = parse_fragment("<p id=a title=x>one<b>two</b><!--c-->", "div", &opts)
            .expect("div is a valid context");
        // Reading attributes as a map builds the store's list of maps.
        let p = first.root().first_child().expect("a p");
        assert_eq!(p.as_element().expect("an element").attrs().len(), 2);
        drop(first);
        let second = Document::build(|arena| {
            assert!(arena.is_empty());
            DomSink::new(arena).finish()
        });
        assert!(second.root().first_child().is_none());
        let third = parse_fragment("<i>three</i>", "div", &opts).expect("a valid context");
        assert_eq!(third.to_html(), "<i>three</i>");
    }

    #[test]
    fn a_large_arena_is_not_kept() {
        // 96 bytes a node: 1,000 nodes (Miri's share) are already past LARGEST_KEPT.
        let big = "<p>".repeat(if cfg!(miri) { 1000 } else { 2000 });
        let doc = parse_fragment(&big, "div", &ParseOptions::default()).expect("a valid context");
        let arena = super::take();
        assert!(arena.is_empty());
        drop(doc);
        let spare = super::take();
        assert!(spare.is_empty());
        assert!(spare.allocated_bytes() <= super::LARGEST_KEPT);
    }
}
