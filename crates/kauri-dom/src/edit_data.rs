//! The [`Editor`]'s data setters: attributes (`setAttribute`, `removeAttribute`,
//! `toggleAttribute`), the class list (`classList.add/remove/toggle`), `textContent` and
//! `innerHTML`.
//!
//! # Why changing node data during an edit is sound
//!
//! Readers borrow into node data: [`Element::attrs`] gives `&'a Attributes`, [`Text::data`]
//! gives `&'a str`, and inside [`Document::edit`](crate::Document::edit) such references live
//! as long as the closure's nodes do. So a setter never writes where one may point. It stores
//! new data in the arena (a new attribute list, a new string) and points the node at it; the
//! old data stays in the arena, allocated and unchanged, until the arena (the `Document`) is
//! dropped (see `crate::store`). So every reference taken before the change stays valid (and
//! shows the old value, as a snapshot would); reads after it see the new value. The price is
//! memory: each edit of an attribute or a text adds to what the document holds, until the
//! document is dropped.
//!
//! No other thread can read a node while it changes: `Document::edit` takes
//! `&mut Document`, and node references are not `Send` (a node has `Cell` links, so it is not
//! `Sync`).

use kauri_tokenizer::{AttrName, Attribute, LocalName, Namespace};

use crate::attrs::Attributes;
use crate::edit::{EditError, Editor};
use crate::node::{Element, Node, NodeData, ProcessingInstruction};
use crate::parse::{DomSinkFilter, Driver, FragmentContext, ParseOptions};
use crate::query::qualified_name_is;
use crate::sink::DomSink;

/// The DOM's "valid attribute local name": not empty, and no ASCII whitespace, NUL, `/`, `=`
/// or `>`.
fn valid_attribute_local_name(name: &str) -> bool {
    !name.is_empty()
        && !name.contains(|c: char| c.is_ascii_whitespace() || matches!(c, '\0' | '/' | '=' | '>'))
}

/// The class-list token checks of `DOMTokenList.add/remove/toggle`.
fn check_token(token: &str) -> Result<(), EditError> {
    if token.is_empty() {
        Err(EditError::EmptyToken)
    } else if token.contains(|c: char| c.is_ascii_whitespace()) {
        Err(EditError::InvalidToken)
    } else {
        Ok(())
    }
}

impl<'a> Editor<'a> {
    /// The element data of `node`, or [`EditError::NotAnElement`] (or
    /// [`EditError::OtherArena`]).
    fn element(&self, node: &'a Node<'a>) -> Result<&'a Element<'a>, EditError> {
        self.ours(node)?.as_element().ok_or(EditError::NotAnElement)
    }

    /// Replaces the element's attributes with `map` (see the module documentation).
    fn put_attrs(&self, element: &'a Element<'a>, map: Attributes) {
        let is_value = crate::store::IsValue::Kept(element.is_value());
        element
            .attrs
            .set(self.arena.store.attr_list_from_map(map, is_value));
    }

    /// The name `set_attribute` & co. look for: the DOM lowercases it on an HTML element.
    fn attribute_name(element: &Element<'_>, name: &str) -> Result<String, EditError> {
        if !valid_attribute_local_name(name) {
            return Err(EditError::InvalidName);
        }
        Ok(if element.namespace() == Namespace::Html {
            name.to_ascii_lowercase()
        } else {
            name.to_owned()
        })
    }

    /// The DOM's `element.setAttribute(name, value)`: changes the value of the first attribute
    /// whose qualified name is `name` (lowercased on an HTML element), or adds an attribute in
    /// no namespace at the end. Fails with [`EditError::NotAnElement`] or
    /// [`EditError::InvalidName`] (empty, or with whitespace, `/`, `=` or `>`).
    ///
    /// The element stays the same node; a `&str` read from the old value before the call stays
    /// valid and keeps the old value.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let a = ed.create_element("a")?;
    ///     ed.append_child(ed.root(), a)?;
    ///     ed.set_attribute(a, "rel", "help")?;
    ///     ed.set_attribute(a, "REL", "nofollow")?; // replaces, as the DOM does
    ///     ed.set_attribute(a, "href", "/x")
    /// })?;
    /// assert_eq!(doc.to_html(), r#"<a rel="nofollow" href="/x"></a>"#);
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn set_attribute(
        &self,
        element: &'a Node<'a>,
        name: &str,
        value: &str,
    ) -> Result<(), EditError> {
        let e = self.element(element)?;
        let name = Self::attribute_name(e, name)?;
        let mut map = e.attrs().clone();
        match map
            .iter_mut()
            .find(|(attr, _)| qualified_name_is(attr, &name))
        {
            Some((_, old)) => value.clone_into(old),
            None => {
                map.insert(AttrName::new(LocalName::from(name)), value.to_owned());
            }
        }
        self.put_attrs(e, map);
        Ok(())
    }

