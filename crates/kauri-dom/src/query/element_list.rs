//! [`ElementList`]: a document's elements in tree order, listed once for its queries.
//!
//! A query over a whole document walks every node (Text nodes, comments and elements of every
//! name), following links from node to node: a chain of dependent loads, one per node. A
//! [`Document`](crate::Document) lists its elements in tree order, each with its local name's
//! atom word, on its first [`Document::select`](crate::Document::select) (one walk), and every
//! `select` then reads the list front to back (`select_first` too, once the list is there;
//! before, it walks the tree: a first match near the start would not repay reading the whole
//! document). The walk over the list passes over the elements no selector of the list can
//! match by their name without touching them, and, knowing the next candidates before it
//! reaches them, asks for their nodes and attribute lists ahead of time (a prefetch), so that
//! they arrive while earlier candidates are matched. The document drops the list when it is
//! edited ([`Document::edit`](crate::Document::edit)).

use crate::node::{Node, NodeData};
use crate::store::AttrList;
use crate::traverse::Edge;

/// One element of the list.
#[derive(Clone, Copy)]
pub(crate) struct Entry<'a> {
    /// The local name's atom word ([`LocalName::atom_word`](kauri_tokenizer::LocalName::atom_word)),
    /// 0 for a name that is no atom.
    word: u64,
    element: &'a Node<'a>,
    /// The element's attribute list, only to prefetch.
    attrs: Option<&'a AttrList<'a>>,
}

/// The elements among a node's descendants, in tree order (see the module documentation).
pub(crate) struct ElementList<'a> {
    entries: Box<[Entry<'a>]>,
    /// The number of levels below the root (what a `:has()` search needs to know).
    height: usize,
}

impl<'a> ElementList<'a> {
    /// Lists the elements among `root`'s descendants, and measures the height of its tree
    /// (one walk, iterative).
    pub(crate) fn of(root: &'a Node<'a>) -> ElementList<'a> {
        let mut entries = Vec::new();
        let (mut depth, mut height) = (0usize, 0usize);
        for edge in root.descendants_edges() {
            match edge {
                Edge::Open(node) => {
                    depth += 1;
                    height = height.max(depth);
                    if let NodeData::Element(element) = &node.data {
                        entries.push(Entry {
                            word: element.name.local.atom_word().unwrap_or(0),
                            element: node,
                            attrs: element.attrs.get(),
                        });
                    }
                }
                Edge::Close(_) => depth -= 1,
            }
        }
        ElementList {
            entries: entries.into_boxed_slice(),
            height,
        }
    }

    /// The number of levels below the root (0 when it has no children).
    pub(crate) fn height(&self) -> usize {
        self.height
    }

    /// The entries, for a walk.
    pub(crate) fn walk(&self) -> ElementsInOrder<'_, 'a> {
        ElementsInOrder {
            elements: &self.entries,
            next: 0,
            queue: [0; AHEAD],
            head: 0,
            queued: 0,
        }
    }
}

/// A walk over an [`ElementList`].
pub(crate) struct ElementsInOrder<'l, 'a> {
    elements: &'l [Entry<'a>],
    /// Where to look next.
    next: usize,
    /// The indices of the next candidates of `next_named`, found ahead (a ring: `queued` of
    /// them from `head` on).
    queue: [usize; AHEAD],
    head: usize,
    queued: usize,
}

impl<'a> ElementsInOrder<'_, 'a> {
    /// The next element, in tree order.
    #[inline]
    pub(crate) fn next_element(&mut self) -> Option<&'a Node<'a>> {
        let entry = *self.elements.get(self.next)?;
        if let Some(ahead) = self.elements.get(self.next + AHEAD) {
            prefetch_entry(ahead);
        }
        self.next += 1;
        Some(entry.element)
    }

    /// The next element whose local name's atom word is one of `words`, or whose name is no
    /// atom (a long name, which no word identifies). The [`AHEAD`] candidates after it are
    /// found ahead of time, and each one's node and attribute list are asked for when it is
    /// found.
    #[inline]
    pub(crate) fn next_named(&mut self, words: &[u64]) -> Option<&'a Node<'a>> {
        while self.queued < AHEAD {
            let Some(at) = self.find(self.next, words) else {
                break;
            };
            self.next = at + 1;
            prefetch_entry(&self.elements[at]);
            self.queue[(self.head + self.queued) % AHEAD] = at;
            self.queued += 1;
        }
        if self.queued == 0 {
            return None;
        }
        let at = self.queue[self.head];
        self.head = (self.head + 1) % AHEAD;
        self.queued -= 1;
        Some(self.elements[at].element)
    }

    /// The index of the first candidate of `next_named` from `from` on.
    fn find(&self, from: usize, words: &[u64]) -> Option<usize> {
        let rest = self.elements.get(from..)?;
        let i = rest
            .iter()
            .position(|e| e.word == 0 || words.contains(&e.word))?;
        Some(from + i)
    }
}

/// How many candidates ahead of the one they return [`ElementsInOrder`]'s methods prefetch.
/// (Measured on the corpus: asking for more than the node and its attribute list, such as the
/// parent, made queries slower: that needs the node's own line, which has not arrived.)
const AHEAD: usize = 4;

/// Asks for an entry's node and attribute list.
#[inline(always)]
fn prefetch_entry(entry: &Entry<'_>) {
    kauri_tokenizer::prefetch(entry.element);
    if let Some(attrs) = entry.attrs {
        kauri_tokenizer::prefetch(attrs);
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::parse_document;
    use crate::Document;

    /// The local names of the document's list, in order.
    fn listed(doc: &Document) -> Vec<String> {
        let list = doc.element_list();
        let mut walk = list.walk();
        std::iter::from_fn(|| walk.next_element())
            .map(|n| n.as_element().unwrap().name().to_owned())
            .collect()
    }

    // No selector here: Miri runs this crate's unit tests, and the selectors crate trips it
    // upstream (see .ci/sanitizers); this reaches `Document::element_list`'s unsafe code.
    #[test]
    fn the_list_follows_the_tree_and_edits_and_is_shared_by_threads() {
        let mut doc = parse_document("<ul><li>a<li>b</ul><template><p>t</template>");
        assert_eq!(
            listed(&doc),
            ["html", "head", "body", "ul", "li", "li", "template"]
        );
        assert_eq!(doc.element_list().height(), 5); // html, body, ul, li, text
        doc.edit(|ed| {
            let p = ed.create_element("p").unwrap();
            ed.append_child(ed.root().first_child().unwrap(), p)
                .unwrap();
        });
        assert_eq!(listed(&doc).last().map(String::as_str), Some("p"));
        let li = doc.element_list().walk().next_named(&[0]); // no atom has word 0
        assert!(li.is_none());
        let word = crate::LocalName::from("li").atom_word().unwrap();
        let mut walk = doc.element_list().walk();
        let found: Vec<_> = std::iter::from_fn(|| walk.next_named(&[word])).collect();
        assert_eq!(found.len(), 2);
        // The first query of a shared document builds the list while others may be asking.
        let doc = parse_document("<p>1<p>2<div><p>3</div>");
        let counts: Vec<usize> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..3).map(|_| s.spawn(|| listed(&doc).len())).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(counts, [7, 7, 7]);
    }
}
