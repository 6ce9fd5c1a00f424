//! The current tag token's attribute list (§ tokenization: "the current tag token ... a list
//! of attributes"), whose storage is reused from one tag to the next: after the first few tags
//! an attribute costs no allocation, only a copy of its value.

use crate::names::{AttrName, Attribute, LocalName};

/// A reused value string larger than this (in bytes of capacity) is freed and replaced, so one
/// huge value does not stay allocated for the rest of the input.
const MAX_KEPT_VALUE: usize = 4096;

/// The attributes of the tag being tokenized: the first `len` slots. The slots past `len` are
/// kept, with their value strings' capacity, for the next attributes.
#[derive(Debug, Default)]
pub(crate) struct AttributeList {
    slots: Vec<Attribute>,
    len: usize,
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
        let name = AttrName::new(name);
        let i = self.len;
        self.len += 1;
        if i == self.slots.len() {
            self.slots.push(Attribute {
                name,
                value: String::new(),
            });
        } else {
            let slot = &mut self.slots[i];
            slot.name = name;
            if slot.value.capacity() > MAX_KEPT_VALUE {
                slot.value = String::new();
            } else {
                slot.value.clear();
            }
        }
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
        assert_eq!(&*list.as_slice()[0].name.local, "class");
        assert_eq!(list.as_slice()[0].value, "c1");
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
