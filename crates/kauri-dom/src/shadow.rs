//! Shadow roots, form owners and `<template for>` markers: the DOM side of the tree
//! builder's declarative shadow roots (`§ parsing-main-inhead`), "create an element for a
//! token" step 15 (`§ create-an-element-for-the-token`) and content patching ("prepare content
//! patching", "find markers").
//!
//! An element's `associated` link holds a template's contents, a shadow host's shadow root or a
//! form-associated element's form owner: a template is neither a valid shadow host nor
//! form-associated, and no form-associated element (`button`, `fieldset`, `input`, `object`,
//! `output`, `select`, `textarea`, `img`) is a valid shadow host, so one link serves all three
//! and a node stays 104 bytes. The kind of the node it points to tells which it is; a link is
//! only ever set once, on an element whose link is empty.

use kauri_tokenizer::{local_name, LocalName, Namespace};
use kauri_tree_builder::{ContentPatch, ShadowRootInit};

use crate::node::{Node, NodeData, ShadowRoot};
use crate::pi_data::pi_pseudo_attribute;
use crate::sink::{DomSink, NodeHandle};

impl<'a> Node<'a> {
    /// The shadow root attached to this element, if it is a shadow host (the DOM's
    /// "shadow root", whatever its mode: a parser-level API sees closed roots too).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
    /// let (arena, body) = (Arena::new(), FragmentContext::html("body"));
    /// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
    /// let html = "<div><template shadowrootmode=open><p>x</p></template></div>";
    /// let doc = parse_fragment_in(&arena, html, &body, &options).root;
    /// let div = doc.select_str("div").unwrap().next().unwrap();
    /// assert_eq!(div.children().count(), 0);
    /// let root = div.shadow_root().unwrap();
    /// assert_eq!(root.first_child().unwrap().text_content(), "x");
    /// assert!(root.host().unwrap().same_node(div));
    /// ```
    pub fn shadow_root(&self) -> Option<&'a Node<'a>> {
        let linked = self.as_element()?.associated.get()?;
        matches!(linked.data, NodeData::ShadowRoot(_)).then_some(linked)
    }

    /// For a ShadowRoot node: its host.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
    /// let (arena, body) = (Arena::new(), FragmentContext::html("body"));
    /// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
    /// let html = "<p><template shadowrootmode=open>";
    /// let doc = parse_fragment_in(&arena, html, &body, &options).root;
    /// let p = doc.select_str("p").unwrap().next().unwrap();
    /// assert!(p.shadow_root().unwrap().host().unwrap().same_node(p));
    /// assert!(p.host().is_none());
    /// ```
    pub fn host(&self) -> Option<&'a Node<'a>> {
        match &self.data {
            NodeData::ShadowRoot(r) => Some(r.host),
            _ => None,
        }
    }

