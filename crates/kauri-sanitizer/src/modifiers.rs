//! The `Sanitizer` modifier methods' algorithms on a canonical, valid config (§ sanitizer,
//! the methods `allowElement`, `removeElement`, `replaceElementWithChildren`,
//! `allowAttribute`, `removeAttribute`, `allowProcessingInstruction`,
//! `removeProcessingInstruction`, `setComments`, `setDataAttributes`, `setJavascriptURLs`
//! and `get`). Each keeps the config valid and returns whether it changed it. "Remove an
//! element" and "remove an attribute", which "remove unsafe" also uses, are in `config.rs`.

use std::cmp::Ordering;

use crate::config::{SanitizerConfig, SanitizerElement, SanitizerName, HTML_NAMESPACE};

/// Removes `item` from `list`; whether it was there.
fn remove_from<T: PartialEq>(list: &mut Option<Vec<T>>, item: &T) -> bool {
    let Some(list) = list else { return false };
    let before = list.len();
    list.retain(|x| x != item);
    list.len() != before
}

/// "Remove duplicates" from a list: each item's first occurrence stays, in order.
fn dedup<T: PartialEq + Clone>(list: &mut Vec<T>) {
    let mut kept: Vec<T> = Vec::with_capacity(list.len());
    for item in list.drain(..) {
        if !kept.contains(&item) {
            kept.push(item);
        }
    }
    *list = kept;
}

/// The items of `list` that `other` does not contain ("the difference").
fn difference(list: &[SanitizerName], other: &[SanitizerName]) -> Vec<SanitizerName> {
    list.iter()
        .filter(|a| !other.contains(a))
        .cloned()
        .collect()
}

/// The items of `list` that `other` contains ("the intersection").
fn intersection(list: &[SanitizerName], other: &[SanitizerName]) -> Vec<SanitizerName> {
    list.iter().filter(|a| other.contains(a)).cloned().collect()
}

/// "Canonicalize a sanitizer element with attributes": the element's name gets the HTML
/// namespace by default, its attributes no namespace, and an entry with neither list gets an
/// empty `removeAttributes`; duplicates go.
fn canonical_element(element: SanitizerElement) -> SanitizerElement {
    let canonical_list = |list: Option<Vec<SanitizerName>>| {
        list.map(|names| {
            let mut names: Vec<SanitizerName> = names.iter().map(|n| n.canonical(None)).collect();
            dedup(&mut names);
            names
        })
    };
    let attributes = canonical_list(element.attributes);
    let mut remove_attributes = canonical_list(element.remove_attributes);
    if attributes.is_none() && remove_attributes.is_none() {
        remove_attributes = Some(Vec::new());
    }
    SanitizerElement {
        name: element.name.canonical(Some(HTML_NAMESPACE)),
        attributes,
        remove_attributes,
    }
}

/// The order of `get()`'s lists (§ sanitizerconfig-less-than-item): by namespace, the null
/// namespace first, then by local name, comparing code units.
fn less_than_order(a: &SanitizerName, b: &SanitizerName) -> Ordering {
    a.namespace_url()
        .cmp(&b.namespace_url())
        .then_with(|| a.name.encode_utf16().cmp(b.name.encode_utf16()))
}

fn sort_names(list: &mut Option<Vec<SanitizerName>>) {
    if let Some(list) = list {
        list.sort_by(less_than_order);
    }
}

