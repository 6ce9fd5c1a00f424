//! A canonical, valid [`SanitizerConfig`] as hash lookups over Kauri's interned names, for the
//! sanitize walk: one lookup per element and per attribute.

use std::collections::{HashMap, HashSet};

use kauri_tokenizer::names::BuildNameHasher;
use kauri_tokenizer::{AttrNamespace, LocalName, Namespace};

use crate::sanitize::Action;

use crate::config::{
    SanitizerConfig, SanitizerName, HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE,
    XLINK_NAMESPACE, XMLNS_NAMESPACE, XML_NAMESPACE,
};

/// A namespace as the lookups key it: the three element namespaces, the three foreign
/// attribute namespaces, and no namespace. A config namespace outside these can name no node
/// a parser builds, so its entries are left out of the lookups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ns {
    Null,
    Html,
    Svg,
    MathMl,
    XLink,
    Xml,
    Xmlns,
}

impl Ns {
    fn from_url(url: Option<&str>) -> Option<Ns> {
        Some(match url {
            None => Ns::Null,
            Some(HTML_NAMESPACE) => Ns::Html,
            Some(SVG_NAMESPACE) => Ns::Svg,
            Some(MATHML_NAMESPACE) => Ns::MathMl,
            Some(XLINK_NAMESPACE) => Ns::XLink,
            Some(XML_NAMESPACE) => Ns::Xml,
            Some(XMLNS_NAMESPACE) => Ns::Xmlns,
            Some(_) => return None,
        })
    }

    pub(crate) fn of_element(ns: Namespace) -> Ns {
        match ns {
            Namespace::Html => Ns::Html,
            Namespace::Svg => Ns::Svg,
            Namespace::MathMl => Ns::MathMl,
        }
    }

    pub(crate) fn of_attribute(ns: AttrNamespace) -> Ns {
        match ns {
            AttrNamespace::None => Ns::Null,
            AttrNamespace::XLink => Ns::XLink,
            AttrNamespace::Xml => Ns::Xml,
            AttrNamespace::Xmlns => Ns::Xmlns,
        }
    }
}

/// A name as the lookups key it.
pub(crate) type Key = (Ns, LocalName);

type KeySet = HashSet<Key, BuildNameHasher>;

fn key(name: &SanitizerName) -> Option<Key> {
    Some((
        Ns::from_url(name.namespace_url())?,
        LocalName::from(name.name.as_str()),
    ))
}

fn key_set(names: &[SanitizerName]) -> KeySet {
    names.iter().filter_map(key).collect()
}

/// An `elements` entry's own attribute lists.
#[derive(Debug, Default)]
pub(crate) struct ElementRule {
    pub(crate) attributes: Option<KeySet>,
    pub(crate) remove_attributes: KeySet,
}

/// The lookups of one canonical, valid config.
#[derive(Debug)]
pub(crate) struct Rules {
    /// `elements` (each entry's index in [`Rules::element_rules`]), when the config has an
    /// allow-list.
    pub(crate) elements: Option<HashMap<Key, usize, BuildNameHasher>>,
    /// The attribute lists of each `elements` entry.
    pub(crate) element_rules: Vec<ElementRule>,
    /// The element steps' decision for each listed element name that is an atom.
    pub(crate) element_table: ElementTable,
    pub(crate) remove_elements: KeySet,
    pub(crate) replace_with_children: KeySet,
    /// `processingInstructions`, when the config has an allow-list of targets.
    pub(crate) processing_instructions: Option<HashSet<String>>,
    pub(crate) remove_processing_instructions: HashSet<String>,
    /// `attributes`, when the config has an allow-list.
    pub(crate) attributes: Option<KeySet>,
    pub(crate) remove_attributes: KeySet,
    pub(crate) comments: bool,
    pub(crate) data_attributes: bool,
    pub(crate) javascript_urls: bool,
}