    /// The shadow root data, if this is a ShadowRoot node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
    /// let (arena, body) = (Arena::new(), FragmentContext::html("body"));
    /// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
    /// let html = "<span><template shadowrootmode=open shadowrootdelegatesfocus>";
    /// let doc = parse_fragment_in(&arena, html, &body, &options).root;
    /// let span = doc.select_str("span").unwrap().next().unwrap();
    /// assert!(span.shadow_root().unwrap().as_shadow_root().unwrap().delegates_focus());
    /// assert!(span.as_shadow_root().is_none());
    /// ```
    pub fn as_shadow_root(&self) -> Option<&ShadowRoot<'a>> {
        match &self.data {
            NodeData::ShadowRoot(r) => Some(r),
            _ => None,
        }
    }

    /// The form owner the parser associated with this form-associated element ("create an
    /// element for a token", step 15): the form element pointer's `form`, when the element
    /// was created while it was set, outside template contents, outside a fragment, and (for
    /// a listed element) without a `form` attribute. An element with a `form` attribute gets
    /// its owner from the attribute instead: resolve it by id
    /// ([`Node::element_by_id`] on the document), as the DOM's "reset the form owner" does.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// // A document parse (fragments get no parser form owners: § create-an-element-for-the-token).
    /// use kauri::{Arena, DomSink};
    /// use kauri_tokenizer::{Tokenizer, TokenizerOptions};
    /// use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};
    /// let arena = Arena::new();
    /// let builder = TreeBuilder::new(DomSink::new(&arena), TreeBuilderOptions::default());
    /// let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
    /// tokenizer.feed("<table><form><tr><td><input>")?;
    /// tokenizer.end()?;
    /// let doc = tokenizer.into_sink().into_sink().finish().root;
    /// let input = doc.select_str("input").unwrap().next().unwrap();
    /// let form = doc.select_str("form").unwrap().next().unwrap();
    /// assert_eq!(form.children().count(), 0); // the form is left empty in the table...
    /// assert!(input.form_owner().unwrap().same_node(form)); // ...yet owns the input
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn form_owner(&self) -> Option<&'a Node<'a>> {
        let linked = self.as_element()?.associated.get()?;
        linked.is_element().then_some(linked)
    }

    /// The descendants in shadow-including tree order (DOM § concept-shadow-including-tree-order):
    /// like [`Node::descendants`], but a shadow host's shadow root and its descendants come
    /// right after the host, before the host's children. Template contents are not entered.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
    /// let (arena, body) = (Arena::new(), FragmentContext::html("body"));
    /// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
    /// let html = "<div><template shadowrootmode=open><p>in</p></template><span>out</span></div>";
    /// let doc = parse_fragment_in(&arena, html, &body, &options).root;
    /// let div = doc.select_str("div").unwrap().next().unwrap();
    /// assert_eq!(div.descendants().count(), 2); // span, "out"
    /// let names: Vec<String> = div
    ///     .shadow_including_descendants()
    ///     .map(|n| format!("{n:?}"))
    ///     .collect();
    /// assert_eq!(names, ["#shadow-root (open)", "<html p>", "\"in\"", "<html span>", "\"out\""]);
    /// ```
    pub fn shadow_including_descendants(&'a self) -> ShadowIncludingDescendants<'a> {
        ShadowIncludingDescendants {
            root: self,
            next: first_shadow_including_child(self),
        }
    }
}

/// The first child in shadow-including order: the shadow root, else the first child.
fn first_shadow_including_child<'a>(node: &'a Node<'a>) -> Option<&'a Node<'a>> {
    node.shadow_root().or_else(|| node.first_child())
}

/// An iterator over a node's descendants in shadow-including tree order (see
/// [`Node::shadow_including_descendants`]). Iterative: no recursion on depth.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, ParseOptions, QualName};
/// let (arena, body) = (Arena::new(), FragmentContext::html("body"));
/// let options = ParseOptions { declarative_shadow_roots: Some(true), ..Default::default() };
/// let html = "<div><template shadowrootmode=open><i>a</i></template></div>";
/// let doc = parse_fragment_in(&arena, html, &body, &options).root;
/// let texts: String = doc
///     .shadow_including_descendants()
///     .filter_map(|n| n.as_text())
///     .collect();
/// assert_eq!(texts, "a");
/// ```
pub struct ShadowIncludingDescendants<'a> {
    root: &'a Node<'a>,
    next: Option<&'a Node<'a>>,
}

impl<'a> Iterator for ShadowIncludingDescendants<'a> {
    type Item = &'a Node<'a>;
    fn next(&mut self) -> Option<&'a Node<'a>> {
        let node = self.next?;
        self.next = first_shadow_including_child(node).or_else(|| {
            // Climb until a following node: a shadow root continues at its host's children.
            let mut current = node;
            loop {
                if current.same_node(self.root) {
                    return None;
                }
                if let Some(host) = current.host() {
                    if let Some(child) = host.first_child() {
                        return Some(child);
                    }
                    current = host;
                    continue;
                }
                if let Some(next) = current.next_sibling() {
                    return Some(next);
                }
                current = current.parent()?;
            }
        });
        Some(node)
    }
}

/// Whether `name` is a valid shadow host name (DOM § valid-shadow-host-name): a valid custom
/// element name, or one of `article`, `aside`, `blockquote`, `body`, `div`, `footer`, `h1` to
/// `h6`, `header`, `main`, `nav`, `p`, `section`, `span`.
pub(crate) fn is_valid_shadow_host_name(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("article")
            | local_name!("aside")
            | local_name!("blockquote")
            | local_name!("body")
            | local_name!("div")
            | local_name!("footer")
            | local_name!("h1")
            | local_name!("h2")
            | local_name!("h3")
            | local_name!("h4")
            | local_name!("h5")
            | local_name!("h6")
            | local_name!("header")
            | local_name!("main")
            | local_name!("nav")
            | local_name!("p")
            | local_name!("section")
            | local_name!("span")
    ) || is_valid_custom_element_name(name)
}

