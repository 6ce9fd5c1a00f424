//! The interface between the tokenizer and whatever consumes its tokens (normally the tree builder).

use crate::error::ParseError;
use crate::token::{Span, Token};

/// The states a sink can switch the tokenizer to after a start tag
/// (§ parsing-elements-that-contain-only-text, "generic raw text / RCDATA element parsing
/// algorithm", `script`, `plaintext`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextState {
    /// The RCDATA state (`title`, `textarea`).
    Rcdata,
    /// The RAWTEXT state (`style`, `xmp`, `iframe`, `noembed`, `noframes`, `noscript` with scripting).
    Rawtext,
    /// The script data state (`script`).
    ScriptData,
    /// The PLAINTEXT state (`plaintext`).
    Plaintext,
}

/// What the sink wants the tokenizer to do after a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenSinkResult {
    /// Carry on in the current state.
    Continue,
    /// Switch to the given state before the next character.
    SwitchTo(TextState),
    /// Stop after this token: [`Tokenizer::feed`](crate::Tokenizer::feed) returns with the
    /// rest of its input unconsumed, for [`Tokenizer::take_paused_input`](crate::Tokenizer::take_paused_input).
    /// The tree builder asks for it at a script end tag when its embedder runs scripts (the
    /// parser pause of § scriptEndTag).
    Pause,
}

/// Receives tokens from the [`Tokenizer`](crate::Tokenizer).
///
/// The tree builder implements this; so can anything else that wants a token stream (a
/// linter, a rewriter, a counter). Example: a sink that counts start tags.
///
/// ```
/// use kauri_tokenizer::{Token, TokenSink, TokenSinkResult, Span};
///
/// #[derive(Default)]
/// struct CountTags(usize);
///
/// impl TokenSink for CountTags {
///     fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
///         if let Token::Tag(tag) = token {
///             if tag.kind == kauri_tokenizer::TagKind::StartTag {
///                 self.0 += 1;
///             }
///         }
///         TokenSinkResult::Continue
///     }
/// }
/// ```
pub trait TokenSink {
    /// Handles one token. `span` is the token's byte range in the input.
    fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult;

    /// Reports a parse error. The default ignores it.
    fn parse_error(&mut self, error: ParseError) {
        let _ = error;
    }

    /// Whether there is an adjusted current node and it is not an element in the HTML
    /// namespace: the markup declaration open state only recognizes `<![CDATA[` then.
    /// The default (false) turns every CDATA section into a bogus comment.
    fn adjusted_current_node_is_foreign(&self) -> bool {
        false
    }
}

/// A sink borrowed for one tokenizer: the tokenizer drives the sink it points to, and the
/// caller keeps the sink (so a large sink is built once, in place, and never moved into and out
/// of the tokenizer).
///
/// ```
/// use kauri_tokenizer::{Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions};
///
/// #[derive(Default)]
/// struct CountTokens(usize);
/// impl TokenSink for CountTokens {
///     fn process_token(&mut self, _: Token<'_>, _: Span) -> TokenSinkResult {
///         self.0 += 1;
///         TokenSinkResult::Continue
///     }
/// }
///
/// let mut count = CountTokens::default();
/// let mut tokenizer = Tokenizer::new(&mut count, TokenizerOptions::default());
/// let _ = tokenizer.feed("<p>x</p>");
/// let _ = tokenizer.end();
/// drop(tokenizer);
/// assert_eq!(count.0, 4); // <p>, "x", </p>, end of file
/// ```
impl<T: TokenSink + ?Sized> TokenSink for &mut T {
    #[inline]
    fn process_token(&mut self, token: Token<'_>, span: Span) -> TokenSinkResult {
        (**self).process_token(token, span)
    }

    #[inline]
    fn parse_error(&mut self, error: ParseError) {
        (**self).parse_error(error)
    }

    #[inline]
    fn adjusted_current_node_is_foreign(&self) -> bool {
        (**self).adjusted_current_node_is_foreign()
    }
}
