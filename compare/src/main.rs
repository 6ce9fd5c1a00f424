//! Side-by-side benchmark: Kauri against html5ever and lexbor, in one process.
//!
//! `cargo run --release --manifest-path compare/Cargo.toml -- bench PAGES...`
//!
//! `compare sanitize [--rounds N] PAGES...` compares Kauri's default sanitizer with ammonia's
//! (see `sanitize_bench.rs`).
//!
//! `compare jobs [--rounds N] PAGES...` times what users do with a parsed page (CSS selection,
//! serialization, text extraction) and comment-sized fragment parses against lexbor, scraper and
//! html5ever (see `jobs.rs`).
//!
//! `compare rss --parser kauri|lexbor|html5ever|none (FILE | --family NAME [--size MB])` parses one
//! input once with one parser (full DOM) and prints the process's peak RSS; `compare rss-table
//! [--size MB] [FILE...]` runs it for every parser on each FILE and each hostile family and prints
//! the table (see `memory.rs`).
//!
//! `compare report [--runs N] [--size MB] CORPUS` runs `bench` and `jobs` N times and
//! `rss-table` once and prints the tables of docs/performance.md (see `report.rs`).
//!
//! Every page is read into memory once. After a warm-up pass over all pages, the parsers take turns
//! (round-robin per page, in an order shuffled for every page and round, so machine noise and
//! cache warmth fall on all of them alike) for a number of rounds. For each
//! parser it prints MB/s (total bytes / total parse seconds over all rounds) and the median over
//! pages of the per-page MB/s, then the ratios `kauri/html5ever` and `kauri/lexbor` (full DOM:
//! create + parse + drop on every side; `kauri` without parse errors, the library's default,
//! `kauri+errors` with them) and `kauri-tokenizer/html5ever-tokenizer`, and a table per
//! page size (under 16 KB, 16-64 KB, 64-256 KB, 256 KB-1 MB, over 1 MB).
//!
//! lexbor is built from `../shared/peers/lexbor` by `build.rs`; without those sources the benchmark
//! runs without it and says so. Every parser runs under the same allocator settings: by default
//! glibc keeps freed memory and serves every block from its heap (`mallopt(M_MMAP_MAX, 0)`,
//! `M_TRIM_THRESHOLD` at its maximum), as lexbor's notes recommend, so that no parser pays fresh
//! page faults for the memory another one returned; `--glibc-defaults` keeps glibc's defaults.

mod html5ever_side;
mod jobs;
mod kauri_side;
#[cfg(lexbor)]
mod lexbor_side;
mod memory;
mod report;
mod sanitize_bench;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One parser under test: a name and a function that parses one page.
struct Contender {
    name: &'static str,
    run: fn(&str),
}

const CONTENDERS: &[Contender] = &[
    Contender {
        name: "html5ever+rcdom",
        run: html5ever_side::parse_rcdom,
    },
    Contender {
        name: "html5ever-noop-sink",
        run: html5ever_side::parse_noop_sink,
    },
    Contender {
        name: "kauri",
        run: kauri_side::parse_dom,
    },
    Contender {
        name: "kauri+errors",
        run: kauri_side::parse_dom_with_errors,
    },
    Contender {
        name: "kauri-tokenizer",
        run: kauri_side::tokenize,
    },
    Contender {
        name: "html5ever-tokenizer",
        run: html5ever_side::tokenize,
    },
    #[cfg(lexbor)]
    Contender {
        name: "lexbor",
        run: lexbor_side::parse_dom,
    },
];

/// A shuffled order of `count` contenders' indexes for turn number `turn` (Fisher-Yates driven
/// by xorshift64, seeded from `turn`).
fn turn_order(turn: usize, count: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).collect();
    let mut state = (turn as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..order.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    order
}

/// The page-size classes of the per-size table: (label, smallest size, largest size + 1).
const SIZE_CLASSES: [(&str, usize, usize); 5] = [
    ("< 16 KB", 0, 16 << 10),
    ("16-64 KB", 16 << 10, 64 << 10),
    ("64-256 KB", 64 << 10, 256 << 10),
    ("256 KB-1 MB", 256 << 10, 1 << 20),
    (">= 1 MB", 1 << 20, usize::MAX),
];