impl Rules {
    /// The lookups of `config`, which must be canonical.
    pub(crate) fn new(config: &SanitizerConfig) -> Rules {
        let mut element_rules = Vec::new();
        let elements = config.elements.as_ref().map(|elements| {
            elements
                .iter()
                .filter_map(|element| {
                    let key = key(&element.name)?;
                    element_rules.push(ElementRule {
                        attributes: element.attributes.as_deref().map(key_set),
                        remove_attributes: key_set(
                            element.remove_attributes.as_deref().unwrap_or(&[]),
                        ),
                    });
                    Some((key, element_rules.len() - 1))
                })
                .collect()
        });
        let mut rules = Rules {
            elements,
            element_rules,
            // (Filled below, from the lookups above.)
            element_table: ElementTable {
                slots: Box::new([]),
                unlisted: (Action::Keep, None),
            },
            remove_elements: key_set(config.remove_elements.as_deref().unwrap_or(&[])),
            replace_with_children: key_set(
                config
                    .replace_with_children_elements
                    .as_deref()
                    .unwrap_or(&[]),
            ),
            processing_instructions: config
                .processing_instructions
                .as_ref()
                .map(|targets| targets.iter().cloned().collect()),
            remove_processing_instructions: config
                .remove_processing_instructions
                .iter()
                .flatten()
                .cloned()
                .collect(),
            attributes: config.attributes.as_deref().map(key_set),
            remove_attributes: key_set(config.remove_attributes.as_deref().unwrap_or(&[])),
            comments: config.comments == Some(true),
            data_attributes: config.data_attributes == Some(true),
            javascript_urls: config.javascript_urls == Some(true),
        };
        rules.element_table = ElementTable::new(&rules);
        rules
    }

    /// Whether a processing instruction with this target is kept.
    pub(crate) fn keeps_processing_instruction(&self, target: &str) -> bool {
        match &self.processing_instructions {
            Some(allowed) => allowed.contains(target),
            None => !self.remove_processing_instructions.contains(target),
        }
    }
}

/// The element steps' decision ([`element_decision_by_key`]) for every element name the
/// config lists that is an atom, in one small open-addressing table keyed by the name's atom
/// word and namespace; every other atom name gets the decision for an unlisted name. The
/// sanitizing sink asks it for each element the parser creates: the hash map of
/// [`ElementRule`]s (88 bytes an entry) spread those few lookups over a 22 KB table whose
/// cache lines a comment-sized call found cold, 3% of its time. A slot is 16 bytes, and the
/// table at most half full.
#[derive(Debug)]
pub(crate) struct ElementTable {
    /// A power of two long, at least 16; an empty slot has word 0, which no atom has.
    slots: Box<[Slot]>,
    /// The decision for a name in no list.
    unlisted: (Action, Option<usize>),
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    word: u64,
    ns: Ns,
    action: Action,
    /// The `elements` entry's index in [`Rules::element_rules`], or `u32::MAX`.
    rule: u32,
}

const EMPTY_SLOT: Slot = Slot {
    word: 0,
    ns: Ns::Null,
    action: Action::Keep,
    rule: u32::MAX,
};

impl ElementTable {
    fn new(rules: &Rules) -> ElementTable {
        let listed: Vec<&Key> = rules
            .replace_with_children
            .iter()
            .chain(rules.remove_elements.iter())
            .chain(rules.elements.iter().flat_map(|e| e.keys()))
            .filter(|key| key.1.atom_word().is_some())
            .collect();
        let len = (2 * listed.len()).next_power_of_two().max(16);
        let mut slots = vec![EMPTY_SLOT; len].into_boxed_slice();
        for key in listed {
            let word = key.1.atom_word().expect("an atom");
            let (action, rule) = element_decision_by_key(rules, key);
            let mut i = slot_index(word, key.0, len);
            while slots[i].word != 0 && (slots[i].word != word || slots[i].ns != key.0) {
                i = (i + 1) & (len - 1);
            }
            slots[i] = Slot {
                word,
                ns: key.0,
                action,
                rule: rule.map_or(u32::MAX, |r| u32::try_from(r).expect("a config's size")),
            };
        }
        // A name in no list (no atom word is 0, so no key is the empty slot's).
        let unlisted = match &rules.elements {
            Some(_) => (Action::Remove, None),
            None => (Action::Keep, None),
        };
        ElementTable { slots, unlisted }
    }

