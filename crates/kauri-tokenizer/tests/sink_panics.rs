//! A `TokenSink` may panic in any callback (issue 28). The caller may catch the panic, drop the
//! chunk it fed, and call the tokenizer again: that must never read the dropped chunk, and the
//! tokenizer must refuse every later call that would read input with
//! [`TokenizerError::SinkPanicked`].
//!
//! The harness ([`drive`]) panics at the k-th callback, for every k, over a set of inputs fed
//! whole, in pieces (each piece a fresh heap `String`, freed as soon as the call returns or
//! unwinds), with pauses (at text or at tags, resumed by feeding the paused input back), with
//! errors on and off. After the panic it calls every public method. CI runs this file natively,
//! under Miri (the small inputs, `cfg(miri)` picks a smaller set) and under AddressSanitizer (the
//! corpus pages too), which report any read of a freed chunk.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use kauri_tokenizer::{ParseError, Span, Token, TokenSink, TokenSinkResult};
use kauri_tokenizer::{Tokenizer, TokenizerError, TokenizerOptions};

use kauri_testdata::panics::{panic_points, quiet_injected_panics, Injected};

/// When the sink asks to pause.
#[derive(Clone, Copy, Debug)]
enum Pauses {
    Never,
    /// After every character token (the first path: a paused `Characters` followed by
    /// a `NullCharacter` whose callback panics).
    AtText,
    /// After every tag.
    AtTags,
}

/// A sink that panics at its k-th callback (`process_token` or `parse_error`), reads
/// everything it is given (so a dangling token would be read), and pauses as told.
struct PanicAt {
    k: usize,
    calls: usize,
    pauses: Pauses,
    /// What it read, so that the reads are not optimized away.
    digest: u64,
}

impl PanicAt {
    fn tick(&mut self) {
        self.calls += 1;
        if self.calls == self.k {
            std::panic::panic_any(Injected);
        }
    }

    fn read(&mut self, text: &str) {
        for b in text.bytes() {
            self.digest = self.digest.wrapping_mul(31).wrapping_add(u64::from(b));
        }
    }
}

impl TokenSink for PanicAt {
    fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
        self.tick();
        let pause = match &token {
            Token::Characters(text) => {
                self.read(text);
                matches!(self.pauses, Pauses::AtText)
            }
            Token::Tag(tag) => {
                self.read(&tag.name);
                for attr in tag.attrs.iter() {
                    self.read(&attr.name.local);
                    self.read(&attr.value);
                }
                matches!(self.pauses, Pauses::AtTags)
            }
            Token::Comment(text) => {
                self.read(text);
                false
            }
            _ => false,
        };
        if pause {
            TokenSinkResult::Pause
        } else {
            TokenSinkResult::Continue
        }
    }

    fn parse_error(&mut self, error: ParseError) {
        self.tick();
        self.read(error.code.as_str());
    }
}

/// How one run feeds its input.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// Piece size in bytes (rounded up to a character boundary); `usize::MAX` is whole.
    piece: usize,
    pauses: Pauses,
    errors: bool,
    /// Feed through `feed_string` (owned pieces) instead of `feed`.
    owned: bool,
}

/// Feeds `input` as `plan` says to a sink that panics at callback `k` (0: never). Returns the
/// number of callbacks the run made and whether the injected panic happened; after it, checks
/// every public method of the tokenizer.
fn drive(input: &str, plan: Plan, k: usize) -> (usize, bool) {
    let sink = PanicAt {
        k,
        calls: 0,
        pauses: plan.pauses,
        digest: 0,
    };
    let options = TokenizerOptions {
        errors: plan.errors,
        ..TokenizerOptions::default()
    };
    let mut tokenizer = Tokenizer::new(sink, options);
    let offset = Cell::new(0);
    let run = catch_unwind(AssertUnwindSafe(|| {
        let mut rest = input;
        while !rest.is_empty() {
            let mut cut = plan.piece.min(rest.len());
            while !rest.is_char_boundary(cut) {
                cut += 1;
            }
            // A fresh allocation, freed when the call returns or unwinds: a read after that is
            // a use-after-free under Miri and AddressSanitizer.
            let piece = rest[..cut].to_owned();
            rest = &rest[cut..];
            offset.set(input.len() - rest.len());
            feed(&mut tokenizer, piece, plan.owned);
            // Resume after each pause: the paused input goes back in, as an embedder does
            // after running a script.
            while tokenizer.is_paused() {
                let paused = tokenizer.take_paused_input().expect("not stopped").unwrap();
                feed(&mut tokenizer, paused, plan.owned);
            }
        }
        tokenizer.end().expect("not stopped");
    }));
    let panicked = run.is_err();
    if panicked {
        every_method_after_a_panic(&mut tokenizer);
    } else {
        assert!(!tokenizer.is_stopped());
    }
    let calls = tokenizer.sink().calls;
    let _ = tokenizer.into_sink().digest;
    (calls, panicked)
}

