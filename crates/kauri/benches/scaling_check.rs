//! The scaling bound, checked with the sizes taking turns: `cargo bench -p kauri --bench
//! scaling_check [-- [--rounds N] [FAMILY...]]`.
//!
//! `benches/scaling.rs` (criterion) measures each size of a family for a few seconds, one size
//! after another. On a shared machine the speed of the whole machine changes from minute to
//! minute (another tenant's load), and a change between two sizes shows as a change in their
//! ratio: the same 2 MB input has measured 17 ms and 24 ms in consecutive minutes. Here every
//! round parses each size of the family once (in a different order each round, a fixed-seed
//! shuffle), so a slow minute slows all sizes alike. A doubling's ratio is the median, over the
//! rounds, of the ratio of the two sizes' times in the same round (a paired measure: each ratio
//! compares two parses made within a second or two of each other); it passes when at most 2.3.
//! The minimum and median time of each size are printed beside it. The process exits with
//! status 1 when a doubling fails.
//!
//! A parse of a small input is timed over enough repetitions to take about as long as one
//! parse of the largest.
//!
//! Without `--bench` (as `cargo test --benches` runs it) it parses every input once, untimed.

use std::hint::black_box;
use std::time::Instant;

#[path = "support/scaling_families.rs"]
mod families;

use families::{generate, same_allocator_regime_for_every_size, FAMILIES, SIZES_MB};

/// The most a doubling of the input may multiply the time by.
const BOUND: f64 = 2.3;

/// Rounds when `--rounds` is not given.
const DEFAULT_ROUNDS: usize = 21;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let timing = args.iter().any(|a| a == "--bench");
    let mut rounds = DEFAULT_ROUNDS;
    let mut wanted: Vec<&str> = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--rounds" => match iter.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => rounds = n,
                _ => {
                    eprintln!("scaling_check: --rounds takes a positive number");
                    std::process::exit(2);
                }
            },
            a if a.starts_with("--") => {} // cargo's own flags (`--bench`)
            family => wanted.push(family),
        }
    }
    same_allocator_regime_for_every_size();
    let mut failed = Vec::new();
    for family in FAMILIES {
        if !wanted.is_empty() && !wanted.iter().any(|w| family.contains(w)) {
            continue;
        }
        let inputs: Vec<String> = SIZES_MB
            .iter()
            .map(|mb| generate(family, mb << 20))
            .collect();
        if !timing {
            for input in &inputs {
                black_box(kauri::parse(input));
            }
            println!("{family}: parsed {} sizes (untimed)", inputs.len());
            continue;
        }
        let times = measure(&inputs, rounds);
        report(family, &times, &mut failed);
    }
    if !failed.is_empty() {
        println!("over {BOUND}x per doubling: {}", failed.join(", "));
        std::process::exit(1);
    }
}

/// For each input, the time of one parse in each of `rounds` rounds, in seconds.
fn measure(inputs: &[String], rounds: usize) -> Vec<Vec<f64>> {
    let largest = inputs.iter().map(String::len).max().unwrap_or(1);
    let mut times = vec![Vec::with_capacity(rounds); inputs.len()];
    let mut order: Vec<usize> = (0..inputs.len()).collect();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    // One untimed parse of each first: the allocator's heap reaches its largest size.
    for input in inputs {
        black_box(kauri::parse(input));
    }
    for _ in 0..rounds {
        shuffle(&mut order, &mut seed);
        for &i in &order {
            let reps = (largest / inputs[i].len().max(1)).max(1);
            let start = Instant::now();
            for _ in 0..reps {
                black_box(kauri::parse(black_box(&inputs[i])));
            }
            times[i].push(start.elapsed().as_secs_f64() / reps as f64);
        }
    }
    times
}

/// Fisher-Yates with a xorshift generator: a different order each round, the same each run.
fn shuffle(order: &mut [usize], seed: &mut u64) {
    for i in (1..order.len()).rev() {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        order.swap(i, (*seed % (i as u64 + 1)) as usize);
    }
}

/// Prints the minimum and median time of each size and the median over the rounds of its
/// ratio to the size before in the same round; adds the doublings over the bound to `failed`.
fn report(family: &str, times: &[Vec<f64>], failed: &mut Vec<String>) {
    println!("{family}");
    for (i, (mb, samples)) in SIZES_MB.iter().zip(times).enumerate() {
        let ratio = match i.checked_sub(1).map(|p| &times[p]) {
            Some(before) => {
                let ratios: Vec<f64> = samples.iter().zip(before).map(|(t, b)| t / b).collect();
                let r = median(&ratios);
                let verdict = if r <= BOUND { "ok" } else { "OVER" };
                if r > BOUND {
                    failed.push(format!("{family} {}->{mb} MB", mb / 2));
                }
                format!("x{r:.2} {verdict}")
            }
            None => String::new(),
        };
        let min = samples.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "  {mb:>2} MB  min {:8.2} ms  median {:8.2} ms  {ratio}",
            min * 1e3,
            median(samples) * 1e3
        );
    }
}

/// The median of `values` (the upper one of an even count).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
}
