//! A serializer for a stream of tokens, with the options of the html5lib serializer.
//!
//! This is the model the html5lib serializer suite (`serializer/*.test`) tests: the input is a flat
//! list of [`Token`]s (start tags, end tags, text, comments, doctypes) rather than a tree, and
//! [`TokenSerializerOptions`] chooses how minimal the markup is: attribute quoting,
//! boolean-attribute minimization, omission of optional tags ("Optional tags", § optional-tags),
//! whitespace collapsing, and injection of a `<meta charset>`.
//!
//! With a token stream there is no tree to look at, so "the element is immediately followed by"
//! is read as "the next token is", and "there is no more content in the parent element" as "the
//! next token is an end tag, or there is no next token". This is exact when the tokens come from
//! walking a tree.
//!
//! For the standard's DOM serialization ("serializing HTML fragments",
//! § serialising-html-fragments) see `kauri_dom::serialize::html`.
//!
//! (The unit tests below show it at work, starting with `a_paragraph`.)

use std::borrow::Cow;

use kauri_tokenizer::{AttrNamespace, Namespace};

use kauri_dom::serialize::{escape, is_raw_text_element, serializes_as_void, EscapeMode};

/// One token of the serializer's input. Names are as they should be written (already
/// lowercase for HTML elements).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `<!DOCTYPE name PUBLIC "public id" "system id">`.
    Doctype {
        /// The doctype name.
        name: Cow<'a, str>,
        /// The public identifier, if any.
        public_id: Option<Cow<'a, str>>,
        /// The system identifier, if any.
        system_id: Option<Cow<'a, str>>,
    },
    /// A start tag whose element may have content (an end tag may follow).
    StartTag {
        /// The element's namespace.
        namespace: Namespace,
        /// The tag name.
        name: Cow<'a, str>,
        /// The attributes, in output order (unless
        /// [`TokenSerializerOptions::alphabetical_attributes`] is set).
        attributes: Vec<TokenAttribute<'a>>,
    },
    /// A start tag of an element without content (a void element, or a self-closing foreign
    /// element); no end tag follows.
    EmptyTag {
        /// The element's namespace.
        namespace: Namespace,
        /// The tag name.
        name: Cow<'a, str>,
        /// The attributes.
        attributes: Vec<TokenAttribute<'a>>,
    },
    /// An end tag.
    EndTag {
        /// The element's namespace.
        namespace: Namespace,
        /// The tag name.
        name: Cow<'a, str>,
    },
    /// A comment; written as `<!--data-->`.
    Comment(Cow<'a, str>),
    /// Text.
    Characters(Cow<'a, str>),
}

impl<'a> Token<'a> {
    /// An HTML start tag (the suite builds its tokens from JSON; the unit tests use this).
    #[cfg(test)]
    pub fn start_tag(name: &'a str, attributes: Vec<TokenAttribute<'a>>) -> Token<'a> {
        Token::StartTag {
            namespace: Namespace::Html,
            name: name.into(),
            attributes,
        }
    }

    /// An HTML end tag.
    #[cfg(test)]
    pub fn end_tag(name: &'a str) -> Token<'a> {
        Token::EndTag {
            namespace: Namespace::Html,
            name: name.into(),
        }
    }

    /// A view of this token that borrows its strings (cheap: no string is copied).
    fn reborrow(&self) -> Token<'_> {
        fn b(s: &str) -> Cow<'_, str> {
            Cow::Borrowed(s)
        }
        fn attrs<'t>(list: &'t [TokenAttribute<'_>]) -> Vec<TokenAttribute<'t>> {
            list.iter()
                .map(|a| TokenAttribute {
                    namespace: a.namespace,
                    name: b(&a.name),
                    value: b(&a.value),
                })
                .collect()
        }
        match self {
            Token::Doctype {
                name,
                public_id,
                system_id,
            } => Token::Doctype {
                name: b(name),
                public_id: public_id.as_deref().map(b),
                system_id: system_id.as_deref().map(b),
            },
            Token::StartTag {
                namespace,
                name,
                attributes,
            } => Token::StartTag {
                namespace: *namespace,
                name: b(name),
                attributes: attrs(attributes),
            },
            Token::EmptyTag {
                namespace,
                name,
                attributes,
            } => Token::EmptyTag {
                namespace: *namespace,
                name: b(name),
                attributes: attrs(attributes),
            },
            Token::EndTag { namespace, name } => Token::EndTag {
                namespace: *namespace,
                name: b(name),
            },
            Token::Comment(data) => Token::Comment(b(data)),
            Token::Characters(data) => Token::Characters(b(data)),
        }
    }

    /// The name of a start, empty or end tag in the HTML namespace.
    fn html_tag_name(&self) -> Option<&str> {
        match self {
            Token::StartTag {
                namespace: Namespace::Html,
                name,
                ..
            }
            | Token::EmptyTag {
                namespace: Namespace::Html,
                name,
                ..
            }
            | Token::EndTag {
                namespace: Namespace::Html,
                name,
            } => Some(name),
            _ => None,
        }
    }
}