fn feed(tokenizer: &mut Tokenizer<PanicAt>, piece: String, owned: bool) {
    let fed = if owned {
        tokenizer.feed_string(piece)
    } else {
        let fed = tokenizer.feed(&piece);
        drop(piece);
        fed
    };
    fed.expect("not stopped");
}

/// After a panic: the tokenizer is stopped, and every public method either refuses with the
/// typed error or answers without touching the input.
fn every_method_after_a_panic(tokenizer: &mut Tokenizer<PanicAt>) {
    let calls = tokenizer.sink().calls;
    assert!(tokenizer.is_stopped());
    assert!(!tokenizer.is_paused());
    assert_eq!(
        tokenizer.take_paused_input(),
        Err(TokenizerError::SinkPanicked)
    );
    assert_eq!(
        tokenizer.feed("<p a=b>x\0y&amp;"),
        Err(TokenizerError::SinkPanicked)
    );
    assert_eq!(
        tokenizer.feed_string("<!-- more -->".to_owned()),
        Err(TokenizerError::SinkPanicked)
    );
    assert_eq!(tokenizer.end(), Err(TokenizerError::SinkPanicked));
    assert_eq!(
        tokenizer.take_paused_input(),
        Err(TokenizerError::SinkPanicked)
    );
    let _ = tokenizer.unfinished_from();
    // Nothing reached the sink after the panic.
    assert_eq!(tokenizer.sink_mut().calls, calls);
    assert!(!TokenizerError::SinkPanicked.to_string().is_empty());
}

/// Runs `input` with every plan and, for each, panics at every callback in turn (or, with
/// `every` false, at `samples` callbacks spread over the run).
fn panic_at_each_callback(input: &str, plans: &[Plan], sampled: Option<usize>) {
    quiet_injected_panics();
    for &plan in plans {
        let (total, panicked) = drive(input, plan, 0);
        assert!(!panicked);
        assert!(total > 0, "{plan:?}: no callbacks");
        for k in panic_points(total, sampled) {
            let (_, panicked) = drive(input, plan, k);
            assert!(panicked, "{plan:?}: no panic at callback {k} of {total}");
        }
    }
}

/// Small inputs that reach every kind of token, error and buffer state: text then NULL (the
/// issue's path), character references cut by pieces, CR LF, long attribute lists (the
/// name set), comments, a DOCTYPE, script data, a processing instruction, and EOF in a tag.
const INPUTS: &[&str] = &[
    "a<b>c\0d</b>e",
    "<!DOCTYPE html><p class=x id=y>caf\u{e9} &amp; &notit; &#x41;\r\nline<!-- c -->",
    "<p a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 j=10 k=11 l=12 m=13 a=dup n=14>t</p>",
    "<script>if (a<b) { x('</scr' + 'ipt>') }</script>\0<?pi data?><textarea>&lt;</textarea>",
    "text\u{1}\u{fdd0} <a href='x\0y\"",
];

fn plans(miri: bool) -> Vec<Plan> {
    let mut plans = Vec::new();
    let pieces: &[usize] = if miri {
        &[usize::MAX, 5]
    } else {
        &[usize::MAX, 1, 3, 7, 64]
    };
    let pauses: &[Pauses] = if miri {
        &[Pauses::AtText, Pauses::AtTags]
    } else {
        &[Pauses::Never, Pauses::AtText, Pauses::AtTags]
    };
    for &piece in pieces {
        for &p in pauses {
            for errors in [true, false] {
                plans.push(Plan {
                    piece,
                    pauses: p,
                    errors,
                    owned: piece == usize::MAX || piece == 3,
                });
            }
        }
    }
    plans
}

