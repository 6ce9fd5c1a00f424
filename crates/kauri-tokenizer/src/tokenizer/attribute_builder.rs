//! Building the current tag token's attributes (§ attribute-name-state): starting and finishing
//! each attribute, and the duplicate-attribute check, deferred on long lists when errors are off.

use super::attribute_list::AttributeList;
use super::Tokenizer;
use crate::error::ErrorCode;
use crate::names::{LocalName, NameKey, NameSet};
use crate::sink::TokenSink;

/// Attribute lists longer than this use a hash set for the duplicate check.
pub(super) const LINEAR_DUPLICATE_CHECK: usize = 12;

/// The current attribute's place in the tag's name set ([`Tokenizer::check_duplicate_attribute`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum AttrKey {
    /// The tag's list is short and scanned: no set.
    #[default]
    None,
    /// Checked and kept: added under this key when it is finished.
    Checked(NameKey),
    /// Not checked yet: it becomes the pending attribute when it is finished
    /// ([`Tokenizer::resolve_pending_attribute`]).
    Deferred(NameKey),
}

/// The attribute being built and the current tag's attributes so far (the tokenizer's
/// "current attribute" and the current tag token's attribute list).
#[derive(Default)]
pub(super) struct AttributeBuilder {
    /// The current tag's attributes, lent to the sink with the tag (see [`crate::Tag::attrs`]).
    pub(super) list: AttributeList,
    /// The current attribute's name and value.
    pub(super) name: String,
    pub(super) value: String,
    /// An attribute was started and not finished yet.
    active: bool,
    /// The current attribute is a duplicate (or over the limit) and will be dropped.
    duplicate: bool,
    /// The current attribute's name, once made into an atom.
    atom: Option<LocalName>,
    /// The current attribute's key in `set`, once the tag uses the set.
    key: AttrKey,
    /// The tag's attribute names, for the duplicate check of long lists.
    pub(super) set: NameSet,
    /// A finished attribute whose duplicate check is deferred: its key and, when the check
    /// made it, its name; the name and value are in `pending_name` and `pending_value`.
    pending: Option<(NameKey, Option<LocalName>)>,
    pending_name: String,
    pending_value: String,
    /// [`crate::TokenizerOptions::max_attributes`].
    pub(super) max: Option<usize>,
}

impl AttributeBuilder {
    /// No attributes yet; a tag keeps at most `max` ([`crate::TokenizerOptions::max_attributes`]).
    pub(super) fn new(max: Option<usize>) -> Self {
        AttributeBuilder {
            max,
            ..AttributeBuilder::default()
        }
    }

    /// "Create a new start/end tag token": no attributes, none started.
    pub(super) fn new_tag(&mut self) {
        self.list.clear();
        if !self.set.is_empty() {
            self.set.clear();
        }
        self.active = false;
        self.pending = None;
    }
}

impl<S: TokenSink> Tokenizer<S> {
    /// "Start a new attribute in the current tag token".
    pub(super) fn start_attribute(&mut self) {
        self.finish_attribute();
        self.attr.name.clear();
        self.attr.value.clear();
        self.attr.active = true;
        self.attr.duplicate = false;
        self.attr.atom = None;
        self.attr.key = AttrKey::None;
    }

    /// Leaving the attribute name state: the duplicate-attribute check (§ attribute-name-state:
    /// "the complete attribute's name must be compared to the other attributes on the same
    /// token; if there is already an attribute on the token with the exact same name, then
    /// this is a duplicate-attribute parse error and the new attribute must be removed from
    /// the token").
    ///
    /// Short lists are scanned. Longer ones use `attr_set`; when errors are off, the lookup of
    /// an attribute is deferred until the next attribute's name ends (or the tag is emitted),
    /// and its slot of the set is prefetched now: on a tag with hundreds of thousands of
    /// attributes the set outgrows the caches, and the slot arrives while the value and the
    /// next name are tokenized instead of stalling here. The attributes kept are the same
    /// either way. (With errors on, a deferred `duplicate-attribute` error would be reported
    /// after errors found later in the input, so the check is made at once.)
    pub(super) fn check_duplicate_attribute(&mut self) {
        self.attr.key = AttrKey::None;
        if self.attr.list.len() < LINEAR_DUPLICATE_CHECK {
            // (No attribute is pending: only a tag that uses the set defers.)
            let name = self.atoms.get(&self.attr.name);
            let duplicate = self
                .attr
                .list
                .as_slice()
                .iter()
                .any(|a| a.name.local == name);
            self.decide_attribute(duplicate, Some(name));
            return;
        }
        if self.attr.set.is_empty() {
            for (i, a) in self.attr.list.as_slice().iter().enumerate() {
                self.attr.set.insert(NameKey::of(&a.name.local), i);
            }
        }
        // A long name is looked up by its bytes: a duplicate never becomes a LocalName.
        let (key, atom) = match NameKey::of_long(&self.attr.name) {
            Some(key) => (key, None),
            None => {
                let name = self.atoms.get(&self.attr.name);
                (NameKey::of(&name), Some(name))
            }
        };
        if !self.errors_on {
            self.attr.set.prefetch(key);
            self.resolve_pending_attribute();
            self.attr.atom = atom;
            self.attr.key = AttrKey::Deferred(key);
            return;
        }
        self.attr.key = AttrKey::Checked(key);
        let duplicate = self.tag_has_attribute(key, &self.attr.name);
        self.decide_attribute(duplicate, atom);
    }

