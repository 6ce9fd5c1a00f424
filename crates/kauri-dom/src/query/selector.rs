//! [`Selector`]: a compiled CSS selector list, and [`SelectorError`].

use std::fmt;

use cssparser::{BasicParseErrorKind, ParseErrorKind, ToCss};
use kauri_tokenizer::{LocalName, Namespace};
use selectors::parser::{Component, SelectorParseErrorKind};
use selectors::visitor::SelectorVisitor;
use selectors::SelectorList;

use super::css::{KauriParser, KauriSelectors, PARSE_RELATIVE};

/// How deeply blocks (`:is(`, `:not(`, `[`, ...) may nest in a selector. The selectors crate
/// parses and matches nested lists recursively, so this bounds its stack use.
const NESTED_BLOCK_LIMIT: u8 = 32;

/// A compiled CSS selector list (Selectors Level 4 as the `selectors` crate implements it),
/// ready to match elements any number of times. Cheap to clone, `Send + Sync + 'static`.
///
/// Supported: type, class, id, universal and attribute selectors (`=`, `~=`, `|=`, `^=`, `$=`,
/// `*=`, with `i` / `s` flags), all combinators, `:not()`, `:is()`, `:where()`, `:has()`,
/// `:nth-child(An+B [of S])`, `:nth-last-child`, `:nth-of-type`, `:first-child`,
/// `:only-child`, `:root`, `:empty`, `:scope`, and the static HTML pseudo-classes `:link`,
/// `:any-link`, `:checked` (an `input` with `checked`, an `option` with `selected`),
/// `:disabled`, `:enabled`, `:required`, `:optional` and `:defined`. The user-action and
/// navigation pseudo-classes (`:hover`, `:active`, `:focus`, `:focus-within`,
/// `:focus-visible`, `:visited`, `:target`) parse and never match. Pseudo-elements are errors.
///
/// Selectors mean what they mean in the DOM's `querySelectorAll`: from an element, `div p`
/// finds its `p` descendants with a `div` ancestor anywhere (even above the element), and
/// `:scope > li` finds its `li` children. One extension: the namespace prefixes `html`, `svg`,
/// `math`, `xlink`, `xml` and `xmlns` are predefined (`svg|a`, `[xlink|href]`).
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::Selector;
/// let selector = Selector::parse("div.note > a[href]")?;
/// assert_eq!(selector.to_string(), "div.note > a[href]");
/// assert!(Selector::parse("div >").is_err());
/// let parsed: Selector = "ul li:nth-child(2n of .x)".parse()?;
/// assert_eq!(parsed.to_string(), "ul li:nth-child(2n of .x)");
/// # Ok::<(), kauri::SelectorError>(())
/// ```
#[derive(Clone)]
pub struct Selector {
    pub(crate) list: SelectorList<KauriSelectors>,
    /// Whether some selector uses `:has()`, which the crate matches recursively over the
    /// subtree's depth (see `Select`).
    pub(crate) has_relative: bool,
    /// The local names the rightmost compound of each selector of the list names (`p` in
    /// `div p`, `h1` and `h2` in `h1, h2`), as (written, ASCII-lowercased) pairs, so that a walk
    /// passes over elements of other names without running the matcher ([`Selector::may_match`]).
    /// Empty when some selector of the list names none (`.x`, `*`, `:is(p)`).
    subjects: Box<[(LocalName, LocalName)]>,
}

const _: fn() = || {
    fn assert_send_sync_static<T: Send + Sync + 'static>() {}
    assert_send_sync_static::<Selector>();
    assert_send_sync_static::<SelectorError>();
};

impl Selector {
    /// Parses a selector list (`a, b > c`). Never panics; an invalid selector gives a
    /// [`SelectorError`] saying what and where.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let err = kauri::Selector::parse("p:hoverr").unwrap_err();
    /// assert_eq!(err.to_string(), "unsupported pseudo-class or pseudo-element at column 9");
    /// ```
    pub fn parse(css: &str) -> Result<Selector, SelectorError> {
        let mut parser = cssparser::Parser::new(css);
        parser.set_nested_block_limit(NESTED_BLOCK_LIMIT);
        match SelectorList::parse(&KauriParser, &mut parser, PARSE_RELATIVE) {
            Ok(list) => {
                let mut finder = FindHas(false);
                for selector in list.slice() {
                    selector.visit(&mut finder);
                }
                let subjects = subject_names(&list);
                Ok(Selector {
                    list,
                    has_relative: finder.0,
                    subjects,
                })
            }
            Err(error) => {
                let location = parser.current_source_location();
                Err(SelectorError {
                    message: message(&error.kind),
                    line: location.line + 1,
                    column: location.column,
                })
            }
        }
    }
}

impl Selector {
    /// Whether an element with this name can match: false only when every selector of the list
    /// requires another local name of its subject. The name compared is the one the selectors
    /// crate compares (`select_name`): lowercased for an HTML element (every document Kauri
    /// builds is an HTML document), as written for a foreign one.
    pub(crate) fn may_match(&self, name: &kauri_tokenizer::QualName) -> bool {
        if self.subjects.is_empty() {
            return true;
        }
        let html = name.ns == Namespace::Html;
        self.subjects
            .iter()
            .any(|(written, lower)| name.local == *if html { lower } else { written })
    }
}

impl Selector {
    /// The atom words ([`LocalName::atom_word`]) of the local names of [`Selector::may_match`]
    /// (an element whose name is an atom can match only when its word is one of these), or
    /// `None` when every name can match.
    pub(crate) fn subject_words(&self) -> Option<Box<[u64]>> {
        if self.subjects.is_empty() {
            return None;
        }
        let mut words: Vec<u64> = (self.subjects.iter())
            .flat_map(|(written, lower)| [written.atom_word(), lower.atom_word()])
            .flatten()
            .collect();
        words.dedup();
        Some(words.into_boxed_slice())
    }
}