#[test]
fn a_panic_at_any_callback_stops_the_tokenizer() {
    let inputs = if cfg!(miri) { &INPUTS[..3] } else { INPUTS };
    let plans = plans(cfg!(miri));
    for input in inputs {
        panic_at_each_callback(input, &plans, None);
    }
}

/// The reproducer, first direction: the sink pauses at a character token, then panics
/// at the `NullCharacter` that follows in the same `feed`; the caller frees its chunk and asks
/// for the paused input (which used to read the freed chunk).
#[test]
fn pause_then_panic_at_the_next_token_leaves_nothing_lent() {
    quiet_injected_panics();
    struct PauseThenPanic;
    impl TokenSink for PauseThenPanic {
        fn process_token(&mut self, token: Token<'_>, _: Span) -> TokenSinkResult {
            match token {
                Token::Characters(_) => TokenSinkResult::Pause,
                Token::NullCharacter => std::panic::panic_any(Injected),
                _ => TokenSinkResult::Continue,
            }
        }
    }
    let options = TokenizerOptions {
        errors: false,
        ..TokenizerOptions::default()
    };
    let mut tokenizer = Tokenizer::new(PauseThenPanic, options);
    let chunk = String::from("text\0and more text after the null character");
    let caught = catch_unwind(AssertUnwindSafe(|| tokenizer.feed(&chunk)));
    drop(chunk);
    assert!(caught.is_err());
    assert_eq!(
        tokenizer.take_paused_input(),
        Err(TokenizerError::SinkPanicked)
    );
    assert!(!tokenizer.is_paused());
}

/// The second direction: the sink pauses, then panics in `parse_error`.
#[test]
fn pause_then_panic_in_parse_error_leaves_nothing_lent() {
    quiet_injected_panics();
    struct PauseThenPanic;
    impl TokenSink for PauseThenPanic {
        fn process_token(&mut self, token: Token<'_>, _: Span) -> TokenSinkResult {
            match token {
                Token::Tag(_) => TokenSinkResult::Pause,
                _ => TokenSinkResult::Continue,
            }
        }
        fn parse_error(&mut self, _: ParseError) {
            std::panic::panic_any(Injected)
        }
    }
    let mut tokenizer = Tokenizer::new(PauseThenPanic, TokenizerOptions::default());
    // The tag pauses; the control character before it is reported as the call ends (the
    // input-stream errors are found by a scan up to where tokenizing stopped).
    let chunk = String::from("a\u{1}b<p>and more text after the tag that paused");
    let caught = catch_unwind(AssertUnwindSafe(|| tokenizer.feed(&chunk)));
    drop(chunk);
    assert!(caught.is_err());
    assert_eq!(
        tokenizer.take_paused_input(),
        Err(TokenizerError::SinkPanicked)
    );
    assert_eq!(tokenizer.feed("x"), Err(TokenizerError::SinkPanicked));
}

/// The corpus pages, in 4 KB pieces with pauses at tags, errors on: a panic at 24 callbacks
/// spread over each page (AddressSanitizer runs this in CI).
#[test]
fn a_panic_anywhere_in_a_corpus_page_stops_the_tokenizer() {
    if cfg!(miri) {
        return; // The small inputs above are Miri's share.
    }
    let Some(dir) =
        kauri_testdata::corpus_or_skip("a_panic_anywhere_in_a_corpus_page_stops_the_tokenizer")
    else {
        return;
    };
    let pages = kauri_testdata::files_with_suffix(&dir, ".html");
    assert!(!pages.is_empty(), "no pages in {}", dir.display());
    let plan = Plan {
        piece: 4096,
        pauses: Pauses::AtTags,
        errors: true,
        owned: false,
    };
    for page in pages {
        let bytes = std::fs::read(&page).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        panic_at_each_callback(&text, &[plan], Some(24));
    }
}
