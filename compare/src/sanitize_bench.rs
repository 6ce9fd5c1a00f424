//! `compare sanitize [--rounds N] PAGES...`: Kauri's default sanitizer (`Sanitizer::default()`,
//! the HTML standard's built-in safe default configuration, re-parse-safe string out) against
//! ammonia's default builder (`ammonia::clean`), strings in and strings out.
//!
//! Two input sets: the pages' bodies (each page's `<body>` inner HTML, as Kauri serializes it,
//! computed once before timing), and a fixed set of small comment-sized inputs (a few hundred
//! bytes of user markup, some with script and handler attacks). Each input is sanitized by both
//! in turn (alternating which goes first), for a number of rounds after a warm-up pass; it
//! prints MB/s per set (total bytes / total seconds), the median over inputs of Kauri's
//! speed-up (ammonia's time / Kauri's time for the same input), and the same two ratios over
//! each input's fastest call (robust to other processes on a busy machine).
//!
//! Timing each call reads the clock around it, which costs tens of nanoseconds (it prints how
//! many): the same for both sides, so on calls of a microsecond or two it pulls the ratio
//! towards 1, and each call starts right after the other sanitizer's. So the throughput is also
//! measured over whole passes: each side sanitizes every input of the set in a row between two
//! clock readings, the sides taking turns pass by pass, as a program sanitizing a stream of
//! comments would call it.

use std::time::{Duration, Instant};

/// Comment-sized inputs: what a comment box or a chat message holds.
pub const COMMENTS: &[&str] = &[
    "Great post! I <b>really</b> liked the part about <i>parsers</i>.",
    "<p>Thanks for sharing.</p><p>See <a href=\"https://example.com/docs\" title=\"docs\">the docs</a> for more.</p>",
    "lol <script>alert(document.cookie)</script> nice",
    "<img src=x onerror=alert(1)>hello <a href=\"javascript:alert(1)\">click</a>",
    "<ul><li>first point</li><li>second point with <code>code()</code></li><li>third</li></ul>",
    "<blockquote cite=\"https://example.com\">Someone said this.</blockquote> I disagree &amp; here's why: <em>because</em>.",
    "<div style=\"color:red\" onclick=\"steal()\">Styled <span class=big>text</span></div>",
    "Plain text comment without any markup at all, just a sentence or two of reasonable length to sanitize.",
    "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>",
    "<p>Math: <math><mi>x</mi><mo>=</mo><mn>2</mn></math> and <svg width=10 height=10><circle cx=5 cy=5 r=4 fill=red onload=x()></circle></svg></p>",
    "<h2>Heading</h2><p>Paragraph with <strong>bold</strong>, <small>small</small> and <mark>marked</mark> words.</p><hr><p>More.</p>",
    "<iframe src=\"https://evil.example/\"></iframe><object data=x></object><embed src=y>text after embeds",
    "<p>Unclosed <b>bold <i>italic</p><p>next paragraph</b> still going",
    "<!-- a comment --><p>Visible</p><!-- another --><p>Also visible</p>",
    "<pre>fn main() {\n    println!(\"hi\");\n}</pre><p>Code above.</p>",
    "<a href=\"/relative/link\" rel=\"nofollow\" target=\"_blank\">relative</a> | <a href=\"mailto:a@b.c\">mail</a>",
];

type Sanitize = fn(&str) -> String;

fn kauri_default(html: &str) -> String {
    thread_local! {
        static SANITIZER: kauri::Sanitizer = kauri::Sanitizer::default();
    }
    SANITIZER.with(|s| s.sanitize(html))
}

fn ammonia_default(html: &str) -> String {
    ammonia::clean(html)
}

const SIDES: [(&str, Sanitize); 2] = [("kauri", kauri_default), ("ammonia", ammonia_default)];

/// Per side and input: the total time over the rounds, and the fastest single call.
struct Times {
    total: [Vec<Duration>; 2],
    fastest: [Vec<Duration>; 2],
}