impl SanitizerConfig {
    /// `allowElement(element)` (§ sanitizer-allow-an-element): afterwards the config keeps
    /// `element`, with its own attribute lists adjusted to the global ones. With a
    /// `removeElements` config, an element with attribute lists cannot be added (false).
    pub(crate) fn allow_element(&mut self, element: SanitizerElement) -> bool {
        // 1. Set element to the result of canonicalize a sanitizer element with attributes.
        let mut element = canonical_element(element);
        // 2. If configuration["elements"] exists:
        if self.elements.is_some() {
            // 2.1. Set modified to the result of removing element from
            // replaceWithChildrenElements.
            let modified = remove_from(&mut self.replace_with_children_elements, &element.name);
            // 2.3. If configuration["attributes"] exists:
            if let Some(global) = &self.attributes {
                // 2.3.1. element["attributes"]: less the global attributes, and less custom
                // data attributes when dataAttributes is true.
                if let Some(attributes) = &mut element.attributes {
                    *attributes = difference(attributes, global);
                    if self.data_attributes == Some(true) {
                        attributes.retain(|a| !a.is_custom_data_attribute());
                    }
                }
                // 2.3.2. element["removeAttributes"]: only the global attributes.
                if let Some(remove) = &mut element.remove_attributes {
                    *remove = intersection(remove, global);
                }
            } else {
                // 2.4. Otherwise (configuration["removeAttributes"]):
                let global = self.remove_attributes.clone().unwrap_or_default();
                // 2.4.1. element["attributes"]: less element["removeAttributes"], which goes,
                // and less the global removeAttributes.
                if let Some(attributes) = &mut element.attributes {
                    let own_remove = element.remove_attributes.take().unwrap_or_default();
                    *attributes = difference(&difference(attributes, &own_remove), &global);
                }
                // 2.4.2. element["removeAttributes"]: less the global removeAttributes.
                if let Some(remove) = &mut element.remove_attributes {
                    *remove = difference(remove, &global);
                }
            }
            let elements = self.elements.get_or_insert_with(Vec::new);
            // 2.5. If configuration["elements"] does not contain element: append it, return
            // true.
            let Some(at) = elements.iter().position(|e| e.name == element.name) else {
                elements.push(element);
                return true;
            };
            // 2.7, 2.8. If element equals the current entry, return modified.
            if elements[at] == element {
                return modified;
            }
            // 2.9, 2.10, 2.11. Remove the current entry, append element, return true.
            elements.remove(at);
            elements.push(element);
            return true;
        }
        // 3. Otherwise (configuration["removeElements"]):
        // 3.1. An element with its own attribute lists cannot be allowed here.
        if element.attributes.is_some()
            || element
                .remove_attributes
                .as_ref()
                .is_some_and(|r| !r.is_empty())
        {
            return false;
        }
        // 3.2. Set modified to the result of removing element from
        // replaceWithChildrenElements.
        let modified = remove_from(&mut self.replace_with_children_elements, &element.name);
        // 3.3 to 3.6. Remove it from removeElements; true if it was there.
        remove_from(&mut self.remove_elements, &element.name) || modified
    }

    /// `replaceElementWithChildren(element)` (§ sanitizer-replace-an-element-with-its-children):
    /// afterwards the config replaces `element` with its children. `html`, `svg` and `math`
    /// cannot be (false).
    pub(crate) fn replace_element_with_children(&mut self, element: &SanitizerName) -> bool {
        // 1 to 3. Canonicalize the name.
        let element = element.canonical(Some(HTML_NAMESPACE));
        // The non-replaceable elements (the validity rule's) stay out.
        if crate::builtins::is_non_replaceable(&element) {
            return false;
        }
        // 4. If replaceWithChildrenElements contains element, return false.
        let replace = self
            .replace_with_children_elements
            .get_or_insert_with(Vec::new);
        if replace.contains(&element) {
            return false;
        }
        // 7. Append element to replaceWithChildrenElements.
        replace.push(element.clone());
        // 5. Remove element from removeElements. 6. Remove element from elements.
        remove_from(&mut self.remove_elements, &element);
        if let Some(elements) = &mut self.elements {
            elements.retain(|e| e.name != element);
        }
        // 8. Return true.
        true
    }

