//! Sanitizes each line of the files named on the command line with the default sanitizer
//! (`Sanitizer::default().sanitize`), `KAURI_REPEAT` times (default 1), inside one function that
//! callgrind can count alone: the harness behind docs/sanitizer.md's instructions per call on
//! comment-sized inputs. A line's `\n` escapes stand for newlines.
//!
//! ```text
//! cargo build --release -p kauri --example sanitize_calls
//! valgrind --tool=callgrind --toggle-collect='*sanitize_one*' \
//!     target/release/examples/sanitize_calls comments.txt
//! ```

/// One sanitize call, its string dropped: the only code callgrind counts with
/// `--toggle-collect`.
#[inline(never)]
fn sanitize_one(sanitizer: &kauri::Sanitizer, html: &str) {
    drop(std::hint::black_box(sanitizer.sanitize(html)));
}

fn main() -> std::io::Result<()> {
    let repeat: usize = std::env::var("KAURI_REPEAT")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    // Read first, and build the sanitizer once, so that neither is counted.
    let mut inputs = Vec::new();
    for path in std::env::args_os().skip(1) {
        let text = std::fs::read_to_string(path)?;
        inputs.extend(text.lines().map(|line| line.replace("\\n", "\n")));
    }
    let sanitizer = kauri::Sanitizer::default();
    for _ in 0..repeat {
        for input in &inputs {
            sanitize_one(&sanitizer, input);
        }
    }
    println!("{} calls", inputs.len() * repeat);
    Ok(())
}