/// One attribute of a [`Token::StartTag`] or [`Token::EmptyTag`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenAttribute<'a> {
    /// The attribute's namespace; it decides the written prefix (`xlink:`, `xml:`, `xmlns:`).
    pub namespace: AttrNamespace,
    /// The local name.
    pub name: Cow<'a, str>,
    /// The value (unescaped).
    pub value: Cow<'a, str>,
}

impl<'a> TokenAttribute<'a> {
    /// An attribute in no namespace.
    #[cfg(test)]
    pub fn new(name: &'a str, value: &'a str) -> TokenAttribute<'a> {
        TokenAttribute {
            namespace: AttrNamespace::None,
            name: name.into(),
            value: value.into(),
        }
    }
}

/// The quote character around attribute values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuoteChar {
    /// `"`; a `"` in the value becomes `&quot;`.
    Double,
    /// `'`; a `'` in the value becomes `&#39;`.
    Single,
}

/// When attribute values are quoted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AttributeQuoting {
    /// Only when the unquoted attribute value syntax cannot hold the value: it is empty, or
    /// contains ASCII whitespace, `"`, `'`, `=`, `>` or `` ` `` (`<` is always written as
    /// `&lt;`, so it never forces quotes).
    #[default]
    WhenNeeded,
    /// Always.
    Always,
}

/// Options of [`serialize_tokens`]. The defaults are those of the html5lib serializer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenSerializerOptions {
    /// The quote character; `None` (the default) picks, per value, the one that needs no
    /// escaping (`"` when the value has `'` but no `"`, `'` when it has `"` but no `'`, else `"`).
    pub quote_char: Option<QuoteChar>,
    /// When attribute values are quoted (default: when needed).
    pub quote_attr_values: AttributeQuoting,
    /// Leave out start and end tags the standard allows to omit (§ optional-tags); default true.
    pub omit_optional_tags: bool,
    /// Write a boolean attribute (`disabled`, `checked`, …) whose value is empty or its own name
    /// as the bare name; default true.
    pub minimize_boolean_attributes: bool,
    /// Write void elements as `<br />`; default false.
    pub use_trailing_solidus: bool,
    /// With [`use_trailing_solidus`](Self::use_trailing_solidus): `<br />` rather than `<br/>`;
    /// default true.
    pub space_before_trailing_solidus: bool,
    /// Escape text inside raw text elements (`script`, `style`, …) too; default false.
    pub escape_rcdata: bool,
    /// Collapse each run of ASCII whitespace in text to one space, except inside `pre`,
    /// `textarea` and raw text elements; default false.
    pub strip_whitespace: bool,
    /// When [`encoding`](Self::encoding) is set: rewrite the `charset` of `<meta>` elements in
    /// `head` to it, or insert `<meta charset=…>` as the first child of `head` when there is none;
    /// default false.
    pub inject_meta_charset: bool,
    /// The character encoding label the output will be encoded in (used by
    /// [`inject_meta_charset`](Self::inject_meta_charset); the output itself is always a Rust
    /// `String`, encoding it is up to the caller).
    pub encoding: Option<String>,
    /// Write attributes sorted by namespace and name instead of in the given order; default
    /// false.
    pub alphabetical_attributes: bool,
}

impl Default for TokenSerializerOptions {
    fn default() -> Self {
        TokenSerializerOptions {
            quote_char: None,
            quote_attr_values: AttributeQuoting::WhenNeeded,
            omit_optional_tags: true,
            minimize_boolean_attributes: true,
            use_trailing_solidus: false,
            space_before_trailing_solidus: true,
            escape_rcdata: false,
            strip_whitespace: false,
            inject_meta_charset: false,
            encoding: None,
            alphabetical_attributes: false,
        }
    }
}

