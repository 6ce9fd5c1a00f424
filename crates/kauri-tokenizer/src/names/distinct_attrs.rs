//! [`DistinctAttrs`]: an attribute list with no two attributes of the same name, as every tag
//! token has and every element keeps. The tokenizer drops a tag's duplicates as it reads them
//! (§ attribute-name-state), so its lists need no second check: the type carries that fact to
//! the tree builder and the DOM, which check only lists made anywhere else.

use std::ops::Deref;

use super::{Attribute, LocalName, NameKey, NameSet};

/// Lists up to this long are checked pair by pair; longer ones with a [`NameSet`].
const PAIRWISE_MAX: usize = 16;

/// Attributes in source order, no two with the same name (namespace and local name).
///
/// Made by the tokenizer (a tag token's [`attrs`](crate::Tag::attrs)), by
/// [`DistinctAttrs::new`] (which checks) or by [`DistinctAttrs::dedup`] (which drops later
/// duplicates, keeping the first value, as the tokenizer does). Dereferences to the slice.
///
/// ```
/// # use kauri_tokenizer as kauri;
/// use kauri::{AttrName, Attribute, DistinctAttrs, LocalName};
///
/// let attr = |name: &str, value: &str| Attribute {
///     name: AttrName::new(LocalName::from(name)),
///     value: value.to_string(),
/// };
/// let ok = [attr("id", "a"), attr("class", "b")];
/// assert_eq!(DistinctAttrs::new(&ok).map(|a| a.len()), Some(2));
///
/// let mut twice = vec![attr("id", "first"), attr("class", "b"), attr("id", "second")];
/// assert!(DistinctAttrs::new(&twice).is_none());
/// let distinct = DistinctAttrs::dedup(&mut twice);
/// assert_eq!(distinct.len(), 2);
/// assert_eq!(distinct[0].value, "first");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DistinctAttrs<'a>(&'a [Attribute]);

impl<'a> DistinctAttrs<'a> {
    /// No attributes.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// assert!(kauri::DistinctAttrs::EMPTY.is_empty());
    /// ```
    pub const EMPTY: DistinctAttrs<'static> = DistinctAttrs(&[]);

    /// `attrs`, if no two of them have the same name; `None` otherwise (see
    /// [`DistinctAttrs::dedup`] to drop the duplicates).
    pub fn new(attrs: &'a [Attribute]) -> Option<DistinctAttrs<'a>> {
        (!has_duplicates(attrs)).then_some(DistinctAttrs(attrs))
    }

    /// Removes from `attrs` every attribute whose name an earlier one has (the first value
    /// wins, as in the tokenizer), and returns the rest.
    pub fn dedup(attrs: &'a mut Vec<Attribute>) -> DistinctAttrs<'a> {
        // (A long list takes one pass with the set, not a check and then a second pass.)
        if attrs.len() > PAIRWISE_MAX || has_duplicates(attrs) {
            let firsts = first_of_each_name(attrs);
            let mut first = firsts.iter();
            attrs.retain(|_| first.next().copied().unwrap_or(true));
        }
        DistinctAttrs(attrs)
    }

    /// A list the tokenizer has already freed of duplicates.
    pub(crate) fn from_tokenizer(attrs: &'a [Attribute]) -> DistinctAttrs<'a> {
        DistinctAttrs(attrs)
    }

    /// The attributes as a slice.
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// let none: &[kauri::Attribute] = kauri::DistinctAttrs::EMPTY.as_slice();
    /// assert!(none.is_empty());
    /// ```
    #[inline]
    pub fn as_slice(self) -> &'a [Attribute] {
        self.0
    }

    /// The value of the attribute with this local name (no namespace), if any ([`Tag::attr`]
    /// asks this of its list).
    ///
    /// ```
    /// # use kauri_tokenizer as kauri;
    /// use kauri::{AttrName, Attribute, DistinctAttrs, LocalName};
    /// let mut attrs = vec![Attribute {
    ///     name: AttrName::new(LocalName::from("type")),
    ///     value: "hidden".to_owned(),
    /// }];
    /// let attrs = DistinctAttrs::dedup(&mut attrs);
    /// assert_eq!(attrs.value(&LocalName::from("type")), Some("hidden"));
    /// assert_eq!(attrs.value(&LocalName::from("id")), None);
    /// ```
    ///
    /// [`Tag::attr`]: crate::Tag::attr
    pub fn value(self, name: &LocalName) -> Option<&'a str> {
        self.0
            .iter()
            .find(|a| a.name.local == *name)
            .map(|a| a.value.as_str())
    }
}

impl Deref for DistinctAttrs<'_> {
    type Target = [Attribute];
    #[inline]
    fn deref(&self) -> &[Attribute] {
        self.0
    }
}

impl<'a> IntoIterator for DistinctAttrs<'a> {
    type Item = &'a Attribute;
    type IntoIter = std::slice::Iter<'a, Attribute>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Whether two attributes of `attrs` have the same name: pair by pair for short lists (almost
/// every tag), with a [`NameSet`] for long ones.
fn has_duplicates(attrs: &[Attribute]) -> bool {
    if attrs.len() <= PAIRWISE_MAX {
        attrs
            .iter()
            .enumerate()
            .any(|(i, a)| attrs[..i].iter().any(|b| b.name == a.name))
    } else {
        first_of_each_name(attrs).contains(&false)
    }
}

/// For each attribute of `attrs`, in order, whether it is the first with its name.
fn first_of_each_name(attrs: &[Attribute]) -> Vec<bool> {
    let mut seen = NameSet::new();
    attrs
        .iter()
        .enumerate()
        .map(|(i, a)| {
            seen.insert_if_absent(NameKey::of_attr(&a.name), i, |j| {
                attrs.get(j).is_some_and(|b| b.name == a.name)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AttrName, AttrNamespace, LocalName};

    fn attr(ns: AttrNamespace, name: &str, value: &str) -> Attribute {
        Attribute {
            name: AttrName {
                ns,
                local: LocalName::from(name),
            },
            value: value.to_string(),
        }
    }

    /// Short and long lists, short and long names, namespaces: `new` and `dedup` agree with a
    /// plain model (keep the first of each (namespace, name)).
    #[test]
    fn dedup_keeps_the_first_of_each_name() {
        // (Miri's longest list is 200: 52 distinct short names, so the set still grows.)
        for len in [0, 1, 2, 5, 16, 17, 40, if cfg!(miri) { 200 } else { 300 }] {
            let mut attrs: Vec<Attribute> = (0..len)
                .map(|i| {
                    let ns = if i % 7 == 3 {
                        AttrNamespace::XLink
                    } else {
                        AttrNamespace::None
                    };
                    let name = match i % 4 {
                        0 => format!("a{}", i % 9),
                        1 => format!("data-long-name-{}", i % 11),
                        2 => "href".to_string(),
                        _ => format!("x{i}"),
                    };
                    attr(ns, &name, &i.to_string())
                })
                .collect();
            let mut model: Vec<Attribute> = Vec::new();
            for a in &attrs {
                if !model.iter().any(|m| m.name == a.name) {
                    model.push(a.clone());
                }
            }
            assert_eq!(
                DistinctAttrs::new(&attrs).is_some(),
                model.len() == attrs.len(),
                "{len}"
            );
            assert_eq!(
                DistinctAttrs::dedup(&mut attrs).as_slice(),
                model.as_slice()
            );
            assert!(DistinctAttrs::new(&attrs).is_some());
        }
    }
}