/// The (written, lowercased) local name each selector of `list` requires of its subject, or none
/// at all when some selector requires none. `Selector::iter` yields the rightmost compound's
/// components (the crate stores a selector in matching order), and a type selector there is a
/// requirement of the compound as a whole (one inside `:not()` or `:is()` is a component of
/// its own list, not of this compound).
fn subject_names(list: &SelectorList<KauriSelectors>) -> Box<[(LocalName, LocalName)]> {
    let mut names = Vec::with_capacity(list.len());
    for selector in list.slice() {
        let name = selector.iter().find_map(|component| match component {
            Component::LocalName(name) => Some((name.name.0.clone(), name.lower_name.0.clone())),
            _ => None,
        });
        match name {
            Some(name) => names.push(name),
            None => return Box::default(),
        }
    }
    names.into_boxed_slice()
}

impl std::str::FromStr for Selector {
    type Err = SelectorError;
    fn from_str(css: &str) -> Result<Selector, SelectorError> {
        Selector::parse(css)
    }
}

/// The selector list in its CSS serialization.
impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.list.to_css(f)
    }
}

impl fmt::Debug for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Selector({:?})", self.to_string())
    }
}

/// Finds `:has()` anywhere in a selector.
struct FindHas(bool);

impl SelectorVisitor for FindHas {
    type Impl = KauriSelectors;

    fn visit_relative_selector_list(
        &mut self,
        _list: &[selectors::parser::RelativeSelector<KauriSelectors>],
    ) -> bool {
        self.0 = true;
        true
    }
}

/// Why a selector did not parse, and where (line and column, 1-based, of where the parser
/// stopped). Owned, `Send + Sync + 'static`, so it works with `?` into any error type.
#[derive(Clone, Debug, PartialEq, Eq)]
///
/// ```
/// # use kauri_dom as kauri;
/// let err = kauri::Selector::parse("p >").unwrap_err();
/// println!("{err}"); // the message, line and column
/// ```
pub struct SelectorError {
    message: &'static str,
    line: u32,
    column: u32,
}

impl SelectorError {
    /// What was wrong ("unexpected token", "empty selector", ...).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let err = kauri::Selector::parse("div >").unwrap_err();
    /// assert!(!err.message().is_empty());
    /// ```
    pub fn message(&self) -> &str {
        self.message
    }

    /// The 1-based line in the selector text where parsing stopped.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let err = kauri::Selector::parse("a,\n>").unwrap_err();
    /// assert_eq!(err.line(), 2);
    /// ```
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The 1-based column (in UTF-16 units, as CSS counts) where parsing stopped.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let err = kauri::Selector::parse("a[").unwrap_err();
    /// assert!(err.column() >= 1);
    /// ```
    pub fn column(&self) -> u32 {
        self.column
    }
}

impl fmt::Display for SelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 1 {
            write!(f, "{} at column {}", self.message, self.column)
        } else {
            write!(
                f,
                "{} at line {}, column {}",
                self.message, self.line, self.column
            )
        }
    }
}

impl std::error::Error for SelectorError {}

fn message(kind: &ParseErrorKind<SelectorParseErrorKind>) -> &'static str {
    match kind {
        ParseErrorKind::Basic(basic) => match basic {
            BasicParseErrorKind::UnexpectedToken => "unexpected token",
            BasicParseErrorKind::EndOfInput => "unexpected end of selector",
            BasicParseErrorKind::TooManyNestedBlocks => "selector nested too deeply",
            BasicParseErrorKind::AtRuleInvalid
            | BasicParseErrorKind::AtRuleBodyInvalid
            | BasicParseErrorKind::QualifiedRuleInvalid => "invalid selector",
        },
        ParseErrorKind::Custom(custom) => match custom {
            SelectorParseErrorKind::NoQualifiedNameInAttributeSelector => {
                "expected an attribute name"
            }
            SelectorParseErrorKind::EmptySelector => "empty selector",
            SelectorParseErrorKind::DanglingCombinator => "combinator with nothing after it",
            SelectorParseErrorKind::NonCompoundSelector => "expected a compound selector",
            SelectorParseErrorKind::NonPseudoElementAfterSlotted
            | SelectorParseErrorKind::InvalidPseudoElementAfterSlotted
            | SelectorParseErrorKind::InvalidPseudoElementInsideWhere
            | SelectorParseErrorKind::PseudoElementExpectedColon
            | SelectorParseErrorKind::PseudoElementExpectedIdent => "unsupported pseudo-element",
            SelectorParseErrorKind::InvalidState => "invalid state",
            SelectorParseErrorKind::UnexpectedTokenInAttributeSelector => {
                "unexpected token in attribute selector"
            }
            SelectorParseErrorKind::NoIdentForPseudo => "expected a pseudo-class name",
            SelectorParseErrorKind::UnsupportedPseudoClassOrElement => {
                "unsupported pseudo-class or pseudo-element"
            }
            SelectorParseErrorKind::UnexpectedIdent => "unexpected identifier",
            SelectorParseErrorKind::ExpectedNamespace => "unknown namespace prefix",
            SelectorParseErrorKind::ExpectedBarInAttr => "expected | in attribute selector",
            SelectorParseErrorKind::BadValueInAttr => "invalid attribute value",
            SelectorParseErrorKind::InvalidQualNameInAttr => "invalid attribute name",
            SelectorParseErrorKind::ExplicitNamespaceUnexpectedToken => {
                "unexpected token after namespace"
            }
            SelectorParseErrorKind::ClassNeedsIdent => "expected a class name after .",
        },
    }
}