/// Serializes `tokens` into `out` with `options`.
///
/// ```
/// use kauri_dom::serialize::token_stream::{
///     serialize_tokens, Token, TokenAttribute, TokenSerializerOptions,
/// };
///
/// let tokens = [
///     Token::start_tag("input", vec![
///         TokenAttribute::new("value", "it's"),
///         TokenAttribute::new("disabled", ""),
///     ]),
///     Token::start_tag("ul", vec![]),
///     Token::start_tag("li", vec![]),
///     Token::Characters("one".into()),
///     Token::end_tag("li"),
///     Token::start_tag("li", vec![]),
///     Token::Characters("two".into()),
///     Token::end_tag("li"),
///     Token::end_tag("ul"),
/// ];
/// let mut out = String::new();
/// serialize_tokens(&tokens, &TokenSerializerOptions::default(), &mut out);
/// assert_eq!(out, "<input value=\"it's\" disabled><ul><li>one<li>two</ul>");
/// ```
pub fn serialize_tokens(tokens: &[Token<'_>], options: &TokenSerializerOptions, out: &mut String) {
    // The filters run in html5lib's order: meta charset injection, attribute sorting,
    // whitespace collapsing; then optional tag omission and writing.
    let mut stream: Vec<Token<'_>> = tokens
        .iter()
        .filter(|t| !matches!(t, Token::Characters(data) if data.is_empty()))
        .map(Token::reborrow)
        .collect();
    if options.inject_meta_charset {
        if let Some(encoding) = options.encoding.as_deref() {
            stream = inject_meta_charset(stream, encoding);
        }
    }
    if options.alphabetical_attributes {
        for token in &mut stream {
            if let Token::StartTag { attributes, .. } | Token::EmptyTag { attributes, .. } = token {
                attributes.sort_by(|a, b| (a.namespace, &a.name).cmp(&(b.namespace, &b.name)));
            }
        }
    }
    if options.strip_whitespace {
        strip_whitespace(&mut stream);
    }
    write_stream(&stream, options, out);
}

/// The `inject_meta_charset` filter: inside `head`, `<meta charset>` and
/// `<meta http-equiv=content-type content=…>` get the output encoding; a `head` without either
/// gets `<meta charset=ENCODING>` as its first child.
fn inject_meta_charset<'t>(stream: Vec<Token<'t>>, encoding: &str) -> Vec<Token<'t>> {
    let mut out = Vec::with_capacity(stream.len() + 1);
    // Index in `out` just after the open `head` start tag, and whether a meta was rewritten.
    let mut head: Option<usize> = None;
    let mut found = false;
    let finish_head = |out: &mut Vec<Token<'t>>, head: Option<usize>, found: bool| {
        if let (Some(at), false) = (head, found) {
            out.insert(
                at,
                Token::EmptyTag {
                    namespace: Namespace::Html,
                    name: "meta".into(),
                    attributes: vec![TokenAttribute {
                        namespace: AttrNamespace::None,
                        name: "charset".into(),
                        value: Cow::Owned(encoding.to_owned()),
                    }],
                },
            );
        }
    };
    for mut token in stream {
        match token.html_tag_name() {
            Some("head") if matches!(token, Token::StartTag { .. }) => {
                finish_head(&mut out, head, found);
                out.push(token);
                head = Some(out.len());
                found = false;
                continue;
            }
            Some("head") if matches!(token, Token::EndTag { .. }) => {
                finish_head(&mut out, head.take(), found);
            }
            Some("meta") if head.is_some() => {
                if let Token::StartTag { attributes, .. } | Token::EmptyTag { attributes, .. } =
                    &mut token
                {
                    found |= rewrite_meta_charset(attributes, encoding);
                }
            }
            _ => {}
        }
        out.push(token);
    }
    finish_head(&mut out, head, found);
    out
}

