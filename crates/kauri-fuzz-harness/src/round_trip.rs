//! Parse, serialize, parse again, and compare the two trees: the round-trip property shared by
//! the `round_trip` fuzz target, the `proptest_html` property test and the corpus/suite test
//! `tests/round_trip.rs` of this crate.
//!
//! A difference between the two html5lib tree dumps is allowed only when the *original* tree
//! holds one of the kinds the standard notes as not surviving a serialize-and-reparse (listed,
//! with examples, in docs/serialization.md and docs/robustness.md). For the two "local" kinds (doctype identifiers,
//! carriage returns) the rest of the tree must still match. Anything else is a bug.

use kauri::{FragmentContext, ParseOptions};
use kauri_dom::serialize::html::{serialize_inner, SerializeOptions};
use kauri_dom::{Document, Namespace, Node, NodeData, QualName};

/// Fragment contexts the fuzzers and property tests pick from: HTML (each insertion mode a
/// context can select, raw text and RCDATA elements), SVG and MathML (integration points and
/// plain foreign elements).
pub const CONTEXTS: &[&str] = &[
    "body",
    "div",
    "p",
    "html",
    "head",
    "title",
    "textarea",
    "style",
    "script",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "plaintext",
    "table",
    "tbody",
    "thead",
    "tr",
    "td",
    "th",
    "caption",
    "colgroup",
    "col",
    "select",
    "option",
    "optgroup",
    "template",
    "frameset",
    "form",
    "button",
    "a",
    "b",
    "nobr",
    "pre",
    "listing",
    "li",
    "dd",
    "ul",
    "object",
    "svg svg",
    "svg foreignObject",
    "svg desc",
    "svg title",
    "svg path",
    "svg g",
    "math math",
    "math mi",
    "math mo",
    "math mtext",
    "math annotation-xml",
    "math ms",
    "math mglyph",
];

/// The context named by `byte` (an index into [`CONTEXTS`], wrapping).
pub fn context_for(byte: u8) -> FragmentContext {
    CONTEXTS[byte as usize % CONTEXTS.len()]
        .parse()
        .expect("the contexts list holds valid names")
}

fn options(scripting: bool) -> ParseOptions {
    ParseOptions {
        scripting,
        // `innerHTML` never writes shadow roots, so a declarative shadow root would not survive
        // the round trip: parse templates as ordinary ones (the other targets keep the
        // document default, on).
        declarative_shadow_roots: Some(false),
        ..ParseOptions::default()
    }
}

pub(crate) fn context_string(context: &FragmentContext) -> String {
    let name = context.name();
    match name.ns {
        Namespace::Html => name.local.to_string(),
        Namespace::Svg => format!("svg {}", name.local),
        Namespace::MathMl => format!("math {}", name.local),
    }
}

/// Parses `html` as a document (no context) or as a fragment of `context`.
pub fn parse(html: &str, context: Option<&FragmentContext>, scripting: bool) -> Document {
    match context {
        None => kauri::parse_with_options(html, &options(scripting)),
        Some(context) => kauri::parse_fragment(html, &context_string(context), &options(scripting))
            .expect("a valid context"),
    }
}

/// The markup of a parsed document or fragment, as `innerHTML` of the Document or of the
/// context element gives it (inside a raw text context, text is written literally).
pub fn serialize(doc: &Document, context: Option<&FragmentContext>, scripting: bool) -> String {
    let root = doc.root();
    let options = SerializeOptions { scripting };
    if let Some(context) = context {
        let context: &QualName = context.name();
        let raw_context = context.ns == Namespace::Html
            && (matches!(
                &*context.local,
                "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext"
            ) || (scripting && &*context.local == "noscript"));
        if raw_context && root.children().all(|c| c.is_text()) {
            return root.children().filter_map(|c| c.as_text()).collect();
        }
    }
    let mut out = String::new();
    serialize_inner(root, &options, &mut out);
    out
}

/// Parses, serializes, parses again and compares. `Ok(None)`: identical trees;
/// `Ok(Some(kind))`: different, explained by `kind`; `Err(report)`: an unexplained difference
/// (a bug), with the markup and both dumps.
pub fn check_round_trip(
    html: &str,
    context: Option<&FragmentContext>,
    scripting: bool,
) -> Result<Option<Exception>, String> {
    let original = parse(html, context, scripting);
    check_parsed(&original, &format!("input: {html:?}"), context, scripting)
}

