//! The `selectedcontent` hooks (HTML forms chapter, the 2025 customizable `<select>`), which
//! change what the parser's tree looks like:
//!
//! * when an `option` is popped off the stack of open elements: "maybe clone an option into
//!   selectedcontent";
//! * when a `selectedcontent` element is inserted: its post-connection steps.
//!
//! Both need the options' *selectedness*, kept in [`Element::flag`](crate::node::Element) and
//! maintained by the "selectedness setting algorithm" when an option is inserted. Selectedness
//! is invisible in a static tree except through `selectedcontent`, so [`DomSink`] only starts
//! this work once a `selectedcontent` has been inserted, and then catches the select up by running
//! the selectedness setting algorithm once (which gives the same selection as running it after
//! every earlier insertion, because earlier insertions only appended options).

use kauri_tokenizer::{local_name, AttrNamespace, LocalName};

use crate::node::{Element, Node, NodeData};
use crate::sink::DomSink;

fn html_element<'n, 'a>(node: &'n Node<'a>) -> Option<&'n Element<'a>> {
    match &node.data {
        NodeData::Element(e) if e.name.ns == kauri_tokenizer::Namespace::Html => Some(e),
        _ => None,
    }
}

fn has_attr(e: &Element<'_>, name: &LocalName) -> bool {
    e.attrs()
        .keys()
        .any(|k| k.ns == AttrNamespace::None && k.local == *name)
}

/// An option's "option element nearest ancestor select".
fn option_nearest_ancestor_select<'a>(option: &'a Node<'a>) -> Option<&'a Node<'a>> {
    let mut seen_optgroup = false;
    for ancestor in option.ancestors() {
        let Some(e) = html_element(ancestor) else {
            continue;
        };
        match e.name.local {
            local_name!("datalist") | local_name!("hr") | local_name!("option") => return None,
            local_name!("optgroup") => {
                if seen_optgroup {
                    return None;
                }
                seen_optgroup = true;
            }
            local_name!("select") => return Some(ancestor),
            _ => {}
        }
    }
    None
}

/// The select's "list of options": its option descendants, in tree order, whose nearest
/// ancestor select is this select.
fn list_of_options<'a>(select: &'a Node<'a>) -> impl Iterator<Item = &'a Node<'a>> {
    select.descendants().filter(move |node| {
        node.is_html_element(&local_name!("option"))
            && option_nearest_ancestor_select(node).is_some_and(|s| s.same_node(select))
    })
}

/// An option is disabled when it has a `disabled` attribute or is a child of an `optgroup` with
/// one.
fn option_is_disabled(option: &Node<'_>) -> bool {
    let own = html_element(option).is_some_and(|e| has_attr(e, &local_name!("disabled")));
    own || option.parent().is_some_and(|parent| {
        html_element(parent).is_some_and(|e| {
            e.name.local == local_name!("optgroup") && has_attr(e, &local_name!("disabled"))
        })
    })
}

/// The select's "display size": its `size` attribute when it is a valid non-negative integer
/// greater than zero, otherwise 4 with `multiple` and 1 without.
fn display_size(select: &Element<'_>) -> u64 {
    if let Some(size) = select.attr("size") {
        if let Some(n) = parse_non_negative_integer(size) {
            if n > 0 {
                return n;
            }
        }
    }
    if has_attr(select, &local_name!("multiple")) {
        4
    } else {
        1
    }
}

/// The "rules for parsing non-negative integers" (2.3.4.1), saturating.
fn parse_non_negative_integer(input: &str) -> Option<u64> {
    let s = input.trim_start_matches([' ', '\t', '\n', '\x0C', '\r']);
    let s = s.strip_prefix('+').unwrap_or(s);
    let digits = s.bytes().take_while(u8::is_ascii_digit);
    let mut value: u64 = 0;
    let mut any = false;
    for d in digits {
        any = true;
        value = value.saturating_mul(10).saturating_add((d - b'0') as u64);
    }
    any.then_some(value)
}

fn selectedness(option: &Node<'_>) -> bool {
    option.as_element().is_some_and(|e| e.flag.get())
}

fn set_selectedness(option: &Node<'_>, value: bool) {
    if let Some(e) = option.as_element() {
        e.flag.set(value);
    }
}

/// The "selectedness setting algorithm" for a select.
fn selectedness_setting_algorithm<'a>(select: &'a Node<'a>) {
    let Some(e) = select.as_element() else {
        return;
    };
    if has_attr(e, &local_name!("multiple")) {
        return;
    }
    // 1. No option selected (and display size 1): select the first non-disabled one.
    if display_size(e) == 1 && !list_of_options(select).any(|o| selectedness(o)) {
        if let Some(first) = list_of_options(select).find(|o| !option_is_disabled(o)) {
            set_selectedness(first, true);
        }
        return;
    }
    // 2. Two or more selected: keep only the last one.
    let mut last: Option<&Node<'_>> = None;
    for option in list_of_options(select) {
        if selectedness(option) {
            if let Some(previous) = last {
                set_selectedness(previous, false);
            }
            last = Some(option);
        }
    }
}

