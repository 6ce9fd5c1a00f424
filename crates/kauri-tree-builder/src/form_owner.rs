//! Form owners: "create an element for a token" (`§ create-an-element-for-the-token`), whose
//! step 15 associates a form-associated element with the form element pointer's `form`.

use crate::sink::TreeSink;
use crate::tree_builder::helpers::Place;
use crate::tree_builder::TreeBuilder;
use kauri_tokenizer::{local_name, DistinctAttrs, LocalName, Namespace, QualName};

/// Whether an HTML element with this local name is a form-associated element
/// (`§ form-associated-element`): `button`, `fieldset`, `input`, `object`, `output`,
/// `select`, `textarea` and `img`. Form-associated custom elements need a custom element
/// definition, which a parser without scripts never has.
pub(crate) fn is_form_associated(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("button")
            | local_name!("fieldset")
            | local_name!("input")
            | local_name!("object")
            | local_name!("output")
            | local_name!("select")
            | local_name!("textarea")
            | local_name!("img")
    )
}

/// Whether a form-associated element with this local name is listed (`§ category-listed`):
/// every form-associated element but `img`.
pub(crate) fn is_listed(name: &LocalName) -> bool {
    is_form_associated(name) && *name != local_name!("img")
}

impl<S: TreeSink> TreeBuilder<S> {
    /// "Create an element for a token" (`§ create-an-element-for-the-token`) given the token's
    /// name and attributes, a namespace and the insertion location whose parent is the
    /// intended parent. Steps 1 to 14 (speculative parsing, custom element definitions,
    /// `xmlns` checks and the reset algorithm) have no effect without scripts and a DOM with
    /// form control values; step 15 is the form owner.
    ///
    /// Inline (every element goes through here); step 15's rare work is out of line in
    /// [`TreeBuilder::associate_with_form`].
    #[inline(always)]
    pub(crate) fn create_element_for_token(
        &mut self,
        ns: Namespace,
        name: LocalName,
        attrs: DistinctAttrs<'_>,
        intended: &Place<S::Handle>,
    ) -> S::Handle {
        // Step 15's token-side conditions, read before the attributes move into the element.
        let associate = self.form.is_some()
            && ns == Namespace::Html
            && is_form_associated(&name)
            // "element is either not listed or doesn't have a form attribute"
            && !(is_listed(&name)
                && attrs
                    .iter()
                    .any(|a| a.name.ns == kauri_tokenizer::AttrNamespace::None
                        && a.name.local == local_name!("form")));
        // 10. Let element be the result of creating an element. 11. Append each attribute.
        let element = self.sink.create_element(QualName::new(ns, name), attrs);
        if associate {
            // The intended location's node, copied: a reference to the place itself would keep
            // it in memory on every insertion.
            let location = match intended {
                Place::Append(parent) => parent.clone(),
                Place::Before(sibling) => sibling.clone(),
            };
            self.associate_with_form(&element, &location);
        }
        // 16. Return element.
        element
    }

    /// Step 15 of "create an element for a token" for a form-associated `element` whose
    /// token-side conditions hold: the rest of the conditions, and the association.
    #[inline(never)]
    fn associate_with_form(&mut self, element: &S::Handle, location: &S::Handle) {
        // 15. If element is a form-associated element and not a form-associated custom
        // element, the form element pointer is not null, the parser is not parsing template
        // contents, the parser's fragment context element is null, element is either not
        // listed or doesn't have a form attribute, and the intendedParent is in the same tree
        // as the element pointed to by the form element pointer (the sink checks this one),
        // then associate element with that form.
        if self.parsing_template_contents() || self.context.is_some() {
            return;
        }
        if let Some(form) = self.form.clone() {
            self.sink.associate_form_owner(element, &form, location);
        }
    }
}
