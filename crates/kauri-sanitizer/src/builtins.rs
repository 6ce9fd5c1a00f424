//! The standard's sanitization constants (§ sanitization-constants): the built-in safe default
//! configuration, the built-in safe baseline configuration's elements, the built-in
//! non-replaceable elements, the built-in navigating and animating URL attributes lists, and
//! the event handler content attributes "remove unsafe" takes out.

use kauri_tokenizer::{local_name, AttrName, AttrNamespace, LocalName, Namespace};

use crate::config::{
    SanitizerConfig, SanitizerElement, SanitizerName, HTML_NAMESPACE, MATHML_NAMESPACE,
    SVG_NAMESPACE,
};

/// The built-in safe default configuration's elements (§ built-in-safe-default-configuration):
/// namespace, local names, and the attributes each allows besides the global ones.
const DEFAULT_ELEMENTS: &[(&str, &[&str], &[&str])] = &[
    (
        HTML_NAMESPACE,
        &[
            "html",
            "head",
            "title",
            "body",
            "article",
            "section",
            "nav",
            "aside",
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "hgroup",
            "header",
            "footer",
            "address",
            "p",
            "hr",
            "pre",
            "ul",
            "menu",
            "dl",
            "dt",
            "dd",
            "figure",
            "figcaption",
            "main",
            "search",
            "div",
            "em",
            "strong",
            "small",
            "s",
            "cite",
            "q",
            "dfn",
            "abbr",
            "ruby",
            "rt",
            "rp",
            "code",
            "var",
            "samp",
            "kbd",
            "sub",
            "sup",
            "i",
            "b",
            "u",
            "mark",
            "bdi",
            "bdo",
            "span",
            "br",
            "wbr",
            "table",
            "caption",
            "tbody",
            "thead",
            "tfoot",
            "tr",
        ],
        &[],
    ),
    (HTML_NAMESPACE, &["blockquote"], &["cite"]),
    (HTML_NAMESPACE, &["ol"], &["reversed", "start", "type"]),
    (HTML_NAMESPACE, &["li", "data"], &["value"]),
    (HTML_NAMESPACE, &["a"], &["href", "hreflang", "type"]),
    (HTML_NAMESPACE, &["time"], &["datetime"]),
    (HTML_NAMESPACE, &["ins", "del"], &["cite", "datetime"]),
    (HTML_NAMESPACE, &["colgroup", "col"], &["span"]),
    (HTML_NAMESPACE, &["td"], &["colspan", "headers", "rowspan"]),
    (
        HTML_NAMESPACE,
        &["th"],
        &["abbr", "colspan", "headers", "rowspan", "scope"],
    ),
    (
        MATHML_NAMESPACE,
        &[
            "math",
            "merror",
            "mfrac",
            "mi",
            "mmultiscripts",
            "mn",
            "mphantom",
            "mprescripts",
            "mroot",
            "mrow",
            "ms",
            "msqrt",
            "mstyle",
            "msub",
            "msubsup",
            "msup",
            "mtext",
            "mtr",
            "semantics",
            "mtable",
        ],
        &[],
    ),
    (
        MATHML_NAMESPACE,
        &["mo"],
        &[
            "fence",
            "form",
            "largeop",
            "lspace",
            "maxsize",
            "minsize",
            "movablelimits",
            "rspace",
            "separator",
            "stretchy",
            "symmetric",
        ],
    ),
    (MATHML_NAMESPACE, &["mover"], &["accent"]),
    (
        MATHML_NAMESPACE,
        &["mpadded"],
        &["depth", "height", "lspace", "voffset", "width"],
    ),
    (MATHML_NAMESPACE, &["mspace"], &["depth", "height", "width"]),
    (MATHML_NAMESPACE, &["mtd"], &["columnspan", "rowspan"]),
    (MATHML_NAMESPACE, &["munder"], &["accentunder"]),
    (
        MATHML_NAMESPACE,
        &["munderover"],
        &["accent", "accentunder"],
    ),
    (SVG_NAMESPACE, &["a"], &["href", "hreflang", "type"]),
    (SVG_NAMESPACE, &["circle"], &["cx", "cy", "pathLength", "r"]),
    (
        SVG_NAMESPACE,
        &["defs", "desc", "g", "metadata", "title"],
        &[],
    ),
    (
        SVG_NAMESPACE,
        &["ellipse"],
        &["cx", "cy", "pathLength", "rx", "ry"],
    ),
    (
        SVG_NAMESPACE,
        &["foreignObject"],
        &["height", "width", "x", "y"],
    ),
    (
        SVG_NAMESPACE,
        &["line"],
        &["pathLength", "x1", "x2", "y1", "y2"],
    ),
    (
        SVG_NAMESPACE,
        &["marker"],
        &[
            "markerHeight",
            "markerUnits",
            "markerWidth",
            "orient",
            "preserveAspectRatio",
            "refX",
            "refY",
            "viewBox",
        ],
    ),
    (SVG_NAMESPACE, &["path"], &["d", "pathLength"]),
    (
        SVG_NAMESPACE,
        &["polygon", "polyline"],
        &["pathLength", "points"],
    ),
    (
        SVG_NAMESPACE,
        &["rect"],
        &["height", "pathLength", "rx", "ry", "width", "x", "y"],
    ),
    (
        SVG_NAMESPACE,
        &["svg"],
        &[
            "height",
            "preserveAspectRatio",
            "viewBox",
            "width",
            "x",
            "y",
        ],
    ),
    (
        SVG_NAMESPACE,
        &["text", "tspan"],
        &["dx", "dy", "lengthAdjust", "rotate", "textLength", "x", "y"],
    ),
    (
        SVG_NAMESPACE,
        &["textPath"],
        &[
            "lengthAdjust",
            "method",
            "path",
            "side",
            "spacing",
            "startOffset",
            "textLength",
        ],
    ),
];

