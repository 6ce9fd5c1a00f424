//! A canonical, valid [`SanitizerConfig`] as hash lookups over Kauri's interned names, for the
//! sanitize walk: one lookup per element and per attribute.

use std::collections::{HashMap, HashSet};

use kauri_tokenizer::names::BuildNameHasher;
use kauri_tokenizer::{AttrNamespace, LocalName, Namespace};

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
    /// `elements` (with each entry's attribute lists), when the config has an allow-list.
    pub(crate) elements: Option<HashMap<Key, ElementRule, BuildNameHasher>>,
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
        Rules {
            elements: config.elements.as_ref().map(|elements| {
                elements
                    .iter()
                    .filter_map(|element| {
                        let rule = ElementRule {
                            attributes: element.attributes.as_deref().map(key_set),
                            remove_attributes: key_set(
                                element.remove_attributes.as_deref().unwrap_or(&[]),
                            ),
                        };
                        Some((key(&element.name)?, rule))
                    })
                    .collect()
            }),
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
        }
    }

    /// Whether a processing instruction with this target is kept.
    pub(crate) fn keeps_processing_instruction(&self, target: &str) -> bool {
        match &self.processing_instructions {
            Some(allowed) => allowed.contains(target),
            None => !self.remove_processing_instructions.contains(target),
        }
    }
}