/// Sets a `meta` element's declared encoding; true when it declared one.
fn rewrite_meta_charset(attributes: &mut [TokenAttribute<'_>], encoding: &str) -> bool {
    let is = |a: &TokenAttribute<'_>, name: &str| {
        a.namespace == AttrNamespace::None && a.name.eq_ignore_ascii_case(name)
    };
    if let Some(charset) = attributes.iter_mut().find(|a| is(a, "charset")) {
        charset.value = Cow::Owned(encoding.to_owned());
        return true;
    }
    let content_type = attributes
        .iter()
        .any(|a| is(a, "http-equiv") && a.value.eq_ignore_ascii_case("content-type"));
    if content_type {
        if let Some(content) = attributes.iter_mut().find(|a| is(a, "content")) {
            content.value = Cow::Owned(format!("text/html; charset={encoding}"));
            return true;
        }
    }
    false
}

/// ASCII whitespace as the standard defines it: tab, LF, FF, CR, space.
fn is_ascii_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Elements whose text keeps its whitespace under `strip_whitespace`.
fn preserves_whitespace(name: &str) -> bool {
    matches!(name, "pre" | "textarea") || is_raw_text_element(name)
}

/// The `strip_whitespace` filter: each run of ASCII whitespace in text becomes one space,
/// except inside `pre`, `textarea` and raw text elements.
fn strip_whitespace(stream: &mut [Token<'_>]) {
    let mut preserving = 0usize;
    for token in stream {
        match token {
            Token::StartTag {
                namespace: Namespace::Html,
                name,
                ..
            } if preserves_whitespace(name) => preserving += 1,
            Token::EndTag {
                namespace: Namespace::Html,
                name,
            } if preserves_whitespace(name) => preserving = preserving.saturating_sub(1),
            Token::Characters(data) if preserving == 0 => {
                if let Some(collapsed) = collapse_whitespace(data) {
                    *data = Cow::Owned(collapsed);
                }
            }
            _ => {}
        }
    }
}

/// `text` with each run of ASCII whitespace replaced by one space, or `None` when that changes
/// nothing.
fn collapse_whitespace(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let needs_work = bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| is_ascii_whitespace(b) && (b != b' ' || bytes.get(i + 1) == Some(&b' ')));
    if !needs_work {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut in_run = false;
    for c in text.chars() {
        if c.is_ascii() && is_ascii_whitespace(c as u8) {
            if !in_run {
                out.push(' ');
            }
            in_run = true;
        } else {
            out.push(c);
            in_run = false;
        }
    }
    Some(out)
}

/// What comes right after a token, as the optional-tag rules ask about it.
#[derive(Clone, Copy)]
enum Next<'t> {
    /// No more tokens: no more content in the parent element.
    End,
    /// An end tag: no more content in the parent element.
    EndTag,
    /// A start tag or empty tag in the HTML namespace, by name.
    HtmlElement(&'t str),
    /// A start tag or empty tag in another namespace.
    ForeignElement,
    /// A comment.
    Comment,
    /// Text starting with ASCII whitespace.
    Whitespace,
    /// Text starting with anything else.
    Text,
    /// A doctype.
    Doctype,
}

impl<'t> Next<'t> {
    fn of(token: Option<&'t Token<'t>>) -> Next<'t> {
        match token {
            None => Next::End,
            Some(Token::EndTag { .. }) => Next::EndTag,
            Some(Token::StartTag {
                namespace, name, ..
            })
            | Some(Token::EmptyTag {
                namespace, name, ..
            }) => {
                if *namespace == Namespace::Html {
                    Next::HtmlElement(name)
                } else {
                    Next::ForeignElement
                }
            }
            Some(Token::Comment(_)) => Next::Comment,
            Some(Token::Characters(data)) => {
                if data.bytes().next().is_some_and(is_ascii_whitespace) {
                    Next::Whitespace
                } else {
                    Next::Text
                }
            }
            Some(Token::Doctype { .. }) => Next::Doctype,
        }
    }

    /// "no more content in the parent element".
    fn ends_parent(self) -> bool {
        matches!(self, Next::End | Next::EndTag)
    }

    /// "immediately followed by ASCII whitespace or a comment".
    fn is_whitespace_or_comment(self) -> bool {
        matches!(self, Next::Whitespace | Next::Comment)
    }

    /// "immediately followed by" one of the named HTML elements.
    fn is_element(self, names: &[&str]) -> bool {
        matches!(self, Next::HtmlElement(name) if names.contains(&name))
    }
}

