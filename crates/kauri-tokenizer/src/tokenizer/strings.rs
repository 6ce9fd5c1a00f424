//! The tokenizer's working strings ([`Strings`]): pending text that had to be copied, the
//! current tag name and temporary buffer of the end tag states, and the current comment. They
//! are handed from one tokenizer to the next on a thread, so a comment-sized parse does not
//! allocate them again.

use std::cell::RefCell;

/// A string with more capacity than this (in bytes) is not handed on, so one huge comment
/// does not stay allocated for the rest of the thread.
const MAX_SPARE_CAPACITY: usize = 4096;

thread_local! {
    /// The strings the last [`Strings`] dropped on this thread left, emptied, for the next
    /// one. Strings are swapped in and out where they stand: an array of them built and then
    /// moved in or out would be read back while the stores that built it are in flight, which
    /// stalls the processor on every small parse.
    static SPARE_STRINGS: RefCell<[String; 4]> =
        const { RefCell::new([const { String::new() }; 4]) };
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
        let mut strings = Strings {
            text_owned: String::new(),
            tag_name: String::new(),
            temp: String::new(),
            comment: String::new(),
        };
        strings.swap_with_spare(|_| true);
        strings
    }

    /// Swaps each string for the spare one, where `keep` says the string may go to the spare.
    fn swap_with_spare(&mut self, keep: impl Fn(&String) -> bool) {
        // (During thread teardown the slot may be gone: the strings then stay.)
        let _ = SPARE_STRINGS.try_with(|spare| {
            let Ok(mut spare) = spare.try_borrow_mut() else {
                return;
            };
            for (spare, s) in spare.iter_mut().zip([
                &mut self.text_owned,
                &mut self.tag_name,
                &mut self.temp,
                &mut self.comment,
            ]) {
                if keep(s) {
                    std::mem::swap(spare, s);
                }
            }
        });
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
        for s in [
            &mut self.text_owned,
            &mut self.tag_name,
            &mut self.temp,
            &mut self.comment,
        ] {
            s.clear();
        }
        // A huge string is freed rather than kept; what it would replace stays.
        self.swap_with_spare(|s| s.capacity() != 0 && s.capacity() <= MAX_SPARE_CAPACITY);
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