/// Ratios printed after the table: (numerator, denominator), by contender name.
const RATIOS: [(&str, &str); 5] = [
    ("kauri", "html5ever+rcdom"),
    ("kauri", "html5ever-noop-sink"),
    ("kauri", "lexbor"),
    ("kauri+errors", "lexbor"),
    ("kauri-tokenizer", "html5ever-tokenizer"),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("rss") => return memory::rss(&args[1..]),
        Some("rss-table") => return memory::rss_table(&args[1..]),
        Some("report") => return report::report(&args[1..]),
        _ => {}
    }
    let command = args.first().cloned().unwrap_or_default();
    let (rounds, glibc_defaults, paths) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("compare: {message}");
            eprintln!(
                "usage: compare bench|jobs|sanitize [--rounds N] [--glibc-defaults] PAGES...   (a folder means every .html in it)"
            );
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
    if command == "sanitize" {
        sanitize_bench::run(&pages, rounds);
        return ExitCode::SUCCESS;
    }
    if command == "jobs" {
        jobs::run(&pages, rounds);
        return ExitCode::SUCCESS;
    }
    let total_bytes: usize = pages.iter().map(|(_, text)| text.len()).sum();
    println!(
        "{} pages, {:.2} MB, {rounds} rounds after one warm-up pass",
        pages.len(),
        mb(total_bytes)
    );
    if cfg!(not(lexbor)) {
        println!(
            "lexbor: skipped (its sources were not found when compare was built: see build.rs)"
        );
    }
    #[cfg(lexbor)]
    println!(
        "lexbor: built with -O{} (KAURI_LEXBOR_OPT; lexbor's CMake default is -O2)",
        env!("KAURI_LEXBOR_OPT_LEVEL")
    );
    if glibc_defaults {
        println!("allocator: glibc defaults for every parser");
    } else {
        keep_freed_memory();
        println!("allocator: glibc keeps freed memory (M_MMAP_MAX=0, M_TRIM_THRESHOLD=max) for every parser");
    }

    // Warm-up: every parser over every page once.
    for contender in CONTENDERS {
        for (_, text) in &pages {
            (contender.run)(text);
        }
    }

    // times[contender][page] = one Duration per round.
    let mut times = vec![vec![Vec::with_capacity(rounds); pages.len()]; CONTENDERS.len()];
    for round in 0..rounds {
        for (page_index, (_, text)) in pages.iter().enumerate() {
            // The turn order is shuffled for every page and round (a fixed seed, so runs are
            // repeatable), so that each parser follows each other one about equally often:
            // one that runs right after a similar one finds its code and the page warmer in
            // the caches. (A rotation of one fixed order is not enough: it keeps neighbours.)
            for contender_index in turn_order(round * pages.len() + page_index, CONTENDERS.len()) {
                let contender = &CONTENDERS[contender_index];
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
    for (numerator, denominator) in RATIOS {
        if let (Some(n), Some(d)) = (index_of(numerator), index_of(denominator)) {
            println!(
                "{numerator}/{denominator}: {:.2}",
                throughput[n] / throughput[d]
            );
        }
    }
    // The full-DOM aliases the issue tracker and docs quote.
    if let (Some(k), Some(h)) = (index_of("kauri"), index_of("html5ever+rcdom")) {
        println!("kauri/html5ever: {:.2}", throughput[k] / throughput[h]);
    }

    println!();
    println!("per page size: MB/s (total bytes / total seconds) per parser");
    print!("{:<12} {:>6} {:>9}", "pages", "count", "MB");
    for contender in CONTENDERS {
        print!(" {:>20}", contender.name);
    }
    println!();
    for (label, low, high) in SIZE_CLASSES {
        let members: Vec<usize> = (0..pages.len())
            .filter(|&i| (low..high).contains(&pages[i].1.len()))
            .collect();
        if members.is_empty() {
            continue;
        }
        let bytes: usize = members.iter().map(|&i| pages[i].1.len()).sum();
        print!("{label:<12} {:>6} {:>9.2}", members.len(), mb(bytes));
        for contender_times in &times {
            let seconds: f64 = members
                .iter()
                .flat_map(|&i| &contender_times[i])
                .map(Duration::as_secs_f64)
                .sum();
            print!(" {:>20.1}", mb(bytes * rounds) / seconds);
        }
        println!();
    }
    ExitCode::SUCCESS
}

/// The index of the contender called `name`, if it runs in this build.
fn index_of(name: &str) -> Option<usize> {
    CONTENDERS.iter().position(|c| c.name == name)
}

/// glibc: serve every block from the heap and never give freed memory back, for all parsers alike.
fn keep_freed_memory() {
    use std::ffi::c_int;
    const M_TRIM_THRESHOLD: c_int = -1;
    const M_MMAP_MAX: c_int = -4;
    extern "C" {
        fn mallopt(param: c_int, value: c_int) -> c_int;
    }
    // SAFETY: mallopt only changes glibc's tuning parameters; it is called once, before any
    // parser runs, from the only thread.
    let ok = unsafe { mallopt(M_MMAP_MAX, 0) == 1 && mallopt(M_TRIM_THRESHOLD, c_int::MAX) == 1 };
    assert!(ok, "mallopt refused the settings");
}

fn parse_args(args: &[String]) -> Result<(usize, bool, Vec<PathBuf>), String> {
    let mut rest = args.iter();
    match rest.next().map(String::as_str) {
        Some("bench" | "sanitize" | "jobs") => {}
        _ => {
            return Err(
                "the commands are `bench`, `jobs`, `sanitize`, `rss`, `rss-table` and `report`"
                    .into(),
            )
        }
    }
    let mut rounds = 5;
    let mut glibc_defaults = false;
    let mut paths = Vec::new();
    while let Some(arg) = rest.next() {
        if arg == "--rounds" {
            rounds = rest
                .next()
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0)
                .ok_or("--rounds takes a positive number")?;
        } else if arg == "--glibc-defaults" {
            glibc_defaults = true;
        } else {
            paths.push(PathBuf::from(arg));
        }
    }
    if paths.is_empty() {
        return Err("no pages given".into());
    }
    Ok((rounds, glibc_defaults, paths))
}

/// Reads every page (a folder contributes its `.html` files) as UTF-8, lossily: both parsers get
/// the same `&str`, so encoding detection is not part of the measurement.
fn load(paths: &[PathBuf]) -> Result<Vec<(String, String)>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries =
                std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
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
            Ok((
                path.display().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ))
        })
        .collect()
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1_000_000.0
}
