//! The sanitizer's time on the hostile input families, at `n` and `16 n` repetitions, the two
//! sizes taking turns: `cargo bench -p kauri-sanitizer --bench linear_time [-- --rounds N]`.
//!
//! Linear work takes about 16 times as long at 16 times the input, quadratic work 256 times.
//! Each round sanitizes both sizes of a family once (the small one enough times to take about
//! as long as the large one), so that a slow minute on a shared machine slows both alike; a
//! family's ratio is the median over the rounds of the two sizes' paired ratio, and it passes
//! when at most 48, three times the linear ratio and a fifth of the quadratic one: the larger
//! trees outgrow the caches, and on a machine running other work `misnested` measured x26
//! while its instructions grew x14.3 (callgrind on `kauri sanitize --config`, 500 -> 8,000
//! repetitions, process start included). The process exits with status 1 when a family fails. The unit test `the_sinks_work_grows_linearly_with_hostile_input`
//! (`src/while_parsing.rs`) counts the sink's own work on the same families, untimed.
//!
//! Without `--bench` (as `cargo test --benches` runs it) it sanitizes every input once,
//! untimed.

use std::hint::black_box;
use std::time::Instant;

use kauri_sanitizer::Sanitizer;

#[path = "support/hostile_families.rs"]
mod hostile_families;

use hostile_families::{families, HOSTILE_CONFIG};

/// The most 16 times the input may multiply the time by.
const BOUND: f64 = 48.0;

/// Rounds when `--rounds` is not given.
const DEFAULT_ROUNDS: usize = 11;

/// Repetitions of the smaller size of each family.
const N: usize = 500;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let timing = args.iter().any(|a| a == "--bench");
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .and_then(|r| r.parse().ok())
        .unwrap_or(DEFAULT_ROUNDS);
    let sanitizer = Sanitizer::from_json(HOSTILE_CONFIG).expect("a valid config");
    let mut failed = false;
    for ((name, small), (_, large)) in families(N).into_iter().zip(families(16 * N)) {
        if !timing {
            black_box(sanitizer.sanitize(&small));
            black_box(sanitizer.sanitize(&large));
            continue;
        }
        let mut ratios = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            // The small size, 16 times in a row: as long as one large call when linear.
            let start = Instant::now();
            for _ in 0..16 {
                black_box(sanitizer.sanitize(black_box(&small)));
            }
            let small_time = start.elapsed().as_secs_f64() / 16.0;
            let start = Instant::now();
            black_box(sanitizer.sanitize(black_box(&large)));
            let large_time = start.elapsed().as_secs_f64();
            ratios.push(large_time / small_time.max(1e-9));
        }
        ratios.sort_by(f64::total_cmp);
        let median = ratios[ratios.len() / 2];
        let verdict = if median <= BOUND { "ok" } else { "NOT LINEAR" };
        println!(
            "{name:<20} {N} -> {} repetitions: x{median:.1} (median of {rounds} paired rounds, bound {BOUND}) {verdict}",
            16 * N
        );
        failed |= median > BOUND;
    }
    if failed {
        std::process::exit(1);
    }
}