/// A select's "enabled selectedcontent": its first `selectedcontent` descendant, unless the
/// select has `multiple` or that element is disabled.
fn enabled_selectedcontent<'a>(select: &'a Node<'a>) -> Option<&'a Node<'a>> {
    let e = select.as_element()?;
    if has_attr(e, &local_name!("multiple")) {
        return None;
    }
    let first = select
        .descendants()
        .find(|n| n.is_html_element(&local_name!("selectedcontent")))?;
    // The flag of a selectedcontent element is its "disabled" state.
    if first.as_element().is_some_and(|e| e.flag.get()) {
        None
    } else {
        Some(first)
    }
}

impl<'a> DomSink<'a> {
    /// Replaces all children of `target` with deep clones of `source`'s children.
    fn replace_children_with_clones(&self, target: &'a Node<'a>, source: Option<&'a Node<'a>>) {
        while let Some(child) = target.first_child() {
            child.detach();
        }
        if let Some(source) = source {
            self.clone_children_into(source, target);
        }
    }

    /// Appends deep clones of `source`'s children to `target` (iteratively; an HTML template's
    /// contents are cloned too, as the template cloning steps do).
    pub(crate) fn clone_children_into(&self, source: &'a Node<'a>, target: &'a Node<'a>) {
        let mut work = vec![(source, target)];
        while let Some((from, to)) = work.pop() {
            for child in from.children() {
                let copy = self.shallow_clone(child);
                to.append(copy);
                if child.first_child().is_some() {
                    work.push((child, copy));
                }
                if let (Some(src), Some(dst)) = (
                    child.as_element().and_then(|e| e.template_contents),
                    copy.as_element().and_then(|e| e.template_contents),
                ) {
                    work.push((src, dst));
                }
            }
        }
    }

    /// A copy of the node without its children.
    pub(crate) fn shallow_clone(&self, node: &'a Node<'a>) -> &'a Node<'a> {
        match &node.data {
            NodeData::Element(e) => {
                let copy = self.new_element(e.name.clone(), e.attrs().clone());
                if let Some(c) = copy.as_element() {
                    c.flag.set(e.flag.get());
                }
                copy
            }
            NodeData::Text(t) => self.new_text(t.data()),
            NodeData::Comment(c) => self.new_node(NodeData::Comment(crate::node::Comment {
                data: c.data.clone(),
            })),
            NodeData::ProcessingInstruction(p) => self.new_node(NodeData::ProcessingInstruction(
                crate::node::ProcessingInstruction {
                    target: p.target.clone(),
                    data: p.data.clone(),
                },
            )),
            NodeData::Doctype(d) => self.new_node(NodeData::Doctype(crate::node::Doctype {
                name: d.name.clone(),
                public_id: d.public_id.clone(),
                system_id: d.system_id.clone(),
            })),
            NodeData::DocumentFragment | NodeData::Document(_) => {
                self.new_node(NodeData::DocumentFragment)
            }
        }
    }

    /// The option HTML element insertion steps: run the selectedness setting algorithm for the
    /// option's nearest ancestor select.
    pub(crate) fn option_insertion_steps(&mut self, option: &'a Node<'a>) {
        if let Some(select) = option_nearest_ancestor_select(option) {
            selectedness_setting_algorithm(select);
        }
    }

    /// "Maybe clone an option into selectedcontent", run when an option is popped off the stack
    /// of open elements.
    pub(crate) fn maybe_clone_option_into_selectedcontent(&mut self, option: &'a Node<'a>) {
        let Some(select) = option_nearest_ancestor_select(option) else {
            return;
        };
        if !selectedness(option) {
            return;
        }
        if let Some(target) = enabled_selectedcontent(select) {
            self.replace_children_with_clones(target, Some(option));
        }
    }

    /// The selectedcontent element post-connection steps.
    pub(crate) fn selectedcontent_post_connection(&mut self, selectedcontent: &'a Node<'a>) {
        // 1-4. Find the nearest select ancestor; a second select, an option or a
        // selectedcontent ancestor disables the element.
        let mut nearest_select = None;
        let mut disabled = false;
        for ancestor in selectedcontent.ancestors() {
            let Some(e) = html_element(ancestor) else {
                continue;
            };
            match e.name.local {
                local_name!("select") => {
                    if nearest_select.is_none() {
                        nearest_select = Some(ancestor);
                    } else {
                        disabled = true;
                    }
                }
                local_name!("option") | local_name!("selectedcontent") => disabled = true,
                _ => {}
            }
        }
        if let Some(e) = selectedcontent.as_element() {
            e.flag.set(disabled);
        }
        // 5. No select, or a select with `multiple`: nothing to show.
        let Some(select) = nearest_select else {
            return;
        };
        if select
            .as_element()
            .is_some_and(|e| has_attr(e, &local_name!("multiple")))
        {
            return;
        }
        // Catch up on the selectedness of the options inserted before any selectedcontent.
        selectedness_setting_algorithm(select);
        // 6. Update the select's selectedcontent.
        if let Some(target) = enabled_selectedcontent(select) {
            let option = list_of_options(select).find(|o| selectedness(o));
            self.replace_children_with_clones(target, option);
        }
        // 7. Clear the select's non-primary selectedcontent elements.
        let others: Vec<&'a Node<'a>> = select
            .descendants()
            .filter(|n| n.is_html_element(&local_name!("selectedcontent")))
            .skip(1)
            .collect();
        for other in others {
            self.replace_children_with_clones(other, None);
        }
    }
}
