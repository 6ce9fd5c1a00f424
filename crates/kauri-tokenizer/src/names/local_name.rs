//! [`LocalName`]: a tag or attribute name that is an atom whenever an atom is cheap.
//!
//! Every known name (the static set generated from `known_names.txt`) and every name of at most
//! seven bytes is a `string_cache` atom: a packed integer, compared and hashed as one word, with
//! no allocation and no lock. Any other name (a long custom element or `data-*` name) is a
//! reference-counted string of its own.
//!
//! Why not intern those too: string_cache's dynamic set is one global table with a fixed 4,096
//! buckets of linked lists, so interning the n-th distinct unknown name walks a chain of about
//! n / 4,096 entries, and dropping it walks the chain again. A page with a few hundred thousand
//! distinct custom names (measured: 287,000 `data-x{n}` attributes in 8 MB) took 3.6 s to parse
//! and grew 6x per doubling of its size. A string of its own costs one allocation, and the
//! tokenizer's name cache hands out clones of it for repeats.
//!
//! Each name has exactly one representation (atom if static or short, string otherwise), so
//! equality stays derived: `local_name!("div")` is a constant usable in `match` patterns.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

use super::NameAtom;

/// The longest name that string_cache stores inline in the atom itself.
const MAX_INLINE_LEN: usize = 7;

/// A tag or attribute name. `local_name!("div")` is the constant for `div`.
///
/// Dereferences to `str`. Known names and names of up to seven bytes compare as one integer;
/// other names compare as strings (after a pointer check).
///
/// ```
/// # use kauri_tokenizer as kauri;
/// use kauri::{local_name, LocalName};
/// let name = LocalName::from("div");
/// assert!(matches!(name, local_name!("div")));
/// assert_eq!(&*LocalName::from("my-custom-element"), "my-custom-element");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct LocalName(Repr);

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    /// A static atom (a known name) or an inline one (any other name of at most 7 bytes).
    Atom(NameAtom),
    /// Any other name.
    Shared(Arc<str>),
}

impl LocalName {
    /// The name for a static atom (used by the generated `local_name!` constants).
    #[doc(hidden)]
    pub const fn from_static_atom(atom: NameAtom) -> LocalName {
        LocalName(Repr::Atom(atom))
    }

    /// The name as a string slice.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Atom(atom) => atom,
            Repr::Shared(s) => s,
        }
    }

    /// A 32-bit hash of the name, equal for equal names (the atom's precomputed hash, or
    /// [`hash_bytes_u32`](crate::names::hash_bytes_u32) of a long name's bytes).
    #[inline]
    pub fn get_hash(&self) -> u32 {
        match &self.0 {
            Repr::Atom(atom) => atom.get_hash(),
            Repr::Shared(s) => super::hash_bytes_u32(s.as_bytes()),
        }
    }

    /// Whether the name holds no reference-counted memory: a static atom (a known name) or an
    /// inline one (a name of up to seven bytes). A long name's own string, and a dynamic atom
    /// made through [`LocalName::from_static_atom`], are reference-counted. A layer that keeps
    /// a bitwise copy of a name must hold a reference of its own when this is false.
    ///
    /// ```
    /// use kauri_tokenizer::LocalName;
    /// assert!(LocalName::from("div").owns_no_memory());
    /// assert!(LocalName::from("x-y").owns_no_memory());
    /// assert!(!LocalName::from("data-a-long-name").owns_no_memory());
    /// ```
    #[inline]
    pub fn owns_no_memory(&self) -> bool {
        match &self.0 {
            Repr::Atom(atom) => !atom.is_dynamic(),
            Repr::Shared(_) => false,
        }
    }

    /// A 64-bit word that identifies the name when it is an atom (every known name and every
    /// name of up to seven bytes): two atom names are equal exactly when their words are, so a
    /// table keyed by this word hashes one integer. Every atom's word has one of its two low
    /// bits set. `None` for any other name (a string of its own).
    #[inline]
    pub fn atom_word(&self) -> Option<u64> {
        match &self.0 {
            // `unsafe_data` is a safe method of `string_cache::Atom` (its packed word); no
            // unsafe code runs here.
            Repr::Atom(atom) => Some(atom.unsafe_data()),
            Repr::Shared(_) => None,
        }
    }

    /// The name with ASCII upper case letters folded to lower case.
    pub fn to_ascii_lowercase(&self) -> LocalName {
        if self.bytes().any(|b| b.is_ascii_uppercase()) {
            LocalName::from(self.as_str().to_ascii_lowercase().as_str())
        } else {
            self.clone()
        }
    }

    /// True when the two names are equal ignoring ASCII case.
    #[inline]
    pub fn eq_ignore_ascii_case(&self, other: &LocalName) -> bool {
        self == other || self.as_str().eq_ignore_ascii_case(other)
    }

    /// True when the name equals `other` ignoring ASCII case.
    #[inline]
    pub fn eq_str_ignore_ascii_case(&self, other: &str) -> bool {
        self.as_str().eq_ignore_ascii_case(other)
    }
}

