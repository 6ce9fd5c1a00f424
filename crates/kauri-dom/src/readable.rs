//! [`Node::readable_text`]: the text a reader sees, roughly what a browser's `innerText` gives
//! for a rendered page, without a layout engine.

use kauri_tokenizer::{local_name, LocalName, Namespace};

use crate::node::{Node, NodeData};

/// How an HTML element takes part in the readable text.
enum Role {
    /// Not rendered: its contents are skipped.
    Hidden,
    /// A block: a line break before and after (`p`: a blank line).
    Block(usize),
    /// `br`: a line break of its own.
    LineBreak,
    /// A table cell: a tab before it when a cell precedes it in its row.
    Cell,
    /// Whitespace kept as it is (`pre`, `textarea`, `listing`, `plaintext`, `xmp`); a block.
    Preformatted,
    /// Inline: text flows through.
    Inline,
}

/// The role of an element (only HTML elements have one other than `Inline`).
fn role(node: &Node<'_>) -> Role {
    let Some(element) = node.as_element() else {
        return Role::Inline;
    };
    if element.namespace() != Namespace::Html {
        return Role::Inline;
    }
    // `[hidden]:not([hidden=until-found i])` is `display: none` (§ hidden-elements).
    if element
        .attr("hidden")
        .is_some_and(|v| !v.eq_ignore_ascii_case("until-found"))
    {
        return Role::Hidden;
    }
    role_of(element.local_name())
}

/// The role of an HTML element by name: the `display: none` and `display: block` (and list
/// item, table part) elements of the standard's rendering section (§ hidden-elements,
/// § flow-content-3, § sections-and-headings, § lists, § tables-2, § form-controls), plus
/// `noscript` and `iframe`, whose contents are not rendered text either.
fn role_of(name: &LocalName) -> Role {
    match *name {
        local_name!("area")
        | local_name!("base")
        | local_name!("basefont")
        | local_name!("datalist")
        | local_name!("head")
        | local_name!("link")
        | local_name!("meta")
        | local_name!("noembed")
        | local_name!("noframes")
        | local_name!("param")
        | local_name!("rp")
        | local_name!("script")
        | local_name!("style")
        | local_name!("template")
        | local_name!("title")
        | local_name!("noscript")
        | local_name!("iframe") => Role::Hidden,
        local_name!("p") => Role::Block(2),
        local_name!("pre")
        | local_name!("listing")
        | local_name!("plaintext")
        | local_name!("xmp")
        | local_name!("textarea") => Role::Preformatted,
        local_name!("br") => Role::LineBreak,
        local_name!("td") | local_name!("th") => Role::Cell,
        local_name!("html")
        | local_name!("body")
        | local_name!("address")
        | local_name!("blockquote")
        | local_name!("center")
        | local_name!("dialog")
        | local_name!("div")
        | local_name!("figure")
        | local_name!("figcaption")
        | local_name!("footer")
        | local_name!("form")
        | local_name!("header")
        | local_name!("hr")
        | local_name!("legend")
        | local_name!("main")
        | local_name!("search")
        | local_name!("article")
        | local_name!("aside")
        | local_name!("h1")
        | local_name!("h2")
        | local_name!("h3")
        | local_name!("h4")
        | local_name!("h5")
        | local_name!("h6")
        | local_name!("hgroup")
        | local_name!("nav")
        | local_name!("section")
        | local_name!("dir")
        | local_name!("dd")
        | local_name!("dl")
        | local_name!("dt")
        | local_name!("menu")
        | local_name!("ol")
        | local_name!("ul")
        | local_name!("li")
        | local_name!("table")
        | local_name!("caption")
        | local_name!("thead")
        | local_name!("tbody")
        | local_name!("tfoot")
        | local_name!("tr")
        | local_name!("details")
        | local_name!("summary")
        | local_name!("fieldset")
        | local_name!("optgroup")
        | local_name!("option")
        | local_name!("select") => Role::Block(1),
        _ => Role::Inline,
    }
}

/// The text being built: whitespace collapsing and line breaks as `innerText` does them.
struct Out {
    text: String,
    /// Line breaks owed before the next text (the largest one asked for wins).
    breaks: usize,
    /// Collapsible whitespace seen since the last text.
    space: bool,
    /// Inside this many preformatted elements.
    pre: usize,
}

impl Out {
    /// Pays the owed line breaks, if any text came before.
    fn flush_breaks(&mut self) {
        if self.breaks > 0 && !self.text.is_empty() {
            for _ in 0..self.breaks {
                self.text.push('\n');
            }
            self.space = false;
        }
        self.breaks = 0;
    }

    fn at_line_start(&self) -> bool {
        self.text.is_empty() || self.text.ends_with(['\n', '\t'])
    }

    fn push_text(&mut self, data: &str) {
        if self.pre > 0 {
            if !data.is_empty() {
                self.flush_breaks();
                if std::mem::take(&mut self.space) && !self.at_line_start() {
                    self.text.push(' ');
                }
                self.text.push_str(data);
            }
            return;
        }
        for word in data.split(|c: char| c.is_ascii_whitespace()) {
            if word.is_empty() {
                self.space = true;
                continue;
            }
            self.flush_breaks();
            if std::mem::take(&mut self.space) && !self.at_line_start() {
                self.text.push(' ');
            }
            self.text.push_str(word);
            // The separator before the next word, if any, is whitespace.
            self.space = true;
        }
        // The last word's separator was only there if the data ended in whitespace.
        if !data.ends_with(|c: char| c.is_ascii_whitespace()) {
            self.space = false;
        }
    }