/// The same check for a document already parsed (for example from bytes, with sniffing):
/// serializes `original`, parses the markup again as text, and compares. `label` names the
/// input in the report of an unexplained difference.
pub fn check_parsed(
    original: &Document,
    label: &str,
    context: Option<&FragmentContext>,
    scripting: bool,
) -> Result<Option<Exception>, String> {
    let markup = serialize(original, context, scripting);
    let reparsed = parse(&markup, context, scripting);
    let before = original.to_test_tree();
    let after = reparsed.to_test_tree();
    if before == after {
        return Ok(None);
    }
    let unexplained = || {
        Err(format!(
            "{label}\ncontext: {:?}, scripting {scripting}\n--- serialized:\n{markup}\n\
             --- original:\n{before}--- reparsed:\n{after}",
            context.map(context_string)
        ))
    };
    let found = exceptions(original.root(), context);
    let Some(&first) = found.first() else {
        return unexplained();
    };
    let local = [Exception::DoctypeIdentifiers, Exception::CarriageReturn];
    if found.iter().all(|k| local.contains(k)) {
        let normalize = |dump: &str| {
            // Drop the doctype's lines (its identifiers may hold line breaks: up to the next
            // top-level node).
            let mut in_doctype = false;
            dump.replace("\r\n", "\n")
                .replace('\r', "\n")
                .lines()
                .filter(|line| {
                    if line.starts_with("| <!DOCTYPE") {
                        in_doctype = true;
                    } else if line.starts_with("| <") {
                        in_doctype = false;
                    }
                    !in_doctype
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let quirks_changed = original.quirks_mode() != reparsed.quirks_mode();
        let doctype = found.contains(&Exception::DoctypeIdentifiers);
        if normalize(&before) != normalize(&after) && !(doctype && quirks_changed) {
            return unexplained();
        }
    }
    Ok(Some(first))
}

/// Why a tree does not survive a serialize-and-reparse. Each kind is documented, with the
/// reason and a minimal example, in docs/serialization.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exception {
    /// A `plaintext` element: everything after its start tag, its own end tag included, is
    /// text to the parser.
    Plaintext,
    /// A `pre`, `textarea` or `listing` whose text starts with a newline: the parser drops one
    /// leading newline and the serializer does not add one back (noted in
    /// § serialising-html-fragments). Also with a carriage return (from `&#13;`), which becomes
    /// that newline on reparse.
    LeadingNewline,
    /// A DocumentType with a public or system identifier: the serializer writes only
    /// `<!DOCTYPE name>`, so the identifiers (and the quirks mode they chose) are lost.
    DoctypeIdentifiers,
    /// A carriage return in text or an attribute value (from `&#13;`): written literally, it
    /// becomes a line feed when the input stream is preprocessed.
    CarriageReturn,
    /// A `form` inside a `form` (the standard's example in § serialising-html-fragments): the inner
    /// start tag is ignored while the form element pointer is set. Also any `form` in a fragment
    /// whose context is a `form` (`</form><form>`: the pointer starts at the context).
    NestedForm,
    /// An `a` inside an `a` (the standard's example in § serialising-html-fragments, made by foster
    /// parenting): the inner start tag closes the outer `a`.
    NestedA,
    /// A `nobr` inside a `nobr` in scope: the inner start tag runs the adoption agency
    /// algorithm on the outer one first (the same mechanism as [`Exception::NestedA`]).
    NestedNobr,
    /// A `p` with a descendant whose start tag closes a `p` in button scope (the standard's
    /// "p element that contains a ul element" example).
    PClosedByDescendant,
    /// A `script` whose text ends inside an escaped `<!--<script …` section ("script data
    /// double escaped state"): there the serialized `</script>` does not end the element (the
    /// standard's example of a script containing the text `</script>` is the same hazard).
    ScriptDataDoubleEscaped,
    /// An element whose start tag, written inside its parent (for a fragment's top level:
    /// inside the context element), makes an element of another namespace: an HTML element
    /// whose tag does not break out of foreign content under an SVG or MathML element that is
    /// not an integration point (`<table><textarea>` in a `math annotation-xml` fragment),
    /// `mglyph` under a MathML text integration point (`<math><mi><table><mglyph>`), an `svg`
    /// under MathML, or a foreign element other than `svg`/`math` moved under an HTML element.
    /// Foster parenting and the adoption agency put them there. Found by fuzzing.
    ReparsedInOtherNamespace,
    /// An element after a `frameset` (a later sibling): after the frameset, start tags are
    /// ignored. The "after after frameset" mode hands whitespace to "in body", which
    /// reconstructs open formatting elements there: `<a><frameset></frameset></html> `.
    /// Found by fuzzing.
    AfterFrameset,
    /// An `input` inside a `select` in scope: the `input` start tag closes the `select`
    /// (2025). Foster parenting makes one: `<select><table><input>`. Found by fuzzing.
    InputInSelect,
    /// An `option`, `optgroup` or `hr` whose parent its start tag would close: inside a
    /// `select` in scope they generate implied end tags (closing an `li`, `p`, `option`, …;
    /// `option` keeps an `optgroup`), elsewhere `option` and `optgroup` pop a current
    /// `option`. Foster parenting makes one: `<select><table><li><option>`. Found by fuzzing.
    OptionClosesParent,
    /// An `rb`, `rtc`, `rp` or `rt` whose parent its start tag would close: with a `ruby` in
    /// scope they generate implied end tags (`rp`/`rt` keep an `rtc`). Foster parenting
    /// makes one: `<ruby><rt><table><rt>`. Found by fuzzing.
    RubyClosesParent,
    /// A `button` inside a `button` in scope: the inner start tag closes the outer one.
    /// Foster parenting makes one: `<button><table><button>`. Found by fuzzing.
    NestedButton,
    /// A `select` inside a `select` in scope: the inner start tag closes the outer one (the
    /// 2025 `select` parsing). Foster parenting makes one. Found by fuzzing.
    NestedSelect,
    /// An `li` under an `li`, or a `dd`/`dt` under a `dd`/`dt`, with only non-special
    /// elements (or `address`, `div`, `p`) between them: the inner start tag closes the outer
    /// one. Foster parenting makes one: `<li><table><x><li>`. Found by fuzzing.
    NestedListItem,
    /// A `selectedcontent` holding an `option`, with children and after an `option` of its
    /// `select` (reinserted, it gets a clone of the selected option before its own children
    /// are parsed in), or whose children are not a copy of any `option` of its `select`:
    /// the parser refills a `selectedcontent` with a clone of an option's children whenever
    /// that option is popped (and when the `selectedcontent` is inserted), so other content
    /// written inside it is replaced on reparse. Found by fuzzing.
    SelectedcontentMismatch,
    /// A heading (`h1` to `h6`) whose parent is a heading: a heading start tag pops a
    /// heading that is the current node. The adoption agency makes one:
    /// `<a><h2><a><h2>`. Found by fuzzing.
    NestedHeading,
}

/// Whether script text, followed by `</script>`, leaves the tokenizer in the "script data double
/// escaped" state (§ script-data-double-escaped-state ff.), where that end tag is text rather than
/// the element's end.
fn ends_double_escaped(text: &str) -> bool {
    #[derive(PartialEq)]
    enum S {
        Data,
        Escaped,
        DoubleEscaped,
    }
    let bytes = text.as_bytes();
    let tag_at = |i: usize, tag: &str| {
        bytes.len() > i + tag.len()
            && bytes[i..i + tag.len()].eq_ignore_ascii_case(tag.as_bytes())
            && matches!(
                bytes[i + tag.len()],
                b'\t' | b'\n' | b'\x0C' | b' ' | b'/' | b'>'
            )
    };
    let mut state = S::Data;
    // Consecutive `-` just before the current position (for `-->`).
    let mut dashes = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match state {
            S::Data if bytes[i..].starts_with(b"<!--") => {
                state = S::Escaped;
                dashes = 2;
                i += 4;
                continue;
            }
            S::Escaped | S::DoubleEscaped if b == b'>' && dashes >= 2 => state = S::Data,
            S::Escaped if tag_at(i, "<script") => {
                state = S::DoubleEscaped;
                i += "<script".len();
                dashes = 0;
                continue;
            }
            S::DoubleEscaped if tag_at(i, "</script") => {
                state = S::Escaped;
                i += "</script".len();
                dashes = 0;
                continue;
            }
            _ => {}
        }
        dashes = if b == b'-' { dashes + 1 } else { 0 };
        i += 1;
    }
    state == S::DoubleEscaped
}

/// HTML elements whose start tag closes a `p` element in button scope ("in body").
fn closes_p(name: &str) -> bool {
    matches!(
        name,
        "address"
            | "article"
            | "aside"
            | "blockquote"
            | "center"
            | "details"
            | "dialog"
            | "dir"
            | "div"
            | "dl"
            | "fieldset"
            | "figcaption"
            | "figure"
            | "footer"
            | "header"
            | "hgroup"
            | "main"
            | "menu"
            | "nav"
            | "ol"
            | "p"
            | "search"
            | "section"
            | "summary"
            | "ul"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "pre"
            | "listing"
            | "form"
            | "li"
            | "dd"
            | "dt"
            | "plaintext"
            | "table"
            | "hr"
            | "xmp"
    )
}

/// Elements that bound "has an element in button scope".
fn is_button_scope_boundary(node: &Node<'_>) -> bool {
    is_scope_boundary(node) || html_name(node) == Some("button")
}

/// Elements that bound "has an element in scope" (the tree builder's list).
fn is_scope_boundary(node: &Node<'_>) -> bool {
    node.as_element().is_some_and(|e| {
        kauri_tree_builder::for_harness::is_scope_boundary(e.namespace(), e.local_name())
    })
}

fn html_name<'n>(node: &'n Node<'_>) -> Option<&'n str> {
    node.as_element()
        .filter(|e| e.namespace() == Namespace::Html)
        .map(|e| e.name())
}

/// Whether `node` has an ancestor (within the same tree, not crossing template contents) that
/// is the HTML element `name`, with no node matching `stop` in between.
fn has_ancestor(node: &Node<'_>, name: &str, stop: impl Fn(&Node<'_>) -> bool) -> bool {
    let mut current = node.parent();
    while let Some(ancestor) = current {
        if html_name(ancestor) == Some(name) {
            return true;
        }
        if stop(ancestor) {
            return false;
        }
        current = ancestor.parent();
    }
    false
}

