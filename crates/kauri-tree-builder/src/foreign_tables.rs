//! The adjustment tables of § parsing-main-inforeign ("the rules for parsing tokens in foreign
//! content") and § creating-and-inserting-nodes: SVG tag names, SVG and MathML attributes, foreign
//! (namespaced) attributes.

use std::borrow::Cow;

use kauri_tokenizer::{local_name, AttrNamespace, Attribute, DistinctAttrs, LocalName, Namespace};

/// "Adjust SVG tag name": the lowercase name the tokenizer produced, re-cased.
pub(crate) fn adjust_svg_tag_name(name: &LocalName) -> Option<LocalName> {
    Some(match *name {
        local_name!("altglyph") => local_name!("altGlyph"),
        local_name!("altglyphdef") => local_name!("altGlyphDef"),
        local_name!("altglyphitem") => local_name!("altGlyphItem"),
        local_name!("animatecolor") => local_name!("animateColor"),
        local_name!("animatemotion") => local_name!("animateMotion"),
        local_name!("animatetransform") => local_name!("animateTransform"),
        local_name!("clippath") => local_name!("clipPath"),
        local_name!("feblend") => local_name!("feBlend"),
        local_name!("fecolormatrix") => local_name!("feColorMatrix"),
        local_name!("fecomponenttransfer") => local_name!("feComponentTransfer"),
        local_name!("fecomposite") => local_name!("feComposite"),
        local_name!("feconvolvematrix") => local_name!("feConvolveMatrix"),
        local_name!("fediffuselighting") => local_name!("feDiffuseLighting"),
        local_name!("fedisplacementmap") => local_name!("feDisplacementMap"),
        local_name!("fedistantlight") => local_name!("feDistantLight"),
        local_name!("fedropshadow") => local_name!("feDropShadow"),
        local_name!("feflood") => local_name!("feFlood"),
        local_name!("fefunca") => local_name!("feFuncA"),
        local_name!("fefuncb") => local_name!("feFuncB"),
        local_name!("fefuncg") => local_name!("feFuncG"),
        local_name!("fefuncr") => local_name!("feFuncR"),
        local_name!("fegaussianblur") => local_name!("feGaussianBlur"),
        local_name!("feimage") => local_name!("feImage"),
        local_name!("femerge") => local_name!("feMerge"),
        local_name!("femergenode") => local_name!("feMergeNode"),
        local_name!("femorphology") => local_name!("feMorphology"),
        local_name!("feoffset") => local_name!("feOffset"),
        local_name!("fepointlight") => local_name!("fePointLight"),
        local_name!("fespecularlighting") => local_name!("feSpecularLighting"),
        local_name!("fespotlight") => local_name!("feSpotLight"),
        local_name!("fetile") => local_name!("feTile"),
        local_name!("feturbulence") => local_name!("feTurbulence"),
        local_name!("foreignobject") => local_name!("foreignObject"),
        local_name!("glyphref") => local_name!("glyphRef"),
        local_name!("lineargradient") => local_name!("linearGradient"),
        local_name!("radialgradient") => local_name!("radialGradient"),
        local_name!("textpath") => local_name!("textPath"),
        _ => return None,
    })
}

/// The attributes of a start tag token for an element in `ns`, after "adjust MathML
/// attributes" (MathML) or "adjust SVG attributes" (SVG), then "adjust foreign attributes", as
/// § parsing-main-inbody (`math`, `svg`) and § parsing-main-inforeign (any other start tag) do
/// them: the token's own list, not copied, when no name changes (most tags).
pub(crate) fn adjusted_foreign_attributes(
    ns: Namespace,
    attrs: DistinctAttrs<'_>,
) -> AdjustedAttrs<'_> {
    let mut adjusted = Cow::Borrowed(attrs.as_slice());
    match ns {
        Namespace::MathMl => adjust_mathml_attributes(&mut adjusted),
        Namespace::Svg => adjust_svg_attributes(&mut adjusted),
        Namespace::Html => {}
    }
    adjust_foreign_attributes(&mut adjusted);
    match adjusted {
        Cow::Borrowed(_) => AdjustedAttrs::Same(attrs),
        Cow::Owned(copy) => AdjustedAttrs::Renamed(copy),
    }
}

/// The result of [`adjusted_foreign_attributes`].
pub(crate) enum AdjustedAttrs<'a> {
    /// No name changed: the token's list.
    Same(DistinctAttrs<'a>),
    /// A copy with some names changed.
    Renamed(Vec<Attribute>),
}

impl AdjustedAttrs<'_> {
    /// The attributes, distinct. A tokenizer's names stay distinct through the adjustments:
    /// each table maps distinct names to distinct names, and to names no tokenizer produces
    /// (the SVG and MathML ones have capitals, the foreign ones a namespace). A hand-made
    /// token with both `viewbox` and `viewBox` keeps the first.
    pub(crate) fn distinct(&mut self) -> DistinctAttrs<'_> {
        match self {
            AdjustedAttrs::Same(attrs) => *attrs,
            AdjustedAttrs::Renamed(copy) => DistinctAttrs::dedup(copy),
        }
    }
}