    fn block_break(&mut self, count: usize) {
        self.breaks = self.breaks.max(count);
        self.space = false;
    }

    fn forced(&mut self, c: char) {
        self.flush_breaks();
        self.text.push(c);
        self.space = false;
    }
}

impl<'a> Node<'a> {
    /// The text a reader sees, an approximation of a browser's `innerText` without layout:
    ///
    /// * **Skipped**: the contents of elements that are not rendered: `head` (so the `title`
    ///   too), `script`, `style`, `template`, `noscript` (whatever the scripting flag),
    ///   `iframe`, `noembed`, `noframes`, `datalist`, `rp`, the other `display: none`
    ///   elements of the standard's rendering section (`area`, `base`, `basefont`, `link`,
    ///   `meta`, `param`), and any HTML element with a `hidden` attribute (but not
    ///   `hidden=until-found`). Comments, processing instructions and doctypes give nothing.
    ///   The node itself is never skipped: `title.readable_text()` is the title.
    /// * **Line breaks**: a block-level HTML element (the rendering section's `display:
    ///   block`, list-item and table elements: `div`, `li`, `h1`-`h6`, `tr`, `table`, `ul`,
    ///   `section`, `option`, ...) starts and ends a line; a `p` is set off by a blank line.
    ///   Breaks do not add up (two blocks in a row give one line break, a `p` next to a block
    ///   two) and none come before the first text or after the last. Each `br` is a line
    ///   break of its own (two `br`s: an empty line). A table cell after another in its row
    ///   starts with a tab.
    /// * **Whitespace**: each run of ASCII whitespace in text becomes one space, and spaces at
    ///   the start and end of a line are dropped, as `white-space: normal` does. Inside
    ///   `pre`, `textarea`, `listing`, `plaintext` and `xmp` text is kept as it is.
    ///
    /// Other CSS (`display` set by a style sheet, `::before` content, `text-transform`) is
    /// not applied, and SVG and MathML content is inline text.
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// use kauri::Document;
    /// let mut doc = Document::new();
    /// doc.edit(|ed| {
    ///     let body = ed.create_element("body")?;
    ///     ed.append_child(ed.root(), body)?;
    ///     let html = "<h1>Title</h1><p>One\n  two <b>three</b></p><script>x()</script>\
    ///                 <ul><li>a<li>b</ul>line<br>break";
    ///     ed.set_inner_html(body, html)
    /// })?;
    /// assert_eq!(doc.readable_text(), "Title\n\nOne two three\n\na\nb\nline\nbreak");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn readable_text(&self) -> String {
        let mut out = Out {
            text: String::new(),
            breaks: 0,
            space: false,
            pre: 0,
        };
        // An iterative walk of the subtree (no recursion on depth): enter a node, then its
        // first child, or leave it and go to its next sibling or up.
        let mut node: &Node<'_> = self;
        loop {
            let mut enter_children = true;
            match &node.data {
                NodeData::Text(t) => out.push_text(t.data()),
                NodeData::Element(_) => match role(node) {
                    Role::Hidden if !node.same_node(self) => enter_children = false,
                    Role::Block(n) => out.block_break(n),
                    Role::Preformatted => {
                        out.block_break(1);
                        out.pre += 1;
                    }
                    Role::LineBreak => out.forced('\n'),
                    Role::Cell => {
                        // The nearest element before it in the row is a cell.
                        if node
                            .prev_element_sibling()
                            .is_some_and(|s| matches!(role(s), Role::Cell))
                        {
                            out.forced('\t');
                        }
                    }
                    Role::Hidden | Role::Inline => {}
                },
                NodeData::Document(_) | NodeData::DocumentFragment => {}
                _ => enter_children = false,
            }
            if enter_children {
                if let Some(child) = node.first_child() {
                    node = child;
                    continue;
                }
            }
            // Leave `node` and the ancestors it is the last child of.
            loop {
                leave(node, &mut out);
                if node.same_node(self) {
                    return out.text;
                }
                match node.next_sibling() {
                    Some(next) => {
                        node = next;
                        break;
                    }
                    None => match node.parent() {
                        Some(parent) => node = parent,
                        None => return out.text,
                    },
                }
            }
        }
    }
}

/// The end of an element: the break after a block.
fn leave(node: &Node<'_>, out: &mut Out) {
    if node.is_element() {
        match role(node) {
            Role::Block(n) => out.block_break(n),
            Role::Preformatted => {
                out.pre = out.pre.saturating_sub(1);
                out.block_break(1);
            }
            _ => {}
        }
    }
}

impl crate::Document {
    /// [`Node::readable_text`] of the whole document (its `head`, and so its `title`, is
    /// skipped).
    ///
    /// ```
    /// # use kauri_dom as kauri;
    /// let mut doc = kauri::Document::new();
    /// doc.edit(|ed| {
    ///     let div = ed.create_element("div")?;
    ///     ed.append_child(ed.root(), div)?;
    ///     ed.set_inner_html(div, "<style>p{}</style><div>a</div>  <div> b </div>")
    /// })?;
    /// assert_eq!(doc.readable_text(), "a\nb");
    /// # Ok::<(), kauri::EditError>(())
    /// ```
    pub fn readable_text(&self) -> String {
        self.root().readable_text()
    }
}