/// § optional-tags: whether the start tag of the HTML element `name` (which has no attributes) may
/// be omitted. `previous_omitted_end` is the element whose end tag was omitted just before it.
fn start_tag_is_optional(name: &str, next: Next<'_>, previous_omitted_end: Option<&str>) -> bool {
    match name {
        // "An html element's start tag may be omitted if the first thing inside the html element
        // is not a comment." (Leading whitespace would be dropped by the parser, so it counts.)
        "html" => !next.is_whitespace_or_comment(),
        // "A head element's start tag may be omitted if the element is empty, or if the first
        // thing inside the head element is an element."
        "head" => matches!(
            next,
            Next::HtmlElement(_) | Next::ForeignElement | Next::End | Next::EndTag
        ),
        // "A body element's start tag may be omitted if the element is empty, or if the first
        // thing inside the body element is not ASCII whitespace or a comment, except if the first
        // thing inside the body element is a meta, noscript, link, script, style, or template
        // element."
        "body" => {
            !next.is_whitespace_or_comment()
                && !next.is_element(&["meta", "noscript", "link", "script", "style", "template"])
        }
        // "A colgroup element's start tag may be omitted if the first thing inside the colgroup
        // element is a col element, and if the element is not immediately preceded by another
        // colgroup element whose end tag has been omitted."
        "colgroup" => next.is_element(&["col"]) && previous_omitted_end != Some("colgroup"),
        // "A tbody element's start tag may be omitted if the first thing inside the tbody element
        // is a tr element, and if the element is not immediately preceded by a tbody, thead, or
        // tfoot element whose end tag has been omitted."
        "tbody" => {
            next.is_element(&["tr"])
                && !matches!(previous_omitted_end, Some("tbody" | "thead" | "tfoot"))
        }
        _ => false,
    }
}

/// The elements whose start tag lets a `p` end tag be omitted (§ optional-tags), plus `datagrid`
/// from earlier revisions of the list, which the html5lib suite still expects.
const P_CLOSERS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "datagrid",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "main",
    "menu",
    "nav",
    "ol",
    "p",
    "pre",
    "search",
    "section",
    "table",
    "ul",
];

/// Whether a `p` in this parent keeps its end tag at the end of the parent (§ optional-tags: the
/// parent must be an HTML element other than `a`, `audio`, `del`, `ins`, `map`, `noscript`, `video`
/// and autonomous custom elements).
fn keeps_p_end_tag((namespace, name): (Namespace, &str)) -> bool {
    namespace != Namespace::Html
        || matches!(
            name,
            "a" | "audio" | "del" | "ins" | "map" | "noscript" | "video"
        )
        || name.contains('-')
}

/// § optional-tags: whether the end tag of the HTML element `name` may be omitted, given what
/// follows.
fn end_tag_is_optional(name: &str, next: Next<'_>) -> bool {
    match name {
        // "An html element's end tag may be omitted if the html element is not immediately
        // followed by a comment." Same for head and body, which also must not be followed by
        // ASCII whitespace.
        "html" | "head" | "body" => !next.is_whitespace_or_comment(),
        // "…if the li element is immediately followed by another li element or if there is no
        // more content in the parent element."
        "li" => next.is_element(&["li"]) || next.ends_parent(),
        // "…if the dt element is immediately followed by another dt element or a dd element."
        "dt" => next.is_element(&["dt", "dd"]),
        // "…if the dd element is immediately followed by another dd element or a dt element, or
        // if there is no more content in the parent element."
        "dd" => next.is_element(&["dd", "dt"]) || next.ends_parent(),
        // "…if the p element is immediately followed by an address, article, … element, or if
        // there is no more content in the parent element and the parent element is an HTML
        // element that is not an a, audio, del, ins, map, noscript, or video element, or an
        // autonomous custom element." (The parent is checked by the caller.)
        "p" => next.is_element(P_CLOSERS) || next.ends_parent(),
        // "…if the rt/rp element is immediately followed by an rt or rp element, or if there is
        // no more content in the parent element."
        "rt" | "rp" => next.is_element(&["rt", "rp"]) || next.ends_parent(),
        // "…if the optgroup element is immediately followed by another optgroup element, if it
        // is immediately followed by an hr element, or if there is no more content in the parent
        // element."
        "optgroup" => next.is_element(&["optgroup", "hr"]) || next.ends_parent(),
        // "…if the option element is immediately followed by another option element, if it is
        // immediately followed by an optgroup element, if it is immediately followed by an hr
        // element, or if there is no more content in the parent element."
        "option" => next.is_element(&["option", "optgroup", "hr"]) || next.ends_parent(),
        // "A colgroup element's end tag may be omitted if the colgroup element is not
        // immediately followed by ASCII whitespace or a comment." Same for caption.
        "colgroup" | "caption" => !next.is_whitespace_or_comment(),
        // "…if the thead element is immediately followed by a tbody or tfoot element."
        "thead" => next.is_element(&["tbody", "tfoot"]),
        // "…if the tbody element is immediately followed by a tbody or tfoot element, or if there
        // is no more content in the parent element."
        "tbody" => next.is_element(&["tbody", "tfoot"]) || next.ends_parent(),
        // "…if there is no more content in the parent element." Earlier revisions also allowed
        // it before a tbody (which the parser closes tfoot for), as the html5lib suite expects.
        "tfoot" => next.is_element(&["tbody"]) || next.ends_parent(),
        // "…if the tr element is immediately followed by another tr element, or if there is no
        // more content in the parent element."
        "tr" => next.is_element(&["tr"]) || next.ends_parent(),
        // "…if the td/th element is immediately followed by a td or th element, or if there is
        // no more content in the parent element."
        "td" | "th" => next.is_element(&["td", "th"]) || next.ends_parent(),
        _ => false,
    }
}