    /// Whether the current tag has an attribute named `name`, whose key is `key`, by a lookup
    /// in `attr_set` (which then holds every attribute of the tag).
    pub(super) fn tag_has_attribute(&self, key: NameKey, name: &str) -> bool {
        let attrs = self.attr.list.as_slice();
        self.attr.set.contains(key, |i| {
            attrs.get(i).is_some_and(|a| *a.name.local == *name)
        })
    }

    /// The verdict of the duplicate-attribute check on the current attribute: a duplicate
    /// (or an attribute over the limit) is reported and will be dropped.
    pub(super) fn decide_attribute(&mut self, duplicate: bool, atom: Option<LocalName>) {
        if self.attribute_kept(duplicate) {
            // `None` (a long name) is made into a LocalName when the attribute is finished.
            self.attr.atom = atom;
        } else {
            self.attr.duplicate = true;
        }
    }

    /// Whether an attribute found to be a `duplicate` (or not) is kept, given the attributes
    /// the tag has: a duplicate is a parse error, and so (not in the standard: the resource
    /// limit of [`TokenizerOptions::max_attributes`]) is an attribute past the limit, which
    /// is dropped like a duplicate.
    pub(super) fn attribute_kept(&mut self, duplicate: bool) -> bool {
        if duplicate {
            self.error(ErrorCode::DuplicateAttribute);
            false
        } else if self.attribute_limit_reached() {
            self.error(ErrorCode::TooManyAttributes);
            false
        } else {
            true
        }
    }

    /// The current tag already holds [`TokenizerOptions::max_attributes`] attributes.
    #[inline]
    pub(super) fn attribute_limit_reached(&self) -> bool {
        self.attr.max.is_some_and(|max| self.attr.list.len() >= max)
    }

    /// Adds the finished attribute to the tag unless it was a duplicate (or over the limit);
    /// an attribute whose check is deferred becomes the pending one.
    pub(super) fn finish_attribute(&mut self) {
        if !self.attr.active {
            return;
        }
        self.attr.active = false;
        if self.attr.duplicate {
            return;
        }
        let key = std::mem::replace(&mut self.attr.key, AttrKey::None);
        if let AttrKey::Deferred(key) = key {
            // (Normally none is pending: the check resolved it.)
            self.resolve_pending_attribute();
            std::mem::swap(&mut self.attr.name, &mut self.attr.pending_name);
            std::mem::swap(&mut self.attr.value, &mut self.attr.pending_value);
            self.attr.pending = Some((key, self.attr.atom.take()));
            return;
        }
        let local = match self.attr.atom.take() {
            Some(atom) => atom,
            None => self.atoms.get(&self.attr.name),
        };
        if let AttrKey::Checked(key) = key {
            self.attr.set.insert(key, self.attr.list.len());
        }
        // The value moves into the list by a swap; the next attribute starts with the
        // slot's old string, which `push` has emptied.
        std::mem::swap(self.attr.list.push(local), &mut self.attr.value);
    }

    /// Makes the deferred duplicate-attribute check of the pending attribute, if there is
    /// one, and adds it to the tag unless it is a duplicate (or over the limit). Called when
    /// the next attribute's name ends, before an attribute is finished and when the tag is
    /// emitted, so the tag's attributes stay in source order.
    pub(super) fn resolve_pending_attribute(&mut self) {
        let Some((key, atom)) = self.attr.pending.take() else {
            return;
        };
        let duplicate = self.tag_has_attribute(key, &self.attr.pending_name);
        if !self.attribute_kept(duplicate) {
            return;
        }
        let local = match atom {
            Some(atom) => atom,
            None => self.atoms.get(&self.attr.pending_name),
        };
        self.attr.set.insert(key, self.attr.list.len());
        std::mem::swap(self.attr.list.push(local), &mut self.attr.pending_value);
    }
}