    /// The DOM's `element.setAttributeNS`: sets the attribute with this namespace and local
    /// name (`xlink` `href` on SVG), adding it at the end when there is none.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{AttrName, AttrNamespace, LocalName, Namespace, QualName};
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let svg_a = ed.create_element_ns(QualName::new(Namespace::Svg, LocalName::from("a")));
    ///     ed.append_child(ed.root(), svg_a)?;
    ///     let name = AttrName { ns: AttrNamespace::XLink, local: LocalName::from("href") };
    ///     ed.set_attribute_ns(svg_a, name, "#top")
    /// })?;
    /// assert_eq!(doc.to_html(), r##"<a xlink:href="#top"></a>"##);
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn set_attribute_ns(
        &self,
        element: &'a Node<'a>,
        name: AttrName,
        value: &str,
    ) -> Result<(), EditError> {
        let e = self.element(element)?;
        if !valid_attribute_local_name(&name.local) {
            return Err(EditError::InvalidName);
        }
        let mut map = e.attrs().clone();
        map.insert(name, value.to_owned());
        self.put_attrs(e, map);
        Ok(())
    }

    /// The DOM's `element.removeAttribute(name)`: removes the first attribute whose qualified
    /// name is `name` (lowercased on an HTML element), keeping the others in order. Returns
    /// whether there was one. Fails only with [`EditError::NotAnElement`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// let removed = doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     ed.set_attribute(p, "style", "color: red")?;
    ///     ed.set_attribute(p, "id", "x")?;
    ///     ed.remove_attribute(p, "style")
    /// });
    /// assert_eq!(removed, Ok(true));
    /// assert_eq!(doc.to_html(), r#"<p id="x"></p>"#);
    /// ```
    pub fn remove_attribute(&self, element: &'a Node<'a>, name: &str) -> Result<bool, EditError> {
        let e = self.element(element)?;
        let lowered = Self::attribute_name(e, name).unwrap_or_default();
        let Some(index) = e
            .attrs()
            .keys()
            .position(|attr| qualified_name_is(attr, &lowered))
        else {
            return Ok(false);
        };
        let mut map = e.attrs().clone();
        map.shift_remove_index(index);
        self.put_attrs(e, map);
        Ok(true)
    }

    /// Removes, in one step, every attribute of `element` for which `keep` returns false
    /// (the DOM's `removeAttributeNode` for each, in source order); returns how many were
    /// removed. One pass over the attributes however many go, so filtering an element with
    /// many attributes stays linear. Fails only with [`EditError::NotAnElement`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// let removed = doc.edit(|ed| {
    ///     let div = ed.create_element("div")?;
    ///     ed.append_child(ed.root(), div)?;
    ///     ed.set_inner_html(div, r#"<p id=x onclick="f()" onload="g()">a</p>"#)?;
    ///     let p = div.first_child().unwrap();
    ///     ed.retain_attributes(p, |name, _value| !name.local.starts_with("on"))
    /// });
    /// assert_eq!(removed, Ok(2));
    /// assert_eq!(doc.to_html(), r#"<div><p id="x">a</p></div>"#);
    /// ```
    pub fn retain_attributes(
        &self,
        element: &'a Node<'a>,
        mut keep: impl FnMut(&AttrName, &str) -> bool,
    ) -> Result<usize, EditError> {
        let e = self.element(element)?;
        // The element's list, not its map (`Element::attrs` would build one): when every
        // attribute stays, as for most elements a sanitizer keeps, nothing is built.
        let items = e.attr_list();
        // `keep` runs once per attribute: up to the first one to go, then for the rest while
        // the new list is made (it shares the values with the old one).
        let Some(first) = items.iter().position(|a| !keep(&a.name, a.value())) else {
            return Ok(0);
        };
        let mut removed = 1;
        let list = self
            .arena
            .store
            .attr_list_retained(items, e.is_value(), |i, a| {
                let kept = i < first || (i > first && keep(&a.name, a.value()));
                removed += usize::from(!kept && i != first);
                kept
            });
        e.attrs.set(list);
        Ok(removed)
    }