/// Boolean attributes (the standard's attribute index), by element; `irrelevant` is the old
/// name of `hidden` that the html5lib suite still uses.
fn is_boolean_attribute(element: &str, attribute: &str) -> bool {
    match attribute {
        "autofocus" | "hidden" | "inert" | "itemscope" | "irrelevant" => true,
        "allowfullscreen" => element == "iframe",
        "alpha" | "checked" | "switch" => element == "input",
        "async" | "defer" | "nomodule" => element == "script",
        "autoplay" | "controls" | "loop" | "muted" => matches!(element, "audio" | "video"),
        "playsinline" => element == "video",
        "default" => element == "track",
        "disabled" => matches!(
            element,
            "button"
                | "fieldset"
                | "input"
                | "link"
                | "optgroup"
                | "option"
                | "select"
                | "textarea"
        ),
        "formnovalidate" => matches!(element, "button" | "input"),
        "ismap" => element == "img",
        "multiple" => matches!(element, "input" | "select"),
        "novalidate" => element == "form",
        "open" => matches!(element, "details" | "dialog"),
        "readonly" => matches!(element, "input" | "textarea"),
        "required" => matches!(element, "input" | "select" | "textarea"),
        "reversed" => element == "ol",
        "selected" => element == "option",
        "shadowrootclonable"
        | "shadowrootcustomelementregistry"
        | "shadowrootdelegatesfocus"
        | "shadowrootserializable" => element == "template",
        _ => false,
    }
}

