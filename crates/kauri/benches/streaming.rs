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
//! - `pauses`: a parser made with [`kauri::Parser::with_script_pauses`] over 1 to 8 MiB of
//!   scripts (`<p>x<script>s()</script>` repeated), fed in 64 KiB and in 1-byte chunks, every
//!   pause resumed at once, and in 64 KiB chunks with the pauses never resumed (`finish`
//!   runs them): the ratio of each doubling (at most 2.3).
//! - `first`: how many bytes and how long until the first element exists, for a labelled
//!   UTF-8 stream (`transport_charset`) and an unlabelled one, fed in 4 KiB chunks.
//!
//! Each time is the median of a few runs (`--rounds N`, default 5), and each ratio the median
//! of the ratios of runs made one after the other (the machine's speed changes from minute to
//! minute when it is shared). Without `--bench` (as
//! `cargo test --benches` runs it) every input is streamed once over a small input, untimed,
//! and the trees are compared.

use std::hint::black_box;
use std::time::Instant;

use kauri::{Document, ParseOptions, Parser, Step};

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
    if run("pauses") {
        failed |= pauses(scale, timing, rounds);
    }
    if run("first") {
        first_node(&first_page(), timing);
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

/// The first corpus page (by name) of at least 100 KB that starts with a DOCTYPE.
fn first_page() -> Vec<u8> {
    let pages = kauri_testdata::corpus_pages().expect("the corpus (KAURI_CORPUS)");
    pages
        .iter()
        .map(|page| std::fs::read(page).expect("a readable page"))
        .find(|bytes| bytes.len() >= 100_000 && bytes[..9].eq_ignore_ascii_case(b"<!doctype"))
        .expect("a page that starts with its DOCTYPE")
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

/// The median of `values` (the upper one of an even count).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// A whole parse and the streamed one in `chunk`-byte pieces, one after the other in each of
/// `rounds` rounds: their median times and the median of their ratio in the same round.
fn paired(rounds: usize, input: &[u8], chunk: usize) -> (f64, f64, f64) {
    let mut whole = Vec::new();
    let mut streamed = Vec::new();
    for _ in 0..rounds {
        let start = Instant::now();
        black_box(kauri::parse_bytes(input));
        whole.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        black_box(stream(input, chunk));
        streamed.push(start.elapsed().as_secs_f64());
    }
    let ratios: Vec<f64> = streamed.iter().zip(&whole).map(|(s, w)| s / w).collect();
    (median(&whole), median(&streamed), median(&ratios))
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
        let (t_whole, t_stream, ratio) = paired(rounds, input, 64 << 10);
        println!(
            "  whole {:8.1} ms  streamed {:8.1} ms  ratio {ratio:.3}",
            t_whole * 1e3,
            t_stream * 1e3,
        );
        let pausing = |resume| {
            let start = Instant::now();
            black_box(stream_pausing(input, 64 << 10, resume));
            start.elapsed().as_secs_f64()
        };
        for resume in [false, true] {
            let ratios: Vec<f64> = (0..rounds)
                .map(|_| {
                    let start = Instant::now();
                    black_box(kauri::parse_bytes(input));
                    let whole = start.elapsed().as_secs_f64();
                    pausing(resume) / whole
                })
                .collect();
            println!(
                "  with script pauses, {}: ratio {:.3}",
                if resume {
                    "each resumed at once"
                } else {
                    "ignored (finish runs them)"
                },
                median(&ratios)
            );
        }
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
    for chunk in [1, 512, 4 << 10, 64 << 10] {
        let equal = same_tree(&whole, &stream(input, chunk));
        if timing {
            let (t_whole, t, ratio) = paired(rounds, input, chunk);
            println!(
                "  {chunk:>6} B  {:8.1} ms  ratio to whole ({:.1} ms) {ratio:.3}  tree {}",
                t * 1e3,
                t_whole * 1e3,
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
    println!("1-byte chunks (and, for comparison, one whole parse of each size):");
    let sizes: Vec<&[u8]> = [8, 4, 2, 1]
        .iter()
        .map(|div| &input[..input.len() / div])
        .collect();
    if !timing {
        for size in &sizes {
            black_box(stream(size, 1));
        }
        return false;
    }
    let whole = doublings(&sizes, rounds, |input| {
        black_box(kauri::parse_bytes(input));
    });
    let streamed = doublings(&sizes, rounds, |input| {
        black_box(stream(input, 1));
    });
    report(&sizes, &streamed, Some(&whole))
}

/// For each input, its time in each of `rounds` rounds (the inputs take turns in a different
/// order each round, so that a slow minute of the shared machine slows them all alike).
fn doublings(inputs: &[&[u8]], rounds: usize, mut f: impl FnMut(&[u8])) -> Vec<Vec<f64>> {
    let mut times = vec![Vec::new(); inputs.len()];
    let mut order: Vec<usize> = (0..inputs.len()).collect();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..rounds {
        for i in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        for &i in &order {
            let start = Instant::now();
            f(inputs[i]);
            times[i].push(start.elapsed().as_secs_f64());
        }
    }
    times
}

/// Prints each size's median time and the median over the rounds of its ratio to the size
/// before (paired: both from the same round); true when one is over [`BOUND`].
fn report(inputs: &[&[u8]], times: &[Vec<f64>], whole: Option<&[Vec<f64>]>) -> bool {
    let mut failed = false;
    for (i, input) in inputs.iter().enumerate() {
        let verdict = match i.checked_sub(1) {
            Some(p) => {
                let ratios: Vec<f64> = times[i].iter().zip(&times[p]).map(|(t, b)| t / b).collect();
                let r = median(&ratios);
                failed |= r > BOUND;
                format!("x{r:.2} {}", if r > BOUND { "OVER" } else { "ok" })
            }
            None => String::new(),
        };
        let whole = whole.map_or(String::new(), |w| {
            format!("  (whole {:6.1} ms)", median(&w[i]) * 1e3)
        });
        println!(
            "  {:5.2} MiB  {:8.1} ms{whole}  {verdict}",
            input.len() as f64 / (1 << 20) as f64,
            median(&times[i]) * 1e3
        );
    }
    failed
}

/// Feeds `bytes` in `chunk`-byte pieces to a parser that pauses at scripts, resuming each
/// pause at once (`resume`) or never; the number of pauses.
fn stream_pausing(bytes: &[u8], chunk: usize, resume: bool) -> (Document, usize) {
    let mut parser = Parser::with_script_pauses(ParseOptions::default()).expect("no override");
    let mut pauses = 0;
    let mut run = |parser: &mut Parser, mut step: Result<Step, kauri::StreamError>| {
        while resume && step == Ok(Step::Script) {
            pauses += 1;
            step = parser.resume();
        }
    };
    for piece in bytes.chunks(chunk) {
        let step = parser.feed(piece);
        run(&mut parser, step);
    }
    let step = parser.end();
    run(&mut parser, step);
    (parser.finish(), pauses)
}

/// Dense scripts with pauses; true when a doubling costs more than [`BOUND`].
fn pauses(scale: usize, timing: bool, rounds: usize) -> bool {
    let unit = "<p>x<script>s()</script>";
    let inputs: Vec<Vec<u8>> = [1, 2, 4, 8]
        .iter()
        .map(|mb| unit.repeat(((mb << 20) / scale) / unit.len()).into_bytes())
        .collect();
    let inputs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let mut failed = false;
    for (chunk, resume) in [(64 << 10, true), (1, true), (64 << 10, false)] {
        let (doc, count) = stream_pausing(inputs[0], chunk, resume);
        assert!(
            same_tree(&doc, &kauri::parse_bytes(inputs[0])),
            "the paused parse differs"
        );
        if resume {
            println!("script pauses ({count} in the first size), {chunk} B chunks, each resumed:");
        } else {
            println!("script pauses, {chunk} B chunks, never resumed (finish runs them):");
        }
        if !timing {
            continue;
        }
        let times = doublings(&inputs, rounds, |input| {
            black_box(stream_pausing(input, chunk, resume));
        });
        failed |= report(&inputs, &times, None);
    }
    failed
}

/// Bytes fed and time taken until the parser has made its first element.
fn first_node(input: &[u8], timing: bool) {
    // The labelled stream is a corpus page that starts with its DOCTYPE; the unlabelled one
    // is all ASCII.
    let utf8 = input;
    let labelled = ParseOptions {
        transport_charset: Some("utf-8".into()),
        ..ParseOptions::default()
    };
    let mut ascii = b"<!DOCTYPE html><title>t</title><p>".to_vec();
    ascii.extend(std::iter::repeat_n(b'a', 200_000));
    for (name, bytes, opts) in [
        ("labelled UTF-8", utf8, labelled),
        ("unlabelled, ASCII", &ascii[..], ParseOptions::default()),
    ] {
        let start = Instant::now();
        let mut parser = Parser::new(opts).expect("a known label");
        let mut fed = 0;
        for piece in bytes.chunks(4096) {
            let _ = parser.feed(piece);
            fed += piece.len();
            if parser.root().first_child().is_some() {
                break;
            }
        }
        let elapsed = start.elapsed();
        let took = if timing {
            format!(" in {:.1} us", elapsed.as_secs_f64() * 1e6)
        } else {
            String::new()
        };
        println!("first element, {name}: after {fed} bytes{took}");
    }
}
