//! Matching: [`Select`] (the `querySelectorAll` walk), and `select` / `select_first` /
//! `matches` / `closest` on [`Node`] and [`Document`].
//!
//! The walk is the iterative [`Descendants`] iterator; each element is matched with the
//! selectors crate, whose own recursion is bounded by the selector's nesting (at most 32
//! blocks), except for `:has()`: the crate searches an anchor's subtree recursively, one call
//! per level. For a selector with `:has()`, the depth of the subtree being searched is measured
//! once (iteratively) and, when the thread has less stack left than that search needs, the
//! match runs on a stack grown for it (`stacker`), so a document nested a million levels deep
//! still matches without overflowing.

use selectors::context::{
    MatchingContext, MatchingForInvalidation, MatchingMode, NeedsSelectorFlags, QuirksMode,
    SelectorCaches,
};
use selectors::OpaqueElement;

use super::element::ElementRef;
use super::element_list::ElementsInOrder;
use super::selector::{Selector, SelectorError};
use crate::document::Document;
use crate::node::{Node, NodeData};
use crate::traverse::{Descendants, Edge};

/// A generous bound on the stack one level of the selectors crate's `:has()` subtree search
/// takes (two frames per level; measured well below this in debug builds).
const HAS_STACK_PER_LEVEL: usize = 4096;

/// Below this many bytes of need, matching runs on the current stack without checking.
const HAS_STACK_ALWAYS_OK: usize = 64 * 1024;

/// The elements that match a [`Selector`] among a node's descendants, in tree order (see
/// [`Node::select`]). Iterative: walks in constant stack at any depth.
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
/// let li = kauri::Selector::parse("li:nth-child(odd)")?;
/// let odd: Vec<String> = root.select(&li).map(|n| n.text_content()).collect();
/// assert_eq!(odd, ["a", "c"]);
/// # Ok::<(), kauri::SelectorError>(())
/// ```
pub struct Select<'a> {
    inner: Walk<'a>,
    selector: Selector,
    matcher: Matcher,
}

impl<'a> Iterator for Select<'a> {
    type Item = &'a Node<'a>;

    fn next(&mut self) -> Option<&'a Node<'a>> {
        self.matcher.first_match(&self.selector, &mut self.inner)
    }
}

impl std::iter::FusedIterator for Select<'_> {}

/// How a [`Select`] visits the candidates, in tree order either way.
enum Walk<'a> {
    /// Along the links.
    Tree(Descendants<'a>),
    /// The document's elements from its list of them in tree order (see
    /// `query/element_list.rs`), passing over those whose local name's atom word is not one
    /// of `words` (the selector's subject names, [`Selector::subject_words`]) without reading
    /// them.
    Listed {
        elements: ElementsInOrder<'a, 'a>,
        words: Option<Box<[u64]>>,
    },
}

impl<'a> Iterator for Walk<'a> {
    type Item = &'a Node<'a>;

    #[inline]
    fn next(&mut self) -> Option<&'a Node<'a>> {
        match self {
            Walk::Tree(nodes) => nodes.next(),
            Walk::Listed {
                elements,
                words: Some(words),
            } => elements.next_named(words),
            Walk::Listed {
                elements,
                words: None,
            } => elements.next_element(),
        }
    }
}

impl std::fmt::Debug for Select<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Select")
            .field("selector", &self.selector)
            .finish_non_exhaustive()
    }
}

/// What matching needs besides the element: quirks mode, the scoping element, the crate's
/// caches, and the stack a `:has()` search may take.
struct Matcher {
    quirks_mode: QuirksMode,
    scope: Option<OpaqueElement>,
    caches: SelectorCaches,
    has_stack: usize,
}

impl Matcher {
    /// A matcher for elements of the tree `node` is in, with `scope` as the `:scope` element.
    /// A `:has()` anchor may be any element of the tree (`div:has(img) p` anchors at an
    /// ancestor of the `p`), so its stack need is measured over the whole tree.
    fn new(node: &Node<'_>, scope: Option<OpaqueElement>, selector: &Selector) -> Matcher {
        let top = node.ancestors().last().unwrap_or(node);
        Matcher::with_height(top, scope, selector, || subtree_height(top))
    }

    /// [`Matcher::new`] for the tree whose root is `top`, with `height` giving the number of
    /// levels below it (asked only for a selector with `:has()`).
    fn with_height(
        top: &Node<'_>,
        scope: Option<OpaqueElement>,
        selector: &Selector,
        height: impl FnOnce() -> usize,
    ) -> Matcher {
        let has_stack = if selector.has_relative {
            height().saturating_mul(HAS_STACK_PER_LEVEL)
        } else {
            0
        };
        Matcher {
            quirks_mode: quirks_mode_of(top),
            scope,
            caches: SelectorCaches::default(),
            has_stack,
        }
    }