/// Every node under `root`, template contents included (explicit stack: no recursion).
fn all_nodes<'s, 'a>(root: &'s Node<'a>) -> Vec<&'s Node<'a>> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        out.push(node);
        let mut child = node.last_child();
        while let Some(c) = child {
            stack.push(c);
            child = c.prev_sibling();
        }
        if let Some(contents) = node.as_element().and_then(|e| e.template_contents()) {
            stack.push(contents);
        }
    }
    out
}

/// The "special" category (the tree builder's list), for the list item start tag steps.
fn is_special(node: &Node<'_>) -> bool {
    node.as_element()
        .is_some_and(|e| kauri_tree_builder::for_harness::is_special(e.namespace(), e.local_name()))
}

/// Whether the start tag of `node` (an `li`, `dd` or `dt`) would close an ancestor: the
/// "in body" steps walk up from the current node to a list item of the same kind, stopping at
/// special elements other than `address`, `div` and `p`.
fn closes_ancestor_list_item(node: &Node<'_>, names: &[&str]) -> bool {
    let mut current = node.parent();
    while let Some(ancestor) = current {
        if html_name(ancestor).is_some_and(|n| names.contains(&n)) {
            return true;
        }
        if is_special(ancestor) && !matches!(html_name(ancestor), Some("address" | "div" | "p")) {
            return false;
        }
        current = ancestor.parent();
    }
    false
}