    /// The DOM's `element.toggleAttribute(name, force)`: removes the attribute if it is there
    /// (unless `force` is `Some(true)`), adds it with an empty value if not (unless `force` is
    /// `Some(false)`). Returns whether the attribute is there afterwards.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let input = ed.create_element("input")?;
    ///     ed.append_child(ed.root(), input)?;
    ///     assert!(ed.toggle_attribute(input, "disabled", None)?);
    ///     assert!(ed.toggle_attribute(input, "checked", Some(true))?);
    ///     assert!(!ed.toggle_attribute(input, "disabled", None)?);
    ///     Ok::<(), kauri::EditError>(())
    /// })?;
    /// assert_eq!(doc.to_html(), r#"<input checked="">"#);
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn toggle_attribute(
        &self,
        element: &'a Node<'a>,
        name: &str,
        force: Option<bool>,
    ) -> Result<bool, EditError> {
        let e = self.element(element)?;
        let name = Self::attribute_name(e, name)?;
        let present = e.attrs().keys().any(|attr| qualified_name_is(attr, &name));
        match (present, force) {
            (false, None | Some(true)) => {
                self.set_attribute(element, &name, "")?;
                Ok(true)
            }
            (true, None | Some(false)) => {
                self.remove_attribute(element, &name)?;
                Ok(false)
            }
            (present, Some(_)) => Ok(present),
        }
    }

    /// Runs a `DOMTokenList` operation on the element's class list: `f` gets the token set
    /// (the classes, duplicates removed, in order) and changes it; then the DOM's "update
    /// steps" write it back as the set joined with single spaces (not when there was no
    /// `class` attribute and the set is empty).
    fn update_classes<R>(
        &self,
        element: &'a Node<'a>,
        f: impl FnOnce(&mut Vec<String>) -> R,
    ) -> Result<R, EditError> {
        let e = self.element(element)?;
        let mut set: Vec<String> = Vec::new();
        for class in e.classes() {
            if !set.iter().any(|c| c == class) {
                set.push(class.to_owned());
            }
        }
        let result = f(&mut set);
        if e.attr("class").is_some() || !set.is_empty() {
            self.set_attribute(element, "class", &set.join(" "))?;
        }
        Ok(result)
    }

    /// The DOM's `element.classList.add(token)`: adds the class if it is not there. The
    /// `class` attribute is rewritten as the DOM does (duplicates dropped, single spaces).
    /// Fails with [`EditError::EmptyToken`] or [`EditError::InvalidToken`] (whitespace).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     ed.set_attribute(p, "class", " a  b a")?;
    ///     ed.add_class(p, "c")?;
    ///     assert!(p.has_class("c"));
    ///     Ok::<(), kauri::EditError>(())
    /// })?;
    /// assert_eq!(doc.to_html(), r#"<p class="a b c"></p>"#);
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn add_class(&self, element: &'a Node<'a>, token: &str) -> Result<(), EditError> {
        check_token(token)?;
        self.update_classes(element, |set| {
            if !set.iter().any(|c| c == token) {
                set.push(token.to_owned());
            }
        })
    }

    /// The DOM's `element.classList.remove(token)`: removes the class (the `class` attribute
    /// is rewritten, and stays, empty, when no class is left). Fails as
    /// [`Editor::add_class`] does.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     ed.set_attribute(p, "class", "a b")?;
    ///     ed.remove_class(p, "a")
    /// })?;
    /// assert_eq!(doc.to_html(), r#"<p class="b"></p>"#);
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn remove_class(&self, element: &'a Node<'a>, token: &str) -> Result<(), EditError> {
        check_token(token)?;
        self.update_classes(element, |set| set.retain(|c| c != token))
    }

