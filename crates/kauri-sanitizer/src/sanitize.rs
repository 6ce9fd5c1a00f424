//! The sanitize walk (§ sanitize-core): every node under a root, in template contents and in
//! shadow roots, checked against a config's [`Rules`], through the DOM [`Editor`].
//!
//! The walk keeps a list of containers to visit instead of recursing, so input depth costs no
//! stack. An element replaced with its children has its children moved up first and then
//! checked where they land, which gives the standard's result (its children are sanitized
//! either way) without visiting a subtree twice.
//!
//! Text nodes that a removal leaves side by side are joined into one, as a parser that
//! sanitizes while it builds the tree gives them (the WPT expectations since WICG/sanitizer-api
//! #390); a run of them is joined once, at its end, so the cost stays linear.

use kauri_dom::{Editor, Node, NodeData};
use kauri_tokenizer::{local_name, AttrNamespace, Namespace};

use crate::builtins::{is_animating_url_attribute, is_navigating_url_attribute};
use crate::rules::{element_decision_by_key, ElementRule, Ns, Rules};
use crate::url::contains_javascript_url;
use crate::while_parsing::ParseFacts;

/// What the walk (and the sanitize-while-parsing sink) does with an element: the PR's
/// "sanitizer action".
#[derive(Clone, Copy, Debug)]
pub(crate) enum Action {
    Keep,
    Remove,
    ReplaceWithChildren,
}

/// The element steps of "sanitize core" (§ sanitize-core) for the element `ns`:`local`:
/// replaced with its children if the config says so (checked first: a valid config never
/// lists such an element in `elements`), else removed if `removeElements` has it or an
/// `elements` allow-list lacks it, else kept; for a kept element, its `elements` entry (the
/// element's own attribute lists). An atom name is looked up in the rules' small table
/// ([`crate::rules::ElementTable`]), any other by the standard's steps over the hash sets
/// ([`element_decision_by_key`], which also fills the table).
#[inline]
pub(crate) fn element_decision<'r>(
    rules: &'r Rules,
    ns: Namespace,
    local: &kauri_tokenizer::LocalName,
) -> (Action, Option<&'r ElementRule>) {
    let ns = Ns::of_element(ns);
    let (action, rule) = match local.atom_word() {
        Some(word) => rules.element_table.decision(ns, word),
        None => element_decision_by_key(rules, &(ns, local.clone())),
    };
    (action, rule.map(|i| &rules.element_rules[i]))
}

/// "Sanitize core" (§ sanitize-core) on the children of `root` (a Document, a
/// DocumentFragment or an element), their template contents and their shadow roots, with
/// `rules`. Returns whether it unwrapped an element or removed one that can hold elements (else
/// the tree's structure is the parser's, less leaves: void elements, raw text and RCDATA
/// elements, comments and processing instructions).
///
/// `parsed_with_rules`: the tree under `root` was built by a sanitizing sink
/// (`while_parsing.rs`) with these `rules`, so each element in it is one the sink kept by its
/// name (a removed or unwrapped element never reaches the tree; a `selectedcontent` clone
/// copies kept elements): an element without attributes is kept without a lookup.
pub(crate) fn sanitize_core<'a>(
    ed: &Editor<'a>,
    root: &'a Node<'a>,
    rules: &Rules,
    parsed_with_rules: bool,
) -> bool {
    let mut changed_structure = false;
    // Every kept element waits here to be visited (with its template contents and shadow
    // root).
    let mut containers = Containers::default();
    containers.push(root);
    while let Some(container) = containers.pop() {
        let mut text_run: Option<(&'a Node<'a>, usize)> = None;
        let mut next = container.first_child();
        while let Some(child) = next {
            next = child.next_sibling();
            match child.data() {
                NodeData::Text(_) => {
                    text_run = match text_run {
                        Some((first, len)) => Some((first, len + 1)),
                        None => Some((child, 1)),
                    };
                    continue;
                }
                NodeData::Comment(_) if !rules.comments => {
                    ed.remove(child);
                    continue;
                }
                NodeData::ProcessingInstruction(pi)
                    if !rules.keeps_processing_instruction(pi.target()) =>
                {
                    ed.remove(child);
                    continue;
                }
                NodeData::Element(element) => {
                    let decide =
                        || element_decision(rules, element.namespace(), element.local_name());
                    let has_attributes = element.attributes().len() > 0;
                    let (action, local) = if parsed_with_rules && !has_attributes {
                        debug_assert!(matches!(decide().0, Action::Keep));
                        (Action::Keep, None)
                    } else {
                        decide()
                    };
                    match action {
                        Action::Remove => {
                            changed_structure |=
                                !holds_no_elements(element.namespace(), element.local_name());
                            ed.remove(child);
                            continue;
                        }
                        Action::ReplaceWithChildren => {
                            changed_structure = true;
                            // The children move up and are checked where they land. (A
                            // template's contents are not its children: they go with it.)
                            if let Some(first) = child.first_child() {
                                next = Some(first);
                            }
                            ed.unwrap(child)
                                .expect("a child of the container has a parent");
                            continue;
                        }
                        Action::Keep => {
                            // (Most elements have no attributes: nothing to check, and no
                            // call into the editor.)
                            if has_attributes {
                                sanitize_attributes(ed, child, rules, local);
                            }
                            if let Some(contents) = element.template_contents() {
                                containers.push(contents);
                            }
                            if let Some(shadow) = child.shadow_root() {
                                containers.push(shadow);
                            }
                            containers.push(child);
                        }
                    }
                }
                _ => {}
            }
            // A kept node that is not text ends a run of text nodes.
            join_text_run(ed, text_run.take());
        }
        join_text_run(ed, text_run);
    }
    changed_structure
}