/// The built-in safe default configuration's global `attributes` (all in no namespace).
const DEFAULT_ATTRIBUTES: &[&str] = &[
    "alignment-baseline",
    "baseline-shift",
    "clip-path",
    "clip-rule",
    "color",
    "color-interpolation",
    "cursor",
    "dir",
    "direction",
    "display",
    "displaystyle",
    "dominant-baseline",
    "fill",
    "fill-opacity",
    "fill-rule",
    "font-family",
    "font-size",
    "font-size-adjust",
    "font-stretch",
    "font-style",
    "font-variant",
    "font-weight",
    "lang",
    "letter-spacing",
    "marker-end",
    "marker-mid",
    "marker-start",
    "mathbackground",
    "mathcolor",
    "mathsize",
    "opacity",
    "paint-order",
    "pointer-events",
    "scriptlevel",
    "shape-rendering",
    "stop-color",
    "stop-opacity",
    "stroke",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-opacity",
    "stroke-width",
    "text-anchor",
    "text-decoration",
    "text-overflow",
    "text-rendering",
    "title",
    "transform",
    "transform-origin",
    "unicode-bidi",
    "vector-effect",
    "visibility",
    "white-space",
    "word-spacing",
    "writing-mode",
];

/// The built-in safe default configuration (§ built-in-safe-default-configuration), canonical:
/// an allow-list of elements (each with its own attributes), an allow-list of global
/// attributes, no comments, no processing instructions, no data attributes, no `javascript:`
/// URLs.
pub(crate) fn safe_default_configuration() -> SanitizerConfig {
    let attr = |name: &&str| SanitizerName::with_namespace(name, None);
    let mut elements = Vec::new();
    for (namespace, names, attributes) in DEFAULT_ELEMENTS {
        for name in *names {
            elements.push(SanitizerElement {
                name: SanitizerName::with_namespace(name, Some(namespace)),
                attributes: Some(attributes.iter().map(attr).collect()),
                remove_attributes: None,
            });
        }
    }
    SanitizerConfig {
        elements: Some(elements),
        remove_elements: None,
        replace_with_children_elements: None,
        processing_instructions: Some(Vec::new()),
        remove_processing_instructions: None,
        attributes: Some(DEFAULT_ATTRIBUTES.iter().map(attr).collect()),
        remove_attributes: None,
        comments: Some(false),
        data_attributes: Some(false),
        javascript_urls: Some(false),
    }
}