/// "Adjust SVG attributes".
fn adjust_svg_attributes(attrs: &mut Cow<'_, [Attribute]>) {
    for i in 0..attrs.len() {
        let new = match attrs[i].name.local {
            local_name!("attributename") => local_name!("attributeName"),
            local_name!("attributetype") => local_name!("attributeType"),
            local_name!("basefrequency") => local_name!("baseFrequency"),
            local_name!("baseprofile") => local_name!("baseProfile"),
            local_name!("calcmode") => local_name!("calcMode"),
            local_name!("clippathunits") => local_name!("clipPathUnits"),
            local_name!("diffuseconstant") => local_name!("diffuseConstant"),
            local_name!("edgemode") => local_name!("edgeMode"),
            local_name!("filterunits") => local_name!("filterUnits"),
            local_name!("glyphref") => local_name!("glyphRef"),
            local_name!("gradienttransform") => local_name!("gradientTransform"),
            local_name!("gradientunits") => local_name!("gradientUnits"),
            local_name!("kernelmatrix") => local_name!("kernelMatrix"),
            local_name!("kernelunitlength") => local_name!("kernelUnitLength"),
            local_name!("keypoints") => local_name!("keyPoints"),
            local_name!("keysplines") => local_name!("keySplines"),
            local_name!("keytimes") => local_name!("keyTimes"),
            local_name!("lengthadjust") => local_name!("lengthAdjust"),
            local_name!("limitingconeangle") => local_name!("limitingConeAngle"),
            local_name!("markerheight") => local_name!("markerHeight"),
            local_name!("markerunits") => local_name!("markerUnits"),
            local_name!("markerwidth") => local_name!("markerWidth"),
            local_name!("maskcontentunits") => local_name!("maskContentUnits"),
            local_name!("maskunits") => local_name!("maskUnits"),
            local_name!("numoctaves") => local_name!("numOctaves"),
            local_name!("pathlength") => local_name!("pathLength"),
            local_name!("patterncontentunits") => local_name!("patternContentUnits"),
            local_name!("patterntransform") => local_name!("patternTransform"),
            local_name!("patternunits") => local_name!("patternUnits"),
            local_name!("pointsatx") => local_name!("pointsAtX"),
            local_name!("pointsaty") => local_name!("pointsAtY"),
            local_name!("pointsatz") => local_name!("pointsAtZ"),
            local_name!("preservealpha") => local_name!("preserveAlpha"),
            local_name!("preserveaspectratio") => local_name!("preserveAspectRatio"),
            local_name!("primitiveunits") => local_name!("primitiveUnits"),
            local_name!("refx") => local_name!("refX"),
            local_name!("refy") => local_name!("refY"),
            local_name!("repeatcount") => local_name!("repeatCount"),
            local_name!("repeatdur") => local_name!("repeatDur"),
            local_name!("requiredextensions") => local_name!("requiredExtensions"),
            local_name!("requiredfeatures") => local_name!("requiredFeatures"),
            local_name!("specularconstant") => local_name!("specularConstant"),
            local_name!("specularexponent") => local_name!("specularExponent"),
            local_name!("spreadmethod") => local_name!("spreadMethod"),
            local_name!("startoffset") => local_name!("startOffset"),
            local_name!("stddeviation") => local_name!("stdDeviation"),
            local_name!("stitchtiles") => local_name!("stitchTiles"),
            local_name!("surfacescale") => local_name!("surfaceScale"),
            local_name!("systemlanguage") => local_name!("systemLanguage"),
            local_name!("tablevalues") => local_name!("tableValues"),
            local_name!("targetx") => local_name!("targetX"),
            local_name!("targety") => local_name!("targetY"),
            local_name!("textlength") => local_name!("textLength"),
            local_name!("viewbox") => local_name!("viewBox"),
            local_name!("viewtarget") => local_name!("viewTarget"),
            local_name!("xchannelselector") => local_name!("xChannelSelector"),
            local_name!("ychannelselector") => local_name!("yChannelSelector"),
            local_name!("zoomandpan") => local_name!("zoomAndPan"),
            _ => continue,
        };
        attrs.to_mut()[i].name.local = new;
    }
}

/// "Adjust MathML attributes": `definitionurl` becomes `definitionURL`.
fn adjust_mathml_attributes(attrs: &mut Cow<'_, [Attribute]>) {
    for i in 0..attrs.len() {
        if attrs[i].name.local == local_name!("definitionurl") {
            attrs.to_mut()[i].name.local = local_name!("definitionURL");
        }
    }
}

/// "Adjust foreign attributes": `xlink:*`, `xml:*` and `xmlns`/`xmlns:xlink` get their
/// namespaces (the prefix is dropped from the local name; the dump shows the namespace).
fn adjust_foreign_attributes(attrs: &mut Cow<'_, [Attribute]>) {
    for i in 0..attrs.len() {
        let (ns, local) = match attrs[i].name.local {
            local_name!("xlink:actuate") => (AttrNamespace::XLink, local_name!("actuate")),
            local_name!("xlink:arcrole") => (AttrNamespace::XLink, local_name!("arcrole")),
            local_name!("xlink:href") => (AttrNamespace::XLink, local_name!("href")),
            local_name!("xlink:role") => (AttrNamespace::XLink, local_name!("role")),
            local_name!("xlink:show") => (AttrNamespace::XLink, local_name!("show")),
            local_name!("xlink:title") => (AttrNamespace::XLink, local_name!("title")),
            local_name!("xlink:type") => (AttrNamespace::XLink, local_name!("type")),
            local_name!("xml:lang") => (AttrNamespace::Xml, local_name!("lang")),
            local_name!("xml:space") => (AttrNamespace::Xml, local_name!("space")),
            local_name!("xmlns") => (AttrNamespace::Xmlns, local_name!("xmlns")),
            local_name!("xmlns:xlink") => (AttrNamespace::Xmlns, local_name!("xlink")),
            _ => continue,
        };
        let attr = &mut attrs.to_mut()[i];
        attr.name.ns = ns;
        attr.name.local = local;
    }
}
