//! The streaming parser against the whole-input parse, on the corpus pages joined together:
//! `KAURI_CORPUS=/work/shared/corpus cargo bench -p kauri --bench streaming [-- [naive] [chunks] [bytes]]`.
//!
//! - `naive`: the loop the documentation teaches ([`kauri::Parser`] with the default options,
//!   64 KiB chunks, the returned [`kauri::Step`] ignored, `end`, `finish`) over 12 MiB of pages,
//!   against one [`kauri::parse_bytes`] of the same bytes; the two trees must be equal.
//! - `chunks`: 1 B, 512 B, 4 KiB and 64 KiB chunks over 4 MiB of pages, each as a ratio to a
//!   whole parse.
//! - `bytes`: 1-byte chunks over 1, 2, 4 and 8 MiB of pages, with the ratio of each doubling
//!   (linear: at most 2.3).
//!
//! Each time is the median of a few runs (`--rounds N`, default 5). Without `--bench` (as
//! `cargo test --benches` runs it) every input is streamed once over a small input, untimed,
//! and the trees are compared.

use std::hint::black_box;
use std::time::Instant;

use kauri::{Document, ParseOptions, Parser};

/// The most a doubling of the input may multiply the time by.
const BOUND: f64 = 2.3;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let timing = args.iter().any(|a| a == "--bench");
    let mut rounds = 5;
    let mut wanted: Vec<&str> = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--rounds" => match iter.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => rounds = n,
                _ => {
                    eprintln!("streaming: --rounds takes a positive number");
                    std::process::exit(2);
                }
            },
            a if a.starts_with("--") => {}
            part => wanted.push(part),
        }
    }
    let Some(_) = kauri_testdata::corpus_or_skip("streaming bench") else {
        return;
    };
    let run = |part: &str| wanted.is_empty() || wanted.contains(&part);
    let scale = if timing { 1 } else { 64 };
    let mut failed = false;
    if run("naive") {
        failed |= naive(&joined_corpus((12 << 20) / scale), timing, rounds);
    }
    if run("chunks") {
        chunks(&joined_corpus((4 << 20) / scale), timing, rounds);
    }
    if run("bytes") {
        failed |= bytes(&joined_corpus((8 << 20) / scale), timing, rounds);
    }
    if failed {
        std::process::exit(1);
    }
}

/// Corpus pages joined, in name order, repeated until `len` bytes (cut there).
fn joined_corpus(len: usize) -> Vec<u8> {
    let pages = kauri_testdata::corpus_pages().expect("the corpus (KAURI_CORPUS)");
    let mut joined = Vec::with_capacity(len);
    while joined.len() < len {
        for page in &pages {
            joined.extend(std::fs::read(page).expect("a readable page"));
            if joined.len() >= len {
                break;
            }
        }
    }
    joined.truncate(len);
    joined
}

/// The documentation's loop: default options, every `Step` ignored.
fn stream(bytes: &[u8], chunk: usize) -> Document {
    let mut parser = Parser::new(ParseOptions::default()).expect("no override");
    for piece in bytes.chunks(chunk) {
        let _ = parser.feed(piece);
    }
    let _ = parser.end();
    parser.finish()
}

/// The median time of `rounds` runs of `f`, in seconds.
fn time<R>(rounds: usize, mut f: impl FnMut() -> R) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn same_tree(a: &Document, b: &Document) -> bool {
    a.to_test_tree() == b.to_test_tree() && a.encoding() == b.encoding()
}

/// The naive loop over the input against one whole parse; true when the trees differ.
fn naive(input: &[u8], timing: bool, rounds: usize) -> bool {
    let whole = kauri::parse_bytes(input);
    let streamed = stream(input, 64 << 10);
    let equal = same_tree(&whole, &streamed);
    println!(
        "naive loop, {:.1} MiB in 64 KiB chunks: tree {}",
        input.len() as f64 / (1 << 20) as f64,
        if equal { "equal" } else { "DIFFERENT" }
    );
    if timing {
        let t_whole = time(rounds, || kauri::parse_bytes(input));
        let t_stream = time(rounds, || stream(input, 64 << 10));
        println!(
            "  whole {:8.1} ms  streamed {:8.1} ms  ratio {:.3}",
            t_whole * 1e3,
            t_stream * 1e3,
            t_stream / t_whole
        );
    }
    !equal
}

/// Several chunk sizes against one whole parse.
fn chunks(input: &[u8], timing: bool, rounds: usize) {
    println!(
        "chunk sizes, {:.1} MiB:",
        input.len() as f64 / (1 << 20) as f64
    );
    let whole = kauri::parse_bytes(input);
    let t_whole = if timing {
        time(rounds, || kauri::parse_bytes(input))
    } else {
        f64::NAN
    };
    for chunk in [1, 512, 4 << 10, 64 << 10] {
        let equal = same_tree(&whole, &stream(input, chunk));
        if timing {
            let t = time(rounds, || stream(input, chunk));
            println!(
                "  {chunk:>6} B  {:8.1} ms  ratio to whole ({:.1} ms) {:.3}  tree {}",
                t * 1e3,
                t_whole * 1e3,
                t / t_whole,
                if equal { "equal" } else { "DIFFERENT" }
            );
        } else {
            println!(
                "  {chunk:>6} B  tree {}",
                if equal { "equal" } else { "DIFFERENT" }
            );
        }
    }
}

/// 1-byte chunks over growing prefixes; true when a doubling costs more than [`BOUND`].
fn bytes(input: &[u8], timing: bool, rounds: usize) -> bool {
    println!("1-byte chunks:");
    let mut before: Option<f64> = None;
    let mut failed = false;
    for div in [8, 4, 2, 1] {
        let prefix = &input[..input.len() / div];
        if !timing {
            black_box(stream(prefix, 1));
            continue;
        }
        let t = time(rounds, || stream(prefix, 1));
        let ratio = before.map(|b| t / b);
        let verdict = match ratio {
            Some(r) if r > BOUND => {
                failed = true;
                format!("x{r:.2} OVER")
            }
            Some(r) => format!("x{r:.2} ok"),
            None => String::new(),
        };
        println!(
            "  {:5.2} MiB  {:8.1} ms  {verdict}",
            prefix.len() as f64 / (1 << 20) as f64,
            t * 1e3
        );
        before = Some(t);
    }
    failed
}