    /// `allowAttribute(attribute)` (§ sanitizer-allow-an-attribute): afterwards every allowed
    /// element keeps `attribute` (unless its own `removeAttributes` says otherwise).
    pub(crate) fn allow_attribute(&mut self, attribute: &SanitizerName) -> bool {
        // 1. Set attribute to the result of canonicalize a sanitizer attribute.
        let attribute = attribute.canonical(None);
        // 2. If configuration["attributes"] exists:
        if let Some(attributes) = &mut self.attributes {
            // 2.2. A custom data attribute is already allowed when dataAttributes is true.
            if self.data_attributes == Some(true) && attribute.is_custom_data_attribute() {
                return false;
            }
            // 2.3. If configuration["attributes"] contains attribute, return false.
            if attributes.contains(&attribute) {
                return false;
            }
            // 2.6. Append attribute to configuration["attributes"].
            attributes.push(attribute.clone());
            // 2.5. Remove it from every element's own attributes (now global).
            for element in self.elements.iter_mut().flatten() {
                remove_from(&mut element.attributes, &attribute);
            }
            // 2.7. Return true.
            return true;
        }
        // 3. Otherwise: remove it from configuration["removeAttributes"]; true if it was there.
        remove_from(&mut self.remove_attributes, &attribute)
    }

    /// `allowProcessingInstruction(pi)` (§ sanitizer-allow-a-processing-instruction).
    pub(crate) fn allow_processing_instruction(&mut self, target: &str) -> bool {
        let target = target.to_owned();
        if let Some(allowed) = &mut self.processing_instructions {
            if allowed.contains(&target) {
                return false;
            }
            allowed.push(target);
            return true;
        }
        remove_from(&mut self.remove_processing_instructions, &target)
    }

    /// `removeProcessingInstruction(pi)` (§ sanitizer-remove-a-processing-instruction).
    pub(crate) fn remove_processing_instruction(&mut self, target: &str) -> bool {
        let target = target.to_owned();
        if self.processing_instructions.is_some() {
            return remove_from(&mut self.processing_instructions, &target);
        }
        let removed = self
            .remove_processing_instructions
            .get_or_insert_with(Vec::new);
        if removed.contains(&target) {
            return false;
        }
        removed.push(target);
        true
    }

    /// `setComments(allow)`: whether it changed.
    pub(crate) fn set_comments(&mut self, allow: bool) -> bool {
        let modified = self.comments != Some(allow);
        self.comments = Some(allow);
        modified
    }

    /// `setJavascriptURLs(allow)`: whether it changed.
    pub(crate) fn set_javascript_urls(&mut self, allow: bool) -> bool {
        let modified = self.javascript_urls != Some(allow);
        self.javascript_urls = Some(allow);
        modified
    }

    /// `setDataAttributes(allow)` (§ sanitizer-set-data-attributes): only a config with an
    /// `attributes` allow-list has the flag; turning it on drops the custom data attributes
    /// the lists name (they are allowed anyway, and the config stays valid).
    pub(crate) fn set_data_attributes(&mut self, allow: bool) -> bool {
        let Some(attributes) = &mut self.attributes else {
            return false;
        };
        if self.data_attributes == Some(allow) {
            return false;
        }
        if allow {
            attributes.retain(|a| !a.is_custom_data_attribute());
            for element in self.elements.iter_mut().flatten() {
                if let Some(own) = &mut element.attributes {
                    own.retain(|a| !a.is_custom_data_attribute());
                }
            }
        }
        self.data_attributes = Some(allow);
        true
    }

    /// `get()` (§ dom-sanitizer-get): a copy with every list sorted (§
    /// sanitizerconfig-less-than-item), each element's attribute lists too.
    pub(crate) fn sorted(&self) -> SanitizerConfig {
        let mut config = self.clone();
        if let Some(elements) = &mut config.elements {
            for element in elements.iter_mut() {
                sort_names(&mut element.attributes);
                sort_names(&mut element.remove_attributes);
            }
            elements.sort_by(|a, b| less_than_order(&a.name, &b.name));
        }
        sort_names(&mut config.remove_elements);
        sort_names(&mut config.replace_with_children_elements);
        sort_names(&mut config.attributes);
        sort_names(&mut config.remove_attributes);
        for list in [
            &mut config.processing_instructions,
            &mut config.remove_processing_instructions,
        ]
        .into_iter()
        .flatten()
        {
            list.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
        }
        config
    }
}
