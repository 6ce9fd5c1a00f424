//! Traversal: children, descendants, ancestors, siblings, a start/end walk, and the queries built
//! on them (text content, find by tag name or id). Every walk is iterative: a document nested a
//! million levels deep walks in constant stack.
//!
//! Walks follow the DOM's tree: an HTML `template`'s contents are a separate DocumentFragment
//! (see [`Element::template_contents`](crate::Element::template_contents)) and are not children
//! of the `template`, and a shadow host's shadow root (see [`Node::shadow_root`]) is not a child
//! of its host, so no walk here enters a shadow tree;
//! [`Node::shadow_including_descendants`] does.

use crate::node::{Node, NodeData};

/// The children of a node, first to last (double-ended).
#[derive(Clone)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
/// let ul = root.first_child().unwrap();
/// let backwards: Vec<String> = ul.children().rev().map(|li| li.text_content()).collect();
/// assert_eq!(backwards, ["c", "b", "a"]);
/// ```
pub struct Children<'a> {
    next: Option<&'a Node<'a>>,
    next_back: Option<&'a Node<'a>>,
}

impl<'a> Iterator for Children<'a> {
    type Item = &'a Node<'a>;
    fn next(&mut self) -> Option<&'a Node<'a>> {
        let node = self.next?;
        if self.next_back.is_some_and(|back| back.same_node(node)) {
            self.next = None;
            self.next_back = None;
        } else {
            self.next = node.next_sibling();
        }
        Some(node)
    }
}

impl<'a> DoubleEndedIterator for Children<'a> {
    fn next_back(&mut self) -> Option<&'a Node<'a>> {
        let node = self.next_back?;
        if self.next.is_some_and(|front| front.same_node(node)) {
            self.next = None;
            self.next_back = None;
        } else {
            self.next_back = node.prev_sibling();
        }
        Some(node)
    }
}

impl std::iter::FusedIterator for Children<'_> {}

/// Siblings in one direction (see [`Node::following_siblings`] and
/// [`Node::preceding_siblings`]).
#[derive(Clone)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
/// let first = root.first_child().unwrap().first_child().unwrap();
/// assert_eq!(first.following_siblings().count(), 2);
/// ```
pub struct Siblings<'a> {
    next: Option<&'a Node<'a>>,
    forward: bool,
}

impl<'a> Iterator for Siblings<'a> {
    type Item = &'a Node<'a>;
    fn next(&mut self) -> Option<&'a Node<'a>> {
        let node = self.next?;
        self.next = if self.forward {
            node.next_sibling()
        } else {
            node.prev_sibling()
        };
        Some(node)
    }
}

impl std::iter::FusedIterator for Siblings<'_> {}

/// The ancestors of a node, nearest first (excluding the node itself).
#[derive(Clone)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
/// let text = root.first_child().unwrap().first_child().unwrap().first_child().unwrap();
/// assert_eq!(text.ancestors().count(), 3); // li, ul, the fragment
/// ```
pub struct Ancestors<'a> {
    next: Option<&'a Node<'a>>,
}

impl<'a> Iterator for Ancestors<'a> {
    type Item = &'a Node<'a>;
    fn next(&mut self) -> Option<&'a Node<'a>> {
        let node = self.next?;
        self.next = node.parent();
        Some(node)
    }
}

impl std::iter::FusedIterator for Ancestors<'_> {}

/// One step of a [`Traverse`] walk.
#[derive(Clone, Copy, Debug)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
/// use kauri::Edge;
/// let p = root.first_child().unwrap();
/// let mut html = String::new();
/// for edge in p.traverse() {
///     match edge {
///         Edge::Open(n) => html += &n.as_element().map_or(n.text_content(), |e| format!("<{}>", e.name())),
///         Edge::Close(n) => html += &n.as_element().map_or(String::new(), |e| format!("</{}>", e.name())),
///     }
/// }
/// assert_eq!(html, "<p>x</p>");
/// ```
pub enum Edge<'a> {
    /// Entering a node (before its children).
    Open(&'a Node<'a>),
    /// Leaving a node (after its children).
    Close(&'a Node<'a>),
}

/// A depth-first walk of a subtree yielding each node twice, on entry and on exit, in constant
/// space. Starts with `Open(root)` and ends with `Close(root)`.
#[derive(Clone)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
/// let p = root.first_child().unwrap();
/// assert_eq!(p.traverse().count(), 4); // open and close of the p and of its text
/// ```
pub struct Traverse<'a> {
    root: &'a Node<'a>,
    next: Option<Edge<'a>>,
}

impl<'a> Iterator for Traverse<'a> {
    type Item = Edge<'a>;
    fn next(&mut self) -> Option<Edge<'a>> {
        let edge = self.next?;
        self.next = match edge {
            Edge::Open(node) => match node.first_child() {
                Some(child) => Some(Edge::Open(child)),
                None => Some(Edge::Close(node)),
            },
            Edge::Close(node) => {
                if node.same_node(self.root) {
                    None
                } else if let Some(next) = node.next_sibling() {
                    Some(Edge::Open(next))
                } else {
                    node.parent().map(Edge::Close)
                }
            }
        };
        Some(edge)
    }
}

