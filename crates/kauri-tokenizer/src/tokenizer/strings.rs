//! The tokenizer's working strings ([`Strings`]): pending text that had to be copied, the
//! current tag name and temporary buffer of the end tag states, and the current comment. They
//! are handed from one tokenizer to the next on a thread, so a comment-sized parse does not
//! allocate them again.

use std::cell::Cell;

/// A string with more capacity than this (in bytes) is not handed on, so one huge comment
/// does not stay allocated for the rest of the thread.
const MAX_SPARE_CAPACITY: usize = 4096;

thread_local! {
    /// The strings of the last [`Strings`] dropped on this thread, emptied, for the next
    /// tokenizer (as plain strings: dropping them runs no hand-back of its own).
    static SPARE_STRINGS: Cell<Option<[String; 4]>> = const { Cell::new(None) };
}

/// The tokenizer's working strings. Each is cleared before it is written, by the state that
/// starts it; none carries meaning from one token to the next.
pub(super) struct Strings {
    /// The pending characters when they are `PendingText::Owned`.
    pub(super) text_owned: String,
    /// The current tag's name, in the RCDATA, RAWTEXT and script data end tag name states.
    pub(super) tag_name: String,
    /// The temporary buffer (§ temporary-buffer).
    pub(super) temp: String,
    /// The current comment token's data.
    pub(super) comment: String,
}

impl Strings {
    /// Empty strings, with the capacity the last tokenizer dropped on this thread left.
    pub(super) fn new() -> Strings {
        let [text_owned, tag_name, temp, comment] = SPARE_STRINGS
            .try_with(Cell::take)
            .ok()
            .flatten()
            .unwrap_or_default();
        Strings {
            text_owned,
            tag_name,
            temp,
            comment,
        }
    }
}

impl Drop for Strings {
    fn drop(&mut self) {
        let capacity = self.text_owned.capacity()
            | self.tag_name.capacity()
            | self.temp.capacity()
            | self.comment.capacity();
        if capacity == 0 {
            // None was written (the usual case for a small input): the spare, if any, stays.
            return;
        }
        let spare = [
            &mut self.text_owned,
            &mut self.tag_name,
            &mut self.temp,
            &mut self.comment,
        ]
        .map(|s| {
            if s.capacity() <= MAX_SPARE_CAPACITY {
                s.clear();
                std::mem::take(s)
            } else {
                String::new()
            }
        });
        // (During thread teardown the slot may be gone: the strings are then just freed.)
        let _ = SPARE_STRINGS.try_with(|slot| slot.set(Some(spare)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_go_to_the_next_tokenizer_empty_unless_huge() {
        {
            let mut strings = Strings::new();
            strings.comment.push_str("a comment");
            strings.temp.push_str(&"x".repeat(MAX_SPARE_CAPACITY + 1));
        }
        let strings = Strings::new();
        assert!(strings.comment.is_empty() && strings.comment.capacity() >= 9);
        assert_eq!(strings.temp.capacity(), 0);
        assert!(strings.text_owned.is_empty() && strings.tag_name.is_empty());
    }
}
