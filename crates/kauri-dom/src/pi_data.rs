//! The data of processing instructions as `<template for>` content patching reads it: the
//! pseudo-attributes of `<?start name=...>` / `<?marker name=...>` (whatwg/dom#1454), and the
//! names a [`DomSink`](crate::DomSink) has seen, so that "find markers" can fail without a
//! tree walk for a name no marker ever had.

/// The value of the pseudo-attribute `name` in a processing instruction's data (whatwg/dom
/// #1454: the data parsed as XML-like pseudo-attributes `name="value"` or `name='value'`
/// separated by ASCII whitespace; any syntax error leaves the map empty, so `None`).
pub(crate) fn pi_pseudo_attribute<'d>(data: &'d str, wanted: &str) -> Option<&'d str> {
    let is_ws = |c: char| matches!(c, ' ' | '\t' | '\n' | '\x0C' | '\r');
    let mut rest = data.trim_start_matches(is_ws);
    let mut found = None;
    while !rest.is_empty() {
        let eq = rest.find('=')?;
        let name = rest[..eq].trim_end_matches(is_ws);
        if name.is_empty() || name.contains(is_ws) || name.contains(['"', '\'']) {
            return None;
        }
        let after = rest[eq + 1..].trim_start_matches(is_ws);
        let quote = after.chars().next().filter(|q| *q == '"' || *q == '\'')?;
        let close = after[1..].find(quote)? + 1;
        let value = &after[1..close];
        if name == wanted && found.is_none() {
            found = Some(value);
        }
        let tail = &after[close + 1..];
        // Pseudo-attributes are separated by whitespace.
        if !tail.is_empty() && !tail.starts_with(is_ws) {
            return None;
        }
        rest = tail.trim_start_matches(is_ws);
    }
    found
}

/// The names of the `<?start name=...>` and `<?marker name=...>` processing instructions a
/// [`DomSink`] has created.
#[derive(Default)]
pub(crate) struct MarkerNames(std::collections::HashSet<Box<str>>);

impl MarkerNames {
    /// Records the name of a new processing instruction, if it is a start or marker one.
    pub(crate) fn note(&mut self, target: &str, data: &str) {
        if target == "start" || target == "marker" {
            if let Some(name) = pi_pseudo_attribute(data, "name") {
                if !self.0.contains(name) {
                    self.0.insert(name.into());
                }
            }
        }
    }

    pub(crate) fn contains(&self, name: &str) -> bool {
        self.0.contains(name)
    }
}
