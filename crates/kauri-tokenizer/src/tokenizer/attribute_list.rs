//! The current tag token's attribute list (§ tokenization: "the current tag token ... a list
//! of attributes"), whose storage is reused from one tag to the next: after the first few tags
//! an attribute costs no allocation, only a copy of its value.

use std::cell::Cell;

use crate::names::{AttrName, AttrNamespace, Attribute, LocalName};

/// A reused value string larger than this (in bytes of capacity) is freed and replaced, so one
/// huge value does not stay allocated for the rest of the input.
const MAX_KEPT_VALUE: usize = 4096;

/// At most this many slots are handed on to the next tokenizer on the thread.
const MAX_SPARE_SLOTS: usize = 32;

thread_local! {
    /// The slots of the last [`AttributeList`] dropped on this thread (when it had at most
    /// [`MAX_SPARE_SLOTS`]), for the next tokenizer: a comment-sized parse would otherwise
    /// allocate the list and each value string again. (A slot's name is a value, the same
    /// whichever document it came from; values are cleared before they are reused.)
    static SPARE_SLOTS: Cell<Option<Vec<Attribute>>> = const { Cell::new(None) };
}

/// The attributes of the tag being tokenized: the first `len` slots. The slots past `len` are
/// kept, with their value strings' capacity, for the next attributes.
#[derive(Debug)]
pub(crate) struct AttributeList {
    slots: Vec<Attribute>,
    len: usize,
}

impl Default for AttributeList {
    /// An empty list, with the slots the last list dropped on this thread left.
    fn default() -> Self {
        let slots = SPARE_SLOTS
            .try_with(Cell::take)
            .ok()
            .flatten()
            .unwrap_or_default();
        AttributeList { slots, len: 0 }
    }
}

impl Drop for AttributeList {
    fn drop(&mut self) {
        if self.slots.len() <= MAX_SPARE_SLOTS {
            let slots = std::mem::take(&mut self.slots);
            // (During thread teardown the slot may be gone: the slots are then just freed.)
            let _ = SPARE_SLOTS.try_with(|spare| spare.set(Some(slots)));
        }
    }
}

impl AttributeList {
    /// The current tag's attributes, in order.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[Attribute] {
        &self.slots[..self.len]
    }

    /// The number of attributes.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the list (the slots stay for reuse).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends an attribute named `name` with an empty value and returns the value, for the
    /// caller to fill.
    #[inline(always)]
    pub(crate) fn push(&mut self, name: LocalName) -> &mut String {
        let i = self.len;
        self.len += 1;
        if i < self.slots.len() {
            let slot = &mut self.slots[i];
            // (Every slot was made by this function, in no namespace: only the local name
            // changes.)
            debug_assert!(slot.name.ns == AttrNamespace::None);
            slot.name.local = name;
            if slot.value.capacity() > MAX_KEPT_VALUE {
                slot.value = String::new();
            } else {
                slot.value.clear();
            }
            return &mut slot.value;
        }
        self.slots.push(Attribute {
            name: AttrName::new(name),
            value: String::new(),
        });
        &mut self.slots[i].value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_reused_with_empty_values() {
        let mut list = AttributeList::default();
        list.push(LocalName::from("href")).push_str("/a");
        list.push(LocalName::from("id")).push_str("x1");
        assert_eq!(list.len(), 2);
        list.clear();
        assert!(list.is_empty() && list.as_slice().is_empty());
        let value = list.push(LocalName::from("class"));
        assert!(value.is_empty() && value.capacity() >= 2);
        value.push_str("c1");
        assert_eq!(list.as_slice().len(), 1);
        assert_eq!(
            list.as_slice()[0].name,
            AttrName::new(LocalName::from("class"))
        );
        assert_eq!(list.as_slice()[0].value, "c1");
    }

    #[test]
    fn a_dropped_lists_slots_go_to_the_next_list_empty() {
        {
            let mut list = AttributeList::default();
            list.push(LocalName::from("href")).push_str("/a");
        }
        let mut list = AttributeList::default();
        assert!(list.is_empty() && list.as_slice().is_empty());
        assert_eq!(list.slots.len(), 1);
        let value = list.push(LocalName::from("id"));
        assert!(value.is_empty() && value.capacity() >= 2);
        assert_eq!(&*list.as_slice()[0].name.local, "id");
    }

    #[test]
    fn a_huge_value_is_not_kept() {
        let mut list = AttributeList::default();
        list.push(LocalName::from("d"))
            .push_str(&"x".repeat(MAX_KEPT_VALUE + 1));
        list.clear();
        assert_eq!(list.push(LocalName::from("d")).capacity(), 0);
    }
}