/// HTML § valid-custom-element-name: a PotentialCustomElementName (`[a-z] (PCENChar)* '-'
/// (PCENChar)*`) that is not one of the reserved names.
pub(crate) fn is_valid_custom_element_name(name: &str) -> bool {
    const RESERVED: [&str; 8] = [
        "annotation-xml",
        "color-profile",
        "font-face",
        "font-face-src",
        "font-face-uri",
        "font-face-format",
        "font-face-name",
        "missing-glyph",
    ];
    let mut chars = name.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_lowercase()) || !name.contains('-') {
        return false;
    }
    chars.all(is_pcen_char) && !RESERVED.contains(&name)
}

/// PCENChar: `-`, `.`, digits, `_`, `a`-`z`, U+00B7, and the listed non-ASCII ranges.
fn is_pcen_char(c: char) -> bool {
    matches!(c,
        '-' | '.' | '0'..='9' | '_' | 'a'..='z' | '\u{B7}'
        | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{37D}'
        | '\u{37F}'..='\u{1FFF}' | '\u{200C}'..='\u{200D}' | '\u{203F}'..='\u{2040}'
        | '\u{2070}'..='\u{218F}' | '\u{2C00}'..='\u{2FEF}' | '\u{3001}'..='\u{D7FF}'
        | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}' | '\u{10000}'..='\u{EFFFF}')
}

/// Whether `node` is a processing instruction with this target.
fn is_pi(node: &Node<'_>, target: &str) -> bool {
    node.as_processing_instruction()
        .is_some_and(|p| p.target() == target)
}

/// "Find markers" given scope and name: the first `<?start>` or `<?marker>` processing
/// instruction among scope's descendants, in tree order, whose pseudo-attribute `name` is
/// `name`. A `<?marker>` is both markers; a `<?start>` ends at the following sibling `<?end>`
/// that matches it (nested `<?start>` siblings are counted), or has no end marker. Returns
/// (start, end); `None` is (null, null).
pub(crate) fn find_markers<'a>(
    scope: &'a Node<'a>,
    name: &str,
) -> Option<(&'a Node<'a>, Option<&'a Node<'a>>)> {
    for node in scope.descendants() {
        let Some(pi) = node.as_processing_instruction() else {
            continue;
        };
        let target = pi.target();
        if (target != "marker" && target != "start")
            || pi_pseudo_attribute(pi.data(), "name") != Some(name)
        {
            continue;
        }
        if target == "marker" {
            return Some((node, Some(node)));
        }
        let mut depth = 0usize;
        for sibling in node.following_siblings() {
            if is_pi(sibling, "start") {
                depth += 1;
            } else if is_pi(sibling, "end") {
                if depth == 0 {
                    return Some((node, Some(sibling)));
                }
                depth -= 1;
            }
        }
        return Some((node, None));
    }
    None
}

impl<'a> DomSink<'a> {
    /// DOM "attach a shadow root" for the parser (`§ parsing-main-inhead`, template start tag
    /// steps 7.10 and 7.11): `None` when `host` is already a shadow host or cannot host one.
    /// The caller checks that this sink created `host`.
    pub(crate) fn attach_a_shadow_root(
        &mut self,
        host: &'a Node<'a>,
        init: &ShadowRootInit,
    ) -> Option<&'a Node<'a>> {
        let element = host.as_element()?;
        // Step 7.10: a shadow host keeps its first (declarative) shadow root. (An element
        // whose link is taken cannot host one either: see the module documentation.)
        if element.associated.get().is_some() {
            return None;
        }
        // Attach a shadow root, steps 1 and 2: the HTML namespace and a valid shadow host name
        // (otherwise "NotSupportedError"). Step 3's custom element definition needs scripts.
        if element.namespace() != Namespace::Html
            || !is_valid_shadow_host_name(element.local_name())
        {
            return None;
        }
        // The remaining steps: a new shadow root with these fields, set as host's shadow
        // root; 7.11.4 and 7.11.5 (available to element internals, declarative) and 7.11.7.
        let shadow = self.arena.new_node(NodeData::ShadowRoot(ShadowRoot {
            host,
            mode: init.mode,
            slot_assignment: init.slot_assignment,
            delegates_focus: init.delegates_focus,
            serializable: init.serializable,
            clonable: init.clonable,
            declarative: true,
            available_to_element_internals: true,
            keep_custom_element_registry_null: init.custom_element_registry_null,
        }));
        element.associated.set(Some(shadow));
        Some(shadow)
    }

