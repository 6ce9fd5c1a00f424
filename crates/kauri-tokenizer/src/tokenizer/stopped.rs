//! What happens when a sink panics: the call's guard ends the loan of the caller's chunk and
//! stops the tokenizer, and every later call that would run the sink or read the input is
//! refused with [`TokenizerError::SinkPanicked`].
//!
//! A sink may panic in any callback (`process_token`, `parse_error`), in the middle of a state,
//! with a chunk lent to the buffer (`Buffer::lend`) or a pause pending. The caller may catch the
//! panic (`std::panic::catch_unwind`), drop the chunk it had fed, and call the tokenizer again.
//! The [`CallGuard`] that every input-reading entry point runs under makes that safe: on the
//! unwind it clears the buffer (so nothing can read the dropped chunk), forgets the pause, and
//! marks the tokenizer stopped.

use std::fmt;

use super::Tokenizer;
use crate::sink::TokenSink;

/// A call the tokenizer refuses.
///
/// ```
/// use kauri_tokenizer::{Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerError, TokenizerOptions};
/// struct Fails;
/// impl TokenSink for Fails {
///     fn process_token(&mut self, _: Token<'_>, _: Span) -> TokenSinkResult {
///         panic!("the sink failed")
///     }
/// }
/// let mut tokenizer = Tokenizer::new(Fails, TokenizerOptions::default());
/// let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| tokenizer.feed("<p>")));
/// assert!(caught.is_err());
/// assert_eq!(tokenizer.feed("more"), Err(TokenizerError::SinkPanicked));
/// assert_eq!(tokenizer.end(), Err(TokenizerError::SinkPanicked));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TokenizerError {
    /// An earlier call did not return: the sink panicked during it. The tokenizer stopped
    /// there (its input is gone); the sink is still reachable ([`Tokenizer::sink`],
    /// [`Tokenizer::into_sink`]).
    SinkPanicked,
}

impl fmt::Display for TokenizerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenizerError::SinkPanicked => f.write_str(
                "the token sink panicked during an earlier call, so the tokenizer stopped: \
                 start a new tokenizer to parse again",
            ),
        }
    }
}

impl std::error::Error for TokenizerError {}

/// Runs one public call; if the call unwinds (a sink panicked), stops the tokenizer on the way
/// out. Dropped on both paths: `finished` tells them apart.
pub(super) struct CallGuard<'t, S: TokenSink> {
    pub(super) tokenizer: &'t mut Tokenizer<S>,
    finished: bool,
}

impl<'t, S: TokenSink> CallGuard<'t, S> {
    /// Starts a call, or refuses it when an earlier one unwound.
    #[inline]
    pub(super) fn start(tokenizer: &'t mut Tokenizer<S>) -> Result<Self, TokenizerError> {
        if tokenizer.stopped {
            return Err(TokenizerError::SinkPanicked);
        }
        Ok(CallGuard {
            tokenizer,
            finished: false,
        })
    }

    /// The call returned normally.
    #[inline]
    pub(super) fn finish(mut self) {
        self.finished = true;
    }
}

impl<S: TokenSink> Drop for CallGuard<'_, S> {
    fn drop(&mut self) {
        if !self.finished {
            // Unwinding out of the call: end the loan of the caller's chunk (which the caller
            // may free as soon as the unwind reaches it), and stop.
            let tokenizer = &mut *self.tokenizer;
            tokenizer.buf.clear();
            tokenizer.pos = 0;
            tokenizer.cur = 0;
            tokenizer.text = super::PendingText::None;
            tokenizer.paused = false;
            tokenizer.stopped = true;
        }
    }
}