    /// The DOM's `element.classList.toggle(token, force)`: removes the class if it is there
    /// (unless `force` is `Some(true)`), adds it if not (unless `force` is `Some(false)`).
    /// Returns whether it is there afterwards. Fails as [`Editor::add_class`] does.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     assert!(ed.toggle_class(p, "open", None)?);
    ///     assert!(!ed.toggle_class(p, "open", None)?);
    ///     assert!(!ed.toggle_class(p, "open", Some(false))?);
    ///     Ok::<(), kauri::EditError>(())
    /// })?;
    /// assert_eq!(doc.to_html(), r#"<p class=""></p>"#);
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn toggle_class(
        &self,
        element: &'a Node<'a>,
        token: &str,
        force: Option<bool>,
    ) -> Result<bool, EditError> {
        check_token(token)?;
        let e = self.element(element)?;
        let present = e.has_class(token);
        match (present, force) {
            (true, None | Some(false)) => self.remove_class(element, token).map(|()| false),
            (false, None | Some(true)) => self.add_class(element, token).map(|()| true),
            // The DOM returns without running the update steps.
            (present, Some(_)) => Ok(present),
        }
    }

    /// The DOM's `node.textContent = text`. An element, DocumentFragment: its children are
    /// replaced by one Text node holding `text` (none when `text` is empty). A Text node: its
    /// data becomes `text` (the node stays the same; a `&str` read before keeps the old
    /// text). A Comment or ProcessingInstruction: replaced by a new node of the same kind
    /// holding `text` (its data cannot change in place). A Document or doctype: nothing
    /// changes, as in the DOM. A node of another arena ([`EditError::OtherArena`]): nothing
    /// changes either.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let p = ed.create_element("p")?;
    ///     ed.append_child(ed.root(), p)?;
    ///     ed.set_inner_html(p, "old <b>text</b>")?;
    ///     ed.set_text_content(p, "new & plain");
    ///     Ok::<(), kauri::EditError>(())
    /// })?;
    /// assert_eq!(doc.to_html(), "<p>new &amp; plain</p>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn set_text_content(&self, node: &'a Node<'a>, text: &str) {
        if self.ours(node).is_err() {
            return;
        }
        match &node.data {
            NodeData::Element(_) | NodeData::DocumentFragment => {
                self.replace_all(
                    node,
                    (!text.is_empty()).then(|| self.create_text_node(text)),
                );
            }
            NodeData::Text(t) => {
                // SAFETY: the editor exists only inside `Document::edit` (or
                // `DocumentInProgress::edit`), which holds the document mutably, so no other
                // thread uses the node; and the node is of the editor's arena, whose store
                // `self.arena.store` is: `ours` just checked it.
                unsafe { t.data.replace(&self.arena.store, text) };
            }
            NodeData::Comment(_) => {
                let new = self.create_comment(text);
                self.swap_in(node, new);
            }
            NodeData::ProcessingInstruction(p) => {
                let new =
                    self.arena
                        .new_node(NodeData::ProcessingInstruction(ProcessingInstruction {
                            target: self.arena.str(p.target()),
                            data: self.arena.str(text),
                        }));
                self.swap_in(node, new);
            }
            _ => {}
        }
    }

    /// Puts `new` where `node` is (when it is in a tree): the two are leaves of kinds that may
    /// go anywhere `node` was, so no check is needed.
    fn swap_in(&self, node: &'a Node<'a>, new: &'a Node<'a>) {
        if node.parent().is_some() {
            node.insert_before(new);
            node.detach();
        }
    }

    /// The DOM's "replace all" of `parent`'s children with `node` (or with nothing).
    fn replace_all(&self, parent: &'a Node<'a>, node: Option<&'a Node<'a>>) {
        while let Some(child) = parent.first_child() {
            self.remove(child);
        }
        if let Some(node) = node {
            self.link_checked(parent, node);
        }
    }

    /// Appends a node whose validity follows from how it was made (a new Text node, a parsed
    /// fragment's children into an element).
    fn link_checked(&self, parent: &'a Node<'a>, node: &'a Node<'a>) {
        if matches!(node.data, NodeData::DocumentFragment) {
            while let Some(c) = node.first_child() {
                parent.append(c);
            }
        } else {
            parent.append(node);
        }
    }

    /// The DOM's `element.innerHTML = html`: parses `html` with the HTML fragment parsing
    /// algorithm (§ html-fragment-parsing-algorithm) with `element` as the context element
    /// (its name and attributes, and the document's scripting flag) and replaces the
    /// element's children (a `template`'s: its template contents' children) with the result.
    /// Parse errors are dropped, as the DOM drops them. Fails only with
    /// [`EditError::NotAnElement`].
    ///
    /// Two inputs of the algorithm are not the element's own: the fragment is parsed in
    /// no-quirks mode even in a quirks-mode document, and a `form` ancestor of the element
    /// does not set the form element pointer (only a `form` context does).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let table = ed.create_element("table")?;
    ///     ed.append_child(ed.root(), table)?;
    ///     ed.set_inner_html(table, "<tr><td>1<td>2")
    /// })?;
    /// assert_eq!(doc.to_html(), "<table><tbody><tr><td>1</td><td>2</td></tr></tbody></table>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn set_inner_html(&self, element: &'a Node<'a>, html: &str) -> Result<(), EditError> {
        self.replace_children_with_fragment(element, html, false, |sink| sink)
    }

    /// The DOM's `element.setHTMLUnsafe(html)` without a sanitizer: `innerHTML` with the
    /// parser's "allow declarative shadow roots" flag set, so a `<template shadowrootmode>`
    /// in `html` attaches a shadow root to its parent element instead of staying a template
    /// (§ dom-element-sethtmlunsafe). One at the top level, whose parent would be `element`
    /// itself, stays a template, as whatwg/html PR #12756 (open) and Chromium 156 have it.
    /// Fails only with [`EditError::NotAnElement`].
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let div = ed.create_element("div")?;
    ///     ed.append_child(ed.root(), div)?;
    ///     ed.set_html_unsafe(div, "<p><template shadowrootmode=open><b>in</b></template>light</p>")?;
    ///     let p = div.first_child().unwrap();
    ///     assert_eq!(p.shadow_root().unwrap().first_child().unwrap().text_content(), "in");
    ///     Ok::<(), kauri::EditError>(())
    /// })?;
    /// assert_eq!(doc.to_html(), "<div><p>light</p></div>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn set_html_unsafe(&self, element: &'a Node<'a>, html: &str) -> Result<(), EditError> {
        self.replace_children_with_fragment(element, html, true, |sink| sink)
    }

    /// [`Editor::set_html_unsafe`] with `filter(sink)` between the tree builder and the
    /// [`DomSink`] (see [`crate::DomSinkFilter`]): the sanitizer's `setHTML` parses through one
    /// (sanitize while parsing).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let div = ed.create_element("div")?;
    ///     ed.append_child(ed.root(), div)?;
    ///     ed.set_html_unsafe_filtered(div, "<p>a", |sink| sink)
    /// })?;
    /// assert_eq!(doc.to_html(), "<div><p>a</p></div>");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn set_html_unsafe_filtered<F: DomSinkFilter<'a>>(
        &self,
        element: &'a Node<'a>,
        html: &str,
        filter: impl FnOnce(DomSink<'a>) -> F,
    ) -> Result<(), EditError> {
        self.replace_children_with_fragment(element, html, true, filter)
    }

    /// `innerHTML` and `setHTMLUnsafe`: the fragment parse of `html` in `element`'s context
    /// replaces its children (a template's: its contents' children), parsed through `filter`.
    fn replace_children_with_fragment<F: DomSinkFilter<'a>>(
        &self,
        element: &'a Node<'a>,
        html: &str,
        declarative_shadow_roots: bool,
        filter: impl FnOnce(DomSink<'a>) -> F,
    ) -> Result<(), EditError> {
        let e = self.element(element)?;
        let context_attrs = e
            .attrs()
            .iter()
            .map(|(name, value)| Attribute {
                name: name.clone(),
                value: value.clone(),
            })
            .collect();
        let options = ParseOptions {
            scripting: self.scripting,
            declarative_shadow_roots: Some(declarative_shadow_roots),
            ..ParseOptions::default()
        };
        let context = FragmentContext::element(e.qual_name().clone(), context_attrs);
        // A sink over this document's arena: it links only the nodes it creates (see
        // `sink.rs`), and is finished before they are linked into the tree.
        // `setHTMLUnsafe`: a top-level `<template shadowrootmode>` stays a template (the
        // context element hosts no shadow root: whatwg/html PR #12756, Chromium 156).
        let (parsed, _) = Driver::fragment(&options, &context)
            .context_shadow_host(false)
            .run_filtered(self.arena, html, false, filter);
        self.register_templates(parsed.root);
        let target = e.template_contents().unwrap_or(element);
        self.replace_all(target, Some(parsed.root));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_names() {
        assert!(valid_attribute_local_name("data-x"));
        assert!(valid_attribute_local_name("xlink:href"));
        for bad in ["", "a b", "a/b", "a=b", "a>", "a\0"] {
            assert!(!valid_attribute_local_name(bad), "{bad:?}");
        }
    }
}
