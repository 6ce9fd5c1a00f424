//! The tree builder: its state (13.2.4), the dispatcher (13.2.6) and the public API.

use crate::sink::TreeSink;
use kauri_tokenizer::{
    local_name, Attribute, Namespace, QualName, Span, TextState, Token, TokenSink, TokenSinkResult,
};

/// Options of the tree builder.
#[derive(Clone, Debug)]
pub struct TreeBuilderOptions {
    /// The scripting flag (13.2.4.5): when true, `noscript` is parsed as raw text. Default true.
    pub scripting: bool,
    /// The document is an `iframe` `srcdoc` document (never quirks mode from a DOCTYPE).
    pub iframe_srcdoc: bool,
    /// The encoding is tentative: a `<meta charset>` in "in head" records an encoding change
    /// request (see [`TreeBuilder::encoding_change_request`]).
    pub encoding_tentative: bool,
}

impl Default for TreeBuilderOptions {
    fn default() -> Self {
        TreeBuilderOptions {
            scripting: true,
            iframe_srcdoc: false,
            encoding_tentative: false,
        }
    }
}

/// The HTML tree builder: a [`TokenSink`] that runs the insertion modes and builds a document
/// through a [`TreeSink`].
pub struct TreeBuilder<S: TreeSink> {
    sink: S,
    opts: TreeBuilderOptions,
    fragment_root: Option<S::Handle>,
    encoding_change: Option<String>,
}

impl<S: TreeSink> TreeBuilder<S> {
    /// A tree builder for a whole document.
    pub fn new(sink: S, opts: TreeBuilderOptions) -> Self {
        TreeBuilder {
            sink,
            opts,
            fragment_root: None,
            encoding_change: None,
        }
    }

    /// A tree builder for the HTML fragment parsing algorithm (13.4) with the given context
    /// element. The fragment is the children of [`TreeBuilder::fragment_root`].
    pub fn new_for_fragment(
        sink: S,
        context: QualName,
        context_attrs: Vec<Attribute>,
        opts: TreeBuilderOptions,
    ) -> Self {
        let _ = (context, context_attrs);
        TreeBuilder::new(sink, opts)
    }

    /// In the fragment case, the `html` root element whose children form the fragment.
    pub fn fragment_root(&self) -> Option<S::Handle> {
        self.fragment_root.clone()
    }

    /// The raw encoding label of a `<meta charset>` or `<meta http-equiv=content-type>` seen in
    /// "in head" while the encoding was tentative (13.2.6.4.4).
    pub fn encoding_change_request(&self) -> Option<&str> {
        self.encoding_change.as_deref()
    }

    /// The tree sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The tree sink, mutably.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Consumes the builder and returns the tree sink.
    pub fn into_sink(self) -> S {
        self.sink
    }
}

impl<S: TreeSink> TokenSink for TreeBuilder<S> {
    fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult {
        let _ = (token, span, &self.opts);
        TokenSinkResult::Continue
    }
}

/// The tokenizer state for the fragment parsing algorithm, step 4: RCDATA for `title` and
/// `textarea`, RAWTEXT for `style`, `xmp`, `iframe`, `noembed`, `noframes` (and `noscript`
/// when scripting is enabled), script data for `script`, PLAINTEXT for `plaintext`, `None` (the
/// data state) otherwise. Only HTML context elements switch the state.
pub fn initial_tokenizer_state(context: &QualName, scripting: bool) -> Option<TextState> {
    if context.ns != Namespace::Html {
        return None;
    }
    match context.local {
        local_name!("title") | local_name!("textarea") => Some(TextState::Rcdata),
        local_name!("style")
        | local_name!("xmp")
        | local_name!("iframe")
        | local_name!("noembed")
        | local_name!("noframes") => Some(TextState::Rawtext),
        local_name!("noscript") if scripting => Some(TextState::Rawtext),
        local_name!("script") => Some(TextState::ScriptData),
        local_name!("plaintext") => Some(TextState::Plaintext),
        _ => None,
    }
}