    /// "Associate" `element` with `form` if `location` is in the same tree as `form`
    /// ("create an element for a token", step 15's last condition). The caller checks that
    /// this sink created `element`.
    pub(crate) fn associate_form(
        &mut self,
        element: &'a Node<'a>,
        form: &'a Node<'a>,
        location: &'a Node<'a>,
    ) {
        let Some(e) = element.as_element() else {
            return;
        };
        // The link is set once (see the module documentation).
        if e.associated.get().is_none() && self.tree_root(form).same_node(self.tree_root(location))
        {
            e.associated.set(Some(form));
        }
    }

    /// The root of `node`'s tree (parents only: a shadow root or template contents is a root).
    /// The last answer is remembered, with the node, so that consecutive form controls under
    /// the same parent (or a child of the last one) do not walk a deep tree again.
    fn tree_root(&self, node: &'a Node<'a>) -> &'a Node<'a> {
        let memo = self.root_memo.get();
        let mut current = node;
        loop {
            if let Some((at, root)) = memo {
                if at.same_node(current) {
                    self.root_memo.set(Some((node, root)));
                    return root;
                }
            }
            match current.parent() {
                Some(p) => current = p,
                None => {
                    self.root_memo.set(Some((node, current)));
                    return current;
                }
            }
        }
    }

    /// "Prepare content patching" given scope and the `for` value `name` (the empty string is
    /// handled by the tree builder): find markers; the insertion target is the start marker's
    /// parent; unless start is end, remove the start marker's following siblings up to (not
    /// including) the end marker, or all of them when there is none.
    pub(crate) fn prepare_patching(
        &mut self,
        scope: &'a Node<'a>,
        name: &str,
    ) -> Option<ContentPatch<NodeHandle<'a>>> {
        // No `<?start>` or `<?marker>` with this name was ever created: find markers would walk
        // the whole scope for nothing (a page of `<template for>`s without markers would be
        // quadratic).
        if !self.marker_names.contains(name) {
            return None;
        }
        let (start, end) = find_markers(scope, name)?;
        let target = start.parent()?;
        if end.is_none_or(|end| !end.same_node(start)) {
            while let Some(next) = start.next_sibling() {
                if end.is_some_and(|end| end.same_node(next)) {
                    break;
                }
                next.detach();
            }
            self.root_memo.set(None);
        }
        Some(ContentPatch {
            target: self.handle(target),
            start: self.handle(start),
            end: end.map(|end| self.handle(end)),
        })
    }
}