/// The built-in safe baseline configuration's `removeElements` (§ built-in-safe-baseline-configuration):
/// the elements that run script or load a document however they are configured.
pub(crate) fn safe_baseline_remove_elements() -> Vec<SanitizerName> {
    [
        (HTML_NAMESPACE, "embed"),
        (HTML_NAMESPACE, "frame"),
        (HTML_NAMESPACE, "iframe"),
        (HTML_NAMESPACE, "object"),
        (HTML_NAMESPACE, "script"),
        (SVG_NAMESPACE, "script"),
        (SVG_NAMESPACE, "use"),
    ]
    .iter()
    .map(|(ns, name)| SanitizerName::with_namespace(name, Some(ns)))
    .collect()
}

/// The event handler content attributes "remove unsafe" removes, each in no namespace: the HTML
/// standard's (§ event-handlers-on-elements,-document-objects,-and-window-objects:
/// `GlobalEventHandlers`, `WindowEventHandlers` and `DocumentAndElementEventHandlers`), the
/// Touch Events ones, and the ones other specifications and engines add that a browser runs as
/// script: CSS Animations (`onanimationstart` ...), Pointer Events (`ongotpointercapture` ...),
/// SVG animation timing (`onbegin`, `onend`, `onrepeat`), every other name Chromium 148's
/// `removeUnsafe()` removes (`onsearch`, `onwebkitanimationend`, `onfocusin` ...; the test
/// `remove_unsafe_removes_what_chromium_removes` checks the recorded list), and WebKit's and
/// Gecko's own (`ongesturestart`, `onwebkitmouseforcedown`, `onmozfullscreenchange`,
/// `onbeforescriptexecute` ...). Only listed names go: WPT `sethtml-safety.sub.dat` keeps a
/// config-allowed `one` attribute.
pub(crate) const EVENT_HANDLER_CONTENT_ATTRIBUTES: &[&str] = &[
    "onabort",
    "onactivate",
    "onafterprint",
    "onafterscriptexecute",
    "onanimationcancel",
    "onanimationend",
    "onanimationiteration",
    "onanimationstart",
    "onautofill",
    "onauxclick",
    "onbeforecopy",
    "onbeforecut",
    "onbeforeinput",
    "onbeforematch",
    "onbeforepaste",
    "onbeforeprint",
    "onbeforescriptexecute",
    "onbeforetoggle",
    "onbeforeunload",
    "onbegin",
    "onblur",
    "oncancel",
    "oncanplay",
    "oncanplaythrough",
    "onchange",
    "onclick",
    "onclose",
    "oncommand",
    "oncontentvisibilityautostatechange",
    "oncontextlost",
    "oncontextmenu",
    "oncontextrestored",
    "oncopy",
    "oncuechange",
    "oncut",
    "ondblclick",
    "ondismiss",
    "ondrag",
    "ondragend",
    "ondragenter",
    "ondragleave",
    "ondragover",
    "ondragstart",
    "ondrop",
    "ondurationchange",
    "onemptied",
    "onend",
    "onended",
    "onerror",
    "onfocus",
    "onfocusin",
    "onfocusout",
    "onformdata",
    "ongesturechange",
    "ongestureend",
    "ongesturestart",
    "ongotpointercapture",
    "onhashchange",
    "oninput",
    "oninvalid",
    "onkeydown",
    "onkeypress",
    "onkeyup",
    "onlanguagechange",
    "onload",
    "onloadeddata",
    "onloadedmetadata",
    "onloadstart",
    "onlocation",
    "onlostpointercapture",
    "onmessage",
    "onmessageerror",
    "onmousedown",
    "onmouseenter",
    "onmouseleave",
    "onmousemove",
    "onmouseout",
    "onmouseover",
    "onmouseup",
    "onmousewheel",
    "onmove",
    "onmozfullscreenchange",
    "onmozfullscreenerror",
    "onoffline",
    "ononline",
    "onorientationchange",
    "onpagehide",
    "onpagereveal",
    "onpageshow",
    "onpageswap",
    "onpaste",
    "onpause",
    "onplay",
    "onplaying",
    "onpointercancel",
    "onpointerdown",
    "onpointerenter",
    "onpointerleave",
    "onpointermove",
    "onpointerout",
    "onpointerover",
    "onpointerrawupdate",
    "onpointerup",
    "onpopstate",
    "onprogress",
    "onpromptaction",
    "onpromptdismiss",
    "onratechange",
    "onrejectionhandled",
    "onrepeat",
    "onreset",
    "onresize",
    "onresolve",
    "onscroll",
    "onscrollend",
    "onscrollsnapchange",
    "onscrollsnapchanging",
    "onsearch",
    "onsecuritypolicyviolation",
    "onseeked",
    "onseeking",
    "onselect",
    "onselectionchange",
    "onselectstart",
    "onshow",
    "onslotchange",
    "onstalled",
    "onstorage",
    "onstream",
    "onsubmit",
    "onsuspend",
    "ontimeupdate",
    "ontimezonechange",
    "ontoggle",
    "ontouchcancel",
    "ontouchend",
    "ontouchmove",
    "ontouchstart",
    "ontransitioncancel",
    "ontransitionend",
    "ontransitionrun",
    "ontransitionstart",
    "onunhandledrejection",
    "onunload",
    "onvalidationstatuschange",
    "onvolumechange",
    "onwaiting",
    "onwebkitanimationend",
    "onwebkitanimationiteration",
    "onwebkitanimationstart",
    "onwebkitbeginfullscreen",
    "onwebkitendfullscreen",
    "onwebkitfullscreenchange",
    "onwebkitfullscreenerror",
    "onwebkitmouseforcechanged",
    "onwebkitmouseforcedown",
    "onwebkitmouseforceup",
    "onwebkitmouseforcewillbegin",
    "onwebkitpresentationmodechanged",
    "onwebkittransitionend",
    "onwheel",
];