/// Whether `node` (a `selectedcontent`) holds an `option`, or something other than a copy
/// of one of its `select`'s options' children.
fn selectedcontent_mismatch(node: &Node<'_>) -> bool {
    let mut select = node.parent();
    while let Some(s) = select {
        if html_name(s) == Some("select") {
            break;
        }
        select = s.parent();
    }
    let Some(select) = select else {
        return false;
    };
    // Options written inside it refill it again when they are popped on reparse.
    if node.descendants().any(|n| html_name(n) == Some("option")) {
        return true;
    }
    // When it is inserted after an option of its select, it gets a clone of the selected
    // option at once, and its written children are parsed in after that clone.
    if node.first_child().is_some() {
        for n in select.descendants() {
            if std::ptr::eq(n, node) {
                break;
            }
            if html_name(n) == Some("option") {
                return true;
            }
        }
    }
    let content = kauri_dom::to_test_tree(node);
    !select
        .descendants()
        .filter(|n| html_name(n) == Some("option"))
        .any(|option| kauri_dom::to_test_tree(option) == content)
}

/// Tags that break out of foreign content (the tree builder's list; `font` only with a
/// `color`, `face` or `size` attribute).
fn breaks_out_of_foreign_content(e: &kauri_dom::Element) -> bool {
    kauri_tree_builder::for_harness::breaks_out_of_foreign_content(
        e.local_name(),
        e.attrs().keys().map(|k| &k.local),
    )
}