    /// The decision for the element `ns`:`word` (a name's atom word), with its `elements`
    /// entry's index.
    #[inline]
    pub(crate) fn decision(&self, ns: Ns, word: u64) -> (Action, Option<usize>) {
        let len = self.slots.len();
        let mut i = slot_index(word, ns, len);
        loop {
            let slot = self.slots[i];
            if slot.word == word && slot.ns == ns {
                return (
                    slot.action,
                    (slot.rule != u32::MAX).then_some(slot.rule as usize),
                );
            }
            if slot.word == 0 {
                return self.unlisted;
            }
            i = (i + 1) & (len - 1);
        }
    }
}

/// The slot an element name's probe starts at (a multiplicative hash of the word and the
/// namespace; `len` is a power of two).
#[inline]
fn slot_index(word: u64, ns: Ns, len: usize) -> usize {
    let mixed = (word ^ ns as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> (64 - len.trailing_zeros())) as usize
}

/// The element steps of "sanitize core" (§ sanitize-core), by hash lookups: replaced with its
/// children if the config says so (checked first: a valid config never lists such an element
/// in `elements`), else removed if `removeElements` has it or an `elements` allow-list lacks
/// it, else kept; with a kept element's `elements` entry's index.
pub(crate) fn element_decision_by_key(rules: &Rules, key: &Key) -> (Action, Option<usize>) {
    // (An empty set is checked first: a lookup hashes the key even then.)
    if !rules.replace_with_children.is_empty() && rules.replace_with_children.contains(key) {
        return (Action::ReplaceWithChildren, None);
    }
    match &rules.elements {
        Some(elements) => match elements.get(key) {
            Some(&rule) => (Action::Keep, Some(rule)),
            None => (Action::Remove, None),
        },
        None if !rules.remove_elements.is_empty() && rules.remove_elements.contains(key) => {
            (Action::Remove, None)
        }
        None => (Action::Keep, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table gives every name what the standard's steps over the hash sets give: listed
    /// and unlisted names, in each element namespace, atoms short and known, and names that
    /// are not atoms (which skip the table), under allow-lists, remove lists and unwrap lists
    /// big enough to make the probes collide.
    #[test]
    fn the_element_table_decides_as_the_hash_sets_do() {
        let many: Vec<String> = (0..300).map(|i| format!("\"x{i}\"")).collect();
        let configs = [
            r#"{}"#.to_owned(),
            r#"{"elements": ["p", "b", {"name": "svg", "namespace": "http://www.w3.org/2000/svg"}, {"name": "a", "attributes": ["href"]}, "a-very-long-custom-element-name"], "replaceWithChildrenElements": ["span", "font"]}"#.to_owned(),
            r#"{"removeElements": ["script", "b", {"name": "mi", "namespace": "http://www.w3.org/1998/Math/MathML"}], "replaceWithChildrenElements": ["i"]}"#.to_owned(),
            format!(r#"{{"elements": [{}]}}"#, many.join(", ")),
            format!(r#"{{"removeElements": [{}]}}"#, many.join(", ")),
        ];
        let mut names: Vec<String> = [
            "p",
            "b",
            "i",
            "a",
            "svg",
            "mi",
            "span",
            "font",
            "script",
            "div",
            "template",
            "circle",
            "foreignObject",
            "x",
            "x0",
            "x299",
            "x300",
            "blockquote",
            "a-very-long-custom-element-name",
            "another-long-custom-element",
        ]
        .map(String::from)
        .to_vec();
        names.extend((0..310).map(|i| format!("x{i}")));
        let mut sanitizers = vec![crate::Sanitizer::default()];
        for config in &configs {
            sanitizers.push(crate::Sanitizer::from_json(config).expect(config));
        }
        let mut compared = 0;
        for sanitizer in &sanitizers {
            for safe in [true, false] {
                let rules = sanitizer.rules(safe);
                for name in &names {
                    let local = LocalName::from(name.as_str());
                    for ns in [Namespace::Html, Namespace::Svg, Namespace::MathMl] {
                        let key = (Ns::of_element(ns), local.clone());
                        let by_key = element_decision_by_key(rules, &key);
                        let by_table = match local.atom_word() {
                            Some(word) => rules.element_table.decision(key.0, word),
                            None => continue,
                        };
                        assert_eq!(
                            format!("{by_table:?}"),
                            format!("{by_key:?}"),
                            "{name} in {ns:?}"
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }
}