/// Whether a canonical name is one of the built-in non-replaceable elements
/// (§ built-in-non-replaceable-elements-list): HTML `html`, SVG `svg`, MathML `math`.
pub(crate) fn is_non_replaceable(name: &SanitizerName) -> bool {
    matches!(
        (name.namespace_url(), name.name.as_str()),
        (Some(HTML_NAMESPACE), "html")
            | (Some(SVG_NAMESPACE), "svg")
            | (Some(MATHML_NAMESPACE), "math")
    )
}

/// The built-in navigating URL attributes list (§ built-in-navigating-url-attributes-list):
/// whether the attribute `attr` of the element `(element_ns, element)` navigates to its URL (so
/// a `javascript:` URL there runs script when followed). (The names compare as atoms.)
pub(crate) fn is_navigating_url_attribute(
    element_ns: Namespace,
    element: &LocalName,
    attr: &AttrName,
) -> bool {
    match (element_ns, attr.ns) {
        (Namespace::Html, AttrNamespace::None) => matches!(
            (element, &attr.local),
            (
                &local_name!("a") | &local_name!("area") | &local_name!("base"),
                &local_name!("href")
            ) | (
                &local_name!("button") | &local_name!("input"),
                &local_name!("formaction")
            ) | (&local_name!("form"), &local_name!("action"))
        ),
        (Namespace::Svg, AttrNamespace::None | AttrNamespace::XLink) => {
            *element == local_name!("a") && attr.local == local_name!("href")
        }
        _ => false,
    }
}

/// The built-in animating URL attributes list (§ built-in-animating-url-attributes-list): the
/// `attributeName` of SVG `animate`, `animateTransform` and `set`, which can point an animation
/// at an `href`.
pub(crate) fn is_animating_url_attribute(
    element_ns: Namespace,
    element: &LocalName,
    attr: &AttrName,
) -> bool {
    element_ns == Namespace::Svg
        && attr.ns == AttrNamespace::None
        && attr.local == local_name!("attributeName")
        && matches!(
            *element,
            local_name!("animate") | local_name!("animateTransform") | local_name!("set")
        )
}