    /// Whether `element` matches `selector`.
    fn matches(&mut self, selector: &Selector, element: ElementRef<'_>) -> bool {
        self.first_match(selector, &mut std::iter::once(element.node))
            .is_some()
    }

    /// The next node of `nodes` that is an element matching `selector`. One matching context
    /// serves the whole walk, as it does in a browser's `querySelectorAll`, and elements whose
    /// name the selector cannot match are passed over without the crate.
    fn first_match<'a>(
        &mut self,
        selector: &Selector,
        nodes: &mut impl Iterator<Item = &'a Node<'a>>,
    ) -> Option<&'a Node<'a>> {
        if self.has_stack <= HAS_STACK_ALWAYS_OK {
            return self.first_match_here(selector, nodes);
        }
        let needed = self.has_stack + HAS_STACK_ALWAYS_OK;
        stacker::maybe_grow(needed, needed, || self.first_match_here(selector, nodes))
    }

    fn first_match_here<'a>(
        &mut self,
        selector: &Selector,
        nodes: &mut impl Iterator<Item = &'a Node<'a>>,
    ) -> Option<&'a Node<'a>> {
        let mut context = MatchingContext::new(
            MatchingMode::Normal,
            None,
            &mut self.caches,
            self.quirks_mode,
            NeedsSelectorFlags::No,
            MatchingForInvalidation::No,
        );
        context.scope_element = self.scope;
        nodes.find(|node| match &node.data {
            NodeData::Element(element) => {
                selector.may_match(&element.name)
                    && selectors::matching::matches_selector_list(
                        &selector.list,
                        ElementRef { node, element },
                        &mut context,
                    )
            }
            _ => false,
        })
    }
}

/// The number of levels below `root` (0 for a leaf), counted iteratively.
fn subtree_height(root: &Node<'_>) -> usize {
    let mut depth = 0usize;
    let mut max = 0usize;
    for edge in root.descendants_edges() {
        match edge {
            Edge::Open(_) => {
                depth += 1;
                max = max.max(depth);
            }
            Edge::Close(_) => depth -= 1,
        }
    }
    max
}

/// The quirks mode of the document whose root is `root` (no-quirks for a fragment or template
/// contents).
fn quirks_mode_of(root: &Node<'_>) -> QuirksMode {
    match &root.data {
        NodeData::Document(d) => match d.quirks_mode() {
            kauri_tree_builder::QuirksMode::Quirks => QuirksMode::Quirks,
            kauri_tree_builder::QuirksMode::LimitedQuirks => QuirksMode::LimitedQuirks,
            kauri_tree_builder::QuirksMode::NoQuirks => QuirksMode::NoQuirks,
        },
        _ => QuirksMode::NoQuirks,
    }
}

