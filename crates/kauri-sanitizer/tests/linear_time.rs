//! Sanitizing while parsing keeps a per-node map (the insertion target redirection map,
//! `while_parsing.rs`): every hostile input family must still cost time linear in its size.
//! Each family is sanitized at `n` and `16 * n` repetitions; linear work takes about 16 times
//! as long, quadratic work 256 times. The assertion allows up to 64 (the larger trees outgrow
//! the caches, and other processes share the machine: 27 was seen for 8 times the input on a
//! loaded machine), taking the fastest of five runs of each size. Counted in instructions (callgrind on `kauri sanitize --config`), three of these
//! families grow 7.8 to 8.0 times from 2,000 to 16,000 repetitions.

use std::time::{Duration, Instant};

use kauri_sanitizer::Sanitizer;

/// A config that replaces and removes formatting and block elements, so that the adoption
/// agency algorithm, foster parenting and deep nesting all go through the redirection map.
fn hostile_config() -> Sanitizer {
    Sanitizer::from_json(
        r#"{"replaceWithChildrenElements": ["div", "i", "section", "span", "tbody"],
            "removeElements": ["u", "em"]}"#,
    )
    .expect("a valid config")
}

/// The families: misnested formatting elements around replaced blocks, replaced elements
/// placed in one parent and then moved by the adoption agency algorithm, deep nesting of
/// replaced and removed elements, and foster parenting out of a table.
fn families(n: usize) -> Vec<(&'static str, String)> {
    let mut moved = String::new();
    for k in 0..n {
        moved.push_str(&format!("<b id={k}>"));
    }
    moved.push_str("<div>");
    moved.push_str(&"<span>x</span>".repeat(n));
    moved.push_str(&"</b>y".repeat(n));
    vec![
        ("misnested", "<b><i><u><div>x</b>y</i>".repeat(n)),
        ("misnested replaced", "<b><div><section><i>x</b>y".repeat(n)),
        ("moved groups", moved),
        ("deep replaced", "<span><i>".repeat(n) + "x"),
        ("deep removed", "<em><div>".repeat(n) + "x"),
        ("foster", "<table><b><div>x</b>y".repeat(n)),
    ]
}

fn fastest(sanitizer: &Sanitizer, html: &str) -> Duration {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            let out = sanitizer.sanitize(html);
            let took = start.elapsed();
            assert!(out.len() <= html.len() * 2, "output of a sane size");
            took
        })
        .min()
        .expect("five runs")
}

#[test]
fn sanitizing_hostile_families_takes_linear_time() {
    let sanitizer = hostile_config();
    let n = 500;
    for ((name, small), (_, large)) in families(n).into_iter().zip(families(16 * n)) {
        let t_small = fastest(&sanitizer, &small);
        let t_large = fastest(&sanitizer, &large);
        let ratio = t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-6);
        eprintln!("{name}: {t_small:?} -> {t_large:?} (x{ratio:.1})");
        assert!(
            ratio < 64.0 || t_large < Duration::from_millis(20),
            "{name}: {n} -> {} repetitions took {t_small:?} -> {t_large:?} (x{ratio:.1}): not linear",
            16 * n
        );
    }
}