/// "Sanitize core" (§ sanitize-core) on the children of `root`, which a sanitizing sink
/// (`while_parsing.rs`) built with `rules`, noting what it saw in `facts`. The sink has done
/// the walk's steps as it built the tree: it inserted no element that is removed or replaced
/// with its children, no comment or processing instruction the config drops, gave each
/// element it kept only the attributes [`keeps_attribute`] keeps,
/// and joined the text a removal left side by side. The nodes the DOM makes itself (the
/// `selectedcontent` clone of an option) copy nodes the sink made. So the walk runs only
/// when the parser added attributes to an element after creating it
/// ([`ParseFacts::attributes_unfiltered`]). Returns what [`sanitize_core`] returns (false
/// when it does not run: the sink's [`ParseFacts::changed_structure`] says the rest).
pub(crate) fn sanitize_core_after_sink<'a>(
    ed: &Editor<'a>,
    root: &'a Node<'a>,
    rules: &Rules,
    facts: &ParseFacts,
) -> bool {
    facts.attributes_unfiltered.get() && sanitize_core(ed, root, rules, true)
}

/// The nodes whose children are still to be sanitized: a stack whose first
/// [`Containers::INLINE`] entries need no allocation (a comment-sized fragment's all fit), the
/// rest in a vector.
#[derive(Default)]
struct Containers<'a> {
    inline: [Option<&'a Node<'a>>; Containers::INLINE],
    len: usize,
    spilled: Vec<&'a Node<'a>>,
}

impl<'a> Containers<'a> {
    const INLINE: usize = 16;

    #[inline]
    fn push(&mut self, node: &'a Node<'a>) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = Some(node),
            None => self.spilled.push(node),
        }
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<&'a Node<'a>> {
        self.len = self.len.checked_sub(1)?;
        match self.inline.get_mut(self.len) {
            Some(slot) => slot.take(),
            None => self.spilled.pop(),
        }
    }
}

/// Whether the parser never puts an element inside this element: an HTML void element, or an
/// HTML raw text or RCDATA element (`noscript` too: the sanitizer's fragment parse has
/// scripting on). Removing one cannot undo a nesting the parser allowed because of it.
pub(crate) fn holds_no_elements(
    ns: kauri_tokenizer::Namespace,
    local: &kauri_tokenizer::LocalName,
) -> bool {
    ns == kauri_tokenizer::Namespace::Html
        && (kauri_dom::serialize::serializes_as_void_name(local)
            || kauri_dom::serialize::is_raw_text_element_name(local)
            || matches!(
                *local,
                local_name!("noscript") | local_name!("textarea") | local_name!("title")
            ))
}

/// Joins a run of `len` adjacent text nodes starting at `first` into `first`.
fn join_text_run<'a>(ed: &Editor<'a>, run: Option<(&'a Node<'a>, usize)>) {
    let Some((first, len)) = run else { return };
    if len < 2 {
        return;
    }
    let mut joined = String::new();
    let mut node = Some(first);
    for _ in 0..len {
        let Some(text) = node else { break };
        joined.push_str(text.as_text().unwrap_or_default());
        node = text.next_sibling();
        if !text.same_node(first) {
            ed.remove(text);
        }
    }
    ed.set_text_content(first, &joined);
}

/// The attribute steps of "sanitize core" for a kept element with attributes: each attribute
/// that [`keeps_attribute`] refuses is removed.
fn sanitize_attributes<'a>(
    ed: &Editor<'a>,
    node: &'a Node<'a>,
    rules: &Rules,
    local: Option<&ElementRule>,
) {
    let Some(element) = node.as_element() else {
        return;
    };
    let element_ns = element.namespace();
    let element_name = element.local_name();
    ed.retain_attributes(node, |name, value| {
        keeps_attribute(rules, local, element_ns, element_name, name, value)
    })
    .expect("sanitize_attributes is only called on elements");
}

