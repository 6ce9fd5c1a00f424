//! Side-by-side benchmark: Kauri against html5ever, in one process.
//!
//! `cargo run --release --manifest-path compare/Cargo.toml -- bench PAGES...`
//!
//! `compare rss FILE --parser kauri|html5ever` parses one file once with one parser (full DOM) and
//! prints its node count, so that `/usr/bin/time -v` measures each parser's peak RSS alike: the
//! file is read and decoded to a `String` the same way for both, and kept during the parse.
//!
//! Every page is read into memory once. After a warm-up pass over all pages, the parsers take turns
//! (round-robin per page, so machine noise hits all of them alike) for a number of rounds. For each
//! parser it prints MB/s (total bytes / total parse seconds over all rounds) and the median over
//! pages of the per-page MB/s, then the ratios `kauri/html5ever` (full DOM both sides) and
//! `kauri-tokenizer/html5ever-tokenizer`.

mod html5ever_side;
mod kauri_side;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One parser under test: a name and a function that parses one page.
struct Contender {
    name: &'static str,
    run: fn(&str),
}

const CONTENDERS: [Contender; 5] = [
    Contender { name: "html5ever+rcdom", run: html5ever_side::parse_rcdom },
    Contender { name: "html5ever-noop-sink", run: html5ever_side::parse_noop_sink },
    Contender { name: "kauri", run: kauri_side::parse_dom },
    Contender { name: "kauri-tokenizer", run: kauri_side::tokenize },
    Contender { name: "html5ever-tokenizer", run: html5ever_side::tokenize },
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("rss") {
        return rss(&args[1..]);
    }
    let (rounds, paths) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("compare: {message}");
            eprintln!("usage: compare bench [--rounds N] PAGES...   (a folder means every .html in it)");
            return ExitCode::from(2);
        }
    };
    let pages: Vec<(String, String)> = match load(&paths) {
        Ok(pages) => pages,
        Err(message) => {
            eprintln!("compare: {message}");
            return ExitCode::from(2);
        }
    };
    let total_bytes: usize = pages.iter().map(|(_, text)| text.len()).sum();
    println!("{} pages, {:.2} MB, {rounds} rounds after one warm-up pass", pages.len(), mb(total_bytes));

    // Warm-up: every parser over every page once.
    for contender in &CONTENDERS {
        for (_, text) in &pages {
            (contender.run)(text);
        }
    }

    // times[contender][page] = one Duration per round.
    let mut times = vec![vec![Vec::with_capacity(rounds); pages.len()]; CONTENDERS.len()];
    for _ in 0..rounds {
        for (page_index, (_, text)) in pages.iter().enumerate() {
            for (contender_index, contender) in CONTENDERS.iter().enumerate() {
                let start = Instant::now();
                (contender.run)(text);
                times[contender_index][page_index].push(start.elapsed());
            }
        }
    }

    let mut throughput = Vec::new();
    println!("{:<22} {:>10} {:>18}", "parser", "MB/s", "median page MB/s");
    for (contender_index, contender) in CONTENDERS.iter().enumerate() {
        let total: Duration = times[contender_index].iter().flatten().sum();
        let overall = mb(total_bytes * rounds) / total.as_secs_f64();
        let mut per_page: Vec<f64> = pages
            .iter()
            .zip(&times[contender_index])
            .map(|((_, text), page_times)| {
                let mut sorted = page_times.clone();
                sorted.sort();
                mb(text.len()) / sorted[sorted.len() / 2].as_secs_f64()
            })
            .collect();
        per_page.sort_by(f64::total_cmp);
        let median = per_page[per_page.len() / 2];
        println!("{:<22} {:>10.1} {:>18.1}", contender.name, overall, median);
        throughput.push(overall);
    }
    println!("kauri/html5ever: {:.2}", throughput[2] / throughput[0]);
    println!("kauri/html5ever-noop-sink: {:.2}", throughput[2] / throughput[1]);
    println!("kauri-tokenizer/html5ever-tokenizer: {:.2}", throughput[3] / throughput[4]);
    ExitCode::SUCCESS
}

/// `rss FILE --parser kauri|html5ever`: one full-DOM parse of one file, for peak RSS.
fn rss(args: &[String]) -> ExitCode {
    let (path, parser) = match args {
        [path, flag, parser] if flag == "--parser" => (path, parser.as_str()),
        _ => {
            eprintln!("usage: compare rss FILE --parser kauri|html5ever");
            return ExitCode::from(2);
        }
    };
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        Err(e) => {
            eprintln!("compare: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let nodes = match parser {
        "kauri" => kauri_side::count_nodes(&text),
        "html5ever" => html5ever_side::count_nodes(&text),
        _ => {
            eprintln!("compare: --parser takes kauri or html5ever");
            return ExitCode::from(2);
        }
    };
    println!("{parser}: {nodes} nodes");
    ExitCode::SUCCESS
}

fn parse_args(args: &[String]) -> Result<(usize, Vec<PathBuf>), String> {
    let mut rest = args.iter();
    match rest.next().map(String::as_str) {
        Some("bench") => {}
        _ => return Err("the only command is `bench`".into()),
    }
    let mut rounds = 5;
    let mut paths = Vec::new();
    while let Some(arg) = rest.next() {
        if arg == "--rounds" {
            rounds = rest
                .next()
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0)
                .ok_or("--rounds takes a positive number")?;
        } else {
            paths.push(PathBuf::from(arg));
        }
    }
    if paths.is_empty() {
        return Err("no pages given".into());
    }
    Ok((rounds, paths))
}

/// Reads every page (a folder contributes its `.html` files) as UTF-8, lossily: both parsers get
/// the same `&str`, so encoding detection is not part of the measurement.
fn load(paths: &[PathBuf]) -> Result<Vec<(String, String)>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "html"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok((path.display().to_string(), String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect()
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1_000_000.0
}