/// The namespace of the element that the start tag of `child` makes inside an element `ns`/`name`
/// (with an HTML-integration-point `encoding` attribute or not): the tree construction dispatcher
/// (§ tree-construction) and the rules for foreign content (§ parsing-main-inforeign).
fn reparsed_namespace(
    child: &kauri_dom::Element,
    ns: Namespace,
    name: &str,
    html_encoding: bool,
) -> Namespace {
    let by_insertion_mode = || match child.name() {
        "svg" => Namespace::Svg,
        "math" => Namespace::MathMl,
        _ => Namespace::Html,
    };
    match ns {
        Namespace::Html => by_insertion_mode(),
        Namespace::Svg if matches!(name, "foreignObject" | "desc" | "title") => by_insertion_mode(),
        Namespace::MathMl if matches!(name, "mi" | "mo" | "mn" | "ms" | "mtext") => {
            if matches!(child.name(), "mglyph" | "malignmark") {
                Namespace::MathMl
            } else {
                by_insertion_mode()
            }
        }
        Namespace::MathMl if name == "annotation-xml" && html_encoding => by_insertion_mode(),
        Namespace::MathMl if name == "annotation-xml" && child.name() == "svg" => Namespace::Svg,
        _ if breaks_out_of_foreign_content(child) => Namespace::Html,
        _ => ns,
    }
}

/// Whether `node` is an element whose start tag, written where it is, would make an element
/// of another namespace (see [`Exception::ReparsedInOtherNamespace`]).
fn reparsed_in_other_namespace<'a>(
    node: &Node<'a>,
    root: &Node<'a>,
    context: Option<&FragmentContext>,
) -> bool {
    let Some(e) = node.as_element() else {
        return false;
    };
    let Some(parent) = node.parent() else {
        return false;
    };
    let reparsed = if let Some(p) = parent.as_element() {
        let html_encoding = p.attrs().iter().any(|(k, v)| {
            &*k.local == "encoding"
                && (v.eq_ignore_ascii_case("text/html")
                    || v.eq_ignore_ascii_case("application/xhtml+xml"))
        });
        reparsed_namespace(e, p.namespace(), p.name(), html_encoding)
    } else if std::ptr::eq(parent, root) {
        match context {
            // The fragment's top level: the context element stands in for the parent.
            Some(c) => reparsed_namespace(e, c.name().ns, &c.name().local, false),
            // The Document's children (the html element).
            None => return false,
        }
    } else {
        // Template contents: parsed "in template", as in an HTML element.
        reparsed_namespace(e, Namespace::Html, "template", false)
    };
    reparsed != e.namespace()
}

/// Whether `node` (an `option`, `optgroup` or `hr`) has a parent its start tag would close
/// (see [`Exception::OptionClosesParent`]).
fn option_closes_parent(node: &Node<'_>, name: &str) -> bool {
    let Some(parent) = node.parent().and_then(html_name) else {
        return false;
    };
    if has_ancestor(node, "select", is_scope_boundary) {
        // Generate implied end tags (for `option`: except for `optgroup`).
        matches!(
            parent,
            "dd" | "dt" | "li" | "option" | "p" | "rb" | "rp" | "rt" | "rtc"
        ) || (parent == "optgroup" && name != "option")
    } else {
        matches!(name, "option" | "optgroup") && parent == "option"
    }
}

/// Whether `node` is an element after a `frameset` sibling.
fn after_frameset(node: &Node<'_>) -> bool {
    let mut sibling = node.prev_sibling();
    while let Some(s) = sibling {
        if html_name(s) == Some("frameset") {
            return true;
        }
        sibling = s.prev_sibling();
    }
    false
}