/// The attribute steps of "sanitize core" (§ sanitize-core) for one attribute of a kept
/// element (`element_ns`, `element_name`, with its `elements` entry `local`, if any): the
/// config's attribute rules, then (unless the config keeps `javascript:` URLs) the
/// navigating, MathML and animating URL checks. Whether an attribute stays depends on nothing
/// but these, so the sanitizing sink (`while_parsing.rs`) decides it when it creates the
/// element, and the walk decides it on a finished tree, with this one function.
pub(crate) fn keeps_attribute(
    rules: &Rules,
    local: Option<&ElementRule>,
    element_ns: Namespace,
    element_name: &kauri_tokenizer::LocalName,
    name: &kauri_tokenizer::AttrName,
    value: &str,
) -> bool {
    let key = (Ns::of_attribute(name.ns), name.local.clone());
    if local.is_some_and(|l| !l.remove_attributes.is_empty() && l.remove_attributes.contains(&key))
    {
        return false;
    }
    let allowed = match &rules.attributes {
        Some(attributes) => {
            attributes.contains(&key)
                || local
                    .and_then(|l| l.attributes.as_ref())
                    .is_some_and(|a| a.contains(&key))
                || (rules.data_attributes && key.0 == Ns::Null && name.local.starts_with("data-"))
        }
        None => match local.and_then(|l| l.attributes.as_ref()) {
            Some(own) => own.contains(&key),
            None => rules.remove_attributes.is_empty() || !rules.remove_attributes.contains(&key),
        },
    };
    if !allowed {
        return false;
    }
    if rules.javascript_urls {
        return true;
    }
    if is_navigating_url_attribute(element_ns, element_name, name) && contains_javascript_url(value)
    {
        return false;
    }
    if element_ns == Namespace::MathMl
        && name.local == local_name!("href")
        && matches!(name.ns, AttrNamespace::None | AttrNamespace::XLink)
        && contains_javascript_url(value)
    {
        return false;
    }
    if is_animating_url_attribute(element_ns, element_name, name) && names_href(value) {
        return false;
    }
    true
}

/// Whether an animation's `attributeName` value targets an `href`: `href`, or `href` after one
/// namespace prefix (`xlink:href`, and any other prefix, which a later `xmlns:` declaration can
/// bind to XLink).
fn names_href(value: &str) -> bool {
    match value.split_once(':') {
        None => value == "href",
        Some((prefix, local)) => !prefix.is_empty() && local == "href",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_are_last_in_first_out_across_the_inline_limit() {
        let context = kauri_tokenizer::QualName::html(kauri_tokenizer::LocalName::from("div"));
        let html = "<i></i>".repeat(40);
        let doc =
            kauri_dom::Document::build(|arena| crate::parse_fragment_for(arena, &html, &context));
        let nodes: Vec<_> = doc.root().children().collect();
        assert_eq!(nodes.len(), 40);
        let mut containers = Containers::default();
        for (round, count) in [40, Containers::INLINE, 3].into_iter().enumerate() {
            for node in &nodes[..count] {
                containers.push(node);
            }
            for node in nodes[..count].iter().rev() {
                let popped = containers.pop().expect("pushed");
                assert!(std::ptr::eq(popped, *node), "round {round}");
            }
            assert!(containers.pop().is_none());
        }
    }

    /// On a tree the sanitizing sink built, trusting it (`parsed_with_rules`) gives the tree
    /// the full walk gives: `selectedcontent` clones, adoption agency moves, foster parenting,
    /// template contents and unwrapped elements included.
    #[test]
    fn the_walk_that_trusts_the_sink_gives_the_full_walks_tree() {
        let context = kauri_tokenizer::QualName::html(kauri_tokenizer::LocalName::from("div"));
        let restrictive = r#"{"elements": ["select", "option", "selectedcontent", "button",
            "b", "div", "p", "table", "tbody", "tr", "td", "template"],
            "replaceWithChildrenElements": ["span"]}"#;
        let sanitizers = [
            crate::Sanitizer::default(),
            crate::Sanitizer::from_json(restrictive).expect("a valid config"),
            crate::Sanitizer::from_json(r#"{"removeElements": ["b", "option"]}"#)
                .expect("a valid config"),
        ];
        let inputs = [
            "<select><button><selectedcontent></selectedcontent></button><option selected><b>x</b><i>y</i><span><em>z</em></span><script>s</script></option><option>o</option></select>",
            "<select><option><i>a</i><b title=t>b</b></option></select><select><button><selectedcontent>",
            "<p>a<b>b<i>c</p>d</i>e<span>f<b>g</span>h",
            "<table><tr><td>x<svg><a>y</a></svg><i>z</i></table><b>q<table><i>r",
            "<template><i>t</i><b onclick=x>u</b></template><span><template><em>v</em></template></span>",
        ];
        for sanitizer in &sanitizers {
            let rules = sanitizer.rules(true);
            for html in inputs {
                let walk = |parsed_with_rules| {
                    let facts = crate::while_parsing::ParseFacts::default();
                    let mut doc = kauri_dom::Document::build(|arena| {
                        crate::parse_and_sanitize_fragment(arena, html, &context, rules, &facts)
                    });
                    doc.edit(|ed| sanitize_core(ed, ed.root(), rules, parsed_with_rules));
                    kauri_dom::serialize::html::inner_html(doc.root())
                };
                assert_eq!(walk(true), walk(false), "{html}");
            }
        }
    }
}