impl std::iter::FusedIterator for Traverse<'_> {}

/// The descendants of a node in tree order (pre-order), excluding the node itself.
#[derive(Clone)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
/// let items = root.descendants().filter(|n| n.is_element()).count();
/// assert_eq!(items, 4); // ul and three li
/// ```
pub struct Descendants<'a> {
    next: Option<&'a Node<'a>>,
    /// The address of the node whose descendants these are (only compared, never read).
    root: usize,
}

fn addr(node: &Node<'_>) -> usize {
    node as *const Node<'_> as *const u8 as usize
}

impl<'a> Iterator for Descendants<'a> {
    type Item = &'a Node<'a>;
    fn next(&mut self) -> Option<&'a Node<'a>> {
        let node = self.next?;
        self.next = match node.first_child() {
            Some(child) => Some(child),
            None => {
                // Climb to the first ancestor (below the root) with a next sibling.
                let mut current = node;
                loop {
                    if let Some(next) = current.next_sibling() {
                        break Some(next);
                    }
                    match current.parent() {
                        Some(parent) if addr(parent) != self.root => current = parent,
                        _ => break None,
                    }
                }
            }
        };
        Some(node)
    }
}

impl std::iter::FusedIterator for Descendants<'_> {}

impl<'a> Node<'a> {
    /// The children, first to last.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
    /// let ul = root.first_child().unwrap();
    /// let texts: Vec<&str> = ul.children().filter_map(|li| li.first_child()?.as_text()).collect();
    /// assert_eq!(texts, ["a", "b", "c"]);
    /// ```
    pub fn children(&self) -> Children<'a> {
        Children {
            next: self.first_child(),
            next_back: self.last_child(),
        }
    }

    /// The child elements, first to last.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>a</p>text<div>b</div>", &body, &Default::default()).root;
    /// let names: Vec<&str> = root.element_children().map(|e| e.as_element().unwrap().name()).collect();
    /// assert_eq!(names, ["p", "div"]);
    /// ```
    pub fn element_children(&self) -> impl Iterator<Item = &'a Node<'a>> + Clone {
        self.children().filter(|n| n.is_element())
    }

    /// The parent, if it is an element.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>x</p>", &body, &Default::default()).root;
    /// let p = root.first_child().unwrap();
    /// assert!(p.first_child().unwrap().parent_element().unwrap().same_node(p));
    /// assert!(p.parent_element().is_none()); // its parent is the DocumentFragment
    /// ```
    pub fn parent_element(&self) -> Option<&'a Node<'a>> {
        self.parent().filter(|p| p.is_element())
    }

    /// The nearest following sibling that is an element.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>a<li>b</ul>", &body, &Default::default()).root;
    /// let first = root.first_child().unwrap().first_child().unwrap();
    /// assert_eq!(first.next_element_sibling().unwrap().text_content(), "b");
    /// assert!(first.prev_element_sibling().is_none());
    /// ```
    pub fn next_element_sibling(&self) -> Option<&'a Node<'a>> {
        self.following_siblings().find(|n| n.is_element())
    }

    /// The nearest preceding sibling that is an element.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>a</p>text<div>b</div>", &body, &Default::default()).root;
    /// let div = root.last_child().unwrap();
    /// assert_eq!(div.prev_element_sibling().unwrap().text_content(), "a");
    /// ```
    pub fn prev_element_sibling(&self) -> Option<&'a Node<'a>> {
        self.preceding_siblings().find(|n| n.is_element())
    }

    /// The ancestors that are elements, nearest first.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<div><p><b>x</b></p></div>", &body, &Default::default()).root;
    /// let b = root.elements_by_tag_name("b").next().unwrap();
    /// assert_eq!(b.element_ancestors().count(), 2); // p, div
    /// ```
    pub fn element_ancestors(&self) -> impl Iterator<Item = &'a Node<'a>> + Clone {
        self.ancestors().filter(|n| n.is_element())
    }

    /// The text of this node's Text children only (not of deeper descendants).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>a</ul>", &body, &Default::default()).root;
    /// let ul = root.first_child().unwrap();
    /// assert_eq!(ul.own_text(), "");
    /// assert_eq!(ul.text_content(), "a");
    /// ```
    pub fn own_text(&self) -> String {
        self.children().filter_map(|c| c.as_text()).collect()
    }

    /// The siblings after this node, nearest first.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
    /// let first = root.first_child().unwrap().first_child().unwrap();
    /// let after: Vec<String> = first.following_siblings().map(|li| li.text_content()).collect();
    /// assert_eq!(after, ["b", "c"]);
    /// ```
    pub fn following_siblings(&self) -> Siblings<'a> {
        Siblings {
            next: self.next_sibling(),
            forward: true,
        }
    }

    /// The siblings before this node, nearest first.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
    /// let last = root.first_child().unwrap().last_child().unwrap();
    /// let before: Vec<String> = last.preceding_siblings().map(|li| li.text_content()).collect();
    /// assert_eq!(before, ["b", "a"]);
    /// ```
    pub fn preceding_siblings(&self) -> Siblings<'a> {
        Siblings {
            next: self.prev_sibling(),
            forward: false,
        }
    }

    /// The ancestors, nearest first (parent, grandparent, ..., root), excluding this node.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<div><p><b>x</b></div>", &body, &Default::default()).root;
    /// let b = root.elements_by_tag_name("b").next().unwrap();
    /// let names: Vec<&str> = b.element_ancestors().map(|e| e.as_element().unwrap().name()).collect();
    /// assert_eq!(names, ["p", "div"]);
    /// assert_eq!(b.ancestors().count(), 3); // and the DocumentFragment
    /// ```
    pub fn ancestors(&self) -> Ancestors<'a> {
        Ancestors {
            next: self.parent(),
        }
    }

    /// The descendants in tree order, excluding this node. Template contents are not entered.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>a<li>b</ul>", &body, &Default::default()).root;
    /// // ul > li > "a", li > "b"
    /// assert_eq!(root.descendants().count(), 5);
    /// ```
    pub fn descendants(&self) -> Descendants<'a> {
        Descendants {
            next: self.first_child(),
            root: addr(self),
        }
    }

    /// A walk of this subtree yielding [`Edge::Open`] and [`Edge::Close`] for every node,
    /// including this one. Template contents are not entered.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p>a</p>", &body, &Default::default()).root;
    /// use kauri::Edge;
    /// let p = root.first_child().unwrap();
    /// let opened = p.traverse().filter(|edge| matches!(edge, Edge::Open(_))).count();
    /// assert_eq!(opened, 2); // the p and its text
    /// ```
    pub fn traverse(&'a self) -> Traverse<'a> {
        Traverse {
            root: self,
            next: Some(Edge::Open(self)),
        }
    }

    /// The DOM's `textContent`: the concatenated data of every descendant Text node in tree order
    /// (for a Text, Comment or PI node, its own data). For a Document or a doctype the DOM
    /// returns null; here a Document gives the text of its descendants and a doctype `""`.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>a<li>b</ul>", &body, &Default::default()).root;
    /// assert_eq!(root.text_content(), "ab");
    /// ```
    pub fn text_content(&self) -> String {
        match &self.data {
            NodeData::Text(t) => t.data().to_owned(),
            NodeData::Comment(c) => c.data().to_owned(),
            NodeData::ProcessingInstruction(p) => p.data().to_owned(),
            NodeData::Doctype(_) => String::new(),
            _ => {
                let mut out = String::new();
                for node in self.descendants() {
                    if let Some(text) = node.as_text() {
                        out.push_str(text);
                    }
                }
                out
            }
        }
    }

    /// The descendant elements with this local name (any namespace), in tree order. For HTML
    /// elements the name is compared ASCII case-insensitively, like `getElementsByTagName` in an
    /// HTML document.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<ul><li>a<li>b</ul>", &body, &Default::default()).root;
    /// assert_eq!(root.elements_by_tag_name("LI").count(), 2);
    /// ```
    pub fn elements_by_tag_name<'n>(&self, name: &'n str) -> ElementsByTagName<'a, 'n> {
        ElementsByTagName {
            inner: self.descendants(),
            name,
        }
    }

    /// The first descendant element whose `id` attribute is `id`, in tree order.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
    /// // A tree to try it on: `html` parsed as a `body`'s children (`kauri::parse` parses pages).
    /// let arena = Arena::new();
    /// let body = FragmentContext::html("body");
    /// let root = parse_fragment_in(&arena, "<p id=a>1</p><p id=b>2</p>", &body, &Default::default()).root;
    /// assert_eq!(root.element_by_id("b").unwrap().text_content(), "2");
    /// assert!(root.element_by_id("c").is_none());
    /// ```
    pub fn element_by_id(&self, id: &str) -> Option<&'a Node<'a>> {
        self.descendants()
            .find(|node| node.as_element().and_then(|e| e.id()) == Some(id))
    }
}

/// Descendant elements with a given local name (see [`Node::elements_by_tag_name`]).
#[derive(Clone)]
///
/// ```
/// # use kauri_dom as kauri;
/// use kauri::{parse_fragment_in, Arena, FragmentContext, LocalName, QualName};
/// let arena = Arena::new();
/// let body = FragmentContext::html("body");
/// let root = parse_fragment_in(&arena, "<ul><li>a<li>b<li>c</ul>", &body, &Default::default()).root;
/// assert_eq!(root.elements_by_tag_name("li").count(), 3);
/// ```
pub struct ElementsByTagName<'a, 'n> {
    inner: Descendants<'a>,
    name: &'n str,
}

impl<'a> Iterator for ElementsByTagName<'a, '_> {
    type Item = &'a Node<'a>;
    fn next(&mut self) -> Option<&'a Node<'a>> {
        let name = self.name;
        self.inner.by_ref().find(|node| match node.as_element() {
            Some(e) if e.namespace() == kauri_tokenizer::Namespace::Html => {
                e.name().eq_ignore_ascii_case(name)
            }
            Some(e) => e.name() == name,
            None => false,
        })
    }
}