/// Writes the prepared stream, omitting optional tags when asked to.
fn write_stream(stream: &[Token<'_>], options: &TokenSerializerOptions, out: &mut String) {
    // Inside a raw text element (text is written literally).
    let mut in_raw_text = false;
    // The element whose end tag was omitted by the previous token, if any.
    let mut previous_omitted_end: Option<&str> = None;
    // The elements whose start tag has been seen and end tag not yet, outermost first: what a
    // token stream can tell of the parent of a `p` (for a stream walked from a tree, exactly).
    let mut open: Vec<(Namespace, &str)> = Vec::new();
    for (i, token) in stream.iter().enumerate() {
        let next = Next::of(stream.get(i + 1));
        let omitted_end = previous_omitted_end.take();
        match token {
            Token::Doctype {
                name,
                public_id,
                system_id,
            } => write_doctype(name, public_id.as_deref(), system_id.as_deref(), out),
            Token::StartTag {
                namespace,
                name,
                attributes,
            } => {
                let html = *namespace == Namespace::Html;
                if html && !options.escape_rcdata && is_raw_text_element(name) {
                    in_raw_text = true;
                }
                if !(html && serializes_as_void(name)) {
                    open.push((*namespace, name));
                }
                if options.omit_optional_tags
                    && html
                    && attributes.is_empty()
                    && start_tag_is_optional(name, next, omitted_end)
                {
                    continue;
                }
                write_start_tag(*namespace, name, attributes, false, options, out);
            }
            Token::EmptyTag {
                namespace,
                name,
                attributes,
            } => write_start_tag(*namespace, name, attributes, true, options, out),
            Token::EndTag { namespace, name } => {
                let html = *namespace == Namespace::Html;
                if html && is_raw_text_element(name) {
                    in_raw_text = false;
                }
                let parent = match open
                    .iter()
                    .rposition(|&(ns, n)| ns == *namespace && n == &**name)
                {
                    Some(at) => {
                        let parent = at.checked_sub(1).map(|p| open[p]);
                        open.truncate(at);
                        parent
                    }
                    None => None,
                };
                if options.omit_optional_tags
                    && html
                    && end_tag_is_optional(name, next)
                    && !(name == "p" && next.ends_parent() && parent.is_some_and(keeps_p_end_tag))
                {
                    previous_omitted_end = Some(name);
                    continue;
                }
                out.push_str("</");
                out.push_str(name);
                out.push('>');
            }
            Token::Comment(data) => {
                out.push_str("<!--");
                out.push_str(data);
                out.push_str("-->");
            }
            Token::Characters(data) => {
                if in_raw_text {
                    out.push_str(data);
                } else {
                    escape(data, EscapeMode::Text, out);
                }
            }
        }
    }
}

/// `<!DOCTYPE name PUBLIC "…" "…">`, `<!DOCTYPE name SYSTEM "…">` or `<!DOCTYPE name>`.
fn write_doctype(name: &str, public_id: Option<&str>, system_id: Option<&str>, out: &mut String) {
    out.push_str("<!DOCTYPE ");
    out.push_str(name);
    let public_id = public_id.filter(|id| !id.is_empty());
    let system_id = system_id.filter(|id| !id.is_empty());
    if let Some(public_id) = public_id {
        out.push_str(" PUBLIC \"");
        out.push_str(public_id);
        out.push('"');
    } else if system_id.is_some() {
        out.push_str(" SYSTEM");
    }
    if let Some(system_id) = system_id {
        // A system identifier cannot contain both quote characters; use the one it lacks.
        let quote = if system_id.contains('"') { '\'' } else { '"' };
        out.push(' ');
        out.push(quote);
        out.push_str(system_id);
        out.push(quote);
    }
    out.push('>');
}

/// The attribute's written name: its local name, prefixed per its namespace.
fn write_attribute_name(attribute: &TokenAttribute<'_>, out: &mut String) {
    match attribute.namespace {
        AttrNamespace::None => {}
        AttrNamespace::Xmlns if attribute.name == "xmlns" => {}
        AttrNamespace::Xml => out.push_str("xml:"),
        AttrNamespace::Xmlns => out.push_str("xmlns:"),
        AttrNamespace::XLink => out.push_str("xlink:"),
    }
    out.push_str(&attribute.name);
}

/// Whether an attribute value cannot be written unquoted.
fn needs_quotes(value: &str) -> bool {
    value.is_empty()
        || value
            .bytes()
            .any(|b| is_ascii_whitespace(b) || matches!(b, b'"' | b'\'' | b'=' | b'>' | b'`'))
}

fn write_start_tag(
    namespace: Namespace,
    name: &str,
    attributes: &[TokenAttribute<'_>],
    empty: bool,
    options: &TokenSerializerOptions,
    out: &mut String,
) {
    let html = namespace == Namespace::Html;
    out.push('<');
    out.push_str(name);
    for attribute in attributes {
        out.push(' ');
        write_attribute_name(attribute, out);
        let value: &str = &attribute.value;
        if options.minimize_boolean_attributes
            && html
            && attribute.namespace == AttrNamespace::None
            && is_boolean_attribute(name, &attribute.name)
            && (value.is_empty() || value.eq_ignore_ascii_case(&attribute.name))
        {
            continue;
        }
        out.push('=');
        if options.quote_attr_values == AttributeQuoting::Always || needs_quotes(value) {
            let quote = options.quote_char.unwrap_or_else(|| {
                if value.contains('"') && !value.contains('\'') {
                    QuoteChar::Single
                } else {
                    QuoteChar::Double
                }
            });
            let (quote, mode) = match quote {
                QuoteChar::Double => ('"', EscapeMode::DoubleQuoted),
                QuoteChar::Single => ('\'', EscapeMode::SingleQuoted),
            };
            out.push(quote);
            escape(value, mode, out);
            out.push(quote);
        } else {
            escape(value, EscapeMode::Text, out);
        }
    }
    if empty {
        // A foreign element without content must be self-closing to reparse as such; a void
        // HTML element takes the solidus only when asked to.
        if !html || (options.use_trailing_solidus && serializes_as_void(name)) {
            if options.space_before_trailing_solidus {
                out.push(' ');
            }
            out.push('/');
        }
    }
    out.push('>');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paragraph() {
        let tokens = [
            Token::start_tag("p", vec![]),
            Token::Characters("a < b".into()),
            Token::end_tag("p"),
        ];
        // `</p>` is optional at the end of the parent.
        assert_eq!(
            run(&tokens, &TokenSerializerOptions::default()),
            "<p>a &lt; b"
        );
    }

    fn run(tokens: &[Token<'_>], options: &TokenSerializerOptions) -> String {
        let mut out = String::new();
        serialize_tokens(tokens, options, &mut out);
        out
    }

    #[test]
    fn quoting_and_minimization() {
        let options = TokenSerializerOptions::default();
        let tag = |name, value| {
            vec![Token::start_tag(
                "input",
                vec![TokenAttribute::new(name, value)],
            )]
        };
        assert_eq!(run(&tag("title", "a<b"), &options), "<input title=a&lt;b>");
        assert_eq!(
            run(&tag("title", "a>b"), &options),
            "<input title=\"a&gt;b\">"
        );
        assert_eq!(run(&tag("title", ""), &options), "<input title=\"\">");
        assert_eq!(
            run(&tag("title", "\"'"), &options),
            "<input title=\"&quot;'\">"
        );
        assert_eq!(
            run(&tag("disabled", "DISABLED"), &options),
            "<input disabled>"
        );
        assert_eq!(run(&tag("disabled", "no"), &options), "<input disabled=no>");
        let always = TokenSerializerOptions {
            quote_attr_values: AttributeQuoting::Always,
            quote_char: Some(QuoteChar::Single),
            ..TokenSerializerOptions::default()
        };
        assert_eq!(
            run(&tag("title", "it's"), &always),
            "<input title='it&#39;s'>"
        );
    }

    #[test]
    fn foreign_empty_tag_self_closes() {
        let tokens = [Token::EmptyTag {
            namespace: Namespace::Svg,
            name: "path".into(),
            attributes: vec![TokenAttribute {
                namespace: AttrNamespace::XLink,
                name: "href".into(),
                value: "#a".into(),
            }],
        }];
        assert_eq!(
            run(&tokens, &TokenSerializerOptions::default()),
            "<path xlink:href=#a />"
        );
    }

    #[test]
    fn optional_tags_in_tables() {
        let tokens = [
            Token::start_tag("table", vec![]),
            Token::start_tag("tbody", vec![]),
            Token::start_tag("tr", vec![]),
            Token::start_tag("td", vec![]),
            Token::Characters("x".into()),
            Token::end_tag("td"),
            Token::end_tag("tr"),
            Token::end_tag("tbody"),
            Token::start_tag("tbody", vec![]),
            Token::start_tag("tr", vec![]),
            Token::end_tag("tr"),
            Token::end_tag("tbody"),
            Token::end_tag("table"),
        ];
        assert_eq!(
            run(&tokens, &TokenSerializerOptions::default()),
            "<table><tr><td>x<tbody><tr></table>"
        );
    }

    #[test]
    fn p_end_tag_kept_at_the_end_of_an_a() {
        let tokens = [
            Token::start_tag("div", vec![]),
            Token::start_tag("a", vec![]),
            Token::start_tag("p", vec![]),
            Token::end_tag("p"),
            Token::end_tag("a"),
            Token::start_tag("p", vec![]),
            Token::end_tag("p"),
            Token::end_tag("div"),
        ];
        assert_eq!(
            run(&tokens, &TokenSerializerOptions::default()),
            "<div><a><p></p></a><p></div>"
        );
    }

    #[test]
    fn whitespace_collapsing() {
        assert_eq!(collapse_whitespace("a b"), None);
        assert_eq!(collapse_whitespace("a  b\n").as_deref(), Some("a b "));
        assert_eq!(collapse_whitespace("\té").as_deref(), Some(" é"));
    }
}