impl From<&str> for LocalName {
    #[inline]
    fn from(name: &str) -> LocalName {
        if name.len() <= MAX_INLINE_LEN {
            // Static if known, otherwise inline: string_cache never touches its dynamic set
            // for names this short.
            return LocalName(Repr::Atom(NameAtom::from(name)));
        }
        match NameAtom::try_static(name) {
            Some(atom) => LocalName(Repr::Atom(atom)),
            None => LocalName(Repr::Shared(Arc::from(name))),
        }
    }
}

impl From<String> for LocalName {
    #[inline]
    fn from(name: String) -> LocalName {
        LocalName::from(name.as_str())
    }
}

impl From<&String> for LocalName {
    #[inline]
    fn from(name: &String) -> LocalName {
        LocalName::from(name.as_str())
    }
}

impl Default for LocalName {
    /// The empty name.
    fn default() -> LocalName {
        LocalName::from("")
    }
}

impl Deref for LocalName {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for LocalName {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Hash for LocalName {
    /// An atom hashes as its one packed word; a long name as its bytes.
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            // A safe method, see `atom_word`.
            Repr::Atom(atom) => state.write_u64(atom.unsafe_data()),
            Repr::Shared(s) => s.hash(state),
        }
    }
}

impl PartialOrd for LocalName {
    fn partial_cmp(&self, other: &LocalName) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for LocalName {
    /// The order of the strings.
    fn cmp(&self, other: &LocalName) -> Ordering {
        if self == other {
            Ordering::Equal
        } else {
            self.as_str().cmp(other.as_str())
        }
    }
}

impl PartialEq<str> for LocalName {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for LocalName {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for LocalName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for LocalName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_representation_per_name() {
        // Static.
        assert!(LocalName::from("div").atom_word().is_some());
        assert!(LocalName::from("foreignObject").atom_word().is_some());
        // Inline (unknown, at most 7 bytes).
        assert!(LocalName::from("x-abcde").atom_word().is_some());
        // Long and unknown: a string of its own, still equal to another copy.
        let a = LocalName::from("data-something-long");
        let b = LocalName::from(String::from("data-something-long"));
        assert!(a.atom_word().is_none());
        assert_eq!(a, b);
        assert_eq!(a.get_hash(), b.get_hash());
        assert_ne!(a, LocalName::from("data-something-lonG"));
        assert_eq!(&*a, "data-something-long");
    }

    #[test]
    fn case_folding_and_order() {
        let svg = LocalName::from("clipPath");
        assert_eq!(&*svg.to_ascii_lowercase(), "clippath");
        assert!(svg.eq_str_ignore_ascii_case("CLIPPATH"));
        let long = LocalName::from("My-Custom-Element");
        assert_eq!(
            long.to_ascii_lowercase(),
            LocalName::from("my-custom-element")
        );
        let mut names = vec![LocalName::from("p"), long.clone(), LocalName::from("a")];
        names.sort();
        assert_eq!(
            names,
            [
                LocalName::from("My-Custom-Element"),
                LocalName::from("a"),
                LocalName::from("p")
            ]
        );
    }
}