/// Times both sanitizers over `inputs` for `rounds` rounds.
fn time(inputs: &[String], rounds: usize) -> Times {
    for input in inputs {
        for (_, run) in SIDES {
            std::hint::black_box(run(input));
        }
    }
    let zeros = || vec![Duration::ZERO; inputs.len()];
    let maxes = || vec![Duration::MAX; inputs.len()];
    let mut times = Times {
        total: [zeros(), zeros()],
        fastest: [maxes(), maxes()],
    };
    for round in 0..rounds {
        for (i, input) in inputs.iter().enumerate() {
            for k in 0..2 {
                let side = (k + round + i) % 2;
                let start = Instant::now();
                std::hint::black_box(SIDES[side].1(std::hint::black_box(input)));
                let elapsed = start.elapsed();
                times.total[side][i] += elapsed;
                times.fastest[side][i] = times.fastest[side][i].min(elapsed);
            }
        }
    }
    times
}

/// Times both sanitizers over `inputs` for `rounds` rounds, a whole pass over the inputs per
/// clock reading (the sides alternating which goes first): the throughput without the
/// clock's own cost, which [`time`] pays once per call (tens of nanoseconds, the same for both
/// sides, so it pulls the ratio of calls of a microsecond or two towards 1).
fn time_passes(inputs: &[String], rounds: usize) -> [Duration; 2] {
    let mut totals = [Duration::ZERO; 2];
    for round in 0..rounds {
        for k in 0..2 {
            let side = (k + round) % 2;
            let run = SIDES[side].1;
            let start = Instant::now();
            for input in inputs {
                std::hint::black_box(run(std::hint::black_box(input)));
            }
            totals[side] += start.elapsed();
        }
    }
    totals
}

/// What one timed call costs the clock itself: the mean of timing an empty call, measured as
/// [`time`] measures a sanitizer call.
fn clock_cost() -> Duration {
    const CALLS: u32 = 100_000;
    let mut total = Duration::ZERO;
    for _ in 0..CALLS {
        let start = Instant::now();
        std::hint::black_box(());
        total += start.elapsed();
    }
    total / CALLS
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    let n = values.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn report(label: &str, inputs: &[String], rounds: usize) {
    let Times {
        total: times,
        fastest,
    } = time(inputs, rounds);
    let bytes: usize = inputs.iter().map(String::len).sum();
    println!(
        "{label}: {} inputs, {:.3} MB, {rounds} rounds",
        inputs.len(),
        bytes as f64 / 1e6
    );
    for (side, (name, _)) in SIDES.iter().enumerate() {
        let seconds: f64 = times[side].iter().map(Duration::as_secs_f64).sum();
        println!(
            "  {name:<8} {:>9.1} MB/s",
            (bytes * rounds) as f64 / 1e6 / seconds
        );
    }
    let kauri_total: f64 = times[0].iter().map(Duration::as_secs_f64).sum();
    let ammonia_total: f64 = times[1].iter().map(Duration::as_secs_f64).sum();
    let speedups: Vec<f64> = (0..inputs.len())
        .map(|i| times[1][i].as_secs_f64() / times[0][i].as_secs_f64())
        .collect();
    println!(
        "  kauri/ammonia: {:.2} (throughput), median per input {:.2}",
        ammonia_total / kauri_total,
        median(speedups)
    );
    let passes = time_passes(inputs, rounds);
    println!(
        "  kauri/ammonia, whole passes: {:.2} (throughput, one clock reading per pass; a timed call \
         above includes {} ns of the clock's own)",
        passes[1].as_secs_f64() / passes[0].as_secs_f64(),
        clock_cost().as_nanos()
    );
    // The fastest call of each input, summed: what the two cost without the other processes'
    // interruptions, which on a shared machine inflate totals by a factor of two or more.
    let best = |side: usize| fastest[side].iter().map(Duration::as_secs_f64).sum::<f64>();
    println!(
        "  kauri/ammonia, fastest call per input: {:.2} (sum), median per input {:.2}",
        best(1) / best(0),
        median(
            (0..inputs.len())
                .map(|i| fastest[1][i].as_secs_f64() / fastest[0][i].as_secs_f64())
                .collect()
        )
    );
}

/// The `<body>` inner HTML of each page (Kauri's parse and serialization).
fn bodies(pages: &[(String, String)]) -> Vec<String> {
    pages
        .iter()
        .filter_map(|(_, text)| kauri::parse(text).body().map(|b| b.inner_html()))
        .filter(|body| !body.is_empty())
        .collect()
}

pub fn run(pages: &[(String, String)], rounds: usize) {
    report("corpus bodies", &bodies(pages), rounds);
    let comments: Vec<String> = COMMENTS.iter().map(|c| c.to_string()).collect();
    // Small inputs take microseconds: many more rounds for a stable total.
    report("comment-sized inputs", &comments, rounds * 200);
}
