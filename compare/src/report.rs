//! `compare report [--runs N] [--size MB]... CORPUS`: the tables of docs/performance.md in one
//! command. It runs, each in a new process of this program, `bench --rounds 5 CORPUS` and
//! `jobs --rounds 3 CORPUS` N times (3 by default), one after another, and `rss-table --size MB
//! CORPUS/<largest page>` once per `--size` (2 and 0.25 MB by default: the peers are quadratic
//! on deep nesting and nested lists and take over a minute at 1 MB), and prints Markdown: the
//! ratios of every run and their median, the load average before and after, and the peak RSS
//! tables.

use std::process::{Command, ExitCode};

/// The ratio lines of `bench` the table quotes, as `bench` prints them.
const BENCH_RATIOS: [&str; 4] = [
    "kauri/lexbor",
    "kauri+errors/lexbor",
    "kauri/html5ever",
    "kauri-tokenizer/html5ever-tokenizer",
];

/// The rows of `jobs` the table quotes.
const JOB_ROWS: [&str; 5] = ["select", "select-common", "serialize", "text", "fragment"];

/// Runs this program with `args` and returns its standard output.
fn run_self(args: &[String]) -> Result<String, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let output = Command::new(exe)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run compare {}: {e}", args.join(" ")))?;
    if !output.status.success() {
        return Err(format!(
            "compare {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// `name: 1.23` in `output`, at the start of a line.
fn bench_ratio(output: &str, name: &str) -> Option<f64> {
    output.lines().find_map(|line| {
        line.strip_prefix(name)?
            .strip_prefix(": ")?
            .trim()
            .parse()
            .ok()
    })
}

/// The `kauri/PEER: R` at the end of the `jobs` row `row`: (peer, ratio).
fn job_ratio(output: &str, row: &str) -> Option<(String, f64)> {
    let line = output.lines().find(|line| {
        line.strip_prefix(row)
            .is_some_and(|rest| rest.trim_start().starts_with("MB/s:"))
    })?;
    let (_, tail) = line.rsplit_once("kauri/")?;
    let (peer, ratio) = tail.split_once(": ")?;
    Some((peer.to_string(), ratio.trim().parse().ok()?))
}

/// `compare report ...`.
pub fn report(args: &[String]) -> ExitCode {
    let mut runs = 3usize;
    let mut sizes: Vec<String> = Vec::new();
    let mut corpus = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--runs" => match rest.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => runs = n,
                _ => {
                    eprintln!("compare: --runs takes a positive number");
                    return ExitCode::from(2);
                }
            },
            "--size" => match rest.next() {
                Some(n) => sizes.push(n.clone()),
                None => {
                    eprintln!("compare: --size takes a number of MB");
                    return ExitCode::from(2);
                }
            },
            _ => corpus = Some(arg.clone()),
        }
    }
    let Some(corpus) = corpus else {
        eprintln!("usage: compare report [--runs N] [--size MB]... CORPUS");
        return ExitCode::from(2);
    };
    if sizes.is_empty() {
        sizes = vec!["2".into(), "0.25".into()];
    }
    let largest = std::fs::read_dir(&corpus).ok().and_then(|entries| {
        entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
            .max_by_key(|e| e.metadata().map_or(0, |m| m.len()))
            .map(|e| e.path().display().to_string())
    });

    let load_before = load_average();
    let mut bench_runs = Vec::new();
    let mut job_runs = Vec::new();
    for _ in 0..runs {
        let bench = run_self(&[
            "bench".into(),
            "--rounds".into(),
            "5".into(),
            corpus.clone(),
        ]);
        let jobs = run_self(&["jobs".into(), "--rounds".into(), "3".into(), corpus.clone()]);
        match (bench, jobs) {
            (Ok(bench), Ok(jobs)) => {
                bench_runs.push(bench);
                job_runs.push(jobs);
            }
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("compare: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let load_after = load_average();

    println!("Load average (1, 5, 15 min): {load_before} before, {load_after} after.");
    if let Some(line) = bench_runs[0]
        .lines()
        .find(|l| l.starts_with("lexbor: built"))
    {
        println!("{line}.");
    }
    println!();
    print!("| ratio (total MB/s) |");
    for run in 1..=runs {
        print!(" run {run} |");
    }
    println!(" median |");
    print!("|---|");
    for _ in 0..=runs {
        print!("---:|");
    }
    println!();
    for name in BENCH_RATIOS {
        let values: Vec<f64> = bench_runs
            .iter()
            .filter_map(|out| bench_ratio(out, name))
            .collect();
        if values.len() != runs {
            continue;
        }
        print!("| `{name}` |");
        for v in &values {
            print!(" {v:.2} |");
        }
        println!(" **{:.2}** |", median(&values));
    }
    for row in JOB_ROWS {
        let values: Vec<(String, f64)> = job_runs
            .iter()
            .filter_map(|out| job_ratio(out, row))
            .collect();
        if values.len() != runs {
            continue;
        }
        let peers: Vec<&str> = values.iter().map(|(peer, _)| peer.as_str()).collect();
        let peer = if peers.iter().all(|p| *p == peers[0]) {
            peers[0].to_string()
        } else {
            "fastest peer".to_string()
        };
        print!("| `{row}`, kauri/{peer} |");
        for (p, v) in &values {
            if p.as_str() == peer {
                print!(" {v:.2} |");
            } else {
                print!(" {v:.2} ({p}) |");
            }
        }
        let ratios: Vec<f64> = values.iter().map(|(_, v)| *v).collect();
        println!(" **{:.2}** |", median(&ratios));
    }
    println!();
    println!("`jobs`, run 1:");
    println!();
    println!("```");
    for line in job_runs[0].lines().filter(|l| !l.contains("differs:")) {
        println!("{line}");
    }
    println!("```");
    println!();
    for size in sizes {
        let mut rss_args = vec!["rss-table".to_string(), "--size".into(), size];
        rss_args.extend(largest.clone());
        match run_self(&rss_args) {
            Ok(table) => println!("{table}"),
            Err(e) => {
                eprintln!("compare: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
