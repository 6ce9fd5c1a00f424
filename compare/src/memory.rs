//! Peak memory of one full-DOM parse, per parser.
//!
//! `compare rss --parser kauri|lexbor|html5ever|none (FILE | --family NAME [--size MB])` parses
//! one input once with one parser (full DOM, glibc's default allocator settings), keeps the tree,
//! and prints the process's peak RSS (`VmHWM` of `/proc/self/status`) and, after reading it, the
//! number of nodes (Kauri and html5ever). `none` only reads or generates the input: the baseline
//! every parser's peak includes. The input is read and decoded to a `String` the same way for all.
//!
//! `compare rss-table [--size MB] [FILE...]` (MB may be a fraction) runs `compare rss` in a new process for every input
//! (each FILE, then each of [`FAMILIES`] at `--size` MB, 8 by default) and parser, stopping a
//! parser after a minute (some peers are quadratic on some families), and prints
//! the peak RSS and the peak above the input-only baseline per input byte, per parser.

use std::process::{Command, ExitCode};

/// The hostile families of the memory table: what makes trees deep or lists long.
pub const FAMILIES: [(&str, &str, &str); 6] = [
    ("deep-nesting", "", "<div>"),
    ("unclosed-formatting", "", "<b><i>x"),
    ("tables", "", "<table><tr><td>x"),
    ("lists", "", "<ul><li>x"),
    ("templates", "", "<template>x"),
    ("foreign", "<svg>", "<g>x"),
];

/// The parsers `rss-table` measures, after the `none` baseline.
const PARSERS: [&str; 3] = ["kauri", "lexbor", "html5ever"];

/// The input of family `name`, about `size` bytes: its prefix, then its unit repeated.
pub fn family(name: &str, size: usize) -> Option<String> {
    let (_, prefix, unit) = FAMILIES.iter().find(|(n, _, _)| *n == name)?;
    let mut text = String::with_capacity(size + unit.len());
    text.push_str(prefix);
    while text.len() < size {
        text.push_str(unit);
    }
    Some(text)
}

/// This process's peak resident set size in KB (`VmHWM`), or 0 where /proc has none.
fn peak_rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// `compare rss ...`: one parse, then `peak_kb=N bytes=N` and the node count.
pub fn rss(args: &[String]) -> ExitCode {
    let usage = "usage: compare rss --parser kauri|lexbor|html5ever|none (FILE | --family NAME [--size MB])";
    let mut parser = None;
    let mut family_name = None;
    let mut size_mb = 8.0f64;
    let mut path = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--parser" => parser = rest.next().cloned(),
            "--family" => family_name = rest.next().cloned(),
            "--size" => match rest.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0.0 => size_mb = n,
                _ => {
                    eprintln!("compare: --size takes a number of MB\n{usage}");
                    return ExitCode::from(2);
                }
            },
            _ => path = Some(arg.clone()),
        }
    }
    let text = match (&path, &family_name) {
        (Some(path), None) => match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            Err(e) => {
                eprintln!("compare: {path}: {e}");
                return ExitCode::from(2);
            }
        },
        (None, Some(name)) => match family(name, (size_mb * f64::from(1 << 20)) as usize) {
            Some(text) => text,
            None => {
                let names: Vec<&str> = FAMILIES.iter().map(|f| f.0).collect();
                eprintln!("compare: the families are {}", names.join(", "));
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("compare: give a FILE or a --family\n{usage}");
            return ExitCode::from(2);
        }
    };
    let nodes = match parser.as_deref() {
        Some("none") => {
            std::hint::black_box(&text);
            println!("peak_kb={} bytes={}", peak_rss_kb(), text.len());
            None
        }
        Some("kauri") => {
            let document = kauri::parse(&text);
            println!("peak_kb={} bytes={}", peak_rss_kb(), text.len());
            Some(document.root().descendants().count())
        }
        Some("html5ever") => {
            let dom = crate::html5ever_side::parse_rcdom_kept(&text);
            println!("peak_kb={} bytes={}", peak_rss_kb(), text.len());
            Some(crate::html5ever_side::count_nodes(&dom))
        }
        #[cfg(lexbor)]
        Some("lexbor") => {
            let document = crate::lexbor_side::LexborDocument::parse(&text);
            println!("peak_kb={} bytes={}", peak_rss_kb(), text.len());
            drop(document);
            None
        }
        _ => {
            eprintln!(
                "compare: --parser takes kauri, lexbor (when built), html5ever or none\n{usage}"
            );
            return ExitCode::from(2);
        }
    };
    if let Some(nodes) = nodes {
        println!("nodes={nodes}");
    }
    ExitCode::SUCCESS
}