impl<'a> DomSink<'a> {
    /// [`DomSink::finish_fragment`], also giving back the node of `context`: the stand-in
    /// element the tree builder created for the fragment's context element when a
    /// declarative shadow root was attached to it
    /// (`kauri_tree_builder::TreeBuilder::fragment_context_element`), whose
    /// [`Node::shadow_root`] then holds that root's children. Like `fragment_root`, a `context`
    /// of another sink is refused (treated as none; see [`DomSink`], "Handles of other sinks").
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri_tokenizer::{local_name, QualName, Tokenizer, TokenizerOptions};
    /// use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};
    /// let arena = kauri::Arena::new();
    /// let builder = TreeBuilder::new_for_fragment(
    ///     kauri::DomSink::new(&arena),
    ///     QualName::html(local_name!("div")),
    ///     &[],
    ///     TreeBuilderOptions::default(),
    /// );
    /// let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
    /// tokenizer.feed("<template shadowrootmode=open>in</template>out")?;
    /// tokenizer.end()?;
    /// let builder = tokenizer.into_sink();
    /// let (root, context) = (builder.fragment_root(), builder.fragment_context_element());
    /// let (parsed, host) = builder
    ///     .into_sink()
    ///     .finish_fragment_with_context(root.as_ref(), context.as_ref());
    /// assert_eq!(parsed.root.text_content(), "out");
    /// assert_eq!(host.unwrap().shadow_root().unwrap().text_content(), "in");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish_fragment_with_context(
        mut self,
        fragment_root: Option<&NodeHandle<'a>>,
        context: Option<&NodeHandle<'a>>,
    ) -> (crate::Parsed<'a>, Option<&'a Node<'a>>) {
        let context = context.and_then(|c| self.own(c));
        (self.finish_fragment(fragment_root), context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shadow_root_and_form_owner_links_take_no_room() {
        // One link holds template contents, shadow roots and form owners.
        assert_eq!(std::mem::size_of::<Node<'_>>(), 96);
        assert!(std::mem::size_of::<ShadowRoot<'_>>() < std::mem::size_of::<crate::Element<'_>>());
    }

    #[test]
    fn pseudo_attributes() {
        assert_eq!(pi_pseudo_attribute(r#"name="a""#, "name"), Some("a"));
        assert_eq!(
            pi_pseudo_attribute(r#" x='1'  name='b' "#, "name"),
            Some("b")
        );
        assert_eq!(pi_pseudo_attribute("name=a", "name"), None);
        assert_eq!(pi_pseudo_attribute(r#"name="a"x="b""#, "name"), None);
        assert_eq!(pi_pseudo_attribute(r#"name="a"#, "name"), None);
        assert_eq!(pi_pseudo_attribute("", "name"), None);
    }

    #[test]
    fn shadow_host_names() {
        for ok in ["div", "span", "body", "h3", "x-y", "a-\u{e9}"] {
            assert!(is_valid_shadow_host_name(&LocalName::from(ok)), "{ok}");
        }
        for bad in [
            "a",
            "template",
            "input",
            "xy",
            "font-face",
            "-x",
            "1-x",
            "x-Y",
        ] {
            assert!(!is_valid_shadow_host_name(&LocalName::from(bad)), "{bad}");
        }
    }

    /// Small enough for Miri (`.ci/sanitizers`): the writes this module makes to node data
    /// (the `associated` link, content patching's detaches) and their copies.
    #[test]
    fn shadow_roots_form_owners_and_patches_survive_a_copy() {
        use kauri_tokenizer::{Tokenizer, TokenizerOptions};
        use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};
        let html = "<form><input></form><div><template shadowrootmode=open shadowrootclonable>in\
             <b>s</b></template>light</div><p><?start name=\"r\">old<?end></p>\
             <template for=r>new</template>";
        let doc = crate::Document::build(|arena| {
            let options = TreeBuilderOptions {
                declarative_shadow_roots: true,
                template_for: true,
                ..TreeBuilderOptions::default()
            };
            let builder = TreeBuilder::new(DomSink::new(arena), options);
            let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
            tokenizer.feed(html).unwrap();
            tokenizer.end().unwrap();
            tokenizer.into_sink().into_sink().finish()
        });
        let find = |root: &'_ Node<'_>, name| {
            root.descendants()
                .find(|n| n.as_element().is_some_and(|e| *e.local_name() == name))
                .map(|n| n.text_content())
        };
        let input = doc
            .root()
            .descendants()
            .find(|n| n.is_html_element(&local_name!("input")))
            .unwrap();
        assert!(input
            .form_owner()
            .unwrap()
            .is_html_element(&local_name!("form")));
        let copy = doc.clone();
        for root in [doc.root(), copy.root()] {
            let host = root
                .descendants()
                .find(|n| n.is_html_element(&local_name!("div")))
                .unwrap();
            let shadow = host.shadow_root().unwrap();
            assert_eq!(shadow.text_content(), "ins");
            assert!(shadow.host().unwrap().same_node(host));
            assert_eq!(host.text_content(), "light");
            assert_eq!(find(root, local_name!("p")).as_deref(), Some("new"));
        }
    }

    #[test]
    fn a_deep_tree_walks_without_recursion() {
        let depth = if cfg!(miri) { 300 } else { 100_000 }; // smaller under Miri
        let html = format!(
            "{}<template shadowrootmode=open><p>x</p></template>",
            "<div>".repeat(depth)
        );
        let doc = crate::test_support::parse_document(&html);
        let count = doc.root().shadow_including_descendants().count();
        // html, head, body, the divs, the shadow root, p, "x".
        assert_eq!(count, 3 + depth + 3);
    }
}