impl<'a> Node<'a> {
    /// Opens and closes of every descendant (not this node), for [`subtree_height`].
    pub(super) fn descendants_edges(&self) -> impl Iterator<Item = Edge<'a>> {
        self.children().flat_map(|child| child.traverse())
    }

    /// The descendant elements that match `selector`, in tree order, like the DOM's
    /// `querySelectorAll` on this node (`:scope` is this node when it is an element). Template
    /// contents are not searched (they are not descendants).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = r#"<div class=note><a href="/a">A</a> <a>no href</a></div>
    ///               <div><a href="/b">B</a></div>"#;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, html, &body, &Default::default()).root;
    /// let selector = kauri::Selector::parse("div.note > a[href]").unwrap();
    /// let links: Vec<String> = root.select(&selector).map(|a| a.text_content()).collect();
    /// assert_eq!(links, ["A"]);
    /// ```
    pub fn select(&self, selector: &Selector) -> Select<'a> {
        let scope = ElementRef::new_scope(self);
        Select {
            inner: Walk::Tree(self.descendants()),
            selector: selector.clone(),
            matcher: Matcher::new(self, scope, selector),
        }
    }

    /// Parses `css` and selects with it (see [`Node::select`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = "<ul><li>a<li class=x>b<li>c</ul>";
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, html, &body, &Default::default()).root;
    /// let items: Vec<String> = root.select_str("li:not(.x)")?.map(|li| li.text_content()).collect();
    /// assert_eq!(items, ["a", "c"]);
    /// assert!(root.select_str("li:").is_err());
    /// # Ok::<(), kauri::SelectorError>(())
    /// ```
    pub fn select_str(&self, css: &str) -> Result<Select<'a>, SelectorError> {
        Ok(self.select(&Selector::parse(css)?))
    }

    /// The first descendant element, in tree order, that matches `selector` (the DOM's
    /// `querySelector`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = "<h1>Title</h1><p>one<p>two";
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, html, &body, &Default::default()).root;
    /// let p = kauri::Selector::parse("h1 ~ p").unwrap();
    /// assert_eq!(root.select_first(&p).unwrap().text_content(), "one");
    /// ```
    pub fn select_first(&self, selector: &Selector) -> Option<&'a Node<'a>> {
        self.select(selector).next()
    }

    /// Whether this node is an element that matches `selector` (the DOM's `matches`).
    /// Non-elements never match.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = "<section><p id=intro class=lead>Hi</p></section>";
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, html, &body, &Default::default()).root;
    /// let p = root.element_by_id("intro").unwrap();
    /// assert!(p.matches(&kauri::Selector::parse("section > p.lead").unwrap()));
    /// assert!(!p.matches(&kauri::Selector::parse("div p").unwrap()));
    /// ```
    pub fn matches(&'a self, selector: &Selector) -> bool {
        match ElementRef::new(self) {
            Some(element) => {
                let scope = Some(selectors::Element::opaque(&element));
                Matcher::new(self, scope, selector).matches(selector, element)
            }
            None => false,
        }
    }

    /// The nearest inclusive ancestor element (this node, its parent, ...) that matches
    /// `selector` (the DOM's `closest`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = "<table><tr class=row><td><b id=x>1</b></td></tr></table>";
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, html, &body, &Default::default()).root;
    /// let b = root.element_by_id("x").unwrap();
    /// let row = b.closest(&kauri::Selector::parse("tr").unwrap()).unwrap();
    /// assert!(row.as_element().unwrap().has_class("row"));
    /// ```
    pub fn closest(&'a self, selector: &Selector) -> Option<&'a Node<'a>> {
        let mut matcher = Matcher::new(self, ElementRef::new_scope(self), selector);
        std::iter::once(self).chain(self.ancestors()).find(|node| {
            ElementRef::new(node).is_some_and(|element| matcher.matches(selector, element))
        })
    }
}

impl<'a> ElementRef<'a> {
    /// The `:scope` element for a query on `node`: the node itself when it is an element.
    fn new_scope(node: &Node<'_>) -> Option<OpaqueElement> {
        node.is_element()
            .then(|| OpaqueElement::new::<Node<'_>>(node))
    }
}

impl Document {
    /// The elements of the document that match `selector`, in tree order (the DOM's
    /// `document.querySelectorAll`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let html = r#"<ul id=menu><li><a href="/">Home</a><li><a href="/docs" class=active>Docs</a></ul>"#;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// // A document to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, html, &body, &Default::default()));
    /// let selector = kauri::Selector::parse("#menu a[href^='/d']").unwrap();
    /// let hrefs: Vec<&str> = doc
    ///     .select(&selector)
    ///     .filter_map(|a| a.get_attribute("href"))
    ///     .collect();
    /// assert_eq!(hrefs, ["/docs"]);
    /// ```
    pub fn select(&self, selector: &Selector) -> Select<'_> {
        let root = self.root();
        let list = self.element_list();
        Select {
            inner: Walk::Listed {
                elements: list.walk(),
                words: selector.subject_words(),
            },
            selector: selector.clone(),
            matcher: Matcher::with_height(root, ElementRef::new_scope(root), selector, || {
                list.height()
            }),
        }
    }

    /// Parses `css` and selects with it (see [`Document::select`]).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p class=a>1</p><p>2</p>", &body, &Default::default()));
    /// assert_eq!(doc.select_str("p:not(.a)")?.count(), 1);
    /// # Ok::<(), kauri::SelectorError>(())
    /// ```
    pub fn select_str(&self, css: &str) -> Result<Select<'_>, SelectorError> {
        Ok(self.select(&Selector::parse(css)?))
    }

    /// The first element of the document that matches `selector` (the DOM's
    /// `document.querySelector`).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Document, FragmentContext, LocalName, QualName};
    /// let body = FragmentContext::html("body");
    /// let doc = Document::build(|arena| parse_fragment_in(arena, "<p>1</p><p>2</p>", &body, &Default::default()));
    /// let last = kauri::Selector::parse("p:last-child")?;
    /// assert_eq!(doc.select_first(&last).unwrap().text_content(), "2");
    /// # Ok::<(), kauri::SelectorError>(())
    /// ```
    pub fn select_first(&self, selector: &Selector) -> Option<&Node<'_>> {
        // The first match may be near the start: building the list of elements would read the
        // whole document, so only a list that is already there is used.
        if self.has_element_list() {
            self.select(selector).next()
        } else {
            self.root().select_first(selector)
        }
    }
}