/// How long one parser may take on one input before `rss-table` stops it: some peers are
/// quadratic on some hostile families.
const TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// What one `compare rss` process gave.
enum Outcome {
    /// Peak KB and input bytes.
    Peak(u64, u64),
    /// Stopped after [`TIME_LIMIT`].
    TimedOut,
    Failed,
}

/// Runs `compare rss` for one input and parser in a new process, stopped after [`TIME_LIMIT`].
fn measure(input: &[String], parser: &str) -> Outcome {
    let Ok(exe) = std::env::current_exe() else {
        return Outcome::Failed;
    };
    let Ok(mut child) = Command::new(exe)
        .arg("rss")
        .args(input)
        .args(["--parser", parser])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
    else {
        return Outcome::Failed;
    };
    let start = std::time::Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => break,
            Ok(Some(_)) | Err(_) => return Outcome::Failed,
            Ok(None) if start.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Outcome::TimedOut;
            }
            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(20)),
        }
    }
    let mut stdout = String::new();
    if let Some(mut pipe) = child.stdout.take() {
        use std::io::Read;
        let _ = pipe.read_to_string(&mut stdout);
    }
    let field = |name: &str| {
        stdout
            .split_whitespace()
            .find_map(|w| w.strip_prefix(name))
            .and_then(|v| v.parse().ok())
    };
    match (field("peak_kb="), field("bytes=")) {
        (Some(peak), Some(bytes)) => Outcome::Peak(peak, bytes),
        _ => Outcome::Failed,
    }
}

/// `compare rss-table [--size MB] [FILE...]`.
pub fn rss_table(args: &[String]) -> ExitCode {
    let mut size_mb = "8".to_string();
    let mut inputs: Vec<(String, Vec<String>)> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--size" {
            match rest.next() {
                Some(n) if n.parse::<f64>().is_ok_and(|n| n > 0.0) => size_mb = n.clone(),
                _ => {
                    eprintln!("compare: --size takes a number of MB");
                    return ExitCode::from(2);
                }
            }
        } else {
            let name = std::path::Path::new(arg)
                .file_name()
                .map_or(arg.clone(), |n| n.to_string_lossy().into_owned());
            inputs.push((name, vec![arg.clone()]));
        }
    }
    for (name, _, _) in FAMILIES {
        inputs.push((
            format!("{name} ({size_mb} MB)"),
            vec![
                "--family".into(),
                name.into(),
                "--size".into(),
                size_mb.clone(),
            ],
        ));
    }
    let parsers: Vec<&str> = PARSERS
        .iter()
        .copied()
        .filter(|p| cfg!(lexbor) || *p != "lexbor")
        .collect();
    println!("peak RSS in MB (and bytes of peak above the input-only baseline per input byte)");
    print!("| input | baseline MB |");
    for parser in &parsers {
        print!(" {parser} |");
    }
    println!(" kauri at or under both |");
    print!("|---|---:|");
    for _ in &parsers {
        print!("---:|");
    }
    println!("---|");
    for (name, input) in &inputs {
        let Outcome::Peak(baseline, bytes) = measure(input, "none") else {
            continue;
        };
        print!("| {name} | {:.1} |", baseline as f64 / 1024.0);
        let mut peaks = Vec::new();
        for parser in &parsers {
            match measure(input, parser) {
                Outcome::Peak(peak, _) => {
                    let per_byte = (peak.saturating_sub(baseline) * 1024) as f64 / bytes as f64;
                    print!(" {:.1} ({per_byte:.1}) |", peak as f64 / 1024.0);
                    peaks.push(peak);
                }
                Outcome::TimedOut => {
                    print!(" over {} s |", TIME_LIMIT.as_secs());
                    peaks.push(u64::MAX);
                }
                Outcome::Failed => {
                    print!(" failed |");
                    peaks.push(u64::MAX);
                }
            }
        }
        let kauri = peaks[0];
        let finished: Vec<u64> = peaks[1..]
            .iter()
            .copied()
            .filter(|&p| p != u64::MAX)
            .collect();
        let verdict = if kauri == u64::MAX {
            "Kauri did not finish"
        } else if finished.is_empty() {
            "no peer finished"
        } else if finished.iter().all(|&p| kauri <= p) {
            "yes"
        } else {
            "no"
        };
        println!(" {verdict} |");
        use std::io::Write;
        let _ = std::io::stdout().flush();
    }
    ExitCode::SUCCESS
}