/// The exceptions present in the original tree.
fn exceptions(root: &Node<'_>, context: Option<&FragmentContext>) -> Vec<Exception> {
    let mut found = Vec::new();
    for node in all_nodes(root) {
        let kinds: &[Exception] = match node.data() {
            NodeData::Doctype(d) if !d.public_id().is_empty() || !d.system_id().is_empty() => {
                &[Exception::DoctypeIdentifiers]
            }
            NodeData::Text(t) if t.data().contains('\r') => &[Exception::CarriageReturn],
            NodeData::Element(e) => {
                let mut kinds = Vec::new();
                if e.attrs().values().any(|v| v.contains('\r')) {
                    kinds.push(Exception::CarriageReturn);
                }
                match html_name(node) {
                    Some("plaintext") => kinds.push(Exception::Plaintext),
                    Some("pre" | "textarea" | "listing")
                        if node
                            .first_child()
                            .and_then(Node::as_text)
                            .is_some_and(|t| t.starts_with(['\n', '\r'])) =>
                    {
                        kinds.push(Exception::LeadingNewline)
                    }
                    // In a fragment whose context is a `form`, the form element pointer
                    // starts at the context, so a `<form>` start tag is ignored on reparse.
                    Some("form")
                        if has_ancestor(node, "form", |_| false)
                            || context.is_some_and(|c| {
                                c.name().ns == Namespace::Html && &*c.name().local == "form"
                            }) =>
                    {
                        kinds.push(Exception::NestedForm)
                    }
                    Some("a") if has_ancestor(node, "a", |_| false) => {
                        kinds.push(Exception::NestedA)
                    }
                    Some("nobr") if has_ancestor(node, "nobr", is_scope_boundary) => {
                        kinds.push(Exception::NestedNobr)
                    }
                    Some("h1" | "h2" | "h3" | "h4" | "h5" | "h6")
                        if node.parent().and_then(html_name).is_some_and(|p| {
                            matches!(p, "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
                        }) =>
                    {
                        kinds.push(Exception::NestedHeading)
                    }
                    Some("selectedcontent") if selectedcontent_mismatch(node) => {
                        kinds.push(Exception::SelectedcontentMismatch)
                    }
                    Some("button") if has_ancestor(node, "button", is_scope_boundary) => {
                        kinds.push(Exception::NestedButton)
                    }
                    Some("select") if has_ancestor(node, "select", is_scope_boundary) => {
                        kinds.push(Exception::NestedSelect)
                    }
                    Some("input") if has_ancestor(node, "select", is_scope_boundary) => {
                        kinds.push(Exception::InputInSelect)
                    }
                    Some("li") if closes_ancestor_list_item(node, &["li"]) => {
                        kinds.push(Exception::NestedListItem)
                    }
                    Some("dd" | "dt") if closes_ancestor_list_item(node, &["dd", "dt"]) => {
                        kinds.push(Exception::NestedListItem)
                    }
                    Some("script")
                        if node
                            .first_child()
                            .and_then(Node::as_text)
                            .is_some_and(ends_double_escaped) =>
                    {
                        kinds.push(Exception::ScriptDataDoubleEscaped)
                    }
                    _ => {}
                }
                if reparsed_in_other_namespace(node, root, context) {
                    kinds.push(Exception::ReparsedInOtherNamespace);
                }
                if after_frameset(node) {
                    kinds.push(Exception::AfterFrameset);
                }
                if let Some(name @ ("rb" | "rtc" | "rp" | "rt")) = html_name(node) {
                    let parent = node.parent().and_then(html_name);
                    let closed = matches!(
                        parent,
                        Some("dd" | "dt" | "li" | "optgroup" | "option" | "p" | "rb" | "rp" | "rt")
                    ) || (parent == Some("rtc") && matches!(name, "rb" | "rtc"));
                    if closed && has_ancestor(node, "ruby", is_scope_boundary) {
                        kinds.push(Exception::RubyClosesParent);
                    }
                }
                if let Some(name @ ("option" | "optgroup" | "hr")) = html_name(node) {
                    if option_closes_parent(node, name) {
                        kinds.push(Exception::OptionClosesParent);
                    }
                }
                if html_name(node).is_some_and(closes_p)
                    && has_ancestor(node, "p", is_button_scope_boundary)
                {
                    kinds.push(Exception::PClosedByDescendant);
                }
                for kind in kinds {
                    if !found.contains(&kind) {
                        found.push(kind);
                    }
                }
                continue;
            }
            _ => &[],
        };
        for &kind in kinds {
            if !found.contains(&kind) {
                found.push(kind);
            }
        }
    }
    found.sort();
    found
}
